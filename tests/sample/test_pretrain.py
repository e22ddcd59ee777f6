"""The sample model learns before fine-tuning: pre-trained on a second, non-personal corpus, it
beats a unigram baseline on the demo's own corpus, which it never saw; the random one does not."""

from __future__ import annotations

import json
import math
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import torch
from transformers import AutoModelForCausalLM, PreTrainedTokenizerFast

from govern.records import ReaderOptions, read_records
from govern.sample.bundle import _corpus_texts
from govern.sample.corpus import write_corpus
from govern.sample.model import build_tiny_model
from govern.sample.pretrain import pretraining_texts


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("demo")
    write_corpus(root, seed=0, n_support=300, n_clinic=100, n_forum=50, n_instructions=100)
    return root


def chats(root: Path, tokenizer: Any, limit: int = 48) -> list[list[int]]:
    texts = []
    for record in read_records([root / "corpus"], ReaderOptions(id_field="id")):
        if isinstance(record.data.get("messages"), list) and len(texts) < limit:
            texts.append(tokenizer.apply_chat_template(record.data["messages"], tokenize=False))
    return [tokenizer(text, add_special_tokens=False)["input_ids"] for text in texts]


def nats_per_token(model: Any, rows: list[list[int]]) -> float:
    total, count = 0.0, 0
    with torch.no_grad():
        for ids in rows:
            batch = torch.tensor([ids])
            total += float(model(input_ids=batch, labels=batch).loss) * (len(ids) - 1)
            count += len(ids) - 1
    return total / count


def unigram(train: list[list[int]], held_out: list[list[int]], vocab: int) -> float:
    counts = Counter(token for ids in train for token in ids)
    total = sum(counts.values())
    # Add-one smoothing, predicting every token after the first, as the model does.
    logs = [-math.log((counts[t] + 1) / (total + vocab)) for ids in held_out for t in ids[1:]]
    return sum(logs) / len(logs)


def test_the_pretrained_model_beats_a_unigram_baseline_the_random_one_does_not(
    demo: Path, tmp_path: Path
) -> None:
    torch.set_num_threads(1)
    texts = list(_corpus_texts(demo / "corpus"))
    pretrained = build_tiny_model(tmp_path / "pre", texts, seed=0, pretrain_steps=100)
    random_model = build_tiny_model(tmp_path / "random", texts, seed=0)
    tokenizer = PreTrainedTokenizerFast.from_pretrained(pretrained)
    held_out = chats(demo, tokenizer)
    seen = [tokenizer(t, add_special_tokens=False)["input_ids"] for t in texts]
    baseline = unigram(seen, held_out, len(tokenizer))
    learned = nats_per_token(AutoModelForCausalLM.from_pretrained(pretrained), held_out)
    untrained = nats_per_token(AutoModelForCausalLM.from_pretrained(random_model), held_out)
    assert learned < baseline - 0.5, (learned, baseline)
    assert untrained > math.log(len(tokenizer)) > baseline
    card = (pretrained / "README.md").read_text(encoding="utf-8")
    assert "Pre-trained for 100 updates" in card
    assert "Randomly initialised" in (random_model / "README.md").read_text(encoding="utf-8")


def test_pretraining_text_holds_no_planted_value_of_the_demo_corpus(demo: Path) -> None:
    texts = list(_corpus_texts(demo / "corpus"))
    tokenizer_folder = build_tiny_model(demo / "tok", texts[:200], seed=0)
    tokenizer = PreTrainedTokenizerFast.from_pretrained(tokenizer_folder)
    pretraining = "\n".join(pretraining_texts(0, tokenizer))
    planted = [
        json.loads(line)["value"]
        for line in (demo / "labels" / "planted.jsonl").read_text("utf-8").splitlines()
    ]
    # Long values only: a short one ("Ana", "12") could occur in any text by chance.
    distinctive = [value for value in planted if len(value) >= 12]
    assert len(distinctive) > 20
    assert not [value for value in distinctive if value in pretraining]
    # Near miss: the demo's own non-personal text does share its domain language.
    assert "password" in pretraining.lower() or "reset" in pretraining.lower()


def test_pretraining_is_deterministic(demo: Path, tmp_path: Path) -> None:
    texts = list(_corpus_texts(demo / "corpus"))[:300]
    first = build_tiny_model(tmp_path / "a", texts, seed=0, pretrain_steps=3)
    second = build_tiny_model(tmp_path / "b", texts, seed=0, pretrain_steps=3)
    weights = "model.safetensors"
    assert (first / weights).read_bytes() == (second / weights).read_bytes()
    random_model = build_tiny_model(tmp_path / "c", texts, seed=0)
    assert (first / weights).read_bytes() != (random_model / weights).read_bytes()
