"""What the identifier tests share: a detector with the phone, card, SSN, IP and identifier
types on, and the spans it reports."""

from __future__ import annotations

from govern.policy import PiiPolicy, Policy
from govern.scan.identifiers import IDENTIFIER_ENTITIES
from govern.scan.pii import PresidioDetector

ENTITIES = ["PHONE_NUMBER", "CREDIT_CARD", "US_SSN", "IP_ADDRESS", *IDENTIFIER_ENTITIES]


def build(**pii: object) -> PresidioDetector:
    return PresidioDetector(Policy(name="test", pii=PiiPolicy.model_validate(pii)))


def spans(detector: PresidioDetector, text: str) -> list[tuple[str, str]]:
    """Each finding in ``text`` as (type, the text it covers)."""
    return [(hit.type, text[hit.start : hit.end]) for hit in detector.detect(text)]


def spans_of(detector: PresidioDetector, text: str, kind: str) -> list[str]:
    """The text of each ``kind`` finding in ``text``."""
    return [covered for found_kind, covered in spans(detector, text) if found_kind == kind]
