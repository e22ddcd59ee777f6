"""The verdict rules (govern/review/verdict*.py): each blocking reason, and near misses that must
not block, over what ``collect`` read from a synthetic project."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from govern.policy import load_policy
from govern.review import Collected, collect, decide
from govern.review.inputs import INPUTS, Input
from govern.review.verdict import REQUIRED, Verdict
from tests.conftest import REPO_ROOT
from tests.review.project import Project, make_project


def collected_of(project: Project) -> Collected:
    return collect(project.root, project.policy)


def texts(verdict: Verdict, level: str) -> list[str]:
    return [f"{r.section}: {r.text}" for r in verdict.of(level)]  # type: ignore[arg-type]


def edit_json(path: Path, change: Callable[[Any], None]) -> None:
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))


def test_complete_project_is_ready_with_attention_and_resolved_items(project: Project) -> None:
    verdict = decide(collected_of(project))
    assert verdict.status == "ready" and verdict.exit_code == 0
    attention = " | ".join(texts(verdict, "attention"))
    assert "forum awaits license review and was left out (3 records)" in attention
    assert "scan: LOCATION not detected in this run (no detector covers them)" in attention
    (uncovered,) = [r for r in verdict.of("attention") if "not detected" in r.text]
    assert "any of the 6 approved records may still contain them" in uncovered.means
    assert "scan.nlp_model in params.yaml" in uncovered.change and uncovered.anchor == "scan"
    (held,) = [r for r in verdict.of("attention") if "awaits license review" in r.text]
    assert "its 3 records are not in the approved data" in held.means
    assert "licenses.waivers" in held.change and held.anchor == "sources"
    assert "campaign lr-sweep: 1 of 3 runs did not complete" in attention
    resolved = " | ".join(texts(verdict, "resolved"))
    assert "clinic excluded (4 records)" in resolved
    assert "11 PII findings in the raw corpus were redacted" in resolved
    assert "3 leaks between splits were fixed by moving 2 records" in resolved


@pytest.mark.parametrize("report", ["scan", "scan_redacted"])
def test_a_type_the_policy_must_cover_left_uncovered_blocks(project: Project, report: str) -> None:
    def drop_fax(data: dict[str, Any]) -> None:
        data["coverage"]["covered"].remove("FAX_NUMBER")
        data["coverage"]["not_covered"].append("FAX_NUMBER")

    edit_json(project.root / INPUTS[report], drop_fax)
    verdict = decide(collected_of(project))
    assert verdict.status == "blocked"
    (reason,) = [r for r in verdict.blocking if "pii.must_cover" in r.text]
    assert reason.text.startswith("FAX_NUMBER must be covered") and reason.section == "scan"
    # Near miss: LOCATION is listed but not required, so its gap is attention, not blocking.
    assert not any("LOCATION" in r.text for r in verdict.blocking)


def test_a_type_the_policy_does_not_require_is_attention_only(tmp_path: Path) -> None:
    text = (REPO_ROOT / "policies/default.yaml").read_text()
    required = text.index("  must_cover:")
    lenient = tmp_path / "lenient.yaml"
    lenient.write_text(text[:required] + text[required:].replace("FAX_NUMBER, ", "", 1))
    policy = load_policy(lenient)
    assert "FAX_NUMBER" in policy.policy.pii.entities
    assert "FAX_NUMBER" not in policy.policy.pii.required()
    project = make_project(tmp_path / "project", policy)

    def drop_fax(data: dict[str, Any]) -> None:
        data["coverage"]["covered"].remove("FAX_NUMBER")
        data["coverage"]["not_covered"].append("FAX_NUMBER")

    for report in ("scan", "scan_redacted"):
        edit_json(project.root / INPUTS[report], drop_fax)
    verdict = decide(collected_of(project))
    # (The edited redacted report no longer matches the manifest's pin: that blocks, not this.)
    assert not [r for r in verdict.blocking if r.section == "scan"]
    assert "scan: LOCATION, FAX_NUMBER not detected in this run (no detector covers them)" in (
        texts(verdict, "attention")
    )


@pytest.mark.parametrize("key", REQUIRED)
def test_each_missing_required_input_blocks(project: Project, key: str) -> None:
    (project.root / INPUTS[key]).unlink()
    verdict = decide(collected_of(project))
    assert verdict.status == "blocked"
    assert any(INPUTS[key] in r.text and "missing" in r.text for r in verdict.blocking)


def test_missing_training_outputs_are_attention_not_blocking(project: Project) -> None:
    for key in ("preflight", "train_metrics", "gates", "replay", "artifact_scan", "memorization"):
        (project.root / INPUTS[key]).unlink()
    for path in (
        "models/adapter.sig",
        "models/adapter/adapter_config.json",
        "models/adapter/adapter_model.safetensors",
        "runs/lr-sweep/ledger.jsonl",
        "runs/lr-sweep/summary.json",
    ):
        (project.root / path).unlink()
    (project.root / "models/adapter").rmdir()
    verdict = decide(collected_of(project))
    assert verdict.status == "ready"
    assert "training: training has not run" in " | ".join(texts(verdict, "attention"))


def test_an_unreadable_optional_input_blocks(project: Project) -> None:
    (project.root / INPUTS["memorization"]).write_text('{"verdict": "pass",')
    verdict = decide(collected_of(project))
    assert [r.text for r in verdict.blocking] == [
        "reports/train/memorization.json is unreadable: invalid JSON at line 1 column 20"
    ]


def test_redacted_copy_failing_its_scan_blocks(project: Project) -> None:
    c = collected_of(project)
    c.inputs["scan_redacted"].data["verdict"] = "fail"
    c.inputs["scan_redacted"].data["summary"]["by_type"] = {"US_SSN": 2}
    verdict = decide(c)
    assert "scan: the redacted copy fails its scan (2 US_SSN)" in texts(verdict, "blocking")
    assert not any("redacted" in t for t in texts(verdict, "resolved"))


def test_allowed_findings_left_in_the_redacted_copy_only_need_attention(project: Project) -> None:
    c = collected_of(project)
    c.inputs["scan_redacted"].data["summary"].update(findings=2, by_type={"IP_ADDRESS": 2})
    verdict = decide(c)
    assert verdict.status == "ready"
    assert any(
        "still holds findings the policy allows (2 IP_ADDRESS)" in t
        for t in texts(verdict, "attention")
    )


def _source(c: Collected, name: str) -> dict[str, Any]:
    sources = c.inputs["licenses"].data["sources"]
    return next(s for s in sources if s["source"] == name)


def test_denied_source_with_records_in_the_approved_data_blocks(project: Project) -> None:
    c = collected_of(project)
    c.inputs["licenses"].data["approved"]["written"]["clinic"] = 4
    verdict = decide(c)
    assert "licenses: clinic: deny but 4 records are in the approved data" in texts(
        verdict, "blocking"
    )


def test_source_awaiting_review_with_records_in_the_approved_data_blocks(
    project: Project,
) -> None:
    c = collected_of(project)
    c.inputs["licenses"].data["approved"]["written"]["forum"] = 1
    assert any(r.text.startswith("forum: review but 1 records") for r in decide(c).blocking)


def test_a_model_awaiting_review_blocks_it_cannot_be_left_out(project: Project) -> None:
    c = collected_of(project)
    _source(c, "model")["verdict"] = "review"
    assert any(r.text.startswith("model model: review") for r in decide(c).blocking)


def test_a_waiver_is_attention(project: Project) -> None:
    c = collected_of(project)
    _source(c, "chat")["waiver"] = {"approver": "legal", "expires": "2027-01-01"}
    verdict = decide(c)
    assert verdict.status == "ready"
    assert "licenses: chat: allowed under a waiver by legal until 2027-01-01" in texts(
        verdict, "attention"
    )


def test_leak_check_failing_after_the_fix_blocks(project: Project) -> None:
    c = collected_of(project)
    c.inputs["leaks"].data["after"]["passed"] = False
    verdict = decide(c)
    assert "leaks: the leak check after the fix does not pass" in texts(verdict, "blocking")
    assert not any(t.startswith("leaks:") for t in texts(verdict, "resolved"))


def test_split_ratio_off_target_is_attention_only_beyond_tolerance(project: Project) -> None:
    c = collected_of(project)
    c.inputs["leaks"].data["after"]["records"] = {"train": 84, "validation": 8, "test": 8}
    assert not any(r.section == "split" for r in decide(c).reasons)  # 84 % vs 80 %: within
    c.inputs["leaks"].data["after"]["records"] = {"train": 86, "validation": 7, "test": 7}
    verdict = decide(c)
    assert verdict.status == "ready"
    assert "split: train holds 86.0% of the rows after the leak fix, target 80%" in texts(
        verdict, "attention"
    )


def test_changed_approved_file_breaks_manifest_check_and_blocks(project: Project) -> None:
    data = project.root / "data/licensed/chat/data.jsonl"
    data.write_text(data.read_text() + "\n")
    verdict = decide(collected_of(project))
    assert any(
        r.section == "manifest" and "1 files missing, changed or extra" in r.text
        for r in verdict.blocking
    )


def test_manifest_signature_missing_or_from_an_untrusted_key_blocks(project: Project) -> None:
    from govern.signing import generate_keys

    (project.root / "data/manifest.json.sig").rename(project.root / "elsewhere.sig")
    verdict = decide(collected_of(project))
    assert any("data manifest signature missing" in t for t in texts(verdict, "blocking"))
    (project.root / "elsewhere.sig").rename(project.root / "data/manifest.json.sig")
    other, other_pub = generate_keys(project.root / "other.key")
    verdict = decide(collect(project.root, project.policy, trusted=[other_pub]))
    assert any("data manifest signature failed" in t for t in texts(verdict, "blocking"))
    assert decide(collected_of(project)).status == "ready"  # near miss: the right key


def test_manifest_pinning_a_different_report_blocks(project: Project) -> None:
    edit_json(project.root / INPUTS["leaks"], lambda d: d["fix"].update(moved_records=2))
    verdict = decide(collected_of(project))  # same content, different bytes: a new sha256
    assert (
        "lineage: the manifest pins a different leaks report than reports/leaks.json on disk"
        in texts(verdict, "blocking")
    )


def test_licenses_read_from_another_redacted_copy_blocks(project: Project) -> None:
    c = collected_of(project)
    c.inputs["licenses"].data["provenance"]["inputs"][0]["sha256"] = "0" * 64
    assert any(
        r.section == "lineage" and "did not read the redacted copy" in r.text
        for r in decide(c).blocking
    )


def test_reports_from_another_policy_block(project: Project) -> None:
    c = collected_of(project)
    c.inputs["split"].data["provenance"]["policy"]["sha256"] = "f" * 64
    blocking = decide(c).blocking
    assert len(blocking) == 1 and blocking[0].section == "policy"
    assert "1 inputs were produced under policy ffffffffffff" in blocking[0].text
    c.policy_sha256 = None  # reviewing without a policy: nothing to compare with
    assert decide(c).status == "ready"


@pytest.mark.parametrize(
    ("key", "change", "expected"),
    [
        ("train_metrics", {"stop_reason": "diverged"}, "the training run stopped: diverged"),
        ("replay", {"verdict": "fail"}, "the reload replay does not match"),
        ("artifact_scan", {"verdict": "fail"}, "the artifact scan fails"),
        ("memorization", {"verdict": "fail"}, "the memorization probe fails"),
        ("memorization", {"completed_values": 1}, "completed 1 of 4 planted values"),
    ],
)
def test_training_failures_block(
    project: Project, key: str, change: dict[str, Any], expected: str
) -> None:
    c = collected_of(project)
    c.inputs[key].data.update(change)
    assert any(expected in r.text for r in decide(c).blocking)


def test_failed_phase_gate_blocks(project: Project) -> None:
    c = collected_of(project)
    c.inputs["gates"].data[1]["passed"] = False
    assert "training: phase gates failed: forward" in texts(decide(c), "blocking")


def test_adapter_unsigned_or_unscanned_blocks(project: Project) -> None:
    (project.root / "models/adapter.sig").unlink()
    c = collected_of(project)
    assert any("adapter signature missing" in r.text for r in decide(c).blocking)
    c.inputs["artifact_scan"] = Input("artifact_scan", INPUTS["artifact_scan"], "missing")
    assert any("an adapter exists that was never scanned" in r.text for r in decide(c).blocking)


def test_tampered_deletion_log_blocks_and_missing_one_is_attention(project: Project) -> None:
    log = project.root / "audit/retention.jsonl"
    log.write_text(log.read_text().replace("old.jsonl", "new.jsonl"))
    assert any(r.section == "retention" for r in decide(collected_of(project)).blocking)
    log.unlink()  # its signed head and anchor remain: deleted, not never made
    assert any(r.section == "retention" for r in decide(collected_of(project)).blocking)
    log.with_name(log.name + ".head").unlink()
    (project.root / ".govern/retention-anchor.json").unlink()
    verdict = decide(collected_of(project))
    assert verdict.status == "ready"
    assert "retention: no deletion log" in texts(verdict, "attention")


def test_backup_not_holding_the_approved_files_is_attention(project: Project) -> None:
    edit_json(
        project.root / INPUTS["backup"], lambda d: d["backup"]["entries"][0].update(sha256="0" * 64)
    )
    verdict = decide(collected_of(project))
    assert verdict.status == "ready"
    assert any(
        "backup does not hold exactly the approved files" in t for t in texts(verdict, "attention")
    )


def test_empty_project_blocks_listing_every_missing_stage(tmp_path: Path) -> None:
    verdict = decide(collect(tmp_path, None))
    assert verdict.status == "blocked" and verdict.exit_code == 1
    assert len(verdict.blocking) == len(REQUIRED)


def test_backup_holding_the_adapter_too_still_matches(project: Project) -> None:
    extra = {"kind": "file", "name": "adapter/adapter_config.json", "sha256": "1" * 64}
    extra |= {"mode": "0600", "mtime_ns": 0, "size": 2}  # an entry as the backup writes it
    edit_json(project.root / INPUTS["backup"], lambda d: d["backup"]["entries"].append(extra))
    assert not any(r.section == "backup" for r in decide(collected_of(project)).reasons)


def test_failed_preflight_is_attention_not_blocking(project: Project) -> None:
    c = collected_of(project)
    c.inputs["preflight"].data["verdict"] = "fail"
    c.inputs["preflight"].data["checks"][1]["verdict"] = "fail"
    verdict = decide(c)
    assert verdict.status == "ready"
    assert "preflight: preflight fails: masking" in texts(verdict, "attention")
