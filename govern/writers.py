"""Write records back in the format they were read from (JSONL, JSON array, CSV, Parquet).

Used for redacted copies and split outputs. Streaming and atomic: records go to a temporary
file that replaces the target only when the writer closes cleanly.
"""

from __future__ import annotations

import csv
import gzip
import io
import json
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import IO, Any, Protocol

from govern.errors import InputError
from govern.io import atomic_open
from govern.records import compression_of, dataset_format

_PARQUET_BATCH = 1024


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
def record_writer(path: Path, fmt: str | None = None) -> Iterator[RecordSink]:
    """A sink writing records to ``path`` in ``fmt`` (default: by suffix), atomically."""
    fmt = fmt or dataset_format(path)
    if fmt not in ("jsonl", "json", "csv", "parquet"):
        raise InputError(f"{path}: cannot write records in this format")
    compression = compression_of(path)
    with ExitStack() as stack:
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
