"""The identifier recognizers: each entity with a positive and a near miss, synthetic values."""

from __future__ import annotations

import random

import pytest
from pydantic import ValidationError

from govern.policy import PiiPolicy, Policy
from govern.scan._presidio import Pattern
from govern.scan.identifiers import (
    IDENTIFIER_ENTITIES,
    IdentifierRecognizer,
    luhn_valid,
    vin_check_digit,
)
from govern.scan.pii import PresidioDetector

ENTITIES = ["PHONE_NUMBER", "CREDIT_CARD", "US_SSN", "IP_ADDRESS", *IDENTIFIER_ENTITIES]


def build(**pii: object) -> PresidioDetector:
    return PresidioDetector(Policy(name="test", pii=PiiPolicy.model_validate(pii)))


@pytest.fixture(scope="module")
def detector() -> PresidioDetector:
    return build(entities=ENTITIES)


def found(detector: PresidioDetector, text: str) -> list[tuple[str, str]]:
    return [(hit.type, text[hit.start : hit.end]) for hit in detector.detect(text)]


def with_luhn(body: str) -> str:
    return next(body + d for d in "0123456789" if luhn_valid(body + d))


def vin(rng: random.Random) -> str:
    body = "".join(rng.choices("ABCDEFGHJKLMNPRSTUVWXYZ0123456789", k=17))
    body = body[:8] + "0" + body[9:]
    return body[:8] + vin_check_digit(body) + body[9:]


RNG = random.Random(16)
DIGITS = "".join(RNG.choices("123456789", k=12))
IMEI = with_luhn("35" + DIGITS)
VIN = vin(RNG)
BAD_VIN = VIN[:8] + ("1" if VIN[8] != "1" else "2") + VIN[9:]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (f"Patient MRN: {DIGITS[:8]}, seen in clinic", ("MEDICAL_RECORD_NUMBER", DIGITS[:8])),
        (f"chart no. {DIGITS[:7]}", ("MEDICAL_RECORD_NUMBER", DIGITS[:7])),
        (f"Member ID: XGH{DIGITS[:9]} on the card", ("HEALTH_PLAN_ID", f"XGH{DIGITS[:9]}")),
        ("Medicare ID 1EG4-TE5-MK73", ("HEALTH_PLAN_ID", "1EG4-TE5-MK73")),
        (f"her account number is {DIGITS[:10]}", ("ACCOUNT_NUMBER", DIGITS[:10])),
        (f"nursing licence RN-{DIGITS[:6]}", ("LICENSE_NUMBER", f"RN-{DIGITS[:6]}")),
        (f"pump serial number SN{DIGITS[:8]}X", ("DEVICE_SERIAL", f"SN{DIGITS[:8]}X")),
        (f"S/N: C02XK{DIGITS[:4]}G5H", ("DEVICE_SERIAL", f"C02XK{DIGITS[:4]}G5H")),
        (f"licence plate 7ABC{DIGITS[:3]}", ("LICENSE_PLATE", f"7ABC{DIGITS[:3]}")),
        (f"the car's VIN is {VIN}", ("VIN", VIN)),
        (f"replacement unit {VIN} shipped", ("VIN", VIN)),
        (f"IMEI {IMEI}", ("IMEI", IMEI)),
        (f"handset {IMEI[:2]}-{IMEI[2:8]}-{IMEI[8:14]}-{IMEI[14]}", ("IMEI", None)),
        ("DOB: 03/14/1931", ("PERSONAL_DATE", "03/14/1931")),
        ("she was born on March 3, 1951 in Lagos", ("PERSONAL_DATE", "March 3, 1951")),
        ("admitted 2024-02-11 with chest pain", ("PERSONAL_DATE", "2024-02-11")),
        ("Admit date: 3/4/24", ("PERSONAL_DATE", "3/4/24")),
        ("discharged on 14 Feb 2024", ("PERSONAL_DATE", "14 Feb 2024")),
        ("a 92-year-old woman", ("AGE_OVER_89", "92")),
        ("patient, age 94, stable", ("AGE_OVER_89", "94")),
        ("97 y/o male", ("AGE_OVER_89", "97")),
        (f"ssn {DIGITS[:3]}4{DIGITS[3:8]}", ("US_SSN", f"{DIGITS[:3]}4{DIGITS[3:8]}")),
        ("Springfield, IL 62704", ("ZIP_CODE", "62704")),
        ("zip code 30301", ("ZIP_CODE", "30301")),
        ("open /home/adaeze/notes.txt", ("USERNAME", "adaeze")),
        (r"C:\Users\mkowalski\Desktop", ("USERNAME", "mkowalski")),
        ("see example.edu/~tnguyen for slides", ("USERNAME", "tnguyen")),
        ("cd ~rpatel", ("USERNAME", "rpatel")),
        ("ls -la ~rpatel", ("USERNAME", "rpatel")),
        ("ls ~rpatel/src", ("USERNAME", "rpatel")),
        ("username: kwame_a", ("USERNAME", "kwame_a")),
        ("GET /login?user=kwame_a&next=/", ("USERNAME", "kwame_a")),
        ("follow me on twitter @anna_b", ("USERNAME", "@anna_b")),
        ("on slack:\n@anna_b thanks, merged", ("USERNAME", "@anna_b")),
        ("212-555-0147", ("PHONE_NUMBER", "212-555-0147")),
        ("(212) 555-0147", ("PHONE_NUMBER", "(212) 555-0147")),
        ("+1 212 555 0147", ("PHONE_NUMBER", "+1 212 555 0147")),
        ("host 81.2.69.142 is up", ("IP_ADDRESS", "81.2.69.142")),
        # phrasings the recognizers were not first written for
        (f"DEA# AB{DIGITS[:7]} on the script", ("LICENSE_NUMBER", f"AB{DIGITS[:7]}")),
        (f"NPI: 1{DIGITS[:9]}", ("LICENSE_NUMBER", f"1{DIGITS[:9]}")),
        (f"the truck's tag number is 7KDJ{DIGITS[:3]}", ("LICENSE_PLATE", f"7KDJ{DIGITS[:3]}")),
        ("she passed away on 03/04/2019 at home", ("PERSONAL_DATE", "03/04/2019")),
        ("follow-up visit on 2021-03-04", ("PERSONAL_DATE", "2021-03-04")),
        ("a ninety-two-year-old woman", ("AGE_OVER_89", "ninety-two")),
        ("aged ninety-four, lives alone", ("AGE_OVER_89", "ninety-four")),
        ("he is one hundred and two years old", ("AGE_OVER_89", "one hundred and two")),
        (r"net use H: \\fs01\home$\jdoe", ("USERNAME", "jdoe")),
        (r"copy \\fs01\Users\mkowalski\report.xlsx", ("USERNAME", "mkowalski")),
        # a login after "user" / "login" / "account": its shape, or an initial and a surname
        ("Postgres 4.1 on 10.0.0.5; user leila.moreno failed", ("USERNAME", "leila.moreno")),
        ("user raj42 failed at 03:00", ("USERNAME", "raj42")),
        ("login skowalski accepted", ("USERNAME", "skowalski")),
        ("account mei_m locked after 3 tries", ("USERNAME", "mei_m")),
        (f"tag number 5ABC{DIGITS[:3]}, VIN {VIN}", ("LICENSE_PLATE", f"5ABC{DIGITS[:3]}")),
        # a visit date without a birth / admission word; an age without "age" or "years"
        ("Seen today by the NP. Follow up on 3/4/2025.", ("PERSONAL_DATE", "3/4/2025")),
        ("f/u 2025-03-04 with labs", ("PERSONAL_DATE", "2025-03-04")),
        ("RTC: March 3", ("PERSONAL_DATE", "March 3")),
        ("account created for the patient on 8 Feb 1966", ("PERSONAL_DATE", "8 Feb 1966")),
        ("diagnosed 2019-05-02 with gout", ("PERSONAL_DATE", "2019-05-02")),
        ("Ms. Kapoor is 96 and lives with her niece", ("AGE_OVER_89", "96")),
        ("Dad turned 95 in March", ("AGE_OVER_89", "95")),
        ("I'm 91, please use a larger font", ("AGE_OVER_89", "91")),
        ("she is ninety-two and independent", ("AGE_OVER_89", "ninety-two")),
        # usernames in sentences, shell commands and code-owner fields
        ("Your username is anwarokon and the case is open", ("USERNAME", "anwarokon")),
        ("Login: anwarokon", ("USERNAME", "anwarokon")),
        ("Portal username a.adebayo78 created", ("USERNAME", "a.adebayo78")),
        ("logged in as bogdan_z but the page is blank", ("USERNAME", "bogdan_z")),
        ("ssh -p 2222 anwarokon@build-01.internal uptime", ("USERNAME", "anwarokon")),
        ("scp notes.txt jdoe@files.example.com:/tmp", ("USERNAME", "jdoe")),
        ("jdoe@devbox:~/src$ make", ("USERNAME", "jdoe")),
        ("chown anwarokon:staff /srv/app", ("USERNAME", "anwarokon")),
        ("# owner: anwarokon (reviewed by Rohan)", ("USERNAME", "anwarokon")),
        # home folders named as logins are; a display name ("Abena Owusu") is not one
        (r"C:\Users\jdoe\Desktop", ("USERNAME", "jdoe")),
        (r"C:\Users\j.doe\AppData", ("USERNAME", "j.doe")),
        ("Permission denied: '/home/ana_r/.ssh/id_ed25519'", ("USERNAME", "ana_r")),
        ("net use H: \\\\fs01\\home$\\maria.l\\", ("USERNAME", "maria.l")),
        (r"copied C:\Users\jdoe and D:\backup", ("USERNAME", "jdoe")),  # then prose
        # ages in parentheses after a person, and "At N," opening a sentence about one
        ("Mr. Okeke (92) reports dizziness since Tuesday.", ("AGE_OVER_89", "92")),
        ("Seen with Mrs. Ifeoma Nwosu (101 F) today", ("AGE_OVER_89", "101")),
        ("her grandmother (96) lives alone", ("AGE_OVER_89", "96")),
        ("At 101, he walks 2 km a day with a cane.", ("AGE_OVER_89", "101")),
        ("Frail. At 95, she still gardens daily.", ("AGE_OVER_89", "95")),
        # dates a patient's record puts on their care
        ("Labs drawn 3/4/2025: sodium 138", ("PERSONAL_DATE", "3/4/2025")),
        ("BP taken on March 3, 2024, 150/90", ("PERSONAL_DATE", "March 3, 2024")),
        ("imaging done on 2024-05-01, no fracture", ("PERSONAL_DATE", "2024-05-01")),
        ("Blood cultures were collected 12-Jan-2025", ("PERSONAL_DATE", "12-Jan-2025")),
        # logins as arguments of database and account commands, and SQL accounts
        ("mysql -u lwei -p -h db.internal", ("USERNAME", "lwei")),
        ("mysql -h db.internal -P 3306 --user=okafor_a -p", ("USERNAME", "okafor_a")),
        ("sudo -u okafor_a psql reports", ("USERNAME", "okafor_a")),
        ("crontab -u mreyes -e", ("USERNAME", "mreyes")),
        ("su - tkim", ("USERNAME", "tkim")),
        ("psql -h db -U priya_s reports", ("USERNAME", "priya_s")),
        ("GRANT SELECT ON reports.* TO 'lwei'@'localhost';", ("USERNAME", "lwei")),
        ("CREATE USER `okafor_a`@`%` IDENTIFIED BY 'x';", ("USERNAME", "okafor_a")),
        # the dates a chart puts on its notes and orders
        ("Telephone note July 17, 2022: she is better", ("PERSONAL_DATE", "July 17, 2022")),
        ("Progress note dated 3/4/2024, reviewed", ("PERSONAL_DATE", "3/4/2024")),
        ("Note signed by Kofi Mensah, RN on June 8, 2025.", ("PERSONAL_DATE", "June 8, 2025")),
        ("Orders co-signed by Dr. A. Okafor at 2024-05-01", ("PERSONAL_DATE", "2024-05-01")),
        ("the disk at /home/ana_r is full", ("USERNAME", "ana_r")),  # prose after a login
        ("PS C:\\Users\\jdoe", ("USERNAME", "jdoe")),
        ("I reset it for okafor_a2; the root password is unchanged.", ("USERNAME", "okafor_a2")),
        ("unlocked the account for skowalski today", ("USERNAME", "skowalski")),
        # logins as chat mentions, command output, file owners and commit authors
        ("thanks @okafor.a, merged!", ("USERNAME", "@okafor.a")),
        ("@lwei_2 can you take a look?", ("USERNAME", "@lwei_2")),
        ("$ whoami\ntkim42\n$ ls", ("USERNAME", "tkim42")),
        ("drwxr-xr-x  5 lchen  staff   160 Jan  3 10:12 src", ("USERNAME", "lchen")),
        ("-rw-r--r--@ 1 mreyes2  staff  12 Jan  3 10:12 a.txt", ("USERNAME", "mreyes2")),
        ("git log --author=okafor_a --oneline", ("USERNAME", "okafor_a")),
        # letters built from a name after "my login is" and "user"
        ("My login is skowalski and it fails since Monday", ("USERNAME", "skowalski")),
        ("the admin account is shared, but my own sign-in is mariab.", ("USERNAME", "mariab")),
        ("Can you unlock user mariab? Thanks", ("USERNAME", "mariab")),
    ],
)
def test_each_identifier_is_found(
    detector: PresidioDetector, text: str, expected: tuple[str, str | None]
) -> None:
    entity, value = expected
    hits = found(detector, text)
    assert [t for t, _ in hits if t == entity] == [entity], hits
    if value is not None:
        assert (entity, value) in hits


@pytest.mark.parametrize(
    "text",
    [
        f"order {DIGITS[:8]} shipped",  # no MRN word
        "the 2021 chart 2021 is ready",  # a year is no record number
        "~approx 5 minutes",
        f"the member function returns {DIGITS[:3]}",  # too short an id
        f"account settings page {DIGITS[:3]}",
        "released under the MIT license 2019-2024",
        "serial port /dev/ttyUSB0",
        "licence plate ab12",  # lower case
        f"hash {BAD_VIN} stored",  # check digit wrong
        f"order {IMEI[:-1]}{(int(IMEI[-1]) + 1) % 10}",  # not Luhn
        "released on 2021-03-04",  # no personal date word
        "version 1.2.3 out 03/04/2021",
        "aged 45",
        "page 94",
        "scored 95 years ago",
        f"order {DIGITS[:3]}4{DIGITS[3:8]}",  # nine digits without an SSN word
        "we had 62704 users",
        "turn left or 12345 times",
        "/home/ubuntu/app.py",
        r"C:\Users\Public\Desktop",
        "@property def name(self)",
        "User: how do I reset it?",
        "login(user=current_user, force=True)",
        "ctx = dict(user=request.user)\nuser=request.user\n",
        "order number 4155550147",  # a phone's digits named as an order
        "the tracking number is 4155550147",
        "version 212.555.01470",
        "127.0.0.1 and 0.0.0.0 and 192.168.1.1 and 10.2.3.4 and 8.8.8.8 and 1.1.1.1",
        "::1 and fe80::1ff:fe23:4567:890a and 2001:db8::17",
        "192.0.2.44 and 198.51.100.7 and 203.0.113.9",
        "git tag v1.2.3 && git push origin v1.2.3",  # a tag that is no plate
        "follow us for outage news, SSN 4211 is not a plate",  # "tag" inside "outage"
        "the tests passed on 2024-01-02",  # passed, but not away
        "a hundred years ago",  # no age
        "ninety percent of users",
        "aged eighty-nine",  # not over 89
        r"\\fs01\Public\reports and \\fs01\home$\Public",  # a share, not a home folder
        "the user agent string and the user session expired",  # words after "user"
        "user space memory; user is logged out; User Guide",
        "login failed for user root",  # an image's default account
        # near the new date, age and username phrasings
        "the following release on 2024-05-01",  # "follow" inside "following"
        "follow us on twitter from 2024-05-01",
        "a receipt dated 2024-05-01",  # "pt" inside "receipt"
        "SpO2 is 96% on room air",
        "the room is 96 and HR is 96",
        "she is 95 kg and he was 92/60",  # a weight and a blood pressure
        "the patient is 94 on room air",  # oxygen saturation
        "latency in ms is 96",
        "he is 45; she is in her nineties",
        "handle = open(path)",  # code, not a handle
        "the username: required field",
        "my login is broken",
        "the username validation failed",  # a word after "username", no login's shape
        "logged in as a guest, then logged in as admin",
        "ssh root@10.0.0.5 and chown -R www-data:www-data /var/www",
        "write to jdoe@example.com: thanks",  # an email, not a login
        "git clone git@github.com:org/repo.git",
        "Author: Jamal Mwangi <jm@example.org>",  # a name, not a login
        "owner: team",
        "account holder Chloe Haddad",  # "holder": h + the surname Older, but a word
        # code: type annotations, attributes, decorators beside a context word
        "def login(url: str, username: str | None, handle: int) -> None:",
        "    author: str\n    maintainer: str\n    sub_cmd.owner = self.owner\n",
        "# follow the slack handle rules\n@cache\ndef f(): ...\n    @retry(3)\n@slow  # 9 s\n",
        '"""Handle :exc:`NameError` and follow the rest."""',
        # a Windows display-name folder is a person's name, not a login
        r"C:\Users\Abena Owusu\Desktop",
        r'cd "C:\Users\abena owusu"',
        r"\\fs01\home$\Maria Lopez\docs",
        "/Users/Abena Owusu/Documents",
        "PS C:\\Users\\Abena Owusu\nC:\\Users\\Kofi Mensah  \r\n",  # ending its line
        # near the new age, date and login phrasings
        "ran (92 tests) and (101 passed)",
        "Bed in room (92), HR (96)",
        "the results (95) are in",
        "At 100 rpm the fan is loud. At 100, the fan stalls.",
        "the pump ran at 95, he said",  # not opening a sentence
        "Release done on 2024-05-01; build taken 2024-05-02",
        "Migration done on 2024-05-01, tests collected 2024-05-02",
        "## [2.1.0] - 2024-05-01 (changelog read 2024-05-02)",  # "read" without a care noun
        "mysql -u root -p && sudo -u postgres psql && psql -U postgres",
        "sudo -u www-data php artisan && crontab -u admin -l && su - ubuntu",
        "sudo pip install -U requests",  # pip's -U upgrades, it names no user
        "GRANT ALL ON *.* TO 'root'@'localhost'; -- and 'mysql'@'%'",
        "su - && sudo -u",  # no login after the flag
        # near the chart-note dates: notes and signatures outside a chart
        "Release notes 2024-05-01: fixed; meeting notes 2024-05-02; patch note 2024-05-03",
        "Contract signed by Acme on 2024-05-01; see the note on 2024-05-02 about it",
        # near the new mention, output, owner and author forms: what "@" opens in code
        "@property\ndef name(self): ...\n    @retry(3)\n    @cached\n\t@echo building",
        "npm i @types/node @babel/core; @app.route('/') and a@b",
        "#     @decorator\n    // @inject(x)\n * @cached\n>>> @retry(3)",  # commented code
        "@media screen { a { color: red } } @import url(x.css);",
        "/**\n * @param name the user\n * @returns the id\n */",
        "SELECT * FROM t WHERE id = @id AND name=@name; my @list = (1, 2);",
        "hey @here and @channel, meeting at @10 or @ 3pm; icon@2x.png",
        "Ask the @support team, or ping @oncall; the @lwei_bot account",  # teams, not people
        "$ whoami\nroot\n$ whoami\nthe user is unknown",
        "drwxr-xr-x  5 root  staff   160 Jan  3 10:12 src",
        "git log --author='Ana Raj' --oneline",
        "mysql://app:Xq7pw_Zk2-99@db.example.com:3306/orders",  # a URL's port, not a git path
        # states after "my login is", plurals and inflections of names after account words
        "my account is locked; my login is done; my sign-in is hoped",
        "the account holders and user groups and account balance",
        "I reset it for you; reset for testing; unlocked it for everyone; enabled for clinicians",
    ],
)
def test_near_misses_are_not_reported(detector: PresidioDetector, text: str) -> None:
    assert found(detector, text) == []


def test_a_date_word_must_be_a_word_of_its_own(detector: PresidioDetector) -> None:
    # "pt" (patient) would start the plate: presidio matches context words inside tokens
    text = "the permit for plate PTU 3711 expires 2016-10-01"
    assert found(detector, text) == [("LICENSE_PLATE", "PTU 3711")]
    text = "the permit for patient Okafor expires 2016-10-01"
    assert found(detector, text) == [("PERSONAL_DATE", "2016-10-01")]


def test_a_release_date_beside_a_birth_date_is_not_personal(detector: PresidioDetector) -> None:
    record = '{"dob": "1931-03-14", "last_visit": "2024-02-11", "released": "2024-05-01"}'
    assert found(detector, record) == [
        ("PERSONAL_DATE", "1931-03-14"),
        ("PERSONAL_DATE", "2024-02-11"),
    ]
    fields = "date_of_birth=03/14/1931 build_date=2024-05-01 version: June 3, 2024"
    assert found(detector, fields) == [("PERSONAL_DATE", "03/14/1931")]


def test_an_imei_is_not_a_credit_card(detector: PresidioDetector) -> None:
    assert found(detector, f"my phone's IMEI is {IMEI}") == [("IMEI", IMEI)]
    assert found(build(entities=["CREDIT_CARD"]), f"IMEI {IMEI}") == []
    amex = with_luhn("37" + DIGITS)
    assert found(build(entities=["CREDIT_CARD"]), f"card {amex}") == [("CREDIT_CARD", amex)]


def test_a_record_number_is_not_a_phone(detector: PresidioDetector) -> None:
    number = "4155550147"
    assert found(detector, f"MRN {number}") == [("MEDICAL_RECORD_NUMBER", number)]
    assert found(build(entities=["PHONE_NUMBER"]), f"phone number {number}") == [
        ("PHONE_NUMBER", number)
    ]


def test_ip_not_personal_comes_from_the_policy() -> None:
    text = "from 127.0.0.1 and 81.2.69.142"
    assert found(build(entities=["IP_ADDRESS"]), text) == [("IP_ADDRESS", "81.2.69.142")]
    custom = build(entities=["IP_ADDRESS"], ip_not_personal=["81.2.69.0/24"])
    assert found(custom, text) == [("IP_ADDRESS", "127.0.0.1")]
    with pytest.raises(ValidationError, match="not an IP network"):
        PiiPolicy(ip_not_personal=["localhost"])


def test_identifier_types_are_switched_by_the_policy_and_listed_in_coverage() -> None:
    only_mrn = build(entities=["MEDICAL_RECORD_NUMBER", "NO_SUCH_TYPE"])
    assert only_mrn.coverage() == {
        "covered": ["MEDICAL_RECORD_NUMBER"],
        "not_covered": ["NO_SUCH_TYPE"],
    }
    assert found(only_mrn, "DOB: 03/14/1931, MRN 00482913") == [
        ("MEDICAL_RECORD_NUMBER", "00482913")
    ]


WORDS = "the patient and a of to said today was seen by us for my with please code run".split()
PLANTS = [
    lambda r: f"MRN {r.randint(10**6, 10**9)}",
    lambda r: f"member id XK{r.randint(10**6, 10**9)}",
    lambda r: f"account {r.randint(10**6, 10**10)}",
    lambda r: f"licence CA-{r.randint(10**4, 10**7)}",
    lambda r: f"serial {r.randint(10**5, 10**9)}AB",
    lambda r: f"plate {r.choice('ABCDEFGH')}{r.randint(100, 999)}XY",
    lambda r: vin(r),
    lambda r: with_luhn(r.choice(["35", "86", "44"]) + str(r.randint(10**11, 10**12 - 1))),
    lambda r: f"DOB {r.randint(1, 12)}/{r.randint(1, 28)}/19{r.randint(10, 99)}",
    lambda r: f"born {r.choice(['May', 'June', 'Oct.'])} {r.randint(1, 28)}, 19{r.randint(10, 99)}",
    lambda r: f"a {r.randint(85, 115)}-year-old",
    lambda r: f"age {r.randint(85, 115)}",
    lambda r: f"zip {r.randint(10000, 99999)}",
    lambda r: f"Austin, TX {r.randint(10000, 99999)}",
    lambda r: f"/home/{r.choice(['lwei', 'ubuntu', 'okafor'])}/x",
    lambda r: f"twitter @{r.choice(['kofi_m', 'property'])}",
    lambda r: f"{r.randint(200, 999)}-{r.randint(200, 999)}-{r.randint(1000, 9999)}",
    lambda r: f"ssn {r.randint(100, 899)}{r.randint(10, 99)}{r.randint(1000, 9999)}",
    lambda r: f"{r.randint(1, 223)}.{r.randint(0, 255)}.{r.randint(0, 255)}.{r.randint(0, 255)}",
    lambda r: f"Follow up on {r.randint(1, 12)}/{r.randint(1, 28)}/20{r.randint(10, 30)}",
    lambda r: f"Ms. Kapoor is {r.randint(85, 115)}",
    lambda r: f"ssh {r.choice(['lwei', 'root'])}@build-01",
    lambda r: f"logged in as {r.choice(['okafor_a', 'a'])}",
    lambda r: f"C:\\Users\\{r.choice(['lwei', 'Abena Owusu'])}\\Desktop",
    lambda r: f"Mr. Okeke ({r.randint(85, 115)})",
    lambda r: f". At {r.randint(85, 115)}, she",
    lambda r: f"Labs drawn {r.randint(1, 12)}/{r.randint(1, 28)}/20{r.randint(10, 30)}",
    lambda r: f"mysql -h db -u {r.choice(['lwei', 'root'])} -p",
    lambda r: f"TO '{r.choice(['lwei', 'admin'])}'@'localhost'",
    # the shapes and labels of issue #16's identifier round (test_identifiers_shapes.py)
    lambda r: f"hospital no. E{r.randint(10**6, 10**7)}",
    lambda r: f"PID|1||{r.randint(10**6, 10**8)}^^^HOSP^MR||DOE^JO",
    lambda r: f"account {r.randint(1000, 9999)} {r.randint(1000, 9999)} {r.randint(1000, 9999)}",
    lambda r: f"CA lic. RN{r.randint(10**5, 10**6)}",
    lambda r: f"getprop ro.serialno\nR{r.randint(10**5, 10**7)}X\n",
    lambda r: f"plate {r.choice(['K', 'HH'])}-AB {r.randint(1, 9999)}",
    lambda r: f"vin,plate\n{vin(r)},AB{r.randint(100, 999)}C\n",
    lambda r: f"My nan is {r.randint(85, 115)}",
    lambda r: f"phone {r.randint(200, 999)}{r.randint(200, 999)}{r.randint(1000, 9999)}",
]


def test_windows_find_what_presidio_finds_on_whole_texts(detector: PresidioDetector) -> None:
    rng = random.Random(89)
    texts = []
    for _ in range(200):
        words: list[str] = []
        for _ in range(rng.randint(1, 5)):
            words += rng.choices(WORDS, k=rng.randint(0, 12))
            words.append(rng.choice(PLANTS)(rng))
        texts.append(" ".join(words))
    expected = [detector.analyze_whole_text(text) for text in texts]
    assert sum(map(len, expected)) > 200
    assert detector.detect_many(texts) == expected


def test_a_context_word_counts_in_its_own_clause_and_the_nearest_wins(
    detector: PresidioDetector,
) -> None:
    assert found(detector, "licence plate 7ABC123") == [("LICENSE_PLATE", "7ABC123")]
    assert found(detector, "MRN: 00482913.\nMember ID: W847867086") == [
        ("MEDICAL_RECORD_NUMBER", "00482913"),
        ("HEALTH_PLAN_ID", "W847867086"),
    ]
    assert found(detector, "your account number 55619366?\nText 754-871-4033 later") == [
        ("ACCOUNT_NUMBER", "55619366"),
        ("PHONE_NUMBER", "754-871-4033"),
    ]
    assert found(detector, "cd /home/ubuntu/.cache\n@property") == []


def test_context_key_patterns_must_name_a_pattern() -> None:
    """A name in CONTEXT_KEY_PATTERNS that no pattern has (a pattern renamed, its name left)
    would leave that pattern out of context-only windows: the class is refused."""
    patterns = [Pattern("id: x", r"\bid: \w+", 0.6), Pattern("#x", r"#\w+", 0.6)]
    anchors = {"DEMO_ID": [r"id: "]}

    class Named(IdentifierRecognizer):  # a pattern of its own: accepted
        ENTITY, PATTERNS, CONTEXT, ANCHORS = "DEMO_ID", patterns, ["ticket"], anchors
        CONTEXT_KEY_PATTERNS = frozenset({"#x"})

    assert Named.CONTEXT_KEY_PATTERNS == {"#x"}
    with pytest.raises(TypeError, match=r"Renamed.CONTEXT_KEY_PATTERNS names no pattern: \['x'\]"):

        class Renamed(IdentifierRecognizer):
            ENTITY, PATTERNS, CONTEXT, ANCHORS = "DEMO_ID", patterns, ["ticket"], anchors
            CONTEXT_KEY_PATTERNS = frozenset({"#x", "x"})


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a login at a host: the account on a machine, not an address mail goes to
        ("scp notes.txt tkim42@files.example.com:/tmp", [("USERNAME", "tkim42")]),
        ("ssh -p 2222 -i id.key ana.b@build-01.example.com uptime", [("USERNAME", "ana.b")]),
        ("ssh-copy-id ana.b@build-01.example.com", [("USERNAME", "ana.b")]),
        ("ana_r@devbox.example.com:~/src$ make test", [("USERNAME", "ana_r")]),
        ("git clone okafor_a@git.example.com:tools/govern.git", [("USERNAME", "okafor_a")]),
        ("git clone okafor_a@git.example.com:govern.git", [("USERNAME", "okafor_a")]),
        # near misses: addresses, a port, a colon ending a sentence, ssh words elsewhere
        ("write to tkim42@example.com: thanks", [("EMAIL_ADDRESS", "tkim42@example.com")]),
        ("tkim42@example.com:8080 is the proxy", [("EMAIL_ADDRESS", "tkim42@example.com")]),
        ("ssh in, then mail ana.b@example.com", [("EMAIL_ADDRESS", "ana.b@example.com")]),
        ("sshd says: ana.b@example.com", [("EMAIL_ADDRESS", "ana.b@example.com")]),
        (
            "Author: okafor_a <okafor_a@example.org>",
            [("USERNAME", "okafor_a"), ("EMAIL_ADDRESS", "okafor_a@example.org")],
        ),
    ],
)
def test_a_login_at_a_host_is_a_username_not_an_email(
    text: str, expected: list[tuple[str, str]]
) -> None:
    detector = build(entities=["EMAIL_ADDRESS", "USERNAME"])
    assert sorted(found(detector, text)) == sorted(expected)
    assert detector.detect(text) == detector.analyze_whole_text(text)
