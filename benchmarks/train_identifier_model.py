"""Train the learned identifier judge (``govern.scan.identifier_model``) on the training splits
of ``benchmarks/pii.py`` and the label vocabulary of ``benchmarks/pii_id_shapes.py``, and
write it; or measure it on a split it was not trained on.

Every candidate of the generated records (``identifier_model.candidates``: code-like tokens
and the rules' hits of the six types, the rules run without the judge and without NER) is
one example: of type T when it covers a planted span of T (their overlap at least 60% of
the longer), else "none" (a part of a grouped number, a label swallowed with its value, an
order number). ``benchmarks/linear_fit.py`` fits the multinomial model (scikit-learn, L2)
on the features seen ``--min-count`` times or more. Same command, same bytes: the records
are seeded, the features sorted, the solver deterministic and the weights rounded.

The splits of ``benchmarks/pii_blind.py`` (fresh14, fresh15) are the blind tests: this script
refuses to train or evaluate on them, by name, whether or not the split exists. fresh11-13,
blind in earlier rounds, are trained on. ``--exclude SPLIT --evaluate SPLIT`` leaves a split
out of training and measures the judge's behaviours on it (leave-one-split-out).

    python benchmarks/train_identifier_model.py [--records 1000] [--seeds 3 4]
        [--exclude SPLIT] [--evaluate SPLIT] [--leave-out SPLIT] [--type-threshold TYPE=P]
        [--out PATH]

``--leave-out S1 --leave-out S2`` scans every training split once, then per Si fits a model
without Si and measures it on Si (leave-one-split-out, without a model written).
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import json
import sys
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))  # pii_id_shapes, linear_fit

import linear_fit  # noqa: E402
import pii_blind  # noqa: E402
import pii_id_shapes  # noqa: E402

from govern import __version__  # noqa: E402
from govern.policy import PiiPolicy, Policy  # noqa: E402
from govern.scan.base import Hit  # noqa: E402
from govern.scan.identifier_model import (  # noqa: E402
    CLASSES,
    KIND,
    MODEL,
    TYPES,
    Judge,
    candidates,
    features,
)
from govern.scan.linear import LinearModel  # noqa: E402
from govern.scan.pii import PresidioDetector  # noqa: E402

_spec = importlib.util.spec_from_file_location("pii_benchmark", Path(__file__).with_name("pii.py"))
assert _spec is not None and _spec.loader is not None
bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench)

TRAINING_SPLITS = [
    "in-sample", "held-out", "fresh", "fresh2", "fresh3", "fresh4", "fresh5", "fresh6",
    "fresh7", "fresh8", "fresh9", "fresh10", "fresh11", "fresh12", "fresh13", "id-shapes",
    "sample",
]  # fmt: skip
BLIND = pii_blind.BLIND  # one set for every trainer: benchmarks/pii_blind.py
ID_SHAPES = "id-shapes"  # benchmarks/pii_id_shapes.py's records, no split of benchmarks/pii.py
EVAL_SEED, EVAL_RECORDS = 16, 3000  # what benchmarks/pii.py measures
SAMPLE_EVAL_SEED = 0  # the pipeline's sample corpus that benchmarks/pii.py measures
OVERLAP = 0.6  # a candidate is of a planted type when they share this much of the longer
Example = tuple[list[str], str]


def records_of(split: str, records: int, seed: int) -> list[Any]:
    """``records`` labelled records of ``split``; of "sample", the pipeline's sample corpus of
    ``seed``, spread over all its files."""
    if split == ID_SHAPES:
        return pii_id_shapes.corpus(records, seed)
    if split != "sample":
        return list(bench.corpus(records, seed, split))
    every = bench.sample_corpus(seed)
    return every[:: max(1, len(every) // records)][:records]


def rules_detector(split: str) -> PresidioDetector:
    """The scan as ``benchmarks/pii.py`` runs it on ``split``, without NER and the judge."""
    if split == "sample":
        entities = PiiPolicy().entities
    else:
        extra = bench.split_parts(split)[3] if split != ID_SHAPES else []
        entities = [*bench.LABELED_ENTITIES, *extra]
    pii = PiiPolicy(entities=entities, nlp_model=None, identifier_model=False)
    return PresidioDetector(Policy(name="identifier-judge", pii=pii))


def label_of(start: int, end: int, labels: Sequence[tuple[int, int, str]]) -> str:
    """The planted type of six that ``text[start:end]`` covers, else "none"."""
    for s, e, kind in labels:
        if kind in TYPES and s < end and start < e:
            shared = min(e, end) - max(s, start)
            if shared >= OVERLAP * max(e - s, end - start):
                return kind
    return "none"


def examples(split: str, records: int, seed: int) -> tuple[list[Example], str]:
    """The candidates of ``records`` generated records of ``split`` as (features, class), and
    the sha256 of those records."""
    if split == "sample" and seed == SAMPLE_EVAL_SEED:
        raise SystemExit(f"sample seed {seed} is what benchmarks/pii.py measures: not trained on")
    corpus = records_of(split, records, seed)
    texts = [text for text, _ in corpus]
    found = rules_detector(split).detect_many(texts)
    out: list[Example] = []
    for (text, labels), hits in zip(corpus, found, strict=True):
        for start, end, verdict in candidates(text, hits):
            out.append((features(text, start, end, verdict), label_of(start, end, labels)))
    digest = hashlib.sha256(json.dumps(corpus, ensure_ascii=False).encode()).hexdigest()
    return out, digest


def evaluate(split: str, model: LinearModel) -> None:
    """Each of the six types' recall / precision on ``split`` (the benchmark's records): by the
    rules, with the model as set, and with the judge adding, re-typing and vetoing at several
    settings."""
    corpus = (
        bench.sample_corpus(SAMPLE_EVAL_SEED)
        if split == "sample"
        else pii_id_shapes.corpus(EVAL_RECORDS, EVAL_SEED)
        if split == ID_SHAPES
        else bench.corpus(EVAL_RECORDS, EVAL_SEED, split)
    )
    detector = rules_detector(split)
    texts = [text for text, _ in corpus]
    rules = detector.detect_many(texts)
    settings: list[tuple[str, float | None, dict[str, Any]]] = [
        ("rules", 0.5, {}),
        ("as set", None, {}),  # the model's own thresholds, re-typing and veto
        ("add@.5", 0.5, {"retype": None, "veto": None}),
        ("add@.7", 0.7, {"retype": None, "veto": None}),
        ("add@.85", 0.85, {"retype": None, "veto": None}),
        ("add@.95", 0.95, {"retype": None, "veto": None}),
        ("add@.7+retype.9", 0.7, {"retype": 0.9, "veto": None}),
        ("add@.7+retype.9+veto.99", 0.7, {"retype": 0.9, "veto": 0.99}),
        ("add@.7+retype.9+veto.97", 0.7, {"retype": 0.9, "veto": 0.97}),
        ("retype.9+veto.97 only", 0.7, {"add": False, "retype": 0.9, "veto": 0.97}),
    ]
    for name, threshold, setting in settings:
        started = time.process_time()
        if name == "rules":
            found: list[list[Hit]] = rules
        else:
            limits = model.thresholds if threshold is None else {kind: threshold for kind in TYPES}
            at = LinearModel(KIND, CLASSES, model.weights, model.bias, limits, model.provenance)
            judge = Judge(at, detector.entities, **setting)
            found = [judge.judged(text, hits) for text, hits in zip(texts, rules, strict=True)]
        cpu = time.process_time() - started
        hits = [[(h.start, h.end, h.type) for h in spans] for spans in found]
        table = bench.score(corpus, hits)
        cells = []
        for kind in TYPES:
            planted, recalled, findings, true = table.get(kind, (0, 0, 0, 0))
            if planted or findings:
                cells.append(
                    f"{kind[:8]} {recalled / max(planted, 1):.2f}/{true / max(findings, 1):.2f}"
                )
        print(f"{split} {name:<24} {'  '.join(cells)}  ({cpu:.1f} CPU-s)", flush=True)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--records", type=int, default=1000, help="records per split and seed")
    parser.add_argument("--seeds", type=int, nargs="+", default=[3, 4])
    parser.add_argument("--splits", nargs="+", default=TRAINING_SPLITS)
    parser.add_argument("--exclude", action="append", default=[], help="a split left out")
    parser.add_argument("--evaluate", action="append", default=[], help="measure on a split")
    parser.add_argument("--c", type=float, default=0.5, help="inverse L2 strength")
    parser.add_argument("--min-count", type=int, default=3)
    parser.add_argument("--threshold", type=float, default=0.7)
    parser.add_argument(
        "--plate-threshold", type=float, default=0.7, help="plates: the loosest shape"
    )
    parser.add_argument(
        "--type-threshold",
        action="append",
        default=[],
        metavar="TYPE=P",
        help="one type's threshold (over --threshold and --plate-threshold)",
    )
    parser.add_argument(
        "--leave-out",
        action="append",
        default=[],
        metavar="SPLIT",
        help="per SPLIT: fit without it and measure on it (every split scanned once); no write",
    )
    parser.add_argument("--out", type=Path, default=None, help=f"default: {MODEL}")
    args = parser.parse_args(argv)
    splits = [s for s in args.splits if s not in args.exclude]
    thresholds = {
        kind: args.plate_threshold if kind == "LICENSE_PLATE" else args.threshold for kind in TYPES
    }
    for setting in args.type_threshold:
        kind, _, value = setting.partition("=")
        if kind not in TYPES:
            parser.error(f"--type-threshold {setting}: not one of {', '.join(TYPES)}")
        thresholds[kind] = float(value)
    for split in [*splits, *args.evaluate, *args.leave_out]:
        if split in BLIND:
            parser.error(f"{split} is a blind test: never trained or evaluated on here")
        if split not in {*bench.SPLITS, *bench.MODULE_SPLITS, ID_SHAPES, "sample"}:
            parser.error(f"unknown split {split!r}")

    data: list[Example] = []
    digests = hashlib.sha256()
    counts: dict[str, int] = {}
    of_split: list[str] = []  # each example's split, for --leave-out
    for split in splits:
        for seed in args.seeds:
            found, digest = examples(split, args.records, seed)
            data += found
            of_split += [split] * len(found)
            digests.update(digest.encode())
            counts[f"{split}/{seed}"] = len(found)
    import sklearn

    for left in args.leave_out:
        kept = [example for example, split in zip(data, of_split, strict=True) if split != left]
        fitted = linear_fit.fit(
            kept, CLASSES, kind=KIND, c=args.c, min_count=args.min_count, thresholds=thresholds
        )
        evaluate(left, fitted)
    if args.leave_out:
        return

    command = [
        "benchmarks/train_identifier_model.py",
        *(argv if argv is not None else sys.argv[1:]),
    ]
    provenance = {
        "training_splits": splits,
        "seeds": args.seeds,
        "records_per_split_and_seed": args.records,
        "examples": counts,
        "classes": dict(sorted(Counter(label for _, label in data).items())),
        "corpus_sha256": digests.hexdigest(),
        "policy_sha256": hashlib.sha256(
            json.dumps(PiiPolicy().model_dump(mode="json"), sort_keys=True).encode()
        ).hexdigest(),
        "sklearn": sklearn.__version__,
        "govern": __version__,
        "c": args.c,
        "min_count": args.min_count,
        "command": " ".join(command),
    }
    model = linear_fit.fit(
        data,
        CLASSES,
        kind=KIND,
        c=args.c,
        min_count=args.min_count,
        thresholds=thresholds,
        provenance=provenance,
    )
    for split in args.evaluate:
        evaluate(split, model)
    if args.out is not None or not args.evaluate:
        out = args.out or MODEL
        linear_fit.write(model, out)
        print(f"{len(model.weights)} features from {len(data)} examples written to {out}")


if __name__ == "__main__":
    main()
