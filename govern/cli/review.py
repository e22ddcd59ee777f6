"""``govern review`` and ``govern review approve``: parse, call one library function, print.

Exit codes: ``review`` 0 ready, 1 blocked, 2 bad input; ``approve`` 0 recorded, 1 refused
(a changed review.json, or approving a blocked review), 2 bad input.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

import typer

from govern.cli.context import settings

ProjectOpt = Annotated[
    Path, typer.Option("--project", help="Project folder holding the pipeline's outputs.")
]


SignersOpt = Annotated[
    list[Path] | None,
    typer.Option("--trusted", help="Public key signatures must verify with (repeatable)."),
]


app = typer.Typer(help="The compliance review report and the reviewer's decision.")


@app.callback(invoke_without_command=True)
def review(
    ctx: typer.Context,
    out: Annotated[Path | None, typer.Option("--out", help="Write the HTML page here.")] = None,
    markdown: Annotated[
        Path | None, typer.Option("--markdown", help="Write the Markdown here.")
    ] = None,
    json_out: Annotated[
        Path | None, typer.Option("--json-out", help="Write review.json here.")
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the review document as JSON to stdout.")
    ] = False,
    scan: Annotated[
        Path | None, typer.Option("--scan", help="The raw corpus scan report (scan.json).")
    ] = None,
    scan_redacted: Annotated[
        Path | None, typer.Option("--scan-redacted", help="The redacted copy's scan report.")
    ] = None,
    licenses: Annotated[
        Path | None, typer.Option("--licenses", help="The license report (licenses.json).")
    ] = None,
    split: Annotated[
        Path | None,
        typer.Option("--split", help="The split report, or the split folder holding it."),
    ] = None,
    leaks: Annotated[
        Path | None, typer.Option("--leaks", help="The leak check report (leaks.json).")
    ] = None,
    manifest: Annotated[
        Path | None, typer.Option("--manifest", help="The data manifest (its .sig beside it).")
    ] = None,
    report: Annotated[
        list[str] | None,
        typer.Option(
            "--report",
            help="Any other report as KEY=PATH (repeatable), e.g. preflight=pre.json, "
            "runs=runs/; keys as in review.json's inputs.",
        ),
    ] = None,
    config: Annotated[
        Path | None,
        typer.Option("--config", help="YAML file: 'reports: {KEY: PATH}' (paths relative to it)."),
    ] = None,
    project: ProjectOpt = Path("."),
    trusted: SignersOpt = None,
) -> None:
    """Build the review; exit 0 ready, 1 blocked, 2 bad input.

    Without report options it reads the pipeline's layout under --project and writes
    reports/review.{html,md,json} there. Given reports (--scan, --licenses, ..., --report,
    --config) build it from your own files: a report not given is "not provided" (blocking
    only when the policy's review.required lists it), and only --out, --markdown and
    --json-out are written.
    """
    if ctx.invoked_subcommand is not None:
        return
    from govern.review.given import given_reports
    from govern.review.report import write_review

    named = {
        "scan": scan,
        "scan_redacted": scan_redacted,
        "licenses": licenses,
        "split": split,
        "leaks": leaks,
        "manifest": manifest,
    }
    reports = given_reports(project, named, report or (), config)
    written = write_review(
        project,
        settings.policy(),
        html=out,
        markdown=markdown,
        json_path=json_out,
        trusted=trusted,
        reports=reports,
        defaults=not as_json,
    )
    verdict = written.review.verdict
    if as_json:
        typer.echo(written.review.json_bytes().decode("utf-8"), nl=False)
        raise typer.Exit(verdict.exit_code)
    typer.echo(f"verdict: {verdict.status}")
    for reason in verdict.reasons:
        if reason.level != "resolved":
            typer.echo(f"  {reason.level}: {reason.section}: {reason.text}")
    paths = [p for p in (written.html_path, written.markdown_path, written.json_path) if p]
    typer.echo("review: " + (", ".join(map(str, paths)) or "nothing written (use --out)"))
    raise typer.Exit(verdict.exit_code)


@app.command("approve")
def approve(
    reviewer: Annotated[str, typer.Option("--reviewer", help="Who decides.")],
    note: Annotated[str, typer.Option("--note", help="Why: what was checked, conditions.")],
    decision: Annotated[
        Literal["approved", "rejected"] | None,
        typer.Option("--decision", help="approved (default) or rejected."),
    ] = None,
    key: Annotated[
        Path | None,
        typer.Option("--key", help="Private signing key (default .govern/signing.key)."),
    ] = None,
    review_json: Annotated[
        Path | None, typer.Option("--review", help="review.json (default reports/).")
    ] = None,
    project: ProjectOpt = Path("."),
    trusted: SignersOpt = None,
) -> None:
    """Record and sign the decision on the current review.json; refuses a changed one."""
    from govern.review.approve import approve_review

    record, signature = approve_review(
        project,
        settings.policy(),
        reviewer=reviewer,
        note=note,
        decision=decision or "approved",
        key=key,
        review_json=review_json,
        trusted=trusted,
    )
    typer.echo(
        f"{record['decision']} by {record['reviewer']} at {record['time']}: review.json "
        f"sha256 {record['review']['sha256']}; signed {signature}"
    )
