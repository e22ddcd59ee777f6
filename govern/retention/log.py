"""The deletion log: JSONL, one entry per deleted item, each chained to the one before it.

Every entry holds ``prev_hash`` (the previous entry's ``hash``; 64 zeros for the first) and its
own ``hash``: the sha256 of its canonical JSON without ``hash``. Editing, removing, inserting or
reordering an entry breaks the chain at that line. Cutting entries off the end leaves a valid
chain, so ``<log>.head`` records the count and last hash after every append; a reviewer who
copies the head elsewhere (a signed release, a ticket) can also detect a rewritten log.

Entries name rules, paths, sha256s, methods, key ids, times and the tool version: never file
contents, user or host names.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from govern.errors import InputError, IntegrityError
from govern.io import atomic_write_json, private_dir

GENESIS = "0" * 64


def entry_hash(entry: dict[str, Any]) -> str:
    """sha256 of the canonical JSON of ``entry`` without its ``hash``."""
    body = {key: value for key, value in entry.items() if key != "hash"}
    return hashlib.sha256(_canonical(body).encode("utf-8")).hexdigest()


@dataclass(frozen=True, slots=True)
class AuditResult:
    """The outcome of checking a log: how many entries, the head, the first problem if any."""

    path: Path
    entries: int
    head: str
    problem: str | None = None

    @property
    def ok(self) -> bool:
        return self.problem is None

    def raise_for_problem(self) -> None:
        if self.problem is not None:
            raise IntegrityError(self.problem)


def audit_log(path: str | Path, expect_head: str | None = None) -> AuditResult:
    """Recompute the chain of the log at ``path``; report the first broken line.

    ``expect_head`` is a head hash recorded elsewhere earlier: the log must still contain it.
    InputError when the log does not exist.
    """
    log = Path(path)
    try:
        data = log.read_bytes()
    except FileNotFoundError:
        raise InputError(f"{log}: no deletion log") from None
    return _check(log, data, expect_head)


def append_entry(path: str | Path, record: dict[str, Any]) -> dict[str, Any]:
    """Chain ``record`` onto the log (created 0600), fsync it, update the head; return it.

    The log is locked while appending, and checked first: IntegrityError when it is broken,
    so nothing is ever chained onto a tampered log.
    """
    log = Path(path)
    private_dir(log.parent)
    # Appending (not rewriting through a temporary file) keeps earlier entries untouched
    # on disk: a crash can tear only the new last line, which the audit then reports.
    fd = os.open(log, os.O_RDWR | os.O_CREAT | os.O_APPEND, 0o600)
    with open(fd, "r+b") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        checked = _check(log, handle.read(), None)
        checked.raise_for_problem()
        entry = {**record, "seq": checked.entries, "prev_hash": checked.head}
        entry["hash"] = entry_hash(entry)
        handle.write((_canonical(entry) + "\n").encode("utf-8"))
        handle.flush()
        os.fsync(handle.fileno())
        atomic_write_json(_head_path(log), {"entries": checked.entries + 1, "hash": entry["hash"]})
    return entry


def _check(log: Path, data: bytes, expect_head: str | None) -> AuditResult:
    previous, count, seen = GENESIS, 0, {GENESIS}
    for number, line in enumerate(data.splitlines(keepends=True), start=1):
        problem = _check_line(line, previous, count)
        if problem is not None:
            return AuditResult(log, count, previous, f"{log}:{number}: {problem}")
        previous = json.loads(line)["hash"]
        seen.add(previous)
        count += 1
    head = _read_head(log)
    if head is not None and (head.get("entries"), head.get("hash")) != (count, previous):
        problem = f"{log}: ends at entry {count}, but its head says {head.get('entries')}: cut off"
        return AuditResult(log, count, previous, problem)
    if head is None and count:
        return AuditResult(log, count, previous, f"{log}: head file missing; cannot check the end")
    if expect_head is not None and expect_head not in seen:
        problem = f"{log}: the expected head {expect_head[:12]} is not in the log: rewritten"
        return AuditResult(log, count, previous, problem)
    return AuditResult(log, count, previous)


def _check_line(line: bytes, previous: str, count: int) -> str | None:
    if not line.endswith(b"\n"):
        return "incomplete last entry (interrupted write?)"
    try:
        entry = json.loads(line)
    except (UnicodeDecodeError, json.JSONDecodeError):
        return "not a JSON entry"
    if not isinstance(entry, dict) or not isinstance(entry.get("hash"), str):
        return "not a deletion log entry"
    if entry_hash(entry) != entry["hash"]:
        return "entry was edited (its hash does not match its content)"
    if entry.get("prev_hash") != previous or entry.get("seq") != count:
        return "chain broken: an entry before this one was removed, inserted or reordered"
    return None


def _read_head(log: Path) -> dict[str, Any] | None:
    try:
        head = json.loads(_head_path(log).read_bytes())
    except FileNotFoundError:
        return None
    except (UnicodeDecodeError, json.JSONDecodeError):
        return {"entries": "unreadable"}
    return head if isinstance(head, dict) else {"entries": "unreadable"}


def _head_path(log: Path) -> Path:
    return log.with_name(log.name + ".head")


def _canonical(document: dict[str, Any]) -> str:
    return json.dumps(document, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
