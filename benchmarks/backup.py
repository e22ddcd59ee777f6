"""Backup throughput: govern create/restore vs a bare AES-256-GCM loop and ``tar | gzip -1``.

Writes one ``--mib`` file of incompressible bytes (default 1 GiB) into ``--dir`` (default: the
system temporary folder, i.e. the real disk) and reads it once, so every run below reads its
input from a warm page cache. Then, ``--repeat`` times (default 5; the machine is shared, so
the median and the range are printed, and CPU seconds per GiB, which contention barely moves):
  - bare loop: the same AES-256-GCM (cryptography's ``AESGCM.encrypt_into``, same segment size,
    nonce layout and associated data) over the same bytes in memory: no hashing, no I/O;
  - blake3 and sha256 of the same bytes in memory, one thread each: create and restore hash
    every byte of a file in one stream (beside AES-GCM on another core), so for a single large
    file the digest's speed is their ceiling (see the README);
  - plain copy: read, write (through the page cache) and fsync the same bytes, no crypto;
  - direct write: the bytes from memory through govern's ``OutputStream`` (O_DIRECT where
    taken) and fsync: the disk's share alone, a ceiling for create and restore;
  - govern ``create_backup`` and ``restore_backup`` end to end with the default digest
    (blake3): read, hash, seal, write, fsync (restore: read, open, hash, write, fsync, rename),
    with a key file (no KDF). govern writes with O_DIRECT where the file system takes it, so
    the backup is read once (untimed) before restore: restore, too, reads its input from a
    warm page cache; and ``verify_backup`` (read, open, hash, no output): the same work as
    restore without the write, i.e. what the CPU allows when the disk is not the limit;
  - the same with ``digest="sha256"`` (what the sample pipeline uses), for comparison.
Once: ``tar -c | gzip -1 > file`` and ``gzip -dc | tar -x``, outputs fsynced.
Ratios vs the bare loop are taken within each repetition (same moment, same contention).
Targets (issue 7): create and restore >= 300 MB/s, and >= 0.3x the bare loop; judged on the
default digest, and printed for the sha256 variant too.

    python benchmarks/backup.py [--mib 1024] [--dir /tmp] [--segment-kib 1024] [--repeat 5]
                                [--no-tar]   (skip the tar baseline, for quick A/B runs)
"""

from __future__ import annotations

import argparse
import hashlib
import os
import resource
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from blake3 import blake3

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cryptography.hazmat.primitives.ciphers.aead import AESGCM  # noqa: E402

from govern.backup import (  # noqa: E402
    DEFAULT_DIGEST,
    BackupInfo,
    KeySource,
    KeyStore,
    create_backup,
    generate_key_file,
    restore_backup,
    verify_backup,
)
from govern.backup.output import OutputStream  # noqa: E402

TARGET_MBPS = 300.0
TARGET_RATIO = 0.3
TAG = 16
LABELS = {
    "bare": "bare AES-256-GCM loop (memory)",
    "blake3": "blake3, one thread (memory)",
    "sha256": "sha256, one thread (memory)",
    "copy": "plain copy (page cache), fsync",
    "write": "direct write (memory), fsync",
    "create": f"govern create ({DEFAULT_DIGEST}, default)",
    "restore": f"govern restore ({DEFAULT_DIGEST}, default)",
    "verify": f"govern verify ({DEFAULT_DIGEST}, no write)",
    "create_sha256": "govern create (sha256)",
    "restore_sha256": "govern restore (sha256)",
}


@dataclass
class Figures:
    """One measured thing over the repetitions: MB/s and CPU seconds per GiB each time."""

    mbps: list[float] = field(default_factory=list)
    cpu_per_gib: list[float] = field(default_factory=list)

    def add(self, size: int, wall: float, cpu: float) -> None:
        self.mbps.append(size / 1e6 / wall)
        self.cpu_per_gib.append(cpu / (size / (1 << 30)))


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--mib", type=int, default=1024, help="size of the file in MiB")
    parser.add_argument("--dir", default=tempfile.gettempdir(), help="where files are written")
    parser.add_argument("--segment-kib", type=int, default=1024)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--no-tar", action="store_true", help="skip the tar | gzip baseline")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="govern-bench-", dir=args.dir) as tmp:
        run(Path(tmp), args.mib << 20, args.segment_kib << 10, args.repeat, not args.no_tar)


def run(folder: Path, size: int, segment: int, repeat: int, tar: bool) -> None:
    source = write_random_file(folder / "data.bin", size)
    data = source.read_bytes()  # the bytes for the in-memory loops; warms the page cache too
    expected = hashlib.sha256(data).hexdigest()
    generate_key_file(folder / "backup.key")
    key, store = KeySource.from_file(folder / "backup.key"), KeyStore(folder / "keys")
    out, restored = folder / "data.gbak", folder / "restored"
    digests = {"blake3": blake3(data).hexdigest(), "sha256": expected}
    figures = {name: Figures() for name in LABELS}
    for _ in range(repeat):
        figures["bare"].add(size, *measured(lambda: bare_gcm_loop(data, segment)))
        figures["blake3"].add(size, *measured(lambda: blake3(data)))
        figures["sha256"].add(size, *measured(lambda: hashlib.sha256(data)))
        figures["copy"].add(size, *measured(lambda: plain_copy(source, folder / "copy.bin")))
        (folder / "copy.bin").unlink()
        figures["write"].add(size, *measured(lambda: direct_write(data, folder / "copy.bin")))
        (folder / "copy.bin").unlink()
        for digest, suffix in ((DEFAULT_DIGEST, ""), ("sha256", "_sha256")):
            info: list[BackupInfo] = []

            def create(digest: str = digest, info: list[BackupInfo] = info) -> None:
                info.append(
                    create_backup([source], out, key, store, segment_bytes=segment, digest=digest)
                )

            figures["create" + suffix].add(size, *measured(create))
            read_through(out)
            if not suffix:
                figures["verify"].add(size, *measured(lambda: verify_backup(out, key, store)))
            restore = measured(lambda: restore_backup(out, restored, key, store))
            figures["restore" + suffix].add(size, *restore)
            if hashlib_file(restored / "data.bin") != expected:
                raise SystemExit("restored file differs from the source")
            if info[0].entries[-1].digest != digests[digest]:
                raise SystemExit(f"the recorded {digest} differs from the reference")
            out.unlink()
            shutil.rmtree(restored)
    tar_c, tar_x = Figures(), Figures()
    if tar:
        tar_c.add(size, *measured(lambda: tar_gzip(source, folder / "data.tar.gz"), children=True))
        unpacked = folder / "out"
        tar_x.add(size, *measured(lambda: gunzip_tar(folder / "data.tar.gz", unpacked), True))
    report(figures, tar_c, tar_x, size, segment, repeat, folder)


def report(
    figures: dict[str, Figures],
    tar_c: Figures,
    tar_x: Figures,
    size: int,
    segment: int,
    repeat: int,
    folder: Path,
) -> None:
    bare = figures["bare"]
    print(
        f"{size >> 20} MiB file, {segment >> 10} KiB segments, {os.cpu_count()} cores, {folder}; "
        f"inputs read from a warm page cache; {repeat} runs: median [min-max]"
    )
    print(f"  govern writes with O_DIRECT here: {supports_o_direct(folder)}")
    print(f"{'':32} {'MB/s':>22}   {'x bare (same run)':>20}   {'CPU s/GiB':>16}")
    for name, label in LABELS.items():
        ratios = [mine / base for mine, base in zip(figures[name].mbps, bare.mbps, strict=True)]
        ratio = "" if name == "bare" else spread(ratios, "{:.2f}x")
        print(
            f"  {label:30} {spread(figures[name].mbps, '{:.0f}'):>22}   {ratio:>20}"
            f"   {spread(figures[name].cpu_per_gib, '{:.2f}'):>16}"
        )
    for label, tar in (("tar | gzip -1 (once)", tar_c), ("gzip -d | tar -x (once)", tar_x)):
        if tar.mbps:
            print(f"  {label:30} {tar.mbps[0]:>22.0f}   {'':>20}   {tar.cpu_per_gib[0]:>16.2f}")
    bare_cpu = statistics.median(bare.cpu_per_gib)
    compared = (("create", tar_c), ("restore", tar_x))
    for name, tar in (*compared, ("create_sha256", tar_c), ("restore_sha256", tar_x)):
        speed = statistics.median(figures[name].mbps)
        ratio = statistics.median(
            mine / base for mine, base in zip(figures[name].mbps, bare.mbps, strict=True)
        )
        cpu = statistics.median(figures[name].cpu_per_gib)
        versus_tar = f"govern/tar {speed / tar.mbps[0]:.1f}x; " if tar.mbps else ""
        print(
            f"  {name}: {versus_tar}CPU per GiB bare/govern "
            f"{bare_cpu / cpu:.2f}x ({bare_cpu:.2f} s vs {cpu:.2f} s)"
        )
        target = "target" if "_" not in name else "for comparison (not the default)"
        verdict(target, f"{name} >= {TARGET_MBPS:.0f} MB/s (median)", speed >= TARGET_MBPS)
        verdict(target, f"{name} >= {TARGET_RATIO}x bare loop (median)", ratio >= TARGET_RATIO)
    for digest in ("blake3", "sha256"):
        ceiling = statistics.median(
            mine / base for mine, base in zip(figures[digest].mbps, bare.mbps, strict=True)
        )
        print(
            f"  ceiling for one file hashed in one {digest} stream: {ceiling:.2f}x bare "
            f"({digest} {statistics.median(figures[digest].cpu_per_gib):.2f} CPU s/GiB vs "
            f"AES-GCM {bare_cpu:.2f})"
        )


def spread(values: list[float], form: str) -> str:
    low, mid, high = min(values), statistics.median(values), max(values)
    return f"{form.format(mid)} [{form.format(low)}-{form.format(high)}]"


def verdict(kind: str, target: str, met: bool) -> None:
    print(f"  {kind} {target}: {'met' if met else 'NOT met'}")


def measured(action: Callable[[], object], children: bool = False) -> tuple[float, float]:
    """Wall seconds and CPU seconds (every thread of this process, or of its children)."""
    who = resource.RUSAGE_CHILDREN if children else resource.RUSAGE_SELF
    before = resource.getrusage(who)
    start = time.perf_counter()
    action()
    wall = time.perf_counter() - start
    after = resource.getrusage(who)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return wall, cpu


def write_random_file(path: Path, size: int) -> Path:
    # 64 MiB of random bytes repeated: gzip's 32 KiB window sees no repeats, AES does not care.
    block = os.urandom(min(size, 64 << 20))
    with open(path, "wb") as handle:
        for offset in range(0, size, len(block)):
            handle.write(block[: size - offset])
    return path


def read_through(path: Path) -> None:
    """Read ``path`` once so that it sits in the page cache."""
    buffer = memoryview(bytearray(8 << 20))
    with open(path, "rb", buffering=0) as reader:
        while reader.readinto(buffer):
            pass


def plain_copy(source: Path, target: Path) -> None:
    """What any tool that writes the bytes durably pays: readinto, os.write, one fsync."""
    buffer = memoryview(bytearray(1 << 20))
    with open(source, "rb", buffering=0) as reader:
        fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            while count := reader.readinto(buffer):
                os.write(fd, buffer[:count])
            os.fsync(fd)
        finally:
            os.close(fd)


def direct_write(data: bytes, target: Path) -> None:
    """Only the output side of create and restore: staged, O_DIRECT where taken, fsync."""
    fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with OutputStream(fd, str(target), 0) as output:
            output.write(data)
            output.close()
        os.fsync(fd)
    finally:
        os.close(fd)


def bare_gcm_loop(data: bytes, segment: int) -> None:
    """govern's sealing call alone: same cipher, segment size, nonce layout and AAD."""
    aead, view = AESGCM(AESGCM.generate_key(256)), memoryview(data)
    prefix, aad = os.urandom(7), os.urandom(32)
    sealed = memoryview(bytearray(segment + TAG))
    offsets = range(0, len(data), segment)
    for index, offset in enumerate(offsets):
        chunk = view[offset : offset + segment]
        last = b"\x01" if index == len(offsets) - 1 else b"\x00"
        nonce = prefix + index.to_bytes(4, "big") + last
        aead.encrypt_into(nonce, chunk, aad, sealed[: len(chunk) + TAG])


def supports_o_direct(folder: Path) -> bool:
    probe = folder / "o_direct.probe"
    try:
        os.close(os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_DIRECT, 0o600))
    except OSError:
        return False
    finally:
        probe.unlink(missing_ok=True)
    return True


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
