"""``govern scan`` (secrets and PII in datasets and artifacts) and ``govern baseline audit``."""

from __future__ import annotations

import dataclasses
from contextlib import ExitStack
from pathlib import Path
from typing import Annotated, Any

import typer

from govern.cli.context import emit, reader_options, settings, stdin_as_file
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

baseline_app = typer.Typer(help="Accepted scan findings (govern scan --baseline).")


def scan(
    paths: Annotated[
        list[Path], typer.Argument(help="Datasets and/or artifact trees; - reads standard input.")
    ],
    report: ReportOpt = None,
    sarif: Annotated[Path | None, typer.Option("--sarif", help="Write SARIF 2.1.0 here.")] = None,
    redact_to: Annotated[
        Path | None, typer.Option("--redact-to", help="Write redacted copies of datasets here.")
    ] = None,
    redact_mode: Annotated[
        str, typer.Option("--redact-mode", help="placeholder (<EMAIL_ADDRESS>) or pseudonym.")
    ] = "placeholder",
    workers: Annotated[int, typer.Option("--workers", help="Processes; 0 = one per core.")] = 0,
    treat_as: Annotated[
        str, typer.Option("--as", help="auto, dataset or artifacts (auto decides per path).")
    ] = "auto",
    nlp_model: Annotated[
        str | None, typer.Option("--nlp-model", help="Installed spaCy pipeline for PERSON etc.")
    ] = None,
    hash_key_file: Annotated[
        Path | None, typer.Option("--hash-key-file", help="HMAC key for value hashes.")
    ] = None,
    id_field: IdField = None,
    text_field: TextFieldOpt = None,
    skip_invalid: SkipInvalid = False,
    engine: EngineOpt = "local",
    ray_address: RayAddress = None,
    baseline: Annotated[
        Path | None,
        typer.Option(
            "--baseline",
            help="Accepted findings (keyed hashes): fail only on findings it lacks; "
            "made from this scan when the file does not exist.",
        ),
    ] = None,
    update_baseline: Annotated[
        bool,
        typer.Option("--update-baseline", help="Rewrite --baseline with this scan's findings."),
    ] = False,
    as_json: JsonFlag = False,
) -> None:
    """Scan for secrets and PII; exit 1 when the policy blocks what was found.

    Findings carry location, type, detector, score and a keyed hash: never the value.
    """
    from govern.engines import get_engine
    from govern.findings import load_hash_key
    from govern.scan.engine import ScanOptions

    if redact_mode not in ("placeholder", "pseudonym"):
        raise InputError(f"--redact-mode: expected placeholder or pseudonym, got {redact_mode!r}")
    if treat_as not in ("auto", "dataset", "artifacts"):
        raise InputError(f"--as: expected auto, dataset or artifacts, got {treat_as!r}")
    loaded = settings.policy()
    policy = loaded.policy
    if nlp_model:
        policy = policy.model_copy(
            update={"pii": policy.pii.model_copy(update={"nlp_model": nlp_model})}
        )
    options = ScanOptions(
        workers=workers,
        redact_to=redact_to,
        redact_mode=redact_mode,  # type: ignore[arg-type]
        treat_as=treat_as,  # type: ignore[arg-type]
        reader=reader_options(id_field, text_field, skip_invalid),
        baseline=baseline,
        update_baseline=update_baseline,
    )
    if update_baseline and baseline is None:
        raise InputError("--update-baseline needs --baseline FILE")
    if policy is not loaded.policy:
        loaded = dataclasses.replace(loaded, policy=policy)
    runner = get_engine(engine, address=ray_address, workers=workers)
    with ExitStack() as stack:
        payload = runner.scan(
            stdin_as_file(paths, stack),
            loaded,
            options,
            load_hash_key(hash_key_file),
            report_path=report,
            sarif_path=sarif,
        )
    summary = payload["summary"]
    human = [
        f"{payload['verdict'].upper()}: {summary['findings']} findings in {summary['records']} "
        f"records and {summary['files']} files",
        *[f"  {kind}: {count}" for kind, count in summary["by_type"].items()],
        *[f"  {reason}" for reason in payload["reasons"]],
        f"  not covered: {', '.join(payload['coverage']['not_covered']) or 'none'}",
    ]
    emit(payload if as_json else {}, as_json, human)
    if payload["verdict"] == "fail":
        raise typer.Exit(1)


@baseline_app.command("audit")
def baseline_audit(
    file: Annotated[Path, typer.Argument(help="Baseline written by govern scan --baseline.")],
    mark: Annotated[
        list[str] | None,
        typer.Option(
            "--mark", help="ID=true-positive or ID=false-positive, repeatable (ids: see listing)."
        ),
    ] = None,
    note: Annotated[str | None, typer.Option("--note", help="Why, stored with the mark.")] = None,
    hash_key_file: Annotated[
        Path | None, typer.Option("--hash-key-file", help="HMAC key the baseline was made with.")
    ] = None,
    as_json: JsonFlag = False,
) -> None:
    """List the baseline's entries (where, type, audit mark; never values) or mark them.

    A true positive keeps failing scans until the value is removed; a false positive (or an
    entry not yet audited) is accepted.
    """
    from govern.findings import load_hash_key
    from govern.scan.baseline import AUDITS, audit, load_baseline

    key = load_hash_key(hash_key_file)
    marks: dict[str, Any] = {}
    for item in mark or []:
        entry_id, sep, verdict = item.partition("=")
        if not sep or verdict not in AUDITS:
            raise InputError(f"--mark: expected ID={'|'.join(AUDITS)}, got {item!r}")
        marks[entry_id] = verdict
    known = audit(file, key, marks, note) if marks else load_baseline(file, key)
    human = [
        f"{entry_id}  {e['path']}:{e['line']}  {e['field']}  {e['type']} ({e['detector']})  "
        f"{e.get('audit') or 'unaudited'}"
        for entry_id, e in known.entries.items()
    ]
    counts = known.to_json()["counts"]
    human.append(", ".join(f"{count} {mark}" for mark, count in counts.items()))
    emit(known.to_json(), as_json, human)
