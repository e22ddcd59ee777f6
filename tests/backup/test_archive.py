"""What goes into a backup and what comes out: names, sizes, modes, times; unsafe paths refused."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from govern.backup import Entry, KeySource, KeyStore, create_backup, restore_backup, verify_backup
from govern.backup.archive import ARCHIVE_MAGIC, check_name, encode_entry
from govern.backup.keystore import new_key_id
from govern.backup.segments import Hasher, SegmentWriter
from govern.backup.stream import Header, Sealer
from govern.errors import InputError
from govern.io import atomic_open
from tests.backup.conftest import OLD, SEGMENT, Setup


def listing(root: Path) -> dict[str, tuple[str, int, int, bytes]]:
    """Every path under ``root`` with its kind, mode, mtime and content."""
    found = {}
    for path in sorted(root.rglob("*")):
        info = path.lstat()
        content = path.read_bytes() if path.is_file() else b""
        kind = "dir" if path.is_dir() else "file"
        found[path.relative_to(root).as_posix()] = (
            kind,
            stat.S_IMODE(info.st_mode),
            info.st_mtime_ns,
            content,
        )
    return found


def test_restore_gives_back_names_sizes_modes_and_times(setup: Setup) -> None:
    info = setup.create()
    restored = restore_backup(setup.tmp / "data.gbak", setup.tmp / "out", setup.key, setup.store)
    assert listing(setup.tmp / "out" / "source") == listing(setup.source)
    assert (setup.tmp / "out" / "source" / "notes.txt").stat().st_mtime_ns == OLD
    assert oct(stat.S_IMODE((setup.tmp / "out" / "source" / "run.sh").stat().st_mode)) == "0o750"
    assert restored.entries == info.entries
    names = [entry.name for entry in info.entries]
    assert names[0] == "source" and "source/sub/empty-dir" in names
    blob = next(entry for entry in info.entries if entry.name == "source/sub/blob.bin")
    assert blob.size == 300_000 and blob.digest and len(blob.digest) == 64


def test_several_sources_and_a_single_file(setup: Setup) -> None:
    extra = setup.tmp / "report.json"
    extra.write_text("{}")
    out = setup.tmp / "two.gbak"
    create_backup([setup.source, extra], out, setup.key, setup.store, segment_bytes=SEGMENT)
    restore_backup(out, setup.tmp / "out", setup.key, setup.store)
    assert sorted(p.name for p in (setup.tmp / "out").iterdir()) == ["report.json", "source"]


def test_empty_folder_backs_up(setup: Setup) -> None:
    (setup.tmp / "empty").mkdir()
    out = setup.tmp / "empty.gbak"
    info = create_backup([setup.tmp / "empty"], out, setup.key, setup.store)
    assert [entry.kind for entry in info.entries] == ["dir"]
    assert verify_backup(out, setup.key, setup.store).total_bytes == 0


def test_symlink_is_refused_on_create_and_nothing_is_written(setup: Setup) -> None:
    (setup.source / "sub" / "link").symlink_to("/etc/passwd")
    with pytest.raises(InputError, match="sub/link: is a symlink"):
        setup.create()
    assert not (setup.tmp / "data.gbak").exists()
    assert not setup.store.root.exists() or not any(setup.store.root.iterdir())


def test_backup_inside_its_own_source_is_refused(setup: Setup) -> None:
    with pytest.raises(InputError, match="inside .*which it backs up"):
        create_backup([setup.source], setup.source / "x.gbak", setup.key, setup.store)


def test_two_sources_with_one_name_are_refused(setup: Setup) -> None:
    other = setup.tmp / "elsewhere" / "source"
    other.mkdir(parents=True)
    with pytest.raises(InputError, match="two sources are named 'source'"):
        create_backup([setup.source, other], setup.tmp / "x.gbak", setup.key, setup.store)


def test_restore_refuses_a_non_empty_target(setup: Setup) -> None:
    setup.create()
    (setup.tmp / "busy").mkdir()
    (setup.tmp / "busy" / "keep.txt").write_text("mine")
    with pytest.raises(InputError, match="not an empty folder"):
        restore_backup(setup.tmp / "data.gbak", setup.tmp / "busy", setup.key, setup.store)
    assert (setup.tmp / "busy" / "keep.txt").read_text() == "mine"


@pytest.mark.parametrize("name", ["../x", "/etc/x", "a/../../x", "a//b", ".", "", "a/./b"])
def test_unsafe_names_are_refused(name: str) -> None:
    with pytest.raises(InputError, match="refusing unsafe path"):
        check_name(name, "test")


def seal_crafted(
    path: Path,
    entries: list[Entry],
    key: KeySource,
    store: KeyStore,
    digest: str = "sha256",
    fill: bytes = b"x",
) -> None:
    """A validly sealed backup whose archive holds whatever names and digests ``entries`` say.

    Every file holds ``fill`` repeated to its size; the header names ``digest``.
    """
    key_id = new_key_id()
    data_key = os.urandom(32)
    header = Header.new(key_id, SEGMENT, digest)
    store.put(key_id, data_key, header.sha256, key)
    hasher = Hasher()
    with atomic_open(path, "wb") as handle:
        writer = SegmentWriter(handle, Sealer(data_key, header), header, hasher, str(path))
        writer.write(ARCHIVE_MAGIC)
        for entry in entries:
            writer.write(encode_entry(entry))
            if entry.kind == "file":
                writer.write(fill * entry.size + bytes.fromhex(entry.digest or "00" * 32))
        writer.write(b"E" + len(entries).to_bytes(8, "big"))
        writer.close()
    hasher.close()


X_SHA = "2d711642b726b04401627ca9fbac32f5c8530fb1903cc4db02258717921a4881"  # sha256(b"x")


@pytest.mark.parametrize(
    ("entries", "match"),
    [
        ([Entry("../escaped", "file", 0o644, 0, 1, X_SHA)], "unsafe path '../escaped'"),
        ([Entry("/tmp/escaped", "file", 0o644, 0, 1, X_SHA)], "unsafe path '/tmp/escaped'"),
        (
            [Entry("a", "dir", 0o755, 0, 0), Entry("a/../../escaped", "file", 0o644, 0, 1, X_SHA)],
            "unsafe path",
        ),
        ([Entry("nodir/file", "file", 0o644, 0, 1, X_SHA)], "outside any folder"),
        ([Entry("f", "file", 0o644, 0, 1, X_SHA), Entry("f", "file", 0o644, 0, 1, X_SHA)], "dup"),
        ([Entry("f", "file", 0o644, 0, 1, "11" * 32)], "sha256 of the restored bytes differs"),
    ],
)
def test_crafted_archive_is_refused_on_restore(
    setup: Setup, entries: list[Entry], match: str
) -> None:
    crafted = setup.tmp / "crafted.gbak"
    seal_crafted(crafted, entries, setup.key, setup.store)
    target = setup.tmp / "deep" / "restored"
    with pytest.raises(Exception, match=match):
        restore_backup(crafted, target, setup.key, setup.store)
    assert not target.exists()
    assert not (setup.tmp / "escaped").exists() and not Path("/tmp/escaped").exists()
    assert list((setup.tmp / "deep").iterdir()) == []


def test_setuid_bits_are_not_restored(setup: Setup) -> None:
    crafted = setup.tmp / "crafted.gbak"
    seal_crafted(crafted, [Entry("tool", "file", 0o4755, 0, 1, X_SHA)], setup.key, setup.store)
    restore_backup(crafted, setup.tmp / "out", setup.key, setup.store)
    assert stat.S_IMODE((setup.tmp / "out" / "tool").stat().st_mode) == 0o755
