"""The assignment ledger: every group key ever seen, the split it went to, and why.

``ledger.jsonl`` sits next to the splits. Its first line is a header (format, algorithm, salt,
and ``placement``: how new groups are drawn; ledgers from before it existed lack it and are
honoured all the same, since an entry always wins over the draw);
every other line is one key: ``{"key": "field:hex digest", "split", "rule", "first_seen"}``.
A rerun reads it and keeps every earlier assignment; keys that vanished from the data stay in
it, so a group that comes back returns to its old split. Keys are digests, never the ids.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from govern.errors import InputError
from govern.io import atomic_open
from govern.splits.keys import ALGORITHM, PLACEMENT

LEDGER_NAME = "ledger.jsonl"
FORMAT = "govern-split-ledger/1"
EXCLUDED = "excluded"  # the split of a time-split group left out of every split


@dataclass(frozen=True, slots=True)
class LedgerEntry:
    split: str
    rule: str
    first_seen: str


@dataclass(slots=True)
class Ledger:
    """Key name -> entry, with the salt and algorithm every entry was made with."""

    salt: str
    algorithm: str = ALGORITHM
    entries: dict[str, LedgerEntry] = field(default_factory=dict)

    def check_compatible(self, salt: str, path: Path) -> None:
        """Raise InputError if this ledger was made with another salt or algorithm."""
        if self.algorithm != ALGORITHM:
            raise InputError(
                f"{path}: made with algorithm {self.algorithm!r}, this govern uses "
                f"{ALGORITHM!r}; start a new ledger"
            )
        if self.salt != salt:
            raise InputError(
                f"{path}: made with another salt; use splits.salt {self.salt!r} to keep its "
                "assignments, or start a new ledger"
            )

    def update(
        self, names: Iterable[str], splits: Iterable[str], rules: Iterable[str], now: str
    ) -> None:
        """Record each key's split and why; a key whose split is unchanged keeps its entry."""
        for name, split, rule in zip(names, splits, rules, strict=True):
            old = self.entries.get(name)
            if old is None or old.split != split:
                self.entries[name] = LedgerEntry(split, rule, old.first_seen if old else now)

    def write(self, path: Path, provenance: dict[str, Any]) -> None:
        """Write atomically, keys sorted, so equal ledgers are equal bytes."""
        header = {
            "format": FORMAT,
            "algorithm": self.algorithm,
            "salt": self.salt,
            "placement": PLACEMENT,
            "keys": len(self.entries),
            "provenance": provenance,
        }
        with atomic_open(path, "w") as handle:
            handle.write(json.dumps(header, sort_keys=True, ensure_ascii=False) + "\n")
            for name in sorted(self.entries):
                entry = self.entries[name]
                line = {"key": name, "split": entry.split, "rule": entry.rule}
                line["first_seen"] = entry.first_seen
                handle.write(json.dumps(line, sort_keys=True) + "\n")


def timestamp(as_of: datetime | None = None) -> str:
    """``as_of`` (default now) as the ledger writes ``first_seen`` (UTC, whole seconds)."""
    return (as_of or datetime.now(UTC)).astimezone(UTC).isoformat(timespec="seconds")


def read_ledger(path: Path) -> Ledger:
    """Read a ledger; InputError naming the file and line when it is not one."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise InputError(f"{path}: cannot read ledger: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise InputError(f"{path}: ledger is not UTF-8") from None
    try:
        header = json.loads(lines[0]) if lines else None
    except json.JSONDecodeError:
        header = None
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise InputError(f"{path}:1: not a govern split ledger (expected format {FORMAT})")
    ledger = Ledger(salt=str(header.get("salt")), algorithm=str(header.get("algorithm")))
    for number, line in enumerate(lines[1:], start=2):
        try:
            item = json.loads(line)
            entry = LedgerEntry(str(item["split"]), str(item["rule"]), str(item["first_seen"]))
            ledger.entries[str(item["key"])] = entry
        except (json.JSONDecodeError, KeyError, TypeError):
            raise InputError(f"{path}:{number}: invalid ledger entry") from None
    return ledger
