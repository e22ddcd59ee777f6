"""benchmarks/pii.py's fresh12 split: run by the benchmark, refused by the person-model trainer,
its SIM serials hold their Luhn digit, hard negatives never labeled, multi-part names planted
whole, its names new to every earlier split. What every blind split holds is tested in
test_benchmark_pii_blind_splits.py."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
sys.path.insert(0, str(BENCHMARKS))

import pii  # noqa: E402
import pii_fresh11  # noqa: E402
import pii_fresh12  # noqa: E402
import train_person_model  # noqa: E402

from govern.scan.identifiers import luhn_valid  # noqa: E402

RECORDS = 1000


@pytest.fixture(scope="module")
def records() -> list[pii.Record]:
    return pii.corpus(RECORDS, 16, "fresh12")


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


def test_fresh12_is_run_by_the_benchmark_and_no_longer_blind() -> None:
    pools, fillers, figures, extra = pii.split_parts("fresh12")
    assert pools == [pii_fresh12.CHAT, pii_fresh12.CLINICAL, pii_fresh12.RECORDS]
    assert fillers is pii_fresh12.FILLERS
    assert figures == pii_fresh12.FIGURES and "Jimmy Carter" in figures
    assert extra == ["PERSONAL_URL", "FAX_NUMBER"]
    assert "fresh12" in pii.MODULE_SPLITS and "fresh12" not in pii.SPLITS
    assert pii.split_parts("fresh11")[1] is pii_fresh11.FILLERS  # fresh11 keeps its own
    # blind in session 9, tuned on since session 10 (benchmarks/pii_blind.py)
    assert "fresh12" not in train_person_model.BLIND


def test_sim_serials_carry_their_luhn_digit_and_a_wrong_one_fails(
    records: list[pii.Record],
) -> None:
    iccids = [v for v in _values(records, "DEVICE_SERIAL") if v.startswith("8901")]
    assert len(iccids) >= 20 and all(len(v) == 19 and luhn_valid(v) for v in iccids)
    assert not luhn_valid(iccids[0][:-1] + str((int(iccids[0][-1]) + 1) % 10))


def test_ages_are_labeled_as_the_digits_of_a_year_old(records: list[pii.Record]) -> None:
    hyphenated = 0
    for text, labels in records:
        for s, e, k in labels:
            if k == "AGE_OVER_89" and text[e:].startswith("-year-old"):
                hyphenated += 1
                assert 90 <= int(text[s:e]) <= 106
    assert hyphenated >= 20
    young = re.compile(r", (\d+) yo, |is a (\d+)-year-old [A-Z]|patient is (\d+)\.")
    seen = 0
    for text, labels in records:
        for match in young.finditer(text):
            group = next(g for g in (1, 2, 3) if match.group(g))
            if any(s <= match.start(group) < e for s, e, _ in labels):
                continue  # a planted age over 89 in the same shape
            seen += 1
            assert int(match.group(group)) < 90
    assert seen >= 20


def test_hard_negatives_occur_and_are_never_labeled(records: list[pii.Record]) -> None:
    negatives = [
        "Swan-Ganz", "Wenckebach", "Tenckhoff", "Schlemm's canal", "Mohs", "Tinel",
        "King Charles spaniel", "Doberman", "Lincoln Navigator", "Tesla", "Raymond James",
        "Jackson Hewitt", "Duke Energy", "royal blue", "Story time", "4.2.2.2", "127.0.0.1",
        "021000021", "Medicare Part B",
    ]  # fmt: skip
    assert all(_unlabeled(records, needle) for needle in negatives)
    for figure in pii_fresh12.FIGURES:
        _unlabeled(records, figure)
    for pet in pii_fresh12.PETS:
        _unlabeled(records, pet)
    assert all(_unlabeled(records, code) for code in ("92928", "96413", "E0601", "I25.10"))


def test_multi_part_names_are_planted_whole(records: list[pii.Record]) -> None:
    people = _values(records, "PERSON")
    for whole in ("Le Bihan", "Ccahuana Huillca", "Batungbakal-Dimaano", "Zubizarreta Goikoetxea"):
        assert any(whole in p for p in people), whole
    assert "Le" not in pii_fresh12.LAST and "Bihan" not in pii_fresh12.LAST
    assert not any(p.endswith(" Le") or p.startswith("Bihan") for p in people)


NAME_LISTS = [
    "FIRST", "LAST", "HELD_FIRST", "HELD_LAST", "FRESH_FIRST", "FRESH_LAST", "NICKNAMES",
    "WHOLE", "WORD_NAMES", "WORD_NAMED", "HELD_WORDS", "FRESH_WORDS",
]  # fmt: skip


def _tokens(names: object) -> set[str]:
    if isinstance(names, str):
        names = names.split()
    found: set[str] = set()
    for entry in names if isinstance(names, list | tuple) else []:
        found.update(t.casefold() for t in re.split(r"[ \-]", str(entry)) if t)
    return found


def test_names_are_new_to_every_earlier_split() -> None:
    import importlib

    earlier: set[str] = set()
    for module in [pii] + [importlib.import_module(f"pii_fresh{i}") for i in range(7, 12)]:
        for attr in dir(module):
            if attr.endswith(("FIRST", "LAST", "WHOLE", "NICKNAMES", "WORDS", "WORD_NAMES")):
                earlier |= _tokens(getattr(module, attr))
    assert {"kahananui", "sione", "blessing"} <= earlier  # the collection reads the old lists
    ours = set()
    for attr in ("FIRST", "LAST", "WHOLE", "NICKNAMES"):
        ours |= _tokens(getattr(pii_fresh12, attr))
    assert not (ours - {"ma."}) & earlier
