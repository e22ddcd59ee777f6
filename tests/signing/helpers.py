"""Shared test types and builders for signing tests."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class KeyPair:
    private: Path
    public: Path


@dataclass(frozen=True)
class Signed:
    folder: Path
    signature: Path
    keys: KeyPair


def tiny_safetensors() -> bytes:
    import torch
    from safetensors.torch import save

    data: bytes = save({"weight": torch.arange(6, dtype=torch.float32).reshape(2, 3)})
    return data


def write_artifact(folder: Path) -> Path:
    """config.json, weights, a README and a nested tokenizer file."""
    (folder / "tokenizer").mkdir(parents=True)
    (folder / "config.json").write_text(json.dumps({"hidden_size": 3}))
    (folder / "weights.safetensors").write_bytes(tiny_safetensors())
    (folder / "README.md").write_text("# tiny\n")
    (folder / "tokenizer" / "tokenizer.json").write_text(json.dumps({"vocab": {"a": 0}}))
    return folder


def write_adapter(folder: Path) -> Path:
    """The two files a LoRA adapter folder must hold, as the safe loader requires."""
    folder.mkdir(parents=True)
    config = {"peft_type": "LORA", "r": 2, "lora_alpha": 4, "target_modules": ["q_proj"]}
    (folder / "adapter_config.json").write_text(json.dumps(config))
    (folder / "adapter_model.safetensors").write_bytes(tiny_safetensors())
    return folder
