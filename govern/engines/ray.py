"""The Ray engine: the same scan, split and manifest code, run by Ray Data actors.

Each command becomes a list of tasks (a shard of a dataset, an artifact tree, a few files to
hash) that ``Dataset.map_batches`` hands to a pool of actors, one CPU each. An actor builds the
scanner once, when it starts, and runs many tasks with it. Results come back to this process,
are put in task order and merged as the local engine merges them, so the output is the same.

Ray's defaults restart an actor that dies and retry its task; outputs a task writes are
committed only when the task finishes (``shards.Parts``). A task that meets bad input returns
the one-line error, and the first one in input order is raised here, as a local run would.

Connecting: ``address`` (or ``$RAY_ADDRESS``) names a running cluster; without one a local
Ray is started with ``workers`` CPUs, with usage statistics and the dashboard off.
"""

from __future__ import annotations

import functools
import logging
import os
from collections.abc import Sequence
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from govern.engines.local import Engine
from govern.engines.tasks import (
    ManifestTask,
    SplitCollectTask,
    SplitWriteTask,
)
from govern.errors import GovernError, InputError
from govern.manifest.entries import ManifestEntry
from govern.policy import Policy
from govern.records import ReaderOptions, ReadStats, discover, is_saved_dataset
from govern.scan.classify import classify
from govern.scan.engine import ScanOptions, ScanResult, list_skipped_links
from govern.scan.tasks import (
    ScanShardTask,
    ScanTreeTask,
    WorkerSetup,
    merge_read_stats,
    merge_shard_scans,
    shard_tasks,
)
from govern.shards import Parts, Shard, plan_shards, target_shard_bytes
from govern.splits.keys import SPLITS
from govern.splits.options import SplitPlan
from govern.splits.split import Columns

_scanners_built = 0  # in this process: an actor builds one, whatever the number of tasks


@dataclass(frozen=True, slots=True)
class Outcome:
    """One task's result, or its one-line error; which process ran it, for tests and logs."""

    index: int
    value: Any
    error: GovernError | None
    pid: int
    scanners_built: int
    calls: int


class _Worker:
    """A Ray Data actor: prepares once (the scanner), then runs one task per row."""

    def __init__(self, setup: WorkerSetup) -> None:
        global _scanners_built
        _scanners_built += setup.start()
        self.setup = setup
        self.calls = 0

    def __call__(self, batch: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
        outcomes = np.empty(len(batch["task"]), dtype=object)
        for position, task in enumerate(batch["task"]):
            self.calls += 1
            value: Any = None
            error: GovernError | None = None
            try:
                value = task.run(self.setup)
            except GovernError as exc:
                error = exc
            pid = os.getpid()
            outcomes[position] = Outcome(task.index, value, error, pid, _scanners_built, self.calls)
        return {"outcome": outcomes}


def _run_batch(batch: dict[str, np.ndarray], setup: WorkerSetup) -> dict[str, np.ndarray]:
    """Tasks that need no scanner run as plain Ray tasks, in worker processes Ray reuses."""
    return _Worker(setup)(batch)


class RayEngine(Engine):
    """Run govern's commands on a Ray cluster (or a local Ray this process starts)."""

    name = "ray"

    def __init__(
        self, address: str | None = None, workers: int = 0, shard_bytes: int | None = None
    ) -> None:
        self.address = address
        self.workers = workers
        self.shard_bytes = shard_bytes
        self.outcomes: list[Outcome] = []  # of the last run, in task order

    def split_passes(self) -> _SplitPasses:
        """Each shard read by an actor in both passes; placement and the ledger stay here."""
        return _SplitPasses(self)

    # --- the scan ----------------------------------------------------------------------------

    def scan_paths(
        self, paths: list[Path], policy: Policy, options: ScanOptions, key: bytes
    ) -> ScanResult:
        """``govern.scan.engine.scan_paths`` on Ray: the same result, the same redacted bytes."""
        actors = self.connect()
        mode = options.redact_mode if options.redact_to is not None else None
        setup = self._setup(scan=(policy, key, mode))
        with ExitStack() as stack:
            parts = None
            if options.redact_to is not None:
                parts = stack.enter_context(Parts(options.redact_to))
            plans = self._plan_scan(paths, options, actors, parts)
            tasks = [task for _, _, root_tasks in plans for task in root_tasks]
            outcomes = self.run(tasks, setup)
            result = ScanResult()
            for kind, _root, root_tasks in plans:
                done = [outcomes[task.index] for task in root_tasks]
                if kind == "dataset":
                    _merge_dataset(result, _root, root_tasks, done, options)
                else:
                    _merge_tree(result, done[0].value)
            result.coverage = outcomes[0].value.coverage if outcomes else {}
            if parts is not None:
                parts.commit([t.index for t in tasks if getattr(t, "parts", None) is not None])
        return result

    def _plan_scan(
        self, paths: list[Path], options: ScanOptions, actors: int, parts: Parts | None
    ) -> list[tuple[str, Path, list[Any]]]:
        plans: list[tuple[str, Path, list[Any]]] = []
        kinds = []
        for root in paths:
            if not root.exists():
                raise InputError(f"{root}: no such file or directory")
            kinds.append(classify(root) if options.treat_as == "auto" else options.treat_as)
        datasets = [root for root, kind in zip(paths, kinds, strict=True) if kind == "dataset"]
        target = self._target_bytes(datasets, actors)
        parts_root = parts.root if parts is not None else None
        index = 0
        for root, kind in zip(paths, kinds, strict=True):
            tasks: list[Any] = []
            if kind == "dataset":
                tasks += shard_tasks(root, target, options, parts_root, index)
                index += len(tasks)
                if root.is_dir() and not is_saved_dataset(root):
                    tasks.append(ScanTreeTask(index, root, "cards", options, parts_root))
                    index += 1
            else:
                tasks.append(ScanTreeTask(index, root, "artifacts", options, None))
                index += 1
            plans.append((kind, root, tasks))
        return plans

    # --- manifests -----------------------------------------------------------------------------

    def read_entries(self, files: dict[str, Path], workers: int = 0) -> list[ManifestEntry]:
        """``govern.manifest.entries.read_entries`` on Ray: files hashed by the actors."""
        actors = self.connect()
        sizes = {name: path.stat().st_size for name, path in files.items()}
        target = max(1, sum(sizes.values()) // max(1, 4 * actors))
        groups: list[list[tuple[str, Path]]] = [[]]
        group_bytes = 0
        for name, path in files.items():
            if groups[-1] and group_bytes >= target:
                groups.append([])
                group_bytes = 0
            groups[-1].append((name, path))
            group_bytes += sizes[name]
        tasks = [ManifestTask(i, tuple(group)) for i, group in enumerate(groups) if group]
        outcomes = self.run(tasks, self._setup())
        return [entry for outcome in outcomes for entry in outcome.value]

    # --- running tasks -------------------------------------------------------------------------

    def connect(self) -> int:
        """Join the cluster (or start a local Ray) once; the number of actors to run."""
        # Ray must not phone home: no usage statistics from a Ray that govern starts.
        os.environ["RAY_USAGE_STATS_ENABLED"] = "0"
        try:
            import ray
            import ray.data
        except ImportError:
            missing = "--engine ray: Ray is not installed (pip install 'govern-data[ray]')"
            raise InputError(missing) from None

        if not ray.is_initialized():
            address = self.address or os.environ.get("RAY_ADDRESS")
            quiet: dict[str, Any] = {"log_to_driver": False, "logging_level": logging.ERROR}
            if address:
                ray.init(address=address, **quiet)
            else:
                cpus = self.workers if self.workers > 0 else (os.cpu_count() or 1)
                ray.init(address="local", num_cpus=cpus, include_dashboard=False, **quiet)
        context = ray.data.DataContext.get_current()
        context.enable_progress_bars = False
        context.print_on_execution_start = False
        # Ray Data warns about choices made here on purpose (no progress bars, pickled tasks).
        logging.getLogger("ray.data").setLevel(logging.ERROR)
        if self.workers > 0:
            return self.workers
        resources: dict[str, float] = ray.cluster_resources()  # type: ignore[no-untyped-call]
        return max(1, int(resources.get("CPU", 1)))

    def run(self, tasks: Sequence[Any], setup: WorkerSetup) -> list[Outcome]:
        """Run ``tasks`` on an actor pool; outcomes in task order. Raises the first error."""
        import ray.data

        if not tasks:
            self.outcomes = []
            return []
        actors = min(self.connect(), len(tasks))
        dataset = ray.data.from_items([{"task": task} for task in tasks])
        if setup.scan is not None:
            # The scanner takes seconds to build: once per actor, which then runs many shards.
            mapped = dataset.map_batches(
                _Worker,
                fn_constructor_args=(setup,),
                batch_size=1,
                batch_format="numpy",
                compute=ray.data.ActorPoolStrategy(size=actors),
                num_cpus=1,
            )
        else:
            mapped = dataset.map_batches(
                functools.partial(_run_batch, setup=setup),
                batch_size=1,
                batch_format="numpy",
                compute=ray.data.TaskPoolStrategy(size=actors),
                num_cpus=1,
            )
        outcomes: list[Outcome] = sorted(
            (row["outcome"] for row in mapped.iter_rows()), key=lambda o: o.index
        )
        if [o.index for o in outcomes] != [t.index for t in tasks]:
            raise RuntimeError("ray engine: tasks and outcomes do not match")
        self.outcomes = outcomes
        for outcome in outcomes:
            if outcome.error is not None:
                raise outcome.error
        return outcomes

    def _setup(self, scan: Any = None) -> WorkerSetup:
        return WorkerSetup(cwd=os.getcwd(), scan=scan)

    def _target_bytes(self, roots: Sequence[Path], actors: int) -> int:
        if self.shard_bytes is not None:
            return self.shard_bytes
        total = sum(p.stat().st_size for p in discover(roots) if p.is_file()) if roots else 0
        return target_shard_bytes(total, actors)


# --- merging, as the local engine does --------------------------------------------------------


def _merge_dataset(
    result: ScanResult, root: Path, tasks: list[Any], done: list[Outcome], options: ScanOptions
) -> None:
    shards = [
        (t, o.value) for t, o in zip(tasks, done, strict=True) if isinstance(t, ScanShardTask)
    ]
    merge_shard_scans(result, [t for t, _ in shards], [v for _, v in shards], options)
    found = ReadStats()
    discover([root], found)  # the symlinks the shards passed over, listed as a local scan does
    list_skipped_links(found, result)
    for task, outcome in zip(tasks, done, strict=True):
        if isinstance(task, ScanTreeTask):
            _merge_tree(result, outcome.value)


def _merge_tree(result: ScanResult, scanned: ScanResult) -> None:
    result.findings += scanned.findings
    result.files += scanned.files
    result.texts += scanned.texts
    result.characters += scanned.characters
    result.filtered += scanned.filtered  # a card's exempt copyright notice, counted locally too
    result.allowed += scanned.allowed


# --- splits ------------------------------------------------------------------------------------


class _SplitPasses:
    """``split_dataset``'s two passes, each shard read by an actor; the rest stays here."""

    def __init__(self, engine: RayEngine) -> None:
        self.engine = engine
        self.shards: list[Shard] = []
        self.seen: list[int] = []  # records the reader yielded, per shard

    def collect(
        self, source: Path, plan: SplitPlan, reader: ReaderOptions, stats: ReadStats
    ) -> Columns:
        actors = self.engine.connect()
        target = self.engine._target_bytes([source], actors)
        self.shards = plan_shards(source, target, stats)
        tasks = [SplitCollectTask(i, shard, plan, reader) for i, shard in enumerate(self.shards)]
        outcomes = self.engine.run(tasks, self.engine._setup())
        columns = Columns(keys={name: [] for name in plan.fields})
        files: dict[str, None] = {}
        for shard, outcome in zip(self.shards, outcomes, strict=True):
            part, part_stats = outcome.value
            files[str(shard.source)] = None
            for name in plan.fields:
                columns.keys[name] += part.keys[name]
            columns.own += part.own
            columns.times += part.times
            columns.tokens += part.tokens
            columns.accepted += part.accepted
            self.seen.append(len(part.accepted))
            merge_read_stats(stats, part_stats)
        stats.files += list(files)
        return columns

    def write(
        self,
        source: Path,
        staging: Path,
        row_split: np.ndarray,
        accepted: list[bool],
        reader: ReaderOptions,
        flagged_rows: np.ndarray,
    ) -> tuple[dict[int, str], dict[str, set[str]]]:
        flagged = np.asarray(flagged_rows, dtype=np.int64)
        tasks: list[SplitWriteTask] = []
        row_offsets: list[int] = []
        seen_offset = row_offset = 0
        with Parts(staging) as parts:
            for index, (shard, seen) in enumerate(zip(self.shards, self.seen, strict=True)):
                mine = accepted[seen_offset : seen_offset + seen]
                rows = sum(mine)
                local = flagged[(flagged >= row_offset) & (flagged < row_offset + rows)]
                tasks.append(
                    SplitWriteTask(
                        index,
                        shard,
                        source,
                        reader,
                        row_split[row_offset : row_offset + rows],
                        mine,
                        local - row_offset,
                        parts.root,
                    )
                )
                row_offsets.append(row_offset)
                seen_offset += seen
                row_offset += rows
            outcomes = self.engine.run(tasks, self.engine._setup())
            parts.commit([task.index for task in tasks])
        locations: dict[int, str] = {}
        files: dict[str, set[str]] = {name: set() for name in SPLITS}
        for offset, outcome in zip(row_offsets, outcomes, strict=True):
            shard_locations, shard_files = outcome.value
            locations.update({row + offset: where for row, where in shard_locations.items()})
            for name, paths in shard_files.items():
                files[name] |= paths
        return locations, files
