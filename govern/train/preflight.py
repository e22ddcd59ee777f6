"""Preflight: prove each phase works on this machine before a long run, with measured numbers.

Eight checks, one row each (inputs, measured numbers, duration, verdict, and what to change
when it fails): (1) environment, (2) disk, (3) masking, (4) one step at the longest sequence
with peak memory, (5) overfitting a tiny sample, (6) save -> resume in a new process -> load
and generate, (7) sustained throughput, (8) the time and disk reserve; then a sizing sheet for
the full run. The checks after (1) run only when the environment can run the config at all.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import math
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import torch

from govern.contract import write_report
from govern.errors import GovernError
from govern.io import atomic_write_json
from govern.policy import LoadedPolicy
from govern.train.config import TrainConfig, parse_train_config
from govern.train.contract import PreflightReport
from govern.train.data import IGNORE_INDEX, collate, micro_batch
from govern.train.drivers import driver_versions
from govern.train.gates import peak_memory
from govern.train.precision import autocast_dtype, check_precision, support
from govern.train.recipe import (
    Data,
    load_data,
    produced_by,
    setup,
    training_device,
    training_rules,
)
from govern.train.report import significant
from govern.train.steps import accumulate, evaluate

OVERFIT_EXAMPLES = 2
OVERFIT_MAX_UPDATES = 150
OVERFIT_TARGET_LOSS = 0.1  # "near zero": a LoRA that cannot reach it cannot learn the data
THROUGHPUT_WINDOWS = 3
THROUGHPUT_WINDOW_SECONDS = 0.5
RESERVE_FACTOR = 0.5  # time and disk kept for evaluation, checkpoints and one rerun
RESUME_TOLERANCE = 1e-5


@dataclass(slots=True)
class CheckRow:
    """One preflight check."""

    check: str
    verdict: Literal["pass", "fail", "not run"]
    inputs: dict[str, Any] = field(default_factory=dict)
    measured: dict[str, Any] = field(default_factory=dict)
    duration_s: float = 0.0
    advice: str = ""

    @property
    def passed(self) -> bool:
        return self.verdict == "pass"


@dataclass(slots=True)
class Preflight:
    """All rows, the sizing sheet, and the exit code (1 when any check failed)."""

    rows: list[CheckRow]
    sizing: dict[str, Any]
    provenance: dict[str, Any] = field(default_factory=dict)

    @property
    def exit_code(self) -> int:
        return 0 if all(row.passed for row in self.rows) else 1

    def to_json(self) -> dict[str, Any]:
        return {
            "checks": [dataclasses.asdict(r) for r in self.rows],
            "sizing": self.sizing,
            "verdict": "pass" if self.exit_code == 0 else "fail",
            "provenance": self.provenance,
        }


CHECKS = (
    "environment",
    "disk",
    "masking",
    "longest step",
    "overfit",
    "save/resume/generate",
    "throughput",
    "reserve",
)


def run_preflight(
    config: TrainConfig, policy: LoadedPolicy | None = None, report: Path | None = None
) -> Preflight:
    """``govern preflight --config``: run the checks in order; write ``report`` if given."""
    config = config.model_copy(update={"resume_from_checkpoint": None, "stop_after_steps": None})
    rows = [_timed(check_environment, config, None)]
    sizing: dict[str, Any] = {}
    if rows[0].passed:
        data = load_data(config, training_rules(policy))
        checks: list[Callable[[TrainConfig, Data], CheckRow]] = [
            check_disk,
            check_masking,
            check_longest_step,
            check_overfit,
            check_resume,
            check_throughput,
        ]
        rows += [_timed(check, config, data) for check in checks]
        rows.append(_timed(lambda c, d: check_reserve(c, d, rows), config, data))
        sizing = sizing_sheet(config, data, rows)
    else:
        rows += [
            CheckRow(name, "not run", advice="fix the environment first") for name in CHECKS[1:]
        ]
    result = Preflight(rows, sizing, produced_by(config, policy))
    if report is not None:
        write_report(report, PreflightReport, result.to_json())
    return result


def _timed(
    check: Callable[[TrainConfig, Any], CheckRow], config: TrainConfig, data: Any
) -> CheckRow:
    started = time.perf_counter()
    row = check(config, data)
    row.duration_s = round(time.perf_counter() - started, 3)
    return row


def check_environment(config: TrainConfig, data: Data | None) -> CheckRow:
    """(1) Driver, runtime, compiler, framework and accelerator; bf16 and 4-bit support."""
    import peft
    import transformers

    measured: dict[str, Any] = {
        "python": platform.python_version(),
        "compiler": platform.python_compiler(),
        "torch": torch.__version__,
        "transformers": transformers.__version__,
        "peft": peft.__version__,
        "torch_compiled_with": {"cuda": torch.version.cuda, "hip": torch.version.hip},
    }
    if torch.cuda.is_available():
        major, minor = torch.cuda.get_device_capability()
        measured |= {
            "accelerator": torch.cuda.get_device_name(),
            "compute_capability": f"{major}.{minor}",
            "cuda_runtime": torch.version.cuda,
            "cudnn": torch.backends.cudnn.version(),  # type: ignore[no-untyped-call]
            "devices": torch.cuda.device_count(),
            # The driver's and toolkit's versions, and whether torch's runtime fits the driver.
            "drivers": driver_versions(torch.version.cuda, torch.version.hip),
        }
    elif torch.backends.mps.is_available():
        measured["accelerator"] = "Apple MPS"
    else:
        measured["accelerator"] = f"CPU ({platform.machine()})"
    measured["support"] = support()
    inputs = {
        key: getattr(config, key)
        for key in ("device", "bf16", "fp16", "load_in_4bit", "load_in_8bit")
    }
    try:
        check_precision(config, training_device(config))
    except GovernError as exc:
        return CheckRow("environment", "fail", inputs, measured, 0, str(exc))
    drivers = measured.get("drivers", {})
    if not drivers.get("fits", True):
        return CheckRow("environment", "fail", inputs, measured, 0, drivers["why"])
    return CheckRow("environment", "pass", inputs, measured)


def check_disk(config: TrainConfig, data: Data) -> CheckRow:
    """(2) Free disk against checkpoints (adapter + two AdamW moments each), adapter and logs."""
    trainable = _lora_parameter_count(config, data)
    checkpoints = math.ceil(config.max_steps / config.save_steps) if config.save_steps else 0
    needed = trainable * 4 * (1 + 3 * checkpoints) + 16 * 1024 * 1024
    where = _existing_parent(config.output_dir)
    free = shutil.disk_usage(where).free
    passed = free > 2 * needed
    advice = "" if passed else f"free at least {2 * needed / 1e9:.2f} GB under {where}"
    inputs = {"trainable_parameters": trainable, "checkpoints": checkpoints}
    measured = {"free_bytes": free, "needed_bytes": needed}
    return CheckRow("disk", _verdict(passed), inputs, measured, 0, advice)


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
    inputs = {"format": config.format, "packing": config.packing}
    return CheckRow("masking", _verdict(not bad), inputs, measured, 0, advice)


def check_longest_step(config: TrainConfig, data: Data) -> CheckRow:
    """(4) Forward + backward + first optimizer step at the longest sequence; peak memory.

    The longest-sequence evaluation is measured apart: the peak may be in either.
    """
    run = setup(config, _fresh(config, data))
    longest = max(run.train_examples, key=lambda e: len(e.input_ids))
    batch = collate([longest] * config.per_device_train_batch_size, run.tokenizer.pad_token_id)
    loss, _ = accumulate(run.model, [batch], autocast_dtype(config), run.scaler)
    run.optimizer.step()  # allocates the optimizer state: part of the peak
    host, allocated, reserved = peak_memory()
    started = time.perf_counter()
    eval_batch = collate([longest] * config.per_device_eval_batch_size, run.tokenizer.pad_token_id)
    evaluate(run.model, [eval_batch], autocast_dtype(config))
    eval_seconds = time.perf_counter() - started
    eval_host, eval_allocated, eval_reserved = peak_memory()
    measured = {
        "loss": significant(loss),
        "host_peak_rss_mb": host,
        "cuda_max_allocated_mb": allocated,
        "cuda_max_reserved_mb": reserved,
        "eval_seconds": round(eval_seconds, 4),
        "eval_host_peak_rss_mb": eval_host,
        "eval_cuda_max_allocated_mb": eval_allocated,
        "eval_cuda_max_reserved_mb": eval_reserved,
    }
    inputs = {"sequence_length": len(longest.input_ids), "micro_batch": batch["input_ids"].shape[0]}
    passed = math.isfinite(loss)
    advice = "" if passed else "loss not finite: lower learning_rate, or check the data"
    return CheckRow("longest step", _verdict(passed), inputs, measured, 0, advice)


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
        loss, _ = accumulate(run.model, [batch], autocast_dtype(tiny))
        run.optimizer.step()
        updates += 1
    passed = loss < OVERFIT_TARGET_LOSS
    advice = "" if passed else "raise learning_rate or r, or check the labels"
    inputs = {"examples": OVERFIT_EXAMPLES, "learning_rate": tiny.learning_rate}
    measured = {"loss": significant(loss), "updates": updates, "target_loss": OVERFIT_TARGET_LOSS}
    return CheckRow("overfit", _verdict(passed), inputs, measured, 0, advice)


def check_resume(config: TrainConfig, data: Data) -> CheckRow:
    """(6) Train 2 updates, checkpoint, resume in a NEW process: same logits, step, LR; generate."""
    from govern.train.checkpoint import checkpoint_dir
    from govern.train.recipe import train

    with tempfile.TemporaryDirectory(prefix="govern-preflight-") as scratch:
        root = Path(scratch)
        probe = config.model_copy(
            update={
                "output_dir": root / "adapter",
                "reports_dir": root / "reports",
                "max_steps": 4,
                "stop_after_steps": 2,
                "save_steps": 0,
            }
        )
        saved = train(setup(probe, _fresh(probe, data)))
        folder = checkpoint_dir(probe, 2)
        batch = collate(saved.train_examples[:1], saved.tokenizer.pad_token_id)
        ids = batch["input_ids"].to(next(saved.model.parameters()).device)
        with torch.no_grad():
            expected = saved.model.eval()(input_ids=ids).logits.float().cpu()
        resumed = probe.model_copy(
            update={"resume_from_checkpoint": folder, "stop_after_steps": None}
        )
        child = resume_in_new_process(resumed, ids.cpu(), root / "probe.json")
        if "error" in child:
            return CheckRow(
                "save/resume/generate", "fail", {"checkpoint": "temporary"}, child, 0,
                "the checkpoint does not load in a new process: " + child["error"],
            )  # fmt: skip
        gap = float((torch.tensor(child["logits"]) - expected).abs().max())
        size = sum(path.stat().st_size for path in folder.rglob("*") if path.is_file())
    measured = {
        "max_logit_gap": significant(gap),
        "restored_step": child["step"],
        "restored_learning_rate": significant(child["learning_rate"]),
        "expected_learning_rate": significant(saved.scheduler.get_last_lr()[0]),
        "generated_tokens": child["generated_tokens"],
        "checkpoint_bytes": size,
        "new_process_pid_differs": child["pid"] != os.getpid(),
    }
    passed = (
        gap < RESUME_TOLERANCE
        and child["step"] == 2
        and math.isclose(child["learning_rate"], measured["expected_learning_rate"])
        and child["generated_tokens"] > 0
        and measured["new_process_pid_differs"]
    )
    advice = "" if passed else "the checkpoint does not restore the run: check the saved state"
    inputs = {"updates_before_save": 2, "tolerance": RESUME_TOLERANCE}
    return CheckRow("save/resume/generate", _verdict(passed), inputs, measured, 0, advice)


def resume_in_new_process(config: TrainConfig, ids: torch.Tensor, out: Path) -> dict[str, Any]:
    """Run ``python -m govern.train.preflight`` on ``config``: resume, load, forward, generate."""
    request = {"config": config.model_dump(mode="json"), "ids": ids.tolist(), "out": str(out)}
    done = subprocess.run(
        [sys.executable, "-m", "govern.train.preflight", json.dumps(request)],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0 or not out.exists():
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        return {"error": f"exit {done.returncode}: {last[:300]}"}
    result: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
    return result


def _resume_child(request: dict[str, Any]) -> None:
    # The data gate and the verified loaders run again here: nothing is shared with the parent.
    from govern.train.recipe import load_data as load

    config = parse_train_config(request["config"], source="preflight resume")
    run = setup(config, load(config))
    ids = torch.tensor(request["ids"], device=next(run.model.parameters()).device)
    with torch.no_grad():
        logits = run.model.eval()(input_ids=ids).logits.float().cpu()
        prompt = ids[:, :4]
        generated = run.model.generate(
            input_ids=prompt, attention_mask=torch.ones_like(prompt), max_new_tokens=4,
            do_sample=False,
        )  # fmt: skip
    result = {
        "logits": logits.tolist(),
        "step": run.progress.step,
        "learning_rate": run.scheduler.get_last_lr()[0],
        "generated_tokens": int(generated.shape[1] - prompt.shape[1]),
        "pid": os.getpid(),
    }
    atomic_write_json(Path(request["out"]), result)


def check_throughput(config: TrainConfig, data: Data) -> CheckRow:
    """(7) Tokens per second over timed windows after a warm-up: sustained, not only the start."""
    run = setup(config, _fresh(config, data))
    pad, size = run.tokenizer.pad_token_id, config.per_device_train_batch_size
    examples = run.train_examples
    updates = 0

    def one_update() -> int:
        nonlocal updates
        first = updates * size % len(examples)
        chosen = examples[first : first + size] or examples[:size]
        batch = micro_batch(chosen, pad, run.padding_free)  # batched as the run batches
        run.optimizer.zero_grad(set_to_none=True)
        accumulate(run.model, [batch], autocast_dtype(config))
        run.optimizer.step()
        updates += 1
        # Positions computed, padding included (none when padding-free): the hardware's rate,
        # whatever the mix of example lengths in a window (they mix sources of different lengths).
        return int(batch["input_ids"].numel())

    one_update()  # warm-up: first-call allocations are not throughput
    windows, measured_updates, elapsed = [], 0, 0.0
    # Windows are timed (and hold a few updates at least), so a fast model still measures long
    # enough to be stable.
    for _ in range(THROUGHPUT_WINDOWS):
        tokens, done, started = 0, 0, time.perf_counter()
        while time.perf_counter() - started < THROUGHPUT_WINDOW_SECONDS or done < 3:
            tokens += one_update()
            done += 1
        seconds = time.perf_counter() - started
        windows.append(tokens / seconds)
        measured_updates, elapsed = measured_updates + done, elapsed + seconds
    # A fall is a trend only when every later window is below half the first (throttling,
    # memory pressure); one slow window is a busy neighbour, not the hardware.
    sustained = max(windows[1:])
    passed = sustained >= 0.5 * windows[0]
    measured = {
        "tokens_per_s_by_window": [round(w, 1) for w in windows],
        "sustained_tokens_per_s": round(sustained, 1),
        "updates": updates,
        "seconds_per_micro_batch": round(elapsed / measured_updates, 4),
    }
    advice = "" if passed else "throughput fell by half: check thermal limits or memory pressure"
    inputs = {"window_seconds": THROUGHPUT_WINDOW_SECONDS, "windows": THROUGHPUT_WINDOWS}
    return CheckRow("throughput", _verdict(passed), inputs, measured, 0, advice)


def check_reserve(config: TrainConfig, data: Data, rows: list[CheckRow]) -> CheckRow:
    """(8) Time and disk for the run plus a reserve for checkpoints, evaluation and one rerun."""
    by_name = {row.check: row for row in rows}
    plan = _plan(config, data, by_name)
    checkpoint_bytes = by_name["save/resume/generate"].measured.get("checkpoint_bytes", 0)
    checkpoints = plan["updates"] // config.save_steps if config.save_steps else 0
    disk_needed = (checkpoints + 1) * checkpoint_bytes * (1 + RESERVE_FACTOR)
    free = shutil.disk_usage(_existing_parent(config.output_dir)).free
    measured = {
        "train_seconds": plan["train_seconds"],
        "eval_seconds": plan["eval_seconds"],
        "reserve_seconds": round(
            RESERVE_FACTOR * (plan["train_seconds"] + plan["eval_seconds"]), 1
        ),
        "checkpoints": checkpoints,
        "checkpoint_bytes": checkpoint_bytes,
        "disk_needed_bytes": int(disk_needed),
        "free_bytes": free,
    }
    passed = checkpoint_bytes > 0 and free > disk_needed
    advice = "" if passed else f"free {disk_needed / 1e9:.2f} GB or save checkpoints less often"
    inputs = {
        "updates": plan["updates"],
        "save_steps": config.save_steps,
        "reserve": RESERVE_FACTOR,
    }
    return CheckRow("reserve", _verdict(passed), inputs, measured, 0, advice)


def sizing_sheet(config: TrainConfig, data: Data, rows: list[CheckRow]) -> dict[str, Any]:
    """The sizing sheet for the full run: memory, lengths, precision, batching, duration."""
    by_name = {row.check: row for row in rows}
    plan = _plan(config, data, by_name)
    reserve = by_name["reserve"].measured.get("reserve_seconds", 0.0)
    precision = "bf16 autocast" if config.bf16 else "fp16 autocast" if config.fp16 else "fp32"
    if config.load_in_4bit or config.load_in_8bit:
        precision += f", {'4' if config.load_in_4bit else '8'}-bit base (bitsandbytes)"
    lengths = data.provenance.get("records", {}).get("train", {}).get("lengths")
    expected_seconds = round(plan["train_seconds"] + plan["eval_seconds"], 1)
    memory = by_name["longest step"].measured
    peak = f"a host peak of about {memory.get('host_peak_rss_mb')} MB"
    if isinstance(memory.get("cuda_max_allocated_mb"), int | float):
        peak += f", CUDA max allocated {memory['cuda_max_allocated_mb']} MB"
    return {
        # What this sheet was sized for, in one sentence: the run it expects to see.
        "expected_result": (
            f"{plan['updates']} updates of {plan['examples_per_update']} examples over "
            f"{len(data.train.examples)} training examples "
            f"({lengths['truncated'] if lengths else 0} truncated at {config.max_seq_length} "
            f"tokens), finishing in about {expected_seconds} s with "
            f"{peak} ({precision}); a completed run saves the adapter to {config.output_dir}"
        ),
        "lengths": lengths,
        "memory_per_device": by_name["longest step"].measured,
        "max_seq_length": config.max_seq_length,
        "longest_sequence": by_name["longest step"].inputs.get("sequence_length"),
        "precision": precision,
        "micro_batch": config.per_device_train_batch_size,
        "accumulation": config.gradient_accumulation_steps,
        "examples_per_update": plan["examples_per_update"],
        "distribution": "single process; data parallel: accelerate launch / torchrun",
        "updates": plan["updates"],
        "expected_seconds": expected_seconds,
        "reserve_seconds": reserve,
    }


def _plan(config: TrainConfig, data: Data, by_name: dict[str, CheckRow]) -> dict[str, Any]:
    from govern.train.steps import accounting

    plan = accounting(config, len(data.train.examples))
    throughput = by_name["throughput"].measured
    # Seconds per update measured at micro-batch size; an update holds `accumulation` of them.
    per_micro = throughput.get("seconds_per_micro_batch", 0.0)
    train_seconds = plan.total_updates * plan.accumulation * per_micro
    evals = plan.total_updates // config.eval_steps + 1 if data.validation.examples else 0
    eval_batches = math.ceil(len(data.validation.examples) / config.per_device_eval_batch_size)
    eval_seconds = evals * eval_batches * by_name["longest step"].measured.get("eval_seconds", 0.0)
    return {
        "updates": plan.total_updates,
        "examples_per_update": plan.examples_per_update,
        "train_seconds": round(train_seconds, 1),
        "eval_seconds": round(eval_seconds, 1),
    }


def _verdict(passed: bool) -> Literal["pass", "fail"]:
    return "pass" if passed else "fail"


def _fresh(config: TrainConfig, data: Data) -> Data:
    # peft wraps the base model in place, so every check that trains gets its own copy, made in
    # memory from the one verified load (``data.model`` itself is never wrapped).
    return dataclasses.replace(data, model=copy.deepcopy(data.model))


def _lora_parameter_count(config: TrainConfig, data: Data) -> int:
    run = setup(config, _fresh(config, data))
    return sum(p.numel() for p in run.model.parameters() if p.requires_grad)


def _existing_parent(path: Path) -> Path:
    for candidate in (path, *path.parents):
        if candidate.exists():
            return candidate
    return Path(".")


if __name__ == "__main__":
    _resume_child(json.loads(sys.argv[1]))
