"""The demo: the default policy on the scratch project deletes what it says; the log verifies."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

from govern.backup import KeySource, KeyStore, generate_key_file
from govern.policy import load_policy
from govern.retention import apply_plan, audit_with_policy, plan_retention, write_plan
from govern.retention.names import Names
from govern.retention.scratch import build_scratch
from tests.conftest import REPO_ROOT
from tests.retention.conftest import HASH_KEY, NOW

EXPECTED = [
    "data/raw/export-old.jsonl",
    "data/redacted/export-old.jsonl",
    ".dvc/cache/files/md5/3a/7bd3e2360a3d29eea436fcfb7e44c7",
    ".dvc/cache/runs/5e/5e1c/8d2f0a",
    "logs/eval/eval-old.log",
    "logs/train-old.log",
    "checkpoints/checkpoint-200",
    "backups/scratch-200d.gbak",
    "backups/scratch-250d.gbak",
]


def test_default_policy_on_the_scratch_project(tmp_path: Path) -> None:
    loaded = load_policy(REPO_ROOT / "policies" / "default.yaml")
    key = KeySource.from_file(generate_key_file(tmp_path / "scratch.key"))
    store = KeyStore(tmp_path / "keys")
    root = tmp_path / "scratch"
    build_scratch(root, NOW, key, store)
    plan = write_plan(plan_retention(root, loaded, NOW), tmp_path / "plan.json")
    document = json.loads(plan.read_text())
    show = Names(bytes.fromhex(HASH_KEY)).show  # the default policy: paths are personal
    assert [d["item"] for d in document["deletions"]] == [show(item) for item in EXPECTED]
    assert [k["item"] for k in document["kept"]] == [show("checkpoints/checkpoint-100")]
    log = tmp_path / "audit.jsonl"
    deletions = apply_plan(
        plan, root, loaded, log, store=store, now=NOW + timedelta(seconds=1)
    ).deletions
    assert len(deletions) == len(EXPECTED)
    assert not any((root / item).exists() for item in EXPECTED)
    assert (root / "checkpoints" / "checkpoint-100").is_dir()
    assert len(list((root / "backups").iterdir())) == 7
    shredded = sorted(p.name for p in store.root.glob("*.shredded.json"))
    assert shredded == sorted(f"{d.planned.key_id}.shredded.json" for d in deletions[-2:])
    result = audit_with_policy(log, loaded)
    assert result.ok and result.entries == 2 * len(EXPECTED)


def run_stage(stage: str, folder: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO_ROOT)}
    return subprocess.run(
        [sys.executable, "-m", f"govern.stages.{stage}"],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_backup_and_retention_stages(tmp_path: Path) -> None:
    (tmp_path / "policies").mkdir()
    (tmp_path / "policies" / "default.yaml").write_bytes(
        (REPO_ROOT / "policies" / "default.yaml").read_bytes()
    )
    (tmp_path / "data" / "licensed" / "src").mkdir(parents=True)
    (tmp_path / "data" / "licensed" / "src" / "data.jsonl").write_text('{"text": "hi"}\n')
    (tmp_path / "params.yaml").write_text(
        "policy: policies/default.yaml\n"
        "backup: {sources: [data/licensed], out: backups/approved.gbak,"
        " report: reports/backup.json, key_file: .govern/backup.key, key_store: .govern/keys}\n"
        "retention: {root: data/scratch, plan: reports/retention_plan.json,"
        " log: audit/retention.jsonl, report: reports/retention.json,"
        " key_file: .govern/scratch.key,"
        " key_store: .govern/scratch-keys, now: null}\n"
    )
    for _ in range(2):  # a rerun rebuilds the scratch project and extends the same log
        for stage in ("backup", "retention"):
            done = run_stage(stage, tmp_path)
            assert done.returncode == 0, done.stderr
    assert "audit: audit/retention.jsonl: 36 entries" in done.stdout
    assert (tmp_path / ".govern" / ".gitignore").read_text().endswith("*\n")
    report = json.loads((tmp_path / "reports" / "backup.json").read_text())
    assert report["backup"]["entries"][-1]["name"] == "licensed/src/data.jsonl"
