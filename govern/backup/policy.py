"""The ``backup`` section of a policy."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from govern.schema import Section


class BackupPolicy(Section):
    segment_bytes: int = Field(default=1 << 20, ge=4096, le=64 << 20)
    kdf: Literal["scrypt", "argon2id"] = "scrypt"
