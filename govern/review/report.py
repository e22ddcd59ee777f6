"""Assemble the review: collect, decide, build the document, write JSON, HTML and Markdown.

``review.json`` holds the document (verdict, inputs with their sha256, sections) and nothing
time-dependent, so the same outputs give the same bytes and an approval stays valid until
something changes. The reviewer's decision is not part of it (it approves that file's sha256);
it is read and verified when the HTML and Markdown are rendered.
"""

from __future__ import annotations

import hashlib
import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from govern.io import atomic_write_text
from govern.policy import LoadedPolicy
from govern.review.collect import collect, relative_link
from govern.review.contract import ReviewReport
from govern.review.decision import decision_rows
from govern.review.document import build_document
from govern.review.inputs import Collected
from govern.review.verdict import Verdict, decide

DEFAULT_HTML = "reports/review.html"
DEFAULT_MARKDOWN = "reports/review.md"
DEFAULT_JSON = "reports/review.json"


@dataclass(slots=True)
class Review:
    """A built review: what was collected, the verdict and the document."""

    collected: Collected
    verdict: Verdict
    document: dict[str, Any]

    def json_bytes(self) -> bytes:
        """``review.json``'s exact bytes: indented, key-sorted, deterministic, strict JSON."""
        document = ReviewReport.from_json(finite(self.document), "review.json").to_json()
        text = json.dumps(document, indent=2, sort_keys=True, ensure_ascii=False, allow_nan=False)
        return (text + "\n").encode("utf-8")


def finite(value: Any) -> Any:
    """``value`` with NaN and infinities (a diverged run's loss) as strings: strict JSON."""
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)
    if isinstance(value, dict):
        return {key: finite(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [finite(item) for item in value]
    return value


@dataclass(frozen=True, slots=True)
class Written:
    """Where the review went and its verdict."""

    review: Review
    json_path: Path | None
    html_path: Path | None
    markdown_path: Path | None
    json_sha256: str


def build_review(
    project: Path,
    policy: LoadedPolicy | None,
    trusted: list[Path] | None = None,
    reports: dict[str, str] | None = None,
) -> Review:
    """Collect the project's outputs (or the ``reports`` given), decide, build the document."""
    collected = collect(project, policy, trusted, reports)
    verdict = decide(collected)
    return Review(collected, verdict, build_document(collected, verdict))


def write_review(
    project: Path,
    policy: LoadedPolicy | None,
    *,
    html: Path | None = None,
    markdown: Path | None = None,
    json_path: Path | None = None,
    trusted: list[Path] | None = None,
    reports: dict[str, str] | None = None,
    defaults: bool = True,
) -> Written:
    """Write the review where told: ``review.json``, the HTML and the Markdown page.

    With no path at all (no ``reports``, ``defaults`` true), all three go to their defaults
    under ``project/reports``; otherwise only the paths given are written. Links in the pages are
    relative to where each page is written.
    """
    from govern.review.render_html import render_html
    from govern.review.render_md import render_markdown

    review = build_review(project, policy, trusted, reports)
    told = html is not None or markdown is not None or json_path is not None
    if defaults and not told and reports is None:
        html, markdown, json_path = (
            project / DEFAULT_HTML,
            project / DEFAULT_MARKDOWN,
            project / DEFAULT_JSON,
        )
    data = review.json_bytes()
    if json_path is not None:
        atomic_write_text(json_path, data.decode("utf-8"))
    sha = hashlib.sha256(data).hexdigest()
    decision = decision_rows(project, policy, sha, trusted)
    if html is not None:
        page = html
        atomic_write_text(
            page, render_html(review.document, decision, lambda p: relative_link(p, page, project))
        )
    if markdown is not None:
        notes = markdown
        atomic_write_text(
            notes,
            render_markdown(review.document, decision, lambda p: relative_link(p, notes, project)),
        )
    return Written(review, json_path, html, markdown, sha)
