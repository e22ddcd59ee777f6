"""The per-file plaintext digests a backup can record: BLAKE3 (default) or sha256.

Both are 256-bit cryptographic hashes with the same security claim (collision and preimage
resistance at the 128/256-bit level); the choice is about speed and what a report is compared
with. One file's digest is a single serial stream beside AES-GCM on another core, so for a
large file its speed bounds the backup: on the VM this project is measured on, sha256 costs
~0.77 CPU s/GiB, BLAKE3 (the official Rust implementation, single-threaded) ~0.25, about what
AES-256-GCM itself costs. sha256 stays for reports compared with a manifest's sha256.
Both release the GIL on large buffers, so the hashing thread runs beside AES for either.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Protocol, cast

import blake3

from govern.errors import InputError

DIGEST_BYTES = 32


class Digest(Protocol):
    """What both hashlib's sha256 and blake3's hasher offer."""

    def update(self, data: bytes | memoryview, /) -> object: ...

    def digest(self) -> bytes: ...

    def hexdigest(self) -> str: ...


_CONSTRUCTORS: dict[str, Callable[[], Digest]] = {
    "blake3": cast(Callable[[], Digest], blake3.blake3),
    "sha256": hashlib.sha256,
}
DIGESTS = tuple(_CONSTRUCTORS)  # the names a header may carry
DEFAULT_DIGEST = "blake3"


def check_digest(name: object, where: str) -> str:
    """``name`` if this govern computes it; InputError naming ``where`` otherwise."""
    if not isinstance(name, str) or name not in _CONSTRUCTORS:
        known = ", ".join(DIGESTS)
        shown = repr(name)[:40]
        raise InputError(f"{where}: unknown file digest algorithm {shown} (known: {known})")
    return name


def new_digest(name: str) -> Digest:
    """A fresh hashlib-style object (``update``, ``digest``, ``hexdigest``) for ``name``."""
    return _CONSTRUCTORS[check_digest(name, "digest")]()
