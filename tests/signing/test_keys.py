"""Key files: owner-only private keys, PEM public keys, both algorithms."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

from govern.errors import InputError
from govern.signing import (
    ArtifactStatement,
    generate_keys,
    load_trusted_keys,
    sign_artifact,
    verify_artifact,
)
from govern.signing.keys import load_private_key
from tests.signing.helpers import write_artifact


@pytest.mark.parametrize("algorithm", ["ecdsa-p256", "ed25519"])
def test_generated_keys(tmp_path: Path, algorithm: str) -> None:
    private, public = generate_keys(tmp_path / "k" / "signing.key", algorithm)  # type: ignore[arg-type]
    assert public == tmp_path / "k" / "signing.key.pub"
    assert stat.S_IMODE(private.stat().st_mode) == 0o600
    assert stat.S_IMODE(private.parent.stat().st_mode) == 0o700
    assert private.read_bytes().startswith(b"-----BEGIN PRIVATE KEY-----")
    assert public.read_bytes().startswith(b"-----BEGIN PUBLIC KEY-----")
    assert load_trusted_keys([public])[0].algorithm == algorithm


def test_ed25519_signs_and_verifies(tmp_path: Path) -> None:
    private, public = generate_keys(tmp_path / "ed.key", "ed25519")
    folder = write_artifact(tmp_path / "artifact")
    sign_artifact(folder, private, ArtifactStatement(kind="model"))
    assert verify_artifact(folder, [public]).ok
    (folder / "README.md").write_text("changed\n")
    result = verify_artifact(folder, [public])
    assert [str(reason) for reason in result.reasons] == ["README.md: sha256 differs"]


def test_existing_key_is_never_overwritten(tmp_path: Path) -> None:
    private, _ = generate_keys(tmp_path / "signing.key")
    before = private.read_bytes()
    with pytest.raises(InputError, match="a key is already there"):
        generate_keys(private)
    assert private.read_bytes() == before
    generate_keys(private, overwrite=True)
    assert private.read_bytes() != before


def test_unusable_keys_are_input_errors(tmp_path: Path) -> None:
    private, public = generate_keys(tmp_path / "signing.key")
    with pytest.raises(InputError, match="not a PEM private key"):
        load_private_key(public)
    with pytest.raises(InputError, match="not a PEM public key"):
        load_trusted_keys([private])
    with pytest.raises(InputError, match="key file not found"):
        load_trusted_keys([tmp_path / "missing.pub"])
    p384 = ec.generate_private_key(ec.SECP384R1())
    other = tmp_path / "p384.key"
    other.write_bytes(
        p384.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.BestAvailableEncryption(b"secret"),
        )
    )
    with pytest.raises(InputError, match="encrypted private keys"):
        load_private_key(other)
