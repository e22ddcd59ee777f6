"""``govern report``: describe the reports the stages write."""

from __future__ import annotations

import json
from typing import Annotated

import typer

app = typer.Typer(help="Describe the reports the stages write.", no_args_is_help=True)


@app.command("schema")
def schema(
    kind: Annotated[
        str,
        typer.Argument(
            help="A report kind: scan, licenses, split, leaks, manifest, backup, preflight, "
            "train_metrics, gates, replay, memorization, review..."
        ),
    ],
) -> None:
    """Print the JSON schema of one report kind (the model that writes and reads it)."""
    from govern.reports import report_schema

    typer.echo(json.dumps(report_schema(kind), indent=2))
