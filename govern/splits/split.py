"""``govern split``: leak-free train/validation/test splits, stable as the data grows.

Two streaming passes over the input. The first keeps, per record, only its key values (its
record id when it has none: it is its own group), time and token count; units and their
splits are decided from those columns (``keys``, ``assign``).
The second pass reads the records again and writes each to its split, in the input's layout
and formats (``layout``), next to the ledger and ``split_report.json``, all in one atomic
folder replace: ``out`` holds either the previous split or the complete new one.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Protocol

import numpy as np

from govern.contract import write_report
from govern.errors import InputError
from govern.io import atomic_dir, recover_folder
from govern.policy import LoadedPolicy
from govern.progress import progress
from govern.provenance import provenance
from govern.records import ReaderOptions, ReadStats, Record, input_base, read_records
from govern.splits import contract
from govern.splits.assign import RULES, Placement, TimeWindow, large_units, place_units
from govern.splits.keys import SPLITS, Units, build_units, find_keys, raw_key
from govern.splits.layout import SPLIT_REPORT, SplitWriters
from govern.splits.ledger import EXCLUDED, LEDGER_NAME, Ledger, read_ledger, timestamp
from govern.splits.options import SplitOptions, SplitPlan, make_plan
from govern.splits.report import LISTED, SplitReport, first_row_of_units, summarize
from govern.splits.text import record_text
from govern.splits.timing import parse_instant


@dataclass(slots=True)
class Columns:
    """Pass 1's memory: per accepted record its raw keys, time and tokens."""

    keys: dict[str, list[str | None]]
    own: list[str | None] = field(default_factory=list)  # record id where it has no key
    times: list[float] = field(default_factory=list)
    tokens: list[int] = field(default_factory=list)
    accepted: list[bool] = field(default_factory=list)  # per record the reader yielded


class SplitPasses(Protocol):
    """Who reads the records in the two passes: this process, or an engine's workers."""

    def collect(
        self, source: Path, plan: SplitPlan, reader: ReaderOptions, stats: ReadStats
    ) -> Columns: ...

    def write(
        self,
        source: Path,
        staging: Path,
        row_split: np.ndarray,
        accepted: list[bool],
        reader: ReaderOptions,
        flagged_rows: np.ndarray,
    ) -> tuple[dict[int, str], dict[str, set[str]]]:
        """Write every placed record under ``staging``; the locations of ``flagged_rows`` and
        per split the files written (relative to ``staging``)."""
        ...


def split_dataset(
    source: Path,
    out: Path,
    loaded: LoadedPolicy,
    options: SplitOptions | None = None,
    passes: SplitPasses | None = None,
) -> SplitReport:
    """Split ``source`` (a dataset file or folder) into ``out``; returns what was written.

    ``out`` is replaced as a whole. Its ledger (or ``options.ledger``) is read first, so every
    group keeps its earlier split. Raises InputError for bad input (``path:line: problem``);
    with ``options.reader.skip_invalid`` bad records are skipped and counted in the report.
    ``passes`` reads and writes the records (default: in this process).
    """
    options = options or SplitOptions()
    passes = passes or _LocalPasses()
    plan = make_plan(loaded.policy.splits, options)
    if source.is_dir() and out.resolve().is_relative_to(source.resolve()):
        # A rerun would read the previous splits back in as data.
        raise InputError(f"{out}: the output folder must not be inside the input folder")
    recover_folder(out)  # a crash mid-commit: the last complete split (and ledger) come back
    stats = ReadStats()
    columns = passes.collect(source, plan, options.reader, stats)
    if not columns.tokens:
        raise InputError(f"{source}: no valid records to split")
    keys = find_keys(columns.keys, plan.by, plan.fallback_by, plan.salt, own=columns.own)
    units = build_units(keys)
    if options.ledger is None:
        _require_ledger_of_existing_split(out)
    ledger = _open_ledger(options.ledger or out / LEDGER_NAME, plan, options.ledger is not None)
    window = _window(units, columns.times, plan)
    placement = place_units(units, plan.ratios, ledger, window, plan.large_unit_share)
    row_split = placement.unit_split[units.row_unit]
    unit_rows = np.bincount(units.row_unit, minlength=units.count)
    large = large_units(unit_rows, plan.large_unit_share)[:LISTED]
    flagged_rows = first_row_of_units(units)[large]
    record = provenance(loaded, [source], plan.to_json())
    with atomic_dir(out) as staging:
        locations, files = passes.write(
            source, staging, row_split, columns.accepted, options.reader, flagged_rows
        )
        ledger = _record_in_ledger(ledger, units, placement, options.as_of)
        ledger.write(staging / LEDGER_NAME, record)
        report = summarize(
            plan=plan,
            units=units,
            placement=placement,
            tokens=np.asarray(columns.tokens, dtype=np.int64),
            first_locations=locations,
            files={name: sorted(paths) for name, paths in files.items()},
            stats=stats,
            provenance=record,
        )
        write_report(staging / SPLIT_REPORT, contract.SplitReport, report.to_json())
    return report


class _LocalPasses:
    def collect(
        self, source: Path, plan: SplitPlan, reader: ReaderOptions, stats: ReadStats
    ) -> Columns:
        records = progress(read_records([source], reader, stats), "Split: reading keys (1/2)")
        return collect_columns(records, plan, reader, stats)

    def write(
        self,
        source: Path,
        staging: Path,
        row_split: np.ndarray,
        accepted: list[bool],
        reader: ReaderOptions,
        flagged_rows: np.ndarray,
    ) -> tuple[dict[int, str], dict[str, set[str]]]:
        with SplitWriters(staging) as writers:
            locations = _write(source, writers, row_split, accepted, reader, flagged_rows)
        return locations, writers.files


def collect_columns(
    records: Iterable[Record], plan: SplitPlan, reader: ReaderOptions, stats: ReadStats
) -> Columns:
    """Pass 1: the key, time and token columns of every valid record of ``records``."""
    fields = plan.fields
    columns = Columns(keys={name: [] for name in fields})
    for record in records:
        try:
            values = [_key_value(record, name) for name in fields]
            moment = _time_of(record, plan.time_field)
        except ValueError as exc:
            if not reader.skip_invalid:
                raise InputError(f"{record.location}: {exc}") from None
            stats.skip(record.location, str(exc))
            columns.accepted.append(False)
            continue
        for name, value in zip(fields, values, strict=True):
            columns.keys[name].append(value)
        # No key (or only empty ones): the record is its own group (``keys.OWN_GROUP``).
        columns.own.append(record.id if all(value is None for value in values) else None)
        columns.times.append(moment)
        # Tokens: whitespace-separated words, a model-free proxy that is cheap on any scale.
        columns.tokens.append(len(record_text(record, reader.text_fields).split()))
        columns.accepted.append(True)
    return columns


def _key_value(record: Record, name: str) -> str | None:
    try:
        return raw_key(record.data.get(name))
    except ValueError as exc:
        raise ValueError(f"split key {name!r} {exc}") from None


def _time_of(record: Record, time_field: str | None) -> float:
    if time_field is None:
        return 0.0
    value = record.data.get(time_field)
    if value is None or value == "":
        raise ValueError(f"time field {time_field!r} is missing")
    try:
        return parse_instant(value).timestamp()
    except ValueError as exc:
        raise ValueError(f"time field {time_field!r}: {exc}") from None


def _open_ledger(path: Path, plan: SplitPlan, required: bool) -> Ledger:
    if not path.is_file():
        if required:
            raise InputError(f"{path}: ledger not found")
        return Ledger(salt=plan.salt)
    ledger = read_ledger(path)
    ledger.check_compatible(plan.salt, path)
    return ledger


def _require_ledger_of_existing_split(out: Path) -> None:
    """A split folder without its ledger would silently start a new one: groups would move."""
    if (out / LEDGER_NAME).exists():
        return
    held = [name for name in (SPLIT_REPORT, *SPLITS) if (out / name).exists()]
    if held:
        raise InputError(
            f"{out}: holds a split ({held[0]}) but no {LEDGER_NAME}; restore it or pass "
            "--ledger (without it every group could move), or split into a new folder"
        )


def _window(units: Units, times: list[float], plan: SplitPlan) -> TimeWindow | None:
    if plan.time_field is None or plan.cutoff is None:
        return None
    moments = np.asarray(times, dtype=np.float64)
    first = np.full(units.count, np.inf)
    last = np.full(units.count, -np.inf)
    np.minimum.at(first, units.row_unit, moments)
    np.maximum.at(last, units.row_unit, moments)
    return TimeWindow(first=first, last=last, cutoff=plan.cutoff, gap=plan.gap)


def _write(
    source: Path,
    writers: SplitWriters,
    row_split: np.ndarray,
    accepted: list[bool],
    reader: ReaderOptions,
    flagged_rows: np.ndarray,
) -> dict[int, str]:
    """Pass 2: write every placed record; return the locations of ``flagged_rows``."""
    # A fresh ReadStats: pass 1 already counted the reader's skips.
    records = progress(
        read_records([source], reader, ReadStats()), "Split: writing (2/2)", len(accepted)
    )
    return write_placed(records, source, writers, row_split, accepted, flagged_rows, source)


def write_placed(
    records: Iterable[Record],
    source: Path,
    writers: SplitWriters,
    row_split: np.ndarray,
    accepted: list[bool],
    flagged_rows: np.ndarray,
    shown: Path,
) -> dict[int, str]:
    """Pass 2 over ``records`` (read again from ``source``, the input ``split`` was given):
    write each placed one; return the locations of ``flagged_rows``.

    ``accepted`` has one entry per record, ``row_split`` one per accepted record. Raises
    InputError naming ``shown`` when the records differ in number from pass 1.
    """
    wanted = set(flagged_rows.tolist())
    locations: dict[int, str] = {}
    base = input_base(source)
    changed = InputError(f"{shown}: changed while it was being split; run again")
    row = seen = 0
    for record in records:
        if seen == len(accepted):
            raise changed
        seen += 1
        if not accepted[seen - 1]:
            continue
        if row in wanted:
            locations[row] = record.location
        if row_split[row] >= 0:
            writers.write(int(row_split[row]), record, base)
        row += 1
    if seen != len(accepted):
        raise changed
    return locations


def _record_in_ledger(
    ledger: Ledger, units: Units, placement: Placement, as_of: datetime | None
) -> Ledger:
    """The ledger with this run's keys; unchanged keys keep their entry (rule, first seen)."""
    key_split = placement.unit_split[units.key_unit]
    key_rule = placement.unit_rule[units.key_unit]
    names = [units.keys.key_name(key) for key in range(units.keys.count)]
    splits = [SPLITS[s] if s >= 0 else EXCLUDED for s in key_split.tolist()]
    ledger.update(names, splits, [RULES[r] for r in key_rule.tolist()], timestamp(as_of))
    return ledger
