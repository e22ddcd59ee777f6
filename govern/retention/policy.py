"""The ``retention`` section of a policy."""

from __future__ import annotations

from pydantic import Field

from govern.schema import Section


class RetentionRule(Section):
    pattern: str = Field(description="Glob of paths the rule covers, relative to the data root.")
    max_age_days: int = Field(ge=0)


class RetentionPolicy(Section):
    rules: list[RetentionRule] = Field(default=[])
    audit_log: str = "audit/retention.jsonl"
