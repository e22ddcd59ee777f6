"""Candidates for every PII pattern type in one Hyperscan pass over a batch of texts.

Each entity has anchors: regexes one of which every presidio match of it contains (see
``govern.scan.pii.ANCHORS``). Searched one by one, each anchor costs a pass over the batch;
here one Hyperscan (Vectorscan-compatible) database holds all of them and scans the batch's
UTF-8 bytes once. A new pattern type is one more entry in the anchor table.

Hyperscan matches bytes; presidio matches with ``regex``'s Unicode rules. Compiling with UCP
would make ``\\d`` and the case-insensitive classes Unicode-aware, but it makes the card anchor
too large to compile and rejects ``\\b``. So the anchors are compiled in ASCII form (``\\d`` as
``[0-9]``; ``\\b`` stays: beside an ASCII digit or letter, every Unicode word boundary is an
ASCII one too, so it matches at least where ``regex`` does), and the few characters where
Unicode rules match more than ASCII ones (digits outside ASCII; ``ſ`` and the Kelvin sign,
which fold to ``s`` and ``k``) are looked for in the texts that are not ASCII (``str.isascii``
is free): a text holding one, or one that is not valid UTF-8 (lone surrogates), is searched
with the ``regex`` anchors instead, alone. Nothing is lost either way: candidates only place
presidio's windows, and a superset only costs a window that finds nothing.

Compiling the database costs ~0.07 CPU-s, a twentieth of a small scan's start: the compiled
database is kept in the user's cache folder (``$GOVERN_CACHE_DIR``, else
``$XDG_CACHE_HOME/govern`` or ``~/.cache/govern``; an empty ``GOVERN_CACHE_DIR`` turns it off),
named by the sha256 of what was compiled and the Hyperscan version, owner-only, and checked by
its own sha256 when read. A file that is not the user's, is writable by others, fails the check
or was built for another CPU is compiled again.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import platform
from bisect import bisect_right
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import hyperscan
import regex

from govern.io import atomic_write_bytes

Candidate = tuple[str, int, int]  # entity, start, end (characters, in one text)

# Between texts. No anchor matches a NUL after a newline, so none reads from one text into the
# next; one may end with the newline after its text (it is then reported ending where the text
# does) or start with the one before the next text (past its text's end: a line start that
# ``govern.scan.name_context.read_marks`` reads as the next text's).
_SEPARATOR = b"\n\x00\n"
_FLAGS = hyperscan.HS_FLAG_SOM_LEFTMOST | hyperscan.HS_FLAG_UTF8
KEPT_DATABASES = 16  # ~0.6 MB each


# What ``regex`` matches as ``\\d`` or as an ASCII letter ignoring case that ASCII rules do not.
_UNICODE_ONLY = regex.compile(r"(?![0-9])\d|[\u017f\u212a]")


def ascii_form(pattern: str) -> str:
    """``pattern`` with ``\\d`` as ``[0-9]``: what Hyperscan compiles."""
    return pattern.replace(r"\d", "[0-9]")


def cache_folder() -> Path | None:
    """Where compiled databases are kept; None when ``GOVERN_CACHE_DIR`` is set empty."""
    configured = os.environ.get("GOVERN_CACHE_DIR")
    if configured is not None:
        return Path(configured) / "hyperscan" if configured else None
    cache_home = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(cache_home) / "govern" / "hyperscan"


def compiled(expressions: list[bytes]) -> Any:
    """The block-mode Hyperscan database of ``expressions`` (ids in order, ``_FLAGS``), read
    from the cache folder when compiled before, else compiled and stored there."""
    folder = cache_folder()
    version = getattr(hyperscan, "__version__", "")
    what = repr((version, platform.machine(), _FLAGS, expressions)).encode()
    path = folder / f"{hashlib.sha256(what).hexdigest()}.hsdb" if folder else None
    if path is not None and (stored := _read_own(path)) is not None:
        try:
            database = hyperscan.loadb(stored, hyperscan.HS_MODE_BLOCK)
            database.scratch = hyperscan.Scratch(database)
            with contextlib.suppress(OSError):
                os.utime(path)  # recently used: kept by _prune
            return database
        except hyperscan.error:  # another CPU's or Hyperscan's build: compile it again
            pass
    database = hyperscan.Database(mode=hyperscan.HS_MODE_BLOCK)
    database.compile(
        expressions=expressions,
        ids=list(range(len(expressions))),
        elements=len(expressions),
        flags=_FLAGS,
    )
    if path is not None:
        data = hyperscan.dumpb(database)
        with contextlib.suppress(OSError):  # a read-only home still scans, compiling each time
            atomic_write_bytes(path, hashlib.sha256(data).digest() + data)
            _prune(path.parent)
    return database


def _prune(folder: Path) -> None:
    """Keep the ``KEPT_DATABASES`` newest databases in ``folder`` (each policy has its own)."""
    stored = sorted(folder.glob("*.hsdb"), key=lambda p: p.stat().st_mtime, reverse=True)
    for old in stored[KEPT_DATABASES:]:
        with contextlib.suppress(FileNotFoundError):  # another scan pruned it first
            old.unlink()


def _read_own(path: Path) -> bytes | None:
    """The database stored at ``path`` if the file is the user's alone and intact; else None."""
    try:
        with open(path, "rb") as handle:
            status = os.fstat(handle.fileno())
            if status.st_uid != os.getuid() or status.st_mode & 0o022:
                return None
            stored = handle.read()
    except OSError:
        return None
    digest, data = stored[:32], stored[32:]
    return data if data and hashlib.sha256(data).digest() == digest else None


class CandidatePass:
    """One compiled Hyperscan database over ``anchors`` (entity -> regexes); build once.

    ``find`` gives, per text, every (entity, start, end) that an anchor matches, each match
    reported once with its leftmost start and its furthest end (Hyperscan reports every end).
    Not for concurrent use from threads: the database's scratch space is its own.
    """

    def __init__(self, anchors: dict[str, list[str]]) -> None:
        self._entities: list[str] = []
        expressions: list[bytes] = []
        for entity, sources in anchors.items():
            for source in sources:
                self._entities.append(entity)
                expressions.append(ascii_form(source).encode())
        self._database = compiled(expressions)
        self._fallback = [
            (entity, regex.compile(source))
            for entity, sources in anchors.items()
            for source in sources
        ]

    def find(self, texts: Sequence[str]) -> list[list[Candidate]]:
        """Every anchor match in each of ``texts``, as (entity, start, end) in characters."""
        found: list[list[Candidate]] = [[] for _ in texts]
        if not texts:
            return found
        encoded: list[bytes] = []
        alone: set[int] = set()
        for index, text in enumerate(texts):
            if text.isascii():  # most texts: nothing Unicode rules match more of
                encoded.append(text.encode())
                continue
            try:
                encoded.append(text.encode())
            except UnicodeEncodeError:  # lone surrogates: not UTF-8, Hyperscan must not see it
                encoded.append(b"")
                alone.add(index)
                continue
            if _UNICODE_ONLY.search(text):
                alone.add(index)
        data = _SEPARATOR.join(encoded)
        starts: list[int] = []
        at = 0
        for chunk in encoded:
            starts.append(at)
            at += len(chunk) + len(_SEPARATOR)
        ends: dict[tuple[int, int], int] = {}  # (pattern id, byte start) -> furthest end

        def on_match(pattern: int, start: int, end: int, flags: int, context: Any) -> None:
            key = (pattern, start)
            if ends.get(key, -1) < end:
                ends[key] = end

        self._database.scan(data, match_event_handler=on_match)
        for (pattern, start), end in sorted(ends.items(), key=lambda item: item[0][1]):
            index = bisect_right(starts, start) - 1
            if index in alone:
                continue
            base = starts[index]
            text, chunk = texts[index], encoded[index]
            if start < base + len(chunk):
                end = min(end, base + len(chunk))
            if len(chunk) == len(text):  # ASCII: bytes are characters
                char_start, char_end = start - base, end - base
            else:
                char_start = len(chunk[: start - base].decode())
                char_end = char_start + len(chunk[start - base : end - base].decode())
            found[index].append((self._entities[pattern], char_start, char_end))
        for index in sorted(alone):
            found[index] = [
                (entity, match.start(), match.end())
                for entity, anchor in self._fallback
                for match in anchor.finditer(texts[index])
            ]
        return found
