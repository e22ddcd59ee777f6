"""Diff: what changed between two manifests, in files, rows, schemas, verdicts, policy, params."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from govern.manifest import build_manifest, diff_manifests, write_manifest
from govern.policy import LoadedPolicy, load_policy
from tests.manifest.conftest import CHAT, write_jsonl
from tests.reports import scan_report


def build(policy: LoadedPolicy, out: str, **options: Any) -> Path:
    manifest = build_manifest([Path("data")], policy, **options)
    return write_manifest(manifest, Path(out))


def test_identical_manifests(project: Path, policy: LoadedPolicy) -> None:
    first, second = build(policy, "a.json"), build(policy, "b.json")
    diff = diff_manifests(first, second)
    assert diff["identical"] is True
    assert diff["files"] == {"added": [], "removed": [], "changed": []}
    assert diff["summaries"] == {} and diff["params"] == {} and diff["policy"] == {}


def test_files_rows_schema_verdicts_policy_and_params(project: Path, policy: LoadedPolicy) -> None:
    Path("scan.json").write_text(json.dumps(scan_report("pass")))
    before = build(policy, "a.json", reports={"scan": Path("scan.json")}, params={"seed": 0})

    write_jsonl(Path("data/chats/data.jsonl"), [CHAT, {**CHAT, "id": 3}, CHAT])
    Path("data/alpaca/LICENSE").unlink()
    Path("data/new.csv").write_text("id\n1\n")
    Path("scan.json").write_text(json.dumps(scan_report("fail", by_type={"US_SSN": 2})))
    Path("policy.yaml").write_text("name: stricter\n")
    after = build(
        load_policy(Path("policy.yaml")),
        "b.json",
        reports={"scan": Path("scan.json")},
        params={"seed": 1},
        parents=[before],
    )
    diff = diff_manifests(before, after)

    assert diff["identical"] is False and diff["b_derives_from_a"] is True
    assert diff["files"]["added"] == ["data/new.csv"]
    assert diff["files"]["removed"] == ["data/alpaca/LICENSE"]
    [chats] = diff["files"]["changed"]
    assert chats["path"] == "data/chats/data.jsonl"
    assert chats["rows"] == {"from": 2, "to": 3}
    assert chats["schema"] == {
        "id": {"from": ["string"], "to": ["integer", "string"]},
        "patient_id": {"from": ["null", "string"], "to": ["string"]},
    }
    assert set(chats) == {"path", "size", "sha256", "rows", "schema"}
    assert diff["rows"] == {"from": 9, "to": 11}
    assert diff["summaries"]["scan.verdict"] == {"from": "pass", "to": "fail"}
    assert diff["summaries"]["scan.counts.findings"] == {"from": 0, "to": 2}
    assert "scan.sha256" in diff["summaries"]
    assert diff["policy"]["name"] == {"from": "test", "to": "stricter"}
    assert set(diff["policy"]) == {"name", "sha256"}
    assert diff["params"] == {"seed": {"from": 0, "to": 1}}
    assert diff["packages"] == {}
