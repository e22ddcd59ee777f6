"""``govern train``, ``preflight``, ``campaign``, ``export``: LoRA fine-tuning on approved data."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from govern.cli.context import emit, settings
from govern.cli.options import ConfigOpt, JsonFlag, TrustedOpt


def train(
    config: ConfigOpt,
    show_examples: Annotated[
        int,
        typer.Option("--show-examples", help="Print N formatted examples with [[trained]] spans."),
    ] = 0,
    allow_config_change: Annotated[
        bool,
        typer.Option(
            "--allow-config-change",
            help="Resume even when training keys differ from the checkpoint's (recorded).",
        ),
    ] = False,
    as_json: JsonFlag = False,
) -> None:
    """Train a LoRA adapter on signed, approved data; exit 1 if a gate or the run fails.

    A run stopped at ``stop_after_steps`` exits 0 and prints how to resume it.
    """
    from govern.train import load_train_config, preview_examples, run_training
    from govern.train.report import exit_code, resume_hint

    overrides: dict[str, object] = {"allow_config_change": True} if allow_config_change else {}
    loaded = load_train_config(config, overrides)
    policy = settings.policy()
    if show_examples:
        for example in preview_examples(loaded, show_examples, policy):
            typer.echo(example)
        return
    result = run_training(loaded, policy)
    emit(result, as_json, [f"{key}: {value}" for key, value in result.items() if key != "loss"])
    if (hint := resume_hint(result, str(config))) is not None and not as_json:
        typer.echo(hint)
    raise typer.Exit(exit_code(result))


def preflight(
    config: ConfigOpt,
    report: Annotated[
        Path | None, typer.Option("--report", help="Write the preflight JSON here.")
    ] = None,
    as_json: JsonFlag = False,
) -> None:
    """Check each training phase on this hardware before a long run; exit 1 naming what fails."""
    from govern.train import load_train_config, run_preflight
    from govern.train.data import histogram_lines

    checked = run_preflight(load_train_config(config), settings.policy(), report)
    payload = checked.to_json()
    human = [json.dumps(payload, indent=2, sort_keys=True)]
    if checked.sizing.get("lengths"):
        human += histogram_lines(checked.sizing["lengths"])
        human.append(f"expected: {checked.sizing['expected_result']}")
    emit(payload, as_json, human)
    raise typer.Exit(checked.exit_code)


def campaign(config: ConfigOpt, as_json: JsonFlag = False) -> None:
    """Run variants differing in one setting; every run, failed ones too, stays in the ledger."""
    from govern.train import load_campaign_config, run_campaign

    summary = run_campaign(load_campaign_config(config), settings.policy())
    human = [json.dumps(row, sort_keys=True) for row in summary["variants"]]
    emit(summary, as_json, [*human, f"ledger: {summary['ledger']}"])


def export(
    adapter: Annotated[Path, typer.Argument(help="Signed LoRA adapter folder.")],
    base_model: Annotated[Path, typer.Option("--base-model", help="Signed base model folder.")],
    out: Annotated[Path, typer.Option("--out", help="Merged model folder to write.")],
    key: Annotated[Path, typer.Option("--key", help="Private key that signs the merged model.")],
    trusted: TrustedOpt = None,
    base_model_signature: Annotated[
        Path | None,
        typer.Option("--base-model-signature", help="The base model's bundle, if kept apart."),
    ] = None,
    signature: Annotated[
        Path | None, typer.Option("--signature", help="Signature file (default OUT.sig).")
    ] = None,
    as_json: JsonFlag = False,
) -> None:
    """Merge a signed adapter into its signed base model (safetensors) and sign the result.

    Exit 1 when an input is unsigned, untrusted or changed; 2 when the adapter is not for this
    base model.
    """
    from govern.train.export import export_merged

    loaded = settings.policy()
    keys = [*(trusted or []), *map(Path, loaded.policy.signing.trusted_keys)]
    exported = export_merged(
        adapter,
        base_model,
        out,
        key,
        keys,
        base_signature=base_model_signature,
        signature=signature,
        policy_sha256=loaded.sha256,
    )
    emit(
        exported.to_json(),
        as_json,
        [f"merged {adapter} into {base_model}: {out}", f"signed: {exported.signature}"],
    )
