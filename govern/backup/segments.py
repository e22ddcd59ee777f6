"""Streaming over sealed segments: plaintext in and sealed segments out, and back.

Two cores do the work of one segment at a time: the calling thread reads, seals or opens and
writes, while ``Hasher`` runs the file digest (BLAKE3 or sha256) over the same plaintext on a
second thread (blake3, hashlib and cryptography's AES-GCM all release the GIL on large
buffers). One file's digest is a single serial stream: with sha256 (~3x the CPU of AES-GCM)
that thread sets the pace for a large file; with BLAKE3 the two threads are about even (see
``digests.py``). Buffers are allocated once and reused: sealing and opening go ``into`` them,
reads go ``readinto`` them, and output leaves through an ``OutputStream`` (a helper thread,
``O_DIRECT`` where possible). Neither side holds more than ``RING`` plaintext segments, so
memory stays bounded.
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from typing import IO, Any, Protocol

from cryptography.exceptions import InvalidTag

from govern.backup.output import OutputStream
from govern.backup.stream import TAG_BYTES, Header, Sealer
from govern.errors import InputError, IntegrityError

# Plaintext buffers in rotation: one being filled, the others still read by the hasher.
RING = 4


class Readable(Protocol):
    """A binary file that reads into a caller's buffer: ``open(path, "rb")``, buffered or not."""

    def readinto(self, buffer: bytearray | memoryview, /) -> int | None: ...

    def fileno(self) -> int: ...


class Hasher:
    """Feeds hash objects on one background thread, so hashing runs beside AES on another core.

    Updates run in submission order (one worker), so waiting for the latest one waits for all
    before it. A caller must ``wait`` before reading a digest or reusing a buffer it passed in.
    The first update that fails stops the rest; ``wait`` raises it, naming the file.
    """

    def __init__(self) -> None:
        self._pool = ThreadPoolExecutor(1, thread_name_prefix="govern-hash")
        self._latest: Future[None] | None = None
        self._failure: InputError | None = None

    def update(self, digest: Any, data: memoryview | bytes, where: str) -> None:
        """Queue ``digest.update(data)``; ``data`` must stay unchanged until ``wait`` passes it."""
        self._latest = self._pool.submit(self._update, digest, data, where)

    def _update(self, digest: Any, data: memoryview | bytes, where: str) -> None:
        if self._failure is not None:
            return
        try:
            digest.update(data)
        except Exception as exc:  # reported by ``wait`` in the calling thread
            self._failure = InputError(f"{where}: hashing failed: {type(exc).__name__}: {exc}")

    def latest(self) -> Future[None] | None:
        """The last update submitted; once it is done, every earlier one is."""
        return self._latest

    def wait(self) -> None:
        """Wait for every update queued so far; raise the first failure."""
        self.wait_until(self._latest)

    def wait_until(self, guard: Future[None] | None) -> None:
        """Wait for the updates up to ``guard`` (a ``latest()``; None: nothing to wait for)."""
        if guard is not None:
            guard.result()
        if self._failure is not None:
            raise self._failure

    def close(self) -> None:
        self._pool.shutdown(wait=True, cancel_futures=True)


class SegmentWriter:
    """Plaintext in, sealed segments out: the header first, the last segment sealed by ``close``.

    ``RING`` plaintext buffers rotate: while the hasher still reads the segments just sealed,
    the next one fills from disk; a buffer is refilled only after the hasher is done with it.
    Segments are sealed straight into the ``OutputStream``'s staging buffer (``out`` is
    flushed first and must be empty). Use as a context manager, so that on an error the
    writing thread is done before the file is closed.
    """

    def __init__(
        self, out: IO[bytes], sealer: Sealer, header: Header, hasher: Hasher, where: str
    ) -> None:
        out.flush()
        self._sealer, self._hasher = sealer, hasher
        segment_bytes = header.segment_bytes
        self._output = OutputStream(out.fileno(), where, segment_bytes + TAG_BYTES)
        self._output.write(header.raw)
        self._buffers = [memoryview(bytearray(segment_bytes)) for _ in range(RING)]
        self._in_use: list[Future[None] | None] = [None] * RING
        self._current = 0
        self._view = self._buffers[0]
        self._fill = 0
        self._index = 0

    def __enter__(self) -> SegmentWriter:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self._output.__exit__(*exc_info)

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
        """Seal the last segment and write out everything; return how many segments there are."""
        self._hasher.wait()
        self._seal(last=True)
        self._output.close()
        return self._index

    def _room(self, wanted: int) -> memoryview:
        """Free space in the current segment, at most ``wanted`` bytes, sealing a full one first."""
        if self._fill == len(self._view):
            self._seal_full()
        return self._view[self._fill : self._fill + min(wanted, len(self._view) - self._fill)]

    def _seal_full(self) -> None:
        # A full buffer is sealed only once more data arrives: the last segment may be full too.
        self._seal(last=False)
        self._in_use[self._current] = self._hasher.latest()
        self._current = (self._current + 1) % RING
        self._hasher.wait_until(self._in_use[self._current])
        self._view = self._buffers[self._current]
        self._fill = 0

    def _seal(self, last: bool) -> None:
        size = self._fill + TAG_BYTES
        self._sealer.seal_into(self._index, self._view[: self._fill], last, self._output.room(size))
        self._output.advance(size)
        self._index += 1


class SegmentReader:
    """Sealed segments in, verified plaintext out: no byte is returned before its tag checks.

    Segment boundaries come from the file size, so truncation anywhere is caught: the piece
    left at the end is opened as the last segment, and it was not sealed as one. Plaintext
    lands in ``RING`` reused buffers: a view from ``chunks`` is valid until the next call.
    """

    def __init__(
        self, source: Readable, sealer: Sealer, header: Header, hasher: Hasher, where: str
    ) -> None:
        self._source, self._sealer, self._hasher, self._where = source, sealer, hasher, where
        self.segment_bytes = header.segment_bytes
        stride = header.segment_bytes + TAG_BYTES
        size = os.fstat(source.fileno()).st_size - len(header.raw)
        self._count = max(1, -(-size // stride))
        self._last_length = size - (self._count - 1) * stride
        if self._last_length < TAG_BYTES:
            raise IntegrityError(f"{where}: truncated: the last segment is incomplete")
        self._sealed = memoryview(bytearray(stride))
        self._buffers = [memoryview(bytearray(header.segment_bytes)) for _ in range(RING)]
        self._segment = memoryview(b"")
        self._position = 0
        self._index = 0
        self._guards: deque[Future[None] | None] = deque()

    def read(self, size: int) -> bytes:
        """Exactly ``size`` plaintext bytes (archive metadata)."""
        return b"".join(bytes(chunk) for chunk in self.chunks(size))

    def chunks(self, size: int) -> Iterator[memoryview]:
        """The next ``size`` plaintext bytes as views into verified segments (no copies).

        Each view is overwritten a few segments later: use it (write it, hash it through the
        hasher) before asking for the next one, and do not keep it.
        """
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
        sealed = self._sealed[: self._last_length if last else len(self._sealed)]
        if self._source.readinto(sealed) != len(sealed):
            raise IntegrityError(f"{self._where}: truncated while reading (file changed?)")
        # The buffer about to be overwritten was handed to the hasher RING segments ago.
        self._guards.append(self._hasher.latest())
        if len(self._guards) >= RING:
            self._hasher.wait_until(self._guards.popleft())
        plaintext = self._buffers[self._index % RING][: len(sealed) - TAG_BYTES]
        try:
            self._sealer.open_into(self._index, sealed, last, plaintext)
        except InvalidTag:
            raise IntegrityError(self._describe(last)) from None
        self._segment = plaintext
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
