"""Tokens/s: govern's LoRA recipe vs transformers' Trainer + peft, setup and steady state apart.

Both train the same tiny model on the same chat rows with the same LoRA, micro-batch,
accumulation and number of updates, each side in its own process (peak RSS is its own). Setup
is timed on both sides from loading the model folder to the first update: model load,
tokenization, peft wrap, and ``setup()`` / ``Trainer(...)`` construction. Steady state is the
tokens per second of the updates after a warm-up (the first tenth, at least one), from
timestamps taken at the end of each update (an optimizer step hook here, a ``TrainerCallback``
there). The ratio is printed for steady state and including setup. Both use ``--threads``
torch threads (default 1: on a shared CPU idle threads spin-waiting for busy cores make both
sides far slower and the ratio noise). Usage: ``python benchmarks/train.py [--updates 300]``.
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
TARGET_STEADY, TARGET_WITH_SETUP = 1.2, 1.0  # issue #18, item 8


def chat_rows() -> list[dict[str, Any]]:
    return [
        {
            "id": f"r{i}",
            "messages": [
                {"role": "user", "content": f"How do I reset router model {i} after an outage?"},
                {"role": "assistant", "content": f"Unplug it for {i % 9 + 2} seconds, then wait."},
            ],
        }
        for i in range(EXAMPLES)
    ]


def build_model(folder: Path) -> None:
    """The tiny model folder both sides load (built before any timer starts)."""
    from govern.sample.model import build_tiny_model

    texts = [m["content"] for row in chat_rows() for m in row["messages"]]
    build_tiny_model(folder, texts, vocab_size=512)


def load_and_encode(folder: Path) -> tuple[Any, Any, list[Any]]:
    """Model and tokenizer from the folder, rows encoded: the same first steps on both sides."""
    from transformers import AutoModelForCausalLM, PreTrainedTokenizerFast

    from govern.train.data import encode_records

    tokenizer = PreTrainedTokenizerFast.from_pretrained(folder)
    model = AutoModelForCausalLM.from_pretrained(folder)
    split = encode_records(iter(chat_rows()), tokenizer, "chat", 128)
    return model, tokenizer, split.examples


def run_ours(folder: Path, updates: int) -> dict[str, Any]:
    from govern.train.config import parse_train_config
    from govern.train.data import EncodedSplit
    from govern.train.recipe import Data, setup, train

    started = time.perf_counter()
    model, tokenizer, examples = load_and_encode(folder)
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
    stamps: list[tuple[float, float]] = []
    run.optimizer.register_step_post_hook(lambda *_: stamps.append(_now()))
    setup_s = time.perf_counter() - started
    train(run)
    return _timings(examples, setup_s, started + setup_s, stamps)


def run_baseline(folder: Path, updates: int) -> dict[str, Any]:
    from peft import LoraConfig, get_peft_model
    from transformers import (
        DataCollatorForSeq2Seq,
        Trainer,
        TrainerCallback,
        TrainingArguments,
    )

    stamps: list[tuple[float, float]] = []

    class Stamp(TrainerCallback):
        def on_step_end(self, *args: Any, **kwargs: Any) -> None:
            stamps.append(_now())

    started = time.perf_counter()
    model, tokenizer, examples = load_and_encode(folder)
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
    trainer = Trainer(
        model=model, args=args, train_dataset=dataset, data_collator=collator, callbacks=[Stamp()]
    )
    setup_s = time.perf_counter() - started
    trainer.train()
    return _timings(examples, setup_s, started + setup_s, stamps)


def _now() -> tuple[float, float]:
    """Wall and CPU seconds: CPU time is what a busy shared machine leaves comparable."""
    return time.perf_counter(), time.process_time()


def _timings(
    examples: list[Any], setup_s: float, train_start: float, stamps: list[tuple[float, float]]
) -> dict[str, Any]:
    """Setup seconds, steady-state tokens/s (wall and CPU) after warm-up, and with setup."""
    # Both sides see (micro x accumulation) examples per update; count their real tokens.
    per_update = sum(len(e.input_ids) for e in examples) / len(examples) * MICRO * ACCUMULATION
    updates = len(stamps)
    warm = max(1, updates // 10)
    steady_s = stamps[-1][0] - stamps[warm - 1][0]
    steady_cpu_s = stamps[-1][1] - stamps[warm - 1][1]
    total_s = setup_s + (stamps[-1][0] - train_start)
    return {
        "updates": updates,
        "warmup_updates": warm,
        "setup_s": setup_s,
        "train_s": stamps[-1][0] - train_start,
        "steady_tokens_per_s": per_update * (updates - warm) / steady_s,
        "steady_tokens_per_cpu_s": per_update * (updates - warm) / steady_cpu_s,
        "with_setup_tokens_per_s": per_update * updates / total_s,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--updates", type=int, default=300, help="at least 20")
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--side", choices=["ours", "baseline"])
    args = parser.parse_args()
    if args.updates < 20:
        parser.error("--updates: at least 20 (a tenth is the warm-up)")
    if args.side:
        import torch

        torch.set_num_threads(args.threads)
        with tempfile.TemporaryDirectory() as tmp:
            folder = Path(tmp) / "model"
            build_model(folder)
            runner = run_ours if args.side == "ours" else run_baseline
            result = runner(folder, args.updates)
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
            f"{side:9} steady {result['steady_tokens_per_s']:8.0f} tokens/s "
            f"({result['steady_tokens_per_cpu_s']:6.0f} per CPU-s)  "
            f"with setup {result['with_setup_tokens_per_s']:8.0f} tokens/s  "
            f"setup {result['setup_s']:.2f} s  train {result['train_s']:.2f} s  "
            f"peak RSS {result['peak_rss_mb']:.0f} MB"
        )
    ours, base = results["ours"], results["baseline"]
    steady = ours["steady_tokens_per_s"] / base["steady_tokens_per_s"]
    cpu = ours["steady_tokens_per_cpu_s"] / base["steady_tokens_per_cpu_s"]
    whole = ours["with_setup_tokens_per_s"] / base["with_setup_tokens_per_s"]
    print(
        f"ratio (govern / Trainer + peft), {args.updates} updates, {args.threads} torch threads: "
        f"steady state {steady:.2f}x (target >= {TARGET_STEADY}x, "
        f"{'met' if steady >= TARGET_STEADY else 'NOT met'}); including setup {whole:.2f}x "
        f"(target >= {TARGET_WITH_SETUP}x, {'met' if whole >= TARGET_WITH_SETUP else 'NOT met'}); "
        f"steady state per CPU-second {cpu:.2f}x; load average {os.getloadavg()[0]:.2f}"
    )


if __name__ == "__main__":
    main()
