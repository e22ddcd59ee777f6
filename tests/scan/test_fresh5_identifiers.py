"""Identifier rules of issue #16's fresh5 round (every type but PERSON): each rule a positive
and a near miss, synthetic values."""

from __future__ import annotations

import pytest

from govern.policy import PiiPolicy, Policy
from govern.scan.identifiers import IDENTIFIER_ENTITIES
from govern.scan.pii import PresidioDetector

ENTITIES = ["PHONE_NUMBER", "EMAIL_ADDRESS", "IP_ADDRESS", *IDENTIFIER_ENTITIES]


@pytest.fixture(scope="module")
def detector() -> PresidioDetector:
    return PresidioDetector(Policy(name="test", pii=PiiPolicy(entities=ENTITIES)))


def found(detector: PresidioDetector, text: str, kind: str) -> list[str]:
    return [text[hit.start : hit.end] for hit in detector.detect(text) if hit.type == kind]


@pytest.mark.parametrize(
    ("text", "date"),
    [
        # shapes: month-day-year with the month's name, a day, month and two-digit year
        ("Died on Aug-24-1945; pronounced by the resident", "Aug-24-1945"),
        ("Died on 26 Jul '22; pronounced by the resident", "26 Jul '22"),
        # "the" belongs to the date it opens
        ("Pt Roe, Ana  DOB: the 10th of June, 1960  MRN#: 1", "the 10th of June, 1960"),
        # a directive is witnessed on the day the patient signs it
        ("Advance directive witnessed by A and B on 2003/10/19.", "2003/10/19"),
        # six digits after DOB, a day and month after an admission and a weekday, or "since"
        ("DOB 051960 confirmed verbally", "051960"),
        ("bed 12, 91 y.o., admitted Sat 11/12 with a fall.", "11/12"),
        ("states mom more confused since 6/13.", "6/13"),
    ],
)
def test_fresh5_dates_are_found(detector: PresidioDetector, text: str, date: str) -> None:
    assert found(detector, text, "PERSONAL_DATE") == [date]


@pytest.mark.parametrize(
    "text",
    [
        "Release Aug-24-1945 notes",  # no birth or care word
        "shipped 26 Jul '22 to the warehouse",
        "Order 051960 confirmed verbally",  # six digits without DOB
        "DOB 131960 confirmed",  # no month 13
        "mix 3/4 cup of flour",  # a fraction
        "admitted Tues 3/4.5 units",  # a dose, not a day
        "since 3/4 of the dose was given",  # a fraction, not the end of a clause
        "up since 3/4/2024 builds",  # not a day and month alone, and no context word
    ],
)
def test_fresh5_date_near_misses(detector: PresidioDetector, text: str) -> None:
    assert found(detector, text, "PERSONAL_DATE") == []
