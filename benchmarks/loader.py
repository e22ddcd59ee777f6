"""Peak memory: govern's verified model loader vs transformers' ``from_pretrained``, same folder.

A Llama-shaped model (about ``--mb`` MB of float32 weights, random, built from a config: nothing
downloaded) is saved once as safetensors and signed. Each side then loads it in a fresh process
of its own, reads every weight once, and reports its peak resident memory (``VmHWM``, Linux) and
the same process's peak before the load (its own imports done), so the difference is what
loading cost; CPU seconds and wall time of the load are printed too. govern verifies the
signature and streams each tensor into a model built with empty weights; transformers
memory-maps the file.
The target (issue #18, item 8) is a load peak within 1.2x of ``from_pretrained``'s.
Usage: ``python benchmarks/loader.py [--mb 200]``.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
TARGET = 1.2


def peak_kib() -> int:
    """This process's peak resident memory (VmHWM; unlike ru_maxrss, not inherited over exec)."""
    status = Path("/proc/self/status").read_text(encoding="utf-8")
    return int(status.split("VmHWM:")[1].split()[0])


def build(folder: Path, megabytes: int) -> int:
    """Save a random Llama of about ``megabytes`` MB (float32) to ``folder``; its byte size."""
    import torch
    from transformers import LlamaConfig, LlamaForCausalLM

    hidden, vocab = 512, 32000
    per_layer = 4 * hidden * hidden + 3 * hidden * 4 * hidden  # attention + MLP weights
    layers = max(1, (megabytes * 2**20 // 4 - 2 * vocab * hidden) // per_layer)
    config = LlamaConfig(
        hidden_size=hidden,
        intermediate_size=4 * hidden,
        num_hidden_layers=int(layers),
        num_attention_heads=8,
        num_key_value_heads=8,
        vocab_size=vocab,
        tie_word_embeddings=False,
    )
    torch.manual_seed(0)
    LlamaForCausalLM(config).save_pretrained(folder)
    return sum(path.stat().st_size for path in folder.glob("*.safetensors"))


def load(side: str, folder: Path, public_key: Path) -> dict[str, float]:
    """Run in a child: import, note the peak, load one way and read every weight once, note again.

    Reading every weight matters: ``from_pretrained`` maps the file and pages weights in as
    they are first touched (a training step touches them all), so its peak right after the call
    understates what the model costs.
    """
    import torch
    from transformers import AutoModelForCausalLM, LlamaForCausalLM  # noqa: F401 - both sides

    if side == "govern":
        from govern.artifacts import load_model
    before = peak_kib()
    cpu, wall = time.process_time(), time.perf_counter()
    if side == "govern":
        model = load_model(folder, [public_key]).model
    else:
        model = AutoModelForCausalLM.from_pretrained(folder)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    with torch.no_grad():
        checksum = sum(float(param.float().sum()) for param in model.parameters())
    peak = peak_kib()
    weights = sum(p.numel() * p.element_size() for p in model.parameters())
    return {
        "before_mib": before / 1024,
        "peak_mib": peak / 1024,
        "cpu_s": cpu,
        "wall_s": wall,
        "weights_mib": weights / 2**20,
        "checksum": checksum,
    }


def child(side: str, folder: Path, public_key: Path) -> dict[str, float]:
    command = [sys.executable, __file__, "--child", side, str(folder), str(public_key)]
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    result: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=int, default=200, help="weights size to build (float32)")
    parser.add_argument(
        "--child", nargs=3, metavar=("SIDE", "FOLDER", "KEY"), help=argparse.SUPPRESS
    )
    args = parser.parse_args()
    if args.child:
        side, folder, key = args.child
        print(json.dumps(load(side, Path(folder), Path(key))))
        return

    from govern.signing import ArtifactStatement, generate_keys, sign_artifact

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "model"
        size = build(folder, args.mb)
        private, public = generate_keys(Path(tmp) / "keys" / "signing.key")
        sign_artifact(folder, private, ArtifactStatement(kind="model"))
        results = {side: child(side, folder, public) for side in ("govern", "transformers")}
    print(f"weights file: {size / 2**20:.0f} MiB; load average {os.getloadavg()[0]:.2f}")
    for side, result in results.items():
        print(
            f"{side:>12}: peak {result['peak_mib']:.0f} MiB (imports {result['before_mib']:.0f}, "
            f"load +{result['peak_mib'] - result['before_mib']:.0f}); "
            f"{result['cpu_s']:.2f} CPU-s, {result['wall_s']:.2f} s wall"
        )
    ours, theirs = results["govern"], results["transformers"]
    assert ours["checksum"] == theirs["checksum"], "the two loads hold different weights"
    total = ours["peak_mib"] / theirs["peak_mib"]
    added = (ours["peak_mib"] - ours["before_mib"]) / (theirs["peak_mib"] - theirs["before_mib"])
    print(f"ratio govern/transformers: peak {total:.2f}x, load increment {added:.2f}x ")
    print(f"target: peak within {TARGET}x -> {'met' if total <= TARGET else 'NOT met'}")


if __name__ == "__main__":
    main()
