"""The local engine: this machine's processes, exactly as the commands ran before engines."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from govern.manifest import build_manifest
from govern.policy import LoadedPolicy
from govern.scan.engine import ScanOptions
from govern.scan.report import run_scan
from govern.splits.options import SplitOptions
from govern.splits.report import SplitReport
from govern.splits.split import split_dataset


class LocalEngine:
    """Scan with ``--workers`` processes, split in this process, hash with threads."""

    name = "local"

    def scan(
        self,
        paths: list[Path],
        loaded: LoadedPolicy,
        options: ScanOptions,
        key: bytes,
        *,
        report_path: Path | None = None,
        sarif_path: Path | None = None,
    ) -> dict[str, Any]:
        return run_scan(paths, loaded, options, key, report_path=report_path, sarif_path=sarif_path)

    def split(
        self, source: Path, out: Path, loaded: LoadedPolicy, options: SplitOptions
    ) -> SplitReport:
        return split_dataset(source, out, loaded, options)

    def manifest(
        self,
        roots: Sequence[Path],
        loaded: LoadedPolicy,
        *,
        base: Path | None = None,
        reports: Mapping[str, Path] | None = None,
        parents: Sequence[Path] = (),
        workers: int = 0,
    ) -> dict[str, Any]:
        return build_manifest(
            roots, loaded, base=base, reports=reports, parents=parents, workers=workers
        )
