"""Sign an artifact (a folder or one file): list and hash every file, sign the statement."""

from __future__ import annotations

import os
from pathlib import Path

from govern.errors import InputError
from govern.signing.envelope import Envelope, pae, write_bundle
from govern.signing.keys import key_hint, load_private_key, sign_bytes
from govern.signing.statement import (
    ArtifactStatement,
    Resource,
    SignedManifest,
    build_payload,
    unsafe_path,
)
from govern.signing.tree import UnsafeFile, list_artifact, read_file

SIGNATURE_SUFFIX = ".sig"
IN_FOLDER_SIGNATURE = "model.sig"  # model_signing's default name inside a model folder
# model_signing's verifier always skips these at the top of a folder, so a signature listing
# them could never verify there; we refuse to sign them rather than leave them unsigned.
GIT_PATHS = frozenset({".git", ".gitattributes", ".github", ".gitignore"})


def default_signature_path(artifact: Path) -> Path:
    """``ARTIFACT.sig`` beside the folder or file, so signing never changes the artifact."""
    absolute = Path(os.path.abspath(artifact))
    return absolute.with_name(absolute.name + SIGNATURE_SUFFIX)


def sign_artifact(
    path: Path, key: Path, statement: ArtifactStatement, *, signature: Path | None = None
) -> Path:
    """Sign every file under ``path`` with the private key at ``key``; returns the signature.

    The signature goes to ``signature`` (default ``PATH.sig``; inside the folder it is left
    out of the listing). Raises InputError for a bad key, a missing artifact, or an artifact
    holding symlinks, special files or top-level git files: what could not be verified later.
    """
    private = load_private_key(key)
    signature_path = signature if signature is not None else default_signature_path(path)
    try:
        listing = list_artifact(path)
    except UnsafeFile as exc:
        raise InputError(f"cannot sign {exc}") from None
    problems = [f"{name}: symlink" for name in listing.symlinks]
    problems += [f"{name}: not a regular file" for name in listing.special]
    inside = relative_inside(signature_path, path)
    names = [name for name in listing.files if name != inside]
    problems += [f"{name}: git file (model_signing skips it)" for name in names if _is_git(name)]
    problems += [f"{name}: {why}" for name in names if (why := unsafe_path(name))]
    if problems:
        raise InputError(f"cannot sign {path}: " + "; ".join(problems))
    if not names:
        raise InputError(f"cannot sign {path}: no files")
    resources = []
    for name in names:
        try:
            read = read_file(path, name)
        except UnsafeFile as exc:  # changed while we listed it
            raise InputError(f"cannot sign {path}: {exc}") from None
        resources.append(Resource(name, read.sha256, read.size))
    manifest = SignedManifest(
        name=Path(os.path.abspath(path)).name,
        resources=tuple(resources),
        ignore_paths=(inside,) if inside is not None else (),
        statement=statement,
    )
    payload = build_payload(manifest)
    envelope = Envelope(payload, sign_bytes(private, pae(payload)), key_hint(private.public_key()))
    return write_bundle(signature_path, envelope)


def relative_inside(signature: Path, artifact: Path) -> str | None:
    """The signature's POSIX path inside the artifact folder, or None when it is outside."""
    absolute_signature = Path(os.path.abspath(signature))
    absolute_artifact = Path(os.path.abspath(artifact))
    if absolute_signature == absolute_artifact:
        return None
    try:
        return absolute_signature.relative_to(absolute_artifact).as_posix()
    except ValueError:
        return None


def _is_git(name: str) -> bool:
    return name.split("/", 1)[0] in GIT_PATHS
