"""Backup throughput: govern create/restore vs a bare AES-256-GCM loop and ``tar | gzip -1``.

Writes one ``--mib`` file of incompressible bytes (default 1 GiB) into ``--dir`` (default: the
system temporary folder, i.e. the real disk), reads it once so the page cache is warm, then
times, in one run:
  - bare loop: AES-256-GCM over the same bytes in memory, one ``encrypt`` per segment, no I/O,
    no hashing (the ceiling for any AES-GCM format in Python on this machine);
  - sha256 of the same bytes in memory (hashlib, one thread): create and restore hash every
    byte, so for one large file this is their ceiling too;
  - govern ``create_backup`` and ``restore_backup`` end to end: read, sha256, seal, write,
    fsync (restore: open, verify, write, fsync, rename), with a key file (no KDF);
  - ``tar -c | gzip -1 > file`` and ``gzip -dc | tar -x`` of the same file, output fsynced.
  - writing and fsyncing the same number of bytes, for context: on a slow or shared disk
    this, not the tool, bounds every figure above; ``--dir /dev/shm`` measures the CPU side.
Targets (issue 7): create and restore >= 300 MB/s, and >= 0.3x the bare loop.

    python benchmarks/backup.py [--mib 1024] [--dir /tmp] [--segment-kib 1024]
"""

from __future__ import annotations

import argparse
import hashlib
import os
import shlex
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cryptography.hazmat.primitives.ciphers.aead import AESGCM  # noqa: E402

from govern.backup import (  # noqa: E402
    KeySource,
    KeyStore,
    create_backup,
    generate_key_file,
    restore_backup,
)

TARGET_MBPS = 300.0
TARGET_RATIO = 0.3


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mib", type=int, default=1024, help="size of the file in MiB")
    parser.add_argument("--dir", default=tempfile.gettempdir(), help="where files are written")
    parser.add_argument("--segment-kib", type=int, default=1024)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="govern-bench-", dir=args.dir) as tmp:
        run(Path(tmp), args.mib << 20, args.segment_kib << 10)


def run(folder: Path, size: int, segment: int) -> None:
    source = write_random_file(folder / "data.bin", size)
    mb = size / 1e6
    disk = mb / timed(lambda: write_and_fsync(folder / "probe.bin", size))
    (folder / "probe.bin").unlink()
    bare_seconds, sha_seconds = in_memory(source, segment)
    bare, sha = mb / bare_seconds, mb / sha_seconds

    generate_key_file(folder / "backup.key")
    key, store = KeySource.from_file(folder / "backup.key"), KeyStore(folder / "keys")
    out = folder / "data.gbak"
    create = mb / timed(lambda: create_backup([source], out, key, store, segment_bytes=segment))
    restore = mb / timed(lambda: restore_backup(out, folder / "restored", key, store))
    if hashlib_file(folder / "restored" / "data.bin") != hashlib_file(source):
        raise SystemExit("restored file differs from the source")
    tar_c = mb / timed(lambda: tar_gzip(source, folder / "data.tar.gz"))
    tar_x = mb / timed(lambda: gunzip_tar(folder / "data.tar.gz", folder / "untarred"))

    print(f"{size >> 20} MiB file, {segment >> 10} KiB segments, {os.cpu_count()} cores, {folder}")
    print(f"  disk: write + fsync (context)  {disk:8.0f} MB/s   the ceiling for anything on disk")
    print(f"  bare AES-256-GCM loop (memory) {bare:8.0f} MB/s")
    print(f"  sha256, one thread (memory)    {sha:8.0f} MB/s   = {sha / bare:.2f}x bare")
    print(f"  govern create                  {create:8.0f} MB/s   = {create / bare:.2f}x bare")
    print(f"  govern restore                 {restore:8.0f} MB/s   = {restore / bare:.2f}x bare")
    print(
        f"  tar | gzip -1                  {tar_c:8.0f} MB/s   govern/tar = {create / tar_c:.1f}x"
    )
    print(
        f"  gzip -d | tar -x               {tar_x:8.0f} MB/s   govern/tar = {restore / tar_x:.1f}x"
    )
    for name, speed in (("create", create), ("restore", restore)):
        verdict(f"{name} >= {TARGET_MBPS:.0f} MB/s", speed >= TARGET_MBPS)
        verdict(f"{name} >= {TARGET_RATIO}x bare loop", speed >= TARGET_RATIO * bare)


def in_memory(source: Path, segment: int) -> tuple[float, float]:
    """Seconds for the bare AES-GCM loop and for sha256 over the file's bytes in memory."""
    data = source.read_bytes()  # warms the page cache for the runs on disk too
    return timed(lambda: bare_gcm_loop(data, segment)), timed(lambda: hashlib.sha256(data))


def verdict(target: str, met: bool) -> None:
    print(f"  target {target}: {'met' if met else 'NOT met'}")


def timed(action: Callable[[], object]) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def write_random_file(path: Path, size: int) -> Path:
    # 64 MiB of random bytes repeated: gzip's 32 KiB window sees no repeats, AES does not care.
    block = os.urandom(min(size, 64 << 20))
    with open(path, "wb") as handle:
        for offset in range(0, size, len(block)):
            handle.write(block[: size - offset])
    return path


def write_and_fsync(path: Path, size: int) -> None:
    block = bytes(1 << 20)
    with open(path, "wb") as handle:
        for _ in range(size >> 20):
            handle.write(block)
        os.fsync(handle.fileno())


def bare_gcm_loop(data: bytes, segment: int) -> None:
    aead, view = AESGCM(AESGCM.generate_key(256)), memoryview(data)
    for index, offset in enumerate(range(0, len(data), segment)):
        aead.encrypt(index.to_bytes(12, "big"), view[offset : offset + segment], None)


def hashlib_file(path: Path) -> str:
    with open(path, "rb") as handle:
        return hashlib.file_digest(handle, "sha256").hexdigest()


def tar_gzip(source: Path, out: Path) -> None:
    with open(out, "wb") as handle:
        tar = subprocess.Popen(
            ["tar", "-cf", "-", "-C", str(source.parent), source.name], stdout=subprocess.PIPE
        )
        subprocess.run(["gzip", "-1"], stdin=tar.stdout, stdout=handle, check=True)
        if tar.wait():
            raise SystemExit("tar failed")
        os.fsync(handle.fileno())


def gunzip_tar(archive: Path, into: Path) -> None:
    into.mkdir()
    command = f"gzip -dc {shlex.quote(str(archive))} | tar -xf - -C {shlex.quote(str(into))}"
    subprocess.run(command, shell=True, check=True)
    with open(into / "data.bin", "rb") as handle:
        os.fsync(handle.fileno())


if __name__ == "__main__":
    main()
