"""A worker that dies once mid-shard: the fault the Ray engine must survive, kept out of govern.

``KillOnce`` wraps one scan task on its way to the worker. In the worker process it wraps the
task module's ``record_writer``: the first task anywhere to write a redacted record creates
``marker`` and kills its process on the spot (no cleanup, no exception handling), leaving a
half-written attempt folder; Ray then retries the shard on another worker.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterator
from typing import Any

import ray.cloudpickle

# Sent to workers by value: they need not find this test module on their path.
ray.cloudpickle.register_pickle_by_value(sys.modules[__name__])


class KillOnce:
    """``task`` as the engine schedules it, whose worker dies at the first redacted record."""

    def __init__(self, task: Any, marker: str) -> None:
        self.task = task
        self.index = task.index
        self.parts = task.parts
        self.marker = marker

    def run(self, setup: Any) -> Any:
        module = sys.modules[type(self.task).__module__]
        if not getattr(module.record_writer, "kills_once", False):
            module.record_writer = _killing_writer(module.record_writer, self.marker)
        return self.task.run(setup)


def _killing_writer(real: Any, marker: str) -> Any:
    @contextlib.contextmanager
    def record_writer(*args: Any, **kwargs: Any) -> Iterator[Any]:
        with real(*args, **kwargs) as sink:
            yield _Dying(sink, marker)

    record_writer.kills_once = True  # type: ignore[attr-defined]
    return record_writer


class _Dying:
    def __init__(self, sink: Any, marker: str) -> None:
        self.sink = sink
        self.marker = marker

    def write(self, record: Any) -> None:
        self.sink.write(record)
        try:
            os.close(os.open(self.marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
        except FileExistsError:
            return
        os._exit(17)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.sink, name)
