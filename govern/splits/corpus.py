"""A split folder in memory: every record's split, id, place, text and group keys.

The key fields are the ones the split was made with (``split_report.json``), else the policy's;
a record with none of them is its own group (``ROW_KEY``). Shared by the check and the fix.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from govern.errors import InputError
from govern.findings import load_hash_key, report_id
from govern.policy import LoadedPolicy
from govern.progress import progress
from govern.records import ReaderOptions, ReadStats, Record
from govern.splits.keys import SPLITS, Keys, find_keys, raw_key
from govern.splits.layout import SPLIT_REPORT, read_splits
from govern.splits.options import LeakOptions
from govern.splits.text import U64, record_text

ROW_KEY = "(record)"  # a pseudo key field: a record with no key field is its own group


@dataclass(slots=True)
class Corpus:
    """A split folder in memory: per record its split, id, location, text and key values."""

    split: list[int] = field(default_factory=list)
    ids: list[str] = field(default_factory=list)
    locations: list[str] = field(default_factory=list)
    sources: list[str] = field(default_factory=list)  # the file each record came from
    texts: list[str] = field(default_factory=list)
    keys: dict[str, list[str | None]] = field(default_factory=dict)

    def ref(self, row: int) -> dict[str, str]:
        return {"split": SPLITS[self.split[row]], "id": self.ids[row], "at": self.locations[row]}


@dataclass(frozen=True)
class Grouping:
    """The key fields a split folder is checked with."""

    by: tuple[str, ...]
    fallback_by: tuple[str, ...]
    salt: str
    time_split: bool


def read_grouping(split_dir: Path, loaded: LoadedPolicy, options: LeakOptions) -> Grouping:
    """The key fields from the folder's ``split_report.json`` (else the policy); ``--by`` wins."""
    policy = loaded.policy.splits
    plan: dict[str, Any] = {}
    report_path = split_dir / SPLIT_REPORT
    if report_path.is_file():
        try:
            plan = json.loads(report_path.read_text(encoding="utf-8")).get("plan", {})
        except (OSError, ValueError, AttributeError):
            raise InputError(f"{report_path}: not a readable split report") from None
    by = options.by or tuple(plan.get("by") or policy.by)
    fallback = tuple(plan.get("fallback_by", policy.fallback_by))
    return Grouping(
        by=by,
        fallback_by=tuple(f for f in fallback if f not in by),
        salt=str(plan.get("salt") or policy.salt),
        time_split=bool(plan.get("time_field")) if plan else policy.time_field is not None,
    )


def shown_ids(reader: ReaderOptions) -> Callable[[Record], str]:
    """How a report names a record, as the scan does (``govern.findings.report_id``)."""
    if reader.id_field is None:
        return lambda record: record.id  # no hash key needed, none is loaded
    key = load_hash_key()
    return lambda record: report_id(record.id, reader.id_field, key)


def read_corpus(
    split_dir: Path, grouping: Grouping, reader: ReaderOptions, stats: ReadStats
) -> Corpus:
    """Every record of the folder, train first; InputError for a key that is not an id."""
    if not split_dir.is_dir():
        raise InputError(f"{split_dir}: not a split folder")
    fields = [*grouping.by, *grouping.fallback_by]
    corpus = Corpus(keys={name: [] for name in [*fields, ROW_KEY]})
    shown = shown_ids(reader)
    for split, record in progress(read_splits(split_dir, reader, stats), "Leaks: reading"):
        try:
            values = [raw_key(record.data.get(name)) for name in fields]
        except ValueError as exc:
            raise InputError(f"{record.location}: split key {exc}") from None
        for name, value in zip(fields, values, strict=True):
            corpus.keys[name].append(value)
        row = len(corpus.ids)
        corpus.keys[ROW_KEY].append(None if any(values) else str(row))
        corpus.split.append(split)
        corpus.ids.append(shown(record))
        corpus.locations.append(record.location)
        corpus.sources.append(record.path)
        corpus.texts.append(record_text(record, reader.text_fields))
    if not corpus.ids:
        raise InputError(f"{split_dir}: no records in train, validation or test")
    return corpus


def corpus_keys(corpus: Corpus, grouping: Grouping) -> Keys:
    return find_keys(corpus.keys, grouping.by, (*grouping.fallback_by, ROW_KEY), grouping.salt)


def representatives(
    text_hash: U64, has_words: npt.NDArray[np.bool_], group: npt.NDArray[np.integer]
) -> npt.NDArray[np.bool_]:
    """The first row of each (text, group): exact copies are compared once."""
    rows = np.flatnonzero(has_words)
    rows = rows[np.lexsort((rows, group[rows], text_hash[rows]))]
    fresh = np.r_[
        True, (text_hash[rows][1:] != text_hash[rows][:-1]) | (group[rows][1:] != group[rows][:-1])
    ]
    chosen = np.zeros(len(text_hash), dtype=np.bool_)
    chosen[rows[fresh]] = True
    return chosen
