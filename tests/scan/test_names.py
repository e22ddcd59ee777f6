"""Names where chat and clinical text introduce them (``pii.name_patterns``), synthetic values."""

from __future__ import annotations

import random

import pytest
import regex  # type: ignore[import-untyped]

from govern.policy import PiiPolicy, Policy
from govern.scan.names import NameContextRecognizer
from govern.scan.patterns import CandidatePass
from govern.scan.pii import PresidioDetector


def build(**pii: object) -> PresidioDetector:
    return PresidioDetector(Policy(name="test", pii=PiiPolicy.model_validate(pii)))


@pytest.fixture(scope="module")
def detector() -> PresidioDetector:
    return build(entities=["PERSON"], name_patterns=True, name_lexicon=False)


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
        ("Dr: Morning Mr. Okafor, how are you?", "Okafor"),  # the name, not the title
        ("Hi Julia, the refund went through", "Julia"),  # a product's name, after a greeting
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
        "pretty_name: Code Help",  # a dataset card's field, not "name: Anna"
        "Good morning Mr.",  # a title alone after a greeting
    ],
)
def test_words_after_the_triggers_are_not_names(detector: PresidioDetector, text: str) -> None:
    assert names(detector, text) == []


def test_on_by_default_and_uncovered_only_with_every_name_signal_off(
    detector: PresidioDetector,
) -> None:
    assert build(entities=["PERSON"]).coverage() == {"covered": ["PERSON"], "not_covered": []}
    assert detector.coverage() == {"covered": ["PERSON"], "not_covered": []}
    off = build(entities=["PERSON"], name_patterns=False, name_lexicon=False)
    assert off.coverage() == {"covered": [], "not_covered": ["PERSON"]}


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


# Pieces of texts where the name patterns match, or nearly: every trigger, in any case, before
# names of every shape (non-ASCII, apostrophes, hyphens, two words) and before words that are
# no name ("there", "I'd", "How can", lower case).
TRIGGERS = [
    "Hi", "hello", "HEY", "Dear", "Good morning", "morning", "Thanks", "thank you", "Regards",
    "cheers", "Sincerely", "Best", "Robbest", "my name is", "My name's", "name:", "file-name:",
    "Dr.", "Mr", "Mrs.", "Ms", "Mx", "Prof.", "Miss", "patient", "as a patient", "Pt.", "pt",
]  # fmt: skip
BETWEEN = [" ", ", ", ",\n", "!\n", ". ", "\t", ",\n  ", "  ", "! "]
NAMED = [
    "Anna", "Émile", "O'Brien", "O’Brien", "Jean-Luc", "Sofia Hernández", "Ángel", "Łukasz",
    "Ingrid Johansson", "MacDonald", "A", "Al", "there", "I'd", "I", "How can I help?", "team",
    "Kafka", "Northwind agent", "ÉMILE", "Z'a",
]  # fmt: skip
AFTER = ["", ",", ".", "!", "\n", " and more", ": ", "\nok", "?"]


def name_texts(seed: int, count: int) -> list[str]:
    rng = random.Random(seed)
    texts = []
    for _ in range(count):
        parts = []
        for _ in range(rng.randint(1, 3)):
            parts += [rng.choice(["", "ok. ", "\n", "see: ", "x "]), rng.choice(TRIGGERS)]
            parts += [rng.choice(BETWEEN), rng.choice(NAMED), rng.choice(AFTER)]
        texts.append("".join(parts))
    return texts


def test_every_name_pattern_match_starts_inside_an_anchor() -> None:
    """The anchors hold each pattern's trigger and the start of the name after it: every match
    presidio's patterns find on a whole text starts within a candidate of the one Hyperscan
    pass (batched, so a name ending its text ends at the separator's newline)."""
    texts = name_texts(3, 3000)
    found = CandidatePass(NameContextRecognizer.ANCHORS).find(texts)
    compiled = [
        regex.compile(p.regex, flags=NameContextRecognizer.FLAGS)
        for p in NameContextRecognizer.PATTERNS
    ]
    matched = 0
    for text, candidates in zip(texts, found, strict=True):
        for pattern in compiled:
            for match in pattern.finditer(text):
                matched += 1
                assert any(s < match.start() <= e for _, s, e in candidates), (text, match)
        assert all(0 <= s < e <= len(text) for _, s, e in candidates), text
    assert matched > 1000


@pytest.mark.parametrize(
    "text",
    [
        "Hi there, Hello, I'd like help. Thanks. How can I help? Thank you! That works",
        "hey you, dear all, morning everyone, the patient portal, pt is stable",
        "Mr smith, Dr. 42, my name is anna, thanks,\nraj",
        "Best regards and thanks for all",
    ],
)
def test_no_window_opens_where_no_name_can_follow(text: str) -> None:
    assert CandidatePass(NameContextRecognizer.ANCHORS).find([text]) == [[]]


def test_windows_find_what_the_patterns_find_on_generated_texts(
    detector: PresidioDetector,
) -> None:
    texts = name_texts(11, 600)
    expected = [detector.analyze_whole_text(text) for text in texts]
    assert sum(map(len, expected)) > 150
    assert detector.detect_many(texts) == expected


@pytest.mark.parametrize(
    "opener", ["Name: Daniel Novak\n", "Hi Anna,\n", "patient Adaeze Okafor, ", "Best,\nMei\n"]
)
def test_a_window_ending_inside_a_sentence_is_no_end_of_text(
    detector: PresidioDetector, opener: str
) -> None:
    """A window ends at whitespace wherever its reach ends: a sign-off's look-ahead that
    reads past spaces must not take that end for the text's ("Thanks! That sounds odd" holds
    no name, "Thanks! Raj ." does). The fillers move the window's end across each."""
    tails = ["Thanks! That sounds odd", "Thanks! That \tsounds odd", "Thanks! Raj .", "Thanks! Raj"]
    for tail in tails:
        for filler in range(130, 200):
            text = opener + "word " * (filler // 5) + "x" * (filler % 5) + " " + tail
            assert detector.detect(text) == detector.analyze_whole_text(text), text


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Hey Siri, deploy the docs", []),  # an assistant woken by a command
        ("Hey Watson, run the tests", []),
        ("Hey Siri. Are you in today?", ["Siri"]),  # no command after it: greeted
        ("Hey Anna, deploy the docs", ["Anna"]),  # a person asked, not an assistant
    ],
)
def test_an_assistant_woken_by_a_command_is_no_name(
    detector: PresidioDetector, text: str, expected: list[str]
) -> None:
    assert names(detector, text) == expected
