"""The decision block of the review pages: the recorded, verified decision, or a form to fill in.

``approve`` records the decision; this reads it back, so the report that shows it never
imports the approval (which builds a fresh report to compare).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from govern.policy import LoadedPolicy
from govern.review.checks import verify_signature
from govern.review.collect import read_input, trusted_keys
from govern.review.inputs import APPROVAL


def decision_rows(
    project: Path, policy: LoadedPolicy | None, review_sha: str, trusted: list[Path] | None
) -> dict[str, Any]:
    """The decision block: the recorded, verified decision, or an empty form to fill in."""
    found = read_input(project, "approval", APPROVAL)
    command = "govern review approve --reviewer NAME --note TEXT"
    if found.status == "missing":
        return {
            "status": "pending",
            "rows": [
                ("status", "pending: no decision recorded"),
                ("record it with", {"text": command, "code": True}),
                ("reviewer", "______________________"),
                ("decision", "approved / rejected"),
                ("date", "______________________"),
            ],
        }
    record = found.data if isinstance(found.data, dict) else {}
    keys = trusted_keys(project, policy, trusted)
    signature = verify_signature(project, APPROVAL, APPROVAL + ".sig", keys)
    approved_sha = (record.get("review") or {}).get("sha256")
    current = approved_sha == review_sha
    valid = found.ok and signature.status == "ok" and current
    status = str(record.get("decision")) if valid else "invalid"
    why = []
    if not found.ok:
        why.append(f"{APPROVAL} is {found.status}: {found.problem}")
    if signature.status != "ok":
        why.append(f"signature {signature.status}: {signature.detail}")
    if not current:
        why.append("it decides on an earlier review.json: decide again")
    return {
        "status": status,
        "rows": [
            ("status", status if valid else "INVALID: " + "; ".join(why)),
            ("decision", record.get("decision")),
            ("reviewer", record.get("reviewer")),
            ("note", record.get("note")),
            ("time", record.get("time")),
            ("approves review.json sha256", approved_sha),
            ("current review.json sha256", review_sha),
            ("verdict when decided", record.get("verdict")),
            (
                "signed by",
                {
                    "text": signature.facts.get("signed_by") or "—",
                    "href": signature.facts.get("signed_by"),
                },
            ),
            ("key fingerprint", signature.facts.get("key_fingerprint")),
            ("record", {"text": APPROVAL, "href": APPROVAL}),
            (
                "tool / policy",
                f"{json.dumps(record.get('tool'))} / {json.dumps(record.get('policy'))}",
            ),
        ],
    }
