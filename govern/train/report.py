"""What a run leaves behind in ``reports_dir``: metrics (loss curve, accounting) and the gate table.

Written for every run, failed and stopped ones included, so the record is honest.
"""

from __future__ import annotations

import math
import platform
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import TYPE_CHECKING, Any

from govern.contract import write_report
from govern.io import atomic_write_text
from govern.train import contract
from govern.train.config import TrainConfig
from govern.train.gates import GateTable

if TYPE_CHECKING:
    from govern.train.run import Run

STOP_AFTER = "(stop_after_steps)"  # how a stop for a later resume ends its stop reason
PACKAGES = ("torch", "transformers", "peft", "safetensors", "govern-data")


def run_metrics(run: Run) -> dict[str, Any]:
    """The run's record: config, accounting, curves, stop reason, versions and provenance."""
    losses = run.progress.losses
    records = run.provenance.get("records", {})
    return {
        "config": run.config.model_dump(mode="json"),
        "accounting": run.plan.to_json(),
        "accounting_summary": run.plan.describe(),
        "held_fixed": run.plan.holds_fixed,
        "steps": run.progress.step,
        # Losses to 7 significant digits: enough for any comparison, and a 16-digit float can
        # pass a credit-card checksum in the artifact scan.
        "loss_curve": [{"step": i + 1, "loss": significant(loss)} for i, loss in enumerate(losses)],
        "final_loss": significant(losses[-1]) if losses else None,
        "validation": [
            {**point, "loss": significant(point["loss"])} for point in run.progress.evals
        ],
        "stop_reason": run.stop_reason,
        "stopped_in_phase": run.gates.failed_phase(),
        # Set when the run stopped at stop_after_steps: the checkpoint to resume from.
        "resume_from": str(run.last_checkpoint) if run.stop_reason.endswith(STOP_AFTER) else None,
        # What trained: records per split and source (validation is held out, never counted as
        # trained), every record left out by reason, and the label tokens the updates used.
        "records": records,
        # What the validation loss is worth: token frequencies alone, and uniform guessing.
        "baselines": baselines(run),
        "records_trained": sum(records.get("train", {}).get("by_source", {}).values()),
        "tokens_supervised": run.progress.tokens_supervised,
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
            "device": str(next(run.model.parameters()).device),  # cuda:0, mps:0 or cpu
        },
        "provenance": run.provenance,
    }


def skipped_and_truncated(records: dict[str, Any]) -> dict[str, dict[str, int]]:
    """Per split: records skipped (every reason together) and examples truncated."""
    return {
        "skipped": {split: sum(c.get("skipped", {}).values()) for split, c in records.items()},
        "truncated": {split: c.get("truncated", 0) for split, c in records.items()},
    }


def baselines(run: Run) -> dict[str, float | None]:
    """The unigram (train-token frequencies) and uniform validation losses, in nats per token."""
    from govern.train.steps import unigram_baseline

    if not run.validation_examples:
        return {"unigram": None, "uniform": None}
    vocabulary = len(run.tokenizer)
    unigram = unigram_baseline(run.train_examples, run.validation_examples, vocabulary)
    return {"unigram": significant(unigram), "uniform": significant(math.log(vocabulary))}


def write_failure(config: TrainConfig, gates: GateTable, made_by: dict[str, Any]) -> None:
    """The record of a run refused before it trained: metrics and gates naming the phase."""
    phase = gates.failed_phase() or "setup"
    detail = next((row.detail for row in gates.rows if row.phase == phase), "")
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


def write_reports(run: Run) -> dict[str, Any]:
    """Write ``metrics.json``, ``gates.json`` and a readable ``gates.md``; returns the metrics."""
    metrics = run_metrics(run)
    write_records(run.config.reports_dir, metrics, run.gates)
    return metrics


def write_records(folder: Path, metrics: dict[str, Any], gates: GateTable) -> None:
    """``metrics.json`` and ``gates.json`` through their models, and ``gates.md``."""
    rows = gates.to_json()
    write_report(folder / "metrics.json", contract.TrainMetrics, metrics)
    write_report(folder / "gates.json", contract.GateTable, rows)
    atomic_write_text(folder / "gates.md", gate_markdown(rows))


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


def _versions() -> dict[str, str | None]:
    found: dict[str, str | None] = {}
    for name in PACKAGES:
        try:
            found[name] = version(name)
        except PackageNotFoundError:
            found[name] = None
    return found
