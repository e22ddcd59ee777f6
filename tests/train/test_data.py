"""Loss on the answer only: prompt -100, EOS trained, padding masked, for chat and Alpaca."""

from __future__ import annotations

from typing import Any

import pytest

from govern.errors import PolicyViolation
from govern.train import preview_examples
from govern.train.data import (
    IGNORE_INDEX,
    Example,
    collate,
    encode_alpaca,
    encode_chat,
    encode_records,
    show_examples,
)
from govern.train.recipe import Data, load_data
from tests.train.conftest import Workspace, alpaca, chat


@pytest.fixture(scope="module")
def data(workspace: Workspace) -> Data:
    return load_data(workspace.config())


def supervised_text(tokenizer: Any, ids: list[int], labels: list[int]) -> str:
    kept = [token for token, label in zip(ids, labels, strict=True) if label != IGNORE_INDEX]
    return str(tokenizer.decode(kept, skip_special_tokens=False))


def test_chat_trains_the_assistant_reply_and_its_eos_only(data: Data) -> None:
    tokenizer = data.tokenizer
    ids, labels = encode_chat(chat(3), tokenizer)
    assert supervised_text(tokenizer, ids, labels) == "Hold the button for 6 seconds.<|eos|>"
    assert labels[0] == IGNORE_INDEX and labels[-1] == tokenizer.eos_token_id


def test_alpaca_trains_output_and_eos_only(data: Data) -> None:
    tokenizer = data.tokenizer
    ids, labels = encode_alpaca(alpaca(1), tokenizer)
    assert supervised_text(tokenizer, ids, labels) == "The sum is 3.<|eos|>"
    prompt = tokenizer.decode([t for t, lab in zip(ids, labels, strict=True) if lab == -100])
    assert "Add the numbers." in prompt and "1 and 2" in prompt
    assert ids[0] == tokenizer.bos_token_id


def test_padding_is_masked_in_labels_and_attention() -> None:
    batch = collate(
        [Example("a", [5, 6, 7], [-100, 6, 7], False), Example("b", [5], [5], False)], 0
    )
    assert batch["input_ids"].tolist() == [[5, 6, 7], [5, 0, 0]]
    assert batch["labels"].tolist() == [[-100, 6, 7], [5, -100, -100]]
    assert batch["attention_mask"].tolist() == [[1, 1, 1], [1, 0, 0]]


def test_truncation_that_cuts_every_answer_token_drops_the_example(data: Data) -> None:
    split = encode_records(iter([{"id": "x", **chat(1)}]), data.tokenizer, "chat", 8)
    assert split.examples == [] and split.skipped == {"no_answer_left": 1}


def test_auto_trains_every_record_by_its_shape_and_counts_by_source_and_split(data: Data) -> None:
    assert len(data.train.examples) == 40 and data.train.skipped == {}
    records = data.provenance["records"]
    assert records["train"]["by_source"] == {"alpaca": 20, "chats": 20}
    assert records["validation"]["by_source"] == {"alpaca": 4, "chats": 4}


def test_records_of_another_format_are_counted_and_fail_the_gate_past_the_limit(
    workspace: Workspace,
) -> None:
    allowed = load_data(workspace.config(format="chat", max_skipped_records=20))
    assert len(allowed.train.examples) == 20
    assert allowed.train.skipped == {"other_format: alpaca under format chat": 20}
    with pytest.raises(PolicyViolation, match="20 training record.*max_skipped_records 19"):
        load_data(workspace.config(format="chat", max_skipped_records=19))
    with pytest.raises(PolicyViolation, match="other_format: alpaca under format chat: 20"):
        load_data(workspace.config(format="chat"))  # the default limit is 0


def test_prompt_completion_records_train_the_completion_only(data: Data) -> None:
    record = {"id": "pc", "prompt": "Capital of France?", "completion": " Paris."}
    split = encode_records(iter([record]), data.tokenizer, "auto", 64)
    (example,) = split.examples
    assert supervised_text(data.tokenizer, example.input_ids, example.labels) == " Paris.<|eos|>"
    odd = encode_records(iter([{"id": "x", "text": "no shape"}]), data.tokenizer, "auto", 64)
    assert odd.examples == [] and list(odd.skipped) == [
        "unformattable: no messages, instruction/output or prompt/completion"
    ]


def test_show_examples_marks_the_supervised_span_and_padding(data: Data) -> None:
    first_chat = next(e for e in data.train.examples if e.record_id.startswith("chat"))
    examples = [first_chat, Example("short", [1, 9], [-100, 9], False)]
    shown = show_examples(examples, data.tokenizer, 2)
    assert shown[0].endswith("<|assistant|>[[Hold the button for 3 seconds.<|eos|>]]")
    assert shown[1].endswith("<|pad|>") and "[[" in shown[1]


def test_preview_gates_the_data_then_shows_examples(workspace: Workspace) -> None:
    shown = preview_examples(workspace.config(format="alpaca", max_skipped_records=None), 1)
    assert len(shown) == 1 and shown[0].endswith("[[The sum is 1.<|eos|>]]")


def test_a_cap_spreads_over_every_source_not_the_first_files(workspace: Workspace) -> None:
    capped = load_data(workspace.config(max_train_examples=10, max_eval_examples=4))
    # Files in order: alpaca's 20 then chats' 20; the first 10 would all be alpaca.
    assert capped.provenance["records"]["train"]["by_source"] == {"alpaca": 5, "chats": 5}
    assert capped.provenance["records"]["validation"]["by_source"] == {"alpaca": 2, "chats": 2}
    assert len({e.record_id for e in capped.train.examples}) == 10
