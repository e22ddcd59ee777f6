"""What ``govern split`` and ``govern leaks`` take besides the policy, and the flag parsers.

Each option left as None takes the policy's ``splits`` value. The ``parse_*`` helpers turn the
command line's text into these values and raise ``InputError`` naming the flag.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from govern.errors import InputError
from govern.records import ReaderOptions
from govern.splits.policy import SplitPolicy, check_ratios
from govern.splits.timing import parse_duration, parse_instant


@dataclass(frozen=True, slots=True)
class SplitOptions:
    """``govern split`` flags: --by, --ratios, --time-field, --cutoff, --gap; None: the policy.

    ``ledger`` defaults to ``OUT/ledger.jsonl`` when that exists. ``as_of`` is the time a group
    new to the ledger records as ``first_seen`` (None: now); a pinned time makes the ledger's
    bytes a function of the input alone, as a reproducible pipeline needs.
    """

    by: tuple[str, ...] | None = None
    ratios: tuple[float, float, float] | None = None
    time_field: str | None = None
    cutoff: datetime | None = None
    gap: timedelta | None = None
    ledger: Path | None = None
    reader: ReaderOptions = ReaderOptions()
    as_of: datetime | None = None


@dataclass(frozen=True, slots=True)
class LeakOptions:
    """``govern leaks`` inputs: ``--against`` evaluation files; ``by`` defaults to the split's.

    ``against_fields`` are the text fields of the evaluation files (benchmarks often keep their
    text in fields such as ``question``); None: chat messages, Alpaca fields or ``text``.
    """

    against: tuple[Path, ...] = ()
    against_fields: tuple[str, ...] | None = None
    by: tuple[str, ...] | None = None
    reader: ReaderOptions = ReaderOptions()


@dataclass(frozen=True, slots=True)
class SplitPlan:
    """The policy and the options merged and checked: exactly what a split run does."""

    by: tuple[str, ...]
    fallback_by: tuple[str, ...]
    ratios: tuple[float, float, float]
    salt: str
    time_field: str | None
    cutoff: datetime | None
    gap: timedelta
    large_unit_share: float = 0.01

    @property
    def fields(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys([*self.by, *self.fallback_by]))

    def to_json(self) -> dict[str, Any]:
        return {
            "by": list(self.by),
            "fallback_by": list(self.fallback_by),
            "ratios": list(self.ratios),
            "salt": self.salt,
            "time_field": self.time_field,
            "cutoff": self.cutoff.isoformat() if self.cutoff else None,
            "gap_seconds": self.gap.total_seconds(),
            "large_unit_share": self.large_unit_share,
        }


def make_plan(policy: SplitPolicy, options: SplitOptions) -> SplitPlan:
    """Merge ``options`` over ``policy``; InputError for a time split without a cutoff etc."""
    try:
        ratios = check_ratios(options.ratios if options.ratios is not None else policy.ratios)
    except ValueError as exc:
        raise InputError(f"--ratios: {exc}") from None
    time_field = options.time_field or policy.time_field
    cutoff = options.cutoff or policy.cutoff
    if time_field and cutoff is None:
        raise InputError("a time split needs a cutoff: --cutoff DATE or splits.cutoff")
    if cutoff is not None and not time_field:
        raise InputError("--cutoff needs a timestamp field: --time-field F or splits.time_field")
    if time_field and ratios[1] + ratios[2] <= 0:
        raise InputError("a time split needs a validation or test share in the ratios")
    return SplitPlan(
        by=options.by or tuple(policy.by),
        fallback_by=tuple(f for f in policy.fallback_by if f not in (options.by or policy.by)),
        ratios=ratios,
        salt=policy.salt,
        time_field=time_field,
        cutoff=cutoff,
        gap=options.gap if options.gap is not None else policy.gap,
        large_unit_share=policy.large_unit_share,
    )


def parse_keys(text: str) -> tuple[str, ...]:
    """``--by patient_id,conversation_id`` as a tuple of field names."""
    keys = tuple(part.strip() for part in text.split(","))
    if not keys or any(not key for key in keys):
        raise InputError(f"--by: expected field names separated by commas, got {text!r}")
    return keys


def parse_ratios(text: str) -> tuple[float, float, float]:
    """``--ratios 0.8,0.1,0.1``: three non-negative numbers summing to 1."""
    try:
        values = tuple(float(part) for part in text.split(","))
        if len(values) != 3:
            raise ValueError("ratios must be three numbers: train, validation, test")
        return check_ratios((values[0], values[1], values[2]))
    except ValueError as exc:
        message = str(exc) if "ratios" in str(exc) else "ratios must be numbers"
        raise InputError(f"--ratios: {message}") from None


def parse_cutoff(text: str) -> datetime:
    """``--cutoff 2025-07-01`` (or a full ISO time) as an aware UTC time."""
    try:
        return parse_instant(text)
    except ValueError as exc:
        raise InputError(f"--cutoff: {exc}") from None


def parse_gap(text: str) -> timedelta:
    """``--gap 7d`` (s, m, h, d, w) as a timedelta."""
    try:
        return parse_duration(text)
    except ValueError as exc:
        raise InputError(f"--gap: {exc}") from None
