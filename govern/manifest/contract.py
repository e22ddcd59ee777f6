"""The data manifest's model (``data/manifest.json``, written by ``manifest.build_manifest``)."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from govern.contract import PolicyRef, ReportModel, ToolRef


class ManifestFile(ReportModel):
    """One pinned file; ``format``, ``rows`` and ``schema`` only for datasets."""

    path: str
    size: int
    sha256: str
    format: str | None = None
    rows: int | None = None
    # The dataset's field shapes (``manifest.shape.Schema``); named schema_ here because
    # pydantic models own the attribute ``schema``.
    schema_: Any = Field(default=None, alias="schema")


class ManifestTotals(ReportModel):
    files: int
    bytes: int
    dataset_files: int
    rows: int


class Parent(ReportModel):
    path: str
    sha256: str
    id: str


class ModelVerdict(ReportModel):
    """A model's licence entry: the trainer's gate finds its base model here by folder."""

    source: str
    root: str
    verdict: str


class ReportSummary(ReportModel):
    """``manifest.summaries.summarize_report``: one report's file, hash, verdict and counts.

    Every kind has ``report`` and ``found``; the rest is what that kind's report held (scan:
    ``by_type``; licenses: ``sources``, ``by_verdict``, ``models``; split: ratios, targets, rows
    and groups per split; leaks: leaks per check before and after the fix; preflight, replay,
    memorization: their verdict; kinds with neither, such as backup: the file and its hash).
    """

    report: str
    found: bool
    note: str | None = None  # why nothing was summarised (the report was not found)
    sha256: str | None = None
    verdict: str | None = None
    counts: dict[str, int | float] | None = None
    by_type: dict[str, int | float] | None = None
    sources: dict[str, str] | None = None
    by_verdict: dict[str, int] | None = None
    models: list[ModelVerdict] | None = None
    ratios: dict[str, int | float] | None = None
    targets: dict[str, int | float] | None = None
    rows: dict[str, int | float] | None = None
    groups: dict[str, int | float] | None = None


class Manifest(ReportModel):
    manifest_version: int
    base: str
    roots: list[str]
    files: list[ManifestFile]
    totals: ManifestTotals
    # Per stage report given to ``manifest build --report KIND=PATH``: its counts and verdict.
    summaries: dict[str, ReportSummary]
    policy: PolicyRef
    tool: ToolRef
    packages: dict[str, str | None]
    params: dict[str, Any]
    lineage: list[Parent]
    id: str
