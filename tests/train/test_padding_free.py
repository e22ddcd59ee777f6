"""Padding-free micro-batches: one unpadded row, attention per sequence, the padded batch's loss."""

from __future__ import annotations

from typing import Any

import pytest
import torch
from peft import LoraConfig, get_peft_model
from transformers import AttentionInterface
from transformers.masking_utils import create_causal_mask

from govern.artifacts import load_model
from govern.train import run_training
from govern.train.attention import VARLEN, register, sdpa_per_sequence, use_padding_free
from govern.train.data import (
    IGNORE_INDEX,
    Example,
    collate,
    concatenate,
    micro_batch,
    pack_examples,
    sequence_lengths,
)
from govern.train.recipe import load_data
from govern.train.steps import supervised_tokens, token_loss_sum
from tests.train.conftest import Workspace


@pytest.fixture(scope="module")
def examples(workspace: Workspace) -> list[Example]:
    return load_data(workspace.config()).train.examples[:4]


def lora(workspace: Workspace, attention: str) -> Any:
    model = load_model(workspace.model, [workspace.public_key]).model
    model.set_attn_implementation(attention)
    config = LoraConfig(r=4, lora_alpha=8, lora_dropout=0.0, target_modules=["q_proj", "v_proj"])
    torch.manual_seed(0)  # the same adapter initialisation every time
    return get_peft_model(model, config)


def loss_and_grads(model: Any, batch: dict[str, torch.Tensor]) -> tuple[float, list[torch.Tensor]]:
    model.zero_grad()
    loss, _ = token_loss_sum(model, batch, supervised_only=True)
    loss.backward()
    grads = [p.grad.clone() for p in model.parameters() if p.requires_grad]
    return float(loss.detach()), grads


def test_a_micro_batch_is_one_unpadded_row_with_positions_per_sequence(
    examples: list[Example],
) -> None:
    lengths = [len(example.input_ids) for example in examples]
    assert len(set(lengths)) > 1  # padded, they would need padding
    row = micro_batch(examples, pad_id=0, padding_free=True)
    assert row["input_ids"].shape == (1, sum(lengths))
    assert bool(row["attention_mask"].all())  # no pad position
    assert sequence_lengths(row["position_ids"]) == lengths
    starts = [sum(lengths[:i]) for i in range(len(lengths))]
    assert [int(row["position_ids"][0, i]) for i in starts] == [0] * len(lengths)
    assert all(int(row["labels"][0, i]) == IGNORE_INDEX for i in starts)
    padded = micro_batch(examples, pad_id=0, padding_free=False)
    assert padded["input_ids"].shape == (len(examples), max(lengths))
    assert "position_ids" not in padded  # near miss: the padded batch, as before
    assert supervised_tokens(row) == supervised_tokens(padded)
    # A packed example keeps its own sequences inside the row.
    packed = pack_examples(examples[:2], 10_000)[0]
    assert sequence_lengths(collate([concatenate([packed, examples[2]])], 0)["position_ids"]) == [
        *lengths[:2],
        lengths[2],
    ]


def test_sequence_lengths_split_where_a_position_does_not_add_one() -> None:
    assert sequence_lengths(torch.tensor([[0, 1, 2, 0, 1, 0]])) == [3, 2, 1]
    assert sequence_lengths(torch.tensor([[0, 1, 2, 3]])) == [4]  # near miss: one sequence
    assert sequence_lengths(torch.tensor([[0, 1, 5, 6]])) == [2, 2]  # a jump begins one too


def test_the_padding_free_row_trains_what_the_padded_batch_trains(
    workspace: Workspace, examples: list[Example]
) -> None:
    model = lora(workspace, "sdpa")
    padded_loss, padded_grads = loss_and_grads(model, collate(examples, pad_id=0))
    switched, why = use_padding_free(model.get_base_model(), asked=True)
    assert switched and VARLEN in why and model.config._attn_implementation == VARLEN
    row = micro_batch(examples, pad_id=0, padding_free=True)
    flat_loss, flat_grads = loss_and_grads(model, row)
    assert flat_loss == pytest.approx(padded_loss, rel=1e-6)
    for flat, padded in zip(flat_grads, padded_grads, strict=True):
        torch.testing.assert_close(flat, padded, rtol=1e-3, atol=1e-5)
    # Padded batches still go through sdpa with its masks, as before the switch.
    again, _ = loss_and_grads(model, collate(examples, pad_id=0))
    assert again == pytest.approx(padded_loss, rel=1e-6)
    # Near miss: the same row read as one long sequence lets later examples see earlier ones.
    one_sequence = {**row, "position_ids": torch.arange(row["input_ids"].shape[1])[None]}
    leaked, _ = loss_and_grads(model, one_sequence)
    assert abs(leaked - padded_loss) > 1e-3 * abs(padded_loss)


def test_no_token_attends_across_a_sequence_boundary(
    workspace: Workspace, examples: list[Example]
) -> None:
    model = lora(workspace, "sdpa")
    assert use_padding_free(model.get_base_model(), asked=True)[0]
    first = len(examples[0].input_ids)
    row = micro_batch(examples, pad_id=0, padding_free=True)
    changed = {key: value.clone() for key, value in row.items()}
    changed["input_ids"][0, 1:first] = (changed["input_ids"][0, 1:first] + 7) % 300 + 3
    with torch.no_grad():
        before = token_loss_sum(model, row)[1][0, first:]
        after = token_loss_sum(model, changed)[1][0, first:]
        own = token_loss_sum(model, row)[1][0, :first]
        own_changed = token_loss_sum(model, changed)[1][0, :first]
    assert float((before - after).abs().max()) < 1e-5
    assert float((own - own_changed).abs().max()) > 1e-3  # near miss: the changed one moves


def test_the_row_reaches_the_per_sequence_kernel_with_its_lengths(
    workspace: Workspace, examples: list[Example]
) -> None:
    model = lora(workspace, "sdpa")
    assert use_padding_free(model.get_base_model(), asked=True)[0]
    seen: list[list[int] | None] = []

    def spy(*args: Any, **kwargs: Any) -> Any:
        seen.append(kwargs.get("sequence_lengths"))
        return sdpa_per_sequence(*args, **kwargs)

    AttentionInterface.register(VARLEN, spy)
    try:
        with torch.no_grad():
            token_loss_sum(model, micro_batch(examples, pad_id=0, padding_free=True))
            token_loss_sum(model, collate(examples, pad_id=0))  # near miss: padded, no lengths
    finally:
        register()
    layers = model.config.num_hidden_layers
    lengths = [len(example.input_ids) for example in examples]
    assert seen == [lengths] * layers + [None] * layers


def test_lengths_that_do_not_split_the_row_are_refused(workspace: Workspace) -> None:
    module = lora(workspace, "sdpa").get_base_model().model.layers[0].self_attn
    query = torch.zeros(1, 2, 5, 8)
    with pytest.raises(ValueError, match=r"sequence_lengths \[2, 2\] do not split"):
        sdpa_per_sequence(module, query, query, query, None, sequence_lengths=[2, 2])
    with pytest.raises(ValueError, match="one-row batch"):
        sdpa_per_sequence(module, query.repeat(2, 1, 1, 1), query, query, None, [5])
    out, _ = sdpa_per_sequence(module, query, query, query, None, sequence_lengths=[2, 3])
    assert out.shape == (1, 5, 2, 8)


def test_no_dense_mask_is_built_for_an_unpadded_pass(
    workspace: Workspace, examples: list[Example]
) -> None:
    model = lora(workspace, "sdpa").get_base_model()
    row = micro_batch(examples, pad_id=0, padding_free=True)
    embeds = torch.zeros(1, row["input_ids"].shape[1], model.config.hidden_size)

    def mask(attention_mask: torch.Tensor | None, position_ids: torch.Tensor) -> Any:
        return create_causal_mask(
            config=model.config,
            inputs_embeds=embeds[: position_ids.shape[0], : position_ids.shape[1]],
            attention_mask=attention_mask,
            cache=None,
            position_ids=position_ids,
        )

    dense = mask(None, row["position_ids"])  # near miss: sdpa's own, positions x positions
    assert dense is not None and dense.shape[-2:] == (embeds.shape[1], embeds.shape[1])
    assert use_padding_free(model, asked=True)[0]
    assert mask(None, row["position_ids"]) is None
    # A padding mask still gets sdpa's mask, the same as before the switch.
    padded = collate(examples, pad_id=0)
    width = padded["input_ids"].shape[1]
    positions = torch.arange(width).expand(len(examples), -1)
    ours = mask(padded["attention_mask"], positions)
    model.set_attn_implementation("sdpa")
    assert torch.equal(ours, mask(padded["attention_mask"], positions))


def test_packed_rows_of_a_padded_batch_attend_per_sequence_too(
    workspace: Workspace, examples: list[Example]
) -> None:
    rows = collate(pack_examples(examples, len(examples[0].input_ids) + 8), pad_id=0)
    assert rows["input_ids"].shape[0] > 1  # several packed rows, padded
    model = lora(workspace, "sdpa")
    with torch.no_grad():
        masked = token_loss_sum(model, rows)[1]  # transformers' block-diagonal mask
        assert use_padding_free(model.get_base_model(), asked=True)[0]
        split = token_loss_sum(model, rows)[1]  # split by position_ids, no mask
    torch.testing.assert_close(split, masked, rtol=1e-4, atol=1e-5)


@pytest.mark.parametrize(
    ("attention", "asked", "reason"),
    [
        ("eager", True, "attn_implementation eager: padding-free batches take sdpa"),
        ("sdpa", False, "padding_free: false"),
    ],
)
def test_other_kernels_or_the_key_off_keep_padded_batches(
    workspace: Workspace, attention: str, asked: bool, reason: str
) -> None:
    model = load_model(workspace.model, [workspace.public_key]).model
    model.set_attn_implementation(attention)
    assert use_padding_free(model, asked) == (False, reason)
    assert model.config._attn_implementation == attention  # left as it was


def test_a_sliding_window_keeps_padded_batches(workspace: Workspace) -> None:
    model = load_model(workspace.model, [workspace.public_key]).model
    model.config.sliding_window = 16  # the window lives in sdpa's masks, which VARLEN skips
    assert use_padding_free(model, asked=True) == (
        False, "sliding_window 16: padding-free batches take full causal attention"
    )  # fmt: skip
    assert model.config._attn_implementation == "sdpa"
    model.config.use_sliding_window = False  # near miss: a window that is switched off
    assert use_padding_free(model, asked=True)[0]


def test_a_run_records_its_batching_and_trains_as_the_padded_run(workspace: Workspace) -> None:
    out = workspace.root / "padding-free"
    # No dropout: its random masks have the batch's shape, so they differ from padded batches'.
    shared: dict[str, Any] = {"replay_controls": 0, "max_steps": 4, "lora_dropout": 0.0}
    free = run_training(workspace.config(output_dir=out / "a", reports_dir=out / "ra", **shared))
    padded = run_training(
        workspace.config(output_dir=out / "b", reports_dir=out / "rb", padding_free=False, **shared)
    )
    assert free["provenance"]["padding_free"] == {
        "enabled": True, "reason": f"{VARLEN}: sdpa per sequence"
    }  # fmt: skip
    assert padded["provenance"]["padding_free"] == {
        "enabled": False, "reason": "padding_free: false"
    }  # fmt: skip
    free_curve = [point["loss"] for point in free["loss_curve"]]
    padded_curve = [point["loss"] for point in padded["loss_curve"]]
    assert free_curve == pytest.approx(padded_curve, rel=1e-5)
    assert free["tokens_supervised"] == padded["tokens_supervised"]
    # eager attention keeps padded batches, and says so.
    eager = run_training(
        workspace.config(
            output_dir=out / "c", reports_dir=out / "rc", attn_implementation="eager", **shared
        )
    )
    assert eager["provenance"]["padding_free"]["enabled"] is False
    assert [p["loss"] for p in eager["loss_curve"]] == pytest.approx(padded_curve, rel=1e-5)
