"""``govern review`` and ``govern review approve``: parse, call one library function, print.

Exit codes: ``review`` 0 ready, 1 blocked, 2 bad input; ``approve`` 0 recorded, 1 refused
(a changed review.json, or approving a blocked review), 2 bad input.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Literal

import typer

from govern.policy import LoadedPolicy

ProjectOpt = Annotated[
    Path, typer.Option("--project", help="Project folder holding the pipeline's outputs.")
]
TrustedOpt = Annotated[
    list[Path] | None,
    typer.Option("--trusted", help="Public key signatures must verify with (repeatable)."),
]


def make_review_app(policy: Callable[[], LoadedPolicy]) -> typer.Typer:
    """The ``review`` command group; ``policy`` loads the global ``--policy`` when called."""
    review_app = typer.Typer(help="The compliance review report and the reviewer's decision.")

    @review_app.callback(invoke_without_command=True)
    def review(
        ctx: typer.Context,
        out: Annotated[
            Path | None, typer.Option("--out", help="HTML page (default reports/review.html).")
        ] = None,
        markdown: Annotated[
            Path | None, typer.Option("--markdown", help="Markdown (default reports/review.md).")
        ] = None,
        json_path: Annotated[
            Path | None, typer.Option("--json", help="JSON (default reports/review.json).")
        ] = None,
        project: ProjectOpt = Path("."),
        trusted: TrustedOpt = None,
    ) -> None:
        """Write the review (HTML, Markdown, JSON); exit 0 ready, 1 blocked, 2 bad input."""
        if ctx.invoked_subcommand is not None:
            return
        from govern.review.report import write_review

        written = write_review(
            project, policy(), html=out, markdown=markdown, json_path=json_path, trusted=trusted
        )
        verdict = written.review.verdict
        typer.echo(f"verdict: {verdict.status}")
        for reason in verdict.reasons:
            if reason.level != "resolved":
                typer.echo(f"  {reason.level}: {reason.section}: {reason.text}")
        typer.echo(f"review: {written.html_path} ({written.markdown_path}, {written.json_path})")
        raise typer.Exit(verdict.exit_code)

    @review_app.command("approve")
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
        trusted: TrustedOpt = None,
    ) -> None:
        """Record and sign the decision on the current review.json; refuses a changed one."""
        from govern.review.approve import approve_review

        record, signature = approve_review(
            project,
            policy(),
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

    return review_app
