"""DVC stage `preflight`: the eight preflight checks on the `train` config, before training.

Params: ``train.*`` (the config checked), ``preflight.report``. Writes one row per check
(inputs, measured, duration_s, verdict, advice) and the sizing sheet; exits 1 when a check
fails, so the `train` stage (which depends on the report's receipt) does not start.

The report holds this run's durations, measurements (throughput, memory, free disk) and the
sizing sheet's time and memory estimates: DVC tracks its receipt, the checks and verdicts.
"""

from __future__ import annotations

from pathlib import Path

from govern.policy import load_policy
from govern.stage import read_report, run_stage, stage_params, write_receipt
from govern.train import parse_train_config, run_preflight

# What this machine and run measured, and the estimates made from it.
MEASURED = (
    "duration_s",
    "measured",
    "expected_result",
    "expected_seconds",
    "reserve_seconds",
    "memory_per_device",
)


def main() -> int:
    params = stage_params("preflight")
    train = stage_params("train")
    loaded = load_policy(train.pop("policy"))
    config = parse_train_config(train, source="params.yaml: train")
    result = run_preflight(config, loaded, Path(params["report"]))
    write_receipt("preflight", read_report(params["report"]), MEASURED)
    for row in result.rows:
        print(f"preflight: {row.check:<22} {row.verdict:<8} {row.duration_s:>7}s {row.advice}")
    return result.exit_code


if __name__ == "__main__":
    run_stage("preflight", main)
