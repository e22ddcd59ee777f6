"""Verdict rules over training and operations outputs: preflight, the run and its gates, the
replay, the artifact scan, the memorization probe, signatures of the adapter and base model,
campaigns, backups and retention. The rules are listed in ``govern.review.verdict``."""

from __future__ import annotations

from collections.abc import Iterator

from govern.review.inputs import Collected
from govern.review.reasons import Reason, get_path

TRAINING = ("preflight", "train_metrics", "gates", "replay", "artifact_scan", "memorization")


def training_rules(c: Collected) -> Iterator[Reason]:
    present = [key for key in TRAINING if c.inputs.get(key) and not c.inputs[key].absent]
    adapter = c.checks.get("adapter_signature")
    trained = adapter is not None and adapter.status != "not run"
    if not present and not trained:
        yield Reason(
            "attention",
            "training",
            "training has not run (no preflight, run, artifact scan or memorization probe)",
            None,
            means="the review covers the data only; no model was trained or checked",
            change="run the training stages (dvc repro memorization), or pass their reports",
        )
        return
    preflight = c.data("preflight")
    if isinstance(preflight, dict) and preflight.get("verdict") != "pass":
        failed = [
            str(r.get("check"))
            for r in preflight.get("checks") or []
            if isinstance(r, dict) and r.get("verdict") not in ("pass", "ok")
        ]
        yield Reason(
            "attention",
            "preflight",
            "preflight fails: " + (", ".join(failed) or "verdict not pass"),
            c.path("preflight"),
            means="the run may not fit this hardware or time; it says nothing about the data",
            change="follow each failed check's advice in the preflight table",
        )
    metrics = c.data("train_metrics")
    if isinstance(metrics, dict) and metrics.get("stop_reason") != "completed":
        yield Reason(
            "blocking",
            "training",
            f"the training run stopped: {metrics.get('stop_reason')}",
            c.path("train_metrics"),
        )
    gates = c.data("gates")
    if isinstance(gates, list):
        failed = [str(g.get("phase")) for g in gates if isinstance(g, dict) and not g.get("passed")]
        if failed:
            yield Reason(
                "blocking", "training", f"phase gates failed: {', '.join(failed)}", c.path("gates")
            )
    replay = c.data("replay")
    if isinstance(replay, dict) and replay.get("verdict") != "pass":
        yield Reason(
            "blocking",
            "training",
            "the reload replay does not match the trained outputs",
            c.path("replay"),
        )
    scan = c.data("artifact_scan")
    if isinstance(scan, dict) and scan.get("verdict") != "pass":
        counts = get_path(scan, "summary", "by_type") or {}
        yield Reason(
            "blocking",
            "artifacts",
            "the artifact scan fails ("
            + ", ".join(f"{n} {t}" for t, n in sorted(counts.items()))
            + ")",
            c.path("artifact_scan"),
        )
    elif scan is None and trained:
        yield Reason(
            "blocking",
            "artifacts",
            "an adapter exists that was never scanned",
            c.path("artifact_scan"),
        )
    probe = c.data("memorization")
    if isinstance(probe, dict):
        completed = probe.get("completed_values") or 0
        if probe.get("verdict") != "pass" or completed:
            yield Reason(
                "blocking",
                "memorization",
                f"the memorization probe fails: the adapter "
                f"completed {completed} of {probe.get('probes')} planted values",
                c.path("memorization"),
            )
    base = c.checks.get("base_model_signature")
    if base is not None and base.status == "failed":
        yield Reason(
            "blocking",
            "signatures",
            f"base model signature failed: {base.detail}",
            c.base_model_signature,
        )
    elif base is not None and base.status == "missing" and trained:
        yield Reason(
            "attention",
            "signatures",
            "the base model is not signed",
            None,
            means="nothing shows the base model is the one the license check saw",
            change=f"the train stage signs it ({c.base_model_signature})",
        )
    if adapter is not None and adapter.status in ("failed", "missing"):
        yield Reason(
            "blocking",
            "signatures",
            f"adapter signature {adapter.status}: {adapter.detail}",
            "models/adapter.sig",
        )
    for key in TRAINING:
        found = c.inputs.get(key)
        if found is not None and found.absent:
            if found.status == "not provided":
                yield Reason("attention", "training", f"no {key} report provided", None)
            else:
                yield Reason("attention", "training", f"{c.path(key)} not run", None)
    if not trained:
        yield Reason("attention", "training", "no adapter at models/adapter", None)


def campaign_rules(c: Collected) -> Iterator[Reason]:
    if not c.campaigns:
        if c.inputs.get("train_metrics") and c.inputs["train_metrics"].ok:
            yield Reason("attention", "campaign", "no campaign ledger under runs/", None)
        return
    for campaign in c.campaigns:
        failed = [r for r in campaign.runs if r.get("stop_reason") != "completed"]
        if failed:
            yield Reason(
                "attention",
                "campaign",
                f"campaign {campaign.name}: {len(failed)} of "
                f"{len(campaign.runs)} runs did not complete (kept in the ledger)",
                campaign.ledger.path,
                means="those runs produced no usable model; the completed runs are unaffected",
                change="nothing is required; a lower learning rate avoids a diverged run",
            )


def backup_rules(c: Collected) -> Iterator[Reason]:
    backup, licenses = c.data("backup"), c.data("licenses")
    if c.inputs.get("backup") is None or c.inputs["backup"].absent:
        yield Reason(
            "attention",
            "backup",
            "no backup of the approved data",
            c.path("backup"),
            means="the approved data could not be restored if lost",
            change="run the backup stage (or pass its report)",
        )
        return
    approved = get_path(licenses, "approved", "files")
    entries = get_path(backup, "backup", "entries")
    digest = get_path(backup, "backup", "digest") or "sha256"  # reports before it: sha256
    if digest != "sha256":
        yield Reason(
            "attention",
            "backup",
            f"the backup report carries {digest} digests; comparing it with the manifest "
            "needs a sha256 report (set backup.digest: sha256)",
            c.path("backup"),
        )
        return
    # The backup may hold more (the adapter); its copy of the approved folder must match.
    folder = str(get_path(licenses, "approved", "path") or "data/licensed").rstrip("/")
    prefix = folder.rsplit("/", 1)[-1] + "/"
    if isinstance(approved, dict) and isinstance(entries, list):
        held = {
            str(e["name"])[len(prefix) :]: e.get("sha256")
            for e in entries
            if isinstance(e, dict)
            and e.get("kind") == "file"
            and str(e.get("name", "")).startswith(prefix)
        }
        if held != approved:
            yield Reason(
                "attention",
                "backup",
                "the backup does not hold exactly the approved files (run the backup stage again)",
                c.path("backup"),
            )


def retention_rules(c: Collected) -> Iterator[Reason]:
    log = c.checks.get("retention_log")
    if c.inputs.get("retention_plan") is None or c.inputs["retention_plan"].absent:
        yield Reason(
            "attention",
            "retention",
            "no retention plan",
            c.path("retention_plan"),
            means="nothing shows when data past its retention period is deleted",
            change="run the retention stage (or pass its plan)",
        )
    if log is None or log.status in ("missing", "not run"):
        yield Reason(
            "attention",
            "retention",
            "no deletion log",
            None,
            means="no deletions can be shown to have happened",
            change="run the retention stage (or pass its log)",
        )
    elif log.status == "failed":
        yield Reason(
            "blocking",
            "retention",
            f"the deletion log fails its audit: {log.detail}",
            c.path("retention_log"),
        )
