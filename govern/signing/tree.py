"""List and read an artifact's files without ever following a symlink.

One exception, for Hugging Face cache snapshots (``<repo>/snapshots/<rev>/``, files that are
symlinks into ``<repo>/blobs/``): a symlink that resolves to a regular file inside ``<repo>`` is
listed and read as that file, opened from ``<repo>`` one folder at a time without following
symlinks; one that leads anywhere else stays a refused symlink.

Every folder and file is opened relative to its parent's descriptor with ``O_NOFOLLOW``, so a
symlink swapped in anywhere under the artifact, at any moment, makes the open fail instead of
leading outside. Each file is read once: the digest and the bytes a caller keeps are the same.
"""

from __future__ import annotations

import errno
import hashlib
import os
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from govern.signing.statement import SINGLE_FILE, sort_key

UnsafeKind = Literal["symlink", "missing", "not-regular"]
_CHUNK = 1 << 20
_DIR_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC
# O_NONBLOCK: opening a FIFO planted in an artifact must fail the regular-file check, not hang.
_FILE_FLAGS = os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC | os.O_NONBLOCK


class UnsafeFile(Exception):
    """A path that cannot be read safely: ``kind`` classifies it, ``reason`` says it in words."""

    def __init__(self, name: str, kind: UnsafeKind, reason: str) -> None:
        super().__init__(f"{name}: {reason}")
        self.name = name
        self.kind: UnsafeKind = kind
        self.reason = reason


@dataclass(slots=True)
class Listing:
    """What is under an artifact: regular files, symlinks, and anything else (FIFOs...)."""

    files: list[str] = field(default_factory=list)
    symlinks: list[str] = field(default_factory=list)
    special: list[str] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class FileRead:
    """One file read once: its sha256, size, and its bytes when the caller asked to keep them."""

    sha256: str
    size: int
    data: bytes | None


def list_artifact(root: Path) -> Listing:
    """Every entry under ``root`` (a folder, or a file listed as ``"."``), names POSIX, sorted.

    Raises UnsafeFile when ``root`` itself is a symlink, missing or not a file or folder.
    """
    try:
        mode = os.lstat(root).st_mode
    except FileNotFoundError:
        raise UnsafeFile(str(root), "missing", "not found") from None
    if stat.S_ISLNK(mode):
        raise UnsafeFile(str(root), "symlink", "is a symlink (not followed)")
    listing = Listing()
    if stat.S_ISREG(mode):
        listing.files.append(SINGLE_FILE)
        return listing
    if not stat.S_ISDIR(mode):
        raise UnsafeFile(str(root), "not-regular", "not a regular file or folder")
    root_fd = _open_dir(str(root), None, str(root))
    try:
        _walk(root_fd, "", listing)
    finally:
        os.close(root_fd)
    if (cache := cache_root(root)) is not None:
        # A Hugging Face cache snapshot: its files are symlinks into the repo's blobs/.
        inside = [name for name in listing.symlinks if cache_target(root, name, cache)]
        listing.files += inside
        listing.symlinks = [name for name in listing.symlinks if name not in inside]
    for names in (listing.files, listing.symlinks, listing.special):
        names.sort(key=sort_key)
    return listing


def cache_root(artifact: Path) -> Path | None:
    """The repo folder (``models--org--name``) when ``artifact`` is a Hugging Face cache snapshot.

    A snapshot is ``<repo>/snapshots/<revision>/`` beside ``<repo>/blobs/``; its symlinks are
    followed only to regular files inside ``<repo>``, never outside it.
    """
    absolute = Path(os.path.abspath(artifact))
    repo = absolute.parent.parent
    if absolute.parent.name != "snapshots" or os.path.islink(absolute):
        return None
    return repo if os.path.isdir(repo / "blobs") and not os.path.islink(repo / "blobs") else None


def cache_target(root: Path, name: str, cache: Path) -> str | None:
    """Where the symlink ``root/name`` leads, relative to ``cache``; None outside it or not a file.

    The answer is only a name: reading it opens each folder below ``cache`` without following
    symlinks, so a link changed after this check cannot lead out.
    """
    target = os.path.realpath(root / name)
    boundary = os.path.realpath(cache)
    if os.path.commonpath([target, boundary]) != boundary or not os.path.isfile(target):
        return None
    return Path(target).relative_to(boundary).as_posix()


def read_file(root: Path, name: str, *, keep: bool = False) -> FileRead:
    """Open ``root/name`` without following symlinks, hash it, and keep its bytes if asked.

    ``name`` must already be vetted (``unsafe_path``). Raises UnsafeFile for a symlink, a
    missing file or anything that is not a regular file.
    """
    fd = open_listed(root, name)
    try:
        return _read(fd, keep)
    finally:
        os.close(fd)


def read_head(root: Path, name: str, size: int = 16) -> tuple[bytes, int]:
    """The first ``size`` bytes of ``root/name`` and its length, opened as ``read_file`` does."""
    fd = open_listed(root, name)
    try:
        return os.read(fd, size), os.fstat(fd).st_size
    finally:
        os.close(fd)


def open_listed(root: Path, name: str) -> int:
    """A read-only descriptor for ``root/name``, opened as ``read_file`` does (caller closes)."""
    try:
        return _open_member(root, name)
    except UnsafeFile as exc:
        # In a cache snapshot, a symlink to a blob inside the repo folder is read as its blob.
        cache = cache_root(root) if exc.kind == "symlink" else None
        target = cache_target(root, name, cache) if cache is not None else None
        if cache is None or target is None:
            raise
        return _open_member(cache, target)


def _open_member(root: Path, name: str) -> int:
    if name == SINGLE_FILE:
        return _open_file(str(root), None, name)
    *folders, leaf = name.split("/")
    parent = _open_dir(str(root), None, name)
    try:
        for folder in folders:
            child = _open_dir(folder, parent, name)
            os.close(parent)
            parent = child
        return _open_file(leaf, parent, name)
    finally:
        os.close(parent)


def _walk(dir_fd: int, prefix: str, listing: Listing) -> None:
    with os.scandir(dir_fd) as entries:
        for entry in entries:
            name = prefix + entry.name
            if entry.is_symlink():
                listing.symlinks.append(name)
            elif entry.is_dir(follow_symlinks=False):
                child = _open_dir(entry.name, dir_fd, name)
                try:
                    _walk(child, name + "/", listing)
                finally:
                    os.close(child)
            elif entry.is_file(follow_symlinks=False):
                listing.files.append(name)
            else:
                listing.special.append(name)


def _open_dir(path: str, dir_fd: int | None, name: str) -> int:
    try:
        return os.open(path, _DIR_FLAGS, dir_fd=dir_fd)
    except OSError as exc:
        raise _unsafe(name, exc) from None


def _open_file(path: str, dir_fd: int | None, name: str) -> int:
    try:
        fd = os.open(path, _FILE_FLAGS, dir_fd=dir_fd)
    except OSError as exc:
        raise _unsafe(name, exc) from None
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise UnsafeFile(name, "not-regular", "not a regular file")
    return fd


def _unsafe(name: str, exc: OSError) -> UnsafeFile:
    # O_NOFOLLOW reports a symlink as ELOOP; O_DIRECTORY on a symlink or a file as ENOTDIR.
    if exc.errno == errno.ELOOP:
        return UnsafeFile(name, "symlink", "symlink (not followed)")
    if exc.errno == errno.ENOTDIR:
        return UnsafeFile(name, "symlink", "a folder on its path is a symlink or a file")
    if exc.errno == errno.ENOENT:
        return UnsafeFile(name, "missing", "missing")
    return UnsafeFile(name, "not-regular", f"cannot open ({exc.strerror})")


def _read(fd: int, keep: bool) -> FileRead:
    hasher = hashlib.sha256()
    chunks: list[bytes] = []
    size = 0
    while chunk := os.read(fd, _CHUNK):
        hasher.update(chunk)
        size += len(chunk)
        if keep:
            chunks.append(chunk)
    return FileRead(hasher.hexdigest(), size, b"".join(chunks) if keep else None)
