"""Any chat model: masks from the template itself, agreeing with generation markers where a
template has them; Llama 3, Mistral, ChatML (Qwen) and Gemma styles; no pad token; overrides."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from govern.errors import InputError
from govern.sample.model import build_tiny_model
from govern.signing import ArtifactStatement, sign_artifact
from govern.train.data import (
    IGNORE_INDEX,
    encode_chat,
    encode_chat_marked,
    encode_chat_rendered,
    has_generation_markers,
    prepare_tokenizer,
)
from govern.train.recipe import load_base_model
from tests.train.conftest import Workspace

# Each style written twice: as released (no markers) and with {% generation %} around exactly
# what a reply is: its text, its end-of-turn token and the separator the template puts after it.
LLAMA3 = (
    "{{ bos_token }}{% for message in messages %}"
    "<|start_header_id|>{{ message['role'] }}<|end_header_id|>\n\n"
    "{% if message['role'] == 'assistant' %}{% generation %}"
    "{{ message['content'] | trim }}<|eot_id|>{% endgeneration %}"
    "{% else %}{{ message['content'] | trim }}<|eot_id|>{% endif %}{% endfor %}"
    "{% if add_generation_prompt %}<|start_header_id|>assistant<|end_header_id|>\n\n{% endif %}"
)
MISTRAL = (
    "{{ bos_token }}{% for message in messages %}"
    "{% if message['role'] == 'user' %}[INST] {{ message['content'] }} [/INST]"
    "{% elif message['role'] == 'assistant' %}{% generation %}"
    "{{ message['content'] }}{{ eos_token }}{% endgeneration %}"
    "{% else %}{{ raise_exception('roles are user and assistant') }}{% endif %}{% endfor %}"
)
CHATML = (
    "{% for message in messages %}<|im_start|>{{ message['role'] }}\n"
    "{% if message['role'] == 'assistant' %}{% generation %}"
    "{{ message['content'] }}<|im_end|>\n{% endgeneration %}"
    "{% else %}{{ message['content'] }}<|im_end|>\n{% endif %}{% endfor %}"
    "{% if add_generation_prompt %}<|im_start|>assistant\n{% endif %}"
)
GEMMA = (
    "{{ bos_token }}{% for message in messages %}"
    "{% set role = 'model' if message['role'] == 'assistant' else message['role'] %}"
    "<start_of_turn>{{ role }}\n"
    "{% if role == 'model' %}{% generation %}"
    "{{ message['content'] | trim }}<end_of_turn>\n{% endgeneration %}"
    "{% else %}{{ message['content'] | trim }}<end_of_turn>\n{% endif %}{% endfor %}"
    "{% if add_generation_prompt %}<start_of_turn>model\n{% endif %}"
)
STYLES: dict[str, dict[str, Any]] = {
    "llama3": {
        "chat_template": LLAMA3,
        "special_tokens": [
            "<|begin_of_text|>",
            "<|eot_id|>",
            "<|start_header_id|>",
            "<|end_header_id|>",
        ],  # fmt: skip
        "bos": "<|begin_of_text|>",
        "eos": "<|eot_id|>",
        "pad": None,  # Llama 3 ships without one
    },
    "mistral": {
        "chat_template": MISTRAL,
        "special_tokens": ["<unk>", "<s>", "</s>", "[INST]", "[/INST]"],
        "bos": "<s>",
        "eos": "</s>",
        "pad": None,
    },
    "chatml": {
        "chat_template": CHATML,
        "special_tokens": ["<|endoftext|>", "<|im_start|>", "<|im_end|>"],
        "bos": None,  # Qwen has no BOS
        "eos": "<|im_end|>",
        "pad": "<|endoftext|>",
    },
    "gemma": {
        "chat_template": GEMMA,
        "special_tokens": ["<pad>", "<eos>", "<bos>", "<start_of_turn>", "<end_of_turn>"],
        "bos": "<bos>",
        "eos": "<eos>",
        "pad": "<pad>",
    },
}
CONVERSATION = [
    {"role": "user", "content": "How do I reset the router?"},
    {"role": "assistant", "content": "Hold the reset button for ten seconds."},
    {"role": "user", "content": "And then?"},
    {"role": "assistant", "content": "Wait until the light turns green."},
]
TEXTS = [m["content"] for m in CONVERSATION] * 20 + ["reset router button light green"] * 20


def unmarked(template: str) -> str:
    return template.replace("{% generation %}", "").replace("{% endgeneration %}", "")


@pytest.fixture(scope="module")
def models(tmp_path_factory: pytest.TempPathFactory, workspace: Workspace) -> dict[str, Path]:
    """One tiny signed model per style, its template as released (no generation markers)."""
    root = tmp_path_factory.mktemp("styles")
    built = {}
    for name, style in STYLES.items():
        options = {**style, "chat_template": unmarked(style["chat_template"])}
        folder = build_tiny_model(root / name, TEXTS, vocab_size=300, **options)
        sign_artifact(folder, workspace.private_key, ArtifactStatement(kind="model"))
        built[name] = folder
    return built


def tokenizer_of(workspace: Workspace, folder: Path, **overrides: Any) -> Any:
    config = workspace.config(base_model=folder, **overrides)
    tokenizer = load_base_model(config).tokenizer
    prepare_tokenizer(tokenizer, config)
    return tokenizer


def supervised(tokenizer: Any, ids: list[int], labels: list[int]) -> list[str]:
    """The decoded supervised spans, in order."""
    spans, current = [], []
    for token, label in zip(ids, labels, strict=True):
        if label != IGNORE_INDEX:
            current.append(token)
        elif current:
            spans.append(tokenizer.decode(current)), current.clear()
    if current:
        spans.append(tokenizer.decode(current))
    return spans


@pytest.mark.parametrize("style", sorted(STYLES))
def test_rendered_masks_agree_with_the_generation_markers(
    style: str, models: dict[str, Path], workspace: Workspace
) -> None:
    tokenizer = tokenizer_of(workspace, models[style])
    assert not has_generation_markers(tokenizer.chat_template)
    rendered = encode_chat_rendered(CONVERSATION, tokenizer)
    tokenizer.chat_template = STYLES[style]["chat_template"]
    assert has_generation_markers(tokenizer.chat_template)
    marked = encode_chat_marked(CONVERSATION, tokenizer)
    assert rendered == marked
    assert sum(label != IGNORE_INDEX for label in rendered[1]) > 10


@pytest.mark.parametrize("style", sorted(STYLES))
def test_only_the_replies_and_their_end_of_turn_are_supervised(
    style: str, models: dict[str, Path], workspace: Workspace
) -> None:
    tokenizer = tokenizer_of(workspace, models[style])
    ids, labels = encode_chat({"messages": CONVERSATION}, tokenizer)
    spans = supervised(tokenizer, ids, labels)
    assert len(spans) == 2
    end = STYLES[style]["eos"] if style != "gemma" else "<end_of_turn>"
    assert spans[0].startswith("Hold the reset button for ten seconds." + end)
    assert spans[1].startswith("Wait until the light turns green." + end)
    # Near miss: the user turns and the role headers are never trained.
    assert not any("router" in span or "then?" in span or "user" in span for span in spans)


def test_a_missing_pad_token_becomes_eos_and_is_recorded(
    models: dict[str, Path], workspace: Workspace
) -> None:
    config = workspace.config(base_model=models["llama3"])
    tokenizer = load_base_model(config).tokenizer
    assert tokenizer.pad_token_id is None
    notes = prepare_tokenizer(tokenizer, config)
    assert tokenizer.pad_token_id == tokenizer.eos_token_id
    assert notes["pad_token"] == "EOS (the tokenizer has no pad token)"
    assert notes["assistant_mask"] == "rendered"
    # A tokenizer with its own pad token keeps it.
    gemma = workspace.config(base_model=models["gemma"])
    kept = load_base_model(gemma).tokenizer
    assert prepare_tokenizer(kept, gemma)["pad_token"] == "the tokenizer's"
    assert kept.convert_ids_to_tokens(kept.pad_token_id) == "<pad>"


def test_chat_template_in_the_config_overrides_the_tokenizers(
    models: dict[str, Path], workspace: Workspace, tmp_path: Path
) -> None:
    inline = tokenizer_of(workspace, models["mistral"], chat_template=CHATML)
    assert inline.chat_template == CHATML
    template_file = tmp_path / "template.jinja"
    template_file.write_text(CHATML, encoding="utf-8")
    from_file = tokenizer_of(workspace, models["mistral"], chat_template=str(template_file))
    assert from_file.chat_template == CHATML
    with pytest.raises(InputError, match="chat_template"):
        tokenizer_of(workspace, models["mistral"], chat_template=str(tmp_path / "no.jinja"))


def test_a_template_that_refuses_a_record_is_counted_not_fatal(
    models: dict[str, Path], workspace: Workspace
) -> None:
    from govern.train.data import encode_records

    tokenizer = tokenizer_of(workspace, models["mistral"])
    records = [
        {"id": "ok", "messages": CONVERSATION[:2]},
        {"id": "system", "messages": [{"role": "system", "content": "x"}, *CONVERSATION[:2]]},
    ]
    split = encode_records(iter(records), tokenizer, "auto", 128)
    assert [example.record_id for example in split.examples] == ["ok"]
    assert split.skipped == {"template_error: TemplateError": 1}
