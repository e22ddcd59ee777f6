"""Tokens/s: govern's LoRA recipe vs transformers' Trainer + peft, setup and steady state apart.

Both train the same model on the same encoded chat rows with the same LoRA (r 8 on q/v, no
dropout), micro-batch 4, accumulation 2, learning rate and number of updates, each run in its
own process (peak RSS is its own). Workloads (``--workload``):

- ``chat`` (default): 256 chat records of the sample corpus (support chats, clinic dialogues,
  forum threads: 30 to 256 tokens, cut at 256) on a 4-layer, 128-wide Llama with the sample's
  tokenizer (2,048 tokens): tens of ms per update on one thread, so per-step overhead and timer
  noise no longer decide the ratio;
- ``tiny``: 64 short synthetic rows of near-equal length on the 2-layer, 64-wide sample model
  (~8 ms per update: per-step overhead dominates).

Arms (``--arms``), each a pair run in alternation ``--repeat`` times: ``default`` (each side's
defaults: both fused AdamW and a random order; govern's micro-batches padding-free, Trainer's
padded by ``DataCollatorForSeq2Seq``), ``padded`` (govern with ``padding_free: false``, so both
pad: what the rest of govern's recipe is worth), ``flat`` (Trainer padding-free too, with
transformers' ``DataCollatorWithFlattening``: one row per micro-batch, positions per sequence,
the block-diagonal sdpa mask), ``grouped`` (``group_by_length`` on both sides, each side's
batching otherwise its default).

Setup is timed on both sides from loading the model folder to the first update: model load,
peft wrap, and ``setup()`` / ``Trainer(...)`` construction; library imports (transformers, peft,
govern) are made before either timer starts. Steady state is the tokens per
second of the updates after a warm-up (the first tenth, at least one), from timestamps taken at
the end of each update (an optimizer step hook here, a ``TrainerCallback`` there); tokens are the
real (unpadded) tokens each side fed its training forward passes, counted by a hook on the model,
so a side that pads less gets no credit for it but does not pay for the pads it skips. The pad
share (padded positions / all positions) is printed per side. Each side uses ``--threads`` torch
threads (default 1: on a shared CPU idle threads spin-waiting for busy cores make both sides far
slower and the ratio noise). Usage: ``python benchmarks/train.py [--updates 300] [--repeat 3]``.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

MICRO, ACCUMULATION, LEARNING_RATE = 4, 2, 2e-4
FLATTENING = "DataCollatorWithFlattening"  # Trainer's collator in the flat arm
TARGET_STEADY, TARGET_WITH_SETUP = 1.2, 1.0  # issue #18, item 8
CHAT_ROWS, CHAT_MAX_LENGTH = 256, 256
# The chat workload's model: tens of ms per update on one CPU thread.
CHAT_MODEL = {
    "hidden_size": 128,
    "intermediate_size": 344,
    "num_hidden_layers": 4,
    "num_attention_heads": 4,
    "num_key_value_heads": 2,
    "initializer_range": 0.02,
}
# govern config keys and Trainer arguments of each arm (what each side changes from its defaults)
ARMS: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {
    "default": ({}, {}),
    "padded": ({"padding_free": False}, {}),
    "flat": ({}, {}),  # and Trainer's collator: FLATTENING
    "grouped": ({"group_by_length": True}, {"train_sampling_strategy": "group_by_length"}),
}


def tiny_rows() -> list[dict[str, Any]]:
    return [
        {
            "id": f"r{i}",
            "messages": [
                {"role": "user", "content": f"How do I reset router model {i} after an outage?"},
                {"role": "assistant", "content": f"Unplug it for {i % 9 + 2} seconds, then wait."},
            ],
        }
        for i in range(64)
    ]


def corpus_rows(folder: Path) -> list[dict[str, Any]]:
    """The chat records of a small sample corpus (synthetic), in file order."""
    from govern.records import read_records
    from govern.sample.corpus import write_corpus

    write_corpus(folder, n_support=128, n_clinic=64, n_forum=64, n_instructions=1, n_code=1)
    rows = [record.data for record in read_records([folder / "corpus"])]
    return [row for row in rows if isinstance(row.get("messages"), list)][:CHAT_ROWS]


def build_workload(workload: str, folder: Path) -> list[dict[str, Any]]:
    """The model folder both sides load and the rows they train on (before any timer starts)."""
    from govern.sample.model import build_tiny_model

    if workload == "tiny":
        rows = tiny_rows()
        texts = [m["content"] for row in rows for m in row["messages"]]
        build_tiny_model(folder / "model", texts, vocab_size=512)
        return rows
    rows = corpus_rows(folder / "corpus")
    texts = [m["content"] for row in rows for m in row["messages"]]
    build_tiny_model(folder / "model", texts, vocab_size=2048)
    # The same tokenizer and chat template, a larger randomly initialised Llama in place.
    import torch
    from transformers import LlamaConfig, LlamaForCausalLM

    config = LlamaConfig.from_pretrained(folder / "model")
    for key, value in CHAT_MODEL.items():
        setattr(config, key, value)
    with torch.random.fork_rng(devices=[]):
        torch.manual_seed(0)
        LlamaForCausalLM(config).save_pretrained(folder / "model", safe_serialization=True)
    return rows


def load_and_encode(folder: Path, rows: list[dict[str, Any]], max_length: int) -> tuple[Any, ...]:
    """Model and tokenizer from the folder, rows encoded: the same first steps on both sides."""
    from transformers import AutoModelForCausalLM, PreTrainedTokenizerFast

    from govern.train.data import encode_records

    tokenizer = PreTrainedTokenizerFast.from_pretrained(folder / "model")
    model = AutoModelForCausalLM.from_pretrained(folder / "model")
    split = encode_records(iter(rows), tokenizer, "chat", max_length)
    return model, tokenizer, split.examples


class Meter:
    """Real and padded tokens of the training forward passes; a stamp at each update's end."""

    def __init__(self, model: Any, pad_id: int) -> None:
        self.tokens = self.positions = 0
        self.stamps: list[tuple[float, float, int, int]] = []

        def count(module: Any, args: Any, kwargs: dict[str, Any]) -> None:
            if module.training:  # govern's first-update check runs in eval mode: not counted
                ids = kwargs["input_ids"]
                self.tokens += int((ids != pad_id).sum())
                self.positions += ids.numel()

        model.register_forward_pre_hook(count, with_kwargs=True)

    def stamp(self, *_: Any) -> None:
        self.stamps.append((time.perf_counter(), time.process_time(), self.tokens, self.positions))


def run_ours(folder: Path, rows: list[dict[str, Any]], args: argparse.Namespace) -> dict[str, Any]:
    import peft  # noqa: F401  # setup() imports it: outside the timer, as the baseline's imports
    import transformers  # noqa: F401

    from govern.train.config import parse_train_config
    from govern.train.data import EncodedSplit
    from govern.train.recipe import Data, setup, train

    started = time.perf_counter()
    model, tokenizer, examples = load_and_encode(folder, rows, args.max_length)
    meter = Meter(model, tokenizer.pad_token_id)
    config = parse_train_config(
        {
            "per_device_train_batch_size": MICRO,
            "gradient_accumulation_steps": ACCUMULATION,
            "learning_rate": LEARNING_RATE,
            "max_steps": args.updates,
            "max_seq_length": args.max_length,
            "lora_dropout": 0.0,
            "output_dir": str(folder / "ours"),
            # Like the baseline's: no log file, one log line at the end.
            "report_to": "none",
            "logging_steps": args.updates,
            **ARMS[args.arm][0],
        }
    )
    run = setup(config, Data(model, tokenizer, EncodedSplit(examples), EncodedSplit([]), {}))
    run.optimizer.register_step_post_hook(meter.stamp)
    setup_s = time.perf_counter() - started
    train(run)
    return _timings(setup_s, started + setup_s, meter.stamps)


def run_baseline(
    folder: Path, rows: list[dict[str, Any]], args: argparse.Namespace
) -> dict[str, Any]:
    from peft import LoraConfig, get_peft_model
    from transformers import (
        DataCollatorForSeq2Seq,
        DataCollatorWithFlattening,
        Trainer,
        TrainerCallback,
        TrainingArguments,
    )

    started = time.perf_counter()
    model, tokenizer, examples = load_and_encode(folder, rows, args.max_length)
    meter = Meter(model, tokenizer.pad_token_id)

    class Stamp(TrainerCallback):
        def on_step_end(self, *args: Any, **kwargs: Any) -> None:
            meter.stamp()

    lora = LoraConfig(r=8, lora_alpha=16, lora_dropout=0.0, target_modules=["q_proj", "v_proj"])
    model = get_peft_model(model, lora)
    dataset = [{"input_ids": e.input_ids, "labels": e.labels} for e in examples]
    training = TrainingArguments(
        output_dir=str(folder / "baseline"),
        per_device_train_batch_size=MICRO,
        gradient_accumulation_steps=ACCUMULATION,
        max_steps=args.updates,
        learning_rate=LEARNING_RATE,
        report_to=[],
        save_strategy="no",
        logging_strategy="no",
        use_cpu=True,
        dataloader_num_workers=0,
        **ARMS[args.arm][1],
    )
    collator: Any = DataCollatorForSeq2Seq(tokenizer, padding=True, label_pad_token_id=-100)
    if args.arm == "flat":
        collator = DataCollatorWithFlattening()
    trainer = Trainer(
        model=model,
        args=training,
        train_dataset=dataset,
        data_collator=collator,
        callbacks=[Stamp()],
    )
    setup_s = time.perf_counter() - started
    trainer.train()
    return _timings(setup_s, started + setup_s, meter.stamps)


def _timings(
    setup_s: float, train_start: float, stamps: list[tuple[float, float, int, int]]
) -> dict[str, Any]:
    """Setup seconds, steady-state tokens/s (wall and CPU) after warm-up, and with setup."""
    updates = len(stamps)
    warm = max(1, updates // 10)
    (wall_0, cpu_0, tokens_0, _), (wall, cpu, tokens, positions) = stamps[warm - 1], stamps[-1]
    total_s = setup_s + (wall - train_start)
    return {
        "updates": updates,
        "setup_s": setup_s,
        "train_s": wall - train_start,
        "ms_per_update": 1000 * (wall - wall_0) / (updates - warm),
        "steady_tokens_per_s": (tokens - tokens_0) / (wall - wall_0),
        "steady_tokens_per_cpu_s": (tokens - tokens_0) / (cpu - cpu_0),
        "with_setup_tokens_per_s": tokens / total_s,
        "pad_share": 1 - tokens / positions,
    }


def run_side(args: argparse.Namespace) -> None:
    import torch

    torch.set_num_threads(args.threads)
    with tempfile.TemporaryDirectory() as tmp:
        rows = build_workload(args.workload, Path(tmp))
        runner = run_ours if args.side == "ours" else run_baseline
        result = runner(Path(tmp), rows, args)
    result["peak_rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps(result))


def spawn(side: str, arm: str, args: argparse.Namespace) -> dict[str, Any]:
    command = [sys.executable, __file__, "--side", side, "--arm", arm]
    for flag in ("updates", "threads", "workload", "max_length"):
        command += [f"--{flag.replace('_', '-')}", str(getattr(args, flag))]
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    result["load"] = os.getloadavg()[0]
    return result


def spread(values: list[float], form: str = ".2f") -> str:
    """Median [min-max] of ``values``."""
    low, mid, high = min(values), statistics.median(values), max(values)
    return f"{mid:{form}} [{low:{form}}-{high:{form}}]"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--updates", type=int, default=300, help="at least 20")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each side per arm")
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--workload", choices=["chat", "tiny"], default="chat")
    parser.add_argument("--arms", default="default,padded,flat,grouped", help="comma-separated")
    parser.add_argument("--max-length", type=int, default=CHAT_MAX_LENGTH)
    parser.add_argument("--side", choices=["ours", "baseline"])
    parser.add_argument("--arm", choices=sorted(ARMS), default="default")
    args = parser.parse_args()
    if args.updates < 20:
        parser.error("--updates: at least 20 (a tenth is the warm-up)")
    if args.side:
        run_side(args)
        return
    arms = args.arms.split(",")
    if unknown := sorted(set(arms) - set(ARMS)):
        parser.error(f"--arms: unknown {', '.join(unknown)} (known: {', '.join(ARMS)})")
    print(
        f"{args.workload} workload, {args.updates} updates, micro-batch {MICRO} x {ACCUMULATION}, "
        f"{args.threads} torch thread(s), {args.repeat} alternating runs per side"
    )
    for arm in arms:
        ours, theirs = ARMS[arm]
        if arm == "flat":
            theirs = {"data_collator": FLATTENING}
        print(f"arm {arm}: govern {ours or 'defaults'}, Trainer {theirs or 'defaults'}")
        runs = []
        for repeat in range(args.repeat):
            ours, base = spawn("ours", arm, args), spawn("baseline", arm, args)
            runs.append((ours, base))
            steady = ours["steady_tokens_per_s"] / base["steady_tokens_per_s"]
            whole = ours["with_setup_tokens_per_s"] / base["with_setup_tokens_per_s"]
            print(f"  run {repeat + 1}: steady {steady:.2f}x, with setup {whole:.2f}x", end="")
            print(f" (load {ours['load']:.2f} / {base['load']:.2f})")
        for index, side in enumerate(("govern", "Trainer")):
            got = [run[index] for run in runs]

            def of(key: str, got: list[dict[str, Any]] = got) -> list[float]:
                return [float(result[key]) for result in got]

            print(
                f"  {side:8} steady {spread(of('steady_tokens_per_s'), '.0f')} tokens/s "
                f"({spread(of('steady_tokens_per_cpu_s'), '.0f')} per CPU-s), "
                f"{spread(of('ms_per_update'), '.1f')} ms/update; with setup "
                f"{spread(of('with_setup_tokens_per_s'), '.0f')} tokens/s; setup "
                f"{spread(of('setup_s'))} s; pad share {spread(of('pad_share'))}; "
                f"peak RSS {spread(of('peak_rss_mb'), '.0f')} MB"
            )
        ratios = {
            key: [ours[key] / base[key] for ours, base in runs]
            for key in ("steady_tokens_per_s", "steady_tokens_per_cpu_s", "with_setup_tokens_per_s")
        }
        steady = statistics.median(ratios["steady_tokens_per_s"])
        whole = statistics.median(ratios["with_setup_tokens_per_s"])
        print(
            f"  ratio (govern / Trainer + peft), median [range] of {args.repeat}: steady state "
            f"{spread(ratios['steady_tokens_per_s'])}x (target >= {TARGET_STEADY}x, "
            f"{'met' if steady >= TARGET_STEADY else 'NOT met'}); including setup "
            f"{spread(ratios['with_setup_tokens_per_s'])}x (target >= {TARGET_WITH_SETUP}x, "
            f"{'met' if whole >= TARGET_WITH_SETUP else 'NOT met'}); steady per CPU-second "
            f"{spread(ratios['steady_tokens_per_cpu_s'])}x"
        )


if __name__ == "__main__":
    main()
