"""DVC stage(s) `sign`: sign the approved data manifest and the trained adapter.

``python -m govern.stages.sign manifest`` signs ``manifest``, ``... base_model`` signs the base
model the trainer starts from (its bundle goes to ``base_model_signature``, outside the sample
stage's folder), ``... adapter`` signs ``adapter`` and loads it back through the safe loader (so
each can be its own DVC stage, before and after training); with no argument manifest and
adapter, skipping an adapter not trained yet. The sample key is generated on the first run at
``key`` (0600, under a gitignored folder, never a DVC dependency or output, so neither git nor a
DVC cache holds it). Signatures go beside what they sign (``data/manifest.json.sig``,
``models/adapter.sig``) and are verified with the public key before the stage ends. Errors exit
2 (1 for a failed self-check).

A signature's bytes depend on a key DVC does not track (and ECDSA signatures are randomised),
so they are no DVC output. Each target's declared output is its receipt,
``reports/receipts/sign_<target>.json``: the key-independent part of what was signed (the
statement and every file's sha256). It orders the later stages after the signing and changes
exactly when what was signed does; those stages verify the signature itself.
"""

import hashlib
import sys
from pathlib import Path
from typing import Any

from govern.artifacts import load_adapter
from govern.errors import InputError
from govern.hashing import sha256_tree
from govern.io import atomic_write_text
from govern.policy import load_policy
from govern.signing import (
    ArtifactStatement,
    SignatureError,
    generate_keys,
    params_digest,
    public_key_path,
    sign_artifact,
    verify_artifact,
)
from govern.stage import run_stage, stage_params, write_receipt

TARGETS = ("manifest", "base_model", "adapter")


def main(targets: list[str]) -> None:
    params = stage_params("sign")
    loaded = load_policy(params["policy"])
    key = Path(params["key"])
    algorithm = params.get("algorithm") or loaded.policy.signing.algorithm
    if not key.exists():
        generate_keys(key, algorithm)
        # Like .pytest_cache: the folder keeps itself out of git even before .gitignore does.
        if not (key.parent / ".gitignore").exists():
            atomic_write_text(key.parent / ".gitignore", "*\n")
        print(f"sign: new sample key {key} (keep it out of git), public key {public_key_path(key)}")
    manifest = Path(params["manifest"])
    manifest_sha = _sha256(manifest)
    if "manifest" in targets:
        statement = ArtifactStatement(
            kind="data-manifest",
            data_manifest_sha256=manifest_sha,
            params_sha256=params_digest(params),
            policy_sha256=loaded.sha256,
        )
        _sign(manifest, key, statement, "manifest", expect_sha=manifest_sha)
    adapter, base_model = Path(params["adapter"]), Path(params["base_model"])
    if "base_model" in targets:
        if not base_model.is_dir():
            raise InputError(f"{base_model}: base model folder not found")
        statement = ArtifactStatement(kind="model", policy_sha256=loaded.sha256)
        signature = Path(params["base_model_signature"])
        _sign(base_model, key, statement, "base_model", signature=signature)
    if "adapter" in targets and (adapter.exists() or targets == ["adapter"]):
        if not base_model.is_dir():
            raise InputError(f"{base_model}: base model folder not found")
        statement = ArtifactStatement(
            kind="adapter",
            data_manifest_sha256=manifest_sha,
            base_model_digest=sha256_tree(base_model),
            params_sha256=params_digest(_train_params(params.get("adapter_params"))),
            policy_sha256=loaded.sha256,
        )
        _sign(adapter, key, statement, "adapter")
        # The trained adapter loads through the safe loader: signature, digests, formats.
        loaded_adapter = load_adapter(adapter, [public_key_path(key)])
        print(f"sign: {adapter} loads ({len(loaded_adapter.state_dict)} tensors, safetensors)")
    elif "adapter" in targets:
        print(f"sign: {adapter}: not trained yet, not signed")


def _sign(
    path: Path,
    key: Path,
    statement: ArtifactStatement,
    target: str,
    expect_sha: str = "",
    signature: Path | None = None,
) -> None:
    signature = sign_artifact(path, key, statement, signature=signature)
    result = verify_artifact(path, [public_key_path(key)], signature=signature)
    # The manifest may change between hashing it for the statement and signing it.
    if expect_sha and result.files.get(path.name) != expect_sha:
        raise InputError(f"{path}: changed while it was being signed; run the stage again")
    if not result.ok:
        raise SignatureError(result)
    # No key fingerprint, no signature bytes: the receipt is the same for every key.
    document = {
        "artifact": str(path),
        "signature": _relative(signature),
        "statement": statement.to_json(),
        "files": dict(sorted(result.files.items())),
    }
    write_receipt(f"sign_{target}", document, measured=())
    print(f"sign: {path} -> {signature} ({len(result.files)} files, {statement.kind})")


def _relative(path: Path) -> str:
    """``path`` relative to the project folder when inside it: a receipt names no clone."""
    try:
        return path.resolve().relative_to(Path.cwd().resolve()).as_posix()
    except ValueError:
        return str(path)


def _sha256(path: Path) -> str:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError as exc:
        raise InputError(f"{path}: cannot read ({exc.strerror})") from None


def _train_params(section: str | None) -> dict[str, Any]:
    """The params that produced the adapter (the trainer's params.yaml section), if any."""
    if not section:
        return {}
    try:
        return stage_params(section)
    except InputError:
        return {}


def cli() -> None:
    chosen = sys.argv[1:] or ["manifest", "adapter"]
    if not set(chosen) <= set(TARGETS):
        raise InputError(
            "usage: python -m govern.stages.sign [manifest] [base_model] [adapter], "
            f"not {' '.join(chosen)}"
        )
    main(chosen)


if __name__ == "__main__":
    run_stage("sign", cli)
