"""A learned PERSON judge: a logistic regression over general features of each candidate word.

The rules of ``govern.scan.person`` fit the phrasings they were written against; new text
phrases names otherwise. Here every candidate word (capitalised, in capitals, an initial, a
lexicon name in any case, or inside a span the rules or NER kept) is scored from what is true
of names in any text: lexicon membership, dictionary and stop words, the negative lexicons,
case shape, suffix, the words and punctuation around it, whether its neighbours look like
names, and the rules' and NER's verdicts. Words scored above the threshold are reported, runs
of them (joined by a space, a hyphen, ", " or an initial's ". ") as one span.

The model is a gzipped JSON file (``data/person_model.json.gz``) written by
``benchmarks/train_person_model.py``: weights by feature name, the bias, the threshold and the
provenance of the training run. It is read with ``json`` and scored in plain Python; training
needs scikit-learn, scanning does not.
"""

from __future__ import annotations

import gzip
import json
import math
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import regex

from govern.errors import InputError

MODEL = Path(__file__).with_name("data") / "person_model.json.gz"
FORMAT = 1
# A word: letters, with inner apostrophes and hyphens ("O'Neil", "Smith-Jones", "Ní").
TOKEN = regex.compile(r"\p{L}+(?:['’]\p{L}+)*(?:-\p{L}+)*")
# The same words in a text of ASCII characters only, by the standard library's engine (~1.4x).
TOKEN_ASCII = re.compile(r"[A-Za-z]+(?:'[A-Za-z]+)*(?:-[A-Za-z]+)*")
# What may stand between two reported words of one name.
_JOINS = frozenset({" ", ", ", "-", ". ", " - "})
Span = tuple[int, int]
# A candidate word in the same name as one scored above the threshold is kept from this
# probability on (a hysteresis: the name's other words vouch for it).
PARTNER = 0.1
CACHE = 1 << 17  # words whose own score and class are kept (cleared when full)


class PersonModelError(InputError):
    """The model file is missing or is not a model this version reads (exit 2)."""


@dataclass(frozen=True, slots=True)
class WordKnowledge:
    """What the judge knows of words: the lexicon, the dictionary and the refused lists."""

    first: Mapping[str, None]
    last: Mapping[str, None]
    is_english: Callable[[str], bool]  # lower case in
    stop: frozenset[str]
    not_names: frozenset[str]  # drugs, eponyms, products, greeting words
    word_names: frozenset[str]  # first names that are also words: "will", "grace"
    refused: frozenset[str]  # months, days, headings, roles
    vocabulary: bool  # whether is_english knows any word (False without a lemmatizer)
    ner: bool  # whether NER judged the rules' unsure spans (their verdicts differ without)


@dataclass(slots=True)
class PersonModel:
    """Weights by feature name, a bias and the threshold on the probability of a name."""

    weights: dict[str, float]
    bias: float
    threshold: float
    provenance: dict[str, Any]
    _logit: float = field(init=False)
    _partner: float = field(init=False)

    def __post_init__(self) -> None:
        self._logit = math.log(self.threshold / (1 - self.threshold))
        self._partner = math.log(PARTNER / (1 - PARTNER))

    def score(self, features: Sequence[str]) -> float:
        """The log-odds that the word is part of a person's name."""
        weights = self.weights
        return self.bias + sum(weights.get(f, 0.0) for f in features)

    def judge(
        self,
        text: str,
        verdicts: Sequence[tuple[int, int, str]],
        words: WordKnowledge,
        cache: dict[Any, Any],
    ) -> list[Span]:
        """The PERSON spans of ``text``: its candidate words scored, the kept ones joined.

        The score is ``score(own + context features)`` (what the tests compare), summed from
        parts kept in ``cache``: a word's own score, a neighbour's weights at each offset, a
        gap's, a verdict's, each beside the candidate's shape. Most candidates then cost a
        few dictionary reads, not two dozen formatted feature names. A text repeated in a
        scan is not judged again: the scan remembers each text's hits
        (``govern.scan.worker._Remembered``) and passes only new texts to the detectors.
        """
        if len(cache) > CACHE:
            cache.clear()
        scored: list[tuple[int, int, float]] = []  # each candidate word's span and score
        tokens, chosen = _candidate_words(text, verdicts, words)
        last = len(tokens) - 1
        for i, verdict in chosen:
            start, end, word = tokens[i]
            own = cache.get(word)
            if own is None:
                own = cache[word] = self.bias + self._sum(word_features(word, words))
            form = shape(word)
            key: Any = (verdict, form, words.ner)
            part = cache.get(key)
            if part is None:
                part = cache[key] = self._sum(_verdict_features(verdict, form, words))
            total = own + part
            gap = text[tokens[i - 1][1] : start] if i else _START + text[:start]
            key = ("g-1", gap, form)
            part = cache.get(key)
            if part is None:
                part = cache[key] = self._sum(_gap_features("g-1", gap, form))
            total += part
            gap = text[end : tokens[i + 1][0]] if i < last else _END + text[end:]
            key = ("g+1", gap, form)
            part = cache.get(key)
            if part is None:
                part = cache[key] = self._sum(_gap_features("g+1", gap, form))
            total += part
            for offset in (-2, -1, 1, 2, 3):
                j = i + offset
                neighbour = tokens[j][2] if 0 <= j <= last else None
                key = (offset, neighbour, form)
                part = cache.get(key)
                if part is None:
                    features = _neighbour_features(offset, neighbour, form, words)
                    part = cache[key] = self._sum(features)
                total += part
            slot = _slot(text, start, end)
            key = (slot, form)
            part = cache.get(key)
            if part is None:
                part = cache[key] = self._sum(_slot_names(slot, form))
            total += part
            scored.append((start, end, total))
        return self._joined(text, scored)

    def _joined(self, text: str, scored: list[tuple[int, int, float]]) -> list[Span]:
        """The spans of the names in ``scored`` (each candidate word's span and score).

        A name is a run of words joined by a space, a hyphen, ", " or an initial's ". ", each
        scored above ``PARTNER``: reported whole where one of its words is scored above the
        threshold, else not at all. Per word, "Ada" kept and "Lovelace" dropped left half a
        name to redaction.
        """
        kept: list[Span] = []
        run_start = run_end = -1
        vouched = False
        for start, end, total in scored:
            if total < self._partner:
                if vouched:
                    kept.append((run_start, run_end))
                run_start, vouched = -1, False
                continue
            if run_start >= 0 and text[run_end:start] in _JOINS:
                run_end = end
            else:
                if vouched:
                    kept.append((run_start, run_end))
                run_start, run_end, vouched = start, end, False
            vouched = vouched or total >= self._logit
        if vouched:
            kept.append((run_start, run_end))
        return kept

    def _sum(self, features: Iterable[str]) -> float:
        weights = self.weights
        return sum(weights.get(f, 0.0) for f in features)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "bias": self.bias,
            "threshold": self.threshold,
            "provenance": self.provenance,
            "weights": self.weights,
        }


@cache
def shipped_model() -> PersonModel:
    """The model shipped in ``govern/scan/data`` (read once per process)."""
    return load(MODEL)


def load(path: Path = MODEL) -> PersonModel:
    """The model in ``path``; ``PersonModelError`` (one line naming the file) when it is missing
    or not a model of this format."""
    try:
        raw = path.read_bytes()
        data = json.loads((gzip.decompress(raw) if path.suffix == ".gz" else raw).decode())
    except FileNotFoundError:
        raise PersonModelError(f"{path}: PERSON model file not found") from None
    except (OSError, EOFError, UnicodeDecodeError, json.JSONDecodeError) as error:
        reason = (
            f"line {error.lineno}: {error.msg}"
            if isinstance(error, json.JSONDecodeError)
            else type(error).__name__
        )
        raise PersonModelError(f"{path}: not a PERSON model ({reason})") from None
    try:
        if data["format"] != FORMAT:
            raise ValueError(f"format {data['format']!r}, expected {FORMAT}")
        weights = {str(k): float(v) for k, v in data["weights"].items()}
        threshold = float(data["threshold"])
        if not 0 < threshold < 1:
            raise ValueError("threshold outside (0, 1)")
        provenance = dict(data["provenance"])
        return PersonModel(weights, float(data["bias"]), threshold, provenance)
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise PersonModelError(f"{path}: not a PERSON model ({error})") from None


def candidates(
    text: str, verdicts: Sequence[tuple[int, int, str]], words: WordKnowledge
) -> list[tuple[int, int, list[str]]]:
    """Each candidate word of ``text`` as (start, end, its features): what training reads.

    A candidate: a word not in lower case; a word in lower case that is no stop word and a
    lexicon first name, or a surname or (with a vocabulary) any word of three letters or more
    that is no dictionary word ("siobhan", "will", "sipho"; not "from", "card"); a word inside
    a span of ``verdicts`` (the rules', as ``Verdicts.spans`` gives them).
    """
    tokens, chosen = _candidate_words(text, verdicts, words)
    return [
        (
            tokens[i][0],
            tokens[i][1],
            word_features(tokens[i][2], words) + context_features(text, tokens, i, verdict, words),
        )
        for i, verdict in chosen
    ]


def _candidate_words(
    text: str, verdicts: Sequence[tuple[int, int, str]], words: WordKnowledge
) -> tuple[list[tuple[int, int, str]], list[tuple[int, str]]]:
    """The words of ``text`` as (start, end, word), and the candidates' (index, verdict)."""
    pattern = TOKEN_ASCII if text.isascii() else TOKEN
    tokens = [(m.start(), m.end(), m.group()) for m in pattern.finditer(text)]
    first, last, stop, vocabulary = words.first, words.last, words.stop, words.vocabulary
    chosen = []
    for i, (start, end, word) in enumerate(tokens):
        if word.islower():
            lowered = word.replace("’", "'")
            if lowered in stop or not (
                lowered in first
                or (
                    (lowered in last or (vocabulary and len(lowered) > 2))
                    and not words.is_english(lowered)
                )
            ):
                # no candidate by itself: one only inside a span of the rules
                if verdicts and (verdict := _verdict(start, end, verdicts)) != "no":
                    chosen.append((i, verdict))
                continue
        chosen.append((i, _verdict(start, end, verdicts) if verdicts else "no"))
    return tokens, chosen


def _verdict(start: int, end: int, verdicts: Sequence[tuple[int, int, str]]) -> str:
    """The first verdict of a span over ``text[start:end]``, "no" without one."""
    for s, e, verdict in verdicts:
        if s < end and start < e:
            return verdict
    return "no"


def shape(word: str) -> str:
    """T: Title, U: UPPER, L: lower, M: mixed ("McKenna"), I: one capital (an initial)."""
    if len(word) == 1:
        return "I" if word.isupper() else "L"
    if word.isupper():
        return "U"
    if word.islower():
        return "L"
    if word[0].isupper() and word[1:].islower():
        return "T"
    return "M"


def kind(word: str, words: WordKnowledge) -> str:
    """The word's class as a neighbour: its shape, lexicon kinds and dictionary membership."""
    lowered = word.lower().replace("’", "'")
    return (
        shape(word)
        + ("f" if lowered in words.first else "")
        + ("l" if lowered in words.last else "")
        + ("e" if words.is_english(lowered) else "")
        + ("s" if lowered in words.stop else "")
    )


def word_features(word: str, words: WordKnowledge) -> list[str]:
    """What ``word`` itself says, whatever surrounds it."""
    lowered = word.lower().replace("’", "'")
    form = shape(word)
    lex = ("f" if lowered in words.first else "") + ("l" if lowered in words.last else "")
    english = words.is_english(lowered)
    size = len(lowered)
    length = (
        "1"
        if size == 1
        else "2"
        if size == 2
        else "3"
        if size == 3
        else "5"
        if size <= 5
        else "8"
        if size <= 8
        else "9"
    )
    out = [
        f"s={form}",
        f"s={form}|len={length}",  # "EOB", "KVNR": an acronym's shape
        f"lex={lex}",
        f"s={form}|lex={lex}",
        f"len={length}",
        f"x2={lowered[-2:]}",
        f"x3={lowered[-3:]}",
        f"s={form}|e={english:d}|lex={lex}",
    ]
    if english:
        out.append("e")
    if not words.vocabulary:
        out.append("novocab")
    if lowered in words.stop:
        out.append("stop")
    if lowered in words.not_names:
        out.append("notname")
    if lowered in words.word_names:
        out.append("wordname")
    if lowered in words.refused:
        out.append("refused")
    if "-" in word:
        out.append("hyphen")
    if "'" in lowered:
        out.append("apos")
    if not word.isascii():
        out.append("nonascii")
    return out


def _gap(text: str) -> str:
    """What stands between two words, in short: "sp", ",", "nl", "nl-", ":", "@"..."""
    if len(text) > 8:
        return "far"
    squeezed = text.replace(" ", "").replace("\t", "")
    squeezed = "".join("0" if c.isdigit() else c for c in squeezed)
    if "\n" in squeezed or "\r" in squeezed:
        return "nl" + squeezed.replace("\n", "").replace("\r", "")[:2]
    return squeezed[:3] or "sp"


_START, _END = "\x02", "\x03"  # before the first word, after the last: "sol", "eol"


def context_features(
    text: str,
    tokens: list[tuple[int, int, str]],
    i: int,
    verdict: str,
    words: WordKnowledge,
) -> list[str]:
    """What surrounds the ``i``-th word: its neighbours, the punctuation between, the rules'
    verdict (another feature without NER: its unsure spans are then never judged)."""
    start, end, word = tokens[i]
    form = shape(word)
    before = text[tokens[i - 1][1] : start] if i else _START + text[:start]
    after = text[end : tokens[i + 1][0]] if i + 1 < len(tokens) else _END + text[end:]
    out = _verdict_features(verdict, form, words)
    out += _gap_features("g-1", before, form) + _gap_features("g+1", after, form)
    for offset in (-2, -1, 1, 2, 3):
        j = i + offset
        neighbour = tokens[j][2] if 0 <= j < len(tokens) else None
        out += _neighbour_features(offset, neighbour, form, words)
    return out + slot_features(text, start, end, form)


# How far a word's slot is looked for: the line before it, the line itself, a CSV header.
_LINE = 240
_KEY = 40
_SEPARATORS = ("^", "*", "|", "\t", ",", ";")


Slot = tuple[Any, ...]  # what ``slot_features`` reads of a word's place, before its shape


def slot_features(text: str, start: int, end: int, form: str) -> list[str]:
    """The slot the word ``text[start:end]`` sits in, whatever its words: the label or key
    before it on its line (the last word before a ":" or "=", lower-cased: "patient",
    "holder"), how many words stand between, its place in the line beside the character after
    it (a speaker's "priya:"), the field separators of the line (``^`` of a
    DICOM PN, ``*`` of X12, ``|``, a CSV row's commas) with the word's field number in the
    line's coarsest of ``|``, ``*``, a tab, ``^`` (HL7's PID-5 is ``|5``) and the field
    before it when that is a short number (X12 ``NM1*IL*1*`` is a person, ``*2*`` an
    organisation) and, in a CSV row under a header line (the topmost of the rows of as many
    separators just above it, when it has no digits), the header cell of its column
    ("first_name"); a word of that header line itself is marked so. Which labels, fields and
    columns hold names is learned, not listed."""
    return _slot_names(_slot(text, start, end), form)


def _slot(text: str, start: int, end: int) -> Slot:
    """The facts of ``slot_features`` as a tuple (what the judge's cache is keyed by)."""
    line_start = text.rfind("\n", max(0, start - _LINE), start) + 1
    if not line_start and start > _LINE:
        line_start = start - _LINE
    line_end = text.find("\n", start, start + _LINE)
    if line_end < 0:
        line_end = min(len(text), start + _LINE)
    before = text[line_start:start]
    label_fact: tuple[str, ...]
    colon = max(before.rfind(":"), before.rfind("="))
    if colon >= 0:
        label = before[max(0, colon - _KEY) : colon].rstrip(" \"')]")
        keys = TOKEN_ASCII.findall(label)
        if label[-1:].isdigit():
            key = "<num>"
        elif keys and label.endswith(keys[-1]):
            key = keys[-1].lower()
        else:
            key = "<other>"
        between = str(min(len(TOKEN_ASCII.findall(before, colon)), 3))
        # the words before the key: "policy" of "Policy holder"
        label_fact = ("key", key, between, *(word.lower() for word in keys[-3:-1]))
    elif line_start and text[max(0, line_start - 2) : line_start - 1] == ":" and not before:
        # a label alone on the line above: "Account holder:\nName"
        above = TOKEN_ASCII.findall(text, max(0, line_start - _KEY), line_start)
        label_fact = ("above", above[-1].lower() if above else "<other>")
    else:
        label_fact = ("none",)
    position = min(len(TOKEN_ASCII.findall(before)), 3)
    following = text[end : end + 1]
    following = "a" if following.isalpha() else "0" if following.isdigit() else following
    line = text[line_start:line_end]
    separators = tuple(c for c in _SEPARATORS if c in line)
    fielded = any(c in _FIELD_ORDER for c in separators)
    field_fact = _field(before, separators) if fielded else None
    column = (
        _column(text, line_start, line, start - line_start)
        if "," in separators or "\t" in separators
        else None
    )
    return label_fact, position, following, separators, column, field_fact


# A line's field separator, coarsest first: HL7 cuts fields by "|" and their parts by "^".
# Commas and semicolons are left out: prose has them (a CSV row's column is its header cell).
_FIELD_ORDER = ("|", "*", "\t", "^")


def _field(before: str, separators: tuple[str, ...]) -> tuple[str, str, str, str]:
    """The line's field separator, the word's field number in it (capped at 9), the field
    before it when that is a number of up to three digits ("1" of X12's ``NM1*IL*1*``, else
    ""), and the word's component number in its field when "^" cuts the fields' parts."""
    cut = next(c for c in _FIELD_ORDER if c in separators)
    fields = before.split(cut)
    number = str(min(len(fields) - 1, 9))
    previous = fields[-2].strip() if len(fields) > 1 else ""
    previous = previous if previous.isdigit() and len(previous) <= 3 else ""
    component = str(min(fields[-1].count("^"), 9)) if cut != "^" and "^" in separators else ""
    return cut, number, previous, component


def _slot_names(slot: Slot, form: str) -> list[str]:
    """The feature names of ``slot`` for a word of shape ``form``."""
    label_fact, position, following, separators, column, field_fact = slot
    out: list[str]
    if label_fact[0] == "key":
        key = label_fact[1]
        out = [f"key={key}", f"key={key}|s={form}", f"key={key}|d={label_fact[2]}"]
        out += [f"keyw={word}" for word in label_fact[3:]]
    elif label_fact[0] == "above":
        out = [f"key^={label_fact[1]}"]
    else:
        out = ["key=<none>"]
    out += [f"lpos={position}|s={form}", f"lpos={position}|next={following}"]
    out += [f"sep={c}|s={form}" for c in separators]
    if field_fact is not None:
        cut, number, previous, component = field_fact
        out += [f"fld={cut}{number}", f"fld={cut}{number}|s={form}"]
        if previous:
            out.append(f"fprev={cut}{previous}")
        if component:
            out.append(f"fld={cut}{number}^{component}")
    if column == "":
        out.append(f"csvhead|s={form}")
    elif column is not None:
        out += [f"col={column}", f"col={column}|s={form}"]
    return out


_ROWS = 24  # how many lines above a CSV row its header is looked for


def _column(text: str, line_start: int, line: str, at: int) -> str | None:
    """The CSV header cell over the word at ``at`` of ``line``: the header is the topmost of
    the lines of as many separators just above it (the line itself included) when it has no
    digits; "" when the word is in that header line; None else."""
    cut = "\t" if "\t" in line else ","
    count = line.count(cut)
    if count < 2:
        return None
    top, top_end = line_start, line_start + len(line)
    for _ in range(_ROWS):
        if not top:
            break
        above = text.rfind("\n", max(0, top - 1 - _LINE), top - 1) + 1
        if text.count(cut, above, top - 1) != count:
            break
        top, top_end = above, top - 1
    header = text[top:top_end]
    if any(c.isdigit() for c in header):
        return None
    if top == line_start:  # the word's own line heads the rows: a header if a row follows
        after = line_start + len(line) + 1
        following_end = text.find("\n", after, after + _LINE)
        following = text[after : following_end if following_end > 0 else after + _LINE]
        return "" if after < len(text) and following.count(cut) == count else None
    cells = header.split(cut)
    return "_".join(TOKEN_ASCII.findall(cells[line.count(cut, 0, at)])).lower() or "<empty>"


def _verdict_features(verdict: str, form: str, words: WordKnowledge) -> list[str]:
    if not words.ner:
        verdict += "0"
    return [f"r={verdict}", f"r={verdict}|s={form}"]


def _gap_features(side: str, gap: str, form: str) -> list[str]:
    """The gap before (``side`` "g-1") or after ("g+1") a word, alone and beside its shape."""
    if gap == _START:
        short = "sol"
    elif gap == _END:
        short = "eol"
    else:
        short = _gap(gap.lstrip(_START + _END))
    return [f"{side}={short}", f"{side}={short}|s={form}"]


def _neighbour_features(
    offset: int, neighbour: str | None, form: str, words: WordKnowledge
) -> list[str]:
    """The word at ``offset`` from a candidate of shape ``form`` (None: no word there)."""
    if neighbour is None:
        return [f"w{offset:+d}=<none>"]
    lowered = neighbour.lower()
    out = [f"w{offset:+d}={lowered}"]
    if offset in (-1, 1):
        out += [f"n{offset:+d}={kind(neighbour, words)}", f"w{offset:+d}={lowered}|s={form}"]
    return out
