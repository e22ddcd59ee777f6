"""The threaded pipeline: background hashing and writing fail cleanly, naming the file."""

from __future__ import annotations

import fcntl
import hashlib
import os
import threading
from pathlib import Path

import pytest
from blake3 import blake3

from govern.backup import read_header, restore_backup, verify_backup
from govern.backup.output import STAGE_BYTES, OutputStream
from govern.backup.segments import Hasher
from govern.backup.stream import TAG_BYTES
from govern.errors import InputError, IntegrityError
from tests.backup.conftest import SEGMENT, Setup

# Larger than a staging buffer and not a whole number of blocks: ships, a carried tail, a tail.
ODD_SIZE = STAGE_BYTES + (3 << 20) + 4097


def supports_o_direct(folder: Path) -> bool:
    try:
        os.close(os.open(folder / "probe", os.O_WRONLY | os.O_CREAT | os.O_DIRECT, 0o600))
    except OSError:
        return False
    finally:
        (folder / "probe").unlink(missing_ok=True)
    return True


def helper_threads() -> list[str]:
    return [t.name for t in threading.enumerate() if t.name.startswith("govern-")]


@pytest.mark.parametrize("direct", [True, False], ids=["o_direct", "page_cache"])
def test_output_stream_writes_every_byte(tmp_path: Path, direct: bool) -> None:
    data = os.urandom(ODD_SIZE)
    fd = os.open(tmp_path / "out.bin", os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with OutputStream(fd, "out.bin", largest=SEGMENT + TAG_BYTES, direct=direct) as output:
            assert bool(fcntl.fcntl(fd, fcntl.F_GETFL) & os.O_DIRECT) == output.direct
            assert output.direct == (direct and supports_o_direct(tmp_path))
            offset = 0
            for size in (1, 100, 4095, SEGMENT + TAG_BYTES, 5 << 20, 17):  # copied and in place
                room = output.room(size)
                room[:] = data[offset : offset + size]
                output.advance(size)
                offset += size
            output.write(data[offset:])
            output.close()
    finally:
        os.close(fd)
    assert (tmp_path / "out.bin").read_bytes() == data
    assert helper_threads() == []


def test_a_failed_background_write_names_the_file(tmp_path: Path) -> None:
    (tmp_path / "out.bin").write_bytes(b"")
    fd = os.open(tmp_path / "out.bin", os.O_RDONLY)  # every write fails (EBADF)
    try:
        with OutputStream(fd, "models/adapter.bin", largest=0) as output:
            output.write(bytes(STAGE_BYTES + 1))  # hands a full buffer to the helper thread
            with pytest.raises(InputError, match=r"^models/adapter.bin: cannot write: Bad file"):
                output.close()
    finally:
        os.close(fd)
    assert helper_threads() == []


def test_a_failed_background_hash_names_the_file() -> None:
    hasher = Hasher()
    digest = hashlib.sha256()
    try:
        hasher.update(digest, "not bytes", "raw/data.bin")  # type: ignore[arg-type]
        hasher.update(digest, b"later updates are skipped, the first failure is kept", "other")
        with pytest.raises(InputError, match=r"^raw/data.bin: hashing failed: TypeError"):
            hasher.wait()
    finally:
        hasher.close()
    assert digest.digest() == hashlib.sha256().digest()


@pytest.fixture
def large(setup: Setup) -> tuple[Setup, bytes]:
    """A tree whose big file goes through background hashing and the streamed restore path."""
    data = os.urandom(3 << 20) + b"tail"
    (setup.source / "sub" / "big.bin").write_bytes(data)
    setup.create()
    return setup, data


def test_a_large_file_round_trips_through_the_threaded_pipeline(
    large: tuple[Setup, bytes],
) -> None:
    setup, data = large
    info = restore_backup(setup.tmp / "data.gbak", setup.tmp / "out", setup.key, setup.store)
    assert (setup.tmp / "out" / "source" / "sub" / "big.bin").read_bytes() == data
    big = next(entry for entry in info.entries if entry.name == "source/sub/big.bin")
    assert big.digest == blake3(data).hexdigest()  # the default digest
    assert helper_threads() == []


def test_a_segment_corrupted_midway_through_a_large_file_restores_nothing(
    large: tuple[Setup, bytes],
) -> None:
    setup, _ = large
    path = setup.tmp / "data.gbak"
    raw = bytearray(path.read_bytes())
    segment = 600  # inside big.bin, with hashing and writing in flight on the helper threads
    raw[len(read_header(path).raw) + segment * (SEGMENT + TAG_BYTES) + 10] ^= 0x01
    path.write_bytes(bytes(raw))
    with pytest.raises(IntegrityError, match=f"segment {segment} fails authentication"):
        verify_backup(path, setup.key, setup.store)
    with pytest.raises(IntegrityError, match=f"segment {segment} fails authentication"):
        restore_backup(path, setup.tmp / "restored", setup.key, setup.store)
    assert not (setup.tmp / "restored").exists()
    assert not [p for p in setup.tmp.iterdir() if p.name.startswith(".restored")]
    assert helper_threads() == []
