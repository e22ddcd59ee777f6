"""Retention: plan what the policy deletes, apply exactly that plan, log every deletion.

``plan.py`` finds what each rule covers (``match.py``) minus legal holds and files a signed
release depends on (``protect.py``); ``apply.py`` refuses a stale plan and deletes (unlink, or
crypto-shred for backups); ``log.py`` keeps the hash-chained deletion log, its signed head and
anchor, and audits them; ``names.py`` is how every record names a file (keyed hashes).
"""

from govern.retention.apply import (
    Applied,
    Deletion,
    apply_plan,
    audit_with_policy,
    log_public_key,
)
from govern.retention.log import AuditResult, audit_log
from govern.retention.plan import Plan, Planned, load_plan, plan_retention, write_plan

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
