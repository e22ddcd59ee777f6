"""The review's bar charts: split sizes against targets, findings by type and source, time and
memory per training phase. Each is a ``document.chart`` block: SVG, caption and data table."""

from __future__ import annotations

from typing import Any

from govern.review.blocks import Block, chart
from govern.review.inputs import Collected
from govern.review.reasons import get_path
from govern.review.verdict_data import effective_ratios


def split_chart(c: Collected, split: dict[str, object]) -> Block:
    """Target, planned and after-fix share of rows per split, in percent."""
    splits = split.get("splits")
    named = [(n, s) for n, s in (splits.items() if isinstance(splits, dict) else []) if s]
    after = effective_ratios(c)

    def percent(value: object) -> float | None:
        return round(float(value) * 100, 2) if isinstance(value, int | float) else None

    return chart(
        "Split sizes: target, as split, after the leak fix",
        "Look for bars of one split at about the same height; a gap means the held-out data "
        "is larger or smaller than planned.",
        c.path("split"),
        [str(n) for n, _s in named],
        [
            {"name": "target", "values": [percent(get_path(s, "target")) for _n, s in named]},
            {"name": "as split", "values": [percent(get_path(s, "row_ratio")) for _n, s in named]},
            {
                "name": "after leak fix",
                "values": [percent(after[n][0]) if n in after else None for n, _s in named],
            },
        ],
        x_label="split",
        y_label="% of rows",
        field="percent",
    )


MAX_SOURCES = 6


def findings_chart(c: Collected, types: list[str], by_source: dict[str, dict[str, int]]) -> Block:
    """Findings per type, one bar per source (the largest few; the rest summed)."""
    ranked = sorted(by_source.items(), key=lambda item: -sum(item[1].values()))
    shown, rest = ranked[:MAX_SOURCES], ranked[MAX_SOURCES:]
    # The last two parts of a path ("support_chats/data.jsonl") name a source in a legend.
    series = [
        {"name": "/".join(source.split("/")[-2:]), "values": [counts.get(t, 0) for t in types]}
        for source, counts in shown
    ]
    if rest:
        summed = [sum(counts.get(t, 0) for _s, counts in rest) for t in types]
        series.append({"name": f"{len(rest)} other sources", "values": summed})
    return chart(
        "Findings in the raw corpus by type and source",
        "Look for which sources hold which kinds of personal data and secrets; all of them "
        "are redacted in the copy that is used.",
        c.path("scan"),
        types,
        series,
        x_label="type",
        y_label="findings",
    )


def phase_charts(c: Collected, gates: list[dict[str, Any]]) -> list[Block]:
    """Time and peak host memory after each phase of the run, where the gates record them."""
    phases = [str(g.get("phase")) for g in gates]
    blocks = []
    for field, title, unit, says in (
        ("seconds", "Time per phase", "seconds", "Look for the phase that takes the most time."),
        (
            "host_peak_rss_mb",
            "Peak memory (host) after each phase",
            "MiB",
            "Look for the phase where memory jumps: it sets how large a run fits.",
        ),
    ):
        values = [g.get(field) for g in gates]
        if phases and any(isinstance(v, int | float) for v in values):
            series = [{"name": unit, "values": values}]
            blocks.append(
                chart(
                    title,
                    says,
                    c.path("gates"),
                    phases,
                    series,
                    x_label="phase",
                    y_label=unit,
                    field=field,
                )
            )
    return blocks
