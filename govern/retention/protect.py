"""What retention must not delete: legal holds, and files a signed release depends on."""

from __future__ import annotations

import json
import os
import posixpath
import stat
from collections.abc import Callable
from pathlib import Path

from govern.errors import InputError
from govern.retention.match import Item, any_match, walk
from govern.retention.policy import RetentionPolicy


def signed_dependencies(root: Path, policy: RetentionPolicy) -> dict[str, str]:
    """Each protected path (relative to ``root``) mapped to why: the glob or the manifest.

    A manifest is JSON; every ``files[].path`` in it (the govern manifest format, relative to
    its ``base``) is protected, and so is the manifest. A manifest retention cannot read is an
    InputError: planning without knowing what it protects could delete what a release needs.
    """
    protected: dict[str, str] = {}
    for relative, info in walk(root, policy.protected_manifests):
        if stat.S_ISREG(info.st_mode) and any_match(policy.protected_manifests, relative):
            protected.setdefault(relative, f"release manifest {relative}")
            for listed in _listed_files(root, relative):
                protected.setdefault(listed, f"listed in release manifest {relative}")
    return protected


def _listed_files(root: Path, manifest: str) -> list[str]:
    try:
        document = json.loads((root / manifest).read_bytes())
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        raise InputError(f"{root / manifest}: release manifest is not readable JSON") from None
    if not isinstance(document, dict) or not isinstance(document.get("files", []), list):
        raise InputError(f"{root / manifest}: release manifest 'files' must be a list")
    base = str(document.get("base") or ".")
    listed = []
    for entry in document.get("files", []):
        path = entry.get("path") if isinstance(entry, dict) else None
        if isinstance(path, str):
            normal = posixpath.normpath(posixpath.join(base, path))
            if not normal.startswith("../") and not os.path.isabs(normal):
                listed.append(normal)
    return listed


def why_kept(
    item: Item,
    policy: RetentionPolicy,
    signed: dict[str, str],
    allow_signed: bool,
    show: Callable[[str], str] = str,
) -> str | None:
    """Why ``item`` must stay although its rule would delete it; None if nothing holds it.

    ``show`` writes a path as the record keeps it (a keyed hash where paths are personal).
    """
    paths = [item.path, *(state.path for state in item.files)]
    for hold in policy.legal_holds:
        held = next((path for path in paths if any_match(hold.paths, path)), None)
        if held is not None:
            return f"legal hold: {hold.reason}"
    if allow_signed:
        return None
    for path in paths:
        glob = any_match(policy.protected, path)
        if glob is not None:
            return f"a signed release depends on it ({show(path)} matches protected {glob!r})"
        if path in signed:
            return f"a signed release depends on it ({show(path)} {_shown(signed[path], show)})"
    return None


def _shown(reason: str, show: Callable[[str], str]) -> str:
    """A ``signed_dependencies`` reason with its manifest path shown as records show it."""
    prefix, _, manifest = reason.rpartition(" ")
    return f"{prefix} {show(manifest)}"
