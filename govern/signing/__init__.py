"""Signed artifacts and the safe loader: only verified, non-executable files are loaded.

A signature is a Sigstore bundle holding a DSSE envelope over an in-toto statement in
``model_signing``'s v1.0 format (every file's path, size and sha256, plus govern's statement of
what the artifact is and where it came from), so Sigstore's ``model_signing`` verifies our
ECDSA P-256 signatures with the public key. ``govern.artifacts`` loads through this package.
"""

from govern.signing.inspection import inspect_artifact
from govern.signing.keys import Algorithm, generate_keys, load_trusted_keys, public_key_path
from govern.signing.result import Reason, SignatureError, UnsafeFormatError, VerifyResult
from govern.signing.sign import default_signature_path, sign_artifact
from govern.signing.statement import ArtifactStatement, params_digest
from govern.signing.verify import find_signature, verify_artifact

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
