"""Folder commits survive a failure or a crash at every rename; leftovers of killed runs go."""

from __future__ import annotations

import fcntl
import os
from pathlib import Path

import pytest

from govern.io import (
    StagedFolder,
    atomic_dir,
    atomic_write_text,
    backup_path,
    recover_folder,
)
from tests.faults import MODES, Mode, cut_short, hidden_leftovers, renames_in, snapshot

OLD = {"a.txt": b"old a", "gone.txt": b"only in the old version", "sub/c.txt": b"old c"}
NEW = {"a.txt": b"new a", "sub/c.txt": b"new c", "sub/d.txt": b"new d"}


def write(final: Path, files: dict[str, bytes]) -> None:
    with atomic_dir(final) as staging:
        for name, data in files.items():
            path = staging / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)


def test_a_folder_is_old_or_new_at_every_rename_and_the_next_run_recovers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    probe = tmp_path / "probe" / "out"
    write(probe, OLD)
    total = renames_in(monkeypatch, lambda: write(probe, NEW))
    assert total == 2  # old -> backup, staged -> final
    for mode in MODES:
        for n in range(1, total + 1):
            parent = tmp_path / f"{mode}-{n}"
            final = parent / "out"
            write(final, OLD)
            cut_short(monkeypatch, n, mode, lambda f=final: write(f, NEW))  # type: ignore[misc]
            # Nothing is lost: the old version is in place or kept as the backup.
            assert snapshot(final) == OLD or snapshot(backup_path(final)) == OLD
            recover_folder(final)  # what the next run does first
            assert snapshot(final) == OLD, (mode, n)
            write(final, NEW)
            assert snapshot(final) == NEW
            assert hidden_leftovers(parent) == [], (mode, n)


def test_a_crash_after_the_swap_keeps_the_new_version(tmp_path: Path) -> None:
    final = tmp_path / "out"
    write(final, NEW)
    # Both renames done, then the process died before the backup was removed.
    write(backup_path(final), OLD)
    recover_folder(final)
    assert snapshot(final) == NEW and hidden_leftovers(tmp_path) == []


def test_a_first_write_cut_short_leaves_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for mode in MODES:
        final = tmp_path / mode / "out"
        cut_short(monkeypatch, 1, mode, lambda f=final: write(f, NEW))  # type: ignore[misc]
        recover_folder(final)
        assert not final.exists() and hidden_leftovers(final.parent) == []


def test_a_live_runs_staging_is_kept_and_a_dead_ones_removed(tmp_path: Path) -> None:
    final = tmp_path / "out"
    live = StagedFolder(final)  # another run, still writing
    (live.path / "part").write_text("x")
    dead = tmp_path / ".out.govern-stage-killed"  # no process holds it
    dead.mkdir()
    (dead / "records.jsonl").write_text("personal data")
    write(final, NEW)
    assert live.path.is_dir() and not dead.exists()
    live.close()
    recover_folder(final)
    assert hidden_leftovers(tmp_path) == []


@pytest.mark.parametrize("mode", MODES)
def test_temporary_files_of_killed_writes_are_removed_by_the_next_write(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, mode: Mode
) -> None:
    target = tmp_path / "report.json"
    cut_short(monkeypatch, 1, mode, lambda: atomic_write_text(target, "new"))
    if mode == "crash":
        assert len(hidden_leftovers(tmp_path)) == 1  # the killed write's .tmp file
    held = tmp_path / ".report.json.live.tmp"  # a live writer's, locked
    held.write_text("")
    fd = os.open(held, os.O_RDONLY)
    fcntl.flock(fd, fcntl.LOCK_EX)
    try:
        atomic_write_text(target, "new")
        assert hidden_leftovers(tmp_path) == [held.name]
    finally:
        os.close(fd)
    assert target.read_text() == "new"


def test_a_swap_the_previous_version_cut_short_is_recovered(tmp_path: Path) -> None:
    # The layout a crash left before commit_folder: the old folder under .out.<random>.old/old.
    final = tmp_path / "out"
    write(tmp_path / ".out.k3j2.old" / "old", OLD)
    (tmp_path / ".out.x9z1.tmp").mkdir()  # its staging folder, half written
    recover_folder(final)
    assert snapshot(final) == OLD and hidden_leftovers(tmp_path) == []
