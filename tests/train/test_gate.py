"""The data gate refuses unsigned manifests and failing or missing verdicts, naming the check."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from govern.errors import PolicyViolation
from govern.signing import SignatureError
from govern.train.gate import check_data_gate, verdict_problems
from tests.train.conftest import PASSING_REPORTS, Workspace, signed_manifest


def test_passing_signed_manifest_is_accepted(workspace: Workspace) -> None:
    verified = check_data_gate(workspace.manifest(), [workspace.public_key])
    assert len(verified.sha256) == 64


def test_unsigned_manifest_is_refused(workspace: Workspace, tmp_path: Path) -> None:
    unsigned = tmp_path / "manifest.json"
    shutil.copyfile(workspace.manifest(), unsigned)
    with pytest.raises(SignatureError):
        check_data_gate(unsigned, [workspace.public_key])


@pytest.mark.parametrize(
    ("kind", "report", "message"),
    [
        ("scan", {"verdict": "fail"}, "scan: verdict is fail, not pass"),
        ("leaks", {"passed": False}, "leakage: verdict is fail"),
        ("licenses", {"summary": {"review": 2}}, "licenses: 2 source"),
    ],
)
def test_failing_verdict_is_refused_naming_the_check(
    workspace: Workspace, kind: str, report: dict[str, Any], message: str
) -> None:
    name = f"manifest-{kind}.json"
    signed_manifest(workspace.root, workspace.private_key, {**PASSING_REPORTS, kind: report}, name)
    with pytest.raises(PolicyViolation, match=message):
        check_data_gate(workspace.manifest(name), [workspace.public_key])


def test_missing_report_and_denied_source_in_data_are_named() -> None:
    manifest = {
        "files": [{"path": "data/train/forum/data.jsonl"}],
        "summaries": {
            "scan": {"found": True, "verdict": "pass"},
            "licenses": {"found": True, "counts": {"review": 0}, "sources": {"forum": "deny"}},
        },
    }
    problems = verdict_problems(manifest, ["scan", "licenses", "leakage"])
    assert problems == [
        "licenses: denied source forum is in the data",
        "leakage: no report in the manifest (run `govern leaks` first)",
    ]
