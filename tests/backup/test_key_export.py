"""A backup restores on another machine: export its wrapped data key there, import it here."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from govern.backup import KeyStore, create_backup, restore_backup
from govern.errors import InputError
from tests.backup.conftest import Setup
from tests.conftest import REPO_ROOT, run_govern


def as_user(home: Path) -> dict[str, str]:
    """The environment of a user whose home is ``home``: the default key store lives there."""
    return {
        "HOME": str(home),
        "XDG_DATA_HOME": "",
        "GOVERN_KEY_STORE": "",
        "PYTHONPATH": str(REPO_ROOT),
    }


def test_restore_on_a_fresh_home_after_import(tmp_path: Path) -> None:
    home_a, home_b = tmp_path / "a", tmp_path / "b"
    home_a.mkdir(), home_b.mkdir()
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "notes.txt").write_text("synthetic\n")
    key = tmp_path / "backup.key"
    made = run_govern("backup", "keygen", "--out", str(key))
    assert made.returncode == 0, made.stderr
    assert oct(key.stat().st_mode & 0o777) == "0o600" and len(key.read_text()) == 65
    again = run_govern("backup", "keygen", "--out", str(key))
    assert again.returncode == 2 and "refusing to overwrite" in again.stderr
    backup = tmp_path / "src.gbak"
    created = run_govern(
        "backup", "create", str(tmp_path / "src"), "--out", str(backup), "--key-file", str(key),
        env=as_user(home_a),
    )  # fmt: skip
    assert created.returncode == 0, created.stderr
    key_id = json.loads(
        run_govern("backup", "verify", str(backup), "--key-file", str(key), "--json",
                   env=as_user(home_a)).stdout
    )["key_id"]  # fmt: skip
    assert (home_a / ".local/share/govern/keys" / f"{key_id}.json").exists()
    # Under B, without the key entry: one line naming the key id and how to import it.
    restore = ["backup", "restore", str(backup), "--key-file", str(key)]
    missing = run_govern(*restore, "--to", str(tmp_path / "r1"), env=as_user(home_b))
    assert missing.returncode == 2
    assert missing.stderr.count("\n") == 1
    assert key_id in missing.stderr and "govern backup key import" in missing.stderr
    assert not (tmp_path / "r1").exists()
    exported = tmp_path / "key.export"
    out = run_govern(
        "backup", "key", "export", "--backup", str(backup), "--out", str(exported),
        env=as_user(home_a),
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    assert oct(exported.stat().st_mode & 0o777) == "0o600"
    assert "wrapped" in json.loads(exported.read_text())["entry"]  # never the clear data key
    imported = run_govern("backup", "key", "import", str(exported), env=as_user(home_b))
    assert imported.returncode == 0, imported.stderr
    done = run_govern(*restore, "--to", str(tmp_path / "r2"), env=as_user(home_b))
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "r2" / "src" / "notes.txt").read_text() == "synthetic\n"
    # Crypto-shredding still works on the store the key was imported into...
    shred = run_govern("backup", "shred", str(backup), env=as_user(home_b))
    assert shred.returncode == 0, shred.stderr
    gone = run_govern(*restore, "--to", str(tmp_path / "r3"), env=as_user(home_b))
    assert gone.returncode == 2 and "was shredded" in gone.stderr
    # ...and that store will not take the shredded key back.
    back = run_govern("backup", "key", "import", str(exported), env=as_user(home_b))
    assert back.returncode == 2 and "was shredded" in back.stderr


def test_export_needs_exactly_one_key_and_a_new_file(setup: Setup, tmp_path: Path) -> None:
    info = setup.create()
    out = tmp_path / "k.export"
    setup.store.export(info.key_id, out)
    with pytest.raises(InputError, match="already exists"):
        setup.store.export(info.key_id, out)
    both = run_govern("backup", "key", "export", "--out", str(tmp_path / "x"))
    assert both.returncode == 2 and "exactly one of --key-id and --backup" in both.stderr


def test_import_refuses_what_is_not_an_export(setup: Setup, tmp_path: Path) -> None:
    info = setup.create()
    entry = setup.store.root / f"{info.key_id}.json"  # a raw entry, not an export
    other = KeyStore(tmp_path / "other")
    for bad in (entry, tmp_path / "missing"):
        with pytest.raises(InputError, match="not an exported govern backup key"):
            other.import_entry(bad)
    exported = setup.store.export(info.key_id, tmp_path / "k.export")
    document = json.loads(exported.read_text())
    document["entry"]["key_id"] = "../../etc"
    (tmp_path / "evil").write_text(json.dumps(document))
    with pytest.raises(InputError, match="not an exported"):
        other.import_entry(tmp_path / "evil")
    assert other.import_entry(exported) == info.key_id
    assert other.import_entry(exported) == info.key_id  # the same entry again: fine
    restore_backup(setup.tmp / "data.gbak", tmp_path / "restored", setup.key, other)


def test_a_killed_create_leaves_nothing_after_the_next_run(setup: Setup, tmp_path: Path) -> None:
    out = tmp_path / "big.gbak"
    (setup.source / "big.bin").write_bytes(os.urandom(1 << 20))
    script = (
        "import os, sys\n"
        "from govern.backup import KeySource, KeyStore, create_backup\n"
        "from govern.backup import archive\n"
        "real = archive.pack\n"
        "def pack(*a, **k):\n"
        "    os.kill(os.getpid(), 9)\n"  # dies mid-write, as `kill -9` would
        "archive.pack = pack\n"
        "import govern.backup.operations as ops; ops.pack = pack\n"
        "create_backup([sys.argv[1]], sys.argv[2], KeySource.from_file(sys.argv[3]),"
        " KeyStore(sys.argv[4]))\n"
    )
    killed = subprocess.run(
        [sys.executable, "-c", script, str(setup.source), str(out), str(setup.tmp / "backup.key"),
         str(setup.store.root)],
        env={**os.environ, "PYTHONPATH": str(REPO_ROOT)}, capture_output=True, timeout=120,
    )  # fmt: skip
    assert killed.returncode == -signal.SIGKILL
    assert len(setup.store.key_ids()) == 1 and list(tmp_path.glob(".big.gbak.*.tmp"))
    info = create_backup([setup.source], tmp_path / "next.gbak", setup.key, setup.store)
    assert setup.store.key_ids() == [info.key_id]
    assert not list(tmp_path.glob(".big.gbak.*.tmp")) and not out.exists()
    assert not list(setup.store.root.glob("*.creating.json"))
