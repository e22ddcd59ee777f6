"""``govern review approve``: a signed decision on the exact review.json it read."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from govern.errors import InputError, IntegrityError, PolicyViolation
from govern.review import approve_review, write_review
from govern.signing import verify_artifact
from tests.conftest import run_govern
from tests.review.project import Project

APPROVAL = "reports/review_approval.json"


def approve(project: Project, **kwargs: object) -> tuple[dict[str, object], Path]:
    arguments: dict[str, object] = {"reviewer": "R. Viewer", "note": "checked every section"}
    return approve_review(project.root, project.policy, **(arguments | kwargs))  # type: ignore[arg-type]


def test_approval_is_recorded_signed_and_shown_in_the_report(project: Project) -> None:
    written = write_review(project.root, project.policy)
    when = datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)
    record, signature = approve(project, now=when)
    assert signature == (project.root / (APPROVAL + ".sig")).resolve()
    stored = json.loads((project.root / APPROVAL).read_text())
    assert stored == record
    assert stored["decision"] == "approved" and stored["reviewer"] == "R. Viewer"
    assert stored["note"] == "checked every section"
    assert stored["time"] == "2026-01-02T03:04:05+00:00"
    assert stored["review"] == {"path": "reports/review.json", "sha256": written.json_sha256}
    assert stored["policy"]["sha256"] == project.policy.sha256
    assert stored["tool"]["name"] == "govern" and stored["verdict"] == "ready"
    public = project.root / ".govern/signing.key.pub"
    check = verify_artifact(project.root / APPROVAL, [public], signature=signature)
    assert check.ok and check.statement is not None and check.statement.kind == "report"
    # Rendering again keeps review.json's bytes, so the decision is valid and shown.
    again = write_review(project.root, project.policy)
    assert again.json_sha256 == written.json_sha256
    html = (project.root / "reports/review.html").read_text()
    assert "<strong>status:</strong> approved</p>" in html
    assert "R. Viewer" in html and "checked every section" in html
    assert "R. Viewer" in (project.root / "reports/review.md").read_text()


def test_a_changed_review_json_is_refused(project: Project) -> None:
    write_review(project.root, project.policy)
    review = project.root / "reports/review.json"
    review.write_text(review.read_text().replace('"status": "ready"', '"status": "readY"', 1))
    with pytest.raises(IntegrityError, match="does not match the project's current outputs"):
        approve(project)
    assert not (project.root / APPROVAL).exists()


def test_outputs_changed_since_the_review_are_refused(project: Project) -> None:
    write_review(project.root, project.policy)
    metrics = project.root / "reports/metrics.json"
    metrics.write_text(metrics.read_text() + " ")
    with pytest.raises(IntegrityError):
        approve(project)


def test_a_blocked_review_cannot_be_approved_but_can_be_rejected(project: Project) -> None:
    (project.root / "reports/leaks.json").unlink()
    write_review(project.root, project.policy)
    with pytest.raises(PolicyViolation, match="cannot approve a blocked review"):
        approve(project)
    record, _ = approve(project, decision="rejected", note="leak check missing")
    assert record["decision"] == "rejected" and record["verdict"] == "blocked"


def test_stale_or_tampered_approval_is_shown_invalid(project: Project) -> None:
    write_review(project.root, project.policy)
    approve(project)
    approval = project.root / APPROVAL
    approval.write_text(approval.read_text().replace("R. Viewer", "Someone Else"))
    write_review(project.root, project.policy)
    html = (project.root / "reports/review.html").read_text()
    assert "INVALID: signature failed" in html
    approve(project)  # a fresh decision on the current review
    (project.root / "reports/split.json").write_text(
        (project.root / "reports/split.json").read_text() + "\n"
    )
    write_review(project.root, project.policy)
    html = (project.root / "reports/review.html").read_text()
    assert "it decides on an earlier review.json: decide again" in html


def test_bad_input_is_refused(project: Project, tmp_path: Path) -> None:
    with pytest.raises(InputError, match="not found"):
        approve(project)  # no review.json yet
    write_review(project.root, project.policy)
    with pytest.raises(InputError, match="must not be empty"):
        approve(project, reviewer="  ")
    with pytest.raises(InputError, match="signing key not found"):
        approve(project, key=tmp_path / "missing.key")


def test_cli_approve_exit_codes(project: Project) -> None:
    root = str(project.root)
    assert run_govern("review", "--project", root).returncode == 0
    ok = run_govern("review", "approve", "--project", root, "--reviewer", "A", "--note", "fine")
    assert ok.returncode == 0, ok.stderr
    assert "approved by A at" in ok.stdout and "review_approval.json.sig" in ok.stdout
    empty = run_govern("review", "approve", "--project", root, "--reviewer", "", "--note", "x")
    assert empty.returncode == 2 and "must not be empty" in empty.stderr
    review = project.root / "reports/review.json"
    review.write_text(review.read_text() + " ")
    changed = run_govern("review", "approve", "--project", root, "--reviewer", "A", "--note", "x")
    assert changed.returncode == 1 and "review.json: does not match" in changed.stderr
