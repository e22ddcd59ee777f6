"""DVC stage `scan`: scan the raw corpus, write a redacted copy, prove the copy is clean.

The raw scan is expected to find the planted PII and secrets (its report is evidence); the
stage fails only if the redacted copy still holds anything the policy blocks.
"""

import dataclasses
from pathlib import Path

from govern.findings import load_hash_key
from govern.policy import load_policy
from govern.scan.engine import ScanOptions
from govern.scan.report import run_scan
from govern.stage import run_stage, stage_params


def main() -> int | None:
    params = stage_params("scan")
    loaded = load_policy(params["policy"])
    if params.get("nlp_model"):  # an installed spaCy pipeline: names and places redacted too
        pii = loaded.policy.pii.model_copy(update={"nlp_model": params["nlp_model"]})
        loaded = dataclasses.replace(loaded, policy=loaded.policy.model_copy(update={"pii": pii}))
    key = load_hash_key()
    reports = Path(params["reports"])
    redacted = Path(params["redacted"])
    reader = loaded.policy.dataset.reader_options()
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
    return 0 if clean["verdict"] == "pass" else 1


if __name__ == "__main__":
    run_stage("scan", main)
