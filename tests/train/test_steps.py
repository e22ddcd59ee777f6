"""Accounting and the token-weighted accumulation of one update."""

from __future__ import annotations

import pytest
import torch

from govern.train.config import parse_train_config
from govern.train.data import Example, collate, encode_alpaca, encode_chat
from govern.train.recipe import Data, load_data
from govern.train.steps import (
    accounting,
    accumulate,
    epoch_order,
    mean_of_means,
    update_indices,
)
from tests.train.conftest import Workspace, alpaca, chat


@pytest.fixture(scope="module")
def data(workspace: Workspace) -> Data:
    return load_data(workspace.config())


def grads(model: torch.nn.Module) -> list[torch.Tensor]:
    return [p.grad.clone() for p in model.parameters() if p.grad is not None]


def test_accumulating_2x1_equals_one_batch_of_2_by_token_count(data: Data) -> None:
    tokenizer, model = data.tokenizer, data.model.eval()
    short = Example("short", *encode_chat(chat(1), tokenizer), False)
    long = Example("long", *encode_alpaca(alpaca(5), tokenizer), False)
    pad = tokenizer.pad_token_id
    separate = [collate([short], pad), collate([long], pad)]

    model.zero_grad()
    accumulated_loss, tokens = accumulate(model, separate)
    accumulated = grads(model)
    model.zero_grad()
    one_batch_loss, one_batch_tokens = accumulate(model, [collate([short, long], pad)])
    together = grads(model)

    assert tokens == one_batch_tokens
    assert accumulated_loss == pytest.approx(one_batch_loss, abs=1e-5)
    for left, right in zip(accumulated, together, strict=True):
        torch.testing.assert_close(left, right, atol=1e-5, rtol=1e-4)
    # The naive mean of means weights the short example's tokens more: a different number.
    assert abs(mean_of_means(model, separate) - accumulated_loss) > 1e-3


def test_accounting_keeps_the_incomplete_last_batch() -> None:
    config = parse_train_config(
        {"per_device_train_batch_size": 4, "gradient_accumulation_steps": 2}
    )
    plan = accounting(config, examples=10)
    assert plan.examples_per_update == 8
    assert (plan.micro_batches_per_epoch, plan.updates_per_epoch) == (3, 2)
    assert (plan.total_updates, plan.holds_fixed) == (2, "epochs")
    order = epoch_order(plan, 0, 0)
    seen = [i for u in range(2) for batch in update_indices(plan, order, u) for i in batch]
    assert sorted(seen) == list(range(10))
    assert [len(b) for b in update_indices(plan, order, 1)] == [2]


def test_fixed_updates_derive_epochs() -> None:
    config = parse_train_config({"per_device_train_batch_size": 2, "max_steps": 15})
    plan = accounting(config, examples=20)
    assert plan.updates_per_epoch == 5 and plan.epochs == 3.0
    assert "held fixed: updates" in plan.describe()


def test_unigram_baseline_is_the_smoothed_frequency_of_supervised_train_tokens() -> None:
    import math

    from govern.train.steps import unigram_baseline

    train = [Example("a", [1, 5, 5, 6], [-100, 5, 5, 6], False)]
    validation = [Example("b", [1, 5, 9], [-100, 5, -100], False)]
    # Train counts {5: 2, 6: 1}; the validation's one supervised token is 5; vocabulary 10.
    assert unigram_baseline(train, validation, 10) == pytest.approx(-math.log(3 / 13))
    # Near miss: an unseen token costs only its smoothed share.
    unseen = [Example("c", [1, 7], [-100, 7], False)]
    assert unigram_baseline(train, unseen, 10) == pytest.approx(-math.log(1 / 13))
    assert math.isnan(unigram_baseline(train, [], 10))


def test_summed_token_loss_is_transformers_own_causal_lm_loss(data: Data) -> None:
    from govern.train.steps import supervised_tokens, token_loss_sum

    tokenizer, model = data.tokenizer, data.model.eval()
    short = Example("short", *encode_chat(chat(2), tokenizer), False)
    long = Example("long", *encode_alpaca(alpaca(3), tokenizer), False)
    batch = collate([short, long], tokenizer.pad_token_id)  # the short row padded, masked
    with torch.no_grad():
        ours, _ = token_loss_sum(model, batch)
        theirs = model(
            input_ids=batch["input_ids"],
            attention_mask=batch["attention_mask"],
            labels=batch["labels"],
        ).loss
    # transformers shifts the labels the same way and averages over the supervised tokens.
    assert float(ours) / supervised_tokens(batch) == pytest.approx(float(theirs), rel=1e-5)
    # Near miss: without the shift (position t scored against label t) the loss differs.
    logits = model(input_ids=batch["input_ids"], attention_mask=batch["attention_mask"]).logits
    unshifted = torch.nn.functional.cross_entropy(
        logits.reshape(-1, logits.shape[-1]), batch["labels"].reshape(-1), ignore_index=-100
    )
    assert abs(float(unshifted) - float(theirs)) > 1e-2
