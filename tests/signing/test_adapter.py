"""A signed LoRA adapter loads through the safe API into peft and generates."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from govern.artifacts import load_adapter, load_model
from govern.signing import ArtifactStatement, SignatureError, sign_artifact
from tests.signing.helpers import KeyPair

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")
peft = pytest.importorskip("peft")
pytestmark = pytest.mark.usefixtures("never_unpickle")


def tiny_llama() -> Any:
    torch.manual_seed(0)
    config = transformers.LlamaConfig(
        hidden_size=32,
        intermediate_size=64,
        num_hidden_layers=1,
        num_attention_heads=2,
        num_key_value_heads=1,
        vocab_size=64,
    )
    return transformers.LlamaForCausalLM(config).eval()


@pytest.fixture
def adapter_dir(tmp_path: Path) -> tuple[Path, Any]:
    # init_lora_weights=False: random B matrices, so the adapter changes the output.
    lora = peft.LoraConfig(r=2, target_modules=["q_proj", "v_proj"], init_lora_weights=False)
    model = peft.get_peft_model(tiny_llama(), lora)
    out = tmp_path / "adapter"
    model.save_pretrained(out, safe_serialization=True)
    return out, model


def test_signed_adapter_loads_and_generates(adapter_dir: tuple[Path, Any], keys: KeyPair) -> None:
    folder, trained = adapter_dir
    statement = ArtifactStatement(kind="adapter", base_model_digest="ab" * 32)
    sign_artifact(folder, keys.private, statement)

    adapter = load_adapter(folder, [keys.public])
    assert adapter.statement == statement
    model = peft.get_peft_model(tiny_llama(), adapter.peft_config())
    result = peft.set_peft_model_state_dict(model, adapter.state_dict)
    assert not result.unexpected_keys

    prompt = torch.tensor([[1, 2, 3]])
    # A random model may pick EOS at once; four new tokens whatever it picks.
    settings = {"max_new_tokens": 4, "min_new_tokens": 4, "do_sample": False, "pad_token_id": 0}
    with torch.no_grad():
        expected = trained.eval().generate(prompt, **settings)
        generated = model.eval().generate(prompt, **settings)
        lora_logits = model(prompt).logits
        base_logits = tiny_llama()(prompt).logits
    assert generated.shape == (1, 7)
    assert torch.equal(generated, expected)
    assert not torch.allclose(lora_logits, base_logits)  # the adapter is really applied


def test_tampered_adapter_does_not_load(adapter_dir: tuple[Path, Any], keys: KeyPair) -> None:
    folder, _ = adapter_dir
    sign_artifact(folder, keys.private, ArtifactStatement(kind="adapter"))
    weights = folder / "adapter_model.safetensors"
    data = bytearray(weights.read_bytes())
    data[-1] ^= 1
    weights.write_bytes(bytes(data))
    with pytest.raises(SignatureError, match="adapter_model.safetensors: sha256 differs"):
        load_adapter(folder, [keys.public])


@pytest.fixture(scope="module")
def model_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from govern.sample.model import build_tiny_model

    out = tmp_path_factory.mktemp("model") / "model"
    return build_tiny_model(out, ["hello world", "the quick brown fox"] * 20, vocab_size=300)


def test_signed_model_builds_from_verified_bytes(model_dir: Path, keys: KeyPair) -> None:
    sign_artifact(model_dir, keys.private, ArtifactStatement(kind="model"))
    loaded = load_model(model_dir, [keys.public])
    reference = transformers.AutoModelForCausalLM.from_pretrained(model_dir)
    ours, theirs = loaded.model.state_dict(), reference.state_dict()
    assert ours.keys() == theirs.keys()
    assert all(torch.equal(ours[key], theirs[key]) for key in ours)
    reference_tokenizer = transformers.AutoTokenizer.from_pretrained(model_dir)
    chat = [{"role": "user", "content": "hello fox"}]
    ours_ids = loaded.tokenizer.apply_chat_template(chat, add_generation_prompt=True)
    assert ours_ids == reference_tokenizer.apply_chat_template(chat, add_generation_prompt=True)
    assert loaded.tokenizer.eos_token == reference_tokenizer.eos_token
