"""DVC stage `scan`: scan the raw corpus, write a redacted copy, prove the copy is clean.

The raw scan is expected to find the planted PII and secrets (its report is evidence); the
stage fails only if the redacted copy still holds anything the policy blocks.
"""

import sys
from pathlib import Path

from govern.findings import load_hash_key
from govern.policy import load_policy
from govern.records import ReaderOptions
from govern.scan.engine import ScanOptions
from govern.scan.report import run_scan
from govern.stage import stage_params

if __name__ == "__main__":
    params = stage_params("scan")
    loaded = load_policy(params["policy"])
    key = load_hash_key()
    reports = Path(params["reports"])
    redacted = Path(params["redacted"])
    reader = ReaderOptions(id_field=loaded.policy.dataset.id_field)
    options = ScanOptions(
        workers=params["workers"],
        redact_to=redacted,
        redact_mode=params["redact_mode"],
        reader=reader,
    )
    raw = run_scan(
        [Path(params["input"])],
        loaded,
        options,
        key,
        report_path=reports / "scan.json",
        sarif_path=reports / "scan.sarif",
    )
    clean = run_scan(
        [redacted],
        loaded,
        ScanOptions(workers=params["workers"], reader=reader),
        key,
        report_path=reports / "scan_redacted.json",
    )
    print(f"raw corpus: {raw['verdict']} ({raw['summary']['findings']} findings, redacted)")
    print(f"redacted copy: {clean['verdict']} ({clean['summary']['findings']} findings)")
    sys.exit(0 if clean["verdict"] == "pass" else 1)
