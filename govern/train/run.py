"""``Run``: everything a training run holds between ``setup`` and ``cleanup``.

A plain record, apart from the recipe, so what reads a run (``report``, ``resume``) does not
import the recipe that makes it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import torch

from govern.train.checkpoint import Progress
from govern.train.config import TrainConfig
from govern.train.data import Example
from govern.train.distributed import Replicas
from govern.train.gates import GateTable
from govern.train.steps import Accounting


@dataclass(frozen=True, slots=True)
class Best:
    """The adapter tensors at the best validation so far."""

    step: int
    loss: float
    tensors: dict[str, torch.Tensor]


@dataclass(slots=True)
class Run:
    """Everything a run holds between setup and cleanup."""

    config: TrainConfig
    model: Any  # a peft PeftModel
    tokenizer: Any
    train_examples: list[Example]
    validation_examples: list[Example]
    plan: Accounting
    optimizer: torch.optim.Optimizer
    scheduler: Any
    progress: Progress = field(default_factory=Progress)
    gates: GateTable = field(default_factory=GateTable)
    provenance: dict[str, Any] = field(default_factory=dict)
    stop_reason: str = "not started"
    seconds: float = 0.0
    scaler: Any = None  # a GradScaler for fp16, else None
    replay: dict[str, Any] = field(default_factory=dict)
    last_checkpoint: Path | None = None
    replicas: Replicas = field(default_factory=Replicas)
    best: Best | None = None
    padding_free: bool = False  # micro-batches as one unpadded row (attention.use_padding_free)
