"""Work a training step leaves out: logits of unlabelled positions, padding (group_by_length),
the per-parameter optimizer loop (adamw_torch_fused); none of it changes what the default trains."""

from __future__ import annotations

from typing import Any

import pytest
import torch
from peft import LoraConfig, get_peft_model

from govern.artifacts import load_model
from govern.errors import InputError
from govern.train import run_training
from govern.train.checkpoint import checkpoint_dir
from govern.train.config import parse_train_config
from govern.train.data import Example, collate, encode_alpaca, encode_chat, pack_examples
from govern.train.precision import check_precision, make_optimizer, optimizer_record
from govern.train.steps import (
    accounting,
    epoch_order,
    masks_logits,
    supervised_tokens,
    token_loss_sum,
    update_indices,
)
from tests.train.conftest import Workspace, alpaca, chat


@pytest.fixture(scope="module")
def lora_model(workspace: Workspace) -> Any:
    model = load_model(workspace.model, [workspace.public_key]).model
    lora = LoraConfig(r=4, lora_alpha=8, lora_dropout=0.0, target_modules=["q_proj", "v_proj"])
    return get_peft_model(model, lora)


def loss_and_grads(model: Any, batch: dict[str, torch.Tensor], **kwargs: Any) -> tuple[Any, ...]:
    model.zero_grad()
    loss, logits = token_loss_sum(model, batch, **kwargs)
    loss.backward()
    grads = [p.grad.clone() for p in model.parameters() if p.grad is not None]
    return loss.detach(), logits.shape, grads


def mixed_examples(tokenizer: Any) -> list[Example]:
    """A short chat, a long Alpaca record and a middling chat: prompts and padding to skip."""
    return [
        Example("short", *encode_chat(chat(1), tokenizer), False),
        Example("long", *encode_alpaca(alpaca(7), tokenizer), False),
        Example("middle", *encode_chat(chat(12), tokenizer), False),
    ]


@pytest.mark.parametrize("packed", [False, True], ids=["padded", "packed"])
def test_supervised_only_logits_give_the_same_loss_and_gradients_bit_for_bit(
    workspace: Workspace, lora_model: Any, packed: bool
) -> None:
    tokenizer = load_model(workspace.model, [workspace.public_key]).tokenizer
    examples = mixed_examples(tokenizer)
    if packed:
        examples = pack_examples(examples, 10_000)
    batch = collate(examples, tokenizer.pad_token_id)
    full_loss, full_shape, full_grads = loss_and_grads(lora_model, batch)
    loss, shape, grads = loss_and_grads(lora_model, batch, supervised_only=True)
    # Only the positions that predict a label were projected onto the vocabulary.
    assert full_shape == (*batch["input_ids"].shape, full_shape[-1])
    assert shape == (supervised_tokens(batch), full_shape[-1])
    assert shape[0] < batch["input_ids"].numel() // 2  # prompts and padding skipped
    assert torch.equal(loss, full_loss)
    assert len(grads) == len(full_grads) > 0
    assert all(torch.equal(mine, theirs) for mine, theirs in zip(grads, full_grads, strict=True))
    # Near miss: a batch whose labels moved by one token gives another loss.
    moved = {**batch, "labels": torch.roll(batch["labels"], 1, dims=1)}
    assert not torch.equal(token_loss_sum(lora_model, moved, supervised_only=True)[0], loss)


def test_only_a_forward_that_slices_by_mask_gets_the_logits_mask(lora_model: Any) -> None:
    assert masks_logits(lora_model)  # peft's wrapper: the Llama it holds
    assert masks_logits(lora_model.get_base_model())

    class Projection(torch.nn.Module):
        """A causal LM whose forward takes logits_to_keep but not through transformers' slicer."""

        def __init__(self) -> None:
            super().__init__()
            self.embed = torch.nn.Embedding(16, 4)
            self.head = torch.nn.Linear(4, 16)

        def forward(self, input_ids: torch.Tensor, logits_to_keep: int = 0, **_: Any) -> Any:
            return type("Output", (), {"logits": self.head(self.embed(input_ids))})

    plain = Projection()
    assert not masks_logits(plain)
    ids = torch.tensor([[1, 2, 3, 4]])
    batch = {
        "input_ids": ids,
        "attention_mask": torch.ones_like(ids),
        "labels": torch.tensor([[-100, -100, 3, 4]]),
    }
    full, logits = token_loss_sum(plain, batch, supervised_only=True)
    assert logits.shape == (1, 4, 16)  # every position projected, and the same loss
    assert torch.equal(full, token_loss_sum(plain, batch)[0])


def lengths_config(**values: Any) -> Any:
    return parse_train_config(
        {"per_device_train_batch_size": 4, "gradient_accumulation_steps": 2, **values}
    )


def padded_positions(order: list[int], lengths: list[int], micro: int) -> int:
    batches = [order[i : i + micro] for i in range(0, len(order), micro)]
    return sum(len(batch) * max(lengths[i] for i in batch) for batch in batches)


def test_the_default_order_is_the_seeded_shuffle_of_earlier_versions() -> None:
    plan = accounting(lengths_config(), examples=50)
    # Checkpoints of earlier versions resume into the same batches.
    expected = torch.randperm(50, generator=torch.Generator().manual_seed(3 + 2)).tolist()
    assert epoch_order(plan, seed=3, epoch=2) == expected
    assert epoch_order(plan, seed=3, epoch=1) != expected


def test_group_by_length_batches_similar_lengths_and_still_shuffles() -> None:
    generator = torch.Generator().manual_seed(7)
    lengths = torch.randint(10, 300, (400,), generator=generator).tolist()
    plan = accounting(lengths_config(), examples=400)
    shuffled = epoch_order(plan, seed=0, epoch=0)
    grouped = epoch_order(plan, seed=0, epoch=0, lengths=lengths)
    assert sorted(grouped) == list(range(400))  # every example once per epoch
    assert grouped == epoch_order(plan, seed=0, epoch=0, lengths=lengths)  # resumable
    assert grouped != epoch_order(plan, seed=0, epoch=1, lengths=lengths)  # reshuffled
    assert lengths[grouped[0]] == max(lengths)  # an out-of-memory batch fails first
    # Far less padding than the plain shuffle of the same examples.
    assert padded_positions(grouped, lengths, 4) < 0.8 * padded_positions(shuffled, lengths, 4)
    # Not a global sort: chunks of min(50, examples / 4 micro-batches) = 25 micro-steps, each
    # sorted longest first (the first one's head swapped for the epoch's longest).
    chunk = 4 * 25
    first = [lengths[i] for i in grouped[1:chunk]]
    assert first == sorted(first, reverse=True)
    second = [lengths[i] for i in grouped[chunk : 2 * chunk]]
    assert second[1:] == sorted(second[1:], reverse=True)
    assert {*grouped[1:chunk]} < {*shuffled[:chunk]}  # drawn from the shuffle's first chunk
    # The replicas' shards still partition each update's examples.
    two = accounting(lengths_config(per_device_train_batch_size=2), examples=400, replicas=2)
    order = epoch_order(two, seed=0, epoch=0, lengths=lengths)
    shards = [update_indices(two, order, 0, rank) for rank in (0, 1)]
    whole = [i for batch in update_indices(plan, grouped, 0) for i in batch]
    assert sorted(i for shard in shards for batch in shard for i in batch) == sorted(whole)


def test_a_grouped_run_resumed_mid_epoch_continues_the_same_loss_curve(
    workspace: Workspace,
) -> None:
    out = workspace.root / "grouped"
    shared = {"group_by_length": True, "replay_controls": 0, "max_steps": 6}
    straight = run_training(
        workspace.config(output_dir=out / "a", reports_dir=out / "ra", **shared)
    )
    half = workspace.config(
        output_dir=out / "b", reports_dir=out / "rb", stop_after_steps=3, **shared
    )
    run_training(half)
    resumed = half.model_copy(
        update={"stop_after_steps": None, "resume_from_checkpoint": checkpoint_dir(half, 3)}
    )
    finished = run_training(resumed)
    assert finished["stop_reason"] == "completed"
    assert [p["loss"] for p in finished["loss_curve"]] == [
        p["loss"] for p in straight["loss_curve"]
    ]
    # Near miss: the same run without grouping takes other batches, so another curve.
    plain = run_training(
        workspace.config(
            output_dir=out / "c", reports_dir=out / "rc", **{**shared, "group_by_length": False}
        )
    )
    assert [p["loss"] for p in plain["loss_curve"]] != [p["loss"] for p in straight["loss_curve"]]


def test_fused_adamw_is_the_default_and_takes_the_loop_steps_to_rounding(
    workspace: Workspace,
) -> None:
    assert parse_train_config({}).optim == "adamw_torch_fused"  # as transformers' Trainer
    config = workspace.config(learning_rate=0.01)
    check_precision(config, torch.device("cpu"))  # torch's own: no CUDA, no bitsandbytes
    start = torch.linspace(-1, 1, 12).reshape(3, 4)
    weights = {name: torch.nn.Parameter(start.clone()) for name in ("loop", "fused")}
    loop_config = workspace.config(learning_rate=0.01, optim="adamw_torch")
    built = {
        "loop": make_optimizer(loop_config, [weights["loop"]]),
        "fused": make_optimizer(config, [weights["fused"]]),
    }
    optimizers = {name: optimizer for name, (optimizer, _) in built.items()}
    assert built["fused"][1] is None and built["loop"][1] is None  # nothing fell back
    assert optimizers["fused"].param_groups[0]["fused"] is True
    assert optimizer_record(config, *built["fused"]) == {
        "optim": "adamw_torch_fused", "fused": True, "fallback": None
    }  # fmt: skip
    # adamw_torch leaves torch's choice alone (foreach on CUDA, the loop on CPU), as before.
    assert optimizers["loop"].param_groups[0]["fused"] is None
    assert optimizers["loop"].param_groups[0]["foreach"] is None
    assert not optimizer_record(loop_config, *built["loop"])["fused"]
    for step in range(5):
        for name, optimizer in optimizers.items():
            weights[name].grad = torch.sin(start * (step + 1))
            optimizer.step()
    torch.testing.assert_close(weights["fused"], weights["loop"], rtol=0, atol=1e-6)
    assert not torch.equal(weights["fused"], start)  # both moved
    # Near miss: bitsandbytes' 8-bit AdamW stays CUDA-only.
    with pytest.raises(InputError, match="optim: adamw_8bit is bitsandbytes'"):
        check_precision(workspace.config(optim="adamw_8bit"), torch.device("cpu"))


def test_fused_adamw_falls_back_to_the_loop_where_torch_has_no_fused_kernel(
    workspace: Workspace,
) -> None:
    # torch's fused AdamW takes floating-point tensors only; it would fail at the first step.
    weights = [torch.nn.Parameter(torch.ones(2, dtype=torch.complex64))]
    config = workspace.config()
    optimizer, fallback = make_optimizer(config, weights)
    assert fallback == (
        "adamw_torch_fused: no fused kernel for torch.complex64 on cpu; adamw_torch used"
    )
    assert optimizer_record(config, optimizer, fallback) == {
        "optim": "adamw_torch_fused", "fused": False, "fallback": fallback
    }  # fmt: skip
    weights[0].grad = torch.ones(2, dtype=torch.complex64)
    optimizer.step()  # the loop trains it
    assert not torch.equal(weights[0], torch.ones(2, dtype=torch.complex64))
    # Near miss: a float parameter on the same device gets the fused kernel.
    floats, none = make_optimizer(config, [torch.nn.Parameter(torch.ones(2))])
    assert none is None and floats.param_groups[0]["fused"] is True
