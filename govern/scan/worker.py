"""The scan's worker side: what one process does with records and texts, detectors built once.

Every string of a record is read (``govern.fields``): its text fields by every detector, any
other string (ids, extra columns, metadata) by the detectors that read values (patterns and
secrets, not NER), except fields the policy's ``scan.skip_fields`` excludes; each is counted
per field path. Findings name a record by its keyed hash when its id came from the data.

``start_worker`` builds a process's detectors; the functions after it scan in that process.
Who runs them, in how many processes, is the caller's: ``govern.scan.engine.scan_paths``, the
shard tasks of ``govern.scan.tasks``, or an engine (``govern.engines``) running those tasks.
"""

from __future__ import annotations

import copy
import gc
from bisect import bisect_right
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from operator import itemgetter
from pathlib import Path
from typing import Any, Literal, TypeVar

from govern.fields import HIDDEN_KEY, FieldCounts, FieldSkipper, Leaf, leaves, set_leaf, shown_path
from govern.findings import Finding, report_id, value_hash
from govern.policy import Policy
from govern.records import ReaderOptions, ReadStats, Record, is_saved_dataset, record_texts
from govern.scan import build_detectors
from govern.scan.allow import MARKER_RULE, AllowList, marked, record_marked
from govern.scan.artifacts import ArtifactLimits, TextUnit, walk_artifacts
from govern.scan.base import Detector, Hit
from govern.scan.classify import is_card
from govern.scan.merge import resolve
from govern.scan.redact import (
    RESCAN,
    exempt_findings,
    merge_spans,
    outside_placeholders,
    placeholder,
    redacted_card,
)

RedactMode = Literal["placeholder", "pseudonym"]
_CHUNK_RECORDS = 256
_CHUNK_CHARS = 1 << 20
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class ScanOptions:
    """How to scan; the policy says what to look for."""

    workers: int = 1
    redact_to: Path | None = None
    redact_mode: RedactMode = "placeholder"
    treat_as: Literal["auto", "dataset", "artifacts"] = "auto"
    reader: ReaderOptions = ReaderOptions()
    baseline: Path | None = None  # accepted findings (govern/scan/baseline.py); made if absent
    update_baseline: bool = False
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
    fields: FieldCounts = field(default_factory=FieldCounts)
    coverage: dict[str, Any] = field(default_factory=dict)
    redacted: list[str] = field(default_factory=list)
    filtered: Counter[str] = field(default_factory=Counter)  # candidates dropped, by filter
    allowed: list[Finding] = field(default_factory=list)  # by a marker or scan.allow (report.py)


# --- one set of detectors per process ---------------------------------------------------------

_worker: dict[str, Any] = {}


# Lazily loaded on first use (phonenumbers' region metadata, presidio's compiled patterns, the
# email recognizer's suffix list): one scan of this warms a process before it forks workers.
_WARM_UP = "call +1 212-555-0147 or mail a@example.com, 10.0.0.1, 1 Elm St, api_key = 'x'"


def _init_worker(policy: Policy, key: bytes, mode: RedactMode | None) -> None:
    if _worker.get("built_for") == (policy, key, mode):
        return  # forked from a process that built them (see engine._Pool)
    _worker["detectors"] = detectors = build_detectors(policy)
    # each detector's own for_values (Detector.for_values would be the base's: itself, NER included)
    _worker["value_detectors"] = [v for d in detectors if (v := d.for_values()) is not None]
    _worker["skipper"] = FieldSkipper(policy.scan.skip_fields)
    _worker["allow"] = AllowList(policy.scan.allow)
    _worker["key"] = key
    _worker["mode"] = mode
    _worker["built_for"] = (policy, key, mode)
    # presidio and spaCy bring in millions of long-lived objects (torch, transformers): every
    # full garbage collection walked them all, ~20% of the scan's time. Frozen, they are skipped
    # (and forked workers stop copying pages to update their GC headers).
    gc.freeze()


def _detect_many(
    texts: list[str], detectors: list[Detector] | None = None
) -> tuple[list[list[Hit]], Counter[str]]:
    """Every detector's hits in each of ``texts`` (detectors see them as one batch), filtered
    and merged by ``govern.scan.merge.resolve``, and the candidates its filters dropped."""
    merged, dropped = _detect_each(texts, detectors)
    filtered: Counter[str] = Counter()
    for counts in dropped.values():
        filtered += counts
    return merged, filtered


def _detect_each(
    texts: list[str], detectors: list[Detector] | None = None
) -> tuple[list[list[Hit]], dict[int, Counter[str]]]:
    """``_detect_many``, with the candidates dropped per text (by index; none: absent)."""
    if detectors is None:
        detectors = _worker["detectors"]
    found: dict[int, list[Hit]] = {}  # most texts hold nothing: only those with hits
    for detector in detectors if texts else ():
        results = detector.detect_many(texts)
        for index in [i for i, hits in enumerate(results) if hits]:
            found[index] = found.get(index, []) + results[index]
    merged: list[list[Hit]] = [[] for _ in texts]
    dropped: dict[int, Counter[str]] = {}
    for index in sorted(found):
        text = texts[index]
        kept, dropped_here = resolve(text, found[index])
        if kept and "<" in text:  # a placeholder of an earlier redaction is never a finding
            kept = outside_placeholders(text, kept)
        merged[index] = kept
        if dropped_here:
            dropped[index] = dropped_here
    return merged, dropped


def _finding(
    hit: Hit,
    text: str,
    path: str,
    line: int,
    record_id: str | None,
    where: str,
    marked: bool,
) -> Finding:
    """The finding of ``hit`` in ``text``."""
    shared, rule = _shared(hit, text, {})
    return Finding(path, line, record_id, where, *shared, MARKER_RULE if marked else rule)


# What the findings of one hit share wherever its text recurs: ``Finding``'s fields from
# ``start`` to ``detectors``, in its order (positional: a keyword call costs twice as much).
_Shared = tuple[int, int, str, str | None, str, float, str, tuple[str, ...]]


def _shared(
    hit: Hit, text: str, seen: dict[str, tuple[str, str | None]]
) -> tuple[_Shared, str | None]:
    """The fields every finding of ``hit`` in ``text`` shares, and the ``scan.allow`` rule
    allowing its value; ``seen`` remembers each value's keyed hash and rule."""
    value = text[hit.start : hit.end]
    known = seen.get(value)
    if known is None:
        digest = value_hash(_worker["key"], value)
        known = seen[value] = (digest, _worker["allow"].rule(value, digest, False))
    digest, rule = known
    shared = (
        hit.start,
        hit.end,
        hit.type,
        hit.subtype,
        hit.detector,
        round(hit.score, 4),
        digest,
        hit.detectors or (hit.detector,),
    )
    return shared, rule


# Per string with hits: each hit's shared fields and rule, and the hits no rule allows.
_Made = tuple[list[tuple[_Shared, str | None]], list[Hit]]


def _made(hits: list[Hit], text: str, seen: dict[str, tuple[str, str | None]]) -> _Made:
    made = [_shared(hit, text, seen) for hit in hits]
    return made, [hit for hit, (_, rule) in zip(hits, made, strict=True) if rule is None]


# (path, findings, redacted data, texts, characters, candidates filtered: on a chunk's first)
_RecordResult = tuple[str, list[Finding], dict[str, Any] | None, int, int, Counter[str] | None]


@dataclass(slots=True)
class _Chunk:
    """Records laid out flat for one batch of detection: their string leaves in order, and
    which are texts (read by every detector) and which values (by those that read values)."""

    records: list[Record] = field(default_factory=list)
    read: list[Leaf] = field(default_factory=list)  # the string leaves, records in order
    ends: list[int] = field(default_factory=list)  # per record: where its leaves end in read
    n_texts: list[int] = field(default_factory=list)
    characters: list[int] = field(default_factory=list)
    texts: list[str] = field(default_factory=list)
    text_leaf: list[int] = field(default_factory=list)  # per text: its leaf in read
    values: list[str] = field(default_factory=list)
    value_leaf: list[int] = field(default_factory=list)
    not_strings: list[str] = field(default_factory=list)  # their patterns
    size: int = 0  # characters in strings, 8 per other leaf: what bounds a chunk's memory

    def add(self, record: Record, reader: ReaderOptions, counts: FieldCounts) -> None:
        """Lay out ``record``'s leaves (those ``scan.skip_fields`` excludes counted, not kept)."""
        fields = (
            record.texts if record.texts is not None else record_texts(record, reader.text_fields)
        )
        text_paths = {field.path for field in fields}
        found = leaves(record.data)
        skipper: FieldSkipper = _worker["skipper"]
        if skipper:
            found = _unskipped(found, skipper, counts)
        read, texts, values = self.read, self.texts, self.values
        size, before, others = 0, len(texts), len(self.not_strings)
        for leaf in found:  # the hot loop of a dense scan: one pass, appends only
            value = leaf.value
            if isinstance(value, str):
                size += len(value)
                if leaf.raw in text_paths:
                    self.text_leaf.append(len(read))
                    texts.append(value)
                else:
                    self.value_leaf.append(len(read))
                    values.append(value)
                read.append(leaf)
            else:
                self.not_strings.append(leaf.pattern)
        self.records.append(record)
        self.ends.append(len(read))
        self.n_texts.append(len(texts) - before)
        self.characters.append(size)
        self.size += size + 8 * (len(self.not_strings) - others)

    def full(self) -> bool:
        return len(self.records) >= _CHUNK_RECORDS or self.size >= _CHUNK_CHARS


def _scan_records(
    records: Iterable[Record], reader: ReaderOptions, counts: FieldCounts
) -> list[_RecordResult]:
    """``_scan_chunk`` of ``records`` laid out as one chunk."""
    chunk = _Chunk()
    for record in records:
        chunk.add(record, reader, counts)
    return _scan_chunk(chunk, reader, counts)


def _scan_chunk(chunk: _Chunk, reader: ReaderOptions, counts: FieldCounts) -> list[_RecordResult]:
    """``_scan_chunk_now`` with the cyclic garbage collector paused (see ``_collector_paused``)."""
    with _collector_paused():
        return _scan_chunk_now(chunk, reader, counts)


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Automatic garbage collection off for one chunk, as it was after.

    A dense chunk allocates hundreds of thousands of containers (hits, findings, spaCy's
    tokens) that are freed by reference counting or live on; with the collector on, each 700
    allocations start a pass over the young ones, and every few chunks one over every object
    the scan holds (a tenth of a dense scan's CPU). Paused, the chunk's survivors are walked
    once after it; what garbage it leaves in cycles is bounded by a chunk's size.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _scan_chunk_now(
    chunk: _Chunk, reader: ReaderOptions, counts: FieldCounts
) -> list[_RecordResult]:
    """Scan every string leaf of each record: text fields with every detector, other strings
    (ids, columns, metadata) with those that read values; per-field counts into ``counts``.

    Per record: (path, findings in document order, redacted data or None, texts, characters,
    candidates filtered: the chunk's, on its first record only).

    Most leaves hold nothing: after the pass that laid the chunk's leaves out flat
    (``_Chunk.add``), only the leaves with hits (and, when redacting, the texts that changed)
    are visited again.
    """
    read, ends, texts, text_leaf = chunk.read, chunk.ends, chunk.texts, chunk.text_leaf
    counts.add_patterns("read", [leaf.pattern for leaf in read])
    counts.add_patterns("text", [read[index].pattern for index in text_leaf])
    counts.add_patterns("not_strings", chunk.not_strings)
    text_found, filtered = _detect_unique(texts, _worker["detectors"])
    value_found, value_filtered = _detect_unique(chunk.values, _worker["value_detectors"])
    filtered += value_filtered
    mode: RedactMode | None = _worker["mode"]
    # Each leaf with hits, in document order: (leaf, its hits, its text's index or -1).
    with_hits = sorted(
        [(text_leaf[i], hits, i) for i, hits in enumerate(text_found) if hits]
        + [(chunk.value_leaf[i], hits, -1) for i, hits in enumerate(value_found) if hits],
        key=itemgetter(0),
    )
    findings: dict[int, list[Finding]] = {}  # by record
    replacements: dict[int, list[tuple[tuple[str | int, ...], str]]] = {}  # by record
    kept_text_hits = list(text_found)  # per text, the hits redaction replaces
    text_marked = [False] * len(texts)  # per text, whether its record carries an allow marker
    current, record_id, allowed, first = -1, "", False, 0
    # Whether any string of the chunk could hold a marker: most chunks never say "govern"
    # (one search of them all, not one per record with findings).
    may_mark = bool(with_hits) and any("govern" in "\0".join(s) for s in (texts, chunk.values))
    made_here: list[Finding] = []  # the findings of the current record
    path, line = "", 0
    # Per text (and per value: other detectors read it), what its findings share, remembered
    # as its hits are: a dense corpus repeats its prompts and stock replies.
    in_texts = _remembered(_worker["detectors"])
    in_values = _remembered(_worker["value_detectors"])
    found_in: Counter[str] = Counter()  # findings per field pattern, not allowed
    for index, hits, text in with_hits:
        position = bisect_right(ends, index)
        record = chunk.records[position]
        if position != current:  # the record's first leaf with hits
            current, first = position, ends[position - 1] if position else 0
            record_id = _shown_id(record, reader)
            # a record is one line: an allow marker in any of its strings allows its findings
            strings = (leaf.value for leaf in read[first : ends[position]]) if may_mark else ()
            allowed = bool(record_marked(record.data, strings))
            findings[position] = []
            made_here = findings[position]
            path, line = record.path, record.line
        leaf = read[index]
        where = _shown_field(leaf)
        value = leaf.value
        remembered = in_texts if text >= 0 else in_values
        known = remembered.made.get(value)
        if known is None:
            known = remembered.make(value, hits)
        shared_rules, open_hits = known
        if allowed:  # a marker allows every finding of the record
            made_here += [
                Finding(path, line, record_id, where, *shared, MARKER_RULE)
                for shared, _ in shared_rules
            ]
            hits = []
        else:
            made_here += [
                Finding(path, line, record_id, where, *shared, rule)
                for shared, rule in shared_rules
            ]
            hits = open_hits
        if hits:
            found_in[leaf.pattern] += len(hits)
        if text >= 0:
            kept_text_hits[text] = hits
            text_marked[text] = allowed
        elif hits and mode is not None:
            replacement = _replace(value, hits)
            if replacement != value:
                replacements.setdefault(position, []).append((leaf.parts, replacement))
    for pattern, count in found_in.items():
        counts.add(pattern, "findings", count)
    if mode is not None:
        # With redaction, each text's redacted form, scanned again until nothing more is
        # found (an allowed value stays in every round).
        finals = _to_fixed_point(texts, kept_text_hits, text_marked, filtered)
        for text, final in enumerate(finals):
            if final is not texts[text] and final != texts[text]:
                index = text_leaf[text]
                position = bisect_right(ends, index)
                replacements.setdefault(position, []).append((read[index].parts, final))
    results: list[_RecordResult] = [
        (
            record.path,
            findings.get(position, []),
            _apply(record.data, replacements.get(position, [])) if mode is not None else None,
            chunk.n_texts[position],
            chunk.characters[position],
            None,
        )
        for position, record in enumerate(chunk.records)
    ]
    if results:  # counted once per chunk, carried by its first record
        results[0] = (*results[0][:5], filtered)
    return results


MAX_REDACTION_ROUNDS = 3


def _to_fixed_point(
    texts: list[str], found: list[list[Hit]], marked: list[bool], counts: Counter[str]
) -> list[str]:
    """Each text redacted, then its redacted form scanned and redacted again until a scan finds
    nothing more (at most ``MAX_REDACTION_ROUNDS`` more scans, of the changed texts only).

    A placeholder changes what is around a value (an NER model reads "<PERSON> Ortiz" anew),
    so a scan of the redacted copy could find what the first did not. What a later round
    finds is counted in ``counts`` as ``RESCAN (TYPE)``; its offsets are the redacted text's,
    so it is no finding of the raw corpus. A value a marker (``marked``, per text) or
    ``scan.allow`` allows is left in every round, as in the first.
    """
    redacted = [
        _redact(text, hits) if hits else text for text, hits in zip(texts, found, strict=True)
    ]
    pending = [index for index, hits in enumerate(found) if hits]
    for _ in range(MAX_REDACTION_ROUNDS):
        if not pending:
            break
        again, _ = _detect_unique([redacted[i] for i in pending], _worker["detectors"])
        changed = []
        for index, hits in zip(pending, again, strict=True):
            hits = [h for h in hits if not _allowed(h, redacted[index], marked[index])]
            if hits:
                counts.update(f"{RESCAN} ({hit.type})" for hit in hits)
                redacted[index] = _redact(redacted[index], hits)
                changed.append(index)
        pending = changed
    return redacted


def _allowed(hit: Hit, text: str, marked: bool) -> bool:
    """Whether a marker or ``scan.allow`` allows the value ``hit`` found in ``text``."""
    value = text[hit.start : hit.end]
    return _worker["allow"].rule(value, value_hash(_worker["key"], value), marked) is not None


def _unskipped(found: list[Leaf], skipper: FieldSkipper, counts: FieldCounts) -> list[Leaf]:
    """The leaves ``scan.skip_fields`` keeps; the others counted per field and per pattern."""
    kept: list[Leaf] = []
    for leaf in found:
        excluded = skipper.excluded_by(leaf.parts)
        if excluded is None:
            kept.append(leaf)
        else:
            counts.add(leaf.pattern, "skipped")
            counts.skipped_by[excluded] += 1
    return kept


def _detect_unique(
    texts: list[str], detectors: list[Detector]
) -> tuple[list[list[Hit]], Counter[str]]:
    """``_detect_many`` with each distinct text detected once per scan (roles, repeated
    prompts): once per chunk, and not again in a later chunk while the scan remembers it
    (``_Remembered``).

    A text's dropped candidates still count once per occurrence, as its findings do: how
    records fall into chunks (and shards) never changes the counts.
    """
    remembered = _remembered(detectors)
    found: dict[str, _Detected] = {}
    missing: list[str] = []
    for text in dict.fromkeys(texts):
        known = remembered.found.get(text)
        if known is None:
            missing.append(text)
        else:
            found[text] = known
    if missing:
        hits, dropped = _detect_each(missing, detectors)
        for index, text in enumerate(missing):
            found[text] = detected = (hits[index], dropped.get(index))
            remembered.keep(text, detected)
    filtered: Counter[str] = Counter()
    for text in texts:
        counts = found[text][1]
        if counts:
            filtered.update(counts)
    return [found[text][0] for text in texts], filtered


_Detected = tuple[list[Hit], Counter[str] | None]  # a text's hits, the candidates it dropped
KEPT_TEXT_CHARS = 1 << 23  # the texts one scan remembers, ~8M characters; then anew
LONGEST_KEPT_TEXT = 1 << 16  # a longer text seldom recurs: it would crowd out many short ones


class _Remembered:
    """What detection found in each text a scan has seen (bounded): chat datasets repeat
    their system prompts, greetings and stock replies across records, not only within a
    chunk (the dense benchmark corpus: 70% of its text). Detection is a pure function of the
    text, so a repeat gets the hits and dropped candidates of its first occurrence; hits are
    frozen and their lists never written to. One per scan (``start_worker``) and detector list.

    So are the fields its findings share (``_made``: the keyed hash of each value, its score
    rounded, its ``scan.allow`` rule), per text with hits and per value found (``seen``).
    """

    __slots__ = ("found", "made", "seen", "chars")

    def __init__(self) -> None:
        self.found: dict[str, _Detected] = {}
        self.made: dict[str, _Made] = {}
        self.seen: dict[str, tuple[str, str | None]] = {}  # per value: its hash and rule
        self.chars = 0

    def keep(self, text: str, detected: _Detected) -> None:
        if len(text) > LONGEST_KEPT_TEXT:
            return
        self._room(len(text))
        self.found[text] = detected
        self.chars += len(text)

    def make(self, text: str, hits: list[Hit]) -> _Made:
        """``_made`` of ``hits``, the hits of ``text``, remembered for its repeats.

        Not counted in ``chars``: what is made is cleared with what is found, and its texts
        are those found since (or a chunk's): its keys hold at most a chunk more."""
        made = _made(hits, text, self.seen)
        if len(text) <= LONGEST_KEPT_TEXT:
            self.made[text] = made
        return made

    def _room(self, chars: int) -> None:
        if self.chars + chars > KEPT_TEXT_CHARS:
            self.found.clear()
            self.made.clear()
            self.seen.clear()
            self.chars = 0


def _remembered(detectors: list[Detector]) -> _Remembered:
    """This scan's ``_Remembered`` for ``detectors``."""
    remembered: _Remembered = _worker["remembered"].setdefault(id(detectors), _Remembered())
    return remembered


def _shown_id(record: Record, reader: ReaderOptions) -> str:
    """The record id a report may hold (``govern.findings.report_id``)."""
    return report_id(record.id, reader.id_field, _worker["key"])


def _shown_field(leaf: Leaf) -> str:
    """The leaf's path as reports show it: a key that is not a field name by its keyed hash."""
    if HIDDEN_KEY not in leaf.pattern:
        return leaf.raw
    return shown_path(leaf.parts, lambda name: value_hash(_worker["key"], name)[12:22])


def _scan_units(chunk: list[TextUnit]) -> list[tuple[list[Finding], Counter[str]]]:
    detected, filtered = _detect_many([u.text for u in chunk])
    return [
        (
            [_finding(h, u.text, u.path, u.line, None, u.field, marked(u.text)) for h in hits],
            filtered if i == 0 else Counter(),
        )
        for i, (u, hits) in enumerate(zip(chunk, detected, strict=True))
    ]


# --- redaction ---------------------------------------------------------------------------------


def _redact(text: str, hits: list[Hit]) -> str:
    """The text with every hit replaced by ``<TYPE>`` or a keyed pseudonym ``<TYPE_hash>``."""
    pieces: list[str] = []
    cursor = 0
    for start, end, kind in merge_spans(hits):
        pieces.append(text[cursor:start])
        pieces.append(_placeholder(kind, text[start:end]))
        cursor = end
    pieces.append(text[cursor:])
    return "".join(pieces)


def _replace(value: str, hits: list[Hit]) -> str:
    """A value that is not text, replaced whole: an id or a column with a secret or an email
    in it may identify by what is left around the hit. Typed by its highest-scoring hit."""
    best = min(hits, key=lambda h: (-h.score, h.start, h.end, h.type))
    return _placeholder(best.type, value)


def _placeholder(kind: str, value: str) -> str:
    return placeholder(kind, value, _worker["mode"], _worker["key"])


def _apply(
    data: dict[str, Any], replacements: list[tuple[tuple[str | int, ...], str]]
) -> dict[str, Any]:
    if not replacements:
        return data
    copied = copy.deepcopy(data)
    for parts, text in replacements:
        set_leaf(copied, parts, text)
    return copied


def _counting(units: Iterator[TextUnit], result: ScanResult) -> Iterator[TextUnit]:
    for unit in units:
        result.texts += 1
        result.characters += len(unit.text)
        yield unit


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


def _unit_size(unit: TextUnit) -> int:
    return len(unit.text)


# --- what callers run, after ``start_worker`` -------------------------------------------------

# (path, findings, redacted data or None, texts, characters, filtered: the chunk's, on its first)
RecordScan = _RecordResult
UnitScan = tuple[list[Finding], Counter[str]]  # one text unit's findings, candidates filtered
# Scans text units in input order, in this process or a pool's (``engine._ordered_map``).
UnitScanner = Callable[[Iterable[TextUnit]], Iterator[UnitScan]]


def start_worker(policy: Policy, key: bytes, mode: RedactMode | None) -> None:
    """Build this process's detectors (slow: once per worker process) for the calls below."""
    _init_worker(policy, key, mode)
    _worker["args"] = (policy, key, mode)
    _worker["remembered"] = {}  # per scan: id of a detector list -> _Remembered


def warm_up() -> None:
    """Load what the detectors load on first use, so processes forked from this one share it.

    What it loads (spaCy's tokenizer, phonenumbers' metadata, compiled patterns: ~30,000
    containers) lives as long as the process: frozen with the detectors (see
    ``_init_worker``), so that no full garbage collection during a scan walks it again.
    """
    _detect_many([_WARM_UP])
    for detector in [*_worker["detectors"], *_worker["value_detectors"]]:
        detector.warm_up()
    gc.freeze()


def unit_chunks(units: Iterable[TextUnit]) -> Iterator[list[TextUnit]]:
    """``units`` in chunks bounded in count and characters: one ``scan_units`` each."""
    return _chunks(units, _unit_size)


def scan_record_stream(
    records: Iterable[Record], reader: ReaderOptions, counts: FieldCounts
) -> Iterator[RecordScan]:
    """``scan_record_batch`` over ``records`` in chunks bounded in count and characters (the
    leaves laid out for detection are what is measured), per record in input order."""
    chunk = _Chunk()
    for record in records:
        chunk.add(record, reader, counts)
        if chunk.full():
            yield from _scan_chunk(chunk, reader, counts)
            chunk = _Chunk()
    if chunk.records:
        yield from _scan_chunk(chunk, reader, counts)


def scan_record_batch(
    records: Iterable[Record], reader: ReaderOptions, counts: FieldCounts
) -> list[RecordScan]:
    """Scan ``records`` (read with ``reader``) in this process, per record in input order, as
    the local workers do; per-field counts are added to ``counts``.

    The redacted data is None unless ``start_worker`` was given a redaction mode.
    """
    return _scan_records(list(records), reader, counts)


def scan_units(chunk: list[TextUnit]) -> list[UnitScan]:
    """Scan a chunk of artifact texts in this process, per unit in input order."""
    return _scan_units(chunk)


def _scan_here(units: Iterable[TextUnit]) -> Iterator[UnitScan]:
    for chunk in unit_chunks(units):
        yield from _scan_units(chunk)


def scan_artifacts(
    roots: list[Path], options: ScanOptions, result: ScanResult, scan: UnitScanner = _scan_here
) -> None:
    """Scan artifact trees into ``result``, their texts through ``scan`` (default: here)."""
    for entry, units in walk_artifacts(roots, options.limits):
        for findings, filtered in scan(_counting(units, result)):
            result.findings += findings
            result.filtered += filtered
        result.files.append(entry.to_json())


def scan_cards(
    root: Path,
    options: ScanOptions,
    result: ScanResult,
    key: bytes,
    mode: RedactMode | None,
    scan: UnitScanner = _scan_here,
) -> None:
    """Scan the cards of dataset ``root``; with ``redact_to``, write them there redacted
    (``govern.scan.redact``: a licence's copyright notice is exempt, and counted)."""
    cards = _cards(root)
    if not cards:
        return
    before = len(result.findings)
    scan_artifacts(cards, options, result, scan)
    found = result.findings[before:]
    del result.findings[before:]
    for card in cards:
        data = card.read_bytes()
        mine, exempt = exempt_findings(card, [f for f in found if f.path == str(card)], data)
        result.findings += mine
        result.filtered += exempt
        if options.redact_to is not None:
            fill = lambda kind, value: placeholder(kind, value, mode, key)  # noqa: E731
            _copy_card(card, root, options.redact_to, redacted_card(data, mine, fill))


def _cards(root: Path) -> list[Path]:
    if root.is_file() or is_saved_dataset(root):
        return []
    # A linked card is never followed (nor copied into a redacted folder).
    return [p for p in sorted(root.rglob("*")) if not p.is_symlink() and p.is_file() and is_card(p)]


def _copy_card(card: Path, base: Path, out: Path, data: bytes) -> None:
    from govern.io import atomic_write_bytes

    atomic_write_bytes(out / card.relative_to(base), data)


def scan_artifact_roots(roots: list[Path], options: ScanOptions, result: ScanResult) -> None:
    """Scan artifact trees into ``result`` in this process (after ``start_worker``)."""
    scan_artifacts(roots, options, result)


def scan_dataset_cards(root: Path, options: ScanOptions, result: ScanResult) -> None:
    """Scan the cards (README, LICENSE) of dataset ``root`` and copy them beside its redacted
    copy, in this process (after ``start_worker``)."""
    _, key, mode = _worker["args"]
    scan_cards(root, options, result, key, mode)


def worker_coverage() -> dict[str, Any]:
    """What this process's detectors cover (after ``start_worker``)."""
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


def list_skipped_links(stats: ReadStats, result: ScanResult) -> None:
    """Symlinks the reader passed over (never followed), one skipped file entry each."""
    for path, reason in stats.skipped_links.items():
        result.files.append(
            {"path": path, "kind": "symlink", "status": "skipped", "reason": reason, "bytes": 0}
        )


def redacted_path(path: str, base: Path, options: ScanOptions) -> Path:
    """Where the redacted copy of dataset file ``path`` (read from under ``base``) goes."""
    assert options.redact_to is not None
    return options.redact_to / Path(path).relative_to(base)
