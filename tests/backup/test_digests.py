"""The per-file digest: blake3 or sha256, named in the authenticated header and checked on restore.

Also: backups written before the digest was selectable (format version 1, sha256) still restore.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import struct
from pathlib import Path

import pytest
from blake3 import blake3

from govern.backup import Entry, read_header, restore_backup, verify_backup
from govern.backup.archive import collect, pack
from govern.backup.keystore import new_key_id
from govern.backup.segments import Hasher, SegmentWriter
from govern.backup.stream import MAGIC, Header, Sealer
from govern.errors import InputError, IntegrityError
from govern.io import atomic_open
from tests.backup.conftest import SEGMENT, Setup
from tests.backup.test_archive import listing, seal_crafted
from tests.conftest import run_govern as govern

BOTH = ["blake3", "sha256"]


def reference(algorithm: str, data: bytes) -> str:
    if algorithm == "blake3":
        return blake3(data).hexdigest()
    return hashlib.sha256(data).hexdigest()


def file_digests(root: Path, algorithm: str) -> dict[str, str]:
    """Every file under ``root`` (named from ``root``'s own name) with its digest."""
    return {
        path.relative_to(root.parent).as_posix(): reference(algorithm, path.read_bytes())
        for path in sorted(root.rglob("*"))
        if path.is_file()
    }


@pytest.mark.parametrize("algorithm", BOTH)
def test_round_trip_records_and_checks_the_chosen_digest(setup: Setup, algorithm: str) -> None:
    big = os.urandom(2 << 20)  # hashed on the background thread, restored through O_DIRECT
    (setup.source / "big.bin").write_bytes(big)
    written = setup.create(digest=algorithm)
    path = setup.tmp / "data.gbak"
    assert read_header(path).digest == algorithm
    assert json.loads(read_header(path).raw[12:])["digest"] == algorithm  # in the AAD'd header
    restored = restore_backup(path, setup.tmp / "out", setup.key, setup.store)
    assert listing(setup.tmp / "out" / "source") == listing(setup.source)
    assert restored.digest == written.digest == algorithm
    assert restored.entries == written.entries
    recorded = {e.name: e.digest for e in restored.entries if e.kind == "file"}
    assert recorded == file_digests(setup.source, algorithm)
    report = restored.to_json()
    assert report["digest"] == algorithm
    other = next(name for name in BOTH if name != algorithm)
    assert all(algorithm in e and other not in e for e in report["entries"])


@pytest.mark.parametrize("algorithm", BOTH)
def test_valid_seal_with_a_wrong_digest_restores_nothing(setup: Setup, algorithm: str) -> None:
    # AES-GCM accepts every segment (sealed with the real key): only the digest can object.
    size = 3 * SEGMENT + 17
    good = Entry("f.bin", "file", 0o644, 0, size, reference(algorithm, b"x" * size))
    ok = setup.tmp / "ok.gbak"
    seal_crafted(ok, [good], setup.key, setup.store, digest=algorithm)
    assert verify_backup(ok, setup.key, setup.store).entries[0].digest == good.digest
    cases = {
        "changed plaintext": (good, b"y"),
        "one byte off": (Entry("f.bin", "file", 0o644, 0, size, flip_hex(good.digest)), b"x"),
    }
    for label, (entry, fill) in cases.items():
        tampered = setup.tmp / f"{label}.gbak"
        seal_crafted(tampered, [entry], setup.key, setup.store, digest=algorithm, fill=fill)
        target = setup.tmp / "restored"
        with pytest.raises(IntegrityError, match=f"'f.bin': {algorithm} of the restored bytes"):
            restore_backup(tampered, target, setup.key, setup.store)
        assert not target.exists(), label
        assert not [p for p in setup.tmp.iterdir() if p.name.startswith(".restored")], label
        with pytest.raises(IntegrityError, match=f"{algorithm} of the restored bytes differs"):
            verify_backup(tampered, setup.key, setup.store)


def test_the_digest_of_the_other_algorithm_is_refused(setup: Setup) -> None:
    """The header's algorithm is the one checked: the right bytes' sha256 fails a blake3 backup."""
    size = 5000
    entry = Entry("f.bin", "file", 0o644, 0, size, reference("sha256", b"x" * size))
    crafted = setup.tmp / "crafted.gbak"
    seal_crafted(crafted, [entry], setup.key, setup.store, digest="blake3")
    with pytest.raises(IntegrityError, match="blake3 of the restored bytes differs"):
        restore_backup(crafted, setup.tmp / "restored", setup.key, setup.store)
    assert not (setup.tmp / "restored").exists()


def flip_hex(digest: str | None) -> str:
    raw = bytearray(bytes.fromhex(digest or ""))
    raw[-1] ^= 0x01
    return raw.hex()


def with_header_fields(path: Path, **changes: object) -> None:
    """Rewrite ``path``'s header with ``changes`` (None removes a field), keeping the segments."""
    old = read_header(path).raw
    fields = json.loads(old[len(MAGIC) + 4 :])
    for name, value in changes.items():
        if value is None:
            fields.pop(name)
        else:
            fields[name] = value
    body = json.dumps(fields, sort_keys=True, separators=(",", ":")).encode()
    path.write_bytes(MAGIC + struct.pack(">I", len(body)) + body + path.read_bytes()[len(old) :])


@pytest.mark.parametrize("name", ["md5", "BLAKE3", "sha-256", "", 256])
def test_an_unknown_digest_in_the_header_is_refused(setup: Setup, name: object) -> None:
    path = setup.tmp / "data.gbak"
    setup.create()
    with_header_fields(path, digest=name)
    with pytest.raises(
        InputError, match=r"unknown file digest algorithm .* \(known: blake3, sha256"
    ):
        read_header(path)
    target = setup.tmp / "restored"
    with pytest.raises(InputError, match="unknown file digest algorithm"):
        restore_backup(path, target, setup.key, setup.store)
    assert not target.exists()


def test_switching_the_header_to_the_other_known_digest_fails_authentication(setup: Setup) -> None:
    path = setup.tmp / "data.gbak"
    setup.create(digest="blake3")
    raw = path.read_bytes()
    path.write_bytes(raw.replace(b'"digest":"blake3"', b'"digest":"sha256"', 1))  # same length
    assert read_header(path).digest == "sha256"
    # The key store binds the data key to the header's sha256, which the segments' AAD is too.
    with pytest.raises(IntegrityError, match="header does not match its key"):
        restore_backup(path, setup.tmp / "restored", setup.key, setup.store)
    assert not (setup.tmp / "restored").exists()


def test_a_version_2_header_without_a_digest_is_damaged(setup: Setup) -> None:
    path = setup.tmp / "data.gbak"
    setup.create()
    with_header_fields(path, digest=None)
    with pytest.raises(IntegrityError, match="header is damaged"):
        read_header(path)


def write_version_1(setup: Setup, path: Path) -> None:
    """A backup as govern wrote it before the digest was selectable: version 1, no digest field.

    The archive inside was sha256 throughout; only the header changed in version 2.
    """
    key_id, data_key = new_key_id(), os.urandom(32)
    fields = {
        "format": "govern-backup",
        "version": 1,
        "cipher": "AES-256-GCM",
        "key_id": key_id,
        "segment_bytes": SEGMENT,
        "salt": os.urandom(32).hex(),
        "nonce_prefix": os.urandom(7).hex(),
        "created": "2026-11-01T00:00:00+00:00",
        "tool": "0.1.0",
    }
    body = json.dumps(fields, sort_keys=True, separators=(",", ":")).encode()
    raw = MAGIC + struct.pack(">I", len(body)) + body
    header = Header.read(io.BytesIO(raw), "old")
    setup.store.put(key_id, data_key, header.sha256, setup.key)
    hasher = Hasher()
    try:
        with atomic_open(path, "wb") as handle:
            writer = SegmentWriter(handle, Sealer(data_key, header), header, hasher, str(path))
            with writer:
                pack(collect([setup.source]), writer, hasher, "sha256")
                writer.close()
    finally:
        hasher.close()


def test_a_version_1_backup_still_restores_as_sha256(setup: Setup) -> None:
    (setup.source / "big.bin").write_bytes(os.urandom(1 << 20))
    old = setup.tmp / "old.gbak"
    write_version_1(setup, old)
    assert b'"digest"' not in read_header(old).raw and read_header(old).digest == "sha256"
    restored = restore_backup(old, setup.tmp / "out", setup.key, setup.store)
    assert listing(setup.tmp / "out" / "source") == listing(setup.source)
    assert restored.digest == "sha256"
    recorded = {e.name: e.digest for e in restored.entries if e.kind == "file"}
    assert recorded == file_digests(setup.source, "sha256")


def test_a_version_1_header_cannot_name_a_digest_and_version_3_is_unknown(setup: Setup) -> None:
    path = setup.tmp / "data.gbak"
    setup.create()
    with_header_fields(path, version=3)
    with pytest.raises(InputError, match="backup format version 3 unknown"):
        read_header(path)


def test_cli_digest_option_and_policy_default(tmp_path: Path) -> None:
    source = tmp_path / "data"
    source.mkdir()
    (source / "a.txt").write_bytes(b"synthetic\n")
    key = tmp_path / "backup.key"
    key.write_text(os.urandom(32).hex() + "\n")
    key.chmod(0o600)
    common = ["--key-file", str(key), "--key-store", str(tmp_path / "keys"), "--json"]
    for option, expected in ([], "blake3"), (["--digest", "sha256"], "sha256"):
        out = tmp_path / f"{expected}.gbak"
        created = govern("backup", "create", str(source), "--out", str(out), *option, *common)
        assert created.returncode == 0, created.stderr
        report = json.loads(created.stdout)
        assert report["digest"] == expected
        entry = next(e for e in report["entries"] if e["kind"] == "file")
        assert entry[expected] == reference(expected, b"synthetic\n")
    bad = govern(
        "backup",
        "create",
        str(source),
        "--out",
        str(tmp_path / "x.gbak"),
        "--digest",
        "md5",
        *common,
    )
    assert bad.returncode == 2
    assert "unknown file digest algorithm 'md5'" in bad.stderr
    assert not (tmp_path / "x.gbak").exists()
