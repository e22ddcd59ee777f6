"""``govern keys generate``, ``govern sign`` and ``govern verify``: signed artifacts."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from govern.cli.context import emit, settings
from govern.cli.options import JsonFlag, TrustedOpt
from govern.errors import InputError

keys_app = typer.Typer(help="Signing keys.", no_args_is_help=True)


@keys_app.command("generate")
def keys_generate(
    out: Annotated[Path, typer.Option("--out", help="Private key file (0600); KEY.pub beside.")],
    algorithm: Annotated[
        str | None, typer.Option("--algorithm", help="ecdsa-p256 or ed25519 (policy default).")
    ] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite an existing key.")] = False,
) -> None:
    """Generate a signing key pair: ECDSA P-256 (model_signing compatible) or Ed25519."""
    from govern.signing import generate_keys

    chosen = algorithm or settings.policy().policy.signing.algorithm
    if chosen not in ("ecdsa-p256", "ed25519"):
        raise InputError(f"--algorithm: expected ecdsa-p256 or ed25519, got {chosen!r}")
    private, public = generate_keys(out, chosen, overwrite=force)  # type: ignore[arg-type]
    typer.echo(f"private key: {private} (keep it secret)\npublic key:  {public}")


def sign(
    path: Annotated[Path, typer.Argument(help="Artifact folder or file to sign.")],
    key: Annotated[Path, typer.Option("--key", help="Private key file.")],
    kind: Annotated[
        str, typer.Option("--kind", help="adapter, checkpoint, model, data-manifest, dataset...")
    ] = "other",
    data_manifest: Annotated[
        Path | None, typer.Option("--data-manifest", help="Data manifest it was trained on.")
    ] = None,
    base_model: Annotated[
        Path | None, typer.Option("--base-model", help="Base model folder it adapts.")
    ] = None,
    params_section: Annotated[
        str | None, typer.Option("--params-section", help="params.yaml section that made it.")
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option("--out", help="Signature file (default PATH.sig); verify with --signature."),
    ] = None,
) -> None:
    """Sign every file's path, size and sha256 plus a statement of provenance (DSSE/in-toto)."""
    from govern.hashing import sha256_file, sha256_tree
    from govern.signing import ArtifactStatement, params_digest, sign_artifact
    from govern.stage import stage_params

    statement = ArtifactStatement(
        kind=kind,  # type: ignore[arg-type]
        data_manifest_sha256=sha256_file(data_manifest) if data_manifest else None,
        base_model_digest=sha256_tree(base_model) if base_model else None,
        params_sha256=params_digest(stage_params(params_section)) if params_section else None,
        policy_sha256=settings.policy().sha256,
    )
    signature = sign_artifact(path, key, statement, signature=out)
    typer.echo(f"signed {path}: {signature}")


def verify(
    path: Annotated[Path, typer.Argument(help="Signed artifact folder or file.")],
    trusted: TrustedOpt = None,
    signature: Annotated[
        Path | None,
        typer.Option("--signature", help="Signature file (default PATH.sig or PATH/model.sig)."),
    ] = None,
    as_json: JsonFlag = False,
) -> None:
    """Verify a signature; exit 1 naming each reason (changed, missing, extra, untrusted...)."""
    from govern.signing import verify_artifact

    keys = [*(trusted or []), *map(Path, settings.policy().policy.signing.trusted_keys)]
    result = verify_artifact(path, keys, signature=signature)
    emit(result.to_json(), as_json, result.describe())
    raise typer.Exit(result.exit_code)
