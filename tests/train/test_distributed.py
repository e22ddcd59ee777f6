"""Two CPU processes (gloo) with batch b take the same updates as one process with batch 2b;
rank-aware sharding, replicas in the accounting, one writer."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

import torch
from safetensors.torch import load_file

from govern.train import run_training
from govern.train.steps import accounting, epoch_order, update_indices
from tests.conftest import REPO_ROOT
from tests.train.conftest import Workspace

REPLICA = """
import json, sys
from govern.train import parse_train_config, run_training
metrics = run_training(parse_train_config(json.loads(sys.argv[1])))
print(json.dumps({"losses": [p["loss"] for p in metrics["loss_curve"]]}))
"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_replica_shards_partition_the_single_process_batches(workspace: Workspace) -> None:
    single = accounting(workspace.config(per_device_train_batch_size=4), 10)
    double = accounting(workspace.config(per_device_train_batch_size=2), 10, replicas=2)
    assert double.examples_per_update == single.examples_per_update == 8
    assert double.updates_per_epoch == single.updates_per_epoch == 2
    single_order, double_order = epoch_order(single, 0, 0), epoch_order(double, 0, 0)
    assert single_order == double_order  # the order depends on (seed, epoch), not the sharding
    for update in range(2):
        whole = [i for batch in update_indices(single, single_order, update) for i in batch]
        ranks = [update_indices(double, double_order, update, rank) for rank in (0, 1)]
        shards = [[i for batch in batches for i in batch] for batches in ranks]
        assert sorted(shards[0] + shards[1]) == sorted(whole)
        assert not set(shards[0]) & set(shards[1])  # no example on both replicas
    # The last update of the epoch has 2 examples: both on rank 0, none (no batch) on rank 1.
    assert update_indices(double, double_order, 1, 1) == []


def adapter(folder: Path) -> dict[str, torch.Tensor]:
    return load_file(str(folder / "adapter_model.safetensors"))


def test_two_replicas_of_batch_b_equal_one_process_of_batch_2b(workspace: Workspace) -> None:
    shared: dict[str, Any] = {
        "lora_dropout": 0.0,  # dropout draws differ per process; the arithmetic must not
        "gradient_accumulation_steps": 2,
        "max_steps": 3,
        "replay_controls": 1,
    }
    one = workspace.root / "ddp-one"
    single = workspace.config(
        per_device_train_batch_size=4,
        output_dir=one / "adapter",
        reports_dir=one / "reports",
        **shared,
    )
    reference = run_training(single)
    two = workspace.root / "ddp-two"
    config = workspace.config(
        per_device_train_batch_size=2,
        output_dir=two / "adapter",
        reports_dir=two / "reports",
        **shared,
    )
    values = json.dumps(config.model_dump(mode="json"))
    port = str(free_port())
    processes = [
        subprocess.Popen(
            [sys.executable, "-c", REPLICA, values],
            cwd=REPO_ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env={
                **os.environ,
                "PYTHONPATH": str(REPO_ROOT),
                "MASTER_ADDR": "127.0.0.1",
                "MASTER_PORT": port,
                "WORLD_SIZE": "2",
                "RANK": str(rank),
                "LOCAL_RANK": str(rank),
            },
        )
        for rank in (0, 1)
    ]
    outputs = [process.communicate(timeout=600) for process in processes]
    for process, (_, err) in zip(processes, outputs, strict=True):
        assert process.returncode == 0, err[-3000:]
    losses = [json.loads(out.strip().splitlines()[-1])["losses"] for out, _ in outputs]
    assert losses[0] == losses[1]  # every replica took the same steps
    expected = [point["loss"] for point in reference["loss_curve"]]
    assert torch.allclose(torch.tensor(losses[0]), torch.tensor(expected), atol=1e-5)
    ours, theirs = adapter(two / "adapter"), adapter(one / "adapter")
    assert ours.keys() == theirs.keys()
    for name, tensor in theirs.items():
        assert torch.allclose(ours[name], tensor, atol=1e-5), name
    # Near miss: the adapter really moved, so agreeing is not agreeing on the initial weights.
    assert any(float(t.abs().max()) > 1e-3 for n, t in theirs.items() if "lora_B" in n)
    metrics = json.loads((two / "reports" / "metrics.json").read_text(encoding="utf-8"))
    assert metrics["accounting"]["replicas"] == 2
    assert metrics["accounting"]["examples_per_update"] == 8
    assert metrics["stop_reason"] == "completed"
    # One writer: one log line per update, not one per replica.
    log = (two / "reports" / "log.jsonl").read_text(encoding="utf-8").splitlines()[1:]
    assert [json.loads(line)["step"] for line in log] == [1, 2, 3]
