"""Resumable checkpoints: tensors in safetensors, everything else in JSON, never pickle.

A checkpoint folder holds the adapter (``adapter/``, peft's safetensors), ``optimizer.safetensors``
(the optimizer's tensor state), ``rng.safetensors`` (torch's generator) and ``state.json`` (step,
data position, loss curve, optimizer groups, scheduler, python and numpy RNG). It is written
with ``atomic_dir``, so a crash mid-save leaves the previous checkpoint whole.
"""

from __future__ import annotations

import hashlib
import json
import random
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import torch
from safetensors.torch import load_file, save_file

from govern.errors import InputError
from govern.io import atomic_dir, atomic_write_json
from govern.train.config import TrainConfig

STATE_FILE = "state.json"
OPTIMIZER_FILE = "optimizer.safetensors"
RNG_FILE = "rng.safetensors"
ADAPTER_DIR = "adapter"
# LoraConfig fields peft keeps as sets, written in set order (it changes with each process's
# string hashing).
SET_FIELDS = ("target_modules", "exclude_modules")


def save_adapter(model: Any, folder: Path) -> None:
    """``model.save_pretrained(folder)`` in safetensors, the config's sets sorted, no model card.

    So equal adapters are equal bytes in every process (a DVC output, a signed digest). peft's
    model card is its empty template ("More Information Needed", ``base_model: ''`` for a local
    model), and its YAML tag list ("- lora") reads as a signed-off name to the artifact scan's
    name finder: the adapter's record is the training report and its signed statement.
    """
    model.save_pretrained(folder, safe_serialization=True)
    (folder / "README.md").unlink(missing_ok=True)
    config_path = folder / "adapter_config.json"
    config = json.loads(config_path.read_text(encoding="utf-8"))
    for name in SET_FIELDS:
        if isinstance(config.get(name), list):
            config[name] = sorted(config[name])
    atomic_write_json(config_path, config)


@dataclass(slots=True)
class Progress:
    """Where a run is: updates done, the data position, and the curves so far."""

    step: int = 0
    epoch: int = 0
    update_in_epoch: int = 0
    tokens_supervised: int = 0  # label tokens the updates so far trained on
    losses: list[float] = field(default_factory=list)
    evals: list[dict[str, float]] = field(default_factory=list)


def save_checkpoint(
    folder: Path,
    model: Any,
    optimizer: torch.optim.Optimizer,
    scheduler: Any,
    progress: Progress,
    config: dict[str, Any] | None = None,
) -> Path:
    """Write a checkpoint to ``folder`` atomically; returns the folder.

    ``config``: the training-relevant keys (``training_keys``), kept with their sha256 so a
    resume can tell what changed.
    """
    tensors, scalars = _split_optimizer_state(optimizer.state_dict())
    python_state = random.getstate()
    numpy_state: Any = np.random.get_state()
    state = {
        "config": config,
        "config_sha256": config_sha256(config) if config is not None else None,
        "progress": asdict(progress),
        "optimizer": {"param_groups": optimizer.state_dict()["param_groups"], "scalars": scalars},
        "scheduler": scheduler.state_dict(),
        "rng": {
            "python": [python_state[0], list(python_state[1]), python_state[2]],
            "numpy": [numpy_state[0], numpy_state[1].tolist(), *map(_plain, numpy_state[2:])],
        },
    }
    with atomic_dir(folder) as staging:
        save_adapter(model, staging / ADAPTER_DIR)
        save_file(tensors, str(staging / OPTIMIZER_FILE))
        save_file(_torch_rng_states(), str(staging / RNG_FILE))
        atomic_write_json(staging / STATE_FILE, state)
    return folder


def load_checkpoint(
    folder: Path, model: Any, optimizer: torch.optim.Optimizer, scheduler: Any
) -> Progress:
    """Restore adapter, optimizer, scheduler and RNG states from ``folder``; returns the progress.

    Call after the model, optimizer and scheduler are built, last before training: it resets the
    RNGs to where the saved run stood.
    """
    from peft import set_peft_model_state_dict

    try:
        state = json.loads((folder / STATE_FILE).read_text(encoding="utf-8"))
        adapter = load_file(str(folder / ADAPTER_DIR / "adapter_model.safetensors"))
        optimizer_tensors = load_file(str(folder / OPTIMIZER_FILE))
        torch_rng = load_file(str(folder / RNG_FILE))
    except (OSError, ValueError, KeyError) as exc:
        raise InputError(f"{folder}: not a complete checkpoint ({exc})") from None
    set_peft_model_state_dict(model, adapter)
    optimizer.load_state_dict(_join_optimizer_state(optimizer_tensors, state["optimizer"]))
    scheduler.load_state_dict(state["scheduler"])
    version, internal, gauss = state["rng"]["python"]
    random.setstate((version, tuple(internal), gauss))
    name, keys, *rest = state["rng"]["numpy"]
    np.random.set_state((name, np.array(keys, dtype=np.uint32), *rest))
    torch.set_rng_state(torch_rng["torch"])
    cuda_states = [torch_rng[f"cuda.{i}"] for i in range(len(torch_rng) - 1)]
    if cuda_states and torch.cuda.is_available():
        torch.cuda.set_rng_state_all(cuda_states)
    return Progress(**state["progress"])


def config_sha256(config: dict[str, Any]) -> str:
    """The sha256 of a config mapping as canonical JSON (sorted keys, no spaces)."""
    canonical = json.dumps(config, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def saved_config(folder: Path) -> dict[str, Any] | None:
    """The training-relevant config a checkpoint was made with (None: it records none)."""
    try:
        state = json.loads((folder / STATE_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        raise InputError(
            f"{folder}: not a complete checkpoint (no readable {STATE_FILE})"
        ) from None
    config = state.get("config")
    return config if isinstance(config, dict) else None


def latest_checkpoint(root: Path) -> Path:
    """The checkpoint of the highest step under ``root``; InputError when there is none."""
    found = sorted(root.glob("step-*")) if root.is_dir() else []
    complete = [folder for folder in found if (folder / STATE_FILE).is_file()]
    if not complete:
        raise InputError(f"resume_from_checkpoint: latest: no checkpoint under {root}")
    return complete[-1]


def checkpoint_dir(config: TrainConfig, step: int) -> Path:
    """Where the checkpoint of update ``step`` goes: beside the adapter, never inside it."""
    return config.output_dir.parent / f"{config.output_dir.name}-checkpoints" / f"step-{step:06d}"


def _torch_rng_states() -> dict[str, torch.Tensor]:
    # Dropout on CUDA draws from the device generators, so those are saved too.
    states = {"torch": torch.get_rng_state()}
    if torch.cuda.is_available():
        for index, state in enumerate(torch.cuda.get_rng_state_all()):
            states[f"cuda.{index}"] = state
    return states


def _split_optimizer_state(
    state_dict: dict[str, Any],
) -> tuple[dict[str, torch.Tensor], dict[str, dict[str, Any]]]:
    # safetensors keys are flat strings: "<param index>.<state name>".
    tensors: dict[str, torch.Tensor] = {}
    scalars: dict[str, dict[str, Any]] = {}
    for index, per_param in state_dict["state"].items():
        for name, value in per_param.items():
            if isinstance(value, torch.Tensor):
                tensors[f"{index}.{name}"] = value.detach().cpu().contiguous()
            else:
                scalars.setdefault(str(index), {})[name] = value
    return tensors, scalars


def _join_optimizer_state(
    tensors: dict[str, torch.Tensor], saved: dict[str, Any]
) -> dict[str, Any]:
    state: dict[int, dict[str, Any]] = {}
    for key, value in tensors.items():
        index, name = key.split(".", 1)
        state.setdefault(int(index), {})[name] = value
    for index, values in saved["scalars"].items():
        state.setdefault(int(index), {}).update(values)
    groups = [
        {**group, "betas": tuple(group["betas"])} if "betas" in group else group
        for group in saved["param_groups"]
    ]
    return {"state": state, "param_groups": groups}


def _plain(value: Any) -> Any:
    # numpy scalars are not JSON; their Python values restore the same state.
    return value.item() if hasattr(value, "item") else value
