"""Verdicts: a license expression (or its absence) judged against the policy, then waivers.

Per license id: non-commercial under commercial use is denied, then deny > require_review >
conditional/allow, and an id in no list needs review. In an expression OR takes the best verdict
of its options and AND the worst of its parts. Waivers lift a review (never a deny) until they
expire.
"""

from __future__ import annotations

import fnmatch
from dataclasses import dataclass, replace
from datetime import date
from typing import Any, Literal

from license_expression import AND, OR, LicenseWithExceptionSymbol

from govern.licenses import ids
from govern.licenses.policy import LicensePolicy, Waiver
from govern.licenses.resolve import Resolution

Verdict = Literal["allow", "review", "deny"]
RANK: dict[Verdict, int] = {"allow": 0, "review": 1, "deny": 2}


@dataclass(frozen=True, slots=True)
class Decision:
    """A verdict with its reason, the license ids it rests on and the policy's conditions."""

    verdict: Verdict
    reason: str
    licenses: tuple[str, ...] = ()
    conditions: tuple[tuple[str, str], ...] = ()  # (license id, obligation) from `conditional`
    waiver: dict[str, Any] | None = None


def decide(resolution: Resolution, policy: LicensePolicy) -> Decision:
    """The verdict for a resolved source, before waivers."""
    if resolution.unknown:
        why = "; ".join(resolution.problems)
        return Decision(
            policy.unknown, f"no known license: {why} (licenses.unknown: {policy.unknown})"
        )
    if resolution.problems:
        return Decision("review", "; ".join(resolution.problems))
    assert resolution.spdx is not None
    decision = decide_expression(resolution.spdx, policy)
    if resolution.only_mentions and decision.verdict == "allow" and policy.notice_alone == "review":
        named = ", ".join(resolution.only_mentions)
        reason = (
            f"{decision.reason}, but only {named} names it, with no card field, record field or "
            "license text (licenses.notice_alone: review)"
        )
        return replace(decision, verdict="review", reason=reason)
    return decision


def decide_expression(expression: str, policy: LicensePolicy) -> Decision:
    """Judge an SPDX expression: OR takes its best option, AND its worst part."""
    return _judge(ids.parse(expression), policy)


def _judge(node: Any, policy: LicensePolicy) -> Decision:
    if isinstance(node, (AND, OR)):
        parts = [_judge(arg, policy) for arg in node.args]
        if isinstance(node, OR):
            best = min(parts, key=lambda d: RANK[d.verdict])
            return replace(best, reason=f"{node}: the best option decides: {best.reason}")
        worst = max(parts, key=lambda d: RANK[d.verdict])
        return Decision(
            worst.verdict,
            f"{node}: every part applies, the worst decides: {worst.reason}",
            tuple(key for part in parts for key in part.licenses),
            tuple(condition for part in parts for condition in part.conditions),
        )
    if isinstance(node, LicenseWithExceptionSymbol):
        node = node.license_symbol
    return decide_license(node.key, policy)


def decide_license(key: str, policy: LicensePolicy) -> Decision:
    """The verdict for one license id; the reason names the rule that decided."""
    if policy.use.commercial and ids.is_noncommercial(key):
        return Decision(
            "deny", f"{key} is non-commercial and the policy's use is commercial", (key,)
        )
    denied = ids.first_match(key, policy.deny)
    if denied is not None:
        return Decision("deny", f"{key} is listed in deny ({denied})", (key,))
    held = ids.first_match(key, policy.require_review)
    if held is not None:
        return Decision("review", f"{key} is listed in require_review ({held})", (key,))
    rules = [rule for rule in policy.conditional if ids.matches(key, rule.license)]
    if rules:
        conditions = tuple((key, item) for rule in rules for item in rule.obligations)
        why = f"{key} is allowed on conditions ({rules[0].license})"
        return Decision("allow", why, (key,), conditions)
    pattern = ids.first_match(key, policy.allow)
    if pattern is not None:
        return Decision("allow", f"{key} is listed in allow ({pattern})", (key,))
    return Decision("review", f"{key} is in none of the policy's lists", (key,))


def apply_waivers(
    decision: Decision, source: str, resolution: Resolution, policy: LicensePolicy, today: date
) -> Decision:
    """Lift a review with a matching, unexpired waiver; say why a matching one did not apply."""
    waivers = [w for w in policy.waivers if _covers(w, source, resolution)]
    if not waivers or decision.verdict == "allow":
        return decision
    if decision.verdict == "deny":
        return replace(decision, reason=f"{decision.reason} (a waiver never lifts a deny)")
    valid = [w for w in waivers if w.expires >= today]
    if not valid:
        expired = max(waivers, key=lambda w: w.expires)
        note = f" (waiver by {expired.approver} expired on {expired.expires.isoformat()})"
        return replace(decision, reason=decision.reason + note)
    waiver = max(valid, key=lambda w: w.expires)
    reason = (
        f"review waived by {waiver.approver} until {waiver.expires.isoformat()}: "
        f"{waiver.reason} (was: {decision.reason})"
    )
    return replace(decision, verdict="allow", reason=reason, waiver=waiver.model_dump(mode="json"))


def _covers(waiver: Waiver, source: str, resolution: Resolution) -> bool:
    if not fnmatch.fnmatchcase(source, waiver.source):
        return False
    if waiver.license is None:
        return True
    if resolution.spdx is None:
        return waiver.license.lower() == "unknown"
    return waiver.license.lower() != "unknown" and bool(
        ids.licensing().is_equivalent(waiver.license, resolution.spdx)
    )
