"""Data parallelism across processes (``torchrun``: one process per replica).

Each replica takes its own micro-batches of every update (``steps.update_indices`` with its
rank), the supervised-token count and the gradients are summed across replicas, so every
replica takes the same step, equal to one process with ``replicas`` times the batch. Only rank 0
writes (checkpoints, adapter, reports). On CPU the backend is gloo, on CUDA nccl, each rank on
``cuda:LOCAL_RANK``. A single process (no ``WORLD_SIZE`` > 1) never touches torch.distributed.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass

import torch


@dataclass(frozen=True, slots=True)
class Replicas:
    """This process's rank among ``size`` replicas."""

    rank: int = 0
    size: int = 1

    @property
    def writer(self) -> bool:
        """Whether this replica writes files (rank 0 only)."""
        return self.rank == 0

    def sum_int(self, value: int) -> int:
        """``value`` summed over the replicas."""
        if self.size == 1:
            return value
        tensor = torch.tensor([value], dtype=torch.long)
        torch.distributed.all_reduce(tensor)
        return int(tensor.item())

    def sum_float(self, value: float) -> float:
        if self.size == 1:
            return value
        tensor = torch.tensor([value], dtype=torch.float64)
        torch.distributed.all_reduce(tensor)
        return float(tensor.item())

    def sum_gradients(self, parameters: Iterable[torch.nn.Parameter]) -> None:
        """Sum each trainable gradient over the replicas (each is already / global tokens)."""
        if self.size == 1:
            return
        for param in parameters:
            if param.requires_grad:
                # A replica whose share of the last update was empty still joins every reduce.
                if param.grad is None:
                    param.grad = torch.zeros_like(param)
                torch.distributed.all_reduce(param.grad)

    def barrier(self) -> None:
        if self.size > 1:
            torch.distributed.barrier()


def replicas_from_environment() -> Replicas:
    """The replicas ``torchrun`` describes (``RANK``, ``WORLD_SIZE``), joined once per process."""
    size = int(os.environ.get("WORLD_SIZE", "1"))
    if size <= 1:
        return Replicas()
    rank = int(os.environ["RANK"])
    if not torch.distributed.is_initialized():
        backend = "nccl" if torch.cuda.is_available() else "gloo"
        if backend == "nccl":
            torch.cuda.set_device(int(os.environ.get("LOCAL_RANK", rank)))
        torch.distributed.init_process_group(backend)
    return Replicas(rank, size)


def writer_process() -> bool:
    """Whether this process writes (rank 0, or a single process); no process group needed."""
    return os.environ.get("RANK", "0") == "0"
