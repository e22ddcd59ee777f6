"""The models of the retention plan (``reports/retention_plan.json``) and of the apply report
(``reports/retention.json``: what was deleted and the deletion log's new head)."""

from __future__ import annotations

from typing import Any, Literal

from govern.contract import PolicyRef, ReportModel, ToolRef


class PlannedFile(ReportModel):
    """A file the deletion covers, pinned so that a changed file makes the plan stale."""

    path: str
    size: int
    mtime_ns: int
    mtime: str
    digest: str


class PlannedDeletion(ReportModel):
    rule: str
    artifact: str
    method: str
    item: str
    unit: str
    reason: str
    key_id: str | None
    files: list[PlannedFile]


class KeptItem(ReportModel):
    rule: str
    item: str
    reason: str


class PlanTotals(ReportModel):
    items: int
    files: int
    bytes: int
    kept: int


class RetentionPlan(ReportModel):
    format: Literal["govern-retention-plan"]
    version: int
    root: str
    paths: Literal["keyed hash", "clear"]
    now: str
    policy: PolicyRef
    tool: ToolRef
    totals: PlanTotals
    deletions: list[PlannedDeletion]
    kept: list[KeptItem]


class Deleted(ReportModel):
    rule: str
    item: str
    seq: int


class LogHead(ReportModel):
    entries: int
    head: str


class RetentionReport(ReportModel):
    format: Literal["govern-retention-report"]
    version: int
    plan_sha256: str
    policy_sha256: str
    tool: ToolRef
    deleted: list[Deleted]
    # The done entries written for deletions an earlier run left interrupted (log entries).
    reconciled: list[dict[str, Any]]
    log: LogHead
