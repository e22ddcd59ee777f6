"""Finding what a rule covers: globs over paths relative to the project root, symlinks never.

Globs work on whole path parts: ``*``, ``?`` and ``[...]`` within one name, ``**`` for any
number of folders (``logs/**`` is everything under ``logs``). Only the folders named by a glob's
leading literal parts are walked, so a rule for ``.dvc/cache/files/**`` never reads the rest of
the project.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from fnmatch import fnmatchcase
from pathlib import Path
from typing import Literal

_GLOB_CHARS = frozenset("*?[")


@dataclass(frozen=True, slots=True)
class FileState:
    """A file as found: path relative to the root (posix), size and mtime in ns."""

    path: str
    size: int
    mtime_ns: int


@dataclass(frozen=True, slots=True)
class Item:
    """One match of a rule: a file, or a folder with every file under it."""

    path: str
    unit: Literal["file", "folder"]
    files: tuple[FileState, ...]
    mtime_ns: int  # newest file in it (a folder's own mtime when it holds none)


def glob_match(pattern: str, path: str) -> bool:
    """Whether relative posix ``path`` matches ``pattern`` (``**`` spans folders)."""
    return _match(tuple(pattern.strip("/").split("/")), tuple(path.split("/")))


def _match(pattern: tuple[str, ...], parts: tuple[str, ...]) -> bool:
    if not pattern:
        return not parts
    head, rest = pattern[0], pattern[1:]
    if head == "**":
        return any(_match(rest, parts[skip:]) for skip in range(len(parts) + 1))
    return bool(parts) and fnmatchcase(parts[0], head) and _match(rest, parts[1:])


def any_match(patterns: Iterable[str], path: str) -> str | None:
    """The first of ``patterns`` that matches ``path``, or None."""
    return next((pattern for pattern in patterns if glob_match(pattern, path)), None)


def find_items(
    root: Path, patterns: Sequence[str], unit: Literal["file", "folder"], claimed: set[str]
) -> list[Item]:
    """Every file (or folder) under ``root`` matching ``patterns``, leaving out ``claimed`` files.

    A folder match takes everything under it; a folder whose files are all claimed is skipped.
    """
    items: dict[str, Item] = {}
    for relative, info in walk(root, patterns):
        if relative in items or not any_match(patterns, relative):
            continue
        if unit == "file" and stat.S_ISREG(info.st_mode) and relative not in claimed:
            items[relative] = Item(relative, "file", (_state(relative, info),), info.st_mtime_ns)
        elif unit == "folder" and stat.S_ISDIR(info.st_mode):
            inside = [(path, found) for path, found in _walk_under(root, relative)]
            files = tuple(
                _state(path, found)
                for path, found in inside
                if stat.S_ISREG(found.st_mode) and path not in claimed
            )
            if files or not any(stat.S_ISREG(found.st_mode) for _, found in inside):
                newest = max((f.mtime_ns for f in files), default=info.st_mtime_ns)
                items[relative] = Item(relative, "folder", files, newest)
    if unit == "folder":  # a matched folder inside another matched folder is part of it
        tops = sorted(items)
        items = {p: i for p, i in items.items() if not any(p.startswith(t + "/") for t in tops)}
    return [items[path] for path in sorted(items)]


def walk(root: Path, patterns: Iterable[str]) -> Iterator[tuple[str, os.stat_result]]:
    """Files and folders (never symlinks) under the literal base folder of each pattern."""
    bases = sorted({_literal_base(pattern) for pattern in patterns})
    for base in bases:
        if any(base.startswith(other + "/") for other in bases if other and other != base):
            continue  # already walked from a shorter base
        if base:
            try:
                info = (root / base).lstat()
            except FileNotFoundError:
                continue
            if stat.S_ISLNK(info.st_mode):
                continue
            yield base, info
            if not stat.S_ISDIR(info.st_mode):
                continue
        yield from _walk_under(root, base)


def _walk_under(root: Path, relative: str) -> Iterator[tuple[str, os.stat_result]]:
    try:
        entries = sorted(os.scandir(root / relative), key=lambda entry: entry.name)
    except (FileNotFoundError, NotADirectoryError):
        return
    for entry in entries:
        path = f"{relative}/{entry.name}" if relative else entry.name
        info = entry.stat(follow_symlinks=False)
        if stat.S_ISLNK(info.st_mode):
            continue
        yield path, info
        if stat.S_ISDIR(info.st_mode):
            yield from _walk_under(root, path)


def _literal_base(pattern: str) -> str:
    parts = []
    for part in pattern.strip("/").split("/")[:-1]:
        if _GLOB_CHARS & set(part) or part == "**":
            break
        parts.append(part)
    return "/".join(parts)


def _state(path: str, info: os.stat_result) -> FileState:
    return FileState(path, info.st_size, info.st_mtime_ns)
