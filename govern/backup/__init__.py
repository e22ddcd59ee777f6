"""Encrypted, tamper-evident backups (streaming AES-256-GCM)."""
