"""Identifiers whose label is part of what is matched, or of the structure around it, so that
no context word in the clause is needed: "hospital no." and "CA lic." before a value, an HL7 v2
field typed MR, an HL7 PID segment's birth and death dates by their field, a device's serial
as ``getprop`` and ``ioreg`` print it, a table's plate column under its header, and the dates
under an SQL INSERT's date-of-birth column; and, by their format's field, DICOM and X12 dates,
patient and member ids, /etc/passwd and SSH-key logins, a table's MRN / birth date / ZIP
column, and values after their abbreviation (HAR, SN, soc. sec. no., a Canadian health card's
label).

Each is an ``IdentifierRecognizer`` of a type that ``govern.scan.identifiers`` otherwise finds
only beside a context word in the same clause; these do not set ``CONTEXT_DECIDES``, so the
scanner (``govern.scan.pii``) keeps their findings without one (a line break or "lic. A1"'s
full stop would end the clause before the value). ``LABELLED_RECOGNIZERS`` lists them.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

from govern.scan._presidio import STOP_WORDS, Pattern, RecognizerResult
from govern.scan.identifiers import (
    _DATE,
    _DAY,
    _DAY_MONTH_NAME,
    CASE_SENSITIVE,
    GERMAN_PLATE,
    NOT_A_LOGIN,
    PLATE,
    POLISH_PLATE,
    SPACED_LICENCE,
    UK_LICENCE,
    WA_LICENCE,
    IdentifierRecognizer,
    _digits,
    no_ones_account,
    vin_check_digit,
)

# An HL7 v2 identifier (CX): ID^check digit^scheme^assigning authority^type code.
_HL7_COMPONENT = r"[^\^|~\n]*"


class LabelledRecordNumberRecognizer(IdentifierRecognizer):
    """Medical record numbers whose label is part of the match, so that no context word is
    needed: after "hospital no." / "unit no.", an HL7 v2 identifier typed MR (medical record)
    or PI (patient internal) anywhere, and the first identifier of a PID segment's patient
    identifier fields (PID-2 to PID-4: ``PID|1||E123456^^^HOSP^MR||...``)."""

    ENTITY = "MEDICAL_RECORD_NUMBER"
    NEEDS_DIGIT = True
    PATTERNS = [
        Pattern(
            "MRN after hospital / unit no.",
            r"(?i:\b(?:hospital|hosp|unit)\.?\s?(?:no\.?|number|num|#))\s?[:#]?\s?\K"
            r"(?:[A-Z]{1,2}-?)?\d{2,12}(?:-\d{2,4}){0,3}\b",
            0.6,
        ),
        Pattern(
            "HL7 identifier typed MR / PI",
            rf"(?<![^|~\n])(?=[A-Z.-]*\d)[A-Z0-9][A-Z0-9.-]{{3,19}}(?<![.-])"
            rf"(?=\^{_HL7_COMPONENT}\^{_HL7_COMPONENT}\^{_HL7_COMPONENT}\^(?:MR|PI)(?:[\^|~\r\n]|$))",
            0.6,
        ),
        Pattern(
            "HL7 PID-2 to PID-4, first identifier",
            r"^PID\|[^|\n]*\|(?:[^|\n]*\|){0,2}\K(?=[A-Z.-]*\d)[A-Z0-9][A-Z0-9.-]{3,19}(?<![.-])"
            r"(?=[\^|~\n]|$)",
            0.6,
        ),
    ]
    FLAGS = CASE_SENSITIVE  # HL7 type codes and segment names are capitals
    CONTEXT: ClassVar[list[str]] = []
    ANCHORS = {
        f"{ENTITY}/labelled": [
            r"(?i:\b(?:hospital|hosp|unit)\.? ?(?:no\.?|number|num|#))",
            r"\^(?:MR|PI)(?:[\^|~\r\n]|$)",
            r"\bPID\|",
        ]
    }

    def invalidate_result(self, pattern_text: str) -> bool:
        return super().invalidate_result(pattern_text) or len(_digits(pattern_text)) < 5


# An HL7 v2 timestamp (DTM): YYYYMMDD, maybe hours to seconds and a UTC offset.
_HL7_DATE = (
    r"(?:18|19|20)\d\d(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])"
    r"(?:\d{2,6}(?:\.\d+)?)?(?:[+-]\d{4})?"
)


class HL7DateRecognizer(IdentifierRecognizer):
    """The dates of a patient in an HL7 v2 PID segment: the birth date (PID-7) and the death
    date (PID-29), by their place in the segment (``PID|1||E123^^^HOSP^MR||DOE^ANA||19470303|F``).
    The field's place is its label; a date in another field (a message's own timestamp in MSH,
    an order's in OBR) is not the patient's."""

    ENTITY = "PERSONAL_DATE"
    NEEDS_DIGIT = True
    PATTERNS = [
        Pattern(
            "HL7 PID-7 birth date",
            rf"(?<![^\r\n])PID\|(?:[^|\r\n]*\|){{6}}\K{_HL7_DATE}(?=[|^\r\n]|$)",
            0.6,
        ),
        Pattern(
            "HL7 PID-29 death date",
            rf"(?<![^\r\n])PID\|(?:[^|\r\n]*\|){{28}}\K{_HL7_DATE}(?=[|^\r\n]|$)",
            0.6,
        ),
    ]
    FLAGS = CASE_SENSITIVE
    CONTEXT: ClassVar[list[str]] = []
    # The fields before PID-7 (identifiers, a name) may run past the default window.
    ANCHORS = {f"{ENTITY}/hl7/context": [r"\bPID\|"]}

    NOT_A_YEAR = False  # a year inside a date is the date


_WEEKDAY = r"(?:mon|tues?|wed|thu(?:rs?)?|fri|sat|sun)(?:day|nesday|sday|urday)?\.?"
# A day and month alone ("3/4"): not a fraction's or a ratio's tail, nor a date's head.
# After a mail link's encoded space ("%20") too.
_DAY_MONTH = r"(?<![\w/.-](?<!%20))(?:1[0-2]|0?[1-9])/(?:3[01]|[12]\d|0?[1-9])(?![\w/%-]|[.,]\d)"


class LabelledDateRecognizer(IdentifierRecognizer):
    """Dates of a person whose label is right before them, so that no context word is needed
    and shapes too bare to be dates alone are taken: six digits MMDDYY after "DOB" ("DOB
    051960"), and a month and day after an admission, discharge or visit verb and a weekday
    ("admitted Tues 3/4") or after "since" at the end of a clause ("confused since 6/13.").
    Without the label "051960" is any number and "3/4" a fraction."""

    ENTITY = "PERSONAL_DATE"
    NEEDS_DIGIT = True
    PATTERNS = [
        Pattern(
            "MMDDYY after DOB",
            r"(?i:\b(?:dob|d\.o\.b\.?|date\sof\sbirth))\s?[:#]?\s?\K"
            r"(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])\d\d\b(?![/.-]\d)",
            0.6,
        ),
        Pattern(
            "m/d after admitted / discharged / seen and a weekday",
            r"(?i:\b(?:re)?(?:admitted|discharged|seen|transferred|presented)\s(?:on\s)?"
            rf"{_WEEKDAY},?)\s\K{_DAY_MONTH}",
            0.6,
        ),
        Pattern(
            "m/d after since, ending a clause",
            rf"(?i:\bsince)\s\K{_DAY_MONTH}(?=\s?[.,;:!?)]|\s*$)",
            0.6,
        ),
    ]
    FLAGS = CASE_SENSITIVE
    CONTEXT: ClassVar[list[str]] = []
    ANCHORS = {
        f"{ENTITY}/labelled": [
            r"(?i:\b(?:dob|d\.o\.b|date of birth)\b)",
            r"(?i:(?:admitted|discharged|seen|transferred|presented) (?:on )?"
            r"(?:mon|tue|wed|thu|fri|sat|sun))",
            r"(?i:\bsince [01]?[0-9]/)",
        ]
    }

    NOT_A_YEAR = False  # a year inside a date is the date


# A symptom's onset after the verb that reports it: "Pt reports nausea since 2025-03-25T20:26",
# "c/o pain since Feb 9", "has had fever since 3/14/2026". A release or an uptime is not one.
_REPORTED = (
    r"\b(?:reports?|reported|reporting|complains?\sof|complaining\sof|c/o|endorses?|endorsing"
    r"|notes?|noted|describes?|has\shad|had|having|experiencing)\b"
)


class NoteDateRecognizer(IdentifierRecognizer):
    """Dates of a patient that a note's own wording labels, so that no context word is
    needed: a symptom's onset after "since" in a clause that reports it ("reports nausea
    since Feb 9"), a nursing flowsheet's date in its header ("Nursing flowsheet 3/4/2026:")
    and the date after an admission or discharge label ("Adm: Aug 26", "Disch. date:
    08OCT25"). "Deprecated since 2024-01-01" and "up since Mar 3" are not reported by a
    patient."""

    ENTITY = "PERSONAL_DATE"
    NEEDS_DIGIT = True
    PATTERNS = [
        Pattern(
            "date after since, in a reported symptom's clause",
            rf"{_REPORTED}[^.\n;]{{0,60}}?\bsince\s\K{_DATE}(?!\w)",
            0.6,
        ),
        Pattern(
            "date in a flowsheet's header",
            rf"\bflow\s?sheet\s(?:for\s|of\s|dated\s)?\K{_DATE}(?!\w)",
            0.6,
        ),
        Pattern(  # the label makes a bare month and day a date: "Admitted: 3/5"
            "date after an admission / discharge label",
            r"\b(?:adm|admit|admitted|admission|disch|discharge|discharged|d/c)\.?(?:\sdate)?"
            rf"\s?:\s?\K(?:{_DATE}(?!\w)|{_DAY_MONTH})",
            0.6,
        ),
    ]
    CONTEXT: ClassVar[list[str]] = []
    ANCHORS = {
        f"{ENTITY}/note": [
            r"(?i:\bsince\s)",
            r"(?i:flow ?sheet)",
            r"(?i:\b(?:adm|admit|admitted|admission|disch|discharge|discharged|d/c)\.?"
            r"(?: date)? ?:)",
        ]
    }

    NOT_A_YEAR = False  # a year inside a date is the date


# Who a birthday to come is about: "she'll be 99 on 5 Dec", "Mom turns 95 on March 3rd".
_WHO = (
    r"(?:\b(?:i|s?he|they|you|we|pt|patient|(?:grand)?(?:mother|father|mom|mum|dad|ma|pa)"
    r"|grandma|grandpa|nan|nana|granny|husband|wife|son|daughter|brother|sister|aunt|uncle)"
    r"|\b(?:mr|mrs|ms|mx|dr)\.?\s\p{Lu}[\p{L}'’-]+)"
)
# The question a patient answers with their birth date, and the speaker's label before it:
# "Can you confirm your date of birth?\nPT: 5-14-1953".
_BIRTH_QUESTION = (
    r"\b(?:date\sof\sbirth|dob|d\.o\.b\.?|birth\s?date|birthday|when\swere\syou\sborn)\b"
    r"[^\n?]{0,40}\?[ \t]*(?:\r?\n)?[ \t]*(?:[A-Za-z][\w. ]{0,14}:[ \t]?)?[\"']?"
)
# A visit or a clinician's seeing the patient before a bare month and day: "Home health visit
# 3/21:", "I saw him in clinic on 9/26", "seen in the office 4/2".
_SEEN = (
    r"\b(?:visit(?:ed)?|appt|appointment|(?:saw|seen|examined)(?:\s(?:him|her|them|the\spatient"
    r"|pt))?\s(?:in|at)\s(?:the\s)?(?:clinic|office|ed|er|ward|home|surgery))(?:\s(?:on|of))?\s?"
)


# A finding on examination, which a note dates when it was noted: "Virchow's node noted on
# DATE", "a positive Finkelstein test noted on DATE", "Heberden's nodes found on DATE".
_FINDING = (
    r"(?:signs?|nodes?|nodules?|murmurs?|lesions?|fractures?|mass|masses|rash|effusions?|edema"
    r"|oedema|ulcers?|wounds?|catheters?|circulation|reflex(?:es)?|bruits?|formula|positive\s"
    r"[\w'’-]+(?:\s[\w'’-]+)?\stest|score\sof\s\d+)"
)
# How a date starts: a digit or a month's name.
_DATE_HEAD = r"(?:[0-9]|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)"
# A space as a mail link's subject encodes it ("mailto:x@y?subject=Visit%20on%2003/26/25").
_SPACE = r"(?:\s|%20|\+)"


class LifeEventDateRecognizer(IdentifierRecognizer):
    """Dates of a person's life and care that their wording labels, so that no context word
    in the clause is needed and a bare month and day counts: a birthday to come after the age
    a person will turn ("she'll be 99 on 5 Dec", "Mom turns 95 on 3/4"), the answer to a birth
    date question on the next line ("date of birth?\nPT: 5-14-1953"), a death pronounced at a
    time ("Pronounced at 03:17 on 11/21/25"), a fall or crash that injured the patient
    ("BIBA after unwitnessed fall on 22.10.26", "s/p MVC on 3/2"), a visit's day ("Home
    health visit 3/21:", "saw him in clinic on 9/26", a mail link's "Visit%20on%2003/26/25"),
    a relative's death ("my sister Ana died 9/26") and a finding's ("Virchow's node noted on
    3/4"). "The project turns 10 on 2024-05-01", "Christmas falls on 12/25", "prices fell on
    3/4", "the server died on 3/4" and "as noted on 2024-05-01" have none of these labels."""

    ENTITY = "PERSONAL_DATE"
    NEEDS_DIGIT = True
    PATTERNS = [
        Pattern(  # the labels, then one date: a pattern holding _DATE costs ~8 ms to compile
            "date a life event labels",
            "(?:"
            # a birthday: "she'll be 99 on", "Mom turns 95 on"
            rf"{_WHO}(?:['’]ll\sbe|\swill\sbe|\sturns|\swill\sturn|\sis\sturning)\s\d{{1,3}}"
            r"(?:\s(?:years?\sold|yo))?\s(?:on|next)\s"
            # the answer to a birth date question
            rf"|{_BIRTH_QUESTION}"
            # a death pronounced at a time
            r"|\bpronounced\s(?:dead\s|deceased\s)?at\s(?:[01]?\d|2[0-3]):?[0-5]\d"
            r"(?:\s?(?:hrs|h|am|pm))?,?\s(?:on\s)?"
            # a fall or a crash
            r"|(?:\b(?:(?:un)?witnessed|mechanical|ground[- ]level|a|s/p|after)\s(?:\w+\s)?fall"
            r"|\b(?:pt|patient|s?he|they)\sfell|\b(?:mvc|mva|mvr))"
            r"(?:\s(?:at|in)\s(?:the\s)?\w+)?\son\s"
            # a visit in a mail link's encoded subject: "subject=Visit%20on%2003/26/25"
            rf"|\b(?:visit|appt|appointment|consult|follow-?up){_SPACE}(?:on|for|of|dated?)"
            r"(?:%20|\+)"
            # a relative's death
            rf"|{_WHO}(?:\s\p{{Lu}}[\p{{L}}'’-]+)?\s(?:died|passed\saway|passed)\s(?:on\s)?"
            # a finding noted on a date
            rf"|\b{_FINDING}\s(?:(?:was|were)\s)?(?:noted|found|seen|observed|documented"
            r"|elicited)\s(?:on\s)?"
            rf")\K(?:{_DATE}(?!\w)|{_DAY_MONTH}|{_DAY}\s(?:of\s)?{_DAY_MONTH_NAME})",
            0.6,
        ),
        Pattern(
            "date of a visit",
            rf"{_SEEN}\K{_DAY_MONTH}(?!\s(?:of|in|to)\b)",  # not "visit 3/4 of the sites"
            0.6,
        ),
    ]
    CONTEXT: ClassVar[list[str]] = []
    # each label with the head of the date after it: "seen", "found", "passed" alone are common
    ANCHORS = {
        f"{ENTITY}/life": [
            r"(?i:(?:['’]ll be|\bwill be|\bturns|\bwill turn|\bis turning) [0-9]{1,3}\b)",
            r"(?i:\b(?:date of birth|dob|d\.o\.b|birth ?date|birthday|when were you born)\b)",
            r"(?i:\bpronounced (?:dead |deceased )?at [0-9])",
            rf"(?i:\b(?:fall|fell|mv[acr]) (?:(?:at|in) (?:the )?[a-z]+ )?on {_DATE_HEAD})",
            r"(?i:\b(?:visit(?:ed)?|appt|appointment) (?:on |of )?[0-9]{1,2}/)",
            r"(?i:\b(?:saw|seen|examined)(?: (?:him|her|them|the patient|pt))? (?:in|at) "
            r"(?:the )?(?:clinic|office|ed|er|ward|home|surgery) (?:on |of )?[0-9]{1,2}/)",
            r"(?i:(?:visit|appt|appointment|consult|follow-?up)(?:%20|\+| )(?:on|for|of|dated?)"
            r"(?:%20|\+))",
            rf"(?i:\b(?:died|passed(?: away)?) (?:on )?{_DATE_HEAD})",
            rf"(?i:\b(?:noted|found|seen|observed|documented|elicited) (?:on )?{_DATE_HEAD})",
        ]
    }

    NOT_A_YEAR = False  # a year inside a date is the date


# A DICOM element as dcmdump and pydicom print it: "(0010,0030) DA [19470303]", "(0010, 0030)
# Patient's Birth Date   DA: '19470303'"; the tag, then maybe its name, then the value
# representation (VR) and the value in brackets or quotes.
_DICOM_TAG = r"\([0-9A-Fa-f]{4},\s?[0-9A-Fa-f]{4}\)"
_DICOM_VALUE = r"\b:?\s+[\['\"]"
# An X12 segment starts a line or follows the segment terminator "~".
_X12_SEGMENT = r"(?:^|~)[ \t]*"
_X12_DATE = r"(?:19|20)\d\d(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])"


class InterchangeDateRecognizer(IdentifierRecognizer):
    """A patient's dates in the health-care interchange formats, by the field that holds them:
    every DICOM element of value representation DA (date) or DT (date-time): birth, study,
    acquisition and admission dates all belong to the patient imaged; the X12 DMG segment's
    birth date (``DMG*D8*19470303``) and a DTP segment's date or date range (``DTP*472*D8*...``:
    service, admission, discharge). An interchange's own dates (ISA, GS, BHT) are not a
    patient's."""

    ENTITY = "PERSONAL_DATE"
    NEEDS_DIGIT = True
    PATTERNS = [
        Pattern(
            "DICOM DA / DT element",
            rf"{_DICOM_TAG}[^\n\[]{{0,60}}?\b(?:DA|DT){_DICOM_VALUE}\K{_X12_DATE}"
            r"(?:\d{2,6}(?:\.\d{1,6})?)?(?:[+-]\d{4})?(?=[\]'\"])",
            0.6,
        ),
        Pattern(
            "X12 DMG birth date",
            rf"{_X12_SEGMENT}DMG\*D8\*\K{_X12_DATE}(?=[*~\s]|$)",
            0.6,
        ),
        Pattern(
            "X12 DTP date",
            rf"{_X12_SEGMENT}DTP\*\d{{3}}\*R?D8\*\K{_X12_DATE}(?:-{_X12_DATE})?(?=[*~\s]|$)",
            0.6,
        ),
    ]
    FLAGS = CASE_SENSITIVE
    CONTEXT: ClassVar[list[str]] = []
    ANCHORS = {
        f"{ENTITY}/interchange": [r"\) *[A-Za-z' ]{0,60}D[AT]:? +[\['\"]", r"DMG\*D8\*", r"DTP\*"]
    }

    NOT_A_YEAR = False  # a year inside a date is the date


class InterchangeIdRecognizer(IdentifierRecognizer):
    """Record numbers and plan ids by the interchange field that holds them: DICOM's Patient
    ID (0010,0020) and Other Patient IDs (0010,1000), a medical record number; an X12 NM1
    segment's id of the insured or patient (NM101 IL / QC) qualified MI (member id) or II
    (unique health identifier), a health-plan member id (``NM1*IL*1*DOE*ANA****MI*W123~``)."""

    ENTITY = "MEDICAL_RECORD_NUMBER"
    NEEDS_DIGIT = True
    PATTERNS = [
        Pattern(
            "DICOM Patient ID / Other Patient IDs",
            rf"\(0010,\s?(?:0020|1000)\)[^\n\[]{{0,60}}?\bLO{_DICOM_VALUE}\K"
            r"(?=[^\]'\"\n]{0,64}\d)[A-Za-z0-9](?:[A-Za-z0-9 ._/-]{0,62}[A-Za-z0-9])?(?=[\]'\"\\])",
            0.6,
        ),
    ]
    FLAGS = CASE_SENSITIVE
    CONTEXT: ClassVar[list[str]] = []
    ANCHORS = {f"{ENTITY}/dicom": [r"\(0010, ?(?:0020|1000)\)"]}

    NOT_A_YEAR = False


class X12MemberIdRecognizer(IdentifierRecognizer):
    """A health-plan member id in an X12 NM1 segment: the insured's or patient's (NM101 IL /
    QC) id qualified MI (member id) or II (unique health identifier), NM109
    (``NM1*IL*1*DOE*ANA****MI*W123456789~``). A provider's NM1 (85, 82: NPI, qualifier XX)
    is not one."""

    ENTITY = "HEALTH_PLAN_ID"
    NEEDS_DIGIT = True
    PATTERNS = [
        Pattern(
            "X12 NM1 member id",
            rf"{_X12_SEGMENT}NM1\*(?:IL|QC)\*[12](?:\*[^*~\n]*){{5}}\*(?:MI|II)\*\K"
            r"(?=[^*~\n]{0,80}\d)[A-Z0-9](?:[A-Z0-9 -]{0,78}[A-Z0-9])?(?=[*~\s]|$)",
            0.6,
        ),
    ]
    FLAGS = CASE_SENSITIVE
    CONTEXT: ClassVar[list[str]] = []
    ANCHORS = {f"{ENTITY}/x12": [r"NM1\*(?:IL|QC)\*"]}

    NOT_A_YEAR = False


# A Canadian provincial health card, by its label: "health card", "health number", OHIP
# (Ontario), RAMQ / carte d'assurance maladie (Quebec), PHN (British Columbia, Alberta), HSN
# (Saskatchewan), PHIN (Manitoba), MCP (Newfoundland and Labrador), MSI (Nova Scotia).
_HEALTH_CARD_LABEL = (
    r"(?i:\b(?:health[ \t](?:card|number|insurance[ \t](?:number|no\.?))(?:[ \t]number)?"
    r"|ohip|ramq|phn|hsn|phin|mcp|msi|care[ \t]card|carte[ \t](?:soleil|santé"
    r"|d'assurance[ \t]maladie))(?:[ \t](?:no\.?|number|#))?)[ \t]?[:#]?[ \t]?"
)
# Every province's shape: Ontario's ten digits (4-3-3) and two-letter version code; Quebec's
# four letters and eight digits; ten digits in 4-3-3 (British Columbia, Nova Scotia); nine in
# 3-3-3 or 5-4 (Alberta, Saskatchewan, Manitoba, New Brunswick, Yukon, Nunavut); twelve in
# 3-3-3-3 (Newfoundland and Labrador); eight (Prince Edward Island); a letter and seven digits
# (Northwest Territories).
_HEALTH_CARD = (
    r"(?:\d{4}([ -]?)\d{3}\1\d{3}(?:[ -]?[A-Z]{2})?|[A-Z]{4}([ -]?)\d{4}\2\d{4}"
    r"|\d{3}([ -]?)\d{3}\3\d{3}(?:\3\d{3})?|\d{5}-\d{4}|\d{8}|[A-Z]\d{7})(?![\w-])"
)


class HealthCardRecognizer(IdentifierRecognizer):
    """A Canadian provincial health card number after its label ("Ontario health card
    1234-567-890-AB", "OHIP 1234567890", "RAMQ ABCD 1234 5678", "PHN 9123 456 789"), in the
    shape of any province's card; a number of another shape after the label is not one."""

    ENTITY = "HEALTH_PLAN_ID"
    NEEDS_DIGIT = True
    PATTERNS = [
        Pattern(
            "Canadian health card after its label", _HEALTH_CARD_LABEL + r"\K" + _HEALTH_CARD, 0.6
        )
    ]
    FLAGS = CASE_SENSITIVE
    CONTEXT: ClassVar[list[str]] = []
    ANCHORS = {
        f"{ENTITY}/health card": [
            r"(?i:health[ \t](?:card|number|insurance)|ohip|ramq|phn|hsn|phin|\bmcp|\bmsi|care card"
            r"|carte (?:soleil|sant|d'assurance))"
        ]
    }


def nhs_number_valid(number: str) -> bool:
    """The modulus 11 check of an NHS (England, Wales), CHI (Scotland) or H&C (Northern
    Ireland) number: its ten digits, the last the check digit (a remainder of 10 is no number)."""
    digits = [int(c) for c in number if c.isdigit()]
    if len(digits) != 10:
        return False
    check = 11 - sum(d * w for d, w in zip(digits[:9], range(10, 1, -1), strict=True)) % 11
    return (0 if check == 11 else check) == digits[9]


class NhsNumberRecognizer(IdentifierRecognizer):
    """A UK health service number after its label ("NHS no. 943 476 5919", "CHI: 0101011234",
    "H&C number 320-123-4567"): ten digits, in 3-3-4 groups or none, whose modulus 11 check
    digit holds; ten digits after the label that fail it (a phone number) are not one."""

    ENTITY = "HEALTH_PLAN_ID"
    NEEDS_DIGIT = True
    PATTERNS = [
        Pattern(
            "NHS / CHI / H&C number after its label",
            r"(?i:\b(?:nhs|chi|h&c|hcn)(?:[ \t](?:no\.?|number|num|#)|[ \t]?#))[ \t]?[:#]?[ \t]?\K"
            r"\d{3}([ -]?)\d{3}\1\d{4}\b(?![- ]\d)",
            0.6,
        )
    ]
    FLAGS = CASE_SENSITIVE
    CONTEXT: ClassVar[list[str]] = []
    ANCHORS = {f"{ENTITY}/nhs": [r"(?i:\b(?:nhs|chi|h&c|hcn)(?: (?:no|number|num|#)| ?#))"]}

    def validate_result(self, pattern_text: str) -> bool | None:
        return None if nhs_number_valid(pattern_text) else False


# A public health program's name and its card or id words: "Medi-Cal card says", "Medicaid
# CIN:", "MassHealth ID", "KVNR".
_PROGRAM_LABEL = (
    r"(?i:\b(?:medi-?cal|medicaid|medicare|masshealth|tenncare|soonercare|badgercare|kancare"
    r"|mainecare|ahcccs|kvnr|versichertennummer)(?:[ \t](?:card|id|cin|bic|number|no\.?|#"
    r"|member[ \t]id))*(?:[ \t](?:says|reads|shows|is))?)[ \t]?[:#]?[ \t]?"
)
# The ids those programs print: 8-14 capitals and digits, five of them digits (Medi-Cal's
# CIN 91234567A, New York's AB12345C, a KVNR A123456789, FEP's R12345678), or Australia's
# Medicare number in its 4-5-1 groups with the holder's reference number after it.
_PROGRAM_ID = (
    r"(?:(?=[A-Z0-9]{8,14}\b)(?=(?:[A-Z]*\d){5})[A-Z0-9]{8,14}\b"
    r"|[2-6]\d{3} \d{5} \d(?:[ /-][1-9])?\b)(?![ /-]\d)"
)


class ProgramIdRecognizer(IdentifierRecognizer):
    """The member id of a public health program right after its name: "Medi-Cal card says
    91234567A", "Medicaid CIN: AB12345C", "KVNR A123456789", "Medicare 2123 45670 1". The
    program's name is the label, so no other word is needed; a year or a count after it
    ("Medicaid 2024", "Medicare 12 members") is no id."""

    ENTITY = "HEALTH_PLAN_ID"
    NEEDS_DIGIT = True
    PATTERNS = [
        Pattern("id after a health program's name", _PROGRAM_LABEL + r"\K" + _PROGRAM_ID, 0.6)
    ]
    FLAGS = CASE_SENSITIVE
    CONTEXT: ClassVar[list[str]] = []
    ANCHORS = {
        f"{ENTITY}/program": [
            r"(?i:\b(?:medi-?cal|medicaid|medicare|masshealth|tenncare|soonercare|badgercare"
            r"|kancare|mainecare|ahcccs|kvnr|versichertennummer)\b)"
        ]
    }


class SsnAbbreviationRecognizer(IdentifierRecognizer):
    """A Social Security number after the label abbreviated ("soc. sec. no. 123456789", "Soc
    Sec #: 123-45-6789"), which presidio's SSN words do not name: nine digits, maybe in 3-2-4
    groups, that the SSA could have issued (no 000, 666 or 9xx area, 00 group or 0000 serial)."""

    ENTITY = "US_SSN"
    NEEDS_DIGIT = True
    PART_OF = ("UsSsnRecognizer",)
    PATTERNS = [
        Pattern(
            "SSN after soc. sec. no.",
            r"(?i:\bsoc(?:ial)?\.?[ \t]?sec(?:urity)?\.?[ \t]?(?:no\.?|number|num|#))"
            r"[ \t]?[:#]?[ \t]?\K"
            r"(?!000|666|9)\d{3}([- ]?)(?!00)\d\d\1(?!0000)\d{4}\b(?![- ]\d)",
            0.6,
        )
    ]
    FLAGS = CASE_SENSITIVE
    CONTEXT: ClassVar[list[str]] = []
    ANCHORS = {f"{ENTITY}/abbreviated": [r"(?i:\bsoc(?:ial)?\.? ?sec(?:urity)?\.? ?(?:no|num|#))"]}


class HospitalAccountRecognizer(IdentifierRecognizer):
    """A hospital account record number after its abbreviation HAR (Epic's billing account
    for a patient's stay: "HAR 4741928520", "HAR: C-00473429", "HAR# 3888-260811"): the
    capitals are its label, which presidio's context words would find inside "share" or
    "charge"; six to twelve digits, maybe after a letter or in two groups."""

    ENTITY = "ACCOUNT_NUMBER"
    NEEDS_DIGIT = True
    PATTERNS = [
        Pattern(
            "hospital account after HAR",
            r"(?<![\w-])HAR(?:[ ]?(?:no\.?|#))?[ ]?[:#]?[ ]?\K"
            r"(?:[A-Z]-?)?(?=(?:\d-?){6,12}\b)\d+(?:-\d+)?\b(?!-\w)",
            0.6,
        )
    ]
    FLAGS = CASE_SENSITIVE
    CONTEXT: ClassVar[list[str]] = []
    ANCHORS = {f"{ENTITY}/har": [r"\bHAR\b"]}


class AccountAbbreviationRecognizer(IdentifierRecognizer):
    """An account number after "a/c", the banker's abbreviation of account (a wire's
    "beneficiary Ana Roe, a/c 44298434590284"), which presidio's tokens split: 6-20 capitals
    and digits with six digits, maybe a hyphen ("Z73-236218", "119799-S07"), or digits in
    groups ("500 718 8045"). "The a/c is broken" holds no number."""

    ENTITY = "ACCOUNT_NUMBER"
    NEEDS_DIGIT = True
    PATTERNS = [
        Pattern(
            "account after a/c",
            r"(?<![\w/])(?i:a/c)(?:[ ]?(?:no\.?|#))?[ ]?[:#]?[ ]?\K"
            r"(?:(?=[A-Z0-9-]{6,20}\b)(?=(?:[A-Z-]*\d){6})[A-Z0-9][A-Z0-9-]{4,18}[A-Z0-9]"
            r"|(?=(?:\d[ ]?){8,20}(?![ ]?\d))\d{3,6}(?:[ ]\d{1,11}){1,4})\b(?![-/]\w|[ ]\d)",
            0.6,
        )
    ]
    FLAGS = CASE_SENSITIVE
    CONTEXT: ClassVar[list[str]] = []
    ANCHORS = {f"{ENTITY}/a/c": [r"(?i:\ba/c\b)"]}


class SerialAbbreviationRecognizer(IdentifierRecognizer):
    """A device serial right after the capitals "SN" ("CGM transmitter SN 8B41B4", "SN:
    FOC1234X5YZ", a board's "SN 10000000c563d53f"): 6-20 capitals and digits with a digit, or
    16 hex digits. The abbreviation is no context word (presidio would find it inside
    "snack" or "SNOMED"), so here it must be a word of its own, in capitals."""

    ENTITY = "DEVICE_SERIAL"
    NEEDS_DIGIT = True
    PATTERNS = [
        Pattern(
            "serial after SN",
            # a separator after it: "SN60138G" is a value of its own (a plan's id)
            r"(?<![\w/-])SN(?:[ ]?#[ ]?|[ ]?:[ ]?|[ ])\K"
            r"(?:(?=[A-Z0-9]*\d)[A-Z0-9]{6,20}|(?=[0-9a-f]*[a-f])(?=[0-9a-f]*\d)[0-9a-f]{16})"
            r"\b(?![-.]\w)",
            0.6,
        )
    ]
    FLAGS = CASE_SENSITIVE
    CONTEXT: ClassVar[list[str]] = []
    ANCHORS = {f"{ENTITY}/sn": [r"\bSN ?#? ?:? ?[0-9A-Za-z]"]}


class DeviceIdRecognizer(IdentifierRecognizer):
    """A device's own identifier after the label a device or its vendor prints ("Unit ID
    3596870083" on a fitness watch, "Device ID: R58M12ABC3D", Dell's "Service Tag 7XK2P3Q",
    "Equipment ID"): HIPAA's device identifiers beside serial numbers. 6-20 capitals and
    digits with a digit; "unit id 4B" (a ward) and "device id: unknown" are not one."""

    ENTITY = "DEVICE_SERIAL"
    NEEDS_DIGIT = True
    PATTERNS = [
        Pattern(
            "device id after its label",
            r"(?i:\b(?:unit|device|equipment)[ _]?id|service[ _]?tag)"
            r"(?:[ ]?#)?[ ]?[:=]?[ ]?['\"]?\K"
            r"(?=[A-Z0-9]*\d)[A-Z0-9]{6,20}\b(?![-.]\w)",
            0.6,
        )
    ]
    FLAGS = CASE_SENSITIVE
    CONTEXT: ClassVar[list[str]] = []
    # with the value's head: "device_id" alone is in much code
    ANCHORS = {
        f"{ENTITY}/device id": [
            r"(?i:\b(?:unit|device|equipment)[ _]?id|service[ _]?tag)(?: ?#)? ?[:=]? ?['\"]?"
            r"[A-Z0-9]{6}"
        ]
    }


class ExamplePlanIdRecognizer(IdentifierRecognizer):
    """A health-plan id given as an example of a plan / member id column or field, on its
    line ("ADD COLUMN plan_id; -- e.g. H12345678"): the column's name is the label, and the
    ";" before a SQL comment would end the clause before a context word reached the value."""

    ENTITY = "HEALTH_PLAN_ID"
    NEEDS_DIGIT = True
    PATTERNS = [
        Pattern(
            "plan id after a plan / member id column's e.g.",
            r"(?i:\b(?:health_?)?(?:plan|member|subscriber)_?(?:id|no|number)\b)[^\n]{0,40}?"
            r"(?i:\b(?:e\.g\.|eg|example|ex\.))[:,]?[ ]\K"
            r"(?=[A-Z0-9-]{6,20}\b)(?=(?:[A-Z-]*\d){3})[A-Z0-9]{1,5}-?[A-Z0-9]{4,15}(?:-\d{1,4})?\b",
            0.6,
        )
    ]
    FLAGS = CASE_SENSITIVE  # ids are in capitals and digits
    CONTEXT: ClassVar[list[str]] = []
    ANCHORS = {f"{ENTITY}/example": [r"(?i:(?:plan|member|subscriber)_?(?:id|no|number))"]}


# A fax or phone number as signatures and letterheads print it: ten digits, maybe +1, in groups.
# maybe after +1 or the 1 dialled before it ("1-262-555-0148")
_NANP_NUMBER = r"(?:\+?1[ .-]?)?(?:\(\d{3}\)[ .-]?|\d{3}[ ./-])\d{3}[ .-]\d{4}\b(?![.-]\d)"
# Words that make the number after them a phone's, even after a "fax" earlier in the clause.
_PHONE_WORDS = r"call|phone|tel|telephone|mobile|cell|text|sms|whatsapp|reach|contact|ring"
# A full stop before a capital ends a clause, but not a title's or an initial's ("Dr. Roe").
_NOT_A_CLAUSE_END = r"(?!(?<!\b(?:[DM]r|M[sx]|Mrs|Prof|St|[A-Z]))\.\s+[A-Z])"


class SignatureFaxRecognizer(IdentifierRecognizer):
    """A fax number after a signature's "F:" ("P: 503 555-0147  F: 503 555-0148"), or after an
    "F" or "Fx" that opens a line or a cell of a signature's table ("T 503 555 0147 | F 503
    555 0148"): the capital letter is the label, as "P" / "T" are a phone's, so no "fax" word
    is needed. Only a phone's shape (ten digits, maybe +1, in groups) is taken: "F: 98.6" is
    no fax, nor is "Roe | F | 503 555 0147" (a sex column's F, then a cell of its own)."""

    ENTITY = "FAX_NUMBER"
    NEEDS_DIGIT = True
    PATTERNS = [
        Pattern("fax number after F:", r"(?<![\w:\\])F:[ \t]*\K" + _NANP_NUMBER, 0.6),
        Pattern(  # "T 503 555 0147 | F 503 555 0148", "Fx. 503 555 0148" opening a line
            "fax number after an F cell label",
            r"(?:^|[|•·\t]|[ ]{2})[ \t]*Fx?\.?[ \t]+\K" + _NANP_NUMBER,
            0.6,
        ),
    ]
    FLAGS = CASE_SENSITIVE  # "f:" in code or a path is no label
    CONTEXT: ClassVar[list[str]] = []
    ANCHORS = {f"{ENTITY}/signature": [r"\bF: *[+(0-9]", r"\bFx?\.? +[+(0-9]"]}


class FaxClauseRecognizer(IdentifierRecognizer):
    """The number a clause about faxing sends to ("Fax the records to Dr. Roe's office at
    (503) 555-0148"): further from "fax" than the five words presidio's context pass reads,
    and beside "records", which would make its tail a record number. Only a phone's shape
    after at / to / on / number / ":" in the same clause, and no phone word between ("Fax is
    down; call me at ...", "Faxed it. Reach me at ..." are phones)."""

    ENTITY = "FAX_NUMBER"
    NEEDS_DIGIT = True
    PATTERNS = [
        Pattern(
            "fax number a fax clause sends to",
            r"(?i:\bfax(?:ed|es|ing)?\b)"
            rf"(?:(?!(?i:\b(?:{_PHONE_WORDS})\b)){_NOT_A_CLAUSE_END}[^\n;?!]){{0,80}}?"
            r"(?i:\b(?:at|to|on|number|no\.?)|[:#])[ \t]*\K" + _NANP_NUMBER,
            0.6,
        ),
    ]
    FLAGS = CASE_SENSITIVE  # the clause's end is a full stop before a capital
    CONTEXT: ClassVar[list[str]] = []
    # a word the value follows, as a context word's: its window reaches CONTEXT_AFTER past it
    ANCHORS = {f"{ENTITY}/clause/context": [r"(?i:\bfax(?:ed|es|ing)?\b)"]}


class LicenseAbbreviationRecognizer(IdentifierRecognizer):
    """A licence number right after "lic." ("CA lic. A12345", "Lic #RN123456", "lic.
    MD.1234567", "lic LVN 123456"): its own class, as the abbreviation is no context word (it
    is inside "public" and "policy" for presidio) and its full stop would end the clause
    before a capital. So
    are a driving licence after the capitals "DL" ("Pt drives; DL X", New York's "DL 123 456
    789") and a number of five to nine digits that ends the clause right after a clinician's
    credential ("Ana Roe, MD, MD.1234567."): a signature's licence; "Ana Roe, MD, 12345 Main
    St" goes on, an address."""

    ENTITY = "LICENSE_NUMBER"
    NEEDS_DIGIT = True
    PATTERNS = [
        Pattern(
            "Licence number after lic.",
            # a board's prefix: letters ("MD.1234567") or Ohio's digits ("35.123456")
            r"(?i:\blic\b\.?(?:\s?(?:no\.?|#))?)\s?[:#]?\s?\K"
            r"(?:(?:[A-Z]{1,4}[. ]|\d{2}\.)(?=\d{5,10}\b))?"
            r"(?=[A-Z0-9-]{5,15}\b)(?=(?:[A-Z-]*\d){4})[A-Z0-9]+(?:-[A-Z0-9]+)*\b",
            0.6,
        ),
        Pattern(  # "Pt drives; DL B8654-56252-46178": the capitals DL are a driving licence's
            "Driving licence after DL",
            rf"(?<![\w-])DL(?:[ ]?(?:no\.?|#))?[ ]?[:#]?[ ]?\K(?:{UK_LICENCE}|{WA_LICENCE}"
            # as states print them in groups: New York's "123 456 789", Pennsylvania's
            # "12 345 678", Michigan's "A 123 456 789 012", New Jersey's "A1234 56789 01234"
            rf"|{SPACED_LICENCE}(?![ ]?\d)"
            r"|(?=[A-Z0-9-]{5,18}\b)(?=(?:[A-Z-]*\d){4})[A-Z0-9]+(?:-[A-Z0-9]+)*)\b",
            0.6,
        ),
        Pattern(  # "cosigned by Ana Roe, MD, MD.1234567": a number right after the credential
            "Licence after a clinician's credential",
            r"\b(?:MD|DO|NP|RN|PA-C|APRN|CNM|CRNA|DDS|DMD|DPM|PharmD|LPN),[ ]\K"
            r"(?:[A-Z]{1,3}[.-])?\d{5,9}(?=[.,;)]|[ \t]*$)",
            0.6,
        ),
    ]
    CONTEXT: ClassVar[list[str]] = []
    FLAGS = CASE_SENSITIVE  # "lic. pending" is not a number; the value is in capitals
    ANCHORS = {
        f"{ENTITY}/lic": [
            r"(?i:\blic\b)",
            r"\bDL\b",
            r"\b(?:MD|DO|NP|RN|PA-C|APRN|CNM|CRNA|DDS|DMD|DPM|PharmD|LPN), [A-Z0-9]",
        ]
    }


class SystemSerialRecognizer(IdentifierRecognizer):
    """A device's serial number as its own tools print it: the line after ``getprop
    ro.serialno`` (Android), ``[ro.serialno]: [X]`` in ``getprop``'s listing, and macOS's
    ``"IOPlatformSerialNumber" = "X"``. The property name is the label, on the line before
    the value or inside the match, so no context word in the clause is needed."""

    ENTITY = "DEVICE_SERIAL"
    PATTERNS = [
        Pattern(
            "Android getprop ro.serialno output",
            r"\bgetprop[ \t]+ro\.(?:boot\.)?serialno[ \t]*\r?\n\K"
            r"[A-Za-z0-9](?:[A-Za-z0-9-]{4,30})[A-Za-z0-9](?=[ \t]*(?:\r?\n|$))",
            0.6,
        ),
        Pattern(
            "getprop listing [ro.serialno]: [X]",
            r"\[ro\.(?:boot\.)?serialno\]:[ \t]*\[\K[A-Za-z0-9]{6,20}(?=\])",
            0.6,
        ),
        Pattern(
            "macOS IOPlatformSerialNumber",
            r"\"IOPlatformSerialNumber\"[ \t]*=[ \t]*\"\K[A-Za-z0-9]{6,20}(?=\")",
            0.6,
        ),
    ]
    CONTEXT: ClassVar[list[str]] = []
    FLAGS = CASE_SENSITIVE
    ANCHORS = {f"{ENTITY}/system": [r"ro\.(?:boot\.)?serialno", r"IOPlatformSerialNumber"]}

    def invalidate_result(self, pattern_text: str) -> bool:
        # what a device without one prints ("unknown"): a lower-case word is no serial
        return pattern_text.isalpha() and pattern_text.islower()


def _result(recognizer: IdentifierRecognizer, start: int, end: int) -> RecognizerResult:
    """A finding of ``recognizer``'s type from ``start`` to ``end``, as presidio builds one."""
    name: str = recognizer.name  # type: ignore[has-type]  # presidio's is inferred late
    meta = {
        RecognizerResult.RECOGNIZER_NAME_KEY: name,
        RecognizerResult.RECOGNIZER_IDENTIFIER_KEY: recognizer.id,
    }
    no_explanation: Any = None
    return RecognizerResult(recognizer.ENTITY, start, end, 0.6, no_explanation, meta)


# A table's header cell that names a column of plates, and a cell shaped like one.
# "tag" alone heads a column of release or resource tags ("PROD", "V2"), not plates.
class RegPlateRecognizer(IdentifierRecognizer):
    """A plate right after "reg" / "reg." / "reg no." (British and Irish for a car's
    registration: "2019 Civic, reg AB12 CDE", "reg. M-AB 1234"): the abbreviation is no
    context word, which presidio would match inside "regular" or "region"; here it must be a
    word of its own, the plate in capitals with letters and digits right after it."""

    ENTITY = "LICENSE_PLATE"
    NEEDS_DIGIT = True
    PATTERNS = [
        Pattern(
            "plate after reg",
            r"(?<![\w-])(?i:reg)\.?(?:[ ](?i:no\.?|number|#))?[ ]?[:#=]?[ ]?['\"]?\K"
            rf"(?:{GERMAN_PLATE}|{POLISH_PLATE}|{PLATE})(?![\w-])",
            0.6,
        )
    ]
    FLAGS = CASE_SENSITIVE  # plates are in capitals
    CONTEXT: ClassVar[list[str]] = []
    ANCHORS = {f"{ENTITY}/reg": [r"(?i:\breg)\b"]}

    def invalidate_result(self, pattern_text: str) -> bool:
        letters = any(c.isalpha() for c in pattern_text)  # as LicensePlateRecognizer's
        return not (letters and any(c.isdigit() for c in pattern_text))


# What a form puts where a plate is not known: no plate.
_NO_PLATE = frozenset(
    "NONE UNKNOWN MISSING PENDING TEMP TEMPORARY NULL REDACTED UNK NA TBD".split()
)


class VanityPlateRecognizer(IdentifierRecognizer):
    """A vanity plate without a digit right after "plate" ("Parking permit plate: RXQUEEN (a
    rental)", "Pt's car (plate NOCODE, VIN ...)"): four to eight capitals, the word "plate"
    its label, ending the clause or the bracket; "plate UNKNOWN" and other placeholders are
    not one. Plates with a digit are LicensePlateRecognizer's."""

    ENTITY = "LICENSE_PLATE"
    PATTERNS = [
        Pattern(
            "vanity plate after plate",
            r"(?<![\w-])(?i:plate)(?:[ ](?i:no\.?|number|#))?[ ]?[:#]?[ ]?\K[A-Z]{4,8}"
            r"(?=[,;)]|[ ]\(|[ \t]*\r?$)",
            0.6,
        )
    ]
    FLAGS = CASE_SENSITIVE  # plates are in capitals
    CONTEXT: ClassVar[list[str]] = []
    ANCHORS = {f"{ENTITY}/vanity": [r"(?i:\bplate) ?[:#]? ?[A-Z]{4}"]}

    def invalidate_result(self, pattern_text: str) -> bool:
        return pattern_text in _NO_PLATE


class SystemAccountRecognizer(IdentifierRecognizer):
    """Logins by the system file or key that names them: the first field of an /etc/passwd
    line (``ana_r:x:1001:1001:Ana Roe,,,:/home/ana_r:/bin/bash``) and the ``user@host``
    comment of an OpenSSH public key (``ssh-ed25519 AAAA... ana_r@laptop``). The format is
    the label, so a login of letters alone counts; a system account (a user id under 1000,
    root, nobody, www-data) is no person's."""

    ENTITY = "USERNAME"
    PATTERNS = [
        Pattern(
            "/etc/passwd login",
            # a person's: user ids from 1000 (Linux's first regular user; 65534 is nobody)
            r"^[ \t]*\K[a-z_][a-z0-9_.-]{0,31}(?=:[x*!]?:(?!65534:)[1-9]\d{3,}:\d+:)",
            0.6,
        ),
        Pattern(
            "OpenSSH key comment user@host",
            r"\b(?:ssh-(?:ed25519|rsa|dss)|ecdsa-sha2-nistp\d{3}|sk-ssh-ed25519@openssh\.com)"
            r"[ \t]+AAAA[A-Za-z0-9+/]+=*[ \t]+\K[a-z_][a-z0-9_.-]{0,31}(?=@[\w.-])",
            0.6,
        ),
    ]
    FLAGS = CASE_SENSITIVE
    CONTEXT: ClassVar[list[str]] = []
    ANCHORS = {
        f"{ENTITY}/system": [
            r":[x*!]?:[0-9]+:[0-9]+:",
            r"\b(?:ssh-(?:ed25519|rsa|dss)|ecdsa-sha2-nistp[0-9]{3}|sk-ssh-ed25519@openssh\.com)",
        ]
    }

    def invalidate_result(self, pattern_text: str) -> bool:
        return no_ones_account(pattern_text)


class AnotherLoginRecognizer(IdentifierRecognizer):
    """A person's other login, named after their username in the same sentence: "my username
    is ana_r but I also had an old one, anaroe", "login: ana_r (my previous account was
    aroe)". The phrase is the label, so a login of letters alone counts; a placeholder
    ("none") or a stop word does not."""

    ENTITY = "USERNAME"
    PATTERNS = [
        Pattern(
            "another login after a username",
            r"\b(?i:username|user[ ]?name|login|logon|user[ ]?id|handle)\b(?:[^.;!?\n]|\.(?=\S))"
            r"{0,80}?\b(?i:an?|my|the)[ ](?i:old|older|previous|other|second|another|former"
            r"|backup)[ ](?i:one|account|login|username)(?:[ ](?i:is|was))?[,:]?[ ]\K"
            r"[a-z][a-z0-9]*(?:[._-][a-z0-9]+)*(?![\w@.-]*[\w@])",
            0.6,
        )
    ]
    FLAGS = CASE_SENSITIVE  # logins are lower case
    CONTEXT: ClassVar[list[str]] = []
    ANCHORS = {
        f"{ENTITY}/another": [
            r"(?i:\b(?:old|older|previous|other|second|another|former|backup)"
            r" (?:one|account|login|username)\b)"
        ]
    }

    def invalidate_result(self, pattern_text: str) -> bool:
        return (
            no_ones_account(pattern_text)
            or pattern_text in NOT_A_LOGIN
            or pattern_text in STOP_WORDS
        )


_PLATE_HEADER = (
    r"(?:(?:licen[cs]e|vehicle|number)[_ ]?)?plate(?:[_ ]?(?:number|no|num))?"
    r"|(?:licen[cs]e|vehicle)[_ ]?tag|tag[_ ]?(?:number|no|num)"
)
_SEPARATORS = ",;\t|"


class ColumnRecognizer(IdentifierRecognizer):
    """Base: the cells under a CSV / TSV column whose header names the type, in the rows that
    follow, up to a blank line or a row of another width. The header is the label; a cell
    must still be shaped like a value of the type (``CELL``). A subclass sets ``HEADER`` (a
    regex a whole header cell matches, any case), ``HEADER_WORD`` (one a line with such a
    header contains, tried before the line is split into cells) and ``CELL``."""

    HEADER: ClassVar[str]
    HEADER_WORD: ClassVar[re.Pattern[str]]
    CELL: ClassVar[re.Pattern[str]]
    CONTEXT: ClassVar[list[str]] = []
    FLAGS = CASE_SENSITIVE
    PATTERNS: ClassVar[list[Pattern]] = []  # set from ``HEADER``

    def __init_subclass__(cls, **kwargs: Any) -> None:
        if "HEADER" in cls.__dict__:  # the header row is the pattern and, with its rows, the anchor
            cls.PATTERNS = [
                Pattern(
                    "column header",
                    rf"(?i)(?:^|[{_SEPARATORS}])[ \t]*[\"']?(?:{cls.HEADER})[\"']?[ \t]*"
                    rf"(?=[{_SEPARATORS}\r\n]|$)",
                    0.6,
                )
            ]
            # The rows follow the header: the window reaches as far as after a context word.
            cls.ANCHORS = {
                f"{cls.ENTITY}/column/context": [
                    rf"(?i:(?:^|[\n{_SEPARATORS}])[\"']?(?:{cls.HEADER})[\"']?"
                    rf"(?:[{_SEPARATORS}\n]|\r\n))"
                ]
            }
        super().__init_subclass__(**kwargs)

    def analyze(
        self,
        text: str,
        entities: list[str],
        nlp_artifacts: Any = None,
        regex_flags: int | None = None,
    ) -> list[RecognizerResult]:
        """The cells shaped like the type under each of its headers in ``text``."""
        results: list[RecognizerResult] = []
        lines = text.split("\n")
        offset = 0
        starts = []
        for line in lines:
            starts.append(offset)
            offset += len(line) + 1
        for number, line in enumerate(lines):
            if self.HEADER_WORD.search(line) is None:
                continue
            separator = next((c for c in _SEPARATORS if c in line), None)
            if separator is None:
                continue
            cells = line.split(separator)
            column = next(
                (
                    i
                    for i, cell in enumerate(cells)
                    if re.fullmatch(self.HEADER, cell.strip(" \t\r\"'"), re.IGNORECASE)
                ),
                None,
            )
            if column is None:
                continue
            for row_number in range(number + 1, len(lines)):
                row = lines[row_number].split(separator)
                if len(row) != len(cells):
                    break  # a blank line, prose, or another table
                at = starts[row_number] + sum(len(cell) + 1 for cell in row[:column])
                cell = row[column]
                value = cell.strip(" \t\r\"'")
                if value and self.CELL.fullmatch(value):
                    start = at + cell.index(value)
                    results.append(_result(self, start, start + len(value)))
        return results


class PlateColumnRecognizer(ColumnRecognizer):
    """Licence plates in a table's plate column ("plate", "license_plate", "tag_number"): a
    vanity plate without a digit ("NOTURCAR") counts there, but a cell must still be shaped
    like a plate (2-12 capitals and digits, maybe a space or hyphen between groups)."""

    ENTITY = "LICENSE_PLATE"
    HEADER = _PLATE_HEADER
    HEADER_WORD = re.compile(r"(?i)plate|tag")
    CELL = re.compile(r"(?=.*[A-Z])[A-Z0-9]{1,4}(?:[- ]?[A-Z0-9]{1,4}){1,2}")


class LicenseColumnRecognizer(ColumnRecognizer):
    """Licence numbers in a table's licence column ("license", "dl_number", "driver_license",
    "medical_license_no"): capitals and digits with four digits, maybe hyphenated or spaced
    ("KS563078", "79-491-9011", "H167-4103-7336-46"), or Washington's WDL and nine; a
    software licence ("Apache-2.0", "MIT") is none of them."""

    ENTITY = "LICENSE_NUMBER"
    HEADER = (
        r"(?:(?:drivers?['’]?|driving|medical|nursing|professional|state)[_ ]?)?"
        r"licen[cs]e(?:[_ ]?(?:number|no|num|id))?|dl(?:[_ ]?(?:number|no|num))?"
    )
    HEADER_WORD = re.compile(r"(?i)licen[cs]e|\bdl")
    CELL = re.compile(
        rf"{WA_LICENCE}|(?=(?:[A-Z*. -]*\d){{4}})[A-Z0-9][A-Z0-9*.-]{{3,18}}"
        r"(?:[ ][A-Z0-9]{2,6}){0,3}"
    )


class RecordNumberColumnRecognizer(ColumnRecognizer):
    """Medical record numbers in a table's MRN column ("mrn", "medical_record_number",
    "chart_no"): 4-20 capitals and digits with a digit, maybe a space or hyphen between
    groups ("M54490", "12-345678", "4327 8371")."""

    ENTITY = "MEDICAL_RECORD_NUMBER"
    HEADER = r"mrn|(?:medical[_ ]?)?record[_ ]?(?:number|no|num)|chart[_ ]?(?:number|no|num)"
    HEADER_WORD = re.compile(r"(?i)mrn|record|chart")
    CELL = re.compile(r"(?=.*\d)[A-Z0-9]{1,12}(?:[- ][A-Z0-9]{1,12}){0,3}(?<=.{4})")


class PersonDateColumnRecognizer(ColumnRecognizer):
    """A person's dates in a table's birth or death date column ("dob", "date_of_birth",
    "birthdate", "dod", "date_of_death"): a cell that is a whole date of any shape the
    context-word rules take."""

    ENTITY = "PERSONAL_DATE"
    HEADER = r"dob|dod|d\.o\.b\.?|(?:date[_ ]?of[_ ]?)?(?:birth|death)(?:[_ ]?date)?|birth[_ ]?day"
    HEADER_WORD = re.compile(r"(?i)dob|dod|d\.o\.b|birth|death")
    CELL = re.compile(_DATE, re.IGNORECASE)

    NOT_A_YEAR = False  # a year inside a date is the date


class ZipColumnRecognizer(ColumnRecognizer):
    """ZIP codes in a table's ZIP column ("zip", "zip_code", "zipcode", "postal_code", and
    whose: "Mailing Zip", "home_zip", "billing postal code"): five digits, maybe with the four
    of ZIP+4."""

    ENTITY = "ZIP_CODE"
    HEADER = (
        r"(?:(?:mailing|billing|shipping|delivery|home|residence|residential|patient|member"
        r"|primary|contact|permanent|current)[_ ]?)?(?:zip(?:[_ ]?code)?|zipcode|postal[_ ]?code)"
    )
    HEADER_WORD = re.compile(r"(?i)zip|postal")
    CELL = re.compile(r"\d{5}(?:-\d{4})?")


# A column of a person's dates, by its name in an INSERT's column list.
_DATE_COLUMN = re.compile(
    r"(?i)dob|d_o_b|(?:date_?of_?|)(?:birth|death)(?:_?date|_?day)?|birthdate|birthday|dod"
    r"|(?:admit|admission|discharge|death|deceased|visit)_?(?:date|dt)"
)
_INSERT = re.compile(r"(?i)\binsert\s+into\s+[\w.\"`\[\]]+\s*\(([^()]{1,2000})\)\s*values\s*")
# One row of values: quoted strings (doubled quotes inside) or bare tokens, comma-separated.
_ROW = re.compile(r"\(((?:\s*(?:'(?:[^']|'')*'|[^,()']*)\s*,)*\s*(?:'(?:[^']|'')*'|[^,()']*)\s*)\)")
_VALUE = re.compile(r"\s*('(?:[^']|'')*'|[^,]*?)\s*(?:,|$)")
_SQL_DATE = re.compile(
    r"(?:18|19|20)\d\d-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])(?:[ T][\d:.]+)?"
    r"|(?:0?[1-9]|1[0-2])/(?:0?[1-9]|[12]\d|3[01])/(?:18|19|20)\d\d"
)


class InsertDateColumnRecognizer(IdentifierRecognizer):
    """A person's dates in SQL: the values under a date-of-birth, death, admission,
    discharge or visit column of an ``INSERT INTO t (name, dob, ...) VALUES (...)``, row by
    row. The column's name is the label, as a table's header is for ``PlateColumnRecognizer``;
    a value that is no date (NULL, a placeholder) is not reported, nor a date under another
    column (``created_at``)."""

    ENTITY = "PERSONAL_DATE"
    PATTERNS = [Pattern("INSERT with a date column", _INSERT.pattern, 0.6)]
    CONTEXT: ClassVar[list[str]] = []
    FLAGS = CASE_SENSITIVE
    ANCHORS = {f"{ENTITY}/insert/context": [r"(?i:\binsert\s+into\s)"]}

    def analyze(
        self,
        text: str,
        entities: list[str],
        nlp_artifacts: Any = None,
        regex_flags: int | None = None,
    ) -> list[RecognizerResult]:
        """The dates under each date column of each INSERT in ``text``."""
        results: list[RecognizerResult] = []
        for insert in _INSERT.finditer(text):
            columns = [c.strip(' \t\r\n"`[]') for c in insert.group(1).split(",")]
            wanted = {i for i, c in enumerate(columns) if _DATE_COLUMN.fullmatch(c)}
            if not wanted:
                continue
            at = insert.end()
            while (row := _ROW.match(text, at)) is not None:
                results += self._dates(text, row.start(1), row.end(1), wanted, len(columns))
                comma = re.compile(r"\s*,\s*").match(text, row.end())
                if comma is None:
                    break
                at = comma.end()
        return results

    def _dates(
        self, text: str, start: int, end: int, wanted: set[int], width: int
    ) -> list[RecognizerResult]:
        values = []
        at = start
        while at < end and (value := _VALUE.match(text, at, end)) is not None:
            values.append(value)
            at = value.end()
        if len(values) != width:
            return []  # a row of another width: the columns do not line up
        found = []
        for index in sorted(wanted):
            value = values[index]
            inner_start, inner_end = value.start(1), value.end(1)
            if text[inner_start : inner_start + 1] == "'":
                inner_start, inner_end = inner_start + 1, inner_end - 1
            if _SQL_DATE.fullmatch(text, inner_start, inner_end):
                found.append(_result(self, inner_start, inner_end))
        return found


# An INSERT into a table of people without a column list: its rows are people's records.
_PEOPLE_INSERT = re.compile(
    r"(?i)\binsert\s+into\s+(?:[\w\"`\[\]]+\.)?[\"`\[]?(?:members?|patients?|customers?|clients?"
    r"|users?|contacts?|persons?|people|employees?|subscribers?|beneficiaries|enrollees?"
    r"|residents?|guarantors?)[\"`\]]?\s+values\s*"
)
_QUOTED = re.compile(r"'((?:[^']|'')*)'")


class PeopleRowRecognizer(IdentifierRecognizer):
    """Base: the quoted cells of ``INSERT INTO members VALUES (...)`` rows, a table of people
    written without its column list, that are shaped as the type (``CELL``): a row is one
    person's record, so a ZIP kept as a string (its leading zero) and a date in it are that
    person's. A table of another name (``orders``, ``events``) is not read."""

    CELL: ClassVar[re.Pattern[str]]
    PATTERNS = [Pattern("INSERT into a table of people", _PEOPLE_INSERT.pattern, 0.6)]
    CONTEXT: ClassVar[list[str]] = []
    FLAGS = CASE_SENSITIVE
    NOT_A_YEAR = False  # a year inside a date is the date

    def analyze(
        self,
        text: str,
        entities: list[str],
        nlp_artifacts: Any = None,
        regex_flags: int | None = None,
    ) -> list[RecognizerResult]:
        """The quoted cells shaped like the type in each row of each such INSERT."""
        results: list[RecognizerResult] = []
        for insert in _PEOPLE_INSERT.finditer(text):
            at = insert.end()
            while (row := _ROW.match(text, at)) is not None:
                for cell in _QUOTED.finditer(text, row.start(1), row.end(1)):
                    if self.CELL.fullmatch(cell.group(1)):
                        results.append(_result(self, cell.start(1), cell.end(1)))
                comma = re.compile(r"\s*,\s*").match(text, row.end())
                if comma is None:
                    break
                at = comma.end()
        return results


class PeopleRowZipRecognizer(PeopleRowRecognizer):
    """ZIP codes in a row of people: a quoted five digits, maybe ZIP+4."""

    ENTITY = "ZIP_CODE"
    CELL = re.compile(r"\d{5}(?:-\d{4})?")
    ANCHORS = {f"{ENTITY}/people row/context": [r"(?i:\binsert\s+into\s)"]}


class PeopleRowDateRecognizer(PeopleRowRecognizer):
    """Dates in a row of people: a quoted cell that is a whole date of any shape the context
    rules take (a birth, join or death date of the person)."""

    ENTITY = "PERSONAL_DATE"
    CELL = re.compile(_DATE, re.IGNORECASE)
    ANCHORS = {f"{ENTITY}/people row/context": [r"(?i:\binsert\s+into\s)"]}


# Where the plate cell ends: its closing quote, then the next delimiter, the tuple's or
# list's bracket, or the line's end.
_CELL_ENDS = r"\3(?:[ \t]*(?:\2|[)\]])|[ \t]*\r?\n|[ \t]*$)"


class VinRowPlateRecognizer(IdentifierRecognizer):
    """A licence plate in the cell right after a VIN's in a delimited row (``VIN,PLATE,owner``,
    a vehicle record without a header): the VIN, whose check digit must hold, is the label.
    The cell must be shaped like a plate: capitals and digits in up to four groups, 2-13
    characters ("NOTURCAR" counts here; "silver", a lower-case cell, does not)."""

    ENTITY = "LICENSE_PLATE"
    PATTERNS = [
        Pattern(
            "plate cell after a VIN cell",
            r"(?<![^\n,;\t|(\[])(['\"]?)[A-HJ-NPR-Z0-9]{17}\1[ \t]*([,;\t|])[ \t]*(['\"]?)\K"
            r"(?=[A-Z0-9 -]{2,13}" + _CELL_ENDS + ")"
            r"[A-Z0-9]{1,8}(?:[ -][A-Z0-9]{1,6}){0,3}(?=" + _CELL_ENDS + ")",
            0.55,  # under a plate header's 0.6: one finding, the header's, on the same cell
        )
    ]
    FLAGS = CASE_SENSITIVE
    CONTEXT: ClassVar[list[str]] = []
    ANCHORS = {
        f"{ENTITY}/vin-row": [r"\b[A-HJ-NPR-Z0-9]{17}['\"]?[ \t]*[,;\t|][ \t]*['\"]?[A-Z0-9]"]
    }
    NOT_A_YEAR = False  # a vanity plate may be all letters, or all digits

    def analyze(
        self,
        text: str,
        entities: list[str],
        nlp_artifacts: Any = None,
        regex_flags: int | None = None,
    ) -> list[RecognizerResult]:
        """The plate cells whose row opens with a VIN whose check digit holds."""
        found = super().analyze(text, entities, nlp_artifacts, regex_flags)
        return [r for r in found if _vin_holds(_VIN_BEFORE.search(text, 0, r.start))]


# The VIN cell right before a plate cell: quoted or not, then the delimiter.
_VIN_BEFORE = re.compile(r"([A-HJ-NPR-Z0-9]{17})['\"]?[ \t]*[,;\t|][ \t]*['\"]?\Z")


def _vin_holds(cell: re.Match[str] | None) -> bool:
    return cell is not None and cell[1][8] == vin_check_digit(cell[1])


# A Social Security number written with its separators (no numbered group: ``_DATE`` reads its
# own by number), and where a field of a row or tuple opens and closes.
_SSN = r"(?!000|666|9)\d{3}(?:-(?!00)\d\d-|[ ](?!00)\d\d[ ])(?!0000)\d{4}"
_OPENS = r"(?:^|[,|\t;(\[])[ \t]*['\"]?"
_STARTS = r"[ \t]*['\"]?"  # after a delimiter
_ENDS = r"['\"]?[ \t]*[,|\t;]"  # up to the next field's delimiter
_CLOSES = r"['\"]?[ \t]*(?:[,|\t;)\]]|$)"
_FIELDS_BETWEEN = r"(?:[^\n]{0,60}?[,|\t;])?"


class RecordRowDateRecognizer(IdentifierRecognizer):
    """A date in the same row or tuple as a Social Security number: a record of one person
    ("fixtures = [('Ana Roe', '04-Nov-1938', '123 45 6789', ...)]", a CSV line), whose dates
    are theirs (a birth date, most often). The SSN is the label, as a column's name is for
    ``InsertDateColumnRecognizer``: both fields on one line, at most 60 characters between
    them. A date beside other numbers (an order's, a build's) is not one."""

    ENTITY = "PERSONAL_DATE"
    NEEDS_DIGIT = True
    PATTERNS = [
        Pattern(
            "date before an SSN in a row",
            _OPENS + r"\K" + _DATE + rf"(?={_ENDS}{_FIELDS_BETWEEN}{_STARTS}{_SSN}{_CLOSES})",
            0.6,
        ),
        Pattern(
            "date after an SSN in a row",
            rf"{_OPENS}{_SSN}{_ENDS}{_FIELDS_BETWEEN}{_STARTS}\K" + _DATE + rf"(?={_CLOSES})",
            0.6,
        ),
    ]
    FLAGS = CASE_SENSITIVE | re.IGNORECASE  # month names in any case
    CONTEXT: ClassVar[list[str]] = []
    # the row's date may follow the SSN by a field or two: the wider window
    ANCHORS = {f"{ENTITY}/row/context": [r"[0-9]{3}(?:-[0-9]{2}-| [0-9]{2} )[0-9]{4}"]}

    NOT_A_YEAR = False


# A printed data frame's cells: runs of characters with single spaces inside, two or more
# spaces between them (pandas pads every column so, and so do fixed-width reports).
_FRAME_CELL = re.compile(r"\S+(?: \S+)*")
_FRAME_ROWS = 200  # the rows a header governs at most (pandas prints 60 by default)


class FrameColumnRecognizer(IdentifierRecognizer):
    """Base: the cells under a column of a data frame as pandas prints it ("   id  name  age
    zip" over "0  19746  A. Roe  97  73119"), a header naming the type; each row holds the
    header's cells, maybe after the row's index, until a blank line or a row of another width.
    A cell must still be shaped like a value of the type (``CELL``, whole). A subclass sets
    ``HEADER`` (a regex a whole header cell matches, any case) and ``CELL``."""

    HEADER: ClassVar[str]
    CELL: ClassVar[str]
    CONTEXT: ClassVar[list[str]] = []
    FLAGS = CASE_SENSITIVE
    PATTERNS: ClassVar[list[Pattern]] = []  # set from ``HEADER``
    _HEADER: ClassVar[re.Pattern[str]]
    _CELL: ClassVar[re.Pattern[str]]
    NOT_A_YEAR = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        if "HEADER" in cls.__dict__:
            header = rf"(?i)(?:^|(?<=[ \t]{{2}}))(?:{cls.HEADER})(?=[ \t]{{2}}|[ \t]*\r?$)"
            cls.PATTERNS = [Pattern("printed frame header", header, 0.6)]
            cls._HEADER = re.compile(header, re.MULTILINE)
            cls._CELL = re.compile(cls.CELL, re.IGNORECASE)
            # the rows follow the header: the window reaches as far as after a context word
            cls.ANCHORS = {
                f"{cls.ENTITY}/frame/context": [rf"(?i: (?:{cls.HEADER})(?: {{2}}|\r?\n))"]
            }
        super().__init_subclass__(**kwargs)

    def analyze(
        self,
        text: str,
        entities: list[str],
        nlp_artifacts: Any = None,
        regex_flags: int | None = None,
    ) -> list[RecognizerResult]:
        """The cells shaped like the type under each of its headers in ``text``."""
        results: list[RecognizerResult] = []
        lines = text.split("\n")
        starts = [0]
        for line in lines:
            starts.append(starts[-1] + len(line) + 1)
        for number, line in enumerate(lines):
            header = self._HEADER.search(line)
            if header is None:
                continue
            names = list(_FRAME_CELL.finditer(line))
            if len(names) < 2:  # one word on a line is no frame's header
                continue
            column = next(i for i, m in enumerate(names) if m.start() >= header.start())
            for row_number in range(number + 1, min(len(lines), number + 1 + _FRAME_ROWS)):
                cells = list(_FRAME_CELL.finditer(lines[row_number]))
                if len(cells) == len(names) + 1:  # the row's index first
                    cell = cells[column + 1]
                elif len(cells) == len(names):
                    cell = cells[column]
                else:
                    break  # a blank line, prose, or another table
                if self._CELL.fullmatch(cell.group()):
                    start = starts[row_number] + cell.start()
                    results.append(_result(self, start, start + len(cell.group())))
        return results


class FrameZipRecognizer(FrameColumnRecognizer):
    """ZIP codes in a printed frame's ZIP column (the headers ``ZipColumnRecognizer`` reads)."""

    ENTITY = "ZIP_CODE"
    HEADER = ZipColumnRecognizer.HEADER
    CELL = r"\d{5}(?:-\d{4})?"


class FrameAgeRecognizer(FrameColumnRecognizer):
    """Ages over 89 in a printed frame's age column ("age", "age_years", "patient_age")."""

    ENTITY = "AGE_OVER_89"
    HEADER = r"(?:patient[_ ]?)?age(?:[_ ]?(?:years?|yrs?|at[_ ](?:admission|visit|death)))?"
    CELL = r"(?:9\d|1[01]\d)(?:\.0)?"


class FrameDateRecognizer(FrameColumnRecognizer):
    """A person's dates in a printed frame's birth or death date column (the headers
    ``PersonDateColumnRecognizer`` reads), as pandas prints them too: "Timestamp('1927-08-14
    00:00:00')", "1927-08-14 00:00:00"."""

    ENTITY = "PERSONAL_DATE"
    HEADER = PersonDateColumnRecognizer.HEADER
    CELL = (
        rf"(?:Timestamp\(['\"])?(?:{_DATE})(?:[ T]\d\d:\d\d(?::\d\d(?:\.\d+)?)?)?"
        r"(?:['\"](?:,[^)]*)?\))?"
    )


LABELLED_RECOGNIZERS: list[type[IdentifierRecognizer]] = [
    RegPlateRecognizer,
    VanityPlateRecognizer,
    LabelledRecordNumberRecognizer,
    HL7DateRecognizer,
    LabelledDateRecognizer,
    NoteDateRecognizer,
    LifeEventDateRecognizer,
    InterchangeDateRecognizer,
    InterchangeIdRecognizer,
    X12MemberIdRecognizer,
    HealthCardRecognizer,
    NhsNumberRecognizer,
    ProgramIdRecognizer,
    SsnAbbreviationRecognizer,
    HospitalAccountRecognizer,
    AccountAbbreviationRecognizer,
    SerialAbbreviationRecognizer,
    DeviceIdRecognizer,
    InsertDateColumnRecognizer,
    PeopleRowZipRecognizer,
    PeopleRowDateRecognizer,
    RecordRowDateRecognizer,
    SignatureFaxRecognizer,
    FaxClauseRecognizer,
    ExamplePlanIdRecognizer,
    LicenseAbbreviationRecognizer,
    SystemSerialRecognizer,
    SystemAccountRecognizer,
    AnotherLoginRecognizer,
    PlateColumnRecognizer,
    LicenseColumnRecognizer,
    RecordNumberColumnRecognizer,
    PersonDateColumnRecognizer,
    ZipColumnRecognizer,
    VinRowPlateRecognizer,
    FrameZipRecognizer,
    FrameAgeRecognizer,
    FrameDateRecognizer,
]
