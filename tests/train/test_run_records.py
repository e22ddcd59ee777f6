"""Every run leaves a complete record: refused, failed, diverged and early-stopped runs write
metrics.json and gates.json naming the phase; an early stop keeps the best adapter."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from govern.errors import InputError, PolicyViolation
from govern.train import run_training
from govern.train.data import collate
from govern.train.recipe import DATA_GATE, load_data
from govern.train.replay import attach_adapter, read_adapter
from govern.train.report import exit_code
from govern.train.steps import evaluate
from tests.train.conftest import Workspace


def reports(folder: Path) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    metrics = json.loads((folder / "metrics.json").read_text(encoding="utf-8"))
    gates = json.loads((folder / "gates.json").read_text(encoding="utf-8"))
    return metrics, gates


def test_a_refused_data_gate_writes_metrics_and_gates_naming_it(workspace: Workspace) -> None:
    out = workspace.root / "refused"
    config = workspace.config(format="chat", reports_dir=out / "reports")
    with pytest.raises(PolicyViolation):
        run_training(config)
    metrics, gates = reports(out / "reports")
    assert metrics["stopped_in_phase"] == DATA_GATE and metrics["steps"] == 0
    assert metrics["stop_reason"].startswith(f"failed in {DATA_GATE}: ")
    assert "max_skipped_records" in metrics["stop_reason"]
    assert metrics["provenance"]["tool"] and metrics["records_trained"] == 0
    assert [(row["phase"], row["passed"]) for row in gates] == [(DATA_GATE, False)]
    assert not (out / "adapter").exists()


def test_a_setup_failure_is_recorded_with_its_phase(workspace: Workspace) -> None:
    out = workspace.root / "bad-modules"
    config = workspace.config(target_modules=["query"], reports_dir=out / "reports")
    with pytest.raises(InputError, match="target_modules"):
        run_training(config)
    metrics, gates = reports(out / "reports")
    assert metrics["stopped_in_phase"].startswith("setup")
    assert gates[-1]["passed"] is False and "target_modules" in gates[-1]["detail"]
    assert metrics["records"]["train"]["by_source"] == {"alpaca": 20, "chats": 20}


def test_a_diverged_run_writes_its_record_and_no_adapter(workspace: Workspace) -> None:
    out = workspace.root / "diverged"
    config = workspace.config(
        learning_rate=50.0,
        divergence_factor=1.01,
        max_steps=8,
        output_dir=out / "adapter",
        reports_dir=out / "reports",
    )
    metrics = run_training(config)
    assert metrics["stop_reason"].startswith("diverged") and exit_code(metrics) == 1
    saved, gates = reports(out / "reports")
    assert saved["stop_reason"] == metrics["stop_reason"] and gates
    assert not (out / "adapter").exists()


def test_an_early_stop_keeps_the_best_validations_adapter(workspace: Workspace) -> None:
    out = workspace.root / "early"
    config = workspace.config(
        learning_rate=0.3,
        max_steps=12,
        eval_steps=1,
        early_stopping_patience=2,
        divergence_factor=None,
        output_dir=out / "adapter",
        reports_dir=out / "reports",
    )
    metrics = run_training(config)
    assert metrics["stop_reason"].startswith("no improvement"), metrics["stop_reason"]
    assert exit_code(metrics) == 0
    losses = {point["step"]: point["loss"] for point in metrics["validation"]}
    kept = metrics["provenance"]["adapter_kept"]
    best_step = min(losses, key=lambda step: losses[step])
    assert kept["step"] == best_step < metrics["steps"]
    # The saved adapter, reloaded, scores the best validation loss, not the last one.
    data = load_data(config)
    adapter_config, state = read_adapter(out / "adapter", metrics["provenance"]["adapter_sha256"])
    model = attach_adapter(data.model, adapter_config, state)
    batches = [collate(data.validation.examples, data.tokenizer.pad_token_id)]
    assert evaluate(model, batches) == pytest.approx(losses[best_step], rel=1e-4)
    assert losses[metrics["steps"]] > losses[best_step]
