"""Compact summaries of the reports other stages wrote: verdict, a few counts, the report's hash.

The report formats belong to their stages and still change, so every extractor reads
defensively: a missing key is left out of the summary, never an error. The report's sha256 is
the evidence; the summary is what a reader (and ``manifest diff``) looks at first.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from govern.errors import InputError
from govern.manifest.entries import display_path

Summary = dict[str, Any]


def summarize_reports(reports: Mapping[str, Path], base: Path) -> dict[str, Summary]:
    """One summary per report kind; a report file that does not exist is noted, not an error.

    Raises InputError for a report that exists but is not JSON.
    """
    return {
        kind: summarize_report(kind, Path(path), base) for kind, path in sorted(reports.items())
    }


def summarize_report(kind: str, path: Path, base: Path) -> Summary:
    """The summary of one report; kinds: scan, licenses, split, leaks (others: verdict, counts)."""
    summary: Summary = {"report": display_path(path, base)}
    if not path.is_file():
        return {**summary, "found": False, "note": "report not found; nothing summarised"}
    try:
        raw = path.read_bytes()
        data = json.loads(raw)
    except OSError as exc:
        raise InputError(f"{path}: cannot read report ({exc.strerror})") from None
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise InputError(f"{path}: report is not JSON") from None
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
    for entry in entries if isinstance(entries, list) else []:
        if not isinstance(entry, dict):
            continue
        source = entry.get("source", entry.get("name", entry.get("path")))
        verdict = entry.get("verdict")
        if isinstance(source, str) and isinstance(verdict, str):
            verdicts[source] = verdict
    return {
        "sources": dict(sorted(verdicts.items())),
        "by_verdict": dict(sorted(Counter(verdicts.values()).items())),
    }


def _split(data: Any) -> Summary:
    # govern split writes {"splits": {name: {target, rows, row_ratio, ...}}}; older or other
    # shapes may carry a flat ratio mapping or list, so both are read.
    found: Summary = {}
    splits = _find(data, "splits")
    if isinstance(splits, dict):
        per_split = {name: s for name, s in splits.items() if isinstance(s, dict)}
        for key, label in (("row_ratio", "ratios"), ("target", "targets"), ("rows", "rows")):
            values = _numbers({name: stats.get(key) for name, stats in per_split.items()})
            if values:
                found[label] = values
    ratios = _find(data, "achieved", "achieved_ratios", "summary.achieved", "ratios")
    if "ratios" not in found and isinstance(ratios, dict):
        found["ratios"] = _numbers(ratios)
    elif "ratios" not in found and isinstance(ratios, list):
        found["ratios"] = [r for r in ratios if isinstance(r, int | float)]
    groups = _numbers(_find(data, "groups"))
    if groups:
        found["groups"] = groups
    return found


def _leaks(data: Any) -> Summary:
    found: Summary = {}
    leaks = _find(data, "leaks", "summary.leaks", "leak_count", "summary.leak_count")
    if isinstance(leaks, list):
        found["leaks"] = len(leaks)
    elif isinstance(leaks, int | float) and not isinstance(leaks, bool):
        found["leaks"] = leaks
    elif isinstance(leaks, dict):
        found["leaks"] = _numbers(leaks)
    by_type = _numbers(_find(data, "by_type", "summary.by_type", "by_check"))
    if by_type:
        found["by_type"] = by_type
    return found


_EXTRACTORS: dict[str, Callable[[Any], Summary]] = {
    "scan": _scan,
    "licenses": _licenses,
    "split": _split,
    "leaks": _leaks,
}
