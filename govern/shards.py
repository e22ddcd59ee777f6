"""Cutting a dataset into shards that workers read on their own, and committing their outputs.

A shard is one file ``discover`` finds, or, for a JSONL file larger than the target size, a
byte range of it cut on line boundaries; each range knows the line number it starts at, so ids,
errors and findings name the same ``file:line`` as a read of the whole file.

Outputs are committed only whole: a task writes into a folder of its own under a hidden parts
folder and renames it to ``<task>.done`` when it finishes; a worker that dies mid-task leaves
an attempt folder that is never committed. ``Parts.commit`` then moves each file into place,
or concatenates the parts of a range-split JSONL file in order, and the parts folder goes.
The destination is itself a staging folder that is committed whole (``govern.io``); a parts
folder no live run holds (its run was killed) is removed by the next run into it.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import shutil
import uuid
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from govern.io import atomic_open, private_dir, remove_leftovers
from govern.records import (
    ByteRange,
    ReadStats,
    compression_of,
    dataset_format,
    discover,
    input_base,
)

_READ = 8 << 20
PARTS_PREFIX = ".govern-parts-"


@dataclass(frozen=True, slots=True)
class Shard:
    """One file of a dataset (or one line range of a JSONL file), ids relative to ``base``."""

    source: Path
    base: Path
    lines: ByteRange | None = None


def plan_shards(root: Path, target_bytes: int, stats: ReadStats | None = None) -> list[Shard]:
    """The shards of dataset ``root`` in read order; JSONL files over ``target_bytes`` are cut.

    ``stats`` gets the files ``discover`` passed over, as a local read records them.
    """
    base = input_base(root)
    shards: list[Shard] = []
    for source in discover([root], stats):
        fmt = dataset_format(source)
        cuttable = fmt == "jsonl" and compression_of(source) is None and source.is_file()
        if cuttable and source.stat().st_size > target_bytes:
            shards += [Shard(source, base, span) for span in line_ranges(source, target_bytes)]
        else:
            shards.append(Shard(source, base))
    return shards


def line_ranges(path: Path, target_bytes: int) -> list[ByteRange]:
    """``path`` cut into byte ranges of about ``target_bytes``, each starting at a line start.

    One pass that only counts newlines (memory-speed), so each range knows its first line.
    """
    size = path.stat().st_size
    cuts: list[tuple[int, int]] = []  # (offset of a line start, its line number)
    target = max(1, target_bytes)
    with path.open("rb") as handle:
        position, line, wanted = 0, 1, target
        while chunk := handle.read(_READ):
            done = 0  # bytes of this chunk whose newlines are counted into ``line``
            while wanted <= position + len(chunk):
                newline = chunk.find(b"\n", max(wanted - 1 - position, done))
                if newline < 0:
                    break
                line += chunk.count(b"\n", done, newline + 1)
                done = newline + 1
                if position + done < size:
                    cuts.append((position + done, line))
                wanted = position + done + target
            line += chunk.count(b"\n", done)
            position += len(chunk)
    starts = [(0, 1), *cuts]
    ends = [offset for offset, _ in cuts] + [size]
    return [
        ByteRange(start, end, first)
        for (start, first), end in zip(starts, ends, strict=True)
        if end > start
    ]


def target_shard_bytes(total_bytes: int, workers: int) -> int:
    """About eight shards per worker, between 1 MiB and 64 MiB each: small enough that the last
    shards finish close together, large enough that a task's overhead (milliseconds) is noise."""
    return min(64 << 20, max(1 << 20, total_bytes // max(1, 8 * workers)))


@contextlib.contextmanager
def task_folder(parts_root: Path, task: int) -> Iterator[Path]:
    """A fresh folder for one attempt at ``task``; renamed to ``<task>.done`` on clean exit."""
    attempt = parts_root / f"{task}.{uuid.uuid4().hex}.attempt"
    private_dir(attempt)
    try:
        yield attempt
    except BaseException:
        shutil.rmtree(attempt, ignore_errors=True)
        raise
    try:
        os.replace(attempt, parts_root / f"{task}.done")
    except OSError:
        # Another attempt at the same task finished first; its output is the same.
        if not (parts_root / f"{task}.done").is_dir():
            raise
        shutil.rmtree(attempt, ignore_errors=True)


class Parts:
    """The hidden folder under ``destination`` that tasks write their outputs into."""

    def __init__(self, destination: Path) -> None:
        self.destination = destination
        self.root = destination / f"{PARTS_PREFIX}{uuid.uuid4().hex}"

    def __enter__(self) -> Parts:
        private_dir(self.root)
        self._lock = os.open(self.root, os.O_RDONLY)
        fcntl.flock(self._lock, fcntl.LOCK_EX)  # held while this run lives: see remove_leftovers
        remove_leftovers(self.destination, PARTS_PREFIX, "")
        return self

    def __exit__(self, *exc: object) -> None:
        try:
            shutil.rmtree(self.root, ignore_errors=True)
        finally:
            os.close(self._lock)

    def done(self, task: int) -> Path:
        return self.root / f"{task}.done"

    def commit(self, tasks: Sequence[int]) -> list[str]:
        """Move the finished tasks' files into place (parts of one file joined in task order).

        Returns the paths written, relative to the destination. Every task must be done.
        """
        contributors: dict[str, list[Path]] = {}
        for task in tasks:
            folder = self.done(task)
            if not folder.is_dir():
                raise RuntimeError(f"task {task} has no committed output")
            for path in sorted(p for p in folder.rglob("*") if p.is_file()):
                relative = path.relative_to(folder).as_posix()
                contributors.setdefault(relative, []).append(path)
        for relative, paths in contributors.items():
            target = self.destination / relative
            private_dir(target.parent)
            if len(paths) == 1:
                os.replace(paths[0], target)
                continue
            with atomic_open(target, "wb") as joined:
                for part in paths:
                    with part.open("rb") as handle:
                        shutil.copyfileobj(handle, joined, _READ)
        return list(contributors)
