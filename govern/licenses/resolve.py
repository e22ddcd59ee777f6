"""From a source's evidence to one license expression, or the reasons there is none.

Declarations (card and record fields) must agree with each other; a license text must agree
with them (its license is one of the declared expression's ids), or decide alone when nothing
is declared. Mentions (notices, SPDX lines, "released under" references) must agree with what
is declared or matched; when they are all there is, they name the license and the resolution
says so (``only_mentions``), for ``licenses.notice_alone`` to judge. Anything unmapped,
partial, generic or contradictory is a problem, and a problem means review: a guess is never
an allow.
"""

from __future__ import annotations

import fnmatch
from dataclasses import dataclass

from govern.licenses import ids
from govern.licenses.evidence import MENTIONS, Evidence
from govern.licenses.knowledge import knowledge


@dataclass(frozen=True, slots=True)
class Resolution:
    """The source's license (None when unknown) and why it cannot be trusted, if it cannot."""

    spdx: str | None
    unknown: bool = False  # nothing but "unknown" declared: the policy's ``unknown`` decides
    problems: tuple[str, ...] = ()
    only_mentions: tuple[str, ...] = ()  # labels of the mentions that alone name the license


NO_LICENSE = "no license declared (no card license field, no LICENSE file, no record field)"


def resolve(evidence: list[Evidence]) -> Resolution:
    """Combine the evidence of one source; see the module docstring for the rules."""
    decisive = [item for item in evidence if item.decisive]
    if not decisive:
        return Resolution(None, unknown=True, problems=(NO_LICENSE,))
    if all(item.unknown for item in decisive):
        return Resolution(None, unknown=True, problems=_problems(decisive))
    # A declaration with a problem still names a license to compare; its problem forces review.
    declared = [i for i in decisive if i.method in ("card-field", "record-field") and i.spdx]
    texts = [i for i in decisive if i.method == "license-text" and i.spdx and not i.problem]
    named = [i for i in decisive if i.method in MENTIONS and i.spdx and not i.problem]
    spdx, disagreements = _agree(declared, texts)
    only: tuple[str, ...] = ()
    if spdx is None and not declared and not texts and named:
        spdx, disagreements = _agree([], named)
        only = tuple(item.label for item in named)
    elif spdx is not None:
        disagreements += _disagreeing(spdx, declared or texts, named)
    problems = [
        f"{item.label}: {item.problem}"
        for item in decisive
        if item.problem and not (spdx is not None and spdx in item.family)
    ]
    problems += disagreements + _upstream(evidence, spdx)
    return Resolution(spdx, problems=tuple(problems), only_mentions=only)


def _disagreeing(spdx: str, basis: list[Evidence], named: list[Evidence]) -> list[str]:
    """Mentions naming a license outside ``spdx`` (what the declaration or text says)."""
    keys = set(ids.license_keys(spdx))
    return [
        f"{basis[0].label} says {spdx}, but {item.label} names {item.spdx}"
        for item in named
        if item.spdx is not None and not set(ids.license_keys(item.spdx)) <= keys
    ]


def _problems(items: list[Evidence]) -> tuple[str, ...]:
    return tuple(f"{item.label}: {item.problem}" for item in items if item.problem)


def _agree(declared: list[Evidence], texts: list[Evidence]) -> tuple[str | None, list[str]]:
    """The expression declarations and texts agree on, and every disagreement."""
    problems: list[str] = []
    if declared:
        first = declared[0]
        spdx = first.spdx
        assert spdx is not None
        for other in declared[1:]:
            if not ids.licensing().is_equivalent(spdx, other.spdx):
                problems.append(
                    f"declarations disagree: {first.label} says {spdx}, "
                    f"{other.label} says {other.spdx}"
                )
        keys = ids.license_keys(spdx)
        for text in texts:
            if text.spdx not in keys:
                problems.append(
                    f"{first.label} says {spdx}, but {text.label} is {text.spdx} "
                    f"(score {text.score})"
                )
        return spdx, problems
    found = sorted({text.spdx for text in texts if text.spdx})
    if len(found) > 1:
        what = "license texts" if texts[0].method == "license-text" else "mentions"
        problems.append(f"{what} of {', '.join(found)} and no declaration of how they combine")
    return (found[0] if found else None), problems


def _upstream(evidence: list[Evidence], spdx: str | None) -> list[str]:
    """Base models whose license passes down, when the declared license is something else."""
    problems = []
    for item in evidence:
        if item.base_model is None:
            continue
        rule = next(
            (
                r
                for r in knowledge().upstream
                if fnmatch.fnmatch(item.base_model.lower(), r.base_model)
            ),
            None,
        )
        if rule is None:
            continue
        keys = ids.license_keys(spdx) if spdx else []
        if not any(ids.matches(key, rule.license) for key in keys):
            problems.append(
                f"{item.label}: base model {item.base_model} is under {rule.license}, whose terms "
                f"pass to derivatives; the declared license is {spdx or 'missing'}"
            )
    return problems
