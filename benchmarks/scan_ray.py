"""Scan throughput of the Ray engine against the local engine, on this machine, 1 and 2 workers.

The corpus is the labeled sample at scale with texts padded to ~400 characters, as in
``benchmarks/scan.py``: JSONL files (cut into line ranges by the Ray engine), a JSON array and
a CSV. Every run is a fresh ``govern scan --engine local|ray --workers N`` process, as a user
runs it: the local engine forks N scanning processes, the Ray engine starts a local Ray with N
CPUs and N actors. A run's fixed cost (Python imports, building the detectors in every worker,
and for Ray its start and its actors' interpreters) is the same whatever the corpus size, so
each configuration scans two corpus sizes (1x and --factor x) and the difference gives the
steady throughput, which is what a large corpus sees. Each line prints wall MB/s and the
CPU-seconds of the whole process tree (Ray's daemons and actors included): the cores are shared
with other work, so CPU-seconds say what a run cost and wall says how long it took on the cores
it got. The two engines' findings are compared as a check.

    python benchmarks/scan_ray.py [--mb 8] [--factor 8] [--message-chars 400]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))
os.environ.setdefault("HF_HUB_OFFLINE", "1")

import psutil  # noqa: E402
from scan import DEFAULT_COUNTS, SAMPLE_MB_PER_SCALE, lengthen  # noqa: E402

from govern.sample.corpus import write_corpus  # noqa: E402


class CpuMeter:
    """CPU-seconds of a process and all its descendants, sampled so that none is missed."""

    def __init__(self, pid: int) -> None:
        self.me = psutil.Process(pid)
        self.base = self._sample()
        self.seen = dict(self.base)
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._poll, daemon=True)
        self.thread.start()

    def _sample(self) -> dict[int, float]:
        found: dict[int, float] = {}
        try:
            children = self.me.children(recursive=True)
        except psutil.Error:  # the run has ended
            children = []
        for proc in [self.me, *children]:
            try:
                times = proc.cpu_times()
                found[proc.pid] = times.user + times.system
            except psutil.Error:
                continue
        return found

    def _poll(self) -> None:
        while not self.stop.wait(0.2):
            for pid, seconds in self._sample().items():
                self.seen[pid] = max(self.seen.get(pid, 0.0), seconds)

    def seconds(self) -> float:
        self.stop.set()
        self.thread.join()
        for pid, seconds in self._sample().items():
            self.seen[pid] = max(self.seen.get(pid, 0.0), seconds)
        return sum(seconds - self.base.get(pid, 0.0) for pid, seconds in self.seen.items())


def run_scan(corpus: Path, engine: str, workers: int, report: Path) -> tuple[float, float]:
    """One ``govern scan`` process: (wall seconds, CPU-seconds of its whole process tree)."""
    command = [sys.executable, "-m", "govern", "scan", str(corpus), "--id-field", "id"]
    command += ["--engine", engine, "--workers", str(workers), "--report", str(report)]
    started = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    meter = CpuMeter(process.pid)
    _, stderr = process.communicate()
    wall = time.perf_counter() - started
    cpu = meter.seconds()
    if process.returncode not in (0, 1):  # 1: the policy blocks the planted values
        raise SystemExit(f"govern scan failed: {stderr.decode()[-2000:]}")
    return wall, cpu


def make_corpus(root: Path, mb: float, chars: int) -> tuple[Path, float]:
    per_scale = SAMPLE_MB_PER_SCALE * max(1.0, chars / 125)
    scale = max(1, round(mb / per_scale))
    write_corpus(root, seed=1, **{k: v * scale for k, v in DEFAULT_COUNTS.items()})
    planted = [json.loads(line) for line in (root / "labels" / "planted.jsonl").open()]
    corpus = lengthen(root / "corpus", root / "chat", planted, chars)
    return corpus, sum(p.stat().st_size for p in corpus.rglob("data.*")) / 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=float, default=8.0, help="the smaller corpus")
    parser.add_argument("--factor", type=int, default=8, help="the larger is this many times it")
    parser.add_argument("--message-chars", type=int, default=400)
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        small, small_mb = make_corpus(root / "small", args.mb, args.message_chars)
        large, large_mb = make_corpus(root / "large", args.factor * args.mb, args.message_chars)
        print(
            f"corpora: {small_mb:.1f} and {large_mb:.1f} MB; machine: {os.cpu_count()} cores "
            f"shared with other work (load {os.getloadavg()[0]:.1f} at start)"
        )
        runs: dict[tuple[str, int, str], tuple[float, float]] = {}
        findings: dict[tuple[str, int, str], Any] = {}
        for workers in (1, 2):
            for engine in ("local", "ray"):
                for size, corpus in (("small", small), ("large", large)):
                    report = root / f"{engine}-{workers}-{size}.json"
                    runs[(engine, workers, size)] = run_scan(corpus, engine, workers, report)
                    findings[(engine, workers, size)] = json.loads(report.read_text())["findings"]
                    wall, cpu = runs[(engine, workers, size)]
                    print(f"  {engine} workers={workers} {size}: {wall:.1f} s, {cpu:.1f} CPU-s")
        same = all(findings[key] == findings[("local", 1, key[2])] for key in findings)
        print(f"findings identical across engines and worker counts: {same}")

    sizes = {"small": small_mb, "large": large_mb}
    steady: dict[tuple[str, int], tuple[float, float]] = {}
    print(
        f"\n{'engine':<6} {'workers':>7} {'MB/s':>6} {'MB/CPU-s':>8} (on {large_mb:.0f} MB) | "
        f"{'steady MB/s':>11} {'steady MB/CPU-s':>15} | {'fixed s':>7} {'fixed CPU-s':>11}"
    )
    for engine in ("local", "ray"):
        for workers in (1, 2):
            small_run, large_run = (
                runs[(engine, workers, "small")],
                runs[(engine, workers, "large")],
            )
            extra = large_mb - small_mb
            # Noise can exceed the difference on a small corpus: --factor makes it larger.
            wall = max(large_run[0] - small_run[0], 1e-3)
            cpu = max(large_run[1] - small_run[1], 1e-3)
            steady[(engine, workers)] = (extra / wall, extra / cpu)
            fixed_wall = small_run[0] - small_mb * wall / extra
            fixed_cpu = small_run[1] - small_mb * cpu / extra
            print(
                f"{engine:<6} {workers:>7} {sizes['large'] / large_run[0]:>6.2f} "
                f"{sizes['large'] / large_run[1]:>8.2f}              | {extra / wall:>11.2f} "
                f"{extra / cpu:>15.2f} | {fixed_wall:>7.1f} {fixed_cpu:>11.1f}"
            )
    print("(steady: the larger corpus minus the smaller, so fixed costs cancel; fixed: the rest)\n")
    for engine in ("local", "ray"):
        one, two = steady[(engine, 1)], steady[(engine, 2)]
        big_one, big_two = runs[(engine, 1, "large")], runs[(engine, 2, "large")]
        print(
            f"{engine} scaling 1->2 workers: {big_one[0] / big_two[0]:.2f}x wall on "
            f"{large_mb:.0f} MB, {two[0] / one[0]:.2f}x steady"
        )
    for workers in (1, 2):
        ray_big, local_big = runs[("ray", workers, "large")], runs[("local", workers, "large")]
        ray_steady, local_steady = steady[("ray", workers)], steady[("local", workers)]
        print(
            f"ray/local time at {workers} worker(s): {ray_big[0] / local_big[0]:.2f}x wall, "
            f"{ray_big[1] / local_big[1]:.2f}x CPU-s on {large_mb:.0f} MB; steady "
            f"{local_steady[0] / ray_steady[0]:.2f}x wall, {local_steady[1] / ray_steady[1]:.2f}x "
            "CPU-s (target: within 1.3x)"
        )


if __name__ == "__main__":
    main()
