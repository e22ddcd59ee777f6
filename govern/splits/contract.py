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


class SplitReport(ReportModel):
    provenance: Provenance
    mode: Literal["group", "time"]
    plan: SplitPlan
    layout: str
    splits: dict[str, SplitSize]
    groups: dict[str, int]
    rules: dict[str, dict[str, int]]
    moved_groups: list[str]
    # Groups over the large-group threshold: key hash, rows, tokens, split, rule.
    large_groups: list[dict[str, Any]]
    large_group_threshold: str
    rule_of_each_group: str
    read: ReadSummary


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


class LeakReport(LeakCheck):
    """The leak check; with ``--fix``, the moves (``fix``) and the check after them."""

    provenance: Provenance
    fix: dict[str, Any] | None = None
    after: LeakCheck | None = None
