"""A rename fault injector: ``os.rename``/``os.replace`` fail, or the process "dies", at call N.

Two ways a commit can be cut short:
  ``raise``  the Nth rename raises OSError (a full disk, a vanished folder); the program's own
             error handling then runs, as it would.
  ``crash``  the Nth rename raises ``Crash``, and from then on every call that changes the file
             system (rename, unlink, rmdir, rmtree) raises it too: nothing more reaches the disk,
             as when the process is killed there. Cleanup handlers run but change nothing.
"""

from __future__ import annotations

import contextlib
import errno
import os
import shutil
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import pytest

Mode = Literal["raise", "crash"]
MODES: tuple[Mode, ...] = ("raise", "crash")


class Crash(BaseException):
    """The simulated death of the process (a BaseException: ``except Exception`` misses it)."""


@dataclass
class RenameFault:
    fail_at: int | None  # 1-based; None: only count
    mode: Mode = "raise"
    calls: int = 0
    dead: bool = False


@contextlib.contextmanager
def rename_fault(
    monkeypatch: pytest.MonkeyPatch, fail_at: int | None, mode: Mode = "raise"
) -> Iterator[RenameFault]:
    """Patch the renames (and, for ``crash``, every later file-system change) as above."""
    fault = RenameFault(fail_at, mode)
    real = {"rename": os.rename, "replace": os.replace}

    def renaming(name: str) -> Callable[..., Any]:
        def call(*args: Any, **kwargs: Any) -> Any:
            if fault.dead:
                raise Crash("the process is dead")
            fault.calls += 1
            if fault.calls == fault.fail_at:
                if fault.mode == "crash":
                    fault.dead = True
                    raise Crash(f"killed at rename {fault.calls}")
                raise OSError(errno.EIO, f"injected failure of rename {fault.calls}")
            return real[name](*args, **kwargs)

        return call

    def mutating(function: Callable[..., Any]) -> Callable[..., Any]:
        def call(*args: Any, **kwargs: Any) -> Any:
            if fault.dead:
                raise Crash("the process is dead")
            return function(*args, **kwargs)

        return call

    with monkeypatch.context() as patch:
        patch.setattr(os, "rename", renaming("rename"))
        patch.setattr(os, "replace", renaming("replace"))
        for name in ("unlink", "remove", "rmdir"):
            patch.setattr(os, name, mutating(getattr(os, name)))
        patch.setattr(shutil, "rmtree", mutating(shutil.rmtree))
        yield fault


def renames_in(monkeypatch: pytest.MonkeyPatch, action: Callable[[], object]) -> int:
    """How many renames ``action`` makes when nothing fails."""
    with rename_fault(monkeypatch, None) as fault:
        action()
    return fault.calls


def cut_short(
    monkeypatch: pytest.MonkeyPatch, n: int, mode: Mode, action: Callable[[], object]
) -> None:
    """Run ``action`` with rename ``n`` failing as ``mode`` says; the failure must surface."""
    with rename_fault(monkeypatch, n, mode) as fault, pytest.raises((OSError, Crash)):
        action()
    assert fault.calls >= n


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` (relative path -> bytes); symlinks are not followed."""
    if not folder.exists():
        return {}
    return {
        path.relative_to(folder).as_posix(): path.read_bytes()
        for path in sorted(folder.rglob("*"))
        if path.is_file() and not path.is_symlink()
    }


def hidden_leftovers(parent: Path) -> list[str]:
    """Hidden entries of ``parent``: staging folders, backups, temporary files."""
    return sorted(path.name for path in parent.iterdir() if path.name.startswith("."))
