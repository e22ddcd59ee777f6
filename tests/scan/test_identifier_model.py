"""The learned identifier judge (``govern.scan.identifier_model``), its label-vocabulary
records (``benchmarks/pii_id_shapes.py``) and its training script."""

from __future__ import annotations

import gzip
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from govern.errors import InputError
from govern.policy import PiiPolicy, Policy
from govern.scan import identifier_model
from govern.scan.base import Hit
from govern.scan.identifier_model import (
    CLASSES,
    KIND,
    MODEL,
    TYPES,
    Judge,
    candidates,
    features,
    label_features,
    shipped_model,
)
from govern.scan.linear import LinearModel, ModelFileError, load
from govern.scan.pii import PresidioDetector

ROOT = Path(__file__).resolve().parents[2]
MRN, ACCOUNT, PLATE, SERIAL = (
    "MEDICAL_RECORD_NUMBER",
    "ACCOUNT_NUMBER",
    "LICENSE_PLATE",
    "DEVICE_SERIAL",
)


def _model(weights: dict[str, dict[str, float]]) -> LinearModel:
    """A model whose features give the named classes these weights (others 0); "none" wins
    by default (bias 2 against 0)."""
    rows = {
        feature: tuple(by_class.get(name, 0.0) for name in CLASSES)
        for feature, by_class in weights.items()
    }
    bias = (2.0, *(0.0 for _ in TYPES))
    return LinearModel(KIND, CLASSES, rows, bias, {}, {})


# "chartno" is the label of a record number, "ordno" of no one's; a YYYYMMDD date is none
SYNTHETIC = _model(
    {
        "w1=chartno": {MRN: 8.0},
        "w1=acct": {ACCOUNT: 8.0},
        "w1=ordno": {"none": 4.0},
        "valid=yyyymmdd": {"none": 9.0},
        "w1=tag": {SERIAL: 6.0},
    }
)


def _spans(text: str, hits: list[Hit]) -> list[tuple[str, str]]:
    return [(text[h.start : h.end], h.type) for h in hits]


def _rule(text: str, value: str, kind: str) -> Hit:
    start = text.index(value)
    return Hit(start, start + len(value), kind, "presidio:SomeRecognizer", 0.85)


def test_the_judge_adds_what_the_rules_missed_and_not_a_near_miss() -> None:
    judge = Judge(SYNTHETIC, TYPES)
    text = "chartno 48213377, ordno 48213378"
    assert _spans(text, judge.judged(text, [])) == [("48213377", MRN)]
    # without the switch to add, nothing is added
    assert Judge(SYNTHETIC, TYPES, add=False).judged(text, []) == []
    # a type the policy does not scan is never added
    assert Judge(SYNTHETIC, [ACCOUNT]).judged(text, []) == []


def test_a_lone_value_is_left_to_the_rules() -> None:
    """A text of one token (a field's value: an id, a timestamp) has no label to read."""
    judge = Judge(_model({"digits=8": {MRN: 8.0}}), TYPES)
    assert judge.judged("48213377", []) == []
    assert judge.judged("  support-000123\n", []) == []
    assert _spans("x 48213377", judge.judged("x 48213377", [])) == [("48213377", MRN)]
    # an X12 segment or a label glued to its value is no lone value
    assert judge.judged("REF*EA*48213377~", []) != []
    assert judge.judged("MRN:48213377", []) != []


def test_the_judge_adds_nothing_over_another_type_s_finding() -> None:
    text = "chartno 48213377"
    phone = Hit(8, 16, "PHONE_NUMBER", "presidio:PhoneRecognizer", 0.75)
    assert Judge(SYNTHETIC, TYPES).judged(text, [phone]) == [phone]


def test_a_grouped_number_is_added_whole() -> None:
    text = "acct 5512 9930 1187 today"
    assert _spans(text, Judge(SYNTHETIC, TYPES).judged(text, [])) == [("5512 9930 1187", ACCOUNT)]


def test_the_judge_re_types_a_rule_hit_it_is_sure_of_and_keeps_an_unsure_one() -> None:
    text = "acct 40012987"
    mistyped = _rule(text, "40012987", MRN)
    (hit,) = Judge(SYNTHETIC, TYPES).judged(text, [mistyped])
    assert (hit.type, hit.detector) == (ACCOUNT, identifier_model.DETECTOR)
    # no label the model knows: "none" is likeliest but far from sure, the rule's hit stays
    text = "see 40012987"
    kept = _rule(text, "40012987", MRN)
    assert Judge(SYNTHETIC, TYPES).judged(text, [kept]) == [kept]
    # re-typing switched off: the rule's type stands
    text = "acct 40012987"
    assert Judge(SYNTHETIC, TYPES, retype=None).judged(text, [mistyped]) == [mistyped]


def test_the_judge_vetoes_a_rule_hit_it_is_sure_is_none() -> None:
    text = "Member ID: 20230514"
    dated = _rule(text, "20230514", "HEALTH_PLAN_ID")
    assert Judge(SYNTHETIC, TYPES).judged(text, [dated]) == []
    assert Judge(SYNTHETIC, TYPES, veto=None).judged(text, [dated]) == [dated]
    # not a valid date (month 23): kept
    text = "Member ID: 20232314"
    member = _rule(text, "20232314", "HEALTH_PLAN_ID")
    assert Judge(SYNTHETIC, TYPES).judged(text, [member]) == [member]
    # never another type's hit, whatever the model says
    text = "DOB 20230514"
    date = _rule(text, "20230514", "PERSONAL_DATE")
    assert Judge(SYNTHETIC, TYPES).judged(text, [date]) == [date]


def test_of_two_rules_types_on_one_span_the_likelier_stays() -> None:
    text = "tag 7XK2M93"
    serial, plate = _rule(text, "7XK2M93", SERIAL), _rule(text, "7XK2M93", PLATE)
    assert Judge(SYNTHETIC, TYPES).judged(text, [serial, plate]) == [serial]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("acct 5512 9930 1187.", ["5512 9930 1187", "5512", "9930", "1187"]),
        ("plate HH-AB 123 seen", ["HH-AB 123"]),
        ("reg 123 ABC, blue", ["123 ABC"]),
        ("MRN: E1234567", ["E1234567"]),
        ("v2.4.1 and ORD-774412", ["v2.4.1", "ORD-774412"]),
    ],
)
def test_candidates_are_code_groups_and_space_grouped_runs(text: str, expected: list[str]) -> None:
    found = [text[s:e] for s, e, _ in candidates(text, [])]
    assert set(expected) <= set(found)
    # words without a digit are never candidates by themselves
    assert not any(word in found for word in ("acct", "plate", "seen", "blue", "MRN"))


def test_the_rules_hits_are_candidates_with_their_verdict() -> None:
    text = "plate NOTURCAR, order 12345678"
    plate = _rule(text, "NOTURCAR", PLATE)
    order = _rule(text, "12345678", "PHONE_NUMBER")
    found = {text[s:e]: verdict for s, e, verdict in candidates(text, [plate, order])}
    assert found["NOTURCAR"] == PLATE  # no digit, but a rule's hit
    assert found["12345678"] == "other:PHONE_NUMBER"


@pytest.mark.parametrize(
    ("before", "words", "markers"),
    [
        ('{"patientId": "', ["w1=patientid"], ["mark=:", 'mark="']),
        ("Bank Account Number #", ["w1=number", "initials=ban"], ["mark=#"]),
        ("PID|1||", ["w1=<none>"], []),
        ("RxBIN 610014 RxPCN ", ["w1=rxpcn", "w2=<n>"], []),
    ],
)
def test_the_label_is_the_words_back_to_the_last_delimiter(
    before: str, words: list[str], markers: list[str]
) -> None:
    found = label_features(before, "9")
    assert set(words + markers) <= set(found)


def test_hl7_and_x12_fields_are_features() -> None:
    hl7 = "PID|1||40012987^^^GHH^MR||DOE^JANE"
    at = hl7.index("40012987")
    found = features(hl7, at, at + 8, "")
    assert {"hl7=PID-3", "hl7=PID-3.1", "a1=ghh", "a2=mr"} <= set(found)
    x12 = "NM1*IL*1*DOE*JANE****MI*W123456789~"
    at = x12.index("W123")
    assert "x12=NM1*MI" in features(x12, at, at + 10, "")
    ref = "REF*1W*55120987~"
    assert "x12=REF*1W" in features(ref, 7, 15, "")


def test_validity_flags_tell_dates_phones_and_luhn_numbers() -> None:
    def flags(token: str) -> set[str]:
        return {f for f in features(token, 0, len(token), "") if f.startswith("valid=")}

    assert flags("20230514") == {"valid=yyyymmdd"}
    assert flags("20231314") == set()  # month 13: no date
    assert "valid=date" in flags("12-03-56") and "valid=date" in flags("03/12/1990")
    assert "valid=date" not in flags("12-34-56")  # no month 34 nor day 34: a record number
    assert "valid=phone" in flags("503-555-0147")
    assert "valid=luhn" in flags("4111111111111111")
    assert "valid=luhn" not in flags("4111111111111112")


def _above(text: str, value: str) -> set[str]:
    at = text.index(value)
    return {f for f in features(text, at, at + len(value), "") if f.startswith("up")}


def test_the_line_above_is_read_where_a_value_opens_its_line() -> None:
    asked = "Adjuster: and the other vehicle's plate?\nCaller: KJX 4821, a gray sedan"
    assert {"up1=plate", "up1=plate|?", "up=vehicle"} <= _above(asked, "KJX 4821")
    alone = "Member ID:\n  W55120987"
    assert {"up1=id|:", "up=member"} <= _above(alone, "W55120987")
    # a value after a label of its own line, or on the first line, reads no line above
    assert (
        _above("Adjuster: the plate?\nCaller: the order number was 48213377", "48213377") == set()
    )
    assert _above("plate? KJX 4821", "KJX 4821") == set()


def test_the_field_before_a_delimiter_is_read() -> None:
    text = "Ordering: Ana Ruiz, NP, RN123456"
    at = text.index("RN123456")
    found = features(text, at, at + 8, "")
    assert "pf=np|," in found and "w1=<none>" in found
    near = "Ordering: Ana Ruiz NP RN123456"  # no delimiter: the label itself, no field before
    at = near.index("RN123456")
    assert not any(f.startswith("pf=") for f in features(near, at, at + 8, ""))


def test_the_judge_adds_a_value_a_question_above_names() -> None:
    judge = Judge(_model({"up1=plate|?": {PLATE: 8.0}, "up1=number|?": {"none": 4.0}}), TYPES)
    asked = "Agent: and the plate?\nCaller: KJX 4821"
    assert _spans(asked, judge.judged(asked, [])) == [("KJX 4821", PLATE)]
    other = "Agent: and the order number?\nCaller: KJX 4821"
    assert judge.judged(other, []) == []


# --- the shipped model -----------------------------------------------------------------------


def _scan(text: str, **options: object) -> list[tuple[str, str]]:
    pii = PiiPolicy.model_validate(options)
    hits = PresidioDetector(Policy(name="t", pii=pii)).detect_many([text])[0]
    return [(text[h.start : h.end], h.type) for h in hits if h.type in TYPES]


def test_the_shipped_model_loads_with_its_provenance() -> None:
    model = shipped_model()
    assert model.classes == CLASSES
    provenance = model.provenance
    assert {"fresh11", "fresh12", "fresh13"} <= set(provenance["training_splits"])
    assert not {"fresh14", "fresh15"} & set(provenance["training_splits"])
    assert "/tmp" not in provenance["command"]
    assert provenance["corpus_sha256"] and provenance["policy_sha256"] and provenance["govern"]
    assert MODEL.name.endswith(".json.gz")


@pytest.mark.parametrize(
    ("text", "value", "kind"),
    [
        ("BAN: 5512 9930 1187", "5512 9930 1187", ACCOUNT),
        ('{"patientIdentifier": "88120455"}', "88120455", MRN),
        ("REF*EA*55120987~", "55120987", MRN),
    ],
)
def test_the_policy_switch_puts_the_judge_in_the_scan(text: str, value: str, kind: str) -> None:
    assert PiiPolicy().identifier_model is True
    assert (value, kind) in _scan(text)
    assert (value, kind) not in _scan(text, identifier_model=False)


@pytest.mark.parametrize(
    ("text", "value", "kind"),
    [
        # the label is the question on the line above
        ("Adjuster: and the other vehicle's plate?\nCaller: KJX 4821, a gray sedan", "KJX 4821",
         PLATE),
        # a record number in a date's 2-2-2 shape that is no date (no month 41)
        ("Patient: DOE, Jane   Unit MRN: 41-07-93   Date: 16MAR25", "41-07-93", MRN),
        ("smart meter 94412087 reported a spike", "94412087", SERIAL),  # a utility meter
    ],
)  # fmt: skip
def test_the_retrained_judge_finds_this_round_s_classes(text: str, value: str, kind: str) -> None:
    assert (value, kind) in _scan(text)
    assert (value, kind) not in _scan(text, identifier_model=False)


@pytest.mark.parametrize(
    "text",
    [
        "Agent: and the order number?\nCaller: KJX 4821",  # the question names a near miss
        "Patient: DOE, Jane   Visit date: 12-03-56   Room: 12",  # a date in the same slot
        "smart meter firmware 4.12.7 reported a spike",
        "the meter reading 94412 kWh",
        "Tracking: 5512 9930 1187",
        '{"orderIdentifier": "88120455"}',
        "REF*6P*55120987~",
        "RxBIN 610014  RxPCN ADV  Group # 77321",
        "Routing #: 021000021",
    ],
)
def test_the_shipped_judge_passes_over_near_misses(text: str) -> None:
    assert _scan(text) == []


# --- the model file ----------------------------------------------------------------------------


def test_a_missing_model_file_is_one_line_naming_it(tmp_path: Path) -> None:
    missing = tmp_path / "identifier_model.json.gz"
    with pytest.raises(ModelFileError) as raised:
        load(missing, KIND)
    message = str(raised.value)
    assert message.startswith(str(missing)) and "\n" not in message
    assert isinstance(raised.value, InputError)  # the CLI's exit 2


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b"not gzip at all", "BadGzipFile"),
        (gzip.compress(b'{"format": 1,\n "kind": '), "line 2"),
        (gzip.compress(b'{"format": 1, "kind": "date"}'), "expected 'identifier'"),
    ],
)
def test_a_corrupt_model_file_is_one_line_naming_it(
    tmp_path: Path, content: bytes, reason: str
) -> None:
    path = tmp_path / "identifier_model.json.gz"
    path.write_bytes(content)
    with pytest.raises(ModelFileError) as raised:
        load(path, KIND)
    message = str(raised.value)
    assert message.startswith(f"{path}: ") and reason in message and "\n" not in message


def test_a_scan_with_a_broken_model_file_exits_2_naming_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from govern.cli import main

    broken = tmp_path / "identifier_model.json.gz"
    broken.write_bytes(b"\x1f\x8b broken")
    monkeypatch.setattr(identifier_model, "MODEL", broken)
    identifier_model.shipped_model.cache_clear()
    data = tmp_path / "data.jsonl"
    data.write_text('{"id": "1", "text": "acct 5512 9930 1187"}\n')
    try:
        with pytest.raises(SystemExit) as raised:
            main(["scan", str(data), "--report", str(tmp_path / "r.json"), "--workers", "1"])
    finally:
        identifier_model.shipped_model.cache_clear()
    assert raised.value.code == 2
    error = capsys.readouterr().err.strip()
    assert str(broken) in error and "\n" not in error


# --- the records and the trainer ---------------------------------------------------------------


def _benchmark(name: str) -> ModuleType:
    folder = str(ROOT / "benchmarks")
    if folder not in sys.path:
        sys.path.insert(0, folder)
    spec = importlib.util.spec_from_file_location(name, ROOT / "benchmarks" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_vocabulary_records_are_seeded_and_labelled_exactly() -> None:
    shapes = _benchmark("pii_id_shapes")
    first, again = shapes.corpus(200, 5), shapes.corpus(200, 5)
    assert first == again and first != shapes.corpus(200, 6)
    kinds = {kind for _, labels in first for *_, kind in labels}
    assert kinds == set(TYPES)
    for text, labels in first:
        for start, end, _ in labels:
            value = text[start:end]
            assert value == value.strip() and any(c.isalnum() for c in value)
            assert start == 0 or not text[start - 1].isalnum()  # a whole token
    # near misses are in the same records, unlabelled
    assert any("RxBIN" in text or "REF*6P*" in text or "Routing" in text for text, _ in first)


def test_training_is_deterministic_and_records_its_provenance(tmp_path: Path) -> None:
    trainer = _benchmark("train_identifier_model")
    args = ["--records", "60", "--seeds", "3", "--splits", "id-shapes", "fresh4"]
    args += ["--min-count", "1"]
    first, second = tmp_path / "a.json.gz", tmp_path / "b.json.gz"
    trainer.main([*args, "--out", str(first)])
    written = first.read_bytes()
    trainer.main([*args, "--out", str(first)])
    assert first.read_bytes() == written
    model = load(first, KIND)
    assert model.provenance["training_splits"] == ["id-shapes", "fresh4"]
    assert model.provenance["records_per_split_and_seed"] == 60
    assert model.provenance["command"].endswith(f"--out {first}")
    trainer.main([*args[:3], "4", *args[4:], "--out", str(second)])
    other = load(second, KIND)
    assert other.provenance["corpus_sha256"] != model.provenance["corpus_sha256"]
    assert MODEL.exists()  # the shipped file is never the default target of a test run


def test_the_training_splits_hold_last_round_s_blind_ones_and_no_blind_one() -> None:
    trainer = _benchmark("train_identifier_model")
    assert {"fresh11", "fresh12", "fresh13"} <= set(trainer.TRAINING_SPLITS)
    assert not trainer.BLIND & set(trainer.TRAINING_SPLITS)
    assert {"fresh14", "fresh15"} <= trainer.BLIND


def test_leaving_a_split_out_measures_it_and_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    trainer = _benchmark("train_identifier_model")
    monkeypatch.setattr(trainer, "EVAL_RECORDS", 40)
    out = tmp_path / "m.json.gz"
    args = ["--records", "40", "--seeds", "3", "--splits", "id-shapes", "fresh4"]
    trainer.main([*args, "--min-count", "1", "--leave-out", "fresh4", "--out", str(out)])
    printed = capsys.readouterr().out.splitlines()
    assert any(line.startswith("fresh4 as set") for line in printed)
    assert any(line.startswith("fresh4 rules") for line in printed)
    assert not out.exists()
    with pytest.raises(SystemExit) as raised:
        trainer.main([*args, "--leave-out", "fresh14"])
    assert raised.value.code == 2
    with pytest.raises(SystemExit) as raised:
        trainer.main([*args, "--type-threshold", "PASSPORT=0.5"])
    assert raised.value.code == 2


@pytest.mark.parametrize("blind", ["fresh14", "fresh15"])
def test_training_refuses_the_blind_splits(tmp_path: Path, blind: str) -> None:
    """Refused by name: a blind split need not exist to be refused."""
    trainer = _benchmark("train_identifier_model")
    out = tmp_path / "m.json.gz"
    with pytest.raises(SystemExit) as raised:
        trainer.main(["--splits", "id-shapes", blind, "--out", str(out)])
    assert raised.value.code == 2
    with pytest.raises(SystemExit) as raised:
        trainer.main(["--splits", "id-shapes", "--evaluate", blind, "--out", str(out)])
    assert raised.value.code == 2
    assert not out.exists()
