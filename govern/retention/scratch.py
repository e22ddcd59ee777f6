"""A scratch project for the retention demo: artifacts of every class, with known ages.

The sample pipeline builds it, then plans, applies and audits retention on it, so the default
policy has real work to do without going near the sample's own data. Files hold synthetic
filler, never personal data; backups are real (encrypted, under the scratch key store).
"""

from __future__ import annotations

import json
import os
import shutil
from datetime import UTC, datetime, timedelta
from pathlib import Path

from govern.backup import KeySource, KeyStore, create_backup
from govern.io import atomic_write_text, private_dir

# (path relative to the scratch root, age in days)
_FILES = [
    ("data/raw/export-old.jsonl", 400),
    ("data/raw/export-recent.jsonl", 10),
    ("data/redacted/export-old.jsonl", 800),
    ("logs/train-old.log", 200),
    ("logs/eval/eval-old.log", 120),
    ("logs/train-recent.log", 5),
    (".dvc/cache/files/md5/3a/7bd3e2360a3d29eea436fcfb7e44c7", 45),
    (".dvc/cache/files/md5/9f/0b2a6c7f6d1b0e5e8c1f2d3a4b5c6d", 2),
    (".dvc/cache/runs/5e/5e1c/8d2f0a", 60),
]
_CHECKPOINT_AGES = {100: 60, 200: 50, 300: 40, 400: 20, 500: 2}
_ADAPTER_AGES = {"adapter-v1": 400, "adapter-v2": 30}
_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_BACKUP_AGES = [1, 20, 40, 60, 80, 100, 120, 200, 250]


def build_scratch(root: Path, now: datetime, key: KeySource, store: KeyStore) -> int:
    """Create the scratch project under ``root`` (replacing it); return how many files it holds.

    ``checkpoints/checkpoint-100`` is listed in ``releases/v1/manifest.json``, so a policy that
    protects release manifests keeps it although it is old.
    """
    shutil.rmtree(root, ignore_errors=True)
    for relative, days in _FILES:
        _write(root / relative, f"synthetic {relative}\n", now, days)
    for step, days in _CHECKPOINT_AGES.items():
        for name in ("adapter.bin", "trainer_state.json"):
            _write(root / f"checkpoints/checkpoint-{step}" / name, f"step {step}\n", now, days)
    for name, days in _ADAPTER_AGES.items():
        _write(root / "adapters" / name / "adapter_model.bin", f"{name}\n", now, days)
    release = {"base": ".", "files": [{"path": "checkpoints/checkpoint-100/adapter.bin"}]}
    _write(root / "releases/v1/manifest.json", json.dumps(release) + "\n", now, 90)
    payload = root.parent / f".{root.name}-payload"
    _write(payload / "notes.txt", "synthetic payload\n", now, 0)
    try:
        for days in _BACKUP_AGES:
            out = root / "backups" / f"scratch-{days:03d}d.gbak"
            create_backup([payload], out, key, store, segment_bytes=4096)
            _age(out, now, days)
    finally:
        shutil.rmtree(payload, ignore_errors=True)
    return sum(1 for path in root.rglob("*") if path.is_file())


def _write(path: Path, text: str, now: datetime, days: float) -> None:
    private_dir(path.parent)
    atomic_write_text(path, text)
    _age(path, now, days)


def _age(path: Path, now: datetime, days: float) -> None:
    # Integer nanoseconds: a float timestamp could land a hair after the exact age.
    when = (now - timedelta(days=days) - _EPOCH) // timedelta(microseconds=1) * 1000
    os.utime(path, ns=(when, when))
