"""DVC stage `retention`: plan, apply and audit the policy's retention on a scratch project.

Params: retention.root (the scratch project, rebuilt each run with artifacts of known ages:
deletions happen there only), retention.plan, retention.log (persisted, appended each run),
retention.key_file and retention.key_store (the scratch backups' keys, under ``.govern/``),
retention.now (ISO time; null = the clock), retention.report (the deletions and the log's new
head). The log's head is signed with the policy's retention.signing_key (the sample signing key,
made here on first run like the sign stage does). Exits 1 if the deletion log fails its audit.

The plan, the report and the log are evidence of this run (fresh scratch keys, the log's times
and signed head): DVC tracks the receipt, the plan and report less key ids, digests of the
encrypted scratch files and of the plan that holds them, and log positions.
"""

import shutil
from datetime import UTC, datetime
from pathlib import Path

from govern.backup import KeyStore, load_or_create_key_file
from govern.io import atomic_write_text
from govern.policy import load_policy
from govern.retention import apply_plan, audit_with_policy, plan_retention, write_plan
from govern.retention.scratch import build_scratch
from govern.signing import generate_keys
from govern.stage import read_report, run_stage, stage_params, write_receipt

MEASURED = ("key_id", "digest", "seq", "log", "plan_sha256")


def main() -> int:
    params = stage_params("retention")
    loaded = load_policy(params["policy"])
    now = datetime.fromisoformat(params["now"]) if params.get("now") else datetime.now(UTC)
    root, log = Path(params["root"]), Path(params["log"])
    key, _ = load_or_create_key_file(params["key_file"])
    store = KeyStore(params["key_store"])
    shutil.rmtree(store.root, ignore_errors=True)  # the scratch project is rebuilt, so its keys
    count = build_scratch(root, now, key, store)
    plan = plan_retention(root, loaded, now)
    write_plan(plan, params["plan"])
    signing_key = Path(loaded.policy.retention.signing_key)
    if not signing_key.exists():
        generate_keys(signing_key, loaded.policy.signing.algorithm)
        if not (signing_key.parent / ".gitignore").exists():
            atomic_write_text(signing_key.parent / ".gitignore", "*\n")
    applied = apply_plan(
        params["plan"], root, loaded, log, store=store, report=Path(params["report"])
    )
    print(f"retention: scratch project {root} with {count} files; plan {params['plan']}")
    for deletion in applied.deletions:
        planned = deletion.planned
        how = f"crypto-shred key {planned.key_id}" if planned.key_id else planned.method
        # As the plan names it: a keyed hash where the policy says paths are personal.
        print(f"  deleted {plan.names.show(planned.item)} ({planned.rule}, {how})")
    for kept in plan.kept:
        print(f"  kept    {kept['item']} ({kept['rule']}): {kept['reason']}")
    result = audit_with_policy(log, loaded, expect_head=applied.log.head)
    done = {"plan": read_report(params["plan"]), "report": read_report(params["report"])}
    write_receipt("retention", done, MEASURED)
    print(
        f"audit: {log}: {result.entries} entries, head {result.head}: "
        f"{'intact' if result.ok else result.problem}"
    )
    return 0 if result.ok else 1


if __name__ == "__main__":
    run_stage("retention", main)
