"""Training examples: verified dataset bytes -> token ids and labels, loss on the answer only.

Chat records go through the tokenizer's chat template and its assistant mask; Alpaca records are
formatted as prompt + response. Prompt tokens get label -100, the answer and its EOS are
trained, padding is masked in both the labels and the attention mask.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import PurePosixPath
from typing import Any, Literal

import torch

from govern.errors import InputError

IGNORE_INDEX = -100  # the label torch's cross_entropy skips
ALPACA_PROMPT = "### Instruction:\n{instruction}\n\n### Input:\n{input}\n\n### Response:\n"
ALPACA_PROMPT_NO_INPUT = "### Instruction:\n{instruction}\n\n### Response:\n"


@dataclass(frozen=True, slots=True)
class Example:
    """One tokenized example; ``labels`` is ``input_ids`` with prompt tokens set to -100."""

    record_id: str
    input_ids: list[int]
    labels: list[int]
    truncated: bool
    positions: list[int] | None = None  # packed rows only: restarts at 0 for each sequence


@dataclass(slots=True)
class EncodedSplit:
    """The examples of one split and what was left out, by reason."""

    examples: list[Example]
    skipped: dict[str, int] = field(default_factory=dict)


def records_under(files: Mapping[str, bytes], folder: PurePosixPath) -> Iterator[dict[str, Any]]:
    """Records of the verified dataset files under ``folder`` (JSONL, JSON arrays, CSV)."""
    for name in sorted(files):
        path = PurePosixPath(name)
        if folder not in path.parents:
            continue
        text = files[name].decode("utf-8")
        if path.suffix == ".jsonl":
            rows: list[Any] = [json.loads(line) for line in text.splitlines() if line.strip()]
        elif path.suffix == ".json":
            loaded = json.loads(text)
            rows = loaded if isinstance(loaded, list) else []
        elif path.suffix == ".csv":
            rows = list(csv.DictReader(io.StringIO(text)))
        else:
            continue  # cards, licenses, reports: not records
        for line, row in enumerate(rows, 1):
            if isinstance(row, dict):
                yield {"id": f"{name}:{line}", **row}


def encode_chat(record: Mapping[str, Any], tokenizer: Any) -> tuple[list[int], list[int]]:
    """Token ids and labels of a chat record, supervised where the template marks the assistant."""
    encoded = tokenizer.apply_chat_template(
        list(record["messages"]),
        tokenize=True,
        return_dict=True,
        return_assistant_tokens_mask=True,
    )
    ids = list(encoded["input_ids"])
    mask = list(encoded["assistant_masks"])
    return ids, [token if keep else IGNORE_INDEX for token, keep in zip(ids, mask, strict=True)]


def encode_alpaca(record: Mapping[str, Any], tokenizer: Any) -> tuple[list[int], list[int]]:
    """Token ids and labels of an Alpaca record: BOS + prompt untrained, output + EOS trained."""
    template = ALPACA_PROMPT if record.get("input") else ALPACA_PROMPT_NO_INPUT
    prompt = template.format(instruction=record["instruction"], input=record.get("input", ""))
    # Prompt and response are tokenized apart so no BPE merge crosses the boundary: the
    # supervised span starts exactly at the response.
    prompt_ids = [tokenizer.bos_token_id, *tokenizer(prompt, add_special_tokens=False)["input_ids"]]
    answer_ids = [*tokenizer(str(record["output"]), add_special_tokens=False)["input_ids"]]
    answer_ids.append(tokenizer.eos_token_id)
    return prompt_ids + answer_ids, [IGNORE_INDEX] * len(prompt_ids) + answer_ids


def encode_records(
    records: Iterator[dict[str, Any]],
    tokenizer: Any,
    fmt: Literal["chat", "alpaca"],
    max_seq_length: int,
    limit: int | None = None,
) -> EncodedSplit:
    """Encode the records of ``fmt``; others and those with nothing left to train are counted."""
    split = EncodedSplit([])
    for record in records:
        if limit is not None and len(split.examples) >= limit:
            break
        if fmt == "chat" and isinstance(record.get("messages"), list):
            ids, labels = encode_chat(record, tokenizer)
        elif fmt == "alpaca" and "instruction" in record and "output" in record:
            ids, labels = encode_alpaca(record, tokenizer)
        else:
            split.skipped["other_format"] = split.skipped.get("other_format", 0) + 1
            continue
        truncated = len(ids) > max_seq_length
        ids, labels = ids[:max_seq_length], labels[:max_seq_length]
        if all(label == IGNORE_INDEX for label in labels):
            # Truncation cut every answer token: such an example would train nothing.
            split.skipped["no_answer_left"] = split.skipped.get("no_answer_left", 0) + 1
            continue
        split.examples.append(Example(str(record["id"]), ids, labels, truncated))
    return split


def pack_examples(examples: Sequence[Example], max_seq_length: int) -> list[Example]:
    """Concatenate consecutive examples into rows of at most ``max_seq_length`` tokens.

    Each sequence keeps its own positions (0, 1, ...), so the model masks attention per
    sequence; its first label is -100, so the last token of one sequence is never trained to
    predict the first of the next (unpacked, the first token is never predicted either).
    """
    packed: list[Example] = []
    row: list[Example] = []

    def close() -> None:
        if row:
            packed.append(
                Example(
                    "+".join(e.record_id for e in row),
                    [token for e in row for token in e.input_ids],
                    [label for e in row for label in [IGNORE_INDEX, *e.labels[1:]]],
                    any(e.truncated for e in row),
                    [position for e in row for position in range(len(e.input_ids))],
                )
            )
            row.clear()

    for example in examples:
        if sum(len(e.input_ids) for e in row) + len(example.input_ids) > max_seq_length:
            close()
        row.append(example)
    close()
    return packed


def collate(examples: Sequence[Example], pad_id: int) -> dict[str, torch.Tensor]:
    """Right-pad a micro-batch: pad ids, attention 0, label -100 on padding.

    Packed rows also get ``position_ids``; their padding counts as one more sequence (positions
    from 0), which attends only to itself and carries no label.
    """
    if not examples:
        raise InputError("cannot build a batch from no examples")
    width = max(len(example.input_ids) for example in examples)
    ids = torch.full((len(examples), width), pad_id, dtype=torch.long)
    labels = torch.full((len(examples), width), IGNORE_INDEX, dtype=torch.long)
    attention = torch.zeros((len(examples), width), dtype=torch.long)
    packed = any(example.positions is not None for example in examples)
    positions = torch.zeros((len(examples), width), dtype=torch.long)
    for row, example in enumerate(examples):
        length = len(example.input_ids)
        ids[row, :length] = torch.tensor(example.input_ids)
        labels[row, :length] = torch.tensor(example.labels)
        attention[row, :length] = 1
        if packed:
            own = example.positions if example.positions is not None else range(length)
            positions[row, :length] = torch.tensor(list(own))
            positions[row, length:] = torch.arange(width - length)
    batch = {"input_ids": ids, "labels": labels, "attention_mask": attention}
    return {**batch, "position_ids": positions} if packed else batch


def show_examples(examples: Sequence[Example], tokenizer: Any, n: int) -> list[str]:
    """The first ``n`` examples as one padded batch, decoded, the supervised spans in ``[[...]]``.

    Padding is shown (as the pad token) so truncation, padding, masks and labels can be checked
    by eye; a truncated example ends with ``[truncated]``.
    """
    chosen = list(examples[:n])
    if not chosen:
        return []
    batch = collate(chosen, tokenizer.pad_token_id)
    shown = []
    for row, example in enumerate(chosen):
        ids = batch["input_ids"][row].tolist()
        supervised = [label != IGNORE_INDEX for label in batch["labels"][row].tolist()]
        parts, start = [], 0
        # Decode each run of equal supervision separately, so the brackets fall on token edges.
        for end in range(1, len(ids) + 1):
            if end == len(ids) or supervised[end] != supervised[start]:
                text = tokenizer.decode(ids[start:end], skip_special_tokens=False)
                parts.append(f"[[{text}]]" if supervised[start] else text)
                start = end
        suffix = " [truncated]" if example.truncated else ""
        shown.append(f"{example.record_id}: {''.join(parts)}{suffix}")
    return shown
