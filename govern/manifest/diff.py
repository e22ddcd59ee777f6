"""What changed between two manifests: files, rows, schemas, verdicts, policy, params, versions.

Every change is ``{"from": a, "to": b}``; nested sections (summaries, params, packages) are
compared key by key with dotted paths, so ``summaries.scan.verdict`` reads as it is stored.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from govern.manifest.build import load_manifest

Change = dict[str, Any]


def diff_manifests(a: Path, b: Path) -> dict[str, Any]:
    """Compare manifest ``a`` (older) with ``b`` (newer); ``identical`` when their ids match.

    Raises InputError when either is not a usable manifest.
    """
    old, new = load_manifest(a), load_manifest(b)
    old_files = {entry["path"]: entry for entry in old["files"]}
    new_files = {entry["path"]: entry for entry in new["files"]}
    changed = []
    for name in sorted(old_files.keys() & new_files.keys()):
        change = _file_change(old_files[name], new_files[name])
        if change:
            changed.append({"path": name, **change})
    return {
        "a": {"path": a.as_posix(), "id": old["id"]},
        "b": {"path": b.as_posix(), "id": new["id"]},
        "identical": old["id"] == new["id"],
        "b_derives_from_a": old["id"] in {p.get("id") for p in _list(new.get("lineage"))},
        "files": {
            "added": sorted(new_files.keys() - old_files.keys()),
            "removed": sorted(old_files.keys() - new_files.keys()),
            "changed": changed,
        },
        "rows": _pair(_total_rows(old), _total_rows(new)),
        "summaries": changed_values(old.get("summaries"), new.get("summaries")),
        "policy": changed_values(old.get("policy"), new.get("policy")),
        "params": changed_values(old.get("params"), new.get("params")),
        "packages": changed_values(
            {"tool": old.get("tool"), **_dict(old.get("packages"))},
            {"tool": new.get("tool"), **_dict(new.get("packages"))},
        ),
    }


def changed_values(a: Any, b: Any) -> dict[str, Change]:
    """Leaf values that differ between two nested mappings, by dotted key; lists are leaves."""
    flat_a, flat_b = _flatten(a), _flatten(b)
    return {
        key: _pair(flat_a.get(key), flat_b.get(key))
        for key in sorted(flat_a.keys() | flat_b.keys())
        if flat_a.get(key) != flat_b.get(key)
    }


def _file_change(old: Mapping[str, Any], new: Mapping[str, Any]) -> Change:
    change: Change = {
        key: _pair(old.get(key), new.get(key))
        for key in ("size", "sha256", "format", "rows")
        if old.get(key) != new.get(key)
    }
    schema = changed_values(old.get("schema"), new.get("schema"))
    if schema:
        change["schema"] = schema
    return change


def _total_rows(manifest: Mapping[str, Any]) -> Any:
    totals = manifest.get("totals")
    return totals.get("rows") if isinstance(totals, dict) else None


def _pair(a: Any, b: Any) -> Change:
    return {"from": a, "to": b}


def _flatten(value: Any, prefix: str = "") -> dict[str, Any]:
    # Empty mappings flatten to nothing, so {} and a missing key compare equal.
    if not isinstance(value, dict):
        return {prefix: value} if prefix else {}
    flat: dict[str, Any] = {}
    for key, item in value.items():
        flat.update(_flatten(item, f"{prefix}.{key}" if prefix else str(key)))
    return flat


def _dict(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _list(value: Any) -> list[dict[str, Any]]:
    return [item for item in value if isinstance(item, dict)] if isinstance(value, list) else []
