"""The DVC review stage (`python -m govern.stages.review`) and `make demo`'s last step on a
synthetic project: the stage writes the report and exits 0 even when the verdict is blocked;
where.py ends with the report's path."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from tests.conftest import REPO_ROOT
from tests.review.project import Project


def run(project: Path, *command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *command],
        cwd=project,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_stage_exits_0_on_blocked_and_where_prints_the_report_last(project: Project) -> None:
    root = project.root
    (root / "pipelines").mkdir()
    shutil.copy2(REPO_ROOT / "pipelines/where.py", root / "pipelines/where.py")
    for name in ("params.yaml", "dvc.yaml"):
        shutil.copy2(REPO_ROOT / name, root / name)
    shutil.copytree(REPO_ROOT / "policies", root / "policies")
    (root / "reports/leaks.json").unlink()
    stage = run(root, "-m", "govern.stages.review")
    assert stage.returncode == 0, stage.stderr
    assert "review: verdict BLOCKED" in stage.stdout
    assert "blocking: leaks: reports/leaks.json is missing" in stage.stdout
    where = run(root, "pipelines/where.py")
    assert where.returncode == 0, where.stderr
    last = where.stdout.strip().splitlines()[-1]
    assert last == f"Compliance review (BLOCKED): {(root / 'reports/review.html').resolve()}"
    (root / "params.yaml").write_text("policy: policies/default.yaml\n")  # no review section
    broken = run(root, "-m", "govern.stages.review")
    assert broken.returncode == 2 and "no 'review' section" in broken.stderr
