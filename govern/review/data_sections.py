"""Sections about the data: sources and licenses, scan results with redacted excerpts, splits
and the leak check, the manifest and its lineage."""

from __future__ import annotations

from typing import Any

from govern.review.blocks import Block, chart, facts, link, not_run, section, short, table
from govern.review.charts import findings_chart, split_chart
from govern.review.inputs import Collected
from govern.review.reasons import get_path
from govern.review.values import show, toned
from govern.review.verdict_data import effective_ratios
from govern.review.verdict_scan import must_cover
from govern.safe_harbor import ALSO_UNDER, SAFE_HARBOR


def sources_section(c: Collected) -> Block:
    report = c.data("licenses")
    path = c.path("licenses")
    if not isinstance(report, dict):
        return section("sources", [path], [not_run(c, "licenses")], c)
    written = get_path(report, "approved", "written") or {}
    left_out = get_path(report, "approved", "left_out") or {}
    rows = []
    for source in report.get("sources") or []:
        if not isinstance(source, dict):
            continue
        name = str(source.get("source"))
        evidence = [e for e in source.get("evidence") or [] if isinstance(e, dict)]
        first = evidence[0] if evidence else {}
        verdict = show(source.get("verdict"))
        if source.get("kind") == "model":
            use = "base model"
        elif name in written:
            use = f"{written[name]:,} records approved"
        else:
            use = f"left out ({show(get_path(left_out, name, 'records'))} records)"
            # Left out is what a deny or a pending review asks for: handled, not a failure.
            verdict = toned(f"{source.get('verdict')} (left out)", "handled")
        rows.append(
            [
                name,
                source.get("kind"),
                show(source.get("records")),
                source.get("spdx") or ", ".join(map(str, source.get("declared") or [])) or "—",
                verdict,
                source.get("reason"),
                use,
                _evidence(first),
                short(first.get("sha256")),
                ", ".join(str(o.get("id")) for o in source.get("obligations") or [] if o),
            ]
        )
    intended = report.get("use") or {}
    blocks = [
        facts(
            [
                ("sources by verdict", _by_verdict(report)),
                ("intended use", show(intended)),
                ("checked", report.get("checked")),
                ("records approved", show(get_path(report, "approved", "records_written"))),
                ("records left out", show(get_path(report, "approved", "records_left_out"))),
                ("approved copy", get_path(report, "approved", "path")),
            ]
        ),
        table(
            [
                "source",
                "kind",
                "records",
                "license",
                "verdict",
                "reason",
                "use",
                "evidence",
                "evidence sha256",
                "obligations",
            ],
            rows,
        ),
    ]
    attributions = sorted(
        {str(a) for s in report.get("sources") or [] for a in get_path(s, "attribution") or []}
    )
    if attributions:
        blocks.append({"type": "list", "title": "Attribution", "items": attributions})
    return section("sources", [path], blocks, c)


def _by_verdict(report: dict[str, Any]) -> str:
    """``2 allowed, 1 denied, 1 awaiting review``: counts, not the report's worst verdict (a
    denied source left out is the policy working, not a failure of the data)."""
    sources = [s for s in report.get("sources") or [] if isinstance(s, dict)]
    words = (("allow", "allowed"), ("deny", "denied"), ("review", "awaiting review"))
    return ", ".join(
        f"{sum(s.get('verdict') == key for s in sources)} {word}" for key, word in words
    )


def _evidence(first: dict[str, object]) -> object:
    if not first:
        return "—"
    where = f"{first.get('path')}:{first.get('line')}" if first.get("line") else first.get("path")
    score = first.get("score")
    confidence = f", confidence {score}" if isinstance(score, int | float) else ""
    return link(str(first.get("path")), f"{first.get('method')}{confidence}: {where}")


def _pinned_verdict(kind: str, verdict: object) -> object:
    """A license report's worst verdict is a per-source matter: the sources table says which
    were left out, and the verdict box whether any of them blocks."""
    if kind == "licenses" and verdict in ("deny", "review"):
        return toned(f"{verdict} (sources left out)", "handled")
    return show(verdict)


def scan_section(c: Collected) -> Block:
    raw, redacted = c.data("scan"), c.data("scan_redacted")
    paths = [c.path("scan"), c.path("scan_redacted"), c.path("sarif")]
    if not isinstance(raw, dict) and not isinstance(redacted, dict):
        return section("scan", paths, [not_run(c, "scan", "scan_redacted")], c)
    blocks: list[Block] = []
    rows = []
    for label, report, path in (
        ("raw corpus", raw, c.path("scan")),
        ("redacted copy", redacted, c.path("scan_redacted")),
    ):
        summary = get_path(report, "summary") or {}
        verdict = show(report.get("verdict")) if isinstance(report, dict) else "not run"
        if label == "raw corpus" and get_path(redacted, "verdict") == "pass":
            # The raw corpus is expected to hold findings; the redacted copy is what is used.
            verdict = toned(f"{get_path(report, 'verdict')} (redacted copy used)", "handled")
        rows.append(
            [
                link(path, label),
                verdict,
                summary.get("files"),
                summary.get("records"),
                summary.get("findings"),
                summary.get("files_not_fully_scanned"),
                summary.get("values_skipped"),
            ]
        )
    header = ["scan", "verdict", "files", "records", "findings", "files not fully scanned"]
    blocks.append(table([*header, "values skipped (scan.skip_fields)"], rows))
    skip_fields = get_path(raw, "fields", "skip_fields") or []
    if skip_fields:
        blocks.append(
            table(
                ["field pattern", "values not scanned"],
                [[s.get("pattern"), s.get("values")] for s in skip_fields if isinstance(s, dict)],
                "Fields the policy excludes from the scan (raw corpus)",
            )
        )
    by_source = get_path(raw, "summary", "by_source") or {}
    types = sorted({t for counts in by_source.values() for t in counts})
    if types:
        type_rows = [
            [link(src), *[counts.get(t, 0) for t in types], sum(counts.values())]
            for src, counts in sorted(by_source.items())
        ]
        by_type = get_path(raw, "summary", "by_type") or {}
        type_rows.append(
            ["all sources", *[by_type.get(t, 0) for t in types], sum(by_type.values())]
        )
        blocks.append(
            table(["source", *types, "total"], type_rows, "Findings in the raw corpus by type")
        )
        blocks.append(findings_chart(c, types, by_source))
    detectors = get_path(raw, "summary", "by_detector") or {}
    if detectors:
        blocks.append(
            table(
                ["detector", "findings"],
                [[d, n] for d, n in sorted(detectors.items())],
                "Findings by detector (raw corpus)",
            )
        )
    coverage = get_path(redacted, "coverage") or get_path(raw, "coverage") or {}
    blocks.append(
        facts(
            [
                ("detectors", ", ".join(map(str, coverage.get("detectors") or []))),
                ("entity types covered", len(coverage.get("covered") or [])),
                (
                    "entity types NOT covered",
                    ", ".join(map(str, coverage.get("not_covered") or [])) or "none",
                ),
                ("kept on purpose (copyright notices)", show(get_path(raw, "summary", "exempt"))),
            ]
        )
    )
    blocks.append(coverage_table(c))
    if c.excerpts:
        blocks.append(
            table(
                ["source", "record", "field", "type", "redacted excerpt (context masked)"],
                [
                    [
                        link(e["redacted_file"], f"{e['redacted_file']}:{e['line']}"),
                        e.get("record_id"),
                        e.get("field"),
                        e.get("type"),
                        {"text": e.get("excerpt") or "(placeholder not found)", "code": True},
                    ]
                    for e in c.excerpts
                ],
                "Excerpts from the redacted copy: placeholders only; other tokens are masked (▒)",
            )
            | {"style": "excerpts"}
        )
    files = [f for f in get_path(raw, "files") or [] if isinstance(f, dict)]
    if files:
        blocks.append(
            table(
                ["file", "kind", "records", "status"],
                [[f.get("path"), f.get("kind"), f.get("records"), f.get("status")] for f in files],
                "Files scanned (raw corpus)",
            )
        )
    return section("scan", paths, blocks, c)


def coverage_table(c: Collected) -> Block:
    """One row per identifier type: its Safe Harbor item, whether this run covered it (in
    both scans) and must (``pii.must_cover``), and how many were found, redacted and left."""
    raw, redacted = c.data("scan"), c.data("scan_redacted")
    covered = [set(get_path(r, "coverage", "covered") or []) for r in (raw, redacted) if r]
    required = set(must_cover(c))
    found = get_path(raw, "summary", "by_type") or {}
    left = get_path(redacted, "summary", "by_type") or {}
    rescanned = get_path(raw, "summary", "redacted_on_rescan") or {}
    listed = [
        str(t)
        for r in (raw, redacted)
        for key in ("covered", "not_covered")
        for t in get_path(r, "coverage", key) or []
    ]
    others = sorted(
        {t for t in [*listed, *found] if t.isupper() and t != "SECRET"} - set(SAFE_HARBOR)
    )
    rows = []
    for kind in [*SAFE_HARBOR, *others]:
        is_covered = bool(covered) and all(kind in each for each in covered)
        if is_covered:
            status = toned("covered", "good")
        else:
            status = toned("NOT covered", "bad" if kind in required else None)
        item = SAFE_HARBOR[kind][0] if kind in SAFE_HARBOR else ALSO_UNDER.get(kind, "—")
        n_found, n_left = int(found.get(kind, 0)), int(left.get(kind, 0))
        n_redacted = max(n_found - n_left, 0) if isinstance(redacted, dict) else None
        if n_redacted is not None:
            n_redacted += int(rescanned.get(kind, 0))
        rows.append(
            [kind, item, status, "yes" if kind in required else "no", n_found, n_redacted, n_left]
        )
    return table(
        [
            "entity type",
            "Safe Harbor item",
            "coverage",
            "must cover",
            "found (raw corpus)",
            "redacted",
            "left (redacted copy)",
        ],
        rows,
        "Identifier coverage: HIPAA Safe Harbor items (45 CFR 164.514(b)(2)(i)) and other types",
    )


def split_section(c: Collected) -> Block:
    split, leaks = c.data("split"), c.data("leaks")
    paths = [c.path("split"), c.path("leaks")]
    blocks: list[Block] = []
    ratios = effective_ratios(c)
    if isinstance(split, dict):
        plan = split.get("plan") or {}
        blocks.append(
            facts(
                [
                    ("mode", split.get("mode")),
                    ("grouped by", ", ".join(map(str, plan.get("by") or []))),
                    ("groups", get_path(split, "groups", "total")),
                    ("groups excluded", get_path(split, "groups", "excluded")),
                    ("large groups", len(split.get("large_groups") or [])),
                ]
            )
        )
        rows = []
        for name, s in (split.get("splits") or {}).items():
            after = ratios.get(name)
            rows.append(
                [
                    name,
                    show(s.get("rows")),
                    show(s.get("groups")),
                    show(s.get("target"), "target"),
                    show(s.get("row_ratio"), "row_ratio"),
                    show(s.get("token_ratio"), "token_ratio"),
                    show(after[0], "row_ratio") if after else None,
                ]
            )
        blocks.append(
            table(
                [
                    "split",
                    "rows",
                    "groups",
                    "target",
                    "row ratio",
                    "token ratio",
                    "ratio after fix",
                ],
                rows,
            )
        )
        blocks.append(split_chart(c, split))
    else:
        blocks.append(not_run(c, "split"))
    if isinstance(leaks, dict):
        after_checks = get_path(leaks, "after", "checks") or {}
        rows = [
            [name, get_path(check, "leaks"), get_path(after_checks, name, "leaks")]
            for name, check in sorted((leaks.get("checks") or {}).items())
        ]
        blocks.append(table(["check", "leaks before fix", "after fix"], rows, "Leak check"))
        checks = sorted((leaks.get("checks") or {}).items())
        if checks:
            blocks.append(
                chart(
                    "Leaks per check, before and after the fix",
                    "Look for every 'after' bar at zero: the fix moved the records that leaked.",
                    c.path("leaks"),
                    [name for name, _check in checks],
                    [
                        {"name": "before fix", "values": [r[1] for r in rows]},
                        {"name": "after fix", "values": [r[2] for r in rows]},
                    ],
                    x_label="check",
                    y_label="leaks",
                )
            )
        fix = leaks.get("fix") or {}
        blocks.append(
            facts(
                [
                    ("check after fix", show(get_path(leaks, "after", "passed") is True, "passed")),
                    ("records moved", fix.get("moved_records")),
                    (
                        "moves",
                        ", ".join(f"{k}: {v}" for k, v in sorted((fix.get("moves") or {}).items())),
                    ),
                    ("not fixable", fix.get("not_fixable")),
                ]
            )
        )
    else:
        blocks.append(not_run(c, "leaks"))
    return section("split", paths, blocks, c)


def manifest_section(c: Collected) -> Block:
    manifest = c.data("manifest")
    path = c.path("manifest")
    if not isinstance(manifest, dict):
        return section("manifest", [path], [not_run(c, "manifest")], c)
    totals = manifest.get("totals") or {}
    check = c.checks.get("manifest_files")
    blocks = [
        facts(
            [
                ("manifest id", manifest.get("id")),
                ("files", show(totals.get("files"))),
                ("rows", show(totals.get("rows"))),
                ("size", show(totals.get("bytes"), "bytes")),
                ("roots", ", ".join(map(str, manifest.get("roots") or []))),
                ("policy sha256", get_path(manifest, "policy", "sha256")),
                ("tool", get_path(manifest, "tool", "version")),
                ("re-hash check", f"{check.status}: {check.detail}" if check else "not run"),
                (
                    "lineage (parent manifests)",
                    ", ".join(str(p) for p in manifest.get("lineage") or [])
                    or "none (first version)",
                ),
            ]
        )
    ]
    by_path = {found.path: found for found in c.inputs.values()}
    rows = []
    for kind, summary in sorted((manifest.get("summaries") or {}).items()):
        report = get_path(summary, "report")
        found = by_path.get(report) if isinstance(report, str) else None
        on_disk = found.sha256 if found is not None and found.ok else None
        same = "yes" if on_disk == get_path(summary, "sha256") else "NO"
        rows.append(
            [
                kind,
                link(report),
                _pinned_verdict(kind, get_path(summary, "verdict")),
                short(get_path(summary, "sha256")),
                same,
            ]
        )
    blocks.append(
        table(
            ["report", "file", "verdict", "pinned sha256", "matches file on disk"],
            rows,
            "Reports the manifest pins",
        )
    )
    file_rows = [
        [
            f.get("path"),
            f.get("format"),
            show(f.get("rows")),
            show(f.get("size"), "size"),
            short(f.get("sha256")),
        ]
        for f in manifest.get("files") or []
        if isinstance(f, dict)
    ]
    blocks.append(table(["file", "format", "rows", "size", "sha256"], file_rows, "Pinned files"))
    packages = manifest.get("packages") or {}
    if packages:
        blocks.append(
            facts([("packages", ", ".join(f"{k} {v}" for k, v in sorted(packages.items())))])
        )
    return section("manifest", [path], blocks, c)
