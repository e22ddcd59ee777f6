"""A brief, deterministic pre-training of the sample's tiny model, so the demo starts from a model
that has learned the sample's language and chat format instead of random weights.

The text is a second sample corpus drawn with another seed (so no record of the demo's own
corpus, nor its validation split, is ever seen) with every record that holds a planted personal
value left out: the base model knows the domain, never a value the memorization probe looks for.
Full-parameter AdamW on one CPU thread, in a private RNG scope: the same texts, seed and library
versions give the same weights.
"""

from __future__ import annotations

import json
import math
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

PRETRAIN_SEED_OFFSET = 1_000_003  # the pre-training corpus's seed is the sample's seed + this
BLOCK = 128  # tokens per training row
BATCH = 16
LEARNING_RATE = 3e-3


def pretraining_texts(seed: int, tokenizer: Any) -> list[str]:
    """The non-personal records of a corpus drawn with ``seed + PRETRAIN_SEED_OFFSET``, as text.

    Chat records are rendered with the tokenizer's chat template (so the format is learned too);
    instruction records as instruction, input and output lines.
    """
    from govern.records import ReaderOptions, read_records
    from govern.sample.corpus import write_corpus

    texts = []
    with tempfile.TemporaryDirectory(prefix="govern-pretrain-") as scratch:
        root = Path(scratch) / "corpus"
        write_corpus(root, seed=seed + PRETRAIN_SEED_OFFSET)
        personal = {
            json.loads(line)["record_id"]
            for line in (root / "labels" / "planted.jsonl").read_text("utf-8").splitlines()
            if line.strip()
        }
        for record in read_records([root / "corpus"], ReaderOptions(id_field="id")):
            if record.id in personal:
                continue
            data = record.data
            if isinstance(data.get("messages"), list):
                texts.append(tokenizer.apply_chat_template(data["messages"], tokenize=False))
            else:
                parts = (data.get(name) for name in ("instruction", "input", "output"))
                texts.append("\n".join(str(part) for part in parts if part))
    return texts


def pretrain(model: Any, tokenizer: Any, texts: list[str], *, steps: int, seed: int) -> list[float]:
    """Train every weight of ``model`` on ``texts`` for ``steps`` updates; returns the losses."""
    import torch

    stream = [
        token
        for text in texts
        for token in [
            *tokenizer(text, add_special_tokens=False)["input_ids"],
            tokenizer.eos_token_id,
        ]
    ]
    rows = torch.tensor(stream[: len(stream) // BLOCK * BLOCK]).view(-1, BLOCK)
    losses = []
    threads = torch.get_num_threads()
    with torch.random.fork_rng(devices=[]):
        torch.manual_seed(seed)
        torch.set_num_threads(1)  # one thread: the same sums in the same order everywhere
        try:
            optimizer = torch.optim.AdamW(model.parameters(), lr=LEARNING_RATE, weight_decay=0.0)
            model.train()
            for step, indices in zip(range(steps), _batches(len(rows), seed), strict=False):
                for group in optimizer.param_groups:
                    group["lr"] = LEARNING_RATE * _factor(step, steps)
                batch = rows[indices]
                loss = model(input_ids=batch, labels=batch).loss
                optimizer.zero_grad(set_to_none=True)
                loss.backward()
                torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
                optimizer.step()
                losses.append(float(loss.detach()))
        finally:
            torch.set_num_threads(threads)
            model.eval()
    return losses


def _batches(rows: int, seed: int) -> Iterator[Any]:
    import torch

    generator = torch.Generator().manual_seed(seed)
    while True:
        order = torch.randperm(rows, generator=generator)
        for start in range(0, rows - BATCH + 1, BATCH):
            yield order[start : start + BATCH]


def _factor(step: int, steps: int) -> float:
    # A short warmup, then cosine decay to a tenth.
    warmup = max(1, steps // 20)
    if step < warmup:
        return (step + 1) / warmup
    done = (step - warmup) / max(1, steps - warmup)
    return 0.1 + 0.9 * 0.5 * (1 + math.cos(math.pi * done))
