"""Describe an artifact without loading it: files, formats, what would load, the statement."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from govern.errors import InputError
from govern.signing.envelope import read_bundle
from govern.signing.formats import HEAD_BYTES, sniff
from govern.signing.keys import load_trusted_keys
from govern.signing.sign import relative_inside
from govern.signing.statement import StatementError, parse_payload
from govern.signing.tree import UnsafeFile, list_artifact, read_head
from govern.signing.verify import check_artifact, find_signature, shown_name


def inspect_artifact(
    path: Path, trusted_keys: Sequence[Path] | None = None, *, signature: Path | None = None
) -> dict[str, Any]:
    """A JSON-ready description of ``path``; nothing in it is parsed beyond its first bytes.

    With ``trusted_keys`` the artifact is verified and ``would_load`` is true for files the
    loader would accept; without, the statement is shown as unverified and nothing would load.
    Raises InputError when ``path`` is missing or a key or the signature file is malformed.
    """
    signature_path = signature if signature is not None else find_signature(path)
    try:
        listing = list_artifact(path)
    except UnsafeFile as exc:
        raise InputError(f"cannot inspect {exc}") from None
    report: dict[str, Any] = {
        "artifact": str(path),
        "signature": str(signature_path) if os.path.lexists(signature_path) else None,
        "status": "unsigned",
        "signed_by": None,
        "reasons": [],
        "statement": None,
        "statement_verified": False,
    }
    if report["signature"] is not None:
        report.update(_signature_part(path, signature_path, trusted_keys))
    inside = relative_inside(signature_path, path)
    report["files"] = _files(path, [name for name in listing.files if name != inside], report)
    report["files"] += [
        _entry(name, None, "symlink", "symlink: never followed") for name in listing.symlinks
    ]
    report["files"] += [
        _entry(name, None, "special", "not a regular file") for name in listing.special
    ]
    return report


def _signature_part(
    path: Path, signature_path: Path, trusted_keys: Sequence[Path] | None
) -> dict[str, Any]:
    """Status, statement and reasons; the statement is read unverified when no key is given."""
    if trusted_keys:
        checked = check_artifact(
            path, load_trusted_keys(list(trusted_keys)), signature=signature_path
        )
        result = checked.result
        return {
            "status": "verified" if result.ok else "failed",
            "signed_by": result.signed_by,
            "reasons": [str(reason) for reason in result.reasons],
            "statement": result.statement.to_json() if result.statement else None,
            "statement_verified": result.signed_by is not None,
            "signed_files": sorted(result.files),
        }
    try:
        manifest = parse_payload(read_bundle(signature_path).payload)
    except StatementError as exc:
        return {"status": "unchecked", "reasons": [f"statement unreadable: {exc}"]}
    statement = manifest.statement.to_json() if manifest.statement else None
    signed_files = sorted(shown_name(path, resource.name) for resource in manifest.resources)
    return {"status": "unchecked", "statement": statement, "signed_files": signed_files}


def _files(path: Path, names: list[str], report: dict[str, Any]) -> list[dict[str, Any]]:
    """One entry per regular file, judged by name and first bytes, as the loader would."""
    signed = set(report.get("signed_files", []))
    entries = []
    for name in names:
        shown = shown_name(path, name)
        try:
            head, size = read_head(path, name, HEAD_BYTES)
        except UnsafeFile as exc:  # changed since it was listed
            entries.append(_entry(shown, None, "unknown", exc.reason))
            continue
        found = sniff(shown, head)
        why_not = found.reason
        if why_not is None and report["status"] != "verified":
            why_not = f"artifact not verified ({report['status']})"
        entry = _entry(shown, size, found.format, why_not)
        entry["signed"] = shown in signed
        entries.append(entry)
    return entries


def _entry(name: str, size: int | None, fmt: str, why_not: str | None) -> dict[str, Any]:
    return {
        "path": name,
        "size": size,
        "format": fmt,
        "signed": False,
        "would_load": why_not is None,
        "why_not": why_not,
    }
