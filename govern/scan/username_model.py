"""A learned USERNAME judge: every token that could be a handle, scored by a linear model.

The login rules (``govern.scan.identifiers``' ``UsernameRecognizer`` and ``LoginRecognizer``,
``govern.scan.labelled``, ``govern.scan.issued``) fit the phrasings they were written for; a
blind split phrases handles otherwise (``<ana_r>`` in IRC, ``@ana_r:matrix.org``,
``ana_r@db``, ``session:ana_r``). Here a candidate is any run of ``[A-Za-z0-9._-]`` of a
handle's length that sits in a syntax handles sit in (``SYNTAXES``: an @mention, ``<x>``,
``x@host``, a key such as ``user=`` / ``"owner":`` / ``assignee:``, a CSV column under such a
key, "by x", a home folder, a chat speaker's ``x:``, ``TODO(x)``, ``[x]``, ``--user x``,
``uid=1001(x)``, ``session:x``) or that a rule reported. It is scored from what is true of
handles in any text: the syntax, the key and the words around it, its place in the line (the
PERSON judge's ``slot_features``), its shape (letters, digits, separators, length, a
``first.last`` of the name lexicon), whether it is a dictionary or stop word or a service
account (``no_ones_account``: root, postgres, github-actions[bot]) and what the rules said of
it (their recognizer, other types over it). Which syntaxes and keys hold people's handles is
learned (``benchmarks/train_username_model.py``), not listed.

The model is ``govern.scan.linear``'s ``LinearModel`` (classes none, USERNAME) in
``data/username_model.json``; scoring is a sum over a weight dict, cached by the parts a
candidate's features come from (``judge``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path
from typing import Any

from govern.scan._presidio import STOP_WORDS
from govern.scan.base import Hit
from govern.scan.identifiers import NOT_A_LOGIN, NOT_A_MENTION, no_ones_account
from govern.scan.linear import LinearModel, load
from govern.scan.patterns import CandidatePass
from govern.scan.person_model import TOKEN_ASCII, WordKnowledge, _column, _slot, _slot_names

MODEL = Path(__file__).with_name("data") / "username_model.json"
KIND = "username"
CLASSES = ("none", "USERNAME")
DETECTOR = "presidio:UsernameJudge"  # as the rules' findings name their recognizer
SCORE = 0.6  # the rules' login patterns' score
CACHE = 1 << 15  # words whose own features a judge keeps (cleared when full)
_HANDLE = r"[A-Za-z0-9_][\w.\-]{0,38}"  # trailing "." and "-" are cut after the match

# (name, pattern whose group "h" is the handle), run on a text where its anchor fired.
SYNTAXES: tuple[tuple[str, re.Pattern[str]], ...] = (
    # not after ">" or ":": a URL's credentials, "user:<SECRET>@db", once redacted
    ("mention", re.compile(rf"(?<![\w.@+%/=:>-])@(?P<h>{_HANDLE})")),
    (  # ana_r@db01, ana@host:~$, 'ana'@'localhost'; an email's local part too (a negative)
        "athost",
        re.compile(rf"(?<![\w.@+%/=-])['\"`]?(?P<h>{_HANDLE})['\"`]?@(?=[\w'\"`])"),
    ),
    ("angle", re.compile(rf"<@?(?P<h>{_HANDLE})>")),
    ("bracket", re.compile(rf"\[@?(?P<h>{_HANDLE})\]")),
    (
        "todo",
        re.compile(rf"(?i:\b(?:todo|fixme|xxx|hack|note|bug))\(@?(?P<h>{_HANDLE})\)"),
    ),
    (
        "home",
        re.compile(
            r"(?i:/home/|/users?/|/u/|/~|\\users\\|\\home\\|/export/home/|/var/mail/"
            rf"|/crontabs/|(?<![\w~])~(?=[a-z_][\w.-]*/))(?P<h>{_HANDLE})"
            # not the first word of a display-name folder: "C:\Users\Abena Owusu\"
            r"(?!(?: [^\W\d_][\w'’-]*){1,3}[\\/\"'])"
        ),
    ),
    (  # a chat speaker: "ana_r: ...", "[10:42] ana_r: ...", "10:42 <ana_r> ..." is "angle"
        "speaker",
        re.compile(
            r"(?m)^[ \t]*(?:\[[^\]\n]{1,30}\][ \t]*|\d\d?:\d\d(?::\d\d)?(?:[ \t]*[AaPp][Mm])?"
            rf"[ \t]+|[-*>][ \t]*)?@?(?P<h>{_HANDLE})(?:[ \t]*\([^)\n]{{0,24}}\))?:[ \t]"
        ),
    ),
    (
        "option",
        re.compile(
            r"(?<![\w-])(?:--(?:user|username|login|owner|author|as|assignee|reviewer)"
            rf"|-[uUl])(?:[ \t]+|=)['\"]?(?P<h>{_HANDLE})"
        ),
    ),
    ("uidparen", re.compile(rf"=\d+\((?P<h>{_HANDLE})\)")),
    (  # a repository's owner: github.com/ana_r/dotfiles, git@gitlab.com:ana_r/site.git
        "repo",
        re.compile(rf"(?i:github|gitlab|bitbucket|codeberg)\.(?:com|org)[:/](?P<h>{_HANDLE})/"),
    ),
    (  # the Common Log Format's user: 203.0.113.9 - ana_r [03/Nov/2026:09:12:44 +0000]
        "clf",
        re.compile(rf"[\w:.\]]+ (?:-|[\w.-]+) (?P<h>{_HANDLE}) \[\d"),
    ),
)
_SYNTAX = dict(SYNTAXES)
_WORD_HANDLE = re.compile(rf"(?P<h>{_HANDLE})")
# The keys a handle's value may stand under: user, username, login, handle, owner,
# ansible_user, created_by, "assignee"...
_KEYS = (
    "user|login|handle|account|owner|author|assignee|reporter|uid|nick|actor|committer|sender"
    "|reviewer|approver|requester|principal|creator|member|by"
)
_KEYWORD = re.compile(_KEYS)  # in a lower-cased CSV header cell
# Per syntax whose handle starts at the last character of the match: the anchors that place
# it, found in a batch of texts by one Hyperscan pass (``govern.scan.patterns``): "by ana_r",
# "cc ana_r", "assigned to ana_r"; "session:ana_r", "runner-ana_r"; "owner: ana_r",
# "ansible_user=ana_r", '"assignee": "ana_r"'. The syntaxes of ``SYNTAXES`` are anchored by
# their first characters, then matched by their own pattern in the texts where one fired.
PLACED = {
    "after": r"(?i:\b(?:by|cc|ping|pinged|thanks|thx|ty|dm|tag|tagged|reviewer|approver|user"
    r"|account|member|assigned to|handed to|handed over to)[ \t]+[\"'`]?[a-z0-9_])",
    "prefixed": r"(?i:\b(?:session|runner|user|usr|u|dev|sandbox|workspace|ws|vm|desk|acct"
    r"|member|agent|home)[:/-][a-z0-9_])",
    "key": rf"(?i:(?:{_KEYS})[a-z0-9_-]*(?: [a-z]+)?[\"']?[ \t]*(?:[:=]|=>)[ \t]*[\"'\[(]?@?"
    r"[a-z0-9_])",
}
ANCHORS = {
    **{name: [source] for name, source in PLACED.items()},
    "mention": ["@"],  # mention, athost
    "angle": [r"<@?[A-Za-z0-9_]"],
    "bracket": [r"\[@?[A-Za-z0-9_]"],
    "todo": [r"(?i:\b(?:todo|fixme|xxx|hack|note|bug)\()"],
    "home": [r"(?i:/home/|/users?/|/u/|/~|\\users\\|\\home\\|/var/mail/|/crontabs/|~[a-z_])"],
    "speaker": [r"[A-Za-z0-9_)]:[ \t]"],
    "option": [r"(?i:--(?:user|username|login|owner|author|as|assignee|reviewer)|[ \t]-[ul])[ =]"],
    "uidparen": [r"=[0-9]+\("],
    "repo": [r"(?i:(?:github|gitlab|bitbucket|codeberg)\.(?:com|org)[:/])"],
    "clf": [r" [a-z0-9_][a-z0-9_.-]* \[[0-9]"],
    "column": [rf"(?i:(?:{_KEYS})[a-z0-9_ -]*[,\t|])"],
}
# The syntaxes of ``SYNTAXES`` each anchor opens.
_OPENS = {"mention": ("mention", "athost")}
_CUT = ".-"  # cut from a handle's end: a sentence's full stop, a dash
Candidate = tuple[int, int, str]  # start, end, syntax


@dataclass(slots=True)
class Judged:
    """A candidate's verdict: its span and the probability that it is a handle."""

    start: int
    end: int
    probability: float
    rule: bool  # whether a rule reported USERNAME over it


def candidate_spans(text: str, marks: Sequence[tuple[str, int, int]]) -> list[Candidate]:
    """Every (start, end, syntax) of ``text`` where a handle may stand, in no order, given
    the ``ANCHORS`` that fired in it (``marks``: (anchor, start, end), as ``CandidatePass``
    finds them)."""
    out: list[Candidate] = []
    opened: set[str] = set()
    for anchor, _, end in marks:
        if anchor in PLACED:
            match = _WORD_HANDLE.match(text, end - 1)
            if match is not None:
                out.append((*match.span(), anchor))
        elif anchor == "column":
            if anchor not in opened:
                out += _column_cells(text)
        else:
            opened.update(_OPENS.get(anchor, (anchor,)))
        opened.add(anchor)
    for name in opened:
        pattern = _SYNTAX.get(name)
        if pattern is not None:
            out += [(*match.span("h"), name) for match in pattern.finditer(text)]
    trimmed = []
    for start, end, name in out:
        while end > start and text[end - 1] in _CUT:
            end -= 1
        if end - start < 2 or text[start:end].lower() in STOP_WORDS:
            continue
        if name == "mention" and _decorator(text, start, end):
            continue
        if name == "angle" and text[start:end].lower() in MARKUP:
            continue  # "<div>", "<span>": an element, not an IRC nick
        trimmed.append((start, end, name))
    return trimmed


# HTML elements a chat line or a template quotes in angle brackets: no one's nick.
MARKUP = frozenset(
    "a abbr b body br button code div em footer form h1 h2 h3 h4 head header hr html i img"
    " input label li link meta nav ol option p pre script section select small span strong"
    " style table tbody td template textarea th thead title tr u ul".split()
)
_LINE_LEAD = re.compile(r"[ \t]*(?:(?:#|//|\*|>>>|\.\.\.)[ \t]*)?")
_DECORATOR_TAIL = re.compile(r"[\w.]*[ \t]*(?:\(|#|$)", re.MULTILINE)


def _decorator(text: str, start: int, end: int) -> bool:
    """Whether the @word at ``text[start - 1:end]`` is a decorator or a doc tag: first on its
    line (after a comment's mark), and alone there or before "(" ("@cache", "@retry(3)")."""
    line_start = text.rfind("\n", 0, start) + 1
    lead = _LINE_LEAD.match(text, line_start)
    return (
        lead is not None
        and lead.end() == start - 1
        and _DECORATOR_TAIL.match(text, end) is not None
    )


def _column_cells(text: str) -> list[Candidate]:
    """The cells of CSV, TSV and ``|`` table rows under a header cell that names a handle
    ("user_name", "| login |"); a table's rule lines ("+------+") are passed over."""
    out: list[Candidate] = []
    at = 0
    lines = text.split("\n")
    for index, line in enumerate(lines):
        cut = "\t" if "\t" in line else "|" if line.count("|") >= 2 else ","
        cells = line.lower().split(cut)
        columns = [i for i, cell in enumerate(cells) if _KEYWORD.search(cell) is not None]
        if len(cells) >= 2 and columns:
            below = at + len(line) + 1
            for row in lines[index + 1 : index + 25]:
                row_cells = row.split(cut)
                if not row.strip(" +-|:="):
                    below += len(row) + 1
                    continue
                if len(row_cells) != len(cells):
                    break
                offset = below
                for i, cell in enumerate(row_cells):
                    if i in columns:
                        value = cell.strip().strip("\"'")
                        start = offset + cell.find(value) if value else -1
                        if len(value) >= 2 and re.fullmatch(_HANDLE, value):
                            out.append((start, start + len(value), "column"))
                    offset += len(cell) + 1
                below += len(row) + 1
        at += len(line) + 1
    return out


def shape(word: str) -> str:
    """The word's letters as a, A, 9, runs squeezed, separators kept: "a.a", "a9", "Aa_a"."""
    out: list[str] = []
    for char in word:
        kind = "a" if char.islower() else "A" if char.isupper() else "9" if char.isdigit() else char
        if not out or out[-1] != kind:
            out.append(kind)
    return "".join(out)[:8]


def word_features(word: str, words: WordKnowledge) -> list[str]:
    """What ``word`` says of itself: its shape, length, lexicon parts and word lists."""
    lowered = word.lower()
    form = shape(word)
    size = len(word)
    length = next((str(n) for n in (2, 4, 8, 12) if size <= n), "L")
    parts = [part for part in re.split(r"[._-]", lowered) if part]
    letters = [part.rstrip("0123456789") for part in parts]
    out = [f"sh={form}", f"len={length}", f"sh={form}|len={length}"]
    first, last = words.first, words.last
    lex = "".join(
        ("f" if part in first else "") + ("l" if part in last else "") or "-"
        for part in letters[:3]
    )
    out.append(f"lex={lex}")
    if len(letters) == 1 and len(letters[0]) > 3:
        stem = letters[0]
        if stem[1:] in last:
            out.append("initial+last")  # jsmith
        if stem[:-1] in first:
            out.append("first+initial")  # sigridb
    if any(c.isdigit() for c in word):
        out.append("digits")
    if words.is_english(lowered):
        out.append("dict")
    elif len(letters) == 1 and words.is_english(letters[0]):
        out.append("dict+digits")
    if not words.vocabulary:
        out.append("novocab")
    if lowered in words.stop:
        out.append("stop")
    if lowered in NOT_A_LOGIN:
        out.append("notlogin")
    if lowered in NOT_A_MENTION or all(part in NOT_A_MENTION for part in parts):
        out.append("team")
    if no_ones_account(lowered):
        out.append("service")
    if lowered in words.refused or lowered in words.not_names:
        out.append("refused")
    return out


def _key_of(text: str, start: int, syntax: str) -> str:
    """The key before a handle of the "key" or "column" syntax, lower case ("ansible_user")."""
    if syntax == "column":
        line_start = text.rfind("\n", 0, start) + 1
        line_end = text.find("\n", start)
        line = text[line_start : line_end if line_end >= 0 else len(text)]
        return _column(text, line_start, line, start - line_start) or "<none>"
    at = start
    while at > 0 and text[at - 1] in " \t\"'[(@:=>":
        at -= 1
    key_end = at
    while at > 0 and (text[at - 1].isalnum() or text[at - 1] in "_-."):
        at -= 1
    return text[at:key_end].lower()[-24:] or "<none>"


def context_parts(text: str, start: int, end: int) -> tuple[Any, ...]:
    """The words and characters around ``text[start:end]``: what its context features read."""
    before = TOKEN_ASCII.findall(text, max(0, start - 40), start)[-2:]
    after = TOKEN_ASCII.findall(text, end, end + 40)[:2]
    return (
        tuple(word.lower() for word in before),
        tuple(word.lower() for word in after),
        text[max(0, start - 1) : start] or "^",
        text[end : end + 2] or "$",
    )


def context_features(parts: tuple[Any, ...]) -> list[str]:
    before, after, char_before, chars_after = parts
    out = [f"c-1={char_before}", f"c+2={chars_after}", f"c+1={chars_after[:1]}"]
    out += [f"w-{len(before) - i}={word}" for i, word in enumerate(before)]
    out += [f"w+{i + 1}={word}" for i, word in enumerate(after)]
    if not before:
        out.append("w-1=<none>")
    if not after:
        out.append("w+1=<none>")
    return out


def syntax_features(syntaxes: Sequence[str], key: str | None, form: str) -> list[str]:
    out = []
    for syntax in syntaxes:
        out += [f"syn={syntax}", f"syn={syntax}|sh={form}"]
    if key is not None:
        word = TOKEN_ASCII.findall(key.replace("_", " "))
        last = word[-1] if word else key
        out += [f"key={key}", f"keyw={last}"]
        padded = f"<{key}>"
        out += [f"k3={padded[i : i + 3]}" for i in range(len(padded) - 2)]
    return out


def rule_features(rule: str | None, others: Sequence[str], form: str) -> list[str]:
    """The rules' verdict: the USERNAME recognizer over the candidate, other types over it."""
    out = [f"r={rule or 'no'}", f"r={'yes' if rule else 'no'}|sh={form}"]
    out += [f"t={kind}" for kind in others]
    return out


Hits = Sequence[tuple[int, int, str, str]]  # start, end, type, detector
Marks = Sequence[tuple[str, int, int]]  # anchor, start, end


def candidates(
    text: str, marks: Marks, hits: Hits, words: WordKnowledge
) -> list[tuple[int, int, list[str]]]:
    """Each candidate of ``text`` as (start, end, its features): what training reads.

    ``marks``: the ``ANCHORS`` that fired in it (``anchor_pass().find``); ``hits``: the
    rules' findings of every type as (start, end, type, detector), whose USERNAME spans are
    candidates too."""
    return [
        (start, end, features) for start, end, _, features in _candidates(text, marks, hits, words)
    ]


def _candidates(
    text: str,
    marks: Marks,
    hits: Hits,
    words: WordKnowledge,
    cache: dict[str, list[str]] | None = None,
) -> list[tuple[int, int, str | None, list[str]]]:
    """Candidates as (start, end, the USERNAME rule over it or None, features); ``cache``
    keeps each word's own features (chat and logs repeat their handles)."""
    spans: dict[tuple[int, int], list[str]] = {}
    for start, end, syntax in candidate_spans(text, marks):
        spans.setdefault((start, end), []).append(syntax)
    for start, end, kind, _ in hits:
        if kind == "USERNAME":
            spans.setdefault((start, end), []).append("rule")
    out = []
    for (start, end), syntaxes in sorted(spans.items()):
        rule = None
        others = []
        for s, e, kind, detector in hits:
            if s < end and start < e:
                if kind == "USERNAME":
                    rule = rule or detector.rpartition(":")[2]
                elif kind not in others:
                    others.append(kind)
        word = text[start:end]
        own = cache.get(word) if cache is not None else None
        if own is None:
            own = word_features(word, words)
            if cache is not None:
                if len(cache) > CACHE:
                    cache.clear()
                cache[word] = own
        features = own + _features(text, start, end, syntaxes, rule, others)
        out.append((start, end, rule, features))
    return out


def _features(
    text: str,
    start: int,
    end: int,
    syntaxes: list[str],
    rule: str | None,
    others: list[str],
) -> list[str]:
    """What surrounds ``text[start:end]``: its syntaxes, key, words, slot, the rules' verdict."""
    word = text[start:end]
    form = shape(word)
    unique = sorted(set(syntaxes))
    key = next((_key_of(text, start, s) for s in unique if s in ("key", "column")), None)
    slot_form = "L" if word.islower() else "T" if word[:1].isupper() else "M"
    return (
        syntax_features(unique, key, form)
        + context_features(context_parts(text, start, end))
        + rule_features(rule, sorted(others), form)
        + _slot_names(_slot(text, start, end), slot_form)
    )


class UsernameJudge:
    """Decides the USERNAME candidates of texts after the rules (``judged``)."""

    def __init__(
        self,
        model: LinearModel,
        words: Callable[[], WordKnowledge],
        veto: float | None = None,
    ) -> None:
        """``words``: gives what the judge knows of words, called on the first candidate (the
        name lexicon is read then, not when a scan of texts without one starts)."""
        self.model = model
        self._words = words
        # a rule's finding is dropped where the model gives "none" this probability or more
        self.veto = veto if veto is not None else model.provenance.get("veto")
        self.threshold = model.thresholds.get("USERNAME", 0.5)
        self._cache: dict[str, list[str]] = {}

    @cached_property
    def words(self) -> WordKnowledge:
        return self._words()

    def probabilities(self, text: str, marks: Marks, hits: Hits) -> list[Judged]:
        """Each candidate of ``text`` with its probability of being a handle."""
        out = []
        found = _candidates(text, marks, hits, self.words, self._cache)
        for start, end, rule, features in found:
            probability = self.model.probabilities(features)["USERNAME"]
            out.append(Judged(start, end, probability, rule is not None))
        return out

    def decided(
        self, text: str, marks: Marks, hits: Hits
    ) -> tuple[list[tuple[int, int]], set[int]]:
        """The spans to add as USERNAME and the indices in ``hits`` of the rules' findings to
        drop: USERNAME ones the model vetoes (with a ``veto``), and PERSON ones inside a
        candidate it scores at its threshold or more (``<wkoroma>`` is no name; "@sipho can
        you", which the rules call both and the model doubts, keeps its PERSON)."""
        added: list[tuple[float, int, int]] = []
        dropped: set[int] = set()
        for judged in self.probabilities(text, marks, hits):
            if judged.rule:
                if self.veto is not None and 1 - judged.probability >= self.veto:
                    dropped.update(
                        i
                        for i, (s, e, kind, _) in enumerate(hits)
                        if kind == "USERNAME" and s < judged.end and judged.start < e
                    )
                    continue
                if judged.probability < self.threshold:
                    continue  # the rules' finding stands, and a name they found in it too
            elif judged.probability >= self.threshold:
                added.append((judged.probability, judged.start, judged.end))
            else:
                continue
            dropped.update(
                i
                for i, (s, e, kind, _) in enumerate(hits)
                if kind == "PERSON" and judged.start <= s and e <= judged.end
            )
        kept: list[tuple[int, int]] = []
        for _, start, end in sorted(added, reverse=True):  # the likelier of overlapping ones
            if not any(s < end and start < e for s, e in kept):
                kept.append((start, end))
        return kept, dropped

    def judged_many(self, texts: Sequence[str], found: Sequence[list[Hit]]) -> list[list[Hit]]:
        """Each text's hits (the rules' findings in it) with the judge's decisions applied:
        the texts where no anchor fired and the rules found no USERNAME are passed over."""
        marked = anchor_pass().find(texts)
        return [
            self._judged(text, marks, hits) if marks or (hits and _any_username(hits)) else hits
            for text, marks, hits in zip(texts, marked, found, strict=True)
        ]

    def _judged(self, text: str, marks: Marks, hits: list[Hit]) -> list[Hit]:
        found = [(h.start, h.end, h.type, h.detector) for h in hits]
        added, dropped = self.decided(text, marks, found)
        if not added and not dropped:
            return hits
        out = [hit for i, hit in enumerate(hits) if i not in dropped]
        out += [Hit(start, end, "USERNAME", DETECTOR, SCORE) for start, end in added]
        return sorted(out, key=lambda h: (h.start, h.end, h.type))


def _any_username(hits: list[Hit]) -> bool:
    return any(hit.type == "USERNAME" for hit in hits)


@cache
def anchor_pass() -> CandidatePass:
    """The Hyperscan pass over ``ANCHORS`` (compiled once per process, cached on disk).

    Every anchor is searched "apart" (``govern.scan.patterns.COSTLY_STARTS``): a pass without
    starts marks the texts where one ends, a second reads only those. Most start at a word of
    varying length ("ansible_user: ", "by "), whose start Hyperscan tracks at a high cost
    everywhere (22 of 26 ms per MB of the sample corpus in one pass with starts)."""
    return CandidatePass(ANCHORS, costly=frozenset(s for v in ANCHORS.values() for s in v))


@cache
def shipped_model() -> LinearModel:
    """The model shipped in ``govern/scan/data`` (read once per process)."""
    return load(MODEL, KIND)
