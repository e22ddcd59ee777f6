"""Recognizers for the HIPAA identifiers presidio has no recognizer for, and for what its own
ones report that is not personal.

Each is a presidio ``PatternRecognizer`` (``PATTERNS``, ``CONTEXT``, ``validate_result`` /
``invalidate_result``), so scores and context words work as presidio's do: a pattern that
only counts beside a context word scores ``CONTEXT_ONLY`` (below the threshold alone, above
it once presidio's context pass adds its factor). ``ANCHORS`` gives each its regexes for the
one Hyperscan pass (``govern.scan.pii``); a key ``ENTITY/context`` anchors on the context
words themselves, which are rarer than the values (any run of digits), and its window reaches
``CONTEXT_AFTER`` characters past the word.

A value after its words ("ssh x@host", "Ms. Kapoor is 96") is matched with the words and
``\\K`` (the ``regex`` module's keep-out: the match starts after it) rather than behind a
look-behind, which the engine would try at every character of the window.
"""

from __future__ import annotations

import ipaddress
import re
from typing import Any, ClassVar

import phonenumbers

from govern.scan._presidio import (
    STOP_WORDS,  # spaCy's, imported there without torch
    CreditCardRecognizer,
    EmailRecognizer,
    IpRecognizer,
    OfflineEmailRecognizer,
    Pattern,
    PatternRecognizer,
    UsSsnRecognizer,
)
from govern.scan.lexicon import shipped_names

CONTEXT_ONLY = 0.2  # + presidio's context factor (0.35) clears the 0.5 threshold; alone it does not
CASE_SENSITIVE = re.DOTALL | re.MULTILINE
IGNORING_CASE = CASE_SENSITIVE | re.IGNORECASE  # presidio's default flags

# Years and dates are not identifiers ("licensed 2019-2024", "chart 2021", "death 1976-04-05").
_YEARS = re.compile(
    # a year, a span of years or a list of them ("licensed 2019 2020 2021")
    r"(?:19|20)\d\d(?:\s?[-/]\s?(?:19|20)?\d\d|(?:,?\s(?:19|20)\d\d)+)?"
    r"|\d{4}-\d\d-\d\d(?:T\d\d(?::\d\d){0,2})?|\d\d?[/.-]\d\d?[/.-]\d{2,4}"  # a date
    # 10-JUL-2014, 28MAR25
    r"|(?i:\d\d?-?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)-?\d{2,4})"
)


def _digits(value: str) -> str:
    return "".join(c for c in value if c.isdigit())


def luhn_valid(digits: str) -> bool:
    """The Luhn check (cards, IMEIs) on a string of ASCII digits."""
    total = 0
    for i, digit in enumerate(int(c) for c in reversed(digits)):
        doubled = digit * 2 if i % 2 else digit
        total += doubled - 9 if doubled > 9 else doubled
    return total % 10 == 0


class IdentifierRecognizer(PatternRecognizer):
    """Base: a subclass sets ``ENTITY``, ``PATTERNS``, ``CONTEXT``, ``ANCHORS`` (and ``FLAGS``)."""

    ENTITY: ClassVar[str]
    PATTERNS: ClassVar[list[Pattern]]
    CONTEXT: ClassVar[list[str]]
    ANCHORS: ClassVar[dict[str, list[str]]]  # anchor key -> regexes, see the module docstring
    FLAGS: ClassVar[int] = IGNORING_CASE
    # Every pattern counts only beside a context word, which must then be in the same clause
    # (``govern.scan.pii._resolve``): "MRN 123.\nMember ID: W456" is one MRN, one plan id.
    CONTEXT_DECIDES: ClassVar[bool] = False
    # The patterns (by name) a window runs where only the ``ENTITY/context`` key fired; None:
    # all. Those left out must each hold one of the recognizer's other anchors.
    CONTEXT_KEY_PATTERNS: ClassVar[frozenset[str] | None] = None
    # Whether every pattern reads a digit (``\d``, in its match or a look-around): a window
    # without one skips the recognizer (most windows a context word opens in prose).
    NEEDS_DIGIT: ClassVar[bool] = False
    # Whether a match that reads as a year, a span or list of years, or a date alone is refused
    # (``_YEARS``): not for the rules whose values are dates, ages, ZIPs or phones.
    NOT_A_YEAR: ClassVar[bool] = True
    # presidio recognizers this one extends: a policy disabling one of them disables it too
    # (``pii.disabled_recognizers: [EmailRecognizer]`` turns every email rule off).
    PART_OF: ClassVar[tuple[str, ...]] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A ``CONTEXT_KEY_PATTERNS`` name that no pattern has would leave that pattern out of
        context-only windows without a word (a renamed pattern did): refused at definition."""
        super().__init_subclass__(**kwargs)
        named = cls.__dict__.get("CONTEXT_KEY_PATTERNS")
        unknown = sorted(set(named or ()) - {pattern.name for pattern in cls.PATTERNS})
        if unknown:
            raise TypeError(f"{cls.__name__}.CONTEXT_KEY_PATTERNS names no pattern: {unknown}")

    def __init__(self, supported_language: str = "en") -> None:
        super().__init__(
            supported_entity=self.ENTITY,
            patterns=self.PATTERNS,
            context=self.CONTEXT,
            supported_language=supported_language,
            global_regex_flags=self.FLAGS,
        )

    def invalidate_result(self, pattern_text: str) -> bool:
        return self.NOT_A_YEAR and bool(_YEARS.fullmatch(pattern_text))


def _context_anchor(entity: str, words: list[str]) -> dict[str, list[str]]:
    """Anchors on an entity's context words, as presidio matches them (substrings, any case):
    a match that a word lifts over the threshold has one of them just before it."""
    return {f"{entity}/context": ["(?i:" + "|".join(map(re.escape, words)) + ")"]}


# A number right after a word naming another kind of number is that number, even where an
# account word earlier in the clause would claim it ("account_number=123456 job INC0012345",
# "acct 123456, order #456789", a bank's "routing=021000021"); so is the tail of one after its
# hyphen ("PO-2022-57700").
# Nor is a phone's exchange and line after its area code ("(503)555-0147", "503/555-0147").
# Placed after a pattern's look-aheads, so that it is tried only where a value can start.
_NAMED_OTHERWISE = (
    r"(?<!\w-)(?<!\b(?:order|invoice|tracking|ticket|incident|case|job|ref|reference|confirmation"
    r"|booking|po|rma|build|version|release|routing|aba|rtn|transit|bsb|ifsc|swift|bic"
    r"|sort\s?code)(?:\s?(?:no\.?|number|num|id|code))?['\"]?\s?[:#=]?\s?['\"]?#?)"
    r"(?<!\(\d{3}\)\s?)(?<!\b\d{3}/)(?!(?<=\b\d{3}[ ])\d{3}-\d{4}\b)"
)
# A UK driving licence: five letters of the surname (9s pad a short one), the birth date's
# decade digit, month (+50 for women), day and year digit, two initials (9 pads), a digit and
# two check letters ("ROEXX 802143 AB9CD" without the spaces). Washington's: WDL and nine.
UK_LICENCE = r"[A-Z][A-Z9]{4}\d[0156]\d[0-3]\d\d[A-Z9]{2}\d[A-Z]{2}"
WA_LICENCE = r"WDL[A-Z0-9*]{9}"
# A licence number as states print it in groups of digits (7-14 of them), maybe after a
# letter: New York's "123 456 789", Pennsylvania's "12 345 678", Michigan's "A 123 456 789 012",
# New Jersey's "A1234 56789 01234"; not a phone's 3-3-4.
SPACED_LICENCE = (
    r"(?!\d{3} \d{3} \d{4}\b)(?=[A-Z]?[ ]?(?:\d[ ]?){7,14}(?![ ]?\d))"
    r"(?:[A-Z][ ]?)?\d{2,5}(?:[ ]\d{3,5}){1,4}"
)
# Part of an international phone number ("+92 301 8228175", "+972-51-375-2938") is the phone's.
_IN_A_PHONE = r"(?<!\+[\d .-]{0,12})"


# A phone's exchange and line after its area code ("(503)555-0147", "503/555-0147").
_AFTER_AREA_CODE = r"(?<!\(\d{3}\)\s?)(?<!\b\d{3}/)"


# The other fields of an HL7 segment whose identifier is typed MRN (a birth date, a ZIP, a
# phone's tail: "|19470303|", "^65836|", "+1-489-5858920") are not record numbers; the
# segment's own record number is ``govern.scan.labelled``'s, by its field.
_NOT_AN_HL7_FIELD = r"(?<![|^~])" + _IN_A_PHONE


class MedicalRecordNumberRecognizer(IdentifierRecognizer):
    """Medical record numbers: 5-12 digits (maybe a short letter prefix), or 6-12 digits in
    dashed groups (123-45-67), after MRN / chart / record words; not a phone's exchange and
    line after its area code ("fax records to (503)555-0147")."""

    ENTITY = "MEDICAL_RECORD_NUMBER"
    NEEDS_DIGIT = True
    PATTERNS = [
        Pattern(
            "MRN (context)",
            r"\b" + _AFTER_AREA_CODE + _NOT_AN_HL7_FIELD + r"(?:[A-Z]{1,2}-?)?\d{5,12}\b",
            CONTEXT_ONLY,
        ),
        Pattern(  # as a wristband or a letter may group them: "MRN 4327 8371"
            "MRN in two digit groups (context)",
            r"\b" + _AFTER_AREA_CODE + _NOT_AN_HL7_FIELD + r"\d{4,6} \d{4,6}\b",
            CONTEXT_ONLY,
        ),
        Pattern(  # the groups' lengths of an SSN (3-2-4) are an SSN's, found as one
            "MRN in dashed groups (context)",
            r"\b(?!\d{3}-\d\d-\d{4}\b)(?=(?:\d-?){6,12}\b)"
            + _AFTER_AREA_CODE
            + _NOT_AN_HL7_FIELD
            + r"\d{2,4}(?:-\d{2,4}){1,3}\b",
            CONTEXT_ONLY,
        ),
    ]
    CONTEXT_DECIDES = True
    CONTEXT = ["mrn", "record", "chart"]
    ANCHORS = _context_anchor(ENTITY, CONTEXT)


# A policy of a car's ("Bought a used car, VIN ... add it to policy PA12345678?") is an auto
# insurer's, not a health plan's; nor is a number to call or a phone's tail ("insurer to call
# +252 61 8848170", "call 07527 031597").
_NOT_A_HEALTH_POLICY = (
    r"(?<!\b(?i:vin|car|vehicle|auto|motor|collision|rear-end)\b[^\n]{0,80}\b(?i:policy)\b"
    r"[^\n]{0,20})(?<!\b(?i:call|phone|tel|fax|ring|text|dial|cell|mobile)[ ]?[:#]?[ ]?"
    r"(?:[+(]?\d{1,5}\)?[ .-]){0,3})" + _IN_A_PHONE
)


class HealthPlanIdRecognizer(IdentifierRecognizer):
    """Health-plan member / subscriber ids: 6-20 letters and digits (3+ digits), maybe a
    hyphen and a numeric group after them ("MEM-1234-5678", "123456789-02"), after plan words
    or a health insurer's name ("Coverage: Cigna U12345678"); not a number a nearer word
    names otherwise ("Aetna order 12345678")."""

    ENTITY = "HEALTH_PLAN_ID"
    NEEDS_DIGIT = True
    PATTERNS = [
        Pattern(
            "Health plan id (context)",
            r"\b(?=[A-Z0-9-]{6,20}\b)(?=(?:[A-Z-]*\d){3})"
            + _NAMED_OTHERWISE
            + _NOT_A_HEALTH_POLICY
            + r"[A-Z0-9]{1,5}-?[A-Z0-9]{4,15}"
            r"(?:-\d{1,4})?\b",  # a dependant's suffix or a last group: "123456789-02"
            CONTEXT_ONLY,
        ),
        Pattern(  # as some cards print them: "ABC 1234 56789"
            "Health plan id in spaced groups (context)",
            # not a phone word's number ("insurer to call 07527 031597")
            r"\b(?=[A-Z]{2,4} \d{3,5} \d)(?!(?i:call|tel|fax|ring|text|dial|cell)\b)"
            + _NAMED_OTHERWISE
            + _NOT_A_HEALTH_POLICY
            + r"[A-Z]{2,4} \d{3,5} \d{3,6}\b",
            CONTEXT_ONLY,
        ),
        Pattern(  # a legacy Medicare HICN: the holder's SSN and a beneficiary code (A, B1, T)
            "HICN (context)",
            r"\b\d{3}-?\d{2}-?\d{4}[A-Z][A-Z0-9]?\b",
            CONTEXT_ONLY,
        ),
        Pattern(  # member ids some plans print as two groups of digits: "70968 33794"
            "Health plan id in two digit groups (context)",
            r"\b(?=\d{4,6} \d{4,6}\b)"
            + _NAMED_OTHERWISE
            + _NOT_A_HEALTH_POLICY
            + r"\d{4,6} \d{4,6}\b",
            CONTEXT_ONLY,
        ),
        Pattern(  # an Australian Medicare card's number as printed: 4-5-1, maybe the holder's
            # reference number (IRN) after it ("2123 45670 1", "2123 45670 1/2")
            "Australian Medicare number (context)",
            r"\b[2-6]\d{3} \d{5} \d(?:[ /-][1-9])?\b(?![ /-]\d)",
            CONTEXT_ONLY,
        ),
        Pattern(  # Medicare Beneficiary Identifier, as printed: 1EG4-TE5-MK73
            "MBI (context)",
            r"\b[1-9][A-Z][A-Z0-9]\d-?[A-Z][A-Z0-9]\d-?[A-Z]{2}\d{2}\b",
            CONTEXT_ONLY,
        ),
    ]
    CONTEXT_DECIDES = True
    CONTEXT = [
        "member", "subscriber", "insurance", "insurer", "medicaid", "medicare", "policy", "payer",
        "coverage",  # "coverage card presented: ..."
        # the largest US health insurers, whose name on a chart's coverage line labels the id
        "aetna", "anthem", "bcbs", "cigna", "humana", "kaiser", "molina", "tricare",
        "unitedhealthcare", "wellcare", "highmark", "ambetter",
        "hicn",  # a legacy Medicare number (Health Insurance Claim Number)
        # states' Medicaid programs by their own names (Medi-Cal, a hyphenated name that
        # tokens split, in ``govern.scan.labelled``), and Germany's statutory insurance number
        # (KVNR, Versichertennummer)
        "masshealth", "tenncare", "soonercare", "badgercare", "kancare", "mainecare",
        "ahcccs", "kvnr", "versichertennummer", "krankenversichert", "krankenkasse",
    ]  # fmt: skip
    ANCHORS = _context_anchor(ENTITY, CONTEXT)


_IBAN_GROUPS = re.compile(r"[A-Za-z]{2}\d\d(?: [A-Za-z0-9]{1,4})+")


def iban_valid(iban: str) -> bool:
    """ISO 13616's check: the country and check digits moved to the end, letters as 10-35,
    the number mod 97 is 1."""
    moved = (iban[4:] + iban[:4]).upper()
    return moved.isalnum() and int("".join(str(int(c, 36)) for c in moved)) % 97 == 1


class AccountNumberRecognizer(IdentifierRecognizer):
    """Account numbers: 6-20 characters holding 6+ digits, 3-4 groups of four digits, or an
    IBAN in groups of four whose check digits hold, after account words ("IBAN" one); not a
    number that a nearer word names otherwise ("job INC0012345")."""

    ENTITY = "ACCOUNT_NUMBER"
    NEEDS_DIGIT = True
    PATTERNS = [
        Pattern(
            "Account number (context)",
            r"\b(?=[A-Z0-9-]{6,20}\b)(?=(?:[A-Z-]*\d){6})"
            + _NAMED_OTHERWISE
            # a licence's, whose label comes before the colon: "driver's license for the
            # account recovery: 012345678"
            + r"(?<!\blicen[cs]e\b[^\n.:;]{0,40}:[ ]?)"
            + r"[A-Z0-9][A-Z0-9-]{4,18}[A-Z0-9]\b(?!@)",  # not an address's "123456@qq.com"
            CONTEXT_ONLY,
        ),
        Pattern(  # an IBAN as statements print it: "GB33 BUKB 2020 1555 5555 55"
            "IBAN in groups of four (context)",
            r"\b[A-Z]{2}\d\d(?: [A-Z0-9]{4}){2,7}(?: [A-Z0-9]{1,3})?\b",
            CONTEXT_ONLY,
        ),
        Pattern(  # as statements print them: "1234 5678 9012"
            "Account number in spaced groups (context)",
            r"\b(?=\d{4} \d{4} \d{4})" + _NAMED_OTHERWISE + r"\d{4}(?: \d{4}){2,3}\b",
            CONTEXT_ONLY,
        ),
        Pattern(  # as banks and utilities group them: "500 718 8045", India's "515 230 ... 9"
            "Account number in digit groups (context)",
            # right after the account word: a phone word between gives a phone's
            r"(?<=\b(?i:acct|account)(?:(?!(?i:phone|tel|mobile|cell|call|fax|text))[^\n\d]){0,20})"
            r"\b(?=(?:\d[ ]?){10,20}(?![ ]?\d))"
            + _NAMED_OTHERWISE
            + r"\d{3,6}(?:[ ]\d{1,11}){2,4}\b",
            CONTEXT_ONLY,
        ),
    ]
    CONTEXT_DECIDES = True
    CONTEXT = ["account", "acct", "iban"]
    ANCHORS = _context_anchor(ENTITY, CONTEXT)

    def validate_result(self, pattern_text: str) -> bool | None:
        if _IBAN_GROUPS.fullmatch(pattern_text):  # its check digits, as banks verify them
            return None if iban_valid(pattern_text.replace(" ", "")) else False
        return None


class LicenseNumberRecognizer(IdentifierRecognizer):
    """Licence and certificate numbers: 5-15 characters holding 4+ digits, or nine digits in
    threes, after licence words."""

    ENTITY = "LICENSE_NUMBER"
    NEEDS_DIGIT = True
    PATTERNS = [
        Pattern(
            "Licence/certificate number (context)",
            r"\b(?=[A-Z0-9-]{5,15}\b)(?=(?:[A-Z-]*\d){4})"
            + _NAMED_OTHERWISE
            + _IN_A_PHONE
            + r"[A-Z0-9]+(?:-[A-Z0-9]+)*\b",
            CONTEXT_ONLY,
        ),
        Pattern(
            "UK or Washington driving licence (context)",
            rf"\b(?:{UK_LICENCE}|{WA_LICENCE})\b",
            CONTEXT_ONLY,
        ),
        Pattern(  # states print them in groups: "123 456 789", "12 345 678", "A 123 456 789 012"
            "Licence number in spaced groups (context)",
            rf"\b{_IN_A_PHONE}{SPACED_LICENCE}\b",
            CONTEXT_ONLY,
        ),
    ]
    CONTEXT_DECIDES = True
    # DEA and NPI numbers are prescriber registrations: "DEA# AB1234563", "NPI: 1234567893".
    CONTEXT = ["license", "licence", "certificate", "certification", "permit", "dea", "npi"]
    ANCHORS = _context_anchor(ENTITY, CONTEXT)


# The tail of a dotted version is the version's: "kernel 6.5.0-11-generic", "1.28.10-eks-3cd62".
_NOT_A_VERSION_TAIL = r"(?<!\d\.[\w.-]{0,30})"


class DeviceSerialRecognizer(IdentifierRecognizer):
    """Device serial numbers: 6-24 characters holding 3+ digits after "serial", or 6-20
    capitals and digits (one digit at least) or a board's 16 hex digits right after "serial
    (number)" / "S/N"; not the tail of a dotted version ("kernel 6.5.0-11-generic")."""

    ENTITY = "DEVICE_SERIAL"
    NEEDS_DIGIT = True
    PATTERNS = [
        Pattern(
            "Serial number (context)",
            r"\b(?=[A-Z0-9-]{6,24}\b)(?=(?:[A-Z-]*\d){3})"
            + _NOT_A_VERSION_TAIL
            + r"[A-Z0-9]+(?:-[A-Z0-9]+)*\b",
            CONTEXT_ONLY,
        ),
        Pattern(  # spaCy splits "S/N" into three tokens, which no context word matches
            "Serial number after S/N",
            r"(?<=\bs/n\s?[:#]?\s?)(?=[A-Z0-9-]{6,24}\b)(?=(?:[A-Z-]*\d){3})"
            r"[A-Z0-9]+(?:-[A-Z0-9]+)*\b",
            0.6,
        ),
        Pattern(  # "serial 6BKMAJ8", {'serial': '8GH9QW'}: few digits, but in
            # capitals and right after the word; or a board's 16 hex digits (Raspberry Pi's)
            "Serial number right after serial / S/N",
            r"\b(?:serial(?:[ \t_]?(?:number|no\.?|num|#))?|s/n)['\"]?[ \t]?[:#=]?[ \t]?['\"]?\K"
            r"(?-i:(?=[A-Z0-9]*\d)[A-Z0-9]{6,20}|(?=[0-9a-f]*[a-f])(?=[0-9a-f]*\d)[0-9a-f]{16})"
            r"\b(?!-\w)",
            0.6,
        ),
    ]
    CONTEXT_DECIDES = True
    CONTEXT = ["serial", "s/n"]
    ANCHORS = _context_anchor(ENTITY, CONTEXT)


# Plate shapes (capitals): 4-8 letters and digits, both, maybe in two groups ("7ABC123",
# "AB12 CDE", "ABC1D23"); German: district, letters, number ("M-AB 1234", "HH-EY 801E");
# Polish: a district's two or three letters, then four or five characters from a digit on
# ("WA 12345", "KR 1234A", "WPI 12AB").
PLATE = r"\b(?=[A-Z0-9 -]{4,9}\b)(?=[A-Z -]*\d)(?=[0-9 -]*[A-Z])[A-Z0-9]{1,4}[- ]?[A-Z0-9]{1,4}\b"
GERMAN_PLATE = r"\b[A-ZÄÖÜ]{1,3}-[A-Z]{1,2} \d{1,4}[EH]?\b"
POLISH_PLATE = r"\b[A-Z]{2,3} \d[A-Z0-9]{3,4}\b"
SWISS_CANTONS = r"(?:AG|AI|AR|BE|BL|BS|FR|GE|GL|GR|JU|LU|NE|NW|OW|SG|SH|SO|SZ|TG|TI|UR|VD|VS|ZG|ZH)"


class LicensePlateRecognizer(IdentifierRecognizer):
    """Licence plates: 4-8 upper-case letters and digits (both), and the German, Polish,
    French, Indian and Dutch layouts ("M-AB 1234", "WA 12345", "AB-123-CD", "KA 01 AB 1234",
    "81-TZU-9"), only after plate words."""

    ENTITY = "LICENSE_PLATE"
    NEEDS_DIGIT = True
    PATTERNS = [
        Pattern(  # not a driving licence after its "DL", nor a group of a longer number, nor
            # a number a nearer word names ("tag: v2 # base build 24R94")
            "Licence plate (context)",
            rf"(?<!\bDL[ ]?[:#]?[ ]?)(?i:{_NAMED_OTHERWISE}){PLATE}(?![ -]\d{{3}})",
            CONTEXT_ONLY,
        ),
        Pattern(  # Danish "AB 12 345", Norwegian "EL 12345": two letters and five digits, which
            # the guard above against a longer number's groups leaves out
            "Danish or Norwegian plate (context)",
            r"\b[A-Z]{2}[ ]?\d{2}[ ]?\d{3}\b(?![ -]\d)",
            CONTEXT_ONLY,
        ),
        Pattern(  # Irish: the year (and half), the county's code, the number ("191-D-12345")
            "Irish plate (context)",
            r"\b\d{2}[12]?-(?:C|CE|CN|CW|D|DL|G|KE|KK|KY|L|LD|LH|LK|LM|LS|MH|MN|MO|OY|RN|SO|T|TN"
            r"|TS|W|WD|WH|WX|WW)-\d{1,6}\b(?![ -]\d)",
            CONTEXT_ONLY,
        ),
        Pattern(  # most US states' three letters and three or four digits, typed lower case in
            # chat right after the plate word ("its a texas plate abc-1234")
            "US plate in lower case after plate",
            r"\bplate(?:[ ](?:number|no\.?|#))?[ ]?(?:is[ ]|was[ ]|:[ ]?|#[ ]?)?\K"
            r"[a-z]{3}-?\d{3,4}\b(?![.-]\d)",
            0.6,
        ),
        Pattern("German plate (context)", GERMAN_PLATE, CONTEXT_ONLY),
        Pattern("Polish plate (context)", POLISH_PLATE, CONTEXT_ONLY),
        Pattern(  # Indian: state, district, series, number ("KA 01 AB 1234")
            "Indian plate (context)",
            r"\b[A-Z]{2}([ -]?)\d{1,2}\1[A-Z]{1,3}\1\d{4}\b",
            CONTEXT_ONLY,
        ),
        Pattern(  # Dutch side codes: "81-TZU-9", "4-KLM-12"
            "Three-group plate (context)",
            r"\b\d{1,3}-[A-Z]{2,3}-\d{1,3}\b",
            CONTEXT_ONLY,
        ),
        Pattern(  # French (SIV): "AB-123-CD", also with spaces; Italian: "AB 123CD", "AB123CD"
            "French or Italian plate (context)",
            r"\b[A-Z]{2}[- ]?\d{3}[- ]?[A-Z]{2}\b",
            CONTEXT_ONLY,
        ),
        Pattern(  # Swiss: the canton's two letters and up to six digits ("ZH 123456")
            "Swiss plate (context)",
            rf"\b{SWISS_CANTONS}[ ]?\d{{1,6}}\b",
            CONTEXT_ONLY,
        ),
        Pattern(  # Californian (1980-): a digit, three letters, three digits, typed lower case
            # in chat ("mine is 7abc123"); the other shapes stay in capitals
            "Californian plate in lower case (context)",
            r"\b[1-9][a-z]{3}\d{3}\b",
            CONTEXT_ONLY,
        ),
    ]
    CONTEXT_DECIDES = True
    CONTEXT = ["plate", "registration", "tag", "tags", "rego"]  # US "tag", Australian "rego"
    FLAGS = CASE_SENSITIVE  # plates are written in capitals; "ab12" is not one
    ANCHORS = _context_anchor(ENTITY, CONTEXT)

    def invalidate_result(self, pattern_text: str) -> bool:
        # The pattern's look-aheads may find the digit or letter in the next word ("VIN 1HG...",
        # a word before a longer code): a plate holds both itself.
        letters = any(c.isalpha() for c in pattern_text)
        return not (letters and any(c.isdigit() for c in pattern_text))


_VIN_VALUES = dict(
    zip(
        "ABCDEFGHJKLMNPRSTUVWXYZ",
        [1, 2, 3, 4, 5, 6, 7, 8, 1, 2, 3, 4, 5, 7, 9, 2, 3, 4, 5, 6, 7, 8, 9],
        strict=True,
    )
)
_VIN_WEIGHTS = (8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2)


def vin_check_digit(vin: str) -> str:
    """ISO 3779 / 49 CFR 565 check digit (position 9) of a 17-character VIN."""
    total = sum(
        int(c if c.isdigit() else _VIN_VALUES[c]) * w
        for c, w in zip(vin.upper(), _VIN_WEIGHTS, strict=True)
    )
    remainder = total % 11
    return "X" if remainder == 10 else str(remainder)


class VinRecognizer(IdentifierRecognizer):
    """Vehicle identification numbers: 17 characters (no I, O, Q) whose check digit holds; in
    capitals anywhere, in any case right after "VIN"."""

    ENTITY = "VIN"
    NEEDS_DIGIT = True
    PATTERNS = [
        Pattern(
            "VIN (check digit)",
            r"\b(?=[A-HJ-NPR-Z0-9]*[A-HJ-NPR-Z])(?=[A-HJ-NPR-Z0-9]*\d)[A-HJ-NPR-Z0-9]{17}\b",
            0.6,
        ),
        Pattern(  # typed in lower case: only right after the word, and its check digit holds
            "VIN in any case after vin",
            r"(?i:\bvin\b(?:[ \t]?(?:number|no\.?|#))?(?:[ \t]is)?[ \t]?[:=#]?[ \t]?)\K"
            r"(?i:(?=[a-hj-npr-z0-9]*[a-hj-npr-z])(?=[a-hj-npr-z0-9]*\d)[a-hj-npr-z0-9]{17})\b",
            0.6,
        ),
    ]
    CONTEXT = ["vin", "vehicle", "chassis", "car"]
    FLAGS = CASE_SENSITIVE
    ANCHORS = {ENTITY: [r"\b[A-HJ-NPR-Z0-9]{17}\b", r"(?i:\bvin\b)"]}

    def validate_result(self, pattern_text: str) -> bool | None:
        return None if pattern_text[8].upper() == vin_check_digit(pattern_text) else False


class ImeiRecognizer(IdentifierRecognizer):
    """IMEIs: 15 digits (or 2-6-6-1 / 6-2-6-1 groups) passing Luhn; a common TAC prefix needs
    no context."""

    ENTITY = "IMEI"
    NEEDS_DIGIT = True
    # 15 digits, 2-6-6-1 groups, 6-2-6-1 (TAC, serial, check digit as a box prints them),
    # 8-6-1 (the type allocation code whole, serial, check digit: 3GPP TS 23.003's TAC-SNR-CD)
    # or 4-4-4-3 (as a card's digits are read out); each by one separator throughout: space,
    # hyphen, slash ("35/123456/789012/3", the GSM Association's own) or full stop
    BODY = (
        r"(?:\d{13}|([- /.])\d{6}\1\d{6}\1\d|\d{4}([- /.])\d\d\2\d{6}\2\d"
        r"|\d{6}([- /.])\d{6}\3\d|\d\d([- /.])\d{4}\4\d{4}\4\d{3})\b(?![/.-]?\d)"
    )
    PATTERNS = [
        Pattern("IMEI (common TAC prefix)", r"\b(?:01|35|86|99)" + BODY, 0.5),
        Pattern("IMEI (context)", r"\b\d\d" + BODY, CONTEXT_ONLY),
    ]
    CONTEXT = ["imei", "device", "handset", "phone"]
    ANCHORS = {
        ENTITY: [
            r"\b[0-9]{15}\b",
            r"\b[0-9]{2}[- /.][0-9]{6}[- /.][0-9]{6}[- /.][0-9]\b",
            r"\b[0-9]{6}[- /.][0-9]{2}[- /.][0-9]{6}[- /.][0-9]\b",
            r"\b[0-9]{8}[- /.][0-9]{6}[- /.][0-9]\b",
            r"\b[0-9]{4}[- /.][0-9]{4}[- /.][0-9]{4}[- /.][0-9]{3}\b",
        ]
    }

    def validate_result(self, pattern_text: str) -> bool | None:
        return None if luhn_valid(_digits(pattern_text)) else False


_MONTH = (
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?"
    r"|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?"
)
_DAY = r"(?:[1-9]|0[1-9]|[12]\d|3[01])(?:st|nd|rd|th)?"
_MM = r"(?:[1-9]|0[1-9]|1[0-2])"
_DD = r"(?:[1-9]|0[1-9]|[12]\d|3[01])"
_YEAR = r"(?:\d{4}|\d{2})"
# A two-digit year first, as Japanese, Korean and Swedish forms and some EHR exports write a
# birth date ("DOB 61-11-18"): a year no day can be (32-99), so never a d-m-y date's head.
_YY_M_D = (
    r"(?<![\w/.-])(?:3[2-9]|[4-9]\d)(?:-(?:0[1-9]|1[0-2])-|/(?:0[1-9]|1[0-2])/|\.(?:0[1-9]|1[0-2])\.)"
    r"(?:0[1-9]|[12]\d|3[01])\b(?![/.-]\d)"
)
# A month and a four-digit year ("DOB 06/1981"): not the tail of a full date ("3/4/2024").
_MONTH_YEAR = r"(?<![\d/.-])(?:0[1-9]|1[0-2]|[1-9])/(?:19|20)\d\d\b(?![/.-]\d)"
# The time an ISO 8601 timestamp adds to its date ("2025-03-25T20:26", "...T20:26:05.120Z").
_ISO_TIME = r"(?:T(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:[.,]\d{1,9})?)?(?:Z|[+-]\d\d:?\d\d)?)?"
# Day, month abbreviation and year run together, as clinical and military records print them
# ("08OCT25", "09AUG1952", "3mar1947").
_DAY_MON_YEAR = (
    r"(?:0?[1-9]|[12]\d|3[01])(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)(?:\d{4}|\d\d)"
)
# A month after a day, no year after it ("her birthday is 27 Jul"): not a lower-case verb
# ("2 may be"), nor the head of a date with its year ("3 May 2024"). Not in ``_DATE`` (which
# every date rule holds, and compiles): the birthday rules take it themselves.
_DAY_MONTH_NAME = rf"(?!(?-i:may|mar)\b){_MONTH}(?![\w.]|,?\s\d)"
# A month in Roman numerals between a day and a year, as central European forms write them
# ("15/III/1929", "4.XI.1950").
_ROMAN_MONTH = r"(?:XII|XI|X|IX|VIII|VII|VI|V|IV|III|II|I)"


# A month and day without a year, as a chart or a claim writes this year's ("DOS 9/1",
# "Adm 07/03"): not a fraction's or a path's ("1/2 tab", "api/v1/3/4"), a percent or a size.
_MONTH_DAY = (  # the day first where it cannot be a month ("18/6", as Europe writes it)
    r"(?<![\w/.-])(?:(?:1[0-2]|0?[1-9])/(?:3[01]|[12]\d|0?[1-9])|(?:1[3-9]|2\d|3[01])/"
    r"(?:1[0-2]|0?[1-9]))(?![\w/%-]|[.,]\d)"
    r"(?!\s?(?:tabs?|tablets?|caps?|capsules?|pills?|doses?|mg|ml|cups?|of|strength)\b)"
)


# A date named as a release's, a build's or a version's right before it is not personal, even
# where a birth word earlier on the line lifts it: {"dob": "...", "released": "2024-05-01"}.
_NOT_PERSONAL = (  # the look-ahead first: the look-behind only where a date can start
    r"\b(?=\d|the\s\d|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)"
    r"(?<!\b(?:released?|release[_ ]date|build(?:[_ ]date)?|version|published|copyright)"
    r"[\"']?\s?[:=]?\s?[\"']?(?:on\s)?)"
    # an error tracker's "(first seen DATE)", "last seen:" of an issue, not a patient
    r"(?<!\((?:first|last)\s(?:seen|occurred|reported)\s?:?\s(?:on\s)?)"
)


class PersonalDateRecognizer(IdentifierRecognizer):
    """Dates tied to a person: numeric and written dates after birth, admission, discharge,
    visit or death words. Alone a date is not personal (release dates, changelogs), nor
    right after release / build / version / published words."""

    ENTITY = "PERSONAL_DATE"
    NEEDS_DIGIT = True
    PATTERNS = [
        Pattern(name, _NOT_PERSONAL + regex, CONTEXT_ONLY)
        for name, regex in [
            ("m/d/y, d/m/y, m-d-y, d.m.y", rf"\b{_DD}([/.-]){_DD}\1{_YEAR}\b"),
            ("y-m-d, y/m/d", rf"\b\d{{4}}([/.-]){_MM}\1{_DD}{_ISO_TIME}\b"),
            ("m / d / y, spaced", rf"\b{_DD}\s([/.-])\s{_DD}\s\1\s\d{{4}}\b"),
            ("dMONy", rf"\b{_DAY_MON_YEAR}\b"),
            ("d/Roman month/y", rf"\b{_DD}([/.-]){_ROMAN_MONTH}\1\d{{4}}\b"),
            ("Month 'yy", rf"\b{_MONTH}\s'\d\d\b"),  # "September '78"
            ("Month d, y", rf"\b{_MONTH}\s(?:the\s)?{_DAY},?\s\d{{4}}\b"),  # "March the 3rd, 1933"
            ("d Month y", rf"\b(?:the\s)?{_DAY}\s(?:of\s)?{_MONTH},?\s\d{{4}}\b"),
            ("d-Mon-y", rf"\b{_DD}-{_MONTH}-{_YEAR}\b"),
            ("Mon-d-y", rf"\b{_MONTH}-{_DD}-\d{{4}}\b"),  # "Aug-24-1945"
            ("d Mon 'yy", rf"\b{_DAY}\s{_MONTH}\s'\d\d\b"),  # "26 Jul '22"
            ("m/y", _MONTH_YEAR),
            ("yy-mm-dd", _YY_M_D),
            ("Month d", rf"\b{_MONTH}\s{_DAY}\b(?:\s'\d\d\b)?"),  # "Sep 21 '80"
            # a birthday without its year ("her birthday is 27 Jul"); not "3 May 2024"'s head
            ("d Month", rf"\b{_DAY}\s(?:of\s)?{_DAY_MONTH_NAME}"),
        ]
    ]
    CONTEXT_DECIDES = True
    CONTEXT = [
        "dob", "d.o.b", "born", "birth", "birthday", "admit", "admission", "discharged", "saw",
        "discharge", "seen", "died", "death", "deceased", "appointment",
        # how else notes tie a date to a person: "passed away on", "expired on", "visit on"
        "away", "expired", "funeral", "visit", "visited", "surgery", "operation", "procedure",
        "delivered", "admitted", "dod", "encounter",
        # a date in a patient's record: "created for the patient on", "diagnosed", "onset",
        # "vaccinated", "LMP" (last menstrual period), "appt". Not "pt": presidio matches
        # context words inside tokens, and a plate "PTU 3711" starts with it.
        "patient", "appt", "consult", "diagnosed", "diagnosis", "onset", "vaccinated",
        "vaccine", "immunized", "injured", "injury", "lmp", "married",
    ]  # fmt: skip
    ANCHORS = _context_anchor(ENTITY, CONTEXT)

    NOT_A_YEAR = False  # a year inside a date is the date


_DATE = (
    rf"(?:{_DD}([/.-]){_DD}\1{_YEAR}|\d{{4}}([/.-]){_MM}\2{_DD}{_ISO_TIME}"
    rf"|{_DD}\s([/.-])\s{_DD}\s\3\s\d{{4}}|{_DAY_MON_YEAR}|{_DD}([/.-]){_ROMAN_MONTH}\4\d{{4}}"
    rf"|{_MONTH}\s'\d\d"
    rf"|{_MONTH}\s(?:the\s)?{_DAY}(?:,?\s\d{{4}}|\s'\d\d)?"
    rf"|(?:the\s)?{_DAY}\s(?:of\s)?{_MONTH},?\s\d{{4}}"
    rf"|{_DAY}\s{_MONTH}\s'\d\d|{_DD}-{_MONTH}-{_YEAR}|{_MONTH}-{_DD}-\d{{4}}|{_MONTH_YEAR}"
    rf"|{_YY_M_D})"
)


class FollowUpDateRecognizer(IdentifierRecognizer):
    """The date of a patient's next visit: "Follow up on DATE", "f/u DATE", "RTC DATE".

    Its own class: "follow" as a context word of ``PersonalDateRecognizer`` would also lift
    a release date after "the following", which presidio matches as a substring. Here the
    phrase itself ("follow-up", "f/u", "return to clinic") comes right before the date.
    """

    ENTITY = "PERSONAL_DATE"
    PATTERNS = [
        Pattern(
            "date after follow up / f/u / RTC",
            r"\b(?:follow[- ]?up|f/u|rtc|return(?:ing)?\s(?:to\s(?:clinic|the\sclinic)|visit))"
            r"(?:\s?:|\s(?:visit|appointment|appt|scheduled|planned|booked|set|is|on|for|by"
            r"|date))*\s?:?\s\K" + _DATE + r"(?!\w)",
            0.6,
        )
    ]
    CONTEXT_DECIDES = True
    CONTEXT = ["follow", "f/u", "rtc", "return"]  # the clause check's words
    ANCHORS = {
        f"{ENTITY}/follow-up": [r"(?i:follow[- ]?up|f/u|\brtc\b|return(?:ing)? (?:to|visit))"]
    }

    NOT_A_YEAR = False


# What a patient's record says was done to them, and when: "Labs drawn DATE", "BP taken on
# DATE", "imaging done DATE". Tests, samples and scans of software have other nouns.
_CARE_NOUNS = (
    r"(?:labs?|lab\swork|blood(?:\s?work)?|bloods|specimens?|cultures?|bp|blood\spressure"
    r"|vitals|imaging|x-?rays?|ct|mri|ultrasound|echo|ecg|ekg|biopsy|swabs?|urine|urinalysis"
    r"|cbc|bmp|cmp|a1c|inr|mammogram|pap(?:\ssmear)?|vaccines?|vaccinations?|doses?"
    r"|injections?|infusions?|weight|temp(?:erature)?)"
)
_CARE_VERB_WORDS = (
    "drawn taken done collected performed obtained given administered completed recorded"
    " checked measured repeated sent read"
).split()
_CARE_VERBS = "(?:" + "|".join(_CARE_VERB_WORDS) + ")"


class CareRecordDateRecognizer(IdentifierRecognizer):
    """The date a patient's record puts on their care: "Labs drawn DATE", "BP taken DATE",
    "imaging done on DATE". A changelog's "released" / "done" without a care noun is not it.

    Its own class, as ``FollowUpDateRecognizer``: the verbs as context words would lift any
    date after "done" or "taken"; here a care noun and its verb come right before the date.
    """

    ENTITY = "PERSONAL_DATE"
    PATTERNS = [
        Pattern(
            "date after a care noun and verb",
            rf"\b{_CARE_NOUNS}\s(?:(?:was|were|is|are)\s)?{_CARE_VERBS}"
            r"(?:\s(?:on|at|in))?\s?:?\s\K" + _DATE + r"(?!\w)",
            0.6,
        )
    ]
    CONTEXT_DECIDES = True
    CONTEXT = _CARE_VERB_WORDS  # the clause check's words
    ANCHORS = {
        f"{ENTITY}/care": [rf"(?i:\b{_CARE_NOUNS}\s(?:(?:was|were|is|are)\s)?{_CARE_VERBS}\b)"]
    }

    NOT_A_YEAR = False


# The notes of a patient's chart, each dated: "Telephone note DATE", "Progress note: DATE".
_NOTE_KINDS = (
    r"(?:tele)?phone|progress|nursing|nurse|clinic|office|consult(?:ation)?|discharge"
    r"|admission|admit|procedure|operative|op|soap|triage|visit|encounter|physician|provider"
    r"|social\swork|therapy|h&p"
)
# What a note or order in the chart has done to it, by whom: "Note signed by A. Diallo, RN on".
_CHART_ENTRIES = r"(?:note|entry|order|orders|consent|addendum|chart|report|prescription)"
_SIGNED = (
    r"(?:e-?signed|signed|co-?signed|countersigned|dictated|transcribed|authenticated|entered"
    r"|written|amended)"
)


class ChartNoteDateRecognizer(IdentifierRecognizer):
    """The date a patient's chart puts on a note or an order: "Telephone note DATE", "Progress
    note dated DATE", "Note signed by A. Diallo, RN on DATE". A release, meeting or changelog
    note ("Release notes 2024-05-01") is no note of a chart.

    Its own class, as ``FollowUpDateRecognizer``: "note" or "signed" as context words would lift
    a release date after "release notes" or a contract's "signed on"; here the note's kind or
    the chart entry comes right before its verb and the date.
    """

    ENTITY = "PERSONAL_DATE"
    PATTERNS = [
        Pattern(
            "date of a chart note",
            # a nurse's log too ("School Nurse Log · Dec 22nd"), its date after a middle dot
            rf"\b(?:{_NOTE_KINDS})[ -](?:notes?|log)(?:\s(?:dated|of|on|for))?\s?[:·-]?\s\K"
            + rf"(?:{_DATE}|{_MONTH_DAY})"
            + r"(?!\w)",
            0.6,
        ),
        Pattern(
            "date a chart entry was signed",
            rf"\b{_CHART_ENTRIES}\s(?:(?:was|were)\s)?{_SIGNED}"
            r"(?:\sby\s[^\n;]{1,60}?)?(?:\s(?:on|at))?\s?:?\s\K" + _DATE + r"(?!\w)",
            0.6,
        ),
    ]
    CONTEXT_DECIDES = True
    CONTEXT = [  # the clause check's words ("signed" also in "e-signed", "co-signed")
        "note", "signed", "cosigned", "countersigned", "dictated", "transcribed",
        "authenticated", "entered", "written", "amended", "log",
    ]  # fmt: skip
    ANCHORS = {
        f"{ENTITY}/chart": [
            rf"(?i:\b(?:{_NOTE_KINDS})[ -](?:notes?|log)\b)",
            rf"(?i:\b{_CHART_ENTRIES}\s(?:(?:was|were)\s)?{_SIGNED}\b)",
        ]
    }

    NOT_A_YEAR = False


# A clinician's credential after a signer's name: "signed by A. Diallo, MD on DATE" is a chart's.
_CREDENTIAL = (
    r"(?-i:MD|M\.D\.|DO|RN|NP|PA|PA-C|APRN|CNM|CRNA|LPN|DPM|DDS|DMD|PharmD|MBBS|FNP|FNP-BC)"
)
# A patient's directive or consent: the day they signed it is theirs ("MOLST signed DATE").
_DIRECTIVES = (
    r"(?:directive|consent|dnr|dni|polst|molst|living\swill|power\sof\sattorney|poa"
    r"|health\scare\sproxy|hcp)"
)
# An implanted device whose interrogation (a read-out of it) is dated in the chart.
_IMPLANTS = (
    r"(?:pacemaker|ppm|icd|aicd|defibrillator|crt-?[dp]?|loop\srecorder|ilr|device|generator)"
)


class ClinicalEventDateRecognizer(IdentifierRecognizer):
    """Dates a chart gives an event of a patient's care by words that hold no birth or
    admission word: a cross-reference to a note ("see note of DATE"), an electronic
    signature ("Electronically signed by A. Diallo, MD on DATE"; "signed by" alone is a
    contract's), a directive or consent witnessed or signed ("Advance directive witnessed by
    A and B on DATE", "DNR/DNI per MOLST signed DATE"), an implant's read-out ("last
    interrogated DATE", "Pacemaker (Medtronic) serial X, interrogated DATE"), a medical
    device's last download ("Insulin pump S/N: X; last download DATE") and a death
    ("Pronounced DATE at 04:12", "pronounced dead on DATE").

    The wording is the label, as in ``govern.scan.labelled``: no context word in the clause is
    needed (``CONTEXT_DECIDES`` is off). "Release notes of DATE", "signed by the vendor on
    DATE" and "more pronounced on DATE" have none of it.
    """

    ENTITY = "PERSONAL_DATE"
    PATTERNS = [
        Pattern(
            "date of a note referred to",
            r"\b(?:see|per|cf\.?|refer\sto|as\sin)\s(?:(?:the|my|his|her|their|our)\s)?"
            # "of", "dated", "from" date the note; "the note on DATE" is about that day
            r"(?:last\s|prior\s|previous\s)?notes?\s(?:of|dated|from)\s\K" + _DATE + r"(?!\w)",
            0.6,
        ),
        Pattern(
            "date of an electronic signature",
            r"\b(?:electronically\s(?:signed|authenticated|verified|reviewed)|e-signed)"
            r"(?:\sby\s[^\n;]{1,60}?)?(?:\s(?:on|at))?\s?:?\s\K" + _DATE + r"(?!\w)",
            0.6,
        ),
        Pattern(
            "date of a clinician's signature",
            rf"\b(?:co-?)?signed\sby\s[^\n;]{{1,60}}?,\s?{_CREDENTIAL}\b\.?(?:\s(?:on|at))?\s?:?\s\K"
            + _DATE
            + r"(?!\w)",
            0.6,
        ),
        Pattern(  # "Advance directive witnessed by A and B on DATE": the day the patient signed
            "date of a witnessed directive or consent",
            rf"\b{_DIRECTIVES}\b[^\n;]{{0,30}}?\switnessed\sby\s[^\n;]{{1,80}}?\son\s\K"
            + _DATE
            + r"(?!\w)",
            0.6,
        ),
        Pattern(  # "MOLST signed DATE", "DNR form completed on DATE", "POA executed DATE",
            # "Consent re-signed by LAR A. Roe (daughter) on 22/3"
            "date a directive or consent was signed",
            rf"\b{_DIRECTIVES}\b[^\n;]{{0,30}}?\s(?:(?:re-?)?signed|executed|completed|dated)"
            r"(?:\sby\s[^\n;]{1,60}?)?(?:\s(?:on|at))?\s?:?\s\K"
            + rf"(?:{_DATE}|{_MONTH_DAY})"
            + r"(?!\w)",
            0.6,
        ),
        Pattern(
            "date of an implant's interrogation",
            rf"\b(?:last|{_IMPLANTS})\sinterrogat(?:ed|ion)(?:\s(?:on|at|date))?\s?:?\s\K"
            + _DATE
            + r"(?!\w)",
            0.6,
        ),
        Pattern(  # "Pacemaker (Medtronic) serial X, interrogated DATE": the device named first
            "date of a named implant's interrogation",
            rf"\b{_IMPLANTS}\b[^\n;]{{1,60}}?[\s,]interrogated(?:\s(?:on|at))?\s?:?\s\K"
            + _DATE
            + r"(?!\w)",
            0.6,
        ),
        Pattern(  # "Insulin pump S/N: X; last download DATE": a patient's device read out
            "date of a medical device's download",
            r"\b(?:pacemaker|ppm|icd|aicd|defibrillator|loop\srecorder|ilr|insulin\spump|pump"
            r"|cgm|glucose\smeter|glucometer|holter)\b"
            r"[^\n]{0,60}?\blast\s(?:download(?:ed)?|upload(?:ed)?|sync(?:ed)?)\s?:?\s(?:on\s)?\K"
            + _DATE
            + r"(?!\w)",
            0.6,
        ),
        Pattern(  # "dead" before the date, or a time after it: a death, not a pronunciation
            "date pronounced dead",
            r"\bpronounced\s(?:dead|deceased)\s(?:on\s|at\s)?\K" + _DATE + r"(?!\w)",
            0.6,
        ),
        Pattern(
            "date pronounced at a time",
            r"\bpronounced\s(?:on\s)?\K" + _DATE + r"(?=,?\s(?:at\s)?(?:[01]?\d|2[0-3]):[0-5]\d\b)",
            0.6,
        ),
    ]
    CONTEXT: ClassVar[list[str]] = []
    ANCHORS = {
        f"{ENTITY}/event/context": [  # the signer's name may run on: the wider window
            r"(?i:\b(?:see|per|cf\.?|refer to|as in) (?:(?:the|my|his|her|their|our) )?"
            r"(?:(?:last|prior|previous) )?notes? (?:of|dated|from) )",
            r"(?i:\b(?:electronically (?:signed|authenticated|verified|reviewed)|e-signed)\b)",
            r"(?i:\bsigned by )",
            r"(?i:\bwitnessed by )",
            rf"(?i:\b{_DIRECTIVES}\b)",
            r"(?i:\binterrogat(?:ed|ion)\b)",
            r"(?i:\blast (?:download|upload|sync))",
            r"(?i:\bpronounced )",
        ]
    }

    NOT_A_YEAR = False


_ONES_WORDS = r"(?:one|two|three|four|five|six|seven|eight|nine)"
_TEENS_WORDS = (
    r"(?:ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen)"
)
_TENS_WORDS = r"(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)"
# A day said as an ordinal: "third", "twenty-first", "thirtieth".
_ORDINAL_WORDS = (
    r"(?:(?:twenty[- ])?(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth)"
    r"|tenth|eleventh|twelfth|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth"
    r"|eighteenth|nineteenth|twentieth|thirtieth|thirty[- ]first)"
)
# A year said in words: "nineteen forty-seven", "nineteen oh five", "two thousand and three",
# "twenty twelve".
_SPOKEN_YEAR = (
    rf"(?:nineteen\s(?:hundred\s(?:and\s)?)?(?:{_TENS_WORDS}(?:[- ]{_ONES_WORDS})?|{_TEENS_WORDS}"
    rf"|o[h']?[- ]{_ONES_WORDS})|two\sthousand(?:\s(?:and\s)?(?:{_ONES_WORDS}|{_TEENS_WORDS}))?"
    rf"|twenty\s(?:{_TEENS_WORDS}|twenty(?:[- ]{_ONES_WORDS})?))"
)
_MONTH_NAMES = (
    r"(?:january|february|march|april|may|june|july|august|september|october|november|december)"
)
_BIRTH_WORDS = r"(?:birth|born|dob|d\.o\.b|birthday|birthdate)"


class SpokenBirthDateRecognizer(IdentifierRecognizer):
    """A birth date said in words, as a patient answers or a dictation transcribes it: "March
    third, nineteen forty-seven", "the fifth of May, two thousand and one", with a birth word
    ("date of birth?", "born", "DOB") up to 120 characters before it, the question's line
    included ("RN: Can you tell me your date of birth?\nPt: ..."). A clause would end at the
    question mark, so the recognizer looks back itself instead of ``CONTEXT_DECIDES``; a
    spoken date without a birth word before it (a history's "December seventh, nineteen
    forty-one") is not reported.
    """

    ENTITY = "PERSONAL_DATE"
    PATTERNS = [
        Pattern(
            "spoken birth date",
            rf"\b(?:{_MONTH_NAMES}\s(?:the\s)?{_ORDINAL_WORDS}"
            rf"|(?:the\s)?{_ORDINAL_WORDS}\sof\s{_MONTH_NAMES}),?\s{_SPOKEN_YEAR}\b"
            # checked last, where a spoken date has matched: a birth word before it
            rf"(?<=\b{_BIRTH_WORDS}\b[\s\S]{{0,200}})",
            0.6,
        )
    ]
    CONTEXT: ClassVar[list[str]] = []
    ANCHORS = {
        f"{ENTITY}/spoken": [
            r"(?i:\b(?:nineteen (?:hundred |o|oh |twenty|thirty|forty|fifty|sixty|seventy|eighty"
            r"|ninety|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen"
            r"|nineteen)|two thousand\b|twenty (?:ten|eleven|twelve|thirteen|fourteen|fifteen"
            r"|sixteen|seventeen|eighteen|nineteen|twenty)))"
        ]
    }

    NOT_A_YEAR = False


_AGE = r"(?:9\d|1[01]\d)"
# Ninety to a hundred and nineteen in words: "ninety-two", "one hundred and four".
_AGE_WORDS = (
    r"(?:ninety(?:[- ](?:one|two|three|four|five|six|seven|eight|nine))?"
    r"|(?:one |a )?hundred(?:(?: and)? (?:one|two|three|four|five|six|seven|eight|nine|ten"
    r"|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen))?)"
)


# A surname's part: capitalised, maybe after particles ("van der Berg", "dos Santos").
_SURNAME_PART = (
    r"(?:\s(?:(?:van|von|de|der|den|del|della|la|le|da|dos|das|du|di|bin|binti|ter|ten)\s)*"
    r"(?-i:\p{Lu})[\p{L}'’-]+)"
)
# Who an "is 96" is about: a titled surname ("Ms. Kapoor"), a pronoun, the patient or a
# relative. "The room is 96", "SpO2 is 96%" have none of them.
_PERSON_SUBJECT = (
    rf"(?:\b(?:mr|mrs|ms|miss|mx|dr)\.?{_SURNAME_PART}"
    r"|\b(?:he|she|patient|pt|(?:grand)?(?:mother|father|mom|mum|dad)|grandma|grandpa"
    r"|husband|wife|partner|aunt|uncle|son|daughter|brother|sister)"
    # grandparents by their pet names, with whose: "My nan is 95" (not "the value is nan")
    r"|\b(?:my|his|her|our|their|your)\s(?:nan|nana|nanna|nonna|gran|granny|grandad|granddad"
    r"|gramps|grandparent))"
)
# What makes "is 96" a measurement instead: a unit, a percent, a fraction, a decimal or oxygen.
_NOT_A_MEASURE = (
    r"(?!\s?(?:%|percent|[/.,:]\d|kg|kilos?|lbs?|pounds|g\b|mg|cm|mm|inches|bpm|mmhg"
    r"|degrees|°|min|mins|minutes|h\b|hrs?|hours|days|weeks|months|miles|km|points|pts|times"
    # SpO2: "is 94 on room air", "on 2 L", "on 2"; "she'll be 99 on 5 Dec" is her birthday
    r"|th\b|st\b|nd\b|rd\b|on\s(?:room\sair|ra\b|\d+(?:\.\d)?(?![\d.]|\s?(?:[/.-]\d|st\b|nd\b"
    r"|rd\b|th\b|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\w*)))))"
)


# A person's age about to come: "she'll be 99 on 5 Dec", "Mr. Roe will be 100", "I'll be 95".
_WILL_BE = rf"(?:{_PERSON_SUBJECT}|\b(?:i|s?he|they))(?:['’]ll|\swill)\sbe\s"


# Who a sentence opened by "At 101," is about: a pronoun, a possessive or a person as above.
_PERSON_OPENS = rf"(?:{_PERSON_SUBJECT}|\b(?:i|we|they|my|his|her|their))\b"


# What follows "94F" / "101 M" where it opens a note about a patient.
_NOTE_OPENS = (
    r"(?:presents|presenting|presented|admitted|with|w/|c/o|s/p|h/o|brought|seen|here|who"
    r"|from|resident|pt|patient)"
)


class AgeOver89Recognizer(IdentifierRecognizer):
    """Ages over 89 (Safe Harbor aggregates them to "90 or older"): "92-year-old", "age 94",
    "Ms. Kapoor is 96", "she's 99", "My nan is 95", "Mr. Okeke (92)", "her husband, 92,",
    "94F presents", "Age corrected in chart: 99", "At 101, he walks"."""

    ENTITY = "AGE_OVER_89"
    PATTERNS = [
        Pattern("N-year-old", rf"\b{_AGE}(?=[- ]?(?:years?|yrs?)[- ]?old\b)", 0.85),
        Pattern("N y/o", rf"\b{_AGE}(?=\s?(?:y/o|yo|y\.o\.)(?!\w))", 0.85),
        Pattern("N years of age", rf"\b{_AGE}(?=\s+years?\s+of\s+age\b)", 0.85),
        Pattern("age N", rf"(?<=\bage[ds]?\s?[:=]?\s?){_AGE}\b(?![.,%]\d|%)", 0.85),
        Pattern("N in words, years old", rf"\b{_AGE_WORDS}(?=[- ](?:years?|yrs?)[- ]old\b)", 0.85),
        Pattern("age N in words", rf"(?<=\bage[ds]?\s?[:=]?\s?){_AGE_WORDS}\b", 0.85),
        Pattern(
            "a person is / turned N",
            rf"(?:{_PERSON_SUBJECT}\s(?:is|was|turned|turns|has\sturned|just\sturned|is\snow"
            r"|(?:is\s|was\s|celebrated\s|celebrates\s)?turning)\s"
            rf"|\bi(?:'m|\sam)\s|\bs?he['’]s\s(?:now\s)?|{_WILL_BE})\K{_AGE}\b{_NOT_A_MEASURE}",
            0.85,
        ),
        Pattern(
            "a person is / turned N in words",
            rf"(?:{_PERSON_SUBJECT}\s(?:is|was|turned|turns|has\sturned|just\sturned|is\snow"
            r"|(?:is\s|was\s|celebrated\s|celebrates\s)?turning)\s"
            rf"|\bi(?:'m|\sam)\s|\bs?he['’]s\s(?:now\s)?|{_WILL_BE})\K{_AGE_WORDS}\b{_NOT_A_MEASURE}",
            0.85,
        ),
        Pattern(  # "Mr. Okeke (92)", "her mother (95 F)", "my dad (93 in May)", the age he
            # turns then; not "room (92)", "(92 tests)", "my dad (93 kg)"
            "a person (N)",
            rf"{_PERSON_SUBJECT}{_SURNAME_PART}{{0,4}}(?:,{_SURNAME_PART}{{1,2}})?\s?\(\s?\K{_AGE}"
            r"(?=\s?[mf]?\s?\)|\s(?:in|on|this|next|come)\s[^()\n]{1,20}\))",
            0.85,
        ),
        Pattern(  # a chart header's "Age/Sex: 93/F", "Age / Gender: 101 M"
            "age/sex: N/F",
            rf"\bage\s?/\s?(?:sex|gender)\s?[:=]?\s?\K{_AGE}(?=\s?/?\s?(?-i:[MFUX])\b)",
            0.85,
        ),
        Pattern(  # "her husband, 92, came": an age set off by commas after a person
            "a person, N,",
            rf"{_PERSON_SUBJECT},\s\K{_AGE}(?=,)",
            0.85,
        ),
        Pattern(  # "94F presents", "101 M with": age and sex opening a note; not "Temp 99F with"
            "NF / NM, a patient",
            rf"\b(?=(?:{_AGE})\s?(?-i:[FM])\s{_NOTE_OPENS}(?!\w))"
            r"(?<!\b(?:t|temp|temperature|tmax|fever|febrile|of|to|at)\s?[:=]?\s?)"
            rf"{_AGE}",
            0.85,
        ),
        Pattern(  # "M/94, nursing home resident", "F/101 with": sex and age opening a note;
            # not "M/90" inside a word or a path ("ROOM/90", "/M/90/")
            "M/N, a patient",
            rf"(?<![\w/])(?-i:[MF])\s?/\s?\K{_AGE}(?=,\s|\s{_NOTE_OPENS}(?!\w))",
            0.85,
        ),
        Pattern(  # "Age corrected in chart: 99", "Age at admission: 94"; not "Age in days: 95"
            "age ...: N",
            r"\bage\b(?![^:\n]*\b(?:days?|weeks?|months?|hours?|minutes?|seconds?|ms)\b)"
            rf"(?:[ \t][a-z()]+){{1,4}}:[ \t]?\K{_AGE}\b(?![.,%]\d|%)",
            0.85,
        ),
        Pattern(  # "At 101, he walks": a sentence about a person; not "At 100 rpm", "At 100, the"
            "At N, a person",
            rf"(?:^|[.!?;:]\s|\n)\s*at\s\K{_AGE}(?=,\s{_PERSON_OPENS})",
            0.85,
        ),
        # The rules of issue #16's fresh9 round. An age in years in the languages a chart is
        # translated from ("Paciente de 98 años", "91 ans", "94 Jahre alt", "93 anni", "95
        # lat"), and abbreviated ("95yrs", "92 yrs"); not "90 years" alone, a duration's.
        Pattern(
            "N years, other languages and abbreviated",
            rf"\b{_AGE}(?=\s?(?:yrs?|años|anos|ans|jahre|jahren|jaar|anni|år|lat|let|лет)\b)",
            0.85,
        ),
        Pattern(  # a chart's "105 y 4 m", "92y 3m": years and months
            "N y M m",
            rf"\b{_AGE}(?=\s?y\s?(?:[0-9]|1[01])\s?m(?:o|os)?\b)",
            0.85,
        ),
        Pattern(  # "a customer who is 91;", "the man who turned 100": a relative clause
            "who is N",
            rf"\bwho\s(?:is|was|turned|turns|is\snow|just\sturned)\s\K{_AGE}\b{_NOT_A_MEASURE}",
            0.85,
        ),
        Pattern(  # "happy bday Ana!!! 100 and", "Happy 95th birthday": a birthday greeting
            "a birthday's N",
            rf"\b(?:happy\s(?:birthday|bday|b-day)|hbd)\b[^\n\d]{{0,40}}?\K{_AGE}\b"
            r"(?!\s?(?:%|[/.,:]\d))",
            0.85,
        ),
        Pattern(  # "pt Dinara Kanu, 105; travel insurer", "resident A. Roe, 92, fell"
            "pt Name, N",
            rf"\b(?:pt|patient|resident|client)(?:{_SURNAME_PART}|\s(?-i:\p{{Lu}})\.){{1,4}},\s\K"
            rf"{_AGE}(?=[;,)]|\.(?:\s|$)|\s(?:y/?o|yrs?|years?\sold)\b)",
            0.85,
        ),
        Pattern(  # a chart's "MANIKU, Nodira (99)": the surname in capitals, a comma, a name
            "SURNAME, Name (N)",
            rf"\b(?-i:\p{{Lu}}{{2,}}[\p{{Lu}}'’-]*),{_SURNAME_PART}{{1,2}}\s?\(\s?\K{_AGE}"
            r"(?=\s?[mf]?\s?\))",
            0.85,
        ),
        Pattern(  # "S: Bora, Khalfan, 97F, bed 12": age and sex set off after a name
            "a name, NF,",
            rf"(?<=(?-i:\p{{Lu}})[\p{{L}}'’-]+,\s)(?<!\b(?:t|temp|temperature|tmax|fever),\s)"
            rf"{_AGE}(?=\s?(?-i:[FM])(?:,|\s(?!\w*\d)))",
            0.85,
        ),
    ]
    CONTEXT: ClassVar[list[str]] = []
    ANCHORS = {
        ENTITY: [
            r"\( ?(?:9[0-9]|1[01][0-9]) ?(?i:[mf])? ?\)",
            r"\( ?(?:9[0-9]|1[01][0-9]) (?i:in|on|this|next|come) ",
            r"(?i:\bage ?/ ?(?:sex|gender)) ?[:=]? ?(?:9[0-9]|1[01][0-9])\b",
            r"(?i:\bat) (?:9[0-9]|1[01][0-9]),",
            r"\b(?:9[0-9]|1[01][0-9])[- ]?(?i:years?|yrs?|y/o|yo\b|y\.o\.)",
            r"(?i:\bage[ds]?) ?[:=]? ?(?:9[0-9]|1[01][0-9])\b",
            r"(?i:ninety|hundred)",
            r"(?i:\b(?:is|was|turned|turns|turning|now|i'm|am)) (?:9[0-9]|1[01][0-9])\b",
            r"(?i:\bs?he['’]s) (?:9[0-9]|1[01][0-9])\b",  # "she's 99": she is
            r"(?i:['’]ll be|\bwill be) (?:9[0-9]|1[01][0-9])\b",
            r"\b[MF] ?/ ?(?:9[0-9]|1[01][0-9])\b",
            r"[a-zA-Z], (?:9[0-9]|1[01][0-9]),",
            rf"\b(?:9[0-9]|1[01][0-9]) ?[FM] (?i:{_NOTE_OPENS})",
            r"(?i:\bage(?: [a-z()]+){1,4}): ?(?:9[0-9]|1[01][0-9])\b",
            r"\b(?:9[0-9]|1[01][0-9]) ?(?i:yrs?|años|anos|ans|jahre|jahren|jaar|anni|år|lat"
            r"|let|лет)\b",
            r"\b(?:9[0-9]|1[01][0-9]) ?[yY] ?[0-9]{1,2} ?[mM]",
            r"(?i:\bwho (?:is|was|turned|turns|just turned)) (?:9[0-9]|1[01][0-9])\b",
            r"(?i:\bhappy (?:birthday|bday|b-day)|\bhbd\b)",
            r"[a-zA-Z], (?:9[0-9]|1[01][0-9]) ?[FM]\b",
            r"[^\s0-9,], (?:9[0-9]|1[01][0-9])(?:[;,)]|\. |\.$| y)",
        ]
    }

    NOT_A_YEAR = False


# Month names in the languages a chart or a form is translated from, in the case a date
# takes: German, French, Spanish, Portuguese, Italian, Dutch, Turkish, and the genitive of
# Polish and Russian ("8 marca 1969 r.", "5 мая 1950 г.").
_FOREIGN_MONTH_WORDS = (
    "januar jänner februar märz maerz april mai juni juli august september oktober november"
    " dezember janvier février fevrier mars avril juin juillet août aout septembre octobre"
    " novembre décembre decembre enero febrero marzo abril mayo junio julio agosto septiembre"
    " setiembre octubre noviembre diciembre janeiro fevereiro março marco maio junho julho"
    " setembro outubro dezembro gennaio febbraio aprile maggio giugno luglio settembre ottobre"
    " dicembre januari februari maart mei augustus ocak şubat mart nisan mayıs haziran temmuz"
    " ağustos eylül ekim kasım aralık stycznia lutego marca kwietnia maja czerwca lipca"
    " sierpnia września października listopada grudnia января февраля марта апреля мая июня"
    " июля августа сентября октября ноября декабря"
).split()
_FOREIGN_MONTH = (
    "(?:" + "|".join(sorted(set(_FOREIGN_MONTH_WORDS), key=lambda w: (-len(w), w))) + r")\.?"
)
# A written date of those languages ("7. Juni 1959", "15 de noviembre de 1959", "8 marca 1969
# r."), a Chinese / Japanese ("1970年6月18日") or Korean ("1959년 7월 8일") one, a Vietnamese
# one ("ngày 5 tháng 4 năm 1979") and a numeric one with Russian's "г." after its year.
_FOREIGN_DATE = (
    rf"(?:(?:{_DD}\.?\s(?:de\s)?(?:{_FOREIGN_MONTH}|{_MONTH})\s(?:de\s)?\d{{4}}"
    r"|\d{4}\s?年\s?\d{1,2}\s?月\s?\d{1,2}\s?日|\d{4}년\s?\d{1,2}월\s?\d{1,2}일"
    r"|(?:ngày\s)?\d{1,2}\stháng\s\d{1,2}\s(?:năm\s)?\d{4}"
    rf"|{_DD}([/.-]){_DD}\5\d{{4}})(?:\s?(?:r|г)\.)?)"
)
# What labels a birth date in those languages: "geb.", "née le", "Fecha de nacimiento:",
# "nascida em", "nato il", "geboren op", "doğum tarihi", "ur.", "дата рождения", "sinh",
# "出生日期", "生年月日", "생년월일".
_FOREIGN_BIRTH = (
    r"(?:geb\.|geboren(?:\s(?:am|op))?|geburtsdatum|geb\.-datum|née?(?:\s(?:le|à))?"
    r"|date\sde\snaissance|fecha\sde\snacimiento|f\.\s?(?:de\s)?nac\.|nacid[oa](?:\sel)?"
    r"|data\sde\snascimento|nascid[oa](?:\sem)?|data\sdi\snascita|nat[oa](?:\sil)?"
    r"|geboortedatum|doğum\starihi|d\.\starihi|ur\.|urodzon[ya](?:\sdnia)?|data\surodzenia"
    r"|дата\sрождения|род\.|родил(?:ся|ась)|ngày\ssinh|sinh(?:\sngày)?|出生日期|生年月日"
    r"|出生|生日|생년월일|생일)"
)


class ForeignBirthDateRecognizer(IdentifierRecognizer):
    """A birth date after its label in another language, as translated charts, intake forms
    and letters keep it: "geb. 7. Juni 1959", "née le 5 décembre 1974", "Fecha de nacimiento:
    15 de noviembre de 1959", "nascida em 16 de julho de 1972", "doğum tarihi 17 Mayıs 1959",
    "дата рождения 19.10.1996 г.", "出生日期 1970年6月18日", "생년월일 1959년 7월 8일". The label
    is part of the match (no context word needed); a month name without a birth label before
    it ("am 7. Juni 1959 eröffnet") is not reported."""

    ENTITY = "PERSONAL_DATE"
    NEEDS_DIGIT = True
    PATTERNS = [
        Pattern(
            "birth date after a label in another language",
            rf"(?<![\w.]){_FOREIGN_BIRTH}(?!\w)\s?[:：]?\s?\K(?:{_DATE}|{_FOREIGN_DATE})(?!\w)",
            0.6,
        )
    ]
    CONTEXT: ClassVar[list[str]] = []
    ANCHORS = {
        f"{ENTITY}/foreign-birth": [
            r"(?i:\bgeb\.|\bgeboren|\bgeburtsdatum|\bn(?:é|É)e?\b|naissance|nacimiento"
            r"|\bf\. ?(?:de )?nac\.|\bnacid[oa]|nascimento|\bnascid[oa]|nascita|\bnat[oa] il"
            r"|geboortedatum|do(?:ğ|Ğ)um|\bd\. tarihi|\bur\.|\burodzon|urodzenia|\bsinh\b"
            r"|ng(?:à|À)y sinh)",
            r"[Дд]ата рождения|\b[Рр]од\.|[Рр]одил",
            r"出生|生年月日|生日|생년월일|생일",
        ]
    }

    NOT_A_YEAR = False


class ServiceDateRecognizer(IdentifierRecognizer):
    """The date of a patient's care after the abbreviation a claim or a chart gives it: "DOS"
    (date of service, in capitals), "date of service", "Adm" / "Admitted", "Expired" and
    "Onset" opening a clause; a workers' compensation or claim file's "DOI" / "DOL" (date of
    injury, of loss), "Work injury", a work restriction's "light duty through"; with or
    without its year ("DOS 2026-02-20 04:27:32Z", "DOS 9/1", "Adm 07/03 for UTI", "Onset:
    18/6", "light duty through May 21st"). A lower-case "dos" (Spanish, the operating
    system) is no label."""

    ENTITY = "PERSONAL_DATE"
    NEEDS_DIGIT = True
    PATTERNS = [
        Pattern(
            "date after DOS / date of service / Adm / Expired",
            r"(?:\b(?-i:DOS|D\.O\.S\.?|DOI|DOL)|\bdates?\sof\s(?:service|injury|loss)"
            r"|(?:^|(?<=[\n.;:]\s?|\s{2}))(?-i:Adm|Admitted|Expired|Onset|Work\sinjury)"
            r"|\b(?:light|modified|restricted|limited)\sduty\s(?:through|thru|until|till|to|from)"
            r"|\b(?:off|out\sof)\swork\s(?:through|thru|until|till|since)"
            r"|\breturn(?:ed|ing|s)?\sto\s(?:work|duty)\s(?:on|from))"
            r"(?!\w)\s?[:#]?\s?(?:(?:of|on|from)\s)?\K"
            rf"(?:{_DATE}|{_MONTH_DAY})(?!\w)",
            0.6,
        )
    ]
    CONTEXT: ClassVar[list[str]] = []
    ANCHORS = {
        f"{ENTITY}/service": [
            r"\b(?:DOS|DOI|DOL)\b|\bD\.O\.S\b|(?i:\bdates? of (?:service|injury|loss))"
            r"|\b(?:Adm|Admitted|Expired|Onset|Work injury)\b",
            r"(?i:\b(?:light|modified|restricted|limited) duty |\b(?:off|out of) work "
            r"|\breturn(?:ed|ing|s)? to (?:work|duty) )",
        ]
    }

    NOT_A_YEAR = False


class BirthAnswerDateRecognizer(IdentifierRecognizer):
    """A date that is the whole answer, on the next line, to a question for a birth date, as
    call and chat transcripts write it ("AGENT: and can i get the date of birth\nCALLER: 16 Sep
    2000", "[00:00:12] CALLER: 15/6/1942"): the speaker's label, a colon, the date, the line's
    end. A date in a longer answer, or under another question, is not reported."""

    ENTITY = "PERSONAL_DATE"
    NEEDS_DIGIT = True
    PATTERNS = [
        Pattern(
            "date answering a birth-date question",
            rf"\b{_BIRTH_WORDS}(?:\sdate)?\b[^\n]{{0,80}}\r?\n[^\n]{{0,40}}?:\s?"
            r"(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day,?\s)?\K"
            rf"(?:{_DATE})(?=[ \t]*\.?[ \t]*\r?(?:\n|$))",
            0.6,
        )
    ]
    CONTEXT: ClassVar[list[str]] = []
    ANCHORS = {
        f"{ENTITY}/birth-answer/context": [
            r"(?i:\b(?:birth|born|dob|d\.o\.b|birthday|birthdate)\b)"
        ]
    }

    NOT_A_YEAR = False


# What a patient wears or has put in, placed and dated in the chart.
_PLACED_DEVICES = (
    r"(?:sensor|cgm|libre|dexcom|pump|catheter|picc|port|iud|implant|nexplanon|pessary|cast"
    r"|splint|drain|foley|patch|holter|monitor|pacemaker|stent|ng\stube|g-?tube|peg|trach)"
)


class PlacementDateRecognizer(IdentifierRecognizer):
    """The date a device was placed on or in a patient ("Libre sensor 0M1X placed L arm DATE",
    "PICC inserted R basilic on DATE", "IUD removed DATE"), and the date a member's coverage
    starts or ends ("member ID X not active as of DATE", "subscriber's plan effective DATE"),
    with or without the year. The device or member word comes first in the clause; "the
    build was placed on DATE", "the feature is active as of DATE" have neither."""

    ENTITY = "PERSONAL_DATE"
    NEEDS_DIGIT = True
    PATTERNS = [
        Pattern(
            "date a device was placed",
            rf"\b{_PLACED_DEVICES}\b[^\n;.]{{0,40}}?\s(?:placed|inserted|applied|removed|changed"
            r"|replaced|exchanged|fitted)(?:\s(?!on\b)[A-Za-z]{1,10}){0,3}?(?:\s(?:on|at))?\s\K"
            rf"(?:{_DATE}|{_MONTH_DAY})(?!\w)",
            0.6,
        ),
        Pattern(
            "date a member's coverage starts or ends",
            r"\b(?:member|subscriber|policyholder|beneficiary|enrollee|coverage|eligibility)\b"
            r"[^\n.;!?]{0,60}?\b(?:(?:not|no\slonger|in)\s)?(?:active|effective|terminated"
            r"|termed|eligible|covered|enrolled|lapsed|cancell?ed)\s(?:(?:as\sof|since|from|until"
            rf"|through|on)\s)?\K(?:{_DATE}|{_MONTH_DAY})(?!\w)",
            0.6,
        ),
    ]
    CONTEXT: ClassVar[list[str]] = []
    # the verb with the date's head right after it (a few words between for the site)
    ANCHORS = {
        f"{ENTITY}/placed": [
            r"(?i:\b(?:placed|inserted|applied|removed|changed|replaced|exchanged|fitted)"
            r"(?: [a-z]{1,10}){0,3} (?:[0-9]|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec))",
            r"(?i:\b(?:active|effective|terminated|termed|eligible|covered|enrolled|lapsed"
            r"|cancell?ed) (?:(?:as of|since|from|until|through|on) )?"
            r"(?:[0-9]|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec))",
        ]
    }

    NOT_A_YEAR = False


_STATES = (
    "AL|AK|AZ|AR|CA|CO|CT|DE|DC|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH"
    "|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY|PR"
)


# A value given to another field ("zip = '54321' WHERE id = 12345", '"count": 12345') is
# that field's, however near a ZIP word: the field's name is the nearer label.
_OTHER_FIELDS_VALUE = (
    r"(?<!\b(?!(?i:[\w.-]*(?:zip|postal|postcode|code)))[A-Za-z_][\w.-]*['\"]?[ \t]*[:=]"
    r"[ \t]*['\"]?)"
)
# "ID" after a word an identifier belongs to is that identifier's label, not Idaho: "member
# ID 54217-0343" is a plan's id (Alberta's health numbers are five and four digits).
_NOT_AN_ID = (
    r"(?<!\b(?i:member|subscriber|patient|user|account|group|policy|customer|employee|student"
    r"|card|claim|tax|national|photo|badge|device|session|order|record|plan|health|insured"
    r"|beneficiary|client|personal|provider|payer|transaction|request|ticket|case|job)"
    r"\s(?-i:ID|Id),?\s)"
    # nor after a comma that ends that one's name: "member Ma Jianhua, ID 35714-0028"
    r"(?<!\b(?i:member|subscriber|patient|policyholder|insured|beneficiary|enrollee|employee"
    r"|customer|client|student)\s[^\n,;]{1,40},\s(?-i:ID),?\s)"
)
# A number that counts something is no ZIP, even beside a ZIP word ("Readmissions by ZIP
# (35400 encounters)", "over 83672 rows").
_NOT_A_COUNT = (
    r"(?!\s(?i:encounters|rows|records|patients|visits|claims|people|residents|users|items"
    r"|entries|lines|ms|bytes|results|hits|cases|members|households|admissions|deaths|calls"
    r"|orders|requests|events|samples|responses|times)\b)"
)
# The first cell of a printed data frame's row, after the row's index ("0  40727  A. Roe"),
# is its id column's: the frame's ZIP column is read under its header (``labelled``).
_NOT_A_FRAME_ID = r"(?<!^[ \t]*\d{1,6}[ \t]{2,})"
# A state code after a plate word is a plate's prefix ("plate WA 12345", Warsaw's).
_NOT_A_PLATE = r"(?<!\b(?i:plate|reg|registration|tag)\W{1,3}[A-Z]{2},?\s)"


# A street's suffix as USPS abbreviates or spells it: what ends the street of an address.
_STREET_SUFFIX = (
    r"(?i:street|st|avenue|ave|road|rd|boulevard|blvd|lane|ln|drive|dr|court|ct|place|pl"
    r"|terrace|ter|parkway|pkwy|highway|hwy|circle|cir|way|square|sq|trail|trl)\b\.?"
)
# A ZIP after a street's suffix and a city: "Ln, Boise, ID 83702" (an anchor of ZipRecognizer).
STREET_ZIP_ANCHOR = _STREET_SUFFIX + r", (?:St\. )?[A-Z][a-z]+(?: [A-Z][a-z]+){0,2},? [0-9]{5}\b"
# Anchors whose start Hyperscan tracks at a high cost (a suffix word, then a city of one to
# three words before the ZIP that ends it): searched apart (``govern.scan.patterns``), 2.8 ms
# per MB of the sparse benchmark corpus with starts, 0.2 without.
COSTLY_ANCHORS = frozenset({STREET_ZIP_ANCHOR})
# House number, capitalised street name and suffix, maybe a unit: "40 Larkspur Ln, Apt 2".
_STREET = (
    r"\b\d{1,6}(?:[ ]+(?:[A-Z][A-Za-z'-]*\.?|\d{1,3}(?:st|nd|rd|th))){1,4}[ ]+"
    + _STREET_SUFFIX
    + r"(?:,?[ ]+(?:Apt|Suite|Ste|Unit|\#)\.?[ ]*[A-Za-z0-9-]+)?"
)


class ZipCodeRecognizer(IdentifierRecognizer):
    """US ZIP codes, only after a state code ("Springfield, IL 62704", HL7's "^IL^62704"),
    after a street address and its city without a state ("40 Larkspur Ln, Bangor 04401") or
    a ZIP / postal word; not a number assigned to another field ("zip = '54321' WHERE id =
    12345"), nor the number of a plate after its letters ("plate WA 12345")."""

    ENTITY = "ZIP_CODE"
    NEEDS_DIGIT = True
    PATTERNS = [
        Pattern(
            "ZIP after a state",
            rf"(?<=\b(?:{_STATES}),?\s){_NOT_A_PLATE}{_NOT_AN_ID}\d{{5}}(?:-\d{{4}})?\b",
            0.6,
        ),
        Pattern(  # HL7 v2 address (XAD): street^other^city^state^ZIP
            "ZIP after a state in HL7",
            rf"(?<=\^(?:{_STATES})\^)\d{{5}}(?:-\d{{4}})?(?=[\^|~\s]|$)",
            0.6,
        ),
        Pattern(  # the street makes the city's number its ZIP; "Suite 200, Floor 12345" has none
            "ZIP after a street and city",
            _STREET
            + r",[ ]+(?:St\.[ ])?[A-Z][a-z]+(?:[ ][A-Z][a-z]+){0,2},?[ ]\K\d{5}(?:-\d{4})?\b",
            0.6,
        ),
        Pattern(  # a card's row: number, expiry, billing ZIP ("'4111...', '12/29', '83505'")
            "ZIP after a card's expiry in a row",
            r"(?<![\w/])(?:0[1-9]|1[0-2])/(?:\d\d|20\d\d)['\"]?[ \t]*[,;|\t][ \t]*['\"]?\K"
            r"\d{5}(?:-\d{4})?(?=['\"]?[ \t]*(?:[,;|\t)\]]|$))",
            0.6,
        ),
        Pattern(  # "Order HR-4654 shipped to A. Roe at 54498": a parcel's destination
            "ZIP a parcel is shipped to",
            r"\b(?i:ship(?:ped|ping|s)?|deliver(?:ed|ing|s)?|mail(?:ed|ing)?|sent)\s(?i:to)\s"
            r"[^\n\d;]{1,40}?\s(?i:at|in)\s\K\d{5}(?:-\d{4})?\b(?![ ]?\d|[.,:/-]\d)"
            + _NOT_A_COUNT
            + r"(?!\s(?i:units?|pcs|pieces|boxes|pallets|cartons|parcels)\b)",
            0.6,
        ),
        Pattern(  # not the head of a longer number: a UK mobile's "07700 900123"
            "ZIP (context)",
            r"\b"
            + _OTHER_FIELDS_VALUE
            + _NOT_A_FRAME_ID
            + r"\d{5}(?:-\d{4})?\b(?![ ]\d)"
            + _NOT_A_COUNT,
            CONTEXT_ONLY,
        ),
    ]
    CONTEXT = ["zip", "zipcode", "postal", "postcode"]
    FLAGS = CASE_SENSITIVE  # "or 12345" is not Oregon
    ANCHORS = {
        ENTITY: [
            r"\b[A-Z]{2},? [0-9]{5}\b",
            r"\^[A-Z]{2}\^[0-9]{5}",
            r"\b(?:0[1-9]|1[0-2])/[0-9]{2,4}['\"]? *[,;|\t] *['\"]?[0-9]{5}",
            r"(?i:\b(?:ship|deliver|mail|sent)[a-z]* to )",
            STREET_ZIP_ANCHOR,
        ],
        **_context_anchor(ENTITY, CONTEXT),
    }

    NOT_A_YEAR = False


# Account names that are not a person's: defaults of images, CI runners, services and examples.
NOT_A_USER = frozenset(
    "user users username yourname your_username yourusername name me you admin administrator"
    " root ubuntu runner runneradmin vagrant ec2-user pi jovyan app docker node build circleci"
    " travis git www shared public default guest all test testuser example john_doe foo bar"
    " runner.temp local property staticmethod classmethod dataclass abstractmethod override"
    " cached_property pytest fixture app router wraps lru_cache jit"
    " postgres mysql www-data nobody daemon nginx apache redis jenkins centos debian fedora"
    " azureuser opc sshd operator deploy ansible gitlab-runner unknown anonymous none null"
    " team vscode codespace"  # the dev container's and Codespaces' default users
    # daemons' and services' own accounts, which sshd logs as scanners try them
    " tomcat kafka prometheus zookeeper hadoop hdfs yarn spark elasticsearch elastic kibana"
    " logstash grafana nagios zabbix oracle mongodb mongo rabbitmq memcached postfix dovecot"
    " named ntp chrony consul vault etcd minio gitea solr cassandra couchdb influxdb telegraf"
    " haproxy squid varnish jboss wildfly weblogic sonar sonarqube nexus artifactory teamcity"
    " airflow jupyter backup ftp ftpuser mail news proxy sys sync games lp"
    # Kubernetes components' and operators' accounts, as ``ls -l`` and ``ps`` show them
    " argocd argocd-server argocd-repo-server cert-manager fluent-bit fluentd coredns"
    " kube-proxy kubelet containerd traefik calico cilium istio envoy linkerd velero loki"
    " promtail alertmanager node-exporter kube-state-metrics ingress-nginx sentry-relay"
    " datadog datadog-agent otel-collector".split()
)
# A service account by its shape: "svc_backup", "svc-reports", "jenkins-agent", "deploy_bot".
_SERVICE_ACCOUNT = re.compile(
    r"(?:svc|service|sa|srv)[_-][\w.-]+|[\w.-]+[_-](?:svc|agent|bot|runner|service|daemon"
    r"|worker|exporter|robot|automation|ci)"
)


def no_ones_account(login: str) -> bool:
    """Whether ``login`` is an account no person has: an image's, a daemon's or a service's
    (``NOT_A_USER``), or shaped as a service account ("svc_backup", "jenkins-agent")."""
    name = login.lower()
    return name in NOT_A_USER or _SERVICE_ACCOUNT.fullmatch(name) is not None


# What follows "username is" / "login:" in forms and logs without being an account's name.
NOT_A_LOGIN = frozenset(
    "required invalid taken missing incorrect wrong unavailable available valid correct unique"
    " optional mandatory different changed locked disabled enabled blank undefined reserved ok"
    " success successful failed failure error denied expired shown displayed hidden used set"
    " unset true false field form page button"
    # type annotations and attributes in code: "username: str", "owner = self.owner"
    " str int bool float bytes list dict tuple optional any object self cls".split()
)
_LOGIN = r"[a-z_][\w.-]{1,31}(?<![.-])"  # a Unix / web login: letters, digits, _ . -
# Commands whose target is x@host, and their options before it ("ssh -p 2222 -i key x@host").
_SSH_COMMANDS = r"ssh|sftp|mosh|ssh-copy-id|telnet"
_SSH_OPTIONS = r"(?:[ \t]+-\w+(?:[ \t]+[^\s@-][^\s@]*)?)*"
# The remote path after "x@host" in scp, rsync, git: ":/tmp", ":~/src$", ":repo.git", ":org/repo";
# not a port (a URL's "pw@db:5432/orders", whose credentials the secrets detector reports)
_HOST_PATH = r":(?:[~/]|[\w.-]*[a-z_][\w.-]*(?:/|\.git\b))"
# A home folder whose name goes on past a space to the next separator or quote is a display
# name ("C:\\Users\\Abena Owusu\\Desktop"), a person's name and not a login: words of letters
# only, so "C:\\Users\\jdoe and D:\\" (a drive) and "/home/ana to /tmp" stay logins. So is one
# of capitalised words that ends its line ("PS C:\\Users\\Abena Owusu"; "/home/ana is full" is
# a login and prose).
_NOT_A_DISPLAY_NAME = (
    r"(?![\w.-]*+(?: [\p{L}'’-]+){1,3}[\\/\"']"
    r"|[\w.-]*+(?-i:(?<=[\\/]\p{Lu}\p{Ll}+)(?: \p{Lu}\p{Ll}+(?:[-'’]\p{Lu}?\p{Ll}+)?){1,2})"
    r"[ \t]*\r?$)"
)


# A mention in chat or a code review ("cc @ana_r"): a lower-case handle after a space, a line
# start or punctuation, that is none of what "@" opens in code: a decorator or annotation
# alone on its line or before "(" (``@cache``, ``@retry(3)``), in a comment or a doctest too
# (``#     @cache``, ``>>> @cache``), a Makefile recipe's silenced command (a tab-indented
# line), an npm scope (``@types/node``), a member (``@app.route``), an assignment or parameter
# (``@x = 1``, ``= @id``), a keyword of a doc comment or a style sheet (``NOT_A_MENTION``);
# nor a group's alias after an article ("ask the @support team"). Capitalised handles still
# need a platform word ("@handle (context)").
_MENTION = (
    r"(?<![\w.@/\\=(\[{$%\"'`-])(?<!=[ \t])(?<!^\t[ \t]*)"
    r"(?<!\b(?:the|a|an|our|your|their|this|that)[ ])"
    r"(?!(?<=^[ \t]*(?:(?:#|//|\*|>>>|\.\.\.)[ \t]*)?)@[\w.]+[ \t]*(?:\(|#|$))"
    r"@(?-i:(?=[a-z0-9_.-]*[a-z])[a-z0-9_](?:[a-z0-9_.-]{0,37}[a-z0-9_])?)"
    r"(?![\w@/(\[{=-]|[.:]\w|[ \t]*=)"
)
# What "@" opens in doc comments (Javadoc, JSDoc, PHPDoc, Doxygen), style sheets (CSS, Sass),
# templates (Razor, Blade) and batch files, chat's broadcast words (@here, @channel) and the
# aliases of teams (@support, @oncall).
NOT_A_MENTION = frozenset(
    """param params arg argument returns return throws throw exception see since version link
    linkplain code literal inheritdoc type typedef callback example todo fixme override private
    public protected static const readonly async module namespace class extends implements
    interface enum property prop member memberof default fires event listens mixin name ignore
    internal abstract template yields var method function func file fileoverview license
    copyright requires summary description desc constructor global this package experimental
    beta alpha remarks typeparam satisfies brief details note warning deprecated author
    media import keyframes font-face supports charset page layer container tailwind apply
    use forward include extend if else each while for error warn debug content at-root
    model html section foreach endforeach endif yield csrf echo here channel everyone
    all team teams support ops devops oncall on-call sre security admins dev devs qa infra
    sales billing help helpdesk eng engineering frontend backend platform mods moderators
    staff bot""".split()
)


class UsernameRecognizer(IdentifierRecognizer):
    """User names: in home directories and personal URL paths (/home/x, /Users/x, C:\\Users\\x,
    D:\\Profiles\\x, /~x, ~x), as the DOMAIN\\x that ``whoami`` prints, after "username:" /
    "username is" / "login:" / "logged in as", as the login of ``ssh x@host``, ``scp f
    x@host:/path``, a shell prompt (``x@host:~$``) and ``chown x``, as the account of ``mysql
    -u x``, ``sudo -u x``, ``crontab -u x``, ``su - x``, ``psql -U x`` and SQL's
    ``'x'@'localhost'`` and ``ALTER USER x``, in owner / author fields (lower case: "Author:
    Ana Raj" is a name), a comment's owner (``TODO(@x)``), the user column of ``ps aux``,
    sshd's log users ("Invalid user x from IP"), and @handles after a platform word. Service
    and image accounts (root, postgres, www-data, vscode) are no one's, nor is a display-name
    folder ("C:\\Users\\Abena Owusu")."""

    ENTITY = "USERNAME"
    PATTERNS = [
        Pattern(
            "home directory or personal URL path",
            r"(?<=(?:/home/|/users/|\\users\\|/~))[a-z_][\w.-]{1,31}(?<![.-])"
            + _NOT_A_DISPLAY_NAME,
            0.6,
        ),
        Pattern(  # roaming profiles at a drive's root: D:\Profiles\name\AppData
            "Windows profile folder",
            r"(?<=\b[a-z]:\\(?:profiles|documents[ ]and[ ]settings)\\)[a-z_][\w.-]{1,31}(?<![.-])"
            + _NOT_A_DISPLAY_NAME,
            0.6,
        ),
        Pattern(  # "PS C:\> whoami" prints DOMAIN\login on the next line
            "whoami output",
            r"\bwhoami[ \t]*\r?\n[ \t]*[\w.-]{1,15}\\\K[a-z_][\w.-]{1,31}(?<![.-])"
            r"(?=[ \t]*(?:\r?\n|$))",
            0.6,
        ),
        Pattern(  # a Windows share of home folders: \\server\home$\name, \\fs\profiles\name
            "UNC home folder",
            r"(?<=\\\\[\w.-]+\\(?:home|homes|users|profiles|userdata|redirect)\$?\\)"
            r"[a-z_][\w.-]{1,31}(?<![.-])" + _NOT_A_DISPLAY_NAME,
            0.6,
        ),
        Pattern("~name/", r"(?<=(?:^|[\s\"'(=:])~)[a-z_][\w.-]{1,31}(?<![.-])(?=/)", 0.6),
        Pattern(
            "shell ~name",
            r"(?<=\b(?:cd|ls|cp|mv|chown|chmod|ssh|scp|rsync|du|find)(?:\s+-\w+)*\s+~)"
            r"[a-z_][\w-]{1,31}\b",
            0.6,
        ),
        Pattern(  # not "handle = open(path)": a call or an attribute is code
            "username: x, username is x",
            r"\b(?:(?:user\s?name|user\s?id|login\s?(?:id|name)|sign[- ]?in\s?name"
            r"|screen\s?name)(?:\s?[:=]\s?|\s(?:is|was)\s)|(?:login|sign[- ]?in|handle)\s?[:=]\s?"
            r"|(?:login|user\s?name)['’]s\s)"  # "Login's ana_r, I reset it"
            r"\K"
            r"[a-z_][\w.-]{2,31}(?<![.-])(?![\w.-]*[(\[]|:`)",  # nor a Sphinx role, :exc:`E`
            0.6,
        ),
        Pattern(
            "logged in as x",
            rf"\b(?:logged|signed|log|sign|logging|signing)[ -](?:in|on)\sas\s\K{_LOGIN}"
            r"(?![\w.-]*[(\[])",
            0.6,
        ),
        Pattern(  # ssh [-p 22] x@host, sftp, mosh
            "ssh x@host",
            rf"\b(?:{_SSH_COMMANDS}){_SSH_OPTIONS}[ \t]+\K{_LOGIN}"
            r"(?=@[a-z0-9])",
            0.6,
        ),
        Pattern(  # scp / rsync / git remotes and shell prompts: x@host:/path, x@host:~/src$,
            # x@host:repo.git, x@host:team/repo
            "x@host:path",
            # possessive: nothing shorter can end before the "@" (cheap on every other word)
            r"(?<![\w.@/-])[a-z_][\w.-]{1,31}+(?<![.-])"
            rf"(?=@[a-z0-9][\w.-]*{_HOST_PATH})",
            0.6,
        ),
        Pattern(
            "chown x[:group]",
            rf"\bchown(?:[ \t]+-\w+)*[ \t]+\K{_LOGIN}(?=[:.]?[\s]|:\w)",
            0.6,
        ),
        Pattern(  # mysql -h db -u x -p, sudo -u x, crontab -u x -e, psql -U x, mysql --user=x
            "command -u x",
            r"\b(?:(?:mysql(?:dump|admin)?|mariadb|psql|pg_dump(?:all)?|pg_restore|createdb"
            r"|dropdb)(?:[ \t]+[^\s|;&<>]+){0,6}?"  # a host, a port, a database before it
            r"|(?:sudo|crontab|runuser)(?:[ \t]+-\w+)*)"  # not "sudo pip install -U pkg"
            rf"[ \t]+(?:-u[ \t]?|--user(?:name)?[= ])\K{_LOGIN}(?![\w.@-])",
            0.6,
        ),
        Pattern("su - x", rf"\bsu[ \t]+(?:-|-l|--login)[ \t]+\K{_LOGIN}(?![\w.@-])", 0.6),
        Pattern(  # GRANT ... TO 'x'@'localhost', CREATE USER `x`@`%`
            "SQL 'x'@'host'",
            rf"(?<=['`\"]){_LOGIN}(?=['`\"]@['`\"])",
            0.6,
        ),
        Pattern(  # "# owner: x (reviewed by ...)", "Author: x <x@...>": a login, lower case
            "owner: x, author: x",
            r"\b(?:owner|author|assignee|maintainer|reporter)\s?[:=]\s?\K"
            r"(?-i:[a-z_][a-z0-9_.-]{1,31})(?<![.-])(?=[ \t]*(?:$|[(<,;#]))",
            0.6,
        ),
        Pattern(
            "user=x (logs, query strings)",
            r"(?<=\buser=)[a-z_][\w.-]{2,31}(?<![.-])(?=[\s&;]|$)",
            0.6,
        ),
        Pattern(  # "$ whoami\nana_r": the command's output, alone on the next line
            "whoami output",
            rf"\b(?:whoami|logname|id[ \t]+-un|echo[ \t]+\$\{{?USER\}}?)[ \t]*\r?\n[ \t]*\K"
            rf"{_LOGIN}(?=[ \t]*(?:\r?\n|$))",
            0.6,
        ),
        Pattern(  # "drwxr-xr-x  5 ana_r  staff  160 Jan  3 10:12 src": the owner, then the group
            "ls -l owner",
            r"(?<![\w-])[-dlcbps][-r][-w][-xsS][-r][-w][-xsS][-r][-w][-xtT][.+@]?[ \t]+\d+[ \t]+\K"
            rf"{_LOGIN}(?=[ \t]+[\w.-]+[ \t]+\d)",
            0.6,
        ),
        Pattern(  # git log --author=ana_r, --committer ana_r; not a name ("--author='Ana Raj'")
            "git --author=x",
            r"--(?:author|committer)[= ][\"']?\K(?-i:[a-z_][a-z0-9_.-]{1,31})(?<![.-])"
            r"(?![\w.@-])",
            0.6,
        ),
        Pattern(  # "# TODO(@ana_r): ...", "FIXME(lwei)": the comment's owner
            "TODO(x)",
            # a bare word is the comment's topic ("TODO(perf)"): a separator or digit then
            rf"\b(?:todo|fixme|xxx|hack|bug|note)\((?:@\K|\K(?=[a-z]*[._\d-])){_LOGIN}(?=[),])",
            0.6,
        ),
        Pattern(  # "ana_r  48213  2.1  0.4  python train.py": a ps aux line, its user first
            "ps aux user",
            # a login, lower case or in capitals with digits ("ROEA42")
            rf"(?<![^\n])(?-i:{_LOGIN}|[A-Z]{{2,}}[A-Z0-9_]*[0-9])"
            r"(?=[ \t]+\d{1,7}[ \t]+\d{1,3}\.\d[ \t]+\d{1,3}\.\d[ \t])",  # PID %CPU %MEM
            0.6,
        ),
        Pattern(  # ALTER USER x WITH LOGIN, CREATE ROLE x, DROP USER IF EXISTS x
            "SQL CREATE / ALTER / DROP USER x",
            r"\b(?:create|alter|drop)\s+(?:user|role|login)\s+(?:if\s+(?:not\s+)?exists\s+)?"
            rf"[\"`]?\K{_LOGIN}(?![\w.@'`\"-])",
            0.6,
        ),
        Pattern(  # sshd: "authenticating user x 10.0.0.5", "Invalid user x from ...",
            # "Failed password for invalid user x from", "Accepted publickey for x from"
            "sshd log user",
            r"\b(?:(?:invalid|illegal|authenticating)\s+user|(?:password|publickey|none"
            r"|keyboard-interactive(?:/pam)?)\s+for(?:\s+invalid\s+user)?)\s+\K"
            rf"{_LOGIN}(?=\s+(?:from\s+)?[0-9a-f]{{0,4}}[.:][0-9a-f.:]+\s)",
            0.6,
        ),
        Pattern(  # sudo's syslog line: "sudo: ana_r : TTY=pts/0 ; PWD=/home/ana_r ; USER=root"
            "sudo log user",
            rf"\bsudo(?:\[\d+\])?:[ \t]+\K{_LOGIN}(?=[ \t]+:[ \t]+(?:TTY|PWD|USER|COMMAND)=)",
            0.6,
        ),
        Pattern(  # an AWS IAM user's ARN, maybe under a path: arn:aws:iam::123456789012:user/x
            "IAM user ARN",
            r"\barn:aws(?:-cn|-us-gov)?:iam::\d{12}:user/(?:[\w+=,.@-]+/)*\K[\w+=,.@-]{1,64}"
            r"(?![\w+=,.@/-])",
            0.6,
        ),
        Pattern(  # chat and code review: "thanks @ana_r, merged! cc @lwei"
            "@mention",
            _MENTION,
            0.6,
        ),
        Pattern(
            "@handle (context)",  # not a decorator: alone on its line, or before "(" there
            r"(?<![\w.@])(?!(?<=^[ \t]*)@[\w.]+[ \t]*(?:\(|#|$))"
            r"@[a-z0-9_](?:[\w.]{0,28}[a-z0-9_])(?![\w@])(?!\.\w)",
            CONTEXT_ONLY,
        ),
    ]
    CONTEXT = [
        "twitter", "instagram", "handle", "github", "telegram", "tiktok", "follow", "slack",
        "discord", "mastodon",
    ]  # fmt: skip
    # Where only a context word fired ("follow", "handle"), the patterns that need one; the
    # others hold one of the USERNAME anchors, whose own window runs them (govern.scan.pii).
    CONTEXT_KEY_PATTERNS = frozenset({"@handle (context)", "username: x, username is x"})
    ANCHORS = {
        ENTITY: [
            # ignoring case as the patterns do ("/home/Ana", "~Ana/", "user=Ana")
            r"(?i:(?:/home/|/users/|\\users\\)[a-z_])",
            r"(?i:\\(?:home|homes|users|profiles|userdata|redirect)\$?\\[a-z_])",
            r"(?i:[a-z]:\\(?:profiles|documents and settings)\\[a-z_])",
            r"(?i:\bwhoami\b)",
            r"(?i:~[a-z_])",
            r"(?i:user ?name|user ?id|login(?: ?(?:id|name))?|sign[- ]?in(?: ?name)?|screen ?name"
            r"|handle) ?[:=]",
            r"(?i:user ?name|user ?id|login ?(?:id|name)|sign[- ]?in ?name|screen ?name)"
            r" (?i:is|was) ",
            r"(?i:\buser=[a-z_])",
            r"(?i:\b(?:log|sign)(?:ged|ed|ging|ing|s)?[ -](?:in|on) as )",  # as the pattern reads
            rf"(?i:\b(?:{_SSH_COMMANDS}|chown)\s)",
            r"(?i:\b(?:mysql|mysqldump|mysqladmin|mariadb|sudo|crontab|psql|pg_dump|pg_dumpall"
            r"|pg_restore|createdb|dropdb|runuser|su)\s)",
            r"\w['`\"]@['`\"]",  # the login's last character, a quote, "@" and a quote
            r"(?i:[a-z0-9_]@[a-z0-9][a-z0-9.-]*:[~/a-z0-9_])",
            r"(?i:\b(?:owner|author|assignee|maintainer|reporter)) ?[:=]",
            r"(?i:\b(?:whoami|logname|id[ \t]+-un|echo[ \t]+\$\{?user\}?))",
            r"(?i:[-dlcbps][-r][-w][-xs][-r][-w][-xs][-r][-w][-xt])[.+@]?[ \t]+[0-9]+[ \t]+",
            r"(?i:--(?:author|committer)[= ])",
            r"(?:^|[^A-Za-z0-9_.@/\\=(\[{$%\"'`-])@[a-z0-9_]",
            r"(?i:\b(?:todo|fixme|xxx|hack|bug|note)\(@?[a-z_])",
            # the login's last character, then PID %CPU %MEM of a ps aux line
            r"[a-z0-9_][ \t]+[0-9]{1,7}[ \t]+[0-9]{1,3}\.[0-9][ \t]+[0-9]{1,3}\.[0-9][ \t]",
            r"(?i:\b(?:create|alter|drop)\s+(?:user|role|login)\s)",
            r"(?i:\b(?:invalid|illegal|authenticating) user |\b(?:password|publickey|none"
            r"|keyboard-interactive(?:/pam)?) for )",
            r"(?i:\b(?:login|user ?name)['’]s [a-z_])",
            r"(?i:\bsudo(?:\[[0-9]+\])?: +[a-z_][a-z0-9_.-]* +: +(?:tty|pwd|user|command)=)",
            r"(?i:\barn:aws[a-z-]*:iam::[0-9]{12}:user/)",
        ],
        **_context_anchor(ENTITY, CONTEXT),
    }

    def invalidate_result(self, pattern_text: str) -> bool:
        # a team's alias, its words all a team's: "@platform-team", "@sre-oncall"
        if pattern_text.startswith("@") and all(
            part in NOT_A_MENTION for part in re.split(r"[-_.]", pattern_text[1:].lower())
        ):
            return True
        name = pattern_text.lstrip("@").lower()  # "request.user" is code, not a user
        if name in NOT_A_LOGIN or name in STOP_WORDS or name.split(".")[0] in NOT_A_LOGIN:
            return True
        return no_ones_account(name) or any(part in NOT_A_USER for part in name.split("."))


_LOGIN_VALUE = r"[a-z][a-z0-9]*(?:(?:[._-][a-z0-9]+)+|[0-9]+)?(?![\w@.-]*[\w@])"
# What support does to an account, and what to: "reset it for", "unlocked the account for".
_ACCOUNT_ACTIONS = (
    r"reset|unlocked?|locked|disabled|enabled|re-?enabled|deactivated|reactivated|suspended"
    r"|provisioned|deprovisioned"
)
_RUNS = r"runs|run|running|ran|executes|executed|executing"
_ACTED_ON = (
    r"it|that|them|(?:the|his|her|their)[ ](?:password|account|login|access|mfa|2fa|token|pin)"
)


class LoginRecognizer(IdentifierRecognizer):
    """A login after the word "user" / "login" / "account" ("user ana_t failed", "login
    raj42"), after "my login is" / "my own sign-in is" ("my username is" is
    ``UsernameRecognizer``'s), after what support does to an account ("I reset it for x",
    "unlocked the account for x"), as the account a process runs as ("CI runs as runner, not
    x") and as what an account is under ("set up the account so it might be under x"), when
    the value is shaped like one: lower case with a separator or trailing digits (maria.lopez,
    ana_t, raj42), or letters built from a name as logins are: an initial and a surname of 5+
    letters (skowalski), a first name of 4+ letters and an initial (sigridb), or a surname of
    5+ letters and an initial (nystromh).

    Plain words after "user" are its phrases ("user agent", "user session"), after "my login
    is" its states ("broken", "locked") and after "runs as" its manners ("runs as expected"),
    not logins, so a value of letters alone needs the name, and is not a name whole: "account
    holder" is "h" + "older" but also the surname Holder, a word; nor a name and the "s" or
    "d" of a word's inflection ("hoped", "loved"), nor a surname and an ending of English
    words ("walkers", "bakery", "fuller").
    """

    ENTITY = "USERNAME"
    PATTERNS = [
        Pattern(
            "login after user / login / account",
            r"(?<=\b(?i:user|login|logon|account|username|user[ ]name|userid)[ ])" + _LOGIN_VALUE,
            0.6,
        ),
        Pattern(  # support chat: "I reset it for ana_r", "unlocked the account for raj42"
            "account action for x",
            rf"(?<=\b(?i:{_ACCOUNT_ACTIONS})[ ](?i:(?:{_ACTED_ON})[ ])?(?i:for)[ ])" + _LOGIN_VALUE,
            0.6,
        ),
        # Matched from the word and kept out with \K: a long look-behind would be tried at
        # every character of the window.
        Pattern(  # "the job runs as ana_r": the account a process runs as
            "runs as x",
            rf"\b(?i:{_RUNS})[ ](?i:as)[ ]\K" + _LOGIN_VALUE,
            0.6,
        ),
        Pattern(  # "CI runs as runner, not ana_r": and the one it does not
            "runs as y, not x",
            rf"\b(?i:{_RUNS})[ ](?i:as)[ ](?i:user[ ])?[a-z_][\w.-]*,?[ ]"
            r"(?i:not|instead[ ]of|rather[ ]than)[ ]\K" + _LOGIN_VALUE,
            0.6,
        ),
        Pattern(  # "set up the account so it might be under ana_r": the login it is under
            "account under x",
            r"\b(?i:account|login|logon|profile|sign[- ]?in|registration)\b[^.;:!?\n]{0,40}?"
            r"[ ](?i:under)[ ]\K(?!v\d)" + _LOGIN_VALUE,  # not a version: "under v2"
            0.6,
        ),
        Pattern(
            "my login is x",
            r"(?<=\b(?i:my|our|your|his|her|their)[ ](?i:own[ ])?"
            r"(?i:login|logon|sign[- ]?in|account|handle)[ ](?i:is|was)[ ])" + _LOGIN_VALUE,
            0.6,
        ),
    ]
    CONTEXT: ClassVar[list[str]] = []
    FLAGS = CASE_SENSITIVE  # "User Guide" is a title, logins are lower case
    ANCHORS = {
        f"{ENTITY}/login": [
            r"(?i:\b(?:user|login|logon|account|username|userid) )[a-z]",
            r"(?i:\b(?:login|logon|sign[- ]?in|account|handle) (?:is|was) )[a-z]",
            rf"(?i:\b(?:{_ACCOUNT_ACTIONS}) (?:(?:{_ACTED_ON}) )?for )[a-z]",
            rf"(?i:\b(?:{_RUNS}) as )",
            # "account under x": the "account" / "login" anchors above, and these
            r"(?i:\b(?:profile|sign[- ]?in|registration)\b)",
        ]
    }

    def invalidate_result(self, pattern_text: str) -> bool:
        if no_ones_account(pattern_text) or pattern_text in STOP_WORDS:
            return True
        if not pattern_text.isalpha():
            return False  # a separator or digits: a login's shape
        names = shipped_names()
        if pattern_text in names.last or pattern_text in names.first:
            return True  # a word that is a name whole ("account holder"), not initial + surname
        head, initial = pattern_text[:-1], pattern_text[-1]
        return not (
            (len(pattern_text) >= 6 and pattern_text[1:] in names.last)
            or (initial not in "sd" and len(head) >= 4 and head in names.first)
            # a surname and an initial (nystromh); not an English word's ending on a
            # surname ("walkers", "bakery", "fuller")
            or (initial not in "sdyre" and len(head) >= 5 and head in names.last)
        )


# An account's number right after its word, in a phone's groups ("acct is 500 718 8045",
# "{'acct': '500 718 8045'}", "a/c 500 718 8045"), is the account's, not a phone's.
_AFTER_AN_ACCOUNT_WORD = (
    r"(?<!\b(?i:acct|account|a/c)(?:\s?(?i:no\.?|number|num|#))?['\"]?\s?(?i:is\s)?[:#=]?\s?"
    r"['\"]?)"
)
# Words that give the number after them as a phone's: ten digits alone are any number's.
_PHONE_WORDS = (
    r"(?:phone|tel|telephone|mobile|cell|cellphone|direct|ring|call|callback|whatsapp|sms)"
)


class UsPhoneRecognizer(IdentifierRecognizer):
    """Well-formed North American numbers (+1, or area code and separators), which need no
    context word, and ten digits without separators right after a phone word ("Direct:",
    "phone=", "ring her on"); presidio's PhoneRecognizer still covers every other format, with
    context."""

    ENTITY = "PHONE_NUMBER"
    NEEDS_DIGIT = True
    PATTERNS = [
        Pattern(
            "NANP with +1",
            r"(?<![\w+])\+1[ .-]?\(?[2-9]\d\d\)?[ .-]?[2-9]\d\d[ .-]?\d{4}\b(?![.-]\d)",
            0.6,
        ),
        Pattern(
            "NANP (area code) exchange-line",
            # a "(" before it is the parenthesis a phone is put in: "Son A ((717)-744-0405)"
            r"(?<![\w+.-])(?:1[ .-])?\([2-9]\d\d\)[ .-]?[2-9]\d\d[ .-]\d{4}\b(?![.-]\d)",
            0.6,
        ),
        Pattern(
            "NANP area-exchange-line",
            r"(?<![\w+.-])(?=[1-9])"
            + _AFTER_AN_ACCOUNT_WORD
            + r"(?:1([ .-]))?[2-9]\d\d([ .-])[2-9]\d\d\2\d{4}\b(?![.-]\d)",
            0.6,
        ),
        Pattern(  # "503/555-0147", "503 555-0147": the area code set off its own way
            "NANP area/exchange-line",
            r"(?<![\w+./-])[2-9]\d\d[/ ][2-9]\d\d-\d{4}\b(?![.-]\d)",
            0.6,
        ),
        Pattern(  # "Direct: 2125550147", "phone='2125550147'", "ring her on 2125550147"
            "NANP ten digits after a phone word",
            rf"\b{_PHONE_WORDS}\b[ \t]?(?:number|no\.?|#)?[ \t]?[:=]?[ \t]?['\"]?"
            r"(?:(?:me|her|him|us|them)[ \t])?(?:(?:on|at)[ \t])?\K"
            r"(?<![\w+.-])[2-9]\d\d[2-9]\d{6}\b(?![.-]\d)",
            0.6,
        ),
    ]
    CONTEXT: ClassVar[list[str]] = []
    ANCHORS = {
        "PHONE_NUMBER/nanp": [
            r"\+1[ .-]?\(?[2-9][0-9]{2}\)?[ .-]?[2-9][0-9]{2}[ .-]?[0-9]{4}",
            r"\(?[2-9][0-9]{2}\)?[ ./-]?[2-9][0-9]{2}[ .-][0-9]{4}",
            # printable ASCII but digits between the word and the number
            rf"(?i:\b{_PHONE_WORDS}\b)[ -/:-~]{{0,20}}[2-9][0-9]{{2}}[2-9][0-9]{{6}}\b",
        ]
    }

    NOT_A_YEAR = False


# How cards print their digits: fours (the last group shorter), or American Express and
# Diners Club's 4-6-5 and 4-6-4. "1541690-1029257" (an order number's tail) is none of them.
def _card_layout(groups: list[int]) -> bool:
    if len(groups) == 1:
        return True
    fours = all(n == 4 for n in groups[:-1]) and 1 <= groups[-1] <= 4
    return fours or groups in ([4, 6, 5], [4, 6, 4])


class InternationalPhoneRecognizer(IdentifierRecognizer):
    """Numbers written with ``+`` and a country code other than 1 in phone-like groups ("+44
    7700 900123", "+61 412 345 678"), whose length is possible for that country: the ``+``
    says it is dialled. They need no context word and need not be assigned in phonenumbers'
    metadata, which lags the numbering plans (presidio's recognizer wants a valid number and a
    phone word among the five tokens before it, which "contact: Name (wife) +61 ..." has not).
    """

    ENTITY = "PHONE_NUMBER"
    NEEDS_DIGIT = True
    PATTERNS = [
        Pattern(
            "+CC and groups",
            r"(?<![\w+])\+[2-9]\d{0,2}(?:[ .-]\(?\d{1,8}\)?){1,5}\b(?![.-]\d)",
            0.6,
        )
    ]
    CONTEXT: ClassVar[list[str]] = []
    ANCHORS = {"PHONE_NUMBER/international": [r"\+[2-9][0-9]{0,2}[ .-]\(?[0-9]{1,8}"]}
    NOT_A_YEAR = False

    def validate_result(self, pattern_text: str) -> bool | None:
        digits = _digits(pattern_text)
        if not 8 <= len(digits) <= 15:
            return False
        if len(digits) == 13 and digits.startswith("521"):
            # Mexico's mobiles were dialled "+52 1" and ten digits until 2019, and are still
            # written so: the 1 is no longer in the numbering plan phonenumbers checks.
            pattern_text = "+52" + digits[3:]
        try:
            number = phonenumbers.parse(pattern_text)
        except phonenumbers.NumberParseException:
            return False
        return None if phonenumbers.is_possible_number(number) else False


# The first four digits of the card networks presidio's pattern reads (its own groups: UATP 1,
# American Express / Diners / JCB 3, Visa 4, Mastercard 51-55, Discover / UnionPay / Maestro 6),
# and those it misses: Mastercard's 2-series (2221-2720, issued since 2017), Mir (2200-2204),
# Maestro's 56-58, Verve's 5061 / 5078 and the rest of 50 (Maestro, RuPay's 508), RuPay's
# 81-82 and Troy's 9792; and the domestic schemes of the CIS: Uzbekistan's UzCard (8600) and
# Humo (9860), Ukraine's Prostir (9804), Belarus's Belkart (9112), Kyrgyzstan's Elcart
# (9417) and Armenia's ArCa (9051).
_CARD_PREFIX = (
    r"((4\d{3})|(5[0-8]\d{2})|(6\d{3})|(1\d{3})|(3\d{3})"
    r"|(2(?:22[1-9]|2[3-9]\d|[3-6]\d\d|7[01]\d|720))|(220[0-4])|(8[12]\d{2})|(9792)"
    r"|(8600|9860|9804|9112|9417|9051))"
)


class NotImeiCreditCardRecognizer(CreditCardRecognizer):
    """presidio's card recognizer, with Mastercard's 2-series and Mir cards, numbers of up to
    19 digits (Maestro, Mir, UnionPay: "4-4-4-4-3"), and without a run of a longer grouped
    number (a 22-digit parcel tracking number holds no card), and without
    15-digit numbers that only an IMEI can be: 15-digit cards are American Express (34, 37)
    or UATP (1, only in groups: fifteen digits starting with 1 unbroken are as often a
    profile or order id), and without digits grouped as no card prints them."""

    PATTERNS = [
        Pattern(
            "All Credit Cards (weak)",  # presidio's, its network prefixes widened
            r"\b(?<!\d[- ])(?!1\d{12}(?!\d))"
            + _CARD_PREFIX
            + r"[- ]?(\d{3,4})[- ]?(\d{3,4})[- ]?(\d{3,5})(?:[- ]?(\d{1,3}))?\b(?![- ]\d)",
            0.3,
        )
    ]

    def invalidate_result(self, pattern_text: str) -> bool:
        digits = _digits(pattern_text)
        if len(digits) > 19:  # ISO/IEC 7812: a card number has at most 19 digits
            return True
        if len(digits) == 15 and not digits.startswith(("34", "37", "1")):
            return True
        if len(digits) == 15 and digits == pattern_text and digits.startswith("1"):
            return True
        # 13 digits are only an old Visa's, 14 only Diners Club's (30, 36, 38, 39): an account
        # number of 14 digits passes the Luhn check one time in ten
        if (len(digits) == 13 and digits[0] != "4") or (len(digits) == 14 and digits[0] != "3"):
            return True
        if digits[0] == "1" and len(digits) != 15:  # UATP's are 15 digits (a post's id is 19)
            return True
        return not _card_layout([len(group) for group in re.split(r"[ -]+", pattern_text)])


# Public hotlines no person is behind, as their ten NANP digits: a care note's or a letter's
# "call Poison Control at 1-800-222-1222" names a service (as a public resolver is no host of
# a person's). Poison Control, the 988 Lifeline's former number, SAMHSA, the domestic
# violence, RAINN and Childhelp hotlines, CDC-INFO, Medicare, Social Security, the IRS, the
# VA's benefits line, FEMA, the Trevor Project and the Runaway Safeline.
PUBLIC_HOTLINES = frozenset(
    "8002221222 8002738255 8006624357 8007997233 8006564673 8004224453 8002324636 8006334227"
    " 8007721213 8008291040 8008271000 8006213362 8664887386 8007862929".split()
)


def public_hotline(value: str) -> bool:
    """Whether ``value`` is one of ``PUBLIC_HOTLINES``, with or without the leading 1."""
    digits = _digits(value)
    return len(digits) in (10, 11) and digits[-10:] in PUBLIC_HOTLINES and digits[:-10] in ("", "1")


# A login at a host written as an address: the target of ``ssh x@host`` (and the other
# ``_SSH_COMMANDS``), read back from the "@"; and ``x@host:path``, the remote path of scp,
# rsync and git ("x@host:/tmp", "x@host:~/src$", "x@host:repo.git").
_SSH_TARGET_BEFORE = rf"(?<!\b(?:{_SSH_COMMANDS}){_SSH_OPTIONS}[ \t]+[^\s@]+@)"
# read past every shorter domain the pattern may try
_HOST_PATH_AFTER = rf"(?![\w.-]*{_HOST_PATH})"


class NotALoginEmailRecognizer(OfflineEmailRecognizer):
    """presidio's email recognizer (offline), without a login at a host: ``ssh x@host`` and
    ``x@host:path`` name an account on a machine, which ``UsernameRecognizer`` reports as the
    USERNAME x; neither is an address mail is sent to."""

    PATTERNS = [
        Pattern(
            pattern.name,
            pattern.regex.replace("[@]", "[@]" + _SSH_TARGET_BEFORE, 1) + _HOST_PATH_AFTER,
            pattern.score,
        )
        for pattern in EmailRecognizer.PATTERNS
    ]


# A dotted quad named as a build's, a version's or a release's number is one ("build
# 7.0.3.210", "version: 10.0.19045.3803", "v 5.2.4.120"): four-part version numbers (Windows,
# .NET and Java builds) fall in the IPv4 range as often as not.
_NOT_A_BUILD = (
    r"(?<!\b(?i:build|version|ver|release|firmware|fw|rev|revision|v)\.?[ \t]?[:=#]?[ \t]?"
    r"[\"']?)"
)


class PersonalIpRecognizer(IpRecognizer):
    """presidio's IP recognizer, without addresses in ``not_personal`` (networks or addresses)
    and without a version number after its build or version word."""

    PATTERNS = [
        Pattern(p.name, (_NOT_A_BUILD + p.regex) if p.name == "IPv4" else p.regex, p.score)
        for p in IpRecognizer.PATTERNS
    ]

    def __init__(self, not_personal: list[str], supported_language: str = "en") -> None:
        super().__init__(
            patterns=self.PATTERNS, supported_language=supported_language, name="IpRecognizer"
        )
        self.not_personal = [ipaddress.ip_network(n, strict=False) for n in not_personal]

    def invalidate_result(self, pattern_text: str) -> bool:
        if super().invalidate_result(pattern_text):
            return True
        address = ipaddress.ip_interface(pattern_text).ip
        return any(address in network for network in self.not_personal)


class ContextSsnRecognizer(UsSsnRecognizer):
    """presidio's SSN recognizer, where nine digits without separators count beside an SSN
    word (presidio scores them 0.05, which no context word lifts to the threshold)."""

    PATTERNS = [
        Pattern(p.name, p.regex, CONTEXT_ONLY if p.name == "SSN4 (very weak)" else p.score)
        for p in UsSsnRecognizer.PATTERNS
    ]

    def __init__(self, supported_language: str = "en") -> None:
        super().__init__(
            patterns=self.PATTERNS, supported_language=supported_language, name="UsSsnRecognizer"
        )


# What a word processor or a typeset page puts where a hyphen or a space was typed between
# digits: Word's en dash ("123–45–6789"), the figure dash and minus sign of typeset tables,
# non-breaking hyphens and spaces ("4111\u00a01111"), thin and narrow no-break spaces. Each
# is one code point, replaced by one, so offsets stay those of the text. An em dash is prose
# punctuation too ("SSN\u2014123-45-6789"): it is a separator only between two digits.
_AS_HYPHEN = "\u2010\u2011\u2012\u2013\u2212\ufe63\uff0d"
_AS_SPACE = "\u00a0\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u202f"
_FOLD = str.maketrans(_AS_HYPHEN + _AS_SPACE, "-" * len(_AS_HYPHEN) + " " * len(_AS_SPACE))
_EM_DASH_BETWEEN_DIGITS = re.compile(r"(?<=\d)[\u2014\u2015](?=\d)")


def fold_separators(text: str) -> str:
    """``text`` with the dashes and spaces above as ASCII hyphens and spaces, its length kept:
    the identifier rules are written for what a keyboard types."""
    if text.isascii():
        return text
    return _EM_DASH_BETWEEN_DIGITS.sub("-", text.translate(_FOLD))


IDENTIFIER_RECOGNIZERS: list[type[IdentifierRecognizer]] = [
    MedicalRecordNumberRecognizer,
    HealthPlanIdRecognizer,
    AccountNumberRecognizer,
    LicenseNumberRecognizer,
    DeviceSerialRecognizer,
    LicensePlateRecognizer,
    VinRecognizer,
    ImeiRecognizer,
    PersonalDateRecognizer,
    FollowUpDateRecognizer,
    CareRecordDateRecognizer,
    ChartNoteDateRecognizer,
    ClinicalEventDateRecognizer,
    SpokenBirthDateRecognizer,
    ForeignBirthDateRecognizer,
    ServiceDateRecognizer,
    BirthAnswerDateRecognizer,
    PlacementDateRecognizer,
    AgeOver89Recognizer,
    ZipCodeRecognizer,
    UsernameRecognizer,
    LoginRecognizer,
    UsPhoneRecognizer,
    InternationalPhoneRecognizer,
]
IDENTIFIER_ENTITIES = sorted({r.ENTITY for r in IDENTIFIER_RECOGNIZERS} - {"PHONE_NUMBER"})
