"""The deletion log's hash chain: every edit, removal, reordering or cut is caught."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from govern.errors import InputError, IntegrityError
from govern.retention.log import append_entry, audit_log


@pytest.fixture
def log(tmp_path: Path) -> Path:
    path = tmp_path / "audit" / "retention.jsonl"
    for number in range(4):
        append_entry(path, {"rule": "logs", "item": f"logs/{number}.log", "files": []})
    return path


def lines(log: Path) -> list[str]:
    return log.read_text().splitlines(keepends=True)


def test_intact_log_verifies(log: Path) -> None:
    result = audit_log(log)
    assert result.ok and result.entries == 4
    assert result.head == json.loads(lines(log)[-1])["hash"]
    assert audit_log(log, expect_head=json.loads(lines(log)[1])["hash"]).ok


def test_edited_entry_is_caught(log: Path) -> None:
    text = lines(log)
    text[2] = text[2].replace("logs/2.log", "logs/9.log")
    log.write_text("".join(text))
    result = audit_log(log)
    assert result.problem == f"{log}:3: entry was edited (its hash does not match its content)"
    with pytest.raises(IntegrityError, match=":3: entry was edited"):
        result.raise_for_problem()


def test_edit_with_recomputed_hash_still_breaks_the_chain(log: Path) -> None:
    from govern.retention.log import entry_hash

    text = lines(log)
    entry = json.loads(text[1])
    entry["item"] = "logs/other.log"
    entry["hash"] = entry_hash(entry)
    text[1] = json.dumps(entry, sort_keys=True, separators=(",", ":")) + "\n"
    log.write_text("".join(text))
    assert (
        audit_log(log).problem
        == f"{log}:3: chain broken: an entry before this one was removed, inserted or reordered"
    )


@pytest.mark.parametrize(
    ("tamper", "line"),
    [
        (lambda t: t[:1] + t[2:], 2),  # removed
        (lambda t: [t[0], t[2], t[1], t[3]], 2),  # reordered
        (lambda t: t[:2] + [t[1]] + t[2:], 3),  # duplicated
    ],
)
def test_removed_reordered_or_duplicated_entries_are_caught(log: Path, tamper, line: int) -> None:
    log.write_text("".join(tamper(lines(log))))
    assert audit_log(log).problem.startswith(f"{log}:{line}: chain broken")


def test_cut_off_tail_is_caught_by_the_head(log: Path) -> None:
    log.write_text("".join(lines(log)[:3]))
    assert "its head says 4: cut off" in audit_log(log).problem


def test_rewritten_log_is_caught_by_a_recorded_head(log: Path, tmp_path: Path) -> None:
    recorded = audit_log(log).head
    rewritten = tmp_path / "rewritten.jsonl"
    append_entry(rewritten, {"rule": "logs", "item": "x", "files": []})
    assert "rewritten" in audit_log(rewritten, expect_head=recorded).problem


def test_torn_last_line_is_reported(log: Path) -> None:
    log.write_text(log.read_text() + '{"rule": "logs"')
    assert audit_log(log).problem == f"{log}:5: incomplete last entry (interrupted write?)"


def test_missing_log_is_an_input_error(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no deletion log"):
        audit_log(tmp_path / "none.jsonl")
