"""`govern licenses` and `govern manifest` as a user and a CI script call them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from govern.sample.corpus import write_corpus
from tests.conftest import REPO_ROOT
from tests.conftest import run_govern as govern


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
    diff = govern("manifest", "diff", "m1.json", "m2.json", cwd=data)
    assert diff.returncode == 1  # differ: exit 1, like git diff, without any flag
    assert "a/code_help/data.csv" in diff.stdout
    assert govern("manifest", "diff", "m1.json", "m2.json", "--exit-code", cwd=data).returncode == 1
    same = govern("manifest", "diff", "m2.json", "m2.json", cwd=data)
    assert same.returncode == 0, same.stdout


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


@pytest.mark.parametrize(
    ("item", "message"),
    [
        ("scan=missing.json", "missing.json: --report scan: report file not found"),
        ("scna=d.jsonl", "unknown kind 'scna'"),
    ],
)
def test_manifest_report_must_exist_and_be_known(tmp_path: Path, item: str, message: str) -> None:
    (tmp_path / "d.jsonl").write_text('{"id": "1", "text": "x"}\n')
    result = govern(
        "manifest", "build", "d.jsonl", "--out", "m.json", "--report", item, cwd=tmp_path
    )
    assert result.returncode == 2
    assert message in result.stderr
    assert not (tmp_path / "m.json").exists()


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

    # a signature kept elsewhere: sign --out, verify --signature
    elsewhere = tmp_path / "signatures" / "adapter.sig"
    elsewhere.parent.mkdir()
    made = govern("sign", str(artifact), "--key", str(key), "--out", str(elsewhere))
    assert made.returncode == 0, made.stderr
    assert elsewhere.is_file()
    found = govern("verify", str(artifact), "--trusted", trusted, "--signature", str(elsewhere))
    assert found.returncode == 0, found.stdout + found.stderr
    (artifact / "adapter_config.json").write_text('{"r": 4}')
    changed = govern("verify", str(artifact), "--trusted", trusted, "--signature", str(elsewhere))
    assert changed.returncode == 1


def test_backup_create_verify_restore_and_tamper(tmp_path: Path) -> None:
    import os

    source = tmp_path / "data"
    source.mkdir()
    (source / "a.jsonl").write_text('{"id": "1", "text": "hello"}\n')
    key = tmp_path / "backup.key"
    key.write_text(bytes(range(32)).hex() + "\n")
    key.chmod(0o644)
    refused = govern(
        "backup", "create", str(source), "--out", str(tmp_path / "x"), "--key-file", str(key)
    )
    assert refused.returncode == 2 and "chmod 600" in refused.stderr
    key.chmod(0o600)
    store = tmp_path / "keys"
    common = ["--key-file", str(key), "--key-store", str(store)]
    out = tmp_path / "b.gbak"
    created = govern("backup", "create", str(source), "--out", str(out), *common)
    assert created.returncode == 0, created.stderr
    assert govern("backup", "verify", str(out), *common).returncode == 0
    restored = govern("backup", "restore", str(out), "--to", str(tmp_path / "back"), *common)
    assert restored.returncode == 0, restored.stderr
    assert (tmp_path / "back" / "data" / "a.jsonl").read_text() == '{"id": "1", "text": "hello"}\n'
    raw = bytearray(out.read_bytes())
    raw[-20] ^= 1
    out.write_bytes(bytes(raw))
    tampered = govern("backup", "restore", str(out), "--to", str(tmp_path / "again"), *common)
    assert tampered.returncode == 1
    assert not (tmp_path / "again").exists()
    assert "hello" not in tampered.stderr
    env_free = {k: v for k, v in os.environ.items() if k != "GOVERN_BACKUP_PASSPHRASE"}
    no_key = subprocess.run(
        [sys.executable, "-m", "govern", "backup", "verify", str(out), "--key-store", str(store)],
        capture_output=True,
        text=True,
        cwd=REPO_ROOT,
        env=env_free,
    )
    assert no_key.returncode == 2
    assert "GOVERN_BACKUP_PASSPHRASE" in no_key.stderr


def test_retention_audit_detects_an_edited_log(tmp_path: Path) -> None:
    log = tmp_path / "log.jsonl"
    assert govern("retention", "audit", str(log)).returncode == 2  # no log: input error


def test_train_refuses_without_a_signed_manifest(tmp_path: Path) -> None:
    config = tmp_path / "train.yaml"
    config.write_text(
        f"manifest: {tmp_path / 'manifest.json'}\ntrusted_keys: [{tmp_path / 'k.pub'}]\n"
        f"reports_dir: {tmp_path / 'reports'}\noutput_dir: {tmp_path / 'adapter'}\n"
    )
    (tmp_path / "manifest.json").write_text("{}")
    assert govern("keys", "generate", "--out", str(tmp_path / "k")).returncode == 0
    result = govern("train", "--config", str(config))
    assert result.returncode == 1, result.stderr  # unsigned: a policy violation
    assert "manifest.json" in result.stderr
    # the refused run still leaves its record, where the config says (never in the repository)
    record = json.loads((tmp_path / "reports" / "metrics.json").read_text())
    assert "data gate" in record["stopped_in_phase"]
    assert govern("train", "--config", str(tmp_path / "missing.yaml")).returncode == 2


def _tree_bytes(root: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()
    }


def test_leaks_fix_writes_a_copy_unless_in_place(corpus: Path, tmp_path: Path) -> None:
    splits = tmp_path / "splits"
    made = govern(
        "split", str(corpus / "instructions"), "--out", str(splits), "--by", "instruction"
    )
    assert made.returncode == 0, made.stderr
    before = _tree_bytes(splits)
    for bad in (["--fix"], ["--fix", "--out", "x", "--in-place"], ["--out", "x"], ["--in-place"]):
        refused = govern("leaks", str(splits), *bad)
        assert refused.returncode == 2, bad
        assert "--fix" in refused.stderr
    fixed = govern("leaks", str(splits), "--fix", "--out", str(tmp_path / "fixed"), "--json")
    assert fixed.returncode in (0, 1), fixed.stderr
    assert _tree_bytes(splits) == before  # the input is never rewritten without --in-place
    assert (tmp_path / "fixed" / "train").is_dir()
    in_place = govern("leaks", str(splits), "--fix", "--in-place")
    assert in_place.returncode == fixed.returncode
    assert _tree_bytes(splits) == _tree_bytes(tmp_path / "fixed")
