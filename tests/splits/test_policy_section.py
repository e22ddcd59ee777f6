"""The ``splits`` policy section: durations, instants and nested leak settings are checked."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from govern.errors import PolicyError
from tests.splits.helpers import policy


def test_time_settings_parse(tmp_path: Path) -> None:
    splits = policy(tmp_path, "time_field: timestamp\ncutoff: 2025-07-01\ngap: 36h").policy.splits
    assert splits.cutoff == datetime(2025, 7, 1, tzinfo=UTC)
    assert splits.gap == timedelta(hours=36)


@pytest.mark.parametrize(
    ("section", "where"),
    [
        ("gap: soon", r"policy.yaml:4: splits.gap: .*not a duration"),
        ("cutoff: someday", r"policy.yaml:4: splits.cutoff: .*ISO 8601"),
        ("leaks:\n  shingle_wrods: 2", r"policy.yaml:5: splits.leaks.shingle_wrods: unknown key"),
        ("leaks:\n  near_duplicate_threshold: 2", r"splits.leaks.near_duplicate_threshold"),
        ("by: []", r"splits.by"),
    ],
)
def test_bad_split_settings_name_key_and_line(tmp_path: Path, section: str, where: str) -> None:
    with pytest.raises(PolicyError, match=where):
        policy(tmp_path, section)
