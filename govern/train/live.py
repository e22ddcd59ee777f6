"""The live log of a run: a line every ``logging_steps`` updates, to stderr and local backends.

``report_to`` names local backends only (nothing leaves the machine): ``jsonl`` appends one JSON
object per logged update to ``reports_dir/log.jsonl``, flushed as it goes so a crashed run keeps
its log up to the crash; ``tensorboard`` writes event files to ``reports_dir/tensorboard`` when
the tensorboard package is installed (else the run is refused before anything loads, exit 2);
``none`` logs to stderr only.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from govern.errors import InputError
from govern.train.config import TrainConfig

LOG_FILE = "log.jsonl"
TENSORBOARD_DIR = "tensorboard"


def check_report_to(config: TrainConfig) -> None:
    """InputError (exit 2) when a requested logger cannot run here; call before loading."""
    if "none" in config.report_to and len(config.report_to) > 1:
        raise InputError("report_to: none excludes every other logger")
    if "tensorboard" in config.report_to and importlib.util.find_spec("tensorboard") is None:
        raise InputError(
            "report_to: tensorboard is not installed (pip install tensorboard), "
            "or use jsonl or none"
        )


@dataclass(slots=True)
class RunLog:
    """Where one run's log lines go; ``close`` when the run ends, however it ends."""

    every: int
    stream: IO[str] | None = None  # None: sys.stderr as it is at each line (a bar may wrap it)
    jsonl: IO[str] | None = None
    tensorboard: Any = None
    lines: int = 0

    @classmethod
    def open(
        cls, config: TrainConfig, *, quiet: bool = False, made_by: dict[str, Any] | None = None
    ) -> RunLog:
        """The run's log; ``quiet`` (replicas other than rank 0): no line and no file at all.

        The JSONL file starts with one ``{"provenance": made_by}`` line (tool, policy, inputs).
        """
        check_report_to(config)
        log = cls(config.logging_steps)
        if quiet:
            log.every = 0
            return log
        if "jsonl" in config.report_to:
            config.reports_dir.mkdir(parents=True, exist_ok=True)
            path = Path(config.reports_dir) / LOG_FILE
            log.jsonl = path.open("w", encoding="utf-8")
            log.jsonl.write(json.dumps({"provenance": made_by or {}}) + "\n")
            log.jsonl.flush()
        if "tensorboard" in config.report_to:
            from torch.utils.tensorboard import SummaryWriter

            log.tensorboard = SummaryWriter(str(Path(config.reports_dir) / TENSORBOARD_DIR))
        return log

    def update(self, step: int, total: int, values: dict[str, float]) -> None:
        """Log update ``step`` when it is a multiple of ``every`` or the last one."""
        if not self.every or (step % self.every and step != total):
            return
        shown = " ".join(f"{name} {value:.4g}" for name, value in values.items())
        stream = self.stream if self.stream is not None else sys.stderr
        stream.write(f"train: update {step}/{total} {shown}\n")
        stream.flush()
        self.lines += 1
        if self.jsonl is not None:
            self.jsonl.write(json.dumps({"step": step, **values}) + "\n")
            self.jsonl.flush()
        if self.tensorboard is not None:
            for name, value in values.items():
                self.tensorboard.add_scalar(f"train/{name}", value, step)

    def close(self) -> None:
        if self.jsonl is not None:
            self.jsonl.close()
        if self.tensorboard is not None:
            self.tensorboard.close()
