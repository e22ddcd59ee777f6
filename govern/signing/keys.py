"""Signing keys: generate a pair, load private and trusted public keys, sign and check bytes.

Two algorithms: ECDSA P-256 with SHA-256 (the default; the one Sigstore's ``model_signing``
verifies with a public key) and Ed25519. Private keys are unencrypted PKCS#8 PEM written 0600;
public keys are SubjectPublicKeyInfo PEM. A key is named in signatures by its ``hint``: the
sha256 of its public PEM, as ``model_signing`` records it.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from cryptography.exceptions import InvalidSignature, UnsupportedAlgorithm
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, ed25519

from govern.errors import InputError
from govern.io import atomic_write_bytes

Algorithm = Literal["ecdsa-p256", "ed25519"]
PrivateKey = ec.EllipticCurvePrivateKey | ed25519.Ed25519PrivateKey
PublicKey = ec.EllipticCurvePublicKey | ed25519.Ed25519PublicKey


@dataclass(frozen=True, slots=True)
class TrustedKey:
    """A public key a signature may be checked against, with the file it came from."""

    path: Path
    key: PublicKey
    hint: str  # sha256 of the public PEM: how a signature names its key

    @property
    def algorithm(self) -> Algorithm:
        return "ed25519" if isinstance(self.key, ed25519.Ed25519PublicKey) else "ecdsa-p256"

    def verifies(self, signature: bytes, message: bytes) -> bool:
        """True when ``signature`` over ``message`` was made by this key's private half."""
        try:
            if isinstance(self.key, ed25519.Ed25519PublicKey):
                self.key.verify(signature, message)
            else:
                self.key.verify(signature, message, ec.ECDSA(hashes.SHA256()))
        except InvalidSignature:
            return False
        return True


def public_key_path(private_key: Path) -> Path:
    """Where ``generate_keys`` puts the public half of ``private_key``: beside it, ``.pub``."""
    return private_key.with_name(private_key.name + ".pub")


def generate_keys(
    out: Path, algorithm: Algorithm = "ecdsa-p256", *, overwrite: bool = False
) -> tuple[Path, Path]:
    """Write a new private key to ``out`` (0600) and its public key to ``out.pub``.

    Returns (private, public). Raises InputError when ``out`` exists and ``overwrite`` is
    False: replacing a key orphans every signature it made.
    """
    public_out = public_key_path(out)
    if not overwrite and (out.exists() or public_out.exists()):
        raise InputError(f"{out}: a key is already there (--force replaces it)")
    private: PrivateKey
    if algorithm == "ed25519":
        private = ed25519.Ed25519PrivateKey.generate()
    elif algorithm == "ecdsa-p256":
        private = ec.generate_private_key(ec.SECP256R1())
    else:
        raise InputError(f"unknown key algorithm {algorithm!r} (ecdsa-p256 or ed25519)")
    pem = private.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    )
    atomic_write_bytes(out, pem)
    atomic_write_bytes(public_out, public_pem(private.public_key()))
    return out, public_out


def public_pem(key: PublicKey) -> bytes:
    """The SubjectPublicKeyInfo PEM of ``key``, the bytes its hint is the sha256 of."""
    return key.public_bytes(
        serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
    )


def key_hint(key: PublicKey) -> str:
    """sha256 hex of the public PEM: how ``model_signing`` bundles name their key."""
    return hashlib.sha256(public_pem(key)).hexdigest()


def load_private_key(path: Path) -> PrivateKey:
    """Read an unencrypted PEM private key; InputError unless it is P-256 ECDSA or Ed25519."""
    raw = _read_key_file(path)
    try:
        key = serialization.load_pem_private_key(raw, password=None)
    except TypeError:
        raise InputError(f"{path}: encrypted private keys are not supported") from None
    except (ValueError, UnsupportedAlgorithm):
        raise InputError(f"{path}: not a PEM private key") from None
    if isinstance(key, ed25519.Ed25519PrivateKey):
        return key
    if isinstance(key, ec.EllipticCurvePrivateKey) and isinstance(key.curve, ec.SECP256R1):
        return key
    raise InputError(f"{path}: unsupported key type (ECDSA P-256 or Ed25519 only)")


def load_trusted_keys(paths: list[Path]) -> list[TrustedKey]:
    """Read PEM public keys; InputError naming the first that is missing or unsupported."""
    trusted = []
    for path in paths:
        raw = _read_key_file(path)
        try:
            key = serialization.load_pem_public_key(raw)
        except (ValueError, UnsupportedAlgorithm):
            raise InputError(f"{path}: not a PEM public key") from None
        if isinstance(key, ec.EllipticCurvePublicKey) and isinstance(key.curve, ec.SECP256R1):
            trusted.append(TrustedKey(path, key, key_hint(key)))
        elif isinstance(key, ed25519.Ed25519PublicKey):
            trusted.append(TrustedKey(path, key, key_hint(key)))
        else:
            raise InputError(f"{path}: unsupported key type (ECDSA P-256 or Ed25519 only)")
    return trusted


def sign_bytes(key: PrivateKey, message: bytes) -> bytes:
    """Sign ``message``: DER ECDSA-SHA256 for P-256 (as model_signing), raw for Ed25519."""
    if isinstance(key, ed25519.Ed25519PrivateKey):
        return key.sign(message)
    return key.sign(message, ec.ECDSA(hashes.SHA256()))


def _read_key_file(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except FileNotFoundError:
        raise InputError(f"{path}: key file not found") from None
    except IsADirectoryError:
        raise InputError(f"{path}: is a folder, not a key file") from None
    except OSError as exc:
        raise InputError(f"{path}: cannot read key ({exc.strerror})") from None
