"""Sigstore's model_signing verifies what govern signs, and govern reads what it signs."""

from __future__ import annotations

from pathlib import Path

import pytest

from govern.signing import ArtifactStatement, sign_artifact, verify_artifact
from tests.signing.helpers import KeyPair, Signed

model_signing = pytest.importorskip("model_signing")


def their_verify(artifact: Path, signature: Path, public: Path) -> None:
    config = model_signing.verifying.Config().use_elliptic_key_verifier(public_key=public)
    config.verify(artifact, signature)


def test_model_signing_verifies_our_folder_signature(signed: Signed) -> None:
    their_verify(signed.folder, signed.signature, signed.keys.public)


def test_model_signing_verifies_signature_inside_folder(signed: Signed) -> None:
    inside = sign_artifact(
        signed.folder,
        signed.keys.private,
        ArtifactStatement(kind="model"),
        signature=signed.folder / "model.sig",
    )
    signed.signature.unlink()
    their_verify(signed.folder, inside, signed.keys.public)


def test_model_signing_verifies_our_single_file_signature(tmp_path: Path, keys: KeyPair) -> None:
    manifest = tmp_path / "manifest.json"
    manifest.write_text("{}\n")
    signature = sign_artifact(manifest, keys.private, ArtifactStatement(kind="data-manifest"))
    their_verify(manifest, signature, keys.public)


def test_model_signing_rejects_our_signature_after_tampering(signed: Signed) -> None:
    (signed.folder / "config.json").write_text("{}")
    with pytest.raises(ValueError, match="Hash mismatch for 'config.json'"):
        their_verify(signed.folder, signed.signature, signed.keys.public)


def test_we_verify_a_model_signing_signature(signed: Signed) -> None:
    config = model_signing.signing.Config().use_elliptic_key_signer(private_key=signed.keys.private)
    config.sign(signed.folder, signed.signature)
    result = verify_artifact(signed.folder, [signed.keys.public])
    assert result.ok, result.describe()
    assert result.statement is None  # model_signing records no govern statement
