"""Content hashes used in every provenance block and manifest."""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path


def sha256_file(path: str | Path) -> str:
    """Hex sha256 of a file's bytes, streamed with a large buffer."""
    with open(path, "rb") as handle:
        return hashlib.file_digest(handle, "sha256").hexdigest()


def sha256_files(paths: Sequence[str | Path], workers: int = 0) -> list[str]:
    """Hex sha256 of each file, in the order given, hashed ``workers`` at a time (0: per core).

    Threads suffice: hashlib releases the GIL while it digests a buffer, so files hash in
    parallel at disk or memory speed. Raises OSError (e.g. FileNotFoundError) as ``open`` does.
    """
    return list(iter_sha256_files(paths, workers))


def iter_sha256_files(paths: Sequence[str | Path], workers: int = 0) -> Iterator[str]:
    """``sha256_files`` yielding each digest as soon as it and those before it are done."""
    count = workers if workers > 0 else (os.cpu_count() or 1)
    if count == 1 or len(paths) < 2:
        yield from map(sha256_file, paths)
        return
    with ThreadPoolExecutor(min(count, len(paths)), thread_name_prefix="sha256") as pool:
        yield from pool.map(sha256_file, paths)


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
