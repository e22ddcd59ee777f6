"""The review's verdict: pure functions from ``Collected`` to ready / blocked, with reasons.

``decide`` runs the rules in the order the verdict lists them. They live by what they read:
``verdict_evidence`` (required and readable inputs, one policy), ``verdict_scan`` (the scans),
``verdict_data`` (licenses, split, leaks, manifest) and ``verdict_ops`` (training, campaigns,
backup, retention).

**Blocking** (the verdict is ``blocked``; ``govern review`` exits 1):

- Evidence missing: the raw scan, the redacted scan, the license report, the split report, the
  leak report or the data manifest is missing; any input at all is *unreadable* (bad JSON,
  not UTF-8, a symlink): evidence that exists but cannot be read is never skipped.
- Scan: the redacted copy's scan (what the approved data is built from) does not pass, or a
  type the policy's ``pii.must_cover`` names was not covered by the raw or the redacted scan.
- Lineage: the license stage did not read the redacted copy that was scanned (its input sha256
  differs), the manifest pins a report whose sha256 differs from the file on disk, the
  manifest's files do not match their sha256 (missing, changed, extra, or the manifest edited),
  or the manifest's signature is missing, fails, or no trusted key is there to check it.
- Policy: an input was produced under a policy whose sha256 differs from the policy the review
  runs under (reports from different policies do not add up to one decision).
- Licenses: a source that is denied or awaits review still has records in the approved data,
  or the base model is denied or awaits review (a model cannot be left out).
- Leaks: the check after ``--fix`` does not pass.
- Training, where its output exists: the training run did not complete or a phase gate
  failed, the reload replay does not match, the artifact scan does not pass (or an adapter
  exists that was never scanned), the memorization probe fails or completed any planted value,
  an adapter's signature is missing or fails, or the base model's signature fails.
- Retention: the deletion log's hash chain is broken (it was edited).

**Attention** (does not block; a reviewer should read it):

- A source left out of the approved data because it awaits license review; a license waiver.
- Entity types the scanner does not cover (values of those types may remain in the data),
  files the redacted scan could not scan fully, or non-blocking findings left in the copy.
- A split ratio, after the leak fix, more than ``RATIO_TOLERANCE`` away from its target, or
  groups flagged as large.
- Optional stages not run (training, campaign, memorization probe, backup, retention), campaign
  runs that failed or diverged (they stay in the ledger), a backup that does not hold exactly
  the approved files.
- Preflight checks that failed: preflight judges whether a run is worth starting on this
  hardware (speed, memory, a quick overfit), not whether data or artifacts comply; the run's own
  phase gates, the artifact scan and the memorization probe are what block.
- A base-model signature (``models/base_model.sig``) that is not there; one that is there and
  fails blocks (the base model changed since it was signed).

**Resolved** (shown so the reviewer sees each planted problem handled): sources denied and left
out, findings in the raw corpus that the redacted copy no longer holds, leaks found and fixed.
"""

from __future__ import annotations

from govern.review.inputs import REQUIRED, Collected
from govern.review.reasons import Level, Reason, Verdict, get_path
from govern.review.verdict_data import (
    effective_ratios,
    leak_rules,
    license_rules,
    manifest_rules,
    split_rules,
)
from govern.review.verdict_evidence import input_rules, policy_rules
from govern.review.verdict_ops import (
    TRAINING,
    backup_rules,
    campaign_rules,
    retention_rules,
    training_rules,
)
from govern.review.verdict_scan import must_cover, scan_rules

__all__ = [
    "REQUIRED",
    "Level",
    "Reason",
    "TRAINING",
    "Verdict",
    "decide",
    "effective_ratios",
    "get_path",
    "must_cover",
]


def decide(collected: Collected) -> Verdict:
    """The verdict over everything collected; see the module docstring for the rules."""
    verdict = Verdict()
    for rule in (
        input_rules,
        policy_rules,
        scan_rules,
        license_rules,
        split_rules,
        leak_rules,
        manifest_rules,
        training_rules,
        campaign_rules,
        backup_rules,
        retention_rules,
    ):
        verdict.reasons.extend(rule(collected))
    return verdict
