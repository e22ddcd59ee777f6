"""Applying a retention plan: only that exact plan, only if nothing changed, every deletion logged.

Before deleting anything, ``apply_plan`` plans again with the plan's own ``now`` and the current
policy and files, and refuses unless the result is identical: a changed, added or removed file,
a changed policy (a new legal hold) or an edited plan all make it stale. Then, item by item, it
logs an intent, deletes, and logs done: a crash in between leaves an intent without done, which
the audit reports and the next apply reconciles (files gone: done recorded; files present and
unchanged: deleted again, then done).
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any

from govern import __version__
from govern.backup import KeyStore
from govern.contract import write_report as write_through_model
from govern.errors import InputError
from govern.findings import load_hash_key
from govern.retention.contract import RetentionReport
from govern.retention.log import AuditResult, DeletionLog, audit_log
from govern.retention.names import Names
from govern.retention.plan import Planned, load_plan, plan_retention
from govern.signing.keys import load_private_key, public_key_path

if TYPE_CHECKING:  # govern.policy imports this package's policy module: no runtime cycle
    from govern.policy import LoadedPolicy

# A plan dated later than this ahead of the clock would delete data before its time.
_CLOCK_SKEW = timedelta(minutes=5)
REPORT_FORMAT = "govern-retention-report"


@dataclass(frozen=True, slots=True)
class Deletion:
    """One item deleted, as logged."""

    planned: Planned
    entry: dict[str, Any]  # the done entry


@dataclass(frozen=True, slots=True)
class Applied:
    """What an apply did: deletions, interrupted deletions reconciled, the log's new head."""

    deletions: list[Deletion]
    reconciled: list[dict[str, Any]]  # the done entries written for earlier intents
    log: AuditResult


def apply_plan(
    plan_path: str | Path,
    root: str | Path,
    loaded: LoadedPolicy,
    log: str | Path,
    *,
    store: KeyStore | None = None,
    now: datetime | None = None,
    hash_key: bytes | None = None,
    signing_key: str | Path | None = None,
    anchor: str | Path | None = None,
    report: str | Path | None = None,
) -> Applied:
    """Delete what the plan at ``plan_path`` lists under ``root``, logging each item to ``log``.

    ``store`` holds the data keys that crypto-shred destroys (default: the policy's or the
    user's key store); ``now`` is the time logged (default: the clock); ``hash_key`` keys
    path hashes and digests (default ``load_hash_key()``); ``signing_key`` signs the log's
    head and ``anchor`` keeps a copy of it (default: the policy's); ``report`` is written
    with the deletions and the log's new head. Raises InputError for a stale or foreign plan
    or a missing key, IntegrityError when the log is broken or missing where one existed; in
    both cases nothing in the plan was deleted (deletions an earlier, interrupted apply logged
    as intents are completed first, as the log already authorised them).
    """
    raw, document = load_plan(plan_path)
    planned_now: datetime = document["now"]
    clock = now or datetime.now(UTC)
    _refuse_foreign(plan_path, document, root, loaded, planned_now, clock)
    policy = loaded.policy.retention
    names = Names(hash_key if hash_key is not None else load_hash_key(), policy.paths_personal)
    key_path = Path(signing_key or policy.signing_key)
    if not key_path.exists():
        raise InputError(
            f"{key_path}: no signing key for the deletion log's head; create one with "
            f"`govern keys generate --out {key_path}` (retention.signing_key)"
        )
    private = load_private_key(key_path)
    anchor_path = Path(anchor or policy.anchor)
    keys = store or KeyStore.default(loaded.policy.backup.key_store)
    context = {
        "plan_sha256": _sha256(raw),
        "policy_sha256": loaded.sha256,
        "tool": {"name": "govern", "version": __version__},
    }
    reconciled: list[dict[str, Any]] = []
    with DeletionLog(log, private, anchor_path) as journal:
        if journal.result.pending:
            reconciled = _reconcile(journal, Path(root), names, keys, clock)
        fresh = plan_retention(root, loaded, planned_now, names.key)
        redone = {e["item"] for e in reconciled if e["outcome"].startswith("deleted")}
        listed = [d for d in document["deletions"] if d.get("item") not in redone]
        _refuse_stale(plan_path, listed, [d.to_json(names) for d in fresh.deletions])
        for planned in fresh.deletions:
            if planned.key_id is not None and not keys.has(planned.key_id):
                raise InputError(
                    f"{names.show(planned.item)}: data key {planned.key_id} not in {keys.root}"
                )
        deletions = []
        for planned in fresh.deletions:
            intent = journal.append(_intent(planned, names, context, clock))
            _delete(Path(root), planned, keys)
            done = journal.append(_done(intent, "deleted", clock))
            deletions.append(Deletion(planned, done))
        applied = Applied(deletions, reconciled, journal.result)
    if report is not None:
        write_report(applied, report, context, names)
    return applied


def write_report(applied: Applied, out: str | Path, context: dict[str, Any], names: Names) -> Path:
    """The apply report (0600): items deleted as the log names them, and the log's head."""
    return write_through_model(
        out,
        RetentionReport,
        {
            "format": REPORT_FORMAT,
            "version": 1,
            **context,
            "deleted": [
                {"rule": d.planned.rule, "item": names.show(d.planned.item), "seq": d.entry["seq"]}
                for d in applied.deletions
            ],
            "reconciled": applied.reconciled,
            "log": {"entries": applied.log.entries, "head": applied.log.head},
        },
    )


def log_public_key(loaded: LoadedPolicy, signing_key: str | Path | None = None) -> Path:
    """The public key that checks the log's head: ``KEY.pub`` beside the signing key."""
    return public_key_path(Path(signing_key or loaded.policy.retention.signing_key))


def audit_with_policy(
    log: str | Path, loaded: LoadedPolicy, expect_head: str | None = None
) -> AuditResult:
    """``audit_log`` with the policy's public key and anchor."""
    policy = loaded.policy.retention
    return audit_log(
        log, expect_head, public_key=log_public_key(loaded), anchor=Path(policy.anchor)
    )


def _reconcile(
    journal: DeletionLog, root: Path, names: Names, keys: KeyStore, clock: datetime
) -> list[dict[str, Any]]:
    """Complete each intent without done: gone is recorded, present and unchanged is deleted."""
    clear = _clear_paths(root, names)
    written = []
    for intent in journal.result.pending:
        present = [(clear[f["path"]], f) for f in intent.get("files", []) if f.get("path") in clear]
        outcome = "deleted before an interruption; recorded on reconcile"
        if present:
            changed = [p for p, f in present if names.digest(root / p) != f.get("digest")]
            if changed:
                outcome = "not deleted: changed since its intent"
            else:
                if intent.get("key_id"):
                    keys.shred(intent["key_id"])
                for path, _ in present:
                    os.unlink(root / path)
                folder = clear.get(intent.get("item", ""))
                if intent.get("unit") == "folder" and folder is not None:
                    _remove_empty(root / folder)
                outcome = "deleted on reconcile after an interruption"
        written.append(journal.append(_done(intent, outcome, clock)))
    return written


def _clear_paths(root: Path, names: Names) -> dict[str, str]:
    """Every file and folder under ``root`` (symlinks not followed) by how records show it."""
    found = {}
    for current, folders, files in os.walk(root):
        for name in [*folders, *files]:
            relative = (Path(current) / name).relative_to(root).as_posix()
            found[names.show(relative)] = relative
    return found


def _refuse_foreign(
    plan_path: str | Path,
    document: dict[str, Any],
    root: str | Path,
    loaded: LoadedPolicy,
    planned_now: datetime,
    clock: datetime,
) -> None:
    if Path(document["root"]).resolve() != Path(root).resolve():
        raise InputError(f"{plan_path}: planned for root {document['root']}, not {root}")
    if document["policy"].get("sha256") != loaded.sha256:
        raise InputError(f"{plan_path}: stale plan: the policy changed since; plan again")
    if planned_now.tzinfo is None or planned_now > clock + _CLOCK_SKEW:
        raise InputError(f"{plan_path}: plan dated {planned_now}, in the future; plan again")


def _refuse_stale(plan_path: str | Path, listed: list[Any], current: list[Any]) -> None:
    """InputError naming the first item that differs between the plan and a fresh plan."""
    if listed == current:
        return
    by_item = {d["item"]: d for d in current}
    for entry in listed:
        if by_item.get(entry.get("item")) != entry:
            item = entry.get("item")
            change = "is gone or no longer due" if item not in by_item else "changed"
            raise InputError(f"{plan_path}: stale plan: {item} {change} since; plan again")
    extra = next(d["item"] for d in current if d not in listed)
    raise InputError(f"{plan_path}: stale plan: {extra} is now due too; plan again")


def _delete(root: Path, planned: Planned, keys: KeyStore) -> None:
    if planned.key_id is not None:
        keys.shred(planned.key_id)  # first: once the key is gone, every copy is unreadable
    for file in planned.files:
        os.unlink(root / file["path"])
    if planned.unit == "folder":
        _remove_empty(root / planned.item)


def _remove_empty(folder: Path) -> None:
    for current, _, _ in sorted(os.walk(folder), key=lambda w: -len(w[0])):
        try:
            os.rmdir(current)
        except OSError:
            pass  # not empty: it holds files another rule claimed


def _intent(
    planned: Planned, names: Names, context: dict[str, Any], clock: datetime
) -> dict[str, Any]:
    return {
        "event": "intent",
        "time": clock.isoformat(),
        "rule": planned.rule,
        "artifact": planned.artifact,
        "item": names.show(planned.item),
        "unit": planned.unit,
        "method": planned.method,
        "key_id": planned.key_id,
        "files": [
            {"path": names.show(f["path"]), "size": f["size"], "digest": f["digest"]}
            for f in planned.files
        ],
        **context,
    }


def _done(intent: dict[str, Any], outcome: str, clock: datetime) -> dict[str, Any]:
    return {
        "event": "done",
        "intent": intent["seq"],
        "item": intent.get("item"),
        "time": clock.isoformat(),
        "outcome": outcome,
    }


def _sha256(raw: bytes) -> str:
    return hashlib.sha256(raw).hexdigest()
