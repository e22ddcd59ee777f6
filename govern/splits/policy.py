"""The ``splits`` section of a policy: how units are grouped and split, and the leak check.

Durations are written ``7d``, ``12h``, ``30m``, ``45s`` or ``2w``; instants as ISO 8601 dates or
times (``2025-07-01``, ``2025-07-01T12:00:00Z``), naive ones read as UTC.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Annotated, Any

from pydantic import BeforeValidator, Field, field_validator

from govern.schema import Probability, Section
from govern.splits.timing import parse_duration, parse_instant


def _duration(value: Any) -> Any:
    return parse_duration(value) if isinstance(value, str) else value


def _instant(value: Any) -> Any:
    return None if value is None else parse_instant(value)


Duration = Annotated[timedelta, BeforeValidator(_duration)]
Instant = Annotated[datetime, BeforeValidator(_instant)]


def check_ratios(ratios: tuple[float, float, float]) -> tuple[float, float, float]:
    """``ratios`` if they are three non-negative numbers summing to 1, else ValueError."""
    if len(ratios) != 3 or any(r < 0 for r in ratios):
        raise ValueError("ratios must be three non-negative numbers (train, validation, test)")
    if abs(sum(ratios) - 1.0) > 1e-6:
        raise ValueError(f"ratios must sum to 1, got {sum(ratios):g}")
    return ratios


class LeakPolicy(Section):
    near_duplicate_threshold: Probability = Field(
        default=0.8,
        description="Jaccard similarity of word-shingle sets (boilerplate removed) at or above "
        "which two records in different splits are near-duplicates.",
    )
    near_duplicate_max_edits: int = Field(
        default=1,
        ge=0,
        le=5,
        description="Records this many one-word edits apart are near-duplicates too (if their "
        "Jaccard is at least 0.5): a one-word edit leaves a 7-word chat turn at 0.5.",
    )
    shingle_words: int = Field(
        default=2,
        ge=1,
        le=5,
        description="Words per shingle. 2 suits short chat turns; 5 misses one-word edits there.",
    )
    num_perm: int = Field(default=32, ge=8, le=256, description="MinHash permutations.")
    boilerplate_share: Probability = Field(
        default=0.01,
        description="A shingle found in more than this share of distinct texts (system prompts, "
        "templates) is boilerplate and ignored by the near-duplicate check.",
    )
    boilerplate_min_records: int = Field(
        default=20,
        ge=2,
        description="...and in more than this many distinct texts, so small datasets keep theirs.",
    )
    contamination_ngram: int = Field(
        default=13,
        ge=3,
        description="Words in an n-gram shared with an evaluation file that marks contamination.",
    )
    contamination_min_words: int = Field(
        default=8,
        ge=1,
        description="Evaluation items shorter than contamination_ngram but at least this long "
        "are matched whole; shorter ones are skipped and counted.",
    )


class SplitPolicy(Section):
    by: list[str] = Field(
        default=["patient_id", "conversation_id"],
        min_length=1,
        description="Key fields; records sharing any of them stay in one split (union-find).",
    )
    fallback_by: list[str] = Field(
        default=["document_id"],
        description="Key fields for records that carry none of `by` (e.g. Alpaca records with "
        "only a document_id). A record with neither is invalid.",
    )
    ratios: tuple[Probability, Probability, Probability] = Field(
        default=(0.8, 0.1, 0.1), description="Target shares of train, validation and test."
    )
    large_unit_share: float = Field(
        default=0.01,
        gt=0.0,
        lt=1.0,
        description="A unit (records joined by their keys) holding more than this share of "
        "the rows, and more than the mean unit, is large: a new one is placed in the split "
        "furthest below its target instead of by hash, stated in the report and pinned by "
        "the ledger.",
    )
    salt: str = Field(
        default="govern-split-v1",
        min_length=1,
        description="Mixed into every key hash; changing it reshuffles every new group.",
    )
    time_field: str | None = Field(
        default=None, description="Timestamp field for a time split; unset: split by hash."
    )
    cutoff: Instant | None = Field(
        default=None, description="Time split: groups ending before it go to train."
    )
    gap: Duration = Field(
        default=timedelta(0),
        description="Time split: groups starting this long after the cutoff go to "
        "validation/test; groups in between are left out.",
    )
    leaks: LeakPolicy = LeakPolicy()

    @field_validator("ratios")
    @classmethod
    def _ratios_sum_to_one(cls, ratios: tuple[float, float, float]) -> tuple[float, float, float]:
        return check_ratios(ratios)

    @field_validator("gap")
    @classmethod
    def _gap_not_negative(cls, gap: timedelta) -> timedelta:
        if gap < timedelta(0):
            raise ValueError("gap must not be negative")
        return gap
