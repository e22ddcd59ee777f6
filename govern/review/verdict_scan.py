"""Verdict rules over the raw corpus's and the redacted copy's scans, and the lineage from the
scanned copy to the license stage. The rules are listed in ``govern.review.verdict``."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from govern.review.inputs import Collected
from govern.review.reasons import Reason, get_path


def scan_rules(c: Collected) -> Iterator[Reason]:
    """The redacted copy's scan verdict, findings and coverage, and what redaction resolved.

    Also the lineage: the license stage must have read the copy that was scanned."""
    raw, redacted = c.data("scan"), c.data("scan_redacted")
    path = c.path("scan_redacted")
    if isinstance(redacted, dict):
        by_type = get_path(redacted, "summary", "by_type") or {}
        counts = ", ".join(f"{n} {t}" for t, n in sorted(by_type.items())) or "no findings"
        if redacted.get("verdict") != "pass":
            yield Reason("blocking", "scan", f"the redacted copy fails its scan ({counts})", path)
        elif get_path(redacted, "summary", "findings"):
            yield Reason(
                "attention",
                "scan",
                f"the redacted copy still holds findings the policy allows ({counts})",
                path,
                means="these values are in the data the model is trained on",
                change="list the types in pii.block_on to fail the scan (redact them first)",
            )
        partial = get_path(redacted, "summary", "files_not_fully_scanned")
        if partial:
            yield Reason(
                "attention",
                "scan",
                f"{partial} files of the redacted copy were not fully scanned",
                path,
                means="parts of these files were not checked for PII or secrets",
                change="fix what the files table names (unreadable lines, oversized fields) "
                "and rerun the scan",
            )
        required = must_cover(c)
        missing = [
            kind
            for kind in required
            if any(
                kind not in (get_path(r, "coverage", "covered") or [])
                for r in (raw, redacted)
                if isinstance(r, dict)
            )
        ]
        if missing:
            yield Reason(
                "blocking",
                "scan",
                f"{', '.join(missing)} must be covered (pii.must_cover) but no detector "
                "covered them in this run",
                path,
                means="values of these identifier types were not looked for, so the data "
                "the model is trained on may hold them",
                change=_uncovered_change(missing).replace(
                    "; or pii.uncovered: fail to block instead", ""
                ),
            )
        uncovered = [
            kind
            for kind in get_path(redacted, "coverage", "not_covered") or []
            if kind not in missing
        ]
        if uncovered:
            yield Reason(
                "attention",
                "scan",
                f"{', '.join(map(str, uncovered))} not detected in this run (no detector "
                "covers them)",
                path,
                means=_uncovered_means(c),
                change=_uncovered_change(uncovered),
            )
    if isinstance(raw, dict) and isinstance(redacted, dict) and redacted.get("verdict") == "pass":
        found = get_path(raw, "summary", "by_type") or {}
        left = get_path(redacted, "summary", "by_type") or {}
        secrets, secrets_left = found.get("SECRET", 0), left.get("SECRET", 0)
        pii = sum(n for t, n in found.items() if t != "SECRET")
        pii_left = sum(n for t, n in left.items() if t != "SECRET")
        if pii:
            yield Reason(
                "resolved",
                "scan",
                f"{pii} PII findings in the raw corpus were redacted "
                f"({pii_left} remain in the redacted copy)",
                c.path("scan"),
            )
        if secrets:
            yield Reason(
                "resolved",
                "scan",
                f"{secrets} secrets in the raw corpus were removed "
                f"({secrets_left} remain in the redacted copy)",
                c.path("scan"),
            )
    licenses = c.data("licenses")
    scanned_root = _first_input(redacted)
    if scanned_root and isinstance(licenses, dict):
        read = {
            i.get("path"): i.get("sha256")
            for i in get_path(licenses, "provenance", "inputs") or []
            if isinstance(i, dict)
        }
        if read.get(scanned_root[0]) != scanned_root[1]:
            yield Reason(
                "blocking",
                "lineage",
                f"the license stage did not read the redacted "
                f"copy that was scanned ({scanned_root[0]} differs or was not read)",
                c.path("licenses"),
            )


def must_cover(c: Collected) -> list[str]:
    """The types that must be covered: the review's policy (``pii.must_cover``), else what the
    redacted copy's scan recorded of its own policy."""
    if c.must_cover is not None:
        return list(c.must_cover)
    recorded = get_path(c.data("scan_redacted"), "coverage", "must_cover")
    return [str(t) for t in recorded] if isinstance(recorded, list) else []


def _uncovered_means(c: Collected) -> str:
    approved = get_path(c.data("licenses"), "approved", "records_written")
    where = f"any of the {approved:,} approved records" if isinstance(approved, int) else "records"
    return (
        f"values of these types were not looked for, so {where} may still contain them, "
        "in the copy the model is trained on"
    )


def _uncovered_change(types: list[Any]) -> str:
    named = sorted({"PERSON", "LOCATION", "NRP"} & {str(t) for t in types})
    others = sorted({str(t) for t in types} - set(named))
    advice = []
    if named:
        advice.append(
            f"an NER model detects {', '.join(named)}: set scan.nlp_model in params.yaml "
            "(pii.nlp_model in the policy) to an installed spaCy pipeline"
        )
    if others:
        advice.append(
            f"enable a detector for {', '.join(others)} (its secrets plugin or pii recognizer)"
        )
    return "; ".join(advice) + "; or pii.uncovered: fail to block instead"


def _first_input(report: Any) -> tuple[str, str] | None:
    inputs = get_path(report, "provenance", "inputs") or []
    first = inputs[0] if inputs and isinstance(inputs[0], dict) else {}
    if isinstance(first.get("path"), str) and isinstance(first.get("sha256"), str):
        return first["path"], first["sha256"]
    return None
