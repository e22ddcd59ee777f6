"""Train the learned date / age / ZIP judge (``govern.scan.date_model``) on the training splits
of ``benchmarks/pii.py`` and ``benchmarks/pii_date_shapes.py``, and write it; or measure it on
a split left out of training.

Every candidate of the generated records (``date_model.candidates`` beside the rules' hits,
the scan's rules run with the judge off) is one example: PERSONAL_DATE, AGE_OVER_89 or
ZIP_CODE where it overlaps a planted span of that type (a ZIP inside a planted street address
is that address's ZIP), "none" else. ``benchmarks/linear_fit.py`` fits the multinomial model.
Same command, same bytes: the records are seeded, the date the years are read against is
fixed (``--today``, in the provenance) and the fit is deterministic.

The blind splits of ``benchmarks/pii_blind.py`` are refused by name, whether or not the split
exists; fresh11, fresh12 and fresh13, blind in earlier rounds, are trained on now (measure one
with ``--exclude SPLIT --evaluate SPLIT``). The benchmark's seed (16) and the sample's (0) are
never trained on.

    python benchmarks/train_date_model.py [--records 1500] [--seeds 3 4]
        [--exclude SPLIT] [--evaluate SPLIT] [--out PATH]
"""

from __future__ import annotations

import argparse
import datetime
import hashlib
import importlib.util
import json
import random
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import linear_fit  # noqa: E402
import pii_blind  # noqa: E402
import pii_date_shapes  # noqa: E402

from govern import __version__  # noqa: E402
from govern.policy import PiiPolicy, Policy  # noqa: E402
from govern.scan import date_model  # noqa: E402
from govern.scan.identifiers import fold_separators  # noqa: E402
from govern.scan.linear import LinearModel  # noqa: E402
from govern.scan.pii import PresidioDetector  # noqa: E402

_spec = importlib.util.spec_from_file_location("pii_benchmark", Path(__file__).with_name("pii.py"))
assert _spec is not None and _spec.loader is not None
bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench)

SHAPES = "date-shapes"  # benchmarks/pii_date_shapes.py's records, no split of benchmarks/pii.py
TRAINING_SPLITS = [
    "in-sample", "held-out", "fresh", "fresh2", "fresh3", "fresh4", "fresh5", "fresh6",
    "fresh7", "fresh8", "fresh9", "fresh10", "fresh11", "fresh12", "fresh13", SHAPES, "sample",
]  # fmt: skip
BLIND = pii_blind.BLIND  # one set for every trainer: benchmarks/pii_blind.py
EVAL_SEED, EVAL_RECORDS = 16, 3000  # what benchmarks/pii.py measures
SAMPLE_EVAL_SEED = 0
EVAL_THRESHOLDS = (0.5, 0.7, 0.85)
THRESHOLDS = (0.6, 0.6, 0.75)  # PERSONAL_DATE, AGE_OVER_89, ZIP_CODE: docs/DESIGN.md
VERDICT_SHOWN = 0.5  # the share of rule hits' candidates trained with the rules' verdict
Example = tuple[list[str], str]


def records_of(split: str, records: int, seed: int) -> list[Any]:
    """``records`` labelled records of ``split`` generated with ``seed``."""
    if split == SHAPES:
        return pii_date_shapes.corpus(records, seed)
    if split == "sample":
        if seed == SAMPLE_EVAL_SEED:
            raise SystemExit(f"sample seed {seed} is what benchmarks/pii.py measures")
        every = bench.sample_corpus(seed)
        return every[:: max(1, len(every) // records)][:records]
    if seed == EVAL_SEED:
        raise SystemExit(f"seed {seed} is what benchmarks/pii.py measures: not trained on")
    return list(bench.corpus(records, seed, split))


def rules_detector(split: str) -> PresidioDetector:
    """The scan's rules, the judge off, with the types ``benchmarks/pii.py`` scans ``split``
    for (no NER: the three types' rules do not read it)."""
    if split == "sample":
        entities = PiiPolicy().entities
    else:
        extra = [] if split == SHAPES else bench.split_parts(split)[3]
        entities = [*bench.LABELED_ENTITIES, *extra]
    pii = PiiPolicy(entities=entities, date_model=False)
    return PresidioDetector(Policy(name="train-date-model", pii=pii))


def label_of(start: int, end: int, labels: list[tuple[int, int, str]]) -> str:
    """The planted type of the three over ``start:end``, "none" without one."""
    for s, e, kind in labels:
        if s < end and start < e:
            if kind in date_model.TYPES:
                return kind
    for s, e, kind in labels:  # the ZIP of a planted street address
        if kind == "STREET_ADDRESS" and s <= start and end <= e and (end - start) in (5, 10):
            return "ZIP_CODE"
    return "none"


def examples(
    split: str, records: int, seed: int, today: datetime.date
) -> tuple[list[Example], str]:
    """Each candidate of ``split``'s records as (features, class), and the records' sha256."""
    corpus = records_of(split, records, seed)
    texts = [fold_separators(text) for text, _ in corpus]
    hits = rules_detector(split).detect_many(texts)
    out: list[Example] = []
    # half the rule hits' candidates are shown without the rules' verdict: the judge must
    # also know them from their context, as it must where rules written for other text fail
    shown = random.Random(f"{split}/{seed}")
    for text, (_, labels), found in zip(texts, corpus, hits, strict=True):
        for candidate in date_model.candidates(text, found):
            verdict = bool(candidate.rule) and shown.random() < VERDICT_SHOWN
            features = date_model.features(text, candidate, today, verdict)
            out.append((features, label_of(candidate.start, candidate.end, labels)))
    digest = hashlib.sha256(json.dumps(corpus, ensure_ascii=False).encode()).hexdigest()
    return out, digest


def evaluate(split: str, model: LinearModel, today: datetime.date) -> None:
    """Recall / precision of the three types on ``split`` (the benchmark's records): by the
    rules, by the judge alone (what it carries to text the rules miss) and by both, at the
    thresholds set and at ``EVAL_THRESHOLDS``."""
    corpus = (
        bench.sample_corpus(SAMPLE_EVAL_SEED)
        if split == "sample"
        else pii_date_shapes.corpus(EVAL_RECORDS, EVAL_SEED)
        if split == SHAPES
        else bench.corpus(EVAL_RECORDS, EVAL_SEED, split)
    )
    texts = [fold_separators(text) for text, _ in corpus]
    detector = rules_detector(split)
    rules = detector.detect_many(texts)
    runs = {"rules": rules}
    thresholds = dict(model.thresholds)
    sweep = [("as set", thresholds)]
    sweep += [(f"@{t}", {kind: t for kind in thresholds}) for t in EVAL_THRESHOLDS]
    for label, chosen in sweep:
        model.thresholds.update(chosen)
        model.__post_init__()
        runs[f"judge alone {label}"] = [
            date_model.judge(text, [], model, detector.entities, today) for text in texts
        ]
        runs[f"rules + judge {label}"] = [
            date_model.judge(text, hits, model, detector.entities, today)
            for text, hits in zip(texts, rules, strict=True)
        ]
    model.thresholds.update(thresholds)
    model.__post_init__()
    for name, found in runs.items():
        table = bench.score(corpus, [[(h.start, h.end, h.type) for h in hs] for hs in found])
        figures = []
        for kind in date_model.TYPES:
            planted, recalled, findings, true = table.get(kind, (0, 0, 0, 0))
            figures.append(
                f"{kind} {recalled / max(planted, 1):.2f}/{true / max(findings, 1):.2f} ({planted})"
            )
        print(f"{split} {name}: " + "  ".join(figures))


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--records", type=int, default=1500, help="records per split and seed")
    parser.add_argument("--seeds", type=int, nargs="+", default=[3, 4])
    parser.add_argument("--splits", nargs="+", default=TRAINING_SPLITS)
    parser.add_argument("--exclude", action="append", default=[], help="a split left out")
    parser.add_argument("--evaluate", action="append", default=[], help="measure on a split")
    parser.add_argument("--c", type=float, default=0.5, help="inverse L2 strength")
    parser.add_argument("--min-count", type=int, default=3)
    parser.add_argument(
        "--thresholds",
        type=float,
        nargs=3,
        default=list(THRESHOLDS),
        help="the probability each of PERSONAL_DATE, AGE_OVER_89, ZIP_CODE needs to be found",
    )
    parser.add_argument("--today", type=datetime.date.fromisoformat, default="2026-12-01")
    parser.add_argument("--out", type=Path, default=None, help=f"default: {date_model.MODEL}")
    args = parser.parse_args(argv)
    splits = [s for s in args.splits if s not in args.exclude]
    for split in [*splits, *args.evaluate]:
        if split in BLIND:
            parser.error(f"{split} is a blind test: never trained or evaluated on here")
        if split not in {*bench.SPLITS, *bench.MODULE_SPLITS, SHAPES, "sample"}:
            parser.error(f"unknown split {split!r}")
    for split in args.evaluate:
        if split in splits:
            parser.error(f"{split} is trained on: --exclude it to evaluate on it")

    data: list[Example] = []
    digests = hashlib.sha256()
    counts: dict[str, int] = {}
    for split in splits:
        for seed in args.seeds:
            found, digest = examples(split, args.records, seed, args.today)
            data += found
            digests.update(digest.encode())
            counts[f"{split}/{seed}"] = len(found)
    import sklearn

    command = ["benchmarks/train_date_model.py", *(argv if argv is not None else sys.argv[1:])]
    provenance = {
        "training_splits": splits,
        "seeds": args.seeds,
        "records_per_split_and_seed": args.records,
        "examples": counts,
        "classes": dict(sorted(Counter(label for _, label in data).items())),
        "corpus_sha256": digests.hexdigest(),
        "policy": "PiiPolicy() defaults, benchmarks/pii.py's entities per split, no NER",
        "today": args.today.isoformat(),
        "sklearn": sklearn.__version__,
        "govern": __version__,
        "c": args.c,
        "min_count": args.min_count,
        "command": " ".join(command),
    }
    thresholds = dict(zip(date_model.TYPES, args.thresholds, strict=True))
    model = linear_fit.fit(
        data,
        date_model.CLASSES,
        kind=date_model.KIND,
        c=args.c,
        min_count=args.min_count,
        thresholds=thresholds,
        provenance=provenance,
    )
    for split in args.evaluate:
        evaluate(split, model, args.today)
    if args.out is not None or not args.evaluate:
        out = args.out or date_model.MODEL
        linear_fit.write(model, out)
        print(f"{len(model.weights)} weights from {len(data)} examples written to {out}")


if __name__ == "__main__":
    main()
