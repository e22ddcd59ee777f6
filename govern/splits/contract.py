"""The models of the split report (``split_report.json`` in the split folder, copied to
``reports/split.json``) and of the leak check (``reports/leaks.json``)."""

from __future__ import annotations

from typing import Any, Literal

from govern.contract import Provenance, ReadSummary, ReportModel


class SplitPlan(ReportModel):
    by: list[str]
    fallback_by: list[str]
    ratios: list[float]
    salt: str
    time_field: str | None
    cutoff: str | None
    gap_seconds: float
    large_unit_share: float


class SplitSize(ReportModel):
    """One split: its files, rows, tokens and groups against its target ratio."""

    files: list[str]
    rows: int
    tokens: int
    groups: int
    target: float
    row_ratio: float
    token_ratio: float


class LargeGroup(ReportModel):
    """A group over the large-group threshold: its key (hashed), size and where it went."""

    key: str
    keys: int
    rows: int
    tokens: int
    share_of_rows: float
    split: str  # a split's name, or "excluded"
    rule: str
    first_record: str


class SplitReport(ReportModel):
    provenance: Provenance
    mode: Literal["group", "time"]
    plan: SplitPlan
    layout: str
    splits: dict[str, SplitSize]
    groups: dict[str, int]
    rules: dict[str, dict[str, int]]
    moved_groups: list[str]
    large_groups: list[LargeGroup]
    large_group_threshold: str
    rule_of_each_group: str
    read: ReadSummary
    leak_fix: LeakFixNote | None = None  # added by ``govern leaks --fix`` to the split it fixed


class LeakFixNote(ReportModel):
    """What ``govern leaks --fix`` moved, noted in the split report of the fixed folder."""

    moved_records: int
    records_after: dict[str, int]


class LeakCheck(ReportModel):
    """One pass of the leak check over a split folder."""

    split_dir: str
    passed: bool
    by: list[str]
    fallback_by: list[str]
    records: dict[str, int]
    # Per check (group_key, exact_duplicate, near_duplicate, contamination): its settings and
    # leak count; keys differ by check (not modelled yet).
    checks: dict[str, dict[str, Any]]
    leaks: list[dict[str, Any]]
    read: ReadSummary


class LeakFix(ReportModel):
    """What ``--fix`` moved: records per direction, linked sets, and what it cannot fix."""

    moved_records: int
    moves: dict[str, int]  # "test->train": records moved that way
    linked_sets_moved: int
    largest_linked_set: int
    records_after: dict[str, int]
    not_fixable: int  # contamination: moving records cannot fix it


class LeakReport(LeakCheck):
    """The leak check; with ``--fix``, the moves (``fix``) and the check after them."""

    provenance: Provenance
    fix: LeakFix | None = None
    after: LeakCheck | None = None
