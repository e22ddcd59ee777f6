"""Training examples: verified dataset bytes -> token ids and labels, loss on the answer only.

Records are read by the project's one reader (``govern.records.read_records``: JSONL, JSON,
CSV, Parquet, save_to_disk) from a private copy of the verified bytes. Each record is formatted
as the config says, or by its own shape under ``format: auto``: chat records go through the
tokenizer's chat template, Alpaca records as prompt + response, prompt/completion records as
prompt + completion. Prompt tokens get label -100, the answer and its end token are trained,
padding is masked in both the labels and the attention mask.

The assistant spans of a chat record come from the template itself: its ``{% generation %}``
markers when it has them, else by rendering the conversation up to each assistant turn (with
the generation prompt) and up to the end of that turn, and supervising the tokens between.
"""

from __future__ import annotations

import hashlib
import math
import re
import tempfile
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any, Literal

import torch
from jinja2 import TemplateError

from govern.errors import InputError
from govern.records import DATASET_FORMATS, ReaderOptions, ReadStats, is_saved_dataset, read_records
from govern.train.config import TrainConfig

IGNORE_INDEX = -100  # the label torch's cross_entropy skips
ALPACA_PROMPT = "### Instruction:\n{instruction}\n\n### Input:\n{input}\n\n### Response:\n"
ALPACA_PROMPT_NO_INPUT = "### Instruction:\n{instruction}\n\n### Response:\n"
Format = Literal["auto", "chat", "alpaca", "prompt_completion"]
RecordFormat = Literal["chat", "alpaca", "prompt_completion"]
_GENERATION_TAG = re.compile(r"\{%-?\s*generation\s*-?%\}")


@dataclass(frozen=True, slots=True)
class Example:
    """One tokenized example; ``labels`` is ``input_ids`` with prompt tokens set to -100."""

    record_id: str
    input_ids: list[int]
    labels: list[int]
    truncated: bool
    positions: list[int] | None = None  # packed rows only: restarts at 0 for each sequence
    source: str = ""  # the record's source (its ``source`` field, else its folder)


@dataclass(slots=True)
class EncodedSplit:
    """The examples of one split and what was left out, by reason."""

    examples: list[Example]
    skipped: dict[str, int] = field(default_factory=dict)

    def by_source(self) -> dict[str, int]:
        """Examples per source (before packing: one per record)."""
        return dict(sorted(Counter(example.source for example in self.examples).items()))


def records_under(
    files: Mapping[str, bytes], folder: PurePosixPath, stats: ReadStats | None = None
) -> Iterator[dict[str, Any]]:
    """Records of the verified files under ``folder``, read by ``govern.records``' reader.

    The bytes are copied to a private folder first, so what is parsed is what was verified.
    Each record gets ``id`` (``<file>:<line>`` unless it has its own) and ``_file`` (the
    manifest path of its file, or of its save_to_disk folder). Records the reader cannot use
    are counted in ``stats`` by reason (``skip_invalid``), never fatal.
    """
    chosen = {name: data for name, data in files.items() if folder in PurePosixPath(name).parents}
    if not chosen:
        return
    with tempfile.TemporaryDirectory(prefix="govern-train-") as private:
        root = Path(private)
        for name, data in chosen.items():
            target = root / PurePosixPath(name).relative_to(folder)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
        if not _readable(root):
            return  # cards, licenses, reports: not records
        options = ReaderOptions(skip_invalid=True)
        for record in read_records([root], options, stats):
            file = PurePosixPath(Path(record.path).as_posix())
            if file.is_absolute():  # save_to_disk rows are named by their folder's path
                file = PurePosixPath(Path(record.path).relative_to(root).as_posix())
                if is_saved_dataset(Path(record.path)):  # a Dataset, not a DatasetDict split
                    file = file / "dataset"  # so its folder reads as the source folder
            name = (folder / file).as_posix()
            yield {"id": f"{name}:{record.line}", **record.data, "_file": name}


def _readable(root: Path) -> bool:
    return any(
        path.suffix.lower() in DATASET_FORMATS or is_saved_dataset(path) for path in root.rglob("*")
    )


def record_format(record: Mapping[str, Any]) -> RecordFormat | None:
    """The record's shape: chat (messages), Alpaca (instruction/output), prompt/completion."""
    if isinstance(record.get("messages"), list):
        return "chat"
    if "instruction" in record and "output" in record:
        return "alpaca"
    if isinstance(record.get("prompt"), str) and isinstance(record.get("completion"), str):
        return "prompt_completion"
    return None


def has_generation_markers(template: str | None) -> bool:
    """Whether a chat template marks assistant output with ``{% generation %}``."""
    return bool(template) and _GENERATION_TAG.search(template or "") is not None


def encode_chat(record: Mapping[str, Any], tokenizer: Any) -> tuple[list[int], list[int]]:
    """Token ids and labels of a chat record, supervised on the assistant turns."""
    messages = [dict(message) for message in record["messages"]]
    if has_generation_markers(tokenizer.chat_template):
        return encode_chat_marked(messages, tokenizer)
    return encode_chat_rendered(messages, tokenizer)


def encode_chat_marked(
    messages: list[dict[str, Any]], tokenizer: Any
) -> tuple[list[int], list[int]]:
    """The template's own assistant mask (``{% generation %}`` markers)."""
    encoded = tokenizer.apply_chat_template(
        messages, tokenize=True, return_dict=True, return_assistant_tokens_mask=True
    )
    ids = list(encoded["input_ids"])
    mask = list(encoded["assistant_masks"])
    return ids, [token if keep else IGNORE_INDEX for token, keep in zip(ids, mask, strict=True)]


def encode_chat_rendered(
    messages: list[dict[str, Any]], tokenizer: Any
) -> tuple[list[int], list[int]]:
    """Assistant spans by rendering: the tokens between the prompt for a turn and its end.

    For each assistant turn ``i``: ``start`` is where the rendering of ``messages[:i]`` with the
    generation prompt stops agreeing with the whole conversation's tokens, ``end`` where the
    rendering of ``messages[:i + 1]`` does. Comparing tokens (not characters) keeps the span on
    the token edges the model trains on, even when a merge crosses the boundary.
    """
    ids = _render(tokenizer, messages, generation_prompt=False)
    labels = [IGNORE_INDEX] * len(ids)
    for index, message in enumerate(messages):
        if message.get("role") != "assistant":
            continue
        start = _agreeing(ids, _render(tokenizer, messages[:index], generation_prompt=True))
        end = _agreeing(ids, _render(tokenizer, messages[: index + 1], generation_prompt=False))
        labels[start:end] = ids[start:end]
    return ids, labels


def _render(
    tokenizer: Any, messages: list[dict[str, Any]], *, generation_prompt: bool
) -> list[int]:
    if not messages:
        return []
    encoded = tokenizer.apply_chat_template(
        messages, tokenize=True, return_dict=True, add_generation_prompt=generation_prompt
    )
    return list(encoded["input_ids"])


def _agreeing(whole: Sequence[int], prefix: Sequence[int]) -> int:
    """How many leading tokens ``prefix`` shares with ``whole``."""
    count = 0
    for mine, theirs in zip(whole, prefix, strict=False):
        if mine != theirs:
            break
        count += 1
    return count


def encode_alpaca(record: Mapping[str, Any], tokenizer: Any) -> tuple[list[int], list[int]]:
    """Token ids and labels of an Alpaca record: BOS + prompt untrained, output + EOS trained."""
    template = ALPACA_PROMPT if record.get("input") else ALPACA_PROMPT_NO_INPUT
    prompt = template.format(instruction=record["instruction"], input=record.get("input", ""))
    return encode_pair(prompt, str(record["output"]), tokenizer)


def encode_pair(prompt: str, answer: str, tokenizer: Any) -> tuple[list[int], list[int]]:
    """BOS (if the tokenizer has one) + prompt untrained, answer + EOS trained."""
    # Prompt and answer are tokenized apart so no BPE merge crosses the boundary: the
    # supervised span starts exactly at the answer.
    bos = [tokenizer.bos_token_id] if tokenizer.bos_token_id is not None else []
    prompt_ids = [*bos, *tokenizer(prompt, add_special_tokens=False)["input_ids"]]
    answer_ids = [*tokenizer(answer, add_special_tokens=False)["input_ids"]]
    answer_ids.append(tokenizer.eos_token_id)
    return prompt_ids + answer_ids, [IGNORE_INDEX] * len(prompt_ids) + answer_ids


def encode_records(
    records: Iterator[dict[str, Any]],
    tokenizer: Any,
    fmt: Format,
    max_seq_length: int,
    limit: int | None = None,
    source_of: Any = None,
) -> EncodedSplit:
    """Encode the records that fit ``fmt`` (``auto``: each by its shape); the rest are counted.

    ``skipped`` names each reason: ``other_format: <shape> under format <fmt>``,
    ``unformattable: ...`` (no known shape), ``template_error: <exception>``, ``no_answer_left``
    (truncation cut every answer token).
    ``source_of(record)`` names a record's source (default: its ``source`` field).
    """
    split = EncodedSplit([])
    skipped: Counter[str] = Counter()
    for record in records:
        if limit is not None and len(split.examples) >= limit:
            break
        shape = record_format(record)
        if shape is None:
            skipped["unformattable: no messages, instruction/output or prompt/completion"] += 1
            continue
        if fmt != "auto" and shape != fmt:
            skipped[f"other_format: {shape} under format {fmt}"] += 1
            continue
        try:
            ids, labels = _encode(record, shape, tokenizer)
        except (KeyError, TypeError, ValueError, TemplateError) as exc:
            # A template's raise_exception (an unknown role...) or a malformed message.
            skipped[f"template_error: {type(exc).__name__}"] += 1
            continue
        truncated = len(ids) > max_seq_length
        ids, labels = ids[:max_seq_length], labels[:max_seq_length]
        if all(label == IGNORE_INDEX for label in labels):
            # Truncation cut every answer token (or the template marked none): trains nothing.
            skipped["no_answer_left"] += 1
            continue
        source = source_of(record) if source_of is not None else str(record.get("source", ""))
        split.examples.append(Example(str(record["id"]), ids, labels, truncated, None, source))
    split.skipped = dict(sorted(skipped.items()))
    return split


def _encode(
    record: Mapping[str, Any], shape: RecordFormat, tokenizer: Any
) -> tuple[list[int], list[int]]:
    if shape == "chat":
        return encode_chat(record, tokenizer)
    if shape == "alpaca":
        return encode_alpaca(record, tokenizer)
    return encode_pair(str(record["prompt"]), str(record["completion"]), tokenizer)


def prepare_tokenizer(tokenizer: Any, config: TrainConfig) -> dict[str, Any]:
    """Apply ``chat_template`` and a missing pad token (EOS); returns what was done, for reports.

    InputError when the tokenizer has neither a pad nor an EOS token, or the template file
    cannot be read.
    """
    notes: dict[str, Any] = {"class": type(tokenizer).__name__}
    if config.chat_template is not None:
        template = config.chat_template
        if template.endswith(".jinja") and "{" not in template:
            try:
                template = Path(template).read_text(encoding="utf-8")
            except OSError as exc:
                raise InputError(f"chat_template: {template}: {exc.strerror}") from None
        tokenizer.chat_template = template
        notes["chat_template"] = "from the config"
    elif tokenizer.chat_template:
        notes["chat_template"] = "the tokenizer's"
    if tokenizer.chat_template:
        notes["chat_template_sha256"] = hashlib.sha256(
            str(tokenizer.chat_template).encode("utf-8")
        ).hexdigest()
        notes["assistant_mask"] = (
            "generation markers" if has_generation_markers(tokenizer.chat_template) else "rendered"
        )
    if tokenizer.pad_token_id is None:
        if tokenizer.eos_token_id is None:
            raise InputError(f"{config.base_model}: the tokenizer has no pad and no EOS token")
        # Padding is masked from attention and labels, so which token pads does not matter.
        tokenizer.pad_token = tokenizer.eos_token
        notes["pad_token"] = "EOS (the tokenizer has no pad token)"
    else:
        notes["pad_token"] = "the tokenizer's"
    return notes


def length_histogram(examples: Sequence[Example], max_seq_length: int) -> dict[str, Any]:
    """Token lengths in eight equal buckets up to ``max_seq_length``; truncated ones apart.

    A truncated example was cut to ``max_seq_length`` (its tail never trains), so it is counted
    under ``truncated``, not in the last bucket.
    """
    width = max(1, math.ceil(max_seq_length / 8))
    edges = list(range(0, max_seq_length, width))
    counts = [0] * len(edges)
    truncated = 0
    for example in examples:
        if example.truncated:
            truncated += 1
        else:
            counts[min((len(example.input_ids) - 1) // width, len(edges) - 1)] += 1
    buckets = [
        {"from": low + 1, "to": min(low + width, max_seq_length), "examples": count}
        for low, count in zip(edges, counts, strict=True)
    ]
    return {
        "max_seq_length": max_seq_length,
        "examples": len(examples),
        "buckets": buckets,
        "truncated": truncated,
    }


def histogram_lines(histogram: dict[str, Any], label: str = "train") -> list[str]:
    """The histogram as text lines with bars, ending with the truncated count."""
    most = max([row["examples"] for row in histogram["buckets"]] + [histogram["truncated"], 1])
    lines = [f"{label} lengths in tokens ({histogram['examples']} examples):"]
    for row in histogram["buckets"]:
        bar = "#" * round(40 * row["examples"] / most)
        lines.append(f"  {row['from']:>6}-{row['to']:<6} {row['examples']:>7} {bar}")
    bar = "#" * round(40 * histogram["truncated"] / most)
    cut = f"truncated at {histogram['max_seq_length']}"
    lines.append(f"  {cut:<13} {histogram['truncated']:>7} {bar}")
    return lines


def describe_records(records: dict[str, Any]) -> str:
    """Records per split and source, and skips by reason, as one line for the gate table."""
    parts = []
    for split, counts in records.items():
        sources = ", ".join(f"{name} {n}" for name, n in counts["by_source"].items())
        skipped = ", ".join(f"{reason}: {n}" for reason, n in counts["skipped"].items())
        label = "trained" if split == "train" else "held out (not trained)"
        parts.append(f"{split} records {label}: {sources or 'none'}; skipped: {skipped or 'none'}")
    return "; ".join(parts)


def pack_examples(examples: Sequence[Example], max_seq_length: int) -> list[Example]:
    """Concatenate consecutive examples into rows of at most ``max_seq_length`` tokens.

    Each sequence keeps its own positions (0, 1, ...), so the model masks attention per
    sequence; its first label is -100, so the last token of one sequence is never trained to
    predict the first of the next (unpacked, the first token is never predicted either).
    """
    packed: list[Example] = []
    row: list[Example] = []
    for example in examples:
        if row and sum(len(e.input_ids) for e in row) + len(example.input_ids) > max_seq_length:
            packed.append(concatenate(row))
            row = []
        row.append(example)
    if row:
        packed.append(concatenate(row))
    return packed


def concatenate(examples: Sequence[Example]) -> Example:
    """One row holding ``examples`` one after another, each with its own positions from 0.

    The row trains exactly what the examples train apart: every first label is -100 (never
    predicted unpacked either), and attention stays within each sequence (the positions tell
    transformers where each begins). A packed example keeps its own sequences.
    """
    return Example(
        "+".join(e.record_id for e in examples),
        [token for e in examples for token in e.input_ids],
        [label for e in examples for label in [IGNORE_INDEX, *e.labels[1:]]],
        any(e.truncated for e in examples),
        [p for e in examples for p in (e.positions or range(len(e.input_ids)))],
    )


def micro_batch(
    examples: Sequence[Example], pad_id: int, padding_free: bool
) -> dict[str, torch.Tensor]:
    """The tensors of one micro-batch: one row of the examples (``padding_free``), else padded."""
    return collate([concatenate(examples)] if padding_free else examples, pad_id)


def sequence_lengths(position_ids: torch.Tensor) -> list[int]:
    """The lengths of the sequences of one packed row, split where a position does not add 1.

    transformers' rule (``masking_utils.find_packed_sequence_indices``): a new sequence begins
    wherever the position is not the previous one plus 1.
    """
    row = position_ids.reshape(-1)
    starts = [0, *((row[1:] - row[:-1] != 1).nonzero().flatten() + 1).tolist(), len(row)]
    return [end - start for start, end in zip(starts, starts[1:], strict=False)]


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
