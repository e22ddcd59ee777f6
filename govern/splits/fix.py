"""``govern leaks --fix``: move linked records into one split instead of deleting them.

Records are linked when they share a group key, have the same normalized text, or are
near-duplicates (pairs inside one split count too: moving one record must not open a new
leak with its neighbour). Each linked set that spans splits moves whole to the split holding
most of its records (ties: train); after a time split, to the latest split it touches, so
nothing moves into train from after the cutoff. The ledger records the moves (rule
``leak_fix``), so the next ``govern split`` keeps them. Contamination cannot be fixed by
moving records: it is reported again after the fix.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from govern.contract import write_report
from govern.errors import InputError
from govern.io import atomic_dir
from govern.policy import LoadedPolicy
from govern.records import ReadStats, read_records
from govern.splits.assign import LEAK_FIX
from govern.splits.contract import SplitReport
from govern.splits.corpus import ROW_KEY, Corpus, representatives
from govern.splits.graph import IntArray, connected_components
from govern.splits.keys import SPLITS
from govern.splits.layout import SPLIT_REPORT, split_sources
from govern.splits.leaks import Inspection, LeakReport, check_leaks, inspect
from govern.splits.ledger import LEDGER_NAME, read_ledger, timestamp
from govern.splits.neardup import find_near_duplicates
from govern.splits.options import LeakOptions
from govern.writers import record_writer


def fix_leaks(
    split_dir: Path,
    loaded: LoadedPolicy,
    options: LeakOptions | None = None,
    out: Path | None = None,
) -> LeakReport:
    """Check ``split_dir``, move linked records into one split in ``out`` (default: in place).

    The report holds the leaks found before, the moves (``fix``) and the new check (``after``);
    its ``exit_code`` is that of the check after the fix. ``out`` is replaced atomically.
    """
    options = options or LeakOptions()
    _require_folder_layout(split_dir)
    inspection = inspect(split_dir, loaded, options)
    split = np.asarray(inspection.corpus.split, dtype=np.int8)
    component = connected_components(len(split), *_links(inspection, loaded))
    destination = _destinations(component, split, inspection.report.grouping.time_split)
    moved = destination != split
    target = out or split_dir
    with atomic_dir(target) as staging:
        _rewrite(split_dir, staging, inspection.corpus, destination, options)
        _carry_over(split_dir, staging, inspection, destination, moved)
    report = inspection.report
    report.fix = _summary(split, destination, component, report)
    report.after = check_leaks(target, loaded, options)
    return report


def _require_folder_layout(split_dir: Path) -> None:
    flat = [path for paths in split_sources(split_dir).values() for path in paths if path.is_file()]
    if flat:
        raise InputError(f"{flat[0]}: --fix needs the folder layout govern split writes")


def _links(inspection: Inspection, loaded: LoadedPolicy) -> tuple[IntArray, IntArray]:
    """Edges between rows: shared keys, equal texts, and near-duplicates in any splits."""
    left: list[IntArray] = []
    right: list[IntArray] = []
    for codes in inspection.keys.row_codes:
        rows = np.flatnonzero(codes >= 0)
        left.append(rows)
        right.append(_first_row_of(codes[rows], rows))
    has_words = inspection.words.lengths > 0
    rows = np.flatnonzero(has_words)
    left.append(rows)
    right.append(_first_row_of(inspection.text_hash[rows], rows))
    distinct = representatives(inspection.text_hash, has_words, np.zeros(len(has_words), np.int8))
    every_row = np.arange(len(has_words), dtype=np.int64)  # every pair counts, same split too
    near = find_near_duplicates(
        inspection.words, distinct, distinct, every_row, loaded.policy.splits.leaks
    )
    left.append(near.left)
    right.append(near.right)
    return np.concatenate(left), np.concatenate(right)


def _first_row_of(values: np.ndarray, rows: IntArray) -> IntArray:
    """For each row, the first row with the same value."""
    _, first, inverse = np.unique(values, return_index=True, return_inverse=True)
    return rows[first][inverse]


def _destinations(
    component: IntArray, split: npt.NDArray[np.int8], time_split: bool
) -> npt.NDArray[np.int8]:
    """Per row the split its linked set goes to."""
    counts = np.zeros((len(split), len(SPLITS)), dtype=np.int64)
    np.add.at(counts, (component, split), 1)
    if time_split:
        chosen = len(SPLITS) - 1 - np.argmax(counts[:, ::-1] > 0, axis=1)
    else:
        chosen = np.argmax(counts, axis=1)  # the first maximum: ties go to train
    destination: npt.NDArray[np.int8] = chosen[component].astype(np.int8)
    return destination


def _rewrite(
    split_dir: Path, staging: Path, corpus: Corpus, destination: np.ndarray, options: LeakOptions
) -> None:
    """Every record written to its destination split, at the same path inside the split.

    One output file at a time: the records bound for it are gathered from that path in each
    of the three splits, so files that receive records from several splits are whole.
    """
    rows_of: dict[str, list[int]] = {}
    for row, source in enumerate(corpus.sources):
        rows_of.setdefault(source, []).append(row)
    by_relative: dict[Path, list[str]] = {}
    for source, rows in rows_of.items():
        inside = split_dir / SPLITS[corpus.split[rows[0]]]
        by_relative.setdefault(Path(source).relative_to(inside), []).append(source)
    for relative, sources in sorted(by_relative.items()):
        for target in range(len(SPLITS)):
            if not any((destination[rows_of[source]] == target).any() for source in sources):
                continue
            # Written as read: the same format (and features, for save_to_disk folders).
            path = staging / SPLITS[target] / relative
            with record_writer(path, source=Path(sources[0])) as sink:
                for source in sources:
                    records = read_records([source], options.reader, ReadStats())
                    for row, record in zip(rows_of[source], records, strict=True):
                        if destination[row] == target:
                            sink.write(record.data)


def _carry_over(
    split_dir: Path,
    staging: Path,
    inspection: Inspection,
    destination: np.ndarray,
    moved: np.ndarray,
) -> None:
    """Copy the folder's other files; record the moves in the ledger and the split report."""
    for path in split_dir.iterdir():
        if path.name in SPLITS or path.name.startswith(".") or path.is_symlink():
            continue  # a symlink is never followed: its target may lie outside the folder
        if path.is_dir():
            shutil.copytree(path, staging / path.name, symlinks=True)
        else:
            shutil.copy2(path, staging / path.name)
    ledger_path = staging / LEDGER_NAME
    if ledger_path.is_file():
        _record_moves(ledger_path, inspection, destination, moved)
    report_path = staging / SPLIT_REPORT
    if report_path.is_file():
        split_report = SplitReport.load(report_path).to_json()
        split_report["leak_fix"] = {
            "moved_records": int(moved.sum()),
            "records_after": {name: int((destination == i).sum()) for i, name in enumerate(SPLITS)},
        }
        write_report(report_path, SplitReport, split_report)


def _record_moves(
    path: Path, inspection: Inspection, destination: np.ndarray, moved: np.ndarray
) -> None:
    ledger = read_ledger(path)
    ledger.check_compatible(inspection.report.grouping.salt, path)
    keys = inspection.keys
    names, splits = [], []
    for field, codes in zip(keys.fields, keys.row_codes, strict=True):
        if field == ROW_KEY:
            continue
        rows = np.flatnonzero(moved & (codes >= 0))
        names += [keys.key_name(int(key)) for key in codes[rows].tolist()]
        splits += [SPLITS[int(s)] for s in destination[rows].tolist()]
    ledger.update(names, splits, [LEAK_FIX] * len(names), now=timestamp())
    ledger.write(path, inspection.report.provenance)


def _summary(
    split: np.ndarray, destination: np.ndarray, component: IntArray, report: LeakReport
) -> dict[str, Any]:
    moved = destination != split
    moves = {
        f"{SPLITS[a]}->{SPLITS[b]}": int(((split == a) & (destination == b)).sum())
        for a in range(len(SPLITS))
        for b in range(len(SPLITS))
        if a != b and ((split == a) & (destination == b)).any()
    }
    moved_sets, sizes = np.unique(
        component[np.isin(component, component[moved])], return_counts=True
    )
    return {
        "moved_records": int(moved.sum()),
        "moves": moves,
        "linked_sets_moved": len(moved_sets),
        "largest_linked_set": int(sizes.max()) if len(sizes) else 0,
        "records_after": {name: int((destination == i).sum()) for i, name in enumerate(SPLITS)},
        "not_fixable": report.checks["contamination"]["leaks"],
    }
