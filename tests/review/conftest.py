"""A synthetic project tree for review tests (see tests/review/project.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from govern.policy import load_policy
from tests.conftest import REPO_ROOT
from tests.review.project import Project, make_project


@pytest.fixture
def project(tmp_path: Path) -> Project:
    return make_project(tmp_path / "project", load_policy(REPO_ROOT / "policies/default.yaml"))
