"""Content hashes used in every provenance block and manifest."""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterator, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path, PurePosixPath


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
    files = (p for p in root_path.rglob("*") if p.is_file())
    relative = (p.relative_to(root_path).as_posix() for p in files)
    return tree_digest({name: sha256_file(root_path / name) for name in relative})


def tree_digest(file_digests: Mapping[str, str]) -> str:
    """``sha256_tree``'s digest from file digests already taken (POSIX name -> sha256 hex).

    A verified artifact's digests give the same value ``sha256_tree`` gives its folder (when the
    signature sits outside it), without reading the files again.
    """
    digest = hashlib.sha256()
    for name in sorted(file_digests, key=lambda name: PurePosixPath(name).parts):
        if any(part.startswith(".") for part in PurePosixPath(name).parts):
            continue
        digest.update(f"{name}\0{file_digests[name]}\n".encode())
    return digest.hexdigest()
