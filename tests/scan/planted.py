"""Sample-corpus texts that hold a planted value or a near miss, and dense joins of them (as
benchmarks/scan.py builds its dense corpus): the material the window equivalence tests read."""

from __future__ import annotations

import json
import random
from pathlib import Path

from govern.records import ReaderOptions, read_records, text_fields
from govern.sample.corpus import write_corpus

Field = tuple[str, str, str]  # record id, field path, text


def planted_texts(folder: Path, seed: int, **counts: int) -> tuple[list[Field], list[str]]:
    """The sample corpus written to ``folder`` with ``counts``: every text field, and the
    texts of those that hold a planted value or a labeled near miss."""
    write_corpus(folder, seed=seed, **counts)
    keys = {
        (label["record_id"], label["field"])
        for name in ("planted.jsonl", "negatives.jsonl")
        for label in map(json.loads, (folder / "labels" / name).open())
    }
    records = read_records([folder / "corpus"], ReaderOptions(id_field="id"))
    fields = [(r.id, f.path, f.text) for r in records for f in text_fields(r)]
    return fields, [text for record_id, path, text in fields if (record_id, path) in keys]


def dense_joins(pool: list[str], rng: random.Random, count: int) -> list[str]:
    """``count`` texts of 2-5 turns from ``pool``, so windows meet and merge."""
    return [" ".join(rng.sample(pool, rng.randint(2, 5))) for _ in range(count)]
