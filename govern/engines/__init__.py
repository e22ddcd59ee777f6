"""Engines: who runs the scan, split and manifest hashing. The library code is the same.

``local`` runs on this machine's cores (the default). ``ray`` runs the same functions on a Ray
cluster through Ray Data (``pip install 'govern-data[ray]'``): datasets are cut into shards that
workers read themselves, and the results are merged so that both engines give identical
findings, redacted bytes, split assignments and manifests.
"""

from __future__ import annotations

from govern.engines.local import Engine
from govern.errors import InputError

__all__ = ["ENGINES", "Engine", "get_engine"]

ENGINES = ("local", "ray")


def get_engine(name: str, *, address: str | None = None, workers: int = 0) -> Engine:
    """The engine called ``name``; ``address`` (a Ray cluster) only applies to ``ray``.

    Raises InputError for an unknown engine, or ``ray`` when Ray is not installed.
    """
    if name == "local":
        if address:
            raise InputError("--ray-address: only with --engine ray")
        return Engine()
    if name == "ray":
        from govern.engines.ray import RayEngine

        return RayEngine(address=address, workers=workers)
    raise InputError(f"--engine: expected one of {', '.join(ENGINES)}, got {name!r}")
