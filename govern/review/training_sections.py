"""Sections about training and what follows it: preflight, campaign, artifacts, signatures,
backups and retention. Every one says "not run" when its stage has not produced its file."""

from __future__ import annotations

import json
import math
from typing import Any

from govern.review.collect import (
    ADAPTER,
    BASE_MODEL,
    BASE_MODEL_SIGNATURE,
    INPUTS,
    RETENTION_LOG,
    Check,
    Collected,
)
from govern.review.document import Block, facts, link, not_run, section, short, table, text
from govern.review.verdict import get_path

MAX_POINTS = 400
MAX_ROWS = 200
PREFERRED = ("check", "verdict", "measured", "inputs", "duration_s", "advice")


def cell(value: Any) -> Any:
    """A table cell: scalars as they are, structures as compact JSON."""
    if value is None or isinstance(value, str | int | float | bool):
        return value
    return json.dumps(value, sort_keys=True, separators=(", ", ": "), default=str)


def generic_table(rows: list[Any], preferred: tuple[str, ...] = (), caption: str = "") -> Block:
    """A table over a list of objects: preferred columns first, then the rest as found."""
    dicts = [r for r in rows if isinstance(r, dict)][:MAX_ROWS]
    columns = [c for c in preferred if any(c in r for r in dicts)]
    for row in dicts:
        columns += [k for k in row if k not in columns]
    return table(columns, [[cell(r.get(c)) for c in columns] for r in dicts], caption)


def points(values: Any) -> list[list[float]]:
    """[[x, y]...] from a list of numbers (x = 1..n) or of ``{"step", "loss"}`` objects."""
    found: list[list[float]] = []
    for index, value in enumerate(values or []):
        if isinstance(value, int | float) and not isinstance(value, bool):
            found.append([index + 1, float(value)])
        elif isinstance(value, dict) and isinstance(value.get("loss"), int | float):
            found.append([float(value.get("step", index + 1)), float(value["loss"])])
        if found and not all(math.isfinite(v) for v in found[-1]):
            found.pop()  # a diverged step (NaN, inf) cannot be plotted; the stop reason says so
    step = max(1, len(found) // MAX_POINTS)
    sampled = found[::step]
    if found and sampled[-1] is not found[-1]:
        sampled.append(found[-1])  # the last point is always shown
    return sampled


def last_loss(values: Any) -> float | None:
    found = points(values)
    return found[-1][1] if found else None


def figure(title: str, source: str, series: list[dict[str, Any]], y_label: str) -> Block:
    return {
        "type": "figure",
        "title": title,
        "source": source,
        "x_label": "step",
        "y_label": y_label,
        "series": [s for s in series if s["points"]],
    }


def preflight_section(c: Collected) -> Block:
    preflight, gates = c.data("preflight"), c.data("gates")
    paths = [INPUTS["preflight"], INPUTS["gates"]]
    blocks: list[Block] = []
    if isinstance(preflight, dict):
        blocks.append(facts([("preflight verdict", preflight.get("verdict"))]))
        blocks.append(generic_table(preflight.get("checks") or [], PREFERRED, "Preflight checks"))
        sizing = preflight.get("sizing")
        if isinstance(sizing, dict) and sizing:
            sheet = [(str(k), cell(v)) for k, v in sorted(sizing.items())]
            blocks.append(facts(sheet, "Sizing sheet"))
    else:
        blocks.append(not_run("preflight"))
    gate_rows = gates.get("gates") or gates.get("rows") if isinstance(gates, dict) else gates
    if isinstance(gate_rows, list):
        blocks.append(generic_table(gate_rows, ("phase", "step", "passed"), "Phase gates"))
    else:
        blocks.append(not_run("gates"))
    return section("preflight", paths, blocks, c)


def campaign_section(c: Collected) -> Block:
    metrics = c.data("train_metrics")
    paths = [INPUTS["train_metrics"], *(cp.ledger.path for cp in c.campaigns)]
    blocks: list[Block] = []
    if isinstance(metrics, dict):
        blocks.append(
            facts(
                [
                    ("stop reason", metrics.get("stop_reason")),
                    ("steps", metrics.get("steps")),
                    ("final loss", metrics.get("final_loss")),
                    ("seconds", metrics.get("seconds")),
                    ("accounting", cell(metrics.get("accounting_summary"))),
                    ("data gate", cell(metrics.get("data_gate"))),
                ]
            )
        )
        blocks.append(
            figure(
                "Training run: loss and validation loss",
                INPUTS["train_metrics"],
                [
                    {
                        "name": "training loss",
                        "points": points(metrics.get("loss_curve")),
                        "style": "line",
                    },
                    {
                        "name": "validation loss",
                        "points": points(metrics.get("validation")),
                        "style": "points",
                    },
                ],
                "loss",
            )
        )
        replay = c.data("replay")
        if isinstance(replay, dict):
            blocks.append(facts([("reload replay", replay.get("verdict"))]))
            blocks.append(generic_table(replay.get("controls") or [], ("id", "match"), "Replay"))
    else:
        blocks.append(not_run("train_metrics"))
    if not c.campaigns:
        blocks.append(text("Not run: no campaign ledger under runs/."))
    for campaign in c.campaigns:
        rows = [
            [
                run.get("run_id"),
                run.get("variant"),
                run.get("seed"),
                cell(get_path(run, "params", "learning_rate")),
                run.get("stop_reason"),
                len(run.get("loss_curve") or []),
                last_loss(run.get("loss_curve")),
                cell(run.get("final_validation_loss")),
            ]
            for run in campaign.runs
        ]
        blocks.append(
            table(
                [
                    "run",
                    "variant",
                    "seed",
                    "learning rate",
                    "stop reason",
                    "steps",
                    "final loss",
                    "final validation loss",
                ],
                rows,
                f"Campaign {campaign.name}: every run, failed ones included",
            )
        )
        for kind, key in (("loss", "loss_curve"), ("validation loss", "validation")):
            blocks.append(
                figure(
                    f"Campaign {campaign.name}: {kind} per run",
                    campaign.ledger.path,
                    [
                        {
                            "name": str(run.get("run_id")),
                            "points": points(run.get(key)),
                            "style": "line",
                        }
                        for run in campaign.runs
                    ],
                    kind,
                )
            )
        summary = campaign.summary.data if campaign.summary.ok else None
        variants = summary.get("variants") if isinstance(summary, dict) else summary
        if isinstance(variants, list):
            caption = "Summary by variant (mean and spread over seeds)"
            blocks.append(generic_table(variants, ("variant",), caption))
    return section("campaign", paths, blocks, c)


def artifacts_section(c: Collected) -> Block:
    scan, probe = c.data("artifact_scan"), c.data("memorization")
    paths = [INPUTS["artifact_scan"], INPUTS["memorization"]]
    blocks: list[Block] = []
    if isinstance(scan, dict):
        summary = scan.get("summary") or {}
        blocks.append(
            facts(
                [
                    ("artifact scan verdict", scan.get("verdict")),
                    ("files", summary.get("files")),
                    ("findings", summary.get("findings")),
                    ("by type", cell(summary.get("by_type"))),
                    (
                        "not covered",
                        ", ".join(map(str, get_path(scan, "coverage", "not_covered") or [])),
                    ),
                ]
            )
        )
        blocks.append(
            generic_table(scan.get("files") or [], ("path", "kind", "status"), "Artifact files")
        )
    else:
        blocks.append(not_run("artifact_scan"))
    if isinstance(probe, dict):
        blocks.append(
            facts(
                [
                    ("memorization verdict", probe.get("verdict")),
                    ("probes", probe.get("probes")),
                    ("planted values completed", probe.get("completed_values")),
                ]
            )
        )
        by_type = probe.get("by_type") or {}
        if isinstance(by_type, dict) and by_type:
            blocks.append(
                table(["type", "result"], [[t, cell(v)] for t, v in sorted(by_type.items())])
            )
        items = [
            {
                **{k: i.get(k) for k in ("record_id", "type", "completed")},
                "value_hash": short(i.get("value_hash")),
            }
            for i in probe.get("items") or []
            if isinstance(i, dict)
        ]
        blocks.append(generic_table(items, (), "Probes (value hashes only)"))
    else:
        blocks.append(not_run("memorization"))
    return section("artifacts", paths, blocks, c)


def signature_row(label: str, check: Check | None) -> list[Any]:
    if check is None:
        return [label, "not run", "", "", "", ""]
    statement = check.facts.get("statement") or {}
    return [
        label,
        check.status,
        link(check.facts.get("signed_by")),
        check.facts.get("key_fingerprint") or "",
        statement.get("kind") or "",
        check.detail,
    ]


def signatures_section(c: Collected) -> Block:
    rows = [
        signature_row("data/manifest.json", c.checks.get("manifest_signature")),
        signature_row(ADAPTER, c.checks.get("adapter_signature")),
        signature_row(f"base model {BASE_MODEL}", c.checks.get("base_model_signature")),
    ]
    blocks = [
        table(
            [
                "artifact",
                "status",
                "signed by (trusted key)",
                "key fingerprint (sha256 of PEM)",
                "kind",
                "detail",
            ],
            rows,
        ),
        text(
            "Verified with govern.signing against the trusted public keys; the fingerprint is "
            "the sha256 of the signer's public key PEM, as the signature's key hint records it."
        ),
    ]
    sources = ["data/manifest.json.sig", f"{ADAPTER}.sig", BASE_MODEL_SIGNATURE]
    return section("signatures", sources, blocks, c)


def retention_section(c: Collected) -> Block:
    backup, plan = c.data("backup"), c.data("retention_plan")
    paths = [INPUTS["backup"], INPUTS["retention_plan"], RETENTION_LOG]
    blocks: list[Block] = []
    if isinstance(backup, dict):
        b = backup.get("backup") or {}
        blocks.append(
            facts(
                [
                    ("backup", b.get("path")),
                    ("files / bytes", f"{b.get('files')} / {b.get('bytes')}"),
                    ("data key id", b.get("key_id")),
                    ("key store", backup.get("key_store")),
                    ("created", b.get("created")),
                ]
            )
        )
    else:
        blocks.append(not_run("backup"))
    if isinstance(plan, dict):
        totals = plan.get("totals") or {}
        blocks.append(
            facts(
                [
                    ("retention plan root", plan.get("root")),
                    ("planned at", plan.get("now")),
                    ("items to delete / kept", f"{totals.get('items')} / {totals.get('kept')}"),
                ]
            )
        )
        blocks.append(
            generic_table(
                [
                    {k: d.get(k) for k in ("rule", "item", "method", "key_id", "reason")}
                    for d in plan.get("deletions") or []
                    if isinstance(d, dict)
                ],
                (),
                "Planned deletions",
            )
        )
        if plan.get("kept"):
            blocks.append(generic_table(plan["kept"], ("rule", "item"), "Kept (holds, releases)"))
    else:
        blocks.append(not_run("retention_plan"))
    log = c.checks.get("retention_log")
    if log is not None:
        blocks.append(
            facts(
                [
                    ("deletion log audit", log.status),
                    ("detail", log.detail),
                    ("head hash", log.facts.get("head")),
                    ("head in retention report", log.facts.get("report head")),
                ]
            )
        )
    return section("retention", paths, blocks, c)
