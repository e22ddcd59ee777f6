"""PII detection with presidio's recognizers: offline, and only on small windows of a text.

Presidio's ``AnalyzerEngine.analyze`` runs spaCy and every recognizer over the whole text
(0.05-0.3 MB/s). Every pattern entity needs something ordinary prose rarely has (a run of
digits, an ``@``...): per entity, cheap regexes find *anchors*, all of them in one Hyperscan
pass over a batch of texts (``govern.scan.patterns``), and presidio runs only on a window
around each, widened to whitespace so no token is cut: the window keeps every match
and the context words before it. A window runs only the recognizers whose anchor keys fired in
it (``_window_recognizers``), and phonenumbers' verdict on a candidate is made once per region
(``govern.scan.phones``). A window's matches and a match's context verdict are made once per
what they read (``_remembered``, ``_enhance``): chat repeats its turns, signatures and numbers.
A recognizer that can read past its match (a look-around, ``^``, ``$``) reads a window with
the word beyond each edge and a NUL (``_bordered``), so that no cut passes for a text's end.
``analyze_whole_text`` is the reference the tests compare with.
"""

from __future__ import annotations

import functools
import logging
import re
from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

import phonenumbers
import regex

from govern.errors import InputError
from govern.policy import PiiPolicy, Policy
from govern.scan._presidio import (  # first: presidio and spaCy without torch
    REGEX_TIMEOUT_SECONDS,
    AnalyzerEngine,
    ContextArtifacts,
    CreditCardRecognizer,
    EmailRecognizer,
    EntityRecognizer,
    IpRecognizer,
    LemmaTokenizer,
    NlpArtifacts,
    Pattern,
    PatternRecognizer,
    PhoneRecognizer,
    PreloadedSpacyEngine,
    RecognizerRegistry,
    UsSsnRecognizer,
    check_language,
    libyaml,
    patterns_unchecked,
    spacy_pipeline,
)
from govern.scan._presidio import RecognizerResult as Result
from govern.scan.base import Detector, Hit
from govern.scan.date_model import TYPES as JUDGED_TYPES
from govern.scan.date_model import judge as judge_dates
from govern.scan.date_model import shipped_model as date_judge
from govern.scan.identifier_model import Judge
from govern.scan.identifier_model import shipped_model as identifier_model
from govern.scan.identifiers import (
    COSTLY_ANCHORS,
    ContextSsnRecognizer,
    IdentifierRecognizer,
    NotALoginEmailRecognizer,
    NotImeiCreditCardRecognizer,
    PersonalIpRecognizer,
    fold_separators,
    public_hotline,
)
from govern.scan.literals import holds_ascii_digit, required_literals
from govern.scan.locators import ENTITIES as IDENTIFIER_ENTITIES
from govern.scan.locators import RECOGNIZERS as IDENTIFIER_RECOGNIZERS
from govern.scan.names import NameContextRecognizer, not_a_name
from govern.scan.patterns import COSTLY_STARTS, Candidate, CandidatePass
from govern.scan.person import SCORE as PERSON_SCORE
from govern.scan.person import PersonFinder, Span
from govern.scan.person_model import WordKnowledge, shipped_model
from govern.scan.phones import PhoneVerdicts
from govern.scan.username_model import UsernameJudge
from govern.scan.username_model import shipped_model as shipped_username_model

BEFORE = 100  # characters kept before an anchor: presidio's context words are the 5 before a match
AFTER = 64  # characters kept after one: enough for an IBAN's tail, a phone extension, city and ZIP
CONTEXT_AFTER = 160  # after a context-word anchor (``ENTITY/context``): the value follows
MAX_WIDEN = 1000  # widening stops here, so a megabyte without whitespace stays one cheap window
KEPT_WINDOWS = 1 << 14  # windows' matches, context verdicts remembered (~10 MB at most); then anew

# presidio's phone words miss how chat gives a number ("reach me on", "WhatsApp me at").
PHONE_CONTEXT = [*PhoneRecognizer.CONTEXT, "contact", "reach", "whatsapp", "sms", "fax", "dial"]
# phonenumbers' separators between digit blocks (its _VALID_PUNCTUATION, matched ignoring case).
PHONE_PUNCTUATION = (
    "[-xX\u2010-\u2015\u2212\u30fc\uff0d-\uff0f \u00a0\u00ad\u200b\u2060\u3000()"
    "\uff08\uff09\uff3b\uff3d.\\[\\]/~\u2053\u223c\uff5e]"
)


class UsStreetAddressRecognizer(PatternRecognizer):
    """US street addresses: house number, capitalised name words, street suffix, city/ST/ZIP."""

    NAME_AND_SUFFIX = (  # what follows the house number
        r"[A-Z]?(?:[ ]+(?:[A-Z][A-Za-z'\-]*\.?|\d{1,3}(?:st|nd|rd|th))){1,4}[ ]+"
        r"(?i:street|st|avenue|ave|road|rd|boulevard|blvd|lane|ln|drive|dr|court|ct|place|pl"
        r"|terrace|ter|parkway|pkwy|highway|hwy|circle|cir|way|square|sq|trail|trl)\b\.?"
    )
    STREET = r"\b\d{1,6}" + NAME_AND_SUFFIX
    UNIT = r"(?:,?[ ]+(?:Apt|Suite|Ste|Unit|\#)\.?[ ]*[A-Za-z0-9\-]+)?"
    CITY_STATE_ZIP = r",?[ ]+[A-Z][A-Za-z]+(?:[ ][A-Z][A-Za-z]+){0,2},[ ]*[A-Z]{2}[ ]+\d{5}"
    ZIP4 = r"(?:-\d{4})?"
    # Alone, "Part 2 The Long Way" reads like a street; it needs context or a city and ZIP.
    PATTERNS = [
        Pattern("Street, city, state, ZIP (strong)", STREET + UNIT + CITY_STATE_ZIP + ZIP4, 0.85),
        Pattern("Street (weak)", STREET + UNIT, 0.4),
    ]
    CONTEXT = ["address", "street", "live", "ship", "deliver", "mail", "home", "located", "apt"]

    def __init__(self, supported_language: str = "en") -> None:
        # Case matters (street names are capitalised): no IGNORECASE, unlike presidio's default.
        super().__init__(
            supported_entity="STREET_ADDRESS",
            patterns=self.PATTERNS,
            context=self.CONTEXT,
            supported_language=supported_language,
            global_regex_flags=re.MULTILINE,
        )


# entity -> regexes one of which every match contains. Each is a superset of presidio's (same
# classes, fewer constraints), searched together by one Hyperscan database. None reads past the
# newline after its text, so one pass covers a batch of texts (``govern.scan.patterns``).
# Phone's depends on the regions (per policy).
ANCHORS = {
    "EMAIL_ADDRESS": [r"@[^\s@]+\."],
    "URL": [r"(?i:[a-z0-9.\-]\.[a-z]{2})"],
    "CREDIT_CARD": [r"\b[1-689]\d{3}[- ]?\d{3,4}[- ]?\d{3,4}[- ]?\d{3,5}(?:[- ]?\d{1,3})?\b"],
    "IBAN_CODE": [r"[A-Z]{2}[0-9]{2}(?:[ -]?[A-Z0-9]{4}){2}"],
    "US_SSN": [r"\b[0-9]{3}[- .]?[0-9]{2}[- .]?[0-9]{4}\b"],
    # IPv4 (also inside IPv6); an IPv6 address written in full (its 7 colons), or compressed
    # ("::"), not a time of day ("08:36:31")
    "IP_ADDRESS": [r"[0-9]\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]", "::", ":(?:[0-9A-Fa-f]{1,4}:){6}"],
    # the house number's last digit on: Hyperscan runs 20x slower tracking where a 1-6 digit
    # run after a word boundary starts
    "STREET_ADDRESS": [r"\d" + UsStreetAddressRecognizer.NAME_AND_SUFFIX],
}
# The pattern types presidio finds without NER: the anchors above, and the phone (per region).
PATTERN_ENTITIES: tuple[str, ...] = ("PHONE_NUMBER", *ANCHORS)
# A key "ENTITY/label" is a second set of anchors for ENTITY with its own window (see _windows).
_ANCHORED: list[type[IdentifierRecognizer]] = [*IDENTIFIER_RECOGNIZERS, NameContextRecognizer]
# The keys a recognizer class of its own declares: a window runs such a recognizer only where one
# of its keys fired (a "USERNAME/login" window runs the login recognizer, not the home-folder one).
_OWN_KEYS = frozenset(key for identifier in _ANCHORED for key in identifier.ANCHORS)
for _identifier in _ANCHORED:
    ANCHORS.update(_identifier.ANCHORS)


def _recognizers(pii: PiiPolicy, loaded: list[EntityRecognizer]) -> list[EntityRecognizer]:
    """Presidio's recognizers as the policy configures them, plus govern's (street address,
    the identifiers of ``govern.scan.identifiers``)."""
    kept: list[EntityRecognizer] = []
    language = pii.language
    own = [
        UsStreetAddressRecognizer(supported_language=language),
        *(identifier(supported_language=language) for identifier in IDENTIFIER_RECOGNIZERS),
        *([NameContextRecognizer(supported_language=language)] if pii.name_patterns else []),
    ]
    for recognizer in [*loaded, *own]:
        if not _kept(recognizer, pii):
            continue
        name: str = recognizer.name  # type: ignore[has-type]  # presidio's is inferred late
        if isinstance(recognizer, EmailRecognizer):
            recognizer = NotALoginEmailRecognizer(supported_language=pii.language, name=name)
        elif type(recognizer) is CreditCardRecognizer:
            recognizer = NotImeiCreditCardRecognizer(supported_language=language, name=name)
        elif type(recognizer) is IpRecognizer:
            recognizer = PersonalIpRecognizer(pii.ip_not_personal, supported_language=language)
        elif type(recognizer) is UsSsnRecognizer:
            recognizer = ContextSsnRecognizer(supported_language=language)
        elif isinstance(recognizer, PhoneRecognizer):
            recognizer = PhoneRecognizer(
                context=PHONE_CONTEXT,
                supported_language=pii.language,
                supported_regions=tuple(pii.phone_regions),
            )
        kept.append(recognizer)
    return kept


class _Run(NamedTuple):
    """A recognizer a window runs, and what is known of it before it reads one."""

    recognizer: EntityRecognizer
    only: list[Pattern] | None  # the patterns it runs there (None: all of them)
    names: tuple[str, ...] | None  # their names (None: all of them)
    # a pattern recognizer's patterns there, each with its ``required_literals``
    patterns: tuple[tuple[Pattern, frozenset[str] | None], ...]
    # Lowercased literals one of which any ASCII text it finds something in holds (None: no
    # such set): a window without one is not run at all (its matches, borders, memory).
    literals: frozenset[str] | None
    needs_digit: bool  # an IdentifierRecognizer's NEEDS_DIGIT
    edge_blind: bool  # ``_edge_blind``: reads a window on whitespace as it is, no borders


class _OrderedRegistry(RecognizerRegistry):
    """presidio's registry, whose ``get_recognizers`` keeps the registry's order.

    presidio's returns ``list(set(...))``, an order that follows the recognizers' addresses
    (they hash by id): it moves with PYTHONHASHSEED and from run to run, and differs between
    a whole text's entities and a window's. ``remove_duplicates`` keeps, of two equal results
    (type, span, score) of different recognizers, the one that ran first, and the recognizer
    names a hit's detector and decides whether it needs a clause word (``_NEEDS_NO_CLAUSE``):
    issue #16's plate after a VIN, which the VIN-row and the context plate recognizers both
    score 0.55, was found in windows and not in the whole text, or the other way round. In one
    order, whole texts and windows (``_window_recognizers``) keep the same recognizer's.
    """

    def get_recognizers(
        self,
        language: str,
        entities: list[str] | None = None,
        all_fields: bool = False,
        ad_hoc_recognizers: list[EntityRecognizer] | None = None,
    ) -> list[EntityRecognizer]:
        found = set(super().get_recognizers(language, entities, all_fields, ad_hoc_recognizers))
        every = [*self.recognizers, *(ad_hoc_recognizers or [])]
        return list(dict.fromkeys(r for r in every if r in found))


def _kept(recognizer: EntityRecognizer, pii: PiiPolicy) -> bool:
    """Whether the policy keeps ``recognizer``: not disabled, and NER only with a model."""
    name: str = recognizer.name  # type: ignore[has-type]  # presidio's is inferred late
    disabled = name in pii.disabled_recognizers or any(
        part in pii.disabled_recognizers for part in getattr(recognizer, "PART_OF", ())
    )
    return not (disabled or (name == "SpacyRecognizer" and not pii.nlp_model))


@functools.cache
def _min_phone_digits(regions: tuple[str, ...]) -> int:
    """The fewest digits of a number phonenumbers accepts as valid when matching for ``regions``.

    National numbers of one of ``regions``, or international ones (+CC) of any region. Once per
    process: it reads the metadata of every region.
    """
    meta = phonenumbers.PhoneMetadata
    national = [meta.metadata_for_region(r) for r in regions]
    every_region = [
        *map(meta.metadata_for_region, phonenumbers.SUPPORTED_REGIONS),
        *map(meta.metadata_for_nongeo_region, phonenumbers.COUNTRY_CODES_FOR_NON_GEO_REGIONS),
    ]

    def shortest(region: phonenumbers.PhoneMetadata) -> int:
        lengths = region.general_desc.possible_length if region.general_desc else ()
        return min((n for n in lengths if n > 0), default=99)

    return min(
        [shortest(r) for r in national if r]
        + [len(str(r.country_code)) + shortest(r) for r in every_region if r]
    )


def _anchors(entities: list[str], phone_regions: list[str]) -> dict[str, list[str]]:
    """Each entity's anchor regexes (``regex`` syntax, presidio's own engine), for those that
    have anchors; the phone's depend on ``phone_regions``."""
    sources = dict(ANCHORS)
    if "PHONE_NUMBER" in entities:
        digits = _min_phone_digits(tuple(phone_regions))
        sources["PHONE_NUMBER"] = [rf"\d(?:{PHONE_PUNCTUATION}{{0,4}}\d){{{digits - 1},}}"]
    return {key: sources[key] for key in sources if key.partition("/")[0] in entities}


class PresidioDetector(Detector):
    """Presidio's pattern recognizers (and NER with ``pii.nlp_model``), never touching the network.

    Build once and reuse (~0.2 s after the imports). ``analyzer`` is the presidio engine.
    Raises InputError for an unknown phone region or a ``pii.nlp_model`` that is not installed.
    """

    name = "presidio"
    section = "pii"
    analyzer: AnalyzerEngine
    _candidates: CandidatePass | None
    _anchor_keys: list[str]
    _phone_verdicts: PhoneVerdicts

    def __init__(self, policy: Policy, *, sharing: PresidioDetector | None = None) -> None:
        """``sharing``: a detector of the same policy but for ``pii.nlp_model`` whose
        recognizers (their compiled patterns), anchor database and phone verdicts this one
        reuses instead of building its own (``for_values``)."""
        super().__init__(policy)
        pii = policy.pii
        unknown_regions = set(pii.phone_regions) - phonenumbers.SUPPORTED_REGIONS
        if unknown_regions:
            raise InputError(f"pii.phone_regions: unknown region codes {sorted(unknown_regions)}")
        # Presidio logs context words (DEBUG) and failed IBAN values (ERROR): scanned text.
        logging.getLogger("presidio-analyzer").setLevel(logging.CRITICAL)
        if pii.nlp_model:
            pipeline: Any = spacy_pipeline(pii.language, pii.nlp_model)
        else:  # the tokenizer only: built when a match first needs its context words
            check_language(pii.language)
            pipeline = self._tokenizer_pipeline
        nlp_engine = PreloadedSpacyEngine(pii.language, pipeline)
        registry = _OrderedRegistry(supported_languages=[pii.language])
        if sharing is not None:  # its list as _recognizers makes it, less NER without a model
            shared = sharing.analyzer.registry.recognizers
            registry.recognizers = [r for r in shared if _kept(r, pii)]
        else:
            with libyaml(), patterns_unchecked():  # presidio's own configuration
                registry.load_predefined_recognizers(
                    languages=[pii.language], nlp_engine=nlp_engine
                )
            registry.recognizers = _recognizers(pii, list(registry.recognizers))
        recognizers = registry.recognizers
        self._context_vocabulary = {word.lower() for r in recognizers for word in r.context}
        if pii.nlp_model:
            self._context_words_counted(pipeline)
        self.analyzer = AnalyzerEngine(
            registry=registry, nlp_engine=nlp_engine, supported_languages=[pii.language]
        )
        self._recognizers_by_id = {r.id: r for r in recognizers}
        self._edge_blind = {r.id for r in recognizers if _edge_blind(r)}
        self._nlp_engine = nlp_engine
        self._tokenize: Any = None  # the pipeline's, on first use (see _artifacts)
        self._keyword: dict[str, bool] = {}  # lemma -> counts as a context keyword
        # A window's matches and a context verdict are pure functions of what they read: chat
        # repeats its windows (a signature, a desk's number, a template's turns).
        self._window_matches: dict[tuple[Any, ...], list[tuple[Any, ...]]] = {}
        self._supportive: dict[tuple[Any, ...], bool] = {}
        supported = {entity for r in recognizers for entity in r.supported_entities}
        # PERSON from the lexicon, context and NER on candidates only (govern.scan.person)
        self._people = (
            PersonFinder(
                pipeline if pii.nlp_model else None,
                pii.public_figures,
                # the judge's dictionary features come from the model's lemmatizer: without
                # one it takes sentence-start words ("Summarize", "Same") for names
                model=shipped_model() if pii.person_model and pii.nlp_model else None,
            )
            if pii.name_lexicon and "PERSON" in pii.entities
            else None
        )
        if self._people:
            supported.add("PERSON")
        # USERNAME candidates decided after the rules (govern.scan.username_model)
        self._usernames = (
            UsernameJudge(shipped_username_model(), self._username_words)
            if pii.username_model and "USERNAME" in pii.entities
            else None
        )
        # dates, ages and ZIPs decided again by the learned judge after the rules (date_model)
        judged = pii.date_model and not {*JUDGED_TYPES}.isdisjoint(pii.entities)
        self._date_judge = date_judge() if judged else None
        self.entities = [entity for entity in pii.entities if entity in supported]
        # URL hits inside an email are dropped; that needs the emails even if not reported.
        analyzed = set(self.entities)
        if "URL" in analyzed and "EMAIL_ADDRESS" in supported:
            analyzed.add("EMAIL_ADDRESS")
        self._analyzed = sorted(analyzed)
        # Pattern entities go through windows even with an NER model: spaCy then reads whole
        # texts only for the NER entities, and presidio's pattern and phone recognizers (most
        # of its cost without a model) still see only the windows.
        anchors = _anchors(self._analyzed, pii.phone_regions)
        if not pii.name_patterns:
            anchors.pop("PERSON/context", None)
        if sharing is not None and sharing._anchor_keys == sorted(anchors):
            self._candidates = sharing._candidates
        else:
            costly = COSTLY_STARTS | COSTLY_ANCHORS
            self._candidates = CandidatePass(anchors, costly) if anchors else None
        self._anchor_keys = sorted(anchors)
        # NER entities read whole texts even when a pattern recognizer of theirs has anchors:
        # those the loaded model can label (presidio's SpacyRecognizer also lists PHONE_NUMBER
        # and EMAIL, for models with such labels; the small English one has none).
        mapping = nlp_engine.ner_model_configuration.model_to_presidio_entity_mapping or {}
        # (without a model ``pipeline`` is the lazy tokenizer's builder: nothing to label)
        has_ner = bool(pii.nlp_model) and "ner" in pipeline.pipe_names
        ner_pipe = pipeline.get_pipe("ner") if has_ner else None
        labels: tuple[str, ...] = getattr(ner_pipe, "labels", ())
        ner = {
            entity
            for r in recognizers
            if type(r).__name__ == "SpacyRecognizer"
            for entity in r.supported_entities
        } & {mapping[label] for label in labels if label in mapping}
        anchored = {key.partition("/")[0] for key in anchors} - ner
        if self._people:
            anchored.add("PERSON")  # the finder's NER reads candidate windows, not whole texts
        self._whole_text = [entity for entity in self._analyzed if entity not in anchored]
        # The windows' recognizers and context pass use the model (its lemmas, presidio's own
        # steps) only while it reads whole texts anyway; for PERSON alone it reads candidates.
        self._windows_use_model = bool(pii.nlp_model and self._whole_text)
        # A phone match scores 0.4 and counts only once a context word ("phone", "mobile"...)
        # lifts it; under a higher threshold, a phone anchor without one is skipped.
        self._phone_words = [
            word.lower()
            for r in recognizers
            if isinstance(r, PhoneRecognizer) and r.SCORE < pii.score_threshold
            for word in r.context
        ]
        words = "|".join(map(re.escape, self._phone_words))
        self._phone_gate = re.compile(words, re.IGNORECASE) if words else None
        self._phone_word = re.compile(words)  # one of them in a lowercased text
        # A context word adds context_similarity_factor to a score (or lifts it to
        # min_score_with_context_similarity): a match below this can never reach the threshold.
        enhancer = self.analyzer.context_aware_enhancer
        self._reachable = pii.score_threshold - enhancer.context_similarity_factor
        if enhancer.min_score_with_context_similarity >= pii.score_threshold:
            self._reachable = 0.0
        # Each entity's context words, lowercased: without one in a window, no score can rise.
        self._context_words: dict[str, tuple[str, ...]] = {}
        for r in recognizers:
            for entity in r.supported_entities:
                known = self._context_words.get(entity, ())
                self._context_words[entity] = (*known, *(w.lower() for w in r.context or ()))
        self._min_phone_digits = _min_phone_digits(tuple(pii.phone_regions))
        self._phone_verdicts = sharing._phone_verdicts if sharing else PhoneVerdicts()
        self._by_keys: dict[tuple[str, ...], tuple[list[str], list[_Run]]] = {}
        # record / plan / account / licence / serial / plate numbers: the learned judge too
        self._identifiers = (
            Judge(identifier_model(), self.entities) if pii.identifier_model else None
        )
        # Types found only beside their context words: the word must be in the same clause.
        # (Not for findings of recognizers whose match holds its label: ``_NEEDS_NO_CLAUSE``.)
        self._clause_words = {
            r.ENTITY: self._context_words[r.ENTITY]
            for r in IDENTIFIER_RECOGNIZERS
            if r.CONTEXT_DECIDES and r.ENTITY in self.entities
        }

    def _tokenizer_pipeline(self) -> Any:
        return self._context_words_counted(spacy_pipeline(self.policy.pii.language, None))

    def _context_words_counted(self, pipeline: Any) -> Any:
        """``pipeline`` with no context word a stop word: presidio drops stop words before it
        matches context words, and spaCy's English ones include "call" ("call me at ...")."""
        for word in self._context_vocabulary:
            pipeline.vocab[word].is_stop = False
        return pipeline

    def for_values(self) -> Detector:
        """Without the NER model: names and places are looked for in text fields only."""
        if not self.policy.pii.nlp_model:
            return self
        pii = self.policy.pii.model_copy(update={"nlp_model": None})
        return PresidioDetector(self.policy.model_copy(update={"pii": pii}), sharing=self)

    def warm_up(self) -> None:
        """Every pattern recognizer's patterns compiled now, as presidio compiles them on a
        recognizer's first use (~0.12 CPU-s for the default policy's), and their literals
        read (``required_literals``, ~0.03): once before workers fork instead of once in each,
        and not within the first texts a scan times."""
        for recognizer in self.analyzer.registry.recognizers:
            if not isinstance(recognizer, PatternRecognizer):
                continue  # phonenumbers, NER: nothing of presidio's to compile
            flags = recognizer.global_regex_flags
            patterns: list[Pattern] = recognizer.patterns  # type: ignore[has-type]  # inferred late
            for pattern in patterns:
                if pattern.compiled_regex is None or pattern.compiled_with_flags != flags:
                    pattern.compiled_with_flags = flags  # type: ignore[assignment]
                    pattern.compiled_regex = regex.compile(pattern.regex, flags=flags)
                required_literals(pattern.regex, flags or 0)

    def coverage(self) -> dict[str, list[str]]:
        return {
            "covered": list(self.entities),
            "not_covered": [e for e in self.policy.pii.entities if e not in self.entities],
        }

    def detect(self, text: str) -> list[Hit]:
        return self.detect_many([text])[0]

    def detect_many(self, texts: Sequence[str]) -> list[list[Hit]]:
        """``detect`` on each text; one Hyperscan pass finds every entity's anchors in all.

        A text repeated in ``texts`` is read once: detection is a pure function of the text
        (as the scan's worker relies on, ``govern.scan.worker._Remembered``), and chat repeats
        its greetings and stock replies (the pipeline's sample: 80% of its text). Each repeat
        gets a list of its own (hits are frozen)."""
        distinct = list(dict.fromkeys(texts))
        if len(distinct) == len(texts):
            return self._detect_distinct(texts)
        found = dict(zip(distinct, self._detect_distinct(distinct), strict=True))
        return [list(found[text]) for text in texts]

    def _detect_distinct(self, texts: Sequence[str]) -> list[list[Hit]]:
        """``detect_many`` on texts that are all different.

        The patterns read each text with its typeset dashes and spaces folded to ASCII ones
        (``fold_separators``, offsets unchanged); the names and the NER read it as written."""
        folded = [fold_separators(text) for text in texts]
        anchored: list[list[Candidate]] = (
            self._candidates.find(folded) if self._candidates else [[] for _ in texts]
        )
        artifacts: list[NlpArtifacts | None] = [None] * len(texts)
        if self._whole_text and self.policy.pii.nlp_model:
            # An NER model reads every whole text: spaCy's pipe() is 1.5x its one-by-one speed.
            language = self.policy.pii.language
            batch = self.analyzer.nlp_engine.process_batch(list(texts), language, batch_size=64)
            artifacts = [artifact for _, artifact in batch]
        people = self._people.find_many(texts) if self._people else [[] for _ in texts]
        hits = [
            self._detect(text, anchors, artifact, found)
            for text, anchors, artifact, found in zip(
                folded, anchored, artifacts, people, strict=True
            )
        ]
        return self._judged_many(folded, hits)

    def _judged_many(self, folded: Sequence[str], hits: list[list[Hit]]) -> list[list[Hit]]:
        """The rules' ``hits`` of each text (read with its separators folded) after the learned
        judges, in order: identifiers and dates per text, then usernames over the batch."""
        dated = [self._dated(t, self._judged(t, h)) for t, h in zip(folded, hits, strict=True)]
        return self._usernames.judged_many(folded, dated) if self._usernames else dated

    def _judged(self, text: str, hits: list[Hit]) -> list[Hit]:
        """``hits`` after the learned identifier judge (``pii.identifier_model``): it adds
        record, plan, account, licence, serial and plate numbers the rules missed, re-types
        or drops their hits of those types (``govern.scan.identifier_model``)."""
        return self._identifiers.judged(text, hits) if self._identifiers else hits

    def _dated(self, text: str, hits: list[Hit]) -> list[Hit]:
        """``hits`` as the learned date / age / ZIP judge corrects them (``pii.date_model``)."""
        if self._date_judge is None:
            return hits
        return judge_dates(text, hits, self._date_judge, self.entities)

    def _detect(
        self,
        text: str,
        anchors: list[tuple[str, int, int]],
        artifacts: NlpArtifacts | None,
        people: list[Span],
    ) -> list[Hit]:
        if not anchors and not self._whole_text and not people:
            return []  # most texts of a chat corpus
        results = (
            [(0, r) for r in self._analyze(text, self._whole_text, artifacts)]
            if self._whole_text
            else []
        )
        results += [(0, _person(span)) for span in people]
        for start, end, keys in self._windows(text, anchors):
            results += [(start, r) for r in self._analyze_window(text, start, end, keys)]
        return (
            self._names_checked(
                _resolve(results, set(self.entities), text, self._clause_words), text
            )
            if results
            else []
        )

    def analyze_whole_text(self, text: str) -> list[Hit]:
        """What ``detect`` would return without windows: presidio on all of ``text`` (slow)."""
        hits = [(0, r) for r in self._analyze(text, self._analyzed)]
        if self._people:  # the finder's NER reads its candidates; spaCy's whole-text guesses go
            hits = [(0, r) for _, r in hits if not _ner_person(r)]
            hits += [(0, _person(span)) for span in self._people.find(text)]
        found = self._names_checked(
            _resolve(hits, set(self.entities), text, self._clause_words), text
        )
        return self._judged_many([fold_separators(text)], [found])[0]  # as detect_many reads it

    def _username_words(self) -> WordKnowledge:
        """What the USERNAME judge knows of words: the PERSON finder's (its dictionary comes
        with an NER model), else the name lexicon alone."""
        return self._people.knowledge if self._people else PersonFinder().knowledge

    def _names_checked(self, hits: list[Hit], text: str) -> list[Hit]:
        """With ``pii.name_patterns`` or ``pii.name_lexicon``, NER's PERSON guesses go through
        the negative lexicons; ``pii.public_figures`` are never reported."""
        pii = self.policy.pii
        if not (pii.name_patterns or pii.name_lexicon):
            return hits
        public = {name.lower() for name in pii.public_figures}
        return [
            h
            for h in hits
            if h.type != "PERSON"
            or not (
                not_a_name(text[h.start : h.end], h.detector)
                or text[h.start : h.end].lower() in public
            )
        ]

    def _analyze(
        self, text: str, entities: list[str], artifacts: NlpArtifacts | None = None
    ) -> list[Result]:
        if not entities:  # presidio reads no entities as all of them
            return []
        results: list[Result] = self.analyzer.analyze(
            text,
            language=self.policy.pii.language,
            entities=entities,
            score_threshold=self.policy.pii.score_threshold,
            nlp_artifacts=artifacts,
        )
        return results

    def _analyze_window(self, text: str, start: int, end: int, keys: list[str]) -> list[Result]:
        """``_analyze(text[start:end], entities)`` for the entities of the anchor ``keys`` that
        fired in it, taken apart so that each step runs only when it counts.

        analyze() = every recognizer's matches, raised by context words (which need the spaCy
        pass), thresholded, deduplicated. Here the recognizers run once, without spaCy; the
        context pass runs only for a match below 1.0 that one of its recognizer's words
        precedes (a word that is not there cannot raise a score), each on the text from
        ``BEFORE`` characters before it to its end (presidio reads the 5 words before a match
        and its first token). The tests compare this with ``analyze_whole_text``.
        """
        window = text[start:end]
        bordered: tuple[str, int, int] | None = None  # the window as those that read past it see it
        on_whitespace = (start == 0 or text[start - 1].isspace()) and (
            end >= len(text) or text[end].isspace()
        )
        entities, runs = self._window_recognizers(tuple(keys))
        recognizers = [run.recognizer for run in runs]
        digits: bool | None = None  # whether the window holds a digit, looked up once
        # each view lowercased, where it is ASCII (else None), for the runs' literals
        lowered: dict[bool, str | None] = {}
        matches: list[Result] = []
        for run in runs:
            recognizer, _, _, _, literals, needs_digit, edge_blind = run
            if needs_digit:
                if digits is None:
                    digits = (
                        holds_ascii_digit(window)
                        if window.isascii()
                        else _DIGIT.search(window) is not None
                    )
                if not digits:
                    continue
            as_is = on_whitespace and edge_blind
            if as_is:
                view = window
            else:
                bordered = bordered or _bordered(text, start, end)
                view = bordered[0]
            if as_is not in lowered:
                lowered[as_is] = view.lower() if view.isascii() else None
            low = lowered[as_is]
            if literals is not None and low is not None and not any(w in low for w in literals):
                continue  # none of its patterns can match there
            found = self._remembered(run, view, entities, low)
            if not as_is:  # back to the window's offsets; what the borders hold goes
                assert bordered is not None
                _, at, real_end = bordered
                found = _within(found, at, at + len(window), real_end)
            for result in found:  # as analyze() does: the context pass finds recognizers by id
                meta = result.recognition_metadata = result.recognition_metadata or {}
                meta.setdefault(Result.RECOGNIZER_IDENTIFIER_KEY, recognizer.id)
                meta.setdefault(Result.RECOGNIZER_NAME_KEY, recognizer.name)  # type: ignore[has-type]
            matches += found
        if all(result.score < self._reachable for result in matches):
            return []
        threshold = self.policy.pii.score_threshold
        kept = []
        for result in matches:
            if result.score < self._reachable:
                continue  # no context word can lift it to the threshold
            if result.score < 1.0:
                result = self._with_context(text, start, result, recognizers)
            if result.score >= threshold:
                kept.append(result)
        return _deduplicated(kept)

    def _window_recognizers(self, keys: tuple[str, ...]) -> tuple[list[str], list[_Run]]:
        """The entities of anchor ``keys`` and the recognizers a window where they fired runs.

        Every match of a recognizer contains one of its anchors (or follows one of its context
        words), so a window runs: a recognizer with keys of its own (``IdentifierRecognizer``)
        where one of them fired; presidio's where its entity's own key fired, or any of its
        entity's keys when that entity has none of its own. Where only its ``ENTITY/context``
        key fired, a recognizer runs its ``CONTEXT_KEY_PATTERNS`` (all if None). Remembered
        per set of keys.
        """
        known = self._by_keys.get(keys)
        if known is not None:
            return known
        entities = sorted({key.partition("/")[0] for key in keys})
        language = self.policy.pii.language
        chosen: list[_Run] = []
        # in the registry's order, as a whole text runs them: ties go the same way there
        for recognizer in self.analyzer.registry.get_recognizers(language, entities):
            own = getattr(type(recognizer), "ANCHORS", None)
            only: list[Pattern] | None = None
            if isinstance(recognizer, IdentifierRecognizer) and own:
                fired = [key for key in keys if key in own]
                runs = bool(fired)
                named = recognizer.CONTEXT_KEY_PATTERNS
                if runs and named is not None and all(k.endswith("/context") for k in fired):
                    patterns: list[Pattern] = getattr(recognizer, "patterns", [])
                    only = [p for p in patterns if p.name in named]
                    runs = bool(only)
            else:
                entity_keys = [
                    e
                    for e in recognizer.supported_entities
                    if e in PATTERN_ENTITIES and e not in _OWN_KEYS
                ]
                runs = any(e in keys for e in entity_keys) if entity_keys else True
            if runs:
                chosen.append(self._run(recognizer, only))
        known = self._by_keys[keys] = (entities, chosen)
        return known

    def _run(self, recognizer: EntityRecognizer, only: list[Pattern] | None) -> _Run:
        """``recognizer`` (with the patterns ``only``) as a window runs it."""
        literals: frozenset[str] | None = None
        patterns: list[Pattern] = (
            only if only is not None else getattr(recognizer, "patterns", None) or []
        )
        flags = getattr(recognizer, "global_regex_flags", None) or 0
        needed = [required_literals(pattern.regex, flags) for pattern in patterns]
        if type(recognizer).analyze is PatternRecognizer.analyze and patterns and all(needed):
            # presidio's own analyze runs these patterns and nothing else: no match, no result
            literals = frozenset().union(*needed)  # type: ignore[arg-type]
        return _Run(
            recognizer,
            only,
            None if only is None else tuple(pattern.name for pattern in only),
            tuple(zip(patterns, needed, strict=True)),
            literals,
            isinstance(recognizer, IdentifierRecognizer) and recognizer.NEEDS_DIGIT,
            recognizer.id in self._edge_blind,
        )

    def _remembered(
        self,
        run: _Run,
        window: str,
        entities: list[str],
        lowered: str | None,
    ) -> list[Result]:
        """``_matches``, made once per recognizer, window and patterns (new results each call:
        the context pass moves and rescores them). With an NER model, presidio's own context
        pass writes into the results' explanations: then it is ``_matches``."""
        if self._windows_use_model:
            return self._matches(run, window, entities, lowered)
        key = (run.recognizer.id, window, run.names, tuple(entities))
        known = self._window_matches.get(key)
        if known is None:
            if len(self._window_matches) >= KEPT_WINDOWS:
                self._window_matches.clear()
            known = self._window_matches[key] = [
                (
                    r.entity_type,
                    r.start,
                    r.end,
                    r.score,
                    r.analysis_explanation,
                    r.recognition_metadata,
                )
                for r in self._matches(run, window, entities, lowered)
            ]
        results = []
        for entity, start, end, score, explanation, meta in known:
            copied: Any = meta if meta is None else dict(meta)  # the window then writes into it
            results.append(Result(entity, start, end, score, explanation, copied))
        return results

    def _matches(
        self,
        run: _Run,
        window: str,
        entities: list[str],
        lowered: str | None,
    ) -> list[Result]:
        """``recognizer.analyze(window)``, without the explanations it builds for each match
        (and the second phonenumbers parse, per phone, that only names a region in one);
        with ``only``, a pattern recognizer's patterns limited to those. ``lowered``: the
        window lowercased where it is ASCII, else None.

        The steps are presidio's: a pattern recognizer's compiled patterns, ``validate_result``
        and ``invalidate_result``, scores 1.0 / 0 on their verdicts; a phone recognizer's
        PhoneNumberMatcher per region at its leniency. With an NER model presidio's own
        context pass runs, which writes into the explanations: then this is ``analyze``.
        """
        recognizer = run.recognizer
        if self._windows_use_model:
            return recognizer.analyze(window, entities, None)  # type: ignore[arg-type]
        name: str = recognizer.name  # type: ignore[has-type]  # presidio's is inferred late
        meta = {Result.RECOGNIZER_NAME_KEY: name, Result.RECOGNIZER_IDENTIFIER_KEY: recognizer.id}
        no_explanation: Any = None  # the explanations are what this leaves out
        entity = recognizer.supported_entities[0]
        results: list[Result] = []
        if type(recognizer).analyze is PhoneRecognizer.analyze:
            for region in recognizer.supported_regions:  # type: ignore[attr-defined]
                leniency = recognizer.leniency  # type: ignore[attr-defined]
                for match in self._phone_verdicts.matcher(window, region, leniency):
                    score = recognizer.SCORE  # type: ignore[attr-defined]
                    results.append(
                        Result(entity, match.start, match.end, score, no_explanation, dict(meta))
                    )
            return _deduplicated(results)
        patterns = run.patterns
        flags = getattr(recognizer, "global_regex_flags", None)
        if (
            type(recognizer).analyze is not PatternRecognizer.analyze
            or not patterns
            or any(p.compiled_regex is None or p.compiled_with_flags != flags for p, _ in patterns)
        ):  # another kind, or patterns presidio has not compiled yet (it does on first use)
            return recognizer.analyze(window, entities, None)  # type: ignore[arg-type]
        assert isinstance(recognizer, PatternRecognizer)
        for pattern, needed in patterns:
            # A pattern without one of its literals in an ASCII window cannot match there.
            if lowered is not None and needed is not None:
                if not any(word in lowered for word in needed):
                    continue
            compiled: Any = pattern.compiled_regex
            try:  # as presidio: a pattern that runs past its timeout keeps what it found
                for match in compiled.finditer(window, timeout=REGEX_TIMEOUT_SECONDS):
                    start, end = match.span()
                    if start == end:
                        continue
                    value = window[start:end]
                    score = pattern.score
                    valid = recognizer.validate_result(value)
                    if valid is not None:
                        score = EntityRecognizer.MAX_SCORE if valid else EntityRecognizer.MIN_SCORE
                    if recognizer.invalidate_result(value):
                        score = EntityRecognizer.MIN_SCORE
                    if score > EntityRecognizer.MIN_SCORE:
                        result = Result(entity, start, end, score, no_explanation, dict(meta))
                        results.append(result)
            except TimeoutError:
                continue
        return _deduplicated(results)

    def _with_context(
        self, text: str, offset: int, result: Result, recognizers: list[EntityRecognizer]
    ) -> Result:
        """``result`` (at ``offset`` in ``text``) after presidio's context pass, run on the
        text around it only when one of its recognizer's words is there."""
        words = self._context_words.get(result.entity_type, ())
        at, end = offset + result.start, offset + result.end
        context_start, context_end = _widen(text, at - BEFORE, end)
        context = text[context_start:context_end]
        lowered = context.lower()
        if not any(word in lowered for word in words):
            return result
        shift = context_start - offset
        result.start, result.end = result.start - shift, result.end - shift
        meta = result.recognition_metadata or {}
        recognizer = self._recognizers_by_id.get(meta.get(Result.RECOGNIZER_IDENTIFIER_KEY))
        # govern's identifier words are written as they appear ("born", "seen"), not as the
        # model's lemmas ("bear", "see"): they go through the tokenizer-only pass either way.
        if self._windows_use_model and not isinstance(recognizer, IdentifierRecognizer):
            artifacts = self.analyzer.nlp_engine.process_text(context, self.policy.pii.language)
            [result] = self.analyzer._enhance_using_context(  # presidio's own context pass
                context, [result], artifacts, recognizers
            )
        else:
            self._enhance(context, result)
        result.start, result.end = result.start + shift, result.end + shift
        return result

    def _enhance(self, context: str, result: Result) -> None:
        """presidio's LemmaContextAwareEnhancer on one result, in place, without its copies.

        Its own steps (the words around the match, the supportive word, the score update) on
        what it reads of spaCy's artifacts, built from the tokenizer alone: without a model
        the lemmas are the lowercased tokens, and NER does not take part. Whether a supportive
        word is there is remembered per recognizer, context and place of the match.
        """
        meta = result.recognition_metadata or {}
        recognizer = self._recognizers_by_id.get(meta.get(Result.RECOGNIZER_IDENTIFIER_KEY))
        if recognizer is None or not recognizer.context:
            return
        if meta.get(Result.IS_SCORE_ENHANCED_BY_CONTEXT_KEY):
            return
        enhancer = self.analyzer.context_aware_enhancer
        key = (recognizer.id, context, result.start, result.end)
        supportive = self._supportive.get(key)
        if supportive is None:  # what presidio reads: the context's tokens, the match's place
            artifacts = self._artifacts(context)
            surrounding = enhancer._extract_surrounding_words(  # type: ignore[attr-defined]
                nlp_artifacts=artifacts,
                word=context[result.start : result.end],
                start=result.start,
            )
            if len(self._supportive) >= KEPT_WINDOWS:
                self._supportive.clear()
            supportive = self._supportive[key] = bool(
                enhancer._find_supportive_word_in_context(  # type: ignore[attr-defined]
                    surrounding,
                    recognizer.context,
                    enhancer.context_matching_mode,  # type: ignore[attr-defined]
                )
            )
        if supportive:
            score = result.score + enhancer.context_similarity_factor
            score = max(score, enhancer.min_score_with_context_similarity)
            result.score = min(score, enhancer.MAX_SCORE)

    def _artifacts(self, context: str) -> ContextArtifacts:
        """What the context pass reads of presidio's NlpArtifacts: tokens, their offsets and
        lemmas, and the keywords (lemmas that are not stop words or punctuation)."""
        tokens: list[str] = []
        indices: list[int] = []
        lemmas: list[str] = []
        if self._tokenize is None:
            language = self.policy.pii.language
            tokenizer = self._nlp_engine.pipeline(language).tokenizer
            if isinstance(tokenizer, LemmaTokenizer):  # no model: its lemmas are not needed here
                self._tokenize = tokenizer.tokenize
            else:
                self._tokenize = tokenizer
        for token in self._tokenize(context):
            tokens.append(token.text)
            indices.append(token.idx)
            lemmas.append(token.lower_)
        keywords: list[str] = []
        for lemma in lemmas:
            keyword = self._keyword.get(lemma)
            if keyword is None:
                engine, language = self.analyzer.nlp_engine, self.policy.pii.language
                keyword = self._keyword[lemma] = not (
                    engine.is_stopword(lemma, language)
                    or engine.is_punct(lemma, language)
                    or lemma in ("-PRON-", "be")
                )
            if keyword:
                keywords += lemma.split(":")  # as NlpArtifacts.set_keywords splits them
        return ContextArtifacts(tokens, indices, lemmas, keywords)

    def _windows(
        self, text: str, anchors: list[tuple[str, int, int]]
    ) -> list[tuple[int, int, list[str]]]:
        """Disjoint (start, end, anchor keys) around every anchor, edges on whitespace."""
        phone_words: bool | None = None  # looked up at the first phone anchor
        spans: list[tuple[int, int, str]] = []
        phone_spans: list[tuple[int, int, str]] = []
        for key, match_start, match_end in anchors:
            gate = self._phone_gate if key == "PHONE_NUMBER" else None
            if gate is not None:
                if phone_words is None:
                    # Lowercased as presidio's tokens are when it looks for context words in them.
                    phone_words = self._phone_word.search(text.lower()) is not None
                if not phone_words:
                    continue
                if not _may_hold_a_phone(text[match_start:match_end], self._min_phone_digits):
                    continue
            if key != "PHONE_NUMBER":
                after = CONTEXT_AFTER if key.endswith("/context") else AFTER
                spans.append((*_widen(text, match_start - BEFORE, match_end + after), key))
                continue
            # presidio reads context words before a match and in its first token
            context_start, _ = _widen(text, match_start - BEFORE, match_end)
            if gate is None or gate.search(text, context_start, match_end):
                # Without the text before: phonenumbers' cost grows with every digit run it
                # sees, and the context pass reads that text itself (``_with_context``).
                phone_spans.append((*_widen(text, match_start, match_end + AFTER), key))
        if not phone_spans:
            return _merged(spans)
        return _merged(spans) + _merged(phone_spans)


def _deduplicated(results: list[Result]) -> list[Result]:
    """presidio's ``remove_duplicates``, which leaves one result with a score as it is (most
    windows' recognizers find none or one: its set and sort are then spared)."""
    if not results or (len(results) == 1 and results[0].score != 0):
        return results
    deduplicated: list[Result] = EntityRecognizer.remove_duplicates(results)
    return deduplicated


def _person(span: Span) -> Result:
    """A ``PersonFinder`` span as presidio's result, so overlaps resolve as for any other."""
    meta = {Result.RECOGNIZER_NAME_KEY: PersonFinder.__name__}
    no_explanation: Any = None  # as _matches: presidio builds one per match, unread here
    return Result("PERSON", span.start, span.end, PERSON_SCORE, no_explanation, meta)


def _ner_person(result: Result) -> bool:
    """Whether ``result`` is PERSON from presidio's whole-text NER (SpacyRecognizer)."""
    meta = result.recognition_metadata or {}
    return result.entity_type == "PERSON" and meta.get(Result.RECOGNIZER_NAME_KEY) == (
        "SpacyRecognizer"
    )


def _merged(spans: list[tuple[int, int, str]]) -> list[tuple[int, int, list[str]]]:
    """Overlapping (start, end, key) spans merged into (start, end, keys) windows."""
    if len(spans) < 2:  # most texts' anchors open one window, or none of a kind
        return [(start, end, [key]) for start, end, key in spans]
    windows: list[tuple[int, int, list[str]]] = []
    for start, end, key in sorted(spans):
        if windows and start <= windows[-1][1]:
            last_start, last_end, keys = windows[-1]
            merged = keys if key in keys else sorted([*keys, key])
            windows[-1] = (last_start, max(last_end, end), merged)
        else:
            windows.append((start, end, [key]))
    return windows


def _resolve(
    results: Iterable[tuple[int, Result]],
    wanted: set[str],
    text: str,
    clause_words: dict[str, tuple[str, ...]] | None = None,
) -> list[Hit]:
    """Hits sorted by start: one per overlapping group of a type, implausible ones dropped.

    ``clause_words``: for types that only a context word makes a finding, the words; such a
    hit counts only with one of them earlier in its clause, and of two such hits of different
    types on one span the one with the nearer word wins ("licence plate 7ABC123").
    """
    name = Result.RECOGNIZER_NAME_KEY
    hits = [
        Hit(
            at + r.start,
            at + r.end,
            r.entity_type,
            f"presidio:{r.recognition_metadata[name]}",
            r.score,
        )
        for at, r in results
    ]
    emails = [h for h in hits if h.type == "EMAIL_ADDRESS"]
    kept: list[Hit] = []
    for hit in sorted(hits, key=lambda h: (-h.score, h.start - h.end, h.start)):
        in_email = hit.type == "URL" and any(
            e.start <= hit.start < hit.end <= e.end for e in emails
        )
        overlaps = any(k.type == hit.type and k.start < hit.end and hit.start < k.end for k in kept)
        if not in_email and not overlaps:
            kept.append(hit)
    if clause_words:
        kept = _nearest_context_wins(kept, text, clause_words)
    plausible = [h for h in kept if h.type in wanted and _plausible(h, text, kept)]
    return sorted(plausible, key=lambda h: (h.start, h.end, h.type))


# Recognizers whose matches hold their own label ("hospital no.", an HL7 field's type code,
# ``govern.scan.labelled``), as their findings' ``detector``: no clause word needed.
_NEEDS_NO_CLAUSE = frozenset(
    f"presidio:{r.__name__}" for r in IDENTIFIER_RECOGNIZERS if not r.CONTEXT_DECIDES
)
_TOKEN_START = re.compile(r"[\s\"'(<\[]")
# Where a clause ends: a line break, ? ! ; or a full stop before a capital ("MRN 123. Member"),
# but not a title's or an initial's ("signed by Dr. A. Okafor on DATE").
_CLAUSE_END = re.compile(
    r"\n|[?!;]\s|(?<!\b[DM]r)(?<!\bM[sx])(?<!\bMrs)(?<!\bProf)(?<!\b[A-Z])\.\s+(?=[A-Z])"
)
CLAUSE_REACH = 100  # characters looked back for a context word, as the context pass reads


def _context_distance(hit: Hit, text: str, words: tuple[str, ...]) -> int | None:
    """Characters from the nearest of ``words`` before ``hit`` in its clause to the hit; None
    without one. A word counts where a word starts (presidio matches it anywhere in a token:
    "tag" in "outage"), and may run on ("records", "DOB:")."""
    floor = max(0, hit.start - CLAUSE_REACH)
    ends = [m.end() for m in _CLAUSE_END.finditer(text, floor, hit.start)]
    before = text[ends[-1] if ends else floor : hit.start].lower()
    found = [end for word in words if (end := _last_word_end(before, word)) is not None]
    return len(before) - max(found) if found else None


def _last_word_end(text: str, word: str) -> int | None:
    """Where the last occurrence of ``word`` in ``text`` that starts a word ends; None if none."""
    at = text.rfind(word)
    while at > 0 and text[at - 1].isalpha():
        at = text.rfind(word, 0, at)
    return at + len(word) if at >= 0 else None


def _nearest_context_wins(
    hits: list[Hit], text: str, clause_words: dict[str, tuple[str, ...]]
) -> list[Hit]:
    """``hits`` without context-decided ones lacking a word in their clause, or overlapping
    one of another such type whose word is nearer (a finding of a recognizer that does not
    set ``CONTEXT_DECIDES``, whose match holds its label, is not one)."""
    distance = {
        id(h): _context_distance(h, text, clause_words[h.type])
        for h in hits
        if h.type in clause_words
    }
    kept = []
    for hit in hits:
        if hit.type not in clause_words or hit.detector in _NEEDS_NO_CLAUSE:
            kept.append(hit)
            continue
        mine = distance[id(hit)]
        if mine is None:
            continue
        beaten = any(
            other.type in clause_words
            and other.type != hit.type
            and other.start < hit.end
            and hit.start < other.end
            and (theirs := distance[id(other)]) is not None
            and theirs < mine
            for other in hits
        )
        if not beaten:
            kept.append(hit)
    return kept


def _plausible(hit: Hit, text: str, hits: list[Hit]) -> bool:
    """False for matches that are part of something else (measured on the sample corpus).

    ``user:pw@host`` after ``scheme://`` is a credential, not an email (the secrets detector
    reports the password); a card or account number on an IBAN is the IBAN's digits; a phone number
    with a digit right before or after it, or more digits than E.164 allows (15), is a slice
    of a longer number or a whole one (a 16-digit order number); a public hotline
    (``PUBLIC_HOTLINES``: Poison Control's 1-800-222-1222) is a service's.
    """
    if hit.type == "EMAIL_ADDRESS":
        token = _TOKEN_START.split(text[max(0, hit.start - 2048) : hit.start])[-1]
        return "://" not in token
    if hit.type in ("CREDIT_CARD", "ACCOUNT_NUMBER"):  # where IBAN_CODE is on, it names it
        return not any(
            h.type == "IBAN_CODE" and h.start < hit.end and hit.start < h.end for h in hits
        )
    if hit.type == "PHONE_NUMBER":
        before = text[hit.start - 1 : hit.start]
        after = text[hit.end : hit.end + 1]
        digits = sum(c.isdigit() for c in text[hit.start : hit.end])
        identifier = any(  # an MRN, account or order number with a phone's digits
            h.type in IDENTIFIER_ENTITIES and h.start < hit.end and hit.start < h.end for h in hits
        )
        order = _ORDER_WORDS.search(text, max(0, hit.start - 40), hit.start)
        hotline = public_hotline(text[hit.start : hit.end])  # a service's, no person's
        return not (
            before.isdigit() or after.isdigit() or digits > 15 or identifier or order or hotline
        )
    return True


# Numbers named as something else right before them: "order number 4155550123" is no phone.
_ORDER_WORDS = re.compile(
    r"(?i)\b(?:order|invoice|tracking|ticket|ref|reference|confirmation|booking|case|mrn)"
    r"(?:\s*(?:no\.?|number|num|#|id))?(?:\s+(?:is|was))?\s*[:#]?\s*$"
)
_DIGIT_RUN = re.compile(r"\d+")
# A digit as presidio's ``regex`` engine reads ``\d`` (its Unicode is newer than ``re``'s).
_DIGIT = regex.compile(r"\d")


def _may_hold_a_phone(chain: str, fewest: int) -> bool:
    """Whether a phone anchor (digit runs joined by separators) can hold a phone that
    ``_plausible`` keeps: whole consecutive runs (a digit beside it makes it a slice) with
    ``fewest`` to 15 digits. A 16-digit order number or ``0.30000000000000004`` cannot, and
    sparing phonenumbers these saves most of its time on chat and code (4 regions each).
    """
    runs = [len(run) for run in _DIGIT_RUN.findall(chain)]
    for first in range(len(runs)):
        digits = 0
        for length in runs[first:]:
            digits += length
            if digits > 15:
                break
            if digits >= fewest:
                return True
    return False


_SPACE = re.compile(r"\s")
_SPACE_RUN = re.compile(r"\s*")


# What lets a pattern read past its match, or tell a text's ends: a look-around, an anchor, \K.
_READS_PAST = re.compile(r"\(\?<?[=!]|(?<!\\)(?<!\[)[\^$]|\\[AZzGK]")


def _edge_blind(recognizer: EntityRecognizer) -> bool:
    """Whether ``recognizer`` finds on a window whose edges are whitespace what it finds there
    in the whole text: phonenumbers' matcher (it reads only whether the characters beside a
    number are letters), or patterns none of which reads past its match or tells an end."""
    if type(recognizer).analyze is PhoneRecognizer.analyze:
        return True
    patterns: list[Pattern] = getattr(recognizer, "patterns", None) or []
    return (
        type(recognizer).analyze is PatternRecognizer.analyze
        and bool(patterns)
        and not any(_READS_PAST.search(pattern.regex) for pattern in patterns)
    )


BORDER = 64  # characters of the word beside a window that its recognizers read


def _bordered(text: str, start: int, end: int) -> tuple[str, int, int]:
    """``text[start:end]`` as a window's recognizers read it, where the window starts in that,
    and where its text ends (before the NUL after it, if any).

    A window's edges sit on whitespace, and a pattern must not take them for the text's:
    ``^``, ``$``, ``\\b``, a look-behind such as ``(?<![\\w.@/-])``, a sign-off's look-ahead
    past spaces ("Thanks! That sounds" is no sign-off, "Thanks! Raj." is). Inside ``text``,
    each edge gets the whitespace beyond it and the word beyond that (up to ``BORDER``
    characters), then a NUL, which no pattern reads as a letter, a space or a line end. A
    window at the text's start or end keeps that edge as it is.
    """
    if start == 0 and end >= len(text):
        return text, 0, len(text)
    before = after = ""
    if start > 0:
        word_end, floor = start, max(0, start - MAX_WIDEN)
        while word_end > floor and text[word_end - 1].isspace():
            word_end -= 1
        floor = max(0, word_end - BORDER)
        space = max(text.rfind(c, floor, word_end) for c in " \n\t")
        first = space + 1 if space >= 0 else floor
        before = text[first:start] if first == 0 else "\x00" + text[first:start]
    if end < len(text):
        gap = _SPACE_RUN.match(text, end, end + MAX_WIDEN)
        word_start = gap.end() if gap else end
        word = _SPACE.search(text, word_start, word_start + BORDER)
        last = word.start() if word else min(len(text), word_start + BORDER)
        after = text[end:last] if last >= len(text) else text[end:last] + "\x00"
    view = before + text[start:end] + after
    return view, len(before), len(view) - after.endswith("\x00")


def _within(results: list[Result], at: int, end: int, real_end: int) -> list[Result]:
    """``results`` (offsets in a bordered window) that start at or after ``at``, the window's
    start, and end where the text is real (``real_end``: before the NUL after the window), at
    offsets from ``at``; a match that begins in the border belongs to another window."""
    kept = []
    for result in results:
        if result.start >= at and result.end <= real_end and result.start < end:
            result.start -= at
            result.end -= at
            kept.append(result)
    return kept


def _widen(text: str, start: int, end: int) -> tuple[int, int]:
    """``[start, end)`` clipped to ``text`` and widened to whitespace (at most ``MAX_WIDEN``)."""
    if start <= 0:
        start = 0
    else:
        floor = max(0, start - MAX_WIDEN)
        space = text.rfind(" ", floor, start)  # then a line break or tab after it, if any
        space = max(space, text.rfind("\n", space + 1 if space >= 0 else floor, start))
        space = max(space, text.rfind("\t", space + 1 if space >= 0 else floor, start))
        start = space + 1 if space >= 0 else floor
    if end >= len(text):
        return start, len(text)
    after = _SPACE.search(text, end, end + MAX_WIDEN)
    return start, after.start() if after else min(len(text), end + MAX_WIDEN)
