"""``govern policy``: validate and describe policy files."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from govern.cli.context import emit
from govern.cli.options import JsonFlag

app = typer.Typer(help="Validate and describe policy files.", no_args_is_help=True)


@app.command("check")
def check(
    file: Annotated[Path, typer.Argument(help="Policy YAML file to validate.")],
    as_json: JsonFlag = False,
) -> None:
    """Validate a policy file against the schema; exit 2 naming each wrong key and line."""
    from govern.policy import load_policy

    loaded = load_policy(file)
    emit(
        {"path": str(file), "valid": True, **loaded.provenance()},
        as_json,
        [f"{file}: ok (policy {loaded.policy.name!r}, sha256 {loaded.sha256})"],
    )


@app.command("schema")
def schema() -> None:
    """Print the JSON schema of policy files (for editors and documentation)."""
    from govern.policy import policy_schema

    typer.echo(json.dumps(policy_schema(), indent=2))
