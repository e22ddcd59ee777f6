"""Which policy is in effect: --policy, $GOVERN_POLICY, the project's (found upward), packaged."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from govern.cli import hoist_global_options
from govern.policy import PACKAGED_POLICY_PATH, find_policy, load_policy
from tests.conftest import REPO_ROOT, run_govern

SECRETS_ONLY = REPO_ROOT / "policies" / "secrets-only.yaml"


def test_packaged_default_is_the_repository_default() -> None:
    # One policy, two places: the repository's file and the one that ships in the wheel.
    shipped = PACKAGED_POLICY_PATH.read_bytes()
    assert shipped == (REPO_ROOT / "policies" / "default.yaml").read_bytes()
    assert load_policy(PACKAGED_POLICY_PATH).policy.name == "default"


def test_lookup_order(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("GOVERN_POLICY", raising=False)
    nested = tmp_path / "project" / "data" / "raw"
    nested.mkdir(parents=True)
    assert find_policy(start=nested).source == "packaged default"

    (tmp_path / "project" / "govern.yaml").write_text("version: 1\nname: mine\n")
    found = find_policy(start=nested)
    assert (found.source, found.path) == ("project", tmp_path / "project" / "govern.yaml")

    (tmp_path / "project" / "policies").mkdir()
    (tmp_path / "project" / "policies" / "default.yaml").write_text("version: 1\nname: p\n")
    assert find_policy(start=nested).path == tmp_path / "project" / "policies" / "default.yaml"
    # In the folder itself the path stays relative, as a user would write it.
    assert find_policy(start=tmp_path / "project").path == Path("policies/default.yaml")

    monkeypatch.setenv("GOVERN_POLICY", str(SECRETS_ONLY))
    assert find_policy(start=nested) == find_policy(start=nested)
    assert find_policy(start=nested).source == "$GOVERN_POLICY"
    assert find_policy(Path("x.yaml"), start=nested).source == "--policy"


def test_hoist_global_options() -> None:
    assert hoist_global_options(["scan", "d", "--policy", "p.yaml", "--json"]) == [
        "--policy",
        "p.yaml",
        "scan",
        "d",
        "--json",
    ]
    assert hoist_global_options(["scan", "--policy=p.yaml", "d"]) == [
        "--policy=p.yaml",
        "scan",
        "d",
    ]
    assert hoist_global_options(["inspect", "--", "--policy"]) == ["inspect", "--", "--policy"]


def test_scan_in_an_empty_folder_without_ids(tmp_path: Path) -> None:
    # A new user's first minute: one JSONL line, no id field, no project files anywhere.
    data = tmp_path / "one.jsonl"
    data.write_text('{"prompt": "hi", "completion": "hello", "text": "a plain line"}\n')
    env = {"GOVERN_POLICY": ""}
    result = run_govern("scan", str(data), "--json", cwd=tmp_path, env=env)
    assert result.returncode == 0, result.stderr
    payload = json.loads(result.stdout)
    assert payload["policy_in_effect"]["source"] == "packaged default"
    assert payload["policy_in_effect"]["path"] == str(PACKAGED_POLICY_PATH)
    assert payload["summary"]["records"] == 1

    inspected = run_govern("inspect", str(data), "--json", cwd=tmp_path, env=env)
    assert inspected.returncode == 0, inspected.stderr


def test_policy_after_the_command_and_from_the_environment(tmp_path: Path) -> None:
    data = tmp_path / "d.jsonl"
    data.write_text('{"id": "1", "text": "a"}\n')
    after = run_govern("inspect", str(data), "--policy", str(SECRETS_ONLY), cwd=tmp_path)
    assert after.returncode == 0, after.stderr
    assert "secrets-only.yaml (--policy" in after.stdout
    from_env = run_govern(
        "inspect", str(data), cwd=tmp_path, env={"GOVERN_POLICY": str(SECRETS_ONLY)}
    )
    assert "secrets-only.yaml ($GOVERN_POLICY" in from_env.stdout
    missing = run_govern(
        "inspect", str(data), "--policy", str(tmp_path / "none.yaml"), cwd=tmp_path
    )
    assert missing.returncode == 2
    assert "policy file not found" in missing.stderr


def test_ids_fall_back_to_file_and_line_unless_required(tmp_path: Path) -> None:
    data = tmp_path / "d.jsonl"
    data.write_text('{"id": "r1", "text": "a"}\n{"text": "b"}\n')
    lenient = run_govern("inspect", str(data), "--json", cwd=tmp_path, env={"GOVERN_POLICY": ""})
    assert lenient.returncode == 0, lenient.stderr

    strict = tmp_path / "strict.yaml"
    strict.write_text("version: 1\nname: strict\ndataset:\n  id_field: id\n  id_required: true\n")
    refused = run_govern("--policy", str(strict), "inspect", str(data), cwd=tmp_path)
    assert refused.returncode == 2
    assert "d.jsonl:2: id field 'id' is missing" in refused.stderr
    # --id-field "" turns the policy's id field off.
    off = run_govern("--policy", str(strict), "inspect", str(data), "--id-field", "", cwd=tmp_path)
    assert off.returncode == 0, off.stderr


def test_reader_ids_mix_field_and_place(tmp_path: Path) -> None:
    from govern.records import ReaderOptions, read_records

    data = tmp_path / "d.jsonl"
    data.write_text('{"id": "r1", "text": "a"}\n{"text": "b"}\n{"id": "", "text": "c"}\n')
    ids = [r.id for r in read_records([data], ReaderOptions(id_field="id"))]
    assert ids == ["r1", "d.jsonl:2", "d.jsonl:3"]
