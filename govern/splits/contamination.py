"""Contamination: records sharing a word n-gram with an evaluation or benchmark file.

As in the GPT-3 and Llama 2 reports: a record is contaminated when it shares a run of
``contamination_ngram`` normalized words (13 by default) with an evaluation item. An item
shorter than that but at least ``contamination_min_words`` long must appear whole; shorter
items would match ordinary phrases, so they are skipped and counted.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from govern.splits.neardup import sorted_unique
from govern.splits.policy import LeakPolicy
from govern.splits.text import I64, U64, Words


@dataclass(frozen=True)
class Contamination:
    """Pairs (record index, evaluation item index), and how many items were too short."""

    record: I64
    item: I64
    short_items: int


def find_contamination(records: Words, items: Words, policy: LeakPolicy) -> Contamination:
    """Every (record, item) pair sharing an n-gram (or the whole item, for short ones).

    Where several items hold the same n-gram, the pair names one of them.
    """
    n = policy.contamination_ngram
    lengths = items.lengths
    found = [_shared(records, n, *items.ngrams(n))]
    whole = items.text_hashes()
    for length in np.unique(lengths[(lengths >= policy.contamination_min_words) & (lengths < n)]):
        short = np.flatnonzero(lengths == length)
        found.append(_shared(records, int(length), whole[short], short))
    width = max(1, len(lengths))
    codes = sorted_unique(np.concatenate([record * width + item for record, item in found]))
    return Contamination(
        record=codes // width,
        item=codes % width,
        short_items=int((lengths < policy.contamination_min_words).sum()),
    )


def _shared(records: Words, n: int, item_grams: U64, item_owner: I64) -> tuple[I64, I64]:
    """(record, item) index pairs for every record n-gram found among ``item_grams``."""
    if len(item_grams) == 0:
        return np.empty(0, dtype=np.int64), np.empty(0, dtype=np.int64)
    order = np.argsort(item_grams, kind="stable")
    sorted_grams, sorted_owner = item_grams[order], item_owner[order]
    grams, owner = records.ngrams(n)
    position = np.minimum(np.searchsorted(sorted_grams, grams), len(sorted_grams) - 1)
    hit = sorted_grams[position] == grams
    return owner[hit], sorted_owner[position[hit]].astype(np.int64)
