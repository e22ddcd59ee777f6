"""``govern export``: merge a signed LoRA adapter into its signed base model, for serving.

Both come in through the verified, non-pickle loaders (``govern.artifacts``); the adapter must
name this base (its statement's ``base_model_digest`` is ``sha256_tree`` of the base folder,
recomputed here from the base's verified file digests). peft's ``merge_and_unload`` folds the
LoRA deltas into the base weights; the merged weights are written as safetensors beside every
other file of the base (config, tokenizer files, model card, licence: verified bytes, copied),
and the folder is signed as a ``model`` whose statement names the adapter's and base's digests.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from govern.artifacts import is_weights, load_adapter, load_verified, model_from_artifact
from govern.errors import InputError
from govern.hashing import tree_digest
from govern.io import atomic_dir, atomic_write_bytes
from govern.signing import (
    ArtifactStatement,
    SignatureError,
    sign_artifact,
    verify_artifact,
)
from govern.signing.keys import public_key_path


@dataclass(frozen=True, slots=True)
class Exported:
    """What ``export_merged`` wrote and signed."""

    out: Path
    signature: Path
    statement: ArtifactStatement
    files: list[str]

    def to_json(self) -> dict[str, Any]:
        return {
            "out": str(self.out),
            "signature": str(self.signature),
            "statement": self.statement.to_json(),
            "files": self.files,
        }


def export_merged(
    adapter_path: Path,
    base_path: Path,
    out: Path,
    key: Path,
    trusted_keys: Sequence[Path],
    *,
    base_signature: Path | None = None,
    signature: Path | None = None,
    policy_sha256: str | None = None,
) -> Exported:
    """Merge the adapter into the base, write ``out`` (safetensors), sign it with ``key``.

    SignatureError (exit 1) when either input is unsigned, untrusted or changed; InputError
    (exit 2) when the adapter does not name this base model or its weights do not fit it.
    The signature goes to ``signature`` (default ``OUT.sig``) and is verified before returning.
    """
    for given in (adapter_path, base_path):
        if out.resolve() == given.resolve() or given.resolve() in out.resolve().parents:
            raise InputError(f"--out {out}: would replace or sit inside the input {given}")
    adapter = load_adapter(adapter_path, trusted_keys)
    base_artifact = load_verified(
        base_path,
        trusted_keys,
        kind="model",
        signature=base_signature,
        keep=lambda name: not is_weights(name),
    )
    base_digest = tree_digest(base_artifact.digests)
    named = adapter.statement.base_model_digest
    if named is None:
        raise InputError(f"{adapter_path}: its signature names no base model (base_model_digest)")
    if named != base_digest:
        raise InputError(
            f"{adapter_path}: trained on base model {named[:12]}, not {base_path} "
            f"({base_digest[:12]})"
        )
    base = model_from_artifact(base_artifact)
    merged = _merge(base.model, adapter, adapter_path)
    with atomic_dir(out) as staging:
        merged.save_pretrained(staging, safe_serialization=True)
        for name, data in base_artifact.files.items():
            # Config, tokenizer, card and licence travel as verified; the weights are new.
            if not (is_weights(name) or name.endswith(".safetensors.index.json")):
                atomic_write_bytes(staging / name, data)
    statement = ArtifactStatement(
        kind="model",
        data_manifest_sha256=adapter.statement.data_manifest_sha256,
        base_model_digest=base_digest,
        adapter_digest=tree_digest(adapter.digests),
        policy_sha256=policy_sha256,
    )
    signed = sign_artifact(out, key, statement, signature=signature)
    checked = verify_artifact(out, [public_key_path(key)], signature=signed)
    if not checked.ok:
        raise SignatureError(checked)
    files = sorted(checked.files)
    return Exported(out, signed, statement, files)


def _merge(base: Any, adapter: Any, adapter_path: Path) -> Any:
    """The base with the adapter's LoRA deltas folded into its weights (peft)."""
    from peft import get_peft_model, set_peft_model_state_dict

    try:
        model = get_peft_model(base, adapter.peft_config())
        loaded: Any = set_peft_model_state_dict(model, adapter.state_dict)
    except (ValueError, RuntimeError) as exc:  # module names or tensor shapes that do not fit
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise InputError(f"{adapter_path}: does not fit the base model ({first})") from None
    if loaded.unexpected_keys:
        found = ", ".join(loaded.unexpected_keys[:3])
        raise InputError(f"{adapter_path}: weights the base model has no place for ({found})")
    return model.merge_and_unload().eval()
