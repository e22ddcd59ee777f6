"""Reading the saved adapter back for the replay: the bytes the run recorded, or a refusal."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import torch
from safetensors.torch import save as save_tensors

from govern.artifacts import ADAPTER_CONFIG, ADAPTER_WEIGHTS
from govern.signing.result import SignatureError, UnsafeFormatError
from govern.train.replay import adapter_digests, read_adapter


def saved_adapter(folder: Path) -> dict[str, str]:
    """A small adapter folder as a run leaves it, and the digests the run recorded."""
    folder.mkdir()
    (folder / ADAPTER_CONFIG).write_text(json.dumps({"peft_type": "LORA", "r": 2}))
    weights = {"lora_A": torch.arange(6, dtype=torch.float32).reshape(2, 3)}
    (folder / ADAPTER_WEIGHTS).write_bytes(save_tensors(weights))
    return adapter_digests(folder)


def kinds(error: pytest.ExceptionInfo[SignatureError]) -> list[tuple[str, str | None]]:
    return sorted((reason.kind, reason.path) for reason in error.value.result.reasons)


def test_the_recorded_adapter_reads_back_whole(tmp_path: Path) -> None:
    digests = saved_adapter(tmp_path / "adapter")
    config, state = read_adapter(tmp_path / "adapter", digests)
    assert config == {"peft_type": "LORA", "r": 2}
    assert torch.equal(state["lora_A"], torch.arange(6, dtype=torch.float32).reshape(2, 3))


def test_a_changed_extra_or_missing_file_is_refused_by_name(tmp_path: Path) -> None:
    folder = tmp_path / "adapter"
    digests = saved_adapter(folder)
    (folder / ADAPTER_CONFIG).write_text(json.dumps({"peft_type": "LORA", "r": 3}))
    (folder / "notes.txt").write_text("added after the run")
    with pytest.raises(SignatureError) as changed:
        read_adapter(folder, digests)
    assert kinds(changed) == [("changed", ADAPTER_CONFIG), ("extra", "notes.txt")]
    assert "sha256 recorded in the run's metrics.json" == changed.value.result.signature

    (folder / ADAPTER_WEIGHTS).rename(folder / "moved.safetensors")
    with pytest.raises(SignatureError) as moved:
        read_adapter(folder, digests)
    assert ("renamed", "moved.safetensors") in kinds(moved)


def test_a_folder_without_weights_is_not_an_adapter(tmp_path: Path) -> None:
    folder = tmp_path / "adapter"
    folder.mkdir()
    (folder / ADAPTER_CONFIG).write_text("{}")
    with pytest.raises(SignatureError, match="not an adapter folder"):
        read_adapter(folder, adapter_digests(folder))
    with pytest.raises(SignatureError) as missing:
        read_adapter(tmp_path / "nowhere", {ADAPTER_CONFIG: "0" * 64})
    assert kinds(missing) == [("missing", str(tmp_path / "nowhere"))]


def test_a_pickle_is_refused_even_when_its_digest_matches(tmp_path: Path) -> None:
    folder = tmp_path / "adapter"
    saved_adapter(folder)
    (folder / "adapter_model.bin").write_bytes(b"\x80\x04not really a pickle")
    with pytest.raises(UnsafeFormatError):
        read_adapter(folder, adapter_digests(folder))
