"""Every way of changing a backup fails verify and restore, and a failed restore leaves nothing."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pytest

from govern.backup import KeySource, ScryptParams, generate_key_file, read_header
from govern.backup import restore_backup as restore
from govern.backup import verify_backup as verify
from govern.backup.stream import TAG_BYTES
from govern.errors import GovernError, InputError, IntegrityError
from tests.backup.conftest import SEGMENT, Setup

STRIDE = SEGMENT + TAG_BYTES


def segments(data: bytes, header_length: int) -> list[bytes]:
    body = data[header_length:]
    return [body[offset : offset + STRIDE] for offset in range(0, len(body), STRIDE)]


def flip(data: bytes, offset: int) -> bytes:
    return data[:offset] + bytes([data[offset] ^ 0x01]) + data[offset + 1 :]


def assert_refused(setup: Setup, path: Path, error: type[GovernError], match: str) -> None:
    """Verify and restore both fail; the target and any temporary folder are gone."""
    with pytest.raises(error, match=match):
        verify(path, setup.key, setup.store)
    target = setup.tmp / "restored"
    with pytest.raises(error, match=match):
        restore(path, target, setup.key, setup.store)
    assert not target.exists()
    assert not [p for p in setup.tmp.iterdir() if p.name.startswith(".restored")]


Tamper = Callable[[bytes, int], bytes]


def middle_flip(data: bytes, start: int) -> bytes:
    return flip(data, start + 3 * STRIDE + 100)


def last_flip(data: bytes, start: int) -> bytes:
    return flip(data, len(data) - 5)


def cut_at_boundary(data: bytes, start: int) -> bytes:
    # The segment now at the end was sealed as not-last: a forged end of stream.
    parts = segments(data, start)
    return data[:start] + b"".join(parts[:-1])


def cut_mid_segment(data: bytes, start: int) -> bytes:
    return data[: start + 5 * STRIDE + 1000]


def cut_inside_tag(data: bytes, start: int) -> bytes:
    return data[: start + 5 * STRIDE + 7]


def swap_two(data: bytes, start: int) -> bytes:
    parts = segments(data, start)
    parts[2], parts[3] = parts[3], parts[2]
    return data[:start] + b"".join(parts)


def drop_one(data: bytes, start: int) -> bytes:
    parts = segments(data, start)
    return data[:start] + b"".join(parts[:4] + parts[5:])


def duplicate_one(data: bytes, start: int) -> bytes:
    parts = segments(data, start)
    return data[:start] + b"".join(parts[:4] + [parts[3]] + parts[4:])


@pytest.mark.parametrize(
    ("tamper", "match"),
    [
        (middle_flip, "segment 3 fails authentication"),
        (last_flip, "last segment fails authentication"),
        (cut_at_boundary, "last segment fails authentication"),
        (cut_mid_segment, "last segment fails authentication"),
        (cut_inside_tag, "truncated"),
        (swap_two, "segment 2 fails authentication"),
        (drop_one, "segment 4 fails authentication"),
        (duplicate_one, "segment 4 fails authentication"),
    ],
    ids=lambda value: getattr(value, "__name__", ""),
)
def test_segment_tampering_is_refused(setup: Setup, tamper: Tamper, match: str) -> None:
    path = setup.tmp / "data.gbak"
    setup.create()
    start = len(read_header(path).raw)
    assert len(segments(path.read_bytes(), start)) > 70  # the tree spans many segments
    path.write_bytes(tamper(path.read_bytes(), start))
    assert_refused(setup, path, IntegrityError, match)


@pytest.mark.parametrize("field", ["salt", "nonce_prefix", "segment_bytes", "created"])
def test_flipped_bit_in_header_is_refused(setup: Setup, field: str) -> None:
    path = setup.tmp / "data.gbak"
    setup.create()
    data = path.read_bytes()
    offset = data.index(f'"{field}":'.encode()) + len(field) + 4
    path.write_bytes(flip(data, offset))
    assert_refused(setup, path, IntegrityError, "header")


def test_header_swapped_from_another_backup_is_refused(setup: Setup) -> None:
    first, second = setup.tmp / "data.gbak", setup.tmp / "other.gbak"
    setup.create()
    setup.create("other.gbak")
    own, foreign = read_header(first).raw, read_header(second).raw
    first.write_bytes(foreign + first.read_bytes()[len(own) :])
    assert_refused(setup, first, IntegrityError, "segment 0 fails authentication")


def test_wrong_key_file_fails_with_a_clear_message(setup: Setup) -> None:
    path = setup.tmp / "data.gbak"
    setup.create()
    setup.key = KeySource.from_file(generate_key_file(setup.tmp / "other.key"))
    assert_refused(setup, path, InputError, "wrong key: the data key is wrapped with key file")


def test_wrong_passphrase_fails_fast_and_clearly(setup: Setup) -> None:
    path = setup.tmp / "data.gbak"
    setup.key = KeySource.from_passphrase("correct horse", ScryptParams())  # default cost
    setup.create()
    setup.key = KeySource.from_passphrase("battery staple", label="$GOVERN_BACKUP_PASSPHRASE")
    started = time.perf_counter()
    with pytest.raises(InputError, match=r"wrong passphrase \(\$GOVERN_BACKUP_PASSPHRASE\)$"):
        verify(path, setup.key, setup.store)
    assert time.perf_counter() - started < 3  # one KDF run, no data read
    with pytest.raises(InputError, match="wrong passphrase"):
        restore(path, setup.tmp / "restored", setup.key, setup.store)
    assert not (setup.tmp / "restored").exists()


def test_passphrase_for_a_key_file_backup_names_the_right_option(setup: Setup) -> None:
    path = setup.tmp / "data.gbak"
    setup.create()
    setup.key = KeySource.from_passphrase("anything", ScryptParams(log_n=10))
    assert_refused(setup, path, InputError, "wrapped with a file; use --key-file")


def test_not_a_backup(setup: Setup) -> None:
    path = setup.tmp / "notes.gbak"
    path.write_bytes(b"just some text\n" * 10)
    assert_refused(setup, path, InputError, "not a govern backup")


def test_untouched_backup_verifies(setup: Setup) -> None:
    written = setup.create()
    checked = verify(setup.tmp / "data.gbak", setup.key, setup.store)
    assert checked.entries == written.entries
    assert checked.key_id == written.key_id
