"""Accepted findings, the detect-secrets way: a baseline of keyed hashes, audited by a person.

A baseline lists the findings a team has looked at: where (path, field, line when first seen),
what (type, detector) and the value's keyed hash, never the value. A later scan with the
baseline fails only on findings it does not list, or that an audit confirmed as real (a real
secret or personal value stays a failure until it is removed). ``govern baseline audit`` marks
entries ``true-positive`` or ``false-positive``. Findings match by path, type and value hash,
so moving a line does not make a finding new, and the same value in another file does.

The hash key is part of the match: a baseline records an HMAC of a fixed label under the key,
and one made with another key is refused rather than silently matching nothing.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from govern import __version__
from govern.errors import InputError
from govern.findings import Finding
from govern.io import atomic_write_json

Audit = Literal["true-positive", "false-positive"]
AUDITS: tuple[Audit, ...] = ("true-positive", "false-positive")
FORMAT = "govern-baseline/1"


def key_id(key: bytes) -> str:
    """Names the hash key without revealing it: HMAC of a fixed label, 16 hex digits."""
    return hmac.new(key, b"govern baseline key id", hashlib.sha256).hexdigest()[:16]


def fingerprint(finding: Finding) -> str:
    """The entry id of ``finding``: path, type and value hash (not line, not offsets)."""
    text = "\0".join((finding.path, finding.type, finding.value_hash))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


@dataclass(slots=True)
class Baseline:
    """Entries by fingerprint; each keeps its audit mark across updates."""

    key_id: str
    entries: dict[str, dict[str, Any]] = field(default_factory=dict)

    def accepts(self, print_: str) -> bool:
        """The entry ``print_`` (a ``fingerprint``) is listed and not confirmed as real."""
        entry = self.entries.get(print_)
        return entry is not None and entry.get("audit") != "true-positive"

    def updated(self, findings: Iterable[Finding]) -> Baseline:
        """The baseline of ``findings``: new ones unaudited, gone ones dropped, marks kept."""
        entries: dict[str, dict[str, Any]] = {}
        for finding in findings:
            print_ = fingerprint(finding)
            if print_ in entries:
                continue
            old = self.entries.get(print_, {})
            entries[print_] = {
                "path": finding.path,
                "field": finding.field,
                "line": finding.line,
                "type": finding.type,
                "detector": finding.detector,
                "value_hash": finding.value_hash,
                "audit": old.get("audit"),
                **({"audit_note": old["audit_note"]} if "audit_note" in old else {}),
            }
        return Baseline(self.key_id, dict(sorted(entries.items())))

    def to_json(self) -> dict[str, Any]:
        counts = {mark: 0 for mark in (*AUDITS, "unaudited")}
        for entry in self.entries.values():
            counts[entry.get("audit") or "unaudited"] += 1
        return {
            "format": FORMAT,
            "tool": {"name": "govern", "version": __version__},
            "hash_key_id": self.key_id,
            "counts": counts,
            "entries": self.entries,
        }


def load_baseline(path: Path, key: bytes) -> Baseline:
    """Read a baseline; InputError for a file that is not one or was made with another key."""
    try:
        data = json.loads(path.read_bytes())
    except FileNotFoundError:
        raise InputError(f"{path}: baseline not found") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, RecursionError):
        raise InputError(f"{path}: not a govern baseline (not JSON)") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise InputError(f"{path}: not a govern baseline (format is not {FORMAT})")
    entries = data.get("entries")
    if not isinstance(entries, dict) or not all(isinstance(e, dict) for e in entries.values()):
        raise InputError(f"{path}: baseline entries must be an object of objects")
    if data.get("hash_key_id") != key_id(key):
        raise InputError(
            f"{path}: baseline was made with another hash key (set $GOVERN_HASH_KEY or "
            "--hash-key-file to the key it was made with)"
        )
    for entry_id, entry in entries.items():
        if entry.get("audit") not in (None, *AUDITS):
            raise InputError(f"{path}: entry {entry_id}: audit must be one of {', '.join(AUDITS)}")
    return Baseline(data["hash_key_id"], entries)


def write_baseline(baseline: Baseline, path: Path) -> None:
    atomic_write_json(path, baseline.to_json())


def audit(path: Path, key: bytes, marks: dict[str, Audit], note: str | None = None) -> Baseline:
    """Mark entries of the baseline at ``path`` and write it back; unknown ids are an error."""
    baseline = load_baseline(path, key)
    unknown = sorted(set(marks) - set(baseline.entries))
    if unknown:
        raise InputError(f"{path}: no entry {', '.join(unknown)} in the baseline")
    for entry_id, mark in marks.items():
        baseline.entries[entry_id]["audit"] = mark
        if note:
            baseline.entries[entry_id]["audit_note"] = note
    write_baseline(baseline, path)
    return baseline


@dataclass(frozen=True, slots=True)
class BaselineUse:
    """How a scan used its baseline: the file, and how many findings it accepted."""

    path: Path
    created: bool
    accepted: int
    new: int
    confirmed: int

    def to_json(self) -> dict[str, Any]:
        return {
            "path": str(self.path),
            "created": self.created,
            "accepted": self.accepted,
            "new": self.new,
            "confirmed_real": self.confirmed,
        }
