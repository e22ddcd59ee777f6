"""Train the learned PERSON judge (``govern.scan.person_model``) on the training splits of
``benchmarks/pii.py`` and write it as JSON; or measure it on a split it was not trained on.

Every candidate word of the generated records is one example, labelled a name's when it
overlaps a planted PERSON span (words inside a planted profile URL or a public figure's name
are left out: the scan reports the first as part of the URL and never the second). A logistic
regression (scikit-learn, L2) learns the weights; features seen fewer than ``--min-count``
times are dropped. Same command, same bytes: the records are seeded, the features sorted, the
solver deterministic and the weights rounded.

Besides the benchmark's splits it trains on ``shapes`` (``benchmarks/pii_shapes.py``): the
structural shapes names take (labelled slots, keys, CSV columns, DICOM / X12 / HL7 fields,
role slots, lower-case developer prose, signatures) and their near misses, which no
benchmark template holds.

The splits of ``benchmarks/pii_blind.py`` (``fresh14``, ``fresh15``) are the blind tests: this
script refuses to train or evaluate on them, by name, whether or not the split exists
(``benchmarks/pii.py --split fresh14`` measures the shipped model on it). ``fresh6`` ...
``fresh13`` were blind until their blind figures were taken; they are trained on since.

    python benchmarks/train_person_model.py [--records 1500] [--seeds 1 2]
        [--exclude SPLIT] [--evaluate SPLIT] [--out PATH] [--nlp-model NAME|none]
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import importlib.util
import json
import os
import sys
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from govern import __version__  # noqa: E402
from govern.io import atomic_write_bytes  # noqa: E402
from govern.scan.person import PersonFinder  # noqa: E402
from govern.scan.person_model import MODEL, PersonModel, candidates  # noqa: E402

_spec = importlib.util.spec_from_file_location("pii_benchmark", Path(__file__).with_name("pii.py"))
assert _spec is not None and _spec.loader is not None
bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench)
sys.path.insert(0, str(Path(__file__).resolve().parent))  # pii_shapes imports pii's helpers
import pii_blind  # noqa: E402
import pii_shapes  # noqa: E402

TRAINING_SPLITS = [
    "in-sample", "held-out", "fresh", "fresh2", "fresh3", "fresh4", "fresh5", "fresh6",
    "fresh7", "fresh8", "fresh9", "fresh10", "fresh11", "fresh12", "fresh13", "shapes",
    "sample",
]  # fmt: skip
BLIND = pii_blind.BLIND  # one set for every trainer: benchmarks/pii_blind.py
SHAPES = "shapes"  # benchmarks/pii_shapes.py's records, no split of benchmarks/pii.py
EVAL_SEED, EVAL_RECORDS = 16, 3000  # what benchmarks/pii.py measures
SAMPLE_EVAL_SEED = 0  # the pipeline's sample corpus that benchmarks/pii.py measures


def records_of(split: str, records: int, seed: int) -> list[Any]:
    """``records`` labelled records of ``split``; of "sample", the pipeline's sample corpus of
    ``seed``, spread over all its files."""
    if split == SHAPES:
        return pii_shapes.corpus(records, seed)
    if split != "sample":
        return list(bench.corpus(records, seed, split))
    every = bench.sample_corpus(seed)
    return every[:: max(1, len(every) // records)][:records]


Example = tuple[list[str], int]


def figures_of(split: str) -> list[str]:
    """The public figures listed in ``split``'s policy (a module split's own, as
    ``benchmarks/pii.py`` scans it with); none for the sample and the shapes."""
    if split in ("sample", SHAPES):
        return []
    return list(bench.split_parts(split)[2] or ())


def finder_for(split: str, nlp: Any, model: PersonModel | None = None) -> PersonFinder:
    return PersonFinder(nlp, figures_of(split), model=model)


def examples(split: str, records: int, seed: int, nlp: Any) -> tuple[list[Example], str]:
    """The candidate words of ``records`` generated records of ``split`` as (features, label),
    and the sha256 of those records."""
    if split == "sample" and seed == SAMPLE_EVAL_SEED:
        raise SystemExit(f"sample seed {seed} is what benchmarks/pii.py measures: not trained on")
    corpus = records_of(split, records, seed)
    texts = [text for text, _ in corpus]
    out: list[Example] = []
    # with NER and without: the judge learns what the rules' verdicts are worth either way
    for pipeline in (nlp, None) if nlp is not None else (None,):
        out += _examples(split, corpus, texts, finder_for(split, pipeline))
    digest = hashlib.sha256(json.dumps(corpus, ensure_ascii=False).encode()).hexdigest()
    return out, digest


def _examples(
    split: str, corpus: list[Any], texts: list[str], finder: PersonFinder
) -> list[Example]:
    out: list[Example] = []
    # the words of the split's public figures, wherever they stand: a figure the policy's
    # list does not match as written ("LOVELACE, Ada") is no negative either
    figure_words = {word.lower() for name in figures_of(split) for word in name.split()}
    for (text, labels), verdict in zip(corpus, finder.verdicts(texts), strict=True):
        people = [(s, e) for s, e, kind in labels if kind == "PERSON"]
        urls = [(s, e) for s, e, kind in labels if kind == "PERSONAL_URL"]
        figures = (
            [(m.start(), m.end()) for m in finder._figures.finditer(text)]
            if finder._figures is not None
            else []
        )
        for start, end, features in candidates(text, verdict.spans(), finder.knowledge):
            if any(s <= start and end <= e for s, e in urls + figures):
                continue
            if text[start:end].lower() in figure_words:
                continue
            out.append((features, int(any(s < end and start < e for s, e in people))))
    return out


def train(data: list[Example], c: float, min_count: int) -> tuple[dict[str, float], float]:
    """Weights by feature and the bias of an L2 logistic regression on ``data``."""
    import numpy as np
    from scipy.sparse import csr_matrix
    from sklearn.linear_model import LogisticRegression

    counts = Counter(f for features, _ in data for f in set(features))
    names = sorted(f for f, n in counts.items() if n >= min_count)
    column = {name: i for i, name in enumerate(names)}
    rows, cols = [], []
    for row, (features, _) in enumerate(data):
        for index in sorted({column[f] for f in features if f in column}):
            rows.append(row)
            cols.append(index)
    x = csr_matrix(
        (np.ones(len(rows)), (np.array(rows), np.array(cols))), shape=(len(data), len(names))
    )
    y = np.array([label for _, label in data])
    fit = LogisticRegression(C=c, solver="lbfgs", max_iter=5000, tol=1e-6).fit(x, y)
    weights = {
        name: round(float(w), 4)
        for name, w in zip(names, fit.coef_[0], strict=True)
        if abs(w) >= 5e-5
    }
    return weights, round(float(fit.intercept_[0]), 4)


def evaluate(split: str, model: PersonModel, nlp: Any) -> None:
    """PERSON recall / precision of the finder on ``split`` (the benchmark's records), by the
    rules and by the model at several thresholds."""
    corpus = (
        bench.sample_corpus(SAMPLE_EVAL_SEED)
        if split == "sample"
        else pii_shapes.corpus(EVAL_RECORDS, EVAL_SEED)
        if split == SHAPES
        else bench.corpus(EVAL_RECORDS, EVAL_SEED, split)
    )
    texts = [text for text, _ in corpus]

    def measure(found: list[list[Any]]) -> str:
        hits = [[(s.start, s.end, "PERSON") for s in spans] for spans in found]
        planted, recalled, findings, true = bench.score(corpus, hits).get("PERSON", (0, 0, 0, 0))
        return f"recall {recalled / max(planted, 1):.3f}  precision {true / max(findings, 1):.3f}"

    for pipeline in (nlp, None) if nlp is not None else (None,):
        mode = "NER" if pipeline is not None else "no NER"
        started = time.process_time()
        rules = finder_for(split, pipeline).find_many(texts)
        cpu = time.process_time() - started
        print(f"{split} ({mode}) rules: {measure(rules)} ({cpu:.1f} CPU-s)")
        for threshold in (0.3, 0.4, 0.5, 0.6, 0.7):
            tuned = PersonModel(model.weights, model.bias, threshold, model.provenance)
            started = time.process_time()
            found = finder_for(split, pipeline, tuned).find_many(texts)
            cpu = time.process_time() - started
            print(f"{split} ({mode}) model @{threshold}: {measure(found)} ({cpu:.1f} CPU-s)")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--records", type=int, default=1500, help="records per split and seed")
    parser.add_argument("--seeds", type=int, nargs="+", default=[3, 4])
    parser.add_argument("--splits", nargs="+", default=TRAINING_SPLITS)
    parser.add_argument("--exclude", action="append", default=[], help="a split left out")
    parser.add_argument("--evaluate", action="append", default=[], help="measure on a split")
    parser.add_argument("--c", type=float, default=0.3, help="inverse L2 strength")
    parser.add_argument("--min-count", type=int, default=5)
    parser.add_argument("--threshold", type=float, default=0.4)
    parser.add_argument("--out", type=Path, default=None, help=f"default: {MODEL}")
    parser.add_argument(
        "--nlp-model",
        default=bench.PINNED_MODEL if importlib.util.find_spec(bench.PINNED_MODEL) else "none",
    )
    args = parser.parse_args(argv)
    splits = [s for s in args.splits if s not in args.exclude]
    for split in [*splits, *args.evaluate]:
        if split in BLIND:
            parser.error(f"{split} is a blind test: never trained or evaluated on here")
        if split not in {*bench.SPLITS, *bench.MODULE_SPLITS, SHAPES, "sample"}:
            parser.error(f"unknown split {split!r}")
    nlp = None
    if args.nlp_model != "none":
        import spacy

        nlp = spacy.load(args.nlp_model)

    data: list[Example] = []
    digests = hashlib.sha256()
    counts: dict[str, int] = {}
    for split in splits:
        for seed in args.seeds:
            found, digest = examples(split, args.records, seed, nlp)
            data += found
            digests.update(digest.encode())
            counts[f"{split}/{seed}"] = len(found)
    weights, bias = train(data, args.c, args.min_count)
    import sklearn

    command = ["benchmarks/train_person_model.py", *(argv if argv is not None else sys.argv[1:])]
    provenance = {
        "training_splits": splits,
        "seeds": args.seeds,
        "records_per_split_and_seed": args.records,
        "examples": counts,
        "positives": sum(label for _, label in data),
        "corpus_sha256": digests.hexdigest(),
        "sklearn": sklearn.__version__,
        "govern": __version__,
        "nlp_model": args.nlp_model,
        "c": args.c,
        "min_count": args.min_count,
        "command": " ".join(command),
    }
    model = PersonModel(weights, bias, args.threshold, provenance)
    for split in args.evaluate:
        evaluate(split, model, nlp)
    if args.out is not None or not args.evaluate:
        out = args.out or MODEL
        text = json.dumps(model.to_json(), indent=1, sort_keys=True, ensure_ascii=False) + "\n"
        data = text.encode("utf-8")
        if out.suffix == ".gz":
            data = gzip.compress(data, mtime=0)  # mtime 0: equal models, equal bytes
        atomic_write_bytes(out, data)
        os.chmod(out, 0o644)  # package data, readable by all (atomic writes are owner-only)
        print(f"{len(weights)} weights from {len(data)} examples written to {out}")


if __name__ == "__main__":
    main()
