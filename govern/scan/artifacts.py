"""Training artifact trees -> one ``FileEntry`` per file and the ``TextUnit``s to scan in it.

Checkpoints, adapters, logs, configs, tokenizer files, notebooks and exported samples can all
carry secrets or personal data. Every file is listed, scanned or skipped with a reason; nothing
is read whole (text line by line, binaries in chunks, safetensors header only) and nothing is
deserialised beyond JSON (pickles are never loaded). Symlinks are never followed. Reasons name
places and limits, never content.
"""

from __future__ import annotations

import bz2
import codecs
import gzip
import json
import lzma
import os
import re
import stat
import tarfile
import zipfile
import zlib
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import chain
from pathlib import Path
from typing import Any, Protocol

from govern.errors import InputError

_CHUNK = 1 << 20
_SNIFF = 8 << 10
_MAX_NOTES = 20
_SAFETENSORS_MAX_HEADER = 100 << 20  # the safetensors library refuses larger headers too
_VCS_DIRS = {".git", ".hg", ".svn"}
_TAR_SUFFIXES = (".tar", ".tar.gz", ".tgz", ".tar.bz2", ".tbz2", ".tar.xz", ".txz")
_STREAM_OPENERS: dict[str, Callable[[Any], Any]] = {
    ".gz": lambda raw: gzip.GzipFile(fileobj=raw, mode="rb"),
    ".bz2": lambda raw: bz2.BZ2File(raw),
    ".xz": lambda raw: lzma.LZMAFile(raw),
}
_ARCHIVE_SUFFIXES = (".zip", *_TAR_SUFFIXES, *_STREAM_OPENERS)
# What a corrupt, truncated, encrypted or exotic archive raises from the standard library.
_ARCHIVE_ERRORS: tuple[type[Exception], ...] = (OSError, EOFError, ValueError, RuntimeError)
_ARCHIVE_ERRORS += (NotImplementedError, zlib.error, lzma.LZMAError)
_ARCHIVE_ERRORS += (tarfile.TarError, zipfile.BadZipFile)
# Printable ASCII (with tab/CR/LF) or a well-formed UTF-8 sequence; _RUN_BYTES is its byte set.
_PRINTABLE = (
    rb"[\t\n\r\x20-\x7e]|[\xc2-\xdf][\x80-\xbf]|[\xe0-\xef][\x80-\xbf]{2}|[\xf0-\xf4][\x80-\xbf]{3}"
)
_RUN_BYTES = bytes([9, 10, 13, *range(0x20, 0x7F), *range(0x80, 0xF5)])


@dataclass(slots=True, frozen=True)
class TextUnit:
    """One piece of text to scan and where it is (``path``, ``line``, ``field``)."""

    path: str  # for archive members: "archive.zip!member/path"
    line: int  # 1-based line; cell index + 1; byte offset of a strings run; 1 in a header
    field: str  # "line", "__metadata__.<key>", "tensor_names", "cells.3.source", "strings", ...
    text: str


@dataclass(slots=True)
class FileEntry:
    """One file of the tree: its kind and whether it was ``scanned``, ``skipped`` or ``partial``."""

    path: str
    kind: str  # text, safetensors, notebook, binary, archive, symlink, other
    status: str
    reason: str | None
    bytes: int
    notes: list[str] = field(default_factory=list, init=False, repr=False, compare=False)
    more_notes: int = field(default=0, init=False, repr=False, compare=False)

    def note(self, reason: str) -> None:
        """Record a part not scanned (or scanned with a caveat); the file becomes ``partial``."""
        if self.status == "scanned":
            self.status = "partial"
        if len(self.notes) < _MAX_NOTES:
            self.notes.append(reason)
        else:  # a latin-1 log can have a million bad lines; keep the reason short
            self.more_notes += 1
        more = f"; and {self.more_notes} more" if self.more_notes else ""
        self.reason = "; ".join(self.notes) + more

    def skip(self, reason: str) -> None:
        """Mark the whole file as not scanned."""
        self.status, self.reason = "skipped", reason

    def to_json(self) -> dict[str, object]:
        """The entry for a JSON report (``notes`` are already joined into ``reason``)."""
        return {
            "path": self.path,
            "kind": self.kind,
            "status": self.status,
            "reason": self.reason,
            "bytes": self.bytes,
        }


@dataclass(frozen=True, slots=True)
class ArtifactLimits:
    """Bounds on what one file may cost; what goes past them is listed, never dropped silently."""

    max_line_bytes: int = 10 << 20
    max_binary_bytes: int = 256 << 20  # strings extraction per binary; also a notebook's JSON
    max_archive_member_bytes: int = 64 << 20
    max_archive_members: int = 10_000
    min_string_length: int = 6


class _Report(Protocol):
    def note(self, reason: str) -> None: ...
    def skip(self, reason: str) -> None: ...


class _Readable(Protocol):
    def read(self, size: int = ..., /) -> bytes: ...


@dataclass(slots=True)
class _MemberReport:
    """Reports about one archive member go to the archive's entry, prefixed with the member."""

    entry: FileEntry
    member: str

    def note(self, reason: str) -> None:
        self.entry.note(f"{self.member}: {reason}")

    skip = note


class _Stream:
    """At most ``limit`` bytes of ``raw``; the sniffed head is replayed to the first reads."""

    def __init__(self, raw: _Readable, limit: int | None = None) -> None:
        self._raw, self._left, self._pending = raw, limit, b""

    def head(self) -> bytes:
        self._pending = self._take(_SNIFF)
        return self._pending

    def read(self, size: int) -> bytes:
        if self._pending:
            out, self._pending = self._pending[:size], self._pending[size:]
            return out + self._take(size - len(out))
        return self._take(size)

    def chunks(self) -> Iterator[bytes]:
        return iter(lambda: self.read(_CHUNK), b"")

    def over_limit(self) -> bool:
        return self._left == 0 and bool(self._raw.read(1))

    def _take(self, size: int) -> bytes:
        size = size if self._left is None else min(size, self._left)
        parts, got = [], 0
        while got < size:  # raw streams (zip, gzip) may return short reads
            piece = self._raw.read(size - got)
            if not piece:
                break
            parts.append(piece)
            got += len(piece)
        if self._left is not None:
            self._left -= got
        return b"".join(parts)


def walk_artifacts(
    paths: Iterable[str | Path], limits: ArtifactLimits = ArtifactLimits()
) -> Iterator[tuple[FileEntry, Iterator[TextUnit]]]:
    """Each file under ``paths`` (sorted, deterministic): its entry and a lazy iterator of texts.

    Consume each texts iterator before advancing (the file is closed then); the entry's status
    and reason are final once its texts are consumed. A missing path raises ``InputError``.
    """
    roots = [os.fspath(path) for path in paths]
    for root in roots:
        if not os.path.lexists(root):
            raise InputError(f"{root}: no such file or directory")
    seen: set[str] = set()
    for root in roots:
        for found in _walk(root):
            path = found.path if isinstance(found, FileEntry) else found[0]
            key = os.path.abspath(path)
            if key in seen:  # overlapping inputs list a file once
                continue
            seen.add(key)
            if isinstance(found, FileEntry):
                yield found, iter(())
            else:
                yield from _visit(path, found[1], limits)


def _walk(root: str) -> Iterator[FileEntry | tuple[str, os.stat_result]]:
    """Every non-directory under ``root`` with its lstat, and entries for folders not entered."""
    try:
        root_stat = os.lstat(root)
    except OSError as exc:
        yield FileEntry(root, "other", "skipped", _os_reason(exc), 0)
        return
    if not stat.S_ISDIR(root_stat.st_mode):
        yield root, root_stat
        return
    pending = [root]
    while pending:
        folder = pending.pop()
        try:
            with os.scandir(folder) as listing:
                children = sorted(listing, key=lambda child: child.name)
        except OSError as exc:
            yield FileEntry(folder, "other", "skipped", _os_reason(exc), 0)
            continue
        subfolders = []
        for child in children:
            try:
                child_stat = child.stat(follow_symlinks=False)
            except OSError as exc:  # vanished or unreadable between listing and stat
                yield FileEntry(child.path, "other", "skipped", _os_reason(exc), 0)
                continue
            if not stat.S_ISDIR(child_stat.st_mode):
                yield child.path, child_stat
            elif child.name in _VCS_DIRS or _is_dvc_cache(child.path):
                yield FileEntry(child.path, "other", "skipped", "version-control metadata", 0)
            else:
                subfolders.append(child.path)
        pending.extend(reversed(subfolders))


def _is_dvc_cache(path: str) -> bool:
    parent, name = os.path.split(path)
    return name == "cache" and os.path.basename(parent) == ".dvc"


def _os_reason(exc: OSError) -> str:
    if isinstance(exc, PermissionError):
        return "permission denied"
    return f"unreadable ({exc.strerror or type(exc).__name__})"


def _visit(
    path: str, file_stat: os.stat_result, limits: ArtifactLimits
) -> Iterator[tuple[FileEntry, Iterator[TextUnit]]]:
    entry = FileEntry(path, _kind_by_name(path) or "other", "scanned", None, file_stat.st_size)
    if stat.S_ISLNK(file_stat.st_mode):  # never followed: also makes symlink loops harmless
        entry.kind = "symlink"
        entry.skip("symlink (not followed)")
    elif not stat.S_ISREG(file_stat.st_mode):  # opening a FIFO would block forever
        entry.skip("not a regular file")
    elif file_stat.st_size == 0:
        entry.skip("empty file")
    if entry.status == "skipped":
        yield entry, iter(())
        return
    try:
        handle = _open_regular(path)
    except OSError as exc:
        entry.skip(_os_reason(exc))
        yield entry, iter(())
        return
    with handle:  # closed when the caller advances, so the texts must be consumed first
        stream = _Stream(handle)
        try:
            if entry.kind == "other":
                entry.kind = _sniff(stream.head())
        except OSError as exc:
            entry.skip(_os_reason(exc))
            yield entry, iter(())
            return
        yield entry, _guarded(entry, _file_units(entry, handle, stream, limits))


def _open_regular(path: str) -> Any:
    # O_NOFOLLOW/O_NONBLOCK and the fstat close the race with a file swapped after the lstat.
    fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise OSError(0, "not a regular file")
    return os.fdopen(fd, "rb")


def _guarded(entry: FileEntry, units: Iterator[TextUnit]) -> Iterator[TextUnit]:
    try:
        yield from units
    except OSError as exc:
        entry.note(f"read error ({_os_reason(exc)})")


def _kind_by_name(name: str) -> str | None:
    lower = name.lower()
    for suffix, kind in ((".safetensors", "safetensors"), (".ipynb", "notebook")):
        if lower.endswith(suffix):
            return kind
    return "archive" if lower.endswith(_ARCHIVE_SUFFIXES) else None


def _sniff(head: bytes) -> str:
    """``text`` when the head has no NUL and is (mostly) UTF-8, else ``binary``."""
    if b"\0" in head:
        return "binary"
    # Incremental and not final: a character cut at the 8 KiB boundary is not an error.
    decoded = codecs.getincrementaldecoder("utf-8")("replace").decode(head, final=False)
    # A few bad bytes (a latin-1 name in a log) keep a file text, read with replacement.
    return "text" if decoded.count("\ufffd") * 10 <= len(head) else "binary"


def _file_units(
    entry: FileEntry, handle: Any, stream: _Stream, limits: ArtifactLimits
) -> Iterator[TextUnit]:
    if entry.kind != "archive":
        return _content_units(entry.kind, entry.path, stream, entry.bytes, entry, limits)
    lower = entry.path.lower()
    if lower.endswith(".zip"):
        return _zip_units(entry, handle, limits)
    if lower.endswith(_TAR_SUFFIXES):
        return _tar_units(entry, handle, limits)
    return _compressed_units(entry, handle, limits)


def _content_units(
    kind: str, path: str, stream: _Stream, size: int | None, report: _Report, limits: ArtifactLimits
) -> Iterator[TextUnit]:
    if kind == "safetensors":
        return _safetensors_units(path, stream, size, report)
    if kind == "notebook":
        return _notebook_units(path, stream, report, limits)
    if kind == "text":
        return _line_units(path, stream.chunks(), limits.max_line_bytes, report)
    return _strings_units(path, stream, report, limits)


def _line_units(
    path: str, chunks: Iterable[bytes], max_line: int, report: _Report
) -> Iterator[TextUnit]:
    for number, raw in _split_lines(chunks, max_line):
        if raw is None:
            report.note(f"line {number} over {_size(max_line)} limit: skipped that line")
            continue
        if not raw.strip():
            continue
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            text = raw.decode("utf-8", errors="replace")
            report.note(f"invalid UTF-8 at line {number} (decoded with replacement)")
        yield TextUnit(path, number, "line", text.rstrip("\r"))


def _split_lines(chunks: Iterable[bytes], max_line: int) -> Iterator[tuple[int, bytes | None]]:
    """Numbered lines without ``\\n``; ``None`` for a line over ``max_line``, never held whole."""
    pending, over, number = bytearray(), False, 0
    for chunk in chunks:
        *complete, rest = chunk.split(b"\n")
        for piece in complete:
            number += 1
            fits = not over and len(pending) + len(piece) <= max_line
            yield number, (bytes(pending) + piece if fits else None)
            pending.clear()
            over = False
        if not over:
            pending += rest
            if len(pending) > max_line:
                over = True
                pending.clear()
    if pending or over:
        yield number + 1, None if over else bytes(pending)


@lru_cache(maxsize=8)
def _run_pattern(min_length: int) -> re.Pattern[bytes]:
    return re.compile(rb"(?:%s){%d,}" % (_PRINTABLE, min_length))


def _strings_units(
    path: str, stream: _Stream, report: _Report, limits: ArtifactLimits
) -> Iterator[TextUnit]:
    """Printable runs like ``strings``, ``line`` = byte offset; runs across chunks are joined."""
    pattern = _run_pattern(limits.min_string_length)
    carry, offset, left = b"", 0, limits.max_binary_bytes
    while left > 0 and (chunk := stream.read(min(_CHUNK, left))):
        left -= len(chunk)
        buffer = carry + chunk
        tail = len(buffer) - len(buffer.rstrip(_RUN_BYTES))
        cut = len(buffer) - tail if tail <= _CHUNK else len(buffer)  # bound the carry
        yield from _runs(path, pattern, buffer[:cut], offset)
        carry, offset = buffer[cut:], offset + cut
    yield from _runs(path, pattern, carry, offset)
    if left <= 0 and stream.read(1):
        report.note(f"binary over {_size(limits.max_binary_bytes)} strings limit: rest not scanned")


def _runs(path: str, pattern: re.Pattern[bytes], buffer: bytes, offset: int) -> Iterator[TextUnit]:
    for match in pattern.finditer(buffer):
        # "replace": the pattern admits overlong and surrogate encodings that UTF-8 forbids.
        text = match.group().decode("utf-8", errors="replace")
        yield TextUnit(path, offset + match.start(), "strings", text)


def _safetensors_units(
    path: str, stream: _Stream, size: int | None, report: _Report
) -> Iterator[TextUnit]:
    """The header's ``__metadata__`` values and tensor names; tensor data is never read."""
    prefix = stream.read(8)
    length = int.from_bytes(prefix, "little")
    room = _SAFETENSORS_MAX_HEADER if size is None else min(_SAFETENSORS_MAX_HEADER, size - 8)
    if len(prefix) < 8:
        report.skip("corrupt safetensors header (file shorter than 8 bytes)")
        return
    if length > room:
        report.skip(f"corrupt safetensors header (declared length {length} bytes too large)")
        return
    try:
        header = json.loads(stream.read(length))
    except (ValueError, RecursionError):
        header = None
    if not isinstance(header, dict):
        report.skip("corrupt safetensors header (not a JSON object)")
        return
    metadata = header.get("__metadata__", {})
    if not isinstance(metadata, dict):  # the format says str -> str; read whatever is there
        metadata = {"": metadata}
    for key, value in metadata.items():
        text = value if isinstance(value, str) else json.dumps(value)
        yield TextUnit(path, 1, f"__metadata__.{key}" if key else "__metadata__", text)
    names = [name for name in header if name != "__metadata__"]
    if names:  # a tensor name is free text and could carry data
        yield TextUnit(path, 1, "tensor_names", "\n".join(names))


def _notebook_units(
    path: str, stream: _Stream, report: _Report, limits: ArtifactLimits
) -> Iterator[TextUnit]:
    """Cell sources and text outputs; a notebook that is not valid JSON is read as text."""
    data = stream.read(limits.max_binary_bytes + 1)
    cells = _notebook_cells(data) if len(data) <= limits.max_binary_bytes else None
    if cells is None:
        report.note("not a readable notebook (invalid or too large): scanned as text")
        chunks = chain([data], stream.chunks())
        yield from _line_units(path, chunks, limits.max_line_bytes, report)
        return
    for index, cell in enumerate(cells):
        if not isinstance(cell, dict):
            report.note(f"cell {index} is not an object: skipped")
            continue
        yield from _cell_units(path, index, cell)


def _notebook_cells(data: bytes) -> list[Any] | None:
    try:
        notebook = json.loads(data)
    except (ValueError, RecursionError):
        return None
    cells = notebook.get("cells") if isinstance(notebook, dict) else None
    return cells if isinstance(cells, list) else None


def _cell_units(path: str, index: int, cell: dict[str, Any]) -> Iterator[TextUnit]:
    line, prefix = index + 1, f"cells.{index}"
    values: list[tuple[str, Any]] = [(f"{prefix}.source", cell.get("source"))]
    outputs = cell.get("outputs")
    for number, output in enumerate(outputs if isinstance(outputs, list) else []):
        if not isinstance(output, dict):
            continue
        where = f"{prefix}.outputs.{number}"
        values += [(f"{where}.{key}", output.get(key)) for key in ("text", "evalue", "traceback")]
        data = output.get("data")
        for mime, value in data.items() if isinstance(data, dict) else []:
            if mime.startswith("text/") or mime.endswith("json"):  # images are base64: no text
                values.append((f"{where}.data.{mime}", value))
    for name, value in values:
        # nbformat splits text into lines that keep their "\n"; a traceback's lines do not.
        if isinstance(value, list):
            joiner = "\n" if name.endswith("traceback") else ""
            value = joiner.join(part for part in value if isinstance(part, str))
        elif isinstance(value, dict):
            value = json.dumps(value)
        if isinstance(value, str) and value.strip():
            yield TextUnit(path, line, name, value)


def _zip_units(entry: FileEntry, handle: Any, limits: ArtifactLimits) -> Iterator[TextUnit]:
    try:
        archive = zipfile.ZipFile(handle)
    except _ARCHIVE_ERRORS as exc:
        entry.skip(f"corrupt archive ({type(exc).__name__})")
        return
    with archive:
        members = archive.infolist()
        cap = limits.max_archive_members
        if len(members) > cap:
            entry.note(f"{len(members) - cap} members over the {cap} member limit: not scanned")
        for info in members[:cap]:
            if info.is_dir() or info.file_size == 0:
                continue
            if stat.S_ISLNK(info.external_attr >> 16):
                entry.note(f"{info.filename}: symlink (not followed)")
            elif _member_fits(entry, info.filename, info.file_size, limits):
                try:
                    with archive.open(info) as raw:
                        yield from _member_units(entry, info.filename, raw, info.file_size, limits)
                except _ARCHIVE_ERRORS as exc:  # bad CRC, encrypted, unsupported compression
                    entry.note(f"{info.filename}: unreadable member ({type(exc).__name__})")


def _tar_units(entry: FileEntry, handle: Any, limits: ArtifactLimits) -> Iterator[TextUnit]:
    handle.seek(0)
    try:  # stream mode: a .tar.gz is decompressed once, front to back
        archive = tarfile.open(fileobj=handle, mode="r|*")
    except _ARCHIVE_ERRORS as exc:
        entry.skip(f"corrupt archive ({type(exc).__name__})")
        return
    count = 0
    with archive:
        try:
            for member in archive:
                count += 1
                if count > limits.max_archive_members:
                    cap = limits.max_archive_members
                    entry.note(f"more than {cap} members: the rest not scanned")
                    return
                if member.issym() or member.islnk():
                    entry.note(f"{member.name}: link (not followed)")
                elif not member.isfile():
                    if not member.isdir():
                        entry.note(f"{member.name}: not a regular file")
                elif member.size and _member_fits(entry, member.name, member.size, limits):
                    raw = archive.extractfile(member)
                    assert raw is not None  # a regular file member always has data
                    yield from _member_units(entry, member.name, raw, member.size, limits)
        except _ARCHIVE_ERRORS as exc:
            entry.note(f"corrupt archive after {count} members ({type(exc).__name__})")


def _compressed_units(entry: FileEntry, handle: Any, limits: ArtifactLimits) -> Iterator[TextUnit]:
    """A single compressed file (.gz, .bz2, .xz) as one member, decompressed as a stream."""
    name = os.path.basename(entry.path)
    suffix = os.path.splitext(name)[1].lower()
    raw = _STREAM_OPENERS[suffix](handle)
    try:
        raw.peek(1)
    except _ARCHIVE_ERRORS as exc:
        entry.skip(f"corrupt archive ({type(exc).__name__})")
        return
    with raw:
        try:
            yield from _member_units(entry, name[: -len(suffix)] or "data", raw, None, limits)
        except _ARCHIVE_ERRORS as exc:
            entry.note(f"corrupt archive ({type(exc).__name__})")


def _member_fits(entry: FileEntry, member: str, size: int, limits: ArtifactLimits) -> bool:
    limit = limits.max_archive_member_bytes
    if size <= limit:
        return True
    entry.note(f"{member}: over the {_size(limit)} member size limit: not scanned")
    return False


def _member_units(
    entry: FileEntry, member: str, raw: _Readable, size: int | None, limits: ArtifactLimits
) -> Iterator[TextUnit]:
    report = _MemberReport(entry, member)
    # The cap also holds when a zip header understates a member's size.
    stream = _Stream(raw, limits.max_archive_member_bytes)
    kind = _kind_by_name(member) or _sniff(stream.head())
    if kind == "archive":
        report.note("nested archive not recursed")
        return
    yield from _content_units(kind, f"{entry.path}!{member}", stream, size, report, limits)
    if stream.over_limit():
        report.note(
            f"over the {_size(limits.max_archive_member_bytes)} member size limit: rest not scanned"
        )


def _size(count: int) -> str:
    mib = 1 << 20
    return f"{count // mib} MB" if count >= mib and count % mib == 0 else f"{count} bytes"
