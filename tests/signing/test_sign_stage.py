"""The `sign` DVC stage: a sample key on first run, signatures that verify, no key in outputs."""

from __future__ import annotations

import json
import stat
import subprocess
import sys
from pathlib import Path

import yaml

from govern.artifacts import load_verified
from tests.conftest import REPO_ROOT
from tests.signing.helpers import write_adapter, write_artifact

PARAMS = {
    "policy": "policy.yaml",
    "sign": {
        "key": ".govern/signing.key",
        "algorithm": None,
        "manifest": "data/manifest.json",
        "adapter": "models/adapter",
        "base_model": "data/sample/model",
        "adapter_params": "train",
    },
    "train": {"epochs": 1},
}


def run_stage(project: Path, *targets: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "govern.stages.sign", *targets],
        cwd=project,
        capture_output=True,
        text=True,
        timeout=120,
        env={"PYTHONPATH": str(REPO_ROOT), "PATH": "/usr/bin:/bin"},
    )


def test_sign_stage(tmp_path: Path) -> None:
    (tmp_path / "params.yaml").write_text(yaml.safe_dump(PARAMS))
    (tmp_path / "policy.yaml").write_text("name: test\n")
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "manifest.json").write_text(json.dumps({"manifest_version": 1}))
    write_artifact(tmp_path / "data" / "sample" / "model")

    first = run_stage(tmp_path)
    assert first.returncode == 0, first.stderr
    assert "new sample key" in first.stdout
    assert "models/adapter: not trained yet" in first.stdout
    key = tmp_path / ".govern" / "signing.key"
    assert stat.S_IMODE(key.stat().st_mode) == 0o600
    assert (key.parent / ".gitignore").read_text() == "*\n"
    assert (tmp_path / "data" / "manifest.json.sig").is_file()

    write_adapter(tmp_path / "models" / "adapter")
    second = run_stage(tmp_path, "adapter")
    assert second.returncode == 0, second.stderr
    assert "new sample key" not in second.stdout  # the first run's key is reused
    assert "models/adapter -> " in second.stdout and "data/manifest.json ->" not in second.stdout
    public = [tmp_path / ".govern" / "signing.key.pub"]
    adapter = load_verified(tmp_path / "models" / "adapter", public, kind="adapter")
    assert adapter.statement.data_manifest_sha256 is not None
    assert adapter.statement.base_model_digest is not None
    assert adapter.statement.params_sha256 is not None
    assert "models/adapter loads (1 tensors, safetensors)" in second.stdout
    manifest = tmp_path / "data" / "manifest.json"
    # load_manifest checks the manifest's own schema; this stub only proves the signature.
    verified = load_verified(manifest, public, kind="data-manifest")
    assert verified.statement.data_manifest_sha256 == verified.digests["manifest.json"]


def test_sign_stage_errors_exit_2(tmp_path: Path) -> None:
    (tmp_path / "params.yaml").write_text(yaml.safe_dump(PARAMS))
    (tmp_path / "policy.yaml").write_text("name: test\n")
    missing = run_stage(tmp_path)
    assert missing.returncode == 2
    assert "data/manifest.json: cannot read" in missing.stderr
    wrong = run_stage(tmp_path, "checkpoint")
    assert wrong.returncode == 2 and "usage: sign.py" in wrong.stderr


def test_sign_stage_refuses_a_folder_that_is_not_an_adapter(tmp_path: Path) -> None:
    (tmp_path / "params.yaml").write_text(yaml.safe_dump(PARAMS))
    (tmp_path / "policy.yaml").write_text("name: test\n")
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "manifest.json").write_text(json.dumps({"manifest_version": 1}))
    write_artifact(tmp_path / "data" / "sample" / "model")
    write_artifact(tmp_path / "models" / "adapter")  # model-like files, no adapter_config.json
    result = run_stage(tmp_path, "adapter")
    assert result.returncode == 2
    assert "models/adapter: not an adapter folder (no adapter_config.json)" in result.stderr
