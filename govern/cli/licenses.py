"""``govern licenses``: check dataset, source and model licenses against the policy."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from govern.cli.context import emit, settings
from govern.cli.options import JsonFlag, ReportOpt
from govern.contract import write_report
from govern.licenses.contract import LicenseReport


def licenses(
    paths: Annotated[list[Path], typer.Argument(help="Datasets and/or model folders.")],
    report: ReportOpt = None,
    approved_to: Annotated[
        Path | None,
        typer.Option(
            "--approved-to",
            help="Write the records of allowed sources here (replaced as a whole), with their "
            "cards and license files, as the DVC stage does.",
        ),
    ] = None,
    as_json: JsonFlag = False,
) -> None:
    """Check dataset, source and model licenses; exit 1 if any is denied or awaits review."""
    from govern.licenses import run_licenses

    run = run_licenses(paths, settings.policy(), approved_to=approved_to)
    payload = run.to_json()
    if report is not None:
        write_report(report, LicenseReport, payload)
    emit(payload, as_json, run.lines())
    raise typer.Exit(run.report.exit_code)
