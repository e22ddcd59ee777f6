"""What every scanner returns: ``Finding``s with a keyed hash instead of the value.

The raw value is never stored: a finding says where (path, record, field, offsets), what
(type, detector, score) and an HMAC of the value, so equal values can be correlated across
files and runs without anyone being able to read them back.
"""

from __future__ import annotations

import functools
import hashlib
import os
import secrets
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from govern.errors import InputError
from govern.io import atomic_write_bytes

HASH_KEY_ENV = "GOVERN_HASH_KEY"
DEFAULT_KEY_FILE = Path.home() / ".config" / "govern" / "hash.key"


@dataclass(slots=True, frozen=True)
class Finding:
    """One sensitive span: ``text[start:end]`` of ``field`` in record ``record_id`` of ``path``."""

    path: str
    line: int
    record_id: str | None
    field: str
    start: int
    end: int
    type: str
    subtype: str | None
    detector: str
    score: float
    value_hash: str
    detectors: tuple[str, ...] = ()  # every detector that agreed on the span; ``detector`` leads
    allowed: str | None = None  # the rule that allowed it (govern/scan/allow.py), if one did

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        if self.allowed is None:
            del data["allowed"]
        return data


def load_hash_key(key_file: Path | None = None) -> bytes:
    """The HMAC key for value hashes and pseudonyms, never stored beside the data.

    Order: ``$GOVERN_HASH_KEY`` (hex), ``key_file``, else ``~/.config/govern/hash.key``
    (created with 32 random bytes, mode 0600, on first use).
    """
    from_env = os.environ.get(HASH_KEY_ENV)
    if from_env:
        try:
            key = bytes.fromhex(from_env)
        except ValueError:
            raise InputError(f"${HASH_KEY_ENV}: not a hex string") from None
        if len(key) < 16:
            raise InputError(f"${HASH_KEY_ENV}: key must be at least 16 bytes")
        return key
    path = key_file or DEFAULT_KEY_FILE
    if not path.exists():
        if key_file is not None:
            raise InputError(f"{path}: hash key file not found")
        atomic_write_bytes(path, secrets.token_bytes(32))
    key = path.read_bytes()
    if len(key) < 16:
        raise InputError(f"{path}: hash key must be at least 16 bytes")
    return key


def value_hash(key: bytes, value: str) -> str:
    """``hmac-sha256:<hex>`` of ``value`` under ``key``."""
    inner, outer = _keyed(key)
    digest = inner.copy()
    digest.update(value.encode("utf-8"))
    final = outer.copy()
    final.update(digest.digest())
    return "hmac-sha256:" + final.hexdigest()


_INNER_PAD = bytes(byte ^ 0x36 for byte in range(256))
_OUTER_PAD = bytes(byte ^ 0x5C for byte in range(256))


@functools.lru_cache(maxsize=8)
def _keyed(key: bytes) -> tuple[hashlib._Hash, hashlib._Hash]:
    """SHA-256 after HMAC's inner and outer key blocks (RFC 2104), computed once per key: a
    scan hashes a value per finding, and ``hmac.new`` per value cost twice the hashing."""
    if len(key) > _BLOCK:
        key = hashlib.sha256(key).digest()
    block = key.ljust(_BLOCK, b"\0")
    return hashlib.sha256(block.translate(_INNER_PAD)), hashlib.sha256(block.translate(_OUTER_PAD))


_BLOCK = hashlib.sha256().block_size


def report_id(record_id: str, id_field: str | None, key: bytes) -> str:
    """How reports name a record: an id read from the data (``id_field`` set) may itself be
    personal data, so only its keyed hash; ``file:line`` ids, made by the reader, stay as they
    are."""
    return record_id if id_field is None else value_hash(key, record_id)
