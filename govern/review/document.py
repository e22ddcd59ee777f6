"""The review document: one JSON-able structure both renderers (HTML, Markdown) draw from.

A document is the verdict, the inputs read, and sections (see ``blocks``), in the order of
``SECTIONS``. Every string in it comes from pipeline outputs and is untrusted: renderers escape
everything.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from govern import __version__
from govern.review.blocks import Block, link, readable, section, table
from govern.review.data_sections import (
    manifest_section,
    scan_section,
    sources_section,
    split_section,
)
from govern.review.inputs import Collected
from govern.review.training_sections import (
    artifacts_section,
    campaign_section,
    preflight_section,
    retention_section,
    signatures_section,
)
from govern.review.verdict import Verdict


def inputs_section(c: Collected) -> Block:
    """Every file the review read, with its status and sha256."""
    found_inputs = sorted(
        (f for f in c.inputs.values() if f.status != "not provided"), key=lambda f: f.path
    )
    found_inputs += [f for cp in c.campaigns for f in (cp.ledger, cp.summary)]
    rows = [
        [
            found.path if found.absent else link(found.path),
            found.status,
            found.sha256 or "",
            found.problem or "",
        ]
        for found in found_inputs
    ]
    return section("inputs", [], [table(["file", "status", "sha256", "problem"], rows)], c)


# The sections in reading order, each built from what was collected; a builder uses the blocks
# of ``govern.review.blocks`` and is listed here, with its title in ``SECTION_TITLES``.
SECTIONS: tuple[Callable[[Collected], Block], ...] = (
    sources_section,
    scan_section,
    split_section,
    manifest_section,
    preflight_section,
    campaign_section,
    artifacts_section,
    signatures_section,
    retention_section,
    inputs_section,
)


def build_document(collected: Collected, verdict: Verdict) -> dict[str, Any]:
    """The whole review as data; deterministic for equal inputs (no timestamps)."""
    sections = [build(collected) for build in SECTIONS]
    return {
        "kind": "review",
        "format": 1,
        "tool": {"name": "govern", "version": __version__},
        "policy": {"path": collected.policy_path, "sha256": collected.policy_sha256},
        "verdict": _with_found_sources(verdict.to_json(), collected),
        "inputs": {key: found.to_json() for key, found in sorted(collected.inputs.items())},
        "checks": {key: check.to_json() for key, check in sorted(collected.checks.items())},
        "sections": sections,
    }


def _with_found_sources(verdict: dict[str, Any], collected: Collected) -> dict[str, Any]:
    """Mark each reason's source as found or not, so renderers link only files that exist."""
    for level in ("blocking", "attention", "resolved"):
        for reason in verdict[level]:
            source = reason.get("source")
            reason["source_found"] = bool(source) and readable(collected, source)
    return verdict
