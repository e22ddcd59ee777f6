"""One Hyperscan pass must find every anchor match the ``regex`` anchors find, in any text."""

from __future__ import annotations

import random
import stat
from pathlib import Path

import pytest
import regex  # type: ignore[import-untyped]

from govern.scan import patterns
from govern.scan.patterns import CandidatePass, ascii_form
from govern.scan.pii import ANCHORS as ANCHOR_TABLE
from govern.scan.pii import PATTERN_ENTITIES, _anchors

ANCHORS = _anchors(list(PATTERN_ENTITIES), ["US", "GB", "DE", "FR"])
# Every anchor, the identifiers' and the name context's too (what the default policy compiles).
EVERY_ANCHOR = _anchors(sorted({key.partition("/")[0] for key in ANCHOR_TABLE}), ["US", "GB"])

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


# Texts where the anchors searched apart (``COSTLY_STARTS``) fire, and near misses of them.
COSTLY_PIECES = [
    "-rw-r--r--  1 jdoe staff 4096 ",
    "drwxr-x---",
    "jdoe     4242  0.3  1.2 ",
    "alice@build-01:~/src",
    "alice@build-01 ~",
    "Hi Anna, ",
    "hello there",
    "Thanks,\nRavi Patel.",
    "best regards\n  Mei",
    "Cheers, o'Brien",
    "Sincerely, Zoë Ångström!",
]


@pytest.fixture(scope="module")
def every_anchor() -> CandidatePass:
    return CandidatePass(EVERY_ANCHOR)


@pytest.fixture(scope="module")
def in_one_database() -> CandidatePass:
    return CandidatePass(EVERY_ANCHOR, costly=frozenset())


def test_every_costly_source_is_an_anchor() -> None:
    """A source edited in the anchor table and not here would be searched with starts again:
    the same candidates, at the old cost."""
    sources = {source for sources in EVERY_ANCHOR.values() for source in sources}
    assert patterns.COSTLY_STARTS <= sources


@pytest.mark.parametrize("seed", range(4))
def test_searching_costly_anchors_apart_finds_what_one_database_does(
    every_anchor: CandidatePass, in_one_database: CandidatePass, seed: int
) -> None:
    rng = random.Random(seed)
    pieces = PIECES + COSTLY_PIECES
    texts = ["".join(rng.choices(pieces, k=rng.randint(0, 6))) for _ in range(300)]
    # one costly match at the batch's end, and texts that end where a costly match could go on
    texts += ["Hello Mr", "thanks,", "Anna said so", "regards, Priya"]
    found = every_anchor.find(texts)
    assert found == in_one_database.find(texts)
    assert sum(c[0] == "USERNAME" for c in sum(found, [])) > 50


@pytest.mark.parametrize(
    "texts",
    [
        ["Thanks,", "Ravi Patel."],  # a sign-off ending its text, the name opening the next
        ["drwxr-x---", "  1 jdoe"],
        ["Hi ", "Anna"],
    ],
)
def test_no_costly_match_spans_two_texts(every_anchor: CandidatePass, texts: list[str]) -> None:
    joined = every_anchor.find(["".join(texts)])[0]
    assert {c[0] for c in joined} & {"USERNAME", "PERSON/context"}  # one text: found
    apart = every_anchor.find(texts)
    assert not any(c[0] in {"USERNAME", "PERSON/context"} for c in sum(apart, []))


def test_a_costly_match_after_non_ascii_has_character_offsets(every_anchor: CandidatePass) -> None:
    texts = ["nothing", "\U0001f642 Zoë: thanks, Ravi Patel. \U0001f642", "nothing either"]
    found = every_anchor.find(texts)
    [(start, end)] = [(s, e) for entity, s, e in found[1] if entity == "PERSON/context"]
    assert texts[1][start:end] == "thanks, Ravi Patel."
    assert found[0] == found[2] == []


def test_one_cache_file_holds_every_database(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GOVERN_CACHE_DIR", str(tmp_path))
    costly = {"USERNAME": sorted(patterns.COSTLY_STARTS), **ANCHORS}
    first = CandidatePass(costly).find(CACHE_TEXTS + COSTLY_PIECES)
    [stored] = (tmp_path / "hyperscan").glob("*.hsdb")
    assert CandidatePass(costly).find(CACHE_TEXTS + COSTLY_PIECES) == first  # loaded
    stored.write_bytes(stored.read_bytes()[:-9])  # a database cut short: compiled again
    assert CandidatePass(costly).find(CACHE_TEXTS + COSTLY_PIECES) == first


@pytest.mark.parametrize(
    ("pattern", "expected"),
    [
        (r"\d{3}-\d{4}", "[0-9]{3}-[0-9]{4}"),
        (r"[^\s\d,]+", r"[^\s0-9,]+"),  # inside a class: a range, not a nested class
        (r"[\d.]{4}\d", r"[0-9.]{4}[0-9]"),
        (r"[]\d]x\d", r"[]0-9]x[0-9]"),  # "]" first in a class is a literal
        (r"[^]\d]", r"[^]0-9]"),
        (r"\\d\[\d\]", r"\\d\[[0-9]\]"),  # an escaped backslash or bracket opens nothing
        (r"\D\w", r"\D\w"),
    ],
)
def test_ascii_form_rewrites_digits_inside_and_outside_classes(pattern: str, expected: str) -> None:
    assert ascii_form(pattern) == expected


def test_an_anchor_with_a_digit_class_inside_a_set_matches_in_hyperscan() -> None:
    anchors = {"X": [r"ref[ ][^\s\d,]+[ ]\d{4}"]}
    found = CandidatePass(anchors).find(["see ref abc 1234 now", "ref a1c 1234", "ref abc 12"])
    assert found == [[("X", 4, 16)], [], []]


# Texts where the ZIP-after-street anchor and the name marks searched apart fire
# (``identifiers.COSTLY_ANCHORS``, ``name_context.COSTLY_MARKS``), and near misses of them.
COSTLY_GATE_PIECES = [
    "40 Larkspur Ln, Boise 83702",
    "12 Oak Street, St. Paul, 55102 ",
    "Elm Street, Springfield 6270",  # near miss: four digits
    "street, boise 83702",  # near miss: a lower-case city
    "his daughter Maria called",
    "my son (Dr. Okafor) ",
    "the daughter of the house",  # near miss: no capital after the role
    "spoke with Ms. Tanaka",
    "met with the team",  # near miss
    "reviewed by Priya",
    "signed by hand",  # near miss
    "Best regards,\nAmina",
    "best of luck\n",  # near miss: no sign-off before the newline
    "Zoë \U0001f642 asked Ravi",
    "\n",
]


def test_every_costly_anchor_and_mark_is_a_source() -> None:
    """A source edited in its table and not in its costly set would be searched with starts
    again: the same candidates, at the old cost."""
    from govern.scan.identifiers import COSTLY_ANCHORS
    from govern.scan.name_context import COSTLY_MARKS, MARKS

    assert COSTLY_ANCHORS <= {source for sources in EVERY_ANCHOR.values() for source in sources}
    assert COSTLY_MARKS <= {source for sources in MARKS.values() for source in sources}


@pytest.mark.parametrize("seed", range(3))
def test_the_street_zip_anchor_and_name_marks_apart_find_what_one_database_does(
    seed: int,
) -> None:
    from govern.scan.identifiers import COSTLY_ANCHORS
    from govern.scan.name_context import COSTLY_MARKS, MARKS

    rng = random.Random(seed)
    pieces = PIECES + COSTLY_PIECES + COSTLY_GATE_PIECES
    texts = ["".join(rng.choices(pieces, k=rng.randint(0, 6))) for _ in range(300)]
    texts += ["Best regards,", "Amina", "Oak Street, Boise 8370"]  # cut at a text's end
    anchors_apart = CandidatePass(EVERY_ANCHOR, costly=patterns.COSTLY_STARTS | COSTLY_ANCHORS)
    found = anchors_apart.find(texts)
    assert found == CandidatePass(EVERY_ANCHOR, costly=frozenset()).find(texts)
    zips = [t[s:e] for t, cs in zip(texts, found, strict=True) for k, s, e in cs if k == "ZIP_CODE"]
    assert "Ln, Boise 83702" in zips and "Street, St. Paul, 55102" in zips
    assert not any(z.endswith(("field 6270", "boise 83702", "Boise 8370")) for z in zips)
    marks_apart = CandidatePass(MARKS, costly=patterns.COSTLY_STARTS | COSTLY_MARKS)
    marked = marks_apart.find(texts)
    assert marked == CandidatePass(MARKS, costly=frozenset()).find(texts)
    kinds = {t[s:e]: k for t, ms in zip(texts, marked, strict=True) for k, s, e in ms}
    assert kinds.get("daughter M") == "role" and kinds.get("reviewed by P") == "context"
    assert not any(m.startswith(("daughter of", "met with the", "signed by h")) for m in kinds)


def test_each_texts_candidates_come_by_start_then_by_the_anchors_order(
    every_anchor: CandidatePass,
) -> None:
    """What the windows and the name marks read in order: a text's candidates sorted by where
    they start, those starting together in the anchor table's order (an email and a URL)."""
    rng = random.Random(11)
    pieces = [p for p in PIECES + COSTLY_PIECES + COSTLY_GATE_PIECES if p.isascii()]
    texts = ["".join(rng.choices(pieces, k=rng.randint(1, 8))) for _ in range(300)]
    place = {key: index for index, key in enumerate(EVERY_ANCHOR)}
    found = every_anchor.find(texts)
    tied = 0
    for candidates in found:
        assert candidates == sorted(candidates, key=lambda c: (c[1], place[c[0]]))
        starts = [start for _, start, _ in candidates]
        tied += len(starts) - len(set(starts))
    assert tied > 20  # candidates that start together: their order is the table's
