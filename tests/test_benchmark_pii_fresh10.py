"""benchmarks/pii.py's fresh10 split: run by the benchmark, its own check digits hold, hard
negatives never labeled, names and phrasings none of the other splits (fresh9 included) use.
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
import pii_fresh10  # noqa: E402
import train_person_model  # noqa: E402

from govern.scan.identifiers import luhn_valid  # noqa: E402

RECORDS = 1000


@pytest.fixture(scope="module")
def records() -> list[pii.Record]:
    return pii.corpus(RECORDS, 16, "fresh10")


def test_fresh10_is_run_by_the_benchmark_and_trained_on_by_the_person_judge() -> None:
    pools, fillers, figures, extra = pii.split_parts("fresh10")
    assert pools == [pii_fresh10.CHAT, pii_fresh10.CLINICAL, pii_fresh10.CODE]
    assert fillers is pii_fresh10.FILLERS
    assert figures == pii_fresh10.FIGURES and "Kofi Annan" in figures
    assert extra == ["PERSONAL_URL", "FAX_NUMBER"]
    assert "fresh10" in pii.MODULE_SPLITS and "fresh10" not in pii.SPLITS
    assert pii.split_parts("fresh9")[1] is pii_fresh9.FILLERS  # fresh9 keeps its own
    # blind until its PERSON figures were taken (session 8); the judge trains on it since
    assert "fresh10" in train_person_model.TRAINING_SPLITS
    assert "fresh10" not in train_person_model.BLIND


def _values(records: list[pii.Record], kind: str) -> list[str]:
    return [text[s:e] for text, labels in records for s, e, k in labels if k == kind]


def _mod97_iban(iban: str) -> bool:
    raw = iban.replace(" ", "")
    moved = raw[4:] + raw[:4]
    return int("".join(str(int(c, 36)) for c in moved)) % 97 == 1


def _chi_valid(chi: str) -> bool:
    digits = chi.replace(" ", "")
    if not re.fullmatch(r"\d{10}", digits) or not 1 <= int(digits[:2]) <= 31:
        return False
    check = 11 - sum(int(c) * (10 - i) for i, c in enumerate(digits[:9])) % 11
    return (0 if check == 11 else check) == int(digits[9])


def _nhi_valid(nhi: str) -> bool:
    letters = "ABCDEFGHJKLMNPQRSTUVWXYZ"
    if not re.fullmatch(r"[A-HJ-NP-Z]{3}\d{4}", nhi):
        return False
    values = [letters.index(c) + 1 for c in nhi[:3]] + [int(c) for c in nhi[3:6]]
    remainder = sum(v * (7 - i) for i, v in enumerate(values)) % 11
    return remainder != 0 and 11 - remainder < 10 and 11 - remainder == int(nhi[6])


def test_fresh10_identifiers_carry_their_check_digits(records: list[pii.Record]) -> None:
    accounts = _values(records, "ACCOUNT_NUMBER")
    ibans = [v for v in accounts if re.match(r"[A-Z]{2}\d\d ", v)]
    assert {v[:2] for v in ibans} == {"ES", "IT", "FR", "SA", "TR", "BG"}
    assert all(_mod97_iban(v) for v in ibans)
    assert not _mod97_iban(ibans[0][:-1] + str((int(ibans[0][-1]) + 1) % 10))
    plans = _values(records, "HEALTH_PLAN_ID")
    chis = [v for v in plans if re.fullmatch(r"\d{6} \d{4}", v)]
    assert chis and all(_chi_valid(v) for v in chis)
    assert not _chi_valid(chis[0][:-1] + str((int(chis[0][-1]) + 1) % 10))
    nhis = [v for v in plans if re.fullmatch(r"[A-Z]{3}\d{4}", v)]
    assert nhis and all(_nhi_valid(v) for v in nhis)
    assert not _nhi_valid(nhis[0][:-1] + str((int(nhis[0][-1]) + 1) % 10))
    ihis = [v.replace(" ", "") for v in plans if v.startswith("8003 60")]
    assert ihis and all(len(v) == 16 and luhn_valid(v) for v in ihis)
    cards = [re.sub(r"\D", "", v) for v in _values(records, "CREDIT_CARD")]
    assert {d[:4] for d in cards} >= {"8600", "9860", "5019", "5078", "6042", "9804"}
    assert {len(d) for d in cards} == {13, 16}  # the old 13-digit Visa, the rest


def test_check_digit_makers_skip_the_bodies_without_one() -> None:
    rng = random.Random(5)
    assert all(_chi_valid(pii_fresh10.chi(rng)) for _ in range(500))
    assert all(_nhi_valid(pii_fresh10.nhi(rng)) for _ in range(500))
    assert all(_mod97_iban(pii_fresh10.iban(rng)) for _ in range(500))
    assert all(luhn_valid(pii_fresh10.ihi(rng).replace(" ", "")) for _ in range(500))


def test_spoken_phone_numbers_read_back_as_the_digits_planted() -> None:
    rng = random.Random(7)
    for _ in range(200):
        said = pii_fresh10.spoken_phone(rng)
        digits = "".join(str(pii_fresh10.SPOKEN.index(w)) for w in said.replace(",", "").split())
        assert len(digits) == 10 and digits[0] in "23456789", said


WORDS_AS_WORDS = [
    *pii_fresh10.WORD_PHRASES, "{{ticket.requester.first_name}}", "/home/jovyan",
]  # fmt: skip
NEGATIVES = [
    *pii_fresh10.DRUGS, *pii_fresh10.EPONYMS, *pii_fresh10.SIGNS, *pii_fresh10.TECH_EPONYMS,
    *pii_fresh10.TOOLS, *pii_fresh10.CLINICS, *pii_fresh10.COMPANIES, *pii_fresh10.FIGURES,
    *pii_fresh10.NOT_PERSONAL_IPS, *WORDS_AS_WORDS, *pii_fresh10.CDT_CODES,
    "an Angle Class II malocclusion",
]  # fmt: skip


def test_hard_negatives_appear_and_are_never_labeled(records: list[pii.Record]) -> None:
    seen: Counter[str] = Counter()
    for text, labels in records:
        for negative in NEGATIVES:
            pattern = rf"(?<![\w.]){re.escape(negative)}(?![\w.]\w)"
            for hit in re.finditer(pattern, text):
                inside = [(s, e, k) for s, e, k in labels if s < hit.end() and hit.start() < e]
                if inside and all(k == "PERSON" and s > hit.start() for s, _, k in inside):
                    continue  # "acknowledged by chance sok": a lower-case name, not the phrase
                seen[negative] += 1
                assert not inside, (negative, text, inside)
    assert all(seen[phrase] for phrase in WORDS_AS_WORDS), seen
    assert all(seen[pill] for pill in pii_fresh10.CONTRACEPTIVES), seen
    assert sum(seen[f] for f in pii_fresh10.FIGURES) >= 20
    assert sum(seen[ip] for ip in pii_fresh10.NOT_PERSONAL_IPS) >= 50
    assert sum(seen[c] for c in pii_fresh10.CLINICS) >= 20


def test_masked_numbers_and_ages_under_90_are_never_labeled(records: list[pii.Record]) -> None:
    masked = 0
    for text, labels in records:
        for hit in re.finditer(
            r"(SSN \(last 4\): |###-##-|\*\*\*\* \*\*\*\* \*\*\*\* |card ending |X{12})\d{4}", text
        ):
            masked += 1
            assert not [1 for s, e, _ in labels if s < hit.end() and hit.start() < e], text
        for hit in re.finditer(r"\b(8[689])(?: y/o|, lives alone)", text):
            assert not [1 for s, e, _ in labels if s <= hit.start(1) < e], text
    assert masked >= 50


def test_ages_over_89_are_the_digits_alone(records: list[pii.Record]) -> None:
    ages: Counter[str] = Counter()
    for text, labels in records:
        for start, end, kind in labels:
            if kind == "AGE_OVER_89":
                ages[text[end : end + 4]] += 1
                assert text[start:end].isdigit()
    assert ages["yrs,"] and ages[" ans"] and ages[" y 4"]  # "93yrs", "93 ans", "93 y 4 m"


def test_word_names_and_spelled_names_are_labeled_as_names(records: list[pii.Record]) -> None:
    people = _values(records, "PERSON")
    named = Counter(v for v in people if v in pii_fresh10.WORD_NAMED)
    assert set(named) == set(pii_fresh10.WORD_NAMED)
    assert any(re.fullmatch(r"[A-Z](?:-[A-Z])+", v) for v in people)  # "C-A-M-A-R-A"


def _other_splits(suffix: str) -> set[str]:
    values: set[str] = set()
    for module in (pii, pii_fresh7, pii_fresh8, pii_fresh9):
        for attribute, value in vars(module).items():
            if attribute.endswith(suffix) and isinstance(value, list | tuple):
                values.update(v for v in value if isinstance(v, str))
    return values


@pytest.mark.parametrize(
    ("ours", "suffix"),
    [
        (pii_fresh10.FIRST, "FIRST"),
        (pii_fresh10.LAST, "LAST"),
        (pii_fresh10.WHOLE, "WHOLE"),
        (pii_fresh10.NICKNAMES, "NICKNAMES"),
        (pii_fresh10.DRUGS, "DRUGS"),
        (pii_fresh10.EPONYMS, "EPONYMS"),
        (pii_fresh10.FIGURES, "FIGURES"),
        (pii_fresh10.NOT_PERSONAL_IPS, "NOT_PERSONAL_IPS"),
        (pii_fresh10.TOOLS, "TOOLS"),
        (pii_fresh10.CLINICS, "CLINICS"),
        (pii_fresh10.COMPANIES, "COMPANIES"),
        (pii_fresh10.WORD_NAMED, "WORD_NAMED"),
    ],
)
def test_names_and_negatives_are_new(ours: list[str], suffix: str) -> None:
    others = _other_splits(suffix)
    assert others, suffix  # the comparison found the other splits' lists
    assert not set(ours) & others, set(ours) & others


def test_no_template_of_another_split_is_reused() -> None:
    theirs = {t for pools, _ in pii.SPLITS.values() for pool in pools for t in pool}
    modules = (pii_fresh7, pii_fresh8, pii_fresh9)
    theirs |= {t for module in modules for pool in module.POOLS for t in pool}
    ours = [t for pool in pii_fresh10.POOLS for t in pool]
    assert len(ours) == len(set(ours)) and not set(ours) & theirs
