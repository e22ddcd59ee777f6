"""Length histogram with the truncated count (preflight), skipped/truncated counts (metrics)."""

from __future__ import annotations

from pathlib import Path

from govern.train.data import Example, histogram_lines, length_histogram
from govern.train.recipe import load_data
from tests.train.conftest import Workspace


def example(length: int, truncated: bool = False) -> Example:
    ids = list(range(length))
    return Example("r", ids, ids, truncated, None, "s")


def test_histogram_buckets_lengths_and_counts_truncated_apart() -> None:
    examples = [example(1), example(8), example(9), example(64), example(64, truncated=True)]
    histogram = length_histogram(examples, 64)
    assert histogram["truncated"] == 1 and histogram["examples"] == 5
    counts = [(row["from"], row["to"], row["examples"]) for row in histogram["buckets"]]
    assert counts[0] == (1, 8, 2)  # 1 and 8: the bucket's edges are inclusive
    assert counts[1] == (9, 16, 1)
    assert counts[-1] == (57, 64, 1)  # 64 tokens, not cut: counted as a length, not truncated
    assert sum(row["examples"] for row in histogram["buckets"]) + histogram["truncated"] == 5
    lines = histogram_lines(histogram)
    assert lines[0] == "train lengths in tokens (5 examples):"
    assert lines[-1].split()[:4] == ["truncated", "at", "64", "1"]


def test_histogram_of_an_odd_limit_covers_it_exactly() -> None:
    histogram = length_histogram([example(10), example(10, truncated=True)], 10)
    assert histogram["buckets"][-1]["to"] == 10
    assert sum(row["examples"] for row in histogram["buckets"]) == 1
    assert length_histogram([], 10)["examples"] == 0


def test_records_and_metrics_count_skipped_and_truncated(
    workspace: Workspace, tmp_path: Path
) -> None:
    from govern.train import run_training

    config = workspace.config(
        max_seq_length=20, max_skipped_records=None, max_steps=1, eval_steps=1,
        output_dir=tmp_path / "adapter", reports_dir=tmp_path / "reports",
    )  # fmt: skip
    data = load_data(config)
    truncated = sum(e.truncated for e in data.train.examples)
    records = data.provenance["records"]["train"]
    assert records["truncated"] == truncated and records["lengths"]["truncated"] == truncated
    metrics = run_training(config)
    assert metrics["truncated"]["train"] == truncated
    assert metrics["skipped"]["train"] == sum(records["skipped"].values())
    assert metrics["skipped"]["train"] + metrics["records_trained"] == 40  # 20 chat + 20 alpaca
    assert truncated > 0 and metrics["skipped"]["train"] > 0  # this limit both cuts and skips
