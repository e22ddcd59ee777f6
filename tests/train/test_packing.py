"""Packing: several examples per row, each attending only to itself, the same loss as unpacked."""

from __future__ import annotations

from typing import Any

import pytest
import torch

from govern.artifacts import load_model
from govern.train.data import IGNORE_INDEX, Example, collate, pack_examples
from govern.train.recipe import load_data
from govern.train.steps import supervised_tokens, token_loss_sum
from tests.train.conftest import Workspace


@pytest.fixture(scope="module")
def examples(workspace: Workspace) -> list[Example]:
    return load_data(workspace.config()).train.examples[:3]


def base(workspace: Workspace, attention: str) -> Any:
    model = load_model(workspace.model, [workspace.public_key]).model.eval()
    model.set_attn_implementation(attention)
    return model


def test_packing_keeps_positions_and_masks_each_boundary_label(examples: list[Example]) -> None:
    (row,) = pack_examples(examples, max_seq_length=10_000)
    assert row.input_ids == [token for e in examples for token in e.input_ids]
    starts = [
        0,
        len(examples[0].input_ids),
        len(examples[0].input_ids) + len(examples[1].input_ids),
    ]
    assert row.positions is not None
    assert [row.positions[i] for i in starts] == [0, 0, 0]
    # The last token of one sequence is never trained to predict the first of the next.
    assert all(row.labels[i] == IGNORE_INDEX for i in starts)
    # A row never exceeds max_seq_length: two examples that do not fit go in two rows.
    limit = len(examples[0].input_ids) + len(examples[1].input_ids) - 1
    assert len(pack_examples(examples[:2], limit)) == 2


@pytest.mark.parametrize("attention", ["sdpa", "eager"])
def test_packed_loss_equals_the_unpacked_losses(
    workspace: Workspace, examples: list[Example], attention: str
) -> None:
    model = base(workspace, attention)
    packed = collate(pack_examples(examples, 10_000), pad_id=0)
    with torch.no_grad():
        packed_sum, _ = token_loss_sum(model, packed)
        singles = [collate([example], pad_id=0) for example in examples]
        unpacked_sum = sum(float(token_loss_sum(model, batch)[0]) for batch in singles)
    tokens = supervised_tokens(packed)
    assert tokens == sum(supervised_tokens(batch) for batch in singles)
    assert abs(float(packed_sum) / tokens - unpacked_sum / tokens) < 1e-5


@pytest.mark.parametrize("attention", ["sdpa", "eager"])
def test_no_token_attends_across_a_boundary(
    workspace: Workspace, examples: list[Example], attention: str
) -> None:
    model = base(workspace, attention)
    first = len(examples[0].input_ids)
    rows = pack_examples(examples, 10_000)
    batch = collate(rows, pad_id=0)
    changed = {key: value.clone() for key, value in batch.items()}
    changed["input_ids"][0, 1:first] = (changed["input_ids"][0, 1:first] + 7) % 300 + 3
    with torch.no_grad():
        before = token_loss_sum(model, batch)[1][0, first:]
        after = token_loss_sum(model, changed)[1][0, first:]
        assert float((before - after).abs().max()) < 1e-5
        # Near miss: the same row without per-sequence positions is one long causal sequence,
        # and changing the first example changes what the later ones see.
        plain = {k: v for k, v in batch.items() if k != "position_ids"}
        plain_changed = {k: v for k, v in changed.items() if k != "position_ids"}
        leaked = token_loss_sum(model, plain)[1][0, first:]
        leaked_changed = token_loss_sum(model, plain_changed)[1][0, first:]
    assert float((leaked - leaked_changed).abs().max()) > 1e-3


def test_padded_packed_rows_match_unpacked_losses(
    workspace: Workspace, examples: list[Example]
) -> None:
    model = base(workspace, "sdpa")
    rows = pack_examples(examples, len(examples[0].input_ids) + len(examples[1].input_ids))
    assert len(rows) == 2  # uneven rows: the shorter one is padded
    batch = collate(rows, pad_id=0)
    assert int((batch["labels"][batch["attention_mask"] == 0] != IGNORE_INDEX).sum()) == 0
    with torch.no_grad():
        packed_sum = float(token_loss_sum(model, batch)[0])
        unpacked = sum(float(token_loss_sum(model, collate([e], 0))[0]) for e in examples)
    assert abs(packed_sum - unpacked) / supervised_tokens(batch) < 1e-5


def test_a_packed_run_trains_and_records_the_packing(workspace: Workspace) -> None:
    from govern.train import run_training

    out = workspace.root / "packed"
    config = workspace.config(
        packing=True, max_steps=2, output_dir=out / "adapter", reports_dir=out / "r"
    )
    metrics = run_training(config)
    assert metrics["stop_reason"] == "completed"
    packing = metrics["provenance"]["packing"]
    assert packing["enabled"] and packing["rows"] < packing["sequences"]
