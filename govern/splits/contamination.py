"""Contamination: records that copy, edit or quote an item of an evaluation or benchmark file.

Two tests, as a record may leak an item whole or in part:
  ngram           as in the GPT-3 and Llama 2 reports (lm-eval's decontamination): the record
                  shares a run of ``contamination_ngram`` normalized words (13) with the item.
                  An item shorter than that but at least ``contamination_min_words`` long must
                  appear whole.
  near_duplicate  the cross-split check's machinery (``neardup``): the record and the item are
                  within ``near_duplicate_max_edits`` one-word edits, or alike by Jaccard. A
                  one-word edit of a 12-22-word text leaves no 13-gram, so n-grams alone miss it.
Items shorter than ``contamination_min_words`` would match ordinary phrases: skipped, counted.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from govern.splits.corpus import representatives
from govern.splits.neardup import find_near_duplicates, sorted_unique
from govern.splits.policy import LeakPolicy
from govern.splits.text import I64, U64, Words


@dataclass(frozen=True)
class Contamination:
    """Pairs (record index, evaluation item index), and how many items were too short."""

    record: I64
    item: I64
    short_items: int


@dataclass(frozen=True)
class NearContamination:
    """Pairs (record, item) that are near-duplicates, with their Jaccard (boilerplate kept)."""

    record: I64
    item: I64
    similarity: npt.NDArray[np.float64]


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


def find_near_contamination(
    records: Words, record_hash: U64, items: Words, policy: LeakPolicy
) -> NearContamination:
    """Every (record, item) pair of near-duplicates (exact copies included), as ``neardup``
    finds them across splits; items shorter than ``contamination_min_words`` are left out.

    Each distinct record text is compared once and the pair repeated for its copies.
    """
    both = records + items
    n = len(record_hash)
    text_hash = np.r_[record_hash, items.text_hashes()]
    group = np.r_[np.zeros(n, dtype=np.int8), np.ones(len(items.lengths), dtype=np.int8)]
    long_enough = both.lengths > 0
    long_enough[n:] &= items.lengths >= policy.contamination_min_words
    compare = representatives(text_hash, long_enough, group)
    distinct = representatives(text_hash, long_enough, np.zeros_like(group))
    found = find_near_duplicates(both, compare, distinct, group, policy)
    # left < right and the groups differ: left is a record, right an item.
    first, item = found.left, found.right - n
    copies = np.argsort(record_hash, kind="stable")
    sorted_hash = record_hash[copies]
    start = np.searchsorted(sorted_hash, record_hash[first], side="left")
    end = np.searchsorted(sorted_hash, record_hash[first], side="right")
    count = end - start
    pair = np.repeat(np.arange(len(first)), count)
    offset = np.arange(int(count.sum())) - np.repeat(np.cumsum(count) - count, count)
    return NearContamination(
        record=copies[np.repeat(start, count) + offset].astype(np.int64),
        item=item[pair].astype(np.int64),
        similarity=found.full_similarity[pair],
    )
