"""Sections about training and what follows it: preflight, campaign, artifacts, signatures,
backups and retention. Every one says "not run" when its stage has not produced its file."""

from __future__ import annotations

import math
from typing import Any

from govern.review.blocks import Block, facts, link, not_run, section, table, text
from govern.review.charts import phase_charts
from govern.review.inputs import (
    ADAPTER,
    Check,
    Collected,
)
from govern.review.reasons import get_path
from govern.review.values import label, show, toned

MAX_POINTS = 400
MAX_ROWS = 200
PREFERRED = ("check", "verdict", "measured", "inputs", "duration_s", "advice")


def generic_table(rows: list[Any], preferred: tuple[str, ...] = (), caption: str = "") -> Block:
    """A table over a list of objects: preferred columns first, then the rest as found; each
    value shown as ``values.show`` says for its field."""
    dicts = [r for r in rows if isinstance(r, dict)][:MAX_ROWS]
    columns = [c for c in preferred if any(c in r for r in dicts)]
    for row in dicts:
        columns += [k for k in row if k not in columns]
    cells = [[show(r.get(c), c) for c in columns] for r in dicts]
    return table([label(c) for c in columns], cells, caption)


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


def figure(
    title: str, source: str, series: list[dict[str, Any]], y_label: str, caption: str = ""
) -> Block:
    """A line plot, its caption and its data summarised as a table below it."""
    shown = [s for s in series if s["points"]]
    rows = []
    for s in shown:
        ys = [p[1] for p in s["points"]]
        rows.append(
            [
                s["name"],
                len(ys),
                show(ys[0], "loss"),
                show(min(ys), "loss"),
                show(ys[-1], "loss"),
            ]
        )
    columns = ["series", "points", f"first {y_label}", "lowest", "last"]
    return {
        "type": "figure",
        "title": title,
        "caption": caption
        or f"Look for {y_label} falling steadily; a line that stops early is a run that stopped.",
        "source": source,
        "x_label": "step",
        "y_label": y_label,
        "series": shown,
        "table": table(columns, rows),
    }


def preflight_section(c: Collected) -> Block:
    preflight, gates = c.data("preflight"), c.data("gates")
    paths = [c.path("preflight"), c.path("gates")]
    blocks: list[Block] = []
    if isinstance(preflight, dict):
        blocks.append(facts([("preflight verdict", preflight.get("verdict"))]))
        blocks.append(generic_table(preflight.get("checks") or [], PREFERRED, "Preflight checks"))
        sizing = preflight.get("sizing")
        if isinstance(sizing, dict) and sizing:
            sheet = [(label(k), show(v, str(k))) for k, v in sizing.items()]
            blocks.append(facts(sheet, "Sizing sheet"))
    else:
        blocks.append(not_run(c, "preflight"))
    gate_rows = gates.get("gates") or gates.get("rows") if isinstance(gates, dict) else gates
    if isinstance(gate_rows, list):
        blocks.append(generic_table(gate_rows, ("phase", "step", "passed"), "Phase gates"))
        blocks += phase_charts(c, [g for g in gate_rows if isinstance(g, dict)])
    else:
        blocks.append(not_run(c, "gates"))
    return section("preflight", paths, blocks, c)


def campaign_section(c: Collected) -> Block:
    metrics = c.data("train_metrics")
    paths = [c.path("train_metrics"), *(cp.ledger.path for cp in c.campaigns)]
    blocks: list[Block] = []
    if isinstance(metrics, dict):
        blocks.append(
            facts(
                [
                    ("stop reason", show(metrics.get("stop_reason"))),
                    ("steps", show(metrics.get("steps"))),
                    ("final loss", show(metrics.get("final_loss"), "loss")),
                    ("duration", show(metrics.get("seconds"), "seconds")),
                    ("accounting", show(metrics.get("accounting_summary"))),
                    ("records trained", show(metrics.get("records_trained"))),
                    ("tokens supervised", show(metrics.get("tokens_supervised"))),
                    ("data gate", show(metrics.get("data_gate"))),
                ]
            )
        )
        blocks.append(records_table(metrics))
        blocks.append(
            figure(
                "Training run: loss and validation loss",
                c.path("train_metrics"),
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
        blocks.append(not_run(c, "train_metrics"))
    if not c.campaigns:
        blocks.append(
            text("Not provided: no campaign folder (runs) was given.")
            if c.given
            else text("Not run: no campaign ledger under runs/.")
        )
    for campaign in c.campaigns:
        rows = [
            [
                run.get("run_id"),
                run.get("variant"),
                show(run.get("seed")),
                show(get_path(run, "params", "learning_rate"), "learning_rate"),
                show(run.get("stop_reason")),
                len(run.get("loss_curve") or []),
                show(last_loss(run.get("loss_curve")), "loss"),
                show(run.get("final_validation_loss"), "loss"),
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


def records_table(metrics: dict[str, Any]) -> Block:
    """Records per split and source from metrics.json (validation held out, never trained)."""
    rows = []
    records = metrics.get("records") if isinstance(metrics.get("records"), dict) else {}
    for split, counts in (records or {}).items():
        if not isinstance(counts, dict):
            continue
        use = "trained" if split == "train" else "held out"
        for source, count in (counts.get("by_source") or {}).items():
            rows.append([split, source, show(count), use])
        skipped = counts.get("skipped")
        if isinstance(skipped, dict):
            total = sum(n for n in skipped.values() if isinstance(n, int))
            rows.append([split, "(skipped, any reason)", show(total), "not used"])
        if "truncated" in counts:
            rows.append([split, "(truncated)", show(counts["truncated"]), "cut to max length"])
    caption = "Training run: records per split and source"
    return table(["split", "source", "records", "use"], rows, caption)


def artifacts_section(c: Collected) -> Block:
    scan, probe = c.data("artifact_scan"), c.data("memorization")
    paths = [c.path("artifact_scan"), c.path("memorization")]
    blocks: list[Block] = []
    if isinstance(scan, dict):
        summary = scan.get("summary") or {}
        blocks.append(
            facts(
                [
                    ("artifact scan verdict", show(scan.get("verdict"))),
                    ("files", show(summary.get("files"))),
                    ("findings", show(summary.get("findings"))),
                    ("by type", show(summary.get("by_type"))),
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
        blocks.append(not_run(c, "artifact_scan"))
    if isinstance(probe, dict):
        blocks.append(
            facts(
                [
                    ("memorization verdict", show(probe.get("verdict"))),
                    ("probes", show(probe.get("probes"))),
                    ("planted values reproduced", _reproduced(probe.get("completed_values"))),
                ]
            )
        )
        by_type = probe.get("by_type") or {}
        if isinstance(by_type, dict) and by_type:
            blocks.append(
                table(
                    ["type", "probes", "values reproduced"],
                    [_probe_row(t, v) for t, v in sorted(by_type.items())],
                    "Probes by type: a reproduced value is one the model completed",
                )
            )
        items = [
            {
                **{k: i.get(k) for k in ("record_id", "type", "field")},
                "reproduced": i.get("completed"),
                "value_hash": i.get("value_hash"),
            }
            for i in probe.get("items") or []
            if isinstance(i, dict)
        ]
        blocks.append(generic_table(items, (), "Probes (value hashes only)"))
    else:
        blocks.append(not_run(c, "memorization"))
    return section("artifacts", paths, blocks, c)


def _reproduced(count: Any) -> Any:
    """How many planted values the model reproduced: none is the good outcome."""
    if not isinstance(count, int):
        return show(count)
    return toned(
        f"{count} (none reproduced)" if count == 0 else str(count), "good" if count == 0 else "bad"
    )


def _probe_row(kind: str, counts: Any) -> list[Any]:
    if not isinstance(counts, dict):  # an older format: a plain count of probes
        return [kind, show(counts), None]
    return [kind, show(counts.get("probes")), _reproduced(counts.get("completed"))]


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
        signature_row(f"base model {c.base_model}", c.checks.get("base_model_signature")),
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
    sources = ["data/manifest.json.sig", f"{ADAPTER}.sig", c.base_model_signature]
    return section("signatures", sources, blocks, c)


def retention_section(c: Collected) -> Block:
    backup, plan = c.data("backup"), c.data("retention_plan")
    paths = [c.path("backup"), c.path("retention_plan"), c.path("retention_log")]
    blocks: list[Block] = []
    if isinstance(backup, dict):
        b = backup.get("backup") or {}
        blocks.append(
            facts(
                [
                    ("backup", b.get("path")),
                    ("files", show(b.get("files"))),
                    ("size", show(b.get("bytes"), "bytes")),
                    ("data key id", b.get("key_id")),
                    ("key store", backup.get("key_store")),
                    ("created", b.get("created")),
                ]
            )
        )
    else:
        blocks.append(not_run(c, "backup"))
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
        blocks.append(not_run(c, "retention_plan"))
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
