"""Safe resume: a checkpoint records its training keys; a changed key is refused (exit 2) unless
allowed, which is recorded and applied; ``latest``; a stop for a later resume exits 0."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from govern.errors import InputError
from govern.train import run_training
from govern.train.checkpoint import checkpoint_dir
from govern.train.config import TrainConfig
from govern.train.report import exit_code, resume_hint
from govern.train.resume import resume_folder
from tests.conftest import run_govern as govern
from tests.train.conftest import Workspace


@pytest.fixture(scope="module")
def stopped(workspace: Workspace) -> tuple[TrainConfig, dict[str, Any]]:
    """A run stopped at update 2 of 4, with checkpoints at 1 and 2."""
    out = workspace.root / "resume"
    config = workspace.config(
        output_dir=out / "adapter",
        reports_dir=out / "reports",
        stop_after_steps=2,
        save_steps=1,
        replay_controls=0,
    )
    return config, run_training(config)


def resumed(config: TrainConfig, **changes: Any) -> TrainConfig:
    # Resumed runs save no checkpoint, so step 2 stays the latest for every test.
    values = {
        "stop_after_steps": None,
        "save_steps": 0,
        "resume_from_checkpoint": checkpoint_dir(config, 2),
        **changes,
    }
    return config.model_validate({**config.model_dump(), **values})


def test_a_stop_for_resume_exits_0_and_says_how_to_resume(
    stopped: tuple[TrainConfig, dict[str, Any]],
) -> None:
    config, metrics = stopped
    assert metrics["stop_reason"] == "stopped at update 2 (stop_after_steps)"
    assert metrics["resume_from"] == str(checkpoint_dir(config, 2))
    assert exit_code(metrics) == 0
    hint = resume_hint(metrics, "train.yaml")
    assert hint is not None and f"resume_from_checkpoint: {checkpoint_dir(config, 2)}" in hint
    # Near miss: a run that failed or diverged is not resumable and exits 1.
    assert exit_code({"stop_reason": "diverged: loss nan at update 3"}) == 1
    assert resume_hint({"stop_reason": "completed", "resume_from": None}) is None


def test_latest_is_the_highest_step(stopped: tuple[TrainConfig, dict[str, Any]]) -> None:
    config, _ = stopped
    assert resume_folder(resumed(config, resume_from_checkpoint="latest")) == checkpoint_dir(
        config, 2
    )
    elsewhere = config.output_dir.parent / "other" / "adapter"
    nowhere = resumed(config, output_dir=elsewhere, resume_from_checkpoint="latest")
    with pytest.raises(InputError, match="latest: no checkpoint under"):
        run_training(nowhere)


def test_a_changed_training_key_is_refused_naming_the_keys(
    stopped: tuple[TrainConfig, dict[str, Any]],
) -> None:
    config, _ = stopped
    changed = resumed(config, learning_rate=1e-4, seed=5)
    with pytest.raises(InputError) as refused:
        run_training(changed)
    message = str(refused.value)
    assert "learning_rate (0.01 -> 0.0001)" in message and "seed (0 -> 5)" in message
    assert "--allow-config-change" in message and refused.value.exit_code == 2
    assert "per_device_train_batch_size" not in message


def test_keys_that_do_not_change_training_resume_freely(
    stopped: tuple[TrainConfig, dict[str, Any]],
) -> None:
    config, _ = stopped
    out = config.output_dir.parent / "free"
    metrics = run_training(resumed(config, eval_steps=3, reports_dir=out, logging_steps=2))
    assert metrics["stop_reason"] == "completed" and metrics["steps"] == 4
    assert metrics["provenance"]["resume"]["config_changes"] == {}


def test_an_allowed_change_is_recorded_and_the_new_learning_rate_applies(
    stopped: tuple[TrainConfig, dict[str, Any]],
) -> None:
    config, _ = stopped
    out = config.output_dir.parent / "allowed"
    changed = resumed(
        config, learning_rate=1e-4, allow_config_change=True, reports_dir=out / "reports"
    )
    metrics = run_training(changed)
    assert metrics["stop_reason"] == "completed"
    record = metrics["provenance"]["resume"]
    assert record["allow_config_change"] is True
    assert record["config_changes"] == {"learning_rate": {"checkpoint": 0.01, "now": 0.0001}}
    gates = json.loads((out / "reports" / "gates.json").read_text(encoding="utf-8"))
    row = next(row for row in gates if row["phase"] == "resume")
    # Linear decay over 4 updates, 2 done: the new rate x 0.5, not the checkpoint's 0.01 x 0.5.
    assert "config changed (allowed): learning_rate" in row["detail"]
    assert "lr 5e-05" in row["detail"]


def test_the_cli_refuses_with_one_line_and_exit_2_then_accepts_with_the_flag(
    stopped: tuple[TrainConfig, dict[str, Any]], tmp_path: Path
) -> None:
    config, _ = stopped
    values = resumed(config, learning_rate=1e-4, reports_dir=tmp_path / "reports")
    path = tmp_path / "train.yaml"
    path.write_text(yaml.safe_dump(values.model_dump(mode="json")), encoding="utf-8")
    refused = govern("train", "--config", str(path))
    assert refused.returncode == 2
    assert "learning_rate (0.01 -> 0.0001)" in refused.stderr
    errors = [line for line in refused.stderr.splitlines() if line.startswith("govern: error:")]
    assert "Traceback" not in refused.stderr and len(errors) == 1
    accepted = govern("train", "--config", str(path), "--allow-config-change")
    assert accepted.returncode == 0, accepted.stderr[-2000:]
