"""Records retention keeps never name a file that is named after a person."""

from __future__ import annotations

import hashlib
from datetime import timedelta
from pathlib import Path

import pytest

from govern.retention import apply_plan, audit_with_policy, plan_retention, write_plan
from tests.retention.conftest import NOW, touch, write_policy

PERSON = "patient-john-doe-1957-03-02"
POLICY = """
version: 1
name: personal
retention:
{extra}  rules:
    - {{name: raw, artifact: raw, paths: ["data/raw/**"], max_age_days: 30}}
"""


def records(tmp_path: Path) -> list[Path]:
    folder = tmp_path / "out"
    return [
        folder / "plan.json",
        folder / "log.jsonl",
        folder / "log.jsonl.head",
        folder / "report.json",
    ]


def run(tmp_path: Path, extra: str = "") -> tuple[Path, str]:
    root = tmp_path / "project"
    victim = touch(root, f"data/raw/{PERSON}/{PERSON}.jsonl", 90, '{"text": "synthetic"}\n')
    touch(root, f"data/raw/{PERSON}.csv", 1)  # not due: named nowhere either
    loaded = write_policy(tmp_path, POLICY.format(extra=extra))
    plan, log, _, report = records(tmp_path)
    write_plan(plan_retention(root, loaded, NOW), plan)
    applied = apply_plan(plan, root, loaded, log, now=NOW + timedelta(minutes=1), report=report)
    assert len(applied.deletions) == 1 and not victim.exists()
    assert audit_with_policy(log, loaded).ok
    text = "".join(path.read_text() for path in records(tmp_path))
    text += Path(".govern/retention-anchor.json").read_text().replace(str(tmp_path), "")
    return victim, text


def test_no_record_names_the_person_by_default(tmp_path: Path) -> None:
    victim, text = run(tmp_path)
    for part in ("john", "doe", "1957", "patient", "data/raw/"):
        assert part not in text.lower(), part
    plain = hashlib.sha256(b'{"text": "synthetic"}\n').hexdigest()
    assert plain not in text  # contents pinned by a keyed digest, not a plain sha256
    assert "hmac-sha256:" in text


def test_clear_paths_only_when_the_policy_says_paths_are_not_personal(tmp_path: Path) -> None:
    _, text = run(tmp_path, "  paths_personal: false\n")
    assert f"data/raw/{PERSON}/{PERSON}.jsonl" in text


def test_paths_personal_must_be_a_boolean(tmp_path: Path) -> None:
    from govern.errors import PolicyError

    with pytest.raises(PolicyError, match="paths_personal"):
        write_policy(tmp_path, POLICY.format(extra="  paths_personal: maybe\n"))
