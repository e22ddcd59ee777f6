"""Encrypted, tamper-evident backups (streaming AES-256-GCM) with crypto-shredding.

A backup file holds a header and sealed segments (``stream.py``, streamed by ``segments.py``)
of an archive of folders and files with their digest, BLAKE3 or sha256 (``archive.py``,
``digests.py``). Its data key lives only in the key store (``keystore.py``), wrapped under a
key file or passphrase (``keys.py``): rotating rewraps it, shredding destroys it and with it
every copy of the backup.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from govern.backup.archive import Entry
    from govern.backup.digests import DEFAULT_DIGEST, DIGESTS
    from govern.backup.keys import (
        Argon2Params,
        KdfParams,
        KeySource,
        ScryptParams,
        generate_key_file,
        kdf_from_policy,
        load_or_create_key_file,
    )
    from govern.backup.keystore import KeyStore, Shredded
    from govern.backup.operations import (
        BackupInfo,
        create_backup,
        read_header,
        restore_backup,
        rotate_all,
        rotate_key,
        shred,
        verify_backup,
    )

# Exported lazily: govern.policy imports govern.backup.policy, which runs this file; a
# policy load (every command's start) then needs none of the modules below.
_EXPORTS = {
    "Entry": "govern.backup.archive",
    "DEFAULT_DIGEST": "govern.backup.digests",
    "DIGESTS": "govern.backup.digests",
    "Argon2Params": "govern.backup.keys",
    "KdfParams": "govern.backup.keys",
    "KeySource": "govern.backup.keys",
    "ScryptParams": "govern.backup.keys",
    "generate_key_file": "govern.backup.keys",
    "kdf_from_policy": "govern.backup.keys",
    "load_or_create_key_file": "govern.backup.keys",
    "KeyStore": "govern.backup.keystore",
    "Shredded": "govern.backup.keystore",
    "BackupInfo": "govern.backup.operations",
    "create_backup": "govern.backup.operations",
    "read_header": "govern.backup.operations",
    "restore_backup": "govern.backup.operations",
    "rotate_all": "govern.backup.operations",
    "rotate_key": "govern.backup.operations",
    "shred": "govern.backup.operations",
    "verify_backup": "govern.backup.operations",
}

__all__ = [
    "Argon2Params",
    "BackupInfo",
    "DEFAULT_DIGEST",
    "DIGESTS",
    "Entry",
    "KdfParams",
    "KeySource",
    "KeyStore",
    "ScryptParams",
    "Shredded",
    "create_backup",
    "generate_key_file",
    "kdf_from_policy",
    "load_or_create_key_file",
    "read_header",
    "restore_backup",
    "rotate_all",
    "rotate_key",
    "shred",
    "verify_backup",
]


def __getattr__(name: str) -> Any:
    if name not in _EXPORTS:
        raise AttributeError(f"module 'govern.backup' has no attribute {name!r}")
    return getattr(import_module(_EXPORTS[name]), name)
