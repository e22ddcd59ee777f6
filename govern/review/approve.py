"""The reviewer's decision: recorded in ``reports/review_approval.json`` and signed (DSSE).

``approve_review`` refuses a ``review.json`` that is not what the project's outputs give now
(edited by hand, or the pipeline ran again since), and refuses to approve a blocked review.
The record names the reviewer, the note, the time, the sha256 of the ``review.json`` it
decides on, the tool version and the policy sha256; it is signed with the pipeline's key
(``.govern/signing.key``) through ``govern.signing``, like the data manifest.
"""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal

from govern import __version__
from govern.errors import InputError, IntegrityError, PolicyViolation
from govern.io import atomic_write_json
from govern.policy import LoadedPolicy
from govern.review.inputs import APPROVAL
from govern.review.report import DEFAULT_JSON, build_review

DEFAULT_KEY = ".govern/signing.key"
Decision = Literal["approved", "rejected"]


def approve_review(
    project: Path,
    policy: LoadedPolicy | None,
    *,
    reviewer: str,
    note: str,
    decision: Decision = "approved",
    key: Path | None = None,
    review_json: Path | None = None,
    trusted: list[Path] | None = None,
    now: datetime | None = None,
) -> tuple[dict[str, Any], Path]:
    """Record and sign the decision on the current review; returns (record, signature path).

    InputError (exit 2): no reviewer or note, no review.json, no signing key. IntegrityError
    (exit 1): review.json differs from a fresh review of the project. PolicyViolation (exit 1):
    approving a blocked review.
    """
    from govern.signing import ArtifactStatement, public_key_path, sign_artifact, verify_artifact

    if not reviewer.strip() or not note.strip():
        raise InputError("review approve: --reviewer and --note must not be empty")
    review_path = review_json or project / DEFAULT_JSON
    try:
        on_disk = review_path.read_bytes()
    except FileNotFoundError:
        raise InputError(f"{review_path}: not found (run `govern review` first)") from None
    review = build_review(project, policy, trusted)
    if on_disk != review.json_bytes():
        raise IntegrityError(
            f"{review_path}: does not match the project's current outputs (edited, or the "
            "pipeline ran since); run `govern review` again and read it before deciding"
        )
    if decision == "approved" and review.verdict.blocking:
        raise PolicyViolation(
            f"{review_path}: cannot approve a blocked review "
            f"({len(review.verdict.blocking)} blocking reasons); record --decision rejected"
        )
    signing_key = key or project / DEFAULT_KEY
    if not signing_key.is_file():
        raise InputError(f"{signing_key}: signing key not found (govern keys generate)")
    review_sha = hashlib.sha256(on_disk).hexdigest()
    manifest = review.collected.inputs.get("manifest")
    record = {
        "kind": "review-approval",
        "decision": decision,
        "reviewer": reviewer.strip(),
        "note": note.strip(),
        "time": (now or datetime.now(UTC)).isoformat(timespec="seconds"),
        "review": {"path": _relative(review_path, project), "sha256": review_sha},
        "verdict": review.verdict.status,
        "tool": {"name": "govern", "version": __version__},
        "policy": {"path": review.collected.policy_path, "sha256": review.collected.policy_sha256},
        "inputs": [{"path": _relative(review_path, project), "sha256": review_sha}],
    }
    approval = project / APPROVAL
    atomic_write_json(approval, record)
    statement = ArtifactStatement(
        kind="report",
        data_manifest_sha256=manifest.sha256 if manifest is not None and manifest.ok else None,
        policy_sha256=review.collected.policy_sha256,
    )
    signature = sign_artifact(approval, signing_key, statement)
    check = verify_artifact(approval, [public_key_path(signing_key)], signature=signature)
    if not check.ok:
        raise IntegrityError(f"{approval}: signature did not verify after signing")
    return record, signature


def _relative(path: Path, project: Path) -> str:
    try:
        return path.resolve().relative_to(project.resolve()).as_posix()
    except ValueError:
        return path.name
