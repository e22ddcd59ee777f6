"""Every leaf of a record, with a stable, readable field path; what the scan reads and skips.

A record's leaves are its values that are neither objects nor lists, at paths such as
``meta.note``, ``messages.2.content`` or ``tags.0``. The report groups them by *pattern*, list
indices collapsed to ``*`` (``messages.*.content``). Keys are data too: one that does not look
like a field name (an email used as a key, a key with spaces or dots) is shown as ``<key>`` in
patterns and as ``#`` plus a keyed hash in paths, so no report holds it raw.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_\-]{0,63}")
HIDDEN_KEY = "<key>"
MAX_REPORTED_PATTERNS = 1000  # a table of more paths is data, not a summary: the rest summed
METRICS = ("read", "text", "findings", "not_strings", "skipped")


class Leaf(NamedTuple):
    """One leaf of a record: ``parts`` locate it (keys and list indices), ``raw`` joins them
    with dots (as ``text_fields`` names paths), ``pattern`` is its report group."""

    parts: tuple[str | int, ...]
    raw: str
    pattern: str
    value: Any


_new = tuple.__new__  # a NamedTuple built without its Python-level __new__: 2x faster here


def leaves(data: dict[str, Any]) -> list[Leaf]:
    """Every leaf of ``data`` in document order (iterative: records may nest deeply)."""
    found: list[Leaf] = []
    append = found.append
    Frame = tuple[Iterator[tuple[Any, Any]], tuple[str | int, ...], str, str, _Children]
    stack: list[Frame] = [(iter(data.items()), (), "", "", _root_children())]
    while stack:
        items, parts, raw, pattern, children = stack[-1]
        for key, value in items:
            known = children.get(key)
            if known is None or not (key.__class__ is str or key.__class__ is int):
                known = _child(key, parts, raw, pattern, children)
            child, child_raw, child_pattern, grandchildren = known
            if isinstance(value, dict):
                stack.append((iter(value.items()), child, child_raw, child_pattern, grandchildren))
                break
            if isinstance(value, list):
                stack.append(
                    (iter(enumerate(value)), child, child_raw, child_pattern, grandchildren)
                )
                break
            append(_new(Leaf, (child, child_raw, child_pattern, value)))
        else:
            stack.pop()
    return found


# A field path's parts, raw and pattern strings, and its children's, by key from the top:
# records of one dataset repeat the same paths, and a lookup of each key in its parent's table
# costs less than building the parts tuple, hashing it and joining both strings again.
_Children = dict[Any, tuple[tuple[str | int, ...], str, str, "_Children"]]
_PATHS: _Children = {}
_known_paths = 0
_MAX_KNOWN_PATHS = 1 << 16


def _root_children() -> _Children:
    global _known_paths
    if _known_paths >= _MAX_KNOWN_PATHS:  # a dataset of ever new keys: the table anew
        _PATHS.clear()
        _known_paths = 0
    return _PATHS


def _child(
    key: Any, parts: tuple[str | int, ...], raw: str, pattern: str, children: _Children
) -> tuple[tuple[str | int, ...], str, str, _Children]:
    """The parts, raw path, pattern and (empty) children table of ``key`` under the leaf's
    parent (``parts``, ``raw``, ``pattern``: all empty at the top); kept in ``children`` for a
    ``str`` key or an ``int`` (a list index) only: True, 1 and 1.0 are one dict key."""
    global _known_paths
    part = key if isinstance(key, (str, int)) else str(key)  # an int: a list index
    child_raw, child_pattern = _child_paths(part, parts, raw, pattern)
    grandchildren: _Children = {}
    known = ((*parts, part), child_raw, child_pattern, grandchildren)
    if key.__class__ is str or key.__class__ is int:
        children[key] = known
        _known_paths += 1
    return known


def _child_paths(
    part: str | int, parts: tuple[str | int, ...], raw: str, pattern: str
) -> tuple[str, str]:
    """The raw path and pattern of ``part`` under the leaf's parent (``parts``, ``raw``,
    ``pattern``; all empty at the top)."""
    if isinstance(part, int):
        return f"{raw}.{part}", f"{pattern}.*"
    if not parts:
        return part, _pattern_key(part)
    return f"{raw}.{part}", f"{pattern}.{_pattern_key(part)}"


@functools.lru_cache(maxsize=4096)
def _pattern_key(name: str) -> str:
    return name if _NAME.fullmatch(name) else HIDDEN_KEY


def shown_path(parts: Sequence[str | int], hide: Callable[[str], str]) -> str:
    """The path a report shows for ``parts``: keys that are not field names through ``hide``."""
    return ".".join(
        str(part) if isinstance(part, int) or _NAME.fullmatch(part) else f"#{hide(part)}"
        for part in parts
    )


def set_leaf(data: dict[str, Any], parts: Sequence[str | int], value: Any) -> None:
    """Replace the leaf at ``parts`` in place."""
    target: Any = data
    for part in parts[:-1]:
        target = target[part]
    target[parts[-1]] = value


# --- skip patterns -------------------------------------------------------------------------------


def check_pattern(pattern: str) -> str:
    """``pattern`` if it is a valid field path pattern; raises ValueError naming the problem."""
    if not pattern or any(segment == "" for segment in pattern.split(".")):
        raise ValueError(f"{pattern!r}: empty segment (write paths as meta.note, messages.*.role)")
    return pattern


class FieldSkipper:
    """Which leaves the policy's ``scan.skip_fields`` excludes, and which pattern excluded each.

    A pattern is a dotted path: ``*`` matches one key or list index, ``**`` any number of them,
    any other segment one key (or index) exactly. A pattern that matches a leaf or one of its
    parents (``meta`` excludes ``meta.note``) excludes the leaf.
    """

    def __init__(self, patterns: Iterable[str]) -> None:
        self.patterns = tuple(check_pattern(p) for p in patterns)
        self._split = [tuple(p.split(".")) for p in self.patterns]
        self._cache: dict[tuple[str | int, ...], str | None] = {}

    def __bool__(self) -> bool:
        return bool(self.patterns)

    def excluded_by(self, parts: tuple[str | int, ...]) -> str | None:
        """The first pattern that excludes the leaf at ``parts``, or None."""
        if not self.patterns:
            return None
        if parts not in self._cache:
            if len(self._cache) > 100_000:
                self._cache.clear()
            names = tuple(map(str, parts))
            self._cache[parts] = next(
                (
                    pattern
                    for pattern, split in zip(self.patterns, self._split, strict=True)
                    if _prefix_matches(split, names)
                ),
                None,
            )
        return self._cache[parts]


def _prefix_matches(pattern: tuple[str, ...], names: tuple[str, ...]) -> bool:
    """Whether ``pattern`` matches ``names`` or one of its prefixes."""

    @functools.cache
    def match(p: int, n: int) -> bool:
        if p == len(pattern):
            return True  # matched a prefix (or all) of the path
        if pattern[p] == "**":
            return any(match(p + 1, k) for k in range(n, len(names) + 1))
        if n == len(names):
            return False
        return (pattern[p] == "*" or pattern[p] == names[n]) and match(p + 1, n + 1)

    return match(0, 0)


# --- per-field counts ----------------------------------------------------------------------------


@dataclass(slots=True)
class FieldCounts:
    """Per field pattern: string values read (and of them, read as text), findings, leaves that
    are not strings (never scanned), leaves excluded by ``scan.skip_fields``; per skip pattern,
    how many leaves it excluded."""

    by_pattern: dict[str, Counter[str]] = field(default_factory=dict)
    skipped_by: Counter[str] = field(default_factory=Counter)

    def add(self, pattern: str, metric: str, count: int = 1) -> None:
        counts = self.by_pattern.get(pattern)
        if counts is None:
            counts = self.by_pattern[pattern] = Counter()
        counts[metric] += count

    def add_patterns(self, metric: str, patterns: Iterable[str]) -> None:
        """Count ``metric`` once per item of ``patterns`` (a chunk's, counted at once)."""
        for pattern, count in Counter(patterns).items():
            self.add(pattern, metric, count)

    def merge(self, other: FieldCounts) -> None:
        """Add ``other``'s counts (a later shard's) to these."""
        for pattern, counts in other.by_pattern.items():
            mine = self.by_pattern.get(pattern)
            if mine is None:
                self.by_pattern[pattern] = Counter(counts)
            else:
                mine.update(counts)
        self.skipped_by.update(other.skipped_by)

    def total(self, metric: str) -> int:
        return sum(counts[metric] for counts in self.by_pattern.values())

    def to_json(self, skip_patterns: Sequence[str] = ()) -> dict[str, Any]:
        """The report's ``fields`` section: every pattern sorted, each metric present."""
        names = sorted(self.by_pattern)
        shown, rest = names[:MAX_REPORTED_PATTERNS], names[MAX_REPORTED_PATTERNS:]
        report: dict[str, Any] = {
            "by_path": {
                name: {metric: self.by_pattern[name][metric] for metric in METRICS}
                for name in shown
            },
            "skip_fields": [
                {"pattern": pattern, "values": self.skipped_by[pattern]}
                for pattern in skip_patterns
            ],
        }
        for metric in METRICS:
            report[f"total_{metric}"] = self.total(metric)
        if rest:
            report["other_paths"] = {
                "paths": len(rest),
                **{m: sum(self.by_pattern[n][m] for n in rest) for m in METRICS},
            }
        return report
