"""Sections about the data: sources and licenses, scan results with redacted excerpts, splits
and the leak check, the manifest and its lineage."""

from __future__ import annotations

from govern.review.collect import INPUTS, Collected
from govern.review.document import Block, facts, link, not_run, section, short, table
from govern.review.verdict import effective_ratios, get_path


def sources_section(c: Collected) -> Block:
    report = c.data("licenses")
    path = INPUTS["licenses"]
    if not isinstance(report, dict):
        return section("sources", [path], [not_run("licenses")], c)
    written = get_path(report, "approved", "written") or {}
    left_out = get_path(report, "approved", "left_out") or {}
    rows = []
    for source in report.get("sources") or []:
        if not isinstance(source, dict):
            continue
        name = str(source.get("source"))
        evidence = [e for e in source.get("evidence") or [] if isinstance(e, dict)]
        first = evidence[0] if evidence else {}
        if source.get("kind") == "model":
            use = "base model"
        elif name in written:
            use = f"{written[name]} records approved"
        else:
            use = f"left out ({get_path(left_out, name, 'records')} records)"
        rows.append(
            [
                name,
                source.get("kind"),
                source.get("records"),
                source.get("spdx") or ", ".join(map(str, source.get("declared") or [])) or "—",
                source.get("verdict"),
                source.get("reason"),
                use,
                link(first.get("path"), f"{first.get('method')}: {first.get('path')}")
                if first
                else "—",
                short(first.get("sha256")),
                ", ".join(str(o.get("id")) for o in source.get("obligations") or [] if o),
            ]
        )
    intended = report.get("use") or {}
    blocks = [
        facts(
            [
                ("license report verdict (all sources, left-out ones too)", report.get("verdict")),
                ("intended use", ", ".join(f"{k}: {v}" for k, v in sorted(intended.items()))),
                ("checked", report.get("checked")),
                ("records approved", get_path(report, "approved", "records_written")),
                ("records left out", get_path(report, "approved", "records_left_out")),
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


def scan_section(c: Collected) -> Block:
    raw, redacted = c.data("scan"), c.data("scan_redacted")
    paths = [INPUTS["scan"], INPUTS["scan_redacted"], INPUTS["sarif"]]
    if not isinstance(raw, dict) and not isinstance(redacted, dict):
        return section("scan", paths, [not_run("scan", "scan_redacted")], c)
    blocks: list[Block] = []
    rows = []
    for label, report, path in (
        ("raw corpus", raw, INPUTS["scan"]),
        ("redacted copy", redacted, INPUTS["scan_redacted"]),
    ):
        summary = get_path(report, "summary") or {}
        rows.append(
            [
                link(path, label),
                report.get("verdict") if isinstance(report, dict) else "not run",
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
            ]
        )
    )
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


def split_section(c: Collected) -> Block:
    split, leaks = c.data("split"), c.data("leaks")
    paths = [INPUTS["split"], INPUTS["leaks"]]
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
                    s.get("rows"),
                    s.get("groups"),
                    s.get("target"),
                    s.get("row_ratio"),
                    s.get("token_ratio"),
                    round(after[0], 4) if after else None,
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
    else:
        blocks.append(not_run("split"))
    if isinstance(leaks, dict):
        after_checks = get_path(leaks, "after", "checks") or {}
        rows = [
            [name, get_path(check, "leaks"), get_path(after_checks, name, "leaks")]
            for name, check in sorted((leaks.get("checks") or {}).items())
        ]
        blocks.append(table(["check", "leaks before fix", "after fix"], rows, "Leak check"))
        fix = leaks.get("fix") or {}
        blocks.append(
            facts(
                [
                    ("check after fix", "pass" if get_path(leaks, "after", "passed") else "FAIL"),
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
        blocks.append(not_run("leaks"))
    return section("split", paths, blocks, c)


def manifest_section(c: Collected) -> Block:
    manifest = c.data("manifest")
    path = INPUTS["manifest"]
    if not isinstance(manifest, dict):
        return section("manifest", [path], [not_run("manifest")], c)
    totals = manifest.get("totals") or {}
    check = c.checks.get("manifest_files")
    blocks = [
        facts(
            [
                ("manifest id", manifest.get("id")),
                (
                    "files / rows / bytes",
                    f"{totals.get('files')} / {totals.get('rows')} / {totals.get('bytes')}",
                ),
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
                get_path(summary, "verdict"),
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
        [f.get("path"), f.get("format"), f.get("rows"), f.get("size"), short(f.get("sha256"))]
        for f in manifest.get("files") or []
        if isinstance(f, dict)
    ]
    blocks.append(table(["file", "format", "rows", "bytes", "sha256"], file_rows, "Pinned files"))
    packages = manifest.get("packages") or {}
    if packages:
        blocks.append(
            facts([("packages", ", ".join(f"{k} {v}" for k, v in sorted(packages.items())))])
        )
    return section("manifest", [path], blocks, c)
