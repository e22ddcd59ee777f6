"""Complete synthetic reports of the data stages, for tests that build manifests from them.

Each builder returns a report as its stage writes it, checked by the stage's model (so a
fixture cannot drift from the contract); the arguments set what a test looks at (verdicts,
counts, sources) and the rest is filled with plausible zeros.
"""

from __future__ import annotations

from typing import Any

from govern.reports import report_model

PROVENANCE: dict[str, Any] = {
    "tool": {"name": "govern", "version": "0.1.0"},
    "policy": None,
    "params": {},
    "inputs": [],
}


def _checked(kind: str, report: dict[str, Any]) -> dict[str, Any]:
    report_model(kind).from_json(report, f"test {kind} report")
    return report


def read_summary(records: int = 0, files: tuple[str, ...] = ()) -> dict[str, Any]:
    return {
        "files": list(files),
        "ignored_files": [],
        "links_skipped": [],
        "records": records,
        "skipped": 0,
        "skipped_by_reason": {},
        "skipped_at": [],
    }


def scan_report(
    verdict: str = "pass", records: int = 0, by_type: dict[str, int] | None = None
) -> dict[str, Any]:
    by_type = by_type or {}
    summary = {
        "records": records,
        "records_skipped": 0,
        "records_skipped_at": [],
        "texts": records,
        "values": records,
        "values_not_strings": 0,
        "values_skipped": 0,
        "characters": 0,
        "files": 0,
        "files_not_fully_scanned": 0,
        "findings": sum(by_type.values()),
        "by_type": by_type,
        "by_detector": {},
        "filtered": {},
        "exempt": {},
        "redacted_on_rescan": {},
        "by_source": {},
        "redacted_outputs": [],
        "allowed": {"findings": 0, "by_rule": {}, "by_type": {}},
    }
    totals = {f"total_{m}": 0 for m in ("read", "text", "findings", "not_strings", "skipped")}
    return _checked(
        "scan",
        {
            "verdict": verdict,
            "reasons": [] if verdict == "pass" else ["synthetic finding blocks"],
            "policy": {"path": "policy.yaml", "sha256": "0" * 64, "name": "test"},
            "provenance": PROVENANCE,
            "summary": summary,
            "coverage": {"covered": [], "not_covered": [], "detectors": [], "must_cover": []},
            "baseline": None,
            "fields": {"by_path": {}, "skip_fields": [], **totals},
            "files": [],
            "findings": [],
            "allowed_findings": [],
        },
    )


def license_source(
    source: str, verdict: str, kind: str = "dataset", **entry: Any
) -> dict[str, Any]:
    """One source's verdict; ``entry`` sets any other key (``root``, ``waiver``)."""
    return {
        "source": source,
        "kind": kind,
        "root": f"data/{source}",
        "records": 0,
        "declared": [],
        "spdx": None,
        "evidence": [],
        "attribution": [],
        "obligations": [],
        "verdict": verdict,
        "reason": "synthetic",
        "waiver": None,
        "checked": "2026-01-01",
        "policy_sha256": "0" * 64,
        **entry,
    }


def license_report(sources: list[dict[str, Any]], verdict: str | None = None) -> dict[str, Any]:
    """The report of ``sources`` (``license_source`` rows); its verdict the worst of theirs."""
    verdicts = [row["verdict"] for row in sources]
    worst = next((v for v in ("deny", "review") if v in verdicts), "allow")
    return _checked(
        "licenses",
        {
            "kind": "licenses",
            "checked": "2026-01-01",
            "policy_sha256": "0" * 64,
            "use": {"commercial": True},
            "verdict": verdict or worst,
            "exit_code": 0 if (verdict or worst) == "allow" else 1,
            "summary": {
                "sources": len(sources),
                **{v: verdicts.count(v) for v in ("allow", "review", "deny")},
                "records_approved": 0,
                "records_left_out": {},
                "awaiting_review": [r["source"] for r in sources if r["verdict"] == "review"],
                "denied": [r["source"] for r in sources if r["verdict"] == "deny"],
            },
            "sources": sources,
            "provenance": PROVENANCE,
        },
    )


def leak_check(passed: bool = True, leaks: dict[str, int] | None = None) -> dict[str, Any]:
    """One pass of the leak check; ``leaks``: the leak count of each check."""
    return {
        "split_dir": "splits",
        "passed": passed,
        "by": ["conversation_id"],
        "fallback_by": [],
        "records": {},
        "checks": {check: {"leaks": n} for check, n in (leaks or {}).items()},
        "leaks": [],
        "read": read_summary(),
    }


def leak_report(
    passed: bool = True,
    leaks: dict[str, int] | None = None,
    moved: int | None = None,
    after: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The leak check; with ``moved``, a ``--fix`` that moved that many records, and ``after``."""
    report: dict[str, Any] = {**leak_check(passed, leaks), "provenance": PROVENANCE}
    if moved is not None:
        report["fix"] = {
            "moved_records": moved,
            "moves": {"test->train": moved},
            "linked_sets_moved": 0,
            "largest_linked_set": 0,
            "records_after": {},
            "not_fixable": 0,
        }
    if after is not None:
        report["after"] = after
    return _checked("leaks", report)


def split_size(target: float, rows: int, groups: int) -> dict[str, Any]:
    return {
        "files": [],
        "rows": rows,
        "tokens": 0,
        "groups": groups,
        "target": target,
        "row_ratio": target,
        "token_ratio": target,
    }


def split_report(splits: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """A group split into ``splits`` (``split_size`` rows)."""
    return _checked(
        "split",
        {
            "provenance": PROVENANCE,
            "mode": "group",
            "plan": {
                "by": ["conversation_id"],
                "fallback_by": [],
                "ratios": [s["target"] for s in splits.values()],
                "salt": "test",
                "time_field": None,
                "cutoff": None,
                "gap_seconds": 0.0,
                "large_unit_share": 0.1,
            },
            "layout": "mirror",
            "splits": splits,
            "groups": {name: s["groups"] for name, s in splits.items()},
            "rules": {},
            "moved_groups": [],
            "large_groups": [],
            "large_group_threshold": "10%",
            "rule_of_each_group": "by",
            "read": read_summary(),
        },
    )
