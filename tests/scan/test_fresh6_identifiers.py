"""Identifier rules of issue #16's fresh6 round (every type but PERSON): each rule a positive
and a near miss, synthetic values."""

from __future__ import annotations

import pytest

from govern.scan.identifiers import IDENTIFIER_ENTITIES
from govern.scan.pii import PresidioDetector
from tests.scan.identifying import build, spans_of

ENTITIES = [
    "PHONE_NUMBER", "CREDIT_CARD", "EMAIL_ADDRESS", "IP_ADDRESS", "US_SSN", "FAX_NUMBER",
    *IDENTIFIER_ENTITIES,
]  # fmt: skip


@pytest.fixture(scope="module")
def detector() -> PresidioDetector:
    return build(entities=ENTITIES)


found = spans_of  # the text of each finding of one type


@pytest.mark.parametrize(
    "card",
    [
        "2221 0000 0000 0009",  # Mastercard's 2-series, its first and last prefixes
        "2720-9999-9999-9996",
        "2200 1234 5678 9019",  # Mir
        "2221000000000009",
    ],
)
def test_two_series_cards_are_found(detector: PresidioDetector, card: str) -> None:
    assert found(detector, f"Switch autopay to card {card}, thanks", "CREDIT_CARD") == [card]


@pytest.mark.parametrize(
    "number",
    [
        "2100 0000 0000 0005",  # Luhn-valid, but below the 2-series (no network issues it)
        "2721 0000 0000 0004",  # just above it
        "2205 1234 5678 9019",  # past Mir's range
        "2221 0000 0000 0008",  # in the range, the check digit wrong
    ],
)
def test_numbers_outside_the_two_series_are_no_cards(
    detector: PresidioDetector, number: str
) -> None:
    assert found(detector, f"Switch autopay to card {number}, thanks", "CREDIT_CARD") == []


@pytest.mark.parametrize(
    ("text", "fax"),
    [
        # a signature's table: "T" and "F" label the cells, no "fax" word
        ("Ana Roe\nFront Desk | Oak Clinic\nT 503.555.0147 | F 503.555.0148\n", "503.555.0148"),
        ("T (503)555-0147 • F +1 503 555 0148", "+1 503 555 0148"),
        ("Ana Roe\nT: 503 555 0147\nFx. (503) 555-0148", "(503) 555-0148"),
        # the number a clause about faxing sends to, far from the word
        ("Fax the signed consent to Dr. Roe-Okafor's office at (503)555-0148, attn Bo.",
         "(503)555-0148"),
        ("Please fax the lab results over to the clinic on 503-555-0148 today", "503-555-0148"),
    ],
)  # fmt: skip
def test_fresh6_faxes_are_found(detector: PresidioDetector, text: str, fax: str) -> None:
    assert found(detector, text, "FAX_NUMBER") == [fax]
    assert fax not in found(detector, text, "PHONE_NUMBER")
    assert found(detector, text, "MEDICAL_RECORD_NUMBER") == []  # "records": not its tail


@pytest.mark.parametrize(
    ("text", "phone"),
    [
        ("Roe | F | 503-555-0147", "503-555-0147"),  # a sex column's F, then a cell of its own
        ("Roe, Ana F 503-555-0147", "503-555-0147"),  # an F inside a line labels nothing
        ("Faxed it. Reach me at 503-555-0147", "503-555-0147"),  # the clause has ended
        ("Fax machine is down again; ring me at 503-555-0147", "503-555-0147"),
        # a phone word right before the number, "fax" earlier in the same clause
        ("Faxing is slow, so the clinic will phone you at 503-555-0147", "503-555-0147"),
        ("The fax is down, call me at 503-555-0147", "503-555-0147"),
    ],
)
def test_fresh6_fax_near_misses_are_phones(
    detector: PresidioDetector, text: str, phone: str
) -> None:
    assert found(detector, text, "FAX_NUMBER") == []
    assert found(detector, text, "PHONE_NUMBER") == [phone]


def test_a_phones_exchange_and_line_are_no_record_number(detector: PresidioDetector) -> None:
    # "records" is an MRN word, but the digits after an area code are a phone's
    text = "Send the records to (503)555-0148 or 503/555-0149"
    assert found(detector, text, "MEDICAL_RECORD_NUMBER") == []
    assert found(detector, "Medical record 555-0148 on file", "MEDICAL_RECORD_NUMBER") == [
        "555-0148"
    ]


@pytest.mark.parametrize(
    ("text", "zips"),
    [
        # a ZIP word before a field of another name: that field's value is not a ZIP
        ("UPDATE users SET zip = '54321' WHERE id = 12345;", ["54321"]),
        ('{"zip": "02139", "count": 12345}', ["02139"]),
        ("zip=02139&user_id=12345", ["02139"]),
        # the ZIP's own field, however it is named
        ("ZIP Code = 90210", ["90210"]),
        ("postal_code='02139'", ["02139"]),
        # a state code after a plate word is the plate's; after a city it is a state
        ("Car seen: plate WA 68073, grey", []),
        ("Ship to 42 Oak Lane, Seattle, WA 98101", ["98101"]),
    ],
)
def test_zip_codes_among_other_fields(
    detector: PresidioDetector, text: str, zips: list[str]
) -> None:
    assert found(detector, text, "ZIP_CODE") == zips


@pytest.mark.parametrize(
    ("text", "plate"),
    [
        # Polish: a district's letters, then five characters (or four after three letters)
        ("Pt arrived by car, plate WA 12345; keys at the desk", "WA 12345"),
        ("vehicle = Vehicle(plate='KR 1234A')", "KR 1234A"),
        ("tag WPI 12AB on the trailer", "WPI 12AB"),
        # "reg" (British / Irish for registration) as a word of its own
        ("It's a 2019 Civic, reg AB12 CDE, silver", "AB12 CDE"),
        ("Reg. no. M-AB 1234 (German)", "M-AB 1234"),
        ("reg ABC1D23 (Mercosul)", "ABC1D23"),
        ("reg WX 12345 at the gate", "WX 12345"),
    ],
)
def test_fresh6_plates_are_found(detector: PresidioDetector, text: str, plate: str) -> None:
    assert found(detector, text, "LICENSE_PLATE") == [plate]


@pytest.mark.parametrize(
    "text",
    [
        "the regular AB12 model ships in May",  # "reg" inside a word
        "registered AB12 CDE as a trademark",
        "reg 2019 return filed",  # no letters
        "reg v2 fix",  # not in capitals
        "WA 12345 is the order",  # no plate word
        "plate WA 123456 is too long for one",
    ],
)
def test_fresh6_plate_near_misses(detector: PresidioDetector, text: str) -> None:
    assert found(detector, text, "LICENSE_PLATE") == []


@pytest.mark.parametrize(
    ("text", "date"),
    [
        # the day a patient signed a directive or consent
        ("aged 97, DNR/DNI per MOLST signed 5/24/2026", "5/24/2026"),
        ("Advance directive completed on 02-Sep-2026 with her son", "02-Sep-2026"),
        ("Surgical consent signed Oct 20", "Oct 20"),
        # an implant named before its read-out
        ("Pacemaker (Medtronic) serial 1234-56789, interrogated 19-May-2026 - normal.",
         "19-May-2026"),
        ("ICD, model X12, interrogated on 2/3/2026", "2/3/2026"),
    ],
)  # fmt: skip
def test_fresh6_dates_are_found(detector: PresidioDetector, text: str, date: str) -> None:
    assert found(detector, text, "PERSONAL_DATE") == [date]


@pytest.mark.parametrize(
    "text",
    [
        "Contract signed 5/24/2026 by both parties",  # no patient's directive
        "most of the forms were signed 5/24/2026",
        "Cookie consent banner shipped; the build was signed 2024-05-01",  # another clause
        "The suspect was interrogated 19-May-2026",  # no implant
        "Pacemaker firmware released; repo interrogated 2024-01-01",
    ],
)
def test_fresh6_date_near_misses(detector: PresidioDetector, text: str) -> None:
    assert found(detector, text, "PERSONAL_DATE") == []


@pytest.mark.parametrize(
    ("text", "plan"),
    [
        # a health insurer's name on a coverage line labels the id after it
        ("Coverage: Cigna U1234567801; guarantor on file", "U1234567801"),
        ("Coverage: Humana H12345678; copay $20", "H12345678"),
        ("Primary: Aetna 123456789-02 (dependant)", "123456789-02"),
        ("ins: BCBS 91234567X, verified", "91234567X"),
    ],
)
def test_fresh6_plan_ids_are_found(detector: PresidioDetector, text: str, plan: str) -> None:
    assert found(detector, text, "HEALTH_PLAN_ID") == [plan]


@pytest.mark.parametrize(
    "text",
    [
        "Aetna order 12345678 shipped",  # a nearer word names the number
        "Cigna ticket #12345678 closed",
        "Cigna stock rose 3% in Q3 2024",  # no id
        "Coverage: 87% of lines in build 4f3a2b1c",  # no insurer
    ],
)
def test_fresh6_plan_id_near_misses(detector: PresidioDetector, text: str) -> None:
    assert found(detector, text, "HEALTH_PLAN_ID") == []


def test_a_new_york_licence_after_dl(detector: PresidioDetector) -> None:
    text = "For the background check: SSN 123 45 6789, DL 123 456 789"
    assert found(detector, text, "LICENSE_NUMBER") == ["123 456 789"]
    # ten digits, or six, are no nine-digit licence; nor is "dl" inside a word
    assert found(detector, "DL 123 456 7890 on file", "LICENSE_NUMBER") == []
    assert found(detector, "DL 123 456 on file", "LICENSE_NUMBER") == []
    assert found(detector, "download 123 456 789 bytes", "LICENSE_NUMBER") == []


@pytest.mark.parametrize(
    ("text", "ages"),
    [
        ("it's for my great-grandma, she's 99 and wants to video call", ["99"]),
        ("Grandpa? he's 102.", ["102"]),
        ("she’s now 95", ["95"]),
        ("she's ninety-two and sharp", ["ninety-two"]),
        # a measure or a rank after "she's" is no age
        ("she's 95% sure it was Tuesday", []),
        ("he's 95 kg after the diet", []),
        ("she's 99th in the queue", []),
        ("she's 89 and independent", []),  # 89: not aggregated
    ],
)
def test_fresh6_ages_after_shes(detector: PresidioDetector, text: str, ages: list[str]) -> None:
    assert found(detector, text, "AGE_OVER_89") == ages


def test_a_mexican_mobile_in_its_former_plus_52_1_form(detector: PresidioDetector) -> None:
    text = "I'm abroad, text me at +52 1 55 1234 5678 not the US number"
    assert found(detector, text, "PHONE_NUMBER") == ["+52 1 55 1234 5678"]
    # one digit more is no number of Mexico's, in either form
    assert found(detector, "ref +52 1 55 1234 56789 x", "PHONE_NUMBER") == []


@pytest.mark.parametrize(
    ("text", "ips"),
    [
        # filtering public resolvers: a DNS setting names no person
        ("DNS is set to 94.140.14.14 (AdGuard), fallback 1.1.1.3", []),
        ("resolv.conf: nameserver 2a10:50c0::ad1:ff", []),
        # an address beside one is still a person's
        ("DNS is set to 94.140.14.14; the office IP is 94.140.16.14", ["94.140.16.14"]),
    ],
)
def test_filtering_resolvers_are_not_personal(
    detector: PresidioDetector, text: str, ips: list[str]
) -> None:
    assert found(detector, text, "IP_ADDRESS") == ips


@pytest.mark.parametrize(
    ("text", "dates"),
    [
        # a date in the same row or tuple as an SSN: one person's record
        ("fixtures = [('Ana Roe', '04-Nov-1938', '123 45 6789', 'x')]", ["04-Nov-1938"]),
        ("fixtures = [('Ana Roe', 'Jun. 23rd '64', '123 45 6789')]", ["Jun. 23rd '64"]),
        ("Roe,Ana,123-45-6789,F,3/4/1951", ["3/4/1951"]),
        ("id|ssn|dob\n7|123-45-6789|1951-03-04", ["1951-03-04"]),
        # beside other numbers, in prose, or another line: no record of a person
        ("('Build 7', '2024-05-01', 'order 12345', 'x')", []),
        ("Released 2024-05-01; SSN 123-45-6789 is a made-up example", []),
        ("'2024-05-01',\n'123-45-6789'", []),
        ("('Ana Roe', '2024-05-01', '666-45-6789')", []),  # 666: no SSN is issued so
    ],
)
def test_dates_in_a_row_with_an_ssn(
    detector: PresidioDetector, text: str, dates: list[str]
) -> None:
    assert found(detector, text, "PERSONAL_DATE") == dates


def test_a_fax_and_a_phone_in_one_clause(detector: PresidioDetector) -> None:
    text = "fax: 503-555-0148, phone: 503-555-0147"
    assert found(detector, text, "FAX_NUMBER") == ["503-555-0148"]
    assert found(detector, text, "PHONE_NUMBER") == ["503-555-0147"]
