"""Sources under the paths given: dataset sources (by record field or folder) and model folders.

A dataset's records name their source in ``licenses.source_field`` (else their folder is the
source). A source's evidence is the nearest card with a ``license`` field, the nearest folder
holding LICENSE/COPYING files and NOTICE files, walking up from its records' folders to the path
given, plus the license values its records declare. A model folder is one source.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from govern.hashing import sha256_file
from govern.licenses.evidence import (
    CARD_FILE,
    LICENSE_FILE,
    NOTICE_FILE,
    Evidence,
    card_evidence,
    from_mapping,
    license_text_evidence,
    model_config_evidence,
    notice_evidence,
)
from govern.licenses.ids import map_declared
from govern.policy import Policy
from govern.progress import progress
from govern.records import ReaderOptions, Record, read_records

SourceKind = Literal["dataset", "model"]
_WEIGHTS = ("*.safetensors", "*.bin", "*.gguf", "*.pt")


@dataclass(slots=True)
class _Declared:
    """One license value as records declare it: how many, and the first one's place."""

    value: object
    count: int
    path: str
    line: int


@dataclass(slots=True)
class Source:
    """A dataset source or a model folder, with what was found about its license."""

    name: str
    kind: SourceKind
    root: Path
    folders: set[Path] = field(default_factory=set)
    records: int = 0
    declared: dict[str, _Declared] = field(default_factory=dict)

    def evidence(self, license_field: str) -> list[Evidence]:
        """Every piece of evidence, deduplicated by file and field, nearest first."""
        found: dict[tuple[str, str | None, str | None], Evidence] = {}
        for folder in sorted(self.folders):
            for item in _folder_evidence(folder, self.root, self.kind):
                found.setdefault((item.path, item.field, item.declared), item)
        for text, seen in sorted(self.declared.items()):
            item = from_mapping(
                map_declared(seen.value),
                method="record-field",
                path=seen.path,
                sha256=sha256_file(seen.path),
                field=license_field,
                declared=text,
                line=seen.line,
                records=seen.count,
            )
            found.setdefault((item.path, item.field, item.declared), item)
        return list(found.values())


def is_model_folder(path: Path) -> bool:
    """A folder with a model config or weights (it is not read as records)."""
    return path.is_dir() and (
        (path / "config.json").is_file() or any(any(path.glob(p)) for p in _WEIGHTS)
    )


def source_of(record: Record, root: Path, source_field: str = "source") -> str:
    """The source a record belongs to: its ``source_field`` value, else its folder under root.

    ``root`` is the path the record was read from; a file directly in it takes root's name,
    and a file given as root is its own source, named after it (two files given never merge).
    """
    value = record.data.get(source_field)
    if isinstance(value, str) and value.strip():
        return value.strip()
    if not root.is_dir():
        return root.name
    folder = record_folder(record.path)
    base = root if root.is_dir() else root.parent
    relative = folder.relative_to(base) if folder.is_relative_to(base) else Path(folder.name)
    return relative.as_posix() if relative.parts else base.name


def record_folder(record_path: str) -> Path:
    """The folder holding a record's file (``Record.path``)."""
    path = Path(record_path)
    # save_to_disk records carry their folder (or split folder) as path, not a file.
    return path if path.is_dir() else path.parent


def reader_options(policy: Policy) -> ReaderOptions:
    """How to read records under the policy's ``dataset`` section."""
    fields = policy.dataset.text_fields
    return ReaderOptions(
        id_field=policy.dataset.id_field,
        text_fields=tuple(fields) if fields else None,
        skip_invalid=policy.dataset.skip_invalid,
    )


def collect_sources(paths: Iterable[Path], policy: Policy) -> list[Source]:
    """Every source under ``paths``, in a stable order; reading records streams."""
    options = reader_options(policy)
    settings = policy.licenses
    sources: dict[str, Source] = {}
    for root in paths:
        if is_model_folder(root):
            sources.setdefault(root.name, Source(root.name, "model", root, {root}))
            continue
        for record in progress(read_records([root], options), f"Licenses: reading {root}"):
            name = source_of(record, root, settings.source_field)
            source = sources.setdefault(name, Source(name, "dataset", root))
            source.records += 1
            source.folders.add(record_folder(record.path))
            value = record.data.get(settings.license_field)
            if value is not None:
                text = value if isinstance(value, str) else repr(value)
                seen = source.declared.setdefault(
                    text, _Declared(value, 0, record.path, record.line)
                )
                seen.count += 1
    return sorted(sources.values(), key=lambda s: (s.kind, s.name))


def _folder_evidence(folder: Path, root: Path, kind: SourceKind) -> Iterator[Evidence]:
    """The nearest card with a license, license texts and notices from ``folder`` up to root."""
    card_done = texts_done = notices_done = False
    for level in levels(folder, root):
        names = sorted(p.name for p in level.iterdir() if p.is_file())
        if not card_done and CARD_FILE in names:
            card = card_evidence(level / CARD_FILE)
            card_done = any(item.field == "license" for item in card)
            yield from card
        texts = [n for n in names if LICENSE_FILE.match(n)]
        if not texts_done and texts:
            texts_done = True
            for name in texts:
                yield from license_text_evidence(level / name)
        notices = [n for n in names if NOTICE_FILE.match(n)]
        if not notices_done and notices:
            notices_done = True
            yield from (notice_evidence(level / name) for name in notices)
    if kind == "model" and (folder / "config.json").is_file():
        yield from model_config_evidence(folder / "config.json")


def levels(folder: Path, root: Path) -> list[Path]:
    """``folder`` and its parents up to the folder given (or holding the file given)."""
    top = root if root.is_dir() else root.parent
    levels = [folder]
    while levels[-1] != top and levels[-1].is_relative_to(top) and levels[-1] != levels[-1].parent:
        levels.append(levels[-1].parent)
    return levels
