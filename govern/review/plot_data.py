"""Data series for ``dvc plots``: the stages' reports as small arrays of objects.

DVC renders plots from files holding arrays of objects (``x``/``y`` fields named in dvc.yaml).
This turns the reports the pipeline already wrote into four such files, so ``dvc plots show``
(and ``dvc plots diff`` across commits) draws the training and validation loss, the findings by
type before and after redaction, and the split sizes against their targets. Reports that are
absent give empty series, never an error: plots must not fail a pipeline.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from govern.io import atomic_write_json

SERIES = ("train_loss", "validation_loss", "findings_by_type", "split_sizes")


def _read(path: Path | None) -> Any:
    if path is None or not path.is_file():
        return None
    try:
        return json.loads(path.read_bytes())
    except (ValueError, RecursionError):
        return None


def _losses(points: Any) -> list[dict[str, Any]]:
    if not isinstance(points, list):
        return []
    return [
        {"step": p["step"], "loss": p["loss"]}
        for p in points
        if isinstance(p, dict) and isinstance(p.get("loss"), int | float) and "step" in p
    ]


def _findings(scan: Any, stage: str) -> list[dict[str, Any]]:
    by_type = (scan or {}).get("summary", {}).get("by_type", {}) if isinstance(scan, dict) else {}
    return [
        {"type": kind, "findings": count, "stage": stage}
        for kind, count in sorted(by_type.items())
        if isinstance(count, int)
    ]


def _splits(split: Any) -> list[dict[str, Any]]:
    splits = split.get("splits", {}) if isinstance(split, dict) else {}
    total = sum(s.get("rows", 0) for s in splits.values() if isinstance(s, dict))
    rows = []
    for name, s in splits.items():
        if isinstance(s, dict) and isinstance(s.get("rows"), int):
            target = s.get("target")
            rows.append({"split": name, "kind": "rows", "rows": s["rows"]})
            if isinstance(target, int | float):
                rows.append({"split": name, "kind": "target", "rows": round(target * total)})
    return rows


def plot_series(
    *,
    train_metrics: Path | None = None,
    scan: Path | None = None,
    scan_redacted: Path | None = None,
    split: Path | None = None,
) -> dict[str, list[dict[str, Any]]]:
    """The four series from the reports at these paths (missing ones give empty series)."""
    metrics = _read(train_metrics)
    metrics = metrics if isinstance(metrics, dict) else {}
    return {
        "train_loss": _losses(metrics.get("loss_curve")),
        "validation_loss": _losses(metrics.get("validation")),
        "findings_by_type": _findings(_read(scan), "raw")
        + _findings(_read(scan_redacted), "redacted"),
        "split_sizes": _splits(_read(split)),
    }


def write_plot_data(out_dir: Path, **reports: Path | None) -> dict[str, Path]:
    """Write each series as ``out_dir/NAME.json``; returns the files written."""
    written = {}
    for name, rows in plot_series(**reports).items():
        written[name] = out_dir / f"{name}.json"
        atomic_write_json(written[name], rows)
    return written
