"""One Hyperscan pass must find every anchor match the ``regex`` anchors find, in any text."""

from __future__ import annotations

import random
import stat
from pathlib import Path

import pytest
import regex  # type: ignore[import-untyped]

from govern.scan import patterns
from govern.scan.patterns import CandidatePass, ascii_form
from govern.scan.pii import PATTERN_ENTITIES, _anchors

ANCHORS = _anchors(list(PATTERN_ENTITIES), ["US", "GB", "DE", "FR"])

PIECES = [
    "mail jane.doe@example.com",
    "call +1 212-555-0147",
    "card 4111 1111 1111 1111",
    "DE89 3704 0044 0532 0130 00",
    "ssn 536-22-8147",
    "ip 10.0.0.1 and fe80::1ff:fe23",
    "1234 Elm Street, Springfield, IL 62704",
    "see example.org",
    "version 3.10.12",
    "\U0001f642 ünïcödé é",  # non-ASCII before a match moves character offsets
    "٠١٢-٣٤-٥٦٧٨",  # Arabic-Indic digits: \\d to presidio, not to ASCII rules
    "1 Main \u017ft",  # long s: matches "st" ignoring case under Unicode rules
    "é4111 1111 1111 1111é",  # word boundaries beside non-ASCII letters
    "—536-22-8147—x536228147",
    "48629477313740961234",  # too long for a card or an SSN between boundaries
    "words",
    "\n",
]


def regex_candidates(text: str) -> list[tuple[str, int, int]]:
    return [
        (entity, m.start(), m.end())
        for entity, sources in ANCHORS.items()
        for source in sources
        for m in regex.finditer(source, text)
    ]


def covered(expected: tuple[str, int, int], found: list[tuple[str, int, int]]) -> bool:
    entity, start, end = expected
    return any(e == entity and s <= start and end <= f for e, s, f in found)


@pytest.fixture(scope="module")
def candidates() -> CandidatePass:
    return CandidatePass(ANCHORS)


def test_every_regex_anchor_match_is_a_candidate(candidates: CandidatePass) -> None:
    rng = random.Random(7)
    texts = ["".join(rng.choices(PIECES, k=rng.randint(0, 8))) for _ in range(400)]
    texts += ["", "no digits here", "\ud800 lone surrogate 212-555-0147"]
    found = candidates.find(texts)
    assert len(found) == len(texts)
    for text, in_text in zip(texts, found, strict=True):
        expected = regex_candidates(text)
        assert all(covered(match, in_text) for match in expected), text
        for _, start, end in in_text:  # offsets are characters of this text
            assert 0 <= start < end <= len(text)


def test_offsets_are_characters_after_non_ascii(candidates: CandidatePass) -> None:
    text = "\U0001f642 é mail jane@example.com"
    [[(entity, start, end)]] = [
        [c for c in found if c[0] == "EMAIL_ADDRESS"] for found in candidates.find([text])
    ]
    assert text[start:end] == "@example."


def test_nothing_in_plain_prose(candidates: CandidatePass) -> None:
    assert candidates.find(["the model trains for a while and then stops"]) == [[]]
    assert candidates.find([]) == []


def test_unicode_only_texts_use_the_regex_anchors(candidates: CandidatePass) -> None:
    text = "phone ٢١٢-٥٥٥-٠١٤٧"  # Arabic-Indic digits: presidio's \\d matches them
    expected = [c for c in regex_candidates(text) if c[0] == "PHONE_NUMBER"]
    assert expected
    assert [c for c in candidates.find([text])[0] if c[0] == "PHONE_NUMBER"] == expected


def test_ascii_form() -> None:
    assert ascii_form(r"\b\d{3}\b") == r"\b[0-9]{3}\b"


CACHE_TEXTS = [
    "call +1 212-555-0147 or mail jane.doe@example.com",
    "nothing here",
    "ssn 536-22-8147",
]


def test_a_cached_database_finds_what_a_compiled_one_does(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GOVERN_CACHE_DIR", "")
    fresh = CandidatePass(ANCHORS).find(CACHE_TEXTS)
    monkeypatch.setenv("GOVERN_CACHE_DIR", str(tmp_path))
    first = CandidatePass(ANCHORS).find(CACHE_TEXTS)  # compiles and stores
    [stored] = (tmp_path / "hyperscan").glob("*.hsdb")
    assert stat.S_IMODE(stored.stat().st_mode) == 0o600
    written = stored.read_bytes()
    second = CandidatePass(ANCHORS).find(CACHE_TEXTS)  # loads
    assert fresh == first == second
    assert any(candidates for candidates in fresh)
    assert stored.read_bytes() == written  # read, not written again
    # other anchors: a database of their own
    CandidatePass({"US_SSN": ANCHORS["US_SSN"]})
    assert len(list((tmp_path / "hyperscan").glob("*.hsdb"))) == 2


@pytest.mark.parametrize("damage", ["truncated", "flipped", "world_writable"])
def test_a_damaged_or_foreign_cache_file_is_compiled_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, damage: str
) -> None:
    monkeypatch.setenv("GOVERN_CACHE_DIR", "")
    fresh = CandidatePass(ANCHORS).find(CACHE_TEXTS)
    monkeypatch.setenv("GOVERN_CACHE_DIR", str(tmp_path))
    CandidatePass(ANCHORS)
    [stored] = (tmp_path / "hyperscan").glob("*.hsdb")
    data = stored.read_bytes()
    if damage == "truncated":
        stored.write_bytes(data[: len(data) // 2])
    elif damage == "flipped":
        stored.write_bytes(data[:-1] + bytes([data[-1] ^ 0xFF]))
    else:
        stored.chmod(0o666)
    assert CandidatePass(ANCHORS).find(CACHE_TEXTS) == fresh
    assert stored.read_bytes() == data  # compiled again and stored whole, owner-only
    assert stat.S_IMODE(stored.stat().st_mode) == 0o600


def test_the_cache_keeps_the_newest_databases(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GOVERN_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(patterns, "KEPT_DATABASES", 2)
    for width in (3, 4, 5):
        CandidatePass({"X": [rf"[0-9]{{{width}}}"]})
    kept = list((tmp_path / "hyperscan").glob("*.hsdb"))
    assert len(kept) == 2
