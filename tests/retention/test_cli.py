"""`govern retention plan/apply/audit` as a user runs them: signed head, tamper caught, exit 1."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import run_govern
from tests.retention.conftest import HASH_KEY, touch

POLICY = """
version: 1
name: cli
retention:
  rules:
    - {name: logs, artifact: logs, paths: ["logs/**"], max_age_days: 30}
"""


def test_plan_apply_audit_and_a_forged_append(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # the policy's .govern/ and audit/ are relative to the project
    (tmp_path / "policy.yaml").write_text(POLICY)
    touch(tmp_path, "logs/patient-jane-roe.log", 400)
    env = {"GOVERN_HASH_KEY": HASH_KEY}

    def govern(*args: str):
        return run_govern("--policy", "policy.yaml", *args, cwd=tmp_path, env=env)

    assert govern("keys", "generate", "--out", ".govern/signing.key", "--force").returncode == 0
    assert govern("retention", "plan", "--out", "plan.json").returncode == 0
    applied = govern("retention", "apply", "--plan", "plan.json", "--report", "report.json")
    assert applied.returncode == 0, applied.stderr
    assert not (tmp_path / "logs/patient-jane-roe.log").exists()
    head = json.loads((tmp_path / "report.json").read_text())["log"]["head"]
    audit = govern("retention", "audit", "--expect-head", head, "--json")
    assert audit.returncode == 0 and json.loads(audit.stdout)["entries"] == 2
    for record in ("plan.json", "audit/retention.jsonl", "report.json"):
        assert "jane" not in (tmp_path / record).read_text()
    log = tmp_path / "audit" / "retention.jsonl"
    log.write_text(log.read_text() + log.read_text().splitlines(keepends=True)[-1])
    tampered = govern("retention", "audit")
    assert tampered.returncode == 1 and "retention.jsonl:3" in tampered.stdout
    log.unlink()
    gone = govern("retention", "audit")
    assert gone.returncode == 1 and "deletion log missing" in gone.stderr
    assert gone.stderr.count("\n") == 1
