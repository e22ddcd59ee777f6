"""Phase gates: one row per phase checked during a run, with measured time and memory.

Memory is measured, not estimated, per phase: host RSS before and after, and its peak within the
phase (Linux resets the peak, VmHWM, at each phase start; elsewhere it is the process's peak,
said so in ``host_peak_scope``); on CUDA the peak allocated and reserved counters, reset at
each phase start, separately (they differ by the caching allocator's slack).
"""

from __future__ import annotations

import math
import resource
import sys
import time
from collections.abc import Iterator, Mapping
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import asdict, dataclass, field
from typing import Any

import torch

from govern.errors import GovernError
from govern.train.data import IGNORE_INDEX

NOT_ON_CPU = "n/a on CPU"


class GateFailure(GovernError):
    """A phase gate failed during training; the message names the phase and what to check."""

    exit_code = 1


@dataclass(slots=True)
class GateRow:
    """One checked phase: what was checked, the verdict, its duration and peak memory after it."""

    phase: str
    step: int
    passed: bool
    detail: str
    seconds: float
    host_peak_rss_mb: float  # within the phase where the kernel can reset it, else all-time
    cuda_max_allocated_mb: float | str  # reset at the start of each phase
    cuda_max_reserved_mb: float | str
    host_rss_before_mb: float | None = None
    host_rss_after_mb: float | None = None
    host_peak_scope: str = "phase"  # "phase", or "process" where the peak cannot be reset


@dataclass(slots=True)
class GateTable:
    """The gate rows of one run, in the order they were checked."""

    rows: list[GateRow] = field(default_factory=list)

    @contextmanager
    def phase(self, name: str, step: int) -> Iterator[list[str]]:
        """Time a phase; details go in the yielded list; a GateFailure is recorded, then raised."""
        details: list[str] = []
        before, scope = start_phase_memory()
        started = time.perf_counter()
        passed = True
        try:
            yield details
        except GovernError as exc:  # a gate, or any refusal inside the phase: recorded, raised
            passed = False
            details.append(str(exc))
            raise
        finally:
            self.rows.append(
                GateRow(
                    name,
                    step,
                    passed,
                    "; ".join(details),
                    round(time.perf_counter() - started, 4),
                    *peak_memory(),
                    before,
                    current_rss_mb(),
                    scope,
                )
            )

    def phase_if(self, checked: bool, name: str, step: int) -> AbstractContextManager[list[str]]:
        """``phase`` on checked updates; on the others a no-op, so they cost nothing."""
        unchecked: list[str] = []
        return self.phase(name, step) if checked else nullcontext(unchecked)

    def to_json(self) -> list[dict[str, Any]]:
        return [asdict(row) for row in self.rows]

    def failed_phase(self) -> str | None:
        """The phase of the last failed row, if any."""
        failed = [row.phase for row in self.rows if not row.passed]
        return failed[-1] if failed else None


def start_phase_memory() -> tuple[float | None, str]:
    """Reset the peaks a phase measures; returns (RSS now in MB, the host peak's scope).

    Linux resets the process's peak RSS (VmHWM) when ``5`` is written to
    ``/proc/self/clear_refs``; elsewhere the host peak stays the process's all-time peak.
    CUDA's peak counters are reset on every platform.
    """
    if torch.cuda.is_available():
        torch.cuda.reset_peak_memory_stats()
    try:
        with open("/proc/self/clear_refs", "w", encoding="ascii") as clear:
            clear.write("5")
        scope = "phase"
    except OSError:
        scope = "process"
    return current_rss_mb(), scope


def current_rss_mb() -> float | None:
    """The process's resident memory now, in MB (None where /proc is missing)."""
    status = _proc_status()
    return status.get("VmRSS")


def _proc_status() -> dict[str, float]:
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            lines = status.read().splitlines()
    except OSError:
        return {}
    found = {}
    for line in lines:
        name, _, value = line.partition(":")
        if name in ("VmRSS", "VmHWM") and value.strip().endswith("kB"):
            found[name] = round(int(value.split()[0]) / 1024, 1)
    return found


def peak_memory() -> tuple[float, float | str, float | str]:
    """(host peak RSS MB, CUDA peak allocated MB, CUDA peak reserved MB or "n/a on CPU").

    The host peak is VmHWM (resettable per phase, ``start_phase_memory``) where /proc has it,
    else ``getrusage``'s all-time peak.
    """
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    # ru_maxrss is KiB on Linux and bytes on macOS.
    host = rss / (1024 * 1024) if sys.platform == "darwin" else rss / 1024
    host = _proc_status().get("VmHWM", host)
    if not torch.cuda.is_available():
        return round(host, 1), NOT_ON_CPU, NOT_ON_CPU
    mib = 1024 * 1024
    return (
        round(host, 1),
        round(torch.cuda.max_memory_allocated() / mib, 1),
        round(torch.cuda.max_memory_reserved() / mib, 1),
    )


def check_batch(batch: Mapping[str, torch.Tensor], details: list[str]) -> None:
    """Data gate: ids, labels and mask share a 2-D shape; padding is unlabeled; something trains."""
    ids, labels, mask = batch["input_ids"], batch["labels"], batch["attention_mask"]
    if ids.dim() != 2 or ids.shape != labels.shape or ids.shape != mask.shape:
        raise GateFailure(
            f"data: shapes differ: ids {tuple(ids.shape)}, labels {tuple(labels.shape)}"
        )
    if bool(((mask == 0) & (labels != IGNORE_INDEX)).any()):
        raise GateFailure("data: padding carries labels (check the collator)")
    supervised = int((labels != IGNORE_INDEX).sum())
    if supervised == 0:
        raise GateFailure(
            "data: no supervised token in the batch (check format and max_seq_length)"
        )
    details.append(f"ids {tuple(ids.shape)}, supervised tokens {supervised}")


def check_loss(loss: float, details: list[str]) -> None:
    """Forward gate: the loss is a finite number."""
    if not math.isfinite(loss):
        raise GateFailure(f"forward: loss is {loss} (lower learning_rate or check the data)")
    details.append(f"loss {loss:.4f}")


def check_gradients(model: Any, details: list[str]) -> None:
    """Backward gate: every trainable (adapter) parameter has a finite gradient, some non-zero."""
    trainable = [(n, p) for n, p in model.named_parameters() if p.requires_grad]
    missing = [name for name, param in trainable if param.grad is None]
    bad = [
        name
        for name, param in trainable
        if param.grad is not None and not bool(param.grad.isfinite().all())
    ]
    if not trainable or missing or bad:
        raise GateFailure(f"backward: {len(missing)} without gradient, {len(bad)} non-finite")
    norm = math.sqrt(sum(float(p.grad.pow(2).sum()) for _, p in trainable if p.grad is not None))
    if norm == 0.0:
        raise GateFailure("backward: every adapter gradient is zero")
    details.append(f"{len(trainable)} adapter tensors, grad norm {norm:.4g}")


def snapshot(model: Any) -> dict[str, torch.Tensor]:
    """A copy of the trainable parameters, to check the update changed them."""
    return {n: p.detach().clone() for n, p in model.named_parameters() if p.requires_grad}


def check_update(model: Any, before: Mapping[str, torch.Tensor], details: list[str]) -> None:
    """Update gate: the targeted parameters changed and only they did (the base stays frozen)."""
    after = dict(model.named_parameters())
    changed = [n for n, value in before.items() if not torch.equal(value, after[n].detach())]
    if not changed:
        raise GateFailure("update: no adapter parameter changed (learning_rate 0 or no grads?)")
    # lora_B starts at zero, so lora_A gets no gradient on the first update: some must stay put.
    details.append(f"{len(changed)}/{len(before)} adapter tensors changed")
