"""benchmarks/pii.py's fresh15 split: run by the benchmark, refused by every learned judge's
trainer, pets never labeled and their owners labeled, run-together PDF columns labeled to the
character, booking / receipt / claim numbers never labeled, A-numbers and SIM serials labeled,
its name vocabulary new to every earlier split (fresh14's included).
What every blind split holds is tested in test_benchmark_pii_blind_splits.py."""

from __future__ import annotations

import importlib
import ipaddress
import re
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
sys.path.insert(0, str(BENCHMARKS))

import pii  # noqa: E402
import pii_fresh15  # noqa: E402

from govern.scan.identifiers import luhn_valid  # noqa: E402

RECORDS = 1000
TRAINERS = [
    "train_person_model", "train_identifier_model", "train_username_model", "train_date_model",
]  # fmt: skip
EARLIER = [
    "pii", "names", "pii_shapes", "pii_id_shapes", "pii_user_shapes", "pii_date_shapes",
    *(f"pii_fresh{n}" for n in range(7, 15)),
]  # fmt: skip


@pytest.fixture(scope="module")
def records() -> list[pii.Record]:
    return pii.corpus(RECORDS, 16, "fresh15")


def _values(records: list[pii.Record], kind: str) -> list[str]:
    return [text[s:e] for text, labels in records for s, e, k in labels if k == kind]


def _unlabeled(records: list[pii.Record], needle: str) -> int:
    """How often ``needle`` occurs in the texts; fails if any occurrence is inside a label."""
    seen = 0
    for text, labels in records:
        for match in re.finditer(re.escape(needle), text):
            seen += 1
            assert not any(s < match.end() and match.start() < e for s, e, _ in labels), needle
    return seen


def _labeled_as(records: list[pii.Record], pattern: str, kind: str, group: int = 1) -> int:
    """How often ``pattern`` matches; fails unless its ``group`` is exactly a label of ``kind``."""
    seen = 0
    for text, labels in records:
        for match in re.finditer(pattern, text):
            seen += 1
            assert (match.start(group), match.end(group), kind) in labels, match.group()
    return seen


def test_fresh15_is_run_by_the_benchmark() -> None:
    pools, fillers, figures, extra = pii.split_parts("fresh15")
    assert pools == [pii_fresh15.CHAT, pii_fresh15.CLINICAL, pii_fresh15.CODE]
    assert fillers is pii_fresh15.FILLERS
    assert figures == pii_fresh15.FIGURES and "Cesar Millan" in figures
    assert extra == ["PERSONAL_URL", "FAX_NUMBER"]
    assert "fresh15" in pii.MODULE_SPLITS and "fresh15" not in pii.SPLITS


@pytest.mark.parametrize("trainer", TRAINERS)
def test_every_judge_trainer_refuses_fresh15_by_name(trainer: str) -> None:
    module = importlib.import_module(trainer)
    assert "fresh15" in module.BLIND and "fresh15" not in module.TRAINING_SPLITS
    for flag in ("--splits", "--evaluate"):
        with pytest.raises(SystemExit) as refused:
            module.main([flag, "fresh15"])
        assert refused.value.code == 2


def test_pets_are_never_labeled_and_their_owners_are(records: list[pii.Record]) -> None:
    for pet in pii_fresh15.PETS:
        assert _unlabeled(records, pet), pet
    assert _labeled_as(records, r"· Owner: ([^\n·]+?) ·", "PERSON") >= 10
    assert _labeled_as(records, r"Client ([^()\n]+?) \(", "PERSON") >= 10


def test_booking_case_and_plan_level_numbers_are_never_labeled(
    records: list[pii.Record],
) -> None:
    negatives = [
        r"booking ([A-Z0-9]{6})", r"e-ticket (\d{13})", r"confirmation (\d{8})",
        r"receipt(?: notice)? ([A-Z]{3}\d{10})", r"Claim ([\d-]+[A-Z]\d\d)", r"CAD (F\d{9})",
        r"NDC ([\d-]+)", r"BIN (\d{6})", r"IFSC ([A-Z]{4}0\d{6})", r"PIN (\d{4,6})",
        r"FedEx (7\d{11})", r"odometer ([\d,]+)", r"ending in (\d{4})", r"(\*\*\*-\*\*-\d{4})",
        r"(XXX-XX-\d{4})", r"QC lot (\d{5})",
    ]  # fmt: skip
    for pattern in negatives:
        hits = [(t, lab, m) for t, lab in records for m in re.finditer(pattern, t)]
        assert hits, pattern
        for _, labels, m in hits:
            assert not any(s < m.end(1) and m.start(1) < e for s, e, _ in labels), pattern
    for needle in [*pii_fresh15.FIGURES, *pii_fresh15.CARS, "Walgreens", "Dana-Farber"]:
        _unlabeled(records, needle)
    assert _unlabeled(records, "Cheyne-Stokes") and _unlabeled(records, "Bell's palsy")


def test_vitals_doses_and_young_ages_are_never_labeled(records: list[pii.Record]) -> None:
    """Numbers of 90 and over that are not ages: heart rates, doses; and ages under 90."""
    numbers = re.compile(
        r"HR (\d+)|SpO2 (\d+)|IOP (\d+)|wt (\d+) lb|nani (\d+) saal|(\d+) mg|Pt aged (\d+)"
        r"|Pt is (\d+)"
    )
    seen = over_89 = 0
    for text, labels in records:
        for match in numbers.finditer(text):
            group = next(g for g in range(1, 9) if match.group(g))
            assert not any(s <= match.start(group) < e for s, e, _ in labels), match.group()
            seen += 1
            over_89 += int(match.group(group)) >= 90
    assert seen >= 200 and over_89 >= 20


def test_ages_over_89_are_labeled_in_french_and_hindi(records: list[pii.Record]) -> None:
    for after in (r"(\d+) ans demain", r"dadi (\d+) saal", r", aged (\d+)", r"(\d+) y\.o\."):
        assert _labeled_as(records, after, "AGE_OVER_89") >= 5, after


def test_run_together_columns_are_labeled_to_the_character(records: list[pii.Record]) -> None:
    """A PDF table pasted with its columns run together: each value's label stops where the next
    value starts, with no space between them."""
    touching = 0
    for text, labels in records:
        if not text.count("Name DOB SSN Plan ID"):
            continue
        ordered = sorted(labels)
        touching += sum(a[1] == b[0] for a, b in zip(ordered, ordered[1:], strict=False))
    assert touching >= 10


def test_a_numbers_and_passports_are_labeled_and_receipts_are_not(
    records: list[pii.Record],
) -> None:
    assert _labeled_as(records, r"A-number (A[\d -]+\d)", "LICENSE_NUMBER") >= 5
    assert _labeled_as(records, r"a_number=(A[\d -]+\d)", "LICENSE_NUMBER") >= 5
    assert _labeled_as(records, r"passport ([A-Z0-9]+)", "LICENSE_NUMBER") >= 5
    assert _labeled_as(records, r"State Bar No\. (\d+)", "LICENSE_NUMBER") >= 5


def test_planted_check_digits_hold(records: list[pii.Record]) -> None:
    ibans = [v.replace(" ", "") for v in _values(records, "ACCOUNT_NUMBER") if v[:2] == "FR"]
    assert len(ibans) >= 20
    for iban in ibans:
        moved = iban[4:] + iban[:4]
        assert int("".join(str(int(c, 36)) for c in moved)) % 97 == 1
    broken = ibans[0][:-1] + str((int(ibans[0][-1]) + 1) % 10)
    assert int("".join(str(int(c, 36)) for c in broken[4:] + broken[:4])) % 97 != 1
    iccids = [v for v in _values(records, "DEVICE_SERIAL") if v.startswith("8901")]
    assert len(iccids) >= 20 and all(len(v) == 19 and luhn_valid(v) for v in iccids)
    assert _labeled_as(records, r"ICCID is (\d+)", "DEVICE_SERIAL") >= 5  # not a card


def test_multi_part_names_are_planted_whole(records: list[pii.Record]) -> None:
    people = _values(records, "PERSON")
    for whole in ("Aissatou Coumba Diatta", "Ntombizodwa Ngobeni-Mathebula", "Siila Kuptana"):
        assert whole in people, whole


def _tokens(names: object) -> set[str]:
    if isinstance(names, str):
        return set(re.split(r"[\s,-]+", names))
    if isinstance(names, list | tuple | set | frozenset):
        return {t for n in names if isinstance(n, str) for t in re.split(r"[\s,-]+", n)}
    return set()


def test_name_tokens_are_new_to_every_earlier_split() -> None:
    ours = _tokens([*pii_fresh15.FIRST, *pii_fresh15.LAST, *pii_fresh15.WHOLE])
    ours |= _tokens(pii_fresh15.NICKNAMES)
    ours.discard("")
    earlier: set[str] = set()
    for module in (importlib.import_module(name) for name in EARLIER):
        for attr, value in vars(module).items():
            if attr.isupper():  # every list: names, and words that must not be read as names
                earlier |= _tokens(value)
    assert len(earlier) > 2000 and "Tsiory" in earlier  # fresh14's names are among them
    assert not {t.lower() for t in ours} & {t.lower() for t in earlier}


def test_planted_ips_are_public_and_local_ones_are_not_planted(
    records: list[pii.Record],
) -> None:
    ips = [ipaddress.ip_address(v) for v in _values(records, "IP_ADDRESS")]
    assert sum(ip.version == 6 for ip in ips) >= 20 and all(ip.is_global for ip in ips)
    for local in pii_fresh15.NOT_PERSONAL_IPS:
        address = ipaddress.ip_address(local)
        shared = address.is_multicast or str(address) in {"8.8.4.4", "1.0.0.1"}  # resolvers
        assert not address.is_global or shared
        assert _unlabeled(records, local) or local in {"::1", "fe80::1"}
