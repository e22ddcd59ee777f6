"""A small, realistic fine-tuning corpus with planted PII, secrets and near misses, and its answers.

``write_corpus`` writes five sources in four formats (JSONL, JSON array, CSV; with and without
dataset cards) plus ``labels/``: every planted value with its exact character span, the
near-miss negatives a scanner must not report, and the near-duplicate pairs a leak-free split
must keep together. Text comes from templates whose ``{slots}`` are filled from a seeded
``random.Random``; a slot that plants a value records where it landed while the text is built,
so labels are exact by construction. Same seed, same bytes.
"""

from __future__ import annotations

import csv
import json
import random
import re
import string
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, overload

from govern.io import atomic_open, atomic_write_text, private_dir
from govern.sample.templates import (
    CARDS,
    CHAT_KITS,
    CLINIC_REOPENER,
    MIT_LICENSE,
    SLOTS,
    TASK_KITS,
    ChatKit,
    Placed,
    Slot,
    Task,
    TaskKit,
)

START = datetime(2024, 1, 1, tzinfo=UTC)
END = datetime(2026, 1, 1, tzinfo=UTC)  # exclusive: timestamps fall in 2024-01-01..2025-12-31
PLANTED_RATE = 0.14
NEGATIVE_RATE = 0.06
NEAR_DUPLICATE_RATE = 0.02
REOPENED_RATE = 0.03
# source folder -> the prefix of its record, document and conversation ids
ID_PREFIXES = {
    "support_chats": "support",
    "clinic_dialogues": "clinic",
    "forum_threads": "forum",
    "instructions": "instr",
    "code_help": "code",
}
CSV_COLUMNS = ("id", "source", "document_id", "timestamp", "instruction", "input", "output")


_FORMATTER = string.Formatter()


@dataclass(frozen=True)
class _Span:
    field: str
    start: int
    end: int
    slot: Slot
    value: str


@dataclass
class _Draft:
    """A record's content before it gets ids and a timestamp."""

    content: dict[str, Any]
    spans: list[_Span] = field(default_factory=list)


@dataclass(frozen=True)
class CorpusSummary:
    """What ``write_corpus`` wrote: records per source, labels per type, and every file."""

    root: Path
    counts: Mapping[str, int]  # records per source folder
    planted: Mapping[str, int]
    negatives: Mapping[str, int]
    near_duplicates: int
    files: tuple[Path, ...]


def write_corpus(
    out_dir: Path,
    *,
    seed: int = 0,
    n_support: int = 1500,
    n_clinic: int = 1000,
    n_forum: int = 500,
    n_instructions: int = 700,
    n_code: int = 300,
) -> CorpusSummary:
    """Write the sample corpus and its labels under ``out_dir``; equal arguments, equal bytes.

    Each source draws from its own ``random.Random`` seeded by ``seed`` and its name, so changing
    one count leaves the other sources unchanged. Every planting and near-miss template is used
    at least once when a source has records enough, so a tiny corpus still holds every kind.
    Files are written atomically and owner-only.
    """
    root = private_dir(out_dir)
    for folder in ("corpus", "labels"):
        # private_dir makes only the leaf owner-only; missing parents would get the umask's mode.
        private_dir(root / folder)
    written: list[Path] = []
    labels: dict[str, list[dict[str, Any]]] = {"planted": [], "negatives": []}
    counts: dict[str, int] = {}

    def save(name: str, ext: str, records: list[dict[str, Any]], drafts: list[_Draft]) -> None:
        relative = f"corpus/{name}/data.{ext}"
        written.append(_write_records(root / relative, records))
        counts[name] = len(records)
        for record, draft in zip(records, drafts, strict=True):
            for span in draft.spans:
                kind = "negatives" if span.slot.negative else "planted"
                labels[kind].append(_label(record["id"], relative, span))
        if name in CARDS:
            written.append(atomic_write_text(root / f"corpus/{name}/README.md", _card(name)))

    def rng_for(name: str) -> random.Random:
        return random.Random(f"{seed}:{name}")

    drafts, support, duplicates = _support(rng_for("support_chats"), n_support)
    save("support_chats", "jsonl", support, drafts)
    drafts, clinic = _clinic(rng_for("clinic_dialogues"), n_clinic)
    save("clinic_dialogues", "jsonl", clinic, drafts)
    rng, kit = rng_for("forum_threads"), CHAT_KITS["forum"]
    drafts = [_chat(rng, kit, special) for special in _specials(rng, n_forum, kit)]
    unknown = [{"license": "unknown"}] * n_forum
    save(
        "forum_threads",
        "json",
        _records(rng, "forum_threads", drafts, chat=True, extra=unknown),
        drafts,
    )
    for name, count, ext in (
        ("instructions", n_instructions, "jsonl"),
        ("code_help", n_code, "csv"),
    ):
        rng, task_kit = rng_for(name), TASK_KITS[name]
        drafts = [_task(rng, task_kit, special) for special in _specials(rng, count, task_kit)]
        save(name, ext, _records(rng, name, drafts, chat=False), drafts)
    written.append(atomic_write_text(root / "corpus/code_help/LICENSE", MIT_LICENSE))

    labels["near_duplicates"] = duplicates
    for name, rows in labels.items():
        written.append(_write_records(root / f"labels/{name}.jsonl", rows))
    return CorpusSummary(
        root=root,
        counts=counts,
        planted=dict(sorted(Counter(row["type"] for row in labels["planted"]).items())),
        negatives=dict(sorted(Counter(row["type"] for row in labels["negatives"]).items())),
        near_duplicates=len(duplicates),
        files=tuple(written),
    )


def _support(
    rng: random.Random, n: int
) -> tuple[list[_Draft], list[dict[str, Any]], list[dict[str, Any]]]:
    kit = CHAT_KITS["support"]
    n_copies = max(1, round(n * NEAR_DUPLICATE_RATE)) if n >= 2 else 0
    drafts = [_chat(rng, kit, special) for special in _specials(rng, n - n_copies, kit)]
    drafts, pairs = _with_near_duplicates(rng, drafts, n_copies)
    records = _records(rng, "support_chats", drafts, chat=True)
    duplicates = [
        {
            "original_id": records[original]["id"],
            "duplicate_id": records[copy]["id"],
            "file": "corpus/support_chats/data.jsonl",
            "edits": edits,
        }
        for original, copy, edits in pairs
    ]
    return drafts, records, duplicates


def _clinic(rng: random.Random, n: int) -> tuple[list[_Draft], list[dict[str, Any]]]:
    kit = CHAT_KITS["clinic"]
    reopened = {i for i in range(1, n) if rng.random() < REOPENED_RATE}
    if n >= 2 and not reopened:
        reopened.add(rng.randrange(1, n))
    drafts = [
        _chat(rng, kit, special, CLINIC_REOPENER if i in reopened else None)
        for i, special in enumerate(_specials(rng, n, kit))
    ]
    # About three conversations per patient, spread over the two years.
    patients = [rng.randrange(max(1, n // 3)) for _ in range(n)]
    for i in sorted(reopened):
        patients[i] = patients[i - 1]
    extra = [{"patient_id": f"patient-{patient:05d}"} for patient in patients]
    records = _records(
        rng, "clinic_dialogues", drafts, chat=True, extra=extra, joined=frozenset(reopened)
    )
    return drafts, records


@overload
def _specials(rng: random.Random, n: int, kit: ChatKit) -> list[Placed | None]: ...
@overload
def _specials(rng: random.Random, n: int, kit: TaskKit) -> list[Task | None]: ...
def _specials(rng: random.Random, n: int, kit: ChatKit | TaskKit) -> list[Any]:
    """For each of ``n`` records, the planting or near-miss template it gets, or None."""
    chosen: list[Any] = []
    for templates, rate in ((kit.planted, PLANTED_RATE), (kit.negatives, NEGATIVE_RATE)):
        extra = max(0, round(n * rate) - len(templates))
        chosen += rng.sample(templates, len(templates)) + rng.choices(templates, k=extra)
    chosen = chosen[:n]
    specials: list[Any] = [None] * n
    for index, template in zip(rng.sample(range(n), len(chosen)), chosen, strict=True):
        specials[index] = template
    return specials


_ROLE_POOLS = {"system": "system", "user": "follow_up", "assistant": "reply"}


def _chat(
    rng: random.Random, kit: ChatKit, special: Placed | None, opener: str | None = None
) -> _Draft:
    """A conversation of 2-6 messages; ``special`` replaces one message of its role."""
    pairs = rng.randint(2 if opener else 1, 3)
    roles = ["system"] if pairs < 3 and rng.random() < 0.4 else []
    roles += ["user", "assistant"] * pairs
    first_user = roles.index("user")
    pools = ["opening" if i == first_user else _ROLE_POOLS[role] for i, role in enumerate(roles)]
    options = {
        "system": kit.system, "opening": kit.opening, "follow_up": kit.follow_up, "reply": kit.reply
    }  # fmt: skip
    # Without replacement within a pool, so no reply repeats itself in one conversation.
    drawn = {pool: rng.sample(options[pool], pools.count(pool)) for pool in dict.fromkeys(pools)}
    templates = [drawn[pool].pop() for pool in pools]
    if opener is not None:
        templates[first_user] = opener
    if special is not None:
        role, template = special
        spots = [i for i, r in enumerate(roles) if r == role and not (opener and i == first_user)]
        templates[rng.choice(spots)] = template
    draft = _Draft({"messages": []})
    cache: dict[str, str] = {}
    for i, (role, template) in enumerate(zip(roles, templates, strict=True)):
        text, spans = _render(rng, template, f"messages.{i}.content", cache)
        draft.content["messages"].append({"role": role, "content": text})
        draft.spans += spans
    return draft


def _task(rng: random.Random, kit: TaskKit, special: Task | None) -> _Draft:
    draft = _Draft({})
    cache: dict[str, str] = {}
    fields = special if special is not None else rng.choice(kit.tasks)
    for name, template in zip(("instruction", "input", "output"), fields, strict=True):
        draft.content[name], spans = _render(rng, template, name, cache)
        draft.spans += spans
    return draft


def _render(
    rng: random.Random, template: str, field_path: str, cache: dict[str, str]
) -> tuple[str, list[_Span]]:
    """Fill ``template``'s slots, noting where each labelled value lands.

    A slot used twice in one record repeats its value unless it is marked otherwise: the
    person who signs a message is the one the reply thanks.
    """
    parts: list[str] = []
    spans: list[_Span] = []
    length = 0
    for literal, name, _spec, _conversion in _FORMATTER.parse(template):
        parts.append(literal)
        length += len(literal)
        if name is None:
            continue
        slot = SLOTS[name]
        if name not in cache or not slot.keep:
            cache[name] = slot.make(rng)
        value = cache[name]
        if slot.label is not None:
            spans.append(_Span(field_path, length, length + len(value), slot, value))
        parts.append(value)
        length += len(value)
    return "".join(parts), spans


_SWAPS = {
    "Hi": "Hello", "Hello": "Hi", "Thanks": "Thank you", "please": "kindly", "sorry": "so sorry",
    "help": "assist", "ordered": "bought", "again": "once more", "Could": "Can", "Please": "Kindly",
}  # fmt: skip


def _with_near_duplicates(
    rng: random.Random, drafts: list[_Draft], count: int
) -> tuple[list[_Draft], list[tuple[int, int, list[str]]]]:
    """Add lightly edited copies of ``count`` label-free drafts; shuffle; return the pairs."""
    clean = [i for i, draft in enumerate(drafts) if not draft.spans]
    originals = rng.sample(clean, min(count, len(clean)))
    edits: list[list[str]] = []
    for original in originals:
        messages, applied = _near_copy(rng, drafts[original].content["messages"])
        drafts.append(_Draft({"messages": messages}))
        edits.append(applied)
    order = list(range(len(drafts)))
    rng.shuffle(order)
    position = {old: new for new, old in enumerate(order)}
    first_copy = len(drafts) - len(originals)
    pairs = [
        (position[original], position[first_copy + k], edits[k])
        for k, original in enumerate(originals)
    ]
    return [drafts[i] for i in order], pairs


def _near_copy(
    rng: random.Random, messages: list[dict[str, str]]
) -> tuple[list[dict[str, str]], list[str]]:
    """A copy with one or two small edits: a swapped word, punctuation, or letter case."""
    copy = [dict(message) for message in messages]
    applied: list[str] = []
    for edit in rng.sample(("word", "punctuation", "casing"), rng.randint(1, 2)):
        message = rng.choice(copy)
        text = message["content"]
        if edit == "word":
            present = [word for word in _SWAPS if re.search(rf"\b{word}\b", text)]
            if not present:
                continue
            word = rng.choice(present)
            message["content"] = re.sub(rf"\b{word}\b", _SWAPS[word], text, count=1)
        elif edit == "punctuation":
            message["content"] = text[:-1] if text[-1] in ".!?" else text + "."
        else:
            first = next(i for i, char in enumerate(text) if char.isalpha())
            message["content"] = text[:first] + text[first].swapcase() + text[first + 1 :]
        applied.append(edit)
    if not applied:  # only a word swap was drawn and no swappable word was there
        copy[-1]["content"] = copy[-1]["content"].rstrip(".!?") + "!"
        applied.append("punctuation")
    return copy, applied


def _records(
    rng: random.Random,
    source: str,
    drafts: Sequence[_Draft],
    *,
    chat: bool,
    extra: Sequence[dict[str, str]] | None = None,
    joined: frozenset[int] = frozenset(),
) -> list[dict[str, Any]]:
    """The drafts as records, in file order, with ids, document ids and timestamps.

    Consecutive records form documents of 2-8 records minutes to hours apart; a record in
    ``joined`` continues the previous one's document a few minutes later.
    """
    prefix = ID_PREFIXES[source]
    span_seconds = int((END - START).total_seconds()) - 2 * 86400  # room for a document's day
    conversations = rng.sample(range(10**6), len(drafts)) if chat else []
    records: list[dict[str, Any]] = []
    document, left, clock = -1, 0, START
    for i, draft in enumerate(drafts):
        if i in joined:
            clock += timedelta(seconds=rng.randint(120, 1800))
        elif left <= 0:
            document, left = document + 1, rng.randint(2, 8)
            clock = START + timedelta(seconds=rng.randrange(span_seconds))
        else:
            clock += timedelta(seconds=rng.randint(300, 10800))
        left -= 1
        record = {
            "id": f"{prefix}-{i:06d}",
            "source": source,
            "document_id": f"{prefix}-doc-{document:05d}",
        }
        if chat:
            record["conversation_id"] = f"{prefix}-conv-{conversations[i]:06d}"
        record["timestamp"] = clock.strftime("%Y-%m-%dT%H:%M:%SZ")
        records.append(record | (extra[i] if extra else {}) | draft.content)
    return records


def _label(record_id: str, relative: str, span: _Span) -> dict[str, Any]:
    return {
        "record_id": record_id,
        "file": relative,
        "field": span.field,
        "start": span.start,
        "end": span.end,
        "type": span.slot.label,
        "subtype": span.slot.subtype,
        "value": span.value,
    }


def _write_records(path: Path, records: Sequence[dict[str, Any]]) -> Path:
    if path.suffix == ".json":
        return atomic_write_text(path, json.dumps(records, ensure_ascii=False, indent=2) + "\n")
    with atomic_open(path, "w") as handle:
        if path.suffix == ".csv":
            # Quoting keeps commas, quotes and newlines inside a field; "\n" rows like the JSONL.
            writer = csv.DictWriter(handle, fieldnames=CSV_COLUMNS, lineterminator="\n")
            writer.writeheader()
            writer.writerows(records)
        else:
            for record in records:
                handle.write(json.dumps(record, ensure_ascii=False) + "\n")
    return path


def _card(name: str) -> str:
    license_id, pretty_name, description = CARDS[name]
    url = f"https://data.example.org/{name.replace('_', '-')}"
    front = f"license: {license_id}\npretty_name: {pretty_name}\nsource_url: {url}\n"
    front += "language:\n- en\ntask_categories:\n- text-generation\n"
    return f"---\n{front}---\n\n# {pretty_name}\n\n{description}\n\nSource: {url}\n"
