"""Key files, passphrases, rotation and crypto-shredding."""

from __future__ import annotations

import json
import os
import shutil
import time
from pathlib import Path

import pytest

from govern.backup import (
    Argon2Params,
    KeySource,
    ScryptParams,
    generate_key_file,
    read_header,
    restore_backup,
    rotate_all,
    rotate_key,
    shred,
    verify_backup,
)
from govern.errors import InputError, IntegrityError
from tests.backup.conftest import Setup

FAST = ScryptParams(log_n=10)


def entry_path(setup: Setup, key_id: str) -> Path:
    return setup.store.root / f"{key_id}.json"


def test_backup_file_holds_no_copy_of_the_data_key(setup: Setup) -> None:
    info = setup.create()
    entry = json.loads(entry_path(setup, info.key_id).read_text())
    assert bytes.fromhex(entry["wrapped"]) not in (setup.tmp / "data.gbak").read_bytes()
    assert oct(entry_path(setup, info.key_id).stat().st_mode & 0o777) == "0o600"
    assert oct(setup.store.root.stat().st_mode & 0o777) == "0o700"


def test_rotation_keeps_the_backup_readable_with_the_new_key_only(setup: Setup) -> None:
    path = setup.tmp / "data.gbak"
    info = setup.create()
    before = path.read_bytes()
    old = setup.key
    new = KeySource.from_file(generate_key_file(setup.tmp / "new.key"))
    assert rotate_key(path, old, new, setup.store) == info.key_id
    assert path.read_bytes() == before  # rewrapped, not re-encrypted
    assert verify_backup(path, new, setup.store).entries == info.entries
    with pytest.raises(InputError, match="wrong key"):
        verify_backup(path, old, setup.store)


def test_rotation_from_key_file_to_passphrase_and_back(setup: Setup) -> None:
    path = setup.tmp / "data.gbak"
    info = setup.create()
    passphrase = KeySource.from_passphrase("a long passphrase", Argon2Params(8 << 10, 1, 1))
    rotate_key(info.key_id, setup.key, passphrase, setup.store)
    restore_backup(path, setup.tmp / "restored", passphrase, setup.store)
    with pytest.raises(InputError, match="use --key-file|wrapped with a passphrase"):
        verify_backup(path, setup.key, setup.store)
    rotate_key(path, passphrase, setup.key, setup.store)
    verify_backup(path, setup.key, setup.store)


def test_rotate_all_rewraps_only_what_the_old_key_opens(setup: Setup) -> None:
    first, second = setup.create(), setup.create("second.gbak")
    other = KeySource.from_file(generate_key_file(setup.tmp / "other.key"))
    rotate_key(second.key_id, setup.key, other, setup.store)
    new = KeySource.from_file(generate_key_file(setup.tmp / "new.key"))
    assert rotate_all(setup.key, new, setup.store) == [first.key_id]
    verify_backup(setup.tmp / "data.gbak", new, setup.store)
    verify_backup(setup.tmp / "second.gbak", other, setup.store)


def test_rotation_with_the_wrong_old_key_changes_nothing(setup: Setup) -> None:
    info = setup.create()
    before = entry_path(setup, info.key_id).read_bytes()
    stranger = KeySource.from_file(generate_key_file(setup.tmp / "stranger.key"))
    with pytest.raises(InputError, match="wrong key"):
        rotate_key(info.key_id, stranger, stranger, setup.store)
    assert entry_path(setup, info.key_id).read_bytes() == before


def test_shredding_makes_every_copy_unreadable(setup: Setup) -> None:
    path = setup.tmp / "data.gbak"
    info = setup.create()
    copy = setup.tmp / "offsite" / "copy.gbak"
    copy.parent.mkdir()
    shutil.copy2(path, copy)
    record = shred(path, setup.store)
    assert record.key_id == info.key_id
    assert not entry_path(setup, info.key_id).exists()
    for backup in (path, copy):
        with pytest.raises(InputError, match=f"data key {info.key_id} was shredded at"):
            restore_backup(backup, setup.tmp / "restored", setup.key, setup.store)
        assert not (setup.tmp / "restored").exists()
    assert shred(info.key_id, setup.store) == record  # shredding twice is harmless


def test_kdf_parameters_from_a_hostile_key_entry_are_capped(setup: Setup) -> None:
    setup.key = KeySource.from_passphrase("pass", FAST)
    info = setup.create()
    entry = json.loads(entry_path(setup, info.key_id).read_text())
    entry["kek"]["kdf"]["log_n"] = 30  # 128 GiB of memory if obeyed
    entry_path(setup, info.key_id).write_text(json.dumps(entry))
    started = time.perf_counter()
    with pytest.raises(InputError, match="key derivation parameters exceed the limits"):
        verify_backup(setup.tmp / "data.gbak", setup.key, setup.store)
    assert time.perf_counter() - started < 1


def test_argon2_memory_is_capped_too(setup: Setup) -> None:
    setup.key = KeySource.from_passphrase("pass", Argon2Params(8 << 10, 1, 1))
    info = setup.create()
    entry = json.loads(entry_path(setup, info.key_id).read_text())
    entry["kek"]["kdf"]["memory_kib"] = 64 << 20  # 64 GiB
    entry_path(setup, info.key_id).write_text(json.dumps(entry))
    with pytest.raises(InputError, match="exceed the limits"):
        verify_backup(setup.tmp / "data.gbak", setup.key, setup.store)


def test_edited_key_entry_is_detected(setup: Setup) -> None:
    setup.key = KeySource.from_passphrase("pass", FAST)
    info = setup.create()
    entry = json.loads(entry_path(setup, info.key_id).read_text())
    entry["created"] = "2000-01-01T00:00:00+00:00"
    entry_path(setup, info.key_id).write_text(json.dumps(entry))
    # the entry's fields are the wrap's associated data; the fingerprint says the key is right
    with pytest.raises(IntegrityError, match="key entry fails authentication"):
        verify_backup(setup.tmp / "data.gbak", setup.key, setup.store)


def test_key_entry_bound_to_its_header(setup: Setup) -> None:
    info = setup.create()
    entry = json.loads(entry_path(setup, info.key_id).read_text())
    entry["header_sha256"] = "0" * 64
    entry_path(setup, info.key_id).write_text(json.dumps(entry))
    with pytest.raises(IntegrityError, match="header does not match its key"):
        verify_backup(setup.tmp / "data.gbak", setup.key, setup.store)


def test_missing_key_names_the_store(setup: Setup) -> None:
    info = setup.create()
    entry_path(setup, info.key_id).unlink()
    with pytest.raises(InputError, match=f"data key {info.key_id}: not in key store"):
        verify_backup(setup.tmp / "data.gbak", setup.key, setup.store)


def test_key_file_must_be_private_and_well_formed(tmp_path: Path) -> None:
    path = generate_key_file(tmp_path / "k.key")
    with pytest.raises(InputError, match="already exists"):
        generate_key_file(path)
    os.chmod(path, 0o644)
    with pytest.raises(InputError, match="readable by others"):
        KeySource.from_file(path)
    (tmp_path / "bad.key").write_text("not hex\n")
    os.chmod(tmp_path / "bad.key", 0o600)
    with pytest.raises(InputError, match="expected 64 hex characters"):
        KeySource.from_file(tmp_path / "bad.key")
    with pytest.raises(InputError, match="cannot read key file"):
        KeySource.from_file(tmp_path / "missing.key")


def test_passphrase_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("GOVERN_BACKUP_PASSPHRASE", raising=False)
    with pytest.raises(InputError, match="give --key-file or set GOVERN_BACKUP_PASSPHRASE"):
        KeySource.from_passphrase_env()
    monkeypatch.setenv("GOVERN_BACKUP_PASSPHRASE", "s3cret words")
    source = KeySource.from_passphrase_env(kdf=FAST)
    assert "s3cret" not in repr(source)
    assert source.label == "$GOVERN_BACKUP_PASSPHRASE"


def test_header_is_readable_without_a_key(setup: Setup) -> None:
    info = setup.create()
    header = read_header(setup.tmp / "data.gbak")
    assert (header.key_id, header.segment_bytes) == (info.key_id, 4096)
