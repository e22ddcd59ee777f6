"""Names where chat and clinical text introduce them (``pii.name_patterns``), synthetic values."""

from __future__ import annotations

import pytest

from govern.policy import PiiPolicy, Policy
from govern.scan.pii import PresidioDetector


def build(**pii: object) -> PresidioDetector:
    return PresidioDetector(Policy(name="test", pii=PiiPolicy.model_validate(pii)))


@pytest.fixture(scope="module")
def detector() -> PresidioDetector:
    return build(entities=["PERSON"], name_patterns=True)


def names(detector: PresidioDetector, text: str) -> list[str]:
    return [text[h.start : h.end] for h in detector.detect(text) if h.type == "PERSON"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Hi Anna, thanks for reaching out!", "Anna"),
        ("Hello Sofia Hernández!", "Sofia Hernández"),
        ("ok.\nThanks,\nRaj", "Raj"),
        ("Cheers, Oluwaseun", "Oluwaseun"),
        ("Best regards,\nIngrid Johansson", "Ingrid Johansson"),
        ("my name is Wei Zhang and I need help", "Wei Zhang"),
        ("Dr. O'Brien saw her today", "O'Brien"),
        ("patient Adaeze Okafor, 67, stable", "Adaeze Okafor"),
        ("Pt Lindqvist seen today", "Lindqvist"),
        ("Nurse: Good morning Sofia, how are you?", "Sofia"),
    ],
)
def test_introduced_names_are_found(detector: PresidioDetector, text: str, expected: str) -> None:
    assert names(detector, text) == [expected]


@pytest.mark.parametrize(
    "text",
    [
        "Hi there, Hi Team, hello everyone",
        "Thanks, Kafka",  # a product
        "a Foley catheter; Dr. Foley",  # an eponym, refused even after a title
        "this is the best thing, thanks a lot",
        "the patient portal is down",
        "hi anna",  # lower case: needs the lexicon this does not have
    ],
)
def test_words_after_the_triggers_are_not_names(detector: PresidioDetector, text: str) -> None:
    assert names(detector, text) == []


def test_on_by_default_and_not_covered_when_off(detector: PresidioDetector) -> None:
    off = build(entities=["PERSON"], name_patterns=False)
    assert off.coverage() == {"covered": [], "not_covered": ["PERSON"]}
    assert off.detect("Hi Anna, my name is Wei Zhang") == []
    assert build(entities=["PERSON"]).coverage() == {"covered": ["PERSON"], "not_covered": []}
    assert detector.coverage() == {"covered": ["PERSON"], "not_covered": []}


def test_windows_find_what_presidio_finds_on_whole_texts(detector: PresidioDetector) -> None:
    texts = [
        "Hi Anna,\nmy order is late. Thanks,\nRaj",
        "Dr. Kowalski and Mr. Tanaka met patient Leila Farouk. Best,\nMei",
        "Hello team! Cheers, Kafka fans. my name is Priya Nair.",
    ]
    assert detector.detect_many(texts) == [detector.analyze_whole_text(t) for t in texts]


def test_ner_guesses_go_through_the_negative_lexicons() -> None:
    from govern.scan.names import not_a_name

    ner = "presidio:SpacyRecognizer"
    for word in ["Foley", "Kafka", "Bill", "Started Eliquis", "Cassandra 3.0", "kwame.zhang"]:
        assert not_a_name(word, ner), word
    for name in ["Bill Okafor", "Raj", "Sofia Hernández"]:
        assert not not_a_name(name, ner), name
    assert not not_a_name("Grace", "presidio:NameContextRecognizer")  # "Hi Grace,"
