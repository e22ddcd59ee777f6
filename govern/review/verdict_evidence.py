"""Verdict rules over the evidence itself: the reports the policy requires are there and
readable, and every input was produced under the policy the review runs under. The rules are
listed in ``govern.review.verdict``."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from govern.review.inputs import Collected
from govern.review.reasons import Reason, get_path


def input_rules(c: Collected) -> Iterator[Reason]:
    """Blocking: evidence the policy requires that is missing, and any unreadable input."""
    for key in c.required:
        found = c.inputs.get(key)
        if found is not None and found.status == "not provided":
            why = f"no {key} report was given, and the policy requires one (review.required)"
            yield Reason(
                "blocking",
                key,
                why,
                None,
                means="the review cannot vouch for the data without this evidence",
                change=f"pass the report (--{key.replace('_', '-')} FILE or --report "
                f"{key}=FILE), or drop it from review.required",
            )
        elif found is None or found.absent:
            yield Reason(
                "blocking",
                key,
                f"{c.path(key)} is missing: its stage has not run",
                c.path(key),
                means="the review cannot vouch for the data without this evidence",
                change="run the stage (dvc repro), or pass your own report to govern review",
            )
    for found in [*c.inputs.values(), *(x for cp in c.campaigns for x in (cp.ledger, cp.summary))]:
        if found.status == "unreadable":
            yield Reason(
                "blocking", found.key, f"{found.path} is unreadable: {found.problem}", found.path
            )


def policy_sha(data: Any) -> str | None:
    """The policy sha256 a report records, wherever its format keeps it."""
    for path in (("policy_sha256",), ("policy", "sha256"), ("provenance", "policy", "sha256")):
        value = get_path(data, *path)
        if isinstance(value, str):
            return value
    return None


def policy_rules(c: Collected) -> Iterator[Reason]:
    """Blocking: inputs produced under another policy than the one the review runs under."""
    if c.policy_sha256 is None:
        return
    stale: dict[str, list[str]] = {}
    for found in c.inputs.values():
        recorded = policy_sha(found.data) if found.ok else None
        if recorded is not None and recorded != c.policy_sha256:
            stale.setdefault(recorded, []).append(found.path)
    for recorded, paths in sorted(stale.items()):
        yield Reason(
            "blocking",
            "policy",
            f"{len(paths)} inputs were produced under policy {recorded[:12]}, not the current "
            f"policy {c.policy_sha256[:12]} (rerun the pipeline): {', '.join(sorted(paths))}",
            paths[0],
        )
