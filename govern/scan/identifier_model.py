"""A learned judge for the identifiers without a checksum: record, plan, account, licence,
serial and plate numbers, named only by the words around them.

The rules (``govern.scan.identifiers``, ``labelled``, ``issued``) find these types where a
label they list stands near a token of the right shape; new text labels them otherwise
("PatientID", "BAN", "PT lic."). Here every token that could be one of the six is a
candidate: a run of letters and digits with at least one digit, inner ``-`` ``.`` ``/``
separators, space-grouped runs of such groups ("4821 9930 1122", "HH-AB 123"), and every
rule hit of the six types. A multinomial linear model (``govern.scan.linear``, classes
"none" + the six) decides each from features that hold in any layout:

- the label before it: the words between the previous field delimiter (``|`` ``*`` ``^``
  ``,`` ``;`` brackets, a line start) and the candidate, lower-cased, each word, the nearest
  one's character 3-grams and 3-letter prefix, the label's initials ("bank account number":
  ``ban``) and its ``#`` / ``no.`` / ``:`` / ``=`` markers; a few words before the label;
- the slot (``person_model.slot_features``: the key before a ``:`` or ``=``, the CSV header
  cell of its column, the field number in an HL7 / X12 / tab line), the HL7 segment and
  field (``PID-3``, ``IN1-36``) and the X12 segment and qualifier before it (``REF*1W``,
  ``NM1*MI``);
- the two words after it (HL7's ``^^^HOSP^MR`` type code, "(member)");
- the line above, where the candidate opens its line or follows a short lead ("Caller:"):
  its last words, and whether it ends a question or a label ("the other vehicle's plate?");
- its shape: the run of character classes, the length and digit count in buckets, a
  letter prefix or suffix, its separators;
- validity flags: Luhn, a YYYYMMDD date, a year, a phone's 3-3-4, a ZIP, an SSN's 3-2-4;
- the rules' verdict on the span: the type of a rule hit over it, another type's hit.

``Judge.judged`` adds the decided candidates the rules found nothing on, re-types rule hits
of the six the model gives another of the six, and drops those it scores "none" with high
confidence (``VETO``). The model is ``data/identifier_model.json.gz``, written by
``benchmarks/train_identifier_model.py``; scoring is plain Python over its weight dict.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from functools import cache
from pathlib import Path

from govern.scan.base import Hit
from govern.scan.identifiers import iban_valid, luhn_valid
from govern.scan.linear import LinearModel, load, softmax
from govern.scan.literals import holds_ascii_digit
from govern.scan.person_model import slot_features

MODEL = Path(__file__).with_name("data") / "identifier_model.json.gz"
KIND = "identifier"
TYPES = (
    "MEDICAL_RECORD_NUMBER",
    "HEALTH_PLAN_ID",
    "ACCOUNT_NUMBER",
    "LICENSE_NUMBER",
    "DEVICE_SERIAL",
    "LICENSE_PLATE",
)
CLASSES = ("none", *TYPES)
DETECTOR = "presidio:IdentifierJudge"
# A rule hit of the six the model scores "none" at this probability or more is dropped; one
# it gives another of the six at this probability is re-typed.
VETO = 0.99
RETYPE = 0.9
CACHE = 1 << 15  # label and token features kept per judge (cleared when full)

# A group: letters (any script) and digits with inner separators, a digit somewhere.
_CODE = re.compile(r"(?<![^\W_])(?:[^\W_]+[-./])*[^\W\d_]*[0-9][^\W_]*(?:[-./][^\W_]+)*")
# The same groups in a text of ASCII characters only (the common case, ~2x faster).
_CODE_ASCII = re.compile(
    r"(?<![A-Za-z0-9])(?:[A-Za-z0-9]+[-./])*[A-Za-z]*[0-9][A-Za-z0-9]*(?:[-./][A-Za-z0-9]+)*"
)
# A lone value: one run of word characters, "." "+" "/" "-" and colons between digits (an id,
# a timestamp); no label, key or field separator in it to read.
_ONE_TOKEN = re.compile(r"\s*(?:[\w.+/-]|(?<=[0-9]):(?=[0-9]))+\s*")
_LOWER = re.compile(r"[a-z]")
_CAPS = re.compile(r"[A-Z]{1,4}(?:-[A-Z]{1,3})?")  # a plate's letter group beside a digit one
_MIN, _MAX = 4, 34  # a candidate's length in characters (an IBAN's, grouped)
_WORDS = re.compile(r"[A-Za-z\u00c0-\u024f]+|[0-9]+|[#:=|*^,;(){}\[\]\"'\t<>/]")
_HARD = frozenset("|*^,;(){}[]\t<>")  # where a label ends, looking back
_BEFORE = 60  # characters of its line read for a label
_HL7 = re.compile(r"([A-Z][A-Z0-9]{2})\|")
_X12 = re.compile(r"([A-Z][A-Z0-9]{1,2})\*")
# start, end, the rules' verdict: their type (or two, "A+B"), another's ("other:T") or ""
Candidate = tuple[int, int, str]


def candidates(text: str, hits: Sequence[Hit]) -> list[Candidate]:
    """The spans of ``text`` that may be one of the six types, with the rules' verdict on
    each: every code group, runs of groups joined by single spaces (with a capital-letter
    group beside them), and every rule hit of the six types."""
    code = _CODE_ASCII if text.isascii() else _CODE
    groups = [m.span() for m in code.finditer(text)]
    spans = {(start, end) for start, end in groups if _MIN <= end - start <= _MAX}
    runs: list[list[tuple[int, int]]] = []  # groups of no lower-case letter, space-joined
    for start, end in groups:
        if not _coded(text, start, end):
            continue
        if runs and runs[-1][-1][1] < start and _joins(text[runs[-1][-1][1] : start]):
            runs[-1].append((start, end))
        else:
            runs.append([(start, end)])
    for run in runs:
        begin, end = run[0][0], run[-1][1]
        if len(run) > 1 and end - begin <= _MAX:
            spans.add((begin, end))
        # a letter group just before the run or after it: "HH-AB 123", "123 ABC"
        left = text[max(0, begin - 7) : begin]
        if left.endswith(" ") and (m := _CAPS.fullmatch(left[:-1].rsplit(" ", 1)[-1])):
            first = begin - 1 - len(m.group())
            if (first == 0 or not text[first - 1].isalnum()) and end - first <= _MAX:
                spans.add((first, end))
        right = text[end : end + 6]
        if right.startswith(" ") and (m := _CAPS.match(right, 1)) and m.end() < len(right):
            if not right[m.end()].isalnum() and m.end() + end - begin <= _MAX:
                spans.add((begin, end + m.end()))
    out: dict[tuple[int, int], str] = {span: "" for span in spans}
    for hit in hits:  # two rules' types on one span: both named ("A+B")
        if hit.type in TYPES:
            known = out.get((hit.start, hit.end), "")
            out[(hit.start, hit.end)] = "+".join(sorted({*known.split("+"), hit.type} - {""}))
    for start, end in out:
        if not out[(start, end)]:
            out[(start, end)] = _verdict(start, end, hits)
    return sorted((start, end, verdict) for (start, end), verdict in out.items())


def _joins(gap: str) -> bool:
    """Whether ``gap`` joins two groups into one run: a space, or a capital-letter group
    between spaces ("BG40 BNBG 4419")."""
    return gap == " " or (
        len(gap) > 2 and gap[0] == gap[-1] == " " and _CAPS.fullmatch(gap[1:-1]) is not None
    )


def _coded(text: str, start: int, end: int) -> bool:
    """Whether a group may join a space-grouped run: no lower-case letter in it."""
    if text.isascii():
        return _LOWER.search(text, start, end) is None
    return not any(c.islower() for c in text[start:end])


def _verdict(start: int, end: int, hits: Sequence[Hit]) -> str:
    for hit in hits:
        if hit.start < end and start < hit.end:
            return hit.type if hit.type in TYPES else f"other:{hit.type}"
    return ""


def features(text: str, start: int, end: int, verdict: str) -> list[str]:
    """The feature names of the candidate ``text[start:end]``: what training reads and what
    ``Judge`` scores (in cached parts)."""
    token = text[start:end]
    form = _form(token)
    return [
        *token_features(token),
        *label_features(_line_before(text, start), form),
        *above_features(text, start),
        *field_features(text, start, end),
        *after_features(text, end),
        *slot_features(text, start, end, form),
        *verdict_features(verdict, form),
    ]


def _line_before(text: str, start: int) -> str:
    line_start = text.rfind("\n", max(0, start - _BEFORE), start) + 1
    return text[max(line_start, start - _BEFORE) : start]


def above_features(text: str, start: int) -> list[str]:
    """The end of the line above, where the candidate opens its line or follows a short lead
    ("Caller: ", "Customer: 59222, and "): a question's last words ("the other vehicle's
    plate?"), a label alone on its line ("Member ID:"), a table cell's header above."""
    line_start = text.rfind("\n", 0, start) + 1
    if line_start == 0 or len(_LEAD_WORDS.findall(text, line_start, start)) > 3:
        return []
    above_start = text.rfind("\n", 0, line_start - 1) + 1
    above = text[max(above_start, line_start - 1 - _BEFORE) : line_start - 1].rstrip()
    words = [w.lower() for w in _LEAD_WORDS.findall(above)[-3:]]
    if not words:
        return []
    end = above[-1:] if above[-1:] in "?:" else "-"
    return [f"up1={words[-1]}", f"up1={words[-1]}|{end}", *(f"up={word}" for word in words)]


_LEAD_WORDS = re.compile(r"[^\W\d_]{2,}")


def _form(token: str) -> str:
    """A coarse class: digits only (``9``), digits with separators (``9-``), letters and
    digits (``A9``), with separators (``A9-``)."""
    letters = any(c.isalpha() for c in token)
    return ("A9" if letters else "9") + ("-" if not token.isalnum() else "")


_RUNS = re.compile(r"([A9a])\1*")
_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


def token_features(token: str) -> list[str]:
    """The candidate's own shape and validity."""
    runs = _RUNS.sub(r"\1", _classes(token))
    digits = "".join(c for c in token if c.isdigit())
    count = len(digits)
    prefix = token[: len(token) - len(token.lstrip(_LETTERS))]
    suffix = token[len(token.rstrip(_LETTERS)) :]
    separators = sorted({c for c in token if not c.isalnum()})
    out = [
        f"shape={runs[:8]}",
        f"len={_bucket(len(token))}",
        f"digits={_bucket(count)}",
        f"letters={_bucket(sum(c.isalpha() for c in token))}",
        f"groups={token.count(' ') + 1}",
        *(f"sep={'space' if c == ' ' else c}" for c in separators),
        f"lead0={digits[:1] == '0'}",
    ]
    if prefix:
        out += [f"pre={prefix.upper()[:3]}", f"prelen={min(len(prefix), 4)}"]
    if suffix:
        out.append(f"suflen={min(len(suffix), 4)}")
    if token.islower() or (any(c.islower() for c in token) and any(c.isupper() for c in token)):
        out.append("lowercase")
    out += [f"valid={flag}" for flag in _validity(token, digits)]
    return out


def _classes(token: str) -> str:
    return "".join(
        "9" if c.isdigit() else "A" if c.isupper() else "a" if c.isalpha() else c for c in token
    )


def _bucket(n: int) -> str:
    return str(n) if n <= 12 else "13-16" if n <= 16 else "17+"


# Shapes of numbers that are no identifier of the six, or rarely one.
_SHAPES = [
    (name, re.compile(pattern))
    for name, pattern in (
        ("isodate", r"(?:19|20)\d\d[-./](?:0?[1-9]|1[0-2])[-./]\d{1,2}"),
        # a day and a month either way round: 12-03-1990, 03/12/90 (not 12-34-56, a record)
        (
            "date",
            r"(?:0?[1-9]|[12]\d|3[01])[-./](?:0?[1-9]|1[0-2])[-./](?:\d\d){1,2}"
            r"|(?:0?[1-9]|1[0-2])[-./](?:0?[1-9]|[12]\d|3[01])[-./](?:\d\d){1,2}",
        ),
        ("year", r"(?:19|20)\d\d"),
        ("phone", r"\(?[2-9]\d\d\)?[-. ]?\d{3}[-. ]\d{4}"),
        ("zip", r"\d{5}(?:-\d{4})?"),
        ("ssn", r"\d{3}-\d{2}-\d{4}"),
        ("phone0", r"0\d{2,4}[ -]?\d{3}[ -]?\d{3,4}"),  # a national number: 07961 468563
        ("dotted", r"\d+(?:\.\d+){1,3}"),
        ("years", r"(?:19|20)\d\d(?:[- /,]+(?:19|20)\d\d)+"),  # 2019-2024, 2019 2020 2021
    )
]


def _validity(token: str, digits: str) -> list[str]:
    flags = []
    count = len(digits)
    if 12 <= count <= 19 and luhn_valid(digits):
        flags.append("luhn")
    if count == 8 and token.isdigit() and _date_like(digits):
        flags.append("yyyymmdd")
    if count == 10 and token.isdigit() and digits[0] in "23456789":
        flags.append("phone")
    flags += [name for name, shape in _SHAPES if shape.fullmatch(token)]
    if count >= 10 and _iban(token):
        flags.append("iban")
    return flags


def _iban(token: str) -> bool:
    """An IBAN's shape and mod-97 check ("GB82 WEST 1234 5698 7654 32")."""
    compact = token.replace(" ", "").upper()
    if not (15 <= len(compact) <= 34 and compact.isalnum() and compact.isascii()):
        return False
    return compact[:2].isalpha() and compact[2:4].isdigit() and iban_valid(compact)


def _date_like(digits: str) -> bool:
    year, month, day = int(digits[:4]), int(digits[4:6]), int(digits[6:])
    return 1900 <= year <= 2099 and 1 <= month <= 12 and 1 <= day <= 31


def label_features(before: str, form: str) -> list[str]:
    """The label in ``before`` (the candidate's line up to it): its words back to the previous
    field delimiter, at most four, and the markers between it and the candidate."""
    parts = _WORDS.findall(before)
    markers: list[str] = []
    i = len(parts) - 1
    while i >= 0 and not parts[i][0].isalnum() and parts[i] not in _HARD:
        markers.append(parts[i])
        i -= 1
    words: list[str] = []
    while i >= 0 and len(words) < 4 and parts[i] not in _HARD:
        if parts[i][0].isalnum():
            words.append("<n>" if parts[i].isdigit() else parts[i].lower())
        elif parts[i] in "#:=":
            markers.append(parts[i])
        i -= 1
    context = [p.lower() for p in parts[max(0, i - 5) : max(0, i)] if p[0].isalpha()]
    out = [f"mark={m}" for m in sorted(set(markers))]
    if i > 0 and parts[i - 1][0].isalpha():  # the field before's last word: "NP, <licence>"
        out.append(f"pf={parts[i - 1].lower()}|{parts[i]}")
    out.append(f"end={markers[0] if markers else '-'}")
    if not words:
        out += ["w1=<none>", f"w1=<none>|{form}"]
    for n, word in enumerate(words):
        out.append(f"w={word}")
        if n < 2:
            out.append(f"w{n + 1}={word}")
            out.append(f"p{n + 1}={word[:3]}")
    if words:
        nearest = f"#{words[0]}#"
        out += [f"g={nearest[j : j + 3]}" for j in range(len(nearest) - 2)]
        out.append(f"w1={words[0]}|{form}")
        out.append(f"initials={''.join(w[0] for w in reversed(words) if w != '<n>')}")
        if len(words) > 1:
            out.append(f"w21={words[1]}_{words[0]}")
    out += [f"ctx={word}" for word in context]
    return out


def field_features(text: str, start: int, end: int) -> list[str]:
    """The HL7 segment and field (``hl7=PID-3``, component ``hl7=PID-3.1``) or the X12
    segment and the element before the candidate's (``x12=REF*1W``)."""
    line_start = text.rfind("\n", 0, start) + 1
    before = text[line_start:start]
    if m := _HL7.match(before):
        fields = before.split("|")
        field = f"{m.group(1)}-{len(fields) - 1}"
        return [f"hl7={field}", f"hl7={field}.{fields[-1].count('^') + 1}"]
    if m := _X12.match(before):
        elements = before.split("*")
        previous = elements[-2] if len(elements) > 2 else ""
        if len(previous) > 3 or not previous.isalnum():
            previous = "-"
        return [f"x12={m.group(1)}*{previous}", f"x12q={previous}"]
    return []


def after_features(text: str, end: int) -> list[str]:
    """The two words after the candidate on its line (an HL7 type code, "(member)")."""
    line_end = text.find("\n", end, end + 40)
    words = [w.lower() for w in _WORDS.findall(text, end, line_end if line_end >= 0 else end + 40)]
    words = [w for w in words if w[0].isalpha()][:2]
    return [f"a{n}={word}" for n, word in enumerate(words, 1)] or ["a1=<none>"]


class Judge:
    """The model over the candidates of texts, with the features' parts cached."""

    def __init__(
        self,
        model: LinearModel,
        entities: Iterable[str],
        *,
        add: bool = True,
        retype: float | None = RETYPE,
        veto: float | None = VETO,
    ) -> None:
        """``add``: report decided candidates the rules found nothing on; ``retype`` and
        ``veto``: the probabilities from which a rule hit of the six is re-typed (another of
        the six) or dropped ("none"); None: never."""
        self.model = model
        self.types = frozenset(TYPES) & frozenset(entities)
        self.add, self.retype, self.veto = add, retype, veto
        self._parts: dict[tuple[str, ...], list[float]] = {}
        self._none = model.classes.index("none")
        self._limits = [model.thresholds.get(name, 0.5) for name in model.classes]
        self._zeros = [0.0] * len(model.classes)

    def judged(self, text: str, hits: list[Hit]) -> list[Hit]:
        """``hits`` with the judge's decisions: findings added where the rules found nothing,
        rule hits of the six re-typed or dropped."""
        if not self.types or not holds_ascii_digit(text) or _ONE_TOKEN.fullmatch(text):
            return hits  # no digit, or a lone value (an id, a timestamp): no label to read
        if len(self._parts) > CACHE:
            self._parts.clear()
        decided: list[tuple[float, int, int, str]] = []
        ruled: dict[tuple[int, int], list[float]] = {}  # rule hits' spans: their probabilities
        for start, end, verdict in candidates(text, hits):
            if verdict.startswith("other:"):
                continue  # another type's finding: nothing to add, re-type or drop
            probabilities = self._probabilities(text, start, end, verdict)
            if verdict:
                ruled[(start, end)] = probabilities
            best = max(range(len(probabilities)), key=probabilities.__getitem__)
            if best != self._none and probabilities[best] >= self._limits[best]:
                decided.append((probabilities[best], start, end, self.model.classes[best]))
        out = [
            judged
            for hit in hits
            if (judged := self._ruled(hit, ruled.get((hit.start, hit.end)), hits)) is not None
        ]
        taken = [(h.start, h.end) for h in hits]
        # the likeliest first; of two as likely, the longer (a grouped number whole)
        for probability, start, end, kind in sorted(decided, key=lambda d: (-d[0], d[1] - d[2])):
            if not self.add:
                break
            if kind not in self.types or any(s < end and start < e for s, e in taken):
                continue
            taken.append((start, end))
            out.append(Hit(start, end, kind, DETECTOR, round(probability, 2)))
        return sorted(out, key=lambda h: (h.start, h.end, h.type))

    def _ruled(self, hit: Hit, probabilities: list[float] | None, hits: list[Hit]) -> Hit | None:
        """A rule's hit after the judge: dropped when the model is sure it is none of the six
        or when another rule's hit on the same span is of a likelier type, re-typed when the
        model is sure it is another of the six; any other hit as it is."""
        if hit.type not in TYPES or probabilities is None:
            return hit
        classes = self.model.classes
        if self.veto is not None and probabilities[self._none] >= self.veto:
            return None
        rivals = [
            h.type for h in hits if (h.start, h.end) == (hit.start, hit.end) and h.type in TYPES
        ]
        if len(rivals) > 1:  # two rules, two types: the likelier one stays
            likeliest = max(rivals, key=lambda kind: probabilities[classes.index(kind)])
            return hit if hit.type == likeliest else None
        best = max(range(len(probabilities)), key=probabilities.__getitem__)
        kind = classes[best]
        if (
            self.retype is not None
            and kind != hit.type
            and kind in self.types
            and probabilities[best] >= self.retype
        ):
            return Hit(hit.start, hit.end, kind, DETECTOR, round(probabilities[best], 2))
        return hit

    def _probabilities(self, text: str, start: int, end: int, verdict: str) -> list[float]:
        """The class probabilities of ``text[start:end]``: ``features`` scored in parts, the
        token's, its label's and the verdict's kept (chat and logs repeat them)."""
        token = text[start:end]
        form = _form(token)
        before = _line_before(text, start)
        rest = self._sum(
            [
                *above_features(text, start),
                *field_features(text, start, end),
                *after_features(text, end),
                *slot_features(text, start, end, form),
            ]
        )
        scores = map(
            sum,
            zip(
                self.model.bias,
                rest,
                self._part(("t", token), token_features, token),
                self._part(("l", before, form), label_features, before, form),
                self._part(("v", verdict, form), verdict_features, verdict, form),
                strict=True,
            ),
        )
        return softmax(list(scores))

    def _part(
        self, key: tuple[str, ...], names: Callable[..., list[str]], *args: str
    ) -> list[float]:
        """The weights of the features ``names(*args)`` summed per class, kept by ``key``."""
        part = self._parts.get(key)
        if part is None:
            part = self._parts[key] = self._sum(names(*args))
        return part

    def _sum(self, names: Iterable[str]) -> list[float]:
        """The weights of the features ``names`` summed per class (each feature once)."""
        weights = self.model.weights
        rows = [row for name in set(names) if (row := weights.get(name)) is not None]
        return [sum(column) for column in zip(*rows, strict=True)] if rows else self._zeros


def verdict_features(verdict: str, form: str) -> list[str]:
    """The rules' verdict on the span: a type of the six, "other:TYPE" or none."""
    return [f"rule={verdict or '-'}", f"rule={verdict or '-'}|{form}"]


@cache
def shipped_model() -> LinearModel:
    """The model shipped in ``govern/scan/data`` (read once per process)."""
    return load(MODEL, KIND)
