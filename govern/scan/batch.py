"""Many texts searched at once: one regex or substring pass over their concatenation.

A chat corpus is mostly short messages that hold nothing, so a prefilter's cost is mostly the
Python call per pattern per text (~60 secret triggers and 8 PII anchors). Joining a chunk of
texts turns those into one C-level pass per pattern. Results are exactly those of searching
each text alone, for patterns without lookbehind, lookahead, ``\\A``, ``\\Z``, or ``^``/``$``
outside MULTILINE (the callers' patterns have none): a match that strays over a text's end is
redone on that text alone. ``SEPARATOR`` is non-word on both sides, so ``\\b`` is unchanged.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator, Sequence
from typing import Any

SEPARATOR = "\n\x00\n"


class Joined:
    """``texts`` joined with ``SEPARATOR``; match offsets are mapped back to (text, offset)."""

    def __init__(self, texts: Sequence[str]) -> None:
        self.texts = texts
        self.text = SEPARATOR.join(texts)
        self.starts: list[int] = []
        at = 0
        for text in texts:
            self.starts.append(at)
            at += len(text) + len(SEPARATOR)
        self._utf8: _Utf8 | None = None
        self._containing: dict[str, set[int]] | None = None

    def _locate(self, position: int) -> int:
        return bisect_right(self.starts, position) - 1

    def _end(self, index: int) -> int:
        return self.starts[index] + len(self.texts[index])

    def finditer(self, pattern: Any) -> Iterator[tuple[int, int, int]]:
        """(text index, start, end) of ``pattern.finditer`` on each text, texts in order."""
        if not self.texts:
            return
        pos = 0
        while pos <= len(self.text):
            restart = None
            for match in pattern.finditer(self.text, pos):
                index = self._locate(match.start())
                offset = self.starts[index]
                if match.end() <= self._end(index):
                    yield index, match.start() - offset, match.end() - offset
                    continue
                # It strays into the separator: redo the texts it touches on their own.
                last = self._locate(max(match.end() - 1, match.start()))
                for redo in range(index, last + 1):
                    skip = match.start() - offset if redo == index else 0
                    for own in pattern.finditer(self.texts[redo]):
                        if own.start() >= skip:
                            yield redo, own.start(), own.end()
                restart = self.starts[last + 1] if last + 1 < len(self.starts) else None
                break
            else:
                return
            if restart is None:
                return
            pos = restart

    def texts_containing(self, literal: str) -> set[int]:
        """Indices of the texts that contain ``literal`` (which holds no NUL).

        An ASCII literal is searched in the UTF-8 bytes: as fast as memchr whatever the text
        holds, where one emoji makes a str search 4-byte wide. UTF-8 never puts an ASCII byte
        inside another character, so the bytes hold it exactly where the text does.
        """
        if literal.isascii():
            if self._utf8 is None:
                self._utf8 = _Utf8(self.texts)
            if self._containing is None:  # the first literal asked of this batch
                self._containing = _LITERALS.search(self._utf8)
            if literal in self._containing:
                return set(self._containing[literal])
            _LITERALS.learn(literal)
            haystack: str | bytes = self._utf8.data
            needle: str | bytes = literal.encode()
            starts, ends = self._utf8.starts, self._utf8.ends
        else:
            haystack, needle = self.text, literal
            starts, ends = self.starts, [self._end(i) for i in range(len(self.texts))]
        found: set[int] = set()
        pos = haystack.find(needle)  # type: ignore[arg-type]  # both str or both bytes
        while pos != -1:
            index = bisect_right(starts, pos) - 1
            if pos + len(needle) <= ends[index]:
                found.add(index)
                if index + 1 == len(starts):
                    break
                pos = haystack.find(needle, starts[index + 1])  # type: ignore[arg-type]
            else:
                pos = haystack.find(needle, pos + 1)  # type: ignore[arg-type]
        return found

    def texts_matching(self, pattern: Any) -> set[int]:
        """Indices of the texts in which ``pattern.search`` finds a match."""
        found: set[int] = set()
        if not self.texts:
            return found
        pos = 0
        while (match := pattern.search(self.text, pos)) is not None:
            index = self._locate(match.start())
            end = self._end(index)
            if match.start() <= end and (
                match.end() <= end or pattern.search(self.text, match.start(), end)
            ):
                found.add(index)
            if index + 1 == len(self.starts):
                break
            pos = self.starts[index + 1]
        return found


class _LiteralSearch:
    """Every ASCII literal ``texts_containing`` was asked for in this process, searched in
    one Hyperscan pass per batch.

    A caller asks each batch for the same few dozen literals (the secret triggers); one
    ``bytes.find`` pass each made that most of a sparse scan's prefilter time. A literal is
    learned the first time it is asked for (that batch searches it alone, as before); later
    batches find every learned literal in one pass, and the database is recompiled only when
    a new one was learned. Like the scan's other Hyperscan databases, one per process, not
    for concurrent use from threads (a database's scratch space is its own).
    """

    def __init__(self) -> None:
        self.literals: list[str] = []
        self._database: Any = None
        self._compiled = 0

    def learn(self, literal: str) -> None:
        # Hyperscan has no empty literal; a caller asking for ever new ones stops being helped
        if literal and literal not in self.literals and len(self.literals) < _MAX_LITERALS:
            self.literals.append(literal)

    def search(self, utf8: _Utf8) -> dict[str, set[int]]:
        """For each learned literal, the indices of the texts of ``utf8`` that contain it."""
        if not self.literals:
            return {}
        if self._compiled != len(self.literals):
            import hyperscan

            database = hyperscan.Database(mode=hyperscan.HS_MODE_BLOCK)
            database.compile(
                expressions=[literal.encode() for literal in self.literals],
                ids=list(range(len(self.literals))),
                elements=len(self.literals),
                flags=0,
                literal=True,
            )
            self._database, self._compiled = database, len(self.literals)
        literals = self.literals[: self._compiled]
        found: dict[str, set[int]] = {literal: set() for literal in literals}
        starts, ends = utf8.starts, utf8.ends

        def on_match(pattern: int, _: int, end: int, flags: int, context: Any) -> None:
            index = bisect_right(starts, end - 1) - 1
            if end - len(literals[pattern]) >= starts[index] and end <= ends[index]:
                found[literals[pattern]].add(index)

        if utf8.data:
            self._database.scan(utf8.data, match_event_handler=on_match)
        return found


_MAX_LITERALS = 1024
_LITERALS = _LiteralSearch()


class _Utf8:
    """The joined texts as UTF-8, with each text's byte span."""

    def __init__(self, texts: Sequence[str]) -> None:
        encoded = [text.encode("utf-8", "surrogatepass") for text in texts]
        separator = SEPARATOR.encode()
        self.data = separator.join(encoded)
        self.starts: list[int] = []
        self.ends: list[int] = []
        at = 0
        for chunk in encoded:
            self.starts.append(at)
            self.ends.append(at + len(chunk))
            at += len(chunk) + len(separator)
