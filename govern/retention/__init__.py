"""Retention policies: plans, deletions and a hash-chained deletion log."""
