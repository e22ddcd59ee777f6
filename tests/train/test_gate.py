"""The data gate: approved sources train, excluded ones are reported, anything else is refused."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from govern.errors import InputError, PolicyViolation
from govern.signing import SignatureError
from govern.train.gate import check_data_gate, verdict_problems
from tests.reports import leak_report, license_report, scan_report
from tests.train.conftest import (
    PASSING_REPORTS,
    Workspace,
    chat,
    licensed_model,
    signed_manifest,
    write_jsonl,
)

FOLDERS = [Path("data/train"), Path("data/validation")]


def test_allowed_sources_train_and_excluded_ones_are_reported(workspace: Workspace) -> None:
    gated = check_data_gate(workspace.manifest(), [workspace.public_key], folders=FOLDERS)
    assert len(gated.verified.sha256) == 64
    assert gated.trained_sources == {"chats": 24, "alpaca": 24}
    # Held sources not in the approved copy do not block training, but are named.
    assert gated.excluded_sources == {"forum": "review", "clinic": "deny"}
    assert "forum (review)" in gated.describe() and "clinic (deny)" in gated.describe()


def test_run_metrics_and_gate_row_name_the_excluded_sources(workspace: Workspace) -> None:
    from govern.train import run_training

    out = workspace.root / "gate-run"
    config = workspace.config(max_steps=1, output_dir=out / "adapter", reports_dir=out / "r")
    metrics = run_training(config)
    assert metrics["data_gate"]["excluded_sources"] == {"clinic": "deny", "forum": "review"}
    rows = json.loads((out / "r" / "gates.json").read_text())
    gate_row = next(row for row in rows if row["phase"].startswith("data gate"))
    assert gate_row["passed"] and "forum (review)" in gate_row["detail"]


def sneaked(root: Path, workspace: Workspace, folder: str, record: dict[str, Any]) -> Path:
    """A copy of the workspace data with one extra training record, signed as a manifest."""
    shutil.copytree(workspace.root / "data", root / "data")
    write_jsonl(root / "data" / "train" / folder / "extra.jsonl", [record])
    return signed_manifest(root, workspace.private_key, PASSING_REPORTS)


def test_a_held_source_sneaked_into_train_is_refused(workspace: Workspace, tmp_path: Path) -> None:
    # Near miss: the record sits in an allowed folder, but declares the held source.
    record = {**chat(99), "source": "forum"}
    manifest = sneaked(tmp_path, workspace, "chats", record)
    with pytest.raises(PolicyViolation, match=r"source forum \(verdict review\) has 1 training"):
        check_data_gate(manifest, [workspace.public_key], folders=FOLDERS)


def test_a_denied_source_folder_in_train_is_refused(workspace: Workspace, tmp_path: Path) -> None:
    manifest = sneaked(tmp_path, workspace, "clinic", chat(98))
    with pytest.raises(PolicyViolation, match=r"source clinic \(verdict deny\)"):
        check_data_gate(manifest, [workspace.public_key], folders=FOLDERS)


def test_a_source_without_verdict_is_refused(workspace: Workspace, tmp_path: Path) -> None:
    manifest = sneaked(tmp_path, workspace, "scraped", chat(97))
    with pytest.raises(PolicyViolation, match="source scraped .no license verdict."):
        check_data_gate(manifest, [workspace.public_key], folders=FOLDERS)


def test_unsigned_manifest_is_refused(workspace: Workspace, tmp_path: Path) -> None:
    unsigned = tmp_path / "manifest.json"
    shutil.copyfile(workspace.manifest(), unsigned)
    with pytest.raises(SignatureError):
        check_data_gate(unsigned, [workspace.public_key], folders=FOLDERS)


def test_missing_manifest_is_refused(workspace: Workspace, tmp_path: Path) -> None:
    with pytest.raises(InputError, match="none.json: not found"):
        check_data_gate(tmp_path / "none.json", [workspace.public_key], folders=FOLDERS)


@pytest.mark.parametrize(
    ("kind", "report", "message"),
    [
        ("scan", scan_report("fail"), "scan: verdict is fail, not pass"),
        ("leaks", leak_report(passed=False), "leakage: verdict is fail"),
        ("licenses", license_report([], verdict="allow"), "source chats .no license verdict."),
    ],
)
def test_failing_verdict_is_refused_naming_the_check(
    workspace: Workspace, kind: str, report: dict[str, Any], message: str
) -> None:
    name = f"manifest-{kind}.json"
    signed_manifest(workspace.root, workspace.private_key, {**PASSING_REPORTS, kind: report}, name)
    with pytest.raises(PolicyViolation, match=message):
        check_data_gate(workspace.manifest(name), [workspace.public_key], folders=FOLDERS)


def test_missing_reports_are_named() -> None:
    manifest = {
        "files": [{"path": "data/train/forum/data.jsonl"}],
        "summaries": {
            "scan": {"found": True, "verdict": "pass"},
            "licenses": {"found": False},
        },
    }
    problems = verdict_problems(manifest, ["scan", "licenses", "leakage"])
    assert problems == [
        "licenses: no report in the manifest (run `govern licenses` first)",
        "leakage: no report in the manifest (run `govern leaks` first)",
    ]


def test_the_base_models_allow_verdict_is_named_in_the_gate(workspace: Workspace) -> None:
    gated = check_data_gate(
        workspace.manifest(), [workspace.public_key], folders=FOLDERS, base_model=workspace.model
    )
    assert gated.base_model == {"source": "model", "root": "model", "verdict": "allow"}
    assert "base model model (model: allow)" in gated.describe()
    # The model's entry is not a data source: neither trained nor excluded.
    assert "model" not in gated.excluded_sources and "model" not in gated.trained_sources


@pytest.mark.parametrize("verdict", ["deny", "review"])
def test_a_denied_or_unreviewed_base_model_cannot_train(
    workspace: Workspace, tmp_path: Path, verdict: str
) -> None:
    manifest = signed_manifest(
        workspace.root, workspace.private_key, licensed_model(workspace.model, verdict),
        f"manifest-model-{verdict}.json",
    )  # fmt: skip
    with pytest.raises(
        PolicyViolation, match=rf"base model {workspace.model} \(model\) has verdict {verdict}"
    ):
        check_data_gate(
            manifest, [workspace.public_key], folders=FOLDERS, base_model=workspace.model
        )


def test_a_waived_review_lets_the_base_model_train(workspace: Workspace) -> None:
    # A waiver turns review into allow in the license report (govern.licenses.decide).
    waived = licensed_model(workspace.model, "allow", waiver={"approver": "legal"})
    manifest = signed_manifest(
        workspace.root, workspace.private_key, waived, "manifest-model-waived.json"
    )
    gated = check_data_gate(
        manifest, [workspace.public_key], folders=FOLDERS, base_model=workspace.model
    )
    assert gated.base_model is not None and gated.base_model["verdict"] == "allow"


def test_a_base_model_without_a_license_entry_cannot_train(
    workspace: Workspace, tmp_path: Path
) -> None:
    # Near miss: an allowed entry with the same name, for another folder.
    elsewhere = licensed_model(tmp_path / "model")
    manifest = signed_manifest(
        workspace.root, workspace.private_key, elsewhere, "manifest-model-elsewhere.json"
    )
    with pytest.raises(PolicyViolation, match=rf"base model {workspace.model} has no license"):
        check_data_gate(
            manifest, [workspace.public_key], folders=FOLDERS, base_model=workspace.model
        )
    # Without a model to train (memorization reads the records only), the model is not checked.
    check_data_gate(manifest, [workspace.public_key], folders=FOLDERS)


def test_a_refused_base_model_is_named_in_the_gate_row(workspace: Workspace) -> None:
    from govern.train import run_training

    name = "manifest-model-row.json"
    signed_manifest(
        workspace.root, workspace.private_key, licensed_model(workspace.model, "deny"), name
    )
    out = workspace.root / "model-deny-run"
    config = workspace.config(
        manifest=workspace.manifest(name), output_dir=out / "adapter", reports_dir=out / "r"
    )
    with pytest.raises(PolicyViolation):
        run_training(config)
    rows = json.loads((out / "r" / "gates.json").read_text())
    gate_row = next(row for row in rows if row["phase"].startswith("data gate"))
    assert not gate_row["passed"]
    assert f"base model {workspace.model} (model) has verdict deny" in gate_row["detail"]
    assert not (out / "adapter").exists()
