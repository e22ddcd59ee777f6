"""Identifier rules of issue #16's fresh5 round (every type but PERSON): each rule a positive
and a near miss, synthetic values."""

from __future__ import annotations

import pytest

from govern.policy import PiiPolicy, Policy
from govern.scan.identifiers import IDENTIFIER_ENTITIES
from govern.scan.pii import PresidioDetector
from tests.scan.identifying import build, spans_of

ENTITIES = ["PHONE_NUMBER", "EMAIL_ADDRESS", "IP_ADDRESS", *IDENTIFIER_ENTITIES]


@pytest.fixture(scope="module")
def detector() -> PresidioDetector:
    # the rules alone: the learned identifier judge reads labels these near misses hold
    # ("member id", "plate"; tests/scan/test_identifier_model.py tests it)
    return build(entities=ENTITIES, identifier_model=False)


found = spans_of  # the text of each finding of one type


@pytest.mark.parametrize(
    ("text", "date"),
    [
        # shapes: month-day-year with the month's name, a day, month and two-digit year
        ("Died on Aug-24-1945; pronounced by the resident", "Aug-24-1945"),
        ("Died on 26 Jul '22; pronounced by the resident", "26 Jul '22"),
        # "the" belongs to the date it opens
        ("Pt Roe, Ana  DOB: the 10th of June, 1960  MRN#: 1", "the 10th of June, 1960"),
        # a directive is witnessed on the day the patient signs it
        ("Advance directive witnessed by A and B on 2003/10/19.", "2003/10/19"),
        # six digits after DOB, a day and month after an admission and a weekday, or "since"
        ("DOB 051960 confirmed verbally", "051960"),
        ("bed 12, 91 y.o., admitted Sat 11/12 with a fall.", "11/12"),
        ("states mom more confused since 6/13.", "6/13"),
        ("Insulin pump S/N: PF12AB34; last download 7 Oct '81.", "7 Oct '81"),
    ],
)
def test_fresh5_dates_are_found(detector: PresidioDetector, text: str, date: str) -> None:
    assert found(detector, text, "PERSONAL_DATE") == [date]


@pytest.mark.parametrize(
    "text",
    [
        "Release Aug-24-1945 notes",  # no birth or care word
        "shipped 26 Jul '22 to the warehouse",
        "Order 051960 confirmed verbally",  # six digits without DOB
        "DOB 131960 confirmed",  # no month 13
        "mix 3/4 cup of flour",  # a fraction
        "admitted Tues 3/4.5 units",  # a dose, not a day
        "since 3/4 of the dose was given",  # a fraction, not the end of a clause
        "up since 3/4/2024 builds",  # not a day and month alone, and no context word
        "The merger was witnessed by the board on 2009-11-21.",  # no patient's document
        "npm package, last download 2024-05-01",  # no medical device
        "the device, last sync 2024-05-01",  # any device is no patient's
    ],
)
def test_fresh5_date_near_misses(detector: PresidioDetector, text: str) -> None:
    assert found(detector, text, "PERSONAL_DATE") == []


def test_an_imei_in_6_2_6_1_groups(detector: PresidioDetector) -> None:
    # a Luhn-valid synthetic IMEI as a box prints it; one digit off fails the check
    assert found(detector, "imei 353063 87 876906 7, pls", "IMEI") == ["353063 87 876906 7"]
    assert found(detector, "imei 353063 87 876906 8, pls", "IMEI") == []


@pytest.mark.parametrize(
    ("text", "phone"),
    [
        ("P: 976/868-4056 or email", "976/868-4056"),
        ("spoke by phone 764 276-9624; she will call", "764 276-9624"),
        # a phone after an account or licence word is not its exchange-line tail's number
        ("New number for the account: (854)695-4248 (my old one)", "(854)695-4248"),
        ('{"license": "WDL228E5V3WS", "phone": "+1 (774) 951-2054"}', "+1 (774) 951-2054"),
        ("New number for the account: 325/876-3419 (old)", "325/876-3419"),
    ],
)
def test_fresh5_phone_shapes(detector: PresidioDetector, text: str, phone: str) -> None:
    assert found(detector, text, "PHONE_NUMBER") == [phone]
    assert found(detector, text, "ACCOUNT_NUMBER") == []


@pytest.mark.parametrize(
    "text",
    [
        "pages 120 300-4000",  # an exchange of 300 needs its area code's separator
        "see 1/222-3333",  # no three-digit area code
        "v 212/555-01478",  # a longer number
    ],
)
def test_fresh5_phone_near_misses(detector: PresidioDetector, text: str) -> None:
    assert found(detector, text, "PHONE_NUMBER") == []


def test_an_account_number_is_still_found_beside_a_phone_shape(
    detector: PresidioDetector,
) -> None:
    assert found(detector, "acct 1234567890, call (212) 555-0147", "ACCOUNT_NUMBER") == [
        "1234567890"
    ]


def test_a_fax_after_a_signatures_f_label(detector: PresidioDetector) -> None:
    policy = Policy(name="test", pii=PiiPolicy(entities=[*ENTITIES, "FAX_NUMBER"]))
    fax = PresidioDetector(policy)
    text = "Kind regards,\nAna Roe\nP: (358)799-1416  F: +1.272.749.9150\n"
    assert found(fax, text, "FAX_NUMBER") == ["+1.272.749.9150"]
    assert found(fax, text, "PHONE_NUMBER") == ["(358)799-1416"]
    # "F:" before a temperature or a drive's path is no fax label
    assert found(fax, "Temp F: 98.6 at 09:00", "FAX_NUMBER") == []
    assert found(fax, "copy to f: 212 555-0147", "FAX_NUMBER") == []


@pytest.mark.parametrize(
    ("text", "email"),
    [
        ("Author: A Roe <ana [at] example [dot] com>\nDate: x", "ana [at] example [dot] com"),
        ("reach me at ana.roe(at)example.org - sorry", "ana.roe(at)example.org"),
        ('email = "ana {at} mail {dot} co {dot} uk" }', "ana {at} mail {dot} co {dot} uk"),
    ],
)
def test_obfuscated_emails_are_found(detector: PresidioDetector, text: str, email: str) -> None:
    assert found(detector, text, "EMAIL_ADDRESS") == [email]


@pytest.mark.parametrize(
    "text",
    [
        "meet [at] noon [dot] tomorrow",  # no top-level domain
        "ping x [at] y",  # no domain at all
        "see arr[at] index 3",  # an index, not a word "at" in brackets before a domain
    ],
)
def test_obfuscated_email_near_misses(detector: PresidioDetector, text: str) -> None:
    assert found(detector, text, "EMAIL_ADDRESS") == []


@pytest.mark.parametrize(
    ("text", "licence"),
    [
        # the UK's 16-character shape and Washington's WDL, after a licence word
        ("Driving licence number ROEXX802143AB9CD, the front", "ROEXX802143AB9CD"),
        ('{"driver": {"license": "WDLAB12CD3EF"}}', "WDLAB12CD3EF"),
        # after the capitals DL, any licence shape
        ("Pt drives; DL ROEXX802143AB9CD; parking noted", "ROEXX802143AB9CD"),
        ("Pt drives; DL B1234-56789-01234; parking noted", "B1234-56789-01234"),
        # a board's prefix after lic., a number ending the clause after a credential
        ("Note by A. Roe, NP (lic. MD.1234567) - cosigned", "MD.1234567"),
        ("cosigned by Ana Roe, MD, 91234567.", "91234567"),
        ("cosigned by Ana Roe, MD, A-12345.", "A-12345"),
    ],
)
def test_fresh5_licences_are_found(detector: PresidioDetector, text: str, licence: str) -> None:
    assert found(detector, text, "LICENSE_NUMBER") == [licence]


@pytest.mark.parametrize(
    "text",
    [
        "build id ROEXX802143AB9CD here",  # the UK shape without a licence word
        "DL speeds of 100 Mbps",  # DL without a licence-shaped value
        "dl 12345678 now",  # lower case: a download
        "Ana Roe, MD, 12345 Main St",  # the clause goes on: an address
        "Ana Roe, MD, 2019.",  # a year, too short for a licence
    ],
)
def test_fresh5_licence_near_misses(detector: PresidioDetector, text: str) -> None:
    assert found(detector, text, "LICENSE_NUMBER") == []


def test_a_licence_word_does_not_claim_a_phones_tail(detector: PresidioDetector) -> None:
    text = '{"driver": {"license": "WDLAB12CD3EF", "phone": "631 452-3976"}}'
    assert found(detector, text, "LICENSE_NUMBER") == ["WDLAB12CD3EF"]
    assert found(detector, text, "PHONE_NUMBER") == ["631 452-3976"]


@pytest.mark.parametrize(
    ("text", "login"),
    [
        ("D:\\Profiles\\ana_r\\AppData\\Local\\Temp\\build.log", "ana_r"),
        ("PS C:\\> whoami\ncontoso\\roe-a\nPS C:\\>", "roe-a"),
    ],
)
def test_windows_logins_are_found(detector: PresidioDetector, text: str, login: str) -> None:
    assert found(detector, text, "USERNAME") == [login]


@pytest.mark.parametrize(
    "text",
    [
        "C:\\App\\Mozilla\\Profiles\\abcd1234.default",  # a browser's profile, not a drive's
        "PS C:\\> whoami\nnt authority\\system",  # a service account
        "contoso\\roe-a has no whoami before it",  # a path's folders, no command
    ],
)
def test_windows_login_near_misses(detector: PresidioDetector, text: str) -> None:
    assert found(detector, text, "USERNAME") == []


@pytest.fixture(scope="module")
def urls() -> PresidioDetector:
    return PresidioDetector(Policy(name="test", pii=PiiPolicy(entities=["PERSONAL_URL"])))


@pytest.mark.parametrize(
    ("text", "url"),
    [
        ("by A. Roe (https://calendly.com/ana-roe/30min). Docs", "https://calendly.com/ana-roe/30min"),
        ("slides are up on https://roe-a.github.io/ if you want", "https://roe-a.github.io/"),
        ("author: https://bsky.app/profile/anaroe.bsky.social\n", "https://bsky.app/profile/anaroe.bsky.social"),
        ("ORCID (https://orcid.org/0000-0002-1825-0097). Docs", "https://orcid.org/0000-0002-1825-0097"),
    ],
)  # fmt: skip
def test_fresh5_personal_urls_are_found(urls: PresidioDetector, text: str, url: str) -> None:
    assert found(urls, text, "PERSONAL_URL") == [url]


@pytest.mark.parametrize(
    "text",
    [
        "see https://calendly.com/pricing",  # the site's own pages
        "https://bsky.app/profile/settings",
        "https://docs.github.io/guide",
        "https://orcid.org/signin",
    ],
)
def test_fresh5_personal_url_near_misses(urls: PresidioDetector, text: str) -> None:
    assert found(urls, text, "PERSONAL_URL") == []


IBAN = "GB82 WEST 1234 5698 7654 32"


@pytest.mark.parametrize(
    ("text", "kind", "value"),
    [
        # a GB IBAN (synthetic, valid check digits) after "acct" or "IBAN"
        (f"Guarantor acct {IBAN}; MRN x", "ACCOUNT_NUMBER", IBAN),
        ("The IBAN for the refund is 1234-5678-90, it's", "ACCOUNT_NUMBER", "1234-5678-90"),
        # a plan id's last group, and one given as a column's example in SQL
        ("Member ID on my card is MEM-1234-5678 and", "HEALTH_PLAN_ID", "MEM-1234-5678"),
        ("BCBS, member 123456789-02; secondary", "HEALTH_PLAN_ID", "123456789-02"),
        ("ALTER TABLE m ADD COLUMN plan_id; -- e.g. H12345678, x", "HEALTH_PLAN_ID", "H12345678"),
        # a plate in three groups, an age one is turning
        ("parking plate 12-XYZ-3 noted", "LICENSE_PLATE", "12-XYZ-3"),
        ("parking plate KA 01 AB 1234 noted", "LICENSE_PLATE", "KA 01 AB 1234"),
        ("Mrs Roe celebrated turning 92 on the unit", "AGE_OVER_89", "92"),
    ],
)  # fmt: skip
def test_fresh5_numbers_are_found(
    detector: PresidioDetector, text: str, kind: str, value: str
) -> None:
    assert found(detector, text, kind) == [value]


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("ALTER TABLE t ADD COLUMN order_id; -- e.g. H12345678", "HEALTH_PLAN_ID"),
        ("release 12-XYZ-3 shipped", "LICENSE_PLATE"),  # no plate word
        ("ship KA 01 AB 1234 now", "LICENSE_PLATE"),
        ("the dial is turning 95 times", "AGE_OVER_89"),  # no person
    ],
)
def test_fresh5_number_near_misses(detector: PresidioDetector, text: str, kind: str) -> None:
    assert found(detector, text, kind) == []


def test_an_iban_whose_check_digits_fail_is_not_taken_whole(detector: PresidioDetector) -> None:
    wrong = IBAN.replace("GB82", "GB83")
    assert wrong not in found(detector, f"Guarantor acct {wrong}; MRN x", "ACCOUNT_NUMBER")


def test_an_iban_is_no_account_number_where_iban_code_is_scanned() -> None:
    policy = Policy(name="test", pii=PiiPolicy(entities=["ACCOUNT_NUMBER", "IBAN_CODE"]))
    both = PresidioDetector(policy)
    text = f"Refund to the IBAN {IBAN} please"
    assert found(both, text, "IBAN_CODE") == [IBAN]
    assert found(both, text, "ACCOUNT_NUMBER") == []


def test_disabling_presidios_email_recognizer_disables_the_obfuscated_one() -> None:
    policy = Policy(
        name="test",
        pii=PiiPolicy(entities=["EMAIL_ADDRESS"], disabled_recognizers=["EmailRecognizer"]),
    )
    off = PresidioDetector(policy)
    assert found(off, "reach me at ana [at] example [dot] com", "EMAIL_ADDRESS") == []
    assert off.coverage()["not_covered"] == ["EMAIL_ADDRESS"]


@pytest.fixture(scope="module")
def plates() -> PresidioDetector:
    return PresidioDetector(Policy(name="test", pii=PiiPolicy(entities=["LICENSE_PLATE", "VIN"])))


@pytest.mark.parametrize(
    ("text", "plate"),
    [  # a synthetic VIN whose check digit holds, then the plate's cell
        ("vehicles.csv:\n1HGCM82633A004352,KA 05 LH 8170,ana roe", "KA 05 LH 8170"),
        ("1HGCM82633A004352,NOTURCAR,ana roe\n", "NOTURCAR"),
    ],
)
def test_a_plate_cell_after_a_vin_cell(plates: PresidioDetector, text: str, plate: str) -> None:
    assert found(plates, text, "LICENSE_PLATE") == [plate]


@pytest.mark.parametrize(
    "text",
    [
        "1HGCM82633A004352,silver,ana roe",  # not a plate's shape
        "1HGCM82633A004353,ABC123,ana roe",  # the VIN's check digit fails
        "x 1HGCM82633A004352,ABC123,ana",  # the VIN does not open its cell
    ],
)
def test_vin_row_plate_near_misses(plates: PresidioDetector, text: str) -> None:
    assert found(plates, text, "LICENSE_PLATE") == []
