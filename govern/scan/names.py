"""Names found by how chat and clinical text introduce them, without an NER model.

A greeting ("Hi Anna"), a sign-off on its own line ("Thanks,\\nRaj"), "my name is", a title
("Dr. Okafor") or "patient Wei Zhang" puts a capitalised name right after a known word: one
presidio ``PatternRecognizer`` whose patterns hold the trigger in a lookbehind, so the finding
is the name alone. Words that follow those triggers without being names (team, there, drug,
product and weekday names...) are refused by ``invalidate_result``. ``pii.name_patterns``
(on by default) switches it; ``govern.scan.person`` adds the lexicon and NER signals.
"""

from __future__ import annotations

import re
from typing import ClassVar

from govern.scan._presidio import Pattern
from govern.scan.identifiers import CASE_SENSITIVE, IdentifierRecognizer

WORD = r"\p{Lu}\p{Ll}*(?:['’]\p{Lu})?\p{Ll}+(?:-\p{Lu}\p{Ll}+)?"
NAME = rf"{WORD}(?:[ ]{WORD})?"
_AFTER = r"(?=[\s,.!?:;)]|$)"
# What ``WORD`` starts with, for the anchors (Hyperscan reads them with ASCII rules): a capital
# then a small letter or an apostrophe and a capital ("Anna", "O'Brien"); any non-ASCII
# character may be one of either. ``_NAME_CHAR``: any character of a ``WORD``.
_UPPER = r"(?:[A-Z]|[^\x00-\x7f])"
_CAPITAL = rf"{_UPPER}(?:[a-z]|'{_UPPER}|[^\x00-\x7f])"
_NAME_CHAR = r"(?:[A-Za-z'\-]|[^\x00-\x7f])"
# Above spaCy's 0.85, so where NER tags the same name, the pattern's finding is the one kept
# (and a word-name after "Hi" survives the lexicon that NER's lone guesses go through).
SCORE = 0.9
# A voice assistant woken by a command, not a person greeted: "Hey Siri, deploy ...", "Hey
# Watson, run ..." ("Hi Alexa, how are you?" ... a lower-case word after the comma either way:
# the assistants' own names are the class, not what follows).
ASSISTANTS = "Siri|Alexa|Cortana|Bixby|Watson|Google"
WAKE_WORD = rf"(?:{ASSISTANTS}),[ ]\p{{Ll}}"

# Capitalised words that follow a greeting, sign-off or title without being a name.
NOT_NAMES = frozenset(
    """team all everyone everybody there guys folks support sir madam again customer friend
    friends world doctor nurse patient user admin community y'all you thanks thank cheers
    regards best good morning afternoon evening hello hi hey dear kind warm sincerely much
    kafka cassandra jenkins django gmail redis elasticsearch python docker linux windows
    metformin lisinopril atorvastatin warfarin eliquis ozempic amoxicillin foley parkinson
    crohn bell sjögren alzheimer monday tuesday wednesday thursday friday saturday sunday
    january february march april may june july august september october november december
    portal record chart note notes history admission discharge google apple microsoft amazon
    vin mac""".split()
)


class NameContextRecognizer(IdentifierRecognizer):
    """PERSON after a greeting, in a sign-off line, after "my name is", a title or "patient"."""

    ENTITY = "PERSON"
    PATTERNS = [
        Pattern(
            "greeting",
            rf"(?<=(?:^|[\n.!?:][ \t]*)(?i:hi|hello|hey|dear|good morning|morning)[ \t,]+)"
            rf"(?!{WAKE_WORD}){NAME}" + _AFTER,
            SCORE,
        ),
        Pattern(
            "sign-off",
            r"(?<=(?i:thanks|thank you|regards|cheers|sincerely|best)[,!.]?[ \t]*\n?[ \t]*)"
            rf"{NAME}(?=[ \t]*(?:[.!,]|\n|$))",
            SCORE,
        ),
        Pattern(  # "name:" as a label, not the end of "pretty_name:" or "file-name:"
            "my name is",
            rf"(?<=(?i:my name is|my name's|(?<![\w-])name:)[ \t]+){NAME}{_AFTER}",
            SCORE,
        ),
        Pattern("title", rf"(?<=\b(?:Dr|Mr|Mrs|Ms|Mx|Prof|Miss)\.?[ \t]){NAME}{_AFTER}", SCORE),
        Pattern(  # not the adjective: "answer as a patient Northwind agent"
            "patient",
            rf"(?<=(?<!\b(?i:a|as|very|more|so|be)[ \t])\b(?i:patient|pt\.?)[ \t]){NAME}{_AFTER}",
            SCORE,
        ),
    ]
    CONTEXT: ClassVar[list[str]] = []
    FLAGS = CASE_SENSITIVE
    # Each pattern's trigger and the start of the name after it (``_CAPITAL``), so that "Hi
    # there", "Hello, I'd", "Thanks. How can I help?" open no window; the sign-off's name also
    # ends its line or sentence, as the pattern's look-ahead asks.
    ANCHORS = {
        "PERSON/context": [
            rf"(?i:\bhi|hello|\bhey|\bdear|morning)[ \t,]+{_CAPITAL}",
            r"(?i:thanks|thank you|regards|cheers|sincerely|best)[,!.]?[ \t]*\n?[ \t]*"
            rf"{_CAPITAL}{_NAME_CHAR}*(?:[ ]{_CAPITAL}{_NAME_CHAR}*)?[ \t]*(?:[.!,\n]|$)",
            rf"(?i:my name is|my name's|name:)[ \t]+{_CAPITAL}",
            rf"\b(?:Dr|Mr|Mrs|Ms|Mx|Prof|Miss)\.?[ \t]{_CAPITAL}",
            rf"(?i:\bpatient|\bpt\.?)[ \t]{_CAPITAL}",
        ]
    }

    def invalidate_result(self, pattern_text: str) -> bool:
        # a title alone after a greeting is not the name: "Morning Mr. Okafor" (the title
        # pattern reports "Okafor")
        return any(word.lower() in NOT_NAMES or word in TITLES for word in pattern_text.split())


TITLES = frozenset("Dr Mr Mrs Ms Mx Prof Miss".split())


# First names that are also words ("Bill is due", "Will and Grace", "Max dose") or the names
# of products, languages and assistants ("Julia 1.10", "Travis CI", "the 2019 Mercedes", "ask
# Alexa"): alone, NER's guess is not enough; beside a surname ("Julia Okafor") or after a
# greeting or title ("Hi Julia") the name is still found.
WORD_NAMES = frozenset(
    "bill hunter will grace mark rose june april may faith hope joy summer penny rich frank sue"
    " pat drew chase art jack sky amber ruby dawn max julia jasmine mercedes alexa siri"
    " travis".split()
)
_NOT_IN_A_NAME = frozenset("0123456789/@\\:<>=#_")


def not_a_name(value: str, detector: str) -> bool:
    """Whether an NER PERSON guess is refused: a word of ``NOT_NAMES`` (drugs, eponyms,
    products...), a lone word-name, or characters no name holds (URLs, versions, ids)."""
    if detector.endswith(NameContextRecognizer.__name__):
        return False
    words = [word.strip(".,'’").lower() for word in value.split()]
    return (
        any(word in NOT_NAMES for word in words)
        or (len(words) == 1 and words[0] in WORD_NAMES)
        or any(c in _NOT_IN_A_NAME for c in value)
        or re.search(r"\w\.\w", value) is not None  # kwame.zhang, os.path
    )
