"""The scan: records and artifact texts through every enabled detector, in parallel.

Worker processes fork from this one once it has built and warmed the detectors. Datasets are
cut into shards (files, or line ranges of large JSONL files: ``govern.engines.shards``) that
each worker reads, scans and redacts itself, as the Ray engine's workers do; only findings come
back. Artifact texts are cut into chunks sent to the workers, a few per worker in flight, so
memory stays bounded whatever the input size. Results are merged in input order, so reports
and redacted copies are the same for any ``workers``.
"""

from __future__ import annotations

import copy
import gc
import multiprocessing
import os
from collections import Counter, deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor, wait
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, TypeVar

from govern.errors import InputError
from govern.findings import Finding, value_hash
from govern.policy import Policy
from govern.progress import progress
from govern.records import (
    ReaderOptions,
    ReadStats,
    Record,
    TextField,
    is_saved_dataset,
    read_records,
    set_field,
    text_fields,
)
from govern.scan import build_detectors
from govern.scan.artifacts import ArtifactLimits, TextUnit, walk_artifacts
from govern.scan.base import Detector, Hit
from govern.scan.classify import PathKind, classify, is_card
from govern.scan.merge import resolve
from govern.writers import RecordSink, record_writer

RedactMode = Literal["placeholder", "pseudonym"]
_CHUNK_RECORDS = 256
_CHUNK_CHARS = 1 << 20
T = TypeVar("T")
R = TypeVar("R")


@dataclass(frozen=True, slots=True)
class ScanOptions:
    """How to scan; the policy says what to look for."""

    workers: int = 1
    redact_to: Path | None = None
    redact_mode: RedactMode = "placeholder"
    treat_as: Literal["auto", "dataset", "artifacts"] = "auto"
    reader: ReaderOptions = ReaderOptions()
    limits: ArtifactLimits = ArtifactLimits()


@dataclass(slots=True)
class ScanResult:
    """Everything a report needs: findings, one entry per file, counts and coverage."""

    findings: list[Finding] = field(default_factory=list)
    files: list[dict[str, Any]] = field(default_factory=list)
    records: int = 0
    texts: int = 0
    characters: int = 0
    read_stats: ReadStats = field(default_factory=ReadStats)
    coverage: dict[str, Any] = field(default_factory=dict)
    redacted: list[str] = field(default_factory=list)
    filtered: Counter[str] = field(default_factory=Counter)  # candidates dropped, by filter


# --- worker side: one set of detectors per process -------------------------------------------

_worker: dict[str, Any] = {}


# Lazily loaded on first use (phonenumbers' region metadata, presidio's compiled patterns, the
# email recognizer's suffix list): one scan of this warms a process before it forks workers.
_WARM_UP = "call +1 212-555-0147 or mail a@example.com, 10.0.0.1, 1 Elm St, api_key = 'x'"


def _init_worker(policy: Policy, key: bytes, mode: RedactMode | None) -> None:
    if _worker.get("built_for") == (policy, key, mode):
        return  # forked from a process that built them (see _Pool)
    _worker["detectors"] = build_detectors(policy)
    _worker["key"] = key
    _worker["mode"] = mode
    _worker["built_for"] = (policy, key, mode)
    # presidio and spaCy bring in millions of long-lived objects (torch, transformers): every
    # full garbage collection walked them all, ~20% of the scan's time. Frozen, they are skipped
    # (and forked workers stop copying pages to update their GC headers).
    gc.freeze()


def _detect_many(texts: list[str]) -> tuple[list[list[Hit]], Counter[str]]:
    """Every detector's hits in each of ``texts`` (detectors see them as one batch), filtered
    and merged by ``govern.scan.merge.resolve``, and the candidates its filters dropped."""
    detectors: list[Detector] = _worker["detectors"]
    found: list[list[Hit]] = [[] for _ in texts]
    for detector in detectors:
        for hits, more in zip(found, detector.detect_many(texts), strict=True):
            hits += more
    merged: list[list[Hit]] = []
    filtered: Counter[str] = Counter()
    for text, hits in zip(texts, found, strict=True):
        kept, dropped = resolve(text, hits) if hits else (hits, None)
        merged.append(kept)
        if dropped:
            filtered += dropped
    return merged, filtered


def _finding(
    hit: Hit, text: str, path: str, line: int, record_id: str | None, where: str
) -> Finding:
    return Finding(
        path=path,
        line=line,
        record_id=record_id,
        field=where,
        start=hit.start,
        end=hit.end,
        type=hit.type,
        subtype=hit.subtype,
        detector=hit.detector,
        score=round(hit.score, 4),
        value_hash=value_hash(_worker["key"], text[hit.start : hit.end]),
        detectors=hit.detectors or (hit.detector,),
    )


_RecordTask = tuple[str, str, int, dict[str, Any], tuple[str, ...] | None]
# (path, findings, redacted data, texts, characters, candidates filtered: on a chunk's first)
_RecordResult = tuple[str, list[Finding], dict[str, Any] | None, int, int, Counter[str]]


def _scan_records(chunk: list[_RecordTask]) -> list[_RecordResult]:
    fielded = [
        text_fields(Record(id=record_id, data=data, path=path, line=line), fields)
        for record_id, path, line, data, fields in chunk
    ]
    all_hits, filtered = _detect_many([t.text for texts in fielded for t in texts])
    detected = iter(all_hits)
    mode = _worker["mode"]
    results: list[_RecordResult] = []
    for (record_id, path, line, data, _), texts in zip(chunk, fielded, strict=True):
        findings: list[Finding] = []
        replacements: list[tuple[str, str]] = []
        for text_field in texts:
            hits = next(detected)
            if not hits:
                continue
            findings += [
                _finding(h, text_field.text, path, line, record_id, text_field.path) for h in hits
            ]
            if mode is not None:
                replacements.append((text_field.path, _redact(text_field, hits)))
        redacted = _apply(data, replacements) if mode is not None else None
        n_chars = sum(len(t.text) for t in texts)
        results.append((path, findings, redacted, len(texts), n_chars, Counter()))
    if results:
        results[0][5].update(filtered)  # counted once per chunk, carried by its first record
    return results


def _scan_units(chunk: list[TextUnit]) -> list[tuple[list[Finding], Counter[str]]]:
    detected, filtered = _detect_many([u.text for u in chunk])
    return [
        (
            [_finding(h, u.text, u.path, u.line, None, u.field) for h in hits],
            filtered if i == 0 else Counter(),
        )
        for i, (u, hits) in enumerate(zip(chunk, detected, strict=True))
    ]


# --- redaction ---------------------------------------------------------------------------------


def _redact(text_field: TextField, hits: list[Hit]) -> str:
    """The text with every hit replaced by ``<TYPE>`` or a keyed pseudonym ``<TYPE_hash>``."""
    text = text_field.text
    pieces: list[str] = []
    cursor = 0
    for start, end, kind in merge_spans(hits):
        pieces.append(text[cursor:start])
        pieces.append(_placeholder(kind, text[start:end]))
        cursor = end
    pieces.append(text[cursor:])
    return "".join(pieces)


def merge_spans(hits: Iterable[Hit]) -> list[tuple[int, int, str]]:
    """Overlapping hits merged into one span, typed by its highest-scoring hit."""
    merged: list[tuple[int, int, str, float]] = []
    for hit in sorted(hits, key=lambda h: (h.start, -h.end)):
        if merged and hit.start < merged[-1][1]:
            start, end, kind, score = merged[-1]
            if hit.score > score:
                kind, score = hit.type, hit.score
            merged[-1] = (start, max(end, hit.end), kind, score)
        else:
            merged.append((hit.start, hit.end, hit.type, hit.score))
    return [(start, end, kind) for start, end, kind, _ in merged]


def _placeholder(kind: str, value: str) -> str:
    if _worker["mode"] == "pseudonym":
        return f"<{kind}_{value_hash(_worker['key'], kind + chr(0) + value)[12:22]}>"
    return f"<{kind}>"


def _apply(data: dict[str, Any], replacements: list[tuple[str, str]]) -> dict[str, Any]:
    if not replacements:
        return data
    copied = copy.deepcopy(data)
    for field_path, text in replacements:
        set_field(copied, field_path, text)
    return copied


# --- driver ----------------------------------------------------------------------------------


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
    with _Pool(options.workers, policy, key, mode) as pool:
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


def _scan_dataset(root: Path, pool: _Pool, options: ScanOptions, result: ScanResult) -> None:
    base = root.parent if root.is_file() else root
    stats = ReadStats()
    per_file: Counter[str] = Counter()
    records = read_records([root], options.reader, stats)
    fields = options.reader.text_fields
    tasks = ((r.id, r.path, r.line, r.data, fields) for r in progress(records, f"Scanning {root}"))
    with ExitStack() as sinks:
        sink: RecordSink | None = None
        sink_source: str | None = None
        scanned = _ordered_map(pool, _scan_records, tasks)
        for path, findings, redacted, n_texts, n_chars, filtered in scanned:
            result.findings += findings
            result.filtered += filtered
            result.records += 1
            result.texts += n_texts
            result.characters += n_chars
            per_file[path] += 1
            if options.redact_to is None or redacted is None:
                continue
            if path != sink_source:
                sinks.close()
                target = _redacted_path(path, base, options)
                sink = sinks.enter_context(record_writer(target))
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
    _scan_cards(root, pool, options, result)


def _scan_dataset_shards(
    root: Path, pool: _Pool, options: ScanOptions, result: ScanResult, shard_bytes: int | None
) -> None:
    """``_scan_dataset`` with each worker reading, scanning and redacting shards of its own.

    The shard tasks and their merge are the Ray engine's (``govern.engines.tasks``); redacted
    parts are committed only when every shard finished, then joined in order.
    """
    from govern.engines.shards import Parts, target_shard_bytes
    from govern.engines.tasks import WorkerSetup, merge_shard_scans, shard_tasks
    from govern.records import discover

    assert pool.executor is not None
    if shard_bytes is None:
        total = sum(p.stat().st_size for p in discover([root]) if p.is_file())
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
            if parts is not None:
                parts.commit([task.index for task in tasks])
    finally:
        if created and out is not None and out.is_dir() and not any(out.iterdir()):
            out.rmdir()  # nothing redacted: no folder, as a one-process scan leaves it
    _scan_cards(root, pool, options, result)


def _scan_cards(root: Path, pool: _Pool, options: ScanOptions, result: ScanResult) -> None:
    cards = _cards(root)
    if cards:
        _scan_artifacts(cards, pool, options, result)
        if options.redact_to is not None:
            for card in cards:
                _copy_card(card, root, options.redact_to)


def _cards(root: Path) -> list[Path]:
    if root.is_file() or is_saved_dataset(root):
        return []
    return [p for p in sorted(root.rglob("*")) if p.is_file() and is_card(p)]


def _copy_card(card: Path, base: Path, out: Path) -> None:
    from govern.io import atomic_write_bytes

    atomic_write_bytes(out / card.relative_to(base), card.read_bytes())


def _redacted_path(path: str, base: Path, options: ScanOptions) -> Path:
    assert options.redact_to is not None
    source = Path(path)
    if is_saved_dataset(source) or source.parent.name and is_saved_dataset(source.parent):
        raise InputError(
            f"{path}: redacting save_to_disk folders is not supported; export to Parquet"
        )
    return options.redact_to / source.relative_to(base)


def _scan_artifacts(
    roots: list[Path], pool: _Pool, options: ScanOptions, result: ScanResult
) -> None:
    for entry, units in walk_artifacts(roots, options.limits):
        counted = _counting(units, result)
        for findings, filtered in _ordered_map(pool, _scan_units, counted):
            result.findings += findings
            result.filtered += filtered
        result.files.append(entry.to_json())


def _counting(units: Iterator[TextUnit], result: ScanResult) -> Iterator[TextUnit]:
    for unit in units:
        result.texts += 1
        result.characters += len(unit.text)
        yield unit


def _worker_coverage() -> dict[str, Any]:
    detectors: list[Detector] = _worker["detectors"]
    covered: set[str] = set()
    not_covered: set[str] = set()
    for detector in detectors:
        report = detector.coverage()
        covered.update(report.get("covered", []))
        not_covered.update(report.get("not_covered", []))
    return {
        "detectors": [d.name for d in detectors],
        "covered": sorted(covered),
        "not_covered": sorted(not_covered - covered),
    }


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
                _init_worker(*self.args)
                _detect_many([_WARM_UP])
            self.executor = ProcessPoolExecutor(
                self.workers,
                mp_context=multiprocessing.get_context(method),
                initializer=_init_worker,
                initargs=self.args,
            )
        else:
            _init_worker(*self.args)
        return self

    def coverage(self) -> dict[str, Any]:
        """What the detectors cover, asked of a worker (they are built there)."""
        if self.executor is None:
            return _worker_coverage()
        return self.executor.submit(_worker_coverage).result()

    def __exit__(self, *exc: object) -> None:
        if self.executor is not None:
            self.executor.shutdown(cancel_futures=True)


def _chunks(items: Iterable[T], size_of: Callable[[T], int]) -> Iterator[list[T]]:
    chunk: list[T] = []
    chars = 0
    for item in items:
        chunk.append(item)
        chars += size_of(item)
        if len(chunk) >= _CHUNK_RECORDS or chars >= _CHUNK_CHARS:
            yield chunk
            chunk, chars = [], 0
    if chunk:
        yield chunk


def _size(item: Any) -> int:
    if isinstance(item, TextUnit):
        return len(item.text)
    return _characters(item[3])


def _characters(value: Any) -> int:
    """Characters in the strings of a decoded record: what bounds a chunk's memory."""
    if isinstance(value, str):
        return len(value)
    if isinstance(value, dict):
        return sum(_characters(v) for v in value.values())
    if isinstance(value, list):
        return sum(_characters(v) for v in value)
    return 8


def _ordered_map(pool: _Pool, fn: Callable[[list[T]], list[R]], items: Iterable[T]) -> Iterator[R]:
    """``fn`` over chunks of ``items``, results flattened in input order, few chunks in flight."""
    if pool.executor is None:
        for chunk in _chunks(items, _size):
            yield from fn(chunk)
        return
    pending: deque[Future[list[R]]] = deque()
    for chunk in _chunks(items, _size):
        pending.append(pool.executor.submit(fn, chunk))
        while len(pending) >= pool.workers * 3:
            yield from pending.popleft().result()
    while pending:
        yield from pending.popleft().result()


# --- entry points for engines that run their own workers (govern.engines) ---------------------

RecordScan = _RecordResult  # (path, findings, redacted data or None, texts, characters, filtered)


def start_worker(policy: Policy, key: bytes, mode: RedactMode | None) -> None:
    """Build this process's detectors (slow: once per worker process) for the calls below."""
    _init_worker(policy, key, mode)
    _worker["args"] = (policy, key, mode)


def scan_record_batch(
    records: Iterable[Record], fields: tuple[str, ...] | None
) -> list[RecordScan]:
    """Scan ``records`` in this process, per record in input order, as the local workers do.

    The redacted data is None unless ``start_worker`` was given a redaction mode.
    """
    return _scan_records([(r.id, r.path, r.line, r.data, fields) for r in records])


def scan_artifact_roots(roots: list[Path], options: ScanOptions, result: ScanResult) -> None:
    """Scan artifact trees into ``result`` in this process (after ``start_worker``)."""
    _scan_artifacts(roots, _Pool(1, *_worker["args"]), options, result)


def scan_dataset_cards(root: Path, options: ScanOptions, result: ScanResult) -> None:
    """Scan the cards (README, LICENSE) of dataset ``root`` and copy them beside its redacted
    copy, in this process (after ``start_worker``)."""
    _scan_cards(root, _Pool(1, *_worker["args"]), options, result)


def worker_coverage() -> dict[str, Any]:
    """What this process's detectors cover (after ``start_worker``)."""
    return _worker_coverage()


def redacted_path(path: str, base: Path, options: ScanOptions) -> Path:
    """Where the redacted copy of dataset file ``path`` (read from under ``base``) goes."""
    return _redacted_path(path, base, options)
