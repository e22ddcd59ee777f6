"""Create, verify, restore, rotate and shred backups: what the CLI and pipelines call."""

from __future__ import annotations

import io
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from govern.backup.archive import Entry, collect, pack, unpack
from govern.backup.digests import DEFAULT_DIGEST, check_digest
from govern.backup.keys import KeySource
from govern.backup.keystore import KEY_ID, KeyStore, Shredded, check_key_id, new_key_id
from govern.backup.segments import Hasher, SegmentReader, SegmentWriter
from govern.backup.stream import MAX_SEGMENT, MIN_SEGMENT, Header, Sealer
from govern.errors import InputError
from govern.io import atomic_dir, atomic_open


@dataclass(frozen=True, slots=True)
class BackupInfo:
    """What a backup holds, as written or as verified: every folder and file with its digest.

    ``digest`` names the algorithm of every file's digest (``blake3`` or ``sha256``).
    """

    path: Path
    key_id: str
    created: str
    segment_bytes: int
    digest: str
    entries: tuple[Entry, ...]

    @property
    def total_bytes(self) -> int:
        return sum(entry.size for entry in self.entries)

    def to_json(self) -> dict[str, Any]:
        return {
            "path": str(self.path),
            "key_id": self.key_id,
            "created": self.created,
            "segment_bytes": self.segment_bytes,
            "digest": self.digest,
            "files": sum(entry.kind == "file" for entry in self.entries),
            "bytes": self.total_bytes,
            "entries": [entry.to_json(self.digest) for entry in self.entries],
        }


def create_backup(
    sources: Sequence[str | os.PathLike[str]],
    out: str | os.PathLike[str],
    key: KeySource,
    store: KeyStore,
    *,
    segment_bytes: int = 1 << 20,
    digest: str = DEFAULT_DIGEST,
) -> BackupInfo:
    """Encrypt ``sources`` (files or folders, each under its own name) into ``out``.

    Each file's plaintext digest is ``digest`` (``blake3`` or ``sha256``, see ``digests.py``),
    recorded in the header. A fresh data key is wrapped under ``key`` into ``store`` before
    anything is written; the backup file holds no copy of it. ``out`` appears only when
    complete. InputError for a missing source, a symlink or special file, two sources with one
    name, a bad size or an unknown digest.
    """
    if not MIN_SEGMENT <= segment_bytes <= MAX_SEGMENT:
        raise InputError(f"segment size {segment_bytes} outside {MIN_SEGMENT}..{MAX_SEGMENT}")
    check_digest(digest, "--digest")
    planned = collect([Path(source) for source in sources])
    _refuse_inside(Path(out), [Path(source) for source in sources])
    store.clean_killed()
    key_id, data_key = new_key_id(), os.urandom(32)
    header = Header.new(key_id, segment_bytes, digest)
    store.begin(key_id, Path(out))
    store.put(key_id, data_key, header.sha256, key)
    hasher = Hasher()
    try:
        with atomic_open(out, "wb") as handle:
            sealer = Sealer(data_key, header)
            with SegmentWriter(handle, sealer, header, hasher, str(out)) as writer:
                entries = pack(planned, writer, hasher, digest)
                writer.close()
    except BaseException:
        store.discard(key_id)  # no backup, so no key to keep
        raise
    finally:
        store.end(key_id)
        hasher.close()
    return BackupInfo(Path(out), key_id, header.created, segment_bytes, digest, tuple(entries))


def _refuse_inside(out: Path, sources: Sequence[Path]) -> None:
    # A backup written into a folder it backs up would hold the previous backup next time.
    where = out.resolve()
    for source in sources:
        if where == source.resolve() or source.resolve() in where.parents:
            raise InputError(f"{out}: inside {source}, which it backs up; write it elsewhere")


def verify_backup(path: str | os.PathLike[str], key: KeySource, store: KeyStore) -> BackupInfo:
    """Decrypt and check every segment and every file's digest, writing nothing.

    IntegrityError (exit 1) names the first thing that fails; InputError for a wrong key.
    """
    return _read(Path(path), key, store, into=None)


def restore_backup(
    path: str | os.PathLike[str], to: str | os.PathLike[str], key: KeySource, store: KeyStore
) -> BackupInfo:
    """Restore into the new folder ``to``: names, sizes, modes and times, all verified.

    The tree is written into a temporary folder beside ``to`` and renamed only after the last
    segment and every file digest checked; on any failure nothing is left behind. ``to`` must
    not exist, or be an empty folder.
    """
    target = Path(to)
    if target.is_symlink() or (target.exists() and (not target.is_dir() or any(target.iterdir()))):
        raise InputError(f"{target}: exists and is not an empty folder; restore somewhere new")
    try:
        with atomic_dir(target) as staging:
            return _read(Path(path), key, store, into=staging)
    except OSError as exc:
        raise InputError(f"{target}: cannot restore: {exc.strerror}") from None


def read_header(path: str | os.PathLike[str]) -> Header:
    """The header of a backup (key id, segment size, digest): readable without any key."""
    with _open(Path(path)) as handle:
        return Header.read(handle, str(path))


def rotate_key(
    target: str | os.PathLike[str], old: KeySource, new: KeySource, store: KeyStore
) -> str:
    """Rewrap one backup's data key from ``old`` to ``new``; the backup file is not touched.

    ``target`` is a backup file or a key id. Returns the key id. Afterwards only ``new`` opens
    it (copies of the old key entry elsewhere still open with ``old``).
    """
    key_id = _key_id_of(target)
    store.rewrap(key_id, old, new)
    return key_id


def rotate_all(old: KeySource, new: KeySource, store: KeyStore) -> list[str]:
    """Rewrap every data key in ``store`` that ``old`` opens; return their ids.

    For when a key file or passphrase must be retired: keys wrapped under anything else are
    left alone (each passphrase-wrapped key costs one KDF run to find out).
    """
    rotated = []
    for key_id in store.key_ids():
        try:
            store.rewrap(key_id, old, new)
        except InputError:
            continue  # wrapped under another key
        rotated.append(key_id)
    return rotated


def shred(target: str | os.PathLike[str], store: KeyStore) -> Shredded:
    """Destroy a backup's data key: every copy of that backup becomes unreadable for good."""
    return store.shred(_key_id_of(target))


def _key_id_of(target: str | os.PathLike[str]) -> str:
    if Path(target).is_file():
        return read_header(target).key_id
    if not KEY_ID.fullmatch(str(target)):
        raise InputError(f"{target}: neither a backup file nor a key id")
    return str(target)


def _read(path: Path, key: KeySource, store: KeyStore, into: Path | None) -> BackupInfo:
    hasher = Hasher()
    try:
        with _open(path) as handle:
            header = Header.read(handle, str(path))
            data_key = store.unwrap(check_key_id(header.key_id, str(path)), header.sha256, key)
            reader = SegmentReader(handle, Sealer(data_key, header), header, hasher, str(path))
            entries = unpack(reader, hasher, header.digest, into, str(path))
    finally:
        hasher.close()
    return BackupInfo(
        path, header.key_id, header.created, header.segment_bytes, header.digest, tuple(entries)
    )


def _open(path: Path) -> io.BufferedReader:
    try:
        return open(path, "rb")
    except OSError as exc:
        raise InputError(f"{path}: cannot open backup: {exc.strerror}") from None
