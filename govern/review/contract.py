"""The model of ``review.json`` (written by ``review.report.write_review``): the verdict, every
input with its sha256 and the sections both renderers draw from.

Every string in it came from pipeline outputs; the model checks its shape, the renderers still
escape everything.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field

from govern.contract import ReportModel, ToolRef


class ReviewPolicy(ReportModel):
    """The policy the review was decided under; both None without one."""

    path: str | None
    sha256: str | None


class ReasonEntry(ReportModel):
    """``reasons.Reason``: one line of the verdict, with the anchor of its section."""

    level: Literal["blocking", "attention", "resolved"]
    section: str
    text: str
    source: str | None
    means: str
    change: str
    anchor: str
    source_found: bool  # whether ``source`` was read, so renderers link only files that exist


class VerdictEntry(ReportModel):
    status: Literal["ready", "blocked"]
    blocking: list[ReasonEntry]
    attention: list[ReasonEntry]
    resolved: list[ReasonEntry]


class InputEntry(ReportModel):
    """``inputs.Input``: one file the review read, its status and sha256 (never its content)."""

    path: str
    status: Literal["ok", "missing", "unreadable", "not provided"]
    sha256: str | None
    problem: str | None


class CheckEntry(ReportModel):
    """``inputs.Check``: a check the review ran itself (signatures, file hashes, deletion log)."""

    status: Literal["ok", "failed", "missing", "not run"]
    detail: str
    facts: dict[str, Any]  # per check: what it checked (signature path, key, counts)


class SectionSource(ReportModel):
    path: str
    found: bool
    note: str


class FactsBlock(ReportModel):
    type: Literal["facts"]
    caption: str
    rows: list[list[Any]]  # [label, value]


class TableBlock(ReportModel):
    type: Literal["table"]
    caption: str
    columns: list[str]
    rows: list[list[Any]]  # a cell is text, a number, None or a link {"text", "href"}
    style: Literal["excerpts"] | None = None  # how the HTML page draws it (a CSS class)


class BarsBlock(ReportModel):
    type: Literal["bars"]
    title: str
    caption: str
    source: str
    y_label: str
    categories: list[str]
    series: list[dict[str, Any]]  # name and values, and per chart its own display keys
    table: TableBlock


class FigureBlock(ReportModel):
    """A line plot (a loss curve): its series of points and their summary as a table."""

    type: Literal["figure"]
    title: str
    caption: str
    source: str
    x_label: str
    y_label: str
    series: list[dict[str, Any]]  # name and points, and per plot its own display keys
    table: TableBlock


class ListBlock(ReportModel):
    type: Literal["list"]
    title: str
    items: list[str]


class TextBlock(ReportModel):
    type: Literal["text"]
    text: str


Block = Annotated[
    FactsBlock | TableBlock | BarsBlock | FigureBlock | ListBlock | TextBlock,
    Field(discriminator="type"),
]


class Section(ReportModel):
    """``blocks.section``: one section of the review, its sources and blocks."""

    id: str
    title: str
    sources: list[SectionSource]
    status: Literal["ok", "not run", "not provided"]
    blocks: list[Block]


class ReviewReport(ReportModel):
    """``review.json``: the whole review as data, deterministic for equal inputs."""

    kind: Literal["review"]
    format: Literal[1]
    tool: ToolRef
    policy: ReviewPolicy
    verdict: VerdictEntry
    inputs: dict[str, InputEntry]
    checks: dict[str, CheckEntry]
    sections: list[Section]
