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
        pii.split_parts("fresh99")


def test_an_older_split_keeps_its_own_parts() -> None:
    pools, fillers, figures, extra = pii.split_parts("fresh6")
    assert (pools, fillers) == pii.SPLITS["fresh6"]
    assert figures == pii.FRESH6_FIGURES and extra == pii.FRESH6_EXTRA_ENTITIES
    assert pii.split_parts("in-sample")[2:] == (None, [])


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
