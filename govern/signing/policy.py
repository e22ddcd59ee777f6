"""The ``signing`` section of a policy."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from govern.schema import Section


class SigningPolicy(Section):
    require_signatures: bool = True
    algorithm: Literal["ecdsa-p256", "ed25519"] = "ecdsa-p256"
    trusted_keys: list[str] = Field(default=[])
