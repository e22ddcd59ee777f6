"""Applying a retention plan: only that exact plan, only if nothing changed, every deletion logged.

Before deleting anything, ``apply_plan`` plans again with the plan's own ``now`` and the current
policy and files, and refuses unless the result is identical: a changed, added or removed file,
a changed policy (a new legal hold) or an edited plan all make it stale. Then it deletes item by
item, appending one log entry after each.
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
from govern.errors import InputError
from govern.retention.log import append_entry, audit_log
from govern.retention.plan import Planned, load_plan, plan_retention

if TYPE_CHECKING:  # govern.policy imports this package's policy module: no runtime cycle
    from govern.policy import LoadedPolicy

# A plan dated later than this ahead of the clock would delete data before its time.
_CLOCK_SKEW = timedelta(minutes=5)


@dataclass(frozen=True, slots=True)
class Deletion:
    """One item deleted, as logged."""

    planned: Planned
    entry: dict[str, Any]


def apply_plan(
    plan_path: str | Path,
    root: str | Path,
    loaded: LoadedPolicy,
    log: str | Path,
    *,
    store: KeyStore | None = None,
    now: datetime | None = None,
) -> list[Deletion]:
    """Delete what the plan at ``plan_path`` lists under ``root``, logging each item to ``log``.

    ``store`` holds the data keys that crypto-shred destroys (default: the policy's or the
    user's key store); ``now`` is the time logged (default: the clock). Raises InputError for
    a stale or foreign plan or a missing key, IntegrityError when the log is already broken;
    in both cases nothing was deleted.
    """
    raw, document = load_plan(plan_path)
    planned_now: datetime = document["now"]
    clock = now or datetime.now(UTC)
    _refuse_foreign(plan_path, document, root, loaded, planned_now, clock)
    fresh = plan_retention(root, loaded, planned_now)
    _refuse_stale(plan_path, document["deletions"], [d.to_json() for d in fresh.deletions])
    if Path(log).exists():
        audit_log(log).raise_for_problem()
    keys = store or KeyStore.default(loaded.policy.backup.key_store)
    for planned in fresh.deletions:
        if planned.key_id is not None and not keys.has(planned.key_id):
            raise InputError(f"{planned.item}: data key {planned.key_id} not in {keys.root}")
    context = {
        "plan_sha256": hashlib.sha256(raw).hexdigest(),
        "policy_sha256": loaded.sha256,
        "tool": {"name": "govern", "version": __version__},
    }
    deletions = []
    for planned in fresh.deletions:
        _delete(Path(root), planned, keys)
        record = _record(planned, context, clock)
        deletions.append(Deletion(planned, append_entry(log, record)))
    return deletions


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
        folder = root / planned.item
        for current, _, _ in sorted(os.walk(folder), key=lambda w: -len(w[0])):
            try:
                os.rmdir(current)
            except OSError:
                pass  # not empty: it holds files another rule claimed


def _record(planned: Planned, context: dict[str, Any], clock: datetime) -> dict[str, Any]:
    return {
        "time": clock.isoformat(),
        "rule": planned.rule,
        "artifact": planned.artifact,
        "item": planned.item,
        "method": planned.method,
        "key_id": planned.key_id,
        "files": [
            {"path": f["path"], "size": f["size"], "sha256": f["sha256"]} for f in planned.files
        ],
        **context,
    }
