"""``govern init``: a project of the user's own, their data and base model, run by DVC."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from govern.cli.context import emit
from govern.cli.options import JsonFlag


def init(
    folder: Annotated[Path, typer.Argument(help="The project folder (made if missing).")],
    data: Annotated[
        Path, typer.Option("--data", help="Your records: a file or folder, licence file beside.")
    ],
    model: Annotated[
        Path | None,
        typer.Option("--model", help="Base model folder to fine-tune; without it, no training."),
    ] = None,
    force: Annotated[bool, typer.Option(help="Replace existing policy/params/dvc.yaml.")] = False,
    as_json: JsonFlag = False,
) -> None:
    """Start a project on your own data: policies/default.yaml, params.yaml and dvc.yaml."""
    from govern.project import write_project

    project = write_project(folder, data, model, force=force)
    payload = {
        "root": str(project.root),
        "files": [str(path) for path in project.files],
        "notes": list(project.notes),
    }
    emit(payload, as_json, project.describe())
