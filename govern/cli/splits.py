"""``govern split`` (group-aware, stable splits) and ``govern leaks`` (what crosses them)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from govern.cli.context import emit, reader_options, settings
from govern.cli.options import (
    EngineOpt,
    IdField,
    JsonFlag,
    RayAddress,
    ReportOpt,
    SkipInvalid,
    TextFieldOpt,
)
from govern.errors import InputError


def split(
    input: Annotated[Path, typer.Argument(help="Dataset file or folder to split.")],
    out: Annotated[Path, typer.Option("--out", help="Folder for train/validation/test.")],
    by: Annotated[
        str | None, typer.Option("--by", help="Group keys, comma-separated (policy default).")
    ] = None,
    ratios: Annotated[
        str | None, typer.Option("--ratios", help="train,validation,test, e.g. 0.8,0.1,0.1.")
    ] = None,
    time_field: Annotated[
        str | None, typer.Option("--time-field", help="Timestamp field for a time split.")
    ] = None,
    cutoff: Annotated[
        str | None, typer.Option("--cutoff", help="ISO date: train ends before it.")
    ] = None,
    gap: Annotated[
        str | None, typer.Option("--gap", help="Gap after the cutoff, e.g. 7d or 12h.")
    ] = None,
    ledger: Annotated[
        Path | None, typer.Option("--ledger", help="Earlier assignment ledger to keep.")
    ] = None,
    id_field: IdField = None,
    text_field: TextFieldOpt = None,
    skip_invalid: SkipInvalid = False,
    engine: EngineOpt = "local",
    ray_address: RayAddress = None,
    as_json: JsonFlag = False,
) -> None:
    """Split by group keys (or time) so no group straddles splits; stable as data grows."""
    from govern.engines import get_engine
    from govern.splits.options import (
        SplitOptions,
        parse_cutoff,
        parse_gap,
        parse_keys,
        parse_ratios,
    )

    options = SplitOptions(
        by=parse_keys(by) if by else None,
        ratios=parse_ratios(ratios) if ratios else None,
        time_field=time_field,
        cutoff=parse_cutoff(cutoff) if cutoff else None,
        gap=parse_gap(gap) if gap else None,
        ledger=ledger,
        reader=reader_options(id_field, text_field, skip_invalid),
    )
    runner = get_engine(engine, address=ray_address)
    report = runner.split(input, out, settings.policy(), options)
    emit(report.to_json(), as_json, report.describe())


def leaks(
    split_dir: Annotated[Path, typer.Argument(help="Folder written by govern split.")],
    report: ReportOpt = None,
    against: Annotated[
        list[Path] | None,
        typer.Option("--against", help="Evaluation/benchmark file to check overlap with."),
    ] = None,
    fix: Annotated[
        bool,
        typer.Option(
            "--fix", help="Move linked records into one split (needs --out or --in-place)."
        ),
    ] = False,
    out: Annotated[
        Path | None, typer.Option("--out", help="With --fix: write the fixed splits here.")
    ] = None,
    in_place: Annotated[
        bool, typer.Option("--in-place", help="With --fix: replace the split folder itself.")
    ] = False,
    id_field: IdField = None,
    text_field: TextFieldOpt = None,
    skip_invalid: SkipInvalid = False,
    as_json: JsonFlag = False,
) -> None:
    """Check splits for shared keys, duplicates, near-duplicates, contamination; exit 1 on leaks."""
    from govern.splits.fix import fix_leaks
    from govern.splits.leaks import check_leaks
    from govern.splits.options import LeakOptions

    if fix and (out is None) == (not in_place):
        raise InputError("--fix: give --out DIR for the fixed copy, or --in-place (not both)")
    if not fix and (out is not None or in_place):
        raise InputError("--out and --in-place go with --fix")
    options = LeakOptions(
        against=tuple(against or ()), reader=reader_options(id_field, text_field, skip_invalid)
    )
    if fix:
        result = fix_leaks(split_dir, settings.policy(), options, out=out)
    else:
        result = check_leaks(split_dir, settings.policy(), options)
    if report is not None:
        result.write(report)
    emit(result.to_json(), as_json, result.describe())
    raise typer.Exit(result.exit_code)
