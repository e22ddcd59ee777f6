"""Split ratios hold within sampling error whatever the units' sizes and key counts.

A unit joined from k keys used to take the split of its lowest key digest, and that same
digest decided the split: the minimum of k uniform draws is small, so a two-key unit landed in
train with probability 1 - 0.2**2 = 0.96. These tests build such units and check the rows per
split against the target within three standard errors of hash placement.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from govern.splits.assign import BALANCED, HASH, LEDGER, RULES, large_units, place_units
from govern.splits.keys import SPLITS, Units, build_units, find_keys
from govern.splits.ledger import Ledger

SALT = "ratio-test"
BY = ["patient_id", "conversation_id"]


@dataclass
class Dataset:
    """Rows of (patient_id, conversation_id): unit ``u`` is conversation ``c{u}`` with its
    ``k`` patients; every row of it names the conversation and one of those patients."""

    patients: list[str]
    conversations: list[str]

    def units(self) -> Units:
        columns: dict[str, list[str | None]] = {
            "patient_id": list(self.patients),
            "conversation_id": list(self.conversations),
        }
        return build_units(find_keys(columns, BY, [], SALT))

    def grow(self, start: int, sizes: list[int], keys: list[int]) -> Dataset:
        more = make(sizes, keys, start)
        return Dataset(self.patients + more.patients, self.conversations + more.conversations)


def make(sizes: list[int], keys: list[int], start: int = 0) -> Dataset:
    patients: list[str] = []
    conversations: list[str] = []
    for offset, (size, k) in enumerate(zip(sizes, keys, strict=True)):
        unit = start + offset
        for row in range(size):
            patients.append(f"u{unit}-p{row % k}")
            conversations.append(f"c{unit}")
    return Dataset(patients, conversations)


def row_shares(units: Units, unit_split: np.ndarray) -> np.ndarray:
    rows = np.bincount(units.row_unit, minlength=units.count)
    return np.bincount(unit_split, weights=rows, minlength=3) / rows.sum()


def standard_errors(units: Units, ratios: tuple[float, float, float]) -> np.ndarray:
    """The standard error of each split's row share when every unit is placed by hash."""
    rows = np.bincount(units.row_unit, minlength=units.count).astype(np.float64)
    target = np.asarray(ratios)
    return np.sqrt(target * (1 - target) * (rows**2).sum()) / rows.sum()


def ledger_of(units: Units, unit_split: np.ndarray, rules: np.ndarray) -> Ledger:
    ledger = Ledger(salt=SALT)
    names = [units.keys.key_name(key) for key in range(units.keys.count)]
    key_split = unit_split[units.key_unit]
    ledger.update(
        names,
        [SPLITS[s] for s in key_split.tolist()],
        [RULES[r] for r in rules[units.key_unit].tolist()],
        "day 1",
    )
    return ledger


def test_two_patient_units_are_not_pulled_into_train() -> None:
    # The data: ~8% of conversations link two patients, no giant component.
    rng = np.random.default_rng(7)
    sizes = rng.integers(1, 8, size=3100).tolist()
    keys = np.where(rng.random(3100) < 0.08, 2, 1).tolist()
    units = make(sizes, keys).units()
    ratios = (0.8, 0.1, 0.1)
    placement = place_units(units, ratios)
    error = np.abs(row_shares(units, placement.unit_split) - np.asarray(ratios))
    assert (error <= 3 * standard_errors(units, ratios)).all(), error
    # The two-patient units alone: train takes 80% of them, not 1 - 0.2**2 = 96%.
    two = np.asarray(keys) == 2
    unit_of_conversation = units.key_unit[units.keys.key_field == 1]
    train_share = (placement.unit_split[unit_of_conversation][two] == 0).mean()
    n_two = int(two.sum())
    assert abs(train_share - 0.8) <= 3 * np.sqrt(0.16 / n_two), train_share


unit_shapes = st.tuples(
    st.integers(200, 1500),  # units
    st.integers(1, 60),  # largest ordinary unit
    st.sampled_from([0.0, 0.1, 0.5, 1.0]),  # share of units with several keys
    st.integers(0, 3),  # giant units (a few % of the data each)
    st.integers(0, 2**32 - 1),  # seed
    st.sampled_from([(0.8, 0.1, 0.1), (0.7, 0.15, 0.15), (0.5, 0.5, 0.0), (0.34, 0.33, 0.33)]),
)


# Derandomized: a 3-standard-error bound is exceeded by chance ~0.3% of the time per split
# (2 of 300 random shapes, at 3.5 SE, when this was written), so the examples are fixed; a
# biased placement misses by tens of standard errors (two-key units: 94% in train, not 80%).
@settings(
    max_examples=40, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
@given(unit_shapes)
def test_ratios_hold_for_multi_key_units_of_any_size(
    shape: tuple[int, int, float, int, int, tuple[float, float, float]],
) -> None:
    n_units, largest, multi_share, giants, seed, ratios = shape
    rng = np.random.default_rng(seed)
    sizes = rng.integers(1, largest + 1, size=n_units)
    total = int(sizes.sum())
    sizes = np.r_[sizes, rng.integers(total // 50, total // 20 + 2, size=giants)]
    keys = np.where(rng.random(len(sizes)) < multi_share, rng.integers(2, 6, len(sizes)), 1)
    data = make(sizes.tolist(), keys.tolist())
    units = data.units()
    placement = place_units(units, ratios)
    split = placement.unit_split

    # Rows per split within three standard errors of the target.
    error = np.abs(row_shares(units, split) - np.asarray(ratios))
    assert (error <= 3 * standard_errors(units, ratios)).all(), (error, ratios)
    # No key in two splits: every row of a key lands where its other rows do.
    row_split = split[units.row_unit]
    for codes in units.keys.row_codes:
        rows = np.flatnonzero(codes >= 0)
        low = np.full(units.keys.count, 3, dtype=np.int8)
        high = np.full(units.keys.count, -1, dtype=np.int8)
        np.minimum.at(low, codes[rows], row_split[rows])
        np.maximum.at(high, codes[rows], row_split[rows])
        used = high >= 0
        assert (low[used] == high[used]).all()
    # No split with a zero target gets anything.
    assert (row_split >= 0).all()
    assert all(ratios[s] > 0 for s in np.unique(split).tolist())
    # Giant units are placed to keep the ratios, and say so.
    rows = np.bincount(units.row_unit, minlength=units.count)
    large = large_units(rows, 0.01)
    assert (placement.unit_rule[large] == RULES.index(BALANCED)).all()
    assert (placement.unit_rule[np.setdiff1d(np.arange(units.count), large)] == 0).all()

    # Growth without new links: more units, more rows in old units under their own keys.
    half = n_units // 2
    grown = data.grow(len(sizes), rng.integers(1, largest + 1, size=half).tolist(), [1] * half)
    extra_rows = make([3] * 10, [1] * 10)  # rows of units 0-9 again, same keys (no new link)
    grown = Dataset(
        grown.patients + extra_rows.patients, grown.conversations + extra_rows.conversations
    )
    ledger = ledger_of(units, split, placement.unit_rule)
    again_units = grown.units()
    again = place_units(again_units, ratios, ledger)
    before = dict(
        zip(
            (units.keys.key_name(k) for k in range(units.keys.count)),
            split[units.key_unit].tolist(),
            strict=True,
        )
    )
    after_split = again.unit_split[again_units.key_unit]
    moved = [
        name
        for key, name in enumerate(
            again_units.keys.key_name(k) for k in range(again_units.keys.count)
        )
        if name in before and before[name] != after_split[key]
    ]
    assert moved == [] and len(again.moved_units) == 0
    known = again.known
    assert (again.unit_rule[known] == RULES.index(LEDGER)).all()
    assert (again.unit_rule[~known] != RULES.index(LEDGER)).all()
    assert HASH in RULES


def test_one_row_groups_are_never_large_and_large_is_relative_to_the_data() -> None:
    assert large_units(np.ones(20, dtype=np.int64), 0.01).tolist() == []
    # A 3-row group among 1-row groups: large in 50 rows, not in 5,000.
    assert large_units(np.r_[np.ones(47, dtype=np.int64), 3], 0.01).tolist() == [47]
    assert large_units(np.r_[np.ones(4997, dtype=np.int64), 3], 0.01).tolist() == []
    # Equal units are not large however few there are: none stands out.
    assert large_units(np.full(10, 5, dtype=np.int64), 0.01).tolist() == []
