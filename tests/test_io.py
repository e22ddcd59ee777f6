from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from govern.errors import InputError
from govern.io import (
    atomic_dir,
    atomic_open,
    atomic_write_json,
    atomic_write_text,
    private_dir,
    read_json,
)


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_files_are_owner_only_and_parents_too(tmp_path: Path) -> None:
    target = tmp_path / "a" / "b" / "out.json"
    atomic_write_json(target, {"b": 1, "a": 2})
    assert target.read_text() == '{\n  "a": 2,\n  "b": 1\n}\n'
    assert mode(target) == 0o600
    assert mode(tmp_path / "a") == 0o700
    assert mode(tmp_path / "a" / "b") == 0o700


def test_existing_folder_keeps_its_mode(tmp_path: Path) -> None:
    (tmp_path / "shared").mkdir(mode=0o755)
    os.chmod(tmp_path / "shared", 0o755)
    private_dir(tmp_path / "shared")
    assert mode(tmp_path / "shared") == 0o755


def test_crash_mid_write_keeps_old_file_and_leaves_no_temp(tmp_path: Path) -> None:
    target = tmp_path / "out.txt"
    atomic_write_text(target, "old")
    with pytest.raises(RuntimeError), atomic_open(target, "w") as handle:
        handle.write("half of the new")
        raise RuntimeError("crash")
    assert target.read_text() == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.txt"]


def test_atomic_dir_replaces_whole_folder(tmp_path: Path) -> None:
    target = tmp_path / "model"
    with atomic_dir(target) as staging:
        (staging / "a").write_text("1")
    with atomic_dir(target) as staging:
        (staging / "b").write_text("2")
    assert sorted(p.name for p in target.iterdir()) == ["b"]
    with pytest.raises(RuntimeError), atomic_dir(target) as staging:
        (staging / "c").write_text("3")
        raise RuntimeError("crash")
    assert sorted(p.name for p in target.iterdir()) == ["b"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["model"]
    assert mode(target) == 0o700


def test_bad_mode_rejected(tmp_path: Path) -> None:
    with pytest.raises(ValueError), atomic_open(tmp_path / "x", "a"):
        pass


def test_read_json_returns_the_bytes_it_parsed(tmp_path: Path) -> None:
    path = atomic_write_json(tmp_path / "report.json", {"counts": [1, 2]})
    raw, data = read_json(path, "report")
    assert data == {"counts": [1, 2]}
    assert raw == path.read_bytes()


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b'{"a": 1,\n "token": "sk_live_SYNTHETIC"\n', r"report is not JSON \(stops at line 3"),
        (b"\xff\xfe not text", r"report is not JSON$"),
        (b"[" * 100_000, r"report is not JSON$"),  # nesting too deep for the parser
    ],
)
def test_read_json_names_the_file_and_where_parsing_stopped(
    tmp_path: Path, content: bytes, message: str
) -> None:
    path = tmp_path / "report.json"
    path.write_bytes(content)
    with pytest.raises(InputError, match=message) as caught:
        read_json(path, "report")
    assert str(caught.value).startswith(f"{path}: ")
    assert "SYNTHETIC" not in str(caught.value)  # the content never reaches the message


def test_read_json_says_missing_and_unreadable_apart(tmp_path: Path) -> None:
    with pytest.raises(InputError, match=r"plan\.json: retention plan not found$"):
        read_json(tmp_path / "plan.json", "retention plan")
    with pytest.raises(InputError, match=r": cannot read retention plan \(Is a directory\)$"):
        read_json(tmp_path, "retention plan")
