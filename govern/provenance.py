"""The block every output records: tool version, policy sha256, params and input hashes."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from govern import __version__
from govern.hashing import sha256_tree
from govern.policy import LoadedPolicy


def provenance(
    policy: LoadedPolicy | None,
    inputs: Iterable[str | Path] = (),
    params: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """Describe what produced an output; deterministic for equal inputs (no timestamps).

    ``inputs`` are hashed (files by content, folders with ``sha256_tree``), so two outputs with
    equal provenance were made from the same bytes.
    """
    return {
        "tool": {"name": "govern", "version": __version__},
        "policy": policy.provenance() if policy is not None else None,
        "params": dict(params or {}),
        "inputs": [{"path": str(path), "sha256": sha256_tree(path)} for path in inputs],
    }
