from __future__ import annotations

from datetime import date, timedelta

import pytest

from govern.licenses.decide import apply_waivers, decide, decide_expression
from govern.licenses.policy import ConditionalRule, LicensePolicy, UseContext, Waiver
from govern.licenses.resolve import Resolution

COMMERCIAL = LicensePolicy(
    allow=["MIT", "Apache-2.0", "CC-BY-NC-4.0"],
    require_review=["CC-BY-SA-*"],
    deny=["GPL-3.0-only"],
    conditional=[ConditionalRule(license="CC-BY-4.0", obligations=["Credit in the model card"])],
)
RESEARCH = COMMERCIAL.model_copy(update={"use": UseContext(commercial=False)})
TODAY = date(2025, 6, 1)


@pytest.mark.parametrize(
    ("expression", "commercial", "research"),
    [
        ("Apache-2.0 OR CC-BY-NC-4.0", "allow", "allow"),
        ("Apache-2.0 AND CC-BY-NC-4.0", "deny", "allow"),
        ("MIT AND CC-BY-SA-4.0", "review", "review"),
        ("GPL-3.0-only OR CC-BY-SA-4.0", "review", "review"),
        ("GPL-3.0-only AND MIT", "deny", "deny"),
    ],
)
def test_or_takes_the_best_and_the_worst(expression: str, commercial: str, research: str) -> None:
    assert decide_expression(expression, COMMERCIAL).verdict == commercial
    assert decide_expression(expression, RESEARCH).verdict == research


def test_non_commercial_is_denied_under_commercial_use_even_when_allowed() -> None:
    decision = decide_expression("CC-BY-NC-4.0", COMMERCIAL)
    assert decision.verdict == "deny"
    assert "non-commercial" in decision.reason and "commercial" in decision.reason


def test_or_reason_names_the_option_chosen() -> None:
    decision = decide_expression("Apache-2.0 OR CC-BY-NC-4.0", COMMERCIAL)
    assert decision.licenses == ("Apache-2.0",)
    assert "best option" in decision.reason and "Apache-2.0 is listed in allow" in decision.reason


def test_and_keeps_every_license_and_condition() -> None:
    decision = decide_expression("MIT AND CC-BY-4.0", COMMERCIAL)
    assert decision.verdict == "allow"
    assert decision.licenses == ("MIT", "CC-BY-4.0")
    assert decision.conditions == (("CC-BY-4.0", "Credit in the model card"),)


def test_precedence_deny_over_review_over_allow() -> None:
    both = LicensePolicy(allow=["MIT", "BSD-*"], deny=["MIT"], require_review=["BSD-3-Clause"])
    assert decide_expression("MIT", both).verdict == "deny"
    assert decide_expression("BSD-3-Clause", both).verdict == "review"
    assert decide_expression("BSD-2-Clause", both).verdict == "allow"


def test_a_license_in_no_list_needs_review() -> None:
    decision = decide_expression("ISC", COMMERCIAL)
    assert decision.verdict == "review" and "none of the policy's lists" in decision.reason


@pytest.mark.parametrize("setting", ["review", "deny"])
def test_unknown_follows_the_policy(setting: str) -> None:
    policy = COMMERCIAL.model_copy(update={"unknown": setting})
    decision = decide(Resolution(None, unknown=True, problems=("no license declared",)), policy)
    assert decision.verdict == setting and "no license declared" in decision.reason


def test_problems_always_mean_review() -> None:
    resolution = Resolution("MIT", problems=("card says MIT, LICENSE text is CC-BY-NC-4.0",))
    decision = decide(resolution, COMMERCIAL)
    assert decision.verdict == "review" and "CC-BY-NC-4.0" in decision.reason


def _waiver(expires: date, **fields: str) -> Waiver:
    defaults = {"source": "forum*", "approver": "dpo@example.org", "reason": "vendor contract"}
    return Waiver(expires=expires, **(defaults | fields))


UNKNOWN = Resolution(None, unknown=True, problems=("no license declared",))


def test_valid_waiver_lifts_a_review() -> None:
    policy = COMMERCIAL.model_copy(update={"waivers": [_waiver(TODAY)]})
    decision = apply_waivers(decide(UNKNOWN, policy), "forum_threads", UNKNOWN, policy, TODAY)
    assert decision.verdict == "allow"
    assert "dpo@example.org" in decision.reason and decision.waiver is not None
    assert decision.waiver["expires"] == "2025-06-01"


def test_expired_waiver_does_not_apply() -> None:
    policy = COMMERCIAL.model_copy(update={"waivers": [_waiver(TODAY - timedelta(days=1))]})
    decision = apply_waivers(decide(UNKNOWN, policy), "forum_threads", UNKNOWN, policy, TODAY)
    assert decision.verdict == "review" and decision.waiver is None
    assert "expired on 2025-05-31" in decision.reason


def test_waiver_for_another_source_or_license_does_not_apply() -> None:
    policy = COMMERCIAL.model_copy(
        update={"waivers": [_waiver(TODAY, source="support*"), _waiver(TODAY, license="MIT")]}
    )
    decision = apply_waivers(decide(UNKNOWN, policy), "forum_threads", UNKNOWN, policy, TODAY)
    assert decision.verdict == "review"


def test_waiver_never_lifts_a_deny() -> None:
    policy = COMMERCIAL.model_copy(update={"waivers": [_waiver(TODAY, source="*")]})
    resolution = Resolution("CC-BY-NC-4.0")
    decision = apply_waivers(decide(resolution, policy), "clinic", resolution, policy, TODAY)
    assert decision.verdict == "deny" and "never lifts a deny" in decision.reason
