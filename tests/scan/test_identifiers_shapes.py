"""Identifier shapes and labels beyond the first templates (issue #16, the fresh4 split's miss
classes): each rule with a positive and a near miss, synthetic values."""

from __future__ import annotations

import pytest

from govern.scan.identifiers import luhn_valid, vin_check_digit
from govern.scan.pii import PresidioDetector
from tests.scan.identifying import ENTITIES, build, spans


@pytest.fixture(scope="module")
def detector() -> PresidioDetector:
    return build(entities=ENTITIES)


found = spans  # (type, text) of each finding


def with_vin_check(body: str) -> str:
    return body[:8] + vin_check_digit(body[:8] + "0" + body[9:]) + body[9:]


VIN = with_vin_check("1M8GDM9AXKP042788")
LOWER_VIN = VIN.lower()
WRONG_VIN = (VIN[:8] + ("1" if VIN[8] != "1" else "2") + VIN[9:]).lower()
CARD = next(f"4111111111{n:06d}" for n in range(1000) if luhn_valid(f"4111111111{n:06d}"))
AMEX = next(f"3782822463{n:05d}" for n in range(1000) if luhn_valid(f"3782822463{n:05d}"))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # record numbers: dashed groups, "hospital no.", HL7 v2 fields
        ("PATIENT: Doe, J.   MRN: 485-90-17", [("MEDICAL_RECORD_NUMBER", "485-90-17")]),
        ("billed; hospital no. E1114161; thanks", [("MEDICAL_RECORD_NUMBER", "E1114161")]),
        ("Hospital No: 00797235", [("MEDICAL_RECORD_NUMBER", "00797235")]),
        (
            "PID|1||E6852696^^^HOSP^MR||DOE^JANE^A||19650418|F",
            [("MEDICAL_RECORD_NUMBER", "E6852696"), ("PERSONAL_DATE", "19650418")],  # PID-7
        ),
        ("PID|1||810-41-62||DOE^JANE", [("MEDICAL_RECORD_NUMBER", "810-41-62")]),
        ("MRG|00345232^^^HOSP^MR", [("MEDICAL_RECORD_NUMBER", "00345232")]),
        ("PID|1||||DOE^JANE|||F|||12 Elm St^^Dayton^OH^45402", [("ZIP_CODE", "45402")]),
        # account, plan and licence numbers in spaced groups
        ("two charges on account 8693 5271 4022; refunded", [("ACCOUNT_NUMBER", "8693 5271 4022")]),
        ("my member ID PHK 8771 90888 is invalid", [("HEALTH_PLAN_ID", "PHK 8771 90888")]),
        ("driver's license 906 362 566 copied", [("LICENSE_NUMBER", "906 362 566")]),
        ("Attending: Dr. Roe (CA lic. RN723659).", [("LICENSE_NUMBER", "RN723659")]),
        ("Lic #G89297 on file", [("LICENSE_NUMBER", "G89297")]),
        # serials with few digits right after the word, and as devices print them
        ("Pacemaker serial 6BKMAJ8, checked", [("DEVICE_SERIAL", "6BKMAJ8")]),
        ("Hearing aid S/N CTTD3GX left", [("DEVICE_SERIAL", "CTTD3GX")]),
        ("adb shell getprop ro.serialno\nRG8AV78", [("DEVICE_SERIAL", "RG8AV78")]),
        ("[ro.serialno]: [R58M123ABCD]", [("DEVICE_SERIAL", "R58M123ABCD")]),
        ('"IOPlatformSerialNumber" = "C02XK1ZZG5H"', [("DEVICE_SERIAL", "C02XK1ZZG5H")]),
        # plates: German, French, and a table's plate column (a vanity plate without a digit)
        ("Parking for plate K-KV 4475 paid", [("LICENSE_PLATE", "K-KV 4475")]),
        ("The tag on my car is HH-EY 801", [("LICENSE_PLATE", "HH-EY 801")]),
        ("plate PH-422-WR towed", [("LICENSE_PLATE", "PH-422-WR")]),
        (
            "make,plate,driver\nFord,NOTURCAR,Jo\nKia,BCHE 774,Al",
            [("LICENSE_PLATE", "NOTURCAR"), ("LICENSE_PLATE", "BCHE 774")],
        ),
        ('id;"license_plate"\n1;"KX-12-AB"', [("LICENSE_PLATE", "KX-12-AB")]),
        # a VIN typed in lower case, right after the word
        (f"vin is {LOWER_VIN}, it's a 2019 Tesla", [("VIN", LOWER_VIN)]),
        # ages over 89 without a unit
        ("My nan is 95 and can't use it", [("AGE_OVER_89", "95")]),
        ("101F presents from home with her daughter", [("AGE_OVER_89", "101")]),
        ("94 M with chest pain", [("AGE_OVER_89", "94")]),
        ("Note: 96F w/ CHF", [("AGE_OVER_89", "96")]),
        ("Age corrected in chart: 99 (was 64).", [("AGE_OVER_89", "99")]),
        ("Mrs. Roe and her husband, 92, both attended.", [("AGE_OVER_89", "92")]),
        # ten digits right after a phone word
        ("Direct: 2125550147 | office", [("PHONE_NUMBER", "2125550147")]),
        ("name='Jo' phone='2125550147'", [("PHONE_NUMBER", "2125550147")]),
        ("can someone ring her on 2125550147?", [("PHONE_NUMBER", "2125550147")]),
        # "+" and a country code: dialled, possible for the country, no word needed
        ("Emergency contact: Jo Roe (wife) +61 442 654 419", [("PHONE_NUMBER", "+61 442 654 419")]),
        ("reach me on +44 7700 900123 today", [("PHONE_NUMBER", "+44 7700 900123")]),
        ("Mrs. van der Berg (101) came", [("AGE_OVER_89", "101")]),
        # cards still found in the layouts cards print
        (f"card {CARD[:4]} {CARD[4:8]} {CARD[8:12]} {CARD[12:]}", [("CREDIT_CARD", None)]),
        (f"amex {AMEX[:4]} {AMEX[4:10]} {AMEX[10:]}", [("CREDIT_CARD", None)]),
        ("X-Forwarded-For: 100.128.0.1", [("IP_ADDRESS", "100.128.0.1")]),  # past CGNAT's /10
    ],
)
def test_each_shape_is_found(
    detector: PresidioDetector, text: str, expected: list[tuple[str, str | None]]
) -> None:
    hits = found(detector, text)
    assert [t for t, _ in hits] == [t for t, _ in expected], hits
    for (_, value), (_, want) in zip(hits, expected, strict=True):
        if want is not None:
            assert value == want


@pytest.mark.parametrize(
    "text",
    [
        "build 485-90-17 passed",  # dashed groups without a record word
        "the hospital no. 5 ward is closed",  # too short for a record number
        "OBX|1|NM|GLU^Glucose||105|mg/dL",  # an HL7 result, no patient identifier
        "PID|1||DOE^JANE^A||F",  # no digit in the identifier field
        "ORC|NW|55512345^^^LAB^AN",  # typed AN (account), not MR
        "12 Elm St^^Dayton^ZZ^45402",  # no state code before it
        "my account has 100 200 300 points",  # groups of three are no account
        "member since 2019; ID AB 12 345",  # groups too short for a plan id
        "licensed 2019 2020 2021",  # years, not a licence
        "the public 1234567 and click 7654321",  # "lic" inside words
        "lic. pending",
        "serial port COM1 and Serial ATA; serial CONSOLE",  # no code with a digit
        "adb shell getprop ro.serialno\nunknown",  # no serial reported
        "getprop ro.build.version.sdk\n34",
        "K-KV 4475 and PH-422-WR",  # plate shapes without a plate word
        "name,tag\nweb,PROD",  # "tag" alone heads resource tags
        "make,plate\nFord,NOTURCAR,extra",  # a row of another width
        f"vin is {WRONG_VIN}",  # check digit wrong
        f"build id {LOWER_VIN} cached",  # lower case without the word
        "the value is nan and the count is 95",  # "nan" without whose
        "Temp 99F with chills; T 101 F with rigors",  # temperatures
        "Age in days: 95",
        "the room, 92, was cold",
        "order id 2125550147 shipped",  # no phone word
        "at +0200 UTC, +1 vote, score +3 4 5 and +33 12",  # too few digits for a phone
        "+44 12 34",
        "Mr. de la Rosa and 3 others (95 total)",
        "Order 112-1541690-1029257 shipped",  # an order number's groups
        "see https://www.facebook.com/profile.php?id=100017929911223",  # an id, not UATP
        "nameserver 100.64.0.1",  # carrier-grade NAT (RFC 6598)
    ],
)
def test_near_misses_are_not_reported(detector: PresidioDetector, text: str) -> None:
    assert found(detector, text) == []


def test_a_number_a_nearer_word_names_is_that_number(detector: PresidioDetector) -> None:
    """The account word earlier in the clause does not claim a job's, an order's or an
    incident's number."""
    for job in ["INC0012345", "#150073", "PO-2022-57700", "112-5284704-2596546"]:
        text = f"WARN billing: account_number=0073617593 balance<0 (job {job})"
        assert found(detector, text) == [("ACCOUNT_NUMBER", "0073617593")], job
    assert found(detector, "acct 55619366, order #456789") == [("ACCOUNT_NUMBER", "55619366")]


def test_a_month_date_after_a_serial_is_no_serial(detector: PresidioDetector) -> None:
    text = "Pacemaker serial QY73TL9, last interrogated 06-APR-1965."  # the date: the patient's
    assert found(detector, text) == [("DEVICE_SERIAL", "QY73TL9"), ("PERSONAL_DATE", "06-APR-1965")]
    text = "serial 5951-17-5889 checked 10-Jul-2014"
    assert found(detector, text) == [("DEVICE_SERIAL", "5951-17-5889")]


def test_labelled_findings_need_no_clause_word(detector: PresidioDetector) -> None:
    """A line break ends a clause, but the property name or the HL7 type code on the line is
    the label: found; the same value on a line of its own is not."""
    assert found(detector, "getprop ro.serialno\nRG8AV78") == [("DEVICE_SERIAL", "RG8AV78")]
    assert found(detector, "getprop ro.product.model\nRG8AV78") == []
    assert found(detector, "PID|1||E6852696^^^HOSP^MR") == [("MEDICAL_RECORD_NUMBER", "E6852696")]
    assert found(detector, "E6852696^^^HOSP") == []
