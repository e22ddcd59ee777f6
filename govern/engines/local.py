"""The local engine, and the base every engine extends: ``Engine``.

An engine replaces who runs three pieces of the library (``scan_paths``, ``split_passes``,
``read_entries``); the commands built on them are the same for every engine.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from govern.policy import LoadedPolicy, Policy
from govern.scan.engine import ScanOptions, ScanResult, scan_paths
from govern.scan.report import run_scan

if TYPE_CHECKING:  # imported where used: a scan's start-up needs neither (~0.1 s)
    from govern.manifest.entries import ManifestEntry
    from govern.splits.options import SplitOptions
    from govern.splits.report import SplitReport
    from govern.splits.split import SplitPasses


class Engine:
    """The local engine, and what every engine is: the commands run the same library code, and
    an engine only replaces who runs three pieces of it (``scan_paths``, ``split_passes``,
    ``read_entries``). This one runs them on this machine: scan with ``--workers`` processes,
    split in this process, hash with threads.
    """

    name = "local"

    def scan_paths(
        self, paths: list[Path], policy: Policy, options: ScanOptions, key: bytes
    ) -> ScanResult:
        """Who scans: ``govern.scan.engine.scan_paths``."""
        return scan_paths(paths, policy, options, key)

    def split_passes(self) -> SplitPasses | None:
        """Who reads the records in ``split_dataset``'s two passes (None: this process)."""
        return None

    def read_entries(self, files: dict[str, Path], workers: int = 0) -> list[ManifestEntry]:
        """Who hashes the manifest's files: ``govern.manifest.entries.read_entries``."""
        from govern.manifest.entries import read_entries

        return read_entries(files, workers)

    # --- the commands: the same for every engine ----------------------------------------------

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
        """``govern.scan.report.run_scan``: scan, write the reports, return the report."""
        return run_scan(
            paths,
            loaded,
            options,
            key,
            report_path=report_path,
            sarif_path=sarif_path,
            scan=self.scan_paths,
        )

    def split(
        self, source: Path, out: Path, loaded: LoadedPolicy, options: SplitOptions
    ) -> SplitReport:
        """``govern.splits.split.split_dataset``."""
        from govern.splits.split import split_dataset

        return split_dataset(source, out, loaded, options, passes=self.split_passes())

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
        """``govern.manifest.build_manifest``."""
        from govern.manifest import build_manifest

        return build_manifest(
            roots,
            loaded,
            base=base,
            reports=reports,
            parents=parents,
            workers=workers,
            read=self.read_entries,
        )
