"""Is a path a dataset (records, read by ``govern.records``) or an artifact tree (any files)?"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from govern.records import dataset_format, is_saved_dataset, open_dataset

PathKind = Literal["dataset", "artifacts"]

# Files a dataset folder may hold besides records: its card and license, scanned as artifacts.
CARD_NAMES = ("readme", "license", "licence", "copying", "notice")


def is_card(path: Path) -> bool:
    """A dataset card or license file (README.md, LICENSE, COPYING.txt, ...)."""
    return path.name.lower().split(".")[0] in CARD_NAMES


def classify(path: Path) -> PathKind:
    """``dataset`` for record files and folders holding only records and cards, else artifacts.

    A ``.json`` file is a dataset only when it is a JSON array (``config.json`` is an artifact).
    """
    if path.is_file():
        return "dataset" if _is_record_file(path) else "artifacts"
    if is_saved_dataset(path):
        return "dataset"
    entries = [p for p in sorted(path.rglob("*")) if not _hidden(p, path)]
    # The files of a save_to_disk folder inside (Arrow shards, its JSON) are its records.
    saved = [p for p in entries if p.is_dir() and is_saved_dataset(p)]
    files = [p for p in entries if p.is_file() and not any(p.is_relative_to(s) for s in saved)]
    record_files = [*saved, *(p for p in files if _is_record_file(p))]
    others = [p for p in files if not _is_record_file(p) and not is_card(p)]
    return "dataset" if record_files and not others else "artifacts"


def _hidden(path: Path, root: Path) -> bool:
    return any(part.startswith(".") for part in path.relative_to(root).parts)


def _is_record_file(path: Path) -> bool:
    fmt = dataset_format(path)
    if fmt is None:
        return False
    if fmt != "json":
        return True
    with open_dataset(path) as handle:
        head = handle.read(4096).lstrip()
    return head.startswith(b"[")
