"""Encrypted, tamper-evident backups (streaming AES-256-GCM) with crypto-shredding.

A backup file holds a header and sealed segments (``stream.py``, streamed by ``segments.py``)
of an archive of folders and files with their digest, BLAKE3 or sha256 (``archive.py``,
``digests.py``). Its data key lives only in the key store (``keystore.py``), wrapped under a
key file or passphrase (``keys.py``): rotating rewraps it, shredding destroys it and with it
every copy of the backup.
"""

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
