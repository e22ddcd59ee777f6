"""The review's verdict: pure functions from ``Collected`` to ready / blocked, with reasons.

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

from collections.abc import Iterator
from typing import Any

from govern.review.inputs import REQUIRED, Collected
from govern.review.reasons import Level, Reason, Verdict, get_path
from govern.review.verdict_ops import (
    TRAINING,
    backup_rules,
    campaign_rules,
    retention_rules,
    training_rules,
)

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

RATIO_TOLERANCE = 0.05


def decide(collected: Collected) -> Verdict:
    """The verdict over everything collected; see the module docstring for the rules."""
    verdict = Verdict()
    for rule in (
        _inputs,
        _policy,
        _scan,
        _licenses,
        _split,
        _leaks,
        _manifest,
        training_rules,
        campaign_rules,
        backup_rules,
        retention_rules,
    ):
        verdict.reasons.extend(rule(collected))
    return verdict


def _inputs(c: Collected) -> Iterator[Reason]:
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


def _policy(c: Collected) -> Iterator[Reason]:
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


def _scan(c: Collected) -> Iterator[Reason]:
    raw, redacted = c.data("scan"), c.data("scan_redacted")
    path = c.path("scan_redacted")
    if isinstance(redacted, dict):
        by_type = get_path(redacted, "summary", "by_type") or {}
        counts = ", ".join(f"{n} {t}" for t, n in sorted(by_type.items())) or "no findings"
        if redacted.get("verdict") != "pass":
            yield Reason("blocking", "scan", f"the redacted copy fails its scan ({counts})", path)
        elif get_path(redacted, "summary", "findings"):
            yield Reason(
                "attention",
                "scan",
                f"the redacted copy still holds findings the policy allows ({counts})",
                path,
                means="these values are in the data the model is trained on",
                change="list the types in pii.block_on to fail the scan (redact them first)",
            )
        partial = get_path(redacted, "summary", "files_not_fully_scanned")
        if partial:
            yield Reason(
                "attention",
                "scan",
                f"{partial} files of the redacted copy were not fully scanned",
                path,
                means="parts of these files were not checked for PII or secrets",
                change="fix what the files table names (unreadable lines, oversized fields) "
                "and rerun the scan",
            )
        required = must_cover(c)
        missing = [
            kind
            for kind in required
            if any(
                kind not in (get_path(r, "coverage", "covered") or [])
                for r in (raw, redacted)
                if isinstance(r, dict)
            )
        ]
        if missing:
            yield Reason(
                "blocking",
                "scan",
                f"{', '.join(missing)} must be covered (pii.must_cover) but no detector "
                "covered them in this run",
                path,
                means="values of these identifier types were not looked for, so the data "
                "the model is trained on may hold them",
                change=_uncovered_change(missing).replace(
                    "; or pii.uncovered: fail to block instead", ""
                ),
            )
        uncovered = [
            kind
            for kind in get_path(redacted, "coverage", "not_covered") or []
            if kind not in missing
        ]
        if uncovered:
            yield Reason(
                "attention",
                "scan",
                f"{', '.join(map(str, uncovered))} not detected in this run (no detector "
                "covers them)",
                path,
                means=_uncovered_means(c),
                change=_uncovered_change(uncovered),
            )
    if isinstance(raw, dict) and isinstance(redacted, dict) and redacted.get("verdict") == "pass":
        found = get_path(raw, "summary", "by_type") or {}
        left = get_path(redacted, "summary", "by_type") or {}
        secrets, secrets_left = found.get("SECRET", 0), left.get("SECRET", 0)
        pii = sum(n for t, n in found.items() if t != "SECRET")
        pii_left = sum(n for t, n in left.items() if t != "SECRET")
        if pii:
            yield Reason(
                "resolved",
                "scan",
                f"{pii} PII findings in the raw corpus were redacted "
                f"({pii_left} remain in the redacted copy)",
                c.path("scan"),
            )
        if secrets:
            yield Reason(
                "resolved",
                "scan",
                f"{secrets} secrets in the raw corpus were removed "
                f"({secrets_left} remain in the redacted copy)",
                c.path("scan"),
            )
    licenses = c.data("licenses")
    scanned_root = _first_input(redacted)
    if scanned_root and isinstance(licenses, dict):
        read = {
            i.get("path"): i.get("sha256")
            for i in get_path(licenses, "provenance", "inputs") or []
            if isinstance(i, dict)
        }
        if read.get(scanned_root[0]) != scanned_root[1]:
            yield Reason(
                "blocking",
                "lineage",
                f"the license stage did not read the redacted "
                f"copy that was scanned ({scanned_root[0]} differs or was not read)",
                c.path("licenses"),
            )


def must_cover(c: Collected) -> list[str]:
    """The types that must be covered: the review's policy (``pii.must_cover``), else what the
    redacted copy's scan recorded of its own policy."""
    if c.must_cover is not None:
        return list(c.must_cover)
    recorded = get_path(c.data("scan_redacted"), "coverage", "must_cover")
    return [str(t) for t in recorded] if isinstance(recorded, list) else []


def _uncovered_means(c: Collected) -> str:
    approved = get_path(c.data("licenses"), "approved", "records_written")
    where = f"any of the {approved:,} approved records" if isinstance(approved, int) else "records"
    return (
        f"values of these types were not looked for, so {where} may still contain them, "
        "in the copy the model is trained on"
    )


def _uncovered_change(types: list[Any]) -> str:
    named = sorted({"PERSON", "LOCATION", "NRP"} & {str(t) for t in types})
    others = sorted({str(t) for t in types} - set(named))
    advice = []
    if named:
        advice.append(
            f"an NER model detects {', '.join(named)}: set scan.nlp_model in params.yaml "
            "(pii.nlp_model in the policy) to an installed spaCy pipeline"
        )
    if others:
        advice.append(
            f"enable a detector for {', '.join(others)} (its secrets plugin or pii recognizer)"
        )
    return "; ".join(advice) + "; or pii.uncovered: fail to block instead"


def _first_input(report: Any) -> tuple[str, str] | None:
    inputs = get_path(report, "provenance", "inputs") or []
    first = inputs[0] if inputs and isinstance(inputs[0], dict) else {}
    if isinstance(first.get("path"), str) and isinstance(first.get("sha256"), str):
        return first["path"], first["sha256"]
    return None


def _licenses(c: Collected) -> Iterator[Reason]:
    report = c.data("licenses")
    if not isinstance(report, dict):
        return
    path = c.path("licenses")
    written = get_path(report, "approved", "written") or {}
    left_out = get_path(report, "approved", "left_out") or {}
    for source in report.get("sources") or []:
        if not isinstance(source, dict):
            continue
        name, verdict = str(source.get("source")), source.get("verdict")
        why = source.get("reason") or ""
        if source.get("waiver"):
            waiver = source["waiver"]
            yield Reason(
                "attention",
                "licenses",
                f"{name}: allowed under a waiver by "
                f"{get_path(waiver, 'approver')} until {get_path(waiver, 'expires')}",
                path,
                means="its records are used on a person's sign-off, not on a known license",
                change="a card or LICENSE with a license the policy allows; the waiver lapses "
                "on its expiry date",
            )
        if verdict == "allow":
            continue
        records = written.get(name, 0)
        if source.get("kind") == "model":
            yield Reason("blocking", "licenses", f"model {name}: {verdict}: {why}", path)
        elif records:
            yield Reason(
                "blocking",
                "licenses",
                f"{name}: {verdict} but {records} records are in the approved data",
                path,
            )
        elif verdict == "deny":
            count = get_path(left_out, name, "records")
            yield Reason("resolved", "licenses", f"{name} excluded ({count} records): {why}", path)
        else:
            count = get_path(left_out, name, "records")
            yield Reason(
                "attention",
                "licenses",
                f"{name} awaits license review and was left out ({count} records): {why}",
                path,
                means=f"its {count} records are not in the approved data; the model is not "
                "trained on them",
                change="a person checks the license: a waiver in licenses.waivers, or a card or "
                "LICENSE naming an allowed license, then rerun the pipeline",
            )


def effective_ratios(c: Collected) -> dict[str, tuple[float, float]]:
    """Split -> (row ratio after the leak fix, target ratio)."""
    split, leaks = c.data("split"), c.data("leaks")
    targets = {
        name: s.get("target")
        for name, s in (get_path(split, "splits") or {}).items()
        if isinstance(s, dict)
    }
    after = (
        get_path(leaks, "after", "records")
        or get_path(leaks, "fix", "records_after")
        or {
            name: s.get("rows")
            for name, s in (get_path(split, "splits") or {}).items()
            if isinstance(s, dict)
        }
    )
    total = sum(n for n in after.values() if isinstance(n, int))
    return {
        name: (after[name] / total, float(target))
        for name, target in targets.items()
        if isinstance(target, int | float) and isinstance(after.get(name), int) and total
    }


def _split(c: Collected) -> Iterator[Reason]:
    split = c.data("split")
    if not isinstance(split, dict):
        return
    for name, (ratio, target) in sorted(effective_ratios(c).items()):
        if abs(ratio - target) > RATIO_TOLERANCE:
            yield Reason(
                "attention",
                "split",
                f"{name} holds {ratio:.1%} of the rows after the leak fix, target {target:.0%}",
                c.path("leaks"),
                means="the leak fix moved whole groups between splits; evaluation rests on "
                "more or fewer held-out rows than planned",
                change="more, smaller groups (split.by), other split.ratios, or accept it",
            )
    if split.get("large_groups"):
        yield Reason(
            "attention",
            "split",
            f"{len(split['large_groups'])} groups flagged as large",
            c.path("split"),
            means="a few groups hold many rows, so the split ratios cannot be met exactly",
            change="a finer group key in split.by",
        )


def _leaks(c: Collected) -> Iterator[Reason]:
    leaks = c.data("leaks")
    if not isinstance(leaks, dict):
        return
    path = c.path("leaks")
    if get_path(leaks, "after", "passed") is not True:
        yield Reason("blocking", "leaks", "the leak check after the fix does not pass", path)
        return
    found = sum(get_path(check, "leaks") or 0 for check in (leaks.get("checks") or {}).values())
    moved = get_path(leaks, "fix", "moved_records") or 0
    if found:
        yield Reason(
            "resolved",
            "leaks",
            f"{found} leaks between splits were fixed by moving "
            f"{moved} records; the check after the fix passes",
            path,
        )


def _manifest(c: Collected) -> Iterator[Reason]:
    manifest = c.data("manifest")
    signature = c.checks.get("manifest_signature")
    files = c.checks.get("manifest_files")
    if manifest is None:
        return
    if files is not None and files.status == "failed":
        yield Reason(
            "blocking", "manifest", f"manifest check failed: {files.detail}", c.path("manifest")
        )
    if signature is not None and signature.status != "ok":
        yield Reason(
            "blocking",
            "signatures",
            f"data manifest signature {signature.status}: {signature.detail}",
            "data/manifest.json.sig",
        )
    by_path = {found.path: found for found in c.inputs.values()}
    for kind, summary in sorted((get_path(manifest, "summaries") or {}).items()):
        report, pinned = get_path(summary, "report"), get_path(summary, "sha256")
        found = by_path.get(report) if isinstance(report, str) else None
        if found is not None and found.ok and pinned and pinned != found.sha256:
            yield Reason(
                "blocking",
                "lineage",
                f"the manifest pins a different {kind} report than {report} on disk",
                c.path("manifest"),
            )
