"""Train the learned USERNAME judge (``govern.scan.username_model``) and write it; or measure
it on a split left out of training.

Each split's generated records are scanned by govern with the judge off (the rules' findings
of every type, with the pinned NER model when installed, as ``benchmarks/pii.py`` scans);
every candidate of ``username_model.candidates`` is one example, labelled USERNAME when it
overlaps a planted USERNAME span, else none (candidates inside a planted profile URL are left
out: the scan reports them as part of the URL). The features are taken twice, with the NER
model's dictionary and without one, as a scan without a model reads them. A multinomial
logistic regression (``benchmarks/linear_fit.py``) learns the weights. Same command, same
bytes: the records are seeded, the features sorted, the solver deterministic and the weights
rounded.

Besides the benchmark's splits it trains on ``user-shapes`` (``benchmarks/pii_user_shapes.py``):
handles in the syntaxes of chat, git, CI, shells, auth logs, databases, cloud IAM and tickets,
with service accounts, roles, hosts and packages in the same slots.

The splits of ``benchmarks/pii_blind.py`` (fresh14, fresh15) are blind tests: refused by name,
for training and evaluation alike, whether or not the split exists; fresh11-13, blind in earlier
rounds, are trained on. Records are generated with seeds
other than the benchmark's (16; the sample's 0).

    python benchmarks/train_username_model.py [--records 1500] [--seeds 3 4]
        [--exclude SPLIT] [--evaluate SPLIT] [--leave-out SPLIT] [--threshold P] [--veto P]
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
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))  # pii_user_shapes imports pii

import linear_fit  # noqa: E402
import pii_blind  # noqa: E402
import pii_user_shapes  # noqa: E402

from govern import __version__  # noqa: E402
from govern.policy import PiiPolicy, Policy  # noqa: E402
from govern.scan.linear import LinearModel  # noqa: E402
from govern.scan.person import PersonFinder  # noqa: E402
from govern.scan.pii import PresidioDetector  # noqa: E402
from govern.scan.username_model import (  # noqa: E402
    CLASSES,
    KIND,
    MODEL,
    UsernameJudge,
    anchor_pass,
    candidates,
)

_spec = importlib.util.spec_from_file_location("pii_benchmark", Path(__file__).with_name("pii.py"))
assert _spec is not None and _spec.loader is not None
bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench)

SHAPES = "user-shapes"  # benchmarks/pii_user_shapes.py's records, no split of benchmarks/pii.py
TRAINING_SPLITS = [
    "in-sample", "held-out", "fresh", "fresh2", "fresh3", "fresh4", "fresh5", "fresh6",
    "fresh7", "fresh8", "fresh9", "fresh10", "fresh11", "fresh12", "fresh13", SHAPES, "sample",
]  # fmt: skip
BLIND = pii_blind.BLIND  # one set for every trainer: benchmarks/pii_blind.py
EVAL_SEED, EVAL_RECORDS = 16, 3000  # what benchmarks/pii.py measures
SAMPLE_EVAL_SEED = 0  # the pipeline's sample corpus that benchmarks/pii.py measures
Example = tuple[list[str], str]
Found = list[list[tuple[int, int, str, str]]]  # per record: (start, end, type, detector)


def records_of(split: str, records: int, seed: int) -> list[Any]:
    """``records`` labelled records of ``split`` made with ``seed``."""
    if split == SHAPES:
        return pii_user_shapes.corpus(records, seed)
    if split == "sample":
        every = bench.sample_corpus(seed)
        return every[:: max(1, len(every) // records)][:records]
    return list(bench.corpus(records, seed, split))


def detector_for(split: str, nlp_model: str | None) -> PresidioDetector:
    """govern's detector as ``benchmarks/pii.py`` builds it for ``split``, the judge off."""
    if split == "sample":
        entities, figures = PiiPolicy().entities, None
    elif split == SHAPES:
        entities, figures = bench.LABELED_ENTITIES, None
    else:
        _, _, figures, extra = bench.split_parts(split)
        entities = [*bench.LABELED_ENTITIES, *extra]
    pii = PiiPolicy(
        entities=entities,
        nlp_model=nlp_model,
        public_figures=figures or [],
        username_model=False,
    )
    return PresidioDetector(Policy(name="benchmark", pii=pii))


def rule_findings(detector: PresidioDetector, corpus: list[Any]) -> Found:
    hits = detector.detect_many([text for text, _ in corpus])
    return [[(h.start, h.end, h.type, h.detector) for h in found] for found in hits]


def examples(corpus: list[Any], found: Found, knowledge: Sequence[Any]) -> list[Example]:
    """The candidates of ``corpus`` as (features, class), once per ``knowledge`` of words."""
    out: list[Example] = []
    for words in {id(words): words for words in knowledge}.values():
        marked = anchor_pass().find([text for text, _ in corpus])
        for (text, labels), marks, hits in zip(corpus, marked, found, strict=True):
            users = [(s, e) for s, e, kind in labels if kind == "USERNAME"]
            urls = [(s, e) for s, e, kind in labels if kind == "PERSONAL_URL"]
            for start, end, features in candidates(text, marks, hits, words):
                if any(s <= start and end <= e for s, e in urls):
                    continue
                personal = any(s < end and start < e for s, e in users)
                out.append((features, "USERNAME" if personal else "none"))
    return out


def evaluate(split: str, model: LinearModel, nlp_model: str | None) -> None:
    """USERNAME and PERSON recall / precision on ``split``'s benchmark records: the rules,
    then the judge at several thresholds, with and without its veto."""
    corpus = (
        bench.sample_corpus(SAMPLE_EVAL_SEED)
        if split == "sample"
        else pii_user_shapes.corpus(EVAL_RECORDS, EVAL_SEED)
        if split == SHAPES
        else bench.corpus(EVAL_RECORDS, EVAL_SEED, split)
    )
    detector = detector_for(split, nlp_model)
    found = rule_findings(detector, corpus)
    words = detector._username_words()
    marked = anchor_pass().find([text for text, _ in corpus])

    def measure(hits: Found) -> str:
        table = bench.score(corpus, [[(s, e, k) for s, e, k, _ in h] for h in hits])
        out = []
        for kind in ("USERNAME", "PERSON"):
            planted, recalled, findings, true = table.get(kind, (0, 0, 0, 0))
            out.append(f"{kind} {recalled / max(planted, 1):.3f}/{true / max(findings, 1):.3f}")
        return "  ".join(out)

    print(f"{split} rules: {measure(found)}")
    for threshold in (0.4, 0.5, 0.6, 0.7, 0.8):
        for veto in (None, 0.9, 0.97):
            tuned = LinearModel(
                model.kind, model.classes, model.weights, model.bias,
                {"USERNAME": threshold}, model.provenance,
            )  # fmt: skip
            judge = UsernameJudge(tuned, lambda: words, veto=veto)
            started = time.process_time()
            judged = []
            for (text, _), marks, hits in zip(corpus, marked, found, strict=True):
                added, dropped = judge.decided(text, marks, hits)
                kept = [h for i, h in enumerate(hits) if i not in dropped]
                judged.append(kept + [(s, e, "USERNAME", "judge") for s, e in added])
            cpu = time.process_time() - started
            print(f"{split} @{threshold} veto {veto}: {measure(judged)} ({cpu:.1f} CPU-s)")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--records", type=int, default=1500, help="records per split and seed")
    parser.add_argument("--seeds", type=int, nargs="+", default=[3, 4])
    parser.add_argument("--splits", nargs="+", default=TRAINING_SPLITS)
    parser.add_argument("--exclude", action="append", default=[], help="a split left out")
    parser.add_argument("--evaluate", action="append", default=[], help="measure on a split")
    parser.add_argument("--c", type=float, default=0.3, help="inverse L2 strength")
    parser.add_argument("--min-count", type=int, default=3)
    parser.add_argument("--threshold", type=float, default=0.5)
    parser.add_argument("--veto", type=float, default=None, help="drop rule hits this sure")
    parser.add_argument(
        "--leave-out",
        action="append",
        default=[],
        metavar="SPLIT",
        help="per SPLIT: fit without it and measure on it (every split scanned once); no write",
    )
    parser.add_argument("--out", type=Path, default=None, help=f"default: {MODEL}")
    parser.add_argument(
        "--nlp-model",
        default=bench.PINNED_MODEL if importlib.util.find_spec(bench.PINNED_MODEL) else "none",
    )
    args = parser.parse_args(argv)
    splits = [s for s in args.splits if s not in args.exclude]
    for split in [*splits, *args.evaluate, *args.leave_out]:
        if split in BLIND:
            parser.error(f"{split} is a blind test: never trained or evaluated on here")
        if split not in {*bench.SPLITS, *bench.MODULE_SPLITS, SHAPES, "sample"}:
            parser.error(f"unknown split {split!r}")
    if "sample" in splits and SAMPLE_EVAL_SEED in args.seeds:
        parser.error(f"sample seed {SAMPLE_EVAL_SEED} is what benchmarks/pii.py measures")
    nlp_model = None if args.nlp_model == "none" else args.nlp_model
    plain = PersonFinder().knowledge  # no dictionary: what a scan without a model knows

    data: list[Example] = []
    digests = hashlib.sha256()
    counts: dict[str, int] = {}
    of_split: list[str] = []  # each example's split, for --leave-out
    for split in splits:
        detector = detector_for(split, nlp_model)
        for seed in args.seeds:
            corpus = records_of(split, args.records, seed)
            knowledge = [detector._username_words(), plain]
            found = examples(corpus, rule_findings(detector, corpus), knowledge)
            data += found
            of_split += [split] * len(found)
            digests.update(json.dumps(corpus, ensure_ascii=False).encode())
            counts[f"{split}/{seed}"] = len(found)
            print(f"{split}/{seed}: {len(found)} examples", file=sys.stderr)
    import sklearn

    for left in args.leave_out:
        kept = [example for example, split in zip(data, of_split, strict=True) if split != left]
        fitted = linear_fit.fit(
            kept,
            CLASSES,
            kind=KIND,
            c=args.c,
            min_count=args.min_count,
            thresholds={"USERNAME": args.threshold},
            provenance={"veto": args.veto},
        )
        evaluate(left, fitted, nlp_model)
    if args.leave_out:
        return
    command = ["benchmarks/train_username_model.py", *(argv if argv is not None else sys.argv[1:])]
    provenance: dict[str, Any] = {
        "training_splits": splits,
        "seeds": args.seeds,
        "records_per_split_and_seed": args.records,
        "examples": counts,
        "positives": sum(label == "USERNAME" for _, label in data),
        "corpus_sha256": digests.hexdigest(),
        "policy": "benchmarks/pii.py's (PiiPolicy defaults, the split's types and figures)",
        "sklearn": sklearn.__version__,
        "govern": __version__,
        "nlp_model": args.nlp_model,
        "c": args.c,
        "min_count": args.min_count,
        "veto": args.veto,
        "command": " ".join(command),
    }
    model = linear_fit.fit(
        data,
        CLASSES,
        kind=KIND,
        c=args.c,
        min_count=args.min_count,
        thresholds={"USERNAME": args.threshold},
        provenance=provenance,
    )
    for split in args.evaluate:
        evaluate(split, model, nlp_model)
    if args.out is not None or not args.evaluate:
        out = args.out or MODEL
        linear_fit.write(model, out)
        print(f"{len(model.weights)} weights from {len(data)} examples written to {out}")


if __name__ == "__main__":
    main()
