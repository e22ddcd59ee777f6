"""PERSONAL_DATE and USERNAME rules of issue #16's fresh4 round: each rule a positive and a
near miss, synthetic values."""

from __future__ import annotations

import pytest

from govern.scan.pii import PresidioDetector
from tests.scan.identifying import ENTITIES, build, spans_of


@pytest.fixture(scope="module")
def detector() -> PresidioDetector:
    return build(entities=ENTITIES)


found = spans_of  # the text of each finding of one type


@pytest.mark.parametrize(
    ("text", "date"),
    [
        # shapes: month and year, a two-digit year after an apostrophe
        ("For verification: DOB 06/1981, last name Doe", "06/1981"),
        ("Admitted 7/2007, discharged home", "7/2007"),
        ("DOB Sep 21 '80, zip 12345", "Sep 21 '80"),
        ("follow-up on 11/2025 with cardiology", "11/2025"),
        # an event of a patient's care, without a birth or admission word
        ("Per ortho (Dr. Roe), stable; see note of 13-MAY-2011.", "13-MAY-2011"),
        ("as in the prior note dated 3/27/2021", "3/27/2021"),
        ("Electronically signed by Ana Q. Roe, MD on Feb. 8, 1992.", "Feb. 8, 1992"),
        ("Electronically signed on 2023-04-01 14:02", "2023-04-01"),
        ("Co-signed by J. Doe, RN on 4/14/1973", "4/14/1973"),
        ("Pacemaker serial X, last interrogated 10/10/2019.", "10/10/2019"),
        ("ICD interrogation on 2020-06-01: no events", "2020-06-01"),
        ("Pronounced Feb. 27, 1966 at 04:12. Family notified.", "Feb. 27, 1966"),
        ("pronounced dead on 3/4/2024 by the resident", "3/4/2024"),
    ],
)
def test_personal_dates_are_found(detector: PresidioDetector, text: str, date: str) -> None:
    assert found(detector, text, "PERSONAL_DATE") == [date]


@pytest.mark.parametrize(
    "text",
    [
        "Release notes of 2024-05-01: faster export",  # a release's note, not a chart's
        "see the changelog of 2024-05-01",
        "see the note on 2024-05-02 about it",  # a note about a day, not dated by it
        "signed by the vendor on 3/4/2024",  # a contract's signature: no credential
        "Signed by Ana Roe, CEO on 3/4/2024",  # a credential that is no clinician's
        "the database was interrogated on 2024-05-01",  # no implant, no "last"
        "the drift is more pronounced on 2024-05-01 builds",  # no time, not "dead"
        "card expires 06/2027",  # a month and year without a birth or care word
        "version 3/2024 shipped",
        "scores 3/4/2024 and 12/31",  # no context word
    ],
)
def test_date_near_misses_are_not_reported(detector: PresidioDetector, text: str) -> None:
    assert found(detector, text, "PERSONAL_DATE") == []


def test_a_spoken_birth_date_is_found_after_a_birth_word(detector: PresidioDetector) -> None:
    """The question's line holds the birth word; the answer, on the next, the date."""
    text = "RN: Can you tell me your date of birth?\nPt: May fifteenth, nineteen forty."
    assert found(detector, text, "PERSONAL_DATE") == ["May fifteenth, nineteen forty"]
    text = "born on the fifth of May, two thousand and one, at home"
    assert found(detector, text, "PERSONAL_DATE") == ["the fifth of May, two thousand and one"]
    text = "DOB: June twenty-first, nineteen oh five"
    assert found(detector, text, "PERSONAL_DATE") == ["June twenty-first, nineteen oh five"]


@pytest.mark.parametrize(
    "text",
    [
        "On December seventh, nineteen forty-one, the fleet was attacked.",  # no birth word
        "date of birth? May fifteenth",  # no year in words
        "born in nineteen forty-seven",  # a year alone is no date
    ],
)
def test_spoken_date_near_misses(detector: PresidioDetector, text: str) -> None:
    assert found(detector, text, "PERSONAL_DATE") == []


def test_hl7_birth_and_death_dates_by_their_field(detector: PresidioDetector) -> None:
    """PID-7 is the birth date and PID-29 the death date; a date elsewhere is not theirs."""
    pid = "PID|1||E1234567^^^HOSP^MR||ROE^ANA^Q||19470303|F|||12 Elm St^^Dayton^OH^45402"
    assert found(detector, pid, "PERSONAL_DATE") == ["19470303"]
    message = "MSH|^~\\&|LAB|HOSP|||20240501120000||ADT^A01|123|P|2.5\r" + pid
    assert found(detector, message, "PERSONAL_DATE") == ["19470303"]
    death = "PID|1||E1234567^^^HOSP^MR||ROE^ANA||19470303|F" + "|" * 21 + "202401021530|Y"
    assert found(detector, death, "PERSONAL_DATE") == ["19470303", "202401021530"]
    # OBR-7 and OBR-8, the specimen's observation start and end, are service dates of the
    # patient: the learned date judge reports them (docs/DESIGN.md); MSH-7 above is no one's
    obr = "OBR|1||||||20240501|19470303|F"
    assert found(detector, obr, "PERSONAL_DATE") == ["20240501", "19470303"]
    assert found(detector, "PID|1||E1234567^^^HOSP^MR||ROE^ANA||19471303|F", "PERSONAL_DATE") == []


def test_an_inserts_date_of_birth_column(detector: PresidioDetector) -> None:
    """The values under a dob column, row by row; not under another date column, nor NULL."""
    text = (
        "INSERT INTO patients (name, date_of_birth, ssn) VALUES "
        "('Roe, Ana', '1937-04-04', NULL), ('Doe', NULL, NULL), ('Poe', '4/5/1950', NULL);"
    )
    assert found(detector, text, "PERSONAL_DATE") == ["1937-04-04", "4/5/1950"]
    text = "INSERT INTO releases (name, created_at) VALUES ('v2', '2024-04-04');"
    assert found(detector, text, "PERSONAL_DATE") == []


@pytest.mark.parametrize(
    ("text", "login"),
    [
        ("# TODO(@ana_roe): drop this shim", "ana_roe"),
        ("// FIXME(jdoe42, 2024): flaky", "jdoe42"),
        ("ps aux | grep train\nana.roe  48213  2.1  0.4  python train.py", "ana.roe"),
        ('sudo -u vscode psql -c "ALTER USER jroe WITH LOGIN;"', "jroe"),
        ("CREATE USER IF NOT EXISTS ana_roe;", "ana_roe"),
        ("sshd[41]: Invalid user jdoe42 from 203.0.113.9 port 22", "jdoe42"),
        ("Connection closed by authenticating user ana.roe 203.0.113.9 port 52144", "ana.roe"),
        ("Failed password for invalid user ana_r from 203.0.113.9 port 22 ssh2", "ana_r"),
        ("not found (CI runs as runner, not ana.roe)", "ana.roe"),
        ("the cron job runs as dwalker2", "dwalker2"),
        ("set up the account so it might be under ana-r", "ana-r"),
        ("the profile is registered under lwei_88", "lwei_88"),
        ("the service runs as user root, not nystromh", "nystromh"),  # surname + initial
    ],
)
def test_logins_are_found(detector: PresidioDetector, text: str, login: str) -> None:
    assert found(detector, text, "USERNAME") == [login]


@pytest.mark.parametrize(
    "text",
    [
        "# TODO(perf): batch the writes",  # a topic in the parentheses, one word
        "ps aux | grep train\n48213  2.1  0.4  python",  # no user column
        "root  1  0.0  0.1  /sbin/init",  # a service account
        'sudo -u vscode psql -c "SELECT 1"',  # the dev container's account
        "sudo -u codespace make",
        "ALTER TABLE users ADD COLUMN login text",
        "Invalid user input from the form",  # no address after it
        "the test runs as expected, not as root",
        "it runs as fast as before",
        "the account is under review",
        "the account might be under walkers",  # a surname and a plural
        "the profile is under v2",
    ],
)
def test_login_near_misses_are_not_reported(detector: PresidioDetector, text: str) -> None:
    assert found(detector, text, "USERNAME") == []


def test_both_accounts_of_runs_as_y_not_x(detector: PresidioDetector) -> None:
    """Neither login hides the other; a service account among them is dropped."""
    text = "the nightly job runs as ana_r, not lwei_88"
    assert found(detector, text, "USERNAME") == ["ana_r", "lwei_88"]
    assert found(detector, "CI runs as runner, not lwei_88", "USERNAME") == ["lwei_88"]
