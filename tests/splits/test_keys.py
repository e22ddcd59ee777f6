"""Group keys and units: the invariants that make a split leak-free and stable (hypothesis)."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from govern.splits.assign import place_units
from govern.splits.graph import connected_components
from govern.splits.keys import assign_column, build_units, find_keys, raw_key, split_of
from govern.splits.ledger import Ledger

SALT = "test-salt"
RATIOS = (0.8, 0.1, 0.1)
ids = st.text(alphabet="abcdeXYZ -_é", min_size=1, max_size=4)
# Rows of (patient_id, conversation_id), each with at least one non-blank key.
rows = st.lists(
    st.tuples(st.none() | ids, st.none() | ids).filter(lambda row: any(map(raw_key, row))),
    min_size=1,
    max_size=60,
)


def columns(pairs: list[tuple[str | None, str | None]]) -> dict[str, list[str | None]]:
    return {
        "patient_id": [raw_key(patient) for patient, _ in pairs],
        "conversation_id": [raw_key(conversation) for _, conversation in pairs],
    }


def placed(pairs: list[tuple[str | None, str | None]]) -> np.ndarray:
    units = build_units(find_keys(columns(pairs), ["patient_id", "conversation_id"], [], SALT))
    return place_units(units, RATIOS).unit_split[units.row_unit]


@settings(max_examples=60, deadline=None)
@given(rows)
def test_no_key_is_in_two_splits_whatever_the_data(
    pairs: list[tuple[str | None, str | None]],
) -> None:
    split = placed(pairs)
    for field, values in columns(pairs).items():
        seen: dict[str, set[int]] = {}
        for value, s in zip(values, split.tolist(), strict=True):
            if value is not None:
                seen.setdefault(value.strip().lower(), set()).add(s)
        assert all(len(splits) == 1 for splits in seen.values()), field


@settings(max_examples=60, deadline=None)
@given(st.lists(ids, min_size=1, max_size=80), st.lists(ids, min_size=1, max_size=80))
def test_appending_rows_never_moves_an_existing_group(old: list[str], new: list[str]) -> None:
    before = assign_column(old, "conversation_id", RATIOS, SALT)
    after = assign_column(old + new, "conversation_id", RATIOS, SALT)
    assert before.tolist() == after[: len(old)].tolist()


def test_normalized_spellings_are_one_group() -> None:
    split = assign_column(["Patient-7", " patient-7 ", "PATIENT-7"], "patient_id", RATIOS, SALT)
    assert len(set(split.tolist())) == 1
    assert raw_key(7) == raw_key(7.0) == raw_key("7")


def test_a_patient_under_two_conversation_ids_is_one_unit() -> None:
    keys = find_keys(
        {
            "patient_id": ["p1", "p1", None, "p2"],
            "conversation_id": ["c1", "c2", "c2", "c3"],
        },
        ["patient_id", "conversation_id"],
        [],
        SALT,
    )
    units = build_units(keys)
    assert units.row_unit[0] == units.row_unit[1] == units.row_unit[2] != units.row_unit[3]
    # The anchor is the patient: the earliest field decides the unit's split.
    assert keys.fields[keys.key_field[units.unit_anchor[units.row_unit[0]]]] == "patient_id"


def test_fallback_keys_only_group_records_without_primary_keys() -> None:
    keys = find_keys(
        {"conversation_id": ["c1", None, None], "document_id": ["d0", "d1", "d1"]},
        ["conversation_id"],
        ["document_id"],
        SALT,
    )
    units = build_units(keys)
    # Rows 1 and 2 share d1; row 0 has a conversation, so its document d0 is not a key.
    assert units.row_unit[1] == units.row_unit[2] != units.row_unit[0]
    assert keys.count == units.count == 2


def test_ledger_keeps_a_merged_unit_where_its_anchor_was() -> None:
    first = build_units(find_keys({"conversation_id": ["a", "b"]}, ["conversation_id"], [], SALT))
    ledger = Ledger(salt=SALT)
    names = [first.keys.key_name(k) for k in range(first.keys.count)]
    ledger.update(names, ["test", "train"], ["hash", "hash"], "t0")
    # A patient now links a and b: the unit keeps the split of its highest-priority known key.
    grown = find_keys(
        {"patient_id": [None, None, "p", "p"], "conversation_id": ["a", "b", "a", "b"]},
        ["patient_id", "conversation_id"],
        [],
        SALT,
    )
    units = build_units(grown)
    placement = place_units(units, RATIOS, ledger)
    assert len(set(placement.unit_split[units.row_unit].tolist())) == 1
    assert len(placement.moved_units) == 1


@settings(max_examples=8, deadline=None)
@given(st.text(min_size=1, max_size=8))
def test_ratios_converge_to_the_target_as_groups_grow(salt: str) -> None:
    # Each group lands in a split independently, so the error shrinks like 1/sqrt(groups):
    # within five standard deviations at every size, and under 1% from 30,000 groups on.
    target = np.array(RATIOS)
    for n in (300, 3_000, 30_000):
        split = assign_column([f"g{i}" for i in range(n)], "id", RATIOS, salt)
        error = np.abs(np.bincount(split, minlength=3) / n - target)
        assert (error <= 5 * np.sqrt(target * (1 - target) / n)).all()
    assert error.max() < 0.01


def test_split_of_follows_cumulative_ratios() -> None:
    hashes = np.array([0, 2**63, int(0.85 * 2**64), 2**64 - 1], dtype=np.uint64)
    assert split_of(hashes, (0.8, 0.1, 0.1)).tolist() == [0, 0, 1, 2]
    assert split_of(hashes, (0.0, 0.0, 1.0)).tolist() == [2, 2, 2, 2]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 30), st.integers(0, 30)), max_size=60))
def test_connected_components_match_a_naive_union_find(edges: list[tuple[int, int]]) -> None:
    parent = list(range(31))

    def find(x: int) -> int:
        while parent[x] != x:
            x = parent[x]
        return x

    for a, b in edges:
        parent[find(a)] = find(b)
    left = np.array([a for a, _ in edges], dtype=np.int64)
    right = np.array([b for _, b in edges], dtype=np.int64)
    labels = connected_components(31, left, right)
    for a in range(31):
        for b in range(31):
            assert (labels[a] == labels[b]) == (find(a) == find(b))
