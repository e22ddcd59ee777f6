"""The license report's model (``reports/licenses.json``: ``LicenseReport.to_json``, plus
``approved`` when the allowed records were written out, as the DVC stage does)."""

from __future__ import annotations

from typing import Any, Literal

from govern.contract import Provenance, ReportModel

Verdict = Literal["allow", "review", "deny"]


class Obligation(ReportModel):
    license: str
    id: str
    text: str
    when: str
    applies: bool


class EvidenceItem(ReportModel):
    """``evidence.Evidence.to_json()``: how a license was found; what does not apply is absent."""

    method: str  # evidence.Method: card-field, record-field, license-text, notice, spdx-id...
    path: str
    sha256: str
    label: str
    field: str | None = None
    declared: str | None = None  # the value exactly as written
    spdx: str | None = None
    problem: str | None = None
    unknown: bool = False
    family: list[str] = []
    score: float | None = None
    detail: str | None = None
    line: int | None = None
    records: int | None = None
    attribution: list[str] = []
    base_model: str | None = None


class SourceVerdict(ReportModel):
    """The verdict on one source (a dataset folder, file or model) and why."""

    source: str
    kind: str
    root: str
    records: int
    declared: list[str]
    spdx: str | None
    evidence: list[EvidenceItem]
    attribution: list[str]
    obligations: list[Obligation]
    verdict: Verdict
    reason: str
    waiver: dict[str, Any] | None
    checked: str
    policy_sha256: str


class LicenseSummary(ReportModel):
    sources: int
    allow: int
    review: int
    deny: int
    records_approved: int
    records_left_out: dict[str, int]
    awaiting_review: list[str]
    denied: list[str]


class LeftOut(ReportModel):
    records: int
    reason: str


class Approved(ReportModel):
    """Where the allowed sources' records were written and what was left out."""

    path: str
    records_written: int
    records_left_out: int
    written: dict[str, int]
    left_out: dict[str, LeftOut]
    files: dict[str, str]


class LicenseReport(ReportModel):
    kind: Literal["licenses"]
    checked: str
    policy_sha256: str
    use: dict[str, bool]
    verdict: Verdict
    exit_code: int
    summary: LicenseSummary
    sources: list[SourceVerdict]
    provenance: Provenance
    approved: Approved | None = None
