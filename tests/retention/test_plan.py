"""What a plan lists: by age, keep-last, holds and signed releases; stable for equal inputs."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from govern.errors import InputError, PolicyError
from govern.hashing import sha256_file
from govern.retention import plan_retention, write_plan
from govern.retention.match import glob_match
from govern.retention.names import Names
from tests.retention.conftest import HASH_KEY, NOW, RULES, touch, write_policy


def items(plan_json: dict) -> list[str]:
    return [deletion["item"] for deletion in plan_json["deletions"]]


def test_plan_by_age_and_keep_last(project: Path, policy) -> None:
    plan = plan_retention(project, policy, NOW).to_json()
    assert items(plan) == [
        "logs/deep/older.log",
        "logs/old.log",
        # step-400 and step-300 are the 2 newest; step-200 and step-100 are older than 30 days
        "checkpoints/step-100",
        "checkpoints/step-200",
        ".dvc/cache/files/md5/ab/cdef0123",
        ".dvc/cache/runs/12/3456/7890",
    ]
    old_log = plan["deletions"][1]
    assert old_log["rule"] == "logs" and old_log["method"] == "unlink"
    assert old_log["reason"] == "last modified 2026-02-01, 120 days before now: over 90"
    digest = old_log["files"][0]["digest"]  # keyed: a plain sha256 would confirm a guess
    assert digest == Names(bytes.fromhex(HASH_KEY)).digest(project / "logs/old.log")
    assert digest != "hmac-sha256:" + sha256_file(project / "logs/old.log")
    assert old_log["files"][0]["size"] == len("content of logs/old.log\n")
    step = plan["deletions"][2]
    assert [f["path"] for f in step["files"]] == [
        "checkpoints/step-100/model.bin",
        "checkpoints/step-100/state.json",
    ]
    assert step["reason"].endswith("not among the 2 newest")
    assert plan["totals"] == {"items": 6, "files": 8, "bytes": plan["totals"]["bytes"], "kept": 0}


def test_plan_is_byte_identical_for_equal_inputs(project: Path, policy, tmp_path: Path) -> None:
    first = write_plan(plan_retention(project, policy, NOW), tmp_path / "a.json").read_bytes()
    second = write_plan(plan_retention(project, policy, NOW), tmp_path / "b.json").read_bytes()
    assert first == second
    later = plan_retention(project, policy, NOW.replace(year=2027)).to_json()
    assert "logs/new.log" in items(later)  # only now moved


def test_keep_last_alone_ignores_age(project: Path, tmp_path: Path) -> None:
    loaded = write_policy(
        tmp_path,
        "version: 1\nname: t\nretention:\n  paths_personal: false\n  rules:\n"
        "    - {name: c, artifact: checkpoints, paths: ['checkpoints/*'], unit: folder,"
        " keep_last: 1, max_age_days: null}\n",
    )
    plan = plan_retention(project, loaded, NOW).to_json()
    assert items(plan) == [f"checkpoints/step-{n}" for n in (100, 200, 300)]
    assert plan["deletions"][0]["reason"] == "not among the 1 newest"


def test_legal_hold_keeps_and_says_why(project: Path, tmp_path: Path) -> None:
    loaded = write_policy(
        tmp_path,
        RULES + "  legal_holds:\n    - {paths: ['logs/deep/**'], reason: 'matter LH-7'}\n"
        "    - {paths: ['checkpoints/step-100'], reason: 'ticket 42'}\n",
    )
    plan = plan_retention(project, loaded, NOW).to_json()
    assert "logs/deep/older.log" not in items(plan)
    assert "checkpoints/step-100" not in items(plan)
    assert plan["kept"] == [
        {"rule": "logs", "item": "logs/deep/older.log", "reason": "legal hold: matter LH-7"},
        {"rule": "checkpoints", "item": "checkpoints/step-100", "reason": "legal hold: ticket 42"},
    ]


def test_signed_release_dependencies_are_kept_unless_the_rule_allows(
    project: Path, tmp_path: Path
) -> None:
    manifest = {"base": ".", "files": [{"path": "checkpoints/step-200/model.bin"}]}
    touch(project, "releases/v1/manifest.json", 500, json.dumps(manifest))
    text = RULES + "  protected: ['logs/old.log']\n  protected_manifests: ['releases/**/*.json']\n"
    plan = plan_retention(project, write_policy(tmp_path, text), NOW).to_json()
    assert "logs/old.log" not in items(plan)
    assert "checkpoints/step-200" not in items(plan)
    reasons = {kept["item"]: kept["reason"] for kept in plan["kept"]}
    assert "protected 'logs/old.log'" in reasons["logs/old.log"]
    assert "release manifest releases/v1/manifest.json" in reasons["checkpoints/step-200"]

    allowed = text.replace("unit: folder,", "unit: folder, allow_signed: true,")
    plan = plan_retention(project, write_policy(tmp_path, allowed), NOW).to_json()
    assert "checkpoints/step-200" in items(plan)
    assert "logs/old.log" not in items(plan)  # the logs rule did not allow it


def test_unreadable_release_manifest_stops_the_plan(project: Path, tmp_path: Path) -> None:
    touch(project, "releases/v1/manifest.json", 1, "{not json")
    loaded = write_policy(tmp_path, RULES + "  protected_manifests: ['releases/**/*.json']\n")
    with pytest.raises(InputError, match="release manifest is not readable JSON"):
        plan_retention(project, loaded, NOW)


def test_first_matching_rule_claims_a_file(project: Path, tmp_path: Path) -> None:
    first = "    - {name: keep-logs, artifact: logs, paths: ['logs/**'], max_age_days: 9999}\n"
    text = RULES.replace("rules:\n", "rules:\n" + first)
    plan = plan_retention(project, write_policy(tmp_path, text), NOW).to_json()
    assert not any(item.startswith("logs/") for item in items(plan))


def test_symlinks_are_never_matched(project: Path, policy) -> None:
    (project / "logs" / "link.log").symlink_to(project / "logs" / "old.log")
    os.utime(project / "logs" / "link.log", (0, 0), follow_symlinks=False)
    assert "logs/link.log" not in items(plan_retention(project, policy, NOW).to_json())


def test_naive_now_and_missing_root_are_refused(project: Path, policy) -> None:
    with pytest.raises(InputError, match="timezone-aware"):
        plan_retention(project, policy, NOW.replace(tzinfo=None))
    with pytest.raises(InputError, match="project root not found"):
        plan_retention(project / "nope", policy, NOW)


@pytest.mark.parametrize(
    ("rule", "message"),
    [
        (
            "{name: a, artifact: logs, paths: ['x'], max_age_days: null}",
            "max_age_days or keep_last",
        ),
        ("{name: a, artifact: logs, paths: ['../x'], max_age_days: 1}", "without '..'"),
        (
            "{name: a, artifact: logs, paths: ['x'], max_age_days: 1, method: crypto-shred}",
            "backups",
        ),
        ("{name: a, artifact: tmp, paths: ['x'], max_age_days: 1}", "artifact"),
    ],
)
def test_bad_rules_are_policy_errors(tmp_path: Path, rule: str, message: str) -> None:
    with pytest.raises(PolicyError, match=message):
        write_policy(
            tmp_path,
            f"version: 1\nname: t\nretention:\n  paths_personal: false\n  rules:\n    - {rule}\n",
        )


@pytest.mark.parametrize(
    ("pattern", "path", "expected"),
    [
        ("logs/**", "logs/a/b.log", True),
        ("logs/**", "logsx/a.log", False),
        ("logs/*.log", "logs/a/b.log", False),
        ("**/*.log", "a/b/c.log", True),
        (".dvc/cache/files/**", ".dvc/cache/files/md5/ab/cd", True),
        ("checkpoints/*", "checkpoints/step-1", True),
    ],
)
def test_glob_semantics(pattern: str, path: str, expected: bool) -> None:
    assert glob_match(pattern, path) is expected
