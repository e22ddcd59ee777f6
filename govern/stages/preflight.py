"""DVC stage `preflight`: the eight preflight checks on the `train` config, before training.

Params: ``train.*`` (the config checked), ``preflight.report``. Writes one row per check
(inputs, measured, duration_s, verdict, advice) and the sizing sheet; exits 1 when a check
fails, so the `train` stage (which depends on the report) does not start.
"""

from __future__ import annotations

from pathlib import Path

from govern.policy import load_policy
from govern.stage import run_stage, stage_params
from govern.train import parse_train_config, run_preflight


def main() -> int:
    params = stage_params("preflight")
    train = stage_params("train")
    loaded = load_policy(train.pop("policy"))
    config = parse_train_config(train, source="params.yaml: train")
    result = run_preflight(config, loaded, Path(params["report"]))
    for row in result.rows:
        print(f"preflight: {row.check:<22} {row.verdict:<8} {row.duration_s:>7}s {row.advice}")
    return result.exit_code


if __name__ == "__main__":
    run_stage("preflight", main)
