"""The DVC pipeline from a fresh clone: every stage runs and writes the committed dvc.lock,
metrics and plots again (git status stays clean), a rerun is a no-op, a param change reruns
only what depends on it, data round-trips through a remote, and personal data that was deleted
does not come back from DVC's caches."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.conftest import REPO_ROOT

BIN = Path(sys.executable).parent


def fresh_clone(tmp_path: Path) -> Path:
    """The project's files as git sees them, in a new repo: tracked and new files, not ignored
    ones; under data/ and reports/ only tracked ones (committed outputs such as the metrics and
    plots, and DVC's .gitignore files), not what a local `dvc repro` left there."""
    clone = tmp_path / "clone"
    for name in listed("-c") + [n for n in listed("-o") if not n.startswith(OUTPUT_ROOTS)]:
        source = REPO_ROOT / name
        if source.is_file():
            (clone / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, clone / name)
    git(clone, "init", "-q")
    git(clone, "add", "-A")
    git(clone, "-c", "user.name=t", "-c", "user.email=t@example.invalid", "commit", "-qm", "clone")
    return clone


OUTPUT_ROOTS = ("data/", "reports/")


def listed(which: str) -> list[str]:
    """``git ls-files`` of the working tree: ``-c`` tracked, ``-o`` new and not ignored."""
    out = subprocess.run(
        ["git", "ls-files", which, "--exclude-standard", "-z"],
        cwd=REPO_ROOT,
        capture_output=True,
        check=True,
    ).stdout
    return [raw.decode() for raw in out.split(b"\0") if raw]


def git(cwd: Path, *args: str) -> str:
    done = subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, text=True)
    return done.stdout


STALE_LOCK = (
    "`dvc repro` in a fresh clone changed what git tracks, so the committed dvc.lock (or a "
    "committed metric or plot) is not what this code produces, or a stage wrote a file that is "
    "neither declared nor ignored. Regenerate and commit it (README: A fresh clone reproduces "
    "dvc.lock):\n"
)


def dvc(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "PATH": f"{BIN}{os.pathsep}{os.environ['PATH']}",
        "HF_HUB_OFFLINE": "1",
        "DVC_NO_ANALYTICS": "1",
        "GOVERN_HASH_KEY": "00" * 32,
    }
    result = subprocess.run(
        [str(BIN / "dvc"), *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
        umask=0o077,  # as README and `make demo` run it: DVC's own files follow this umask
    )
    assert result.returncode == 0, (
        f"dvc {' '.join(args)}:\n{result.stdout[-3000:]}{result.stderr[-3000:]}"
    )
    return result


OUTPUT_FOLDERS = ("data", "reports", "models", "backups", "audit", "runs", ".dvc/cache")


def readable_by_others(clone: Path) -> list[str]:
    """Outputs of `dvc repro` that a group member or another user could read or list.

    Files git tracks (sources, .gitignore files) and the folders git made for them are not
    outputs (a clone takes the cloner's umask; README says so). DVC chmods every cache file
    0444 whatever the umask (dvc_data's LocalHashFileDB.CACHE_MODE), so a cache file counts
    as private when every folder from .dvc/cache down to it is closed to group and others.
    """
    tracked = set(
        subprocess.run(
            ["git", "ls-files"], cwd=clone, capture_output=True, text=True, check=True
        ).stdout.splitlines()
    )
    tracked |= {parent.as_posix() for name in tracked for parent in Path(name).parents}
    cache = clone / ".dvc" / "cache"
    found = []
    for relative in (*OUTPUT_FOLDERS, "dvc.lock"):
        top = clone / relative
        paths = [top, *top.rglob("*")] if top.is_dir() else [top]
        for path in paths:
            name = path.relative_to(clone).as_posix()
            if not path.exists() or path.is_symlink() or name in tracked:
                continue
            mode = path.stat().st_mode & 0o077
            if mode and path.is_file() and cache in path.parents:
                folders = [p for p in path.parents if p == cache or cache in p.parents]
                mode = 0 if all(not p.stat().st_mode & 0o077 for p in folders) else mode
            if mode:
                found.append(f"{name} ({path.stat().st_mode & 0o777:o})")
    return found


def outputs(stage: dict[str, Any]) -> list[Any]:
    return [*stage.get("outs", []), *stage.get("metrics", []), *stage.get("plots", [])]


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

    declared = {
        name: [out if isinstance(out, str) else next(iter(out)) for out in outputs(stage)]
        for name, stage in yaml.safe_load((clone / "dvc.yaml").read_text())["stages"].items()
    }
    # Outputs git keeps (the plots): with a current dvc.lock their stage has nothing to run.
    committed = {
        name for name, paths in declared.items() if all((clone / p).exists() for p in paths)
    }
    first = dvc(clone, "repro")
    # `make demo` on a fresh clone: the committed dvc.lock, metrics and plots are what the code
    # at this commit produces, every other output is ignored, and DVC has nothing left to run.
    changed = git(clone, "status", "--porcelain", "--untracked-files=all")
    assert changed == "", STALE_LOCK + changed + git(clone, "diff", "--stat")
    assert json.loads(dvc(clone, "status", "--json").stdout) == {}
    assert ran(first.stdout) == STAGES - committed and committed <= {"plot_data"}
    for paths in declared.values():
        assert all((clone / path).exists() for path in paths), paths
    assert readable_by_others(clone) == []
    sample = json.loads((clone / "data" / "sample" / "sample.json").read_text())
    assert sample["tool"]["name"] == "govern"
    if "train" in STAGES:
        check_training_outputs(clone)

    # the run-cache serves the other stages but holds no entry for the one writing raw data
    runs = [p.read_text() for p in (clone / ".dvc" / "cache" / "runs").rglob("*") if p.is_file()]
    assert any("govern.stages.scan" in entry for entry in runs)
    assert not any("govern.stages.sample" in entry for entry in runs)

    first_campaign_runs = len(ledger(clone)) if "campaign" in STAGES else 0

    # DVC conventions: the declared plots render, metrics compare across commits
    shown = json.loads(dvc(clone, "plots", "show", "--json").stdout)
    assert not shown.get("errors"), shown.get("errors")
    for name in ("train_loss", "findings_by_type", "split_sizes", "validation_loss"):
        rendered = shown["data"][f"reports/plots/{name}.json"][0]
        assert rendered["type"] == "vega", name
        if name != "validation_loss":
            assert rendered["content"]["data"]["values"], name
    # nothing to commit: the clone's first commit already holds this run's metrics and plots
    metrics = json.loads(dvc(clone, "metrics", "show", "--json").stdout)
    assert metrics and not any("error" in str(v)[:200] for v in metrics.values())

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
        # the committed metrics are the baseline `dvc metrics diff` compares against
        diff = dvc(clone, "metrics", "diff", "HEAD", "--json").stdout
        assert "reports/metrics.json" in json.loads(diff)  # a new salt moves split counts
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
