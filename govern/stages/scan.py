"""DVC stage `scan`: scan the raw corpus, write a redacted copy, prove the copy is clean.

The raw scan is expected to find the planted PII and secrets (its report is evidence); the
stage fails only if the redacted copy still holds anything the policy blocks.
"""

import dataclasses
import importlib.util
import sys
from pathlib import Path

from govern.findings import load_hash_key
from govern.policy import load_policy
from govern.scan.engine import ScanOptions
from govern.scan.report import run_scan
from govern.stage import run_stage, stage_params


def main() -> int | None:
    params = stage_params("scan")
    loaded = load_policy(params["policy"])
    model = params.get("nlp_model")
    if model and importlib.util.find_spec(model) is None:
        # a core install: the name lexicon and patterns alone; the reports record no model
        print(f"scan.nlp_model: {model} is not installed; names without NER", file=sys.stderr)
        model = None
    if model:  # NER judges the name candidates the lexicon cannot decide
        pii = loaded.policy.pii.model_copy(update={"nlp_model": model})
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
