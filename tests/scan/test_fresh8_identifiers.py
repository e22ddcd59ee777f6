"""Identifier rules of issue #16's fresh8 round (every type but PERSON): each rule a positive
and a near miss, synthetic values."""

from __future__ import annotations

import pytest

from govern.scan.identifiers import luhn_valid
from govern.scan.locators import ENTITIES as LOCATOR_ENTITIES
from govern.scan.pii import PresidioDetector
from tests.scan.identifying import build, spans_of

ENTITIES = [
    "PHONE_NUMBER",
    "CREDIT_CARD",
    "EMAIL_ADDRESS",
    "IP_ADDRESS",
    "US_SSN",
    *LOCATOR_ENTITIES,
]


@pytest.fixture(scope="module")
def detector() -> PresidioDetector:
    return build(entities=ENTITIES)


found = spans_of  # the text of each finding of one type


def with_luhn(body: str) -> str:
    return next(body + d for d in "0123456789" if luhn_valid(body + d))


# Each rule: a text where it finds the value, and a near miss where it must not.
POSITIVES = [
    # a public address beside the special-purpose ones is still found
    ("X-Forwarded-For: 81.2.69.142, 198.18.7.3", "IP_ADDRESS", "81.2.69.142"),
]

NEAR_MISSES = [
    # IANA special-purpose ranges and the Level 3 resolvers: no person behind them
    ("curl -sS http://198.18.7.3:8080/healthz  # benchmark range", "IP_ADDRESS"),
    ("curl -sS http://198.19.255.254/healthz", "IP_ADDRESS"),
    ("resolv.conf: nameserver 4.2.2.4", "IP_ADDRESS"),
    ("6to4 relay 192.88.99.1 and 192.0.0.8", "IP_ADDRESS"),
]

VALUES: dict[str, str] = {}


def filled(text: str) -> str:
    for name, value in VALUES.items():  # the longest names first
        text = text.replace(name, value)
    return text


@pytest.mark.parametrize(("text", "kind", "value"), POSITIVES)
def test_fresh8_rules_find_their_values(
    detector: PresidioDetector, text: str, kind: str, value: str
) -> None:
    assert filled(value) in found(detector, filled(text), kind)


@pytest.mark.parametrize(("text", "kind"), NEAR_MISSES)
def test_fresh8_near_misses_are_not_found(detector: PresidioDetector, text: str, kind: str) -> None:
    assert found(detector, filled(text), kind) == []
