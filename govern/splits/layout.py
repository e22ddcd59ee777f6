"""The split folder layout, written by ``govern split`` and read by ``govern leaks``.

    OUT/train/<path relative to the input>         each source file keeps its name and format
    OUT/validation/<...>  OUT/test/<...>           a split with no records of a file lacks it
    OUT/ledger.jsonl                               group key -> split (``ledger.py``)
    OUT/split_report.json                          ratios, groups, rules, provenance

A single-file input ``data.jsonl`` gives ``OUT/train/data.jsonl`` etc.; a ``datasets``
save_to_disk folder gives save_to_disk folders (``OUT/train/<folder>``, a DatasetDict keeping
the names of the splits it had records in). ``govern leaks``
also reads the flat layout other tools write: ``DIR/train.jsonl``, ``DIR/validation.csv``...
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path

from govern.records import (
    ReaderOptions,
    ReadStats,
    Record,
    dataset_format,
    is_saved_dataset,
)
from govern.records import read_records as read_dataset
from govern.splits.keys import SPLITS
from govern.writers import RecordSink, output_format, record_writer

SPLIT_REPORT = "split_report.json"


def target_file(split_root: Path, source: Path, base: Path) -> tuple[Path, str | None]:
    """Where records read from ``source`` (a file or save_to_disk folder under ``base``) go in
    a split, and the format: the same relative path and format."""
    return split_root / source.relative_to(base), output_format(source)


class SplitWriters:
    """Record sinks per (split, file), opened on first use and closed when a source file ends.

    The reader yields each source file's records together, so at most one file per split is
    open at a time however many files the input holds.
    """

    def __init__(self, root: Path) -> None:
        self.root = root
        self.stack = ExitStack()
        self.sinks: dict[tuple[int, str], RecordSink] = {}
        self.source: str | None = None
        self.files: dict[str, set[str]] = {name: set() for name in SPLITS}

    def write(self, split: int, record: Record, base: Path) -> None:
        """Write ``record`` to ``split``, at its path relative to ``base``."""
        if record.path != self.source:
            self.close()
            self.source = record.path
        sink = self.sinks.get((split, record.path))
        if sink is None:
            source = Path(record.path)
            path, fmt = target_file(self.root / SPLITS[split], source, base)
            sink = self.stack.enter_context(record_writer(path, fmt, source))
            self.sinks[(split, record.path)] = sink
            self.files[SPLITS[split]].add(path.relative_to(self.root).as_posix())
        sink.write(record.data)

    def close(self) -> None:
        self.stack.close()
        self.stack = ExitStack()
        self.sinks.clear()

    def __enter__(self) -> SplitWriters:
        return self

    def __exit__(self, *exc: object) -> None:
        # On an error the open files are dropped by their own atomic writers.
        self.stack.__exit__(*exc)  # type: ignore[arg-type]


def split_sources(split_dir: Path) -> dict[str, list[Path]]:
    """Per split name the folder or files holding it; a split with no records maps to []."""
    found: dict[str, list[Path]] = {}
    for name in SPLITS:
        folder = split_dir / name
        if folder.is_dir():
            found[name] = [folder]
        else:
            found[name] = sorted(
                path
                for path in split_dir.glob(f"{name}.*")
                if dataset_format(path) is not None or is_saved_dataset(path)
            )
    return found


def read_splits(
    split_dir: Path, options: ReaderOptions, stats: ReadStats
) -> Iterator[tuple[int, Record]]:
    """Every record of a split folder with its split index, train first, in a stable order."""
    for index, (_name, sources) in enumerate(split_sources(split_dir).items()):
        for source in sources:
            if source.is_dir() and not is_saved_dataset(source) and not _has_files(source):
                continue
            for record in read_dataset([source], options, stats):
                yield index, record


def _has_files(folder: Path) -> bool:
    return any(
        dataset_format(path) is not None if path.is_file() else is_saved_dataset(path)
        for path in folder.rglob("*")
    )
