"""Campaigns over any training key, with the decision rule written before the runs, a winner
by it, failed variants listed (never dropped), and a row for a run a kill interrupted."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from govern.errors import InputError
from govern.train.campaign import (
    DECISION_RULE,
    INTERRUPTED,
    CampaignConfig,
    campaign_from_sections,
    run_campaign,
    winner,
)
from tests.conftest import REPO_ROOT
from tests.train.conftest import Workspace


def campaign(workspace: Workspace, out: Path, variants: list[dict[str, Any]]) -> CampaignConfig:
    shared = workspace.config(max_steps=2, eval_steps=2, replay_controls=0)
    return CampaignConfig.model_validate(
        {
            "name": "sweep",
            "train": shared.model_dump(mode="json"),
            "variants": variants,
            "seeds": [0, 1],
            "out_dir": out,
        }
    )


def test_variants_over_any_key_and_a_winner_by_the_rule(
    workspace: Workspace, tmp_path: Path
) -> None:
    variants = [
        {"name": "r4-linear", "r": 4, "lora_alpha": 8},
        {"name": "r8-cosine", "r": 8, "lr_scheduler_type": "cosine"},
        {"name": "too-short", "max_seq_length": 8},  # every record cut: fails, stays listed
    ]
    summary = run_campaign(campaign(workspace, tmp_path, variants))
    assert summary["decision_rule"] == DECISION_RULE and summary["status"] == "finished"
    assert summary["varied"] == ["lora_alpha", "lr_scheduler_type", "max_seq_length", "r"]
    rows = {row["variant"]: row for row in summary["variants"]}
    assert rows["too-short"]["runs"] == 2 and rows["too-short"]["complete"] is False
    assert rows["too-short"]["mean_validation_loss"] is None
    best = min(("r4-linear", "r8-cosine"), key=lambda n: rows[n]["mean_validation_loss"])
    assert summary["winner"] == best
    assert [row["status"] for row in summary["run_rows"]][:4] == ["completed"] * 4
    ledger = [json.loads(line) for line in Path(summary["ledger"]).read_text().splitlines()]
    assert {entry["params"]["r"] for entry in ledger[:4]} == {4, 8}
    assert ledger[2]["params"]["lr_scheduler_type"] == "cosine"


def test_an_incomplete_variant_cannot_win_even_with_a_lower_mean() -> None:
    rows = [
        {"variant": "steady", "complete": True, "mean_validation_loss": 2.0},
        {"variant": "lucky", "complete": False, "mean_validation_loss": 1.0},
    ]
    assert winner(rows) == "steady"
    assert winner([{**rows[1]}]) is None


def test_a_variant_setting_a_run_key_or_an_unknown_key_is_refused(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="the campaign sets seed"):
        campaign_from_sections({"variants": [{"name": "s", "seed": 3}]}, {})
    with pytest.raises(InputError, match="not TrainConfig keys: learning_rat"):
        campaign_from_sections({"variants": [{"name": "typo", "learning_rat": 1e-3}]}, {})
    with pytest.raises(InputError, match="sets no TrainConfig key"):
        campaign_from_sections({"variants": [{"name": "empty"}]}, {})


def test_a_bad_value_is_refused_before_any_run(workspace: Workspace, tmp_path: Path) -> None:
    bad = campaign(workspace, tmp_path, [{"name": "ok", "r": 4}, {"name": "bad", "r": 0}])
    with pytest.raises(InputError, match="campaign variant bad: r"):
        run_campaign(bad)
    assert not (tmp_path / "sweep" / "ledger.jsonl").exists()


KILLABLE = """
import json, sys
from govern.train.campaign import CampaignConfig, run_campaign
run_campaign(CampaignConfig.model_validate(json.loads(sys.argv[1])))
"""


def test_a_killed_campaign_leaves_a_row_for_the_interrupted_run(
    workspace: Workspace, tmp_path: Path
) -> None:
    config = campaign(workspace, tmp_path, [{"name": "a", "r": 4}, {"name": "b", "r": 8}])
    slow = config.model_copy(update={"train": {**config.train, "max_steps": 400}, "seeds": [0]})
    values = json.dumps(slow.model_dump(mode="json"))
    process = subprocess.Popen(
        [sys.executable, "-c", KILLABLE, values],
        cwd=REPO_ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={**os.environ, "PYTHONPATH": str(REPO_ROOT)},
    )
    summary_path = tmp_path / "sweep" / "summary.json"
    try:
        # Kill it once the first run has started: its row must then say so.
        for _ in range(1200):
            if summary_path.exists():
                rows = json.loads(summary_path.read_text())["run_rows"]
                if rows[0]["status"] == INTERRUPTED:
                    break
            time.sleep(0.1)
        process.send_signal(signal.SIGKILL)
    finally:
        process.wait()
    summary = json.loads(summary_path.read_text())
    assert summary["status"] == "running"
    assert [row["status"] for row in summary["run_rows"]] == [INTERRUPTED, "planned"]
    assert summary["decision_rule"] == DECISION_RULE
