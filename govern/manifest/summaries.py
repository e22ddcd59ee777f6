"""Compact summaries of the reports other stages wrote: verdict, a few counts, the report's hash.

Every report kind is one the registry knows (``govern.reports.REPORT_MODELS``), and a report is
validated by its stage's model before anything is read from it: a misspelt or missing key is an
InputError naming the file and the key (never the value). The extractors read the typed model.
The report's sha256 is the evidence; the summary is what a reader (and ``manifest diff``) looks
at first.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from govern.errors import InputError
from govern.io import read_json
from govern.manifest.entries import display_path
from govern.reports import REPORT_MODELS, report_model

if TYPE_CHECKING:
    from govern.contract import ReportModel
    from govern.licenses.contract import LicenseReport
    from govern.scan.contract import ScanReport
    from govern.splits.contract import LeakReport, SplitReport

Summary = dict[str, Any]

# Kinds a manifest may summarise: the registry's, by the same names (``--report KIND=PATH``).
REPORT_KINDS = tuple(REPORT_MODELS)


def summarize_reports(reports: Mapping[str, Path], base: Path) -> dict[str, Summary]:
    """One summary per report kind; a report file that does not exist is noted, not an error.

    Raises InputError for a kind the registry does not know, and for a report that exists but
    is not JSON, or not a report of its kind.
    """
    return {
        kind: summarize_report(kind, Path(path), base) for kind, path in sorted(reports.items())
    }


def summarize_report(kind: str, path: Path, base: Path) -> Summary:
    """The summary of one report of ``kind`` (one of ``REPORT_KINDS``) at ``path``."""
    summary: Summary = {"report": display_path(path, base)}
    if kind not in REPORT_MODELS:
        raise InputError(
            f"{summary['report']}: unknown report kind {kind!r} (known: {', '.join(REPORT_KINDS)})"
        )
    if not path.is_file():
        return {**summary, "found": False, "note": "report not found; nothing summarised"}
    raw, data = read_json(path, "report")
    report = report_model(kind).from_json(data, summary["report"])
    summary.update(found=True, sha256=hashlib.sha256(raw).hexdigest())
    summary.update(_EXTRACTORS.get(kind, _nothing)(report))
    return summary


class _Judged(Protocol):
    """A report with a pass/fail verdict of its own (preflight, replay, memorization)."""

    @property
    def verdict(self) -> str: ...


def _nothing(report: Any) -> Summary:
    """Kinds with no verdict or counts to show (backup, retention, gates...): file and hash."""
    return {}


def _numbers(section: ReportModel) -> dict[str, int | float]:
    """The numeric fields of a report section (bools excluded), key-sorted."""
    return {
        key: value
        for key, value in sorted(section.to_json().items())
        if isinstance(value, int | float) and not isinstance(value, bool)
    }


def _verdict(report: _Judged) -> Summary:
    return {"verdict": report.verdict}


def _scan_counts(report: ScanReport) -> Summary:
    return {"verdict": report.verdict, "counts": _numbers(report.summary)}


def _scan(report: ScanReport) -> Summary:
    return {**_scan_counts(report), "by_type": dict(sorted(report.summary.by_type.items()))}


def _licenses(report: LicenseReport) -> Summary:
    verdicts = {entry.source: entry.verdict for entry in report.sources}
    summary: Summary = {
        "verdict": report.verdict,
        "counts": _numbers(report.summary),
        "sources": dict(sorted(verdicts.items())),
        "by_verdict": dict(sorted(Counter(verdicts.values()).items())),
    }
    # The trainer's gate finds its base model here by folder (the path checked).
    models = [
        {"source": entry.source, "root": entry.root, "verdict": entry.verdict}
        for entry in report.sources
        if entry.kind == "model"
    ]
    if models:
        summary["models"] = sorted(models, key=lambda model: model["root"])
    return summary


def _split(report: SplitReport) -> Summary:
    """Rows, groups, achieved and target ratios per split (``govern split``'s report)."""
    sizes = sorted(report.splits.items())
    found: Summary = {"counts": {f"{name}_rows": size.rows for name, size in sizes}}
    if sizes:
        found["ratios"] = {name: size.row_ratio for name, size in sizes}
        found["targets"] = {name: size.target for name, size in sizes}
        found["rows"] = {name: size.rows for name, size in sizes}
        found["groups"] = {name: size.groups for name, size in sizes}
    return found


def _leaks(report: LeakReport) -> Summary:
    """Leaks per check before and after ``--fix``, records moved, and the final verdict.

    Without a fix the check is its own "after": its counts are listed under both labels.
    """
    final = report.after if report.after is not None else report
    counts: dict[str, Any] = {}
    for label, check in (("before_fix", report), ("after_fix", final)):
        # A check's settings differ by check (not modelled); each counts its ``leaks``.
        for name, stats in sorted(check.checks.items()):
            if isinstance(stats.get("leaks"), int):
                counts[f"{name}_{label}"] = stats["leaks"]
    if report.fix is not None:
        counts["records_moved"] = report.fix.moved_records
    found: Summary = {"verdict": "pass" if final.passed else "fail"}
    if counts:
        found["counts"] = counts
    return found


_EXTRACTORS: dict[str, Callable[[Any], Summary]] = {
    "scan": _scan,
    "artifact_scan": _scan_counts,
    "licenses": _licenses,
    "split": _split,
    "leaks": _leaks,
    "preflight": _verdict,
    "replay": _verdict,
    "memorization": _verdict,
}
