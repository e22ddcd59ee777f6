"""benchmarks/pii.py's fresh9 split: run by the benchmark, its own check digits hold, hard
negatives never labeled, names and phrasings none of the other splits (fresh8 included) use.
What every blind split holds is tested in test_benchmark_pii_blind_splits.py."""

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
import pii_fresh9  # noqa: E402
import train_person_model  # noqa: E402

RECORDS = 1000


@pytest.fixture(scope="module")
def records() -> list[pii.Record]:
    return pii.corpus(RECORDS, 16, "fresh9")


def test_fresh9_is_run_by_the_benchmark_and_trained_on_by_the_person_judge() -> None:
    pools, fillers, figures, extra = pii.split_parts("fresh9")
    assert pools == [pii_fresh9.CHAT, pii_fresh9.CLINICAL, pii_fresh9.CODE]
    assert fillers is pii_fresh9.FILLERS
    assert figures == pii_fresh9.FIGURES and "Nelson Mandela" in figures
    assert extra == ["PERSONAL_URL", "FAX_NUMBER"]
    assert "fresh9" in pii.MODULE_SPLITS and "fresh9" not in pii.SPLITS
    assert pii.split_parts("fresh8")[1] is pii_fresh8.FILLERS  # fresh8 keeps its own
    # blind until its PERSON figures were taken (session 8); the judge trains on it since
    assert "fresh9" in train_person_model.TRAINING_SPLITS
    assert "fresh9" not in train_person_model.BLIND


def _values(records: list[pii.Record], kind: str) -> list[str]:
    return [text[s:e] for text, labels in records for s, e, k in labels if k == kind]


def _mod97_iban(iban: str) -> bool:
    raw = iban.replace(" ", "")
    moved = raw[4:] + raw[:4]
    return int("".join(str(int(c, 36)) for c in moved)) % 97 == 1


def _nir_valid(nir: str) -> bool:
    digits = nir.replace(" ", "")
    return len(digits) == 15 and 97 - int(digits[:13]) % 97 == int(digits[13:])


def _phn_valid(phn: str) -> bool:
    digits = phn.replace(" ", "")
    weights = [2, 4, 8, 5, 10, 9, 7, 3]
    total = sum(int(c) * w % 11 for c, w in zip(digits[1:9], weights, strict=True))
    return len(digits) == 10 and digits[0] == "9" and 11 - total % 11 == int(digits[9])


def test_fresh9_identifiers_carry_their_check_digits(records: list[pii.Record]) -> None:
    accounts = _values(records, "ACCOUNT_NUMBER")
    ibans = [v for v in accounts if re.match(r"[A-Z]{2}\d\d ", v)]
    assert ibans and all(_mod97_iban(v) for v in ibans)
    assert not _mod97_iban(ibans[0][:-1] + str((int(ibans[0][-1]) + 1) % 10))
    plans = _values(records, "HEALTH_PLAN_ID")
    nirs = [v for v in plans if re.fullmatch(r"[12] \d\d \d\d \d\d \d{3} \d{3} \d\d", v)]
    assert nirs and all(_nir_valid(v) for v in nirs)
    assert not _nir_valid(nirs[0][:-1] + str((int(nirs[0][-1]) + 1) % 10))
    phns = [v for v in plans if re.fullmatch(r"9\d{3} \d{3} \d{3}", v)]
    assert phns and all(_phn_valid(v) for v in phns)
    assert not _phn_valid(phns[0][:-1] + str((int(phns[0][-1]) + 1) % 10))
    cards = [re.sub(r"\D", "", v) for v in _values(records, "CREDIT_CARD")]
    assert {len(d) for d in cards} == {14, 15, 16, 19}  # Diners, Amex / UATP, the rest


def test_check_digit_makers_skip_the_bodies_without_one() -> None:
    rng = random.Random(5)
    assert all(_phn_valid(pii_fresh9.bc_phn(rng)) for _ in range(500))
    assert all(_nir_valid(pii_fresh9.nir(rng)) for _ in range(500))
    assert all(_mod97_iban(pii_fresh9.iban(rng)) for _ in range(500))


WORDS_AS_WORDS = [
    "clover honey", "just for a lark", "Justice of the Peace", "patient journey",
    "merit increase", "Snow day", "winter storm", "Moon boot", "swan-neck deformity",
    "pike position", "Dove soap",
]  # fmt: skip
NEGATIVES = [
    *pii_fresh9.DRUGS, *pii_fresh9.EPONYMS, *pii_fresh9.SIGNS, *pii_fresh9.TECH_EPONYMS,
    *pii_fresh9.TOOLS, *pii_fresh9.CLINICS, *pii_fresh9.COMPANIES, *pii_fresh9.CAR_BRANDS,
    *pii_fresh9.FIGURES,
    *pii_fresh9.NOT_PERSONAL_IPS, *WORDS_AS_WORDS, "90-day supply",
    *(f"Poison Control at {hotline}" for hotline in pii_fresh9.HOTLINES),
    *(f"RxBIN {rxbin}" for rxbin in pii_fresh9.RXBINS),
]  # fmt: skip


def test_hard_negatives_appear_and_are_never_labeled(records: list[pii.Record]) -> None:
    seen: Counter[str] = Counter()
    for text, labels in records:
        for negative in NEGATIVES:
            pattern = rf"(?<![\w.]){re.escape(negative)}(?![\w.]\w)"
            for hit in re.finditer(pattern, text, flags=re.IGNORECASE):
                seen[negative] += 1
                inside = [(s, e, k) for s, e, k in labels if s < hit.end() and hit.start() < e]
                assert not inside, (negative, text, inside)
    assert all(seen[phrase] for phrase in WORDS_AS_WORDS), seen
    assert sum(seen[f] for f in pii_fresh9.FIGURES) >= 20
    assert sum(seen[ip] for ip in pii_fresh9.NOT_PERSONAL_IPS) >= 50
    assert sum(seen[c] for c in pii_fresh9.CAR_BRANDS) >= 20


def test_masked_numbers_and_ages_under_90_are_never_labeled(records: list[pii.Record]) -> None:
    masked = 0
    for text, labels in records:
        for hit in re.finditer(
            r"(XXX-XX-|\*\*\*-\*\*-|•••• |ending in |xxxx-xxxx-xxxx-)\d{4}", text
        ):
            masked += 1
            assert not [1 for s, e, _ in labels if s < hit.end() and hit.start() < e], text
        for hit in re.finditer(r"\b(8[789])(?:yo| y/o|-year-old)", text):
            assert not [1 for s, e, _ in labels if s <= hit.start(1) < e], text
    assert masked >= 50


def test_word_names_are_labeled_as_names(records: list[pii.Record]) -> None:
    named = Counter(v for v in _values(records, "PERSON") if v in pii_fresh9.WORD_NAMED)
    assert set(named) == set(pii_fresh9.WORD_NAMED)


def _other_splits(suffix: str) -> set[str]:
    values: set[str] = set()
    for module in (pii, pii_fresh7, pii_fresh8):
        for attribute, value in vars(module).items():
            if attribute.endswith(suffix) and isinstance(value, list | tuple):
                values.update(v for v in value if isinstance(v, str))
    return values


@pytest.mark.parametrize(
    ("ours", "suffix"),
    [
        (pii_fresh9.FIRST, "FIRST"),
        (pii_fresh9.LAST, "LAST"),
        (pii_fresh9.WHOLE, "WHOLE"),
        (pii_fresh9.NICKNAMES, "NICKNAMES"),
        (pii_fresh9.DRUGS, "DRUGS"),
        (pii_fresh9.EPONYMS, "EPONYMS"),
        (pii_fresh9.FIGURES, "FIGURES"),
        (pii_fresh9.NOT_PERSONAL_IPS, "NOT_PERSONAL_IPS"),
        (pii_fresh9.TOOLS, "TOOLS"),
        (pii_fresh9.CLINICS, "CLINICS"),
        (pii_fresh9.COMPANIES, "COMPANIES"),
        (pii_fresh9.WORD_NAMED, "WORD_NAMED"),
    ],
)
def test_names_and_negatives_are_new(ours: list[str], suffix: str) -> None:
    others = _other_splits(suffix)
    assert others, suffix  # the comparison found the other splits' lists
    assert not set(ours) & others, set(ours) & others


def test_no_template_of_another_split_is_reused() -> None:
    theirs = {t for pools, _ in pii.SPLITS.values() for pool in pools for t in pool}
    theirs |= {t for module in (pii_fresh7, pii_fresh8) for pool in module.POOLS for t in pool}
    ours = [t for pool in pii_fresh9.POOLS for t in pool]
    assert len(ours) == len(set(ours)) and not set(ours) & theirs
