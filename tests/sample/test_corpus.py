"""The sample corpus: byte-stable, labels exact, planted values valid, each source in its format."""

from __future__ import annotations

import csv
import difflib
import itertools
import json
import re
import stat
import time
from collections import defaultdict
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
import yaml

from govern.sample.corpus import CSV_COLUMNS, CorpusSummary, write_corpus
from govern.sample.fakes import iban_valid, luhn_valid, ssn_valid

SMALL = {"n_support": 60, "n_clinic": 40, "n_forum": 20, "n_instructions": 30, "n_code": 20}
DATA_FILES = {
    "support_chats": "corpus/support_chats/data.jsonl",
    "clinic_dialogues": "corpus/clinic_dialogues/data.jsonl",
    "forum_threads": "corpus/forum_threads/data.json",
    "instructions": "corpus/instructions/data.jsonl",
    "code_help": "corpus/code_help/data.csv",
}
CARD_LICENSES = {
    "support_chats": "cc-by-4.0",
    "clinic_dialogues": "cc-by-nc-4.0",
    "instructions": "apache-2.0",
    "code_help": "mit",
}
PII_TYPES = {
    "PERSON", "EMAIL_ADDRESS", "PHONE_NUMBER", "CREDIT_CARD", "IBAN_CODE", "US_SSN",
    "IP_ADDRESS", "STREET_ADDRESS", "SECRET", "PERSONAL_DATE", "MEDICAL_RECORD_NUMBER",
    "FAX_NUMBER",
}  # fmt: skip
SECRET_SUBTYPES = {
    "aws_access_key_id", "aws_secret_access_key", "github_token", "github_fine_grained_token",
    "huggingface_token", "private_key", "url_password",
}  # fmt: skip
# Assembled, so this file holds no secret-looking literal either.
SECRET_SHAPES = {
    "aws_access_key_id": "AK" + "IA" + "[A-Z0-9]{16}",
    "aws_secret_access_key": "[A-Za-z0-9/+]{40}",
    "github_token": "gh" + "p_" + "[A-Za-z0-9]{36}",
    "github_fine_grained_token": "github" + "_pat_" + "[A-Za-z0-9_]{82}",
    "huggingface_token": "h" + "f_" + "[A-Za-z]{34}",
    "private_key": "-----BEGIN (RSA) PRIVATE KEY-----\n"
    "(?:[A-Za-z0-9+/=]+\n)+-----END \\1 PRIVATE KEY-----",
    "url_password": "[A-Za-z0-9._~*!-]+",
}


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, CorpusSummary]:
    root = tmp_path_factory.mktemp("sample")
    return root, write_corpus(root, seed=7, **SMALL)


def read_records(path: Path) -> list[dict[str, Any]]:
    if path.suffix == ".json":
        records: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))
        return records
    if path.suffix == ".csv":
        with path.open(encoding="utf-8", newline="") as handle:
            return list(csv.DictReader(handle))
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def read_labels(root: Path, name: str) -> list[dict[str, Any]]:
    return read_records(root / "labels" / f"{name}.jsonl")


def field_text(record: dict[str, Any], field_path: str) -> str:
    value: Any = record
    for part in field_path.split("."):
        value = value[int(part)] if isinstance(value, list) else value[part]
    assert isinstance(value, str)
    return value


def all_bytes(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in root.rglob("*") if p.is_file()}


def test_same_seed_same_bytes_other_seed_other_data(tmp_path: Path) -> None:
    first = all_bytes(write_corpus(tmp_path / "a", seed=3, **SMALL).root)
    again = all_bytes(write_corpus(tmp_path / "b", seed=3, **SMALL).root)
    other = all_bytes(write_corpus(tmp_path / "c", seed=4, **SMALL).root)

    assert first == again
    assert first.keys() == other.keys()
    for relative in [*DATA_FILES.values(), "labels/planted.jsonl", "labels/negatives.jsonl"]:
        assert first[relative] != other[relative], relative


def test_every_label_points_at_its_value(corpus: tuple[Path, CorpusSummary]) -> None:
    root, _ = corpus
    records = {
        relative: {record["id"]: record for record in read_records(root / relative)}
        for relative in DATA_FILES.values()
    }
    labels = read_labels(root, "planted") + read_labels(root, "negatives")
    assert labels
    for label in labels:
        text = field_text(records[label["file"]][label["record_id"]], label["field"])
        assert text[label["start"] : label["end"]] == label["value"], label


def test_planted_values_are_valid_and_every_kind_is_there(
    corpus: tuple[Path, CorpusSummary],
) -> None:
    root, _ = corpus
    planted = read_labels(root, "planted")
    assert {label["type"] for label in planted} == PII_TYPES
    assert {label["subtype"] for label in planted if label["type"] == "SECRET"} == SECRET_SUBTYPES
    for label in planted:
        value = label["value"]
        if label["type"] == "CREDIT_CARD":
            assert luhn_valid(value), value
            assert value[:4] in ("4111", "5555", "5500", "3782", "3714"), value
        elif label["type"] == "IBAN_CODE":
            assert iban_valid(value) and value[:2] in ("DE", "GB", "FR"), value
        elif label["type"] == "US_SSN":
            assert ssn_valid(value), value
        elif label["type"] == "SECRET":
            assert re.fullmatch(SECRET_SHAPES[label["subtype"]], value), label["subtype"]
        elif label["type"] == "MEDICAL_RECORD_NUMBER":
            assert re.fullmatch(r"(?:[A-Z]{2}-)?\d{8}", value), value
        elif label["type"] == "PERSONAL_DATE":  # a date of birth or a visit: a real calendar day
            assert re.search(r"\b(?:19[3-9]\d|20[0-2]\d)\b", value), value
        else:
            assert label["subtype"] is None


def test_validators_reject_tampered_values(corpus: tuple[Path, CorpusSummary]) -> None:
    root, _ = corpus
    planted = read_labels(root, "planted")
    card = next(label["value"] for label in planted if label["type"] == "CREDIT_CARD")
    iban = next(label["value"] for label in planted if label["type"] == "IBAN_CODE")
    ssn = next(label["value"] for label in planted if label["type"] == "US_SSN")

    assert not luhn_valid(card[:-1] + str((int(card[-1]) + 1) % 10))
    assert not iban_valid(iban[:2] + f"{(int(iban[2:4]) + 1) % 100:02d}" + iban[4:])
    assert not ssn_valid("666" + ssn[3:]) and not ssn_valid(ssn[:7] + "0000")


def test_near_miss_cards_fail_luhn_and_other_near_misses_look_right(
    corpus: tuple[Path, CorpusSummary],
) -> None:
    root, _ = corpus
    negatives = read_labels(root, "negatives")
    subtypes = {label["subtype"] for label in negatives}
    assert subtypes == {
        "git_commit_sha",
        "sha256_digest",
        "uuid",
        "order_number",
        "no_tld",
        "docs_url",
        "clinic_date",
    }
    for label in negatives:
        value = label["value"]
        if label["subtype"] == "order_number":
            assert len(re.sub(r"\D", "", value)) == 16 and not luhn_valid(value), value
        elif label["subtype"] == "git_commit_sha":
            assert re.fullmatch(r"[0-9a-f]{40}", value)
        elif label["subtype"] == "no_tld":
            assert re.fullmatch(r"\w+@\w+", value)


def test_every_source_in_its_format(corpus: tuple[Path, CorpusSummary]) -> None:
    root, summary = corpus
    expected = dict(zip(DATA_FILES, SMALL.values(), strict=True))
    assert dict(summary.counts) == expected
    all_ids: list[str] = []
    for source, relative in DATA_FILES.items():
        records = read_records(root / relative)
        assert len(records) == expected[source]
        assert {record["source"] for record in records} == {source}
        documents: dict[str, int] = defaultdict(int)
        for record in records:
            documents[record["document_id"]] += 1
            if relative.endswith(".csv"):
                assert tuple(record) == CSV_COLUMNS
            elif "instructions" in relative:
                assert {"instruction", "input", "output"} <= record.keys()
            else:
                roles = [message["role"] for message in record["messages"]]
                assert 2 <= len(roles) <= 6 and "user" in roles and "assistant" in roles
                assert set(roles) <= {"system", "user", "assistant"}
        assert max(documents.values()) > 1, "several records per document"
        all_ids += [record["id"] for record in records]
    assert len(all_ids) == len(set(all_ids))

    assert (root / "corpus/forum_threads/data.json").read_text().lstrip().startswith("[")
    forum = read_records(root / DATA_FILES["forum_threads"])
    assert {record["license"] for record in forum} == {"unknown"}
    assert not (root / "corpus/forum_threads/README.md").exists()
    assert all("patient_id" in r for r in read_records(root / DATA_FILES["clinic_dialogues"]))
    instructions = read_records(root / DATA_FILES["instructions"])
    assert any(record["input"] == "" for record in instructions)
    code = read_records(root / DATA_FILES["code_help"])
    assert any("\n" in record["input"] for record in code), "CSV fields keep their newlines"
    for source, license_id in CARD_LICENSES.items():
        card = (root / f"corpus/{source}/README.md").read_text()
        front = yaml.safe_load(card.split("---\n")[1])
        assert front["license"] == license_id and front["pretty_name"] and front["source_url"]
    assert (root / "corpus/code_help/LICENSE").read_text().startswith("MIT License")


def test_near_duplicates_differ_slightly_under_new_conversation_ids(
    corpus: tuple[Path, CorpusSummary],
) -> None:
    root, summary = corpus
    support = {r["id"]: r for r in read_records(root / DATA_FILES["support_chats"])}
    pairs = read_labels(root, "near_duplicates")
    assert len(pairs) == summary.near_duplicates >= 1
    for pair in pairs:
        original, copy = support[pair["original_id"]], support[pair["duplicate_id"]]
        assert original["conversation_id"] != copy["conversation_id"]
        texts = ["\n".join(m["content"] for m in r["messages"]) for r in (original, copy)]
        assert texts[0] != texts[1]
        # Without autojunk: on long texts it discards common letters and understates similarity.
        assert difflib.SequenceMatcher(None, texts[0], texts[1], autojunk=False).ratio() > 0.9


def test_a_clinic_patient_reopens_under_a_new_conversation_id(
    corpus: tuple[Path, CorpusSummary],
) -> None:
    root, _ = corpus
    by_patient: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for record in read_records(root / DATA_FILES["clinic_dialogues"]):
        by_patient[record["patient_id"]].append(record)

    def close_pair(records: list[dict[str, Any]]) -> bool:
        times = sorted((parse(r["timestamp"]), r["conversation_id"]) for r in records)
        return any(
            later - earlier <= timedelta(hours=1) and a != b
            for (earlier, a), (later, b) in itertools.pairwise(times)
        )

    assert any(close_pair(records) for records in by_patient.values())
    assert any(len(records) >= 2 for records in by_patient.values())


def parse(timestamp: str) -> datetime:
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", timestamp), timestamp
    return datetime.fromisoformat(timestamp)


def test_timestamps_fall_in_2024_and_2025(corpus: tuple[Path, CorpusSummary]) -> None:
    root, _ = corpus
    for relative in DATA_FILES.values():
        for record in read_records(root / relative):
            moment = parse(record["timestamp"])
            assert datetime(2024, 1, 1, tzinfo=UTC) <= moment < datetime(2026, 1, 1, tzinfo=UTC)


def test_files_are_owner_only_and_all_listed(corpus: tuple[Path, CorpusSummary]) -> None:
    root, summary = corpus
    files = sorted(p for p in root.rglob("*") if p.is_file())
    assert sorted(summary.files) == files
    assert len(files) == 13
    for path in files:
        assert stat.S_IMODE(path.stat().st_mode) == 0o600, path
    for folder in (p for p in root.rglob("*") if p.is_dir()):
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700, folder


def test_default_sizes_are_fast_with_a_realistic_share_of_pii(tmp_path: Path) -> None:
    started = time.perf_counter()
    summary = write_corpus(tmp_path)
    assert time.perf_counter() - started < 5

    assert sum(summary.counts.values()) == 4000
    planted = read_labels(tmp_path, "planted")
    for source, relative in DATA_FILES.items():
        carrying = {label["record_id"] for label in planted if label["file"] == relative}
        assert 0.10 <= len(carrying) / summary.counts[source] <= 0.20, source
    assert sum(summary.planted.values()) == len(planted)
    assert summary.near_duplicates == round(0.02 * summary.counts["support_chats"])
