"""The scan: records and artifact texts through every enabled detector, in parallel.

What one process does with records and texts is ``govern.scan.worker``; this module runs it.
Worker processes fork from this one once it has built and warmed the detectors. Datasets are
cut into shards (files, or line ranges of large JSONL files: ``govern.shards``) that
each worker reads, scans and redacts itself (``govern.scan.tasks``), as the Ray engine's workers
do; only findings come back. Artifact texts are cut into chunks sent to the workers, a few per
worker in flight, so memory stays bounded whatever the input size. Results are merged in input
order, so reports and redacted copies are the same for any ``workers``.
"""

from __future__ import annotations

import multiprocessing
import os
from collections import Counter, deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor, wait
from contextlib import ExitStack
from pathlib import Path
from typing import Any, TypeVar

from govern.errors import InputError
from govern.policy import Policy
from govern.progress import progress
from govern.records import ReadStats, discover, input_base, read_records
from govern.scan.artifacts import TextUnit
from govern.scan.classify import PathKind, classify
from govern.scan.tasks import WorkerSetup, merge_shard_scans, shard_tasks
from govern.scan.worker import (
    RedactMode,
    ScanOptions,
    ScanResult,
    UnitScanner,
    list_skipped_links,
    redacted_path,
    scan_artifacts,
    scan_cards,
    scan_record_stream,
    scan_units,
    start_worker,
    unit_chunks,
    warm_up,
    worker_coverage,
)
from govern.shards import Parts, target_shard_bytes
from govern.writers import RecordSink, record_writer

__all__ = ["RedactMode", "ScanOptions", "ScanResult", "list_skipped_links", "scan_paths"]

# Below this much input, "one worker per core" means this process: forking and warming
# workers (~0.5 CPU-s each) costs more than scanning it (~0.2 CPU-s per MB).
_ONE_PROCESS_BYTES = 1 << 20
R = TypeVar("R")


def scan_paths(
    paths: Iterable[Path],
    policy: Policy,
    options: ScanOptions,
    key: bytes,
    *,
    shard_bytes: int | None = None,
) -> ScanResult:
    """Scan datasets and artifact trees under ``paths``; optionally write redacted datasets.

    With more than one worker, JSONL files are cut into line ranges of about ``shard_bytes``
    (default: about eight per worker, see ``target_shard_bytes``); the result is the same.
    Raises InputError for unreadable dataset records (unless ``reader.skip_invalid``).
    """
    result = ScanResult()
    mode = options.redact_mode if options.redact_to is not None else None
    paths = list(paths)
    workers = options.workers
    if workers <= 0 and _input_bytes(paths, _ONE_PROCESS_BYTES) < _ONE_PROCESS_BYTES:
        workers = 1  # "one per core" for a small input: starting workers costs more
    with _Pool(workers, policy, key, mode) as pool:
        for root in paths:
            if not root.exists():
                raise InputError(f"{root}: no such file or directory")
            kind: PathKind = classify(root) if options.treat_as == "auto" else options.treat_as
            if kind == "dataset" and pool.executor is not None:
                _scan_dataset_shards(root, pool, options, result, shard_bytes)
            elif kind == "dataset":
                _scan_dataset(root, pool, options, result)
            else:
                _scan_artifacts([root], pool, options, result)
        result.coverage = pool.coverage()
    return result


def _input_bytes(paths: list[Path], enough: int) -> int:
    """Bytes in the files under ``paths`` (links not followed), counted until ``enough``."""
    total = 0
    for root in paths:
        found = [root] if root.is_file() else root.rglob("*") if root.is_dir() else []
        for path in found:
            if not path.is_symlink() and path.is_file():
                total += path.stat().st_size
                if total >= enough:
                    return total
    return total


def _scan_dataset(root: Path, pool: _Pool, options: ScanOptions, result: ScanResult) -> None:
    base = input_base(root)  # a save_to_disk folder keeps its name under --redact-to
    stats = ReadStats()
    per_file: Counter[str] = Counter()
    records = progress(read_records([root], options.reader, stats), f"Scanning {root}")
    scanned = scan_record_stream(records, options.reader, result.fields)
    with ExitStack() as sinks:
        sink: RecordSink | None = None
        sink_source: str | None = None
        for path, findings, redacted, n_texts, n_chars, filtered in scanned:
            result.findings += findings
            if filtered:
                result.filtered += filtered
            result.records += 1
            result.texts += n_texts
            result.characters += n_chars
            per_file[path] += 1
            if options.redact_to is None or redacted is None:
                continue
            if path != sink_source:
                sinks.close()
                target = redacted_path(path, base, options)
                sink = sinks.enter_context(record_writer(target, source=Path(path)))
                sink_source = path
                result.redacted.append(str(target))
            assert sink is not None
            sink.write(redacted)
    for path in stats.files:
        result.files.append(
            {"path": path, "kind": "dataset", "status": "scanned", "records": per_file[path]}
        )
    result.read_stats.records += stats.records
    result.read_stats.skipped.update(stats.skipped)
    result.read_stats.skipped_at += stats.skipped_at
    list_skipped_links(stats, result)
    _scan_cards(root, pool, options, result)


def _scan_dataset_shards(
    root: Path, pool: _Pool, options: ScanOptions, result: ScanResult, shard_bytes: int | None
) -> None:
    """``_scan_dataset`` with each worker reading, scanning and redacting shards of its own.

    The shard tasks and their merge are shared with the engines (``govern.scan.tasks``); redacted
    parts are committed only when every shard finished, then joined in order.
    """
    assert pool.executor is not None
    found = ReadStats()
    sources = discover([root], found)
    if shard_bytes is None:
        total = sum(p.stat().st_size for p in sources if p.is_file())
        shard_bytes = target_shard_bytes(total, pool.workers)
    out = options.redact_to
    created = out is not None and not out.exists()
    setup = WorkerSetup(cwd=os.getcwd())
    try:
        with ExitStack() as stack:
            parts = stack.enter_context(Parts(out)) if out is not None else None
            tasks = shard_tasks(root, shard_bytes, options, parts.root if parts else None)
            futures = [pool.executor.submit(task.run, setup) for task in tasks]
            try:
                scans = [f.result() for f in progress(futures, f"Scanning {root}", len(futures))]
            except BaseException:
                # The first failure in input order, as a one-process read meets it; shards
                # still running finish before their parts folder goes.
                for future in futures:
                    future.cancel()
                wait(futures)
                raise
            merge_shard_scans(result, tasks, scans, options)
            list_skipped_links(found, result)
            if parts is not None:
                parts.commit([task.index for task in tasks])
    finally:
        if created and out is not None and out.is_dir() and not any(out.iterdir()):
            out.rmdir()  # nothing redacted: no folder, as a one-process scan leaves it
    _scan_cards(root, pool, options, result)


# --- bounded, ordered parallel map ---------------------------------------------------------------


class _Pool:
    """Worker processes with detectors built once; ``workers <= 1`` runs in this process."""

    def __init__(self, workers: int, policy: Policy, key: bytes, mode: RedactMode | None) -> None:
        self.workers = max(1, workers if workers > 0 else (os.cpu_count() or 1))
        self.args = (policy, key, mode)
        self.executor: ProcessPoolExecutor | None = None

    def __enter__(self) -> _Pool:
        if self.workers > 1:
            method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
            if method == "fork":
                # Importing presidio and spaCy costs ~6 CPU-seconds (presidio pulls in
                # transformers and torch when they are installed) and building and warming the
                # detectors ~1 more: once here, inherited by every forked worker.
                start_worker(*self.args)
                warm_up()
            self.executor = ProcessPoolExecutor(
                self.workers,
                mp_context=multiprocessing.get_context(method),
                initializer=start_worker,
                initargs=self.args,
            )
        else:
            start_worker(*self.args)
        return self

    def coverage(self) -> dict[str, Any]:
        """What the detectors cover, asked of a worker (they are built there)."""
        if self.executor is None:
            return worker_coverage()
        return self.executor.submit(worker_coverage).result()

    def __exit__(self, *exc: object) -> None:
        if self.executor is not None:
            self.executor.shutdown(cancel_futures=True)


def _ordered_map(
    pool: _Pool, fn: Callable[[list[TextUnit]], list[R]], items: Iterable[TextUnit]
) -> Iterator[R]:
    """``fn`` over chunks of ``items``, results flattened in input order, few chunks in flight."""
    if pool.executor is None:
        for chunk in unit_chunks(items):
            yield from fn(chunk)
        return
    pending: deque[Future[list[R]]] = deque()
    for chunk in unit_chunks(items):
        pending.append(pool.executor.submit(fn, chunk))
        while len(pending) >= pool.workers * 3:
            yield from pending.popleft().result()
    while pending:
        yield from pending.popleft().result()


def _scan_artifacts(
    roots: list[Path], pool: _Pool, options: ScanOptions, result: ScanResult
) -> None:
    scan_artifacts(roots, options, result, _scanner(pool))


def _scan_cards(root: Path, pool: _Pool, options: ScanOptions, result: ScanResult) -> None:
    _, key, mode = pool.args
    scan_cards(root, options, result, key, mode, _scanner(pool))


def _scanner(pool: _Pool) -> UnitScanner:
    """Text units scanned by ``pool``'s workers, a few chunks in flight, in input order."""
    return lambda units: _ordered_map(pool, scan_units, units)
