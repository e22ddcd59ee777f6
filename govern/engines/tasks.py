"""What one worker does with one task of the split or the manifest: the library's own functions.

Nothing here knows about Ray: a task is a plain object with ``run(setup)``, run by whichever
engine owns the worker. The scan's tasks are the scan's own (``govern.scan.tasks``).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from govern.manifest.entries import ManifestEntry, describe_entry
from govern.records import ReaderOptions, ReadStats, read_shard
from govern.scan.tasks import WorkerSetup
from govern.shards import Shard, task_folder
from govern.splits.layout import SplitWriters
from govern.splits.options import SplitPlan
from govern.splits.split import Columns, collect_columns, write_placed


@dataclass(frozen=True, slots=True)
class SplitCollectTask:
    """Split pass 1 on one shard: its key, time and token columns."""

    index: int
    shard: Shard
    plan: SplitPlan
    reader: ReaderOptions

    def run(self, setup: WorkerSetup) -> tuple[Columns, ReadStats]:
        stats = ReadStats()
        shard = self.shard
        records = read_shard(shard.source, shard.base, self.reader, stats, shard.lines)
        return collect_columns(records, self.plan, self.reader, stats), stats


@dataclass(frozen=True, slots=True)
class SplitWriteTask:
    """Split pass 2 on one shard: write its placed records into this task's parts folder."""

    index: int
    shard: Shard
    source: Path  # the input ``govern split`` was given
    reader: ReaderOptions
    row_split: np.ndarray  # per accepted record of this shard
    accepted: list[bool]  # per record of this shard
    flagged_rows: np.ndarray  # rows of this shard (counted from 0) to locate
    parts: Path

    def run(self, setup: WorkerSetup) -> tuple[dict[int, str], dict[str, set[str]]]:
        shard = self.shard
        with task_folder(self.parts, self.index) as folder:
            records = read_shard(shard.source, shard.base, self.reader, ReadStats(), shard.lines)
            with SplitWriters(folder) as writers:
                locations = write_placed(
                    records,
                    self.source,
                    writers,
                    self.row_split,
                    self.accepted,
                    self.flagged_rows,
                    shard.source,
                )
        return locations, writers.files


@dataclass(frozen=True, slots=True)
class ManifestTask:
    """Hash and describe a few files for a manifest."""

    index: int
    files: tuple[tuple[str, Path], ...]

    def run(self, setup: WorkerSetup) -> list[ManifestEntry]:
        return [describe_entry(name, path) for name, path in self.files]
