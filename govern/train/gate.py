"""The data gate: train only on data whose signed manifest records passing checks.

What "passing" means, check by check (read from the manifest's ``summaries``):

- scan: ``summaries.scan.verdict == "pass"``.
- leakage: ``summaries.leaks.verdict == "pass"`` (the check after ``--fix``).
- licenses: the report was found, ``summaries.licenses.counts.review == 0`` (nothing awaits a
  decision), and no source with a ``deny`` verdict appears as a folder in the manifest's file
  paths. The whole check's verdict is ``deny`` whenever a denied source was *excluded* from the
  approved copy, so that verdict alone would refuse every dataset that had a denied source.

The policy's ``training.required_verdicts`` chooses the checks; a signature is always required
(``training.require_signed_manifest: false`` is not honoured by the trainer).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path, PurePosixPath
from typing import Any

from govern.artifacts import VerifiedManifest, load_manifest
from govern.errors import PolicyViolation
from govern.policy import TrainingPolicy


def check_data_gate(
    manifest_path: Path, trusted_keys: Sequence[Path], policy: TrainingPolicy | None = None
) -> VerifiedManifest:
    """Verify the manifest's signature and its verdicts; PolicyViolation naming each failed check.

    SignatureError (exit 1) when the manifest is unsigned, untrusted or changed.
    """
    rules = policy if policy is not None else TrainingPolicy()
    verified = load_manifest(manifest_path, trusted_keys)
    problems = verdict_problems(verified.manifest, rules.required_verdicts)
    if problems:
        raise PolicyViolation(f"{manifest_path}: refused for training: " + "; ".join(problems))
    return verified


def verdict_problems(manifest: dict[str, Any], required: Sequence[str]) -> list[str]:
    """One line per required check that is missing or not passing (empty: the data may train)."""
    summaries = manifest.get("summaries") or {}
    problems = []
    for check in required:
        key = "leaks" if check == "leakage" else check
        summary = summaries.get(key)
        if not isinstance(summary, dict) or not summary.get("found"):
            problems.append(f"{check}: no report in the manifest (run `govern {key}` first)")
        elif check == "licenses":
            problems.extend(_license_problems(summary, manifest))
        elif summary.get("verdict") != "pass":
            verdict = summary.get("verdict", "missing")
            problems.append(f"{check}: verdict is {verdict}, not pass")
    return problems


def _license_problems(summary: dict[str, Any], manifest: dict[str, Any]) -> list[str]:
    counts = summary.get("counts") or {}
    problems = []
    if not isinstance(counts.get("review"), int):
        problems.append("licenses: the summary has no review count")
    elif counts["review"] > 0:
        problems.append(f"licenses: {counts['review']} source(s) await review")
    denied = {name for name, verdict in (summary.get("sources") or {}).items() if verdict == "deny"}
    folders = {
        part for entry in manifest.get("files", []) for part in PurePosixPath(entry["path"]).parts
    }
    for source in sorted(denied & folders):
        problems.append(f"licenses: denied source {source} is in the data")
    return problems
