"""Tokens/s and peak host RSS: govern's LoRA recipe vs a plain transformers Trainer + peft loop.

Both train the same tiny model on the same tokenized examples with the same LoRA, micro-batch,
accumulation and number of updates. Each side runs in its own process so the peak RSS
(``ru_maxrss`` only grows) is its own. Both use ``--threads`` torch threads (default 1: on a
shared CPU, idle threads spin-waiting for busy cores make both sides 30-100x slower and the
ratio noise). Usage: ``python benchmarks/train.py [--updates N] [--threads N]``.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

MICRO, ACCUMULATION, EXAMPLES = 4, 2, 64


def examples_and_model(folder: Path) -> tuple[Any, Any, list[Any]]:
    """The tiny model, its tokenizer and encoded chat examples (no signing: not under test)."""
    from transformers import AutoModelForCausalLM, PreTrainedTokenizerFast

    from govern.sample.model import build_tiny_model
    from govern.train.data import encode_records

    rows: list[dict[str, Any]] = [
        {
            "id": f"r{i}",
            "messages": [
                {"role": "user", "content": f"How do I reset router model {i} after an outage?"},
                {"role": "assistant", "content": f"Unplug it for {i % 9 + 2} seconds, then wait."},
            ],
        }
        for i in range(EXAMPLES)
    ]
    texts = [m["content"] for row in rows for m in row["messages"]]
    build_tiny_model(folder, texts, vocab_size=512)
    tokenizer = PreTrainedTokenizerFast.from_pretrained(folder)
    model = AutoModelForCausalLM.from_pretrained(folder)
    split = encode_records(iter(rows), tokenizer, "chat", 128)
    return model, tokenizer, split.examples


def run_ours(folder: Path, updates: int) -> dict[str, Any]:
    from govern.train.config import parse_train_config
    from govern.train.data import EncodedSplit
    from govern.train.recipe import Data, setup, train

    model, tokenizer, examples = examples_and_model(folder)
    config = parse_train_config(
        {
            "per_device_train_batch_size": MICRO,
            "gradient_accumulation_steps": ACCUMULATION,
            "max_steps": updates,
            "lora_dropout": 0.0,
            "output_dir": str(folder / "ours"),
            # Like the baseline's: no log file, one log line at the end.
            "report_to": "none",
            "logging_steps": updates,
        }
    )
    run = setup(config, Data(model, tokenizer, EncodedSplit(examples), EncodedSplit([]), {}))
    started = time.perf_counter()
    train(run)
    seconds = time.perf_counter() - started
    tokens = _tokens_seen(examples, updates)
    return {"tokens_per_s": tokens / seconds, "seconds": seconds}


def run_baseline(folder: Path, updates: int) -> dict[str, Any]:
    from peft import LoraConfig, get_peft_model
    from transformers import DataCollatorForSeq2Seq, Trainer, TrainingArguments

    model, tokenizer, examples = examples_and_model(folder)
    lora = LoraConfig(r=8, lora_alpha=16, lora_dropout=0.0, target_modules=["q_proj", "v_proj"])
    model = get_peft_model(model, lora)
    dataset = [{"input_ids": e.input_ids, "labels": e.labels} for e in examples]
    args = TrainingArguments(
        output_dir=str(folder / "baseline"),
        per_device_train_batch_size=MICRO,
        gradient_accumulation_steps=ACCUMULATION,
        max_steps=updates,
        learning_rate=2e-4,
        report_to=[],
        save_strategy="no",
        logging_strategy="no",
        use_cpu=True,
        dataloader_num_workers=0,
    )
    collator = DataCollatorForSeq2Seq(tokenizer, padding=True, label_pad_token_id=-100)
    trainer = Trainer(model=model, args=args, train_dataset=dataset, data_collator=collator)
    started = time.perf_counter()
    trainer.train()
    seconds = time.perf_counter() - started
    return {"tokens_per_s": _tokens_seen(examples, updates) / seconds, "seconds": seconds}


def _tokens_seen(examples: list[Any], updates: int) -> int:
    # Both sides see (micro x accumulation) examples per update; count their real tokens.
    per_example = sum(len(e.input_ids) for e in examples) / len(examples)
    return int(per_example * MICRO * ACCUMULATION * updates)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--updates", type=int, default=30)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--side", choices=["ours", "baseline"])
    args = parser.parse_args()
    if args.side:
        import torch

        torch.set_num_threads(args.threads)
        with tempfile.TemporaryDirectory() as tmp:
            runner = run_ours if args.side == "ours" else run_baseline
            result = runner(Path(tmp) / "model", args.updates)
        result["peak_rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(json.dumps(result))
        return
    results = {}
    for side in ("ours", "baseline"):
        command = [sys.executable, __file__, "--side", side, "--updates", str(args.updates)]
        command += ["--threads", str(args.threads)]
        done = subprocess.run(command, capture_output=True, text=True, check=True)
        results[side] = json.loads(done.stdout.strip().splitlines()[-1])
    for side, result in results.items():
        print(
            f"{side:9} {result['tokens_per_s']:10.0f} tokens/s  "
            f"peak host RSS {result['peak_rss_mb']:.0f} MB  ({result['seconds']:.2f} s)"
        )
    ratio = results["ours"]["tokens_per_s"] / results["baseline"]["tokens_per_s"]
    print(f"ratio (govern / transformers Trainer): {ratio:.2f}x ({args.threads} torch threads)")


if __name__ == "__main__":
    main()
