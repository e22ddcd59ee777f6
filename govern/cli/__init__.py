"""The ``govern`` command line: thin commands that parse, call one library function, print.

Exit codes: 0 ok, 1 policy violation, 2 usage or input error. Every ``GovernError`` is caught
once, in ``main``, and printed as one line (a traceback only with ``--debug``).
"""

from __future__ import annotations

import json
import os
import sys
import traceback
from pathlib import Path
from typing import Annotated, Any

import typer

from govern import __version__
from govern.cli import backup, data, licenses, policy, retention, scan, signing, splits, train
from govern.cli.context import emit, settings
from govern.cli.options import (
    EngineOpt,
    JsonFlag,
    RayAddress,
)
from govern.errors import GovernError, InputError, one_line
from govern.progress import quiet_unless_terminal
from govern.review.cli import make_review_app

app = typer.Typer(
    rich_markup_mode=None,  # plain help: no type metavars such as <bool>, no markup eating [ray]
    name="govern",
    help="Data governance and dataset preparation for LLM fine-tuning.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)
app.add_typer(policy.app, name="policy")
manifest_app = typer.Typer(help="Build, verify and compare data manifests.", no_args_is_help=True)
app.add_typer(manifest_app, name="manifest")
app.add_typer(signing.keys_app, name="keys")
app.add_typer(backup.app, name="backup")
app.add_typer(retention.app, name="retention")
app.add_typer(scan.baseline_app, name="baseline")

# The review group lives in govern/review/cli.py; it reads the global --policy when it runs.
app.add_typer(make_review_app(lambda: settings.policy()), name="review")


def _version(value: bool) -> None:
    if value:
        typer.echo(f"govern {__version__}")
        raise typer.Exit()


@app.callback()
def _global(
    policy: Annotated[
        Path | None,
        typer.Option(
            "--policy",
            help="Policy file (also after the command). Default: $GOVERN_POLICY, else "
            "policies/default.yaml or govern.yaml here or in a folder above, else the packaged "
            "default.",
            show_default=False,
        ),
    ] = None,
    debug: Annotated[bool, typer.Option("--debug", help="Show tracebacks on errors.")] = False,
    version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True, help="Print the version."),
    ] = False,
) -> None:
    """Scan, license-check, split, version, back up, sign and train on fine-tuning data."""
    settings.reset(policy, debug)


app.command()(data.inspect)
app.command()(data.sample)


app.command()(scan.scan)


app.command()(licenses.licenses)


app.command()(splits.split)
app.command()(splits.leaks)


app.command()(signing.sign)
app.command()(signing.verify)


app.command()(train.train)
app.command()(train.preflight)
app.command()(train.campaign)
app.command()(train.export)


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


@manifest_app.command("build")
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


@manifest_app.command("verify")
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


@manifest_app.command("diff")
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


_GLOBAL_WITH_VALUE = frozenset({"--policy"})
_GLOBAL_FLAGS = frozenset({"--debug"})


def hoist_global_options(argv: list[str]) -> list[str]:
    """``argv`` with the global options moved before the command, so they work after it too.

    ``govern scan data --policy p.yaml`` then means ``govern --policy p.yaml scan data``;
    anything after ``--`` is left alone.
    """
    hoisted: list[str] = []
    rest: list[str] = []
    index = 0
    while index < len(argv):
        token = argv[index]
        if token == "--":
            rest += argv[index:]
            break
        name = token.split("=", 1)[0]
        if token in _GLOBAL_WITH_VALUE and index + 1 < len(argv):
            hoisted += argv[index : index + 2]
            index += 2
            continue
        if name in _GLOBAL_WITH_VALUE or token in _GLOBAL_FLAGS:
            hoisted.append(token)
        else:
            rest.append(token)
        index += 1
    return hoisted + rest


def _plain_metavars(command: Any) -> None:
    """Help shows ``PATH``/``TEXT``/``N`` after options, never typer's ``<bool>``/``<list[Path]>``.

    ``command`` is typer's command tree (``typer.main.get_command``); flags keep no metavar.
    """
    for param in command.params:
        bare = param.bare_type() if hasattr(param, "bare_type") else ""
        if param.metavar is not None or bare == "bool" or getattr(param, "is_flag", False):
            continue
        if param.param_type_name == "argument":
            many = "..." if param.nargs != 1 else ""
            param.metavar = (param.name or "value").upper()
            param.display_type_rich = lambda ctx, many=many: many or None  # no "<list[Path]>"
            continue
        element = bare.removeprefix("list[").removesuffix("]")
        param.metavar = {"Path": "PATH", "int": "N", "float": "NUMBER"}.get(element, "TEXT")
    for sub in getattr(command, "commands", {}).values():
        _plain_metavars(sub)


def main(argv: list[str] | None = None) -> None:
    """Console entry point: run the app, map errors to exit codes and one-line messages.

    Usage errors (unknown command or option) are reported by typer itself with exit code 2.
    """
    quiet_unless_terminal()
    os.umask(0o077)  # what libraries write for us (save_pretrained, pyarrow) is owner-only too
    try:
        command = typer.main.get_command(app)
        _plain_metavars(command)
        command(
            args=hoist_global_options(sys.argv[1:] if argv is None else argv), prog_name="govern"
        )
    except GovernError as exc:
        _fail(str(exc), exc.exit_code)
    except RecursionError:
        # Every parser we know of catches this itself; this keeps a missed one at exit 2.
        _fail("input nested too deeply to read", 2)


def _fail(message: str, code: int) -> None:
    """Print one escaped error line (after the traceback with --debug) and exit ``code``.

    --debug adds the traceback and never changes the exit code.
    """
    if settings.debug:
        traceback.print_exc()
    typer.echo(f"govern: error: {one_line(message)}", err=True)
    sys.exit(code)
