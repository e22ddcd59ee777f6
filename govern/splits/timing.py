"""Time split: parse instants and durations, and place whole groups around a cutoff.

A group goes to train only if its last record is before the cutoff, and to validation/test only
if its first record is at or after cutoff + gap. A group that straddles the cutoff, or starts
inside the gap, is left out of every split: putting it anywhere would break one of the two
promises (nothing after the cutoff in train, nothing before cutoff + gap in evaluation).
"""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, timedelta
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # numpy is imported where it runs: every policy load imports this module
    import numpy as np
    import numpy.typing as npt

# Rule names, in the order they are checked; the report and the ledger use them.
BEFORE_CUTOFF = "before_cutoff"
AFTER_GAP = "after_gap"
CROSSES_CUTOFF = "crosses_cutoff"
IN_GAP = "in_gap"
TIME_RULES = (BEFORE_CUTOFF, AFTER_GAP, CROSSES_CUTOFF, IN_GAP)

_DURATION = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([smhdw])\s*$")
_UNIT_SECONDS = {"s": 1, "m": 60, "h": 3600, "d": 86400, "w": 7 * 86400}


def parse_duration(text: str) -> timedelta:
    """``7d``, ``12h``, ``30m``, ``45s``, ``2w`` or ``0`` as a timedelta; ValueError otherwise."""
    if text.strip() == "0":
        return timedelta(0)
    match = _DURATION.match(text)
    if match is None:
        raise ValueError(f"not a duration: {text!r} (expected e.g. 7d, 12h, 30m)")
    return timedelta(seconds=float(match.group(1)) * _UNIT_SECONDS[match.group(2)])


def parse_instant(value: Any) -> datetime:
    """An ISO 8601 date or time, a ``date``/``datetime``, or epoch seconds, as an aware UTC time.

    Naive times are read as UTC. Raises ValueError (never quoting the value: it may be data).
    """
    if isinstance(value, datetime):
        moment = value
    elif isinstance(value, date):
        moment = datetime(value.year, value.month, value.day)
    elif isinstance(value, int | float) and not isinstance(value, bool):
        try:
            return datetime.fromtimestamp(float(value), tz=UTC)
        except (OverflowError, OSError, ValueError):
            raise ValueError("epoch seconds out of range") from None
    elif isinstance(value, str):
        try:
            moment = datetime.fromisoformat(value.strip())
        except ValueError:
            raise ValueError("not an ISO 8601 date or time") from None
    else:
        raise ValueError(f"expected an ISO 8601 time, got {type(value).__name__}")
    if moment.tzinfo is None:
        return moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC)


def time_rules(
    first: npt.NDArray[np.float64],
    last: npt.NDArray[np.float64],
    cutoff: datetime,
    gap: timedelta,
) -> npt.NDArray[np.int8]:
    """Per group, the index in ``TIME_RULES`` that places it, from its first and last epoch time."""
    import numpy as np

    start = cutoff.timestamp()
    reopen = (cutoff + gap).timestamp()
    rules = np.full(first.shape, TIME_RULES.index(IN_GAP), dtype=np.int8)
    rules[last < start] = TIME_RULES.index(BEFORE_CUTOFF)
    rules[first >= reopen] = TIME_RULES.index(AFTER_GAP)
    rules[(first < start) & (last >= start)] = TIME_RULES.index(CROSSES_CUTOFF)
    return rules
