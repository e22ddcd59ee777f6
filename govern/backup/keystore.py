"""The key store: one small file per backup holding its data key, wrapped under a KEK.

The data key lives here and nowhere else — not in the backup file — so deleting its entry
(``shred``) makes every copy of that backup unreadable, wherever the copies went
(crypto-shredding). The store must itself be backed up (it is small, and useless without the
KEK); a copy of the store is a copy of the keys, and shredding must reach it too.

Layout: ``<store>/<key_id>.json`` (the wrapped key) and, once shredded,
``<store>/<key_id>.shredded.json`` (a tombstone: when, never what).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from govern.backup.keys import KeySource
from govern.errors import InputError, IntegrityError
from govern.io import atomic_write_json, private_dir

STORE_ENV = "GOVERN_KEY_STORE"
ENTRY_FORMAT = "govern-backup-key"
ENTRY_VERSION = 1
KEY_ID = re.compile(r"[0-9a-f]{32}")
_MAX_ENTRY_BYTES = 64 << 10


def new_key_id() -> str:
    """A random key id: 32 hex characters, safe as a file name."""
    return os.urandom(16).hex()


def check_key_id(key_id: str, where: str) -> str:
    """``key_id`` if it is one of ours; ids come from unauthenticated headers, so check first."""
    if not isinstance(key_id, str) or not KEY_ID.fullmatch(key_id):
        raise IntegrityError(f"{where}: malformed key id in the backup header")
    return key_id


@dataclass(frozen=True, slots=True)
class Shredded:
    """The record that a data key was destroyed."""

    key_id: str
    shredded_at: str


class KeyStore:
    """A folder of wrapped data keys (0700, files 0600)."""

    def __init__(self, root: str | os.PathLike[str]) -> None:
        self.root = Path(root)

    @classmethod
    def default(cls, configured: str | None = None) -> KeyStore:
        """``configured`` (the policy's ``backup.key_store``), $GOVERN_KEY_STORE, else XDG data."""
        if configured:
            return cls(Path(configured).expanduser())
        if os.environ.get(STORE_ENV):
            return cls(Path(os.environ[STORE_ENV]).expanduser())
        data_home = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
        return cls(Path(data_home) / "govern" / "keys")

    def put(self, key_id: str, data_key: bytes, header_sha256: str, key: KeySource) -> Path:
        """Store ``data_key`` wrapped under ``key``, bound to the backup header's sha256."""
        context = self._context(key_id, header_sha256, datetime.now(UTC).isoformat())
        private_dir(self.root)
        return atomic_write_json(self._entry(key_id), {**context, **key.wrap(data_key, context)})

    def unwrap(self, key_id: str, header_sha256: str, key: KeySource) -> bytes:
        """The data key for the backup whose header hashes to ``header_sha256``."""
        entry = self._load(key_id)
        where = f"data key {key_id}"
        if entry.get("header_sha256") != header_sha256:
            raise IntegrityError(
                f"{where}: the backup header does not match its key (header modified or swapped)"
            )
        return key.unwrap(entry, self._context_of(entry), where)

    def rewrap(self, key_id: str, old: KeySource, new: KeySource) -> Path:
        """Rewrap a data key from ``old`` to ``new``; afterwards only ``new`` opens it."""
        entry = self._load(key_id)
        context = self._context_of(entry)
        data_key = old.unwrap(entry, context, f"data key {key_id}")
        return atomic_write_json(self._entry(key_id), {**context, **new.wrap(data_key, context)})

    def key_ids(self) -> list[str]:
        """The ids of every data key held (shredded ones are gone), sorted."""
        if not self.root.is_dir():
            return []
        return sorted(p.stem for p in self.root.glob("*.json") if KEY_ID.fullmatch(p.stem))

    def shred(self, key_id: str) -> Shredded:
        """Destroy a data key: overwrite, unlink, leave a tombstone. Shredding twice is fine."""
        check_key_id(key_id, "shred")
        entry, tombstone = self._entry(key_id), self._tombstone(key_id)
        if not entry.exists():
            if tombstone.exists():
                return Shredded(key_id, _shredded_at(tombstone))
            raise InputError(f"data key {key_id}: not in key store {self.root}")
        # Overwriting first matters where the file system rewrites in place; on copy-on-write
        # or flash storage only the KEK protects remnants, which is why keys are wrapped.
        size = entry.stat().st_size
        with open(entry, "r+b") as handle:
            handle.write(os.urandom(size))
            handle.flush()
            os.fsync(handle.fileno())
        os.unlink(entry)
        record = Shredded(key_id, datetime.now(UTC).isoformat())
        atomic_write_json(tombstone, {"key_id": key_id, "shredded_at": record.shredded_at})
        return record

    def has(self, key_id: str) -> bool:
        """Whether the store holds ``key_id`` or the record that it was shredded."""
        return self._entry(key_id).exists() or self._tombstone(key_id).exists()

    def discard(self, key_id: str) -> None:
        """Remove the entry of a backup that was never written (a failed create)."""
        with contextlib.suppress(FileNotFoundError):
            os.unlink(self._entry(key_id))

    def _load(self, key_id: str) -> dict[str, Any]:
        path = self._entry(check_key_id(key_id, str(self.root)))
        try:
            with open(path, "rb") as handle:
                raw = handle.read(_MAX_ENTRY_BYTES + 1)
        except FileNotFoundError:
            tombstone = self._tombstone(key_id)
            if tombstone.exists():
                when = _shredded_at(tombstone)
                raise InputError(
                    f"data key {key_id} was shredded at {when}: its backups cannot be read"
                ) from None
            raise InputError(f"data key {key_id}: not in key store {self.root}") from None
        try:
            entry = json.loads(raw) if len(raw) <= _MAX_ENTRY_BYTES else None
        except (UnicodeDecodeError, json.JSONDecodeError):
            entry = None
        if not isinstance(entry, dict) or entry.get("format") != ENTRY_FORMAT:
            raise IntegrityError(f"{path}: not a govern backup key entry")
        if entry.get("version") != ENTRY_VERSION or entry.get("key_id") != key_id:
            raise IntegrityError(f"{path}: key entry version or id does not match")
        return entry

    @staticmethod
    def _context(key_id: str, header_sha256: str, created: str) -> dict[str, Any]:
        # Every field here is authenticated by the wrap, so none can be edited or swapped.
        return {
            "format": ENTRY_FORMAT,
            "version": ENTRY_VERSION,
            "key_id": key_id,
            "header_sha256": header_sha256,
            "created": created,
        }

    def _context_of(self, entry: dict[str, Any]) -> dict[str, Any]:
        return self._context(
            entry["key_id"], entry.get("header_sha256", ""), entry.get("created", "")
        )

    def _entry(self, key_id: str) -> Path:
        return self.root / f"{key_id}.json"

    def _tombstone(self, key_id: str) -> Path:
        return self.root / f"{key_id}.shredded.json"


def _shredded_at(tombstone: Path) -> str:
    try:
        return str(json.loads(tombstone.read_text())["shredded_at"])
    except (OSError, ValueError, KeyError, TypeError):
        return "an unknown time"  # the key is gone either way
