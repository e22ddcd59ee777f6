"""Records with none of the split keys are each their own group, keyed by record id."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from govern.splits.keys import OWN_GROUP, build_units, find_keys
from govern.splits.ledger import read_ledger
from govern.splits.options import SplitOptions
from govern.splits.split import split_dataset
from tests.conftest import run_govern
from tests.splits.helpers import BY_ID, chat, policy, where, write_jsonl


def alpaca(count: int, start: int = 0) -> list[dict[str, Any]]:
    return [
        {"instruction": f"Say the number {i} in words.", "input": "", "output": f"number {i}"}
        for i in range(start, start + count)
    ]


def test_plain_instruction_data_splits_without_keys(tmp_path: Path) -> None:
    write_jsonl(tmp_path / "data.jsonl", alpaca(400))
    result = run_govern("split", "data.jsonl", "--out", "out", "--json", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["groups"]["own_group"] == 400 == report["groups"]["total"]
    rows = {name: split["rows"] for name, split in report["splits"].items()}
    assert sum(rows.values()) == 400
    assert 0.7 < rows["train"] / 400 < 0.9 and rows["validation"] and rows["test"]
    assert report["groups"]["large"] == 0  # one-row groups are never large
    human = run_govern("split", "data.jsonl", "--out", "out", cwd=tmp_path)
    assert "400 record(s) with no split key" in human.stdout
    # The ledger names them by a digest of the record id, never by text.
    ledger = (tmp_path / "out" / "ledger.jsonl").read_text()
    assert f'"{OWN_GROUP}:' in ledger and "data.jsonl:" not in ledger


def test_keyed_groups_stay_whole_beside_records_without_keys(tmp_path: Path) -> None:
    keyed = [chat(f"k{i}", "hi", conversation_id=f"c{i % 7}") for i in range(70)]
    loose = [chat(f"u{i}", "hello") for i in range(30)]
    source = write_jsonl(tmp_path / "data.jsonl", [*keyed, *loose])
    report = split_dataset(source, tmp_path / "out", policy(tmp_path), SplitOptions(reader=BY_ID))
    assert report.groups["own_group"] == 30
    assert report.groups["total"] == 7 + 30
    placed = where(tmp_path / "out")
    assert len(placed) == 100
    for conversation in range(7):
        assert len({placed[f"k{i}"] for i in range(conversation, 70, 7)}) == 1


def test_an_empty_key_counts_as_missing(tmp_path: Path) -> None:
    records = [
        chat("a", "hi", conversation_id=""),
        chat("b", "hi", conversation_id="   "),
        chat("c", "hi", conversation_id="c1"),  # near miss: a real key
        chat("d", "hi", conversation_id="c1"),
    ]
    source = write_jsonl(tmp_path / "data.jsonl", records)
    report = split_dataset(source, tmp_path / "out", policy(tmp_path), SplitOptions(reader=BY_ID))
    assert report.groups["own_group"] == 2
    assert report.groups["total"] == 3  # a, b on their own; c and d together
    placed = where(tmp_path / "out")
    assert placed["c"] == placed["d"]


def test_adding_records_never_moves_existing_own_groups(tmp_path: Path) -> None:
    source = write_jsonl(tmp_path / "data.jsonl", alpaca(300))
    loaded = policy(tmp_path)
    split_dataset(source, tmp_path / "out", loaded, SplitOptions())
    before = _splits_by_instruction(tmp_path / "out")
    write_jsonl(source, alpaca(450))  # appended lines: earlier file:line ids are unchanged
    report = split_dataset(source, tmp_path / "out", loaded, SplitOptions())
    after = _splits_by_instruction(tmp_path / "out")
    assert {key: after[key] for key in before} == before
    assert report.groups["from_ledger"] == 300 and report.groups["own_group"] == 450
    assert len(read_ledger(tmp_path / "out" / "ledger.jsonl").entries) == 450


def _splits_by_instruction(out: Path) -> dict[str, str]:
    found: dict[str, str] = {}
    for name in ("train", "validation", "test"):
        path = out / name / "data.jsonl"
        if path.exists():
            for line in path.read_text().splitlines():
                found[json.loads(line)["instruction"]] = name
    return found


def test_find_keys_gives_own_keys_only_to_rows_without_any_key() -> None:
    columns = {"conversation_id": ["c1", None, None, None], "document_id": [None, "d1", None, None]}
    own = [None, None, "f:3", "f:4"]
    keys = find_keys(columns, ["conversation_id"], ["document_id"], "salt", own=own)
    units = build_units(keys)
    assert units.count == 4
    fields = [keys.fields[keys.key_field[key]] for key in range(keys.count)]
    assert sorted(fields) == sorted(["conversation_id", "document_id", OWN_GROUP, OWN_GROUP])
    # Without ``own`` a row with no key is still refused by the library's union-find.
    with pytest.raises(ValueError, match="at least one key"):
        build_units(find_keys(columns, ["conversation_id"], ["document_id"], "salt"))
