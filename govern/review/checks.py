"""The checks the review runs itself, each returning a ``Check`` (never raising for bad input).

Signatures are verified with ``govern.signing`` against trusted public keys; "who signed" is the
trusted key's file and its fingerprint (sha256 of its public PEM, the hint signatures carry).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from govern.errors import GovernError, IntegrityError
from govern.review.inputs import (
    ADAPTER,
    DEFAULT_TRUSTED_KEY,
    INPUTS,
    MANIFEST_SIGNATURE,
    RETENTION_ANCHOR,
    RETENTION_LOG,
    Check,
    Input,
)


def verify_signature(project: Path, artifact: str, signature: str, keys: list[Path]) -> Check:
    """Verify ``artifact`` (project-relative) with ``signature`` against ``keys``."""
    from govern.signing import load_trusted_keys, verify_artifact

    name = f"signature of {artifact}"
    target, sig = project / artifact, project / signature
    if not os.path.lexists(target):
        return Check(name, "not run", f"{artifact} does not exist")
    if not os.path.lexists(sig):
        return Check(name, "missing", f"no signature at {signature}")
    if not keys:
        return Check(name, "failed", "no trusted public key to verify it with")
    try:
        result = verify_artifact(target, keys, signature=sig)
        hints = {str(key.path): key.hint for key in load_trusted_keys(keys)}
    except GovernError as exc:
        return Check(name, "failed", _project_relative(str(exc), project))
    if not result.ok:
        reasons = "; ".join(_project_relative(str(r), project) for r in result.reasons)
        return Check(name, "failed", reasons or "not verified")
    signer = result.signed_by or ""
    statement = result.statement.to_json() if result.statement else None
    return Check(
        name,
        "ok",
        f"{len(result.files)} files verified",
        {
            "signature": signature,
            "signed_by": _project_relative(signer, project),
            "key_fingerprint": hints.get(signer),
            "statement": statement,
            "files": len(result.files),
        },
    )


def check_manifest_signature(
    project: Path, keys: list[Path], manifest: str = "data/manifest.json"
) -> Check:
    """The manifest's signature, beside it (``<manifest>.sig``)."""
    signature = MANIFEST_SIGNATURE if manifest == "data/manifest.json" else f"{manifest}.sig"
    return verify_signature(project, manifest, signature, keys)


def check_adapter_signature(project: Path, keys: list[Path], adapter: str | None = None) -> Check:
    """The adapter's signature (``<adapter>.sig``); ``adapter`` "" means none was given."""
    if adapter == "":
        return Check("signature of the adapter", "not run", "no adapter given")
    folder = adapter or ADAPTER
    return verify_signature(project, folder, f"{folder}.sig", keys)


def check_base_model_signature(
    project: Path, keys: list[Path], model: str, signature: str
) -> Check:
    """The base model's signature (the trainer signs it before training loads it); ``model``
    "" means none was given (not run)."""
    if not model:
        return Check("signature of the base model", "not run", "no base model given")
    return verify_signature(project, model, signature, keys)


def check_manifest_files(project: Path, manifest: Input) -> Check:
    """Re-hash every file the manifest pins: missing, changed or extra files fail."""
    from govern.manifest import verify_manifest

    name = "manifest files"
    if not manifest.ok:
        return Check(name, "not run", f"{manifest.path} is {manifest.status}")
    try:
        result = verify_manifest(project / manifest.path, base=project)
    except GovernError as exc:
        return Check(name, "failed", _project_relative(str(exc), project))
    facts = {
        "checked": result.checked,
        "missing": result.missing,
        "changed": [change.path for change in result.changed],
        "extra": result.extra,
        "id_matches": result.id_matches,
    }
    if result.ok:
        return Check(name, "ok", f"{result.checked} files match their sha256", facts)
    problems = len(result.missing) + len(result.changed) + len(result.extra)
    detail = f"{problems} files missing, changed or extra"
    if not result.id_matches:
        detail += "; the manifest was edited after it was built"
    return Check(name, "failed", detail, facts)


def check_retention_log(project: Path, found: Input | None = None) -> Check:
    """Check the deletion log's chain, signed head and anchor (``govern retention audit``).

    The head recorded in ``reports/retention.json`` must still be in the log.
    """
    from govern.retention import audit_log

    name = "deletion log"
    if found is not None and found.status == "not provided":
        return Check(name, "not run", "no deletion log given")
    relative = found.path if found is not None else RETENTION_LOG
    log = project / relative
    recorded = _recorded_head(project / INPUTS["retention"])
    try:
        result = audit_log(
            log,
            recorded,
            public_key=project / DEFAULT_TRUSTED_KEY,
            anchor=project / RETENTION_ANCHOR,
        )
    except GovernError as exc:
        if not os.path.lexists(log) and not isinstance(exc, IntegrityError):
            return Check(name, "missing", f"no deletion log at {relative}")
        return Check(name, "failed", _project_relative(str(exc), project))
    facts = {"entries": result.entries, "head": result.head, "report head": recorded}
    if result.ok:
        return Check(name, "ok", f"{result.entries} entries, hash chain intact", facts)
    return Check(name, "failed", _project_relative(result.problem or "broken", project), facts)


def _recorded_head(report: Path) -> str | None:
    """The log head a retention report recorded, or None without a readable report."""
    try:
        head = json.loads(report.read_bytes())["log"]["head"]
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return head if isinstance(head, str) else None


def _project_relative(text: str, project: Path) -> str:
    """Messages name files relative to the project, so reports do not leak local paths."""
    absolute = os.path.abspath(project) + os.sep
    return text.replace(absolute, "")
