"""Decide each unit's split: by hash, by the ledger, by balance, or by time around a cutoff.

Precedence, per unit: a time rule that forbids a split (nothing after the cutoff in train,
nothing before cutoff + gap in evaluation) > the ledger's earlier assignment > balance (a new
large unit) > the hash.

Large units (``large_units``: above ``splits.large_unit_share`` of the rows and above the mean
unit) can swing a split's ratio on their own, so a new one is not drawn by hash: once every
other unit is placed, the large ones go, largest first, each to the split furthest below its
target rows (rule ``balanced``). The ledger then pins them: a later run keeps them there
whatever it would compute, so adding data never moves them either.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

import numpy as np
import numpy.typing as npt

from govern.splits.keys import SPLITS, SplitArray, Units, fractions, split_of
from govern.splits.ledger import EXCLUDED, Ledger
from govern.splits.timing import AFTER_GAP, BEFORE_CUTOFF, TIME_RULES, time_rules

HASH, LEDGER, LEAK_FIX, BALANCED = "hash", "ledger", "leak_fix", "balanced"
RULES = (HASH, LEDGER, *TIME_RULES, LEAK_FIX, BALANCED)
IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]


@dataclass(frozen=True)
class TimeWindow:
    """Per unit its first and last record time (epoch seconds), with the cutoff and gap."""

    first: FloatArray
    last: FloatArray
    cutoff: datetime
    gap: timedelta


@dataclass(frozen=True)
class Placement:
    """Per unit its split (-1: left out) and the index in ``RULES`` of the rule that placed it."""

    unit_split: SplitArray
    unit_rule: npt.NDArray[np.int8]
    known: npt.NDArray[np.bool_]  # units with a key in the ledger
    moved_units: npt.NDArray[np.int64]  # units a ledger placed elsewhere before (merges, time)


def place_units(
    units: Units,
    ratios: tuple[float, float, float],
    ledger: Ledger | None = None,
    window: TimeWindow | None = None,
    large_share: float = 0.01,
) -> Placement:
    """Place every unit; see the module docstring for the precedence.

    ``large_share``: the share of all rows above which a unit is large (``large_units``);
    a time split only flags large units, it never balances them.
    """
    split_hash = units.split_hash
    split = split_of(split_hash, ratios)
    rule = np.full(units.count, RULES.index(HASH), dtype=np.int8)
    key_earlier = _key_splits(units, ledger)
    earlier = _unit_splits(units, key_earlier)
    known = earlier >= 0
    split[known] = earlier[known]
    rule[known] = RULES.index(LEDGER)
    if window is not None:
        split, rule = _apply_time(split_hash, split, known, ratios, window)
    else:
        unit_rows = np.bincount(units.row_unit, minlength=units.count)
        large = large_units(unit_rows, large_share)
        new = large[~known[large]]
        # Largest first, ties by hash: the order (and so the result) ignores the input's order.
        new = new[np.lexsort((split_hash[new], -unit_rows[new]))]
        _balance(split, rule, unit_rows, new, ratios)
    moved = np.unique(units.key_unit[(key_earlier != -2) & (key_earlier != split[units.key_unit])])
    has_entry = np.zeros(units.count, dtype=np.bool_)
    has_entry[units.key_unit[key_earlier != -2]] = True
    return Placement(
        unit_split=split, unit_rule=rule, known=has_entry, moved_units=moved.astype(np.int64)
    )


def large_units(unit_rows: IntArray, share: float) -> IntArray:
    """Units holding more than ``share`` of all rows and more than the mean unit, largest first.

    Both conditions: "large" is relative to the data. In a small data set every unit is a few
    percent of it, but a one-row group, or a unit no bigger than the others, is no reason to
    pick another key; it is the unit that stands out that swings a ratio.
    """
    total = int(unit_rows.sum())
    if total == 0:
        return np.empty(0, dtype=np.int64)
    mean = total / len(unit_rows)
    flagged = np.flatnonzero((unit_rows > share * total) & (unit_rows > mean))
    return flagged[np.argsort(-unit_rows[flagged], kind="stable")].astype(np.int64)


def _balance(
    split: SplitArray,
    rule: npt.NDArray[np.int8],
    unit_rows: IntArray,
    large: IntArray,
    ratios: tuple[float, float, float],
) -> None:
    """Place ``large`` (in that order) each into the split furthest below its target rows."""
    if len(large) == 0:
        return
    others = np.ones(len(split), dtype=np.bool_)
    others[large] = False
    others &= split >= 0
    placed = np.bincount(split[others], weights=unit_rows[others], minlength=len(SPLITS))
    total = float(unit_rows[others].sum() + unit_rows[large].sum())
    target = np.asarray(ratios, dtype=np.float64) * total
    for unit in large.tolist():
        deficit = np.where(target > 0, target - placed, -np.inf)
        chosen = int(np.argmax(deficit))  # ties: the earlier split
        split[unit] = chosen
        rule[unit] = RULES.index(BALANCED)
        placed[chosen] += unit_rows[unit]


def _apply_time(
    anchor_hash: npt.NDArray[np.uint64],
    split: SplitArray,
    known: npt.NDArray[np.bool_],
    ratios: tuple[float, float, float],
    window: TimeWindow,
) -> tuple[SplitArray, npt.NDArray[np.int8]]:
    time_rule = time_rules(window.first, window.last, window.cutoff, window.gap)
    before = time_rule == TIME_RULES.index(BEFORE_CUTOFF)
    after = time_rule == TIME_RULES.index(AFTER_GAP)
    # After the gap, validation or test by hash in the ratio of their targets, unless the
    # ledger already holds the group in one of them.
    test_share = ratios[2] / (ratios[1] + ratios[2])
    by_hash = np.where(fractions(anchor_hash) < 1.0 - test_share, 1, 2).astype(np.int8)
    keep = known & (split > 0)
    timed = np.full(split.shape, -1, dtype=np.int8)
    timed[before] = 0
    timed[after] = np.where(keep, split, by_hash)[after]
    # The time rule is what places a group here; the ledger only picks validation or test.
    return timed, (time_rule + RULES.index(TIME_RULES[0])).astype(np.int8)


def _key_splits(units: Units, ledger: Ledger | None) -> npt.NDArray[np.int8]:
    """Per key its ledger split: 0-2, -1 for excluded, -2 when the ledger lacks it."""
    found = np.full(units.keys.count, -2, dtype=np.int8)
    if ledger is None or not ledger.entries:
        return found
    codes = {name: index for index, name in enumerate(SPLITS)} | {EXCLUDED: -1}
    for key in range(len(found)):
        entry = ledger.entries.get(units.keys.key_name(key))
        if entry is not None:
            found[key] = codes.get(entry.split, -2)
    return found


def _unit_splits(units: Units, key_split: npt.NDArray[np.int8]) -> SplitArray:
    """Per unit the split the ledger gave its highest-priority known key, else -1."""
    result = np.full(units.count, -1, dtype=np.int8)
    in_ledger = np.flatnonzero(key_split >= 0)
    if len(in_ledger) == 0:
        return result
    order = in_ledger[
        np.lexsort(
            (
                units.keys.key_hash[in_ledger],
                units.keys.key_field[in_ledger],
                units.key_unit[in_ledger],
            )
        )
    ]
    unit_of = units.key_unit[order]
    first = np.r_[True, unit_of[1:] != unit_of[:-1]]
    result[unit_of[first]] = key_split[order[first]]
    return result
