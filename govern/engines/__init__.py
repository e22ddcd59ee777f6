"""Engines: who runs the scan, split and manifest hashing. The library code is the same.

``local`` runs on this machine's cores (the default). ``ray`` runs the same functions on a Ray
cluster through Ray Data (``pip install 'govern[ray]'``): datasets are cut into shards that
workers read themselves, and the results are merged so that both engines give identical
findings, redacted bytes, split assignments and manifests.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol

from govern.errors import InputError
from govern.policy import LoadedPolicy
from govern.scan.engine import ScanOptions
from govern.splits.options import SplitOptions
from govern.splits.report import SplitReport

ENGINES = ("local", "ray")


class Engine(Protocol):
    """What a command needs from an engine; each method returns what the local one returns."""

    name: str

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
        ...

    def split(
        self, source: Path, out: Path, loaded: LoadedPolicy, options: SplitOptions
    ) -> SplitReport:
        """``govern.splits.split.split_dataset``."""
        ...

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
        ...


def get_engine(name: str, *, address: str | None = None, workers: int = 0) -> Engine:
    """The engine called ``name``; ``address`` (a Ray cluster) only applies to ``ray``.

    Raises InputError for an unknown engine, or ``ray`` when Ray is not installed.
    """
    if name == "local":
        if address:
            raise InputError("--ray-address: only with --engine ray")
        from govern.engines.local import LocalEngine

        return LocalEngine()
    if name == "ray":
        from govern.engines.ray import RayEngine

        return RayEngine(address=address, workers=workers)
    raise InputError(f"--engine: expected one of {', '.join(ENGINES)}, got {name!r}")
