"""The approved copy: records of allowed sources only, in their layout and format, with cards.

Records of denied sources, of sources awaiting review and of sources the report does not know
are left out and counted per source with the reason, so the numbers can be checked against
the report.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from contextlib import ExitStack
from dataclasses import dataclass, field
from datetime import date
from itertools import groupby
from pathlib import Path
from typing import Any

from govern.errors import InputError
from govern.hashing import sha256_file
from govern.io import atomic_dir, atomic_write_bytes
from govern.licenses.check import check_licenses
from govern.licenses.evidence import is_evidence_file
from govern.licenses.report import LicenseReport
from govern.licenses.sources import (
    is_model_folder,
    levels,
    reader_options,
    record_folder,
    source_of,
)
from govern.policy import LoadedPolicy
from govern.progress import progress
from govern.records import Record, input_base, read_records
from govern.writers import RecordSink, record_writer


@dataclass(slots=True)
class ApprovedCounts:
    """What ``write_approved`` wrote and what it left out, per source."""

    written: Counter[str] = field(default_factory=Counter)
    left_out: Counter[str] = field(default_factory=Counter)
    reasons: dict[str, str] = field(default_factory=dict)
    files: dict[str, str] = field(default_factory=dict)  # path under out_dir -> sha256

    def to_json(self) -> dict[str, Any]:
        return {
            "records_written": sum(self.written.values()),
            "records_left_out": sum(self.left_out.values()),
            "written": dict(sorted(self.written.items())),
            "left_out": {
                source: {"records": count, "reason": self.reasons[source]}
                for source, count in sorted(self.left_out.items())
            },
            "files": dict(sorted(self.files.items())),
        }


def write_approved(inputs: Sequence[Path], report: LicenseReport, out_dir: Path) -> ApprovedCounts:
    """Write the records of allowed sources under ``out_dir``, keeping layout and format.

    ``out_dir`` is replaced as a whole (no file of an earlier run survives). A file is written
    only when it keeps at least one record; the cards, LICENSE and NOTICE files of its folder
    and the folders above it are copied too. Model folders are skipped. Raises InputError when
    two inputs would write the same file.
    """
    counts = ApprovedCounts()
    targets: set[str] = set()
    with atomic_dir(out_dir) as staging:
        for root in (Path(p) for p in inputs):
            if is_model_folder(root):
                continue
            base = input_base(root)  # a save_to_disk folder given keeps its name
            records = read_records([root], reader_options(report.loaded.policy))
            by_file = groupby(progress(records, f"Licenses: approved copy of {root}"), _path)
            for path, records in by_file:
                target = _target(Path(path), base, staging)
                relative = target.relative_to(staging).as_posix()
                if relative in targets:
                    raise InputError(f"{path}: another input already wrote {relative}")
                targets.add(relative)
                if _write_file(records, root, target, report, counts):
                    _hash_written(target, staging, counts.files)
                    _copy_evidence_files(record_folder(path), base, staging, counts.files)
    return counts


def _path(record: Record) -> str:
    return record.path


def _write_file(
    records: Iterable[Record],
    root: Path,
    target: Path,
    report: LicenseReport,
    counts: ApprovedCounts,
) -> int:
    """Write one file's approved records (opened at the first one); how many were written."""
    field_name = report.loaded.policy.licenses.source_field
    allowed = report.allowed_sources
    written = 0
    with ExitStack() as stack:
        sink: RecordSink | None = None
        for record in records:
            source = source_of(record, root, field_name)
            if source not in allowed:
                _leave_out(source, report, counts)
                continue
            if sink is None:
                sink = stack.enter_context(record_writer(target, source=Path(record.path)))
            sink.write(record.data)
            counts.written[source] += 1
            written += 1
    return written


def _target(source_path: Path, base: Path, out_dir: Path) -> Path:
    # Records always come from under the path given; the fallback keeps writes inside out_dir.
    inside = source_path.is_relative_to(base)
    relative = source_path.relative_to(base) if inside else Path(source_path.name)
    return out_dir / relative


def _hash_written(target: Path, staging: Path, files: dict[str, str]) -> None:
    """Record the sha256 of what was written at ``target``: a file, or each file of a
    save_to_disk folder (and its DatasetDict index, rewritten as each split is added)."""
    written = sorted(p for p in target.rglob("*") if p.is_file()) if target.is_dir() else [target]
    index = target.parent / "dataset_dict.json"
    if target.is_dir() and index.is_file():
        written.append(index)
    for path in written:
        files[path.relative_to(staging).as_posix()] = sha256_file(path)


def _leave_out(source: str, report: LicenseReport, counts: ApprovedCounts) -> None:
    counts.left_out[source] += 1
    if source not in counts.reasons:
        entry = report.entry(source)
        counts.reasons[source] = (
            f"{entry.verdict}: {entry.reason}" if entry else "not in the license report"
        )


def _copy_evidence_files(folder: Path, base: Path, staging: Path, files: dict[str, str]) -> None:
    """Copy cards, license texts and notices from ``folder`` up to ``base`` once each."""
    for level in levels(folder, base):
        for path in sorted(p for p in level.iterdir() if p.is_file()):
            relative = path.relative_to(base)
            if is_evidence_file(path.name) and relative.as_posix() not in files:
                atomic_write_bytes(staging / relative, path.read_bytes())
                files[relative.as_posix()] = sha256_file(staging / relative)


@dataclass(frozen=True, slots=True)
class LicenseRun:
    """A license check and, when asked for, the approved copy it wrote."""

    report: LicenseReport
    approved: Path | None = None
    counts: ApprovedCounts | None = None

    def to_json(self) -> dict[str, Any]:
        document = self.report.to_json()
        if self.approved is not None and self.counts is not None:
            document["approved"] = {"path": str(self.approved), **self.counts.to_json()}
        return document

    def lines(self) -> list[str]:
        """One line per source, then what the approved copy holds and what it left out."""
        lines = [
            f"{entry.verdict:<7} {entry.source} ({entry.spdx or 'no license'}): {entry.reason}"
            for entry in self.report.entries
        ]
        if self.counts is None:
            return lines
        written = sum(self.counts.written.values())
        lines.append(f"approved: {written} records written to {self.approved}; left out:")
        for source, count in sorted(self.counts.left_out.items()):
            held = self.report.entry(source)
            verdict = held.verdict if held else "not in the report"
            lines.append(f"  {source}: {count} records ({verdict})")
        return lines


def run_licenses(
    datasets: Sequence[Path],
    loaded: LoadedPolicy,
    *,
    models: Sequence[Path] = (),
    approved_to: Path | None = None,
    today: date | None = None,
) -> LicenseRun:
    """Check ``datasets`` and ``models``; with ``approved_to``, write the approved copy there.

    The one function behind ``govern licenses`` and the DVC stage. Model folders among
    ``datasets`` are checked but never copied.
    """
    report = check_licenses([*datasets, *models], loaded, today=today)
    if approved_to is None:
        return LicenseRun(report)
    return LicenseRun(report, approved_to, write_approved(datasets, report, approved_to))
