"""A signed model's weights stream into it: equal to from_pretrained, refused when changed."""

from __future__ import annotations

import json
import struct
from pathlib import Path
from typing import Any

import pytest

from govern.artifacts import load_model, load_verified, model_from_artifact
from govern.errors import InputError
from govern.signing import ArtifactStatement, SignatureError, UnsafeFormatError, sign_artifact
from govern.signing.tensors import stream_safetensors
from tests.signing.helpers import KeyPair

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")
safetensors_torch = pytest.importorskip("safetensors.torch")
pytest.importorskip("accelerate")  # imported here: importing torch._dynamo defines an Unpickler
LlamaForCausalLM = transformers.LlamaForCausalLM
pytestmark = pytest.mark.usefixtures("never_unpickle")


def save_llama(out: Path, *, dtype: Any, tied: bool) -> Path:
    torch.manual_seed(0)
    config = transformers.LlamaConfig(
        hidden_size=32,
        intermediate_size=64,
        num_hidden_layers=2,
        num_attention_heads=2,
        num_key_value_heads=1,
        vocab_size=64,
        tie_word_embeddings=tied,
    )
    LlamaForCausalLM(config).to(dtype).save_pretrained(out)
    return out


@pytest.mark.parametrize(("dtype", "tied"), [("float32", True), ("bfloat16", False)])
def test_streamed_weights_equal_from_pretrained(
    tmp_path: Path, keys: KeyPair, dtype: str, tied: bool
) -> None:
    folder = save_llama(tmp_path / "model", dtype=getattr(torch, dtype), tied=tied)
    sign_artifact(folder, keys.private, ArtifactStatement(kind="model"))
    ours = load_model(folder, [keys.public]).model
    theirs = transformers.AutoModelForCausalLM.from_pretrained(folder)
    ours_state, theirs_state = ours.state_dict(), theirs.state_dict()
    assert ours_state.keys() == theirs_state.keys()
    for key, value in ours_state.items():
        assert value.dtype == theirs_state[key].dtype, key
        assert torch.equal(value, theirs_state[key]), key
    assert (ours.lm_head.weight is ours.model.embed_tokens.weight) == tied
    prompt = torch.tensor([[1, 2, 3, 4]])
    with torch.no_grad():
        assert torch.equal(ours(prompt).logits, theirs.eval()(prompt).logits)


def test_weights_changed_after_the_check_are_refused(tmp_path: Path, keys: KeyPair) -> None:
    folder = save_llama(tmp_path / "model", dtype=torch.float32, tied=True)
    sign_artifact(folder, keys.private, ArtifactStatement(kind="model"))
    verified = load_verified(folder, [keys.public], kind="model", keep=lambda n: n.endswith("json"))
    assert "model.safetensors" not in verified.files  # hashed, not held
    weights = folder / "model.safetensors"
    data = bytearray(weights.read_bytes())
    data[-1] ^= 1  # swapped between the signature check and the load
    weights.write_bytes(bytes(data))
    with pytest.raises(SignatureError, match="model.safetensors: sha256 differs"):
        model_from_artifact(verified)
    with pytest.raises(SignatureError, match="model.safetensors: sha256 differs"):
        load_model(folder, [keys.public])


@pytest.mark.parametrize(("change", "found"), [("extra", "extra.weight"), ("drop", "norm.weight")])
def test_weights_that_do_not_fit_the_config_are_refused(
    tmp_path: Path, keys: KeyPair, change: str, found: str
) -> None:
    folder = save_llama(tmp_path / "model", dtype=torch.float32, tied=True)
    weights = folder / "model.safetensors"
    state = safetensors_torch.load_file(weights)
    if change == "extra":
        state["extra.weight"] = torch.zeros(2)
    else:
        del state["model.norm.weight"]
    safetensors_torch.save_file(state, weights, metadata={"format": "pt"})
    sign_artifact(folder, keys.private, ArtifactStatement(kind="model"))
    with pytest.raises(InputError, match=f"weights do not match config.json .*{found}"):
        load_model(folder, [keys.public])


def raw_safetensors(path: Path, header: dict[str, Any], data: bytes) -> Path:
    encoded = json.dumps(header).encode()
    path.write_bytes(struct.pack("<Q", len(encoded)) + encoded + data)
    return path


GOOD = {"a": {"dtype": "F32", "shape": [2], "data_offsets": [0, 8]}}


@pytest.mark.parametrize(
    ("header", "data", "problem"),
    [
        (GOOD, bytes(8), None),
        (GOOD, bytes(4), "tensors do not cover the file exactly"),
        (GOOD, bytes(12), "tensors do not cover the file exactly"),
        ({"a": {"dtype": "F32", "shape": [2], "data_offsets": [4, 12]}}, bytes(12), "offsets"),
        ({"a": {"dtype": "F32", "shape": [3], "data_offsets": [0, 8]}}, bytes(8), "offsets"),
        ({"a": {"dtype": "PY", "shape": [2], "data_offsets": [0, 8]}}, bytes(8), "no known dtype"),
        ({"a": {"dtype": "F32", "shape": [-2], "data_offsets": [0, 8]}}, bytes(8), "malformed"),
        (["a"], b"", "not a JSON object"),
    ],
)
def test_only_well_formed_safetensors_stream(
    tmp_path: Path, header: Any, data: bytes, problem: str | None
) -> None:
    path = raw_safetensors(tmp_path / "w.safetensors", header, data)
    placed: dict[str, Any] = {}
    if problem is None:
        streamed = stream_safetensors(tmp_path, "w.safetensors", placed.__setitem__)
        assert streamed.names == ["a"] and torch.equal(placed["a"], torch.zeros(2))
        assert streamed.size == path.stat().st_size
        return
    with pytest.raises(UnsafeFormatError, match=problem):
        stream_safetensors(tmp_path, "w.safetensors", placed.__setitem__)


def test_a_header_longer_than_the_file_is_refused(tmp_path: Path) -> None:
    (tmp_path / "w.safetensors").write_bytes(struct.pack("<Q", 1 << 40) + b"{}")
    with pytest.raises(UnsafeFormatError, match="header longer than allowed"):
        stream_safetensors(tmp_path, "w.safetensors", lambda name, tensor: None)
