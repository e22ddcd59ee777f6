"""Large outputs (a backup, a restored file) written off the calling thread, past the page cache.

Bytes gather in two page-aligned staging buffers; a helper thread writes one while the calling
thread fills the other, so the disk works while the next segments are sealed or opened. Where
the file system accepts ``O_DIRECT``, whole 4 KiB blocks bypass the page cache: no copy into
freshly allocated cache pages (on the VM this project is measured on, that copy costs ~3 CPU
seconds per GiB, more than AES-GCM and sha256 together), nothing left dirty for the final
fsync, and the page cache keeps what it held. The unaligned tail is written normally by
``close``. Where ``O_DIRECT`` is refused, the same thread writes through the page cache and
starts writeback with ``fdatasync`` every ``FLUSH_BYTES``, so the final fsync stays short.
Durability still comes from the caller's fsync after ``close``.
"""

from __future__ import annotations

import errno
import fcntl
import mmap
import os
from concurrent.futures import Future, ThreadPoolExecutor

from govern.errors import InputError

ALIGN = 4096  # a multiple of every logical block size O_DIRECT may ask for
STAGE_BYTES = 8 << 20
FLUSH_BYTES = 64 << 20


def write_all(fd: int, data: memoryview | bytes) -> None:
    """Write all of ``data`` to ``fd`` (``os.write`` may write less than asked)."""
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


class OutputStream:
    """Sequential writes to ``fd`` (positioned at 0) from a helper thread; see the module doc.

    ``room(n)`` lends the next ``n`` bytes of staging space (``n`` at most ``largest``) to be
    filled in place, ``advance(n)`` commits them; ``write`` copies. ``close`` writes the rest
    and raises InputError naming ``where`` if any write failed. Used as a context manager,
    leaving on an exception waits for the helper without raising.
    """

    def __init__(self, fd: int, where: str, largest: int, direct: bool = True) -> None:
        self._fd, self._where = fd, where
        size = -(-max(STAGE_BYTES, 2 * largest) // ALIGN) * ALIGN
        self._stages = [memoryview(mmap.mmap(-1, size)) for _ in range(2)]
        self._writes: list[Future[None] | None] = [None, None]
        self._current, self._fill = 0, 0
        self._pool = ThreadPoolExecutor(1, thread_name_prefix="govern-write")
        self._unsynced = 0
        self.direct = direct and os.lseek(fd, 0, os.SEEK_CUR) == 0 and _set_direct(fd, True)

    def __enter__(self) -> OutputStream:
        return self

    def __exit__(self, *exc_info: object) -> None:
        for pending in self._writes:
            if pending is not None:
                pending.exception()  # wait; an error here is reported by ``close`` or lost
        self._pool.shutdown(wait=True)

    def room(self, size: int) -> memoryview:
        """The next ``size`` bytes of staging space, to fill before ``advance(size)``."""
        if self._fill + size > len(self._stages[self._current]):
            self._ship()
        return self._stages[self._current][self._fill : self._fill + size]

    def advance(self, size: int) -> None:
        self._fill += size

    def write(self, data: memoryview | bytes) -> None:
        view = memoryview(data)
        while view:
            take = min(len(view), len(self._stages[self._current]) - self._fill)
            if not take:
                self._ship()
                continue
            self.room(take)[:] = view[:take]
            self.advance(take)
            view = view[take:]

    def close(self) -> None:
        """Write everything still staged; raise InputError naming the file if a write failed."""
        self._ship()
        for index in (0, 1):
            self._result(index)
        if self.direct:
            _set_direct(self._fd, False)  # the tail is not a whole block
        try:
            self._write(self._stages[self._current][: self._fill])
        except OSError as exc:
            raise InputError(f"{self._where}: cannot write: {exc.strerror}") from None
        finally:
            self._pool.shutdown(wait=True)
        self._fill = 0

    def _ship(self) -> None:
        """Hand the staged whole blocks to the helper; carry the rest to the other buffer."""
        stage = self._stages[self._current]
        ready = self._fill - self._fill % ALIGN
        if ready:
            self._writes[self._current] = self._pool.submit(self._write, stage[:ready])
        following = self._current ^ 1
        self._result(following)
        tail = self._fill - ready
        self._stages[following][:tail] = stage[ready : self._fill]
        self._current, self._fill = following, tail

    def _result(self, index: int) -> None:
        pending, self._writes[index] = self._writes[index], None
        if pending is None:
            return
        try:
            pending.result()
        except OSError as exc:
            raise InputError(f"{self._where}: cannot write: {exc.strerror}") from None

    def _write(self, data: memoryview) -> None:
        written = len(data)
        while data:
            try:
                data = data[os.write(self._fd, data) :]
            except OSError as exc:
                if not (self.direct and exc.errno == errno.EINVAL):
                    raise
                # A file system that took the O_DIRECT flag but not this write: write normally.
                self.direct = _set_direct(self._fd, False)
        if not self.direct:
            self._unsynced += written
            if self._unsynced >= FLUSH_BYTES:
                os.fdatasync(self._fd)
                self._unsynced = 0


def _set_direct(fd: int, on: bool) -> bool:
    """Turn O_DIRECT on or off for ``fd``; whether it is now on."""
    flags = fcntl.fcntl(fd, fcntl.F_GETFL)
    try:
        fcntl.fcntl(fd, fcntl.F_SETFL, flags | os.O_DIRECT if on else flags & ~os.O_DIRECT)
    except OSError:
        return False
    return on
