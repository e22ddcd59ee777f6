"""Every report kind and the model that writes and reads it (each owned by its stage).

The review and the command line look models up here by kind; a stage's model is imported only
when asked for, so naming the kinds costs nothing.
"""

from __future__ import annotations

import importlib
from typing import Any

from govern.contract import Report
from govern.errors import InputError

# kind -> "module:Model"
REPORT_MODELS: dict[str, str] = {
    "scan": "govern.scan.contract:ScanReport",
    # The trained adapter's and the training reports' scan: a scan report of artifacts.
    "artifact_scan": "govern.scan.contract:ScanReport",
    "licenses": "govern.licenses.contract:LicenseReport",
    "split": "govern.splits.contract:SplitReport",
    "leaks": "govern.splits.contract:LeakReport",
    "manifest": "govern.manifest.contract:Manifest",
    "backup": "govern.backup.contract:BackupReport",
    "retention_plan": "govern.retention.contract:RetentionPlan",
    "retention": "govern.retention.contract:RetentionReport",
    "preflight": "govern.train.contract:PreflightReport",
    "train_metrics": "govern.train.contract:TrainMetrics",
    "gates": "govern.train.contract:GateTable",
    "replay": "govern.train.contract:ReplayReport",
    "memorization": "govern.train.contract:MemorizationReport",
    "review": "govern.review.contract:ReviewReport",
}


def report_model(kind: str) -> type[Report]:
    """The model of ``kind``; InputError listing the known kinds for any other."""
    if kind not in REPORT_MODELS:
        raise InputError(f"unknown report kind {kind!r} (known: {', '.join(REPORT_MODELS)})")
    module, name = REPORT_MODELS[kind].split(":")
    model: type[Report] = getattr(importlib.import_module(module), name)
    return model


def report_schema(kind: str) -> dict[str, Any]:
    """The JSON schema of ``kind``'s report (as written, keys by their JSON names)."""
    return report_model(kind).model_json_schema(by_alias=True)
