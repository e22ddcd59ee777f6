"""A crash between logging an intent, deleting and logging done: never an unrecorded deletion."""

from __future__ import annotations

import json
import os
from datetime import timedelta
from pathlib import Path

import pytest

from govern.retention import apply_plan, audit_log, plan_retention, write_plan
from govern.retention.log import DeletionLog
from govern.signing import public_key_path
from tests.retention.conftest import NOW

LATER = NOW + timedelta(minutes=1)
KEY = Path(".govern/signing.key")
ANCHOR = Path(".govern/retention-anchor.json")


class Crash(Exception):
    """Stands for the process dying: nothing after it runs."""


def audit(log: Path):
    return audit_log(log, public_key=public_key_path(KEY), anchor=ANCHOR)


def entries(log: Path) -> list[dict]:
    return [json.loads(line) for line in log.read_text().splitlines()]


def replan(project: Path, policy, tmp_path: Path) -> Path:
    return write_plan(plan_retention(project, policy, NOW), tmp_path / "plan.json")


def crash_before_the_first_delete(
    project: Path, policy, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Path:
    """Apply a fresh plan that crashes at its first deletion; returns the deletion log."""
    log = tmp_path / "log.jsonl"
    plan = replan(project, policy, tmp_path)

    def crash(path: object) -> None:
        raise Crash

    with monkeypatch.context() as patched, pytest.raises(Crash):
        patched.setattr("govern.retention.apply.os.unlink", crash)
        apply_plan(plan, project, policy, log, now=LATER)
    return log


def test_crash_between_intent_and_delete_is_retried(
    project: Path, policy, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    log = crash_before_the_first_delete(project, policy, tmp_path, monkeypatch)
    first = entries(log)
    assert [e["event"] for e in first] == ["intent"]  # logged before anything was deleted
    victim = project / first[0]["item"]
    assert victim.exists()
    result = audit(log)
    assert result.ok and [e["seq"] for e in result.pending] == [0]  # reported
    # The next apply (on a fresh plan, which lists the file again) deletes it once.
    applied = apply_plan(replan(project, policy, tmp_path), project, policy, log, now=LATER)
    assert not victim.exists()
    assert [e["outcome"] for e in applied.reconciled] == [
        "deleted on reconcile after an interruption"
    ]
    assert applied.reconciled[0]["intent"] == 0
    assert first[0]["item"] not in [d.planned.item for d in applied.deletions]
    assert len(applied.deletions) == 5
    after = audit(log)
    assert after.ok and not after.pending and after.entries == 1 + 1 + 2 * 5


def test_crash_between_delete_and_done_is_recorded(
    project: Path, policy, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    log = tmp_path / "log.jsonl"
    plan = replan(project, policy, tmp_path)
    append = DeletionLog.append

    def crash_on_done(self: DeletionLog, record: dict) -> dict:
        if record["event"] == "done":
            raise Crash
        return append(self, record)

    with monkeypatch.context() as patched, pytest.raises(Crash):
        patched.setattr(DeletionLog, "append", crash_on_done)
        apply_plan(plan, project, policy, log, now=LATER)
    (intent,) = entries(log)
    assert not (project / intent["item"]).exists()  # deleted, and its intent is in the log
    assert [e["seq"] for e in audit(log).pending] == [0]
    applied = apply_plan(replan(project, policy, tmp_path), project, policy, log, now=LATER)
    assert [e["outcome"] for e in applied.reconciled] == [
        "deleted before an interruption; recorded on reconcile"
    ]
    assert not audit(log).pending and audit(log).ok


def test_a_file_changed_since_its_intent_is_not_deleted_on_reconcile(
    project: Path, policy, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    log = crash_before_the_first_delete(project, policy, tmp_path, monkeypatch)
    victim = project / entries(log)[0]["item"]
    stat = victim.stat()
    victim.write_text("new content, same age\n")
    os.utime(victim, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    applied = apply_plan(replan(project, policy, tmp_path), project, policy, log, now=LATER)
    assert applied.reconciled[0]["outcome"] == "not deleted: changed since its intent"
    assert not victim.exists()  # still due under the fresh plan: deleted with its own entries
    assert audit(log).ok
