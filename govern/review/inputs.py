"""What the review reads and what it made of it: the pipeline's paths, ``Input``, ``Check``,
``Collected``.

Plain records, so the checks, the verdict and the section builders share them without
importing ``collect``, which reads the files and runs the checks.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from govern import __version__

Status = Literal["ok", "missing", "unreadable", "not provided"]

# key -> path relative to the project: the files the pipeline's stages write (see dvc.yaml).
INPUTS: dict[str, str] = {
    "scan": "reports/scan/scan.json",
    "scan_redacted": "reports/scan/scan_redacted.json",
    "sarif": "reports/scan/scan.sarif",
    "licenses": "reports/licenses.json",
    "split": "reports/split.json",
    "leaks": "reports/leaks.json",
    "metrics": "reports/metrics.json",
    "manifest": "data/manifest.json",
    "backup": "reports/backup.json",
    "retention_plan": "reports/retention_plan.json",
    "retention": "reports/retention.json",
    "preflight": "reports/train/preflight.json",
    "train_metrics": "reports/train/metrics.json",
    "gates": "reports/train/gates.json",
    "replay": "reports/train/replay.json",
    "artifact_scan": "reports/train/artifact_scan.json",
    "memorization": "reports/train/memorization.json",
    "retention_log": "audit/retention.jsonl",
}
# Inputs read through their stage's report model (govern/reports.py): key -> report kind.
MODELLED: dict[str, str] = {
    "scan": "scan",
    "scan_redacted": "scan",
    "licenses": "licenses",
    "split": "split",
    "leaks": "leaks",
    "manifest": "manifest",
    "artifact_scan": "artifact_scan",
    "backup": "backup",
    "retention_plan": "retention_plan",
    "retention": "retention",
    "preflight": "preflight",
    "train_metrics": "train_metrics",
    "gates": "gates",
    "replay": "replay",
    "memorization": "memorization",
}
# Reports whose absence blocks the review unless the policy's ``review.required`` says otherwise.
REQUIRED = ("scan", "scan_redacted", "licenses", "split", "leaks", "manifest")
MANIFEST_SIGNATURE = "data/manifest.json.sig"
ADAPTER = "models/adapter"
# Where the base model is when the project's params.yaml does not say (``train.base_model``).
BASE_MODEL = "data/sample/model"
BASE_MODEL_SIGNATURE = "models/base_model.sig"
PARAMS = "params.yaml"
RETENTION_LOG = "audit/retention.jsonl"
RETENTION_ANCHOR = ".govern/retention-anchor.json"
RUNS = "runs"
APPROVAL = "reports/review_approval.json"
DEFAULT_TRUSTED_KEY = ".govern/signing.key.pub"


@dataclass(slots=True)
class Input:
    """One file the review read: where, whether it was there, its sha256 and parsed content."""

    key: str
    path: str  # relative to the project, POSIX
    status: Status
    sha256: str | None = None
    data: Any = None
    problem: str | None = None  # why it is unreadable; never quotes the content

    @property
    def ok(self) -> bool:
        return self.status == "ok"

    @property
    def absent(self) -> bool:
        """Missing from the project layout, or not among the reports a user gave."""
        return self.status in ("missing", "not provided")

    def to_json(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "status": self.status,
            "sha256": self.sha256,
            "problem": self.problem,
        }


@dataclass(slots=True)
class Check:
    """A check the review ran itself: a signature, the manifest's files, the deletion log."""

    name: str
    status: Literal["ok", "failed", "missing", "not run"]
    detail: str = ""
    facts: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"status": self.status, "detail": self.detail, "facts": self.facts}


@dataclass(slots=True)
class Campaign:
    """One campaign folder under ``runs/``: its ledger (every run) and summary."""

    name: str
    ledger: Input
    summary: Input
    runs: list[dict[str, Any]] = field(default_factory=list)


@dataclass(slots=True)
class Collected:
    """Everything the verdict and the renderers need; built by ``collect`` or by tests."""

    inputs: dict[str, Input]
    checks: dict[str, Check] = field(default_factory=dict)
    campaigns: list[Campaign] = field(default_factory=list)
    excerpts: list[dict[str, Any]] = field(default_factory=list)
    policy_sha256: str | None = None
    policy_path: str | None = None
    tool_version: str = __version__
    given: bool = False  # reports named by the user, not the pipeline's layout
    required: tuple[str, ...] = REQUIRED
    # Types the policy's pii.must_cover names; None without a policy (the scan's record is read)
    must_cover: tuple[str, ...] | None = None
    # The base model the trainer loaded and its signature (project-relative unless outside it)
    base_model: str = BASE_MODEL
    base_model_signature: str = BASE_MODEL_SIGNATURE

    def data(self, key: str) -> Any:
        """The parsed content of ``key`` when it was read, else None."""
        found = self.inputs.get(key)
        return found.data if found is not None and found.ok else None

    def path(self, key: str) -> str:
        """Where ``key`` was read from (the user's path, or the pipeline's default)."""
        found = self.inputs.get(key)
        return found.path if found is not None else INPUTS.get(key, key)
