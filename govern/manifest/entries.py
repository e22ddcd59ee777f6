"""The files a manifest lists: found under the roots, hashed in parallel, datasets described.

Paths are relative to a base folder with POSIX separators, so a manifest names the same files
on every machine. Hidden entries (``.gitignore`` that DVC writes, ``.cache``) are skipped, as
``discover`` and ``sha256_tree`` skip them.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from govern.errors import InputError
from govern.hashing import iter_sha256_files, sha256_file
from govern.manifest.shape import Schema, Shape, dataset_format, describe
from govern.progress import progress

# Below this many dataset bytes, starting worker processes costs more than parsing in one.
PROCESS_MIN_BYTES = 32 << 20


@dataclass(slots=True, frozen=True)
class ManifestEntry:
    """One file: where (relative to the base), how big, its sha256, and rows for datasets."""

    path: str
    size: int
    sha256: str
    format: str | None = None
    rows: int | None = None
    schema: Schema | None = None

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def relative_path(path: Path, base: Path) -> str:
    """``path`` relative to ``base`` in POSIX form; InputError if it lies outside ``base``.

    Symlinks are not resolved: DVC links data files into its cache, and the manifest must name
    the link, not the cache object.
    """
    relative = os.path.relpath(os.path.abspath(path), os.path.abspath(base))
    if relative == ".." or relative.startswith(".." + os.sep):
        raise InputError(f"{path}: outside the base folder {base} (manifest paths are relative)")
    return Path(relative).as_posix()


def display_path(path: Path, base: Path) -> str:
    """``relative_path`` when ``path`` is inside ``base``, else ``path`` as given (POSIX)."""
    try:
        return relative_path(path, base)
    except InputError:
        return path.as_posix()


def list_files(roots: Iterable[Path], base: Path, *, missing_ok: bool = False) -> dict[str, Path]:
    """Every regular file under ``roots`` keyed by its path relative to ``base``, sorted.

    A missing root raises InputError, or is passed over with ``missing_ok`` (for verify, which
    reports its files as missing). Symlinked files are followed, symlinked folders are not.
    """
    found: dict[str, Path] = {}
    for root in roots:
        if not root.exists():
            if missing_ok:
                continue
            raise InputError(f"{root}: no such file or directory")
        for file_path in _walk(root):
            found[relative_path(file_path, base)] = file_path
    return dict(sorted(found.items()))


def _walk(root: Path) -> Iterator[Path]:
    if not root.is_dir():
        yield root
        return
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(name for name in dirnames if not name.startswith("."))
        for name in sorted(filenames):
            file_path = Path(dirpath, name)
            if not name.startswith(".") and file_path.is_file():
                yield file_path


def read_entries(files: dict[str, Path], workers: int = 0) -> list[ManifestEntry]:
    """Hash every file (threads) and describe the dataset files (processes when it pays).

    Both run at once: the parsing processes are started first, then this process hashes.
    Raises InputError naming a file that cannot be read or parsed.
    """
    count = workers if workers > 0 else (os.cpu_count() or 1)
    datasets = [path for path in files.values() if dataset_format(path) is not None]
    try:
        sizes = {name: path.stat().st_size for name, path in files.items()}
        with _ShapePool(datasets, count, sum(p.stat().st_size for p in datasets)) as shapes:
            paths = list(files.values())
            hashes = progress(iter_sha256_files(paths, count), "hashing", total=len(paths))
            digests = dict(zip(files, hashes, strict=True))
            described = shapes.results()
    except OSError as exc:
        raise InputError(f"{exc.filename}: cannot read ({exc.strerror})") from None
    entries = []
    for name, path in files.items():
        shape = described.get(path)
        entries.append(
            ManifestEntry(
                path=name,
                size=sizes[name],
                sha256=digests[name],
                format=shape.format if shape else None,
                rows=shape.rows if shape else None,
                schema=shape.schema if shape else None,
            )
        )
    return entries


def describe_entry(name: str, path: Path) -> ManifestEntry:
    """One file's entry (``read_entries`` for a single file, in this process), for engines that
    hash files in their own workers (``govern.engines``); InputError naming an unreadable file."""
    try:
        size = path.stat().st_size
        digest = sha256_file(path)
        shape = describe(path) if dataset_format(path) is not None else None
    except OSError as exc:
        raise InputError(f"{exc.filename}: cannot read ({exc.strerror})") from None
    return ManifestEntry(
        path=name,
        size=size,
        sha256=digest,
        format=shape.format if shape else None,
        rows=shape.rows if shape else None,
        schema=shape.schema if shape else None,
    )


class _ShapePool:
    """``describe`` over the dataset files: in worker processes if there is enough to parse.

    JSON parsing holds the GIL, so threads would not help; processes give one core each.
    """

    def __init__(self, datasets: list[Path], workers: int, total_bytes: int) -> None:
        self.datasets = datasets
        self.executor: ProcessPoolExecutor | None = None
        self.pending: list[Future[Shape | None]] = []
        if workers > 1 and len(datasets) > 1 and total_bytes >= PROCESS_MIN_BYTES:
            method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
            self.executor = ProcessPoolExecutor(
                min(workers, len(datasets)), mp_context=multiprocessing.get_context(method)
            )

    def __enter__(self) -> _ShapePool:
        # Submitting forks the workers now, before the hashing threads exist.
        if self.executor is not None:
            self.pending = [self.executor.submit(describe, path) for path in self.datasets]
        return self

    def results(self) -> dict[Path, Shape | None]:
        if self.executor is None:
            return {path: describe(path) for path in self.datasets}
        return {
            path: future.result() for path, future in zip(self.datasets, self.pending, strict=True)
        }

    def __exit__(self, *exc: object) -> None:
        if self.executor is not None:
            self.executor.shutdown(cancel_futures=True)
