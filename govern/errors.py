"""One exception type per kind of user-facing failure; the CLI catches them once.

Messages must never contain a scanned value: name the file, line and field, not the content.
"""

from __future__ import annotations


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
