"""Retention: plan what the policy deletes, apply exactly that plan, log every deletion.

``plan.py`` finds what each rule covers (``match.py``) minus legal holds and files a signed
release depends on (``protect.py``); ``apply.py`` refuses a stale plan and deletes (unlink, or
crypto-shred for backups); ``log.py`` keeps the hash-chained deletion log and audits it.
"""

from govern.retention.apply import Deletion, apply_plan
from govern.retention.log import AuditResult, audit_log
from govern.retention.plan import Plan, Planned, load_plan, plan_retention, write_plan

__all__ = [
    "AuditResult",
    "Deletion",
    "Plan",
    "Planned",
    "apply_plan",
    "audit_log",
    "load_plan",
    "plan_retention",
    "write_plan",
]
