"""Padding-free micro-batches: one row per micro-batch, attention computed per sequence.

A micro-batch of examples goes through the model as one row (``data.concatenate``): no pad
position is embedded, projected or attended, and each sequence keeps its own positions. The
attention is torch's ``scaled_dot_product_attention``, causal, called once per sequence of the
row (``VARLEN``, registered with transformers' attention interfaces), so a sequence never sees
another and no positions x positions mask is built (transformers' sdpa would build a dense one
for a packed row); every input with a padding mask or a cache (validation, generation) goes to
transformers' sdpa unchanged. The contract is that of transformers' flash_attention_2: without
a padding mask, sequences are told apart by their ``position_ids``.
"""

from __future__ import annotations

from typing import Any

import torch

from govern.train.data import sequence_lengths as lengths_of

VARLEN = "govern_sdpa_varlen"  # "sdpa" in the name: transformers checks the model can run sdpa


def sdpa_per_sequence(
    module: torch.nn.Module,
    query: torch.Tensor,
    key: torch.Tensor,
    value: torch.Tensor,
    attention_mask: torch.Tensor | None,
    sequence_lengths: list[int] | None = None,
    **kwargs: Any,
) -> tuple[torch.Tensor, None]:
    """transformers' sdpa attention, causal per sequence where a row holds several.

    A full pass with no padding mask (no cache: as many keys as queries) splits each row where
    its ``position_ids`` do not add 1 (transformers' packed-sequence rule), or by
    ``sequence_lengths`` when the caller gives them (one row; they add up to its length), and
    attends causally within each sequence. Anything else (a padding mask, a cache) is sdpa's.
    """
    from transformers.integrations.sdpa_attention import sdpa_attention_forward

    full_pass = attention_mask is None and query.shape[2] == key.shape[2]
    if not full_pass:
        return sdpa_attention_forward(module, query, key, value, attention_mask, **kwargs)
    rows = _row_lengths(query, sequence_lengths, kwargs.get("position_ids"))
    if all(len(lengths) == 1 for lengths in rows):  # one sequence per row: plain causal
        return sdpa_attention_forward(module, query, key, value, None, **kwargs)
    outputs = []
    for row, lengths in enumerate(rows):
        splits = zip(
            torch.split(query[row : row + 1], lengths, dim=2),
            torch.split(key[row : row + 1], lengths, dim=2),
            torch.split(value[row : row + 1], lengths, dim=2),
            strict=True,
        )
        sequences = [
            sdpa_attention_forward(module, q, k, v, None, **kwargs)[0] for q, k, v in splits
        ]
        outputs.append(torch.cat(sequences, dim=1))
    return torch.cat(outputs, dim=0), None  # (batch, positions, heads, head size)


def _row_lengths(
    query: torch.Tensor, sequence_lengths: list[int] | None, position_ids: torch.Tensor | None
) -> list[list[int]]:
    """The lengths of the sequences of each row (one sequence per row without positions)."""
    batch, positions = query.shape[0], query.shape[2]
    if sequence_lengths is not None:
        if batch != 1 or sum(sequence_lengths) != positions:
            raise ValueError(
                f"sequence_lengths {sequence_lengths} do not split a one-row batch of "
                f"{positions} positions"
            )
        return [sequence_lengths]
    if position_ids is None:
        return [[positions]] * batch
    return [lengths_of(row) for row in position_ids.expand(batch, -1)]


def full_pass_mask(*args: Any, **kwargs: Any) -> torch.Tensor | None:
    """No mask for a full pass without padding (``sdpa_per_sequence`` splits it); else sdpa's.

    transformers would otherwise build a dense positions x positions mask for a packed row.
    Extra mask rules (``use_vmap``: image tokens and the like) keep sdpa's mask.
    """
    from transformers.masking_utils import sdpa_mask

    unmasked = kwargs.get("attention_mask") is None and not kwargs.get("use_vmap")
    no_cache = kwargs.get("q_length") == kwargs.get("kv_length") and not kwargs.get("kv_offset")
    if unmasked and no_cache and not kwargs.get("q_offset"):
        return None
    return sdpa_mask(*args, **kwargs)


def register() -> None:
    """Make ``VARLEN`` a name transformers' models accept (idempotent)."""
    from transformers import AttentionInterface
    from transformers.masking_utils import AttentionMaskInterface

    AttentionInterface.register(VARLEN, sdpa_per_sequence)
    AttentionMaskInterface.register(VARLEN, full_pass_mask)


def use_padding_free(model: Any, asked: bool) -> tuple[bool, str]:
    """Switch ``model`` (a transformers model) to ``VARLEN``: whether it did, and why (not).

    Only a model running transformers' sdpa through its attention interface is switched; any
    other (``attn_implementation`` eager or flash_attention_2, or remote code that does not take
    a kernel by name) keeps padded micro-batches, with the reason.
    """
    if not asked:
        return False, "padding_free: false"
    current = getattr(model.config, "_attn_implementation", None)
    if current == VARLEN:
        return True, f"{VARLEN}: sdpa per sequence"
    if current != "sdpa":
        return False, f"attn_implementation {current}: padding-free batches take sdpa"
    if (window := _not_full_attention(model.config)) is not None:
        return False, f"{window}: padding-free batches take full causal attention"
    register()
    model.set_attn_implementation(VARLEN)  # warns and keeps its own when it cannot switch
    if model.config._attn_implementation != VARLEN:
        return False, f"{type(model).__name__} cannot switch attention kernel by name"
    return True, f"{VARLEN}: sdpa per sequence"


def _not_full_attention(config: Any) -> str | None:
    # The per-sequence kernel is full causal attention: a sliding window or chunked attention
    # lives in transformers' masks, which it does not build.
    for key in ("sliding_window", "attention_chunk_size"):
        if getattr(config, key, None) and getattr(config, "use_sliding_window", True):
            return f"{key} {getattr(config, key)}"
    kinds = set(getattr(config, "layer_types", None) or ["full_attention"])
    if kinds != {"full_attention"}:
        return f"layer_types {', '.join(sorted(kinds - {'full_attention'}))}"
    return None
