"""The deletion log: every edit, removal, reordering, cut, re-chain, forged append or deletion."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from govern.errors import InputError, IntegrityError
from govern.retention.log import DeletionLog, audit_log, entry_hash
from govern.signing import generate_keys
from govern.signing.keys import load_private_key

KEY = Path(".govern/signing.key")
PUBLIC = Path(".govern/signing.key.pub")
ANCHOR = Path(".govern/retention-anchor.json")


def append(log: Path, *records: dict, key: Path = KEY) -> None:
    with DeletionLog(log, load_private_key(key), ANCHOR) as journal:
        for record in records:
            journal.append(record)


def audit(log: Path, expect_head: str | None = None, anchor: Path | None = ANCHOR):
    return audit_log(log, expect_head, public_key=PUBLIC, anchor=anchor)


@pytest.fixture
def log(tmp_path: Path) -> Path:
    path = tmp_path / "audit" / "retention.jsonl"
    append(path, *({"rule": "logs", "item": f"logs/{n}.log", "files": []} for n in range(4)))
    return path


def lines(log: Path) -> list[str]:
    return log.read_text().splitlines(keepends=True)


def rechain(entries: list[dict]) -> str:
    """What a writer without the signing key can do: recompute every hash and prev_hash."""
    previous, out = "0" * 64, []
    for seq, entry in enumerate(entries):
        entry = {**entry, "seq": seq, "prev_hash": previous}
        entry["hash"] = previous = entry_hash(entry)
        out.append(json.dumps(entry, sort_keys=True, separators=(",", ":")) + "\n")
    return "".join(out)


def forge_head(log: Path, entries: int, last: str) -> None:
    """Rewrite <log>.head to match, keeping its (now wrong) signature, as a forger would."""
    head_path = log.with_name(log.name + ".head")
    head = json.loads(head_path.read_text())
    head_path.write_text(json.dumps({**head, "entries": entries, "hash": last}))


def test_intact_log_verifies(log: Path) -> None:
    result = audit(log)
    assert result.ok and result.entries == 4 and not result.pending
    assert result.head == json.loads(lines(log)[-1])["hash"]
    assert audit(log, expect_head=json.loads(lines(log)[1])["hash"]).ok
    head = json.loads(log.with_name("retention.jsonl.head").read_text())
    assert head["entries"] == 4 and head["hash"] == result.head and head["signature"]
    assert oct(log.stat().st_mode & 0o777) == "0o600"


def test_edited_entry_is_caught(log: Path) -> None:
    text = lines(log)
    text[2] = text[2].replace("logs/2.log", "logs/9.log")
    log.write_text("".join(text))
    result = audit(log)
    assert result.problem == f"{log}:3: entry was edited (its hash does not match its content)"
    with pytest.raises(IntegrityError, match=":3: entry was edited"):
        result.raise_for_problem()


def test_edit_with_recomputed_hash_still_breaks_the_chain(log: Path) -> None:
    text = lines(log)
    entry = json.loads(text[1])
    entry["item"] = "logs/other.log"
    entry["hash"] = entry_hash(entry)
    text[1] = json.dumps(entry, sort_keys=True, separators=(",", ":")) + "\n"
    log.write_text("".join(text))
    assert (
        audit(log).problem
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
    assert audit(log).problem.startswith(f"{log}:{line}: chain broken")


def test_cut_off_tail_is_caught_by_the_head(log: Path) -> None:
    log.write_text("".join(lines(log)[:3]))
    assert "its head says 4: cut off" in audit(log).problem


def test_truncation_with_a_rewritten_head_is_caught_by_its_signature(log: Path) -> None:
    kept = lines(log)[:2]
    log.write_text("".join(kept))
    forge_head(log, 2, json.loads(kept[-1])["hash"])
    assert "head signature does not verify" in audit(log, anchor=None).problem
    with pytest.raises(IntegrityError, match="head signature does not verify"):
        append(log, {"rule": "logs", "item": "new", "files": []})


def test_truncation_with_an_old_signed_head_put_back_is_caught_by_the_anchor(
    log: Path, tmp_path: Path
) -> None:
    head_path = log.with_name(log.name + ".head")
    old_log, old_head = lines(log)[:4], head_path.read_text()  # a copy taken at 4 entries
    recorded = audit(log).head
    append(log, {"rule": "logs", "item": "logs/4.log", "files": []})
    log.write_text("".join(old_log))
    head_path.write_text(old_head)
    assert audit(log, anchor=None).ok  # chain and signature alone cannot tell
    assert audit(log).problem == f"{log}: ends at entry 4, but its anchor says 5"
    # Without the anchor, the head a retention report recorded catches it.
    newer = json.loads(ANCHOR.read_text())[log.resolve().as_posix()]["hash"]
    assert "not in the log: rewritten" in audit(log, newer, anchor=None).problem
    assert audit(log, recorded, anchor=None).ok  # near miss: an older recorded head is there


def test_rewrite_and_rechain_is_caught(log: Path) -> None:
    entries = [json.loads(line) for line in lines(log)]
    entries[1]["item"] = "logs/somebody-else.log"
    log.write_text(rechain(entries))
    forge_head(log, 4, json.loads(lines(log)[-1])["hash"])
    assert "head signature does not verify" in audit(log, anchor=None).problem
    assert audit(log).problem is not None


def test_forged_append_is_caught_even_with_expect_head(log: Path) -> None:
    recorded = audit(log).head
    entries = [json.loads(line) for line in lines(log)]
    forged = {"rule": "logs", "item": "logs/never-deleted.log", "files": []}
    log.write_text(rechain([*entries, forged]))
    forge_head(log, 5, json.loads(lines(log)[-1])["hash"])
    assert lines(log)[:4] == lines(log)[:4]  # the first four are unchanged: the chain holds
    problem = audit(log, expect_head=recorded, anchor=None).problem
    assert problem is not None and "head signature does not verify" in problem


def test_head_signed_by_another_key_is_caught(log: Path, tmp_path: Path) -> None:
    other = tmp_path / "other.key"
    generate_keys(other, "ed25519")
    elsewhere = tmp_path / "elsewhere.jsonl"
    append(elsewhere, {"rule": "logs", "item": "x", "files": []}, key=other)
    assert "does not verify" in audit(elsewhere, anchor=None).problem


def test_deleted_log_is_an_error_not_a_fresh_start(log: Path) -> None:
    log.unlink()
    with pytest.raises(IntegrityError, match="deletion log missing"):
        audit(log)
    with pytest.raises(IntegrityError, match="deletion log missing"):
        append(log, {"rule": "logs", "item": "x", "files": []})
    assert not log.exists()


def test_deleted_log_and_head_are_caught_by_the_anchor(log: Path) -> None:
    log.unlink()
    log.with_name(log.name + ".head").unlink()
    with pytest.raises(IntegrityError, match="says it held 4: deleted or moved"):
        audit(log)
    with pytest.raises(IntegrityError, match="deletion log missing"):
        append(log, {"rule": "logs", "item": "x", "files": []})


def test_unsigned_head_is_caught(log: Path) -> None:
    head_path = log.with_name(log.name + ".head")
    head = json.loads(head_path.read_text())
    del head["signature"]
    head_path.write_text(json.dumps(head))
    assert audit(log).problem == f"{log}: head is not signed"


def test_torn_last_line_is_reported(log: Path) -> None:
    log.write_text(log.read_text() + '{"rule": "logs"')
    assert audit(log).problem == f"{log}:5: incomplete last entry (interrupted write?)"


def test_missing_log_is_an_input_error(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no deletion log"):
        audit(tmp_path / "none.jsonl")
