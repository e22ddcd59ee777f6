"""Write records back in the format they were read from (JSONL, JSON array, CSV, Parquet,
``datasets`` save_to_disk folders).

Used for redacted copies, split outputs and approved copies. Streaming and atomic: records go
to a temporary file that replaces the target only when the writer closes cleanly. A
save_to_disk folder keeps the features of the folder it was read from; its rows are streamed
into an Arrow file (memory bounded by a batch), saved with ``save_to_disk`` beside the target
and renamed into place as one folder (``govern.io.commit_folder``).
"""

from __future__ import annotations

import csv
import gzip
import io
import json
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager, suppress
from pathlib import Path
from typing import IO, Any, Protocol

from govern.errors import InputError
from govern.io import (
    DIR_MODE,
    FILE_MODE,
    StagedFolder,
    atomic_open,
    atomic_write_json,
    commit_folder,
)
from govern.records import compression_of, dataset_format, is_saved_dataset

_PARQUET_BATCH = 1024
SAVED = "save_to_disk"  # the format name of a ``datasets`` save_to_disk folder
_DICT_INDEX = "dataset_dict.json"  # what makes a folder of splits a DatasetDict


class RecordSink(Protocol):
    def write(self, data: dict[str, Any]) -> None: ...


def _dumps(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False)


class _JsonlSink:
    def __init__(self, handle: IO[str]) -> None:
        self.handle = handle

    def write(self, data: dict[str, Any]) -> None:
        self.handle.write(_dumps(data) + "\n")


class _JsonArraySink:
    def __init__(self, handle: IO[str]) -> None:
        self.handle = handle
        self.count = 0
        handle.write("[")

    def write(self, data: dict[str, Any]) -> None:
        self.handle.write(("\n" if self.count == 0 else ",\n") + _dumps(data))
        self.count += 1

    def close(self) -> None:
        self.handle.write("\n]\n")


class _CsvSink:
    def __init__(self, handle: IO[str]) -> None:
        self.writer = csv.writer(handle, lineterminator="\n")
        self.header: list[str] | None = None

    def write(self, data: dict[str, Any]) -> None:
        if self.header is None:
            self.header = list(data)
            self.writer.writerow(self.header)
        # Nested values (chat messages) can only be JSON text in CSV, as the reader expects.
        self.writer.writerow(
            [v if isinstance(v, str) else "" if v is None else _dumps(v) for v in data.values()]
        )


class _ParquetSink:
    def __init__(self, handle: IO[bytes]) -> None:
        self.handle = handle
        self.rows: list[dict[str, Any]] = []
        self.writer: Any = None

    def write(self, data: dict[str, Any]) -> None:
        self.rows.append(data)
        if len(self.rows) >= _PARQUET_BATCH:
            self.flush()

    def flush(self) -> None:
        import pyarrow as pa
        import pyarrow.parquet as pq

        if not self.rows:
            return
        schema = self.writer.schema if self.writer is not None else None
        table = pa.Table.from_pylist(self.rows, schema=schema)
        if self.writer is None:
            self.writer = pq.ParquetWriter(self.handle, table.schema)
        self.writer.write_table(table)
        self.rows = []

    def close(self) -> None:
        self.flush()
        if self.writer is not None:
            self.writer.close()


class _SavedDatasetSink:
    """Rows into an Arrow file in a staging folder beside ``path``; on close a save_to_disk
    folder replaces ``path``, listed in its parent's ``dataset_dict.json`` for a split."""

    def __init__(self, path: Path, source: Path | None, stack: ExitStack) -> None:
        import datasets
        from datasets.arrow_writer import ArrowWriter

        self.path = path
        features = datasets.DatasetInfo.from_directory(str(source)).features if source else None
        # One split of a DatasetDict (its folder beside the dict's index) is written as one.
        self.dict_split = source is not None and (source.parent / _DICT_INDEX).is_file()
        self.staged = stack.enter_context(StagedFolder(path))
        self.rows = self.staged.path / "rows.arrow"
        self.writer = ArrowWriter(features=features, path=str(self.rows))

    def write(self, data: dict[str, Any]) -> None:
        self.writer.write(data)

    def abort(self) -> None:
        """Close the Arrow file after a failure; the staging folder goes with it."""
        with suppress(Exception):
            self.writer.close()

    def close(self) -> None:
        import datasets

        self.writer.finalize()
        self.writer.close()
        folder = self.staged.path / "dataset"
        with _quiet_datasets():  # the step's own progress bar covers the rows
            datasets.Dataset.from_file(str(self.rows)).save_to_disk(str(folder))
        _owner_only(folder)
        commit_folder(folder, self.path)
        if self.dict_split:
            _list_split(self.path.parent, self.path.name)


@contextmanager
def _quiet_datasets() -> Iterator[None]:
    """No "Saving the dataset" bar from ``datasets`` per file written; restored after."""
    from datasets.utils import (
        are_progress_bars_disabled,
        disable_progress_bars,
        enable_progress_bars,
    )

    was_disabled = are_progress_bars_disabled()
    disable_progress_bars()
    try:
        yield
    finally:
        if not was_disabled:
            enable_progress_bars()


def _owner_only(folder: Path) -> None:
    """``save_to_disk`` creates files with the umask's mode; outputs are owner-only."""
    folder.chmod(DIR_MODE)
    for path in folder.rglob("*"):
        path.chmod(DIR_MODE if path.is_dir() else FILE_MODE)


def _list_split(folder: Path, split: str) -> None:
    """Add ``split`` to the DatasetDict index of ``folder`` (splits in the order written)."""
    index = folder / _DICT_INDEX
    splits: list[str] = json.loads(index.read_text())["splits"] if index.is_file() else []
    if split not in splits:
        splits.append(split)
    atomic_write_json(index, {"splits": splits})


def output_format(source: Path) -> str | None:
    """The format records read from ``source`` are written back in: the file's own, or
    ``save_to_disk`` for a save_to_disk folder (a Dataset or one split of a DatasetDict)."""
    return SAVED if is_saved_dataset(source) else dataset_format(source)


@contextmanager
def _compressed_text(raw: IO[bytes], compression: str) -> Iterator[IO[str]]:
    """A UTF-8 text stream into ``raw``, compressed; closing it leaves ``raw`` open."""
    if compression == "gzip":
        # mtime=0: the same records give the same bytes (manifests pin outputs by sha256)
        stream: Any = gzip.GzipFile(fileobj=raw, mode="wb", mtime=0)
    else:
        import zstandard

        stream = zstandard.ZstdCompressor().stream_writer(raw, closefd=False)
    with io.TextIOWrapper(stream, encoding="utf-8", newline="\n") as text:
        yield text


@contextmanager
def record_writer(
    path: Path, fmt: str | None = None, source: Path | None = None
) -> Iterator[RecordSink]:
    """A sink writing records to ``path`` atomically, in ``fmt``; by default in the format of
    ``source`` (the file or save_to_disk folder they were read from), else by ``path``'s suffix.

    A save_to_disk output keeps ``source``'s features (column names and types).
    """
    fmt = fmt or (output_format(source) if source is not None else dataset_format(path))
    if fmt not in ("jsonl", "json", "csv", "parquet", SAVED):
        raise InputError(f"{path}: cannot write records in this format")
    compression = compression_of(path)
    with ExitStack() as stack:
        if fmt == SAVED:
            saved = _SavedDatasetSink(path, source, stack)
            try:
                yield saved
            except BaseException:
                saved.abort()
                raise
            saved.close()
            return
        if fmt == "parquet":
            parquet = _ParquetSink(stack.enter_context(atomic_open(path, "wb")))
            yield parquet
            parquet.close()
            return
        if compression is None:
            handle = stack.enter_context(atomic_open(path, "w"))
        else:
            raw = stack.enter_context(atomic_open(path, "wb"))
            handle = stack.enter_context(_compressed_text(raw, compression))
        if fmt == "jsonl":
            yield _JsonlSink(handle)
        elif fmt == "csv":
            yield _CsvSink(handle)
        else:
            array = _JsonArraySink(handle)
            yield array
            array.close()
