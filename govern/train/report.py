"""What a run leaves behind in ``reports_dir``: metrics (loss curve, accounting) and the gate table.

Written for every run, failed and stopped ones included, so the record is honest.
"""

from __future__ import annotations

import platform
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

from govern.contract import write_report
from govern.io import atomic_write_text
from govern.train import contract
from govern.train.config import TrainConfig

STOP_AFTER = "(stop_after_steps)"  # how a stop for a later resume ends its stop reason
PACKAGES = ("torch", "transformers", "peft", "safetensors", "govern-data")


@dataclass(frozen=True, slots=True)
class RunSummary:
    """What a run trained and measured, as plain data: what the reports are written from.

    The recipe builds it from its ``Run`` (``recipe.run_summary``); nothing here holds the model,
    the optimizer or a tensor, and this module's imports reach no torch.
    """

    config: TrainConfig
    accounting: dict[str, Any]  # ``steps.Accounting.to_json()``
    accounting_summary: str
    held_fixed: str  # "updates" or "epochs"
    steps: int  # optimizer updates done
    losses: list[float]  # training loss per update
    evals: list[dict[str, float]]  # validation points: step, loss, ...
    tokens_supervised: int
    baselines: dict[str, float | None]  # validation loss of unigram and uniform guessing
    stop_reason: str
    last_checkpoint: str | None
    seconds: float
    device: str  # where the model ran: cuda:0, mps:0 or cpu
    gates: list[dict[str, Any]]  # ``gates.GateTable.to_json()``: one row per checked phase
    provenance: dict[str, Any]  # tool, policy, inputs, records, data gate


def run_metrics(run: RunSummary) -> dict[str, Any]:
    """The run's record: config, accounting, curves, stop reason, versions and provenance."""
    losses = run.losses
    records = run.provenance.get("records", {})
    return {
        "config": run.config.model_dump(mode="json"),
        "accounting": run.accounting,
        "accounting_summary": run.accounting_summary,
        "held_fixed": run.held_fixed,
        "steps": run.steps,
        # Losses to 7 significant digits: enough for any comparison, and a 16-digit float can
        # pass a credit-card checksum in the artifact scan.
        "loss_curve": [{"step": i + 1, "loss": significant(loss)} for i, loss in enumerate(losses)],
        "final_loss": significant(losses[-1]) if losses else None,
        "validation": [{**point, "loss": significant(point["loss"])} for point in run.evals],
        "stop_reason": run.stop_reason,
        "stopped_in_phase": failed_phase(run.gates),
        # Set when the run stopped at stop_after_steps: the checkpoint to resume from.
        "resume_from": run.last_checkpoint if run.stop_reason.endswith(STOP_AFTER) else None,
        # What trained: records per split and source (validation is held out, never counted as
        # trained), every record left out by reason, and the label tokens the updates used.
        "records": records,
        # What the validation loss is worth: token frequencies alone, and uniform guessing.
        "baselines": {name: _maybe_significant(loss) for name, loss in run.baselines.items()},
        "records_trained": sum(records.get("train", {}).get("by_source", {}).values()),
        "tokens_supervised": run.tokens_supervised,
        # Records that could not train (any reason) and examples cut at max_seq_length.
        **skipped_and_truncated(records),
        # Sources trained and those left out of the approved data (denied, awaiting review).
        "data_gate": run.provenance.get("data_gate"),
        "seconds": round(run.seconds, 3),
        "seed": run.config.seed,
        "packages": _versions(),
        "hardware": {
            "python": platform.python_version(),
            "machine": platform.machine(),
            "device": run.device,
        },
        "provenance": run.provenance,
    }


def failed_phase(gates: list[dict[str, Any]]) -> str | None:
    """The phase of the last failed row of a gate table (``GateTable.to_json()``), if any."""
    failed = [row["phase"] for row in gates if not row["passed"]]
    return failed[-1] if failed else None


def skipped_and_truncated(records: dict[str, Any]) -> dict[str, dict[str, int]]:
    """Per split: records skipped (every reason together) and examples truncated."""
    return {
        "skipped": {split: sum(c.get("skipped", {}).values()) for split, c in records.items()},
        "truncated": {split: c.get("truncated", 0) for split, c in records.items()},
    }


def write_failure(
    config: TrainConfig, gates: list[dict[str, Any]], made_by: dict[str, Any]
) -> None:
    """The record of a run refused before it trained: metrics and the gate rows
    (``GateTable.to_json()``) naming the phase."""
    phase = failed_phase(gates) or "setup"
    detail = next((row["detail"] for row in gates if row["phase"] == phase), "")
    metrics: dict[str, Any] = {
        "config": config.model_dump(mode="json"),
        "steps": 0,
        "loss_curve": [],
        "final_loss": None,
        "validation": [],
        "stop_reason": f"failed in {phase}: {detail}",
        "stopped_in_phase": phase,
        "records": made_by.get("records"),
        "records_trained": 0,
        "tokens_supervised": 0,
        **skipped_and_truncated(made_by.get("records") or {}),
        "resume_from": None,
        "packages": _versions(),
        "hardware": {"python": platform.python_version(), "machine": platform.machine()},
        "provenance": made_by,
    }
    write_records(config.reports_dir, metrics, gates)


def exit_code(metrics: dict[str, Any]) -> int:
    """0 for a completed or early-stopped run, or one stopped at ``stop_after_steps``; else 1."""
    kept = metrics["stop_reason"].startswith("no improvement")  # early stop: best adapter kept
    return 0 if metrics["stop_reason"] == "completed" or kept or metrics.get("resume_from") else 1


def resume_hint(metrics: dict[str, Any], config_path: str = "<config>") -> str | None:
    """How to resume a run stopped at ``stop_after_steps``; None for any other run."""
    if not metrics.get("resume_from"):
        return None
    return (
        f"{metrics['stop_reason']}; to resume, set resume_from_checkpoint: "
        f"{metrics['resume_from']} (or latest), unset stop_after_steps, and run "
        f"`govern train --config {config_path}` again"
    )


def write_reports(run: RunSummary) -> dict[str, Any]:
    """Write ``metrics.json``, ``gates.json`` and a readable ``gates.md``; returns the metrics."""
    metrics = run_metrics(run)
    write_records(run.config.reports_dir, metrics, run.gates)
    return metrics


def write_records(folder: Path, metrics: dict[str, Any], gates: list[dict[str, Any]]) -> None:
    """``metrics.json`` and ``gates.json`` through their models, and ``gates.md``."""
    write_report(folder / "metrics.json", contract.TrainMetrics, metrics)
    write_report(folder / "gates.json", contract.GateTable, gates)
    atomic_write_text(folder / "gates.md", gate_markdown(gates))


def gate_markdown(rows: list[dict[str, Any]]) -> str:
    """The gate table as Markdown, one row per checked phase."""
    columns = ["phase", "step", "verdict", "seconds", "host RSS MB before -> after", "peak"]
    columns += ["CUDA max allocated MB", "CUDA max reserved MB", "detail"]
    lines = ["| " + " | ".join(columns) + " |", "|" + "---|" * len(columns)]
    for row in rows:
        verdict = "pass" if row["passed"] else "FAIL"
        lines.append(
            f"| {row['phase']} | {row['step']} | {verdict} | {row['seconds']} | "
            f"{row.get('host_rss_before_mb')} -> {row.get('host_rss_after_mb')} | "
            f"{row['host_peak_rss_mb']} ({row.get('host_peak_scope', 'process')}) | "
            f"{row['cuda_max_allocated_mb']} | "
            f"{row['cuda_max_reserved_mb']} | {row['detail']} |"
        )
    return "\n".join(lines) + "\n"


def significant(value: float) -> float:
    """``value`` to 7 significant digits, for reports (a long float can look like a card number)."""
    return float(f"{value:.7g}")


def _maybe_significant(value: float | None) -> float | None:
    return None if value is None else significant(value)


def _versions() -> dict[str, str | None]:
    found: dict[str, str | None] = {}
    for name in PACKAGES:
        try:
            found[name] = version(name)
        except PackageNotFoundError:
            found[name] = None
    return found
