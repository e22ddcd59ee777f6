"""The literal strings a pattern cannot match without: a check far cheaper than running it.

Running one of presidio's patterns over a window costs ~3 µs however short the window, and a
window runs every pattern of the recognizers its anchors chose, most of which find nothing there.
Nearly every pattern reads a literal in each string it matches in ("/home/", "user=", "@", one of
a few words), in its match or in a look-around: a window that holds none of them cannot match,
and is not run (``govern.scan.pii``).

The literals are read off the parse tree of Python's own ``re`` (``regex`` offers none), which
parses the syntax presidio's patterns use as ``regex`` does. Where the two could differ, there is
no check: a pattern ``re`` refuses (``regex``'s own escapes, named lists) or warns about
(``regex``'s nested sets), or holding fuzzy matching. ``\\K`` (only where a match starts) is
read as nothing, and a Unicode property (``\\p{Lu}``) as ``\\w``: one character, no literal.
Literals are compared lowercased, and only in ASCII windows: ignoring case or not, a match's
literal is then there in some case, and no fold from a character outside ASCII (``ſ``, the
Kelvin sign) can stand in for one; literals beyond ASCII are not used.
"""

from __future__ import annotations

import functools
import re
import warnings
from re import _constants as sre  # type: ignore[attr-defined]
from re import _parser  # type: ignore[attr-defined]
from typing import Any

MAX_LITERALS = 8  # more alternatives than this cost about what running the pattern does
# A class of at most this many ASCII characters (``\d``: a digit) is one of them; a window of
# prose seldom holds a digit, and looking for ten characters is far cheaper than a pattern.
MAX_CLASS = 10
_DIGITS = frozenset("0123456789")  # what ``\d`` matches in an ASCII window
_K = re.compile(r"(?<!\\)((?:\\\\)*)\\K")  # an unescaped \K
# an unescaped Unicode property (\p{Lu}, \PL): one character, read as ``\w`` (no literal)
_PROPERTY = re.compile(r"(?<!\\)((?:\\\\)*)\\[pP](?:\{[^}]*\}|[A-Za-z])")
_FUZZY = re.compile(r"\{[^}]*[<>=]")  # regex's fuzzy matching: {e<=1}
_REPEATS = {sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT}


def holds_ascii_digit(text: str) -> bool:
    """Whether ``text`` holds one of 0-9: ``re.search("[0-9]", text)``, ~10x faster on a text
    without one (ten substring scans instead of a pattern's character-by-character loop)."""
    return (
        "0" in text
        or "1" in text
        or "2" in text
        or "3" in text
        or "4" in text
        or "5" in text
        or "6" in text
        or "7" in text
        or "8" in text
        or "9" in text
    )


@functools.cache
def required_literals(source: str, flags: int = 0) -> frozenset[str] | None:
    """Lowercased ASCII strings one of which every string that ``source`` (a ``regex``
    pattern compiled with ``flags``) matches in holds; None without such a set of at most
    ``MAX_LITERALS``, or where ``re`` may not read ``source`` as ``regex`` does."""
    if _FUZZY.search(source):
        return None
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error")  # "possible nested set": regex's syntax, not re's
            readable = _PROPERTY.sub(r"\1\\w", _K.sub(r"\1", source))
            tree = _parser.parse(readable, flags & re.VERBOSE)
    except (re.error, FutureWarning, DeprecationWarning, ValueError, TypeError):
        return None
    return _sequence(list(tree))


def _sequence(nodes: list[tuple[Any, Any]]) -> frozenset[str] | None:
    """The most selective set of at most ``MAX_LITERALS`` literals one of which a match of
    ``nodes`` holds."""
    choices: list[frozenset[str]] = []
    run: list[str] = []
    for op, value in nodes:
        if op is sre.LITERAL and value < 128:
            run.append(chr(value).lower())
            continue
        if run:
            choices.append(frozenset(["".join(run)]))
            run = []
        inner = _node(op, value)
        if inner:
            choices.append(inner)
    if run:
        choices.append(frozenset(["".join(run)]))
    cheap = [choice for choice in choices if len(choice) <= MAX_LITERALS or _one_character(choice)]
    if not cheap:
        return None
    # the longest, then any but whitespace alone (every window of prose holds a space), fewest
    return max(cheap, key=lambda c: (min(map(len, c)), not all(map(str.isspace, c)), -len(c)))


def _one_character(choice: frozenset[str]) -> bool:
    return len(choice) <= MAX_CLASS and all(len(literal) == 1 for literal in choice)


def _node(op: Any, value: Any) -> frozenset[str] | None:
    """The literals one of which every match of one node that is not a literal holds."""
    if op is sre.SUBPATTERN:
        return _sequence(list(value[-1]))
    if op is sre.ATOMIC_GROUP:
        return _sequence(list(value))
    if op is sre.ASSERT:  # a look-ahead or look-behind reads the string it is in
        return _sequence(list(value[1]))
    if op in _REPEATS:
        low, _, body = value
        return _sequence(list(body)) if low >= 1 else None
    if op is sre.IN:
        return _class(value)
    if op is sre.BRANCH:
        branches = [_sequence(list(branch)) for branch in value[1]]
        if any(branch is None for branch in branches):
            return None
        return frozenset().union(*(b for b in branches if b is not None))
    return None  # a boundary, a negative look-around, a back-reference: no literal


def _class(items: list[tuple[Any, Any]]) -> frozenset[str] | None:
    """The characters, lowercased, of a class of at most ``MAX_CLASS`` ASCII characters (a
    window is ASCII where literals are compared); None for any other, or one that names a
    character beyond ASCII, which a fold could stand in for."""
    characters: set[str] = set()
    for op, value in items:
        if op is sre.LITERAL and value < 128:
            characters.add(chr(value).lower())
        elif op is sre.RANGE and value[1] < 128 and value[1] - value[0] < MAX_CLASS:
            characters.update(chr(code).lower() for code in range(value[0], value[1] + 1))
        elif op is sre.CATEGORY and value is sre.CATEGORY_DIGIT:
            characters.update(_DIGITS)
        else:  # a negated class, \w, \s, a character beyond ASCII
            return None
    return frozenset(characters) if len(characters) <= MAX_CLASS else None
