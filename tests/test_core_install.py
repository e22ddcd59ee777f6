"""The core install (`pip install govern-data`, no extras) imports and scans without torch."""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from pathlib import Path

from tests.conftest import REPO_ROOT

# What the extras bring: a core install has none of them.
EXTRAS_ONLY = (
    "torch",
    "transformers",
    "peft",
    "tokenizers",
    "accelerate",
    "dvc",
    "ray",
    "bitsandbytes",
)
# Modules that are the extras' own (they import torch or transformers by design): the trainer
# and the DVC stages that run it.
NEEDS_TRAIN = (
    "govern.train",
    "govern.stages.train",
    "govern.stages.preflight",
    "govern.stages.campaign",
    "govern.stages.memorization",
)

BLOCK = f"""
import sys
class _Blocked:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {EXTRAS_ONLY!r}:
            raise ImportError("not in the core install: " + name)
        return None
sys.meta_path.insert(0, _Blocked())
"""


def run_without_extras(code: str, cwd: Path = REPO_ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", BLOCK + code], capture_output=True, text=True, cwd=cwd, timeout=300
    )


def test_core_dependencies_exclude_the_extras() -> None:
    project = tomllib.loads((REPO_ROOT / "pyproject.toml").read_text())["project"]
    core = " ".join(project["dependencies"]).lower()
    for name in EXTRAS_ONLY:
        assert f'"{name}' not in f'"{core}' and not any(
            dep.lower().startswith(name) for dep in project["dependencies"]
        ), name
    assert project["name"] == "govern-data"
    assert {"train", "dvc", "ray", "nlp"} <= set(project["optional-dependencies"])


def test_every_core_module_imports_without_the_extras() -> None:
    result = run_without_extras(
        """
import importlib, pkgutil, govern
failed = []
for module in pkgutil.walk_packages(govern.__path__, "govern."):
    if module.name.startswith(NEEDS_TRAIN):
        continue
    try:
        importlib.import_module(module.name)
    except ImportError as exc:
        failed.append(f"{module.name}: {exc}")
print("\\n".join(failed))
""".replace("NEEDS_TRAIN", repr(NEEDS_TRAIN))
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == ""


def test_a_core_install_scans(tmp_path: Path) -> None:
    data = tmp_path / "one.jsonl"
    data.write_text(json.dumps({"text": "reach me at lena.voss@example.org"}) + "\n")
    result = run_without_extras(
        f"""
import os, sys
os.environ["GOVERN_HASH_KEY"] = "55" * 32
from govern.cli import main
sys.argv = ["govern", "scan", {str(data)!r}, "--json", "--workers", "1"]
main()
""",
        cwd=tmp_path,
    )
    assert result.returncode == 1, result.stderr  # the email blocks under the packaged policy
    payload = json.loads(result.stdout)
    assert payload["summary"]["by_type"] == {"EMAIL_ADDRESS": 1}
    assert payload["policy_in_effect"]["source"] == "packaged default"
