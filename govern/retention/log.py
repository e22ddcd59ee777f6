"""The deletion log: JSONL, two entries per deleted item (intent, then done), each chained.

Every entry holds ``prev_hash`` (the previous entry's ``hash``; 64 zeros for the first) and its
own ``hash``: the sha256 of its canonical JSON without ``hash``. Editing, removing, inserting or
reordering an entry breaks the chain at that line.

A chain alone cannot show that its end was cut off or that the whole file was rewritten and
re-chained, so every append also writes ``<log>.head`` (entry count and last hash) *signed*
with the project's signing key, and copies the signed head into an anchor file kept beside the
keys (``.govern/``), not beside the log. Whoever can rewrite the log but not sign cannot make a
head that verifies; a log deleted where an anchor or a head says one existed is an error; and
``expect_head`` (the head recorded in a retention report) catches an old, validly signed head
put back with a cut log.

Entries name rules, keyed hashes of paths (clear paths only where the policy says paths are not
personal), keyed digests, methods, key ids, times and the tool version: never file contents.
"""

from __future__ import annotations

import base64
import fcntl
import hashlib
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import Any

from govern.errors import InputError, IntegrityError
from govern.io import atomic_write_json, private_dir
from govern.signing.keys import (
    PrivateKey,
    TrustedKey,
    key_hint,
    load_trusted_keys,
    sign_bytes,
)

GENESIS = "0" * 64
HEAD_FORMAT = "govern-retention-head"


def entry_hash(entry: dict[str, Any]) -> str:
    """sha256 of the canonical JSON of ``entry`` without its ``hash``."""
    body = {key: value for key, value in entry.items() if key != "hash"}
    return hashlib.sha256(_canonical(body).encode("utf-8")).hexdigest()


@dataclass(frozen=True, slots=True)
class AuditResult:
    """The outcome of checking a log: entries, head, the first problem, interrupted deletions."""

    path: Path
    entries: int
    head: str
    problem: str | None = None
    pending: tuple[dict[str, Any], ...] = field(default=())  # intents without a done entry

    @property
    def ok(self) -> bool:
        return self.problem is None

    def raise_for_problem(self) -> None:
        if self.problem is not None:
            raise IntegrityError(self.problem)


def audit_log(
    path: str | Path,
    expect_head: str | None = None,
    *,
    public_key: str | Path | None,
    anchor: str | Path | None = None,
) -> AuditResult:
    """Recompute the chain of the log at ``path`` and check its signed head; first problem wins.

    ``public_key`` checks the head's signature (None: any signed head is a problem, as it
    cannot be checked); ``anchor`` is the anchor file apply keeps; ``expect_head`` a head hash
    recorded elsewhere (a retention report) that the log must still contain. InputError when
    the log never existed; IntegrityError when it is gone but its head or anchor remain.
    """
    log = Path(path)
    trusted = load_trusted_keys([Path(public_key)]) if public_key is not None else []
    anchored = _anchored(Path(anchor), log) if anchor is not None else None
    try:
        data = log.read_bytes()
    except FileNotFoundError:
        _refuse_lost(log, anchored)
        raise InputError(f"{log}: no deletion log") from None
    return _check(log, data, trusted, anchored, expect_head)


class DeletionLog:
    """The log opened for appending: locked, checked once, each entry fsynced and head signed.

    Use as a context manager. Opening raises IntegrityError when the log is broken or was
    deleted where its head or anchor says one existed, so nothing is chained onto a tampered
    or replaced log.
    """

    def __init__(self, path: str | Path, key: PrivateKey, anchor: str | Path) -> None:
        self.path = Path(path)
        self.key = key
        self.anchor = Path(anchor)
        self.result = AuditResult(self.path, 0, GENESIS)
        self._handle: Any = None
        self._created = False

    def __enter__(self) -> DeletionLog:
        anchored = _anchored(self.anchor, self.path)
        if not self.path.exists():
            _refuse_lost(self.path, anchored)
            self._created = True
        private_dir(self.path.parent)
        # Appending (not rewriting through a temporary file) keeps earlier entries untouched
        # on disk: a crash can tear only the new last line, which the audit then reports.
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_APPEND, 0o600)
        self._handle = open(fd, "r+b")  # noqa: SIM115 - closed in __exit__
        fcntl.flock(self._handle, fcntl.LOCK_EX)
        trusted = [TrustedKey(self.path, self.key.public_key(), key_hint(self.key.public_key()))]
        self.result = _check(self.path, self._handle.read(), trusted, anchored, None)
        if not self.result.ok:
            self._handle.close()
        self.result.raise_for_problem()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        if self._created and self.result.entries == 0:
            self.path.unlink()  # nothing was logged (a refused plan): leave no empty log
        self._handle.close()

    def append(self, record: dict[str, Any]) -> dict[str, Any]:
        """Chain ``record``, fsync it, then sign and write the head and the anchor; return it."""
        count, head = self.result.entries, self.result.head
        entry = {**record, "seq": count, "prev_hash": head}
        entry["hash"] = entry_hash(entry)
        self._handle.write((_canonical(entry) + "\n").encode("utf-8"))
        self._handle.flush()
        os.fsync(self._handle.fileno())
        signed = _signed_head(self.key, count + 1, entry["hash"])
        atomic_write_json(_head_path(self.path), signed)
        _write_anchor(self.anchor, self.path, signed)
        self.result = AuditResult(self.path, count + 1, entry["hash"])
        return entry


def _refuse_lost(log: Path, anchored: dict[str, Any] | None) -> None:
    if _head_path(log).exists() or anchored is not None:
        raise IntegrityError(
            f"{log}: deletion log missing, but its head or anchor says it held "
            f"{(anchored or {}).get('entries', 'entries')}: deleted or moved"
        )


def _check(
    log: Path,
    data: bytes,
    trusted: list[TrustedKey],
    anchored: dict[str, Any] | None,
    expect_head: str | None,
) -> AuditResult:
    previous, count, seen = GENESIS, 0, {GENESIS}
    intents: dict[int, dict[str, Any]] = {}
    for number, line in enumerate(data.splitlines(keepends=True), start=1):
        problem = _check_line(line, previous, count)
        if problem is not None:
            return AuditResult(log, count, previous, f"{log}:{number}: {problem}")
        entry = json.loads(line)
        if entry.get("event") == "intent":
            intents[count] = entry
        elif entry.get("event") == "done":
            intents.pop(entry.get("intent"), None)
        previous = entry["hash"]
        seen.add(previous)
        count += 1
    pending = tuple(intents.values())
    problem = _check_head(log, count, previous, trusted)
    if problem is None and anchored is not None:
        entries = anchored.get("entries")
        if isinstance(entries, int) and entries > count:
            problem = f"{log}: ends at entry {count}, but its anchor says {entries}"
        elif anchored.get("hash") not in seen or not isinstance(entries, int):
            problem = f"{log}: the anchored head is not in the log: rewritten"
    if problem is None and expect_head is not None and expect_head not in seen:
        problem = f"{log}: the expected head {expect_head[:12]} is not in the log: rewritten"
    return AuditResult(log, count, previous, problem, pending)


def _check_head(log: Path, count: int, last: str, trusted: list[TrustedKey]) -> str | None:
    head = _read_json(_head_path(log))
    if head is None:
        return f"{log}: head file missing; cannot check the end" if count else None
    if (head.get("entries"), head.get("hash")) != (count, last):
        return f"{log}: ends at entry {count}, but its head says {head.get('entries')}: cut off"
    if not trusted:
        return f"{log}: no public key given to check the head's signature"
    encoded = head.get("signature")
    try:
        signature = base64.b64decode(encoded, validate=True) if isinstance(encoded, str) else b""
    except ValueError:
        signature = b""
    if not signature:
        return f"{log}: head is not signed"
    message = _head_message(count, last)
    if not any(
        key.hint == head.get("key_hint") and key.verifies(signature, message) for key in trusted
    ):
        return f"{log}: head signature does not verify with the given public key: rewritten"
    return None


def _check_line(line: bytes, previous: str, count: int) -> str | None:
    if not line.endswith(b"\n"):
        return "incomplete last entry (interrupted write?)"
    try:
        entry = json.loads(line)
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
        return "not a JSON entry"
    if not isinstance(entry, dict) or not isinstance(entry.get("hash"), str):
        return "not a deletion log entry"
    if entry_hash(entry) != entry["hash"]:
        return "entry was edited (its hash does not match its content)"
    if entry.get("prev_hash") != previous or entry.get("seq") != count:
        return "chain broken: an entry before this one was removed, inserted or reordered"
    return None


def _head_message(entries: int, last: str) -> bytes:
    return _canonical({"format": HEAD_FORMAT, "entries": entries, "hash": last}).encode()


def _signed_head(key: PrivateKey, entries: int, last: str) -> dict[str, Any]:
    signature = sign_bytes(key, _head_message(entries, last))
    return {
        "format": HEAD_FORMAT,
        "entries": entries,
        "hash": last,
        "key_hint": key_hint(key.public_key()),
        "signature": base64.b64encode(signature).decode("ascii"),
    }


def _anchor_name(log: Path) -> str:
    return log.resolve().as_posix()


def _anchored(anchor: Path, log: Path) -> dict[str, Any] | None:
    document = _read_json(anchor)
    if document is None:
        return None
    value = document.get(_anchor_name(log))
    return value if isinstance(value, dict) else None


def _write_anchor(anchor: Path, log: Path, signed: dict[str, Any]) -> None:
    document = _read_json(anchor) or {}
    document[_anchor_name(log)] = signed
    atomic_write_json(anchor, document)


def _read_json(path: Path) -> dict[str, Any] | None:
    try:
        value = json.loads(path.read_bytes())
    except FileNotFoundError:
        return None
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
        return {"entries": "unreadable"}
    return value if isinstance(value, dict) else {"entries": "unreadable"}


def _head_path(log: Path) -> Path:
    return log.with_name(log.name + ".head")


def _canonical(document: dict[str, Any]) -> str:
    return json.dumps(document, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
