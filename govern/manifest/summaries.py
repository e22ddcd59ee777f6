"""Compact summaries of the reports other stages wrote: verdict, a few counts, the report's hash.

A report of a kind the registry knows (``govern.reports.REPORT_MODELS``) is validated by its
stage's model first: a misspelt or missing key is an InputError naming the file and the key, and
the extractors read what the model accepted. A kind without a model (a caller's own) gets its
verdict and counts, read defensively. The report's sha256 is the evidence; the summary is what a
reader (and ``manifest diff``) looks at first.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from govern.io import read_json
from govern.manifest.entries import display_path
from govern.reports import REPORT_MODELS, report_model

Summary = dict[str, Any]


def summarize_reports(reports: Mapping[str, Path], base: Path) -> dict[str, Summary]:
    """One summary per report kind; a report file that does not exist is noted, not an error.

    Raises InputError for a report that exists but is not JSON, or not a report of its kind.
    """
    return {
        kind: summarize_report(kind, Path(path), base) for kind, path in sorted(reports.items())
    }


def summarize_report(kind: str, path: Path, base: Path) -> Summary:
    """The summary of one report; kinds: scan, licenses, split, leaks (others: verdict, counts)."""
    summary: Summary = {"report": display_path(path, base)}
    if not path.is_file():
        return {**summary, "found": False, "note": "report not found; nothing summarised"}
    raw, data = read_json(path, "report")
    if kind in REPORT_MODELS:
        # What the model accepted, written back as its stage writes it (absent keys stay absent).
        data = report_model(kind).from_json(data, summary["report"]).to_json()
    summary.update(found=True, sha256=hashlib.sha256(raw).hexdigest())
    summary.update(_common(data))
    summary.update(_EXTRACTORS.get(kind, lambda _: {})(data))
    return summary


def _find(data: Any, *paths: str) -> Any:
    """The value at the first dotted key path that exists in ``data``, else None."""
    for dotted in paths:
        value = data
        for key in dotted.split("."):
            if not isinstance(value, dict) or key not in value:
                break
            value = value[key]
        else:
            return value
    return None


def _numbers(value: Any) -> dict[str, int | float]:
    """The numeric items of a mapping (bools excluded), key-sorted; anything else: empty."""
    if not isinstance(value, dict):
        return {}
    return {
        str(key): item
        for key, item in sorted(value.items())
        if isinstance(item, int | float) and not isinstance(item, bool)
    }


def _common(data: Any) -> Summary:
    found: Summary = {}
    verdict = _find(data, "verdict", "summary.verdict")
    if isinstance(verdict, str):
        found["verdict"] = verdict
    counts = _numbers(_find(data, "summary"))
    if counts:
        found["counts"] = counts
    return found


def _scan(data: Any) -> Summary:
    by_type = _find(data, "summary.by_type", "by_type")
    return {"by_type": _numbers(by_type)} if isinstance(by_type, dict) else {}


def _licenses(data: Any) -> Summary:
    # Entries may be a top-level list, a list under a few likely keys, or a source -> entry map.
    entries = data if isinstance(data, list) else _find(data, "sources", "entries", "results")
    if isinstance(entries, dict):
        entries = [{"source": name, **v} for name, v in entries.items() if isinstance(v, dict)]
    verdicts: dict[str, str] = {}
    models = []
    for entry in entries if isinstance(entries, list) else []:
        if not isinstance(entry, dict):
            continue
        source = entry.get("source", entry.get("name", entry.get("path")))
        verdict = entry.get("verdict")
        if isinstance(source, str) and isinstance(verdict, str):
            verdicts[source] = verdict
            # The trainer's gate finds its base model here by folder (the path checked).
            if entry.get("kind") == "model" and isinstance(entry.get("root"), str):
                models.append({"source": source, "root": entry["root"], "verdict": verdict})
    summary: Summary = {
        "sources": dict(sorted(verdicts.items())),
        "by_verdict": dict(sorted(Counter(verdicts.values()).items())),
    }
    if models:
        summary["models"] = sorted(models, key=lambda model: model["root"])
    return summary


def _split(data: Any) -> Summary:
    """Rows, groups, achieved and target ratios per split (``govern split``'s report)."""
    splits = _find(data, "splits")
    if not isinstance(splits, dict):
        return {}
    per_split = {name: stats for name, stats in splits.items() if isinstance(stats, dict)}
    found: Summary = {}
    for key, label in (("row_ratio", "ratios"), ("target", "targets"), ("rows", "rows")):
        values = _numbers({name: stats.get(key) for name, stats in per_split.items()})
        if values:
            found[label] = values
    groups = _numbers({name: stats.get("groups") for name, stats in per_split.items()})
    if groups:
        found["groups"] = groups
    found["counts"] = {f"{name}_rows": rows for name, rows in found.get("rows", {}).items()}
    return found


def _leaks(data: Any) -> Summary:
    """Leaks per check before and after ``--fix``, records moved, and the final verdict."""
    found: Summary = {}
    final = data.get("after") if isinstance(data.get("after"), dict) else data
    if isinstance(final.get("passed"), bool):
        found["verdict"] = "pass" if final["passed"] else "fail"
    counts: dict[str, Any] = {}
    for label, report in (("before_fix", data), ("after_fix", final)):
        checks = report.get("checks")
        if isinstance(checks, dict):
            for check, stats in sorted(checks.items()):
                if isinstance(stats, dict) and isinstance(stats.get("leaks"), int):
                    counts[f"{check}_{label}"] = stats["leaks"]
    moved = _find(data, "fix.moved_records")
    if isinstance(moved, int):
        counts["records_moved"] = moved
    if counts:
        found["counts"] = counts
    return found


_EXTRACTORS: dict[str, Callable[[Any], Summary]] = {
    "scan": _scan,
    "licenses": _licenses,
    "split": _split,
    "leaks": _leaks,
}
# Kinds a manifest may summarise: these four in detail, the other stages' reports by their
# verdict and counts.
REPORT_KINDS = (
    *_EXTRACTORS,
    "preflight",
    "train",
    "artifact_scan",
    "memorization",
    "backup",
    "retention",
    "review",
)
