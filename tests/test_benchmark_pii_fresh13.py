"""benchmarks/pii.py's fresh13 split: run by the benchmark, refused by the person-model trainer,
its own check digits hold, hard negatives never labeled, multi-part names planted whole, its
name vocabulary new to every earlier split.
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
import pii_fresh13  # noqa: E402
import train_person_model  # noqa: E402

RECORDS = 1000
PARTICLES = {"ap", "Ní", "Nic", "Mac", "Ó"}  # shared by Welsh and Irish names, no name alone


@pytest.fixture(scope="module")
def records() -> list[pii.Record]:
    return pii.corpus(RECORDS, 16, "fresh13")


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


def test_fresh13_is_run_by_the_benchmark_and_no_longer_blind() -> None:
    pools, fillers, figures, extra = pii.split_parts("fresh13")
    assert pools == [pii_fresh13.CHAT, pii_fresh13.CLINICAL, pii_fresh13.CODE]
    assert fillers is pii_fresh13.FILLERS
    assert figures == pii_fresh13.FIGURES and "Aneurin Bevan" in figures
    assert extra == ["PERSONAL_URL", "FAX_NUMBER"]
    assert "fresh13" in pii.MODULE_SPLITS and "fresh13" not in pii.SPLITS
    # blind in session 9, tuned on since session 10 (benchmarks/pii_blind.py)
    assert "fresh13" not in train_person_model.BLIND


def _nhs_valid(value: str) -> bool:
    raw = re.sub(r"\D", "", value)
    total = sum(int(c) * w for c, w in zip(raw[:9], range(10, 1, -1), strict=True))
    return len(raw) == 10 and (11 - total % 11) % 11 == int(raw[9])


def test_nhs_numbers_carry_their_mod11_check_and_a_wrong_one_fails(
    records: list[pii.Record],
) -> None:
    after = re.compile(r'(?:NHS No |NHS number: |rhif GIG |"nhs": ")$')
    nhs = [
        text[s:e]
        for text, labels in records
        for s, e, k in labels
        if k == "HEALTH_PLAN_ID" and after.search(text[:s].replace("\n", " "))
    ]
    assert len(nhs) >= 50 and all(_nhs_valid(v) for v in nhs)
    bad = nhs[0][:-1] + str((int(nhs[0][-1]) + 1) % 10)
    assert not _nhs_valid(bad)


def _mod97(iban: str) -> bool:
    raw = iban.replace(" ", "")
    moved = raw[4:] + raw[:4]
    return int("".join(str(int(c, 36)) for c in moved)) % 97 == 1


def test_ibans_carry_their_mod97_check(records: list[pii.Record]) -> None:
    ibans = [
        v
        for v in _values(records, "ACCOUNT_NUMBER")
        if v[:2] in ("IS", "PT", "AT", "IE", "FI", "EE") and v[2:4].isdigit()
    ]
    assert len(ibans) >= 20 and all(_mod97(v) for v in ibans)
    assert not _mod97(ibans[0][:-1] + str((int(ibans[0][-1]) + 1) % 10))


def test_spanish_licences_carry_the_dni_letter(records: list[pii.Record]) -> None:
    spanish = [v for v in _values(records, "LICENSE_NUMBER") if re.fullmatch(r"\d{8}[A-Z]", v)]
    assert len(spanish) >= 10
    assert all(pii_fresh13.SPAIN_LETTERS[int(v[:8]) % 23] == v[8] for v in spanish)


def test_hard_negatives_occur_and_are_never_labeled(records: list[pii.Record]) -> None:
    negatives = [
        "Caldicott guardian", "Zoely", "169.254.169.254", "168.63.129.16", "air miles",
        "chip and PIN", "carol service", "Jade plant", "aged 64 to 89", "ORD-",
    ]  # fmt: skip
    assert all(_unlabeled(records, needle) for needle in negatives)
    for figure in pii_fresh13.FIGURES:
        _unlabeled(records, figure)
    readings = re.compile(r"SpO2 (\d+)%|with (\d+)% sats|mean glucose (\d+) mg/dL")
    seen = 0
    for text, labels in records:
        for match in readings.finditer(text):
            seen += 1
            start = next(match.start(g) for g in (1, 2, 3) if match.group(g))
            assert not any(s <= start < e for s, e, _ in labels)
    assert seen >= 20


def test_multi_part_names_are_planted_whole(records: list[pii.Record]) -> None:
    people = _values(records, "PERSON")
    for whole in ("Ní Mhurchú", "ap Gruffydd", "Sarmento Barbosa", "OGASAWARA Tsubasa"):
        assert any(whole in p for p in people), whole
    assert not any(p in PARTICLES for p in people)


def _tokens(names: object) -> set[str]:
    return {t for n in names for t in str(n).split()} if isinstance(names, list | tuple) else set()


def test_name_tokens_are_new_to_every_earlier_split() -> None:
    ours = _tokens([*pii_fresh13.FIRST, *pii_fresh13.LAST, *pii_fresh13.WHOLE])
    ours |= _tokens([*pii_fresh13.EAST_ASIAN, *pii_fresh13.NICKNAMES])
    earlier: set[str] = set()
    for module in [pii, *(importlib.import_module(f"pii_fresh{n}") for n in range(7, 12))]:
        for attr, value in vars(module).items():
            if attr.isupper() and ("FIRST" in attr or "LAST" in attr or "NICK" in attr):
                earlier |= _tokens(value)
            if attr in ("WHOLE", "WORD_NAMED"):
                earlier |= _tokens(value)
    assert earlier and not (ours - PARTICLES) & earlier


def test_planted_ips_are_valid_addresses(records: list[pii.Record]) -> None:
    ips = [ipaddress.ip_address(v) for v in _values(records, "IP_ADDRESS")]
    assert sum(ip.version == 6 for ip in ips) >= 50
    assert all(ip.is_global for ip in ips)  # a home or mobile address, no resolver or LAN
    with pytest.raises(ValueError):  # seven groups: what the first measured run planted
        ipaddress.ip_address("2a00:23c7:1a2b:3c4d:5e6f:7a8b:9c0d")
