"""Retention: plan what the policy deletes, apply exactly that plan, log every deletion.

``plan.py`` finds what each rule covers (``match.py``) minus legal holds and files a signed
release depends on (``protect.py``); ``apply.py`` refuses a stale plan and deletes (unlink, or
crypto-shred for backups); ``log.py`` keeps the hash-chained deletion log, its signed head and
anchor, and audits them; ``names.py`` is how every record names a file (keyed hashes).
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from govern.retention.apply import (
        Applied,
        Deletion,
        apply_plan,
        audit_with_policy,
        log_public_key,
    )
    from govern.retention.log import AuditResult, audit_log
    from govern.retention.plan import Plan, Planned, load_plan, plan_retention, write_plan

# Exported lazily: govern.policy imports govern.retention.policy, which runs this file; a
# policy load (every command's start) then needs none of the modules below.
_EXPORTS = {
    "Applied": "govern.retention.apply",
    "Deletion": "govern.retention.apply",
    "apply_plan": "govern.retention.apply",
    "audit_with_policy": "govern.retention.apply",
    "log_public_key": "govern.retention.apply",
    "AuditResult": "govern.retention.log",
    "audit_log": "govern.retention.log",
    "Plan": "govern.retention.plan",
    "Planned": "govern.retention.plan",
    "load_plan": "govern.retention.plan",
    "plan_retention": "govern.retention.plan",
    "write_plan": "govern.retention.plan",
}

__all__ = [
    "Applied",
    "AuditResult",
    "Deletion",
    "Plan",
    "Planned",
    "apply_plan",
    "audit_log",
    "audit_with_policy",
    "log_public_key",
    "load_plan",
    "plan_retention",
    "write_plan",
]


def __getattr__(name: str) -> Any:
    if name not in _EXPORTS:
        raise AttributeError(f"module 'govern.retention' has no attribute {name!r}")
    return getattr(import_module(_EXPORTS[name]), name)
