"""DVC stage `memorization`: does the trained adapter complete the PII it was trained next to?

Params: ``train.*`` (which adapter, data and base model), ``memorization.labels`` (the ground
truth of values planted before redaction), ``memorization.report``, ``memorization.max_probes``.
The report holds keyed hashes and booleans only. Exits 1 when any original value is completed.
"""

from __future__ import annotations

from pathlib import Path

from govern.findings import load_hash_key
from govern.policy import load_policy
from govern.stage import run_stage, stage_params
from govern.train import parse_train_config
from govern.train.memorization import probe_memorization


def main() -> int:
    params = stage_params("memorization")
    train = stage_params("train")
    loaded = load_policy(train.pop("policy"))
    config = parse_train_config(train, source="params.yaml: train")
    result = probe_memorization(
        config,
        Path(params["labels"]),
        load_hash_key(),
        max_probes=params["max_probes"],
        policy=loaded,
        report=Path(params["report"]),
    )
    print(
        f"memorization: {result['verdict']}: {result['completed_values']} of "
        f"{result['probes']} original values completed"
    )
    return 0 if result["verdict"] == "pass" else 1


if __name__ == "__main__":
    run_stage("memorization", main)
