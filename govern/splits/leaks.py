"""``govern leaks``: prove a split folder leaks nothing between train, validation and test.

Four checks, each listing the leaking pairs by split and record id:
  group_key        a key (patient, conversation, document...) with records in two splits
  exact_duplicate  the same normalized text in two splits
  near_duplicate   Jaccard >= threshold across splits (``neardup``), boilerplate ignored
  contamination    an item of an ``--against`` evaluation file copied, edited (near-duplicate)
                   or quoted (a shared 13-gram) by a record (``contamination``)
Records are read by ``corpus``; the report lists pairs by split, record id and location.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from govern.contract import write_report
from govern.io import recover_folder
from govern.policy import LoadedPolicy
from govern.progress import progress
from govern.provenance import provenance
from govern.records import ReaderOptions, ReadStats, Record, read_records
from govern.splits import contract
from govern.splits.contamination import find_contamination, find_near_contamination
from govern.splits.corpus import (
    ROW_KEY,
    Corpus,
    Grouping,
    corpus_keys,
    read_corpus,
    read_grouping,
    representatives,
)
from govern.splits.keys import SPLITS, Keys
from govern.splits.neardup import find_near_duplicates
from govern.splits.options import LeakOptions
from govern.splits.policy import LeakPolicy
from govern.splits.text import I64, U64, Words, record_text, words


@dataclass
class LeakReport:
    """Every leak found in a split folder; ``exit_code`` 1 when any remains."""

    split_dir: Path
    grouping: Grouping
    records: dict[str, int]
    checks: dict[str, dict[str, Any]]
    leaks: list[dict[str, Any]]
    stats: ReadStats
    provenance: dict[str, Any]
    fix: dict[str, Any] | None = None
    after: LeakReport | None = None

    @property
    def passed(self) -> bool:
        return not self.leaks

    @property
    def exit_code(self) -> int:
        """0 when the final state (after a fix, if one ran) is leak-free, else 1."""
        final = self.after if self.after is not None else self
        return 0 if final.passed else 1

    def to_json(self) -> dict[str, Any]:
        body: dict[str, Any] = {
            "provenance": self.provenance,
            "split_dir": str(self.split_dir),
            "passed": self.passed,
            "by": list(self.grouping.by),
            "fallback_by": list(self.grouping.fallback_by),
            "records": self.records,
            "checks": self.checks,
            "leaks": self.leaks,
            "read": self.stats.to_json(),
        }
        if self.fix is not None:
            body["fix"] = self.fix
        if self.after is not None:
            body["after"] = {k: v for k, v in self.after.to_json().items() if k != "provenance"}
        return body

    def write(self, path: Path) -> None:
        write_report(path, contract.LeakReport, self.to_json())

    def describe(self) -> list[str]:
        """Human lines for the command line."""
        lines = [f"{name}: {check['leaks']} leak(s)" for name, check in self.checks.items()]
        if self.fix is not None:
            lines.append(f"fix: moved {self.fix['moved_records']} record(s)")
        if self.after is not None:
            lines.append("after the fix: " + ("passed" if self.after.passed else "LEAKS REMAIN"))
        return lines


def check_leaks(
    split_dir: Path, loaded: LoadedPolicy, options: LeakOptions | None = None
) -> LeakReport:
    """Run the four checks over ``split_dir``; the report lists every leaking pair.

    Raises InputError for a folder without records or with unreadable ones.
    """
    return inspect(split_dir, loaded, options or LeakOptions()).report


@dataclass(frozen=True)
class Inspection:
    """A check's report plus what a fix needs: the records, their keys and text hashes."""

    report: LeakReport
    corpus: Corpus
    keys: Keys
    words: Words
    text_hash: U64


def inspect(split_dir: Path, loaded: LoadedPolicy, options: LeakOptions) -> Inspection:
    """``check_leaks`` keeping its intermediate arrays (``fix_leaks`` links records with them)."""
    recover_folder(split_dir)  # a split or fix a crash interrupted mid-commit comes back whole
    grouping = read_grouping(split_dir, loaded, options)
    stats = ReadStats()
    corpus = read_corpus(split_dir, grouping, options.reader, stats)
    policy = loaded.policy.splits.leaks
    keys = corpus_keys(corpus, grouping)
    split = np.asarray(corpus.split, dtype=np.int8)
    text_words = words(corpus.texts)
    text_hash = text_words.text_hashes()
    leaks = {
        "group_key": _group_key_leaks(corpus, keys, split),
        "exact_duplicate": _exact_leaks(corpus, text_hash, text_words.lengths > 0, split),
        "near_duplicate": _near_leaks(corpus, text_words, text_hash, split, policy),
        "contamination": _contamination(corpus, text_words, text_hash, options, policy),
    }
    checks = {name: {"leaks": len(found), **info} for name, (found, info) in leaks.items()}
    params = {
        "by": list(grouping.by),
        "fallback_by": list(grouping.fallback_by),
        **policy.model_dump(),
    }
    report = LeakReport(
        split_dir=split_dir,
        grouping=grouping,
        records={name: corpus.split.count(index) for index, name in enumerate(SPLITS)},
        checks=checks,
        leaks=[leak for found, _ in leaks.values() for leak in found],
        stats=stats,
        provenance=provenance(loaded, [split_dir, *options.against], params),
    )
    return Inspection(report, corpus, keys, text_words, text_hash)


Found = tuple[list[dict[str, Any]], dict[str, Any]]


def _group_key_leaks(corpus: Corpus, keys: Keys, split: npt.NDArray[np.int8]) -> Found:
    """Keys whose records sit in more than one split: the first record in each is listed."""
    leaks: list[dict[str, Any]] = []
    for codes in keys.row_codes:
        rows = np.flatnonzero(codes >= 0)
        rows = rows[np.lexsort((rows, split[rows], codes[rows]))]
        for members in _runs(rows, codes[rows]):
            if split[members[0]] == split[members[-1]]:
                continue
            first_in = np.r_[True, split[members][1:] != split[members][:-1]]
            firsts = members[first_in].tolist()
            counts = {SPLITS[s]: int((split[members] == s).sum()) for s in range(len(SPLITS))}
            for other in firsts[1:]:
                leaks.append(
                    {
                        "check": "group_key",
                        "key": keys.key_name(int(codes[members[0]])),
                        "a": corpus.ref(firsts[0]),
                        "b": corpus.ref(other),
                        "records": counts,
                    }
                )
    return leaks, {"fields": [name for name in keys.fields if name != ROW_KEY]}


def _runs(rows: I64, values: npt.NDArray[np.generic]) -> list[I64]:
    """``rows`` cut where the (sorted) ``values`` change, runs of one left out."""
    starts = np.flatnonzero(np.r_[True, values[1:] != values[:-1]])
    ends = np.r_[starts[1:], len(rows)]
    return [rows[a:b] for a, b in zip(starts.tolist(), ends.tolist(), strict=True) if b - a > 1]


def _exact_leaks(
    corpus: Corpus, text_hash: U64, has_words: npt.NDArray[np.bool_], split: npt.NDArray[np.int8]
) -> Found:
    """Normalized texts found in more than one split: the first copy paired with each other."""
    rows = np.flatnonzero(has_words)
    rows = rows[np.lexsort((rows, split[rows], text_hash[rows]))]
    leaks: list[dict[str, Any]] = []
    clusters = 0
    for members in _runs(rows, text_hash[rows]):
        if split[members[0]] == split[members[-1]]:
            continue
        clusters += 1
        anchor = int(members[0])
        for row in members[split[members] != split[anchor]].tolist():
            leaks.append(
                {"check": "exact_duplicate", "a": corpus.ref(anchor), "b": corpus.ref(row)}
            )
    return leaks, {"clusters": clusters}


def _near_leaks(
    corpus: Corpus,
    text_words: Words,
    text_hash: U64,
    split: npt.NDArray[np.int8],
    policy: LeakPolicy,
) -> Found:
    has_words = text_words.lengths > 0
    compare = representatives(text_hash, has_words, split)
    distinct = representatives(text_hash, has_words, np.zeros_like(split))
    found = find_near_duplicates(text_words, compare, distinct, split, policy)
    leaks = [
        {
            "check": "near_duplicate",
            "a": corpus.ref(left),
            "b": corpus.ref(right),
            "similarity": round(similarity, 4),
            "similarity_with_boilerplate": round(full_similarity, 4),
            "differing_shingles": differing,
        }
        for left, right, similarity, full_similarity, differing in zip(
            found.left.tolist(),
            found.right.tolist(),
            found.similarity.tolist(),
            found.full_similarity.tolist(),
            found.differing.tolist(),
            strict=True,
        )
        if text_hash[left] != text_hash[right]  # exact copies are reported once, above
    ]
    info = {
        "threshold": policy.near_duplicate_threshold,
        "max_edits": policy.near_duplicate_max_edits,
        "shingle_words": policy.shingle_words,
        "candidates": found.candidates,
        "boilerplate_shingles": found.boilerplate_shingles,
        "oversized_buckets": found.oversized_buckets,
    }
    return leaks, info


# Fields benchmarks and evaluation sets keep their own ids in, tried in order after --id-field.
EVAL_ID_FIELDS = ("id", "_id", "uid", "idx", "question_id", "task_id", "doc_id", "example_id")


def _contamination(
    corpus: Corpus, text_words: Words, text_hash: U64, options: LeakOptions, policy: LeakPolicy
) -> Found:
    leaks: list[dict[str, Any]] = []
    short = 0
    matches = {"exact": 0, "near_duplicate": 0, "ngram": 0}
    # Evaluation files have their own fields; ids come from their own id field when present.
    reader = ReaderOptions(
        text_fields=options.against_fields, skip_invalid=options.reader.skip_invalid
    )
    id_fields = tuple(
        dict.fromkeys([f for f in (options.reader.id_field,) if f] + list(EVAL_ID_FIELDS))
    )
    for path in progress(options.against, "Leaks: contamination"):
        items = list(read_records([path], reader))
        item_words = words([record_text(item, options.against_fields) for item in items])
        item_hash = item_words.text_hashes()
        found = find_contamination(text_words, item_words, policy)
        near = find_near_contamination(text_words, text_hash, item_words, policy)
        short += found.short_items
        pairs: dict[tuple[int, int], dict[str, Any]] = {}
        for row, item in zip(found.record.tolist(), found.item.tolist(), strict=True):
            pairs[(row, item)] = {"match": ["ngram"]}
        for row, item, similarity in zip(
            near.record.tolist(), near.item.tolist(), near.similarity.tolist(), strict=True
        ):
            how = "exact" if text_hash[row] == item_hash[item] else "near_duplicate"
            entry = pairs.setdefault((row, item), {"match": []})
            entry["match"] = sorted({*entry["match"], how})
            entry["similarity"] = round(similarity, 4)
        for (row, item), entry in sorted(pairs.items()):
            for how in entry["match"]:
                matches[how] += 1
            record = items[item]
            eval_ref = {"file": str(path), "id": _eval_id(record, id_fields), "at": record.location}
            leaks.append(
                {"check": "contamination", "a": corpus.ref(row), "eval": eval_ref, **entry}
            )
    info = {
        "against": [str(path) for path in options.against],
        "ngram_words": policy.contamination_ngram,
        "min_words": policy.contamination_min_words,
        "near_duplicate": "as the near_duplicate check (threshold, max_edits, shingle_words)",
        "matches": matches,
        "short_items_skipped": short,
    }
    return leaks, info


def _eval_id(item: Record, id_fields: tuple[str, ...]) -> str:
    """The item's own id (the first of ``id_fields`` it has), else ``file:line``."""
    for name in id_fields:
        value = item.data.get(name)
        if (
            isinstance(value, str)
            and value.strip()
            or isinstance(value, int)
            and not isinstance(value, bool)
        ):
            return str(value)
    return item.id
