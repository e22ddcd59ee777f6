"""Key-encryption keys (KEKs): from a key file or a passphrase, and data keys wrapped under them.

A KEK never encrypts data. It wraps the random per-backup data key (AES-256-GCM, the key
entry's fields as associated data), so rotating a KEK rewraps 32 bytes instead of re-encrypting
a backup. Passphrases go through scrypt or Argon2id; the parameters travel with the wrapped key
and are capped when read, so a hostile key entry cannot make an unwrap take hours or GBs.
"""

from __future__ import annotations

import hmac
import json
import os
import stat
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.argon2 import Argon2id
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from cryptography.hazmat.primitives.kdf.scrypt import Scrypt

from govern.backup.policy import BackupPolicy
from govern.errors import InputError, IntegrityError
from govern.io import atomic_write_text, private_dir

KEY_BYTES = 32
PASSPHRASE_ENV = "GOVERN_BACKUP_PASSPHRASE"
# Caps on KDF parameters read from a key entry: at most 1 GiB of memory and a few seconds.
MAX_KDF_MEMORY = 1 << 30
MAX_SCRYPT_LOG_N, MAX_SCRYPT_R, MAX_SCRYPT_P = 20, 16, 4
MAX_ARGON2_ITERATIONS, MAX_ARGON2_LANES = 10, 16
_WRAP_INFO = b"govern backup kek wrap v1"
_FINGERPRINT_INFO = b"govern backup kek fingerprint v1"


@dataclass(frozen=True, slots=True)
class ScryptParams:
    """scrypt cost; memory is 128 * r * 2**log_n bytes (defaults: 128 MiB, ~0.4 s)."""

    log_n: int = 17
    r: int = 8
    p: int = 1

    def to_json(self) -> dict[str, Any]:
        return {"name": "scrypt", "log_n": self.log_n, "r": self.r, "p": self.p}

    def derive(self, passphrase: bytes, salt: bytes) -> bytes:
        kdf = Scrypt(salt=salt, length=KEY_BYTES, n=1 << self.log_n, r=self.r, p=self.p)
        return kdf.derive(passphrase)


@dataclass(frozen=True, slots=True)
class Argon2Params:
    """Argon2id cost (defaults: RFC 9106's second recommendation, 64 MiB, 3 passes)."""

    memory_kib: int = 64 << 10
    iterations: int = 3
    lanes: int = 4

    def to_json(self) -> dict[str, Any]:
        return {
            "name": "argon2id",
            "memory_kib": self.memory_kib,
            "iterations": self.iterations,
            "lanes": self.lanes,
        }

    def derive(self, passphrase: bytes, salt: bytes) -> bytes:
        kdf = Argon2id(
            salt=salt,
            length=KEY_BYTES,
            iterations=self.iterations,
            lanes=self.lanes,
            memory_cost=self.memory_kib,
        )
        return kdf.derive(passphrase)


KdfParams = ScryptParams | Argon2Params


def kdf_from_policy(policy: BackupPolicy) -> KdfParams:
    """The KDF a policy asks for when wrapping new data keys under a passphrase."""
    if policy.kdf == "argon2id":
        return Argon2Params(policy.argon2_memory_mib << 10, policy.argon2_iterations)
    return ScryptParams(log_n=policy.scrypt_log_n)


def kdf_from_json(raw: Any, where: str) -> KdfParams:
    """Parse KDF parameters read from a key entry.

    IntegrityError when malformed; InputError when over the caps (checked before any work).
    """
    if not isinstance(raw, dict) or raw.get("name") not in ("scrypt", "argon2id"):
        raise IntegrityError(f"{where}: unknown key derivation in the key entry")
    numbers = {key: value for key, value in raw.items() if key != "name"}
    if not all(type(value) is int and value > 0 for value in numbers.values()):
        raise IntegrityError(f"{where}: key derivation parameters must be positive integers")
    try:
        params: KdfParams = (
            ScryptParams(**numbers) if raw["name"] == "scrypt" else Argon2Params(**numbers)
        )
    except TypeError:
        raise IntegrityError(f"{where}: unexpected key derivation parameters") from None
    check_kdf_caps(params, where)
    return params


def check_kdf_caps(params: KdfParams, where: str) -> None:
    """InputError when deriving with ``params`` would cost more than the caps allow."""
    if isinstance(params, ScryptParams):
        memory = 128 * params.r << params.log_n
        too_costly = (
            params.log_n > MAX_SCRYPT_LOG_N or params.r > MAX_SCRYPT_R or params.p > MAX_SCRYPT_P
        )
    else:
        memory = params.memory_kib << 10
        too_costly = params.iterations > MAX_ARGON2_ITERATIONS or params.lanes > MAX_ARGON2_LANES
        if params.memory_kib < 8 * params.lanes:
            raise IntegrityError(f"{where}: Argon2id needs at least 8 KiB of memory per lane")
    if too_costly or memory > MAX_KDF_MEMORY:
        raise InputError(f"{where}: key derivation parameters exceed the limits ({params})")


@dataclass(frozen=True, slots=True)
class KeySource:
    """Where the KEK comes from: a key file or a passphrase. The secret is never in ``repr``.

    ``kdf`` only matters when wrapping a new data key under a passphrase (create, rotate);
    unwrapping uses the parameters stored with the wrapped key.
    """

    kind: Literal["file", "passphrase"]
    label: str
    secret: bytes = field(repr=False)
    kdf: KdfParams = ScryptParams()

    @classmethod
    def from_file(cls, path: str | os.PathLike[str]) -> KeySource:
        """Read a key file (64 hex characters); InputError if unreadable, malformed or shared."""
        key_path = Path(path)
        try:
            mode = stat.S_IMODE(key_path.stat().st_mode)
            text = key_path.read_text(encoding="ascii").strip()
        except (OSError, UnicodeDecodeError) as exc:
            reason = getattr(exc, "strerror", None) or "not a key file"
            raise InputError(f"{key_path}: cannot read key file: {reason}") from None
        if mode & 0o077:
            raise InputError(
                f"{key_path}: key file is readable by others (mode {mode:o}); chmod 600"
            )
        try:
            secret = bytes.fromhex(text)
        except ValueError:
            secret = b""
        if len(secret) != KEY_BYTES:
            raise InputError(f"{key_path}: not a backup key file (expected 64 hex characters)")
        return cls("file", f"key file {key_path}", secret)

    @classmethod
    def from_passphrase_env(
        cls, var: str = PASSPHRASE_ENV, kdf: KdfParams | None = None
    ) -> KeySource:
        """The passphrase in environment variable ``var``; InputError when unset or empty."""
        passphrase = os.environ.get(var, "")
        if not passphrase:
            raise InputError(f"no key: give --key-file or set {var}")
        return cls.from_passphrase(passphrase, kdf, label=f"${var}")

    @classmethod
    def from_passphrase(
        cls, passphrase: str, kdf: KdfParams | None = None, label: str = "passphrase"
    ) -> KeySource:
        """A passphrase given by a library caller (the CLI reads it from the environment)."""
        return cls("passphrase", label, passphrase.encode("utf-8"), kdf or ScryptParams())

    def wrap(self, data_key: bytes, context: Mapping[str, Any]) -> dict[str, Any]:
        """Wrap ``data_key``; ``context`` (the key entry's other fields) is authenticated too."""
        if self.kind == "file":
            kek_info: dict[str, Any] = {"kind": "file"}
            kek = self.secret
        else:
            check_kdf_caps(self.kdf, self.label)
            salt = os.urandom(16)
            kek_info = {"kind": "passphrase", "kdf": self.kdf.to_json(), "salt": salt.hex()}
            kek = self.kdf.derive(self.secret, salt)
        kek_info["fingerprint"] = _fingerprint(kek)
        nonce = os.urandom(12)
        sealed = AESGCM(_hkdf(kek, _WRAP_INFO)).encrypt(nonce, data_key, _aad(context, kek_info))
        return {"kek": kek_info, "nonce": nonce.hex(), "wrapped": sealed.hex()}

    def unwrap(self, envelope: Mapping[str, Any], context: Mapping[str, Any], where: str) -> bytes:
        """The data key in ``envelope``.

        InputError for the wrong kind of key, the wrong key or passphrase (told apart from a
        modified entry by the KEK fingerprint); IntegrityError for a modified entry.
        """
        kek_info = envelope.get("kek")
        if not isinstance(kek_info, dict) or kek_info.get("kind") not in ("file", "passphrase"):
            raise IntegrityError(f"{where}: key entry is damaged (no key-encryption key info)")
        if kek_info["kind"] != self.kind:
            needed = "--key-file" if kek_info["kind"] == "file" else f"${PASSPHRASE_ENV}"
            raise InputError(
                f"{where}: data key is wrapped with a {kek_info['kind']}; use {needed}"
            )
        if self.kind == "file":
            kek = self.secret
        else:
            params = kdf_from_json(kek_info.get("kdf"), where)
            kek = params.derive(self.secret, _hex(kek_info.get("salt"), where))
        if not hmac.compare_digest(str(kek_info.get("fingerprint")), _fingerprint(kek)):
            if self.kind == "passphrase":
                raise InputError(f"{where}: wrong passphrase ({self.label})")
            raise InputError(
                f"{where}: wrong key: the data key is wrapped with key file "
                f"{kek_info.get('fingerprint')}, {self.label} is {_fingerprint(kek)}"
            )
        try:
            return AESGCM(_hkdf(kek, _WRAP_INFO)).decrypt(
                _hex(envelope.get("nonce"), where),
                _hex(envelope.get("wrapped"), where),
                _aad(context, kek_info),
            )
        except (InvalidTag, ValueError):
            raise IntegrityError(f"{where}: key entry fails authentication (modified)") from None


def generate_key_file(path: str | os.PathLike[str]) -> Path:
    """Write a new random key file (0600); InputError if ``path`` already exists."""
    key_path = Path(path)
    if key_path.exists() or key_path.is_symlink():
        raise InputError(f"{key_path}: already exists; refusing to overwrite a key")
    return atomic_write_text(key_path, os.urandom(KEY_BYTES).hex() + "\n")


def load_or_create_key_file(path: str | os.PathLike[str]) -> tuple[KeySource, bool]:
    """The key in ``path``, generated on first use; True when it was just created.

    The folder gets a ``.gitignore`` of ``*`` (pipelines keep keys in ``.govern/``), so a key
    is never committed, copied into a clone or picked up as a DVC dependency.
    """
    key_path = Path(path)
    created = not key_path.exists()
    if created:
        private_dir(key_path.parent)
        ignore = key_path.parent / ".gitignore"
        if not ignore.exists():
            atomic_write_text(ignore, "# keys: never commit\n*\n")
        generate_key_file(key_path)
    return KeySource.from_file(key_path), created


def _fingerprint(kek: bytes) -> str:
    # Tells a wrong key from a modified entry, and names key files in errors, without
    # revealing the key: 64 bits of an HKDF output, useless for guessing (the KDF is the cost).
    return _hkdf(kek, _FINGERPRINT_INFO)[:8].hex()


def _hkdf(secret: bytes, info: bytes) -> bytes:
    return HKDF(algorithm=hashes.SHA256(), length=KEY_BYTES, salt=None, info=info).derive(secret)


def _aad(context: Mapping[str, Any], kek_info: Mapping[str, Any]) -> bytes:
    document = {**context, "kek": kek_info}
    return json.dumps(document, sort_keys=True, separators=(",", ":")).encode("utf-8")


def _hex(value: Any, where: str) -> bytes:
    try:
        return bytes.fromhex(value)
    except (TypeError, ValueError):
        raise IntegrityError(f"{where}: key entry is damaged (bad hex field)") from None
