"""The signature file: a Sigstore bundle (v0.3 JSON) holding one DSSE envelope.

This is the file ``model_signing`` writes for key-based signing, so its verifier reads ours:
``mediaType``, ``verificationMaterial.publicKey.hint`` (sha256 of the signer's public PEM), no
transparency-log entries, and ``dsseEnvelope`` with the base64 payload (an in-toto statement),
its type and exactly one signature over the DSSE pre-authentication encoding (PAE).
"""

from __future__ import annotations

import base64
import binascii
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from govern.errors import InputError
from govern.io import atomic_write_json, read_json

BUNDLE_MEDIA_TYPE = "application/vnd.dev.sigstore.bundle.v0.3+json"
PAYLOAD_TYPE = "application/vnd.in-toto+json"


@dataclass(frozen=True, slots=True)
class Envelope:
    """A parsed, not yet verified, signature file: payload bytes, signature, key hint."""

    payload: bytes
    signature: bytes
    key_hint: str | None


def pae(payload: bytes, payload_type: str = PAYLOAD_TYPE) -> bytes:
    """DSSE v1 pre-authentication encoding: what is actually signed.

    Binding the payload type and both lengths stops a payload being reinterpreted as
    another type or extended (https://github.com/secure-systems-lab/dsse, protocol.md).
    """
    head = f"DSSEv1 {len(payload_type)} {payload_type} {len(payload)} ".encode()
    return head + payload


def write_bundle(path: Path, envelope: Envelope) -> Path:
    """Write ``envelope`` as a Sigstore bundle JSON file, atomically and owner-only."""
    bundle = {
        "mediaType": BUNDLE_MEDIA_TYPE,
        "verificationMaterial": {
            "publicKey": {"hint": envelope.key_hint},
            "tlogEntries": [],
        },
        "dsseEnvelope": {
            "payload": base64.b64encode(envelope.payload).decode("ascii"),
            "payloadType": PAYLOAD_TYPE,
            "signatures": [
                {"sig": base64.b64encode(envelope.signature).decode("ascii"), "keyid": ""}
            ],
        },
    }
    return atomic_write_json(path, bundle)


def read_bundle(path: Path) -> Envelope:
    """Parse a signature file; InputError naming the file when it is not a usable bundle.

    Nothing here is trusted yet: the caller must check the signature before reading the
    payload as a statement.
    """
    _, bundle = read_json(path, "signature")
    return parse_bundle(bundle, path)


def parse_bundle(bundle: Any, path: Path) -> Envelope:
    """Check the shape of a parsed bundle and decode its envelope."""
    if not isinstance(bundle, dict) or bundle.get("mediaType") != BUNDLE_MEDIA_TYPE:
        raise InputError(f"{path}: not a Sigstore bundle ({BUNDLE_MEDIA_TYPE})")
    dsse = bundle.get("dsseEnvelope")
    if not isinstance(dsse, dict) or dsse.get("payloadType") != PAYLOAD_TYPE:
        raise InputError(f"{path}: bundle holds no in-toto DSSE envelope")
    signatures = dsse.get("signatures")
    # model_signing checks only the first signature; more than one would be ambiguous.
    if not isinstance(signatures, list) or len(signatures) != 1:
        raise InputError(f"{path}: the envelope must hold exactly one signature")
    material = bundle.get("verificationMaterial")
    public_key = material.get("publicKey") if isinstance(material, dict) else None
    hint = public_key.get("hint") if isinstance(public_key, dict) else None
    return Envelope(
        payload=_b64(dsse.get("payload"), path, "payload"),
        signature=_b64(
            signatures[0].get("sig") if isinstance(signatures[0], dict) else None, path, "sig"
        ),
        key_hint=hint if isinstance(hint, str) and hint else None,
    )


def _b64(value: Any, path: Path, field: str) -> bytes:
    if not isinstance(value, str):
        raise InputError(f"{path}: envelope {field} is missing")
    try:
        return base64.b64decode(value, validate=True)
    except (binascii.Error, ValueError):
        raise InputError(f"{path}: envelope {field} is not base64") from None
