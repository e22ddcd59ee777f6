"""Build, write and load manifests: which files, rows, verdicts, policy and params made a run.

A manifest holds no timestamps and no absolute paths unless given one, so the same inputs give
a byte-identical file on any machine. Its ``id`` is the sha256 of its canonical content (every
key but ``id``), so a manifest edited after the build no longer matches its id.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping, Sequence
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

from govern import __version__
from govern.contract import write_report
from govern.errors import InputError
from govern.io import parse_json, read_bytes
from govern.manifest.contract import Manifest
from govern.manifest.entries import (
    ManifestEntry,
    display_path,
    list_files,
    read_entries,
    relative_path,
)
from govern.manifest.summaries import summarize_reports
from govern.policy import LoadedPolicy

MANIFEST_VERSION = 1
KEY_PACKAGES = (
    "torch",
    "transformers",
    "peft",
    "datasets",
    "presidio-analyzer",
    "detect-secrets",
    "dvc",
    "cryptography",
)


def build_manifest(
    roots: Sequence[Path],
    loaded: LoadedPolicy,
    *,
    base: Path | None = None,
    reports: Mapping[str, Path] | None = None,
    parents: Sequence[Path] = (),
    params: Mapping[str, Any] | None = None,
    workers: int = 0,
    read: Callable[[dict[str, Path], int], list[ManifestEntry]] = read_entries,
) -> dict[str, Any]:
    """Describe every file under ``roots``: path, size, sha256, and rows and schema of datasets.

    Paths are relative to ``base`` (default: the current folder, the project root under DVC),
    which is recorded as given. ``reports`` maps a kind (``summaries.REPORT_KINDS``: scan,
    licenses, split, leaks...) to a report file; missing ones are noted. ``parents`` are earlier
    manifests this one derives from. ``params`` must be JSON-serialisable. Raises InputError for
    a missing root, a root outside ``base``, an unreadable file, an unknown report kind, a
    report that is not one of its kind, or a parent that is not a manifest.
    ``read`` hashes and describes the files (default: ``read_entries`` on this machine).
    """
    base_dir = base if base is not None else Path(".")
    entries = read(list_files(roots, base_dir), workers)
    dataset_rows = [entry.rows for entry in entries if entry.rows is not None]
    manifest: dict[str, Any] = {
        "manifest_version": MANIFEST_VERSION,
        "base": base_dir.as_posix(),
        "roots": sorted({relative_path(root, base_dir) for root in roots}),
        "files": [entry.to_json() for entry in entries],
        "totals": {
            "files": len(entries),
            "bytes": sum(entry.size for entry in entries),
            "dataset_files": len(dataset_rows),
            "rows": sum(dataset_rows),
        },
        "summaries": summarize_reports(reports or {}, base_dir),
        # Relative like every other path, so a policy given by absolute path stays portable.
        "policy": {**loaded.provenance(), "path": display_path(loaded.path, base_dir)},
        "tool": {"name": "govern", "version": __version__},
        "packages": package_versions(),
        # A JSON round trip makes tuples lists and fails early on what JSON cannot hold.
        "params": json.loads(json.dumps(dict(params or {}), sort_keys=True)),
        "lineage": [_parent(Path(parent), base_dir) for parent in parents],
    }
    manifest["id"] = manifest_id(manifest)
    return manifest


def write_manifest(manifest: Mapping[str, Any], out: Path) -> Path:
    """Write ``manifest`` atomically as key-sorted JSON (0600); byte-stable for equal content.

    Raises InputError if ``out`` lies under one of the manifest's roots: the next build would
    list the old manifest as data.
    """
    base = Path(manifest["base"])
    try:
        where = relative_path(out, base)
    except InputError:
        where = None  # outside the base, so outside every root
    for root in manifest["roots"]:
        if where is not None and (root == "." or where == root or where.startswith(root + "/")):
            raise InputError(f"{out}: inside {root}, which the manifest lists; write it elsewhere")
    return write_report(out, Manifest, dict(manifest))


def manifest_id(manifest: Mapping[str, Any]) -> str:
    """sha256 of the canonical JSON of every key but ``id``: the identity of the content."""
    content = {key: value for key, value in manifest.items() if key != "id"}
    canonical = json.dumps(content, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def package_versions() -> dict[str, str | None]:
    """Installed versions of the packages that shape data and training; None when missing."""
    found: dict[str, str | None] = {}
    for name in KEY_PACKAGES:
        try:
            found[name] = version(name)
        except PackageNotFoundError:
            found[name] = None
    return found


def load_manifest(path: Path) -> dict[str, Any]:
    """Read and check a manifest; InputError naming the file when it is not one we can use."""
    return parse_manifest(read_bytes(path, "manifest"), path)


def parse_manifest(raw: bytes, path: Path) -> dict[str, Any]:
    """Check the bytes of a manifest read from ``path``: JSON, our version, well-formed files."""
    manifest = parse_json(raw, path, "manifest")
    if not isinstance(manifest, dict) or "manifest_version" not in manifest:
        raise InputError(f"{path}: not a govern manifest (no manifest_version)")
    if manifest["manifest_version"] != MANIFEST_VERSION:
        found = manifest["manifest_version"]
        raise InputError(f"{path}: manifest version {found!r}, expected {MANIFEST_VERSION}")
    for key, kind in (("id", str), ("base", str), ("roots", list), ("files", list)):
        if not isinstance(manifest.get(key), kind):
            raise InputError(f"{path}: manifest key {key!r} is missing or not a {kind.__name__}")
    for index, entry in enumerate(manifest["files"]):
        if not (
            isinstance(entry, dict)
            and isinstance(entry.get("path"), str)
            and type(entry.get("size")) is int
            and isinstance(entry.get("sha256"), str)
        ):
            raise InputError(f"{path}: files[{index}] needs a path, an integer size and a sha256")
    if not all(isinstance(root, str) for root in manifest["roots"]):
        raise InputError(f"{path}: manifest roots must be paths")
    Manifest.from_json(manifest, str(path))  # every other key, as build_manifest writes it
    return manifest


def _parent(path: Path, base: Path) -> dict[str, Any]:
    raw = read_bytes(path, "manifest")
    parent = parse_manifest(raw, path)
    return {
        "path": display_path(path, base),
        "sha256": hashlib.sha256(raw).hexdigest(),
        "id": parent["id"],
    }
