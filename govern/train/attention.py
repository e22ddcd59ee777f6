"""Padding-free micro-batches: one row per micro-batch, attention computed per sequence.

A micro-batch of examples goes through the model as one row (``data.concatenate``): no pad
position is embedded, projected or attended, and each sequence keeps its own positions. The
attention is torch's ``scaled_dot_product_attention``, causal, called once per sequence of the
row (``VARLEN``, registered with transformers' attention interfaces), so a sequence never sees
another and no row-wide mask is needed; every other input (padded batches in validation and
generation, rows with no lengths given) goes to transformers' sdpa unchanged.
"""

from __future__ import annotations

from typing import Any

import torch

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
    """transformers' sdpa attention, causal per sequence when ``sequence_lengths`` is given.

    ``sequence_lengths``: the lengths of the sequences of a one-row batch (they add up to its
    length); transformers' block-diagonal mask of that row says the same and is not used.
    """
    from transformers.integrations.sdpa_attention import sdpa_attention_forward

    if sequence_lengths is None:
        return sdpa_attention_forward(module, query, key, value, attention_mask, **kwargs)
    if query.shape[0] != 1 or sum(sequence_lengths) != query.shape[2]:
        raise ValueError(
            f"sequence_lengths {sequence_lengths} do not split a one-row batch of "
            f"{query.shape[2]} positions"
        )
    splits = zip(
        torch.split(query, sequence_lengths, dim=2),
        torch.split(key, sequence_lengths, dim=2),
        torch.split(value, sequence_lengths, dim=2),
        strict=True,
    )
    outputs = [sdpa_attention_forward(module, q, k, v, None, **kwargs)[0] for q, k, v in splits]
    return torch.cat(outputs, dim=1), None  # (batch, positions, heads, head size)


def register() -> None:
    """Make ``VARLEN`` a name transformers' models accept (idempotent)."""
    from transformers import AttentionInterface
    from transformers.masking_utils import AttentionMaskInterface, sdpa_mask

    AttentionInterface.register(VARLEN, sdpa_per_sequence)
    AttentionMaskInterface.register(VARLEN, sdpa_mask)  # padded inputs: sdpa's own masks


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
    register()
    model.set_attn_implementation(VARLEN)  # warns and keeps its own when it cannot switch
    if model.config._attn_implementation != VARLEN:
        return False, f"{type(model).__name__} cannot switch attention kernel by name"
    return True, f"{VARLEN}: sdpa per sequence"
