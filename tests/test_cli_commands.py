"""`govern licenses` and `govern manifest` as a user and a CI script call them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from govern.sample.corpus import write_corpus
from tests.conftest import REPO_ROOT


def govern(*args: str, cwd: Path = REPO_ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "govern", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=300,
    )


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("sample")
    write_corpus(root, n_support=20, n_clinic=10, n_forum=10, n_instructions=10, n_code=10)
    return root / "corpus"


def test_licenses_permissive_sources_pass(corpus: Path, tmp_path: Path) -> None:
    report = tmp_path / "licenses.json"
    result = govern(
        "licenses",
        str(corpus / "support_chats"),
        str(corpus / "code_help"),
        "--report",
        str(report),
    )
    assert result.returncode == 0, result.stdout + result.stderr
    entries = json.loads(report.read_text())["sources"]
    assert {e["source"]: e["verdict"] for e in entries} == {
        "support_chats": "allow",
        "code_help": "allow",
    }


def test_licenses_noncommercial_denied_and_unknown_held(corpus: Path) -> None:
    result = govern("licenses", str(corpus), "--json")
    assert result.returncode == 1
    verdicts = {e["source"]: e["verdict"] for e in json.loads(result.stdout)["sources"]}
    assert verdicts["clinic_dialogues"] == "deny"
    assert verdicts["forum_threads"] == "review"


def test_licenses_research_policy_allows_noncommercial(corpus: Path) -> None:
    result = govern(
        "--policy",
        "policies/research-noncommercial.yaml",
        "licenses",
        str(corpus / "clinic_dialogues"),
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_manifest_build_verify_diff(corpus: Path, tmp_path: Path) -> None:
    data = tmp_path / "data"
    (data / "a").mkdir(parents=True)
    for name in ("support_chats", "code_help"):
        src = corpus / name
        (data / "a" / name).mkdir()
        for file in src.iterdir():
            (data / "a" / name / file.name).write_bytes(file.read_bytes())
    first = govern(
        "--policy",
        str(REPO_ROOT / "policies/default.yaml"),
        "manifest",
        "build",
        "a",
        "--out",
        "m1.json",
        cwd=data,
    )
    assert first.returncode == 0, first.stderr
    assert govern("manifest", "verify", "m1.json", cwd=data).returncode == 0
    target = data / "a" / "code_help" / "data.csv"
    content = bytearray(target.read_bytes())
    content[-2] = ord("x") if content[-2] != ord("x") else ord("y")
    target.write_bytes(bytes(content))
    changed = govern("manifest", "verify", "m1.json", cwd=data)
    assert changed.returncode == 1
    assert "changed: a/code_help/data.csv" in changed.stdout
    second = govern(
        "--policy",
        str(REPO_ROOT / "policies/default.yaml"),
        "manifest",
        "build",
        "a",
        "--out",
        "m2.json",
        cwd=data,
    )
    assert second.returncode == 0
    diff = govern("manifest", "diff", "m1.json", "m2.json", "--exit-code", cwd=data)
    assert diff.returncode == 1
    assert "a/code_help/data.csv" in diff.stdout


def test_manifest_bad_report_option(tmp_path: Path) -> None:
    (tmp_path / "d.jsonl").write_text('{"id": "1", "text": "x"}\n')
    result = govern(
        "--policy",
        str(REPO_ROOT / "policies/default.yaml"),
        "manifest",
        "build",
        "d.jsonl",
        "--out",
        "m.json",
        "--report",
        "nonsense",
        cwd=tmp_path,
    )
    assert result.returncode == 2
    assert "KIND=PATH" in result.stderr


def test_keys_sign_verify_and_tamper(tmp_path: Path) -> None:
    key = tmp_path / "keys" / "signing.key"
    assert govern("keys", "generate", "--out", str(key)).returncode == 0
    assert oct(key.stat().st_mode & 0o777) == "0o600"
    artifact = tmp_path / "adapter"
    artifact.mkdir()
    (artifact / "adapter_config.json").write_text('{"r": 2}')
    signed = govern("sign", str(artifact), "--key", str(key), "--kind", "adapter")
    assert signed.returncode == 0, signed.stderr
    trusted = str(key) + ".pub"
    assert govern("verify", str(artifact), "--trusted", trusted).returncode == 0
    described = govern("inspect", str(artifact), "--json")
    assert described.returncode == 0, described.stderr
    assert json.loads(described.stdout)["artifacts"][0]["files"]
    (artifact / "adapter_config.json").write_text('{"r": 3}')
    tampered = govern("verify", str(artifact), "--trusted", trusted)
    assert tampered.returncode == 1
    assert "adapter_config.json" in tampered.stdout + tampered.stderr
    other = tmp_path / "other.key"
    govern("keys", "generate", "--out", str(other))
    (artifact / "adapter_config.json").write_text('{"r": 2}')
    untrusted = govern("verify", str(artifact), "--trusted", str(other) + ".pub")
    assert untrusted.returncode == 1
