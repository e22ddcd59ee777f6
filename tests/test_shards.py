"""Shards without Ray: byte ranges on line boundaries read back exactly, parts commit whole."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from govern.errors import InputError
from govern.records import ReaderOptions, ReadStats, read_records, read_shard
from govern.shards import Parts, line_ranges, plan_shards, task_folder

BY_ID = ReaderOptions(id_field="id")


def jsonl_bytes(lengths: list[int], blank_every: int = 0, crlf: bool = False) -> bytes:
    lines = []
    for index, length in enumerate(lengths):
        lines.append(json.dumps({"id": f"r{index}", "text": "x" * length}))
        if blank_every and index % blank_every == 0:
            lines.append("")
    newline = "\r\n" if crlf else "\n"
    return newline.join(lines).encode()  # no newline after the last record


def read_by_ranges(
    path: Path, target: int, options: ReaderOptions = BY_ID
) -> list[tuple[str, int]]:
    shards = plan_shards(path, target)
    assert all(s.lines is not None for s in shards) or len(shards) == 1
    return [
        (r.id, r.line)
        for shard in shards
        for r in read_shard(shard.source, shard.base, options, ReadStats(), shard.lines)
    ]


@settings(max_examples=40, deadline=None)
@given(
    lengths=st.lists(st.integers(0, 60), min_size=1, max_size=40),
    target=st.integers(1, 400),
    blank_every=st.integers(0, 4),
    crlf=st.booleans(),
)
def test_ranges_cover_the_file_on_line_starts_and_read_back_every_record_once(
    tmp_path_factory: pytest.TempPathFactory,
    lengths: list[int],
    target: int,
    blank_every: int,
    crlf: bool,
) -> None:
    path = tmp_path_factory.mktemp("ranges") / "data.jsonl"
    data = jsonl_bytes(lengths, blank_every, crlf)
    path.write_bytes(data)
    ranges = line_ranges(path, target)
    assert ranges[0].start == 0 and ranges[-1].end == len(data)
    for before, after in zip(ranges, ranges[1:], strict=False):
        assert before.end == after.start and data[after.start - 1 : after.start] == b"\n"
        assert after.first_line == data[: after.start].count(b"\n") + 1
    whole = [(r.id, r.line) for r in read_records([path], BY_ID)]
    assert read_by_ranges(path, target) == whole


def test_a_bad_line_in_a_later_range_is_named_by_its_line_in_the_file(tmp_path: Path) -> None:
    path = tmp_path / "data.jsonl"
    lines = [json.dumps({"id": f"r{i}", "text": "hello " * 20}) for i in range(50)]
    lines[37] = '{"id": "r37", "text": "unterminated'
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(InputError) as local:
        list(read_records([path], BY_ID))
    with pytest.raises(InputError) as ranged:
        read_by_ranges(path, 500)
    assert str(ranged.value) == str(local.value)
    assert str(local.value).startswith(f"{path}:38: invalid JSON")
    skipping = ReaderOptions(id_field="id", skip_invalid=True)
    assert len(read_by_ranges(path, 500, skipping)) == 49


def test_plan_keeps_small_and_non_jsonl_files_whole_and_ids_relative_to_the_folder(
    tmp_path: Path,
) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "big.jsonl").write_bytes(jsonl_bytes([100] * 30) + b"\n")
    (tmp_path / "a" / "small.jsonl").write_bytes(jsonl_bytes([5]) + b"\n")
    (tmp_path / "b.csv").write_text("id,text\n1,hi\n")
    shards = plan_shards(tmp_path, 1000)
    names = [s.source.relative_to(tmp_path).as_posix() for s in shards]
    assert names.count("a/big.jsonl") > 2 and names.count("a/small.jsonl") == 1
    assert names[0] == "b.csv" and shards[0].lines is None  # discover's order: files first
    ids = [
        r.id for s in shards for r in read_shard(s.source, s.base, ReaderOptions(), None, s.lines)
    ]
    assert ids == [r.id for r in read_records([tmp_path])]
    assert ids[:2] == ["b.csv:2", "a/big.jsonl:1"]


def test_only_finished_tasks_are_committed_and_parts_of_a_file_join_in_order(
    tmp_path: Path,
) -> None:
    out = tmp_path / "out"
    with Parts(out) as parts:
        for task, text in ((0, "first\n"), (1, "second\n")):
            with task_folder(parts.root, task) as folder:
                (folder / "d").mkdir()
                (folder / "d" / "data.jsonl").write_text(text)
        # A worker that died mid-task: its attempt folder was never renamed to done.
        dead = parts.root / "2.deadbeef.attempt"
        (dead / "d").mkdir(parents=True)
        (dead / "d" / "data.jsonl").write_text("partial")
        with pytest.raises(RuntimeError), task_folder(parts.root, 3) as folder:
            (folder / "x.jsonl").write_text("half")
            raise RuntimeError("task failed")
        assert not any(p.name.startswith("3.") for p in parts.root.iterdir())
        assert parts.commit([0, 1]) == ["d/data.jsonl"]
    assert (out / "d" / "data.jsonl").read_text() == "first\nsecond\n"
    assert sorted(p.relative_to(out).as_posix() for p in out.rglob("*")) == ["d", "d/data.jsonl"]
    assert os.stat(out / "d" / "data.jsonl").st_mode & 0o777 == 0o600


def test_commit_refuses_a_task_that_never_finished(tmp_path: Path) -> None:
    with Parts(tmp_path / "out") as parts, pytest.raises(RuntimeError):
        parts.commit([0])


def test_parts_folders_of_killed_runs_are_removed_and_live_ones_kept(tmp_path: Path) -> None:
    from govern.shards import PARTS_PREFIX

    killed = tmp_path / f"{PARTS_PREFIX}killed"
    (killed / "0.done").mkdir(parents=True)
    (killed / "0.done" / "data.jsonl").write_text('{"text": "redacted"}\n')
    with Parts(tmp_path) as live, Parts(tmp_path) as other:
        assert not killed.exists()
        assert live.root.is_dir() and other.root.is_dir()  # a live run's parts stay
    assert list(tmp_path.iterdir()) == []
