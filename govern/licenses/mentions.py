"""Licenses named rather than quoted: standard notices, SPDX lines and "released under" sentences.

ScanCode calls these notices and references. Each is found with its line, mapped to an SPDX id
and scored below a full license text (``data/mentions.yaml``): a mention agreeing with a
declaration confirms it; a mention alone decides only as far as ``licenses.notice_alone`` lets it.
A mention in a text that also names another license, restricts commercial use or negates the
grant ("not licensed under ...") is not taken at its word.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass
from functools import cache
from typing import Literal

from govern.licenses.ids import map_declared
from govern.licenses.knowledge import mentions
from govern.licenses.textmatch import contradictions, words

MentionMethod = Literal["notice", "spdx-id", "reference"]
_SPDX_LINE = re.compile(r"SPDX-License-Identifier:\s*(?P<value>.*?)\s*(?:\*/|-->|#\}|$)")


@dataclass(frozen=True, slots=True)
class Mention:
    """One license mention: how it was found, its line, the id it names or why it names none."""

    method: MentionMethod
    line: int
    declared: str  # the words as found (normalized for notices and references)
    spdx: str | None
    problem: str | None
    score: float


@cache
def _patterns() -> tuple[list[tuple[str, str]], list[tuple[str, str]], re.Pattern[str]]:
    """(notice phrase, id) and (name, id), longest first, and the "<verb> under" prefix."""
    data = mentions()
    notices = [(words(p), key) for key, phrases in data.notices.items() for p in phrases]
    names = [(words(n), key) for key, found in data.names.items() for n in found]
    verbs = "|".join(re.escape(words(v).strip()) for v in data.verbs)
    prefix = re.compile(rf" (?:{verbs}) under (?:the terms of )?(?:the |a )?")
    by_length = lambda pair: -len(pair[0])  # noqa: E731
    return sorted(notices, key=by_length), sorted(names, key=by_length), prefix


def find_mentions(text: str) -> list[Mention]:
    """Every notice, SPDX line and reference in ``text``; one per method and license, first kept."""
    found = _spdx_lines(text) + _notices_and_references(text)
    seen: set[tuple[str, str | None, str | None]] = set()
    unique = []
    for mention in found:
        key = (mention.method, mention.spdx, mention.problem)
        if key not in seen:
            seen.add(key)
            unique.append(mention)
    return unique


def _spdx_lines(text: str) -> list[Mention]:
    score = mentions().confidence["spdx-id"]
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        match = _SPDX_LINE.search(line)
        if match is None:
            continue
        value = match["value"]
        mapped = map_declared(value)
        problem = mapped.problem
        if not value:
            problem = "SPDX-License-Identifier with no license id"
        found.append(Mention("spdx-id", number, value, mapped.spdx, problem, score))
    return found


def _notices_and_references(text: str) -> list[Mention]:
    body, starts = _words_with_lines(text)
    notices, names, prefix = _patterns()
    confidence = mentions().confidence
    found: list[tuple[int, Mention]] = []
    taken: list[range] = []
    for phrase, key in notices:
        for at in _occurrences(body, phrase):
            line = bisect_right(starts, at)
            taken.append(range(at, at + len(phrase)))
            found.append((at, Mention("notice", line, phrase.strip(), key, None, 0.0)))
    for verb in prefix.finditer(body):
        rest = body[verb.end() - 1 :]
        name = next(((n, key) for n, key in names if rest.startswith(n)), None)
        if name is None or any(verb.start() + 1 in span for span in taken):
            continue
        if _negated(body[: verb.start() + 1]):
            continue
        line = bisect_right(starts, verb.start() + 1)
        declared = f"{verb.group(0).strip()} {name[0].strip()}"
        found.append((verb.start(), Mention("reference", line, declared, name[1], None, 0.0)))
    judged = []
    for _at, mention in sorted(found, key=lambda pair: pair[0]):
        notes = _contradictions(body, mention.spdx or "")
        score = confidence[mention.method]
        judged.append(
            Mention(
                mention.method,
                mention.line,
                mention.declared,
                mention.spdx,
                "; ".join(notes) or None,
                score,
            )
        )
    return judged


def _contradictions(body: str, key: str) -> list[str]:
    """Other licenses the text names, and words restricting commercial use (textmatch's rule)."""
    notes = list(contradictions(body, key))
    _notices, names, _prefix = _patterns()
    for name, other in names:
        note = f"the text also names {other}"
        if other != key and name in body and note not in notes:
            notes.append(note)
    return notes


def _negated(before: str) -> bool:
    """Does a negation stand among the three words before a "<verb> under"?"""
    window = " " + " ".join(before.split()[-3:]) + " "
    return any(words(negation) in window for negation in mentions().negations)


def _occurrences(body: str, phrase: str) -> list[int]:
    found, at = [], body.find(phrase)
    while at >= 0:
        found.append(at)
        at = body.find(phrase, at + 1)
    return found


def _words_with_lines(text: str) -> tuple[str, list[int]]:
    """``words(text)`` and the offset in it where each line starts (line n at index n - 1)."""
    parts, starts, offset = [], [], 0
    for line in text.splitlines():
        normalized = words(line).strip()
        starts.append(offset)
        if normalized:
            parts.append(normalized)
            offset += len(normalized) + 1
    return " " + " ".join(parts) + " ", starts
