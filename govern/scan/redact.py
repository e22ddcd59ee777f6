"""Redaction's shared steps: overlapping spans merged into one, and dataset cards and licence
files in a redacted copy, where what is found is replaced as in a record, except the PII of a
licence's copyright notice.

A licence (MIT, BSD, Apache's NOTICE) requires its copyright notice to travel with the data,
so the holder's name on a ``Copyright ...`` line of a LICENSE, LICENCE, COPYING or NOTICE
file stays. That is an explicit exemption, not a miss: such findings leave the findings list
and are counted in the report's ``summary.filtered`` under ``EXEMPT`` and their type, in the
raw scan and in the scan of the redacted copy alike. Secrets are never exempt.
"""

from __future__ import annotations

import dataclasses
import re
from collections import Counter
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Protocol

from govern.findings import Finding, value_hash
from govern.scan.base import Hit


class Span(Protocol):
    """A hit or a finding: where, what type, how sure."""

    @property
    def start(self) -> int: ...
    @property
    def end(self) -> int: ...
    @property
    def type(self) -> str: ...
    @property
    def score(self) -> float: ...


EXEMPT = "exempt: copyright notice"
RESCAN = "redacted on re-scan"  # counted per type: found only in a redacted text
# What ``placeholder`` writes: <TYPE> or <TYPE_0123456789> (a pseudonym's ten hex digits).
PLACEHOLDER = re.compile(r"<[A-Z][A-Z0-9_]*?(?:_[0-9a-f]{10})?>")


def placeholder(kind: str, value: str, mode: str | None, key: bytes) -> str:
    """``<TYPE>``, or in ``pseudonym`` mode ``<TYPE_hash>``, keyed so one value always gets
    the same pseudonym within a dataset."""
    if mode == "pseudonym":
        return f"<{kind}_{value_hash(key, kind + chr(0) + value)[12:22]}>"
    return f"<{kind}>"


def outside_placeholders(text: str, hits: list[Hit]) -> list[Hit]:
    """``hits`` cut to what lies outside the placeholders in ``text``: a hit inside one is
    dropped, one reaching into one ("<PERSON> Ortiz") keeps its longest part outside, and
    nothing is kept of a part without a letter or digit."""
    spans = [m.span() for m in PLACEHOLDER.finditer(text)]
    if not spans:
        return hits
    kept: list[Hit] = []
    for hit in hits:
        parts = [(hit.start, hit.end)]
        for start, end in spans:
            parts = (
                [
                    piece
                    for a, b in parts
                    for piece in ((a, min(b, start)), (max(a, end), b))
                    if piece[0] < piece[1]
                ]
                if start < hit.end and hit.start < end
                else parts
            )
        if parts == [(hit.start, hit.end)]:
            kept.append(hit)
            continue
        best = max(parts, key=lambda p: p[1] - p[0], default=None)
        if best is None:
            continue
        start, end = _stripped(text, *best)
        if start < end:
            kept.append(dataclasses.replace(hit, start=start, end=end))
    return kept


def _stripped(text: str, start: int, end: int) -> tuple[int, int]:
    """``[start, end)`` without the characters at its edges that are not letters or digits."""
    while start < end and not text[start].isalnum():
        start += 1
    while end > start and not text[end - 1].isalnum():
        end -= 1
    return start, end


LICENCE_FILES = frozenset({"license", "licence", "copying", "notice"})
COPYRIGHT_LINE = re.compile(rb"^\s*(?:copyright\b|\(c\)|\xc2\xa9)", re.IGNORECASE)


def exempt_findings(
    card: Path, findings: list[Finding], data: bytes
) -> tuple[list[Finding], Counter[str]]:
    """``findings`` of ``card`` (bytes ``data``) without the exempt ones, and those counted."""
    if card.name.lower().split(".")[0] not in LICENCE_FILES:
        return findings, Counter()
    lines = data.split(b"\n")
    kept: list[Finding] = []
    exempt: Counter[str] = Counter()
    for finding in findings:
        line = lines[finding.line - 1] if 0 < finding.line <= len(lines) else b""
        if finding.type != "SECRET" and COPYRIGHT_LINE.match(line):
            exempt[f"{EXEMPT} ({finding.type})"] += 1
        else:
            kept.append(finding)
    return kept, exempt


def redacted_card(
    data: bytes, findings: list[Finding], placeholder: Callable[[str, str], str]
) -> bytes:
    """``data`` with each finding's span (a line and character offsets into it, as the artifact
    scan reports them) replaced by ``placeholder(type, value)``; overlapping spans merge."""
    if not findings:
        return data
    lines = data.decode("utf-8", errors="surrogateescape").split("\n")
    by_line: dict[int, list[Finding]] = {}
    for finding in findings:
        by_line.setdefault(finding.line, []).append(finding)
    for number, found in by_line.items():
        text = lines[number - 1]
        ending = "\r" if text.endswith("\r") else ""  # the scan saw the line without it
        text = text.removesuffix("\r")
        pieces: list[str] = []
        cursor = 0
        for start, end, kind in merge_spans(found):
            pieces += [text[cursor:start], placeholder(kind, text[start:end])]
            cursor = end
        lines[number - 1] = "".join([*pieces, text[cursor:]]) + ending
    return "\n".join(lines).encode("utf-8", errors="surrogateescape")


def merge_spans(spans: Iterable[Span]) -> list[tuple[int, int, str]]:
    """Overlapping spans merged into one, typed by its highest-scoring span."""
    merged: list[tuple[int, int, str, float]] = []
    for span in sorted(spans, key=lambda s: (s.start, -s.end)):
        if merged and span.start < merged[-1][1]:
            start, end, kind, score = merged[-1]
            if span.score > score:
                kind, score = span.type, span.score
            merged[-1] = (start, max(end, span.end), kind, score)
        else:
            merged.append((span.start, span.end, span.type, span.score))
    return [(start, end, kind) for start, end, kind, _ in merged]
