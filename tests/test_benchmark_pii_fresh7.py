"""benchmarks/pii.py's fresh7 split: seeded, labels exact by construction, every scored type
planted, hard negatives never labeled, names and phrasings none of the other splits use."""

from __future__ import annotations

import re
import sys
from collections import Counter
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
sys.path.insert(0, str(BENCHMARKS))

import pii  # noqa: E402
import pii_fresh7  # noqa: E402

from govern.scan.identifiers import luhn_valid, vin_check_digit  # noqa: E402

RECORDS = 1000


@pytest.fixture(scope="module")
def records() -> list[pii.Record]:
    return pii.corpus(RECORDS, 16, "fresh7")


def test_fresh7_is_run_by_the_benchmark_with_its_figures_and_extra_types() -> None:
    pools, fillers, figures, extra = pii.split_parts("fresh7")
    assert pools == [pii_fresh7.CHAT, pii_fresh7.CLINICAL, pii_fresh7.CODE]
    assert fillers is pii_fresh7.FILLERS
    assert figures == pii_fresh7.FIGURES and "Florence Nightingale" in figures
    assert extra == ["PERSONAL_URL", "FAX_NUMBER"]
    assert "fresh7" in pii.MODULE_SPLITS and "fresh7" not in pii.SPLITS
    with pytest.raises(KeyError):
        pii.split_parts("fresh9")


def test_an_older_split_keeps_its_own_parts() -> None:
    pools, fillers, figures, extra = pii.split_parts("fresh6")
    assert (pools, fillers) == pii.SPLITS["fresh6"]
    assert figures == pii.FRESH6_FIGURES and extra == pii.FRESH6_EXTRA_ENTITIES
    assert pii.split_parts("in-sample")[2:] == (None, [])


def test_the_corpus_is_seeded(records: list[pii.Record]) -> None:
    assert pii.corpus(RECORDS, 16, "fresh7") == records
    assert pii.corpus(RECORDS, 17, "fresh7") != records


def test_labels_are_in_bounds_trimmed_disjoint_and_of_a_scored_type(
    records: list[pii.Record],
) -> None:
    scored = {*pii.LABELED_ENTITIES, *pii_fresh7.EXTRA_ENTITIES}
    for text, labels in records:
        ordered = sorted(labels)
        for start, end, kind in ordered:
            assert 0 <= start < end <= len(text) and kind in scored
            assert text[start:end] == text[start:end].strip()
        for (_, end, _), (following, _, _) in zip(ordered, ordered[1:], strict=False):
            assert end <= following, (text, labels)


def _values(records: list[pii.Record], kind: str) -> list[str]:
    return [text[s:e] for text, labels in records for s, e, k in labels if k == kind]


def test_planted_identifiers_are_valid_by_construction(records: list[pii.Record]) -> None:
    imeis = [re.sub(r"\D", "", v) for v in _values(records, "IMEI")]
    assert imeis and all(len(d) == 15 and luhn_valid(d) for d in imeis)
    cards = [re.sub(r"\D", "", v) for v in _values(records, "CREDIT_CARD")]
    assert cards and all(15 <= len(d) <= 19 and luhn_valid(d) for d in cards)
    assert not luhn_valid(cards[0][:-1] + str((int(cards[0][-1]) + 1) % 10))  # the check bites
    vins = _values(records, "VIN")
    assert vins and all(len(v) == 17 and vin_check_digit(v) == v[8] for v in vins)
    for ssn in _values(records, "US_SSN"):
        digits = re.sub(r"\D", "", ssn)
        area, group, serial = digits[:3], digits[3:5], digits[5:]
        assert len(digits) == 9 and area not in ("000", "666") and area[0] != "9"
        assert group != "00" and serial != "0000"
    assert all(90 <= int(v) <= 109 for v in _values(records, "AGE_OVER_89"))
    assert all(re.fullmatch(r"\d{5}", v) and v != "00000" for v in _values(records, "ZIP_CODE"))
    emails = _values(records, "EMAIL_ADDRESS")
    assert all("@" in v or (" at " in v and " dot " in v) for v in emails)
    urls = _values(records, "PERSONAL_URL")
    assert urls and all(v.startswith("https://") and " " not in v for v in urls)


def test_every_scored_type_is_planted_at_fresh6_scale() -> None:
    full = pii.corpus(3000, 16, "fresh7")
    planted = Counter(kind for _, labels in full for *_, kind in labels)
    assert set(planted) == {*pii.LABELED_ENTITIES, *pii_fresh7.EXTRA_ENTITIES}
    assert min(planted.values()) >= 200
    assert 18_000 <= sum(planted.values()) <= 26_000


NEGATIVES = [
    *pii_fresh7.DRUGS, *pii_fresh7.EPONYMS, *pii_fresh7.TOOLS, *pii_fresh7.CLINICS,
    *pii_fresh7.COMPANIES, *pii_fresh7.FIGURES, *pii_fresh7.NOT_PERSONAL_IPS,
    *pii_fresh7.SERVICE_ACCOUNTS, "Don gloves", "amber urine", "rich in potassium",
    "rob Peter to pay Paul", "routing=021000021", "p95 latency",
]  # fmt: skip


def test_hard_negatives_appear_and_are_never_labeled(records: list[pii.Record]) -> None:
    seen: Counter[str] = Counter()
    for text, labels in records:
        for negative in NEGATIVES:
            for hit in re.finditer(re.escape(negative), text):
                seen[negative] += 1
                inside = [(s, e, k) for s, e, k in labels if s < hit.end() and hit.start() < e]
                assert not inside, (negative, text, inside)
    assert seen["Don gloves"] and seen["routing=021000021"]
    assert sum(seen[f] for f in pii_fresh7.FIGURES) >= 20
    assert sum(seen[ip] for ip in pii_fresh7.NOT_PERSONAL_IPS) >= 50


def _other_splits(suffix: str) -> set[str]:
    values: set[str] = set()
    for attribute, value in vars(pii).items():
        if attribute.endswith(suffix) and isinstance(value, list | tuple):
            values.update(v for v in value if isinstance(v, str))
    return values


@pytest.mark.parametrize(
    ("ours", "suffix"),
    [
        (pii_fresh7.FIRST, "FIRST"),
        (pii_fresh7.LAST, "LAST"),
        (pii_fresh7.WHOLE, "WHOLE"),
        (pii_fresh7.NICKNAMES, "NICKNAMES"),
        (pii_fresh7.DRUGS, "DRUGS"),
        (pii_fresh7.EPONYMS, "EPONYMS"),
        (pii_fresh7.FIGURES, "FIGURES"),
        (pii_fresh7.NOT_PERSONAL_IPS, "NOT_PERSONAL_IPS"),
    ],
)
def test_names_and_negatives_are_new(ours: list[str], suffix: str) -> None:
    others = _other_splits(suffix)
    assert others, suffix  # the comparison found the other splits' lists
    assert not set(ours) & others


def test_no_template_of_another_split_is_reused() -> None:
    theirs = {t for pools, _ in pii.SPLITS.values() for pool in pools for t in pool}
    ours = [t for pool in pii_fresh7.POOLS for t in pool]
    assert len(ours) == len(set(ours)) and not set(ours) & theirs
