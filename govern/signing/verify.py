"""Verify an artifact against its signature and trusted keys, naming every reason it fails.

Order matters: the envelope's signature is checked before its payload is read, and the signed
paths are vetted before any of them touches the filesystem. Files are then listed and read
without following symlinks; the bytes a caller keeps are the bytes that were hashed.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from govern.errors import InputError
from govern.signing.envelope import Envelope, pae, read_bundle
from govern.signing.keys import TrustedKey, load_trusted_keys
from govern.signing.result import Reason, VerifyResult
from govern.signing.sign import IN_FOLDER_SIGNATURE, default_signature_path, relative_inside
from govern.signing.statement import (
    SINGLE_FILE,
    SignedManifest,
    StatementError,
    parse_payload,
    unsafe_path,
)
from govern.signing.tree import UnsafeFile, list_artifact, read_file


@dataclass(frozen=True, slots=True)
class Checked:
    """A verification result, with the kept files' bytes when (and only when) it passed."""

    result: VerifyResult
    manifest: SignedManifest | None
    data: dict[str, bytes]


def find_signature(artifact: Path) -> Path:
    """``ARTIFACT.sig`` beside it, else ``ARTIFACT/model.sig`` (model_signing's default)."""
    beside = default_signature_path(artifact)
    inside = artifact / IN_FOLDER_SIGNATURE
    if not os.path.lexists(beside) and os.path.isdir(artifact) and os.path.lexists(inside):
        return inside
    return beside


def verify_artifact(
    path: Path, trusted: Sequence[Path], *, signature: Path | None = None
) -> VerifyResult:
    """Check ``path`` against its signature (default: ``find_signature``) and ``trusted`` keys.

    Returns a result naming every reason it fails (exit_code 1). Raises InputError (exit 2)
    when no trusted key is given, a key or the signature file is unreadable or malformed, or
    ``path`` does not exist.
    """
    return check_artifact(path, load_trusted_keys(list(trusted)), signature=signature).result


def check_artifact(
    path: Path,
    trusted: Sequence[TrustedKey],
    *,
    signature: Path | None = None,
    keep: Callable[[str], bool] = lambda name: False,
) -> Checked:
    """``verify_artifact`` for loaded keys, keeping the bytes of files where ``keep(name)``.

    Names in the result and the kept data are ``shown_name``s: a one-file artifact's own name.
    """
    if not trusted:
        raise InputError("no trusted public keys given (--trusted or signing.trusted_keys)")
    if not os.path.lexists(path):
        raise InputError(f"{path}: not found")
    signature_path = signature if signature is not None else find_signature(path)
    result = VerifyResult(artifact=str(path), signature=str(signature_path))
    if not os.path.lexists(signature_path):
        result.reasons.append(Reason("unsigned", None, f"no signature at {signature_path}"))
        return Checked(result, None, {})
    envelope = read_bundle(signature_path)
    key = _check_signature(envelope, trusted, result)
    if key is None:
        return Checked(result, None, {})
    try:
        manifest = parse_payload(envelope.payload)
    except StatementError as exc:
        result.reasons.append(Reason("bad-statement", None, f"signed statement: {exc}"))
        return Checked(result, None, {})
    result.signed_by = str(key.path)
    result.statement = manifest.statement
    result.files = {shown_name(path, r.name): r.sha256 for r in manifest.resources}
    unsafe = [(r.name, why) for r in manifest.resources if (why := unsafe_path(r.name))]
    if unsafe:  # never join such a name to a path, not even to look
        for name, why in unsafe:
            result.reasons.append(
                Reason("unsafe-path", name, f"unsafe path in the signed manifest ({why})")
            )
        return Checked(result, manifest, {})
    signed = {resource.name: resource.sha256 for resource in manifest.resources}
    inside = relative_inside(signature_path, path)
    data = check_files(path, signed, result, signature_inside=inside, keep=keep)
    return Checked(result, manifest, data if result.ok else {})


def shown_name(artifact: Path, name: str) -> str:
    """A signed name as users see it: a one-file artifact's ``"."`` is the file's own name."""
    return Path(os.path.abspath(artifact)).name if name == SINGLE_FILE else name


def _check_signature(
    envelope: Envelope, trusted: Sequence[TrustedKey], result: VerifyResult
) -> TrustedKey | None:
    """The trusted key whose signature the envelope carries, or None with the reason why."""
    message = pae(envelope.payload)
    candidates = list(trusted)
    if envelope.key_hint is not None:
        candidates = [key for key in trusted if key.hint == envelope.key_hint]
        if not candidates:
            detail = f"signed by an untrusted key (hint {envelope.key_hint[:16]})"
            result.reasons.append(Reason("untrusted-key", None, detail))
            return None
    for key in candidates:
        if key.verifies(envelope.signature, message):
            return key
    if envelope.key_hint is not None:
        detail = (
            f"signature does not match the statement: changed after signing ({candidates[0].path})"
        )
        result.reasons.append(Reason("bad-signature", None, detail))
    else:
        detail = "signature verifies with no trusted key (untrusted key or changed statement)"
        result.reasons.append(Reason("untrusted-key", None, detail))
    return None


def check_files(
    path: Path,
    expected: Mapping[str, str],
    result: VerifyResult,
    *,
    signature_inside: str | None = None,
    keep: Callable[[str], bool] = lambda name: False,
) -> dict[str, bytes]:
    """Compare what is on disk with ``expected`` (name -> sha256); returns the kept bytes.

    Every file missing, extra, renamed (an extra with a missing one's digest), changed, a
    symlink or not regular is appended to ``result.reasons``; only intact files are kept, and
    only those where ``keep(name)``.
    """
    try:
        listing = list_artifact(path)
    except UnsafeFile as exc:
        result.reasons.append(Reason(exc.kind, exc.name, exc.reason))
        return {}
    for name in listing.symlinks:
        result.reasons.append(Reason("symlink", name, "symlink (not followed)"))
    for name in listing.special:
        result.reasons.append(Reason("not-regular", name, "not a regular file"))
    present = [name for name in listing.files if name != signature_inside]
    missing = [name for name in expected if name not in present and name not in listing.symlinks]
    extra = [name for name in present if name not in expected]
    data: dict[str, bytes] = {}
    for name in present:
        if name not in expected:
            continue
        shown = shown_name(path, name)
        try:
            read = read_file(path, name, keep=keep(shown))
        except UnsafeFile as exc:  # swapped for a symlink or removed since it was listed
            result.reasons.append(Reason(exc.kind, shown, exc.reason))
            continue
        if read.sha256 != expected[name]:
            result.reasons.append(Reason("changed", shown, "sha256 differs"))
        elif read.data is not None:
            data[shown] = read.data
    _report_moves(path, missing, extra, expected, result)
    return data


def _report_moves(
    path: Path,
    missing: list[str],
    extra: list[str],
    expected: Mapping[str, str],
    result: VerifyResult,
) -> None:
    """Report missing and extra files, pairing a missing and an extra of equal digest."""
    by_digest = {expected[name]: name for name in missing}
    renamed_from: set[str] = set()
    for name in extra:
        old = None
        if by_digest:  # hash extras only when a rename is possible
            try:
                old = by_digest.pop(read_file(path, name).sha256, None)
            except UnsafeFile:
                old = None
        if old is not None:
            renamed_from.add(old)
            result.reasons.append(Reason("renamed", name, f"renamed from {old} (same content)"))
        else:
            result.reasons.append(Reason("extra", name, "extra file (not signed)"))
    for name in missing:
        if name not in renamed_from:
            result.reasons.append(Reason("missing", name, "missing"))
