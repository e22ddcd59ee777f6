"""The sealed stream: a header, then segments sealed with AES-256-GCM (streaming AEAD).

File layout (the design of Tink's streaming AEAD and age's STREAM)::

    magic "GVNBAK01" | u32 header length | header JSON (canonical)
    segment 0 | segment 1 | ... | segment n-1      each: ciphertext || 16-byte GCM tag

Every segment but the last holds exactly ``segment_bytes`` of plaintext; the last holds 0 to
``segment_bytes``. Segment i is sealed under ``HKDF-SHA256(data key, salt, info)`` with nonce
``nonce_prefix (7 bytes) || i (u32, big-endian) || last (1 byte: 0 or 1)`` and the sha256 of
the header bytes as associated data. Hence a flipped bit fails that segment's tag; dropping,
duplicating or reordering segments changes their index; truncating at a segment boundary
leaves a last segment sealed as not-last; a header from another backup changes the key (and
the associated data).

The header also names the digest each file's plaintext carries in the archive (``digest``:
``blake3`` or ``sha256``, format version 2); version 1 headers have no such field and mean
sha256, and are still read.
"""

from __future__ import annotations

import hashlib
import json
import os
import struct
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import IO, Any

from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

from govern import __version__
from govern.backup.digests import DEFAULT_DIGEST, check_digest
from govern.errors import InputError, IntegrityError

MAGIC = b"GVNBAK01"
FORMAT_VERSION = 2
# Version 1: no "digest" field, every file digest is sha256.
_READ_VERSIONS = (1, 2)
TAG_BYTES = 16
MIN_SEGMENT, MAX_SEGMENT = 4096, 64 << 20
_LENGTH = struct.Struct(">I")
_MAX_HEADER = 64 << 10
_SEGMENT_KEY_INFO = b"govern backup segment key v1"


@dataclass(frozen=True, slots=True)
class Header:
    """The plaintext header: which data key, how the stream is cut, which file digest.

    Authenticated (as every segment's associated data), not secret.
    """

    key_id: str
    segment_bytes: int
    digest: str
    salt: bytes
    nonce_prefix: bytes
    created: str
    tool: str
    raw: bytes  # the exact bytes on disk, magic and length included

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self.raw).hexdigest()

    @classmethod
    def new(cls, key_id: str, segment_bytes: int, digest: str = DEFAULT_DIGEST) -> Header:
        """A header for a new backup with a fresh salt and nonce prefix."""
        fields = {
            "format": "govern-backup",
            "version": FORMAT_VERSION,
            "cipher": "AES-256-GCM",
            "digest": check_digest(digest, "new header"),
            "key_id": key_id,
            "segment_bytes": segment_bytes,
            "salt": os.urandom(32).hex(),
            "nonce_prefix": os.urandom(7).hex(),
            "created": datetime.now(UTC).isoformat(timespec="seconds"),
            "tool": __version__,
        }
        body = json.dumps(fields, sort_keys=True, separators=(",", ":")).encode("utf-8")
        return cls._parse(MAGIC + _LENGTH.pack(len(body)) + body, "new header")

    @classmethod
    def read(cls, handle: IO[bytes], where: str) -> Header:
        """Read and check the header at the start of ``handle``; the stream follows it."""
        start = handle.read(len(MAGIC) + _LENGTH.size)
        if len(start) < len(MAGIC) + _LENGTH.size or start[: len(MAGIC)] != MAGIC:
            raise InputError(f"{where}: not a govern backup")
        (length,) = _LENGTH.unpack(start[len(MAGIC) :])
        if length > _MAX_HEADER:
            raise IntegrityError(f"{where}: header length {length} is implausible (damaged)")
        body = handle.read(length)
        if len(body) != length:
            raise IntegrityError(f"{where}: truncated inside the header")
        return cls._parse(start + body, where)

    @classmethod
    def _parse(cls, raw: bytes, where: str) -> Header:
        try:
            fields: dict[str, Any] = json.loads(raw[len(MAGIC) + _LENGTH.size :])
            if fields["format"] != "govern-backup" or fields["cipher"] != "AES-256-GCM":
                raise ValueError
            if type(fields["version"]) is not int or fields["version"] not in _READ_VERSIONS:
                raise InputError(f"{where}: backup format version {fields['version']!r} unknown")
            digest = "sha256" if fields["version"] == 1 else check_digest(fields["digest"], where)
            header = cls(
                key_id=str(fields["key_id"]),
                segment_bytes=int(fields["segment_bytes"]),
                digest=digest,
                salt=bytes.fromhex(fields["salt"]),
                nonce_prefix=bytes.fromhex(fields["nonce_prefix"]),
                created=str(fields["created"]),
                tool=str(fields["tool"]),
                raw=raw,
            )
        except (ValueError, KeyError, TypeError, UnicodeDecodeError):
            raise IntegrityError(f"{where}: the backup header is damaged") from None
        if not MIN_SEGMENT <= header.segment_bytes <= MAX_SEGMENT or len(header.nonce_prefix) != 7:
            raise IntegrityError(f"{where}: the backup header is damaged (segment size or nonce)")
        return header


class Sealer:
    """Seals and opens the segments of one stream."""

    def __init__(self, data_key: bytes, header: Header) -> None:
        hkdf = HKDF(algorithm=hashes.SHA256(), length=32, salt=header.salt, info=_SEGMENT_KEY_INFO)
        self._aead = AESGCM(hkdf.derive(data_key))
        self._prefix = header.nonce_prefix
        self._aad = bytes.fromhex(header.sha256)

    def seal_into(self, index: int, plaintext: memoryview, last: bool, out: memoryview) -> None:
        """Seal segment ``index`` into ``out`` (exactly ``len(plaintext) + TAG_BYTES`` long).

        Into a caller's buffer: a fresh 1 MiB object per segment costs page faults, not AES.
        """
        self._aead.encrypt_into(self._nonce(index, last), plaintext, self._aad, out)

    def open_into(self, index: int, sealed: memoryview, last: bool, out: memoryview) -> None:
        """Open segment ``index`` into ``out`` (``len(sealed) - TAG_BYTES`` long).

        Raises InvalidTag for anything but the original; ``out`` then holds unauthenticated
        bytes, which the caller must discard (never hash, write or return them).
        """
        self._aead.decrypt_into(self._nonce(index, last), sealed, self._aad, out)

    def _nonce(self, index: int, last: bool) -> bytes:
        if index >= 1 << 32:
            raise InputError("backup too large: more than 2**32 segments")
        return self._prefix + index.to_bytes(4, "big") + (b"\x01" if last else b"\x00")
