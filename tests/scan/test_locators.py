"""Fax numbers, personal URLs and cities (govern/scan/locators.py): each with positives and
near misses, synthetic values; windows find what presidio finds on whole texts."""

from __future__ import annotations

import random

import pytest

from govern.policy import Policy
from govern.safe_harbor import SAFE_HARBOR
from govern.scan.pii import PresidioDetector
from tests.scan.identifying import build

ENTITIES = ["PHONE_NUMBER", "FAX_NUMBER", "PERSONAL_URL", "CITY", "USERNAME", "ZIP_CODE"]


@pytest.fixture(scope="module")
def detector() -> PresidioDetector:
    return build(entities=ENTITIES)


def found(
    detector: PresidioDetector, text: str, entity: str | None = None
) -> list[tuple[str, str]]:
    hits = [(hit.type, text[hit.start : hit.end]) for hit in detector.detect(text)]
    return [h for h in hits if entity is None or h[0] == entity]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Fax: +44 20 7946 0958", "+44 20 7946 0958"),
        ("please fax the form to (312) 555-0172 today", "(312) 555-0172"),
        ("facsimile 030 1234567", "030 1234567"),
        ("tel 212-555-0147, fax 212-555-0148", "212-555-0148"),
        ("Fax no. +49 30 12345678", "+49 30 12345678"),
    ],
)
def test_fax_numbers_are_found_and_are_not_phones(
    detector: PresidioDetector, text: str, expected: str
) -> None:
    assert found(detector, text, "FAX_NUMBER") == [("FAX_NUMBER", expected)]
    assert ("PHONE_NUMBER", expected) not in found(detector, text)


@pytest.mark.parametrize(
    "text",
    [
        "the fax was sent on 2024-03-05",  # a date
        "fax machine model 3000",  # too few digits
        "call 212-555-0147 about the fax",  # the word comes after the number
        "Fax sent.\nCall 212-555-0147",  # another clause
        "fax 1234 5678 9012 3456 7890",  # more digits than any phone number
    ],
)
def test_fax_near_misses(detector: PresidioDetector, text: str) -> None:
    assert found(detector, text, "FAX_NUMBER") == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("my profile: https://twitter.com/jdoe_88", "https://twitter.com/jdoe_88"),
        ("see linkedin.com/in/maria-gonzalez-4a1b2c", "linkedin.com/in/maria-gonzalez-4a1b2c"),
        ("code at https://github.com/kwamezhang.", "https://github.com/kwamezhang"),
        ("https://www.instagram.com/anna.k/ for pics", "https://www.instagram.com/anna.k/"),
        ("https://x.com/lwei/status/1234567890", "https://x.com/lwei/status/1234567890"),
        ("toot me at https://mastodon.social/@anna", "https://mastodon.social/@anna"),
        ("slides: http://cs.example.edu/~tnguyen/ml.pdf", "http://cs.example.edu/~tnguyen/ml.pdf"),
        ("reddit.com/u/throwaway_kofi said so", "reddit.com/u/throwaway_kofi"),
        ("https://www.youtube.com/user/PriyaCooks", "https://www.youtube.com/user/PriyaCooks"),
    ],
)
def test_personal_urls_are_found_whole(
    detector: PresidioDetector, text: str, expected: str
) -> None:
    assert found(detector, text, "PERSONAL_URL") == [("PERSONAL_URL", expected)]


@pytest.mark.parametrize(
    "text",
    [
        "git clone https://github.com/acme-labs/billing-service.git",  # a repository
        "https://twitter.com/search?q=python",
        "https://twitter.com/home",
        "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
        "https://www.linkedin.com/company/northwind",
        "https://docs.example.com/guide/setup",
        "https://facebook.com/groups/gardening",
        "write to anna@example.com",  # an email, not a URL
        "https://github.com/features/actions",
    ],
)
def test_personal_url_near_misses(detector: PresidioDetector, text: str) -> None:
    assert found(detector, text, "PERSONAL_URL") == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Springfield, IL 62704", "Springfield"),
        ("I moved to Austin, TX.", "Austin"),
        ("She lives in Portland and works remotely.", "Portland"),
        ("City: Salt Lake City", "Salt Lake City"),
        ("born in Winston-Salem, raised elsewhere", "Winston-Salem"),
        ("a resident of St. Louis since 2010", "St. Louis"),
        ("ship to 9 Elm Street, Madison, WI 53703", "Madison"),
    ],
)
def test_cities_are_found_with_a_state_or_a_context(
    detector: PresidioDetector, text: str, expected: str
) -> None:
    assert found(detector, text, "CITY") == [("CITY", expected)]


@pytest.mark.parametrize(
    "text",
    [
        "born in March 1950",  # a month
        "she lives in Texas",  # a state is no smaller than a state
        "we live in Canada now",  # a country
        "Yes, OK then",  # OK is a word before it is Oklahoma
        "Python, CA certificates and Go, OR tools",  # a state code without its ZIP or an end
        "Portland is lovely in spring",  # a capitalised word alone
        "live in the moment",
        "the city is quiet at night",
    ],
)
def test_city_near_misses(detector: PresidioDetector, text: str) -> None:
    assert found(detector, text, "CITY") == []


def test_every_safe_harbor_type_has_a_recognizer_and_is_on_by_default() -> None:
    default = PresidioDetector(Policy(name="default"))
    coverage = default.coverage()
    assert set(SAFE_HARBOR) <= set(coverage["covered"])
    assert coverage["not_covered"] == []  # LOCATION (NER on whole texts) only when listed
    assert set(Policy(name="default").pii.required()) == set(SAFE_HARBOR)


PLANTS = [
    lambda r: f"fax {r.randint(200, 999)}-555-01{r.randint(10, 99)}",
    lambda r: f"Fax: +44 20 7946 {r.randint(1000, 9999)}",
    lambda r: f"https://twitter.com/{r.choice(['kofi_m', 'home', 'search'])}",
    lambda r: f"linkedin.com/in/{r.choice(['wei-zhang', 'ana-lopez-9'])}",
    lambda r: f"http://example.edu/~{r.choice(['tn', 'okafor'])}/cv.pdf",
    lambda r: f"{r.choice(['Denver', 'Yes'])}, {r.choice(['CO', 'NV'])} 8{r.randint(1000, 9999)}",
    lambda r: f"lives in {r.choice(['Raleigh', 'Ohio', 'New Haven'])}",
    lambda r: f"call {r.randint(200, 999)}-555-01{r.randint(10, 99)}",
]
WORDS = "the and a of to said today was seen by us for my with please code run".split()


def test_windows_find_what_presidio_finds_on_whole_texts(detector: PresidioDetector) -> None:
    rng = random.Random(90)
    texts = []
    for _ in range(150):
        words: list[str] = []
        for _ in range(rng.randint(1, 4)):
            words += rng.choices(WORDS, k=rng.randint(0, 10))
            words.append(rng.choice(PLANTS)(rng))
        texts.append(" ".join(words))
    expected = [detector.analyze_whole_text(text) for text in texts]
    assert sum(map(len, expected)) > 150
    assert detector.detect_many(texts) == expected
