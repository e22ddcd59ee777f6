"""License ids: SPDX expressions, ScanCode keys and Hugging Face ids, normalized one way.

One ``Licensing`` serves everything: the SPDX ids of the ScanCode index vendored by
``license-expression`` (ScanCode-only licenses as ``LicenseRef-scancode-<key>``), with each bare
ScanCode key accepted as an alias, plus the few ids govern defines itself (``extra_ids``).
"""

from __future__ import annotations

import fnmatch
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import Any

from license_expression import (
    ExpressionError,
    LicenseSymbol,
    LicenseWithExceptionSymbol,
    Licensing,
    get_license_index,
)

from govern.licenses.knowledge import knowledge

GLOB_CHARS = frozenset("*?[")


@dataclass(frozen=True, slots=True)
class Mapped:
    """What a declared license value means: a canonical expression, or why there is none."""

    spdx: str | None = None
    problem: str | None = None
    unknown: bool = False  # declared as unknown/none: the policy's ``unknown`` setting decides
    family: tuple[str, ...] = ()  # ids a generic value (``openrail``) may be narrowed down to


@cache
def licensing() -> Licensing:
    """The shared ``Licensing``; built once (about 50 ms)."""
    index = get_license_index()
    taken = {e["spdx_license_key"].lower() for e in index if e.get("spdx_license_key")}
    for entry in index:
        taken.update(alias.lower() for alias in entry.get("other_spdx_license_keys") or [])
    symbols = []
    for entry in index:
        key = entry.get("spdx_license_key")
        if not key:
            continue
        aliases = list(entry.get("other_spdx_license_keys") or [])
        scancode_key = entry["license_key"]
        # A bare ScanCode key is an alias unless it already names an SPDX id (mit, gpl-3.0).
        if scancode_key.lower() not in taken:
            aliases.append(scancode_key)
            taken.add(scancode_key.lower())
        symbols.append(
            LicenseSymbol(key, aliases=tuple(aliases), is_exception=entry.get("is_exception"))
        )
    symbols.extend(LicenseSymbol(key) for key in knowledge().extra_ids)
    return Licensing(symbols)


@cache
def known_ids() -> tuple[str, ...]:
    """Every id a policy glob may match: SPDX ids and ScanCode keys, lower-cased."""
    ids: set[str] = set()
    for symbol in licensing().known_symbols.values():
        ids.add(symbol.key.lower())
        ids.update(alias.lower() for alias in symbol.aliases)
    return tuple(sorted(ids))


def parse(expression: str) -> Any:
    """The parsed expression tree; ValueError naming bad syntax or unknown ids."""
    try:
        parsed = licensing().parse(expression, validate=True)
    except ExpressionError as exc:
        raise ValueError(str(exc).split("\n")[0]) from None
    if parsed is None:
        raise ValueError("empty license expression")
    return parsed


def normalize(expression: str) -> str:
    """Canonical SPDX form (``apache-2.0 or mit`` -> ``Apache-2.0 OR MIT``); ValueError if bad."""
    return str(parse(expression))


def license_keys(expression: str) -> list[str]:
    """The license ids in ``expression`` (exceptions of WITH left out), in order."""
    keys: list[str] = []
    for symbol in parse(expression).get_symbols():
        if isinstance(symbol, LicenseWithExceptionSymbol):
            symbol = symbol.license_symbol
        if symbol.key not in keys:
            keys.append(symbol.key)
    return keys


def matches(key: str, pattern: str) -> bool:
    """Does license id ``key`` match a policy entry (an id, alias or glob, any case)?"""
    symbol = licensing().known_symbols.get(key)
    names = [key, *(symbol.aliases if symbol is not None else ())]
    return any(fnmatch.fnmatchcase(name.lower(), pattern.lower()) for name in names)


def first_match(key: str, patterns: Iterable[str]) -> str | None:
    return next((pattern for pattern in patterns if matches(key, pattern)), None)


def is_noncommercial(expression: str) -> bool:
    """Does any license in ``expression`` forbid commercial use (``noncommercial`` globs)?"""
    globs = knowledge().noncommercial
    return any(first_match(key, globs) for key in license_keys(expression))


def check_pattern(pattern: str) -> str:
    """A policy entry as written: one license id or a glob matching a known id; else ValueError."""
    if GLOB_CHARS & set(pattern):
        if not fnmatch.filter(known_ids(), pattern.lower()):
            raise ValueError(f"glob {pattern!r} matches no known license id")
        return pattern
    parsed = parse(pattern)
    if not isinstance(parsed, LicenseSymbol):
        raise ValueError(
            f"{pattern!r} is an expression; list single license ids (expressions in data are "
            "judged per license: OR takes the best verdict, AND the worst)"
        )
    return pattern


def map_declared(value: object, name: object = None, link: object = None) -> Mapped:
    """What a declared ``license`` value means (Hugging Face id, SPDX or ScanCode expression).

    ``name`` and ``link`` are a card's ``license_name`` and ``license_link``, consulted when the
    value is ``other``: a name that is itself a known id decides; otherwise it is a review.
    """
    if not isinstance(value, str):
        return Mapped(problem=f"license value is {type(value).__name__}, not text")
    text = value.strip()
    lowered = text.lower()
    facts = knowledge()
    if lowered in facts.unknown_values:
        return Mapped(problem=f"license declared as {text!r}", unknown=True)
    if lowered == "other":
        if isinstance(name, str) and name.strip().lower() not in ("", "other"):
            named = map_declared(name)
            if named.spdx is not None:
                return named
        if not isinstance(link, str) or not link.strip():
            return Mapped(
                problem="license 'other' without a license_link: the terms cannot be found"
            )
        return Mapped(
            problem=f"license 'other' ({name or 'unnamed'}, {link}) is not a known license"
        )
    if lowered in facts.hf_ids:
        return Mapped(spdx=facts.hf_ids[lowered])
    if lowered in facts.ambiguous_ids:
        ambiguous = facts.ambiguous_ids[lowered]
        return Mapped(problem=f"{text!r} {ambiguous.reason}", family=ambiguous.family)
    try:
        return Mapped(spdx=normalize(text))
    except ValueError:
        return Mapped(problem=f"{text!r} is not a known SPDX, ScanCode or Hugging Face license id")
