"""Identifier rules of issue #16's fresh7 round (every type but PERSON): each rule a positive
and a near miss, synthetic values."""

from __future__ import annotations

import pytest

from govern.scan.identifiers import luhn_valid, vin_check_digit
from govern.scan.locators import ENTITIES as LOCATOR_ENTITIES
from govern.scan.pii import PresidioDetector
from tests.scan.identifying import build, spans_of

ENTITIES = [
    "PHONE_NUMBER",
    "CREDIT_CARD",
    "EMAIL_ADDRESS",
    "IP_ADDRESS",
    "US_SSN",
    *LOCATOR_ENTITIES,
]


@pytest.fixture(scope="module")
def detector() -> PresidioDetector:
    return build(entities=ENTITIES)


found = spans_of  # the text of each finding of one type


def with_luhn(body: str) -> str:
    return next(body + d for d in "0123456789" if luhn_valid(body + d))


def with_vin_check(body: str) -> str:
    return body[:8] + vin_check_digit(body) + body[9:]


# Each rule: a text where it finds the value, and a near miss where it must not.
POSITIVES = [
    # dates: ISO timestamps, DDMONYY(YY), spaced, Roman-numeral months, "Month 'yy"
    ("Time of death: 2025-03-25T20:26. Pronounced by Dr. Roe", "PERSONAL_DATE", "2025-03-25T20:26"),
    ("Discharged 08OCT25 to daughter", "PERSONAL_DATE", "08OCT25"),
    ("DOB: 09AUG1952   Sex: M", "PERSONAL_DATE", "09AUG1952"),
    (
        "Thank you for seeing the patient (DOB 01 / 17 / 1946, MRN",
        "PERSONAL_DATE",
        "01 / 17 / 1946",
    ),
    ("Born 15/III/1929 in Asmara", "PERSONAL_DATE", "15/III/1929"),
    ("seeing Ana Roe (DOB September '78, MRN", "PERSONAL_DATE", "September '78"),
    # dates a note's wording labels
    ("S: Pt reports nausea since Feb 9, relieved by ondansetron.", "PERSONAL_DATE", "Feb 9"),
    ("c/o chest pain since 3/14/2026 at rest", "PERSONAL_DATE", "3/14/2026"),
    ("Nursing flowsheet 2026-02-28T14:30: ROE, ANA  wt 61 kg", "PERSONAL_DATE", "2026-02-28T14:30"),
    ("Age/Sex: 93/F   Adm: Aug 26", "PERSONAL_DATE", "Aug 26"),
    # dates by their interchange field
    ("(0010,0010) PN [ROE^ANA]\n(0010,0030) DA [19780627]\n", "PERSONAL_DATE", "19780627"),
    ("(0008, 0020) Study Date                  DA: '20240311'", "PERSONAL_DATE", "20240311"),
    ("NM1*IL*1*ROE*ANA****MI*W123456789~\nDMG*D8*19290914*F~", "PERSONAL_DATE", "19290914"),
    ("CLM*A37YH556*500***11:B:1*Y*A*Y*I~DTP*472*D8*20240502~", "PERSONAL_DATE", "20240502"),
    # a person's dates, MRNs and ZIPs in a CSV column by its header
    ("patients.csv\nmrn,dob,zip\nM5449023,03MAR1947,10665\n", "PERSONAL_DATE", "03MAR1947"),
    ("patients.csv\nmrn,dob,zip\nM5449023,03MAR1947,10665\n", "MEDICAL_RECORD_NUMBER", "M5449023"),
    (
        "contacts.csv\nname,street,city,zip\nAna Roe,12 Oak Street,Springfield,10665\n",
        "ZIP_CODE",
        "10665",
    ),
    # record numbers: DICOM Patient ID, two digit groups
    (
        "(0010,0030) DA [19780627]\n(0010,0020) LO [4327 8371]\n",
        "MEDICAL_RECORD_NUMBER",
        "4327 8371",
    ),
    (
        "seeing Ana Roe (DOB 2006.10.26, MRN 2685 1092), a pleasant",
        "MEDICAL_RECORD_NUMBER",
        "2685 1092",
    ),
    # health plans: X12 NM1 member id, Canadian health cards, HICN, two digit groups
    ("NM1*IL*1*ROE*ANA****MI*R59G861443~\nDMG*D8*19960506*F~", "HEALTH_PLAN_ID", "R59G861443"),
    (
        "Ontario health card 3685-291-701-TE - does your clinic bill OHIP",
        "HEALTH_PLAN_ID",
        "3685-291-701-TE",
    ),
    ("RAMQ ROEA 4512 3456 on file", "HEALTH_PLAN_ID", "ROEA 4512 3456"),
    ("Alberta PHN 12345-6789 verified", "HEALTH_PLAN_ID", "12345-6789"),
    ("Insurance: legacy HICN 607-99-7462B", "HEALTH_PLAN_ID", "607-99-7462B"),
    ("verified; secondary member 70968 33794; guarantor", "HEALTH_PLAN_ID", "70968 33794"),
    # ages over 89
    ("that refill was meant for my dad (93 in May)", "AGE_OVER_89", "93"),
    ("Age/Sex: 101/F   Attending: Roe, Ana", "AGE_OVER_89", "101"),
    # IMEI in TAC-SNR-CD groups, a 19-digit card, an SSN after soc. sec. no.
    ("got a new phone, old one's IMEI was IMEI_8_6_1", "IMEI", "IMEI_8_6_1"),
    ("The card I used is CARD_19 and it was declined", "CREDIT_CARD", "CARD_19"),
    ("For the payroll form: soc sec no. 378113294, thanks", "US_SSN", "378113294"),
    # plates: Swiss, Californian in lower case, in a VIN row, a vanity plate
    ("Pt's car (plate ZH 728363, VIN on file) left in lot B", "LICENSE_PLATE", "ZH 728363"),
    ("my plate is 7twa227 if security asks", "LICENSE_PLATE", "7twa227"),
    ("seed_vehicles = [('VIN_ROW', 'BE 319799')]", "LICENSE_PLATE", "BE 319799"),
    ("Pt's car (plate RXQUEEN, VIN on file) left in lot B", "LICENSE_PLATE", "RXQUEEN"),
    # licences: states' digit groups after DL, a licence type after lic.
    ("ID checked at registration: DL 14 522 533; SSN on file", "LICENSE_NUMBER", "14 522 533"),
    ("ID checked at registration: DL A 939 520 991 617; ok", "LICENSE_NUMBER", "A 939 520 991 617"),
    ("RPh Ana Roe (lic LVN 186589) verified the dose", "LICENSE_NUMBER", "LVN 186589"),
    ("driver = {'name': 'A. Roe', 'license': '45 366 385'}", "LICENSE_NUMBER", "45 366 385"),
    # accounts: a hospital account record
    ("guarantor Ana Roe; HAR 4741928520\nNursing note", "ACCOUNT_NUMBER", "4741928520"),
    ("guarantor Ana Roe; HAR C-00473429", "ACCOUNT_NUMBER", "C-00473429"),
    # serials: after SN, a board's hex, a quoted serial key
    ("CGM transmitter SN 8B41B4 replaced; pt gets supplies", "DEVICE_SERIAL", "8B41B4"),
    ("Pi SN 10000000c563d53f in rack 2", "DEVICE_SERIAL", "10000000c563d53f"),
    ("device = {'serial': '8GH9QW', 'os': 'kernel 6.5.0-11-generic'}", "DEVICE_SERIAL", "8GH9QW"),
    # logins: /etc/passwd, SSH key comments, another login
    ("anaroe:x:1001:1001:Ana Roe,,,:/nonexistent:/usr/sbin/nologin", "USERNAME", "anaroe"),
    ("ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOr33225QkZ anaroe@ana-mbp", "USERNAME", "anaroe"),
    ("my username is ana.r but I also had an old one, anaroe", "USERNAME", "anaroe"),
    # emails spelled out
    ("owner: anaroe at protonmail dot com", "EMAIL_ADDRESS", "anaroe at protonmail dot com"),
    ("EMAIL:ana.roe at roe-family dot org", "EMAIL_ADDRESS", "ana.roe at roe-family dot org"),
    # profile URLs
    (
        "You can find me at https://anaroe.substack.com",
        "PERSONAL_URL",
        "https://anaroe.substack.com",
    ),
    (
        "My write-up: https://huggingface.co/anaroe42",
        "PERSONAL_URL",
        "https://huggingface.co/anaroe42",
    ),
    (
        "see https://stackoverflow.com/users/1234567/ana-roe for answers",
        "PERSONAL_URL",
        "https://stackoverflow.com/users/1234567/ana-roe",
    ),
    (
        "Profile: https://www.doximity.com/pub/ana-roe-md",
        "PERSONAL_URL",
        "https://www.doximity.com/pub/ana-roe-md",
    ),
    (
        "cited at https://scholar.google.com/citations?user=AbC1dEfGhIJK",
        "PERSONAL_URL",
        "https://scholar.google.com/citations?user=AbC1dEfGhIJK",
    ),
]

NEAR_MISSES = [
    # a release's timestamp, a build's, a stock code; a fraction; an uptime since a date
    ("Released 2025-03-25T20:26 with the fixes", "PERSONAL_DATE"),
    ("deprecated since 2024-01-01, use v2", "PERSONAL_DATE"),
    ("the service has been up since Feb 9", "PERSONAL_DATE"),
    ("Born in 1929 in Asmara", "PERSONAL_DATE"),
    # an interchange's own dates: ISA / BHT; a DICOM element of another VR
    ("BHT*0019*00*0123*20240502*1023*CH~", "PERSONAL_DATE"),
    ("(0008,0060) CS [20240502]", "PERSONAL_DATE"),
    # a provider's NM1 (an NPI) is no member id
    ("NM1*85*2*OAK CLINIC*****XX*1234567893~", "HEALTH_PLAN_ID"),
    # a card's number after health card words with another shape; a plain SSN after HICN words
    ("Ontario health card 12345 - does your clinic bill OHIP", "HEALTH_PLAN_ID"),
    # an age in brackets that is a measure; a sex after a temperature
    ("my dad (93 kg) is on the scale", "AGE_OVER_89"),
    ("Temp/Sex: 99/F", "AGE_OVER_89"),
    # not an IMEI: Luhn fails; a card inside a 22-digit tracking number
    ("old one's IMEI was BAD_IMEI", "IMEI"),
    ("my order 9400 1000 0000 0000 0000 00 was lost", "CREDIT_CARD"),
    # an SSN the SSA never issues after the label
    ("For the payroll form: soc sec no. 900112222, thanks", "US_SSN"),
    # a plate word before a driving licence; a placeholder vanity plate; upper-case words
    ("ID checked at registration: DL 14 522 533", "LICENSE_PLATE"),
    ("Pt's car (plate UNKNOWN, VIN on file)", "LICENSE_PLATE"),
    ("seed_vehicles = [('WRONG_VIN_ROW', 'BE 319799')]", "LICENSE_PLATE"),
    # a licence clause's phone is the phone's; a phone's 3-3-4 after DL too
    ("ID checked at registration: DL 503 555 0147", "LICENSE_NUMBER"),
    ("driver = {'license': 'on file', 'cell': '+972-51-375-2938'}", "LICENSE_NUMBER"),
    # HAR inside a word
    ("SHARE 4741928520 units", "ACCOUNT_NUMBER"),
    # a kernel version beside a serial key; "SN" inside a word
    ("device = {'serial': 'on file', 'os': 'kernel 6.5.0-11-generic'}", "DEVICE_SERIAL"),
    ("SNOMED 22298006 is a myocardial infarction", "DEVICE_SERIAL"),
    # system accounts; a key without a comment
    ("systemd-resolve:x:998:998::/run/systemd:/usr/sbin/nologin", "USERNAME"),
    ("nobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin", "USERNAME"),
    # no provider and no mail label
    ("look at google dot com for the docs", "EMAIL_ADDRESS"),
    ("write to ana at roe-family dot org", "EMAIL_ADDRESS"),  # "to" labels no address
    # a site's own pages: a model repository, a subdomain of the host
    ("weights at https://huggingface.co/models", "PERSONAL_URL"),
    ("help at https://support.substack.com", "PERSONAL_URL"),
    # a filtering resolver's address
    ("DNS is 185.228.168.9, the family filter", "IP_ADDRESS"),
]

IMEI_8_6_1 = (lambda d: f"{d[:8]}-{d[8:14]}-{d[14]}")(with_luhn("35419237031129"))
BAD_IMEI = IMEI_8_6_1[:-1] + str((int(IMEI_8_6_1[-1]) + 1) % 10)
CARD_19 = (lambda d: f"{d[:4]} {d[4:8]} {d[8:12]} {d[12:16]} {d[16:]}")(
    with_luhn("220012345678901234")
)
VIN_ROW = with_vin_check("1M8GDM9AXKP042788")
WRONG_VIN_ROW = VIN_ROW[:8] + ("1" if VIN_ROW[8] != "1" else "2") + VIN_ROW[9:]
VALUES = {
    "IMEI_8_6_1": IMEI_8_6_1,
    "BAD_IMEI": BAD_IMEI,
    "CARD_19": CARD_19,
    "WRONG_VIN_ROW": WRONG_VIN_ROW,
    "VIN_ROW": VIN_ROW,
}


def filled(text: str) -> str:
    for name, value in VALUES.items():  # the longest names first: WRONG_VIN_ROW before VIN_ROW
        text = text.replace(name, value)
    return text


@pytest.mark.parametrize(("text", "kind", "value"), POSITIVES)
def test_fresh7_rules_find_their_values(
    detector: PresidioDetector, text: str, kind: str, value: str
) -> None:
    assert filled(value) in found(detector, filled(text), kind)


@pytest.mark.parametrize(("text", "kind"), NEAR_MISSES)
def test_fresh7_near_misses_are_not_found(detector: PresidioDetector, text: str, kind: str) -> None:
    assert found(detector, filled(text), kind) == []


def test_a_driving_licence_after_registration_is_no_plate(detector: PresidioDetector) -> None:
    text = "ID checked at registration: DL P5877 25299 39907; SSN on file"
    assert found(detector, text, "LICENSE_PLATE") == []
    assert found(detector, text, "LICENSE_NUMBER") == ["P5877 25299 39907"]


def test_a_routing_number_is_the_banks(detector: PresidioDetector) -> None:
    text = "account_id=4595348453 routing=021000021 holder='Roe, Ana'"
    assert found(detector, text, "ACCOUNT_NUMBER") == ["4595348453"]
