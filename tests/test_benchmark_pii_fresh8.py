"""benchmarks/pii.py's fresh8 split: seeded, labels exact by construction, every scored type
planted, hard negatives never labeled, names and phrasings none of the other splits (fresh7
included) use."""

from __future__ import annotations

import random
import re
import sys
from collections import Counter
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
sys.path.insert(0, str(BENCHMARKS))

import pii  # noqa: E402
import pii_fresh7  # noqa: E402
import pii_fresh8  # noqa: E402

RECORDS = 1000


@pytest.fixture(scope="module")
def records() -> list[pii.Record]:
    return pii.corpus(RECORDS, 16, "fresh8")


def test_fresh8_is_run_by_the_benchmark_with_its_figures_and_extra_types() -> None:
    pools, fillers, figures, extra = pii.split_parts("fresh8")
    assert pools == [pii_fresh8.CHAT, pii_fresh8.CLINICAL, pii_fresh8.CODE]
    assert fillers is pii_fresh8.FILLERS
    assert figures == pii_fresh8.FIGURES and "Marie Curie" in figures
    assert extra == ["PERSONAL_URL", "FAX_NUMBER"]
    assert "fresh8" in pii.MODULE_SPLITS and "fresh8" not in pii.SPLITS
    assert pii.split_parts("fresh7")[1] is pii_fresh7.FILLERS  # fresh7 keeps its own
    with pytest.raises(KeyError):
        pii.split_parts("fresh99")


def _values(records: list[pii.Record], kind: str) -> list[str]:
    return [text[s:e] for text, labels in records for s, e, k in labels if k == kind]


def _nhs_valid(number: str) -> bool:
    digits = re.sub(r"\D", "", number)
    check = 11 - sum(int(c) * (10 - i) for i, c in enumerate(digits[:9])) % 11
    return len(digits) == 10 and check != 10 and check % 11 == int(digits[9])


def test_fresh8_identifiers_hold_its_own_shapes(records: list[pii.Record]) -> None:
    """Beyond what every blind split holds (test_benchmark_pii_blind_splits.py): fresh8's cards
    are 16 or 19 digits, its ages at most 106, its emails never spelled out, and its NHS
    numbers carry their mod-11 check digit."""
    cards = [re.sub(r"\D", "", v) for v in _values(records, "CREDIT_CARD")]
    assert cards and all(len(d) in (16, 19) for d in cards)
    assert all(int(v) <= 106 for v in _values(records, "AGE_OVER_89"))
    assert all("@" in v for v in _values(records, "EMAIL_ADDRESS"))
    nhs = [v for v in _values(records, "HEALTH_PLAN_ID") if re.fullmatch(r"\d{3} \d{3} \d{4}", v)]
    assert nhs and all(_nhs_valid(v) for v in nhs)
    assert not _nhs_valid(nhs[0][:-1] + str((int(nhs[0][-1]) + 1) % 10))


def test_nhs_numbers_skip_the_bodies_without_a_check_digit() -> None:
    rng = random.Random(3)
    assert all(_nhs_valid(pii_fresh8.nhs_number(rng)) for _ in range(500))


NEGATIVES = [
    *pii_fresh8.DRUGS, *pii_fresh8.EPONYMS, *pii_fresh8.TECH_EPONYMS, *pii_fresh8.TOOLS,
    *pii_fresh8.CLINICS, *pii_fresh8.COMPANIES, *pii_fresh8.FIGURES,
    *pii_fresh8.NOT_PERSONAL_IPS, *pii_fresh8.CPT_CODES, "poison ivy", "Sage advice",
    "Sage green", "Pay cash", "crystal clear", "Honor the SLA", "Reed diffuser", "Frost on the",
]  # fmt: skip


def test_hard_negatives_appear_and_are_never_labeled(records: list[pii.Record]) -> None:
    seen: Counter[str] = Counter()
    for text, labels in records:
        for negative in NEGATIVES:
            for hit in re.finditer(rf"(?<![\w.]){re.escape(negative)}(?![\w.]\w)", text):
                seen[negative] += 1
                inside = [(s, e, k) for s, e, k in labels if s < hit.end() and hit.start() < e]
                assert not inside, (negative, text, inside)
    assert seen["Honor the SLA"] and seen["Pay cash"] and seen["Reed diffuser"]
    assert sum(seen[f] for f in pii_fresh8.FIGURES) >= 20
    assert sum(seen[ip] for ip in pii_fresh8.NOT_PERSONAL_IPS) >= 50
    assert sum(seen[code] for code in pii_fresh8.CPT_CODES) >= 20


def test_word_names_are_labeled_as_names_and_not_as_words(records: list[pii.Record]) -> None:
    named = Counter(v for v in _values(records, "PERSON") if v in pii_fresh8.WORD_NAMED)
    assert set(named) == set(pii_fresh8.WORD_NAMED)


def _other_splits(suffix: str) -> set[str]:
    values: set[str] = set()
    for module in (pii, pii_fresh7):
        for attribute, value in vars(module).items():
            if attribute.endswith(suffix) and isinstance(value, list | tuple):
                values.update(v for v in value if isinstance(v, str))
    return values


@pytest.mark.parametrize(
    ("ours", "suffix"),
    [
        (pii_fresh8.FIRST, "FIRST"),
        (pii_fresh8.LAST, "LAST"),
        (pii_fresh8.WHOLE, "WHOLE"),
        (pii_fresh8.NICKNAMES, "NICKNAMES"),
        (pii_fresh8.DRUGS, "DRUGS"),
        (pii_fresh8.EPONYMS, "EPONYMS"),
        (pii_fresh8.FIGURES, "FIGURES"),
        (pii_fresh8.NOT_PERSONAL_IPS, "NOT_PERSONAL_IPS"),
        (pii_fresh8.TOOLS, "TOOLS"),
        (pii_fresh8.CLINICS, "CLINICS"),
        (pii_fresh8.COMPANIES, "COMPANIES"),
    ],
)
def test_names_and_negatives_are_new(ours: list[str], suffix: str) -> None:
    others = _other_splits(suffix)
    assert others, suffix  # the comparison found the other splits' lists
    assert not set(ours) & others, set(ours) & others


def test_no_template_of_another_split_is_reused() -> None:
    theirs = {t for pools, _ in pii.SPLITS.values() for pool in pools for t in pool}
    theirs |= {t for pool in pii_fresh7.POOLS for t in pool}
    ours = [t for pool in pii_fresh8.POOLS for t in pool]
    assert len(ours) == len(set(ours)) and not set(ours) & theirs
