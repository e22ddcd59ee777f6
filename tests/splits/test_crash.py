"""``govern split`` and ``leaks --fix`` cut short at every rename: nothing lost, nothing stale."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from govern.errors import InputError
from govern.io import recover_folder
from govern.splits.fix import fix_leaks
from govern.splits.options import SplitOptions
from govern.splits.split import split_dataset
from tests.conftest import run_govern as govern
from tests.faults import MODES, cut_short, hidden_leftovers, renames_in
from tests.splits.helpers import BY_ID, chat, policy, split_folder, where, write_jsonl


def state(out: Path) -> tuple[dict[str, str], dict[str, str], bool]:
    """What a split folder holds: record -> split, ledger key -> split, a report present."""
    ledger = out / "ledger.jsonl"
    entries = {}
    if ledger.exists():
        for line in ledger.read_text().splitlines()[1:]:
            item = json.loads(line)
            entries[item["key"]] = item["split"]
    return where(out), entries, (out / "split_report.json").is_file()


def records(n: int) -> list[dict[str, object]]:
    return [chat(f"r{i}", f"text {i}", conversation_id=f"c{i // 2}") for i in range(n)]


def test_split_cut_short_at_any_rename_keeps_old_or_new_and_the_ledger(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    loaded = policy(tmp_path)
    options = SplitOptions(reader=BY_ID)
    source = tmp_path / "data.jsonl"
    write_jsonl(source, records(60))
    first = tmp_path / "first"
    split_dataset(source, first, loaded, options)
    old = state(first)
    write_jsonl(source, records(90))  # grown: the new version adds 15 groups
    reference = tmp_path / "reference"
    shutil.copytree(first, reference)
    total = renames_in(monkeypatch, lambda: split_dataset(source, reference, loaded, options))
    new = state(reference)
    assert total >= 4 and old != new
    for mode in MODES:
        for n in range(1, total + 1):
            parent = tmp_path / f"{mode}-{n}"
            out = parent / "out"
            shutil.copytree(first, out)
            cut_short(monkeypatch, n, mode, lambda o=out: split_dataset(source, o, loaded, options))  # type: ignore[misc]
            recover_folder(out)  # what the next run (or govern leaks) does first
            assert state(out) in (old, new), (mode, n)
            split_dataset(source, out, loaded, options)  # the next run: same ledger, same result
            assert state(out) == new, (mode, n)
            assert hidden_leftovers(parent) == [], (mode, n)


def test_a_split_folder_without_its_ledger_is_an_error_not_a_fresh_start(tmp_path: Path) -> None:
    loaded = policy(tmp_path)
    source = write_jsonl(tmp_path / "data.jsonl", records(40))
    out = tmp_path / "out"
    split_dataset(source, out, loaded, SplitOptions(reader=BY_ID))
    placed = where(out)
    (out / "ledger.jsonl").unlink()
    with pytest.raises(InputError, match=r"out: holds a split .* but no ledger.jsonl"):
        split_dataset(source, out, loaded, SplitOptions(reader=BY_ID))
    assert where(out) == placed  # untouched
    # A folder that never held a split (near miss) is fine.
    empty = tmp_path / "empty"
    empty.mkdir()
    split_dataset(source, empty, loaded, SplitOptions(reader=BY_ID))
    assert (empty / "ledger.jsonl").is_file()


def test_leak_fix_cut_short_at_any_rename_keeps_old_or_new(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    loaded = policy(tmp_path)
    leaking = chat("v1", "my knee hurts when I run", conversation_id="c1")
    original = tmp_path / "original"
    split_folder(
        original,
        train=[chat("t1", "my knee hurts when I run", conversation_id="c1")],
        validation=[leaking, chat("v2", "unrelated", conversation_id="c2")],
    )
    fixed = tmp_path / "fixed"
    shutil.copytree(original, fixed)
    total = renames_in(monkeypatch, lambda: fix_leaks(fixed, loaded))
    old, new = where(original), where(fixed)
    assert old != new
    for mode in MODES:
        for n in range(1, total + 1):
            parent = tmp_path / f"{mode}-{n}"
            folder = parent / "splits"
            shutil.copytree(original, folder)
            cut_short(monkeypatch, n, mode, lambda f=folder: fix_leaks(f, loaded))  # type: ignore[misc]
            recover_folder(folder)
            assert where(folder) in (old, new), (mode, n)
            fix_leaks(folder, loaded)
            assert where(folder) == new and hidden_leftovers(parent) == [], (mode, n)


def test_the_cli_refuses_a_split_folder_without_its_ledger_with_exit_2(tmp_path: Path) -> None:
    source = write_jsonl(tmp_path / "data.jsonl", records(20))
    out = tmp_path / "out"
    split_dataset(source, out, policy(tmp_path), SplitOptions(reader=BY_ID))
    (out / "ledger.jsonl").unlink()
    result = govern("split", str(source), "--out", str(out), "--id-field", "id")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    (line,) = [line for line in result.stderr.splitlines() if line.strip()]
    assert "no ledger.jsonl" in line and str(out) in line
