"""The bundled sample corpus end to end: verdicts, evidence, the approved copy, the DVC stage."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from govern.hashing import sha256_file
from govern.licenses import LicenseReport, check_licenses, write_approved
from govern.policy import LoadedPolicy
from govern.records import ReaderOptions, read_records
from govern.sample.corpus import write_corpus
from tests.licenses.conftest import TODAY, make_model_card, shipped_policy

COUNTS = {
    "support_chats": 30,
    "clinic_dialogues": 20,
    "forum_threads": 10,
    "instructions": 20,
    "code_help": 10,
}
REPO_ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def sample(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("sample")
    write_corpus(
        root,
        n_support=30,
        n_clinic=20,
        n_forum=10,
        n_instructions=20,
        n_code=10,
    )
    make_model_card(root / "model", {"license": "apache-2.0", "library_name": "transformers"})
    return root


def verdicts(report: LicenseReport) -> dict[str, str]:
    return {entry.source: entry.verdict for entry in report.entries}


def test_default_policy_on_the_sample(sample: Path, default_policy: LoadedPolicy) -> None:
    report = check_licenses([sample / "corpus", sample / "model"], default_policy, today=TODAY)
    assert verdicts(report) == {
        "clinic_dialogues": "deny",
        "code_help": "allow",
        "forum_threads": "review",
        "instructions": "allow",
        "support_chats": "allow",
        "model": "allow",
    }
    assert report.exit_code == 1
    assert {e.source: e.records for e in report.entries if e.kind == "dataset"} == COUNTS
    clinic = report.entry("clinic_dialogues")
    assert clinic is not None and "non-commercial" in clinic.reason
    forum = report.entry("forum_threads")
    assert forum is not None and "'unknown'" in forum.reason
    summary = report.to_json()["summary"]
    assert summary["records_left_out"] == {"clinic_dialogues": 20, "forum_threads": 10}
    assert summary["awaiting_review"] == ["forum_threads"]


def test_sample_evidence(sample: Path, default_policy: LoadedPolicy) -> None:
    report = check_licenses([sample / "corpus"], default_policy, today=TODAY)
    code = report.entry("code_help")
    assert code is not None
    by_method = {e.method: e for e in code.evidence}
    card, text = by_method["card-field"], by_method["license-text"]
    assert card.sha256 == sha256_file(sample / "corpus/code_help/README.md")
    assert (text.spdx, text.score) == ("MIT", 1.0)
    assert text.sha256 == sha256_file(sample / "corpus/code_help/LICENSE")
    forum = report.entry("forum_threads")
    assert forum is not None
    (record_field,) = forum.evidence
    assert (record_field.method, record_field.declared, record_field.records) == (
        "record-field",
        "unknown",
        10,
    )


def test_research_policy_allows_non_commercial(sample: Path, research_policy: LoadedPolicy) -> None:
    report = check_licenses([sample / "corpus"], research_policy, today=TODAY)
    assert verdicts(report)["clinic_dialogues"] == "allow"
    assert verdicts(report)["forum_threads"] == "deny"  # unknown: deny in that policy


def test_approved_copy_keeps_only_allowed_sources(
    sample: Path, default_policy: LoadedPolicy, tmp_path: Path
) -> None:
    corpus = sample / "corpus"
    report = check_licenses([corpus], default_policy, today=TODAY)
    out = tmp_path / "licensed"
    counts = write_approved([corpus, sample / "model"], report, out)
    assert dict(counts.written) == {"support_chats": 30, "instructions": 20, "code_help": 10}
    assert dict(counts.left_out) == {"clinic_dialogues": 20, "forum_threads": 10}
    assert counts.reasons["clinic_dialogues"].startswith("deny: ")
    assert sorted(p.parent.name for p in out.rglob("data.*")) == [
        "code_help",
        "instructions",
        "support_chats",
    ]
    assert (out / "code_help/LICENSE").read_bytes() == (corpus / "code_help/LICENSE").read_bytes()
    assert (out / "support_chats/README.md").is_file()
    for relative, digest in counts.files.items():
        assert sha256_file(out / relative) == digest
    options = ReaderOptions(id_field="id")
    approved = [r.data for r in read_records([out], options)]
    original = [r.data for r in read_records([corpus], options) if report.approves(r, corpus)]
    assert sorted(approved, key=lambda d: d["id"]) == sorted(original, key=lambda d: d["id"])
    assert oct(out.stat().st_mode & 0o777) == "0o700"


def test_approved_copy_replaces_an_earlier_run(
    sample: Path, tmp_path: Path, default_policy: LoadedPolicy, research_policy: LoadedPolicy
) -> None:
    corpus, out = sample / "corpus", tmp_path / "licensed"
    write_approved([corpus], check_licenses([corpus], research_policy, today=TODAY), out)
    assert (out / "clinic_dialogues").is_dir()
    write_approved([corpus], check_licenses([corpus], default_policy, today=TODAY), out)
    assert not (out / "clinic_dialogues").exists()


def test_pipeline_stage(sample: Path, tmp_path: Path) -> None:
    policy = shipped_policy(tmp_path, "default")
    params = {
        "policy": str(policy.path),
        "licenses": {
            "datasets": [str(sample / "corpus")],
            "models": [str(sample / "model")],
            "report": "reports/licenses.json",
            "approved": "data/licensed",
            "checked": "2025-06-01",
        },
    }
    (tmp_path / "params.yaml").write_text(yaml.safe_dump(params))
    env = {**os.environ, "PYTHONPATH": str(REPO_ROOT)}
    done = subprocess.run(
        [sys.executable, "-m", "govern.stages.licenses"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr  # reviews and denials are reported, not errors
    report = json.loads((tmp_path / "reports/licenses.json").read_text())
    assert report["verdict"] == "deny" and report["checked"] == "2025-06-01"
    assert report["approved"]["left_out"]["clinic_dialogues"]["records"] == 20
    assert report["approved"]["left_out"]["forum_threads"]["records"] == 10
    assert (tmp_path / "data/licensed/support_chats/data.jsonl").is_file()
    assert "deny    clinic_dialogues" in done.stdout


def test_pipeline_stage_fails_on_bad_input(tmp_path: Path) -> None:
    params: dict[str, object] = {
        "policy": str(shipped_policy(tmp_path, "default").path),
        "licenses": {"datasets": ["missing"], "report": "r.json", "approved": "out"},
    }
    (tmp_path / "params.yaml").write_text(yaml.safe_dump(params))
    env = {**os.environ, "PYTHONPATH": str(REPO_ROOT)}
    done = subprocess.run(
        [sys.executable, "-m", "govern.stages.licenses"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 2, done.stderr
    # the last line is the error (a umask warning may come first: see govern.stage)
    assert done.stderr.splitlines()[-1] == "licenses: error: missing: no such file or directory"
