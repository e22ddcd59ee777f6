"""Group keys: normalize, hash with a salt, join records that share any key into units.

The split of a unit is a pure function of one key's text and the salt, so adding data never
moves an existing group:

    digest   = blake2b(salt NUL field NUL normalized key, 16 bytes)   (ALGORITHM)
    fraction = last 8 digest bytes, big-endian, / 2**64                uniform in [0, 1)
    split    = train if fraction < r_train, validation if < r_train + r_validation, else test

A unit made of several keys (a patient seen under two conversation ids) takes the split of its
anchor: its key from the earliest field in ``by`` + ``fallback_by``, lowest first 8 digest bytes
among ties. The split is then drawn from the anchor's *last* 8 digest bytes, which are
independent of the first: were the same bytes to choose the anchor and the split, a unit of k
keys would take the minimum of k uniform draws and land in train with probability
1 - (1 - r_train)**k (``PLACEMENT``). Ledgers written before keep their groups where they are.
Keys are kept as ``field:hex digest``, never as text: patient ids may be personal data.

A record with none of the keys (plain instruction data, or a key left empty) is its own group,
keyed by its record id under the field name ``@record`` (``OWN_GROUP``): the id is stable as
data is added (an id field, or ``file:line`` for appended lines), so its split is too.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeAlias

import numpy as np
import numpy.typing as npt
import pyarrow as pa
import pyarrow.compute as pc

from govern.splits.graph import IntArray, connected_components, dense_labels

ALGORITHM = "blake2b-128(salt NUL field NUL key)/v1"
# How a unit's split is drawn from its keys (recorded in the ledger header).
PLACEMENT = "anchor: lowest digest[:8] of the first field; split: anchor digest[8:]/v2"
SPLITS = ("train", "validation", "test")
OWN_GROUP = "@record"  # the key field of records that are their own group (not a data field)
_DIGEST = 16

SplitArray = npt.NDArray[np.int8]
HashArray = npt.NDArray[np.uint64]
# A key field's raw values per row (``raw_key``), None when absent; Arrow columns are used as is.
KeyColumn: TypeAlias = Sequence[str | None] | pa.Array | pa.ChunkedArray


def raw_key(value: Any) -> str | None:
    """A key field's value as text; None when absent or blank. ValueError when not a scalar."""
    if value is None or isinstance(value, bool):
        if isinstance(value, bool):
            raise ValueError("is true/false, not an id")
        return None
    if isinstance(value, str):
        return value if value.strip() else None
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        # CSV gives "7" where JSON gives 7 or 7.0: one patient either way.
        return str(int(value)) if value.is_integer() else repr(value)
    raise ValueError(f"is {type(value).__name__}, not an id")


def normalize_keys(keys: pa.Array) -> pa.Array:
    """NFKC, trimmed, lower-cased: spellings that differ only so are one group (never a leak)."""
    return pc.utf8_lower(pc.utf8_trim_whitespace(pc.utf8_normalize(keys, "NFKC")))


def fractions(hashes: HashArray) -> npt.NDArray[np.float64]:
    """64-bit hashes as uniform floats in [0, 1) (top 53 bits, exact in a float64)."""
    return (hashes >> np.uint64(11)).astype(np.float64) * 2.0**-53


def split_of(hashes: HashArray, ratios: Sequence[float]) -> SplitArray:
    """Split index (0 train, 1 validation, 2 test) of each hash under ``ratios``."""
    bounds = np.cumsum(np.asarray(ratios[:-1], dtype=np.float64))
    return np.searchsorted(bounds, fractions(hashes), side="right").astype(np.int8)


@dataclass(frozen=True)
class Keys:
    """Every key of a dataset, numbered across fields; ``key_*`` arrays are indexed by key."""

    fields: tuple[str, ...]
    row_codes: list[IntArray]  # per field: each row's key number, -1 if absent or not used
    key_field: npt.NDArray[np.int8]  # index into ``fields``
    key_hash: HashArray  # first 8 digest bytes: orders a unit's keys to choose its anchor
    key_draw: HashArray  # last 8 digest bytes: the anchor's decides the unit's split
    digests: bytes  # 16 bytes per key

    @property
    def count(self) -> int:
        return len(self.key_hash)

    def key_name(self, key: int) -> str:
        """``field:hex`` — how keys appear in the ledger and the reports."""
        digest = self.digests[key * _DIGEST : (key + 1) * _DIGEST]
        return f"{self.fields[self.key_field[key]]}:{digest.hex()}"


@dataclass(frozen=True)
class Units:
    """Rows grouped into units: rows sharing any key are one unit."""

    keys: Keys
    row_unit: IntArray  # unit of each row
    key_unit: IntArray  # unit of each key
    unit_anchor: IntArray  # the key that decides each unit's split

    @property
    def count(self) -> int:
        return len(self.unit_anchor)

    @property
    def split_hash(self) -> HashArray:
        """Per unit the hash its split is drawn from, independent of how the anchor was chosen."""
        return self.keys.key_draw[self.unit_anchor]


def find_keys(
    columns: Mapping[str, KeyColumn],
    by: Sequence[str],
    fallback_by: Sequence[str],
    salt: str,
    own: KeyColumn | None = None,
) -> Keys:
    """The keys each row is grouped by: its ``by`` keys, or its ``fallback_by`` keys if none,
    or, given ``own`` (each row's record id), its own group if it has none of them either.

    ``columns`` holds each field's raw value per row (``raw_key``), None when absent.
    """
    if own is not None:
        columns = {**columns, OWN_GROUP: own}
        fallback_by = [*fallback_by, OWN_GROUP]
    fields = tuple(dict.fromkeys([*by, *fallback_by]))
    primary = len(dict.fromkeys(by))
    codes: list[IntArray] = []
    hashes: list[HashArray] = []
    draws: list[HashArray] = []
    field_of_key: list[int] = []
    digests: list[bytes] = []
    for index, field in enumerate(fields):
        local, field_digests = _factorize(columns[field], field, salt)
        codes.append(np.where(local >= 0, local + len(field_of_key), -1))
        field_of_key += [index] * (len(field_digests) // _DIGEST)
        digests.append(field_digests)
        halves = np.frombuffer(field_digests, dtype=">u8").reshape(-1, 2)
        hashes.append(halves[:, 0])
        draws.append(halves[:, 1])
    keys = Keys(
        fields=fields,
        row_codes=codes,
        key_field=np.asarray(field_of_key, dtype=np.int8),
        key_hash=np.concatenate(hashes).astype(np.uint64),
        key_draw=np.concatenate(draws).astype(np.uint64),
        digests=b"".join(digests),
    )
    if primary == len(fields):
        return keys
    has_primary = np.logical_or.reduce([code >= 0 for code in codes[:primary]])
    for code in codes[primary:]:
        code[has_primary] = -1
    if own is not None:
        # Only a row with no key of any field is its own group.
        has_key = np.logical_or.reduce([code >= 0 for code in codes[:-1]])
        codes[-1][has_key] = -1
    return _without_unused(keys)


def _without_unused(keys: Keys) -> Keys:
    """``keys`` less the ones no row is grouped by (fallback values of rows with a primary key)."""
    used = np.zeros(keys.count, dtype=np.bool_)
    for code in keys.row_codes:
        used[code[code >= 0]] = True
    number = np.cumsum(used) - 1
    return Keys(
        fields=keys.fields,
        row_codes=[np.where(code >= 0, number[np.maximum(code, 0)], -1) for code in keys.row_codes],
        key_field=keys.key_field[used],
        key_hash=keys.key_hash[used],
        key_draw=keys.key_draw[used],
        digests=np.frombuffer(keys.digests, dtype=f"V{_DIGEST}")[used].tobytes(),
    )


def build_units(keys: Keys) -> Units:
    """Join rows that share any key (union-find); every row needs at least one key."""
    first = keys.row_codes[0]
    for code in keys.row_codes[1:]:
        first = np.where(first >= 0, first, code)
    if (first < 0).any():
        raise ValueError("every row needs at least one key")
    left, right = _edges(keys.row_codes, first)
    if len(left) == 0:  # one key per row: each key is its own unit
        key_unit = np.arange(keys.count, dtype=np.int64)
        return Units(keys=keys, row_unit=first, key_unit=key_unit, unit_anchor=key_unit)
    key_unit = dense_labels(connected_components(keys.count, left, right))
    # Anchor: lowest (field, hash) per unit; lexsort sorts by its last key first.
    order = np.lexsort((keys.key_hash, keys.key_field, key_unit))
    starts = np.flatnonzero(np.r_[True, key_unit[order][1:] != key_unit[order][:-1]])
    return Units(
        keys=keys,
        row_unit=key_unit[first],
        key_unit=key_unit,
        unit_anchor=order[starts].astype(np.int64),
    )


def _factorize(values: KeyColumn, field: str, salt: str) -> tuple[IntArray, bytes]:
    """Per row a key number (-1 absent) and the digest of each distinct normalized key.

    Only distinct values are normalized and hashed, and Arrow finds them in C: that is what
    makes millions of rows per second possible.
    """
    if isinstance(values, pa.ChunkedArray):
        values = values.combine_chunks()
    column = values if isinstance(values, pa.Array) else pa.array(values, pa.large_string())
    encoded = column.dictionary_encode()
    local = encoded.indices.fill_null(-1).to_numpy().astype(np.int64)
    distinct = encoded.dictionary
    if len(distinct) == 0:
        return local, b""
    normalized = normalize_keys(distinct)
    if not pc.all(pc.equal(normalized, distinct)).as_py():
        # Spellings that normalize alike become one key.
        merged = normalized.dictionary_encode()
        remap = merged.indices.to_numpy().astype(np.int64)
        local = np.where(local >= 0, remap[np.maximum(local, 0)], -1)
        normalized = merged.dictionary
    seeded = hashlib.blake2b(f"{salt}\0{field}\0".encode(), digest_size=_DIGEST)
    return local, b"".join(
        [_digest(seeded, key) for key in normalized.cast(pa.binary()).to_pylist()]
    )


def _digest(seeded: Any, key: bytes) -> bytes:
    hasher = seeded.copy()
    hasher.update(key)
    digest: bytes = hasher.digest()
    return digest


def _edges(codes: list[IntArray], first: IntArray) -> tuple[IntArray, IntArray]:
    """Edges from each row's first key to its other keys."""
    left, right = [], []
    for code in codes:
        linked = (code >= 0) & (code != first)
        left.append(first[linked])
        right.append(code[linked])
    return np.concatenate(left), np.concatenate(right)


def assign_column(values: KeyColumn, field: str, ratios: Sequence[float], salt: str) -> SplitArray:
    """Split index per row of one key column: the in-memory core of ``govern split``."""
    units = build_units(find_keys({field: values}, [field], [], salt))
    return split_of(units.split_hash, ratios)[units.row_unit]
