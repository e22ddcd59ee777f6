"""One exception type per kind of user-facing failure; the CLI catches them once.

Messages must never contain a scanned value: name the file, line and field, not the content.
"""

from __future__ import annotations

import unicodedata

# Bidirectional controls reorder what a terminal shows (Trojan Source); names never need them.
_BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def one_line(text: str) -> str:
    """``text`` safe to print as one line: controls and bidi marks as ``\\n``, ``\\u202e``...

    File names may hold newlines, escape sequences or bidi controls; an error message
    quoting one must neither split into two lines nor reorder or recolour the terminal.
    """
    out = []
    for char in text:
        if char in _BIDI or unicodedata.category(char) in ("Cc", "Zl", "Zp"):
            out.append(char.encode("unicode_escape").decode("ascii"))
        else:
            out.append(char)
    return "".join(out)


class GovernError(Exception):
    """A failure the CLI reports as one line; ``exit_code`` is what the process returns."""

    exit_code = 2


class InputError(GovernError):
    """A file, record or argument the user gave cannot be used (exit 2)."""


class PolicyError(InputError):
    """A policy file is missing, unparsable or does not match the schema (exit 2)."""


class PolicyViolation(GovernError):
    """The data or artifact breaks the policy (exit 1)."""

    exit_code = 1


class IntegrityError(GovernError):
    """Stored bytes fail their check: a tampered backup or deletion log (exit 1)."""

    exit_code = 1
