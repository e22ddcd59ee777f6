"""What every split written blind to the detector in its own module (benchmarks/pii_fresh7.py,
pii_fresh8.py, pii_fresh9.py, pii_fresh10.py ...) must hold: seeded, labels exact and valid by
construction, every scored type planted at full scale. What is particular to each split (its
negatives, its new names and templates, its own check digits) is tested beside it, in
test_benchmark_pii_freshN.py."""

from __future__ import annotations

import re
import sys
from collections import Counter
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
sys.path.insert(0, str(BENCHMARKS))

import pii  # noqa: E402

from govern.scan.identifiers import luhn_valid, vin_check_digit  # noqa: E402

RECORDS = 1000
SPLITS = [
    "fresh7", "fresh8", "fresh9", "fresh10", "fresh11", "fresh12", "fresh13", "fresh14", "fresh15",
]  # fmt: skip


@pytest.fixture(scope="module", params=SPLITS)
def split(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture(scope="module")
def records(split: str) -> list[pii.Record]:
    return pii.corpus(RECORDS, 16, split)


def test_every_module_split_is_tested_here() -> None:
    assert sorted(pii.MODULE_SPLITS) == sorted(SPLITS)  # "fresh10" sorts before "fresh7"


def test_all_runs_every_split_but_the_blind_ones_which_run_only_by_name() -> None:
    """`--split all` is what a tuning session runs: it must never show a blind split's figures."""
    every = pii.splits_of("all")
    assert "fresh14" not in every and "fresh15" not in every
    assert {"in-sample", "fresh12", "fresh13", "sample"} <= set(every)
    assert set(every) | {"fresh14", "fresh15"} == {*pii.SPLITS, *pii.MODULE_SPLITS, "sample"}
    assert pii.splits_of("fresh15") == ["fresh15"]


def test_the_corpus_is_seeded(split: str, records: list[pii.Record]) -> None:
    assert pii.corpus(RECORDS, 16, split) == records
    assert pii.corpus(RECORDS, 17, split) != records


def test_labels_are_in_bounds_trimmed_disjoint_and_of_a_scored_type(
    split: str, records: list[pii.Record]
) -> None:
    scored = {*pii.LABELED_ENTITIES, *pii.split_parts(split)[3]}
    for text, labels in records:
        ordered = sorted(labels)
        for start, end, kind in ordered:
            assert 0 <= start < end <= len(text) and kind in scored
            assert text[start:end] == text[start:end].strip()
        for (_, end, _), (following, _, _) in zip(ordered, ordered[1:], strict=False):
            assert end <= following, (text, labels)


def values(records: list[pii.Record], kind: str) -> list[str]:
    return [text[s:e] for text, labels in records for s, e, k in labels if k == kind]


def test_planted_identifiers_are_valid_by_construction(records: list[pii.Record]) -> None:
    imeis = [re.sub(r"\D", "", v) for v in values(records, "IMEI")]
    assert imeis and all(len(d) == 15 and luhn_valid(d) for d in imeis)
    cards = [re.sub(r"\D", "", v) for v in values(records, "CREDIT_CARD")]
    assert cards and all(13 <= len(d) <= 19 and luhn_valid(d) for d in cards)  # old Visa: 13
    assert not luhn_valid(cards[0][:-1] + str((int(cards[0][-1]) + 1) % 10))  # the check bites
    vins = values(records, "VIN")
    assert vins and all(len(v) == 17 and vin_check_digit(v) == v[8] for v in vins)
    for ssn in values(records, "US_SSN"):
        digits = re.sub(r"\D", "", ssn)
        area, group, serial = digits[:3], digits[3:5], digits[5:]
        assert len(digits) == 9 and area not in ("000", "666") and area[0] != "9"
        assert group != "00" and serial != "0000"
    assert all(90 <= int(v) <= 109 for v in values(records, "AGE_OVER_89"))
    assert all(re.fullmatch(r"\d{5}", v) and v != "00000" for v in values(records, "ZIP_CODE"))
    emails = values(records, "EMAIL_ADDRESS")
    assert all("@" in v or (" at " in v and " dot " in v) for v in emails)
    urls = values(records, "PERSONAL_URL")
    assert urls and all(v.startswith("https://") and " " not in v for v in urls)


def test_every_scored_type_is_planted_at_full_scale(split: str) -> None:
    full = pii.corpus(3000, 16, split)
    planted = Counter(kind for _, labels in full for *_, kind in labels)
    assert set(planted) == {*pii.LABELED_ENTITIES, *pii.split_parts(split)[3]}
    assert min(planted.values()) >= 200
    assert 18_000 <= sum(planted.values()) <= 26_000
