"""The ledger file and the time parsing the split options rely on."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import numpy as np
import pytest

from govern.errors import InputError
from govern.splits.ledger import Ledger, read_ledger
from govern.splits.timing import TIME_RULES, parse_duration, parse_instant, time_rules


def test_ledger_round_trip_keeps_first_seen_of_unchanged_keys(tmp_path: Path) -> None:
    ledger = Ledger(salt="s")
    ledger.update(["k:1", "k:2"], ["train", "test"], ["hash", "hash"], "day 1")
    ledger.update(["k:1", "k:2"], ["train", "train"], ["ledger", "leak_fix"], "day 2")
    ledger.write(tmp_path / "ledger.jsonl", {"tool": "test"})
    again = read_ledger(tmp_path / "ledger.jsonl")
    assert again.entries["k:1"].rule == "hash" and again.entries["k:1"].first_seen == "day 1"
    assert again.entries["k:2"].split == "train" and again.entries["k:2"].rule == "leak_fix"
    assert again.entries["k:2"].first_seen == "day 1"


def test_a_damaged_ledger_names_file_and_line(tmp_path: Path) -> None:
    path = tmp_path / "ledger.jsonl"
    Ledger(salt="s").write(path, {})
    path.write_text(path.read_text() + '{"key": "k:1"}\n')
    with pytest.raises(InputError, match=r"ledger.jsonl:2: invalid ledger entry"):
        read_ledger(path)
    path.write_text("not json\n")
    with pytest.raises(InputError, match=r"ledger.jsonl:1: not a govern split ledger"):
        read_ledger(path)


def test_instants_and_durations() -> None:
    moment = datetime(2025, 7, 1, tzinfo=UTC)
    assert parse_instant("2025-07-01") == parse_instant(date(2025, 7, 1)) == moment
    assert parse_instant("2025-07-01T02:00:00+02:00") == moment
    assert parse_instant(moment.timestamp()) == moment
    assert parse_duration("7d") == timedelta(days=7) and parse_duration("0") == timedelta(0)
    assert parse_duration("1.5h") == timedelta(minutes=90)
    for bad in ("soon", "7 days", "-1d"):
        with pytest.raises(ValueError, match="not a duration"):
            parse_duration(bad)
    with pytest.raises(ValueError, match="ISO 8601"):
        parse_instant("yesterday")


def test_time_rules_cover_every_case() -> None:
    cutoff = datetime(2025, 1, 1, tzinfo=UTC)
    start, day = cutoff.timestamp(), 86400.0
    first = np.array([start - 9 * day, start - day, start + day, start + 9 * day, start])
    last = np.array([start - 1, start + day, start + 2 * day, start + 9 * day, start])
    rules = [TIME_RULES[r] for r in time_rules(first, last, cutoff, timedelta(days=7)).tolist()]
    assert rules == ["before_cutoff", "crosses_cutoff", "in_gap", "after_gap", "in_gap"]
