"""benchmarks/pii.py's fresh14 split: run by the benchmark, refused by every learned judge's
trainer, OCR-noised values labeled as they appear, hard negatives never labeled, multi-part
names planted whole, its name vocabulary new to every earlier split.
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
import pii_fresh14  # noqa: E402

RECORDS = 1000
TRAINERS = [
    "train_person_model", "train_identifier_model", "train_username_model", "train_date_model",
]  # fmt: skip
EARLIER = [
    "pii", "names", "pii_shapes", "pii_id_shapes", "pii_user_shapes", "pii_date_shapes",
    *(f"pii_fresh{n}" for n in range(7, 14)),
]  # fmt: skip


@pytest.fixture(scope="module")
def records() -> list[pii.Record]:
    return pii.corpus(RECORDS, 16, "fresh14")


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


def test_fresh14_is_run_by_the_benchmark() -> None:
    pools, fillers, figures, extra = pii.split_parts("fresh14")
    assert pools == [pii_fresh14.CHAT, pii_fresh14.CLINICAL, pii_fresh14.CODE]
    assert fillers is pii_fresh14.FILLERS
    assert figures == pii_fresh14.FIGURES and "Fred Rogers" in figures
    assert extra == ["PERSONAL_URL", "FAX_NUMBER"]
    assert "fresh14" in pii.MODULE_SPLITS and "fresh14" not in pii.SPLITS


@pytest.mark.parametrize("trainer", TRAINERS)
def test_every_judge_trainer_refuses_fresh14_by_name(trainer: str) -> None:
    module = importlib.import_module(trainer)
    assert "fresh14" in module.BLIND and "fresh14" not in module.TRAINING_SPLITS
    for flag in ("--splits", "--evaluate"):
        with pytest.raises(SystemExit) as refused:
            module.main([flag, "fresh14"])
        assert refused.value.code == 2


def test_ocr_noise_is_in_the_labeled_value(records: list[pii.Record]) -> None:
    """A fax's OCR reads 0 as O, 1 as l, 5 as S, 8 as B: the label holds what the text holds."""
    faxes = _values(records, "FAX_NUMBER")
    noisy = [v for v in faxes if re.search(r"[OlSB]", v)]
    shape = re.compile(r"\([\dOlSB]{3}\) {0,2}[\dOlSB-]+")  # a space may be lost or doubled
    assert len(noisy) >= 30 and all(shape.fullmatch(v) for v in noisy)
    dates = [v for v in _values(records, "PERSONAL_DATE") if re.search(r"\d[OlSB]|[OlSB]\d", v)]
    assert len(dates) >= 20
    for text, labels in records:
        if "RECEIVED FAX" in text:
            assert any(k == "FAX_NUMBER" for *_, k in labels)


def test_hard_negatives_occur_and_are_never_labeled(records: list[pii.Record]) -> None:
    negatives = [
        "Osgood-Schlatter", "Tommy John surgery", "Korsakoff", "Thurgood Marshall",
        "Cesar Chavez", "Jose Rizal", "Johns Hopkins", "Wells Fargo", "Jollibee", "Dr Pepper",
        "cotton candy", "127.0.0.1", "100.64.12.7", "208.67.222.222", "CS-", "INC",
        "Event ID", "baseline_arm_1", "Sublocade",
    ]  # fmt: skip
    assert all(_unlabeled(records, needle) for needle in negatives)
    for figure in pii_fresh14.FIGURES:
        _unlabeled(records, figure)
    tracking = re.compile(r"\b1Z[0-9A-Z]{16}\b")  # UPS: the same length as a VIN, no check digit
    assert sum(_unlabeled(records, m.group()) for t, _ in records for m in tracking.finditer(t))
    scores = re.compile(r"PHQ-9 (\d+)|BIMS (\d+)|\((?:age|age:) (\d+)\)|(\d+) y/o, seizure")
    seen = 0
    for text, labels in records:
        for match in scores.finditer(text):
            seen += 1
            start = next(match.start(g) for g in range(1, 5) if match.group(g))
            assert not any(s <= start < e for s, e, _ in labels)
    assert seen >= 50


def test_ages_over_89_are_labeled_in_every_language(records: list[pii.Record]) -> None:
    for after in (r"\d+ años", r"\d+ anyos", r"; age \d+\. C0500", r"cumple \d+"):
        hits = [(text, labels, m) for text, labels in records for m in re.finditer(after, text)]
        assert hits, after
        for _, labels, m in hits:
            number = re.search(r"\d+", m.group()).span()  # type: ignore[union-attr]
            span = (m.start() + number[0], m.start() + number[1], "AGE_OVER_89")
            assert span in labels


def test_multi_part_names_are_planted_whole(records: list[pii.Record]) -> None:
    people = _values(records, "PERSON")
    for whole in ("Ngurah Gede Wibowo", "Yerutí Villalba Cáceres", "Marivic Dimagiba-Ocampo"):
        assert whole in people, whole


def _tokens(names: object) -> set[str]:
    if isinstance(names, str):
        return set(re.split(r"[\s,-]+", names))
    if isinstance(names, list | tuple | set | frozenset):
        return {t for n in names if isinstance(n, str) for t in re.split(r"[\s,-]+", n)}
    return set()


def test_name_tokens_are_new_to_every_earlier_split() -> None:
    ours = _tokens([*pii_fresh14.FIRST, *pii_fresh14.LAST, *pii_fresh14.WHOLE])
    ours |= _tokens(pii_fresh14.NICKNAMES)
    ours.discard("")
    earlier: set[str] = set()
    for module in (importlib.import_module(name) for name in EARLIER):
        for attr, value in vars(module).items():
            if attr.isupper():  # every list: names, and words that must not be read as names
                earlier |= _tokens(value)
    assert len(earlier) > 2000
    assert not {t.lower() for t in ours} & {t.lower() for t in earlier}


def test_planted_ips_are_public_and_local_ones_are_not_planted(
    records: list[pii.Record],
) -> None:
    ips = [ipaddress.ip_address(v) for v in _values(records, "IP_ADDRESS")]
    assert sum(ip.version == 6 for ip in ips) >= 20 and all(ip.is_global for ip in ips)
    for local in pii_fresh14.NOT_PERSONAL_IPS:
        address = ipaddress.ip_address(local)
        assert not address.is_global or str(address) in {
            "9.9.9.9", "208.67.222.222", "149.112.112.112",
        }  # fmt: skip
