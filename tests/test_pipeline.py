"""The DVC pipeline from a fresh clone: every stage runs, a rerun is a no-op, a param change
reruns only what depends on it, data round-trips through a remote, and personal data that was
deleted does not come back from DVC's caches."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from tests.conftest import REPO_ROOT

BIN = Path(sys.executable).parent


def fresh_clone(tmp_path: Path) -> Path:
    """The project's files as git sees them (tracked + new, not ignored), in a new repo."""
    listed = subprocess.run(
        ["git", "ls-files", "-co", "--exclude-standard", "-z"],
        cwd=REPO_ROOT,
        capture_output=True,
        check=True,
    ).stdout.split(b"\0")
    clone = tmp_path / "clone"
    for raw in filter(None, listed):
        name = raw.decode()
        source = REPO_ROOT / name
        if source.is_file() and not name.startswith(("data/", "reports/")):
            (clone / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, clone / name)
    for ignore in ("data/.gitignore", "reports/.gitignore"):
        if (REPO_ROOT / ignore).exists():
            (clone / ignore).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(REPO_ROOT / ignore, clone / ignore)
    git(clone, "init", "-q")
    git(clone, "add", "-A")
    git(clone, "-c", "user.name=t", "-c", "user.email=t@example.invalid", "commit", "-qm", "clone")
    return clone


def git(cwd: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True)


def dvc(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "PATH": f"{BIN}{os.pathsep}{os.environ['PATH']}",
        "HF_HUB_OFFLINE": "1",
        "DVC_NO_ANALYTICS": "1",
        "GOVERN_HASH_KEY": "00" * 32,
    }
    result = subprocess.run(
        [str(BIN / "dvc"), *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=900
    )
    assert result.returncode == 0, (
        f"dvc {' '.join(args)}:\n{result.stdout[-3000:]}{result.stderr[-3000:]}"
    )
    return result


def ran(output: str) -> set[str]:
    return {line.split("'")[1] for line in output.splitlines() if line.startswith("Running stage")}


STAGES = set(yaml.safe_load((REPO_ROOT / "dvc.yaml").read_text())["stages"])


def ledger(clone: Path) -> list[dict[str, object]]:
    lines = (clone / "runs" / "lr-demo" / "ledger.jsonl").read_text().splitlines()
    return [json.loads(line) for line in lines]


def check_training_outputs(clone: Path) -> None:
    """Preflight passed, the campaign ran 3 variants, the adapter replays, is scanned, probed,
    signed and loads through the safe loader; the probe's report holds no planted value."""
    from govern.artifacts import load_adapter

    reports = clone / "reports" / "train"
    preflight = json.loads((reports / "preflight.json").read_text())
    assert preflight["verdict"] == "pass" and len(preflight["checks"]) == 8
    assert json.loads((reports / "replay.json").read_text())["verdict"] == "pass"
    assert json.loads((reports / "artifact_scan.json").read_text())["verdict"] == "pass"
    # The demo learns: its validation loss ends below what token frequencies alone give.
    metrics = json.loads((reports / "metrics.json").read_text())
    assert metrics["validation"][-1]["loss"] < metrics["baselines"]["unigram"]
    summary = json.loads((clone / "runs" / "lr-demo" / "summary.json").read_text())
    assert len(summary["variants"]) == 3 and len(ledger(clone)) == len(summary["runs"])
    probe = (reports / "memorization.json").read_text()
    assert json.loads(probe)["verdict"] == "pass" and json.loads(probe)["probes"] > 0
    planted = (clone / "data" / "sample" / "labels" / "planted.jsonl").read_text().splitlines()
    assert not [row for row in planted if json.loads(row)["value"] in probe]
    adapter = load_adapter(clone / "models" / "adapter", [clone / ".govern" / "signing.key.pub"])
    assert adapter.state_dict and adapter.config["peft_type"] == "LORA"


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_pipeline_end_to_end(tmp_path: Path) -> None:
    clone = fresh_clone(tmp_path)

    first = dvc(clone, "repro")
    assert ran(first.stdout) == STAGES
    for stage in yaml.safe_load((clone / "dvc.yaml").read_text())["stages"].values():
        for out in stage.get("outs", []) + stage.get("metrics", []):
            path = out if isinstance(out, str) else next(iter(out))
            assert (clone / path).exists(), path
    sample = json.loads((clone / "data" / "sample" / "sample.json").read_text())
    assert sample["tool"]["name"] == "govern"
    if "train" in STAGES:
        check_training_outputs(clone)

    # the run-cache serves the other stages but holds no entry for the one writing raw data
    runs = [p.read_text() for p in (clone / ".dvc" / "cache" / "runs").rglob("*") if p.is_file()]
    assert any("pipelines/scan.py" in entry for entry in runs)
    assert not any("pipelines/sample.py" in entry for entry in runs)

    first_campaign_runs = len(ledger(clone)) if "campaign" in STAGES else 0

    # a second run is a no-op
    assert ran(dvc(clone, "repro").stdout) == set()

    # changing one split param reruns the split and what depends on it, nothing upstream
    if "split" in STAGES:
        params = yaml.safe_load((clone / "params.yaml").read_text())
        params["split"]["salt"] = "another-salt"
        (clone / "params.yaml").write_text(yaml.safe_dump(params, sort_keys=False))
        rerun = ran(dvc(clone, "repro").stdout)
        assert "split" in rerun
        assert rerun.isdisjoint({"sample", "scan", "licenses"})
        if "campaign" in STAGES:  # the rerun campaign appended its runs: none was replaced
            assert len(ledger(clone)) == 2 * first_campaign_runs

    # push to and pull from a local remote
    remote = tmp_path / "remote"
    dvc(clone, "remote", "add", "-d", "local", str(remote))
    dvc(clone, "push")
    shutil.rmtree(clone / "data" / "licensed")
    shutil.rmtree(clone / ".dvc" / "cache")
    dvc(clone, "pull")
    assert any((clone / "data" / "licensed").rglob("data.*"))

    # the raw sample holds personal data: it is not cached, so neither checkout nor the
    # run-cache can bring it back once deleted
    shutil.rmtree(clone / "data" / "sample")
    dvc(clone, "checkout")
    assert not (clone / "data" / "sample").exists()
