"""`dvc repro` from a fresh clone: the pipeline runs end to end on the bundled sample."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import REPO_ROOT


def fresh_clone(tmp_path: Path) -> Path:
    """The project's files as git sees them (tracked + new, not ignored), in a new repo."""
    listed = subprocess.run(
        ["git", "ls-files", "-co", "--exclude-standard", "-z"],
        cwd=REPO_ROOT,
        capture_output=True,
        check=True,
    ).stdout.split(b"\0")
    clone = tmp_path / "clone"
    for name in filter(None, listed):
        source = REPO_ROOT / name.decode()
        if source.is_file() and not name.startswith(b"data/"):
            (clone / name.decode()).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, clone / name.decode())
    subprocess.run(["git", "init", "-q"], cwd=clone, check=True)
    return clone


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_dvc_repro_from_fresh_clone(tmp_path: Path) -> None:
    clone = fresh_clone(tmp_path)
    bin_dir = str(Path(sys.executable).parent)
    env = {**os.environ, "PATH": bin_dir + os.pathsep + os.environ["PATH"], "HF_HUB_OFFLINE": "1"}
    result = subprocess.run(
        [f"{bin_dir}/dvc", "repro"], cwd=clone, env=env, capture_output=True, text=True, timeout=600
    )
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    sample = clone / "data" / "sample"
    assert (sample / "model" / "model.safetensors").is_file()
    assert (sample / "corpus" / "support_chats" / "data.jsonl").is_file()
    record = json.loads((sample / "sample.json").read_text())
    assert record["tool"]["name"] == "govern"
    assert record["files"]["model/model.safetensors"]
    # the same params give byte-identical outputs: the one in the work tree, if built, matches
    status = subprocess.run(
        [f"{bin_dir}/dvc", "status", "--json"], cwd=clone, env=env, capture_output=True, text=True
    )
    assert json.loads(status.stdout or "{}") == {}
