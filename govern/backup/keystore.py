"""The key store: one small file per backup holding its data key, wrapped under a KEK.

The data key lives here and nowhere else — not in the backup file — so deleting its entry
(``shred``) makes every copy of that backup unreadable, wherever the copies went
(crypto-shredding). The store must itself be backed up (it is small, and useless without the
KEK); a copy of the store is a copy of the keys, and shredding must reach it too.

Layout: ``<store>/<key_id>.json`` (the wrapped key) and, once shredded,
``<store>/<key_id>.shredded.json`` (a tombstone: when, never what); while ``create`` runs,
``<store>/<key_id>.creating.json`` names the process and the backup being written, so the next
``create`` can remove the entry and the temporary file a killed run left.

``export`` copies one entry out, still wrapped under its KEK (like ``borg key export``), and
``import_entry`` puts it into another store, so a backup restores on another machine from the
backup file, the exported entry and the key file or passphrase. A store that holds a tombstone
refuses to import the key it shredded.
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
EXPORT_FORMAT = "govern-backup-key-export"
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

    def export(self, key_id: str, out: str | os.PathLike[str]) -> Path:
        """Write ``key_id``'s entry, still wrapped, to the new file ``out`` (0600)."""
        entry = self._load(check_key_id(key_id, "export"))
        target = Path(out)
        if target.exists() or target.is_symlink():
            raise InputError(f"{target}: already exists; refusing to overwrite")
        return atomic_write_json(target, {"format": EXPORT_FORMAT, "version": 1, "entry": entry})

    def import_entry(self, exported: str | os.PathLike[str]) -> str:
        """Add the entry in the file ``exported`` (from ``export``); return its key id.

        The entry is checked for shape only (it opens only with its KEK, and its fields are
        authenticated when it does). InputError when the file is not an export, the store
        shredded that key (importing would undo the shred) or holds a different entry for it.
        """
        path = Path(exported)
        try:
            raw = path.read_bytes()[: _MAX_ENTRY_BYTES + 1]
            document = json.loads(raw) if len(raw) <= _MAX_ENTRY_BYTES else None
        except (OSError, UnicodeDecodeError, json.JSONDecodeError, RecursionError):
            document = None
        entry = document.get("entry") if isinstance(document, dict) else None
        if (
            not isinstance(document, dict)
            or document.get("format") != EXPORT_FORMAT
            or not isinstance(entry, dict)
            or entry.get("format") != ENTRY_FORMAT
            or entry.get("version") != ENTRY_VERSION
            or not isinstance(entry.get("key_id"), str)
            or not KEY_ID.fullmatch(entry["key_id"])
        ):
            raise InputError(f"{path}: not an exported govern backup key")
        key_id = str(entry["key_id"])
        if self._tombstone(key_id).exists():
            raise InputError(f"data key {key_id} was shredded in {self.root}; not importing it")
        if self._entry(key_id).exists():
            if self._load(key_id) != entry:
                raise InputError(f"data key {key_id}: {self.root} holds a different entry")
            return key_id
        private_dir(self.root)
        atomic_write_json(self._entry(key_id), entry)
        return key_id

    def begin(self, key_id: str, out: Path) -> None:
        """Mark ``key_id`` as being created by this process for the backup ``out``."""
        private_dir(self.root)
        record = {"pid": os.getpid(), "out": str(out.resolve())}
        atomic_write_json(self.root / f"{key_id}.creating.json", record)

    def end(self, key_id: str) -> None:
        """``create`` finished (written or cleaned up): drop the mark."""
        with contextlib.suppress(FileNotFoundError):
            os.unlink(self.root / f"{key_id}.creating.json")

    def clean_killed(self) -> list[str]:
        """Remove entries (and their backups' temporary files) of ``create`` runs that died.

        A run is dead when its process is gone; returns the key ids removed.
        """
        removed = []
        for mark in sorted(self.root.glob("*.creating.json")) if self.root.is_dir() else []:
            key_id = mark.name.removesuffix(".creating.json")
            try:
                record = json.loads(mark.read_bytes())
                pid, out = int(record["pid"]), Path(str(record["out"]))
            except (OSError, ValueError, KeyError, TypeError, RecursionError):
                continue  # not ours to judge
            if not KEY_ID.fullmatch(key_id) or _alive(pid):
                continue
            for leftover in out.parent.glob(f".{out.name}.*.tmp"):
                with contextlib.suppress(OSError):
                    os.unlink(leftover)
            self.discard(key_id)
            self.end(key_id)
            removed.append(key_id)
        return removed

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
            raise InputError(
                f"data key {key_id}: not in key store {self.root}; if the backup was made "
                f"elsewhere, export the key there (govern backup key export --key-id {key_id} "
                "--out FILE) and import it here (govern backup key import FILE)"
            ) from None
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


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # someone else's live process
    return True


def _shredded_at(tombstone: Path) -> str:
    try:
        return str(json.loads(tombstone.read_text())["shredded_at"])
    except (OSError, ValueError, KeyError, TypeError):
        return "an unknown time"  # the key is gone either way
