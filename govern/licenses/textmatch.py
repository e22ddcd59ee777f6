"""A compact license-text matcher: fingerprint phrases instead of ScanCode's full index.

ScanCode's index takes about 20 s to load; the few licenses a fine-tuning corpus meets are told
apart by their characteristic sentences (``data/fingerprints.yaml``) in well under a millisecond.
A score of 1.0 means every phrase of a variant was found and nothing contradicts it; anything
less is evidence for a reviewer, never an allow.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from govern.licenses import ids
from govern.licenses.knowledge import Variant, fingerprints

# Below this share of phrases a text is not taken as any license at all.
MIN_SCORE = 0.3
# A text that adds terms or names a second license is not an exact match, whatever it covers;
# capping keeps the best candidate visible to the reviewer while forcing a review.
MIXED_CAP = 0.9

_NON_WORD = re.compile(r"[^0-9a-z]+")
_LIST_NUMBER = re.compile(r"\d{1,2}")  # clause numbers ("1.") are not added terms
# "Copyright (c) 2024 X", "© 2024 X", "All rights reserved." -- not "copyright license to ...".
_COPYRIGHT_LINE = re.compile(
    r"^\s*(copyright\s*(\(c\)|©|\d{4}|\[yyyy\])|(\(c\)|©)\s*\d{4}|all rights reserved\.?\s*$)",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class TextMatch:
    """The best license for a text: its id (None below ``MIN_SCORE``), score and why not 1.0."""

    spdx: str | None
    score: float
    variant: str | None
    found: int
    total: int
    notes: tuple[str, ...] = ()
    kind: str = "text"  # "notice": the variant is a license's standard notice, not its text

    @property
    def exact(self) -> bool:
        return self.spdx is not None and self.score == 1.0

    def describe(self) -> str:
        if self.spdx is None:
            return f"matches no known license text (best share of phrases {self.score})"
        closest = "" if self.exact else "closest to "
        text = f"{closest}{self.spdx} ({self.variant}): {self.found} of {self.total} phrases"
        return "; ".join([f"{text}, score {self.score}", *self.notes])


def words(text: str) -> str:
    """Lower-case words separated by single spaces, padded so ``" a b " in`` respects words."""
    return " " + _NON_WORD.sub(" ", text.lower()).strip() + " "


def copyright_lines(text: str) -> list[str]:
    """The copyright lines of a license text: the attribution a notice must keep."""
    return [line.strip() for line in text.splitlines() if _COPYRIGHT_LINE.match(line)]


@cache
def _compiled() -> dict[str, tuple[tuple[str, ...], list[tuple[Variant, list[str]]]]]:
    table = {}
    for key, entry in fingerprints().licenses.items():
        titles = tuple(sorted((words(t) for t in entry.titles), key=len, reverse=True))
        variants = [(v, [words(p) for p in v.phrases]) for v in entry.variants]
        table[key] = (titles, variants)
    return table


def _variant_score(
    text: str, titles: tuple[str, ...], phrases: list[str], complete: bool
) -> tuple[float, float]:
    """(share of phrases found, score): the score also counts added words in complete variants."""
    found = [phrase for phrase in phrases if phrase in text]
    coverage = len(found) / len(phrases)
    if not complete or not found:
        return coverage, coverage
    # A complete variant is the whole license: every other word (but a title) was added.
    rest = text
    for phrase in (*found, *titles):
        rest = rest.replace(phrase, " ")
    covered = sum(len(phrase.split()) for phrase in found)
    added = [word for word in rest.split() if not _LIST_NUMBER.fullmatch(word)]
    return coverage, coverage * covered / (covered + len(added))


def match_text(text: str) -> TextMatch:
    """Score ``text`` against every known license text; the best match, with notes."""
    body = words("\n".join(line for line in text.splitlines() if not _COPYRIGHT_LINE.match(line)))
    best: tuple[float, float, str, Variant] | None = None
    for key, (titles, variants) in _compiled().items():
        for variant, phrases in variants:
            coverage, score = _variant_score(body, titles, phrases, variant.complete)
            if best is None or (score, coverage) > best[:2]:
                best = (score, coverage, key, variant)
    assert best is not None
    score, coverage, key, variant = best
    found = round(coverage * len(variant.phrases))
    if coverage < MIN_SCORE:
        return TextMatch(None, round(score, 3), None, found, len(variant.phrases))
    notes = contradictions(body, key)
    if notes:
        score = min(score, MIXED_CAP)
    elif score < 1.0:
        notes = _shortfall(body, variant, found)
    total = len(variant.phrases)
    return TextMatch(key, round(score, 3), variant.name, found, total, notes, variant.kind)


def contradictions(body: str, key: str) -> tuple[str, ...]:
    """Titles of other licenses, or words restricting commercial use in a commercial license."""
    notes = [
        f"the text also names {other}"
        for other, (titles, _variants) in _compiled().items()
        if other != key and any(title in body for title in titles)
    ]
    if not ids.is_noncommercial(key):
        found = restrictions(body)
        if found:
            notes.append(f"the text adds terms restricting commercial use ({found[0]!r})")
    return tuple(notes)


def restrictions(text: str) -> list[str]:
    """Words in ``text`` (raw or ``words()``-normalized) that restrict commercial use."""
    body = words(text)
    return [phrase for phrase in fingerprints().restrictions if words(phrase) in body]


def _shortfall(body: str, variant: Variant, found: int) -> tuple[str, ...]:
    if found < len(variant.phrases):
        missing = next(p for p in variant.phrases if words(p) not in body)
        return (f"{len(variant.phrases) - found} phrases missing, first: {missing[:60]!r}",)
    return ("the text has words beyond the license",)
