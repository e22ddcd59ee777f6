"""The retention plan: what the policy would delete now, why, and exactly which bytes.

A plan is a pure function of the files under the root, the policy, ``now`` and the hash key:
the same inputs give a byte-identical plan file. Each file is pinned by size, mtime and a keyed
digest, so ``apply`` can tell that nothing changed since. Items the rules would delete but a
legal hold or a signed release keeps are listed under ``kept`` with the reason. The plan file
names files as ``names.Names`` shows them: keyed hashes unless the policy says paths are not
personal; the ``Plan`` in memory keeps the clear paths ``apply`` deletes.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from govern import __version__
from govern.backup import read_header
from govern.contract import first_problem, write_report
from govern.errors import InputError
from govern.findings import load_hash_key
from govern.io import read_json
from govern.retention.contract import RetentionPlan
from govern.retention.match import Item, find_items
from govern.retention.names import Names
from govern.retention.policy import RetentionRule
from govern.retention.protect import signed_dependencies, why_kept

if TYPE_CHECKING:  # govern.policy imports this package's policy module: no runtime cycle
    from govern.policy import LoadedPolicy

PLAN_FORMAT = "govern-retention-plan"
_DAY_NS = 86_400 * 10**9
_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


@dataclass(frozen=True, slots=True)
class Planned:
    """One item to delete: its rule, the reason, every file pinned by size, mtime, keyed digest.

    ``item`` and each file's ``path`` are clear paths; ``to_json`` shows them as records do.
    """

    rule: str
    artifact: str
    method: str
    item: str
    unit: str
    reason: str
    files: tuple[dict[str, Any], ...]
    key_id: str | None = None  # the data key crypto-shred destroys

    def to_json(self, names: Names) -> dict[str, Any]:
        return {
            "rule": self.rule,
            "artifact": self.artifact,
            "method": self.method,
            "item": names.show(self.item),
            "unit": self.unit,
            "reason": self.reason,
            "key_id": self.key_id,
            "files": [{**file, "path": names.show(file["path"])} for file in self.files],
        }


@dataclass(frozen=True, slots=True)
class Plan:
    root: str
    now: datetime
    policy: dict[str, str]
    deletions: tuple[Planned, ...]
    kept: tuple[dict[str, str], ...]  # item shown as records show it
    names: Names

    def to_json(self) -> dict[str, Any]:
        files = [file for planned in self.deletions for file in planned.files]
        return {
            "format": PLAN_FORMAT,
            "version": 2,
            "root": self.root,
            "paths": "keyed hash" if self.names.paths_personal else "clear",
            "now": self.now.isoformat(),
            "policy": self.policy,
            "tool": {"name": "govern", "version": __version__},
            "totals": {
                "items": len(self.deletions),
                "files": len(files),
                "bytes": sum(file["size"] for file in files),
                "kept": len(self.kept),
            },
            "deletions": [planned.to_json(self.names) for planned in self.deletions],
            "kept": list(self.kept),
        }


def plan_retention(
    root: str | Path, loaded: LoadedPolicy, now: datetime, hash_key: bytes | None = None
) -> Plan:
    """What ``loaded``'s retention rules delete under ``root`` at ``now`` (timezone-aware).

    Rules are tried in order and a file belongs to the first that matches it. ``hash_key``
    keys path hashes and digests (default: ``load_hash_key()``). Raises InputError for a
    naive ``now``, a missing root or an unreadable release manifest.
    """
    if now.tzinfo is None:
        raise InputError("retention needs a timezone-aware 'now'")
    root_path = Path(root)
    if not root_path.is_dir():
        raise InputError(f"{root_path}: project root not found")
    policy = loaded.policy.retention
    names = Names(hash_key if hash_key is not None else load_hash_key(), policy.paths_personal)
    signed = signed_dependencies(root_path, policy)
    claimed: set[str] = set()
    chosen: list[tuple[RetentionRule, Item, str]] = []
    kept: list[dict[str, str]] = []
    for rule in policy.rules:
        items = find_items(root_path, rule.paths, rule.unit, claimed)
        claimed.update(state.path for item in items for state in item.files)
        newest_first = sorted(items, key=lambda item: (-item.mtime_ns, item.path))
        for rank, item in enumerate(newest_first):
            reason = why_delete(rule, item, rank, now)
            if reason is None:
                continue
            keep = why_kept(item, policy, signed, rule.allow_signed, names.show)
            if keep is None:
                chosen.append((rule, item, reason))
            else:
                kept.append({"rule": rule.name, "item": names.show(item.path), "reason": keep})
    deletions = _pin(root_path, chosen, names)
    return Plan(
        root=root_path.as_posix(),
        now=now,
        policy=loaded.provenance(),
        deletions=tuple(sorted(deletions, key=lambda d: (_order(loaded, d.rule), d.item))),
        kept=tuple(sorted(kept, key=lambda k: (_order(loaded, k["rule"]), k["item"]))),
        names=names,
    )


def why_delete(rule: RetentionRule, item: Item, rank: int, now: datetime) -> str | None:
    """The reason ``rule`` deletes ``item`` (the ``rank``-th newest, from 0), or None."""
    if rule.keep_last is not None and rank < rule.keep_last:
        return None
    beyond = f"not among the {rule.keep_last} newest" if rule.keep_last is not None else ""
    if rule.max_age_days is None:
        return beyond
    age_ns = (now - _EPOCH) // timedelta(microseconds=1) * 1000 - item.mtime_ns
    if age_ns <= rule.max_age_days * _DAY_NS:
        return None
    modified = datetime.fromtimestamp(item.mtime_ns / 10**9, UTC).date().isoformat()
    reason = (
        f"last modified {modified}, {age_ns // _DAY_NS} days before now: over {rule.max_age_days}"
    )
    return f"{reason}; {beyond}" if beyond else reason


def _pin(root: Path, chosen: list[tuple[RetentionRule, Item, str]], names: Names) -> list[Planned]:
    """Digest every file to delete (keyed, threads) and read the key id of backups to shred."""
    paths = [root / state.path for _, item, _ in chosen for state in item.files]
    try:
        digests = iter(names.digests(paths))
    except OSError as exc:
        raise InputError(f"{exc.filename}: cannot read: {exc.strerror}") from None
    planned = []
    for rule, item, reason in chosen:
        files = tuple(
            {
                "path": state.path,
                "size": state.size,
                "mtime_ns": state.mtime_ns,
                "mtime": datetime.fromtimestamp(state.mtime_ns / 10**9, UTC).isoformat(),
                "digest": next(digests),
            }
            for state in item.files
        )
        key_id = None
        if rule.method == "crypto-shred":
            if item.unit != "file":
                raise InputError(f"rule {rule.name}: crypto-shred needs unit: file (a backup)")
            key_id = read_header(root / item.path).key_id
        planned.append(
            Planned(
                rule.name, rule.artifact, rule.method, item.path, item.unit, reason, files, key_id
            )
        )
    return planned


def _order(loaded: LoadedPolicy, rule: str) -> int:
    return [r.name for r in loaded.policy.retention.rules].index(rule)


def write_plan(plan: Plan, out: str | Path) -> Path:
    """Write ``plan`` as key-sorted JSON (0600), byte-identical for equal plans."""
    return write_report(out, RetentionPlan, plan.to_json())


def load_plan(path: str | Path) -> tuple[bytes, dict[str, Any]]:
    """The bytes and content of a plan file; InputError when it is not a plan we can apply."""
    raw, document = read_json(Path(path), "retention plan")
    if not isinstance(document, dict) or document.get("format") != PLAN_FORMAT:
        raise InputError(f"{path}: not a retention plan")
    try:
        RetentionPlan.model_validate(document)
        document["now"] = datetime.fromisoformat(document["now"])
    except ValidationError as exc:
        problem = first_problem(exc)
        raise InputError(f"{path}: retention plan is incomplete or malformed ({problem})") from None
    except ValueError:
        raise InputError(f"{path}: retention plan is incomplete or malformed (now)") from None
    return raw, document
