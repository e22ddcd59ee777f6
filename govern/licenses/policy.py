"""The ``licenses`` section of a policy: which licenses pass, for what use, and the waivers.

Entries are license ids (SPDX, or ScanCode keys as ``LicenseRef-scancode-<key>``) or globs over
them (``CC-BY-NC-*``); each is checked when the policy loads, so a typo is an error naming the
file and line instead of a rule that never matches.
"""

from __future__ import annotations

from datetime import date
from typing import Annotated, Literal

from pydantic import AfterValidator, Field, field_validator

from govern.schema import Section

_ENTRY = "License ids or globs over them (SPDX ids; ScanCode keys as LicenseRef-scancode-*)."


def _check_entry(pattern: str) -> str:
    # Imported here: the SPDX index loads only when a policy actually lists licenses.
    from govern.licenses.ids import check_pattern

    return check_pattern(pattern)


# Checked item by item, so an error names the line of the bad entry.
LicenseEntry = Annotated[str, AfterValidator(_check_entry)]


class ConditionalRule(Section):
    license: LicenseEntry = Field(description="License id or glob allowed on conditions.")
    obligations: list[str] = Field(
        min_length=1, description="What users of the data must do; listed in the report."
    )


class UseContext(Section):
    commercial: bool = Field(
        default=True,
        description="The data or model is used commercially: non-commercial licenses are denied "
        "whatever the lists say.",
    )
    distribute_model: bool = Field(
        default=True,
        description="The trained model is shared: obligations binding on distribution apply.",
    )


class Waiver(Section):
    source: str = Field(description="Glob over source names (a dataset folder or record source).")
    license: str | None = Field(
        default=None,
        description="The license the waiver was granted for ('unknown' for none); it lapses when "
        "the source's license changes. Unset: any.",
    )
    approver: str = Field(min_length=1, description="Who accepted the risk.")
    reason: str = Field(min_length=1, description="Why the source may be used.")
    expires: date = Field(description="Last day the waiver applies (YYYY-MM-DD).")

    @field_validator("license")
    @classmethod
    def _normalized(cls, value: str | None) -> str | None:
        from govern.licenses.ids import normalize

        if value is None or value.strip().lower() == "unknown":
            return value
        return normalize(value)


class LicensePolicy(Section):
    allow: list[LicenseEntry] = Field(
        default=["MIT", "Apache-2.0", "BSD-2-Clause", "BSD-3-Clause", "CC-BY-4.0", "CC0-1.0"],
        description=f"Allowed. {_ENTRY}",
    )
    conditional: list[ConditionalRule] = Field(
        default=[], description="Allowed on conditions: the obligations are reported per source."
    )
    require_review: list[LicenseEntry] = Field(
        default=["CC-BY-SA-*", "CC-BY-ND-*", "CC-BY-NC-ND-*", "LicenseRef-scancode-llama-*"],
        description=f"Need a person's sign-off (a waiver). {_ENTRY}",
    )
    deny: list[LicenseEntry] = Field(default=["CC-BY-NC-*"], description=f"Never used. {_ENTRY}")
    use: UseContext = UseContext()
    unknown: Literal["review", "deny"] = Field(
        default="review", description="Verdict for a source with no license or 'unknown'."
    )
    notice_alone: Literal["allow", "review"] = Field(
        default="review",
        description="Verdict for an allowed license named only by a notice, an "
        "SPDX-License-Identifier line or a 'released under ...' sentence (no card or record "
        "field, no full license text): 'allow' trusts it, 'review' asks a person.",
    )
    waivers: list[Waiver] = Field(
        default=[], description="Sign-offs that turn a review into an allow until they expire."
    )
    source_field: str = Field(
        default="source", description="Record field naming its source; unset: its folder."
    )
    license_field: str = Field(default="license", description="Record field declaring a license.")
