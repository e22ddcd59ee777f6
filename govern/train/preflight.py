"""Preflight: prove each phase works on this machine before a long run, with measured numbers.

One row per check: inputs, measurements, duration, verdict and what to change when it fails.
Implemented here: environment, disk, masking, longest-sequence step, overfit, save -> resume ->
generate (in this process; tests/train checks resuming in a new one), throughput, and the
reserve/sizing sheet.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import math
import platform
import shutil
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import torch

from govern.artifacts import load_model
from govern.io import atomic_write_json
from govern.policy import TrainingPolicy
from govern.train.config import TrainConfig
from govern.train.data import IGNORE_INDEX, collate
from govern.train.gates import peak_memory
from govern.train.recipe import Data, load_data, setup
from govern.train.steps import accumulate

OVERFIT_EXAMPLES = 2
OVERFIT_MAX_UPDATES = 150
OVERFIT_TARGET_LOSS = 0.1  # "near zero": a LoRA that cannot reach it cannot learn the data
THROUGHPUT_WINDOWS = 3
THROUGHPUT_WINDOW_SECONDS = 0.25


@dataclass(slots=True)
class CheckRow:
    """One preflight check."""

    check: str
    passed: bool
    inputs: dict[str, Any] = field(default_factory=dict)
    measured: dict[str, Any] = field(default_factory=dict)
    seconds: float = 0.0
    advice: str = ""


@dataclass(slots=True)
class Preflight:
    """All rows, the sizing sheet, and the exit code (1 when any check failed)."""

    rows: list[CheckRow]
    sizing: dict[str, Any]

    @property
    def exit_code(self) -> int:
        return 0 if all(row.passed for row in self.rows) else 1

    def to_json(self) -> dict[str, Any]:
        return {"checks": [dataclasses.asdict(r) for r in self.rows], "sizing": self.sizing}


def run_preflight(
    config: TrainConfig, policy: TrainingPolicy | None = None, report: Path | None = None
) -> Preflight:
    """``govern preflight --config``: run the checks in order; write ``report`` if given."""
    config = config.model_copy(update={"resume_from_checkpoint": None, "stop_after_steps": None})
    data = load_data(config, policy)
    rows: list[CheckRow] = []
    checks: list[Callable[[TrainConfig, Data], CheckRow]] = [
        check_environment,
        check_disk,
        check_masking,
        check_longest_step,
        check_overfit,
        check_resume,
        check_throughput,
    ]
    for check in checks:
        started = time.perf_counter()
        row = check(config, data)
        row.seconds = round(time.perf_counter() - started, 3)
        rows.append(row)
    result = Preflight(rows, sizing_sheet(config, data, rows))
    if report is not None:
        atomic_write_json(report, result.to_json())
    return result


def check_environment(config: TrainConfig, data: Data) -> CheckRow:
    """(1) Framework and accelerator: CUDA with compute capability, MPS or CPU; bf16 and 4-bit."""
    measured: dict[str, Any] = {"python": platform.python_version(), "torch": torch.__version__}
    if torch.cuda.is_available():
        major, minor = torch.cuda.get_device_capability()
        measured |= {
            "accelerator": torch.cuda.get_device_name(),
            "compute_capability": f"{major}.{minor}",
            "cuda_runtime": torch.version.cuda,
            "bf16": torch.cuda.is_bf16_supported(),
        }
    elif torch.backends.mps.is_available():
        measured |= {"accelerator": "Apple MPS", "bf16": False}
    else:
        measured |= {"accelerator": "CPU", "bf16": "n/a on CPU (fp32 used)"}
    has_bnb = importlib.util.find_spec("bitsandbytes") is not None
    measured["4bit_8bit"] = has_bnb and torch.cuda.is_available()
    return CheckRow("environment", True, {}, measured)


def check_disk(config: TrainConfig, data: Data) -> CheckRow:
    """(2) Free disk against checkpoints (adapter + two AdamW moments each), adapter and logs."""
    trainable = _lora_parameter_count(config, data)
    checkpoints = math.ceil(config.max_steps / config.save_steps) if config.save_steps else 0
    needed = trainable * 4 * (1 + 3 * max(checkpoints, 0)) + 16 * 1024 * 1024
    where = _existing_parent(config.output_dir)
    free = shutil.disk_usage(where).free
    passed = free > 2 * needed
    advice = "" if passed else f"free at least {2 * needed / 1e9:.2f} GB under {where}"
    inputs = {"trainable_parameters": trainable, "checkpoints": checkpoints}
    return CheckRow("disk", passed, inputs, {"free_bytes": free, "needed_bytes": needed}, 0, advice)


def check_masking(config: TrainConfig, data: Data) -> CheckRow:
    """(3) Formatted examples: the first token untrained, some answer trained, EOS trained."""
    examples = data.train.examples[:8]
    eos = data.tokenizer.eos_token_id
    bad = [
        e.record_id
        for e in examples
        if e.labels[0] != IGNORE_INDEX
        or all(label == IGNORE_INDEX for label in e.labels)
        or (not e.truncated and eos not in e.labels)
    ]
    measured = {
        "examples": len(examples),
        "truncated": sum(e.truncated for e in data.train.examples),
        "skipped": data.train.skipped,
        "bad": bad,
    }
    advice = "check format and max_seq_length; run --show-examples" if bad else ""
    return CheckRow("masking", not bad, {"format": config.format}, measured, 0, advice)


def check_longest_step(config: TrainConfig, data: Data) -> CheckRow:
    """(4) One forward + backward at the longest sequence and full micro-batch; peak memory."""
    run = setup(config, _fresh(config, data))
    longest = max(run.train_examples, key=lambda e: len(e.input_ids))
    batch = collate([longest] * config.per_device_train_batch_size, run.tokenizer.pad_token_id)
    loss, _ = accumulate(run.model, [batch])
    run.optimizer.step()  # allocates the optimizer state: part of the peak
    host, allocated, reserved = peak_memory()
    measured = {
        "loss": loss,
        "host_peak_rss_mb": host,
        "cuda_max_allocated_mb": allocated,
        "cuda_max_reserved_mb": reserved,
    }
    inputs = {"sequence_length": len(longest.input_ids), "micro_batch": batch["input_ids"].shape[0]}
    passed = math.isfinite(loss)
    return CheckRow(
        "longest step", passed, inputs, measured, 0, "" if passed else "loss not finite"
    )


def check_overfit(config: TrainConfig, data: Data) -> CheckRow:
    """(5) A few examples trained repeatedly reach near-zero loss: the adapter can learn."""
    # A fixed, high learning rate: this checks that labels and gradients let the adapter learn,
    # not whether the user's learning rate is a good one.
    update = {"lora_dropout": 0.0, "max_steps": OVERFIT_MAX_UPDATES, "learning_rate": 1e-2}
    tiny = config.model_copy(update=update)
    run = setup(tiny, _fresh(tiny, data))
    batch = collate(run.train_examples[:OVERFIT_EXAMPLES], run.tokenizer.pad_token_id)
    loss, updates = math.inf, 0
    while loss >= OVERFIT_TARGET_LOSS and updates < OVERFIT_MAX_UPDATES:
        run.optimizer.zero_grad(set_to_none=True)
        loss, _ = accumulate(run.model, [batch])
        run.optimizer.step()
        updates += 1
    passed = loss < OVERFIT_TARGET_LOSS
    advice = "" if passed else "raise learning_rate or r, or check the labels"
    inputs = {"examples": OVERFIT_EXAMPLES, "learning_rate": tiny.learning_rate}
    return CheckRow("overfit", passed, inputs, {"loss": loss, "updates": updates}, 0, advice)


def check_resume(config: TrainConfig, data: Data) -> CheckRow:
    """(6) Save a checkpoint, restore it into a fresh model: same logits, and it generates."""
    from govern.train.checkpoint import load_checkpoint, save_checkpoint
    from govern.train.recipe import checkpoint_dir

    saved = setup(config, _fresh(config, data))
    batch = collate(saved.train_examples[:1], saved.tokenizer.pad_token_id)
    saved.optimizer.zero_grad(set_to_none=True)
    accumulate(saved.model, [batch])
    saved.optimizer.step()
    folder = checkpoint_dir(config, 0).with_name("preflight")
    save_checkpoint(folder, saved.model, saved.optimizer, saved.scheduler, saved.progress)
    restored = setup(config, _fresh(config, data))
    load_checkpoint(folder, restored.model, restored.optimizer, restored.scheduler)
    ids = batch["input_ids"].to(next(saved.model.parameters()).device)
    with torch.no_grad():
        gap = saved.model.eval()(input_ids=ids).logits - restored.model.eval()(input_ids=ids).logits
        prompt = ids[:, :4]
        generated = restored.model.generate(input_ids=prompt, max_new_tokens=4, do_sample=False)
    measured = {"max_logit_gap": float(gap.abs().max()), "generated_tokens": generated.shape[1] - 4}
    passed = measured["max_logit_gap"] < 1e-5 and measured["generated_tokens"] > 0
    advice = "" if passed else "the checkpoint does not restore the adapter: check the saved keys"
    return CheckRow(
        "save/resume/generate", passed, {"checkpoint": str(folder)}, measured, 0, advice
    )


def check_throughput(config: TrainConfig, data: Data) -> CheckRow:
    """(7) Tokens per second over timed windows after a warm-up: sustained, not only the start."""
    run = setup(config, _fresh(config, data))
    pad, size = run.tokenizer.pad_token_id, config.per_device_train_batch_size
    examples = run.train_examples
    updates = 0

    def one_update() -> int:
        nonlocal updates
        first = updates * size % len(examples)
        batch = collate(examples[first : first + size] or examples[:size], pad)
        run.optimizer.zero_grad(set_to_none=True)
        accumulate(run.model, [batch])
        run.optimizer.step()
        updates += 1
        return int(batch["attention_mask"].sum())

    one_update()  # warm-up: first-call allocations are not throughput
    windows = []
    # Windows are timed, not counted, so a fast model still measures long enough to be stable.
    for _ in range(THROUGHPUT_WINDOWS):
        tokens, started = 0, time.perf_counter()
        while time.perf_counter() - started < THROUGHPUT_WINDOW_SECONDS:
            tokens += one_update()
        windows.append(tokens / (time.perf_counter() - started))
    passed = windows[-1] >= 0.5 * windows[0]
    measured = {"tokens_per_s_by_window": [round(w, 1) for w in windows], "updates": updates}
    advice = "" if passed else "throughput fell by half: check thermal limits or memory pressure"
    inputs = {"window_seconds": THROUGHPUT_WINDOW_SECONDS, "windows": THROUGHPUT_WINDOWS}
    return CheckRow("throughput", passed, inputs, measured, 0, advice)


def sizing_sheet(config: TrainConfig, data: Data, rows: list[CheckRow]) -> dict[str, Any]:
    """(8) The sizing sheet for the full run, with a reserve for evaluation and reruns."""
    by_name = {row.check: row for row in rows}
    speed = (by_name["throughput"].measured.get("tokens_per_s_by_window") or [1.0])[-1]
    tokens = sum(len(e.input_ids) for e in data.train.examples)
    examples_per_update = config.per_device_train_batch_size * config.gradient_accumulation_steps
    updates = config.max_steps if config.max_steps > 0 else math.ceil(
        config.num_train_epochs * len(data.train.examples) / examples_per_update
    )  # fmt: skip
    per_update = tokens / max(len(data.train.examples), 1) * examples_per_update / speed
    return {
        "memory_per_device": by_name["longest step"].measured,
        "max_seq_length": config.max_seq_length,
        "precision": "fp32" if not torch.cuda.is_available() else "bf16 if supported",
        "micro_batch": config.per_device_train_batch_size,
        "accumulation": config.gradient_accumulation_steps,
        "distribution": "single process (accelerate launch / torchrun for data parallel)",
        "updates": updates,
        "expected_seconds": round(updates * per_update, 1),
        "reserve_seconds": round(0.5 * updates * per_update, 1),  # evaluation, saves, one rerun
    }


def _fresh(config: TrainConfig, data: Data) -> Data:
    # peft wraps the base model in place, so every check that trains gets its own copy.
    return dataclasses.replace(data, model=load_model(config.base_model, config.trusted_keys).model)


def _lora_parameter_count(config: TrainConfig, data: Data) -> int:
    run = setup(config, _fresh(config, data))
    return sum(p.numel() for p in run.model.parameters() if p.requires_grad)


def _existing_parent(path: Path) -> Path:
    for candidate in (path, *path.parents):
        if candidate.exists():
            return candidate
    return Path(".")
