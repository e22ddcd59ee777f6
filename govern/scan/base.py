"""The one extension point of the scanner: a ``Detector`` turns a text into ``Hit``s.

A new detector is one module in ``govern/scan/`` with one subclass; it is found automatically
(``govern.scan.registry``), and the policy switches it on and off by ``name``. A detector gets
the whole text of one field and returns character offsets into it; it must be fast on text that
holds nothing (a cheap prefilter before any expensive call) and must never log the text.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar, Literal

from govern.policy import Policy


@dataclass(slots=True, frozen=True)
class Hit:
    """A sensitive span in one text: ``text[start:end]``; the value itself is never stored."""

    start: int
    end: int
    type: str  # presidio entity names (EMAIL_ADDRESS, ...) or "SECRET"
    detector: str  # e.g. "presidio:EmailRecognizer", "detect-secrets:AWSKeyDetector"
    score: float
    subtype: str | None = None  # for secrets: aws, github, huggingface, private_key, ...
    # Every detector that found this span, when overlapping hits were merged into this one
    # (``govern.scan.merge``); empty for a hit straight from one detector.
    detectors: tuple[str, ...] = ()


class Detector(ABC):
    """Base class: subclasses set ``name`` and ``section`` and implement ``detect``."""

    name: ClassVar[str]
    section: ClassVar[Literal["pii", "secrets"]]

    def __init__(self, policy: Policy) -> None:
        self.policy = policy

    @classmethod
    def enabled(cls, policy: Policy) -> bool:
        """Whether the policy switches this detector on (its section's ``enabled``)."""
        return bool(getattr(policy, cls.section).enabled)

    @abstractmethod
    def detect(self, text: str) -> list[Hit]:
        """Every hit in ``text`` at or above the policy's threshold, offsets into ``text``."""

    def detect_many(self, texts: Sequence[str]) -> list[list[Hit]]:
        """``detect`` on each of ``texts``; override to share a prefilter pass across them."""
        return [self.detect(text) for text in texts]

    def for_values(self) -> Detector | None:
        """This detector as it runs on strings that are not text (ids, columns, metadata).

        Itself by default; None for a detector that reads only text; a detector with a
        text-only pass (NER) returns a copy without it.
        """
        return self

    def warm_up(self) -> None:  # noqa: B027  # an optional hook: most load nothing
        """Load now what detection would load on first use (compiled patterns), so that
        workers forked after it share it instead of each loading its own; nothing by default."""

    def coverage(self) -> dict[str, list[str]]:
        """Entity types this detector ``covered`` and ``not_covered`` under the policy."""
        return {"covered": [], "not_covered": []}
