"""The models of the training reports in ``reports_dir``: ``preflight.json``, ``metrics.json``,
``gates.json``, ``replay.json`` and ``memorization.json``.

Numbers that a run writes as an int or a float (a measured value, a duration rounded to 0) are
``int | float``, so a report reads back to the same bytes.
"""

from __future__ import annotations

from typing import Any, Literal

from govern.contract import InputRef, PolicyRef, Provenance, ReportModel, ReportRows, ToolRef

Number = int | float


class PreflightCheck(ReportModel):
    """One preflight check: what it was given, what it measured, and advice when it failed."""

    check: str
    verdict: Literal["pass", "fail", "not run"]
    # Per check, its own settings and measurements (keys differ by check).
    inputs: dict[str, Any]
    measured: dict[str, Any]
    duration_s: Number
    advice: str


class SizingSheet(ReportModel):
    """The sizing sheet for the full run, from the measured checks."""

    expected_result: str
    lengths: dict[str, Any] | None  # the training examples' length histogram
    memory_per_device: dict[str, Any]  # the longest step's measurements
    max_seq_length: int
    longest_sequence: int | None
    precision: str
    micro_batch: int
    accumulation: int
    examples_per_update: int
    distribution: str
    updates: int
    expected_seconds: Number
    reserve_seconds: Number


class NoSizing(ReportModel):
    """The sizing sheet of a preflight whose environment check failed: empty."""


class PreflightReport(ReportModel):
    """``govern preflight``: every check in order, the sizing sheet and the verdict."""

    checks: list[PreflightCheck]
    sizing: SizingSheet | NoSizing
    verdict: Literal["pass", "fail"]
    provenance: Provenance


class LossPoint(ReportModel):
    step: int
    loss: float


class Baselines(ReportModel):
    """What the validation loss is worth: unigram frequencies and uniform guessing (nats)."""

    unigram: float | None
    uniform: float | None


class Hardware(ReportModel):
    python: str
    machine: str
    device: str | None = None  # absent when the run failed before a model was loaded


class Accounting(ReportModel):
    """``steps.Accounting``: how many examples make an update and updates make the run."""

    examples: int
    micro_batch: int
    accumulation: int
    replicas: int
    examples_per_update: int
    micro_batches_per_epoch: int
    updates_per_epoch: int
    total_updates: int
    epochs: Number
    holds_fixed: Literal["updates", "epochs"]


class TrainMetrics(ReportModel):
    """``metrics.json``: a run's record, written for failed and stopped runs too.

    The keys a run that never trained has no value for (``accounting`` to ``seed``) are absent
    from a refused run's record.
    """

    config: dict[str, Any]  # TrainConfig as JSON (its own model checks it when a run reads it)
    accounting: Accounting | None = None
    accounting_summary: str | None = None
    held_fixed: str | None = None
    steps: int
    loss_curve: list[LossPoint]
    final_loss: float | None
    validation: list[LossPoint]
    stop_reason: str
    stopped_in_phase: str | None
    resume_from: str | None
    # Per split: records by source, skipped by reason, truncated, lengths (None when the run
    # was refused before reading its data).
    records: dict[str, Any] | None
    baselines: Baselines | None = None
    records_trained: int
    tokens_supervised: int
    skipped: dict[str, int]
    truncated: dict[str, int]
    data_gate: dict[str, Any] | None = None
    seconds: Number | None = None
    seed: int | None = None
    packages: dict[str, str | None]
    hardware: Hardware
    # provenance() plus what the run added (records, data gate, adapter and predictions sha256).
    provenance: dict[str, Any]


class GateRow(ReportModel):
    """``gates.GateRow``: one checked phase, its verdict, duration and memory."""

    phase: str
    step: int
    passed: bool
    detail: str
    seconds: Number
    host_peak_rss_mb: Number | None
    cuda_max_allocated_mb: Number | str  # "n/a on CPU" without CUDA
    cuda_max_reserved_mb: Number | str
    host_rss_before_mb: Number | None = None
    host_rss_after_mb: Number | None = None
    host_peak_scope: Literal["phase", "process"] = "phase"


class GateTable(ReportRows):
    """``gates.json``: the gate rows of one run, in the order they were checked."""

    root: list[GateRow]


class MadeBy(ReportModel):
    """Tool, policy and inputs of the run a report belongs to (its provenance less params)."""

    tool: ToolRef
    policy: PolicyRef | None
    inputs: list[InputRef]


class ReplayControl(ReportModel):
    id: str
    match: bool
    max_abs_diff: float
    greedy_tokens_equal: bool


class ReplayReport(ReportModel):
    """``replay.json``: control prompts through the trained model and the reloaded adapter."""

    verdict: Literal["pass", "fail"]
    tolerance: float
    controls: list[ReplayControl]
    adapter: str
    adapter_sha256: dict[str, str]
    predictions: str
    predictions_sha256: str
    loader: str
    provenance: MadeBy


class ProbeItem(ReportModel):
    """One planted value probed: where it was and whether the model completed it (no value)."""

    record_id: str
    type: str
    field: str
    value_hash: str
    completed: bool


class ProbeCounts(ReportModel):
    probes: int
    completed: int


class MemorizationProvenance(Provenance):
    labels: str  # the ground truth file the planted values came from


class MemorizationReport(ReportModel):
    """``memorization.json``: planted values the trained adapter completes (hashes only)."""

    verdict: Literal["pass", "fail"]
    probes: int
    completed_values: int
    by_type: dict[str, ProbeCounts]
    skipped: dict[str, int]
    planted_in_training: int
    items: list[ProbeItem]
    provenance: MemorizationProvenance
