"""Identifier rules of issue #16's fresh6 round (every type but PERSON): each rule a positive
and a near miss, synthetic values."""

from __future__ import annotations

import pytest

from govern.policy import PiiPolicy, Policy
from govern.scan.identifiers import IDENTIFIER_ENTITIES
from govern.scan.pii import PresidioDetector
from tests.scan.identifying import spans_of

ENTITIES = [
    "PHONE_NUMBER", "CREDIT_CARD", "EMAIL_ADDRESS", "IP_ADDRESS", "US_SSN", "FAX_NUMBER",
    *IDENTIFIER_ENTITIES,
]  # fmt: skip


@pytest.fixture(scope="module")
def detector() -> PresidioDetector:
    return PresidioDetector(Policy(name="test", pii=PiiPolicy(entities=ENTITIES)))


found = spans_of  # the text of each finding of one type


@pytest.mark.parametrize(
    "card",
    [
        "2221 0000 0000 0009",  # Mastercard's 2-series, its first and last prefixes
        "2720-9999-9999-9996",
        "2200 1234 5678 9019",  # Mir
        "2221000000000009",
    ],
)
def test_two_series_cards_are_found(detector: PresidioDetector, card: str) -> None:
    assert found(detector, f"Switch autopay to card {card}, thanks", "CREDIT_CARD") == [card]


@pytest.mark.parametrize(
    "number",
    [
        "2100 0000 0000 0005",  # Luhn-valid, but below the 2-series (no network issues it)
        "2721 0000 0000 0004",  # just above it
        "2205 1234 5678 9019",  # past Mir's range
        "2221 0000 0000 0008",  # in the range, the check digit wrong
    ],
)
def test_numbers_outside_the_two_series_are_no_cards(
    detector: PresidioDetector, number: str
) -> None:
    assert found(detector, f"Switch autopay to card {number}, thanks", "CREDIT_CARD") == []

