"""A tiny, randomly initialised Llama model with a locally trained tokenizer, built offline.

Tests and demos need a real Hugging Face model folder without touching a model hub: this module
trains a byte-level BPE tokenizer on the caller's texts, adds a chat template whose assistant
turns are marked for ``return_assistant_tokens_mask``, and saves a 2-layer Llama beside it.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from govern.io import FILE_MODE, atomic_dir

if TYPE_CHECKING:
    from tokenizers import Tokenizer

BOS, EOS, PAD = "<|bos|>", "<|eos|>", "<|pad|>"
ROLE_MARKERS = ("<|system|>", "<|user|>", "<|assistant|>")
SPECIAL_TOKENS = [PAD, BOS, EOS, *ROLE_MARKERS]

# Every boundary between a role marker, the content and the end of a turn is a special token, so
# byte-level merges can never join prompt and reply: the assistant mask is exact for any content.
# EOS ends every turn, so generation stops where a reply would end.
CHAT_TEMPLATE = (
    "{{ bos_token }}"
    "{%- for message in messages -%}"
    "{%- if message['role'] == 'assistant' -%}"
    "<|assistant|>{% generation %}{{ message['content'] }}{{ eos_token }}{% endgeneration %}"
    "{%- elif message['role'] in ['system', 'user'] -%}"
    "<|{{ message['role'] }}|>{{ message['content'] }}{{ eos_token }}"
    "{%- else -%}"
    "{{ raise_exception('unknown role: ' + message['role']) }}"
    "{%- endif -%}"
    "{%- endfor -%}"
    "{%- if add_generation_prompt -%}<|assistant|>{%- endif -%}"
)

MODEL_CARD = """---
license: apache-2.0
library_name: transformers
tags:
- govern
---

# Tiny Llama

A tiny model generated locally by govern for tests/demos, so fine-tuning can be exercised
offline. {training}

- Architecture: Llama, {layers} layers, hidden size {hidden}, {heads} heads ({kv_heads} KV heads)
- Tokenizer: byte-level BPE, {vocab} tokens, trained on the caller's texts
- Seed: {seed}
"""


def build_tiny_model(
    out_dir: Path,
    texts: Iterable[str],
    *,
    seed: int = 0,
    vocab_size: int = 2048,
    chat_template: str = CHAT_TEMPLATE,
    special_tokens: Sequence[str] = SPECIAL_TOKENS,
    bos: str | None = BOS,
    eos: str = EOS,
    pad: str | None = PAD,
    pretrain_steps: int = 0,
) -> Path:
    """Train a tokenizer on ``texts``, build a tiny random Llama, save both to ``out_dir``.

    The same texts, seed and library versions give byte-identical files (config.json records the
    transformers version). ``vocab_size`` is an upper bound: a small corpus yields fewer merges.
    ``out_dir`` is replaced atomically and holds ``model.safetensors`` (no pickles), the tokenizer
    files and a ``README.md`` model card. Plain ``tokenizer(text)`` adds no BOS; the chat
    template adds it and ends every turn with EOS. Chat roles: system, user, assistant.

    ``chat_template``, ``special_tokens`` and ``bos``/``eos``/``pad`` build other families'
    styles (Llama 3, Mistral, ChatML, Gemma) for tests; ``pad=None`` leaves the pad token unset,
    as many released tokenizers do. Every named token must be in ``special_tokens``.
    ``pretrain_steps`` > 0: pre-train every weight that many updates on a second, non-personal
    sample corpus (``govern.sample.pretrain``) before saving, so the model starts knowing the
    sample's language and chat format.
    """
    import torch
    from transformers import LlamaConfig, LlamaForCausalLM, PreTrainedTokenizerFast

    # transformers 5 declares this __init__ as (*args, **kwargs), untyped.
    tokenizer = PreTrainedTokenizerFast(  # type: ignore[no-untyped-call]
        tokenizer_object=_train_bpe(texts, vocab_size, special_tokens),
        **{name: token for name, token in (("bos_token", bos), ("pad_token", pad)) if token},
        eos_token=eos,
        chat_template=chat_template,
        model_max_length=1024,
    )
    config = LlamaConfig(
        vocab_size=len(tokenizer),
        hidden_size=64,
        intermediate_size=128,
        num_hidden_layers=2,
        num_attention_heads=4,
        num_key_value_heads=2,
        max_position_embeddings=1024,
        tie_word_embeddings=False,
        # With the default 0.02 the logits are nearly uniform and LoRA alone cannot overfit them.
        initializer_range=0.2,
        bos_token_id=tokenizer.bos_token_id,
        eos_token_id=tokenizer.eos_token_id,
        pad_token_id=tokenizer.pad_token_id,
    )
    # A private RNG scope: the seed fixes the weights without resetting the caller's random stream.
    with torch.random.fork_rng(devices=[]):
        torch.manual_seed(seed)
        model = LlamaForCausalLM(config)
    losses: list[float] = []
    if pretrain_steps:
        from govern.sample.pretrain import pretrain, pretraining_texts

        texts = pretraining_texts(seed, tokenizer)
        losses = pretrain(model, tokenizer, texts, steps=pretrain_steps, seed=seed)

    target = Path(out_dir)
    with atomic_dir(target) as staging:
        model.save_pretrained(staging, safe_serialization=True)
        tokenizer.save_pretrained(staging)
        card = MODEL_CARD.format(
            layers=config.num_hidden_layers,
            hidden=config.hidden_size,
            heads=config.num_attention_heads,
            kv_heads=config.num_key_value_heads,
            vocab=config.vocab_size,
            seed=seed,
            training=_training_line(pretrain_steps, losses),
        )
        (staging / "README.md").write_text(card, encoding="utf-8")
        for written in staging.iterdir():
            os.chmod(written, FILE_MODE)
    return target


def _training_line(steps: int, losses: list[float]) -> str:
    if not steps:
        return "Randomly initialised: it has never been trained and knows nothing."
    return (
        f"Pre-trained for {steps} updates (every weight) on a second sample corpus drawn with "
        f"another seed, records holding planted personal values left out; loss "
        f"{losses[0]:.3f} -> {losses[-1]:.3f}. It knows the sample's language and chat format, "
        "none of the demo corpus's records."
    )


def _train_bpe(texts: Iterable[str], vocab_size: int, special: Sequence[str]) -> Tokenizer:
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers

    tokenizer = Tokenizer(models.BPE())
    tokenizer.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tokenizer.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(
        vocab_size=vocab_size,
        special_tokens=list(special),
        # All 256 byte symbols up front, so text unseen in training still encodes without <unk>.
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
        show_progress=False,
    )
    tokenizer.train_from_iterator(texts, trainer=trainer)
    return tokenizer
