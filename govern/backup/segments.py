"""Streaming over sealed segments: plaintext in and sealed segments out, and back.

Neither side holds more than two segments: the writer fills one buffer from disk while the
other is sealed and hashed, the reader verifies one segment at a time. sha256 runs on a
background thread (``Hasher``) beside AES-GCM, since both release the GIL on large buffers.
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from typing import IO, Any, Protocol

from cryptography.exceptions import InvalidTag

from govern.backup.stream import TAG_BYTES, Header, Sealer
from govern.errors import IntegrityError


class Readable(Protocol):
    """A binary file that reads into a caller's buffer: ``open(path, "rb")``, buffered or not."""

    def readinto(self, buffer: bytearray | memoryview, /) -> int | None: ...

    def fileno(self) -> int: ...


class Hasher:
    """Feeds hash objects on one background thread, so sha256 runs beside AES on another core.

    hashlib and AES-GCM both release the GIL on large buffers. Updates run in submission
    order (one worker), so waiting for the latest one waits for all before it. A caller must
    ``wait`` before reading a digest or reusing a buffer it passed in.
    """

    def __init__(self) -> None:
        self._pool = ThreadPoolExecutor(1, thread_name_prefix="govern-sha256")
        self._latest: Future[None] | None = None

    def update(self, digest: Any, data: memoryview | bytes) -> None:
        self._latest = self._pool.submit(digest.update, data)

    def latest(self) -> Future[None] | None:
        """The last update submitted; once it is done, every earlier one is."""
        return self._latest

    def wait(self, until: Future[None] | None = None) -> None:
        """Wait for the updates up to ``until`` (default: all of them)."""
        target = until if until is not None else self._latest
        if target is not None:
            target.result()

    def close(self) -> None:
        self._pool.shutdown(wait=True, cancel_futures=True)


class SegmentWriter:
    """Plaintext in, sealed segments out; the last segment is sealed by ``close``.

    Two buffers alternate: while the hasher still reads the segment just sealed, the next one
    fills from disk. A buffer is refilled only after the hasher is done with it.
    """

    def __init__(self, out: IO[bytes], sealer: Sealer, segment_bytes: int, hasher: Hasher) -> None:
        self._out, self._sealer, self._hasher = out, sealer, hasher
        self._buffers = [bytearray(segment_bytes), bytearray(segment_bytes)]
        self._in_use: list[Future[None] | None] = [None, None]
        self._current = 0
        self._view = memoryview(self._buffers[0])
        self._fill = 0
        self._index = 0

    def write(self, data: bytes) -> None:
        """Append small metadata to the stream."""
        offset = 0
        while offset < len(data):
            room = self._room(len(data) - offset)
            room[:] = data[offset : offset + len(room)]
            self._fill += len(room)
            offset += len(room)

    def write_from(self, source: Readable, size: int, feed: Callable[[memoryview], None]) -> int:
        """Copy up to ``size`` bytes of ``source`` straight into segments; return bytes copied.

        ``feed`` sees each chunk while it is in the segment buffer (to hash it).
        """
        copied = 0
        while copied < size:
            room = self._room(size - copied)
            count = source.readinto(room)
            if not count:
                break
            feed(room[:count])
            self._fill += count
            copied += count
        return copied

    def close(self) -> int:
        """Seal the last segment; return how many segments the stream has."""
        self._hasher.wait()
        self._out.write(self._sealer.seal(self._index, self._view[: self._fill], last=True))
        return self._index + 1

    def _room(self, wanted: int) -> memoryview:
        """Free space in the current segment, at most ``wanted`` bytes, sealing a full one first."""
        if self._fill == len(self._view):
            self._seal_full()
        return self._view[self._fill : self._fill + min(wanted, len(self._view) - self._fill)]

    def _seal_full(self) -> None:
        # A full buffer is sealed only once more data arrives: the last segment may be full too.
        self._out.write(self._sealer.seal(self._index, self._view, last=False))
        self._index += 1
        self._in_use[self._current] = self._hasher.latest()
        self._current ^= 1
        self._hasher.wait(self._in_use[self._current])
        self._view = memoryview(self._buffers[self._current])
        self._fill = 0


class SegmentReader:
    """Sealed segments in, verified plaintext out: no byte is returned before its tag checks.

    Segment boundaries come from the file size, so truncation anywhere is caught: the piece
    left at the end is opened as the last segment, and it was not sealed as one.
    """

    def __init__(
        self, source: Readable, sealer: Sealer, header: Header, hasher: Hasher, where: str
    ) -> None:
        self._source, self._sealer, self._hasher, self._where = source, sealer, hasher, where
        stride = header.segment_bytes + TAG_BYTES
        size = os.fstat(source.fileno()).st_size - len(header.raw)
        self._count = max(1, -(-size // stride))
        self._last_length = size - (self._count - 1) * stride
        if self._last_length < TAG_BYTES:
            raise IntegrityError(f"{where}: truncated: the last segment is incomplete")
        self._sealed = bytearray(stride)
        self._segment = memoryview(b"")
        self._position = 0
        self._index = 0
        self._guards: deque[Future[None] | None] = deque()

    def read(self, size: int) -> bytes:
        """Exactly ``size`` plaintext bytes (archive metadata)."""
        parts = []
        for chunk in self.chunks(size):
            parts.append(bytes(chunk))
        return b"".join(parts)

    def chunks(self, size: int) -> Iterator[memoryview]:
        """The next ``size`` plaintext bytes as views into verified segments (no copies)."""
        remaining = size
        while remaining:
            if self._position == len(self._segment):
                self._next_segment()
            take = min(remaining, len(self._segment) - self._position)
            yield self._segment[self._position : self._position + take]
            self._position += take
            remaining -= take

    def finish(self) -> None:
        """Check that the stream ends here: every segment read, the last one sealed as last."""
        while self._position == len(self._segment) and self._index < self._count:
            self._next_segment()
        if self._position != len(self._segment):
            raise IntegrityError(f"{self._where}: data after the end of the archive")
        self._hasher.wait()

    def _next_segment(self) -> None:
        if self._index == self._count:
            raise IntegrityError(f"{self._where}: the archive ends before its end marker")
        last = self._index == self._count - 1
        view = memoryview(self._sealed)[: self._last_length if last else len(self._sealed)]
        if self._source.readinto(view) != len(view):
            raise IntegrityError(f"{self._where}: truncated while reading (file changed?)")
        try:
            plaintext = self._sealer.open(self._index, view, last)
        except InvalidTag:
            raise IntegrityError(self._describe(last)) from None
        # At most two segments wait for the hasher: memory stays bounded if it falls behind.
        self._guards.append(self._hasher.latest())
        if len(self._guards) > 2:
            self._hasher.wait(self._guards.popleft())
        self._segment = memoryview(plaintext)
        self._position = 0
        self._index += 1

    def _describe(self, last: bool) -> str:
        if last:
            return (
                f"{self._where}: the last segment fails authentication: "
                "the backup was truncated or modified"
            )
        return (
            f"{self._where}: segment {self._index} fails authentication: the backup was modified, "
            "its segments reordered or dropped, or its header taken from another backup"
        )
