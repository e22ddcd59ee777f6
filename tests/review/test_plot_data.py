"""Data series for `dvc plots`: the reports as arrays of objects, empty when a report is absent."""

from __future__ import annotations

import json
from pathlib import Path

from govern.review.plot_data import SERIES, plot_series, write_plot_data


def test_series_from_reports(tmp_path: Path) -> None:
    metrics = tmp_path / "metrics.json"
    metrics.write_text(
        json.dumps(
            {
                "loss_curve": [{"step": 1, "loss": 3.5}, {"step": 2, "loss": 2.25}],
                "validation": [{"step": 2, "loss": 2.5}, {"step": 3, "loss": "n/a"}],
            }
        )
    )
    scan = tmp_path / "scan.json"
    scan.write_text(json.dumps({"summary": {"by_type": {"SECRET": 2, "EMAIL_ADDRESS": 5}}}))
    clean = tmp_path / "clean.json"
    clean.write_text(json.dumps({"summary": {"by_type": {}}}))
    split = tmp_path / "split.json"
    split.write_text(
        json.dumps(
            {
                "splits": {
                    "train": {"rows": 80, "target": 0.8},
                    "validation": {"rows": 12, "target": 0.1},
                    "test": {"rows": 8, "target": 0.1},
                }
            }
        )
    )
    series = plot_series(train_metrics=metrics, scan=scan, scan_redacted=clean, split=split)
    assert series["train_loss"] == [{"step": 1, "loss": 3.5}, {"step": 2, "loss": 2.25}]
    assert series["validation_loss"] == [{"step": 2, "loss": 2.5}]  # a non-number is dropped
    assert series["findings_by_type"] == [
        {"type": "EMAIL_ADDRESS", "findings": 5, "stage": "raw"},
        {"type": "SECRET", "findings": 2, "stage": "raw"},
    ]
    assert {"split": "validation", "kind": "target", "rows": 10} in series["split_sizes"]
    assert {"split": "validation", "kind": "rows", "rows": 12} in series["split_sizes"]


def test_missing_or_broken_reports_give_empty_series(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    written = write_plot_data(
        tmp_path / "plots", train_metrics=broken, scan=tmp_path / "absent.json", split=None
    )
    assert sorted(written) == sorted(SERIES)
    for path in written.values():
        assert json.loads(path.read_text()) == []
