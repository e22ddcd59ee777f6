"""The ``backup`` section of a policy."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from govern.schema import Section


class BackupPolicy(Section):
    segment_bytes: int = Field(
        default=1 << 20,
        ge=4096,
        le=64 << 20,
        description="Plaintext bytes per sealed segment; every segment costs 16 bytes of tag.",
    )
    kdf: Literal["scrypt", "argon2id"] = Field(
        default="scrypt", description="How a passphrase becomes the key-encryption key."
    )
    scrypt_log_n: int = Field(
        default=17,
        ge=14,
        le=20,
        description="scrypt cost N = 2**log_n; with r=8 it needs 2**log_n KiB (17: 128 MiB).",
    )
    digest: Literal["blake3", "sha256"] = Field(
        default="blake3",
        description="Digest recorded for each file's plaintext (both 256-bit, collision "
        "resistant). blake3 costs about what AES-GCM does, so large files back up at the "
        "cipher's pace; sha256 costs ~3x that and bounds it. Choose sha256 when the backup "
        "report must be compared with a manifest's sha256 without re-hashing the files.",
    )
    argon2_memory_mib: int = Field(default=64, ge=19, le=1024)
    argon2_iterations: int = Field(default=3, ge=1, le=10)
    key_store: str | None = Field(
        default=None,
        description="Folder holding the wrapped data keys (one file per backup); unset: "
        "$GOVERN_KEY_STORE, else $XDG_DATA_HOME/govern/keys or ~/.local/share/govern/keys.",
    )
