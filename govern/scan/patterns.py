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

Hyperscan finds where a match ends cheaply; where it starts (``HS_FLAG_SOM_LEFTMOST``) costs
little for most anchors but much for a few whose start can lie at many places before one end
(a word, then spaces, then digits: ``COSTLY_STARTS``). Those five made two thirds of the pass
(11 of its 16 ms per MB of chat text), though they fire in few texts. So they are searched
apart: a pass without starts marks the texts where one ends, and a pass with starts reads only
those texts, joined as the batch joins them; each holds the same bytes and separators around it
as in the batch, so it finds the same (start, end) pairs there. The candidates are the same as
one database's, only found faster; a source not listed is searched with starts in the main
database.

Compiling the default policy's databases costs ~0.5 CPU-s (1.5 in one database that tracked
every anchor's start), loading them ~0.03: the compiled databases are kept in the user's
cache folder (``$GOVERN_CACHE_DIR``, else ``$XDG_CACHE_HOME/govern`` or ``~/.cache/govern``;
an empty ``GOVERN_CACHE_DIR`` turns it off), one file per anchor table, named by the sha256 of
what was compiled and the Hyperscan version, owner-only, and checked by its own sha256 when
read. A file that is not the user's, is writable by others, fails the check or was built for
another CPU is compiled again.
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
_ENDS_ONLY = hyperscan.HS_FLAG_UTF8
KEPT_DATABASES = 16  # files of ~3 MB (the default policy's anchors; 5.6 in one database) or less

# Anchors (their ``regex`` sources) whose start Hyperscan tracks at a high cost, measured one by
# one on benchmarks/scan.py's corpora (ms per MB of text with starts, without): the ``ps``
# and ``ls -l`` rows (9.9 / 0.9, 1.9 / 0.1), ``user@host:`` (2.4 / 0.03), a greeting or a sign-off
# before a name (2.0 / 0.6, 2.4 / 0.5). Each starts with a letter, digit, dash or underscore
# (never in a separator) and holds no NUL: what ``CandidatePass`` needs to search them apart.
COSTLY_STARTS = frozenset(
    {
        r"[a-z0-9_][ \t]+[0-9]{1,7}[ \t]+[0-9]{1,3}\.[0-9][ \t]+[0-9]{1,3}\.[0-9][ \t]",
        r"(?i:[-dlcbps][-r][-w][-xs][-r][-w][-xs][-r][-w][-xt])[.+@]?[ \t]+[0-9]+[ \t]+",
        r"(?i:[a-z0-9_]@[a-z0-9][a-z0-9.-]*:[~/a-z0-9_])",
        r"(?i:\bhi|hello|\bhey|\bdear|morning)[ \t,]+(?:[A-Z]|[^\x00-\x7f])(?:[a-z]|'(?:[A-Z]"
        r"|[^\x00-\x7f])|[^\x00-\x7f])",
        r"(?i:thanks|thank you|regards|cheers|sincerely|best)[,!.]?[ \t]*\n?[ \t]*(?:[A-Z]|"
        r"[^\x00-\x7f])(?:[a-z]|'(?:[A-Z]|[^\x00-\x7f])|[^\x00-\x7f])(?:[A-Za-z'\-]|"
        r"[^\x00-\x7f])*(?:[ ](?:[A-Z]|[^\x00-\x7f])(?:[a-z]|'(?:[A-Z]|[^\x00-\x7f])|"
        r"[^\x00-\x7f])(?:[A-Za-z'\-]|[^\x00-\x7f])*)?[ \t]*(?:[.!,\n]|$)",
    }
)


# What ``regex`` matches as ``\\d`` or as an ASCII letter ignoring case that ASCII rules do not.
_UNICODE_ONLY = regex.compile(r"(?![0-9])\d|[\u017f\u212a]")


def ascii_form(pattern: str) -> str:
    """``pattern`` with ``\\d`` as ``[0-9]``, or as ``0-9`` inside a class: what Hyperscan
    compiles. (A plain replace made ``[^\\s\\d,]`` the class ``[^\\s[0-9]`` and a literal
    ``,]``, which compiles and silently never matches what it should.)"""
    out: list[str] = []
    in_class = False
    at, end = 0, len(pattern)
    while at < end:
        char = pattern[at]
        if char == "\\" and at + 1 < end:
            pair = pattern[at : at + 2]
            out.append(("0-9" if in_class else "[0-9]") if pair == r"\d" else pair)
            at += 2
            continue
        out.append(char)
        at += 1
        if in_class:
            in_class = char != "]"
        elif char == "[":
            in_class = True
            for literal in "^]":  # "[^" negates; a "]" first in a class is a literal
                if pattern[at : at + 1] == literal:
                    out.append(literal)
                    at += 1
    return "".join(out)


def cache_folder() -> Path | None:
    """Where compiled databases are kept; None when ``GOVERN_CACHE_DIR`` is set empty."""
    configured = os.environ.get("GOVERN_CACHE_DIR")
    if configured is not None:
        return Path(configured) / "hyperscan" if configured else None
    cache_home = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(cache_home) / "govern" / "hyperscan"


# One database to compile: its expressions (ids in order) and its flags.
Group = tuple[list[bytes], int]


def compiled(groups: list[Group]) -> list[Any]:
    """The block-mode Hyperscan database of each group, read from the cache folder (one file
    for them all) when compiled before, else compiled and stored there."""
    folder = cache_folder()
    version = getattr(hyperscan, "__version__", "")
    what = repr((version, platform.machine(), groups)).encode()
    path = folder / f"{hashlib.sha256(what).hexdigest()}.hsdb" if folder else None
    if path is not None and (stored := _read_own(path)) is not None:
        try:
            databases = [hyperscan.loadb(data, hyperscan.HS_MODE_BLOCK) for data in _split(stored)]
            if len(databases) == len(groups):
                for database in databases:
                    database.scratch = hyperscan.Scratch(database)
                with contextlib.suppress(OSError):
                    os.utime(path)  # recently used: kept by _prune
                return databases
        except (hyperscan.error, ValueError):  # another CPU's or Hyperscan's build: compile again
            pass
    databases = []
    for expressions, flags in groups:
        database = hyperscan.Database(mode=hyperscan.HS_MODE_BLOCK)
        database.compile(
            expressions=expressions,
            ids=list(range(len(expressions))),
            elements=len(expressions),
            flags=flags,
        )
        databases.append(database)
    if path is not None:
        data = b"".join(_framed(hyperscan.dumpb(database)) for database in databases)
        with contextlib.suppress(OSError):  # a read-only home still scans, compiling each time
            atomic_write_bytes(path, hashlib.sha256(data).digest() + data)
            _prune(path.parent)
    return databases


def _framed(data: bytes) -> bytes:
    return len(data).to_bytes(8, "little") + data


def _split(stored: bytes) -> list[bytes]:
    """The databases ``_framed`` one after the other in ``stored``; ValueError if cut short."""
    parts: list[bytes] = []
    at = 0
    while at < len(stored):
        size = int.from_bytes(stored[at : at + 8], "little")
        part = stored[at + 8 : at + 8 + size]
        if size == 0 or len(part) != size:
            raise ValueError("a stored database cut short")
        parts.append(part)
        at += 8 + size
    return parts


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
    """Compiled Hyperscan databases over ``anchors`` (entity -> regexes); build once.

    ``find`` gives, per text, every (entity, start, end) that an anchor matches, each match
    reported once with its leftmost start and its furthest end (Hyperscan reports every end),
    ordered by start, then by the anchor's place in ``anchors``. ``costly``: the sources searched
    apart (see the module's docstring); any choice finds the same candidates.
    Not for concurrent use from threads: the databases' scratch space is their own.
    """

    def __init__(
        self, anchors: dict[str, list[str]], costly: frozenset[str] = COSTLY_STARTS
    ) -> None:
        self._entities: list[str] = []
        tracked: list[bytes] = []
        apart: list[bytes] = []
        self._tracked_ids: list[int] = []  # per expression of each database: its anchor's place
        self._apart_ids: list[int] = []
        for entity, sources in anchors.items():
            for source in sources:
                ids, expressions = (
                    (self._apart_ids, apart) if source in costly else (self._tracked_ids, tracked)
                )
                ids.append(len(self._entities))
                expressions.append(ascii_form(source).encode())
                self._entities.append(entity)
        groups: list[Group] = [(tracked, _FLAGS)] if tracked else []
        if apart:
            groups += [(apart, _ENDS_ONLY), (apart, _FLAGS)]
        databases = compiled(groups)
        self._database: Any = databases[0] if tracked else None
        self._apart_ends: Any = databases[-2] if apart else None
        self._apart: Any = databases[-1] if apart else None
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
        # (byte start, anchor's place) -> furthest end, the pair as one int: start * places +
        # place sorts as the pair does, and ints sort several times faster than tuples (tens of
        # thousands of candidates per chunk: the sort was a fifth of the pass)
        places = len(self._entities)
        ends: dict[int, int] = {}
        if self._database is not None:
            ids = self._tracked_ids

            def on_match(pattern: int, start: int, end: int, flags: int, context: Any) -> None:
                key = start * places + ids[pattern]
                if ends.get(key, -1) < end:
                    ends[key] = end

            self._database.scan(data, match_event_handler=on_match)
        if self._apart is not None:
            self._search_apart(encoded, starts, data, ends)
        entities, last = self._entities, len(texts) - 1
        index, following, base, limit, ascii, chunk = -1, 0, 0, 0, True, b""
        in_text: list[Candidate] = []
        for key in sorted(ends):  # by start: texts in order
            start, pattern = divmod(key, places)
            end = ends[key]
            if start >= following:  # the first candidate of a later text
                index = bisect_right(starts, start) - 1
                following = starts[index + 1] if index < last else len(data) + 1
                base, chunk = starts[index], encoded[index]
                limit = base + len(chunk)
                ascii = len(chunk) == len(texts[index])  # bytes are characters
                in_text = found[index]
                if index in alone:
                    in_text = []  # found by the regex anchors below
            if start < limit < end:
                end = limit
            if ascii:
                in_text.append((entities[pattern], start - base, end - base))
            else:
                char_start = len(chunk[: start - base].decode())
                char_end = char_start + len(chunk[start - base : end - base].decode())
                in_text.append((entities[pattern], char_start, char_end))
        for index in sorted(alone):
            found[index] = [
                (entity, match.start(), match.end())
                for entity, anchor in self._fallback
                for match in anchor.finditer(texts[index])
            ]
        return found

    def _search_apart(
        self,
        encoded: list[bytes],
        starts: list[int],
        data: bytes,
        ends: dict[int, int],
    ) -> None:
        """The costly anchors' matches in ``data`` into ``ends``: the texts where one ends,
        found without starts, searched again with them, joined as in ``data``.

        A costly anchor's match starts inside a text and never spans a separator's NUL, so it
        ends in its text or at the newline after it; the text, with the separator after it (the
        batch's last has none), holds it whole, and its bytes read as they do in ``data``.
        """
        assert self._apart_ends is not None and self._apart is not None
        ending: set[int] = set()

        def on_end(pattern: int, start: int, end: int, flags: int, context: Any) -> None:
            ending.add(end - 1)

        self._apart_ends.scan(data, match_event_handler=on_end)
        if not ending:
            return
        kept = sorted({bisect_right(starts, end) - 1 for end in ending})
        tail = _SEPARATOR if kept[-1] + 1 < len(encoded) else b""
        joined = _SEPARATOR.join([encoded[index] for index in kept]) + tail
        at, offsets = 0, []  # where each kept text starts in ``joined``
        for index in kept:
            offsets.append(at)
            at += len(encoded[index]) + len(_SEPARATOR)
        ids, places = self._apart_ids, len(self._entities)

        def on_match(pattern: int, start: int, end: int, flags: int, context: Any) -> None:
            place = bisect_right(offsets, start) - 1
            moved = starts[kept[place]] - offsets[place]
            key = (start + moved) * places + ids[pattern]
            if ends.get(key, -1) < end + moved:
                ends[key] = end + moved

        self._apart.scan(joined, match_event_handler=on_match)
