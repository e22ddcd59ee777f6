"""The ``signing`` section of a policy."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from govern.schema import Section


class SigningPolicy(Section):
    # Literal[True]: loading is always signature-checked (govern.artifacts has no unsigned
    # path), so a policy that says `false` is refused rather than silently ignored.
    require_signatures: Literal[True] = Field(
        default=True,
        description="Always true: stages load data manifests, adapters and checkpoints only "
        "when signed by a trusted key (govern.artifacts); a policy cannot turn it off.",
    )
    algorithm: Literal["ecdsa-p256", "ed25519"] = Field(
        default="ecdsa-p256",
        description="Algorithm of new keys; ecdsa-p256 signatures also verify with Sigstore's "
        "model_signing, ed25519 ones only with govern.",
    )
    trusted_keys: list[str] = Field(
        default=[],
        description="PEM public keys whose signatures are accepted; `govern verify --trusted` "
        "adds to them.",
    )
