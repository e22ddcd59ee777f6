"""Findings a project allows on purpose: inline ``govern: allow`` markers and ``scan.allow``.

A marker allows every finding on its line. In a text file (code, configs, cards) that is the
file's line: ``# govern: allow``, ``// govern: allow``, ``/* govern: allow``, ``<!-- govern:
allow``, ``-- govern: allow`` or ``; govern: allow``. A record (a JSONL line, a CSV or Parquet
row) is one line: a top-level ``"govern": "allow"`` pair, or one of those comments in any of its
strings, allows the findings in that record. A marker on the next line allows nothing.

``scan.allow`` in the policy lists values by their keyed hash (``hmac-sha256:...``, as the scan
report and the baseline print it, never the value) or by a regex the whole value must match.
Allowed findings are not redacted and do not fail a scan; the report counts them by rule
(``marker``, ``scan.allow[i]``) and SARIF lists them as suppressed.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from typing import Any

from govern.findings import Finding
from govern.policy import AllowEntry

MARKER = re.compile(r"(?:#|//|/\*|<!--|--|;)[ \t]*govern:[ \t]*allow\b")
MARKER_RULE = "marker"


def marked(text: str) -> bool:
    """Whether ``text`` (one line, or one string of a record) holds an allow marker."""
    return "govern" in text and MARKER.search(text) is not None


def record_marked(data: Any, strings: Iterable[str]) -> bool:
    """Whether a record allows its findings: ``"govern": "allow"`` at the top, or a marker in
    one of its ``strings``."""
    if isinstance(data, dict) and data.get("govern") == "allow":
        return True
    strings = list(strings)
    # One search of them joined: most records never say "govern" (a separator breaks the word).
    if "govern" not in "\0".join(strings):
        return False
    return any(marked(text) for text in strings)


class AllowList:
    """``scan.allow`` compiled: which entry, if any, allows a value."""

    def __init__(self, entries: Iterable[AllowEntry]) -> None:
        self._hashes: dict[str, str] = {}
        self._patterns: list[tuple[re.Pattern[str], str]] = []
        for index, entry in enumerate(entries):
            rule = f"scan.allow[{index}]"
            if entry.hash is not None:
                self._hashes.setdefault(entry.hash, rule)
            if entry.regex is not None:
                self._patterns.append((re.compile(entry.regex), rule))

    def __bool__(self) -> bool:
        """Whether ``scan.allow`` lists any entry (none: only markers allow)."""
        return bool(self._hashes or self._patterns)

    def rule(self, value: str, digest: str, on_marked_line: bool) -> str | None:
        """The rule allowing a finding of ``value`` (keyed hash ``digest``), or None."""
        if on_marked_line:
            return MARKER_RULE
        if digest in self._hashes:
            return self._hashes[digest]
        for pattern, rule in self._patterns:
            if pattern.fullmatch(value):
                return rule
        return None


def partition(findings: list[Finding]) -> tuple[list[Finding], list[Finding]]:
    """The findings that count, and those a marker or ``scan.allow`` allowed."""
    kept = [f for f in findings if f.allowed is None]
    if len(kept) == len(findings):
        return findings, []
    return kept, [f for f in findings if f.allowed is not None]


def summary(allowed: list[Finding]) -> dict[str, Any]:
    """How many findings were allowed, by rule and by type; no values, no hashes."""
    return {
        "findings": len(allowed),
        "by_rule": dict(sorted(Counter(str(f.allowed) for f in allowed).items())),
        "by_type": dict(sorted(Counter(f.type for f in allowed).items())),
    }
