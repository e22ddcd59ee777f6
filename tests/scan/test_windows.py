"""A window's recognizers find what the whole text gives there, wherever the window is cut.

presidio's recognizers run on windows around anchors (``govern.scan.pii``), cut at whitespace.
No pattern may take a cut for the text's start or end (``^``, ``$``, ``\\b``, look-behinds,
a sign-off's look-ahead past spaces): these tests cut windows at every whitespace position
near each anchor of the shipped policy's recognizers and compare with the whole text.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from govern.policy import PACKAGED_POLICY_PATH, load_policy
from govern.scan._presidio import Pattern, PatternRecognizer
from govern.scan.base import Hit
from govern.scan.pii import (
    AFTER,
    BEFORE,
    PresidioDetector,
    _edge_blind,
    _person,
    _resolve,
    _widen,
)
from tests.scan.planted import dense_joins, planted_texts

REACH = 48  # characters either side of an anchor within which every whitespace cut is tried


@pytest.fixture(scope="module")
def detector() -> PresidioDetector:
    """The shipped policy's detector: every presidio, identifier, locator and name recognizer.
    Without the learned username, identifier and date judges: they decide after the windows,
    on whole texts (tests/scan/test_username_model.py, test_identifier_model.py,
    test_date_model.py)."""
    policy = load_policy(PACKAGED_POLICY_PATH).policy
    off = {"username_model": False, "identifier_model": False, "date_model": False}
    pii = policy.pii.model_copy(update=off)
    return PresidioDetector(policy.model_copy(update={"pii": pii}))


def in_window(
    detector: PresidioDetector, text: str, start: int, end: int, keys: list[str]
) -> list[Hit]:
    """What ``detect`` reports from one window ``[start, end)`` of ``text`` whose anchors
    ``keys`` fired, with the name finder's spans inside it, as ``analyze_whole_text`` resolves."""
    results = [(start, r) for r in detector._analyze_window(text, start, end, keys)]
    people = detector._people.find(text) if detector._people else []
    results += [(0, _person(s)) for s in people if start <= s.start and s.end <= end]
    hits = _resolve(results, set(detector.entities), text, detector._clause_words)
    return detector._names_checked(hits, text)


def cuts(text: str, anchor_start: int, anchor_end: int) -> list[tuple[int, int]]:
    """Windows around an anchor: the one ``_windows`` opens, then the same with its start at
    every whitespace-led position within ``REACH`` before the anchor, and with its end at
    every whitespace within ``REACH`` after it."""
    start, end = _widen(text, anchor_start - BEFORE, anchor_end + AFTER)
    starts = [i for i in range(max(start, anchor_start - REACH), anchor_start + 1)]
    starts = [i for i in starts if i == 0 or text[i - 1].isspace()]
    ends = [i for i in range(anchor_end, min(end, anchor_end + REACH) + 1)]
    ends = [i for i in ends if i == len(text) or text[i].isspace()]
    return sorted({(start, end), *((s, end) for s in starts), *((start, e) for e in ends)})


NEUTRAL = "the the the"  # words before or after a cut that no pattern or context word reads


def cut_text(text: str, start: int, end: int) -> tuple[str, int]:
    """``text[start:end]`` with the whitespace beside it and neutral words beyond that, as a
    whole text of its own, and where the window starts in it: what a window can know."""
    before = NEUTRAL + text[start - 1] if start > 0 else ""
    after = text[end] + NEUTRAL if end < len(text) else ""
    return before + text[start:end] + after, len(before)


def window_mismatches(detector: PresidioDetector, text: str) -> tuple[int, list[str]]:
    """Each cut window of ``text`` whose hits (span and type) are not what the whole text
    gives inside it, described. A cut through a whole-text hit is skipped (no window can hold
    that hit). A window cut off from the words beyond it ("fax" before a number, "my name is"
    before a name) cannot know them: where the whole text and the window alone, between
    neutral words, disagree, the window may side with either, but finds nothing that neither
    gives and misses nothing that both give."""
    whole = detector.analyze_whole_text(text)
    [anchors] = detector._candidates.find([text]) if detector._candidates else [[]]
    seen: set[tuple[int, int]] = set()
    mismatches = []
    compared = 0
    for _, anchor_start, anchor_end in anchors:
        for start, end in cuts(text, anchor_start, anchor_end):
            if (start, end) in seen:
                continue
            seen.add((start, end))
            if any(h.start < edge < h.end for h in whole for edge in (start, end)):
                continue
            compared += 1
            keys = sorted({k for k, a, b in anchors if start <= a and b <= end})
            inside = {(h.start, h.end, h.type) for h in whole if start <= h.start <= h.end <= end}
            hits = in_window(detector, text, start, end, keys)
            found = {(h.start, h.end, h.type) for h in hits}
            if found == inside:
                continue
            alone, at = cut_text(text, start, end)
            shift = start - at
            near = {
                (shift + h.start, shift + h.end, h.type) for h in detector.analyze_whole_text(alone)
            }
            near = {h for h in near if start <= h[0] <= h[1] <= end}
            # the context pass reads past the window ("fax" lifts a phone): a value the whole
            # text gives one type may be another once the cut takes its type's words away
            spans = {h[:2] for h in inside}
            extra = {h for h in found - inside - near if h[:2] not in spans}
            if extra or not inside & near <= found:
                said = f"window {sorted(found)}, whole {sorted(inside)}, alone {sorted(near)}"
                mismatches.append(f"{text[start:end]!r}: {said}")
    return compared, mismatches


EDGES = [  # values whose patterns read the characters beside them, and near misses
    "Hi Anna, the form is ready.",
    "so Hi Xandrel, the form is ready. ok Dear Quorvin, see below",
    "was born 1951 in Quincy, MA and moved; Quincy, MA\nthen",
    "Thanks! Raj. Thanks! That sounds odd",
    "Thanks! Raj",
    "Best,\nMei\n",
    "Name: Daniel Novak\n",
    "patient Adaeze Okafor, 82, seen today",
    "She is 92 years old and 91 y/o per chart; age 93; age: 94.",
    "Mrs. Okafor moved to Springfield, IL and then Portland, OR; 90210-1234",
    "MRN 00482913, member ID XGH-4471-22, account 0011223344, s/n: SN-99812-A",
    "follow-up on 03/04/2025; DOB 03/04/1951; seen 2024-05-17 version 2024-05-17",
    "ssh tkowalski@build-01.example.net (user jdoe) /home/Ana_R/x C:\\Users\\jdoe\\Desktop",
    "https://github.com/annakowalski and twitter.com/raj_p (see foo.bar() and x.y[0])",
    "call 212-555-0147 or +44 20 7946 0958; VIN 1HGCM82633A004352, IMEI 35-209900-176148-1",
    "plate 7ABC123 in CA, license D1234567, 10.20.30.40 and 4111 1111 1111 1111",
]


def sample_texts(tmp_path: Path) -> list[str]:
    """Texts from the sample corpus and, as benchmarks/scan.py builds its dense corpus, 2-5
    turns that each hold a planted value or a near miss, joined."""
    _, pool = planted_texts(tmp_path, 11, n_support=25, n_clinic=25, n_forum=8, n_instructions=8)
    rng = random.Random(11)
    dense = dense_joins(pool, rng, 100)
    edges = [f"{rng.choice(pool)} {edge} {rng.choice(pool)}" for edge in EDGES]
    return pool + dense + edges


@pytest.mark.parametrize("edge", EDGES)
def test_a_cut_is_neither_the_texts_start_nor_its_end(
    detector: PresidioDetector, edge: str
) -> None:
    """Cut next to a value, near miss or context word, a window gives the whole text's hits."""
    compared = 0
    for text in (edge, f"ok so {edge} and then some more words here"):
        windows, mismatches = window_mismatches(detector, text)
        compared += windows
        assert mismatches == []
    assert compared >= 1


def test_cut_windows_give_the_whole_texts_hits_on_sample_texts(
    detector: PresidioDetector, tmp_path: Path
) -> None:
    texts = sample_texts(tmp_path)
    whole = [detector.analyze_whole_text(text) for text in texts]
    assert {"PERSON", "PHONE_NUMBER", "PERSONAL_DATE", "STREET_ADDRESS"} <= {
        h.type for hits in whole for h in hits
    }
    compared, mismatches = 0, []
    for text in texts:
        windows, differ = window_mismatches(detector, text)
        compared += windows
        mismatches += differ
    assert compared > 5000
    assert mismatches == [], f"{len(mismatches)} windows differ, first: {mismatches[:3]}"


@pytest.mark.parametrize(
    ("regex", "blind"),
    [
        (r"\b\d{3}-\d{2}-\d{4}\b", True),
        (r"[^\s@]+@[^\s@]+\.[a-z]{2,}", True),  # a negated class is no anchor
        (r"\d+ \^ \d+ costs \$\d+", True),  # nor an escaped ^ or $
        (r"\d{3}(?=\s*$)", False),
        (r"(?<![\w.@/-])\d{6}", False),
        (r"\b\w+(?!\()", False),
        (r"^Name: \w+", False),
        (r"\d+\Z", False),
        (r"MRN:? \K\d+", False),
    ],
)
def test_only_patterns_that_cannot_read_past_a_window_skip_its_borders(
    regex: str, blind: bool
) -> None:
    """A recognizer reads the bare window only if no pattern of its looks around, anchors or
    moves its start: edges on whitespace then read as the text's would."""
    recognizer = PatternRecognizer("TEST", patterns=[Pattern("p", regex, 0.5)])
    assert _edge_blind(recognizer) is blind
    other = PatternRecognizer(
        "TEST", patterns=[Pattern("q", r"\d+", 0.5), Pattern("p", regex, 0.5)]
    )
    assert _edge_blind(other) is blind  # one such pattern borders the recognizer


def test_the_shipped_policys_look_arounds_read_bordered_windows(
    detector: PresidioDetector,
) -> None:
    """Every recognizer of the shipped policy with a look-around reads windows with borders;
    the phone matcher, which reads only letters beside a number, does not."""
    recognizers = detector.analyzer.registry.recognizers
    names = {type(r).__name__: _edge_blind(r) for r in recognizers}
    assert names["PhoneRecognizer"] is True
    assert names["NameContextRecognizer"] is False  # its greeting's ^, its sign-off's $
    assert names["CityRecognizer"] is False  # "Springfield, IL" before an end
    for recognizer in recognizers:
        regexes = [p.regex for p in getattr(recognizer, "patterns", None) or []]
        if any(look in r for r in regexes for look in ("(?=", "(?!", "(?<=", "(?<!")):
            assert not _edge_blind(recognizer), type(recognizer).__name__
