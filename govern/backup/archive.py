"""The archive inside the sealed stream: length-prefixed entries, each file with its digest.

Plaintext layout::

    "GVNARC1\\n"
    entry*     kind (b"D" folder | b"F" file) | u16 name length | name (bytes, '/'-separated)
               | u32 mode | i64 mtime_ns | u64 size | data (size bytes) | digest (F only)
    b"E" | u64 number of entries

A file's digest is 32 bytes of the algorithm the header names (``digests.py``: BLAKE3, or
sha256 in version 1 backups and when asked for).

Names are relative; the same check refuses unsafe ones on create and on restore (absolute,
empty, ``.``/``..`` parts, NUL). Only folders and regular files exist here: symlinks, devices
and the like are refused when creating, and restore never makes anything else. Modes keep the
permission bits only (no setuid, setgid or sticky).
"""

from __future__ import annotations

import os
import stat
import struct
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Literal

from govern.backup.digests import DIGEST_BYTES, new_digest
from govern.backup.output import OutputStream, write_all
from govern.backup.segments import Hasher, SegmentReader, SegmentWriter
from govern.errors import InputError, IntegrityError

ARCHIVE_MAGIC = b"GVNARC1\n"
_ENTRY = struct.Struct(">cH")
_META = struct.Struct(">IqQ")
_END = struct.Struct(">Q")
# Below this size a file is hashed inline: a thread hand-off costs more than the hash.
_BACKGROUND_HASH_BYTES = 256 << 10
# From this size a restored file is written through an OutputStream (helper thread, O_DIRECT).
_STREAMED_BYTES = 1 << 20


@dataclass(frozen=True, slots=True)
class Entry:
    """One archived folder or file, as recorded (``digest``: hex, of the backup's algorithm;

    None for folders).
    """

    name: str
    kind: Literal["dir", "file"]
    mode: int
    mtime_ns: int
    size: int
    digest: str | None = None

    def to_json(self, algorithm: str) -> dict[str, Any]:
        """The entry for a report, its digest under the algorithm's name (``"blake3": ...``)."""
        return {
            "name": self.name,
            "kind": self.kind,
            "mode": f"{self.mode:04o}",
            "mtime_ns": self.mtime_ns,
            "size": self.size,
            algorithm: self.digest,
        }


def check_name(name: str, where: str) -> str:
    """``name`` if it is a safe relative archive path; InputError naming ``where`` otherwise."""
    parts = name.split("/")
    if (
        not name
        or "\0" in name
        or name.startswith("/")
        or any(part in ("", ".", "..") for part in parts)
        or any(len(os.fsencode(part)) > 255 for part in parts)
    ):
        raise InputError(f"{where}: refusing unsafe path {name!r} (absolute, empty, '.' or '..')")
    return name


def collect(sources: Sequence[Path]) -> list[tuple[Path, Entry]]:
    """Every folder and file under ``sources``, named from each source's own name, in order.

    InputError for a missing source, two sources with one name, a symlink or a special file.
    """
    found: list[tuple[Path, Entry]] = []
    tops: set[str] = set()
    for source in sources:
        top = os.path.basename(os.path.abspath(source))
        if top in tops:
            raise InputError(f"{source}: two sources are named {top!r}; rename or back up apart")
        tops.add(top)
        found.extend(_walk(Path(source), check_name(top, str(source))))
    return found


def _walk(path: Path, name: str) -> Iterator[tuple[Path, Entry]]:
    try:
        info = path.lstat()
    except OSError as exc:
        raise InputError(f"{path}: cannot back up: {exc.strerror}") from None
    mode = stat.S_IMODE(info.st_mode) & 0o777
    if stat.S_ISREG(info.st_mode):
        yield path, Entry(name, "file", mode, info.st_mtime_ns, info.st_size)
    elif stat.S_ISDIR(info.st_mode):
        yield path, Entry(name, "dir", mode, info.st_mtime_ns, 0)
        for child in sorted(os.listdir(path)):
            yield from _walk(path / child, check_name(f"{name}/{child}", str(path / child)))
    elif stat.S_ISLNK(info.st_mode):
        raise InputError(f"{path}: is a symlink; back up what it points to instead")
    else:
        raise InputError(f"{path}: not a regular file or folder; refusing to back it up")


def pack(
    planned: Sequence[tuple[Path, Entry]], writer: SegmentWriter, hasher: Hasher, algorithm: str
) -> list[Entry]:
    """Write ``planned`` into the stream; return the entries with each file's digest."""
    writer.write(ARCHIVE_MAGIC)
    written = []
    for path, entry in planned:
        writer.write(encode_entry(entry))
        if entry.kind == "file":
            digest = _pack_file(path, entry, writer, hasher, algorithm)
            entry = replace(entry, digest=digest)
        written.append(entry)
    writer.write(b"E" + _END.pack(len(written)))
    return written


def encode_entry(entry: Entry) -> bytes:
    """The bytes that open an entry (its data and digest follow for a file)."""
    name = os.fsencode(entry.name)
    kind = b"F" if entry.kind == "file" else b"D"
    return _ENTRY.pack(kind, len(name)) + name + _META.pack(entry.mode, entry.mtime_ns, entry.size)


def _pack_file(
    path: Path, entry: Entry, writer: SegmentWriter, hasher: Hasher, algorithm: str
) -> str:
    digest = new_digest(algorithm)
    feed = _feeder(digest, hasher, entry.size, str(path))
    try:
        with open(path, "rb", buffering=0) as source:
            copied = writer.write_from(source, entry.size, feed)
            grew = copied == entry.size and source.read(1)
    except OSError as exc:
        raise InputError(f"{path}: cannot read: {exc.strerror}") from None
    if copied != entry.size or grew:
        raise InputError(f"{path}: changed size while being backed up; try again")
    hasher.wait()
    writer.write(digest.digest())
    return digest.hexdigest()


def unpack(
    reader: SegmentReader, hasher: Hasher, algorithm: str, into: Path | None, where: str
) -> list[Entry]:
    """Read every entry, checking each file's digest; write the tree under ``into`` if given.

    Raises IntegrityError for a damaged archive and InputError for an unsafe name; on either
    the caller discards ``into``. Folder modes and times are applied last, deepest first.
    """
    if reader.read(len(ARCHIVE_MAGIC)) != ARCHIVE_MAGIC:
        raise IntegrityError(f"{where}: the archive inside is not one govern wrote")
    entries: list[Entry] = []
    folders: set[str] = set()
    names: set[str] = set()
    while (kind := reader.read(1)) != b"E":
        entry = _read_entry(kind, reader, where)
        parent = entry.name.rpartition("/")[0]
        if (parent and parent not in folders) or entry.name in names:
            raise InputError(
                f"{where}: refusing {entry.name!r}: a duplicate, or outside any folder"
            )
        names.add(entry.name)
        if entry.kind == "dir":
            folders.add(entry.name)
            if into is not None:
                (into / entry.name).mkdir(mode=0o700)
        else:
            digest = _unpack_file(entry, reader, hasher, algorithm, into, where)
            entry = replace(entry, digest=digest)
        entries.append(entry)
    (count,) = _END.unpack(reader.read(_END.size))
    reader.finish()
    if count != len(entries):
        raise IntegrityError(f"{where}: the archive lists {count} entries but holds {len(entries)}")
    if into is not None:
        for entry in reversed(entries):
            if entry.kind == "dir":
                os.chmod(into / entry.name, entry.mode)
                os.utime(into / entry.name, ns=(entry.mtime_ns, entry.mtime_ns))
    return entries


def _read_entry(kind: bytes, reader: SegmentReader, where: str) -> Entry:
    if kind not in (b"D", b"F"):
        raise IntegrityError(f"{where}: unknown archive entry kind {kind!r}")
    (_, length) = _ENTRY.unpack(kind + reader.read(_ENTRY.size - 1))
    name = check_name(os.fsdecode(reader.read(length)), where)
    mode, mtime_ns, size = _META.unpack(reader.read(_META.size))
    if kind == b"D" and size:
        raise IntegrityError(f"{where}: archive folder {name!r} has a size")
    return Entry(name, "file" if kind == b"F" else "dir", mode & 0o777, mtime_ns, size)


def _unpack_file(
    entry: Entry,
    reader: SegmentReader,
    hasher: Hasher,
    algorithm: str,
    into: Path | None,
    where: str,
) -> str:
    digest = new_digest(algorithm)
    feed = _feeder(digest, hasher, entry.size, f"{where}: {entry.name!r}")
    if into is None:
        for chunk in reader.chunks(entry.size):
            feed(chunk)
    else:
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW
        fd = os.open(into / entry.name, flags, 0o600)
        try:
            # ``chunks`` yields only authenticated bytes, in buffers it reuses a few segments
            # later: each chunk is hashed (queued) and written (copied) before the next.
            if entry.size >= _STREAMED_BYTES:
                with OutputStream(fd, f"{where}: {entry.name!r}", 0) as output:
                    for chunk in reader.chunks(entry.size):
                        feed(chunk)
                        output.write(chunk)
                    output.close()
            else:
                for chunk in reader.chunks(entry.size):
                    feed(chunk)
                    write_all(fd, chunk)
            os.fchmod(fd, entry.mode)
            os.utime(fd, ns=(entry.mtime_ns, entry.mtime_ns))
            os.fsync(fd)
        finally:
            os.close(fd)
    hasher.wait()
    if reader.read(DIGEST_BYTES) != digest.digest():
        raise IntegrityError(f"{where}: {entry.name!r}: {algorithm} of the restored bytes differs")
    return digest.hexdigest()


def _feeder(digest: Any, hasher: Hasher, size: int, where: str) -> Callable[[memoryview], None]:
    if size < _BACKGROUND_HASH_BYTES:
        return digest.update  # type: ignore[no-any-return]
    return lambda chunk: hasher.update(digest, chunk, where)
