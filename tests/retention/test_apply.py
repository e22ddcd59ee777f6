"""Applying a plan: exactly what it lists, never a stale plan, every deletion in the log."""

from __future__ import annotations

import json
import os
from datetime import timedelta
from pathlib import Path

import pytest

from govern.backup import KeySource, KeyStore, create_backup, generate_key_file, verify_backup
from govern.errors import InputError, IntegrityError
from govern.retention import apply_plan, audit_log, plan_retention, write_plan
from govern.signing import public_key_path
from tests.retention.conftest import NOW, RULES, touch, write_policy

LATER = NOW + timedelta(minutes=1)


def plan_file(project: Path, policy, tmp_path: Path) -> Path:
    return write_plan(plan_retention(project, policy, NOW), tmp_path / "plan.json")


def audit(log: Path):
    key = Path(".govern/signing.key")
    return audit_log(
        log, public_key=public_key_path(key), anchor=Path(".govern/retention-anchor.json")
    )


def files_under(root: Path) -> set[str]:
    return {p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file()}


def test_apply_deletes_exactly_the_plan_and_logs_it(project: Path, policy, tmp_path: Path) -> None:
    before = files_under(project)
    plan = plan_file(project, policy, tmp_path)
    listed = json.loads(plan.read_text())["deletions"]
    log = tmp_path / "audit" / "retention.jsonl"
    report = tmp_path / "reports" / "retention.json"
    applied = apply_plan(plan, project, policy, log, now=LATER, report=report)
    gone = {f["path"] for d in listed for f in d["files"]}
    assert files_under(project) == before - gone
    assert not (project / "checkpoints" / "step-100").exists()  # folders go whole
    assert (project / "checkpoints" / "step-400" / "model.bin").exists()
    assert len(applied.deletions) == len(listed) == 6 and not applied.reconciled
    assert oct(log.stat().st_mode & 0o777) == "0o600"
    entries = [json.loads(line) for line in log.read_text().splitlines()]
    # Log first, then delete: an intent before each deletion, a done after it.
    assert [e["event"] for e in entries] == ["intent", "done"] * 6
    assert [e["item"] for e in entries[::2]] == [d["item"] for d in listed]
    assert [e["intent"] for e in entries[1::2]] == [e["seq"] for e in entries[::2]]
    first = entries[0]
    assert set(first) == {
        "event", "time", "rule", "artifact", "item", "unit", "method", "key_id", "files",
        "plan_sha256", "policy_sha256", "tool", "seq", "prev_hash", "hash",
    }  # fmt: skip
    assert first["files"][0].keys() == {"path", "size", "digest"}  # never contents
    assert first["files"][0]["digest"].startswith("hmac-sha256:")
    assert first["time"] == LATER.isoformat() and first["prev_hash"] == "0" * 64
    result = audit(log)
    assert result.ok and result.entries == 12 and result.head == entries[-1]["hash"]
    recorded = json.loads(report.read_text())
    assert recorded["log"] == {"entries": 12, "head": result.head}
    assert recorded["policy_sha256"] == policy.sha256 and recorded["tool"]["name"] == "govern"
    assert oct(report.stat().st_mode & 0o777) == "0o600"


def test_stale_plan_is_refused_before_anything_is_deleted(
    project: Path, policy, tmp_path: Path
) -> None:
    plan = plan_file(project, policy, tmp_path)
    target = project / "logs" / "old.log"
    stat = target.stat()
    target.write_text("content of logs/old.loG\n")  # same size, same mtime: only sha256 differs
    os.utime(target, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    before = files_under(project)
    with pytest.raises(InputError, match="stale plan: logs/old.log changed since"):
        apply_plan(plan, project, policy, tmp_path / "log.jsonl", now=LATER)
    assert files_under(project) == before
    assert not (tmp_path / "log.jsonl").exists()


@pytest.mark.parametrize(
    ("change", "match"),
    [
        (lambda root: (root / "logs" / "old.log").unlink(), "logs/old.log is gone"),
        (lambda root: touch(root, "logs/another.log", 200), "logs/another.log is now due too"),
        (lambda root: touch(root, "checkpoints/step-100/extra.bin", 90), "step-100 changed"),
    ],
)
def test_any_change_makes_the_plan_stale(
    project: Path, policy, tmp_path: Path, change, match
) -> None:
    plan = plan_file(project, policy, tmp_path)
    change(project)
    with pytest.raises(InputError, match=match):
        apply_plan(plan, project, policy, tmp_path / "log.jsonl", now=LATER)


def test_edited_plan_is_refused(project: Path, policy, tmp_path: Path) -> None:
    plan = plan_file(project, policy, tmp_path)
    document = json.loads(plan.read_text())
    document["deletions"][0]["files"][0]["path"] = "data/keep.jsonl"
    plan.write_text(json.dumps(document))
    with pytest.raises(InputError, match="stale plan"):
        apply_plan(plan, project, policy, tmp_path / "log.jsonl", now=LATER)
    assert (project / "data" / "keep.jsonl").exists()


def test_changed_policy_future_plan_and_other_root_are_refused(
    project: Path, policy, tmp_path: Path
) -> None:
    plan = plan_file(project, policy, tmp_path)
    held = write_policy(tmp_path, RULES + "  legal_holds: [{paths: ['logs/**'], reason: LH-1}]\n")
    with pytest.raises(InputError, match="the policy changed since"):
        apply_plan(plan, project, held, tmp_path / "log.jsonl", now=LATER)
    policy = write_policy(tmp_path, RULES)
    with pytest.raises(InputError, match="in the future"):
        apply_plan(plan, project, policy, tmp_path / "log.jsonl", now=NOW - timedelta(days=1))
    with pytest.raises(InputError, match="planned for root"):
        apply_plan(plan, tmp_path, policy, tmp_path / "log.jsonl", now=LATER)


def test_apply_refuses_to_extend_a_tampered_log(project: Path, policy, tmp_path: Path) -> None:
    log = tmp_path / "log.jsonl"
    apply_plan(plan_file(project, policy, tmp_path), project, policy, log, now=LATER)
    log.write_text(log.read_text().replace('"rule":"logs"', '"rule":"other"', 1))
    touch(project, "logs/stale.log", 300)
    with pytest.raises(IntegrityError, match="edited"):
        apply_plan(plan_file(project, policy, tmp_path), project, policy, log, now=LATER)
    assert (project / "logs" / "stale.log").exists()


def test_backups_are_crypto_shredded(tmp_path: Path) -> None:
    root = tmp_path / "project"
    key = KeySource.from_file(generate_key_file(tmp_path / "k.key"))
    store = KeyStore(tmp_path / "keys")
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "a.txt").write_text("a")
    backups = []
    for days in (200, 100, 1):
        out = root / "backups" / f"b{days}.gbak"
        key_id = create_backup([tmp_path / "src"], out, key, store).key_id
        when = (NOW - timedelta(days=days)).timestamp()
        os.utime(out, (when, when))
        backups.append((out, key_id))
    loaded = write_policy(
        tmp_path,
        "version: 1\nname: t\nretention:\n  paths_personal: false\n  rules:\n"
        "    - {name: b, artifact: backups, paths: ['backups/*.gbak'], keep_last: 1,"
        " max_age_days: 150, method: crypto-shred}\n",
    )
    plan = write_plan(plan_retention(root, loaded, NOW), tmp_path / "plan.json")
    assert json.loads(plan.read_text())["deletions"][0]["key_id"] == backups[0][1]
    copy = tmp_path / "offsite.gbak"
    copy.write_bytes(backups[0][0].read_bytes())
    deletions = apply_plan(
        plan, root, loaded, tmp_path / "log.jsonl", store=store, now=LATER
    ).deletions
    assert [d.planned.method for d in deletions] == ["crypto-shred"]
    assert deletions[0].planned.key_id == backups[0][1]
    assert not backups[0][0].exists() and backups[1][0].exists()
    with pytest.raises(InputError, match="was shredded"):
        verify_backup(copy, key, store)
    verify_backup(backups[1][0], key, store)


def test_crypto_shred_needs_the_key_before_deleting(tmp_path: Path) -> None:
    root = tmp_path / "project"
    key = KeySource.from_file(generate_key_file(tmp_path / "k.key"))
    (tmp_path / "src").mkdir()
    out = root / "backups" / "old.gbak"
    create_backup([tmp_path / "src"], out, key, KeyStore(tmp_path / "keys"))
    os.utime(out, (0, 0))
    loaded = write_policy(
        tmp_path,
        "version: 1\nname: t\nretention:\n  paths_personal: false\n  rules:\n"
        "    - {name: b, artifact: backups, paths: ['backups/*.gbak'], max_age_days: 1,"
        " method: crypto-shred}\n",
    )
    plan = write_plan(plan_retention(root, loaded, NOW), tmp_path / "plan.json")
    elsewhere = KeyStore(tmp_path / "other-keys")
    with pytest.raises(InputError, match="not in"):
        apply_plan(plan, root, loaded, tmp_path / "log.jsonl", store=elsewhere, now=LATER)
    assert out.exists()


def test_apply_without_a_signing_key_says_how_to_make_one(
    project: Path, policy, tmp_path: Path
) -> None:
    Path(".govern/signing.key").unlink()
    plan = plan_file(project, policy, tmp_path)
    before = files_under(project)
    with pytest.raises(InputError, match="govern keys generate --out .govern/signing.key"):
        apply_plan(plan, project, policy, tmp_path / "log.jsonl", now=LATER)
    assert files_under(project) == before and not (tmp_path / "log.jsonl").exists()
