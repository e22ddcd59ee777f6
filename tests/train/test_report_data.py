"""The trainer's reports are written from plain data (``RunSummary``), never from the model.

What ``govern.train.report`` imports reaches neither torch nor ``Run``: the recipe builds the
summary, the report only formats and writes it.
"""

from __future__ import annotations

import ast
import json
from pathlib import Path
from typing import Any

import pytest

from govern.train.config import TrainConfig
from govern.train.report import STOP_AFTER, RunSummary, exit_code, write_failure, write_reports
from tests.test_architecture import GOVERN, import_graph, module_files


def _reach(module: str) -> tuple[set[str], set[str]]:
    """The ``govern`` modules ``module`` imports, directly or through others (as
    tests/test_architecture.py reads them, lazy imports included), and the outside top-level
    packages any of them imports."""
    graph = import_graph(GOVERN)
    files = module_files(GOVERN)
    seen, todo = {module}, [module]
    while todo:
        for target in graph[todo.pop()] - seen:
            seen.add(target)
            todo.append(target)
    outside: set[str] = set()
    for name in seen:
        for node in ast.walk(ast.parse(files[name].read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                outside.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                outside.add(node.module.split(".")[0])
    return seen, outside


def test_the_report_module_imports_no_torch_and_no_run() -> None:
    reached, outside = _reach("govern.train.report")
    assert "torch" not in outside and "govern.train.run" not in reached
    # Near miss: the recipe that builds the summary does reach both.
    reached, outside = _reach("govern.train.recipe")
    assert "torch" in outside and "govern.train.run" in reached


def _row(phase: str, passed: bool, detail: str = "") -> dict[str, Any]:
    return {
        "phase": phase,
        "step": 0,
        "passed": passed,
        "detail": detail,
        "seconds": 0.1,
        "host_peak_rss_mb": 100.0,
        "cuda_max_allocated_mb": "n/a",
        "cuda_max_reserved_mb": "n/a",
    }


def _summary(tmp_path: Path, **changes: Any) -> RunSummary:
    values: dict[str, Any] = {
        "config": TrainConfig(reports_dir=tmp_path / "reports", max_steps=3),
        "accounting": {
            "examples": 6,
            "micro_batch": 2,
            "accumulation": 1,
            "replicas": 1,
            "examples_per_update": 2,
            "micro_batches_per_epoch": 3,
            "updates_per_epoch": 3,
            "total_updates": 3,
            "epochs": 1,
            "holds_fixed": "updates",
        },
        "accounting_summary": "6 examples",
        "held_fixed": "updates",
        "steps": 3,
        "losses": [2.123456789012345, 1.9, 1.5],
        "evals": [{"step": 3, "loss": 1.7000000000000002}],
        "tokens_supervised": 120,
        "baselines": {"unigram": 2.5000000001, "uniform": None},
        "stop_reason": "completed",
        "last_checkpoint": None,
        "seconds": 1.23456,
        "device": "cpu",
        "gates": [_row("data gate", True), _row("train", True)],
        "provenance": {"records": {"train": {"by_source": {"chats": 4, "alpaca": 2}}}},
    }
    return RunSummary(**(values | changes))


def test_reports_are_written_from_a_summary_without_a_model(tmp_path: Path) -> None:
    metrics = write_reports(_summary(tmp_path))
    folder = tmp_path / "reports"
    assert json.loads((folder / "metrics.json").read_text()) == metrics
    assert metrics["loss_curve"][0] == {"step": 1, "loss": 2.123457}  # 7 significant digits
    assert metrics["final_loss"] == 1.5 and metrics["validation"] == [{"step": 3, "loss": 1.7}]
    assert metrics["baselines"] == {"unigram": 2.5, "uniform": None}
    assert metrics["records_trained"] == 6 and metrics["hardware"]["device"] == "cpu"
    assert metrics["stopped_in_phase"] is None and metrics["resume_from"] is None
    assert [row["phase"] for row in json.loads((folder / "gates.json").read_text())] == [
        "data gate",
        "train",
    ]
    assert exit_code(metrics) == 0


def test_a_failed_phase_and_a_resumable_stop_are_read_from_the_summary(tmp_path: Path) -> None:
    failed = _summary(
        tmp_path,
        gates=[_row("data gate", True), _row("train", False, "loss diverged")],
        stop_reason="diverged: loss nan at update 2",
    )
    metrics = write_reports(failed)
    assert metrics["stopped_in_phase"] == "train" and exit_code(metrics) == 1
    assert "| train | 0 | FAIL |" in (tmp_path / "reports" / "gates.md").read_text()
    stopped = _summary(
        tmp_path, stop_reason=f"stopped at update 2 {STOP_AFTER}", last_checkpoint="ck/step-2"
    )
    assert write_reports(stopped)["resume_from"] == "ck/step-2"
    # Near miss: a checkpoint without the stop_after_steps stop is nothing to resume from.
    assert write_reports(_summary(tmp_path, last_checkpoint="ck/step-2"))["resume_from"] is None


@pytest.mark.parametrize(
    ("rows", "phase"),
    [([], "setup"), ([_row("data gate", False, "source clinic denied")], "data gate")],
)
def test_a_refused_run_names_its_phase_from_the_gate_rows(
    tmp_path: Path, rows: list[dict[str, Any]], phase: str
) -> None:
    config = TrainConfig(reports_dir=tmp_path / "reports", max_steps=3)
    write_failure(config, rows, {"records": None})
    metrics = json.loads((tmp_path / "reports" / "metrics.json").read_text())
    assert metrics["stopped_in_phase"] == phase and metrics["steps"] == 0
    assert metrics["stop_reason"].startswith(f"failed in {phase}")
