"""The recipe end to end: gates, a safetensors-only adapter, reports, resume in a new process."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys

import pytest

from govern.artifacts import load_adapter
from govern.signing import ArtifactStatement, sign_artifact
from govern.train import run_training
from govern.train.checkpoint import checkpoint_dir
from govern.train.config import TrainConfig
from tests.conftest import REPO_ROOT
from tests.train.conftest import Workspace

RESUME = """
import json, sys
from govern.train import parse_train_config, run_training
metrics = run_training(parse_train_config(json.loads(sys.argv[1])))
print(json.dumps({"final_loss": metrics["final_loss"], "stop": metrics["stop_reason"]}))
"""


@pytest.fixture(scope="module")
def straight(workspace: Workspace) -> tuple[TrainConfig, dict[str, object]]:
    out = workspace.root / "straight"
    config = workspace.config(output_dir=out / "adapter", reports_dir=out / "reports")
    return config, run_training(config)


def test_run_writes_gates_metrics_and_a_safetensors_adapter(
    straight: tuple[TrainConfig, dict[str, object]], workspace: Workspace
) -> None:
    config, metrics = straight
    assert metrics["stop_reason"] == "completed" and metrics["held_fixed"] == "updates"
    assert len(metrics["loss_curve"]) == 4  # type: ignore[arg-type]
    names = sorted(path.name for path in config.output_dir.iterdir())
    assert "adapter_model.safetensors" in names and "adapter_config.json" in names
    assert not [name for name in names if name.endswith((".bin", ".pt", ".pth", ".pkl"))]
    gates = json.loads((config.reports_dir / "gates.json").read_text())
    phases = [row["phase"] for row in gates]
    assert phases[0].startswith("data gate") and "excluded" in gates[0]["detail"]
    assert phases[1:5] == ["data", "forward", "backward", "update (first optimizer step)"]
    assert "validation" in phases and all(row["passed"] for row in gates)
    assert gates[0]["cuda_max_allocated_mb"] in ("n/a on CPU",) or isinstance(
        gates[0]["cuda_max_allocated_mb"], float
    )
    sign_artifact(config.output_dir, workspace.private_key, ArtifactStatement(kind="adapter"))
    adapter = load_adapter(config.output_dir, [workspace.public_key])
    assert adapter.config["r"] == config.r and adapter.state_dict
    assert metrics["hardware"]["device"] == "cpu"  # type: ignore[index]


def test_run_keeps_its_predictions_for_the_control_prompts(
    straight: tuple[TrainConfig, dict[str, object]],
) -> None:
    config, metrics = straight
    path = config.reports_dir / "predictions.jsonl"
    data = path.read_bytes()
    rows = [json.loads(line) for line in data.decode().splitlines()]
    replay = json.loads((config.reports_dir / "replay.json").read_text())
    # One row per replayed control, in the same order, from held-out validation records.
    assert [row["id"] for row in rows] == [row["id"] for row in replay["controls"]]
    assert len(rows) == config.replay_controls and all(
        r["id"].startswith(("chat-2", "alpaca-2")) for r in rows
    )
    for row in rows:
        assert set(row) == {"id", "prompt", "prediction", "reference"}
        assert row["prompt"] and row["reference"] and isinstance(row["prediction"], str)
    assert any("seconds" in row["reference"] or "sum is" in row["reference"] for row in rows)
    # Recorded like every other output: its digest in the metrics and the replay record.
    digest = hashlib.sha256(data).hexdigest()
    assert metrics["provenance"]["predictions_sha256"] == digest  # type: ignore[index]
    assert replay["predictions_sha256"] == digest


TRAIN = """
import json, sys
from govern.train import parse_train_config, run_training
run_training(parse_train_config(json.loads(sys.argv[1])))
"""
MODULES = ["q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj"]


def test_the_same_run_in_another_process_writes_the_same_adapter_bytes(
    workspace: Workspace,
) -> None:
    # A DVC output: dvc.lock must not change between runs. peft writes target_modules in set
    # order, which follows each process's string hashing (PYTHONHASHSEED).
    folders = []
    for hash_seed in ("1", "2"):
        out = workspace.root / f"hash-seed-{hash_seed}"
        config = workspace.config(
            output_dir=out / "adapter", reports_dir=out / "reports", target_modules=MODULES
        )
        env = {**os.environ, "PYTHONPATH": str(REPO_ROOT), "HF_HUB_OFFLINE": "1"}
        subprocess.run(
            [sys.executable, "-c", TRAIN, json.dumps(config.model_dump(mode="json"))],
            env={**env, "PYTHONHASHSEED": hash_seed},
            cwd=REPO_ROOT,
            check=True,
            capture_output=True,
        )
        folders.append(config.output_dir)
    first, second = ({p.name: p.read_bytes() for p in f.iterdir()} for f in folders)
    assert set(first) == {"adapter_model.safetensors", "adapter_config.json"}
    assert first == second
    saved = json.loads(first["adapter_config.json"])["target_modules"]
    assert saved == sorted(MODULES)


def test_resume_in_a_new_process_continues_the_same_loss_curve(
    straight: tuple[TrainConfig, dict[str, object]], workspace: Workspace
) -> None:
    _, metrics = straight
    out = workspace.root / "half"
    half = workspace.config(
        output_dir=out / "adapter", reports_dir=out / "reports", stop_after_steps=2
    )
    first = run_training(half)
    assert first["stop_reason"].startswith("stopped at update 2")
    resumed = half.model_copy(
        update={"stop_after_steps": None, "resume_from_checkpoint": checkpoint_dir(half, 2)}
    )
    env = {**os.environ, "PYTHONPATH": str(REPO_ROOT), "HF_HUB_OFFLINE": "1"}
    done = subprocess.run(
        [sys.executable, "-c", RESUME, json.dumps(resumed.model_dump(mode="json"))],
        capture_output=True,
        text=True,
        env=env,
        cwd=REPO_ROOT,
        check=True,
    )
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result["stop"] == "completed"
    assert abs(result["final_loss"] - metrics["final_loss"]) < 1e-5
    gates = json.loads((half.reports_dir / "gates.json").read_text())
    assert gates[1]["phase"] == "resume" and "step 2" in gates[1]["detail"]


def test_a_crash_mid_save_keeps_the_previous_checkpoint_whole(
    workspace: Workspace, monkeypatch: pytest.MonkeyPatch
) -> None:
    from govern.train import checkpoint
    from govern.train.recipe import load_data, setup

    config = workspace.config()
    run = setup(config, load_data(config))
    folder = workspace.root / "crash" / "step-000001"
    checkpoint.save_checkpoint(folder, run.model, run.optimizer, run.scheduler, run.progress)
    before = {path.name: path.read_bytes() for path in folder.iterdir() if path.is_file()}

    def crash(*args: object, **kwargs: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(checkpoint, "save_file", crash)
    with pytest.raises(OSError, match="disk full"):
        checkpoint.save_checkpoint(folder, run.model, run.optimizer, run.scheduler, run.progress)
    after = {path.name: path.read_bytes() for path in folder.iterdir() if path.is_file()}
    assert after == before
    assert sorted(before) == ["optimizer.safetensors", "rng.safetensors", "state.json"]
    assert not [p.name for p in folder.parent.iterdir() if p.name.startswith(".")]  # no staging
