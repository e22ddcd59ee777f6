"""Shared test setup: offline, deterministic, no hub access."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("HF_DATASETS_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

REPO_ROOT = Path(__file__).resolve().parent.parent

# CI (``.ci/run`` sets HYPOTHESIS_PROFILE=ci) draws the same examples on every run: a gate that
# passes or fails by chance blocks a submission for nothing it changed. Elsewhere the examples
# are random, so development runs keep looking for new counterexamples (and replay the ones
# found, from .hypothesis/).
settings.register_profile("ci", derandomize=True, database=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


@pytest.fixture
def repo_root() -> Path:
    return REPO_ROOT


@pytest.fixture(autouse=True)
def _run_in_repo_root(monkeypatch: pytest.MonkeyPatch) -> None:
    # The CLI's default policy path is relative to the project folder, as for a user.
    monkeypatch.chdir(REPO_ROOT)


def run_govern(
    *args: str, cwd: Path = REPO_ROOT, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """``python -m govern ARGS`` in a real process, as a user or CI script runs it."""
    return subprocess.run(
        [sys.executable, "-m", "govern", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        env={**os.environ, **(env or {})},
        timeout=300,
    )


def _untracked_files() -> set[str]:
    listed = subprocess.run(
        ["git", "status", "--porcelain", "--untracked-files=all"],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
    )
    return {line[3:] for line in listed.stdout.splitlines() if line.startswith("??")}


@pytest.fixture(scope="session", autouse=True)
def _tests_write_nothing_into_the_repository() -> Iterator[None]:
    """Tests run with the repository as working folder: none may leave a file in it."""
    before = _untracked_files()
    yield
    left = sorted(_untracked_files() - before)
    assert not left, f"tests left files in the repository: {left[:10]}"
