"""Texts as words: normalized, tokenized and hashed in bulk (numpy over Arrow buffers).

Normalization: NFKC, case-folded, every run of characters that is not a letter or a digit is
one word break. So ``Hello, World!`` and ``hello world`` are the same text, which is what the
exact-duplicate check compares. Words, n-grams and whole texts are identified by 64-bit content
hashes (a polynomial hash over a segment, finished with splitmix64): the same text hashes the
same in every run and whatever the order of the records, so a check repeated after a fix sees
the same shingles. Two different texts sharing a hash (odds ~3e-8 for a million texts) can
only add a false alarm, never hide a leak.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import numpy.typing as npt
import pyarrow as pa
import pyarrow.compute as pc

from govern.records import Record, record_texts

U64 = npt.NDArray[np.uint64]
I64 = npt.NDArray[np.int64]

_BASE = 0x100000001B3  # odd, so invertible modulo 2**64
_BASE_INVERSE = pow(_BASE, -1, 1 << 64)
_CHUNK = 1 << 18  # values hashed per step: small tables stay in cache
_NOT_WORD = re.compile(r"[\W_]+")
# ASCII bytes: letters lower-cased, digits kept, everything else a word break. Bytes of
# non-ASCII characters pass through; those texts were normalized in Python first.
_ASCII_MAP = np.array(
    [b if chr(b).isalnum() else ord(" ") for b in range(128)] + list(range(128, 256)),
    dtype=np.uint8,
)
_ASCII_MAP[ord("A") : ord("Z") + 1] += 32
_NO_BYTES = np.empty(0, dtype=np.uint8)


def record_text(record: Record, fields: Sequence[str] | None) -> str:
    """A record's text fields joined by newlines: what the leak check compares.

    ``fields`` are the reader's: the fields the reader resolved are reused, not looked up again.
    """
    return "\n".join(field.text for field in record_texts(record, fields))


@dataclass(frozen=True)
class Words:
    """Each text's word hashes: text ``i`` owns ``hashes[offsets[i]:offsets[i + 1]]``."""

    hashes: U64
    offsets: I64

    @property
    def lengths(self) -> I64:
        return np.diff(self.offsets)

    def __add__(self, other: Words) -> Words:
        """These texts followed by ``other``'s (text ``len(self) + i`` is ``other``'s ``i``)."""
        return Words(
            hashes=np.concatenate([self.hashes, other.hashes]),
            offsets=np.r_[self.offsets, self.offsets[-1] + other.offsets[1:]].astype(np.int64),
        )

    def text_hashes(self) -> U64:
        """One hash per text over its word sequence (the normalized text's identity)."""
        starts, ends = self.offsets[:-1], self.offsets[1:]
        return segment_hashes(self.hashes, starts, ends, self.offsets)

    def ngrams(self, n: int) -> tuple[U64, I64]:
        """Hashes of every run of ``n`` consecutive words inside a text, and each one's text.

        Equal to ``segment_hashes`` of each run, computed as n shifted sums over all words.
        """
        count = max(0, len(self.hashes) - n + 1)
        sums = np.zeros(count, dtype=np.uint64)
        with np.errstate(over="ignore"):
            for j in range(n):
                sums += self.hashes[j : j + count] * np.uint64(pow(_BASE, j, 1 << 64))
        # A run may not start in the last n - 1 words of a text.
        inside = np.ones(count, dtype=np.bool_)
        starts, ends = self.offsets[:-1], self.offsets[1:]
        for back in range(1, n):
            last = ends - back
            inside[last[(last >= starts) & (last < count)]] = False
        owner = np.repeat(np.arange(len(starts), dtype=np.int64), self.lengths)[:count]
        return _finish(sums[inside], np.full(1, n, dtype=np.uint64)), owner[inside]


def words(texts: Sequence[str]) -> Words:
    """Normalize and split ``texts`` into hashed words, all at once.

    Arrow splits the words and finds the distinct ones in C; only those are hashed, by
    content, and every occurrence takes its word's hash.
    """
    prepared = [
        text
        if text.isascii()
        else _NOT_WORD.sub(" ", unicodedata.normalize("NFKC", text).casefold())
        for text in texts
    ]
    column = pa.array(prepared, pa.large_string())
    offsets, data = column.buffers()[1:]
    raw = np.frombuffer(data, dtype=np.uint8) if data else _NO_BYTES
    normalized = pa.LargeStringArray.from_buffers(
        len(column), offsets, pa.py_buffer(_ASCII_MAP[raw])
    )
    split = pc.ascii_split_whitespace(normalized)
    tokens = split.flatten()
    # Arrow keeps an empty token where a text starts or ends with a space: drop those.
    kept = pc.greater(pc.binary_length(tokens), 0).to_numpy(zero_copy_only=False)
    encoded = tokens.filter(kept).dictionary_encode()
    vocabulary = encoded.dictionary
    bounds = _offsets(vocabulary)
    word_bytes = np.frombuffer(vocabulary.buffers()[2] or b"", dtype=np.uint8)
    vocabulary_hashes = segment_hashes(word_bytes, bounds[:-1], bounds[1:], bounds)
    kept_before = np.r_[0, np.cumsum(kept)]
    return Words(
        hashes=vocabulary_hashes[encoded.indices.to_numpy()],
        offsets=kept_before[_offsets(split)].astype(np.int64),
    )


def _offsets(array: pa.Array) -> I64:
    """An Arrow string or list array's offsets as int64, from its first element."""
    width = (
        np.int64
        if pa.types.is_large_string(array.type) or pa.types.is_large_list(array.type)
        else np.int32
    )
    raw = np.frombuffer(array.buffers()[1], dtype=width)[
        array.offset : array.offset + len(array) + 1
    ]
    return raw.astype(np.int64) - int(raw[0]) if len(raw) else np.zeros(1, dtype=np.int64)


def segment_hashes(values: npt.NDArray[np.integer], starts: I64, ends: I64, bounds: I64) -> U64:
    """A content hash of each ``values[starts[i]:ends[i]]``, independent of where it lies.

    ``starts`` must be sorted and no segment may cross a position in ``bounds`` (the text
    boundaries), which is where the work is cut into chunks of bounded memory.
    """
    result = np.zeros(len(starts), dtype=np.uint64)  # empty segments at the very end stay 0
    cuts = _chunk_cuts(bounds)
    first = np.searchsorted(starts, cuts, side="left")
    for low, high, begin, end in zip(cuts[:-1], cuts[1:], first[:-1], first[1:], strict=True):
        if begin == end:
            continue
        size = int(high - low)
        powers, inverses = _powers(max(_CHUNK, 1 << (size - 1).bit_length()))
        with np.errstate(over="ignore"):
            prefix = np.zeros(size + 1, dtype=np.uint64)
            weighted = values[low:high].astype(np.uint64)
            weighted *= powers[:size]
            np.cumsum(weighted, out=prefix[1:])
            local_start = starts[begin:end] - low
            local_end = ends[begin:end] - low
            result[begin:end] = (prefix[local_end] - prefix[local_start]) * inverses[local_start]
    return _finish(result, (ends - starts).astype(np.uint64))


def _finish(sums: U64, lengths: U64) -> U64:
    """The polynomial sums finished into hashes; lengths enter so runs of zeros differ."""
    return _mix(sums ^ _mix(lengths))


def _chunk_cuts(bounds: I64) -> I64:
    """Cut points among ``bounds`` about ``_CHUNK`` apart, first and last bound included."""
    if len(bounds) == 0:
        return np.zeros(1, dtype=np.int64)
    step = bounds // _CHUNK
    keep = np.r_[True, step[1:] != step[:-1]]
    keep[-1] = True
    return np.unique(bounds[keep]).astype(np.int64)


@lru_cache(maxsize=2)
def _powers(size: int) -> tuple[U64, U64]:
    """``_BASE**i`` and ``_BASE**-i`` modulo 2**64 for i < size (a power of two, to reuse)."""
    return _power_table(_BASE, size), _power_table(_BASE_INVERSE, size)


def _power_table(base: int, size: int) -> U64:
    # Doubling: the upper half is the lower half times base**half, one vector product a step.
    table = np.ones(1, dtype=np.uint64)
    with np.errstate(over="ignore"):
        while len(table) < size:
            table = np.concatenate([table, table * np.uint64(pow(base, len(table), 1 << 64))])
    return table[:size]


def _mix(values: U64) -> U64:
    """splitmix64's finalizer: spreads every input bit over the whole word.

    In place on two buffers: on large inputs fresh temporaries cost more than the arithmetic.
    """
    mixed = np.right_shift(values, np.uint64(30))
    mixed ^= values
    with np.errstate(over="ignore"):
        mixed *= np.uint64(0xBF58476D1CE4E5B9)
        shifted = np.right_shift(mixed, np.uint64(27))
        mixed ^= shifted
        mixed *= np.uint64(0x94D049BB133111EB)
    np.right_shift(mixed, np.uint64(31), out=shifted)
    mixed ^= shifted
    return mixed
