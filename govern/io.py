"""The one way govern writes files: atomic (temp file + rename) and owner-only.

Outputs hold data, caches, logs and checkpoints, so files are created 0600 and folders 0700.
A crash at any point leaves either the old file or the new one, never half of one.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

FILE_MODE = 0o600
DIR_MODE = 0o700


def private_dir(path: str | os.PathLike[str]) -> Path:
    """Create ``path`` (and missing parents) owner-only; an existing folder keeps its mode."""
    folder = Path(path)
    missing = [p for p in (folder, *folder.parents) if not p.exists()]
    # mkdir(parents=True) ignores ``mode`` for the parents it creates, so create each one here.
    for parent in reversed(missing):
        parent.mkdir(mode=DIR_MODE, exist_ok=True)
    return folder


@contextlib.contextmanager
def atomic_open(path: str | os.PathLike[str], mode: str = "wb") -> Iterator[IO[Any]]:
    """Open a temporary file beside ``path``; on clean exit fsync it and rename it over ``path``.

    On an exception the temporary file is removed and ``path`` is untouched.
    ``mode`` is "wb" or "w" (text, UTF-8, "\\n" newlines).
    """
    if mode not in ("wb", "w"):
        raise ValueError(f"atomic_open mode must be 'wb' or 'w', not {mode!r}")
    target = Path(path)
    private_dir(target.parent)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        os.fchmod(fd, FILE_MODE)
        if mode == "wb":
            handle: IO[Any] = os.fdopen(fd, "wb")
        else:
            handle = os.fdopen(fd, "w", encoding="utf-8", newline="\n")
        with handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp_name, target)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp_name)
        raise
    _fsync_dir(target.parent)


def atomic_write_bytes(path: str | os.PathLike[str], data: bytes) -> Path:
    """Write ``data`` to ``path`` atomically, owner-only."""
    with atomic_open(path, "wb") as handle:
        handle.write(data)
    return Path(path)


def atomic_write_text(path: str | os.PathLike[str], text: str) -> Path:
    """Write UTF-8 ``text`` to ``path`` atomically, owner-only."""
    return atomic_write_bytes(path, text.encode("utf-8"))


def atomic_write_json(path: str | os.PathLike[str], obj: Any) -> Path:
    """Write ``obj`` as indented, key-sorted JSON (byte-stable for equal input), atomically."""
    text = json.dumps(obj, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    return atomic_write_text(path, text)


def _fsync_dir(folder: Path) -> None:
    # The rename is durable only once the directory entry is on disk.
    try:
        dir_fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dir_fd)
    except OSError:
        pass
    finally:
        os.close(dir_fd)


@contextlib.contextmanager
def atomic_dir(path: str | os.PathLike[str]) -> Iterator[Path]:
    """Yield an empty owner-only folder beside ``path``; on clean exit it becomes ``path``.

    For writers that produce many files (``save_pretrained``, split outputs): readers see the old
    folder or the complete new one. An existing ``path`` is replaced; on an exception it is kept.
    """
    target = Path(path)
    private_dir(target.parent)
    staging = Path(tempfile.mkdtemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent))
    try:
        yield staging
        if target.exists():
            retired = Path(
                tempfile.mkdtemp(prefix=f".{target.name}.", suffix=".old", dir=target.parent)
            )
            os.replace(target, retired / "old")
            os.replace(staging, target)
            _remove_tree(retired)
        else:
            os.replace(staging, target)
    except BaseException:
        _remove_tree(staging)
        raise
    _fsync_dir(target.parent)


def _remove_tree(folder: Path) -> None:
    import shutil

    shutil.rmtree(folder, ignore_errors=True)
