"""The ``govern`` command line: thin commands that parse, call one library function, print.

Exit codes: 0 ok, 1 policy violation, 2 usage or input error. Every ``GovernError`` is caught
once, in ``main``, and printed as one line (a traceback only with ``--debug``).
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import typer

from govern import __version__
from govern.errors import GovernError
from govern.policy import DEFAULT_POLICY_PATH, LoadedPolicy, load_policy, policy_schema
from govern.progress import quiet_unless_terminal
from govern.records import ReaderOptions, ReadStats, read_records

app = typer.Typer(
    name="govern",
    help="Data governance and dataset preparation for LLM fine-tuning.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)
policy_app = typer.Typer(help="Validate and describe policy files.", no_args_is_help=True)
app.add_typer(policy_app, name="policy")


@dataclass(slots=True)
class _Settings:
    policy_path: Path = DEFAULT_POLICY_PATH
    debug: bool = False
    _loaded: LoadedPolicy | None = None

    def policy(self) -> LoadedPolicy:
        if self._loaded is None:
            self._loaded = load_policy(self.policy_path)
        return self._loaded


_settings = _Settings()

JsonFlag = Annotated[bool, typer.Option("--json", help="Print machine-readable JSON to stdout.")]


def _version(value: bool) -> None:
    if value:
        typer.echo(f"govern {__version__}")
        raise typer.Exit()


@app.callback()
def _global(
    policy: Annotated[
        Path, typer.Option("--policy", help="Policy file used by every command.")
    ] = DEFAULT_POLICY_PATH,
    debug: Annotated[bool, typer.Option("--debug", help="Show tracebacks on errors.")] = False,
    version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True, help="Print the version."),
    ] = False,
) -> None:
    """Scan, license-check, split, version, back up, sign and train on fine-tuning data."""
    _settings.policy_path = policy
    _settings.debug = debug
    _settings._loaded = None


def _emit(payload: dict[str, Any], as_json: bool, human: list[str]) -> None:
    if as_json:
        typer.echo(json.dumps(payload, indent=2, sort_keys=True, ensure_ascii=False))
    else:
        for line in human:
            typer.echo(line)


@policy_app.command("check")
def policy_check(
    file: Annotated[Path, typer.Argument(help="Policy YAML file to validate.")],
    as_json: JsonFlag = False,
) -> None:
    """Validate a policy file against the schema; exit 2 naming each wrong key and line."""
    loaded = load_policy(file)
    _emit(
        {"path": str(file), "valid": True, **loaded.provenance()},
        as_json,
        [f"{file}: ok (policy {loaded.policy.name!r}, sha256 {loaded.sha256})"],
    )


@policy_app.command("schema")
def policy_show_schema() -> None:
    """Print the JSON schema of policy files (for editors and documentation)."""
    typer.echo(json.dumps(policy_schema(), indent=2))


def reader_options(
    id_field: str | None, text_fields: list[str] | None, skip_invalid: bool
) -> ReaderOptions:
    """Reader options: the policy's ``dataset`` section, overridden by command-line flags."""
    dataset = _settings.policy().policy.dataset
    fields = text_fields or dataset.text_fields
    return ReaderOptions(
        id_field=id_field or dataset.id_field,
        text_fields=tuple(fields) if fields else None,
        skip_invalid=skip_invalid or dataset.skip_invalid,
    )


IdField = Annotated[
    str | None, typer.Option("--id-field", help="Record field with a stable id (policy default).")
]
TextFieldOpt = Annotated[
    list[str] | None,
    typer.Option("--text-field", help="Field path holding text, repeatable (messages.*.content)."),
]
SkipInvalid = Annotated[
    bool, typer.Option("--skip-invalid", help="Skip and count invalid records instead of failing.")
]


@app.command()
def inspect(
    paths: Annotated[list[Path], typer.Argument(help="Dataset files or folders.")],
    id_field: IdField = None,
    text_field: TextFieldOpt = None,
    skip_invalid: SkipInvalid = False,
    as_json: JsonFlag = False,
) -> None:
    """Read datasets and report records by kind and file; exit 2 on the first bad record."""
    from govern.progress import progress

    options = reader_options(id_field, text_field, skip_invalid)
    stats = ReadStats()
    kinds: Counter[str] = Counter()
    for record in progress(read_records(paths, options, stats), "Reading records"):
        kinds[record.kind] += 1
    summary = {"kinds": dict(sorted(kinds.items())), **stats.to_json()}
    human = [f"{stats.records} records in {len(stats.files)} files"]
    human += [f"  {kind}: {count}" for kind, count in sorted(kinds.items())]
    if stats.skipped:
        human.append(f"skipped {sum(stats.skipped.values())} invalid records:")
        human += [f"  {where}" for where in stats.skipped_at]
    _emit(summary, as_json, human)


@app.command()
def sample(
    out: Annotated[Path, typer.Option("--out", help="Folder to write the sample into.")],
    seed: Annotated[int, typer.Option(help="Random seed; same seed, same bytes.")] = 0,
    model: Annotated[bool, typer.Option(help="Also build the tiny local model.")] = True,
    as_json: JsonFlag = False,
) -> None:
    """Write the bundled sample: a fine-tuning corpus with planted PII/secrets and a tiny model."""
    from govern.sample.bundle import write_sample

    written = write_sample(out, seed=seed, with_model=model)
    _emit(written.to_json(), as_json, written.describe())


def main(argv: list[str] | None = None) -> None:
    """Console entry point: run the app, map errors to exit codes and one-line messages.

    Usage errors (unknown command or option) are reported by typer itself with exit code 2.
    """
    quiet_unless_terminal()
    try:
        app(args=argv)
    except GovernError as exc:
        if _settings.debug:
            raise
        typer.echo(f"govern: error: {exc}", err=True)
        sys.exit(exc.exit_code)
