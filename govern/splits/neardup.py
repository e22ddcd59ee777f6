"""Near-duplicates across splits: MinHash LSH over word shingles, confirmed on the true sets.

Shingles are runs of ``shingle_words`` words (default 2: a one-word edit in a 7-word chat turn
still leaves half the shingles shared, where 5-word shingles would share none). Shingles found
in more than ``boilerplate_share`` of the distinct texts (system prompts, templates) are dropped
before the MinHash signatures, so two unrelated chats that open with the same system prompt do
not look alike; a text made only of boilerplate is signed on all of its shingles.

A candidate pair is confirmed on its true shingle sets when
  - its Jaccard without boilerplate is >= ``near_duplicate_threshold`` (0.8), both texts keeping
    at least ``MIN_DISTINCTIVE`` non-boilerplate shingles; or
  - it is at most ``near_duplicate_max_edits`` one-word edits apart (a substitution changes at
    most 2 x shingle_words shingles, boilerplate included) with Jaccard >= 0.5.
Jaccard alone cannot serve both lengths: a one-word edit leaves a 7-word turn at 0.5, the score
two long chats reach when they merely open with the same question.

Hand-written rather than datasketch's ``MinHash``/``MinHashLSH``: those hash and insert one
document at a time in Python, far slower than these array passes over all documents at once
(``benchmarks/split.py`` prints both), and the check must reach 20,000 docs/s.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar

import numpy as np
import numpy.typing as npt

from govern.progress import progress
from govern.splits.policy import LeakPolicy
from govern.splits.text import I64, U64, Words

Scalar = TypeVar("Scalar", bound=np.generic)
EDIT_FLOOR = 0.5  # the Jaccard a pair within max_edits must still reach
# The Jaccard rule needs this many non-boilerplate shingles on each side: in a templated
# corpus a long chat can keep only two or three, and one shared phrase would then make 0.8.
MIN_DISTINCTIVE = 4
MAX_BUCKET = 200  # larger LSH buckets are checked as a star around their first member
ESTIMATE_MARGIN = 0.25  # candidates whose signature estimate is this far below are dropped
_SEED = 0x5EED_1EA4


@dataclass(frozen=True)
class NearDuplicates:
    """Confirmed pairs (``left < right``, in different groups) and how they were found."""

    left: I64
    right: I64
    similarity: npt.NDArray[np.float64]  # Jaccard without boilerplate
    full_similarity: npt.NDArray[np.float64]  # Jaccard with it
    differing: I64  # shingles (boilerplate included) in one text but not the other
    boilerplate_shingles: int
    candidates: int
    oversized_buckets: int


@dataclass(frozen=True)
class ShingleSets:
    """Per text a sorted set of shingle hashes; text ``i`` owns ``values[offsets[i]:offsets[i+1]]``.

    ``owner`` repeats each text's index once per shingle.
    """

    values: U64
    owner: I64
    offsets: I64

    @classmethod
    def of(cls, values: U64, owner: I64, n_texts: int) -> ShingleSets:
        """From (value, owner) pairs sorted by owner then value."""
        offsets = np.zeros(n_texts + 1, dtype=np.int64)
        offsets[1:] = np.cumsum(np.bincount(owner, minlength=n_texts))
        return cls(values, owner, offsets)

    @property
    def sizes(self) -> I64:
        return np.diff(self.offsets)

    def subset(self, keep: npt.NDArray[np.bool_]) -> ShingleSets:
        return ShingleSets.of(self.values[keep], self.owner[keep], len(self.offsets) - 1)


def find_near_duplicates(
    words: Words,
    compare: npt.NDArray[np.bool_],
    distinct: npt.NDArray[np.bool_],
    group: npt.NDArray[np.integer],
    policy: LeakPolicy,
) -> NearDuplicates:
    """Near-duplicate pairs among ``compare`` texts in different ``group``s (module docstring).

    ``distinct`` marks one text per exact-duplicate cluster: boilerplate is counted over
    those, so a text copied a thousand times does not make itself boilerplate.
    """
    full = _shingle_sets(words, compare, policy.shingle_words)
    boilerplate = _boilerplate(full, distinct, policy)
    common = _member(full.values, boilerplate)
    residual = full.subset(~common)
    # A text made only of boilerplate can still be a copy: it is signed on its full set.
    signed = full.subset(~common | (residual.sizes == 0)[full.owner])
    texts = np.flatnonzero(signed.sizes > 0)
    signatures = _minhash(signed, texts, policy.num_perm)
    floor = policy.near_duplicate_threshold
    if policy.near_duplicate_max_edits > 0:
        floor = min(floor, EDIT_FLOOR)
    rows = _rows_per_band(floor, policy.num_perm)
    left, right, oversized = _candidates(signatures, rows, group[texts])
    candidates = len(left)
    # The share of equal signature entries estimates Jaccard (sd <= 0.09 with 32 permutations);
    # only pairs within 0.25 of the floor are worth the exact count.
    likely = (signatures[left] == signatures[right]).mean(axis=1) >= floor - ESTIMATE_MARGIN
    left, right = texts[left[likely]], texts[right[likely]]
    similarity, _ = _jaccard(residual, left, right)
    full_similarity, differing = _jaccard(full, left, right)
    edits = 2 * policy.shingle_words * policy.near_duplicate_max_edits
    distinctive = np.minimum(residual.sizes[left], residual.sizes[right]) >= MIN_DISTINCTIVE
    found = (distinctive & (similarity >= policy.near_duplicate_threshold)) | (
        (differing <= edits) & (full_similarity >= EDIT_FLOOR)
    )
    return NearDuplicates(
        left=left[found],
        right=right[found],
        similarity=similarity[found],
        full_similarity=full_similarity[found],
        differing=differing[found],
        boilerplate_shingles=len(boilerplate),
        candidates=candidates,
        oversized_buckets=oversized,
    )


def _shingle_sets(words: Words, compare: npt.NDArray[np.bool_], size: int) -> ShingleSets:
    """The shingle sets of the ``compare`` texts (others get empty sets).

    Text and shingle are packed into one 64-bit key for a single plain sort instead of a
    two-key lexsort. The shingle keeps its top bits (40 or more for up to 16M texts): among
    millions of shingles a handful may then share a value, noise far below any threshold.
    """
    values, owner = words.ngrams(size)
    inside = compare[owner]
    n_texts = len(compare)
    owner_bits = np.uint64(max(1, (n_texts - 1).bit_length()))
    value_bits = np.uint64(64) - owner_bits
    packed = sorted_unique(
        (owner[inside].astype(np.uint64) << value_bits) | (values[inside] >> owner_bits)
    )
    mask = (np.uint64(1) << value_bits) - np.uint64(1)
    return ShingleSets.of(packed & mask, (packed >> value_bits).astype(np.int64), n_texts)


def _boilerplate(full: ShingleSets, distinct: npt.NDArray[np.bool_], policy: LeakPolicy) -> U64:
    """Shingles found in more than the boilerplate share (and count) of distinct texts."""
    values, counts = np.unique(full.values[distinct[full.owner]], return_counts=True)
    limit = max(policy.boilerplate_min_records, policy.boilerplate_share * int(distinct.sum()))
    return values[counts > limit]


def _member(values: U64, sorted_set: U64) -> npt.NDArray[np.bool_]:
    """``np.isin`` for a small sorted set, by binary search (several times faster here)."""
    if len(sorted_set) == 0:
        return np.zeros(len(values), dtype=np.bool_)
    position = np.minimum(np.searchsorted(sorted_set, values), len(sorted_set) - 1)
    found: npt.NDArray[np.bool_] = sorted_set[position] == values
    return found


def _minhash(sets: ShingleSets, texts: I64, num_perm: int) -> npt.NDArray[np.uint32]:
    """Per text in ``texts`` (none empty) ``num_perm`` minima of ``(a * x + b) >> 32``.

    Multiply-add-shift is a universal family; the shingles are already well-mixed hashes, so
    this acts as a random permutation at two array operations per shingle.
    """
    generator = np.random.default_rng(_SEED)
    multipliers = generator.integers(0, 2**63, size=num_perm, dtype=np.uint64) * 2 + 1
    offsets = generator.integers(0, 2**63, size=num_perm, dtype=np.uint64)
    signatures = np.empty((len(texts), num_perm), dtype=np.uint32)
    if len(texts) == 0:
        return signatures
    chosen = np.zeros(len(sets.offsets) - 1, dtype=np.bool_)
    chosen[texts] = True
    values = sets.values[chosen[sets.owner]]
    starts = np.r_[0, np.cumsum(sets.sizes[texts])[:-1]]
    permuted = np.empty_like(values)  # reused: a fresh array per permutation costs more
    with np.errstate(over="ignore"):
        for index in progress(range(num_perm), "Leaks: MinHash"):
            np.multiply(values, multipliers[index], out=permuted)
            permuted += offsets[index]
            permuted >>= np.uint64(32)
            signatures[:, index] = np.minimum.reduceat(permuted, starts)
    return signatures


def _rows_per_band(threshold: float, num_perm: int) -> int:
    """The most rows per band that still make a pair at the threshold a candidate 98% of the time.

    More rows mean fewer chance candidates; the banding S-curve is 1 - (1 - s**r)**b.
    """
    best = 1
    for rows in range(1, num_perm + 1):
        if 1 - (1 - threshold**rows) ** (num_perm // rows) >= 0.98:
            best = rows
    return best


def _candidates(
    signatures: npt.NDArray[np.uint32], rows: int, group: npt.NDArray[np.integer]
) -> tuple[I64, I64, int]:
    """Index pairs sharing a band bucket in different groups, and the count of oversized buckets."""
    n = len(signatures)
    codes: list[I64] = []
    oversized = 0
    for band in progress(range(signatures.shape[1] // rows), "Leaks: candidate pairs"):
        key = np.zeros(n, dtype=np.uint64)
        with np.errstate(over="ignore"):
            for column in range(band * rows, (band + 1) * rows):
                key = key * np.uint64(0x9E3779B97F4A7C15) + signatures[:, column]
        order = np.argsort(key, kind="stable")
        sorted_key = key[order]
        starts = np.flatnonzero(np.r_[True, sorted_key[1:] != sorted_key[:-1]])
        sizes = np.diff(np.r_[starts, n])
        # All buckets of one size at once: a (buckets x size) matrix of members.
        for size in np.unique(sizes[sizes > 1]).tolist():
            members = order[starts[sizes == size][:, None] + np.arange(size)]
            if size > MAX_BUCKET:
                oversized += len(members)
                left, right = np.repeat(members[:, :1], size - 1, axis=1), members[:, 1:]
            else:
                first, second = np.triu_indices(size, k=1)
                left, right = members[:, first], members[:, second]
            codes.append(_encode(left.ravel(), right.ravel(), group, n))
    if not codes:
        return np.empty(0, np.int64), np.empty(0, np.int64), oversized
    unique = sorted_unique(np.concatenate(codes))
    return unique // n, unique % n, oversized


def sorted_unique(values: npt.NDArray[Scalar]) -> npt.NDArray[Scalar]:
    """``np.unique`` by one sort (numpy 2's hash-based unique is several times slower here)."""
    ordered = np.sort(values)
    return ordered[np.r_[True, ordered[1:] != ordered[:-1]]] if len(ordered) else ordered


def _encode(left: I64, right: I64, group: npt.NDArray[np.integer], n: int) -> I64:
    """Cross-group pairs as ``low * n + high``."""
    cross = group[left] != group[right]
    left, right = left[cross], right[cross]
    return np.minimum(left, right) * n + np.maximum(left, right)


def _jaccard(sets: ShingleSets, left: I64, right: I64) -> tuple[npt.NDArray[np.float64], I64]:
    """Per pair the exact Jaccard of the two sets, and the count of shingles not shared."""
    sizes = sets.sizes[left] + sets.sizes[right]
    if len(left) == 0:
        return np.zeros(0, dtype=np.float64), sizes
    pair = np.repeat(np.arange(len(left)), sizes)
    starts = sets.offsets
    values = sets.values[_ranges(starts[left], sets.sizes[left], starts[right], sets.sizes[right])]
    order = np.lexsort((values, pair))
    values, pair = values[order], pair[order]
    same = (values[1:] == values[:-1]) & (pair[1:] == pair[:-1])
    shared = np.bincount(pair[1:][same], minlength=len(left))
    return shared / np.maximum(sizes - shared, 1), sizes - 2 * shared


def _ranges(start_a: I64, size_a: I64, start_b: I64, size_b: I64) -> I64:
    """Concatenated ``range(start_a[i], +size_a[i])`` then ``range(start_b[i], +size_b[i])``."""
    starts = np.stack([start_a, start_b], axis=1).ravel()
    sizes = np.stack([size_a, size_b], axis=1).ravel()
    base = np.repeat(starts - np.r_[0, np.cumsum(sizes)[:-1]], sizes)
    return base + np.arange(int(sizes.sum()))
