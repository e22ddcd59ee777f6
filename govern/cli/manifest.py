"""``govern manifest``: pin data files with report summaries, verify them, compare two manifests."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from govern.cli.context import emit, settings
from govern.cli.options import EngineOpt, JsonFlag, RayAddress
from govern.errors import InputError

app = typer.Typer(help="Build, verify and compare data manifests.", no_args_is_help=True)


def _report_kinds(reports: list[str] | None) -> dict[str, Path]:
    """``--report KIND=PATH`` items; an unknown kind or a missing file is a usage error."""
    from govern.manifest.summaries import REPORT_KINDS

    kinds: dict[str, Path] = {}
    for item in reports or []:
        kind, sep, path = item.partition("=")
        if not sep or not kind or not path:
            raise InputError(
                f"--report: expected KIND=PATH ({', '.join(REPORT_KINDS)}), got {item!r}"
            )
        if kind not in REPORT_KINDS:
            raise InputError(f"--report: unknown kind {kind!r} (known: {', '.join(REPORT_KINDS)})")
        if not Path(path).is_file():
            raise InputError(f"{path}: --report {kind}: report file not found")
        kinds[kind] = Path(path)
    return kinds


@app.command("build")
def manifest_build(
    roots: Annotated[list[Path], typer.Argument(help="Data folders or files to pin.")],
    out: Annotated[Path, typer.Option("--out", help="Manifest file to write.")],
    report: Annotated[
        list[str] | None,
        typer.Option("--report", help="KIND=PATH of a stage report to summarise, repeatable."),
    ] = None,
    parent: Annotated[
        list[Path] | None, typer.Option("--parent", help="Manifest this data derives from.")
    ] = None,
    base: Annotated[Path, typer.Option("--base", help="Folder paths are relative to.")] = Path("."),
    workers: Annotated[int, typer.Option("--workers", help="Hashing threads; 0 = per core.")] = 0,
    engine: EngineOpt = "local",
    ray_address: RayAddress = None,
    as_json: JsonFlag = False,
) -> None:
    """Pin every file (size, sha256, rows, schema) with report summaries; deterministic."""
    from govern.engines import get_engine
    from govern.manifest import write_manifest

    manifest = get_engine(engine, address=ray_address, workers=workers).manifest(
        roots,
        settings.policy(),
        base=base,
        reports=_report_kinds(report),
        parents=parent or [],
        workers=workers,
    )
    written = write_manifest(manifest, out)
    totals = manifest["totals"]
    human = [f"{written}: {totals['files']} files, {totals['rows']} rows, id {manifest['id']}"]
    emit({"path": str(written), "id": manifest["id"], "totals": totals}, as_json, human)


@app.command("verify")
def manifest_verify(
    manifest: Annotated[Path, typer.Argument(help="Manifest to check the files against.")],
    base: Annotated[
        Path | None, typer.Option("--base", help="Folder the paths are relative to.")
    ] = None,
    as_json: JsonFlag = False,
) -> None:
    """Re-hash every file; exit 1 naming each missing, changed or extra file."""
    from govern.manifest import verify_manifest

    result = verify_manifest(manifest, base=base)
    human = result.describe() or [f"{manifest}: ok, every file matches"]
    emit(result.to_json(), as_json, human)
    raise typer.Exit(result.exit_code)


@app.command("diff")
def manifest_diff(
    a: Annotated[Path, typer.Argument(help="Older manifest.")],
    b: Annotated[Path, typer.Argument(help="Newer manifest.")],
    exit_code: Annotated[
        bool, typer.Option("--exit-code", hidden=True, help="Kept for old scripts: the default.")
    ] = True,
) -> None:
    """Say what changed between two manifests (JSON); exit 1 when they differ, like git diff."""
    from govern.manifest import diff_manifests

    changes = diff_manifests(a, b)
    typer.echo(json.dumps(changes, indent=2, sort_keys=True))
    if not changes.get("identical", False):
        raise typer.Exit(1)
