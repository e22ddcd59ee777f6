"""Where a name stands: the words around it that PERSON judging reads, and one Hyperscan pass
that places them in a batch of texts so that ``govern.scan.person`` reads only what may decide.

The patterns: a greeting, introduction or sign-off line before a lower-case name
(``LOWER_TRIGGER``), a role or relation word before a capitalised one (``ROLE``, ``RELATION``),
speech after it (``SAYS``),
a degree after it (``DEGREE``), what follows an eponym (``EPONYM_HEAD``), a sentence start.
``MARKS`` are supersets of where they can match, in the form ``CandidatePass`` compiles.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

import regex

# Family and care roles: whatever capitalised word follows is a person ("son Omar",
# "daughter-in-law Ana").
ROLE_WORDS = (
    "son|daughter|husband|wife|mother|father|brother|sister|spouse|caregiver|colleague|resident"
    "|attending|nurse|niece|nephew|aunt|uncle|cousin|grandson|granddaughter|grandmother"
    "|grandfather|stepson|stepdaughter|fiancée?|fiancée?|boyfriend|girlfriend|neighbou?r"
    "|roommate|flatmate"
)
# Lower-case chat: a greeting, an introduction or a sign-off line right before the name; a
# thanks with its intensifier first ("thanks so much raj", not the name "so"); asking to bring
# someone in ("can u loop in raj?", not a program's "for loop in numpy"); a greeting then "it's"
# ("hey it's tobi"); chat's "ty" (thank you); a family member named in lower case ("my husband
# raj", "my mother-in-law ana"); "customer" before a whole name ("customer raj patel wants",
# where ``govern.scan.person`` asks for a lexicon surname after the first name).
GREETINGS = (
    rf"(?:hi|hey|hello|hiya|yeah|yep|yup|yes)[ ,]+it['’]?s"
    # a relative named after whose they are: "my husband omar", "pt's niece ana lopez"
    rf"|(?:my|pt['’]s|patient['’]s|his|her|their)[ ](?:{ROLE_WORDS})(?:-in-law)?|customer"
    r"|thanks so much|thank you so much|thank u so much|thanks again|thank you again"
    r"|thank u again|thanks a lot|thanks a ton|thank u|yep|yup"
    r"|hi|hey|hello|dear|thanks|thank you|thx|ty|cheers|this is|my name is|my name's|fwd to|cc|ping"
    r"|ask|tell|hiya|howdy|(?:(?:can|could|would|will)[ ](?:u|you)[ ]|pl(?:ea)?se?[ ]|plz[ ])"
    r"loop in|looping in"
)
# A sign-off line, the name on the line after it (an email's signature): "Best regards,\n\nAnna".
SIGN_OFFS = (
    r"regards|best|sincerely|cheers|thanks|thank you|many thanks|take care|best wishes|warmly"
    r"|respectfully|ttyl"
)
# A greeting with its exclamation mark before the name: "hi! maria from accounts".
HELLOS = "hi|hey|hello|hiya"
# "yo" greets in chat, but "92 yo" is an age: not after a number.
LOWER_TRIGGER = regex.compile(
    rf"(?:(?i:(?<!\w)(?:{GREETINGS}|(?<!\d[ ]?)yo|(?:{HELLOS})!)(?:[ ,]+there(?=[ ]*,))?)[ ,]+"
    rf"|(?i:(?<!\w)(?:{SIGN_OFFS}))[ \t]*[,!.]?[ \t]*\n(?:[ \t]*\n)?[ \t]*"
    r"|(?:^|\n)[ \t]*(?:-{1,2}|—)[ \t]*\n?[ \t]*"
    r"|[!.?][ \t]+-[ \t]*|(?i:todo)\()"
    # not a greeting after a greeting: "hello, my name is ana" names ana, not "my"
    rf"(?!(?i:{GREETINGS})[ ,])"
    r"(\p{L}+(?:-\p{L}+)?)(?:[ ](\p{L}+(?:-\p{L}+)?))?(?![\w@.:/'’-])"  # "seo-yeon al-amin"
)
_ITEM = regex.compile(r"[ \t]*(?:-{1,2}|—|\*|\d+[.)])[ \t]")


def list_item(text: str, match: regex.Match[str]) -> bool:
    """Whether ``match``'s trigger is a dash opening a line that is no sign-off: the first line
    of the text (nothing was said before it; artifacts are scanned a line at a time), or one
    item of a list (the line before or after it is an item too)."""
    trigger = text[match.start() : match.start(1)]
    opens_line = trigger.startswith("\n") or match.start() == 0
    if not (opens_line and trigger.lstrip(" \t\n").startswith(("-", "—"))):
        return False  # "hi maria", "thanks! - Jim": a greeting, a dash after a sentence
    line = text.rfind("\n", 0, match.start(1)) + 1
    if not text[:line].strip():
        return True
    before = text[text.rfind("\n", 0, line - 1) + 1 : line - 1]
    after_start = text.find("\n", match.end(1))
    after = "" if after_start < 0 else text[after_start + 1 :].split("\n", 1)[0]
    return bool(_ITEM.match(before) or _ITEM.match(after))


# What may come between it and the name: "son Omar", "son, Omar", "son: Dr. Omar", "son (Omar)".
TITLED = r"(?:[:,]?[ ]+|[ ]?\()(?:(?:Dr|Mr|Mrs|Ms|Mx)\.?[ ]+)?"
# A list of family at the bedside, each name after the one before ("Family (Ana, Omar)"); the
# given name after a patient's surname and a comma ("Pt Osei-Bonsu, Ama  DOB: ...").
FAMILY_LIST = r"family[ ]?\((?:\p{L}[\p{L}'’-]+,[ ])*"
PT_SURNAME = r"pt\.?[ ](?:\p{L}[\p{L}'’-]+[ ]){0,3}\p{L}[\p{L}'’-]+,[ ]"
ROLE = regex.compile(rf"(?i:\b(?:{ROLE_WORDS})(?:-in-law)?{TITLED})$")
# Weaker: a capitalised word after these is a person when the lexicon knows it.
RELATION_WORDS = "ask|asked|spoke with|met with|by|with|author|cc|holder"
RELATION = regex.compile(rf"(?i:\b(?:{RELATION_WORDS}){TITLED})$")
# Stronger: a capitalised word after these is a person when the lexicon knows it or no word of
# it is English ("reviewed by Chidi", "We met Farid Kahale"); in code, the
# keys and trailers that hold an author's name ("GIT_AUTHOR_NAME='...'", "Signed-off-by:").
PERSON_VERBS = (
    r"(?:reviewed|approved|signed|cosigned|co-signed|countersigned|signed off|written|requested"
    r"|reported|submitted|assigned)"
    r"[ ]by|met|met with|spoke with|spoke to|talked to|talked with"
    # naming oneself or someone: "everyone calls me Wojtek", "prefers to be called Deb", "goes
    # by Tash", "registered as ...", "last name Osei-Bonsu", "Emergency contact: ..."; waiting
    # on someone: "no word from Efua", "heard from Samir"
    r"|calls[ ]me|call[ ]me|be[ ]called|goes[ ]by|go[ ]by|registered[ ]as|last[ ]name"
    r"|surname|family[ ]name|emergency[ ]contact|word[ ]from|heard[ ]from"
    # a spouse, a maiden name, who confirmed or witnessed: "married to Dariush", "my maiden
    # name Wongsawat", "verified with Somchai", "witnessed by Ngaio Te Whata"
    r"|married[ ]to|maiden[ ]name|(?:verified|confirmed|checked)[ ]with|witnessed[ ]by"
)
ATTRIBUTION_KEYS = (
    r"GIT_(?:AUTHOR|COMMITTER)_NAME=|user\.name[ ]?=?|(?:Signed-off|Co-authored|Reviewed|Acked"
    r"|Reported|Tested)-by:|Copyright(?:[ ]\(c\))?(?:[ ]\d{4}(?:-\d{4})?,?)?"
    # package and image metadata, FHIR's HumanName: LABEL maintainer="...", __author__ = "...",
    # "author": "...", "family": "...", "given": ["..."]
    r"|maintainer=|__author__[ ]?=|\"(?:author|family|given)\":(?:[ ]?\[)?"
    # git log and email headers ("Author: Shirin Waaka <...>", "From: ..."); an authors
    # table's or a person record's name ("authors = [{ name = \"...\"", "{'name': '...")
    r"|Author:|From:|authors[ ]=[ ]\[\{[ ]?name[ ]=|\{['\"]name['\"]:"
)
PERSON_VERB = regex.compile(
    rf"(?:(?i:\b(?:{PERSON_VERBS}){TITLED}|\b{FAMILY_LIST}|\b{PT_SURNAME})"
    rf"|(?:{ATTRIBUTION_KEYS})[ ]?['\"]?)$"
)
# After a run: "Vikram from billing here", "Isabela from IT said"; a vocative ("..., Gareth!").
FROM_TEAM = regex.compile(
    r"[ ]from[ ](?:IT|HR|(?i:billing|support|sales|accounts|finance|legal|marketing|security"
    r"|engineering))\b"
)
# After a run of no English word, a self-introduction in chat: "Sandeep here again, ...",
# "Sandeep here." ("Click here, then" is a word's).
SELF_INTRO = regex.compile(r"[ ]here(?=[ ]?[,.!:;—–-]|[ ](?:again|from|with)\b|[ \t]*(?:\n|$))")
# After a run the lexicon knows or of no English word, speech: "Yuting said you'd call",
# "Dariush told me" ("Support said" is a word's, "Kafka said" refused).
SAYS = regex.compile(r"[ ](?:said|says|told)\b")
VOCATIVE_NEXT = frozenset("!?")  # what follows a vocative run after ", "
# A home folder named after its owner's display name, as Windows makes them
# ("C:\Users\Folasade Hernandez\", or ending its line); a one-word folder ("/home/maria") is a
# login, not here.
PARTICLES = "van|von|der|den|de|del|della|di|da|das|dos|du|la|le|bin|binti|bint|ibn|al|el"
# Its words may hold an inner capital ("MacLeod") or be a lower-case particle or a one-letter
# Gaelic one ("Heather de Souza", "Seán Ó Briain").
HOME_NAME = regex.compile(
    r"(?<=[\\/](?i:users|home)[\\/])\p{Lu}[\p{L}'’-]+"
    rf"(?:[ ](?:(?:{PARTICLES})[ ]){{0,2}}\p{{Lu}}[\p{{L}}'’-]*){{1,2}}"
    r"(?=[\\/]|[ \t]*\r?(?:\n|$))"
)
# What follows an eponym: "Foley catheter", "Apgar score", "Crohn's disease", "Graves' disease".
EPONYM_HEAD = regex.compile(
    r"(?:['’]s?)?[ ](?i:syndrome|disease|sign|score|scale|procedure|operation|lymphoma|sarcoma"
    r"|monitor|thyroiditis|esophagus|oesophagus|encephalopathy|ring|hernia|contracture|aneurysm"
    r"|catheter|palsy|reflex|test|maneuver|manoeuvre|criteria|classification|fracture|ulcer"
    r"|tumou?r|law|effect|method|node|cyst|duct|tube|disorder|anomaly|phenomenon|triad|angina)\b"
)
DEGREES = "MD|DO|RN|NP|PA-C|PhD|DDS|PharmD|MBBS"
DEGREE = regex.compile(rf",?[ ]+(?:{DEGREES})\b")  # matched where a run ends
EPONYM_NEXT = frozenset("'’ ")  # what EPONYM_HEAD can start with: looked at before it runs
DEGREE_NEXT = frozenset(", ")  # ... DEGREE
SENTENCE_START = regex.compile(r"(?:^|[\n.!?:;]|[\n.!?][\"')\]])[ \t]*$")

# For one Hyperscan pass over a batch: at least wherever ``LOWER_TRIGGER`` may match (beside a
# letter, ASCII ``\b`` holds wherever Unicode's does; ``CandidatePass`` reads texts holding ``ſ``
# or the Kelvin sign, which fold to ``s`` and ``k``, with ``regex``), and wherever a role word,
# or a relation word or a degree, stands next to a capital (no ``\b`` before the word: ROLE and
# RELATION read the 40 characters before a run, whose first word may be cut).
_GREETING = "greeting"  # the mark ends where the name may start
_TRIGGERS = "trigger"
_ROLES = "role"
_CONTEXT = "context"
_HOMES = "home"
_CAPITAL = r"(?:[A-Z]|[^\x00-\x7f])"  # or any character beyond ASCII: \p{Lu} in UTF-8
_SIGN_OFF_MARK = rf"(?i:{SIGN_OFFS})[ \t]*[,!.]?[ \t]*\n"
_ROLE_MARK = rf"(?i:(?:{ROLE_WORDS})(?:-in-law)?{TITLED}){_CAPITAL}"
_RELATION_MARK = rf"(?i:(?:{RELATION_WORDS}){TITLED}){_CAPITAL}"
_VERB_MARK = rf"(?i:(?:{PERSON_VERBS}){TITLED}){_CAPITAL}"
MARKS = {
    _GREETING: [rf"\b(?i:{GREETINGS}|yo)[ ,]", rf"\b(?i:{HELLOS})![ ,]"],
    _TRIGGERS: [
        r"\n[ \t]*(?:-|—)",  # a text's own first line: see read_marks
        r"[!.?][ \t]+-",
        r"(?i)todo\(",
        _SIGN_OFF_MARK,
    ],
    _ROLES: [_ROLE_MARK],
    _CONTEXT: [
        _RELATION_MARK,
        rf"[ ](?:{DEGREES})",
        _VERB_MARK,
        rf"(?:{ATTRIBUTION_KEYS})[ ]?['\"]?{_CAPITAL}",
        # FAMILY_LIST's and PT_SURNAME's starts, whatever follows: their lists may hold
        # lower-case words before the name ("Family (yep, Quick" read the name either way)
        r"(?i:\bfamily[ ]?\()",
        r"(?i:\bpt\.?[ ])",
        r"[ ]from[ ](?:IT|HR|(?i:billing|support|sales|accounts|finance|legal|marketing"
        r"|security|engineering))",
        r"(?:[A-Za-z]|[^\x00-\x7f])[ ]here(?:[ ]?(?:[,.!:;-]|[^\x00-\x7f])|[ ](?:again|from|with)\b"
        r"|[ \t]*(?:\n|$))",  # SELF_INTRO after a run's last letter
        r"(?:[A-Za-z]|[^\x00-\x7f])[ ](?:said|says|told)\b",  # SAYS
    ],
    _HOMES: [r"(?i)[\\/](?:users|home)[\\/]"],
}

# Marks whose start Hyperscan tracks at a high cost (one of many words, a title, then a
# capital): searched apart (``govern.scan.patterns``; each starts with a letter and holds no
# NUL), 2.1-2.7 ms per MB of the sparse benchmark corpus each with starts, 0.5-0.8 without.
COSTLY_MARKS = frozenset({_SIGN_OFF_MARK, _ROLE_MARK, _RELATION_MARK, _VERB_MARK})

_DASH_OPENS = regex.compile(r"[ \t]*(?:-|—)")
_MAY_OPEN_DASH = frozenset(" \t-—")
# The word a greeting's mark is followed by ("there," passed over: "Hi there, Vikram").
_NAME_AFTER = regex.compile(r"[ ,]*(?:(?i:there)[ ]*,[ ,]*)?(\p{L}+(?:-\p{L}+)?)")
_NAME_AFTER_ASCII = re.compile(  # 3x cheaper
    r"[ ,]*(?:(?i:there)[ ]*,[ ,]*)?([A-Za-z]+(?:-[A-Za-z]+)?)"
)


@dataclass(slots=True)
class Marks:
    """What the candidate pass's marks say about one text."""

    role: bool = False  # a role word may stand before a run
    context: bool = False  # ... a relation word, a person verb or attribution key, or a
    # degree or a team ("from IT") after it
    homes: bool = False  # a home folder ("/home/", "\\Users\\") may hold a name
    triggers: list[int] = field(default_factory=list)  # where LOWER_TRIGGER may match, sorted


ANYWHERE = Marks(role=True, context=True, homes=True)  # no prefilter: every context checked


def read_marks(
    text: str, marked: list[tuple[str, int, int]], lower_name: Callable[[str], bool]
) -> Marks:
    """The marks of ``text``. No trigger places when every trigger is a greeting followed by a
    word that ``lower_name`` refuses ("thanks for", "ask the"): no match there could report a
    name. A mark past the text's end is the next text's first line, seen across the separator;
    a dash opening the text has no line start the pass could see."""
    marks = Marks()
    starts: set[int] = set()
    named = False
    name_after = _NAME_AFTER_ASCII if text.isascii() else _NAME_AFTER
    for kind, start, end in marked:
        if kind == _ROLES:
            marks.role = True
        elif kind == _CONTEXT:
            marks.context = True
        elif kind == _HOMES:
            marks.homes = True
        elif start < len(text):
            starts.add(start)
            if not named:
                word = name_after.match(text, end) if kind == _GREETING else None
                named = kind != _GREETING or (word is not None and lower_name(word[1].lower()))
    if text[:1] in _MAY_OPEN_DASH and _DASH_OPENS.match(text):
        starts.add(0)
        named = True
    if named:
        marks.triggers = sorted(starts)
    return marks


def matches_at(
    pattern: regex.Pattern[str], text: str, starts: list[int]
) -> Iterable[regex.Match[str]]:
    """What ``pattern.finditer(text)`` gives when it can only match at ``starts`` (sorted)."""
    end = 0
    for start in starts:
        if start >= end and (match := pattern.match(text, start)) is not None:
            end = match.end()
            yield match
