"""A small project tree with files of known ages, and policies written as YAML like a user's."""

from __future__ import annotations

import os
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from govern.policy import LoadedPolicy, load_policy
from govern.signing import generate_keys

NOW = datetime(2026, 6, 1, 12, 0, tzinfo=UTC)

RULES = """
version: 1
name: retention-test
retention:
  paths_personal: false   # readable test assertions; test_personal.py covers the default
  rules:
    - {name: logs, artifact: logs, paths: ["logs/**"], max_age_days: 90}
    - {name: checkpoints, artifact: checkpoints, paths: ["checkpoints/*"], unit: folder,
       keep_last: 2, max_age_days: 30}
    - {name: cache, artifact: cache, paths: [".dvc/cache/files/**", ".dvc/cache/runs/**"],
       max_age_days: 30}
"""


def touch(root: Path, relative: str, days_old: float, content: str | None = None) -> Path:
    """Write ``relative`` under ``root`` with an mtime ``days_old`` days before NOW."""
    path = root / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(content if content is not None else f"content of {relative}\n")
    when = (NOW - timedelta(days=days_old)).timestamp()
    os.utime(path, (when, when))
    return path


def write_policy(folder: Path, text: str) -> LoadedPolicy:
    path = folder / "policy.yaml"
    path.write_text(text)
    return load_policy(path)


HASH_KEY = "a1" * 16


@pytest.fixture(autouse=True)
def workspace(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A user's working folder: the policy's .govern/signing.key (Ed25519) and anchor live here.

    The hash key comes from $GOVERN_HASH_KEY, so no test touches ~/.config.
    """
    folder = tmp_path / "work"
    folder.mkdir()
    monkeypatch.chdir(folder)
    monkeypatch.setenv("GOVERN_HASH_KEY", HASH_KEY)
    generate_keys(Path(".govern/signing.key"), "ed25519")
    return folder


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "project"
    touch(root, "logs/old.log", 120)
    touch(root, "logs/deep/older.log", 400)
    touch(root, "logs/new.log", 10)
    for step, age in ((100, 90), (200, 60), (300, 45), (400, 5)):
        touch(root, f"checkpoints/step-{step}/model.bin", age)
        touch(root, f"checkpoints/step-{step}/state.json", age)
    touch(root, ".dvc/cache/files/md5/ab/cdef0123", 40)
    touch(root, ".dvc/cache/runs/12/3456/7890", 50)
    touch(root, ".dvc/cache/files/md5/cd/fresh", 1)
    touch(root, "data/keep.jsonl", 1000)  # matched by no rule
    return root


@pytest.fixture
def policy(tmp_path: Path) -> LoadedPolicy:
    return write_policy(tmp_path, RULES)
