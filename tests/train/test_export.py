"""``govern export``: a signed adapter merged into its signed base (safetensors), then signed."""

from __future__ import annotations

import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import torch
from peft import LoraConfig, get_peft_model

from govern.artifacts import load_adapter, load_model, load_verified
from govern.cli import main
from govern.hashing import sha256_tree
from govern.sample.model import build_tiny_model
from govern.signing import ArtifactStatement, generate_keys, sign_artifact
from govern.train.replay import attach_adapter

TEXTS = ["hello world, how are you", "the quick brown fox jumps", "reset the router"] * 10
PROMPTS = [[1, 5, 9, 12], [3, 3, 7, 20, 21, 2], [30, 4]]


@dataclass(frozen=True)
class Signed:
    root: Path
    private: Path
    public: Path
    base: Path
    adapter: Path


def _adapter(base: Path, public: Path, out: Path, seed: int) -> None:
    torch.manual_seed(seed)
    model = load_model(base, [public]).model
    # init_lora_weights=False: random B matrices, so merging really changes the weights.
    lora = LoraConfig(r=4, target_modules=["q_proj", "v_proj"], init_lora_weights=False)
    get_peft_model(model, lora).save_pretrained(str(out), safe_serialization=True)


@pytest.fixture(scope="module")
def signed(tmp_path_factory: pytest.TempPathFactory) -> Signed:
    torch.set_num_threads(1)
    root = tmp_path_factory.mktemp("export")
    private, public = generate_keys(root / "keys" / "signing.key")
    base = build_tiny_model(root / "base", TEXTS, seed=0, vocab_size=200)
    sign_artifact(base, private, ArtifactStatement(kind="model"))
    adapter = root / "adapter"
    _adapter(base, public, adapter, seed=1)
    statement = ArtifactStatement(kind="adapter", base_model_digest=sha256_tree(base))
    sign_artifact(adapter, private, statement)
    return Signed(root, private, public, base, adapter)


def govern(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    try:
        main(argv)
        code = 0
    except SystemExit as exited:
        code = int(exited.code or 0)
    captured = capsys.readouterr()
    return code, captured.out + captured.err


def export_argv(
    signed: Signed, out: Path, adapter: Path | None = None, base: Path | None = None
) -> list[str]:
    return [
        "export",
        str(adapter or signed.adapter),
        "--base-model",
        str(base or signed.base),
        "--out",
        str(out),
        "--key",
        str(signed.private),
        "--trusted",
        str(signed.public),
    ]


def logits(model: Any) -> list[torch.Tensor]:
    with torch.no_grad():
        return [model(torch.tensor([ids])).logits for ids in PROMPTS]


def test_merged_model_equals_base_plus_adapter_and_verifies(
    signed: Signed, capsys: pytest.CaptureFixture[str]
) -> None:
    out = signed.root / "merged"
    code, text = govern(export_argv(signed, out), capsys)
    assert code == 0, text

    merged = load_model(out, [signed.public])
    adapter = load_adapter(signed.adapter, [signed.public])
    with_adapter = attach_adapter(
        load_model(signed.base, [signed.public]).model, adapter.config, adapter.state_dict
    )
    base_only = load_model(signed.base, [signed.public]).model
    for ours, reference, plain in zip(
        logits(merged.model), logits(with_adapter), logits(base_only), strict=True
    ):
        torch.testing.assert_close(ours, reference, atol=1e-5, rtol=1e-5)
        assert not torch.allclose(ours, plain, atol=1e-3)  # the adapter really is merged

    names = {path.name for path in out.iterdir()}
    assert {"model.safetensors", "config.json", "tokenizer.json", "README.md"} <= names
    assert not any(name.endswith((".bin", ".pt", ".pth")) for name in names)
    assert (out / "tokenizer.json").read_bytes() == (signed.base / "tokenizer.json").read_bytes()
    assert merged.tokenizer is not None
    assert stat.S_IMODE(out.stat().st_mode) == 0o700

    statement = load_verified(out, [signed.public], kind="model").statement
    assert statement.base_model_digest == sha256_tree(signed.base)
    assert statement.adapter_digest == sha256_tree(signed.adapter)

    code, text = govern(["verify", str(out), "--trusted", str(signed.public)], capsys)
    assert code == 0, text


def test_tampered_adapter_is_refused(
    signed: Signed, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    adapter = tmp_path / "adapter"
    _adapter(signed.base, signed.public, adapter, seed=1)
    statement = ArtifactStatement(kind="adapter", base_model_digest=sha256_tree(signed.base))
    sign_artifact(adapter, signed.private, statement)
    weights = adapter / "adapter_model.safetensors"
    data = bytearray(weights.read_bytes())
    data[-1] ^= 1
    weights.write_bytes(bytes(data))

    code, text = govern(export_argv(signed, tmp_path / "merged", adapter=adapter), capsys)
    assert code == 1
    assert "adapter_model.safetensors: sha256 differs" in text
    assert not (tmp_path / "merged").exists()


def test_unsigned_adapter_and_unsigned_base_are_refused(
    signed: Signed, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    adapter = tmp_path / "adapter"
    _adapter(signed.base, signed.public, adapter, seed=1)  # never signed
    code, text = govern(export_argv(signed, tmp_path / "merged", adapter=adapter), capsys)
    assert code == 1 and "unsigned" in text.lower()

    base = build_tiny_model(tmp_path / "base", TEXTS, seed=0, vocab_size=200)  # same bytes
    code, text = govern(export_argv(signed, tmp_path / "merged", base=base), capsys)
    assert code == 1 and "unsigned" in text.lower()
    assert not (tmp_path / "merged").exists()


def test_a_base_the_adapter_was_not_trained_on_is_refused(
    signed: Signed, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Near miss: the same architecture and tokenizer, other weights (another seed).
    other = build_tiny_model(tmp_path / "other", TEXTS, seed=1, vocab_size=200)
    sign_artifact(other, signed.private, ArtifactStatement(kind="model"))
    code, text = govern(export_argv(signed, tmp_path / "merged", base=other), capsys)
    assert code == 2
    assert f"trained on base model {sha256_tree(signed.base)[:12]}, not {other}" in text
    assert not (tmp_path / "merged").exists()


def test_an_adapter_naming_no_base_is_refused(
    signed: Signed, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    adapter = tmp_path / "adapter"
    _adapter(signed.base, signed.public, adapter, seed=1)
    sign_artifact(adapter, signed.private, ArtifactStatement(kind="adapter"))
    code, text = govern(export_argv(signed, tmp_path / "merged", adapter=adapter), capsys)
    assert code == 2 and "names no base model" in text


def test_a_model_signed_as_an_adapter_is_refused(
    signed: Signed, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, text = govern(export_argv(signed, tmp_path / "merged", adapter=signed.base), capsys)
    assert code == 1 and "expected a adapter" in text


@pytest.mark.parametrize("inside", ["adapter", "base"])
def test_out_may_not_replace_an_input(
    signed: Signed, capsys: pytest.CaptureFixture[str], inside: str
) -> None:
    target = signed.adapter if inside == "adapter" else signed.base / "merged"
    before = sorted(path.name for path in signed.adapter.iterdir())
    code, text = govern(export_argv(signed, target), capsys)
    assert code == 2 and "would replace or sit inside the input" in text
    assert sorted(path.name for path in signed.adapter.iterdir()) == before
    assert not (signed.base / "merged").exists()
