"""Symlinks in inputs are never followed: skipped with a reason, never copied into outputs."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from govern.errors import InputError
from govern.policy import load_policy
from govern.records import ReaderOptions, ReadStats, read_records
from govern.scan.engine import ScanOptions
from govern.scan.report import run_scan
from govern.splits.fix import fix_leaks
from govern.splits.options import SplitOptions
from govern.splits.split import split_dataset
from tests.conftest import REPO_ROOT
from tests.conftest import run_govern as govern
from tests.splits.helpers import chat, split_folder

SECRET_TEXT = "outside the input folder: write to jane.roe@example.com"


def dataset_with_links(tmp_path: Path) -> tuple[Path, Path]:
    """``data/`` with one real file and links: to a file outside, dangling, looping, a folder."""
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "private.jsonl").write_text(json.dumps({"id": "x1", "text": SECRET_TEXT}) + "\n")
    data = tmp_path / "data"
    data.mkdir()
    rows = [
        {"id": f"r{i}", "text": f"plain text {i}", "conversation_id": f"c{i}"} for i in range(20)
    ]
    (data / "real.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    (data / "escape.jsonl").symlink_to(outside / "private.jsonl")
    (data / "dangling.jsonl").symlink_to(tmp_path / "missing.jsonl")
    (data / "loop.jsonl").symlink_to(data / "loop.jsonl")
    (data / "linked_dir").symlink_to(outside, target_is_directory=True)
    (data / "README.md").symlink_to(outside / "private.jsonl")  # a "card"
    return data, outside


def test_the_reader_skips_every_link_with_its_reason(tmp_path: Path) -> None:
    data, _ = dataset_with_links(tmp_path)
    stats = ReadStats()
    records = list(read_records([data], ReaderOptions(id_field="id"), stats))
    assert [r.id for r in records] == [f"r{i}" for i in range(20)]
    assert stats.files == [str(data / "real.jsonl")]
    skipped = {Path(path).name: reason for path, reason in stats.skipped_links.items()}
    assert skipped == {
        "dangling.jsonl": "dangling symbolic link (not followed)",
        "escape.jsonl": "symbolic link (not followed)",
        "linked_dir": "symbolic link (not followed)",
        "loop.jsonl": "symbolic link loop (not followed)",
        "README.md": "symbolic link (not followed)",
    }
    listed = stats.to_json()["links_skipped"]
    assert {item["path"]: item["reason"] for item in listed} == stats.skipped_links


@pytest.mark.parametrize("kind", ["escape", "dangling", "loop"])
def test_a_named_input_that_is_a_link_is_an_input_error(tmp_path: Path, kind: str) -> None:
    data, _ = dataset_with_links(tmp_path)
    with pytest.raises(InputError, match=rf"{kind}.jsonl: .*symbolic link"):
        list(read_records([data / f"{kind}.jsonl"]))
    # Near miss: the real file next to them reads.
    assert len(list(read_records([data / "real.jsonl"]))) == 20


def test_split_copies_nothing_a_link_points_to(tmp_path: Path) -> None:
    data, _ = dataset_with_links(tmp_path)
    (tmp_path / "policy.yaml").write_text("version: 1\nname: test\n")
    loaded = load_policy(tmp_path / "policy.yaml")
    out = tmp_path / "splits"
    report = split_dataset(data, out, loaded, SplitOptions(reader=ReaderOptions(id_field="id")))
    written = "".join(p.read_text() for p in out.rglob("*") if p.is_file())
    assert "jane.roe" not in written and "x1" not in written
    assert sum(s.rows for s in report.splits) == 20
    assert len(report.to_json()["read"]["links_skipped"]) == 5


@pytest.mark.parametrize("workers", [1, 2])  # one process; workers reading their own shards
def test_scan_redact_to_copies_nothing_a_link_points_to(tmp_path: Path, workers: int) -> None:
    data, _ = dataset_with_links(tmp_path)
    loaded = load_policy(REPO_ROOT / "policies" / "default.yaml")
    out = tmp_path / "redacted"
    options = ScanOptions(workers=workers, redact_to=out, reader=ReaderOptions(id_field="id"))
    report = run_scan([data], loaded, options, bytes(32), report_path=tmp_path / "scan.json")
    names = sorted(p.relative_to(out).as_posix() for p in out.rglob("*"))
    assert names == ["real.jsonl"]
    assert "jane.roe" not in (out / "real.jsonl").read_text()
    skipped = [f for f in report["files"] if f["status"] == "skipped" and f["kind"] == "symlink"]
    assert len(skipped) == 5 and all("not followed" in f["reason"] for f in skipped)


def test_cli_exits_2_with_one_line_for_a_dangling_or_looping_input(tmp_path: Path) -> None:
    data, _ = dataset_with_links(tmp_path)
    for name in ("dangling.jsonl", "loop.jsonl"):
        result = govern("split", str(data / name), "--out", str(tmp_path / "out"))
        assert result.returncode == 2, result.stderr
        assert "Traceback" not in result.stderr
        lines = [line for line in result.stderr.splitlines() if line.strip()]
        assert len(lines) == 1 and name in lines[0] and "symbolic link" in lines[0]
    assert not os.path.exists(tmp_path / "out")


def test_leak_fix_copies_no_linked_file_of_the_split_folder(tmp_path: Path) -> None:
    _, outside = dataset_with_links(tmp_path)
    folder = split_folder(
        tmp_path / "splits",
        train=[chat("t1", "my knee hurts when I run", conversation_id="c1")],
        validation=[chat("v1", "my knee hurts when I run", conversation_id="c1")],
    )
    (folder / "notes.json").symlink_to(outside / "private.jsonl")
    (tmp_path / "policy.yaml").write_text("version: 1\nname: test\n")
    fix_leaks(folder, load_policy(tmp_path / "policy.yaml"), out=tmp_path / "fixed")
    copied = "".join(p.read_text() for p in (tmp_path / "fixed").rglob("*") if p.is_file())
    assert "jane.roe" not in copied and not (tmp_path / "fixed" / "notes.json").exists()
