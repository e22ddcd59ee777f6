"""PERSON from several signals, with spaCy's NER only where a cheap pass found a candidate.

NER over every text costs ~25 CPU-seconds per MB with the small English model; most text
holds no name. A regex pass finds runs of capitalised (or all-capital) words and the words
chat puts after a greeting or before a sign-off in any case, then each run is judged by what
is known about its words:

- decided without NER: a first name of the Census lexicon followed by a surname-like word
  ("Thanh Tran"), a capitalised surname before a first name ("NGUYEN, Thanh"), a lexicon
  first name in lower case after a greeting, "this is" or a sign-off dash ("hey siobhan",
  "- Jim"), a name before a degree ("Kofi Asante, MD") or after a relation word ("son Omar");
- sent to NER: any other run holding a lexicon name or two capitalised words; spaCy reads only
  a window around each (``WINDOW`` characters each side), all windows through one ``pipe``;
- refused always: the negative lexicons of ``govern.scan.names`` (drugs, eponyms, products,
  greeting words), spaCy's stop words, months and days, the policy's public figures.

Without an NER model only the decided runs are reported. The lexicon is the US Census one
(``govern.scan.lexicon``, public domain).

Most texts hold no name, so the pass is built to cost little more than one scan for runs: one
Hyperscan pass over the batch (``MARKS``) places the greetings, sign-off dashes and the role,
relation and degree words next to a capital; what a run's words say whatever surrounds them is
kept per distinct run (``_Run``), and a text where no mark could change a verdict and every run
decides nothing alone ("Please", "Quick question") is done after one ``findall``. The marks are
supersets of where the patterns match, so the spans are those of reading every text in full
(``find_many(prefilter=False)``, which the tests compare).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any

import regex

from govern.scan._presidio import STOP_WORDS  # spaCy's, imported there without torch
from govern.scan.lexicon import NameLexicon, english_words, is_english, shipped_names
from govern.scan.name_context import (
    ANYWHERE,
    COSTLY_MARKS,
    DEGREE,
    DEGREE_NEXT,
    DEGREES,
    EPONYM_HEAD,
    EPONYM_NEXT,
    FROM_TEAM,
    HOME_NAME,
    LOWER_TRIGGER,
    MARKS,
    PARTICLES,
    PERSON_VERB,
    RELATION,
    ROLE,
    SAYS,
    SELF_INTRO,
    SENTENCE_START,
    VOCATIVE_NEXT,
    Marks,
    list_item,
    matches_at,
    read_marks,
)
from govern.scan.names import ASSISTANTS, NOT_NAMES, WORD_NAMES
from govern.scan.patterns import COSTLY_STARTS, CandidatePass
from govern.scan.person_model import PersonModel, WordKnowledge

if TYPE_CHECKING:
    from spacy.language import Language

ENTITY = "PERSON"
SCORE = 0.85  # as spaCy's PERSON guesses in presidio
WINDOW = 12  # characters NER reads each side of a candidate (widened to whitespace)
NER_BATCH = 256
NER_CACHE = 1 << 16  # window texts whose PERSON offsets are kept (cleared when full)
RUN_CACHE = 1 << 16  # distinct runs whose words' verdicts are kept (cleared when full)


def _name_word(upper: str, lower: str) -> str:
    """A capitalised word ("Anna", "O'Neil", "Smith-Jones") or one in capitals ("NGUYEN")."""
    return upper + _word_rest(upper, lower)


def _word_rest(upper: str, lower: str) -> str:
    """A name word after its first capital, which may have a capital inside after the Gaelic
    and Romance prefixes ("MacLeod", "McKenna", "DeShawn", "LaToya", "DiMaggio")."""
    prefixed = r"(?:(?<=M)a?c|(?<=[DL])[ae]|(?<=D)i)"
    return (
        rf"(?:{prefixed}{upper}{lower}+(?:-{upper}{lower}+)?"
        rf"|{lower}*(?:['’]{upper})?{lower}+(?:-{upper}{lower}+)?|(?:['’]?{upper}){{1,}})"
    )


def _next_words(upper: str, lower: str) -> str:
    """Up to two more words of a run, then no character that would make it part of a path,
    handle or identifier, nor the rest of an email's local part ("Bea.Okafor@example.com");
    an all-capital word may be followed by a comma ("NGUYEN, Thanh")."""
    word = _name_word(upper, lower)
    return rf"(?:(?:[ ]|(?<={upper}),[ ]){word}){{0,2}}(?![\w@/\\(])(?![.-][\w.+-]*@)"


_LU, _LL = r"\p{Lu}", r"\p{Ll}"
_NOT_BEFORE = r"[\w@./\\#$%&*+=<>~-]"  # a run starts no path, address or identifier
# A run of up to three name-shaped words.
RUN = regex.compile(f"(?<!{_NOT_BEFORE})" + _name_word(_LU, _LL) + _next_words(_LU, _LL))
# The same matches in a text of ASCII characters only (\p{Lu} is [A-Z] there), by the standard
# library's engine, which skips to the next capital when the pattern starts with one: 1.4x faster.
RUN_ASCII = re.compile(
    f"[A-Z](?<!{_NOT_BEFORE}[A-Z])" + _word_rest("[A-Z]", "[a-z]") + _next_words("[A-Z]", "[a-z]")
)
_WORD = regex.compile(_name_word(_LU, _LL))
MONTHS_AND_DAYS = frozenset(
    "january february march april may june july august september october november december"
    " monday tuesday wednesday thursday friday saturday sunday jan feb mar apr jun jul aug sep"
    " sept oct nov dec mon tue wed thu fri sat sun".split()
)
# Words of a capitalised run that are never a name's: headings, roles, places of care.
NOT_IN_NAME = frozenset(
    "i id ok md rn dr mr mrs ms mx prof pt rx dx hx tx sx plan pm am us usa uk eu api url cpu"
    " manager engineer senior support account traders inc ltd llc corp team hospital clinic"
    " unit ward street road avenue care health center centre pharmacy insurance son daughter"
    " husband wife mother father brother sister spouse caregiver colleague resident attending"
    " nurse policy holder author niece nephew aunt uncle cousin grandson granddaughter"
    " grandmother grandfather dad mom mum grandma grandpa".split()
)


@dataclass(frozen=True, slots=True)
class Span:
    start: int
    end: int


@dataclass(frozen=True, slots=True)
class Verdicts:
    """A text's spans as the rules left them: reported (``decided``), sent to NER
    (``unsure``), NER's PERSON guesses the rules kept (``ner``), and runs or guesses a rule
    refused where they stand (``refused``)."""

    decided: list[Span]
    unsure: list[Span]
    ner: list[Span]
    refused: list[tuple[Span, str]]  # with the rule's name: "eponym", "street", "ner"...

    def spans(self) -> list[tuple[int, int, str]]:
        """Every span as (start, end, verdict), the stronger verdicts first: "dec", "ner",
        the refusing rule's name, "uns" (what ``govern.scan.person_model`` reads)."""
        return [
            *((s.start, s.end, "dec") for s in self.decided),
            *((s.start, s.end, "ner") for s in self.ner),
            *((s.start, s.end, why) for s, why in self.refused),
            *((s.start, s.end, "uns") for s in self.unsure),
        ]


@dataclass(frozen=True, slots=True)
class _Run:
    """What a run's words say whatever surrounds them (kept once per distinct run)."""

    start: int  # the kept words, in the run
    end: int
    words: int
    first_upper: bool  # the first kept word in capitals
    first_name: bool  # ... a lexicon first name
    first_known: bool  # ... a lexicon first name or surname
    first_english: bool  # ... a word of the vocabulary
    known: bool  # some kept word a lexicon name
    foreign: bool  # no kept word in the vocabulary (False without one): "Farid Kahale"
    caps_comma: bool  # "KHUMALO, Bogdan": a word in capitals, a comma, a capitalised word
    later_surname: bool  # a word after the first a surname and no English word: "Hernandez"
    # Reported (or, with NER, sent to it) only after a role word, or a relation word or degree
    # when ``known``: "MRN"; "Check" ("Check the logs", "call Check Smith"); without NER
    # "Northwind" too, which only NER would report.
    inert: bool


class PersonFinder:
    """PERSON spans in texts from the lexicon, context and (with ``nlp``) NER on candidates.

    ``nlp``: a loaded spaCy pipeline with an ``ner`` component, or None (no NER).
    ``public_figures``: names never reported (compared lower-cased, whole).
    ``model``: a learned judge (``govern.scan.person_model``) that decides every candidate
    from the rules' verdicts and the words around it; None: the rules decide.
    Not for concurrent use from threads (the candidate pass's scratch space is its own).
    """

    def __init__(
        self,
        nlp: Language | None = None,
        public_figures: Iterable[str] = (),
        lexicon: NameLexicon | None = None,
        model: PersonModel | None = None,
    ) -> None:
        self._given_lexicon = lexicon
        self.model = model
        self.nlp = nlp if nlp is not None and "ner" in nlp.pipe_names else None
        self.public_figures = frozenset(name.lower() for name in public_figures)
        # the figures where they stand in a text, so that no piece of one is reported either
        # ("Guido" and "Rossum" of "Guido van Rossum", split by the particle)
        self._figures = (
            regex.compile(
                r"(?<!\w)(?i:"
                + "|".join(regex.escape(f) for f in sorted(self.public_figures, key=len)[::-1])
                + r")(?!\w)"
            )
            if self.public_figures
            else None
        )
        self._refused = NOT_NAMES | MONTHS_AND_DAYS | STOP_WORDS | NOT_IN_NAME
        # the words of the pipeline's lemmatizer: a lower-case word after a greeting that is none
        # of them is taken for a name
        self._english = english_words(nlp)
        self._ner_found: dict[str, tuple[tuple[int, int], ...]] = {}  # window -> offsets
        self._runs: dict[str, _Run | None] = {}  # run -> its words' verdict (None: no name)
        self._quiet: set[str] = set()  # runs whose verdict is None or inert
        self._marks = CandidatePass(MARKS, costly=COSTLY_STARTS | COSTLY_MARKS)
        self._word_scores: dict[Any, Any] = {}  # the model's parts by word, gap, verdict

    @cached_property
    def lexicon(self) -> NameLexicon:
        """The lexicon given, else the shipped one, read when a text first holds a word that may
        be a name: a scan of texts without one (a one-record scan of a phone number) never
        reads it."""
        return self._given_lexicon or shipped_names()

    def find(self, text: str) -> list[Span]:
        return self.find_many([text])[0]

    def find_many(self, texts: Sequence[str], *, prefilter: bool = True) -> list[list[Span]]:
        """Each text's PERSON spans, sorted; NER reads every text's candidate windows at once.

        One Hyperscan pass over the batch places the lower-case triggers and the role, relation
        and degree words; runs whose words decide nothing where none of those stands are passed
        over. ``prefilter=False`` reads every text in full instead: the same spans, 2-5x slower
        (what the fast path is tested and benchmarked against). With a ``model`` the rules'
        verdicts are features of its judgement instead (``govern.scan.person_model``).
        """
        verdicts = self.verdicts(texts, prefilter=prefilter)
        if self.model is not None:
            judged = zip(texts, verdicts, strict=True)
            found = [self._judged(text, verdict) for text, verdict in judged]
        else:
            found = [verdict.decided + verdict.ner for verdict in verdicts]
        if self._figures is not None:
            pairs = zip(texts, found, strict=True)
            found = [self._without_figures(text, spans) for text, spans in pairs]
        return [_disjoint(spans) if len(spans) > 1 else spans for spans in found]

    def _judged(self, text: str, verdict: Verdicts) -> list[Span]:
        """The model's spans of ``text``, given what the rules and NER said of it."""
        assert self.model is not None
        spans = self.model.judge(
            text,
            verdict.spans(),
            self.knowledge,
            self._word_scores,
        )
        return [Span(start, end) for start, end in spans]

    @cached_property
    def knowledge(self) -> WordKnowledge:
        """What the model is told of words: this finder's lexicon, vocabulary and refusals."""
        return WordKnowledge(
            first=self.lexicon.first,
            last=self.lexicon.last,
            is_english=self._is_english,
            stop=frozenset(STOP_WORDS),
            not_names=NOT_NAMES,
            word_names=WORD_NAMES,
            refused=MONTHS_AND_DAYS | NOT_IN_NAME,
            vocabulary=bool(self._english),
            ner=self.nlp is not None,
        )

    def verdicts(self, texts: Sequence[str], *, prefilter: bool = True) -> list[Verdicts]:
        """What the rules and NER say of each text's candidates (see ``find_many``)."""
        out: list[Verdicts] = []
        windows: list[tuple[int, int, int]] = []  # text index, start, end
        marks = self._marks.find(texts) if prefilter else None
        for index, text in enumerate(texts):
            decided: list[Span] = []
            unsure: list[Span] = []
            refused: list[tuple[Span, str]] = []
            if marks is None:
                self._judge_runs(text, ANYWHERE, decided, unsure, refused)
                self._judge_lower(text, LOWER_TRIGGER.finditer(text), decided)
                self._judge_homes(text, decided)
            else:
                marked = read_marks(text, marks[index], self._lower_name)
                self._judge_runs(text, marked, decided, unsure, refused)
                if marked.triggers:
                    triggers = matches_at(LOWER_TRIGGER, text, marked.triggers)
                    self._judge_lower(text, triggers, decided)
                if marked.homes:
                    self._judge_homes(text, decided)
            if "PID|" in text or "NK1|" in text:  # substring tests: ~free beside a regex
                self._judge_hl7(text, decided)
            if text[:1] == "@" or "\n@" in text:
                self._judge_mentions(text, decided)
            out.append(Verdicts(decided, unsure, [], refused))
            if unsure and self.nlp is not None:
                windows += [(index, start, end) for start, end in _merged_windows(text, unsure)]
        if windows:
            for index, span, kept in self._ner(texts, windows):
                if kept:
                    out[index].ner.append(span)
                else:
                    out[index].refused.append((span, "ner"))
        return out

    def _without_figures(self, text: str, spans: list[Span]) -> list[Span]:
        """``spans`` less those inside a public figure's name in ``text``."""
        assert self._figures is not None
        if not spans:
            return spans
        figures = [(m.start(), m.end()) for m in self._figures.finditer(text)]
        return [
            span
            for span in spans
            if not any(start <= span.start and span.end <= end for start, end in figures)
        ]

    def _judge_hl7(self, text: str, decided: list[Span]) -> None:
        """The family and given names of an HL7 v2 PID-5 (patient) or NK1-2 (next of kin)
        field, in ``decided``: "PID|1||123^^^HOSP^MR||OKORO^EFUA^A||..." names OKORO and
        EFUA, whatever their words (the segment says they are a person's)."""
        for match in HL7_NAME.finditer(text):
            at = match.start(1)
            for component in match[1].split("^")[:2]:
                value = component.strip()
                if _HL7_COMPONENT.fullmatch(value) and value.lower() not in self._refused:
                    offset = at + component.find(value)
                    decided.append(Span(offset, offset + len(value)))
                at += len(component) + 1

    def _judge_mentions(self, text: str, decided: list[Span]) -> None:
        """A chat mention opening a line, in ``decided`` without its "@", when the word is a
        capitalised lexicon first name or no English word: "@Samir can you take this?" (not
        "@Override", "@Test", nor a lower-case handle, a login's)."""
        for match in MENTION.finditer(text):
            word = match[1].lower()
            if word in self._refused or word in WORD_NAMES or not self._plausible(match[1]):
                continue
            if word in self.lexicon.first or (bool(self._english) and not self._is_english(word)):
                decided.append(Span(match.start(1), match.end(1)))

    def _surname_span(self, text: str, start: int) -> Span | None:
        """The surname before a comma right before ``start`` ("Brennan, " of "Brennan, Gurpreet
        MD"): a capitalised word the lexicon knows as a surname or of no dictionary."""
        match = _SURNAME_COMMA.search(text, max(0, start - 40), start)
        if match is None:
            return None
        word = match[1].lower()
        if word in self._refused or not self._plausible(match[1]):
            return None
        if word in self.lexicon.last or (bool(self._english) and not self._is_english(word)):
            return Span(match.start(1), match.end(1))
        return None

    def _ner(
        self, texts: Sequence[str], windows: list[tuple[int, int, int]]
    ) -> Iterable[tuple[int, Span, bool]]:
        """NER's PERSON spans in the windows, as (text index, span in that text, whether it
        is plausible: ``_ner_plausible``).

        One spaCy document per window, so what is found in a text never depends on the texts
        batched with it; only the ``ner`` component runs (it has its own token vectors). A
        window's text is read once: chat repeats the same few (a product name, a clinic's) in
        thousands of texts, so what NER found in each is kept (``NER_CACHE`` of them).
        """
        assert self.nlp is not None
        pieces = [texts[index][start:end] for index, start, end in windows]
        cache = self._ner_found
        unread = list(dict.fromkeys(piece for piece in pieces if piece not in cache))
        if unread:
            if len(cache) + len(unread) > NER_CACHE:
                cache.clear()
            with self.nlp.select_pipes(enable=["ner"]):
                for piece, doc in zip(
                    unread, self.nlp.pipe(unread, batch_size=NER_BATCH), strict=True
                ):
                    cache[piece] = tuple(
                        (ent.start_char, ent.end_char) for ent in doc.ents if ent.label_ == ENTITY
                    )
        for (index, start, _), piece in zip(windows, pieces, strict=True):
            text = texts[index]
            for ent_start, ent_end in cache[piece]:
                span = _trimmed(text, start + ent_start, start + ent_end)
                if span:
                    yield index, span, self._ner_plausible(text, span)

    def _judge_runs(
        self,
        text: str,
        marks: Marks,
        decided: list[Span],
        unsure: list[Span],
        refused: list[tuple[Span, str]],
    ) -> None:
        """The capitalised runs of ``text``: reported as they are (``decided``) or left to NER
        (``unsure``), or refused by what surrounds them (``refused``, with the rule's name).
        Unless ``marks`` is ``ANYWHERE``, runs whose words decide nothing alone
        are passed over where ``marks`` rules out a context that could decide them."""
        fast = marks is not ANYWHERE
        pattern = RUN_ASCII if fast and text.isascii() else RUN
        if fast and not (marks.role or marks.context):
            if self._quiet.issuperset(pattern.findall(text)):
                return  # most texts: "Please", "Thanks", "Quick question" and no context
        runs = self._runs
        english = bool(self._english)
        for match in pattern.finditer(text):
            run = runs.get(match[0], _UNSEEN)
            if run is _UNSEEN:
                run = self._run(match[0])
            if run is None or (
                fast
                and run.inert
                and not (marks.role or ((run.known or run.foreign) and marks.context))
            ):
                continue
            at = match.start()
            start, end = at + run.start, at + run.end
            after = text[end : end + 1]  # each context pattern needs its character: cheap first
            quoted = start > 0 and text[start - 1] in _OPENS_CONTEXT
            before = text[max(0, start - 40) : start] if quoted else ""
            in_context = bool(
                (before and marks.role and ROLE.search(before))
                or (
                    run.known
                    and marks.context
                    and (
                        (before and RELATION.search(before))
                        or (after in DEGREE_NEXT and DEGREE.match(text, end))
                    )
                )
            )
            # a stronger context decides a run the lexicon knows or that no word of is English;
            # a vocative ("..., Gareth!") one that would be judged anyway (no mark places it)
            if not in_context and (run.known or run.foreign):
                in_context = bool(
                    (
                        marks.context
                        and (
                            (before and PERSON_VERB.search(before))
                            or (after == " " and FROM_TEAM.match(text, end))
                            or (after == " " and not run.first_english and SAYS.match(text, end))
                            or (
                                after == " "
                                and not run.first_english
                                and SELF_INTRO.match(text, end)
                            )
                            or (  # "Thandiwe Haddadi, NP"; "Haddadi, Thandiwe NP"
                                run.foreign
                                and after in DEGREE_NEXT
                                and DEGREE.match(text, end)
                                and (run.words >= 2 or self._surname_comma_before(text, start))
                            )
                        )
                    )
                    or (
                        (after in VOCATIVE_NEXT or after == ".")
                        and not run.inert
                        and text[start - 2 : start] == ", "
                        and (run.foreign or (run.first_name and not run.first_english))
                        and (
                            after != "."  # "Thanks for holding, Efua."
                            or _THANKS_BEFORE.search(text, max(0, start - 40), start) is not None
                        )
                    )
                )
            if fast and run.inert and not in_context:
                continue
            if after in EPONYM_NEXT and EPONYM_HEAD.match(text, end):
                refused.append((Span(start, end), "eponym"))
                continue  # "Hodgkin lymphoma", "Babinski sign", "Bell's palsy"
            if (
                text[start - 2 : start - 1].isdigit() or text[start - 3 : start - 2].isdigit()
            ) and (after == " " and STREET_NEXT.match(text, end) and _after_number(text, start)):
                refused.append((Span(start, end), "street"))
                continue  # "4410 Maple Ridge Dr": a street of an address
            if text[start - 5 : start - 1].isdigit() and _MODEL_YEAR.search(text, 0, start):
                refused.append((Span(start, end), "make"))
                continue  # "the 2019 Ford Ranger": a model year before a make
            if self._not_a_person_here(text, start, end):
                refused.append((Span(start, end), "context"))
                continue  # "Ct, Eugene, OR", "stolen at Macy's", "built with Hugo"
            if in_context:  # "son Omar", "ask Maria", "John Baker, MD"
                decided.append(Span(start, end))
                if after in DEGREE_NEXT and DEGREE.match(text, end):
                    # the surname before it: "Referring: Brennan, Gurpreet MD"
                    surname = self._surname_span(text, start)
                    if surname is not None:
                        decided.append(surname)
                continue
            # A run starting a sentence: its first word's capital says nothing. A lexicon name
            # of no English word after refused words does not start it: "Per Hernandez's note"
            # ("Why Study Breaks" does: "study" is a word, and a surname).
            sentence_start = SENTENCE_START.search(text, max(0, start - 3), start) is not None or (
                at != start
                and (run.first_english or not run.first_known)
                and SENTENCE_START.search(text, max(0, at - 3), at) is not None
            )
            if run.words >= 2:
                if (
                    sentence_start
                    and run.first_english
                    and not run.first_name
                    and not (run.caps_comma and run.first_known)  # "FUENTES, Astrid"
                ):
                    refused.append((Span(start, end), "sentence"))
                    continue  # "Continue Lipitor", "Glasgow Coma Scale": a word starts it
                if _decided_alone(run, bool(self._english)):
                    # "Thanh Tran", "NGUYEN, Thanh", "Tevita Arroyo", "KHUMALO, Bogdan"
                    decided.append(Span(start, end))
                else:
                    unsure.append(Span(start, end))  # "Oluwaseun Adeyemi", "Northwind Traders"
            elif run.first_upper:
                continue  # an acronym: MRN, DOB, IMEI
            elif sentence_start:
                if run.first_known and english and not run.first_english:
                    unsure.append(Span(start, end))  # "Kowalski said ..."
            elif not (run.first_known or (english and not run.first_english)):
                continue
            elif _after_article(text, start):
                refused.append((Span(start, end), "article"))
                continue  # a word after an article: "the Ray bundle", "a Holter monitor"
            elif run.first_known and english and not run.first_english:
                decided.append(Span(start, end))  # "... for Kowalski": no word it could be
            else:
                unsure.append(Span(start, end))  # "Hunter", "Ximena", "Jira": NER decides

    def _run(self, value: str) -> _Run | None:
        """What the words of the run ``value`` say (None: no name whatever surrounds them)."""
        if len(self._runs) >= RUN_CACHE:
            self._runs.clear()
            self._quiet.clear()
        words = [(m.start(), m.end(), m.group()) for m in _WORD.finditer(value)]
        kept = [w for w in words if w[2].lower() not in self._refused]
        if len(kept) != len(words):
            # keep the longest stretch of words around a refused one ("Dr Park" -> "Park")
            kept = _longest_stretch(words, self._refused)
        run: _Run | None = None
        if kept:
            kept = self._without_acronyms(kept)
            start, end = kept[0][0], kept[-1][1]
            lowered = [w[2].lower().replace("’", "'") for w in kept]
            if self._plausible(value[start:end]):
                first, last = self.lexicon.first, self.lexicon.last
                first_known = lowered[0] in first or lowered[0] in last
                first_english = self._is_english(lowered[0])
                first_upper = kept[0][2].isupper()
                known = any(w in last or w in first for w in lowered)
                vocabulary = bool(self._english)
                foreign = vocabulary and not any(self._is_english(w) for w in lowered)
                caps_comma = (
                    len(kept) >= 2
                    and first_upper
                    and value[kept[0][1] : kept[0][1] + 2] == ", "
                    and not kept[1][2].isupper()
                )
                later_surname = vocabulary and any(
                    w in last and not self._is_english(w) for w in lowered[1:]
                )
                run = _Run(
                    start=start,
                    end=end,
                    words=len(kept),
                    first_upper=first_upper,
                    first_name=lowered[0] in first,
                    first_known=first_known,
                    first_english=first_english,
                    known=known,
                    foreign=foreign,
                    caps_comma=caps_comma,
                    later_surname=later_surname,
                    inert=False,
                )
                if len(kept) == 1:  # reported as in "for Kowalski", sent as "Hunter", "Ximena"
                    alone = not first_upper and first_known and vocabulary and not first_english
                    sent = not first_upper and (first_known or (vocabulary and not first_english))
                else:
                    alone = _decided_alone(run, vocabulary)
                    sent = not alone
                inert = not (alone or (sent and self.nlp is not None))
                run = dataclasses.replace(run, inert=inert)
        self._runs[value] = run
        if run is None or run.inert:
            self._quiet.add(value)
        return run

    def _judge_lower(
        self, text: str, matches: Iterable[regex.Match[str]], decided: list[Span]
    ) -> None:
        """A lower-case (or any-case) name after each trigger match, in ``decided``."""
        for match in matches:
            first, last = match.group(1).lower(), (match.group(2) or "").lower()
            if not self._lower_name(first):
                continue  # "hey there", "thanks so much"; "hey ximena" only with a vocabulary
            if _WAKE.match(text, match.start(1)):
                continue  # "hey cortana, deploy ...": an assistant woken, no one greeted
            if list_item(text, match):
                continue  # "- lora" in a model card's tags: a list, not a sign-off
            end = match.end(1)
            whole = text[match.start() : match.start(1)].rstrip(" ,").lower().endswith("customer")
            if whole and last in _PARTICLES:
                # "customer heather de souza": the particle and the surname after it
                rest = _PARTICLE_REST.match(text, match.end(2))
                if rest is not None and self._whole_name_last(rest[1]):
                    decided.append(Span(match.start(1), rest.end(1)))
                continue
            if whole and not (last and self._whole_name_last(match.group(2))):
                continue  # "customer portal", "customer maria": "customer" asks for a surname
            if last and last not in self._refused and last not in WORD_NAMES:
                # a surname of the lexicon, or beside a capitalised first name a capitalised
                # word of no dictionary: "Farid Kahale" in a signature, not "maria pls"
                both_capitalised = match.group(1)[0].isupper() and match.group(2)[0].isupper()
                if last in self.lexicon.last or (
                    both_capitalised and bool(self._english) and not self._is_english(last)
                ):
                    end = match.end(2)
            decided.append(Span(match.start(1), end))

    def _whole_name_last(self, word: str) -> bool:
        """Whether ``word`` ends a whole name after "customer": a lexicon surname or a word of
        no dictionary, none of the refused ones."""
        lowered = word.lower()
        return (
            lowered not in self._refused
            and lowered not in WORD_NAMES
            and (
                lowered in self.lexicon.last
                or (bool(self._english) and len(lowered) > 2 and not self._is_english(lowered))
            )
        )

    def _judge_homes(self, text: str, decided: list[Span]) -> None:
        """A display name of two or three words (and particles) naming a home folder, in
        ``decided``, when its first word is a lexicon first name, no word of it is English
        ("C:\\Users\\Farid Kahale\\"), or its first word is none and its last a lexicon
        surname ("C:\\Users\\Yuna Bishop\\")."""
        for match in HOME_NAME.finditer(text):
            lowered = match[0].lower().split()
            if not self._plausible(match[0]) or any(w in self._refused for w in lowered):
                continue
            words = [w for w in lowered if w not in _PARTICLES]
            foreign = bool(self._english) and not any(map(self._is_english, words))
            surname = (  # "Yuna Bishop": a first word of no dictionary, a lexicon surname
                bool(self._english)
                and not self._is_english(words[0])
                and words[-1] in self.lexicon.last
            )
            if lowered[0] in self.lexicon.first or foreign or surname:
                decided.append(Span(match.start(), match.end()))

    def _surname_comma_before(self, text: str, start: int) -> bool:
        """Whether a capitalised word of no dictionary and a comma come right before ``start``,
        as a surname before a first name ("Haddadi, Thandiwe")."""
        match = _SURNAME_COMMA.search(text, max(0, start - 40), start)
        if match is None:
            return False
        word = match[1].lower()
        return word not in self._refused and bool(self._english) and not self._is_english(word)

    def _lower_name(self, word: str) -> bool:
        """Whether ``word`` (lower case), after a greeting or sign-off, is taken for a name."""
        return (
            word not in self._refused
            and word not in WORD_NAMES
            and (
                word in self.lexicon.first
                or (bool(self._english) and len(word) > 2 and not self._is_english(word))
            )
        )

    def _ner_plausible(self, text: str, span: Span) -> bool:
        """An NER guess kept: a whole word (not part of a path, address or identifier), not
        an eponym ("a Baker's cyst", as runs are judged) nor a street after its house number,
        not refused, and one word alone only when the lexicon knows it or a degree follows it
        ("Sandhu, Lakshmi MD")."""
        before = text[span.start - 1 : span.start]
        after = text[span.end : span.end + 1]
        value = text[span.start : span.end]
        words = value.lower().split()
        return (
            not (before.isalnum() or before in "@._/\\-" and before != "")
            and not (after.isalnum() or after in "@_/\\" and after != "")
            and not (after in EPONYM_NEXT and EPONYM_HEAD.match(text, span.end))
            and not (_after_number(text, span.start) and _a_street(text, span))
            and not self._not_a_person_here(text, span.start, span.end)
            and self._plausible(value)
            and (
                len(words) > 1
                or words[0] in self.lexicon.first
                or words[0] in self.lexicon.last
                or (after in DEGREE_NEXT and DEGREE.match(text, span.end) is not None)
            )
        )

    def _not_a_person_here(self, text: str, start: int, end: int) -> bool:
        """Whether what surrounds ``text[start:end]`` says it names no person: a city between a
        street and a state ("1187 Alder Ct, Eugene, OR"); a shop in the possessive with no noun
        after it ("stolen at Macy's", "from Wendy's instead"); what a document reads ("the
        order said Allegra"), an allergy list ("Allergies: sulfa, Allegra"); a tool something
        is built with or deployed ("built with Hugo", "deploy Helm", "Hugo Build 20G798"); a
        sign found positive or negative ("a positive Romberg"); an assistant woken ("Hey Bixby,
        deploy ...")."""
        before = text[max(0, start - 60) : start]
        if not before and not text.startswith((" ", "'", "’"), end):
            return False
        after = text[end : end + 24]
        if _WAKE.match(text, start) and _GREETED.search(before):
            return True  # "Hey Bixby, deploy ...": an assistant woken
        if _STATE_AFTER.match(after) and _STREET_BEFORE.search(before):
            return True
        if _SHOP_BEFORE.search(before) and (possessive := _POSSESSIVE.match(after)):
            rest = after[possessive.end() :].lstrip(" ")
            word = _NEXT_WORD.match(rest)
            if not rest or not rest[0].isalpha() or (word and word[0].lower() in _NO_NOUN):
                return True
        # one word only: "the order said Maria Lopez" still names her
        return bool(_BUILD_AFTER.match(text, start)) or (
            " " not in text[start:end] and _NOT_PERSON_BEFORE.search(before) is not None
        )

    def _without_acronyms(self, words: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
        """``words`` without the capitals-only words at either end that no lexicon knows
        ("GARCIA, Maria MRN" -> "GARCIA, Maria")."""

        def acronym(word: str) -> bool:
            lowered = word.lower()
            return (
                word.isupper()
                and lowered not in self.lexicon.last
                and (lowered not in self.lexicon.first)
            )

        while len(words) > 1 and acronym(words[-1][2]):
            words = words[:-1]
        while len(words) > 1 and acronym(words[0][2]) and not self._caps_surname(words):
            words = words[1:]
        return words

    def _caps_surname(self, words: list[tuple[int, int, str]]) -> bool:
        """Whether the first of ``words``, in capitals, is a surname before a comma and a first
        name ("KHUMALO, Bogdan"): three letters or more, some vowel, no English word."""
        head, follower = words[0], words[1]
        lowered = head[2].lower()
        return (
            follower[0] == head[1] + 2
            and not follower[2].isupper()
            and len(lowered) >= 3
            and any(vowel in lowered for vowel in "aeiouy")
            and bool(self._english)
            and not self._is_english(lowered)
        )

    def _is_english(self, word: str) -> bool:
        """Whether ``word`` (lower case) or its stem is in the vocabulary ("locked", "lock")."""
        return is_english(word, self._english)

    def _plausible(self, value: str) -> bool:
        lowered = value.lower()
        words = [w.strip(".,'’") for w in lowered.replace(",", " ").split()]
        return bool(words) and not (
            lowered in self.public_figures
            or any(w in NOT_NAMES or w in MONTHS_AND_DAYS for w in words)
            or (len(words) == 1 and (words[0] in WORD_NAMES or words[0] in STOP_WORDS))
            or _NOT_IN_A_NAME.search(value) is not None
        )


_UNSEEN = _Run(0, 0, 0, *[False] * 9)  # not in the run cache
_ARTICLES = frozenset("the a an this that our your".split())


def _after_article(text: str, start: int) -> bool:
    """Whether the word before ``start`` (and one space) is an article: "the Ray tier"."""
    if start < 2 or text[start - 1] != " ":
        return False
    at = start - 2
    while at >= 0 and at > start - 7 and text[at].isalpha():
        at -= 1
    word = text[at + 1 : start - 1]
    return (at < 0 or not text[at].isalnum()) and word.lower() in _ARTICLES


# An address's street after its house number: "4410 Maple Ridge Dr", "12 Osei Street".
STREET_TYPES = (
    r"[ ](?:St|Street|Ave|Avenue|Rd|Road|Dr|Drive|Ln|Lane|Blvd|Boulevard|Ct|Court|Way|Pl|Place"
    r"|Ter|Terrace|Pkwy|Parkway|Cir|Circle|Hwy|Highway)"
)
STREET_NEXT = regex.compile(STREET_TYPES + r"\b")
_STREET_END = regex.compile(STREET_TYPES + r"\.?$")
_PARTICLES = frozenset(PARTICLES.split("|"))
_PARTICLE_REST = regex.compile(r"[ ](\p{L}+(?:[-'’]\p{L}+)?)(?![\w@.:/-])")
_MODEL_YEAR = regex.compile(r"(?i:\b(?:the|a|an|my|our|his|her|their)[ ])(?:19|20)\d\d[ ]$")
# A vocative ending a thanks or an apology: "Thanks for holding, Efua." ("..., Efua!" needs none).
_THANKS_BEFORE = regex.compile(r"(?i:\b(?:thanks|thank you|sorry))[^.!?\n]{0,30},[ ]$")
_HOUSE_NUMBER = regex.compile(r"(?<!\S)\d{1,6}[A-Za-z]?[ ]$")


# What says a capitalised word is no person's name (``PersonFinder._not_a_person_here``).
_STREET_BEFORE = regex.compile(STREET_TYPES + r"\.?,[ ]$")
_STATE_AFTER = regex.compile(r",[ ][A-Z]{2}\b")
_SHOP_BEFORE = regex.compile(r"(?i:\b(?:at|from))[ ]$")
_POSSESSIVE = regex.compile(r"['’]s(?!\w)")
_NEXT_WORD = regex.compile(r"\p{L}+")
# words after a shop's possessive that are no noun it could qualify: "from Macy's instead"
_NO_NOUN = STOP_WORDS | frozenset("instead today yesterday tonight again though lol".split())
_NOT_PERSON_BEFORE = regex.compile(
    r"(?i:\b(?:order|label|prescription|script|bottle|box|package|receipt|invoice|screen)[ ]"
    r"(?:said|says|read|reads|showed|shows)"
    r"|\ballerg(?:ies|y|ic[ ]to):?[ ](?:[\p{L}-]+(?:[ ][\p{L}-]+)?,[ ])*"
    r"|\b(?:built|made|generated|powered)[ ](?:with|using)|\bdeploy(?:s|ed|ing)?"
    r"|\b(?:a|an)[ ](?:positive|negative))[ ]?$"
)
_WAKE = regex.compile(rf"(?i:{ASSISTANTS}),[ ]\p{{Ll}}")
_GREETED = regex.compile(r"(?i:\b(?:hey|hi|hello|ok|okay))[ ,]+$")
_BUILD_AFTER = regex.compile(r"\p{Lu}\p{L}+[ ](?i:build|version|release)[ ]\w*\d")


def _after_number(text: str, start: int) -> bool:
    """Whether a house number and a space come right before ``start``."""
    return _HOUSE_NUMBER.search(text, max(0, start - 10), start) is not None


def _a_street(text: str, span: Span) -> bool:
    """Whether a street type ends ``span`` or follows it: "Maple Ridge Dr", "Maple Ridge"."""
    return bool(STREET_NEXT.match(text, span.end) or _STREET_END.search(text, span.start, span.end))


# HL7 v2: the patient's name (PID-5) or the next of kin's (NK1-2), components split by "^".
HL7_NAME = regex.compile(r"(?<![A-Za-z0-9])(?:PID\|(?:[^|\r\n]*\|){4}|NK1\|[^|\r\n]*\|)([^|\r\n]+)")
_HL7_COMPONENT = regex.compile(r"\p{L}[\p{L}'’ -]*\p{L}")
# A chat mention opening a line: "@Samir can you take this one?"
MENTION = regex.compile(r"(?:^|(?<=\n))@(\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)?)(?=[ ,:]|$)", regex.M)
_SURNAME_COMMA = regex.compile(r"(?<![\w'’-])(\p{Lu}[\p{L}'’-]+),[ ]$")
_OPENS_CONTEXT = frozenset(" '\"(")  # a context before a run ends in one of these


def _decided_alone(run: _Run, vocabulary: bool) -> bool:
    """Whether a run of two or more words is a name whatever surrounds it: the lexicon knows
    a word and the first is a first name ("Thanh Tran"), in capitals ("NGUYEN, Thanh"), or no
    English word before a surname that is none either ("Naledi Hernandez"; "Grafana Black" is
    NER's to judge); or it is a surname in capitals before a comma and a first name no word of
    which is English ("KHUMALO, Bogdan")."""
    if run.known:
        return (
            run.first_name
            or run.first_upper
            or (vocabulary and not run.first_english and run.later_surname)
        )
    return run.caps_comma and run.foreign


def _longest_stretch(
    words: list[tuple[int, int, str]], refused: frozenset[str]
) -> list[tuple[int, int, str]]:
    best: list[tuple[int, int, str]] = []
    current: list[tuple[int, int, str]] = []
    for word in words:
        if word[2].lower() in refused:
            current = []
            continue
        current.append(word)
        if len(current) > len(best):
            best = list(current)
    return best


_SPACE = regex.compile(r"\s")
_NOT_IN_A_NAME = regex.compile(r"[\d/@\\:<>=#_]")  # URLs, versions, ids, paths


def _merged_windows(text: str, spans: list[Span]) -> list[tuple[int, int]]:
    """The text around each span, widened to whitespace, overlapping ones merged."""
    windows: list[tuple[int, int]] = []
    for span in sorted(spans, key=lambda s: s.start):
        start = max(0, span.start - WINDOW)
        if start:
            space = max(text.rfind(blank, max(0, start - 32), start) for blank in " \n\t")
            start = space + 1 if space >= 0 else span.start
        after = _SPACE.search(text, min(len(text), span.end + WINDOW), span.end + WINDOW + 32)
        end = after.start() if after else max(span.end, min(len(text), span.end + WINDOW))
        if windows and start <= windows[-1][1]:
            windows[-1] = (windows[-1][0], max(windows[-1][1], end))
        else:
            windows.append((start, end))
    return windows


def _trimmed(text: str, start: int, end: int) -> Span | None:
    """An NER span without the possessive, punctuation and degree spaCy sometimes keeps
    ("Linda MD")."""
    value = text[start:end]
    stripped = _DEGREE_END.sub("", value).rstrip(" .,;:'’")
    for suffix in ("'s", "’s"):
        if stripped.endswith(suffix):
            stripped = stripped[: -len(suffix)]
    stripped = stripped.lstrip(" .,;:'’")
    if not stripped:
        return None
    offset = value.find(stripped)
    return Span(start + offset, start + offset + len(stripped))


_DEGREE_END = regex.compile(rf"(?:,?[ ]+(?:{DEGREES}))+$")


def _disjoint(spans: list[Span]) -> list[Span]:
    """Overlapping spans merged into one (the union), sorted by start."""
    out: list[Span] = []
    for span in sorted(spans, key=lambda s: (s.start, -s.end)):
        if out and span.start < out[-1].end:
            if span.end > out[-1].end:
                out[-1] = Span(out[-1].start, span.end)
        else:
            out.append(span)
    return out
