"""The tiny local model: loads offline, runs, masks assistant turns exactly, rebuilds the same."""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

import jinja2
import pytest
import torch
from transformers import AutoModelForCausalLM, AutoTokenizer, PreTrainedTokenizerBase

from govern.sample.model import build_tiny_model

WORDS = (
    "data policy license split scan secret token model train review record finding manifest "
    "backup sign retention what how why please the a is of to and 1 2 3 ok yes no"
).split()


def chat_texts(count: int = 200) -> list[str]:
    rng = random.Random(7)
    texts: list[str] = []
    for _ in range(count):
        question, answer = " ".join(rng.choices(WORDS, k=6)), " ".join(rng.choices(WORDS, k=9))
        texts.append(f"User: {question}?\nAssistant: {answer}.")
    return texts


def file_hashes(folder: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.iterdir())}


def assistant_runs(encoded: dict[str, list[int]]) -> list[list[int]]:
    """Token ids of each contiguous masked stretch, in order."""
    runs: list[list[int]] = []
    previous = 0
    for token, flag in zip(encoded["input_ids"], encoded["assistant_masks"], strict=True):
        if flag and not previous:
            runs.append([])
        if flag:
            runs[-1].append(token)
        previous = flag
    return runs


@pytest.fixture(scope="module")
def model_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_tiny_model(tmp_path_factory.mktemp("tiny") / "model", chat_texts(), seed=0)


@pytest.fixture(scope="module")
def tokenizer(model_dir: Path) -> PreTrainedTokenizerBase:
    return AutoTokenizer.from_pretrained(model_dir, local_files_only=True)


def test_folder_loads_offline_and_holds_no_pickles(
    model_dir: Path, tokenizer: PreTrainedTokenizerBase
) -> None:
    model = AutoModelForCausalLM.from_pretrained(model_dir, local_files_only=True)
    names = {p.name for p in model_dir.iterdir()}
    assert "model.safetensors" in names
    assert {"config.json", "tokenizer.json", "README.md"} <= names
    assert not [n for n in names if n.endswith((".bin", ".pt", ".pth", ".pkl", ".pickle"))]
    assert model.config.vocab_size == len(tokenizer)
    assert (tokenizer.bos_token, tokenizer.eos_token, tokenizer.pad_token) == (
        "<|bos|>",
        "<|eos|>",
        "<|pad|>",
    )


def test_model_card_declares_license_and_origin(model_dir: Path) -> None:
    card = (model_dir / "README.md").read_text(encoding="utf-8")
    front_matter = card.split("---\n")[1]
    assert "license: apache-2.0" in front_matter
    assert "library_name: transformers" in front_matter
    assert "A tiny model generated locally by govern" in card
    assert "Randomly initialised: it has never been trained" in card  # no pretrain_steps


def test_config_has_the_tiny_sizes_and_wide_init(model_dir: Path) -> None:
    config = json.loads((model_dir / "config.json").read_text(encoding="utf-8"))
    assert config["model_type"] == "llama"
    assert config["initializer_range"] == 0.2
    assert (config["num_hidden_layers"], config["hidden_size"], config["intermediate_size"]) == (
        2,
        64,
        128,
    )
    assert (config["num_attention_heads"], config["num_key_value_heads"]) == (4, 2)
    assert config["max_position_embeddings"] == 1024
    assert config["tie_word_embeddings"] is False


def test_forward_pass_has_finite_loss_and_generate_runs(
    model_dir: Path, tokenizer: PreTrainedTokenizerBase
) -> None:
    model = AutoModelForCausalLM.from_pretrained(model_dir, local_files_only=True)
    prompt = tokenizer.apply_chat_template(
        [{"role": "user", "content": "scan the data"}],
        add_generation_prompt=True,
        return_dict=True,
        return_tensors="pt",
    )
    with torch.no_grad():
        loss = model(**prompt, labels=prompt["input_ids"]).loss
        generated = model.generate(**prompt, max_new_tokens=4, do_sample=False)
    assert torch.isfinite(loss)
    assert generated.shape[1] > prompt["input_ids"].shape[1]


def test_assistant_mask_covers_exactly_the_reply_and_its_end(
    tokenizer: PreTrainedTokenizerBase,
) -> None:
    # Leading space, newline and bytes never seen in training: the mask must not drift.
    reply = " the policy is ok\nnaïve ✓ "
    messages = [
        {"role": "system", "content": "Be brief."},
        {"role": "user", "content": "what is the policy?"},
        {"role": "assistant", "content": reply},
    ]
    encoded = tokenizer.apply_chat_template(
        messages, tokenize=True, return_dict=True, return_assistant_tokens_mask=True
    )
    runs = assistant_runs(encoded)
    assert [tokenizer.decode(run) for run in runs] == [reply + "<|eos|>"]
    pairs = zip(encoded["input_ids"], encoded["assistant_masks"], strict=True)
    prompt_ids = [token for token, flag in pairs if not flag]
    assert tokenizer.decode(prompt_ids) == (
        "<|bos|><|system|>Be brief.<|eos|><|user|>what is the policy?<|eos|><|assistant|>"
    )


def test_two_turn_conversation_masks_both_replies(tokenizer: PreTrainedTokenizerBase) -> None:
    messages = [
        {"role": "user", "content": "scan it"},
        {"role": "assistant", "content": "no secret found."},
        {"role": "user", "content": "and the license?"},
        {"role": "assistant", "content": "apache 2"},
    ]
    encoded = tokenizer.apply_chat_template(
        messages, tokenize=True, return_dict=True, return_assistant_tokens_mask=True
    )
    runs = assistant_runs(encoded)
    assert [tokenizer.decode(run) for run in runs] == ["no secret found.<|eos|>", "apache 2<|eos|>"]


def test_generation_prompt_ends_with_the_assistant_marker(
    tokenizer: PreTrainedTokenizerBase,
) -> None:
    messages = [{"role": "user", "content": "hi"}]
    with_prompt = tokenizer.apply_chat_template(
        messages, tokenize=False, add_generation_prompt=True
    )
    without = tokenizer.apply_chat_template(messages, tokenize=False)
    assert without == "<|bos|><|user|>hi<|eos|>"
    assert with_prompt == without + "<|assistant|>"


def test_unknown_role_is_refused(tokenizer: PreTrainedTokenizerBase) -> None:
    with pytest.raises(jinja2.TemplateError, match="unknown role: tool"):
        tokenizer.apply_chat_template([{"role": "tool", "content": "{}"}], tokenize=False)


def test_same_seed_rebuilds_byte_identical_other_seed_differs(
    model_dir: Path, tmp_path: Path
) -> None:
    again = build_tiny_model(tmp_path / "again", chat_texts(), seed=0)
    other = build_tiny_model(tmp_path / "other", chat_texts(), seed=1)
    assert file_hashes(again) == file_hashes(model_dir)
    assert file_hashes(other)["model.safetensors"] != file_hashes(model_dir)["model.safetensors"]
    assert file_hashes(other)["tokenizer.json"] == file_hashes(model_dir)["tokenizer.json"]


def test_build_leaves_the_callers_random_stream_alone(tmp_path: Path) -> None:
    torch.manual_seed(123)
    expected = torch.rand(3)
    torch.manual_seed(123)
    build_tiny_model(tmp_path / "model", chat_texts(20), seed=5)
    assert torch.equal(torch.rand(3), expected)


def test_files_are_owner_only(model_dir: Path) -> None:
    assert {p.stat().st_mode & 0o777 for p in model_dir.iterdir()} == {0o600}
