"""``govern retention``: plan what the policy's retention rules delete, delete it, audit the log."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from govern.cli.context import emit, open_key_store, settings
from govern.cli.options import JsonFlag, KeyStoreOpt

app = typer.Typer(help="Retention plans, deletions and their audit log.")


@app.callback(invoke_without_command=True)
def _retention_default(ctx: typer.Context) -> None:
    """Retention: ``plan`` (the default) lists what the policy deletes; ``apply`` deletes it."""
    if ctx.invoked_subcommand is None:
        retention_plan()


@app.command("plan")
def retention_plan(
    root: Annotated[Path, typer.Option("--root", help="Project folder the rules apply to.")] = Path(
        "."
    ),
    out: Annotated[Path, typer.Option("--out", help="Plan file to write.")] = Path(
        "reports/retention_plan.json"
    ),
    as_json: JsonFlag = False,
) -> None:
    """Write what the retention rules would delete now, with the reason for each item."""
    from datetime import UTC, datetime

    from govern.retention import plan_retention, write_plan

    plan = plan_retention(root, settings.policy(), datetime.now(UTC))
    write_plan(plan, out)
    payload = plan.to_json()
    totals = payload["totals"]
    human = [
        f"{out}: {totals['items']} items ({totals['bytes']} bytes) to delete, {totals['kept']} kept"
    ]
    human += [f"  {d['rule']}: {d['item']} ({d['reason']})" for d in payload["deletions"]]
    emit(payload, as_json, human)


@app.command("apply")
def retention_apply(
    plan: Annotated[Path, typer.Option("--plan", help="Plan written by `retention plan`.")],
    root: Annotated[Path, typer.Option("--root", help="Project folder of the plan.")] = Path("."),
    log: Annotated[
        Path | None, typer.Option("--log", help="Deletion log (policy default).")
    ] = None,
    report: Annotated[
        Path, typer.Option("--report", help="Report: deletions and the log's new head.")
    ] = Path("reports/retention.json"),
    key_store: KeyStoreOpt = None,
) -> None:
    """Delete exactly what the plan lists (refusing a stale plan) and log every deletion.

    The log's head is signed with the policy's retention.signing_key after every entry.
    """
    from govern.retention import apply_plan

    loaded = settings.policy()
    target_log = log or Path(loaded.policy.retention.audit_log)
    store = open_key_store(key_store) if key_store else None
    applied = apply_plan(plan, root, loaded, target_log, store=store, report=report)
    if applied.reconciled:
        typer.echo(f"reconciled {len(applied.reconciled)} interrupted deletions")
    typer.echo(
        f"deleted {len(applied.deletions)} items; logged in {target_log}, "
        f"head {applied.log.head} (recorded in {report})"
    )


@app.command("audit")
def retention_audit(
    log: Annotated[Path | None, typer.Argument(help="Deletion log (policy default).")] = None,
    expect_head: Annotated[
        str | None, typer.Option("--expect-head", help="Head hash recorded earlier.")
    ] = None,
    public_key: Annotated[
        Path | None,
        typer.Option("--key", help="Public key checking the head (policy signing_key + .pub)."),
    ] = None,
    as_json: JsonFlag = False,
) -> None:
    """Check the deletion log's chain and signed head; exit 1 naming the first problem.

    Deletions interrupted by a crash (an intent without done) are listed; the next apply
    completes them.
    """
    from govern.retention import audit_log, log_public_key

    loaded = settings.policy()
    target = log or Path(loaded.policy.retention.audit_log)
    result = audit_log(
        target,
        expect_head,
        public_key=public_key or log_public_key(loaded),
        anchor=Path(loaded.policy.retention.anchor),
    )
    payload = {
        "log": str(target),
        "entries": result.entries,
        "head": result.head,
        "problem": result.problem,
        "pending": [entry["seq"] for entry in result.pending],
    }
    human = [f"{target}: {result.problem or f'ok, {result.entries} entries, head {result.head}'}"]
    if result.pending:
        human.append(
            f"{target}: {len(result.pending)} deletions interrupted (intent without done, "
            f"entries {', '.join(str(e['seq']) for e in result.pending)}); the next apply "
            "completes them"
        )
    emit(payload, as_json, human)
    raise typer.Exit(0 if result.ok else 1)
