"""Every way an artifact can be tampered with fails verification, naming the reason."""

from __future__ import annotations

import base64
import json
import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from govern.errors import InputError
from govern.signing import ArtifactStatement, sign_artifact, verify_artifact
from govern.signing.envelope import Envelope, pae, write_bundle
from govern.signing.keys import key_hint, load_private_key, sign_bytes
from govern.signing.statement import Resource, SignedManifest, build_payload
from tests.signing.helpers import KeyPair, Signed


def reasons(signed: Signed, trusted: Path | None = None) -> list[tuple[str, str | None, str]]:
    result = verify_artifact(signed.folder, [trusted or signed.keys.public])
    assert result.exit_code == (0 if result.ok else 1)
    return [(reason.kind, reason.path, str(reason)) for reason in result.reasons]


def test_untouched_artifact_verifies(signed: Signed) -> None:
    result = verify_artifact(signed.folder, [signed.keys.public])
    assert result.ok, result.describe()
    assert result.signed_by == str(signed.keys.public)
    assert result.statement == ArtifactStatement(kind="model")
    assert sorted(result.files) == [
        "README.md",
        "config.json",
        "tokenizer/tokenizer.json",
        "weights.safetensors",
    ]
    assert signed.signature == signed.folder.with_name("artifact.sig")


def flip_byte(folder: Path) -> None:
    path = folder / "weights.safetensors"
    data = bytearray(path.read_bytes())
    data[-1] ^= 1
    path.write_bytes(bytes(data))


def symlink_over_signed_file(folder: Path) -> None:
    # Same bytes behind the link: only the link itself is wrong.
    copy = folder.parent / "elsewhere.json"
    shutil.copy(folder / "config.json", copy)
    (folder / "config.json").unlink()
    (folder / "config.json").symlink_to(copy)


TAMPERING: list[tuple[str, Callable[[Path], object], tuple[str, str, str]]] = [
    ("changed byte", flip_byte, ("changed", "weights.safetensors", "sha256 differs")),
    (
        "missing file",
        lambda f: (f / "README.md").unlink(),
        ("missing", "README.md", "README.md: missing"),
    ),
    (
        "extra file",
        lambda f: (f / "extra.json").write_text("{}"),
        ("extra", "extra.json", "extra file (not signed)"),
    ),
    (
        "renamed file",
        lambda f: (f / "config.json").rename(f / "config2.json"),
        ("renamed", "config2.json", "renamed from config.json"),
    ),
    (
        "symlink added",
        lambda f: (f / "passwd.json").symlink_to("/etc/passwd"),
        ("symlink", "passwd.json", "symlink (not followed)"),
    ),
    (
        "symlink over a signed file",
        symlink_over_signed_file,
        ("symlink", "config.json", "symlink (not followed)"),
    ),
    (
        "symlinked folder",
        lambda f: (f / "more").symlink_to(f / "tokenizer", target_is_directory=True),
        ("symlink", "more", "symlink (not followed)"),
    ),
    (
        "fifo",
        lambda f: os.mkfifo(f / "pipe.json"),
        ("not-regular", "pipe.json", "not a regular file"),
    ),
]


@pytest.mark.parametrize(("case", "tamper", "expected"), TAMPERING, ids=[t[0] for t in TAMPERING])
def test_tampering_fails_with_its_reason(
    signed: Signed, case: str, tamper: Callable[[Path], object], expected: tuple[str, str, str]
) -> None:
    tamper(signed.folder)
    found = reasons(signed)
    kind, path, detail = expected
    assert len(found) == 1, found
    assert found[0][:2] == (kind, path)
    assert detail in found[0][2]


def test_every_problem_is_reported_at_once(signed: Signed) -> None:
    flip_byte(signed.folder)
    (signed.folder / "README.md").unlink()
    (signed.folder / "new.txt").write_text("new\n")
    kinds = sorted(kind for kind, _, _ in reasons(signed))
    assert kinds == ["changed", "extra", "missing"]


def test_untrusted_key_is_refused(signed: Signed, other_keys: KeyPair) -> None:
    found = reasons(signed, trusted=other_keys.public)
    assert [kind for kind, _, _ in found] == ["untrusted-key"]
    assert "signed by an untrusted key" in found[0][2]


def test_signature_by_untrusted_key_without_hint(signed: Signed, other_keys: KeyPair) -> None:
    bundle = json.loads(signed.signature.read_text())
    bundle["verificationMaterial"]["publicKey"]["hint"] = None
    signed.signature.write_text(json.dumps(bundle))
    assert [kind for kind, _, _ in reasons(signed, trusted=other_keys.public)] == ["untrusted-key"]


def edit_statement(signature: Path, edit: Callable[[dict[str, object]], None]) -> None:
    bundle = json.loads(signature.read_text())
    statement = json.loads(base64.b64decode(bundle["dsseEnvelope"]["payload"]))
    edit(statement)
    payload = json.dumps(statement).encode()
    bundle["dsseEnvelope"]["payload"] = base64.b64encode(payload).decode()
    signature.write_text(json.dumps(bundle))


def test_changed_statement_fails(signed: Signed) -> None:
    def claim_other_base_model(statement: dict[str, object]) -> None:
        predicate = statement["predicate"]
        assert isinstance(predicate, dict)
        predicate["govern"]["base_model_digest"] = "0" * 64

    edit_statement(signed.signature, claim_other_base_model)
    found = reasons(signed)
    assert [kind for kind, _, _ in found] == ["bad-signature"]
    assert "signature does not match the statement" in found[0][2]


def test_changed_file_list_in_statement_fails(signed: Signed) -> None:
    flip_byte(signed.folder)

    def follow_the_change(statement: dict[str, object]) -> None:
        import hashlib

        digest = hashlib.sha256((signed.folder / "weights.safetensors").read_bytes()).hexdigest()
        predicate = statement["predicate"]
        assert isinstance(predicate, dict)
        for resource in predicate["resources"]:
            if resource["name"] == "weights.safetensors":
                resource["digest"] = digest

    edit_statement(signed.signature, follow_the_change)
    assert [kind for kind, _, _ in reasons(signed)] == ["bad-signature"]


def sign_listing(signed: Signed, names: list[str]) -> None:
    """What a buggy or compromised signer could produce with the trusted key."""
    statement = ArtifactStatement(kind="model")
    resources = tuple(Resource(name, "0" * 64, 1) for name in names)
    payload = build_payload(SignedManifest("artifact", resources, (), statement))
    private = load_private_key(signed.keys.private)
    envelope = Envelope(payload, sign_bytes(private, pae(payload)), key_hint(private.public_key()))
    write_bundle(signed.signature, envelope)


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("../outside.json", "path with '..'"),
        ("tokenizer/../../outside.json", "path with '..'"),
        ("/etc/passwd", "absolute path"),
        ("a//b.json", "not normalised"),
    ],
)
def test_unsafe_paths_in_signed_manifest_are_refused(signed: Signed, name: str, why: str) -> None:
    (signed.folder.parent / "outside.json").write_text("{}")
    sign_listing(signed, ["config.json", name])
    found = reasons(signed)
    # Refused before the filesystem is looked at: no missing or extra reasons follow.
    assert [(kind, path) for kind, path, _ in found] == [("unsafe-path", name)]
    assert why in found[0][2]


def test_artifact_root_symlink_is_refused(signed: Signed) -> None:
    link = signed.folder.parent / "link"
    link.symlink_to(signed.folder, target_is_directory=True)
    result = verify_artifact(link, [signed.keys.public], signature=signed.signature)
    assert [reason.kind for reason in result.reasons] == ["symlink"]


def test_unsigned_artifact_fails_with_exit_1(signed: Signed) -> None:
    signed.signature.unlink()
    result = verify_artifact(signed.folder, [signed.keys.public])
    assert not result.ok and result.exit_code == 1
    assert result.reasons[0].kind == "unsigned"


def test_signature_inside_the_folder(signed: Signed) -> None:
    signed.signature.unlink()
    inside = sign_artifact(
        signed.folder,
        signed.keys.private,
        ArtifactStatement(kind="model"),
        signature=signed.folder / "model.sig",
    )
    result = verify_artifact(signed.folder, [signed.keys.public])
    assert result.ok, result.describe()
    assert result.signature == str(inside)
    assert "model.sig" not in result.files


def test_single_file_artifact(tmp_path: Path, signed: Signed) -> None:
    manifest = tmp_path / "manifest.json"
    manifest.write_text('{"a": 1}\n')
    signature = sign_artifact(manifest, signed.keys.private, ArtifactStatement(kind="other"))
    assert signature == tmp_path / "manifest.json.sig"
    assert verify_artifact(manifest, [signed.keys.public]).ok
    manifest.write_text('{"a": 2}\n')
    result = verify_artifact(manifest, [signed.keys.public])
    assert [str(reason) for reason in result.reasons] == ["manifest.json: sha256 differs"]


@pytest.mark.parametrize(
    ("content", "message"),
    [(b"not json", "not JSON"), (b'{"mediaType": "x"}', "not a Sigstore bundle")],
)
def test_malformed_signature_is_an_input_error(
    signed: Signed, content: bytes, message: str
) -> None:
    signed.signature.write_bytes(content)
    with pytest.raises(InputError, match=message):
        verify_artifact(signed.folder, [signed.keys.public])


def test_no_trusted_keys_is_an_input_error(signed: Signed) -> None:
    with pytest.raises(InputError, match="no trusted public keys"):
        verify_artifact(signed.folder, [])


def test_signing_refuses_what_could_not_verify(signed: Signed) -> None:
    (signed.folder / "link.json").symlink_to(signed.folder / "config.json")
    (signed.folder / ".gitignore").write_text("*\n")
    with pytest.raises(InputError, match=r"link.json: symlink.*\.gitignore: git file"):
        sign_artifact(signed.folder, signed.keys.private, ArtifactStatement(kind="model"))
