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


class Manifest(ReportModel):
    manifest_version: int
    base: str
    roots: list[str]
    files: list[ManifestFile]
    totals: ManifestTotals
    # Per stage report given to ``manifest build --report KIND=PATH``: its counts and verdict.
    summaries: dict[str, dict[str, Any]]
    policy: PolicyRef
    tool: ToolRef
    packages: dict[str, str | None]
    params: dict[str, Any]
    lineage: list[Parent]
    id: str
