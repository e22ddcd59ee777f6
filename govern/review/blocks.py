"""The blocks a review section is made of, and ``section`` that frames them.

A section is a title, the files it comes from and blocks: ``text``, ``facts`` (label/value
rows), ``table`` (columns and rows; a cell may be ``{"text", "href"}``, a project-relative
link), ``figure`` (series of points plotted by the renderer, with the file the numbers come
from) and ``list``. The section builders (``data_sections``, ``training_sections``) use these;
``document`` lists the builders and puts their sections together, so no builder imports it.
"""

from __future__ import annotations

from typing import Any

from govern.review.inputs import Collected

Block = dict[str, Any]
SECTION_TITLES = {
    "sources": "Data sources and licenses",
    "scan": "Scan results",
    "split": "Splits and leak check",
    "manifest": "Manifest and lineage",
    "preflight": "Preflight and phase gates",
    "campaign": "Training campaign",
    "artifacts": "Artifact scan and memorization probe",
    "signatures": "Signatures",
    "retention": "Backups, retention and deletion log",
    "inputs": "Inputs read",
}


def link(path: str | None, text: str | None = None) -> Any:
    """A table cell linking to a project-relative file."""
    return {"text": text or path, "href": path} if path else None


def short(digest: Any) -> str:
    """The first 12 hex digits of a digest (after an ``algorithm:`` prefix, if any)."""
    return str(digest).rsplit(":", 1)[-1][:12] if digest else ""


def facts(rows: list[tuple[str, Any]], caption: str = "") -> Block:
    return {"type": "facts", "caption": caption, "rows": [[label, value] for label, value in rows]}


def table(columns: list[str], rows: list[list[Any]], caption: str = "") -> Block:
    return {"type": "table", "caption": caption, "columns": columns, "rows": rows}


def chart(
    title: str,
    caption: str,
    source: str,
    categories: list[str],
    series: list[dict[str, Any]],
    *,
    x_label: str,
    y_label: str,
    field: str | None = None,
) -> Block:
    """A bar chart with its data as a table below it (for screen readers and print) and a
    one-line caption saying what to look for; ``field`` says how values are shown."""
    from govern.review.values import show

    rows = [
        [name, *[show(s["values"][i] if i < len(s["values"]) else None, field) for s in series]]
        for i, name in enumerate(categories)
    ]
    return {
        "type": "bars",
        "title": title,
        "caption": caption,
        "source": source,
        "y_label": y_label,
        "categories": categories,
        "series": series,
        "table": table([x_label, *[str(s["name"]) for s in series]], rows),
    }


def text(value: str) -> Block:
    return {"type": "text", "text": value}


def not_run(c: Collected, *keys: str) -> Block:
    """Why a part is empty: its stage has not run, or (reports given) it was not provided."""
    if c.given:
        return text("Not provided: no " + ", ".join(keys) + " report was given.")
    return text("Not run: " + ", ".join(c.path(k) for k in keys) + " missing.")


def section(key: str, sources: list[str], blocks: list[Block], collected: Collected) -> Block:
    """A section; its status is ``not run`` when none of its sources could be read."""
    found = [s for s in sources if readable(collected, s)]
    return {
        "id": key,
        "title": SECTION_TITLES[key],
        "sources": [
            {"path": s, "found": s in found, "note": _absent_note(collected, s)} for s in sources
        ],
        "status": "ok"
        if found or not sources
        else "not provided"
        if collected.given
        else "not run",
        "blocks": blocks,
    }


def _absent_note(collected: Collected, path: str) -> str:
    """How a section's source that could not be read is labelled."""
    for found in collected.inputs.values():
        if found.path == path and found.status != "missing":
            return found.status
    return "not found"


def readable(collected: Collected, path: str) -> bool:
    """Whether ``path`` (an input, a campaign ledger or a checked signature) was read."""
    for found in collected.inputs.values():
        if found.path == path:
            return found.ok
    return any(c.ledger.path == path and c.ledger.ok for c in collected.campaigns) or any(
        check.status == "ok" and check.facts.get("signature") == path
        for check in collected.checks.values()
    )
