"""Manifest hashing throughput: govern vs ``sha256sum`` on the same files, in one run.

Writes ``--gib`` of random bytes across ``--files`` files of mixed sizes (log-uniform, 4 KiB
to 64 MiB) into a temporary folder, reads them once so the page cache is warm, then times, best
of ``--repeat`` rounds (rounds alternate, so neither tool gets a warmer cache):
  - sha256sum, one process over all files (``xargs -0 sha256sum``);
  - sha256sum, ``xargs -P <workers>``: the same parallelism govern gets;
  - ``openssl dgst -sha256`` with ``xargs -P <workers>``: a baseline that uses SHA-NI where a
    coreutils build may not;
  - govern ``sha256_files`` with ``<workers>`` threads, and ``build_manifest`` (listing, stat,
    hashing) on the folder; the digests are checked against sha256sum's.
Nothing is dropped from the page cache: both tools read the same warm files, so this measures
hashing, not the disk. Then rows + schema of a chat JSONL: govern's pass vs ``read_records``.

    python benchmarks/manifest.py [--gib 1] [--files 300] [--workers N] [--repeat 3]
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Mapping
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from govern.hashing import sha256_files  # noqa: E402
from govern.manifest import build_manifest  # noqa: E402
from govern.manifest.shape import describe  # noqa: E402
from govern.policy import load_policy  # noqa: E402
from govern.records import read_records  # noqa: E402
from govern.sample.corpus import write_corpus  # noqa: E402

MIN_FILE, MAX_FILE = 4 << 10, 64 << 20


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--gib", type=float, default=1.0, help="total size of the files")
    parser.add_argument("--files", type=int, default=300)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--jsonl-scale", type=int, default=10, help="sample corpus copies")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        hashing(root / "files", args)
        rows_and_schema(root / "jsonl", args.jsonl_scale)


def hashing(folder: Path, args: argparse.Namespace) -> None:
    files = write_files(folder, int(args.gib * (1 << 30)), args.files)
    total = sum(path.stat().st_size for path in files)
    for path in files:  # warm the page cache once, for both tools
        path.read_bytes()
    names = b"\0".join(str(path).encode() for path in files)
    per_call = max(1, math.ceil(len(files) / (args.workers * 8)))
    policy_file = folder.parent / "policy.yaml"
    policy_file.write_text("name: benchmark\n")
    loaded = load_policy(policy_file)
    expected: dict[str, str] = {}

    def coreutils(parallel: bool) -> None:
        command = ["xargs", "-0"]
        if parallel:
            command += ["-P", str(args.workers), "-n", str(per_call)]
        out = subprocess.run([*command, "sha256sum"], input=names, capture_output=True, check=True)
        for line in out.stdout.decode().splitlines():
            digest, name = line.split(maxsplit=1)
            expected[name.lstrip("*")] = digest

    def openssl() -> None:
        command = ["xargs", "-0", "-P", str(args.workers), "-n", str(per_call)]
        subprocess.run(
            [*command, "openssl", "dgst", "-sha256"], input=names, check=True, capture_output=True
        )

    def govern_hash() -> None:
        digests = sha256_files(files, args.workers)
        if expected and digests != [expected[str(path)] for path in files]:
            raise SystemExit("govern and sha256sum disagree on a digest")

    def govern_build() -> None:
        build_manifest([folder], loaded, base=folder.parent, workers=args.workers)

    contenders: dict[str, Callable[[], None]] = {
        "sha256sum, 1 process": lambda: coreutils(False),
        f"sha256sum, xargs -P {args.workers}": lambda: coreutils(True),
        f"openssl dgst -sha256, xargs -P {args.workers}": openssl,
        f"govern sha256_files, {args.workers} threads": govern_hash,
        "govern build_manifest (list, stat, hash)": govern_build,
    }
    best = best_of(contenders, args.repeat)
    print(
        f"hashing {len(files)} files, {total / 1e6:.0f} MB, warm page cache, best of {args.repeat}"
    )
    for name, seconds in best.items():
        print(f"  {name:<44} {total / 1e6 / seconds:8.0f} MB/s")
    governed = best[f"govern sha256_files, {args.workers} threads"]
    baseline = min(best[f"sha256sum, xargs -P {args.workers}"], best["sha256sum, 1 process"])
    print(f"  ratio govern / fastest sha256sum: {baseline / governed:.2f}x (target >= 0.8x)")
    # coreutils may be built without OpenSSL (no SHA-NI); openssl is the stronger baseline.
    openssl_seconds = best[f"openssl dgst -sha256, xargs -P {args.workers}"]
    print(f"  ratio govern / openssl dgst:      {openssl_seconds / governed:.2f}x")


def rows_and_schema(folder: Path, scale: int) -> None:
    write_corpus(
        folder, seed=1, n_support=1500 * scale, n_clinic=1, n_forum=1, n_instructions=1, n_code=1
    )
    data = folder / "corpus" / "support_chats" / "data.jsonl"
    size = data.stat().st_size
    data.read_bytes()
    best = best_of(
        {
            "govern describe (rows + schema)": lambda: describe(data),
            "read_records (rows only)": lambda: sum(1 for _ in read_records([data])),
        },
        repeat=2,
    )
    shape = describe(data)
    rows = shape.rows if shape else 0
    print(f"\nrows + schema of a chat JSONL ({size / 1e6:.0f} MB, {rows} rows), one core")
    for name, seconds in best.items():
        print(f"  {name:<44} {size / 1e6 / seconds:8.0f} MB/s")
    ratio = best["read_records (rows only)"] / best["govern describe (rows + schema)"]
    print(f"  ratio govern / read_records: {ratio:.2f}x")
    print(f"  schema: {json.dumps(shape.schema if shape else {})}")


def write_files(folder: Path, total: int, count: int) -> list[Path]:
    """``count`` files of random bytes, sizes log-uniform and scaled to ``total`` bytes."""
    rng = random.Random(0)
    weights = [math.exp(rng.uniform(math.log(MIN_FILE), math.log(MAX_FILE))) for _ in range(count)]
    scale = total / sum(weights)
    folder.mkdir(parents=True)
    files = []
    for index, weight in enumerate(weights):
        path = folder / f"part-{index // 50:02d}" / f"file-{index:04d}.bin"
        path.parent.mkdir(exist_ok=True)
        path.write_bytes(os.urandom(max(1, int(weight * scale))))
        files.append(path)
    return files


def best_of(contenders: Mapping[str, Callable[[], object]], repeat: int) -> dict[str, float]:
    best = dict.fromkeys(contenders, math.inf)
    for _ in range(repeat):
        for name, run in contenders.items():
            started = time.perf_counter()
            run()
            best[name] = min(best[name], time.perf_counter() - started)
    return best


if __name__ == "__main__":
    main()
