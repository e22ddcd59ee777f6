"""``split_report.json``: achieved row and token ratios against the target, groups, rules.

Large groups (``assign.large_units``: above ``splits.large_unit_share`` of the rows and above
the mean group) are listed with the rule that placed them: ``balanced`` when this run put a
new one where it keeps the ratios, ``ledger`` when an earlier run did. A time split only lists
them (a user may pick another key or accept the swing). Groups are named by key digest and
located by the first record, never by their id text.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from govern.records import ReadStats
from govern.splits.assign import RULES, Placement, large_units
from govern.splits.graph import IntArray
from govern.splits.keys import OWN_GROUP, SPLITS, Units
from govern.splits.options import SplitPlan

LISTED = 100  # moved and large groups listed by name; the counts are always complete


@dataclass(frozen=True)
class SplitStats:
    name: str
    target: float
    rows: int
    tokens: int
    groups: int
    row_ratio: float
    token_ratio: float
    files: list[str]


@dataclass(frozen=True)
class SplitReport:
    """What ``split_dataset`` wrote and how close it came to the target ratios."""

    plan: SplitPlan
    splits: list[SplitStats]
    groups: dict[str, int]
    rules: dict[str, dict[str, int]]
    moved_groups: list[str]
    large_groups: list[dict[str, Any]]
    stats: ReadStats
    provenance: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        return {
            "provenance": self.provenance,
            "mode": "time" if self.plan.time_field else "group",
            "plan": self.plan.to_json(),
            "layout": "<split>/<path relative to the input>; see govern/splits/layout.py",
            "splits": {
                s.name: {k: v for k, v in vars(s).items() if k != "name"} for s in self.splits
            },
            "groups": self.groups,
            "rules": self.rules,
            "moved_groups": self.moved_groups,
            "large_groups": self.large_groups,
            "large_group_threshold": (
                f"rows > {self.plan.large_unit_share:g} of all rows and > the mean group; "
                "new ones placed where they keep the ratios (rule balanced), then pinned"
            ),
            "rule_of_each_group": "ledger.jsonl: split and rule per group key",
            "read": self.stats.to_json(),
        }

    def describe(self) -> list[str]:
        """Human lines for the command line."""
        lines = [f"{'split':<11} {'rows':>9} {'ratio':>7} {'target':>7} {'tokens':>10} groups"]
        for s in self.splits:
            lines.append(
                f"{s.name:<11} {s.rows:>9} {s.row_ratio:>7.3f} {s.target:>7.3f} "
                f"{s.tokens:>10} {s.groups}"
            )
        lines.append(
            f"groups: {self.groups['total']} ({self.groups['from_ledger']} kept from the ledger, "
            f"{self.groups['moved']} moved, {self.groups['excluded']} left out by the time rule)"
        )
        own = self.groups.get("own_group", 0)
        if own:
            keys = ", ".join(self.plan.fields) or "none set"
            lines.append(
                f"{own} record(s) with no split key ({keys}) split as their own group, by record id"
            )
        if self.large_groups:
            lines.append(f"{len(self.large_groups)} large group(s) flagged: see large_groups")
        return lines


def summarize(
    *,
    plan: SplitPlan,
    units: Units,
    placement: Placement,
    tokens: npt.NDArray[np.int64],
    first_locations: dict[int, str],
    files: dict[str, list[str]],
    stats: ReadStats,
    provenance: dict[str, Any],
) -> SplitReport:
    """Build the report from the per-row and per-unit arrays of one split run."""
    unit_rows = np.bincount(units.row_unit, minlength=units.count)
    unit_tokens = np.bincount(units.row_unit, weights=tokens, minlength=units.count).astype(
        np.float64
    )
    split = placement.unit_split
    placed_rows = max(1, int(unit_rows[split >= 0].sum()))
    placed_tokens = max(1.0, float(unit_tokens[split >= 0].sum()))
    splits = [
        SplitStats(
            name=name,
            target=plan.ratios[index],
            rows=int(unit_rows[split == index].sum()),
            tokens=int(unit_tokens[split == index].sum()),
            groups=int((split == index).sum()),
            row_ratio=round(float(unit_rows[split == index].sum()) / placed_rows, 6),
            token_ratio=round(float(unit_tokens[split == index].sum()) / placed_tokens, 6),
            files=files.get(name, []),
        )
        for index, name in enumerate(SPLITS)
    ]
    rules = {
        rule: {
            "groups": int((placement.unit_rule == index).sum()),
            "rows": int(unit_rows[placement.unit_rule == index].sum()),
        }
        for index, rule in enumerate(RULES)
        if (placement.unit_rule == index).any()
    }
    groups = {
        "total": units.count,
        "from_ledger": int(placement.known.sum()),
        "new": int((~placement.known).sum()),
        "moved": len(placement.moved_units),
        "excluded": int((split < 0).sum()),
        "excluded_rows": int(unit_rows[split < 0].sum()),
        "large": len(large_units(unit_rows, plan.large_unit_share)),
        "own_group": _own_groups(units),
    }
    moved = [units.keys.key_name(int(units.unit_anchor[u])) for u in placement.moved_units[:LISTED]]
    large = _large_groups(plan, units, placement, unit_rows, unit_tokens, first_locations)
    return SplitReport(plan, splits, groups, rules, moved, large, stats, provenance)


def _own_groups(units: Units) -> int:
    """How many groups are records without a key, each its own group (``keys.OWN_GROUP``)."""
    if OWN_GROUP not in units.keys.fields:
        return 0
    own = units.keys.fields.index(OWN_GROUP)
    return int((units.keys.key_field[units.unit_anchor] == own).sum())


def first_row_of_units(units: Units) -> IntArray:
    """Per unit the index of its first row."""
    first = np.full(units.count, len(units.row_unit), dtype=np.int64)
    np.minimum.at(first, units.row_unit, np.arange(len(units.row_unit), dtype=np.int64))
    return first


def _large_groups(
    plan: SplitPlan,
    units: Units,
    placement: Placement,
    unit_rows: npt.NDArray[np.int64],
    unit_tokens: npt.NDArray[np.float64],
    first_locations: dict[int, str],
) -> list[dict[str, Any]]:
    total = int(unit_rows.sum())
    split = placement.unit_split
    first_rows = first_row_of_units(units)
    return [
        {
            "key": units.keys.key_name(int(units.unit_anchor[unit])),
            "keys": int((units.key_unit == unit).sum()),
            "rows": int(unit_rows[unit]),
            "tokens": int(unit_tokens[unit]),
            "share_of_rows": round(float(unit_rows[unit]) / total, 6),
            "split": SPLITS[split[unit]] if split[unit] >= 0 else "excluded",
            "rule": RULES[placement.unit_rule[unit]],
            "first_record": first_locations.get(int(first_rows[unit]), ""),
        }
        for unit in large_units(unit_rows, plan.large_unit_share)[:LISTED].tolist()
    ]
