"""Campaign ledger (every run kept, failures included) and preflight rows."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from govern.train.campaign import CampaignConfig, read_ledger, run_campaign
from govern.train.preflight import run_preflight
from tests.train.conftest import Workspace


def campaign(workspace: Workspace, out: Path, **train: Any) -> CampaignConfig:
    shared = workspace.config(max_steps=2, eval_steps=2).model_dump(mode="json") | train
    variants = [
        {"name": "lr-1e-2", "learning_rate": 1e-2},
        {"name": "lr-1e-3", "learning_rate": 1e-3},
    ]
    return CampaignConfig.model_validate(
        {"name": "lr", "train": shared, "variants": variants, "seeds": [0, 1], "out_dir": out}
    )


def test_campaign_keeps_every_run_and_reruns_never_replace(
    workspace: Workspace, tmp_path: Path
) -> None:
    summary = run_campaign(campaign(workspace, tmp_path))
    assert [row["completed"] for row in summary] == [2, 2]
    assert all(row["stdev_validation_loss"] is not None for row in summary)
    failed = run_campaign(campaign(workspace, tmp_path, max_seq_length=4))
    ledger = read_ledger(tmp_path / "lr" / "ledger.jsonl")
    assert len(ledger) == 8 and len({entry["run_id"] for entry in ledger}) == 8
    assert [entry["stop_reason"] for entry in ledger[:4]] == ["completed"] * 4
    assert all(entry["stop_reason"].startswith("failed: ") for entry in ledger[4:])
    assert all(row["runs"] == 4 and row["completed"] == 2 for row in failed)


def test_preflight_writes_one_passing_row_per_check(workspace: Workspace, tmp_path: Path) -> None:
    report = tmp_path / "preflight.json"
    result = run_preflight(workspace.config(), report=report)
    checks = [row.check for row in result.rows]
    assert checks == [
        "environment",
        "disk",
        "masking",
        "longest step",
        "overfit",
        "save/resume/generate",
        "throughput",
    ]
    assert result.exit_code == 0, [row for row in result.rows if not row.passed]
    assert result.sizing["updates"] == 4 and report.exists()
