"""DVC stage `scan_artifacts`: scan the trained adapter and the training reports for PII/secrets.

Params: ``scan_artifacts.paths`` (artifact folders and files), ``scan_artifacts.report``,
``scan_artifacts.workers``. The report has the scan report's format; the stage fails (exit 1)
when the policy blocks a finding, so nothing is signed.

The report records each file's size and sha256, and the training reports it scans hold run
measurements, so it is evidence of this run: DVC tracks the receipt, the report less sizes,
digests and character counts (its findings, coverage and verdict).
"""

from __future__ import annotations

from pathlib import Path

from govern.findings import load_hash_key
from govern.policy import load_policy
from govern.scan.engine import ScanOptions
from govern.scan.report import run_scan
from govern.stage import run_stage, stage_params, write_receipt

MEASURED = ("bytes", "sha256", "characters")


def main() -> int:
    params = stage_params("scan_artifacts")
    loaded = load_policy(params["policy"])
    options = ScanOptions(workers=params["workers"], treat_as="artifacts")
    paths = [Path(path) for path in params["paths"]]
    report = run_scan(paths, loaded, options, load_hash_key(), report_path=Path(params["report"]))
    write_receipt("scan_artifacts", report, MEASURED)
    summary = report["summary"]
    print(f"scan_artifacts: {report['verdict']}: {summary['findings']} findings")
    return 0 if report["verdict"] == "pass" else 1


if __name__ == "__main__":
    run_stage("scan_artifacts", main)
