"""Campaign ledger (every run kept, failures included) and preflight rows."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import torch

from govern.train.campaign import CampaignConfig, read_ledger, run_campaign
from govern.train.preflight import CHECKS, run_preflight
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
    assert [row["completed"] for row in summary["variants"]] == [2, 2]
    assert all(row["stdev_validation_loss"] is not None for row in summary["variants"])
    failed = run_campaign(campaign(workspace, tmp_path, max_seq_length=8))  # cuts every answer
    ledger = read_ledger(tmp_path / "lr" / "ledger.jsonl")
    assert len(ledger) == 8 and len({entry["run_id"] for entry in ledger}) == 8
    assert [entry["stop_reason"] for entry in ledger[:4]] == ["completed"] * 4
    assert all(entry["stop_reason"].startswith("failed: ") for entry in ledger[4:])
    # The rerun's summary compares its own runs; the ledger still holds all eight.
    assert all(row["runs"] == 2 and row["completed"] == 0 for row in failed["variants"])
    assert failed["ledger_runs"] == 8 and len(failed["runs"]) == 4


def test_preflight_writes_one_passing_row_per_check(workspace: Workspace, tmp_path: Path) -> None:
    report = tmp_path / "preflight.json"
    result = run_preflight(workspace.config(save_steps=2), report=report)
    assert [row.check for row in result.rows] == list(CHECKS) and len(CHECKS) == 8
    assert result.exit_code == 0, [row for row in result.rows if not row.passed]
    resume = next(row for row in result.rows if row.check == "save/resume/generate")
    # Resumed in another process: the step, learning rate and logits came back from disk.
    assert resume.measured["new_process_pid_differs"] is True
    assert resume.measured["restored_step"] == 2 and resume.measured["max_logit_gap"] < 1e-5
    written = json.loads(report.read_text())
    assert written["verdict"] == "pass" and written["sizing"]["updates"] == 4
    lengths = written["sizing"]["lengths"]
    counted = sum(row["examples"] for row in lengths["buckets"]) + lengths["truncated"]
    assert counted == lengths["examples"] == 40
    expected = written["sizing"]["expected_result"]
    assert expected.startswith("4 updates of 4 examples over 40 training examples (0 truncated")
    assert str(workspace.config().output_dir) in expected and "MB (fp32)" in expected
    assert {"check", "inputs", "measured", "duration_s", "verdict", "advice"} <= set(
        written["checks"][0]
    )
    assert written["provenance"]["tool"]["name"] == "govern"
    assert "bf16" in written["checks"][0]["measured"]["support"]


def test_preflight_fails_the_environment_for_fp16_on_cpu(workspace: Workspace) -> None:
    if torch.cuda.is_available():
        pytest.skip("fp16 is supported on CUDA")
    result = run_preflight(workspace.config(fp16=True))
    assert result.exit_code == 1
    assert result.rows[0].verdict == "fail" and "fp16: needs a CUDA GPU" in result.rows[0].advice
    assert [row.verdict for row in result.rows[1:]] == ["not run"] * 7


def test_preflight_loads_and_verifies_the_base_model_once_in_its_process(
    workspace: Workspace, monkeypatch: pytest.MonkeyPatch
) -> None:
    import govern.train.recipe as recipe

    loads: list[object] = []
    real = recipe.load_model

    def counted(*args: Any, **kwargs: Any) -> Any:  # the real loader, counted
        loads.append(args[0])
        return real(*args, **kwargs)

    monkeypatch.setattr(recipe, "load_model", counted)
    result = run_preflight(workspace.config(save_steps=2))
    assert result.exit_code == 0
    # The resume check's new process loads its own copy; this process verifies one.
    assert loads == [workspace.model]
