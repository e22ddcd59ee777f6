"""Small trees, fast keys and 4 KiB segments, so multi-segment logic runs in milliseconds."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import pytest

from govern.backup import (
    DEFAULT_DIGEST,
    BackupInfo,
    KeySource,
    KeyStore,
    create_backup,
    generate_key_file,
)

SEGMENT = 4096
OLD = 1_600_000_000_000_000_000  # a fixed mtime (2020-09-13) to check times are restored


@dataclass
class Setup:
    tmp: Path
    source: Path
    key: KeySource
    store: KeyStore

    def create(self, name: str = "data.gbak", digest: str = DEFAULT_DIGEST) -> BackupInfo:
        return create_backup(
            [self.source],
            self.tmp / name,
            self.key,
            self.store,
            segment_bytes=SEGMENT,
            digest=digest,
        )


def make_tree(root: Path) -> Path:
    """A folder with small, multi-segment and empty files, an empty folder and varied modes."""
    (root / "sub" / "empty-dir").mkdir(parents=True)
    (root / "notes.txt").write_text("hello\n")
    (root / "sub" / "blob.bin").write_bytes(os.urandom(300_000))  # hashed on the thread
    (root / "sub" / "empty.txt").write_bytes(b"")
    (root / "run.sh").write_text("#!/bin/sh\n")
    os.chmod(root / "notes.txt", 0o640)
    os.chmod(root / "run.sh", 0o750)
    os.chmod(root / "sub" / "empty-dir", 0o711)
    os.utime(root / "notes.txt", ns=(OLD, OLD))
    return root


@pytest.fixture
def setup(tmp_path: Path) -> Setup:
    source = make_tree(tmp_path / "source")
    key = KeySource.from_file(generate_key_file(tmp_path / "backup.key"))
    return Setup(tmp_path, source, key, KeyStore(tmp_path / "keys"))
