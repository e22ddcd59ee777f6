"""Signed artifacts and the safe loader: only verified, non-executable files are loaded.

A signature is a Sigstore bundle holding a DSSE envelope over an in-toto statement in
``model_signing``'s v1.0 format (every file's path, size and sha256, plus govern's statement of
what the artifact is and where it came from), so Sigstore's ``model_signing`` verifies our
ECDSA P-256 signatures with the public key. ``govern.artifacts`` loads through this package.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from govern.signing.inspection import inspect_artifact
    from govern.signing.keys import Algorithm, generate_keys, load_trusted_keys, public_key_path
    from govern.signing.result import Reason, SignatureError, UnsafeFormatError, VerifyResult
    from govern.signing.sign import default_signature_path, sign_artifact
    from govern.signing.statement import ArtifactStatement, params_digest
    from govern.signing.verify import find_signature, verify_artifact

# Exported lazily: govern.policy imports govern.signing.policy, which runs this file; a
# policy load (every command's start) then needs none of the modules below.
_EXPORTS = {
    "inspect_artifact": "govern.signing.inspection",
    "Algorithm": "govern.signing.keys",
    "generate_keys": "govern.signing.keys",
    "load_trusted_keys": "govern.signing.keys",
    "public_key_path": "govern.signing.keys",
    "Reason": "govern.signing.result",
    "SignatureError": "govern.signing.result",
    "UnsafeFormatError": "govern.signing.result",
    "VerifyResult": "govern.signing.result",
    "default_signature_path": "govern.signing.sign",
    "sign_artifact": "govern.signing.sign",
    "ArtifactStatement": "govern.signing.statement",
    "params_digest": "govern.signing.statement",
    "find_signature": "govern.signing.verify",
    "verify_artifact": "govern.signing.verify",
}

__all__ = [
    "Algorithm",
    "ArtifactStatement",
    "Reason",
    "SignatureError",
    "UnsafeFormatError",
    "VerifyResult",
    "default_signature_path",
    "find_signature",
    "generate_keys",
    "inspect_artifact",
    "load_trusted_keys",
    "params_digest",
    "public_key_path",
    "sign_artifact",
    "verify_artifact",
]


def __getattr__(name: str) -> Any:
    if name not in _EXPORTS:
        raise AttributeError(f"module 'govern.signing' has no attribute {name!r}")
    return getattr(import_module(_EXPORTS[name]), name)
