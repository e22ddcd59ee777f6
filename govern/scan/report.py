"""The scan report (JSON) and its SARIF 2.1.0 view, with the verdict the policy gives."""

from __future__ import annotations

import dataclasses
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from govern import __version__
from govern.contract import write_report
from govern.errors import InputError
from govern.findings import Finding
from govern.io import StagedFolder, atomic_write_json
from govern.policy import LoadedPolicy, Policy
from govern.provenance import provenance
from govern.scan import allow
from govern.scan.baseline import (
    Baseline,
    BaselineUse,
    fingerprint,
    key_id,
    load_baseline,
    write_baseline,
)
from govern.scan.contract import ScanReport
from govern.scan.engine import ScanOptions, ScanResult, scan_paths
from govern.scan.redact import EXEMPT, RESCAN

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

    A type of ``pii.must_cover`` that no detector covers fails the scan; any other entity the
    policy lists but no detector covers fails it only under ``pii.uncovered: fail``, and is
    otherwise a warning reason, so a reviewer still sees it.
    """
    blocked = Counter(f.type for f in findings if blocking(f, policy))
    reasons = [
        f"{count} {kind} finding(s) block under the policy"
        for kind, count in sorted(blocked.items())
    ]
    required = set(policy.pii.required()) if policy.pii.enabled else set()
    fails_on_gaps = False
    if policy.pii.enabled:
        for kind in not_covered:
            fails = kind in required or policy.pii.uncovered == "fail"
            fails_on_gaps |= fails
            level = "fails: pii.must_cover" if kind in required else "fails" if fails else "warning"
            reasons.append(f"{kind} is not covered by any detector ({level})")
    return ("fail" if blocked or fails_on_gaps else "pass"), reasons


def uncovered_types(coverage: dict[str, Any], policy: Policy) -> list[str]:
    """The types the policy lists (``entities`` and ``must_cover``) that no detector covered."""
    covered = set(coverage.get("covered", []))
    listed = dict.fromkeys([*policy.pii.entities, *policy.pii.required()])
    return [kind for kind in listed if kind not in covered]


def build_report(
    result: ScanResult,
    loaded: LoadedPolicy,
    inputs: list[Path],
    params: dict[str, Any],
    accepted: Callable[[Finding], bool] = lambda _: False,
    baseline: BaselineUse | None = None,
) -> dict[str, Any]:
    """The report: findings (hashes, never values), every file, summary, coverage, verdict,
    and per field path what was read, found, not a string or skipped by ``scan.skip_fields``.

    Record ids read from the data are already keyed hashes in ``result.findings``. Findings
    ``accepted`` (by a baseline) are listed and counted but do not fail the scan."""
    findings = result.findings
    uncovered = uncovered_types(result.coverage, loaded.policy) if loaded.policy.pii.enabled else []
    outcome, reasons = verdict([f for f in findings if not accepted(f)], loaded.policy, uncovered)
    if baseline is not None and baseline.accepted:
        reasons.append(f"{baseline.accepted} finding(s) accepted by the baseline {baseline.path}")
    by_source: dict[str, Counter[str]] = defaultdict(Counter)
    for finding in findings:
        by_source[finding.path][finding.type] += 1
    skipped_files = [f for f in result.files if f["status"] != "scanned"]
    fields = result.fields
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
            "values": fields.total("read") - fields.total("text"),
            "values_not_strings": fields.total("not_strings"),
            "values_skipped": fields.total("skipped"),
            "characters": result.characters,
            "files": len(result.files),
            "files_not_fully_scanned": len(skipped_files),
            "findings": len(findings),
            "by_type": dict(sorted(Counter(f.type for f in findings).items())),
            "by_detector": dict(sorted(Counter(f.detector for f in findings).items())),
            # Secret candidates dropped as placeholders or documented example keys.
            "filtered": _counted(result.filtered, lambda k: not k.startswith((EXEMPT, RESCAN))),
            # PII kept on purpose: a licence's copyright notice (govern.scan.redact), by type.
            "exempt": _counted(result.filtered, lambda k: k.startswith(EXEMPT)),
            # Values the redaction found only in its own output (a placeholder changed their
            # context) and redacted too, by type: in no finding, since they are not in the input.
            "redacted_on_rescan": _counted(result.filtered, lambda k: k.startswith(RESCAN)),
            "by_source": {path: dict(sorted(c.items())) for path, c in sorted(by_source.items())},
            "redacted_outputs": result.redacted,
            # Findings a `govern: allow` marker or the policy's scan.allow allowed, by rule.
            "allowed": allow.summary(result.allowed),
        },
        "coverage": {
            **result.coverage,
            "not_covered": list(
                dict.fromkeys([*result.coverage.get("not_covered", []), *uncovered])
            ),
            "must_cover": loaded.policy.pii.required() if loaded.policy.pii.enabled else [],
        },
        "baseline": baseline.to_json() if baseline is not None else None,
        "fields": fields.to_json(loaded.policy.scan.skip_fields),
        "files": result.files,
        "findings": [
            {**f.to_json(), **({"baseline": "accepted"} if accepted(f) else {})} for f in findings
        ],
        "allowed_findings": [f.to_json() for f in result.allowed],
    }


def _counted(counts: Counter[str], wanted: Callable[[str], bool]) -> dict[str, int]:
    """The ``wanted`` keys of ``counts``; "EXEMPT (TYPE)" and "RESCAN (TYPE)" by type alone."""
    picked: Counter[str] = Counter()
    for key, count in counts.items():
        if wanted(key):
            typed = key.startswith((EXEMPT, RESCAN))
            picked[key.rpartition(" (")[2].removesuffix(")") if typed else key] += count
    return dict(sorted(picked.items()))


def to_sarif(report: dict[str, Any]) -> dict[str, Any]:
    """SARIF 2.1.0 for code-scanning UIs: one rule per type, one result per finding, its field
    path as the logical location; record ids as the report holds them (keyed hashes)."""
    allowed = report.get("allowed_findings", [])
    types = sorted({f["type"] for f in [*report["findings"], *allowed]})
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
                    },
                    "logicalLocations": [{"fullyQualifiedName": f["field"], "kind": "member"}],
                }
            ],
            "partialFingerprints": {"valueHash": f["value_hash"]},
            **(
                {"baselineState": "unchanged" if f.get("baseline") == "accepted" else "new"}
                if report.get("baseline")
                else {}
            ),
            **({"suppressions": [_suppression(f["allowed"])]} if f.get("allowed") else {}),
        }
        for f in [*report["findings"], *allowed]
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


def _suppression(rule: str) -> dict[str, str]:
    """SARIF's record of an allowed finding: in the source (a marker) or by the policy."""
    if rule == allow.MARKER_RULE:
        return {"kind": "inSource", "justification": "govern: allow marker on the line"}
    return {"kind": "external", "justification": f"policy {rule}"}


def _with_baseline(
    result: ScanResult,
    loaded: LoadedPolicy,
    paths: list[Path],
    params: dict[str, Any],
    options: ScanOptions,
    key: bytes,
) -> dict[str, Any]:
    """The report with ``options.baseline`` applied; the baseline is made when absent and
    rewritten (audit marks kept) with ``update_baseline``."""
    assert options.baseline is not None
    path = options.baseline
    created = not path.exists()
    before = Baseline(key_id(key)) if created else load_baseline(path, key)
    known = before
    if created or options.update_baseline:
        known = before.updated(result.findings)
        write_baseline(known, path)
    prints = [fingerprint(f) for f in result.findings]
    accepted = {id(f) for f, p in zip(result.findings, prints, strict=True) if known.accepts(p)}
    use = BaselineUse(
        path=path,
        created=created,
        accepted=len(accepted),
        new=sum(p not in before.entries for p in prints),
        confirmed=sum(p in known.entries and not known.accepts(p) for p in prints),
    )
    params = {**params, "baseline": str(path)}
    return build_report(result, loaded, paths, params, lambda f: id(f) in accepted, use)


def redact_into(
    out: Path,
    inputs: Sequence[Path],
    scan: Callable[[ScanOptions], ScanResult],
    options: ScanOptions,
) -> ScanResult:
    """Run ``scan`` redacting into a staged folder, then put it in place of ``out`` at once.

    ``out`` then holds exactly this scan's redacted files: none of an earlier input stays, and
    a crash leaves the previous folder or the new one whole (``govern.io.commit_folder``).
    Nothing redacted and no ``out`` before: no folder. InputError if ``out`` would replace or
    sit inside an input.
    """
    final = out.resolve()
    for given in inputs:
        source = given.resolve()
        if source.is_relative_to(final) or final.is_relative_to(source):
            raise InputError(f"{out}: --redact-to must be outside the scanned input {given}")
    with StagedFolder(out) as staged:
        result = scan(dataclasses.replace(options, redact_to=staged.path))
        result.redacted = [str(out / Path(p).relative_to(staged.path)) for p in result.redacted]
        if out.exists() or any(staged.path.iterdir()):
            staged.commit()
    return result


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
    ``options.redact_to`` is replaced as a whole once the scan is done (``redact_into``).
    """
    if options.redact_to is None:
        result = scan(paths, loaded.policy, options, key)
    else:
        result = redact_into(
            options.redact_to, paths, lambda o: scan(paths, loaded.policy, o, key), options
        )
    # Allowed findings neither fail the scan nor meet the baseline; the report counts them.
    result.findings, allowed = allow.partition(result.findings)
    result.allowed += allowed
    params = {
        "redact_mode": options.redact_mode if options.redact_to else None,
        "nlp_model": loaded.policy.pii.nlp_model,
        "treat_as": options.treat_as,
    }
    # After the redacted folder: a report never names redacted files that are not in place.
    if options.baseline is None:
        report = build_report(result, loaded, paths, params)
    else:
        report = _with_baseline(result, loaded, paths, params, options, key)
    if report_path is not None:
        write_report(report_path, ScanReport, report)
    if sarif_path is not None:
        atomic_write_json(sarif_path, to_sarif(report))
    return report
