"""``split_dataset`` end to end: layout and formats, ledger reruns, time splits, bad input."""

from __future__ import annotations

import json
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from govern.errors import InputError
from govern.records import ReaderOptions, read_records
from govern.sample.corpus import write_corpus
from govern.splits.ledger import read_ledger
from govern.splits.options import SplitOptions, parse_cutoff, parse_gap, parse_ratios
from govern.splits.split import split_dataset
from tests.splits.helpers import BY_ID, chat, policy, read_jsonl, where, write_jsonl

CUTOFF = datetime(2025, 1, 1, tzinfo=UTC)


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("sample")
    write_corpus(root, n_support=150, n_clinic=80, n_forum=30, n_instructions=40, n_code=20)
    return root / "corpus"


def records_by_split(out: Path) -> dict[str, list[dict[str, Any]]]:
    return {
        name: [r.data for r in read_records([out / name], BY_ID)] if (out / name).exists() else []
        for name in ("train", "validation", "test")
    }


def test_folder_input_keeps_layout_formats_and_groups(corpus: Path, tmp_path: Path) -> None:
    out = tmp_path / "splits"
    report = split_dataset(corpus, out, policy(tmp_path), SplitOptions(reader=BY_ID))
    inputs = sorted(p.relative_to(corpus).as_posix() for p in corpus.rglob("data.*"))
    for name in ("train", "validation", "test"):
        written = sorted(p.relative_to(out / name).as_posix() for p in (out / name).rglob("data.*"))
        assert set(written) <= set(inputs) and written  # same names, same formats
    split_of: dict[str, str] = {}
    for name, records in records_by_split(out).items():
        split_of.update({record["id"]: name for record in records})
    originals = [r.data for r in read_records([corpus], BY_ID)]
    assert sorted(split_of) == sorted(r["id"] for r in originals)
    for field in ("patient_id", "conversation_id"):
        seen: dict[str, set[str]] = {}
        for record in originals:
            if record.get(field):
                seen.setdefault(record[field], set()).add(split_of[record["id"]])
        assert all(len(splits) == 1 for splits in seen.values()), field
    saved = json.loads((out / "split_report.json").read_text())
    assert saved["provenance"]["policy"]["sha256"] == report.provenance["policy"]["sha256"]
    assert sum(s["rows"] for s in saved["splits"].values()) == len(originals)
    assert abs(sum(s["row_ratio"] for s in saved["splits"].values()) - 1) < 1e-6


def test_a_patient_under_two_conversations_stays_whole(tmp_path: Path) -> None:
    records = [
        chat(f"r{i}", "hi", patient_id=f"p{i % 7}", conversation_id=f"c{i}") for i in range(60)
    ]
    write_jsonl(tmp_path / "data.jsonl", records)
    split_dataset(
        tmp_path / "data.jsonl", tmp_path / "out", policy(tmp_path), SplitOptions(reader=BY_ID)
    )
    placed = where(tmp_path / "out")
    for patient in range(7):
        assert len({placed[f"r{i}"] for i in range(patient, 60, 7)}) == 1


def test_single_file_input_writes_one_file_per_split(tmp_path: Path) -> None:
    source = write_jsonl(
        tmp_path / "data.jsonl",
        [chat(f"r{i}", "hello", conversation_id=f"c{i}") for i in range(200)],
    )
    split_dataset(source, tmp_path / "out", policy(tmp_path), SplitOptions(reader=BY_ID))
    assert all(
        (tmp_path / "out" / name / "data.jsonl").is_file()
        for name in ("train", "validation", "test")
    )
    assert (tmp_path / "out" / "ledger.jsonl").is_file()


def test_rerun_with_the_ledger_keeps_every_earlier_assignment(tmp_path: Path) -> None:
    loaded = policy(tmp_path)
    old = [chat(f"r{i}", "hi", conversation_id=f"c{i}") for i in range(300)]
    source = write_jsonl(tmp_path / "in" / "data.jsonl", old)
    split_dataset(source, tmp_path / "out", loaded, SplitOptions(reader=BY_ID))
    before = where(tmp_path / "out")
    first_seen = {
        name: e.first_seen
        for name, e in read_ledger(tmp_path / "out" / "ledger.jsonl").entries.items()
    }
    # Change the ratios too: new groups follow them, earlier ones stay where the ledger put them.
    grown = old + [chat(f"n{i}", "hi", conversation_id=f"n{i}") for i in range(30)]
    write_jsonl(source, grown)
    report = split_dataset(
        source, tmp_path / "out", loaded, SplitOptions(ratios=(0.5, 0.25, 0.25), reader=BY_ID)
    )
    after = where(tmp_path / "out")
    assert all(after[record_id] == split for record_id, split in before.items())
    assert report.groups["from_ledger"] == 300 and report.groups["new"] == 30
    entries = read_ledger(tmp_path / "out" / "ledger.jsonl").entries
    assert all(entries[name].first_seen == seen for name, seen in first_seen.items())


def test_as_of_pins_first_seen_so_equal_input_gives_equal_bytes(tmp_path: Path) -> None:
    loaded = policy(tmp_path)
    source = write_jsonl(
        tmp_path / "in" / "data.jsonl",
        [chat(f"r{i}", "hi", conversation_id=f"c{i}") for i in range(40)],
    )
    day = datetime(2026, 11, 1, tzinfo=UTC)
    ledgers = []
    for out in ("a", "b"):
        split_dataset(source, tmp_path / out, loaded, SplitOptions(reader=BY_ID, as_of=day))
        ledgers.append((tmp_path / out / "ledger.jsonl").read_bytes())
    assert ledgers[0] == ledgers[1]
    entries = read_ledger(tmp_path / "a" / "ledger.jsonl").entries
    assert {e.first_seen for e in entries.values()} == {"2026-11-01T00:00:00+00:00"}
    # A later run with a later as_of: groups already in the ledger keep the day they came.
    grown = [chat(f"r{i}", "hi", conversation_id=f"c{i}") for i in range(41)]
    write_jsonl(source, grown)
    later = SplitOptions(reader=BY_ID, as_of=day + timedelta(days=1))
    split_dataset(source, tmp_path / "a", loaded, later)
    seen = {e.first_seen for e in read_ledger(tmp_path / "a" / "ledger.jsonl").entries.values()}
    assert seen == {"2026-11-01T00:00:00+00:00", "2026-11-02T00:00:00+00:00"}
    # Unpinned, first_seen is the clock's.
    split_dataset(source, tmp_path / "c", loaded, SplitOptions(reader=BY_ID))
    now = {e.first_seen for e in read_ledger(tmp_path / "c" / "ledger.jsonl").entries.values()}
    (stamp,) = now
    assert abs(datetime.fromisoformat(stamp) - datetime.now(UTC)) < timedelta(minutes=5)


def test_a_ledger_from_another_salt_is_refused(tmp_path: Path) -> None:
    source = write_jsonl(tmp_path / "data.jsonl", [chat("r1", "hi", conversation_id="c1")])
    split_dataset(source, tmp_path / "out", policy(tmp_path), SplitOptions(reader=BY_ID))
    with pytest.raises(InputError, match="another salt"):
        split_dataset(
            source, tmp_path / "out", policy(tmp_path, "salt: other"), SplitOptions(reader=BY_ID)
        )


def test_large_groups_are_flagged_with_ratios_per_split(tmp_path: Path) -> None:
    records = [chat(f"big{i}", "one two three", patient_id="p-big") for i in range(40)]
    records += [chat(f"r{i}", "one two", conversation_id=f"c{i}") for i in range(160)]
    source = write_jsonl(tmp_path / "data.jsonl", records)
    report = split_dataset(source, tmp_path / "out", policy(tmp_path), SplitOptions(reader=BY_ID))
    (large,) = report.large_groups  # 40 rows > a quarter of the 10% test target (5 rows)
    assert large["rows"] == 40 and large["key"].startswith("patient_id:")
    assert "p-big" not in json.dumps(report.to_json())  # keys are digests, never the ids
    assert large["first_record"].endswith("data.jsonl:1")
    stats = {s.name: s for s in report.splits}
    assert sum(s.rows for s in stats.values()) == 200
    assert stats["train"].target == 0.8 and 0 <= stats["train"].token_ratio <= 1


def timed(record_id: str, group: str, moment: datetime) -> dict[str, Any]:
    return chat(record_id, "hi", conversation_id=group, timestamp=moment.isoformat())


def test_time_split_places_whole_groups_and_says_which_rule(tmp_path: Path) -> None:
    day = timedelta(days=1)
    records = [
        timed("early", "g-early", CUTOFF - 10 * day),
        timed("cross-1", "g-cross", CUTOFF - day),
        timed("cross-2", "g-cross", CUTOFF + day),
        timed("gap", "g-gap", CUTOFF + 3 * day),
        *[timed(f"late{i}", f"g-late{i}", CUTOFF + 30 * day) for i in range(20)],
    ]
    source = write_jsonl(tmp_path / "data.jsonl", records)
    options = SplitOptions(time_field="timestamp", cutoff=CUTOFF, gap=parse_gap("7d"), reader=BY_ID)
    report = split_dataset(source, tmp_path / "out", policy(tmp_path), options)
    placed = where(tmp_path / "out")
    assert placed["early"] == "train"
    assert {placed[f"late{i}"] for i in range(20)} == {"validation", "test"}
    assert "cross-1" not in placed and "cross-2" not in placed and "gap" not in placed
    assert report.rules["crosses_cutoff"] == {"groups": 1, "rows": 2}
    assert report.rules["in_gap"] == {"groups": 1, "rows": 1}
    assert report.groups["excluded_rows"] == 3
    rules = {e.rule for e in read_ledger(tmp_path / "out" / "ledger.jsonl").entries.values()}
    assert rules == {"before_cutoff", "after_gap", "crosses_cutoff", "in_gap"}


@settings(max_examples=20, deadline=None)
@given(
    st.lists(st.tuples(st.integers(0, 5), st.integers(-40, 40)), min_size=1, max_size=25),
    st.integers(0, 10),
)
def test_time_split_never_puts_a_record_after_the_cutoff_into_train(
    rows: list[tuple[int, int]], gap_days: int
) -> None:
    records = [
        timed(f"r{i}", f"g{group}", CUTOFF + timedelta(days=d)) for i, (group, d) in enumerate(rows)
    ]
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        source = write_jsonl(root / "data.jsonl", records)
        gap = timedelta(days=gap_days)
        options = SplitOptions(time_field="timestamp", cutoff=CUTOFF, gap=gap, reader=BY_ID)
        split_dataset(source, root / "out", policy(root), options)
        placed = where(root / "out")
    for i, (_, d) in enumerate(rows):
        if placed.get(f"r{i}") == "train":
            assert d < 0
        elif f"r{i}" in placed:
            assert d >= gap_days


def test_a_record_without_any_key_is_its_own_group(tmp_path: Path) -> None:
    source = write_jsonl(
        tmp_path / "data.jsonl", [chat("r1", "hi", conversation_id="c1"), chat("r2", "hi")]
    )
    report = split_dataset(source, tmp_path / "out", policy(tmp_path), SplitOptions(reader=BY_ID))
    assert report.groups["own_group"] == 1 and report.groups["total"] == 2
    assert sorted(where(tmp_path / "out")) == ["r1", "r2"]


def test_an_unparseable_timestamp_is_an_error_that_does_not_quote_it(tmp_path: Path) -> None:
    records = [chat("r1", "hi", conversation_id="c1", timestamp="Mrs Smith's birthday")]
    source = write_jsonl(tmp_path / "data.jsonl", records)
    options = SplitOptions(time_field="timestamp", cutoff=CUTOFF, reader=BY_ID)
    with pytest.raises(InputError) as caught:
        split_dataset(source, tmp_path / "out", policy(tmp_path), options)
    assert str(caught.value) == f"{source}:1: time field 'timestamp': not an ISO 8601 date or time"
    skipping = SplitOptions(
        time_field="timestamp", cutoff=CUTOFF, reader=ReaderOptions(skip_invalid=True)
    )
    with pytest.raises(InputError, match="no valid records"):
        split_dataset(source, tmp_path / "out", policy(tmp_path), skipping)


def test_a_key_that_is_not_an_id_is_an_error(tmp_path: Path) -> None:
    source = write_jsonl(tmp_path / "data.jsonl", [chat("r1", "hi", conversation_id=["a", "b"])])
    with pytest.raises(InputError, match=r":1: split key 'conversation_id' is list, not an id"):
        split_dataset(source, tmp_path / "out", policy(tmp_path), SplitOptions(reader=BY_ID))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("0.5,0.1,0.1", "must sum to 1, got 0.7"),
        ("0.8,0.2", "three numbers"),
        ("a,b,c", "must be numbers"),
    ],
)
def test_bad_ratios_are_a_clear_error(text: str, message: str) -> None:
    with pytest.raises(InputError, match=rf"--ratios: .*{message}"):
        parse_ratios(text)


def test_bad_options_are_clear_errors(tmp_path: Path) -> None:
    source = write_jsonl(tmp_path / "data.jsonl", [chat("r1", "hi", conversation_id="c1")])
    loaded = policy(tmp_path)
    with pytest.raises(InputError, match="must sum to 1"):
        split_dataset(source, tmp_path / "out", loaded, SplitOptions(ratios=(0.5, 0.1, 0.1)))
    with pytest.raises(InputError, match="needs a cutoff"):
        split_dataset(source, tmp_path / "out", loaded, SplitOptions(time_field="timestamp"))
    with pytest.raises(InputError, match="--cutoff"):
        parse_cutoff("next tuesday")
    with pytest.raises(InputError, match="--gap"):
        parse_gap("a week")
    assert parse_ratios("0.7, 0.2, 0.1") == (0.7, 0.2, 0.1)
    assert parse_gap("12h") == timedelta(hours=12)
    assert parse_cutoff("2025-01-01") == CUTOFF
    assert read_jsonl(source)[0]["id"] == "r1"


def test_the_output_folder_must_not_be_inside_the_input(tmp_path: Path) -> None:
    write_jsonl(tmp_path / "data" / "a.jsonl", [chat("r1", "hi", conversation_id="c1")])
    with pytest.raises(InputError, match="must not be inside the input folder"):
        split_dataset(tmp_path / "data", tmp_path / "data" / "splits", policy(tmp_path))


def test_a_large_group_is_balanced_stated_and_pinned_and_old_ledgers_are_honoured(
    tmp_path: Path,
) -> None:
    records = [chat(f"big{i}", "one two three", patient_id="p-big") for i in range(30)]
    records += [chat(f"r{i}", "one two", conversation_id=f"c{i}") for i in range(170)]
    source = write_jsonl(tmp_path / "data.jsonl", records)
    out = tmp_path / "out"
    report = split_dataset(source, out, policy(tmp_path), SplitOptions(reader=BY_ID))
    (large,) = report.large_groups
    assert large["rule"] == "balanced" and report.groups["large"] == 1
    # 30 of 200 rows: train (target 160) is furthest below its target once the rest is placed.
    assert large["split"] == "train"
    first = where(out)
    # The old ledger format (no placement in the header, entries as before) keeps every group.
    ledger_path = out / "ledger.jsonl"
    lines = ledger_path.read_text().splitlines()
    header = json.loads(lines[0])
    del header["placement"]
    entries = [json.loads(line) for line in lines[1:]]
    flipped = {"train": "test", "validation": "train", "test": "validation"}
    for entry in entries:  # an old run's placement, different from what this version draws
        entry["split"] = flipped[entry["split"]]
        entry["rule"] = "hash"
    ledger_path.write_text("\n".join(json.dumps(x) for x in [header, *entries]) + "\n")
    grown = records + [chat(f"n{i}", "new", conversation_id=f"n{i}") for i in range(100)]
    write_jsonl(source, grown)
    again = split_dataset(source, out, policy(tmp_path), SplitOptions(reader=BY_ID))
    second = where(out)
    assert all(second[rid] == flipped[split] for rid, split in first.items())
    (still,) = again.large_groups
    assert still["rule"] == "ledger" and still["split"] == "test"
    assert read_ledger(ledger_path).entries[large["key"]].split == "test"


def test_small_data_sets_flag_no_one_row_group(tmp_path: Path) -> None:
    source = write_jsonl(
        tmp_path / "data.jsonl", [chat(f"r{i}", "hi", conversation_id=f"c{i}") for i in range(12)]
    )
    report = split_dataset(source, tmp_path / "out", policy(tmp_path), SplitOptions(reader=BY_ID))
    assert report.large_groups == [] and report.groups["large"] == 0
