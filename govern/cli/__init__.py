"""The ``govern`` command line: thin commands that parse, call one library function, print.

Exit codes: 0 ok, 1 policy violation, 2 usage or input error. Every ``GovernError`` is caught
once, in ``main``, and printed as one line (a traceback only with ``--debug``).
"""

from __future__ import annotations

import gc
import os
import sys
import traceback
from pathlib import Path
from typing import Annotated, Any

import typer

from govern import __version__
from govern.cli import (
    backup,
    data,
    licenses,
    manifest,
    policy,
    project,
    report,
    retention,
    review,
    scan,
    signing,
    splits,
    train,
)
from govern.cli.context import settings
from govern.errors import GovernError, one_line
from govern.progress import quiet_unless_terminal

app = typer.Typer(
    rich_markup_mode=None,  # plain help: no type metavars such as <bool>, no markup eating [ray]
    name="govern",
    help="Data governance and dataset preparation for LLM fine-tuning.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


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


# Each module under govern/cli/ holds one group of commands; help lists them in this order,
# the single commands first, then the groups.
for command in (
    data.inspect,
    project.init,
    data.sample,
    scan.scan,
    licenses.licenses,
    splits.split,
    splits.leaks,
    signing.sign,
    signing.verify,
    train.train,
    train.preflight,
    train.campaign,
    train.export,
):
    app.command()(command)
for name, group in (
    ("policy", policy.app),
    ("report", report.app),
    ("manifest", manifest.app),
    ("keys", signing.keys_app),
    ("backup", backup.app),
    ("retention", retention.app),
    ("baseline", scan.baseline_app),
    ("review", review.app),
):
    app.add_typer(group, name=name)


YOUNG_COLLECTION_THRESHOLD = 50_000  # see main()
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
    # A command's start builds a few million objects that live as long as it does (the policy
    # models, spaCy, presidio, the detectors); at Python's default (a young collection every
    # 700 allocations) the collector walks them again and again, ~0.1 CPU-s of a scan's start.
    # Young collections every 50,000 instead: the same garbage is freed, a little later.
    thresholds = gc.get_threshold()
    gc.set_threshold(max(thresholds[0], YOUNG_COLLECTION_THRESHOLD), *thresholds[1:])
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
    finally:
        gc.set_threshold(*thresholds)  # main() called in-process (tests) leaves it as it was


def _fail(message: str, code: int) -> None:
    """Print one escaped error line (after the traceback with --debug) and exit ``code``.

    --debug adds the traceback and never changes the exit code.
    """
    if settings.debug:
        traceback.print_exc()
    typer.echo(f"govern: error: {one_line(message)}", err=True)
    sys.exit(code)
