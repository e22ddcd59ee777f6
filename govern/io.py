"""The one way govern writes files: atomic (temp file + rename) and owner-only; and reads JSON.

Outputs hold data, caches, logs and checkpoints, so files are created 0600 and folders 0700.
A crash at any point leaves either the old file or the new one, never half of one.

A folder of many files (a split, a redacted copy, a checkpoint) is staged in a hidden sibling
``.<name>.govern-stage-<random>`` and committed by ``commit_folder``: the old folder is renamed
to ``.<name>.govern-backup``, the staged one to ``<name>``, then the backup is removed. A crash
between those renames leaves the backup and no ``<name>``; ``recover_folder`` (run before every
write of the folder, and by a reader that needs it) renames it back, or drops it once the new
folder is in place, and removes staging folders and temporary files of killed runs. A staging
folder or temporary file is ``flock``-ed while its writer lives, so a run never removes
another live run's work: the kernel drops the lock when the process dies, however it dies.

``read_json`` and ``parse_json`` read a JSON input (a report, a plan, a signature) with the
one-line errors every command prints: the file, what it should be, where it stopped parsing.
"""

from __future__ import annotations

import contextlib
import fcntl
import glob
import json
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

from govern.errors import InputError

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
        fcntl.flock(fd, fcntl.LOCK_EX)  # "in use": see remove_leftovers
        if STAGE_MARK not in str(target.parent):  # a staging folder is new: nothing to remove
            remove_leftovers(target.parent, f".{target.name}.", ".tmp")
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


STAGE_MARK = ".govern-stage-"
BACKUP_SUFFIX = ".govern-backup"


def backup_path(final: str | os.PathLike[str]) -> Path:
    """Where ``commit_folder`` keeps the previous version of ``final`` while it swaps."""
    target = Path(final)
    return target.with_name(f".{target.name}{BACKUP_SUFFIX}")


def recover_folder(final: str | os.PathLike[str]) -> None:
    """Finish or undo a commit of ``final`` a crash interrupted; remove killed runs' leftovers.

    After it, ``final`` is the last version committed whole (or absent if none ever was).
    """
    target = Path(final)
    backup = backup_path(target)
    if os.path.lexists(backup):
        if os.path.lexists(target):
            _remove_tree(backup)  # the crash came after the new version was in place
        else:
            os.replace(backup, target)  # ... between the two renames: the old one comes back
            _fsync_dir(target.parent)
    if target.parent.is_dir():
        if not os.path.lexists(target):
            _restore_legacy_backup(target)
        remove_leftovers(target.parent, f".{target.name}{STAGE_MARK}", "")
        # Staging folders and temporary files of versions before STAGE_MARK existed.
        remove_leftovers(target.parent, f".{target.name}.", ".tmp")
        remove_leftovers(target.parent, f".{target.name}.", ".old")


def _restore_legacy_backup(target: Path) -> None:
    """Before ``commit_folder``, a swap kept the old folder as ``.<name>.<random>.old/old``."""
    for retired in sorted(target.parent.glob(f".{glob.escape(target.name)}.*.old")):
        if (retired / "old").is_dir() and not (retired / "old").is_symlink():
            os.replace(retired / "old", target)
            _fsync_dir(target.parent)
            return


def remove_leftovers(folder: Path, prefix: str, suffix: str) -> int:
    """Remove the entries of ``folder`` named ``prefix...suffix`` that no live process holds.

    Returns how many went. An entry is held while its writer keeps its ``flock``.
    """
    removed = 0
    with contextlib.suppress(OSError), os.scandir(folder) as entries:
        names = [e.name for e in entries if e.name.startswith(prefix) and e.name.endswith(suffix)]
    for name in names:
        path = folder / name
        try:
            fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
        except OSError:
            continue
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            continue  # a live writer holds it
        finally:
            os.close(fd)
        if os.path.isdir(path) and not os.path.islink(path):
            _remove_tree(path)
        else:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(path)
        removed += 1
    return removed


def commit_folder(staged: str | os.PathLike[str], final: str | os.PathLike[str]) -> None:
    """Put the complete folder ``staged`` in place of ``final`` (a sibling), as one step.

    The previous ``final`` is kept as ``backup_path(final)`` until the new one is in place, so
    a crash at any point leaves the old version or the new one for ``recover_folder``.
    """
    source, target = Path(staged), Path(final)
    recover_folder(target)
    _fsync_dir(source)
    if os.path.lexists(target):
        backup = backup_path(target)
        os.replace(target, backup)
        os.replace(source, target)
        _fsync_dir(target.parent)
        _remove_tree(backup)
    else:
        os.replace(source, target)
    _fsync_dir(target.parent)


class StagedFolder:
    """A fresh hidden sibling of ``final`` to write into, held (locked) until committed."""

    def __init__(self, final: str | os.PathLike[str]) -> None:
        self.final = Path(final)
        private_dir(self.final.parent)
        recover_folder(self.final)
        self.path = Path(
            tempfile.mkdtemp(prefix=f".{self.final.name}{STAGE_MARK}", dir=self.final.parent)
        )
        self._lock = os.open(self.path, os.O_RDONLY)
        fcntl.flock(self._lock, fcntl.LOCK_EX)
        self.committed = False

    def commit(self) -> None:
        commit_folder(self.path, self.final)
        self.committed = True

    def close(self) -> None:
        """Unlock; the staged folder goes unless it was committed."""
        try:
            if not self.committed:
                _remove_tree(self.path)
        finally:
            os.close(self._lock)

    def __enter__(self) -> StagedFolder:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


@contextlib.contextmanager
def atomic_dir(path: str | os.PathLike[str]) -> Iterator[Path]:
    """Yield an empty owner-only folder beside ``path``; on clean exit it becomes ``path``.

    For writers that produce many files (``save_pretrained``, split outputs): readers see the old
    folder or the complete new one (``commit_folder``), even after a crash (``recover_folder``).
    An existing ``path`` is replaced; on an exception it is kept.
    """
    with StagedFolder(path) as staged:
        yield staged.path
        staged.commit()


def _remove_tree(folder: Path) -> None:
    shutil.rmtree(folder, ignore_errors=True)


def read_bytes(path: Path, what: str) -> bytes:
    """The bytes of ``path``; InputError "PATH: WHAT not found" or "PATH: cannot read WHAT"."""
    try:
        return path.read_bytes()
    except FileNotFoundError:
        raise InputError(f"{path}: {what} not found") from None
    except OSError as exc:
        raise InputError(f"{path}: cannot read {what} ({exc.strerror})") from None


def read_json(path: Path, what: str) -> tuple[bytes, Any]:
    """The bytes of ``path`` and their JSON content; ``what`` names the file in errors.

    InputError from ``read_bytes`` or ``parse_json``; the caller checks the content's shape.
    """
    raw = read_bytes(path, what)
    return raw, parse_json(raw, path, what)


def parse_json(raw: bytes, path: Path, what: str) -> Any:
    """``raw`` (read from ``path``) parsed as JSON; InputError "PATH: WHAT is not JSON" else.

    The error says where parsing stopped, never what the file holds.
    """
    try:
        return json.loads(raw)
    except json.JSONDecodeError as exc:
        where = f"line {exc.lineno} column {exc.colno}"
        raise InputError(f"{path}: {what} is not JSON (stops at {where})") from None
    except (UnicodeDecodeError, RecursionError):
        raise InputError(f"{path}: {what} is not JSON") from None
