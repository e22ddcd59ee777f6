"""The scan report's model (``reports/scan/scan.json``, written by ``scan.report.build_report``)."""

from __future__ import annotations

from typing import Literal, NotRequired

from pydantic import ConfigDict, with_config
from typing_extensions import TypedDict

from govern.contract import PolicyRef, Provenance, ReportModel


class ScanSummary(ReportModel):
    records: int
    records_skipped: int
    records_skipped_at: list[str]
    texts: int
    values: int
    values_not_strings: int
    values_skipped: int
    characters: int
    files: int
    files_not_fully_scanned: int
    findings: int
    by_type: dict[str, int]
    by_detector: dict[str, int]
    filtered: dict[str, int]
    exempt: dict[str, int]  # PII kept on purpose (a licence's copyright notice), by type
    redacted_on_rescan: dict[str, int]
    by_source: dict[str, dict[str, int]]
    redacted_outputs: list[str]
    allowed: AllowedSummary


class AllowedSummary(ReportModel):
    """Findings a ``govern: allow`` marker or the policy's ``scan.allow`` allowed."""

    findings: int
    by_rule: dict[str, int]
    by_type: dict[str, int]


class Coverage(ReportModel):
    """Which PII/secret types some detector covered in this run, and which none did."""

    covered: list[str]
    not_covered: list[str]
    detectors: list[str] = []
    must_cover: list[str]  # the policy's pii.must_cover: uncovered, the scan fails


class ScannedFile(ReportModel):
    """A dataset file (with ``records``), an artifact or a skipped path (with ``reason``)."""

    path: str
    kind: str
    status: str
    records: int | None = None
    reason: str | None = None
    bytes: int | None = None


@with_config(ConfigDict(extra="forbid"))
class FindingEntry(TypedDict):
    """``findings.Finding.to_json()``: where and what, a keyed hash, never the value.

    A typed dict, not a model: a scan may write a million findings, and validating them as
    dicts costs a fifth of building a model per finding (see ``report.write_scan_report``).
    """

    path: str
    line: int
    record_id: str | None
    field: str
    start: int
    end: int
    type: str
    subtype: str | None
    detector: str
    score: float
    value_hash: str
    detectors: list[str]
    # The rule that allowed it, "marker" or "scan.allow[i]" (in ``allowed_findings`` only).
    allowed: NotRequired[str]
    baseline: NotRequired[Literal["accepted"]]  # accepted by the scan's baseline


class FieldMetrics(ReportModel):
    """Values of one field path: read, text, with findings, not strings, skipped."""

    read: int
    text: int
    findings: int
    not_strings: int
    skipped: int


class SkippedField(ReportModel):
    pattern: str
    values: int


class OtherPaths(FieldMetrics):
    """The paths past the reported number, summed."""

    paths: int


class FieldCounts(ReportModel):
    """``fields.FieldStats.to_json``: per field path what was read and scanned, and totals."""

    by_path: dict[str, FieldMetrics]
    skip_fields: list[SkippedField]
    total_read: int
    total_text: int
    total_findings: int
    total_not_strings: int
    total_skipped: int
    other_paths: OtherPaths | None = None


class BaselineUse(ReportModel):
    path: str
    created: bool
    accepted: int
    new: int
    confirmed_real: int


class ScanReport(ReportModel):
    """The verdict on a scan, its counts and findings (hashes and locations only)."""

    verdict: Literal["pass", "fail"]
    reasons: list[str]
    policy: PolicyRef
    provenance: Provenance
    summary: ScanSummary
    coverage: Coverage
    baseline: BaselineUse | None
    fields: FieldCounts
    files: list[ScannedFile]
    findings: list[FindingEntry]
    allowed_findings: list[FindingEntry]
