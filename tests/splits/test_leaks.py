"""``check_leaks`` and ``fix_leaks``: each check with a positive and a near-miss negative."""

from __future__ import annotations

import json
import random
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest

from govern.errors import InputError
from govern.sample.corpus import write_corpus
from govern.splits.fix import fix_leaks
from govern.splits.leaks import check_leaks
from govern.splits.options import LeakOptions, SplitOptions
from govern.splits.split import split_dataset
from tests.splits.helpers import (
    BY_ID,
    chat,
    policy,
    read_jsonl,
    shown,
    split_folder,
    where,
    write_jsonl,
)

OPTIONS = LeakOptions(reader=BY_ID)
WORDS = [
    a + b + c for a in ("ka", "lo", "mi", "nu") for b in ("pe", "ro", "su", "ti") for c in "xyz"
]
PROMPT = " ".join(random.Random(1).choices(WORDS, k=150))


def sentence(rng: random.Random, n: int = 8) -> str:
    return " ".join(rng.choices(WORDS, k=n))


def leaks_of(report: Any, check: str) -> list[dict[str, Any]]:
    return [leak for leak in report.leaks if leak["check"] == check]


def pair(leak: dict[str, Any], known: Iterable[str] = ("a", "b", "c", "d")) -> set[str]:
    """The ids of a leaking pair, back from the keyed hashes the report holds."""
    named = {shown(i): i for i in known}
    return {
        named.get(leak["a"]["id"], leak["a"]["id"]),
        named.get(leak["b"]["id"], leak["b"]["id"]),
    }


def test_a_group_key_in_two_splits_is_a_leak(tmp_path: Path) -> None:
    folder = split_folder(
        tmp_path,
        train=[chat("a", "first question here", conversation_id="c1")],
        test=[chat("b", "a different thing entirely", conversation_id="c1")],
    )
    report = check_leaks(folder, policy(tmp_path), OPTIONS)
    (leak,) = leaks_of(report, "group_key")
    assert pair(leak) == {"a", "b"} and leak["key"].startswith("conversation_id:")
    assert "c1" not in leak["key"] and report.exit_code == 1


def test_an_exact_duplicate_of_normalized_text_is_a_leak(tmp_path: Path) -> None:
    folder = split_folder(
        tmp_path,
        train=[chat("a", "Hello, how are you today?", conversation_id="c1")],
        validation=[chat("b", "hello how are YOU today", conversation_id="c2")],
        test=[chat("c", "hello how were you today", conversation_id="c3")],
    )
    (leak,) = leaks_of(check_leaks(folder, policy(tmp_path), OPTIONS), "exact_duplicate")
    assert pair(leak) == {"a", "b"}


def test_a_one_word_edit_on_a_short_chat_turn_is_caught(tmp_path: Path) -> None:
    folder = split_folder(
        tmp_path,
        train=[
            chat("a", "My router stopped syncing with the app this morning.", conversation_id="c1"),
            chat("n", "My printer jams on every page since the last update.", conversation_id="c3"),
        ],
        test=[
            chat(
                "b", "My router stopped syncing with the phone this morning.", conversation_id="c2"
            )
        ],
    )
    report = check_leaks(folder, policy(tmp_path), OPTIONS)
    (leak,) = leaks_of(report, "near_duplicate")
    assert pair(leak) == {"a", "b"} and leak["differing_shingles"] <= 4


def test_unrelated_chats_sharing_a_system_prompt_are_not_flagged(tmp_path: Path) -> None:
    rng = random.Random(0)
    records = [
        chat(f"r{i}", sentence(rng), system=PROMPT, conversation_id=f"c{i}") for i in range(60)
    ]
    folder = split_folder(
        tmp_path, train=records[:40], validation=records[40:50], test=records[50:]
    )
    report = check_leaks(folder, policy(tmp_path), OPTIONS)
    assert report.passed and report.checks["near_duplicate"]["boilerplate_shingles"] >= 100
    # Near miss: without boilerplate removal the shared prompt alone would make them "alike".
    blind = policy(tmp_path, "leaks:\n  boilerplate_min_records: 1000")
    assert leaks_of(check_leaks(folder, blind, OPTIONS), "near_duplicate")


def test_contamination_against_an_evaluation_file(tmp_path: Path) -> None:
    question = "which of the following planets has the longest day measured in earth hours"
    folder = split_folder(
        tmp_path,
        train=[
            chat("a", f"Quiz time! {question.capitalize()}? Think first.", conversation_id="c1"),
            chat("b", "Which of the following planets is your favourite one", conversation_id="c2"),
        ],
    )
    evals = write_jsonl(tmp_path / "eval.jsonl", [{"text": question + "?"}, {"text": "too short"}])
    report = check_leaks(folder, policy(tmp_path), LeakOptions(against=(evals,), reader=BY_ID))
    (leak,) = leaks_of(report, "contamination")
    assert leak["a"]["id"] == shown("a") and leak["eval"]["at"].endswith("eval.jsonl:1")
    assert "a" not in {leak["a"]["id"], leak["a"]["at"]}  # an id from the data is never shown
    assert report.checks["contamination"]["short_items_skipped"] == 1


def test_fix_moves_linked_records_into_one_split_and_the_check_passes(tmp_path: Path) -> None:
    folder = split_folder(
        tmp_path / "in",
        train=[
            chat("a", "My router stopped syncing with the app this morning.", conversation_id="c1"),
            chat("g1", "first part of the talk", conversation_id="g"),
            chat("keep", "nothing in common with anything else", conversation_id="k"),
        ],
        test=[
            chat(
                "b", "My router stopped syncing with the phone this morning.", conversation_id="c2"
            ),
            chat("b2", "a second record of the same conversation", conversation_id="c2"),
            chat("g2", "second part of the talk", conversation_id="g"),
        ],
    )
    report = fix_leaks(folder, policy(tmp_path), OPTIONS, out=tmp_path / "fixed")
    placed = where(tmp_path / "fixed")
    assert report.exit_code == 0 and report.after is not None and report.after.passed
    assert not report.passed and report.fix is not None and report.fix["moved_records"] == 2
    # Each linked set goes where most of it is; a tie goes to train.
    assert placed["a"] == placed["b"] == placed["b2"] == "test"
    assert placed["g1"] == placed["g2"] == "train"
    assert len(placed) == 6 and placed["keep"] == "train"


def test_the_flat_layout_is_checked_but_not_fixed(tmp_path: Path) -> None:
    write_jsonl(
        tmp_path / "train.jsonl", [chat("a", "same words in both files", conversation_id="c1")]
    )
    write_jsonl(
        tmp_path / "test.jsonl", [chat("b", "same words in both files", conversation_id="c2")]
    )
    assert check_leaks(tmp_path, policy(tmp_path), OPTIONS).exit_code == 1
    with pytest.raises(InputError, match="folder layout"):
        fix_leaks(tmp_path, policy(tmp_path), OPTIONS)


def test_an_empty_folder_is_an_input_error(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no records"):
        check_leaks(tmp_path, policy(tmp_path), OPTIONS)


def test_sample_planted_near_duplicates_are_found_and_fixed(tmp_path: Path) -> None:
    write_corpus(
        tmp_path / "sample", n_support=150, n_clinic=80, n_forum=30, n_instructions=40, n_code=20
    )
    loaded = policy(tmp_path)
    split_dataset(
        tmp_path / "sample" / "corpus", tmp_path / "splits", loaded, SplitOptions(reader=BY_ID)
    )
    placed = where(tmp_path / "splits") | _json_ids(tmp_path / "splits")
    report = check_leaks(tmp_path / "splits", loaded, OPTIONS)
    found = {frozenset(pair(leak, placed)) for leak in report.leaks if "b" in leak}
    planted = [
        json.loads(line) for line in (tmp_path / "sample/labels/near_duplicates.jsonl").open()
    ]
    crossing = [p for p in planted if placed[p["original_id"]] != placed[p["duplicate_id"]]]
    assert crossing and all(
        frozenset((p["original_id"], p["duplicate_id"])) in found for p in crossing
    )
    assert report.exit_code == 1
    fixed = fix_leaks(tmp_path / "splits", loaded, OPTIONS, out=tmp_path / "fixed")
    assert fixed.exit_code == 0
    # The ledger holds the moves: splitting again with it reproduces the fixed splits.
    again = SplitOptions(ledger=tmp_path / "fixed" / "ledger.jsonl", reader=BY_ID)
    split_dataset(tmp_path / "sample" / "corpus", tmp_path / "again", loaded, again)
    assert where(tmp_path / "again") == where(tmp_path / "fixed")
    assert check_leaks(tmp_path / "again", loaded, OPTIONS).exit_code == 0


def _json_ids(split_dir: Path) -> dict[str, str]:
    found = {}
    for name in ("train", "validation", "test"):
        for path in (split_dir / name).rglob("*.json"):
            found |= {record["id"]: name for record in json.loads(path.read_text())}
    return found


def test_contamination_reads_the_named_fields_of_a_benchmark(tmp_path: Path) -> None:
    question = "a train leaves the station at nine and travels sixty miles an hour until noon"
    folder = split_folder(
        tmp_path, train=[chat("a", question.capitalize() + ".", conversation_id="c")]
    )
    evals = write_jsonl(tmp_path / "bench.jsonl", [{"question": question, "answer": "180"}])
    options = LeakOptions(against=(evals,), against_fields=("question",), reader=BY_ID)
    (leak,) = leaks_of(check_leaks(folder, policy(tmp_path), options), "contamination")
    assert leak["eval"]["id"] == "bench.jsonl:1"


def test_fix_in_place_replaces_the_folder_and_keeps_its_ledger(tmp_path: Path) -> None:
    records = [chat(f"r{i}", f"words {i} here", conversation_id=f"c{i % 5}") for i in range(40)]
    source = write_jsonl(tmp_path / "data.jsonl", records)
    loaded = policy(tmp_path)
    split_dataset(source, tmp_path / "out", loaded, SplitOptions(reader=BY_ID))
    # Move one record of conversation c0 by hand: its group now straddles two splits.
    placed = where(tmp_path / "out")
    moved = next(r for r in records if r["conversation_id"] == "c0")
    home, other = placed[moved["id"]], "test" if placed[moved["id"]] != "test" else "train"
    for name in (home, other):
        path = tmp_path / "out" / name / "data.jsonl"
        kept = read_jsonl(path) if path.exists() else []
        kept = [r for r in kept if r["id"] != moved["id"]] + ([moved] if name == other else [])
        write_jsonl(path, kept)
    assert check_leaks(tmp_path / "out", loaded, OPTIONS).exit_code == 1
    report = fix_leaks(tmp_path / "out", loaded, OPTIONS)
    assert report.exit_code == 0 and (tmp_path / "out" / "ledger.jsonl").is_file()
    assert len(where(tmp_path / "out")) == 40
    assert json.loads((tmp_path / "out" / "split_report.json").read_text())["leak_fix"]
