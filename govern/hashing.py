"""Content hashes used in every provenance block and manifest."""

from __future__ import annotations

import hashlib
from pathlib import Path

_BUFFER = 1 << 20


def sha256_file(path: str | Path) -> str:
    """Hex sha256 of a file's bytes, streamed with a large buffer."""
    with open(path, "rb") as handle:
        return hashlib.file_digest(handle, "sha256").hexdigest()


def sha256_tree(root: str | Path) -> str:
    """One digest for a folder: sha256 over sorted ``relative path NUL file sha256 LF`` lines.

    Hidden entries are skipped; a single file hashes as itself.
    """
    root_path = Path(root)
    if root_path.is_file():
        return sha256_file(root_path)
    digest = hashlib.sha256()
    for file_path in sorted(p for p in root_path.rglob("*") if p.is_file()):
        relative = file_path.relative_to(root_path)
        if any(part.startswith(".") for part in relative.parts):
            continue
        digest.update(f"{relative.as_posix()}\0{sha256_file(file_path)}\n".encode())
    return digest.hexdigest()
