"""Stage receipts: a report less what one run measured, the bytes DVC tracks for the stage."""

from __future__ import annotations

from pathlib import Path

import pytest

from govern.errors import InputError
from govern.stage import read_report, receipt, write_receipt

MEASURED = ("seconds", "key_id")


def run_report(seconds: float, key_id: str) -> dict[str, object]:
    return {
        "verdict": "pass",
        "seconds": seconds,
        "seconds_per_step": 0.5,  # a near-miss name: kept
        "rows": [{"phase": "forward", "seconds": seconds, "loss": 0.75}],
        "backup": {"key_id": key_id, "files": [{"name": "a", "sha256": "00"}]},
    }


def test_a_receipt_drops_measured_keys_at_any_depth_and_keeps_the_rest() -> None:
    kept = receipt(run_report(1.5, "k1"), MEASURED)
    assert kept == {
        "verdict": "pass",
        "seconds_per_step": 0.5,
        "rows": [{"phase": "forward", "loss": 0.75}],
        "backup": {"files": [{"name": "a", "sha256": "00"}]},
    }
    assert receipt(run_report(1.5, "k1"), ()) == run_report(1.5, "k1")


def test_runs_that_differ_only_in_measurements_write_the_same_receipt_bytes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    path = write_receipt("train", run_report(1.5, "k1"), MEASURED)
    first = path.read_bytes()
    assert path == Path("reports/receipts/train.json")
    write_receipt("train", run_report(9.25, "k2"), MEASURED)
    assert path.read_bytes() == first
    # a change in what the inputs decide is a change in the receipt
    changed = {**run_report(1.5, "k1"), "verdict": "fail"}
    write_receipt("train", changed, MEASURED)
    assert path.read_bytes() != first


def test_an_unreadable_report_is_an_input_error_naming_it(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="missing.json"):
        read_report(tmp_path / "missing.json")
    (tmp_path / "bad.json").write_text("{not json")
    with pytest.raises(InputError, match="bad.json"):
        read_report(tmp_path / "bad.json")
