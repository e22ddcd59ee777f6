"""The scan's shard tasks: what one worker does with one shard of a dataset, and their merge.

A task is a plain object with ``run(setup)``, run by whichever process owns it: the scan's own
worker processes (``engine.scan_paths`` with several workers) or an engine's (``govern.engines``),
which only schedules them. ``WorkerSetup.start`` builds the detectors once per worker.
"""

from __future__ import annotations

import dataclasses
import os
from collections import Counter
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from govern.fields import FieldCounts
from govern.findings import Finding
from govern.policy import Policy
from govern.records import ReadStats, input_base, read_shard
from govern.scan.worker import (
    RedactMode,
    ScanOptions,
    ScanResult,
    redacted_path,
    scan_artifact_roots,
    scan_dataset_cards,
    scan_record_stream,
    start_worker,
    worker_coverage,
)
from govern.shards import Shard, plan_shards, task_folder
from govern.writers import RecordSink, record_writer

_SKIPPED_LISTED = 100  # as ReadStats.skip lists them


@dataclass(frozen=True, slots=True)
class WorkerSetup:
    """What every worker builds or knows once: the scanner (for scans) and the cwd."""

    cwd: str
    scan: tuple[Policy, bytes, RedactMode | None] | None = None

    def start(self) -> int:
        """Prepare this worker process; returns how many scanners it built (0 or 1)."""
        if os.path.isdir(self.cwd):
            os.chdir(self.cwd)  # relative paths name the same files as on the driver
        if self.scan is None:
            return 0
        start_worker(*self.scan)
        return 1


@dataclass(slots=True)
class ShardScan:
    """One shard's scan: findings in record order, counts, read stats, redacted outputs."""

    findings: list[Finding] = field(default_factory=list)
    records: int = 0
    texts: int = 0
    characters: int = 0
    per_file: Counter[str] = field(default_factory=Counter)
    stats: ReadStats = field(default_factory=ReadStats)
    fields: FieldCounts = field(default_factory=FieldCounts)
    redacted: list[str] = field(default_factory=list)  # relative to the redaction folder
    coverage: dict[str, Any] = field(default_factory=dict)
    filtered: Counter[str] = field(default_factory=Counter)  # candidates dropped, by filter


@dataclass(frozen=True, slots=True)
class ScanShardTask:
    """Scan the records of one shard; redacted records go to this task's parts folder."""

    index: int
    shard: Shard
    redact_base: Path  # the folder redacted paths mirror (the root as given, or its parent)
    options: ScanOptions
    parts: Path | None  # set when redacting

    def run(self, setup: WorkerSetup) -> ShardScan:
        if self.parts is None:
            return self._scan(None, setup)
        with task_folder(self.parts, self.index) as folder:
            return self._scan(folder, setup)

    def _scan(self, folder: Path | None, setup: WorkerSetup) -> ShardScan:
        out = ShardScan(coverage=worker_coverage())
        options = dataclasses.replace(self.options, redact_to=folder)
        shard = self.shard
        records = read_shard(shard.source, shard.base, options.reader, out.stats, shard.lines)
        with ExitStack() as sinks:
            sink: RecordSink | None = None
            source: str | None = None
            scanned = scan_record_stream(records, options.reader, out.fields)
            for path, findings, redacted, n_texts, n_chars, filtered in scanned:
                out.findings += findings
                if filtered:
                    out.filtered += filtered
                out.records += 1
                out.texts += n_texts
                out.characters += n_chars
                out.per_file[path] += 1
                if folder is None or redacted is None:
                    continue
                if path != source:
                    sinks.close()
                    target = redacted_path(path, self.redact_base, options)
                    sink = sinks.enter_context(record_writer(target, source=Path(path)))
                    source = path
                    out.redacted.append(target.relative_to(folder).as_posix())
                assert sink is not None
                sink.write(redacted)
        return out


def shard_tasks(
    root: Path, target_bytes: int, options: ScanOptions, parts: Path | None, first_index: int = 0
) -> list[ScanShardTask]:
    """One ``ScanShardTask`` per shard of dataset ``root``, numbered from ``first_index``."""
    redact_base = input_base(root)
    return [
        ScanShardTask(first_index + i, shard, redact_base, options, parts)
        for i, shard in enumerate(plan_shards(root, target_bytes))
    ]


def merge_shard_scans(
    result: ScanResult, tasks: list[ScanShardTask], scans: list[ShardScan], options: ScanOptions
) -> None:
    """Add one dataset's shard scans (in task order) to ``result`` as a one-process scan of
    the whole dataset fills it: findings, counts, one entry per file, read stats, redacted."""
    per_file: Counter[str] = Counter()
    stats = ReadStats()
    sources: dict[str, None] = {}
    for task, scanned in zip(tasks, scans, strict=True):
        sources[str(task.shard.source)] = None
        result.findings += scanned.findings
        result.records += scanned.records
        result.texts += scanned.texts
        result.characters += scanned.characters
        result.filtered += scanned.filtered
        per_file.update(scanned.per_file)
        merge_read_stats(stats, scanned.stats)
        result.fields.merge(scanned.fields)
        if options.redact_to is not None:
            for relative in scanned.redacted:
                target = str(options.redact_to / relative)
                if not result.redacted or result.redacted[-1] != target:
                    result.redacted.append(target)
    for path in sources:
        result.files.append(
            {"path": path, "kind": "dataset", "status": "scanned", "records": per_file[path]}
        )
    result.read_stats.records += stats.records
    result.read_stats.skipped.update(stats.skipped)
    result.read_stats.skipped_at += stats.skipped_at


def merge_read_stats(total: ReadStats, part: ReadStats) -> None:
    """Add a later shard's read stats to ``total``, listing skips as one read would."""
    total.records += part.records
    total.skipped.update(part.skipped)
    room = _SKIPPED_LISTED - len(total.skipped_at)
    total.skipped_at += part.skipped_at[: max(0, room)]


@dataclass(frozen=True, slots=True)
class ScanTreeTask:
    """Scan an artifact tree, or the cards of a dataset folder (copied beside its redaction)."""

    index: int
    root: Path
    kind: Literal["artifacts", "cards"]
    options: ScanOptions
    parts: Path | None

    def run(self, setup: WorkerSetup) -> ScanResult:
        result = ScanResult()
        if self.kind == "artifacts":
            scan_artifact_roots([self.root], self.options, result)
        elif self.parts is None:
            scan_dataset_cards(self.root, self.options, result)
        else:
            with task_folder(self.parts, self.index) as folder:
                options = dataclasses.replace(self.options, redact_to=folder)
                scan_dataset_cards(self.root, options, result)
        result.coverage = worker_coverage()
        return result
