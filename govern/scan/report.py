"""The scan report (JSON) and its SARIF 2.1.0 view, with the verdict the policy gives."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from govern import __version__
from govern.findings import Finding
from govern.io import atomic_write_json
from govern.policy import LoadedPolicy, Policy
from govern.provenance import provenance
from govern.scan.engine import ScanOptions, ScanResult, scan_paths

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"


def blocking(finding: Finding, policy: Policy) -> bool:
    """Whether the policy fails a scan that holds ``finding``."""
    if finding.type == "SECRET":
        return policy.secrets.block
    return "*" in policy.pii.block_on or finding.type in policy.pii.block_on


def verdict(
    findings: list[Finding],
    policy: Policy,
    not_covered: Sequence[str] = (),
) -> tuple[str, list[str]]:
    """``pass`` or ``fail``, with one reason per blocking type and per uncovered entity type.

    An entity the policy lists but no detector covers fails the scan only under
    ``pii.uncovered: fail``; otherwise it is a warning reason, so a reviewer still sees it.
    """
    blocked = Counter(f.type for f in findings if blocking(f, policy))
    reasons = [
        f"{count} {kind} finding(s) block under the policy"
        for kind, count in sorted(blocked.items())
    ]
    fails_on_gaps = policy.pii.enabled and policy.pii.uncovered == "fail" and bool(not_covered)
    if policy.pii.enabled and not_covered:
        level = "fails" if fails_on_gaps else "warning"
        reasons += [f"{kind} is not covered by any detector ({level})" for kind in not_covered]
    return ("fail" if blocked or fails_on_gaps else "pass"), reasons


def build_report(
    result: ScanResult, loaded: LoadedPolicy, inputs: list[Path], params: dict[str, Any]
) -> dict[str, Any]:
    """The report: findings (hashes, never values), every file, summary, coverage, verdict."""
    findings = result.findings
    uncovered = [
        kind
        for kind in result.coverage.get("not_covered", [])
        if kind in loaded.policy.pii.entities
    ]
    outcome, reasons = verdict(findings, loaded.policy, uncovered)
    by_source: dict[str, Counter[str]] = defaultdict(Counter)
    for finding in findings:
        by_source[finding.path][finding.type] += 1
    skipped_files = [f for f in result.files if f["status"] != "scanned"]
    return {
        "verdict": outcome,
        "reasons": reasons,
        "policy": loaded.provenance(),
        "provenance": provenance(loaded, inputs, params),
        "summary": {
            "records": result.records,
            "records_skipped": sum(result.read_stats.skipped.values()),
            "records_skipped_at": result.read_stats.skipped_at,
            "texts": result.texts,
            "characters": result.characters,
            "files": len(result.files),
            "files_not_fully_scanned": len(skipped_files),
            "findings": len(findings),
            "by_type": dict(sorted(Counter(f.type for f in findings).items())),
            "by_detector": dict(sorted(Counter(f.detector for f in findings).items())),
            # Secret candidates dropped as placeholders or documented example keys.
            "filtered": dict(sorted(result.filtered.items())),
            "by_source": {path: dict(sorted(c.items())) for path, c in sorted(by_source.items())},
            "redacted_outputs": result.redacted,
        },
        "coverage": result.coverage,
        "files": result.files,
        "findings": [f.to_json() for f in findings],
    }


def to_sarif(report: dict[str, Any]) -> dict[str, Any]:
    """SARIF 2.1.0 for code-scanning UIs: one rule per type, one result per finding."""
    types = sorted({f["type"] for f in report["findings"]})
    rules = [
        {
            "id": kind,
            "name": kind.title().replace("_", ""),
            "shortDescription": {"text": f"{kind} in data or artifacts"},
        }
        for kind in types
    ]
    results = [
        {
            "ruleId": f["type"],
            "ruleIndex": types.index(f["type"]),
            "level": "error" if report["verdict"] == "fail" else "warning",
            "message": {
                "text": f"{f['type']}{' (' + f['subtype'] + ')' if f['subtype'] else ''} "
                f"in {f['field']} (record {f['record_id'] or '-'}), found by {f['detector']}"
            },
            "locations": [
                {
                    "physicalLocation": {
                        "artifactLocation": {"uri": Path(f["path"]).as_posix()},
                        "region": {"startLine": max(1, f["line"])},
                    }
                }
            ],
            "partialFingerprints": {"valueHash": f["value_hash"]},
        }
        for f in report["findings"]
    ]
    return {
        "$schema": SARIF_SCHEMA,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "govern",
                        "version": __version__,
                        "rules": rules,
                    }
                },
                "results": results,
                "properties": {"policySha256": report["policy"]["sha256"]},
            }
        ],
    }


def run_scan(
    paths: list[Path],
    loaded: LoadedPolicy,
    options: ScanOptions,
    key: bytes,
    *,
    report_path: Path | None = None,
    sarif_path: Path | None = None,
    scan: Callable[[list[Path], Policy, ScanOptions, bytes], ScanResult] = scan_paths,
) -> dict[str, Any]:
    """Scan, build the report and write it (JSON and/or SARIF, atomically); return it.

    ``scan`` is who runs the scan: this machine's processes, or an engine (``govern.engines``).
    """
    result = scan(paths, loaded.policy, options, key)
    params = {
        "redact_mode": options.redact_mode if options.redact_to else None,
        "nlp_model": loaded.policy.pii.nlp_model,
        "treat_as": options.treat_as,
    }
    report = build_report(result, loaded, paths, params)
    if report_path is not None:
        atomic_write_json(report_path, report)
    if sarif_path is not None:
        atomic_write_json(sarif_path, to_sarif(report))
    return report
