"""DVC stage `train`: train a LoRA adapter on the leak-free splits, gated by the signed manifest.

Params: ``train.*`` are TrainConfig keys (see ``pipelines/train.yaml`` for all of them), plus
the top-level ``policy`` (its ``training`` section sets the verdicts required). Writes the
adapter to ``train.output_dir`` (safetensors only) and ``train.reports_dir``: ``metrics.json``
(loss curve, validation points, accounting, stop reason, data gate, versions, adapter sha256),
the phase gate table (``gates.json``, ``gates.md``), and ``replay.json``: control inputs
replayed through the adapter reloaded from its bytes, against ``controls.safetensors`` saved at
training time. Exits 1 when the data gate, a phase gate or the replay refuses.

``metrics.json``, ``gates.json`` and ``gates.md`` hold this run's times and memory peaks: DVC
tracks the receipt, both reports less those fields (``reports/receipts/train.json``, shaped
like ``metrics.json`` plus ``gates``).
"""

from __future__ import annotations

from govern.policy import load_policy
from govern.stage import read_report, run_stage, stage_params, write_receipt
from govern.train import parse_train_config, run_training
from govern.train.report import exit_code, resume_hint

MEASURED = (
    "seconds",
    "host_peak_rss_mb",
    "host_rss_before_mb",
    "host_rss_after_mb",
    "cuda_max_allocated_mb",
    "cuda_max_reserved_mb",
)


def main() -> int:
    params = stage_params("train")
    loaded = load_policy(params.pop("policy"))
    config = parse_train_config(params, source="params.yaml: train")
    metrics = run_training(config, loaded)
    gates = read_report(config.reports_dir / "gates.json")
    write_receipt(
        "train", {**read_report(config.reports_dir / "metrics.json"), "gates": gates}, MEASURED
    )
    print(f"train: {metrics['accounting_summary']}")
    print(f"train: {metrics['stop_reason']}, final loss {metrics['final_loss']}")
    print(f"train: excluded sources {metrics['data_gate']['excluded_sources']}")
    if (hint := resume_hint(metrics, "params.yaml")) is not None:
        print(f"train: {hint}")
    return exit_code(metrics)


if __name__ == "__main__":
    run_stage("train", main)
