"""`govern train` draws a bar of updates on a terminal; piped and --json output stay clean."""

from __future__ import annotations

import json
from pathlib import Path

import yaml

from tests.conftest import run_govern
from tests.test_progress import run_on_terminal
from tests.train.conftest import Workspace


def config_file(workspace: Workspace, out: Path) -> Path:
    config = workspace.config(
        max_steps=3, output_dir=out / "adapter", reports_dir=out / "reports", replay_controls=0
    )
    path = out / "train.yaml"
    out.mkdir(parents=True)
    path.write_text(yaml.safe_dump(config.model_dump(mode="json")))
    return path


def test_train_draws_a_bar_on_a_terminal_only(workspace: Workspace, tmp_path: Path) -> None:
    config = config_file(workspace, tmp_path / "tty")
    code, stdout, terminal = run_on_terminal(
        "train", "--config", str(config), "--json", cwd=tmp_path
    )
    assert code == 0, terminal
    assert "Train: updates" in terminal and "train: update 3/3" in terminal
    assert "Train:" not in stdout and "\x1b[" not in stdout
    assert json.loads(stdout)["stop_reason"] == "completed"

    piped = run_govern("train", "--config", str(config_file(workspace, tmp_path / "pipe")))
    assert piped.returncode == 0, piped.stderr
    assert "train: update 3/3" in piped.stderr  # near miss: the log lines are still there
    for output in (piped.stdout, piped.stderr):
        assert "Train: updates" not in output and "\x1b[" not in output
