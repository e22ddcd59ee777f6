"""Synthetic PII, secrets and near-miss values for the sample corpus, checksums beside them.

Every value is drawn from the caller's ``random.Random``, so a seed fixes the corpus. Prefixes
that secret scanners key on are assembled from parts at run time: this source file, and the
repository, hold no secret-looking literal.
"""

from __future__ import annotations

import random
import re
import string
import unicodedata
import uuid

FIRST_NAMES = (
    "Maria", "James", "Aisha", "Liam", "Sofia", "Noah", "Priya", "Lucas", "Emma", "Mateo",
    "Chloe", "Daniel", "Yuki", "Omar", "Hannah", "Ethan", "Fatima", "Oliver", "Elena", "Samuel",
    "Grace", "Tomás", "Ingrid", "Kwame", "Mei",
)  # fmt: skip
LAST_NAMES = (
    "Keller", "Okafor", "Johansson", "Rossi", "Nguyen", "Schmidt", "García", "Patel", "O'Brien",
    "Novak", "Kowalski", "Dubois", "Tanaka", "Haddad", "Fischer", "Moreau", "Bennett", "Larsen",
    "Costa", "Walsh",
)  # fmt: skip
_STREETS = ("Elm", "Oak", "Maple", "Cedar", "Pine", "Lake", "Hill", "Washington", "Lincoln", "Park")
_STREET_KINDS = ("Street", "Avenue", "Road", "Lane", "Drive", "Boulevard", "Court")
_CITIES = (
    ("Springfield", "IL", "627"), ("Portland", "OR", "972"), ("Austin", "TX", "787"),
    ("Madison", "WI", "537"), ("Columbus", "OH", "432"), ("Denver", "CO", "802"),
    ("Raleigh", "NC", "276"), ("Boise", "ID", "837"),
)  # fmt: skip
_MAIL_DOMAINS = ("example.com", "example.org", "example.net", "mail.example.com")
_US_AREA_CODES = ("212", "312", "415", "617", "206", "303", "512", "404")
# Test BINs from card-network documentation: the numbers pass Luhn but belong to no one.
_CARD_BINS = (("411111", 16), ("555555", 16), ("550000", 16), ("378282", 15), ("371449", 15))
_ALNUM = string.ascii_letters + string.digits
_UPPER_ALNUM = string.ascii_uppercase + string.digits
_BASE64 = _ALNUM + "+/"
# Published or reserved SSNs that validators reject even though the fields look fine.
_KNOWN_SSNS = frozenset({"078051120", "219099999", "123456789", "457555462"})


def _draw(rng: random.Random, alphabet: str, length: int) -> str:
    return "".join(rng.choice(alphabet) for _ in range(length))


def _digits(rng: random.Random, length: int) -> str:
    return _draw(rng, string.digits, length)


def _ascii(text: str) -> str:
    folded = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z]", "", folded.lower())


def _group(text: str, sizes: tuple[int, ...], sep: str) -> str:
    parts, pos = [], 0
    for size in sizes:
        parts.append(text[pos : pos + size])
        pos += size
    return sep.join(part for part in parts if part)


# --- checksums ------------------------------------------------------------------------------


def luhn_check_digit(body: str) -> str:
    """The digit that makes ``body`` + digit pass the Luhn check."""
    total = 0
    for position, char in enumerate(reversed(body)):
        digit = int(char) * (2 if position % 2 == 0 else 1)
        total += digit - 9 if digit > 9 else digit
    return str(-total % 10)


def luhn_valid(number: str) -> bool:
    """Whether a card number (spaces and dashes allowed) passes the Luhn check."""
    digits = re.sub(r"[ -]", "", number)
    return digits.isdigit() and luhn_check_digit(digits[:-1]) == digits[-1]


def _iban_remainder(rearranged: str) -> int:
    return int("".join(str(int(char, 36)) for char in rearranged)) % 97


def iban_valid(iban: str) -> bool:
    """Whether an IBAN (spaces allowed) has a correct ISO 13616 mod-97 checksum."""
    compact = iban.replace(" ", "")
    return compact.isalnum() and _iban_remainder(compact[4:] + compact[:4]) == 1


def ssn_valid(ssn: str) -> bool:
    """Whether ``ddd-dd-dddd`` is an issuable US SSN: no 000/666/9xx area, 00 group, 0000 serial."""
    match = re.fullmatch(r"(\d{3})-(\d{2})-(\d{4})", ssn)
    if match is None:
        return False
    area, group, serial = match.groups()
    return (
        area not in ("000", "666")
        and not area.startswith("9")
        and group != "00"
        and serial != "0000"
        and area + group + serial not in _KNOWN_SSNS
    )


# --- PII ------------------------------------------------------------------------------------


def person(rng: random.Random) -> str:
    """A first and last name, some with accents or an apostrophe."""
    return f"{rng.choice(FIRST_NAMES)} {rng.choice(LAST_NAMES)}"


def email(rng: random.Random) -> str:
    """An address at a reserved example domain."""
    first, last = _ascii(rng.choice(FIRST_NAMES)), _ascii(rng.choice(LAST_NAMES))
    local = rng.choice((f"{first}.{last}", f"{first[0]}{last}{rng.randint(1, 99)}", first))
    return f"{local}@{rng.choice(_MAIL_DOMAINS)}"


def phone_us(rng: random.Random) -> str:
    """A US number in the 555-01xx fiction range, in one of three common formats."""
    area, line = rng.choice(_US_AREA_CODES), f"01{_digits(rng, 2)}"
    return rng.choice((f"({area}) 555-{line}", f"+1 {area}-555-{line}", f"{area}-555-{line}"))


def phone_intl(rng: random.Random) -> str:
    """A UK or German number in international format."""
    # Ofcom's drama ranges for London and Manchester; German numbers are plain random.
    return rng.choice(
        (
            f"+44 20 7946 0{_digits(rng, 3)}",
            f"+44 161 496 0{_digits(rng, 3)}",
            f"+49 30 {rng.randint(2, 9)}{_digits(rng, 7)}",
            f"+49 89 {rng.randint(2, 9)}{_digits(rng, 6)}",
        )
    )


def credit_card(rng: random.Random) -> str:
    """A Luhn-valid number on a test BIN, plain or grouped by spaces or dashes."""
    prefix, length = rng.choice(_CARD_BINS)
    body = prefix + _digits(rng, length - len(prefix) - 1)
    number = body + luhn_check_digit(body)
    sizes = (4, 6, 5) if length == 15 else (4, 4, 4, 4)
    return rng.choice((number, _group(number, sizes, " "), _group(number, sizes, "-")))


def iban(rng: random.Random) -> str:
    """A DE, GB or FR IBAN with valid check digits, compact or in groups of four."""
    country = rng.choice(("DE", "GB", "FR"))
    if country == "DE":
        bban = _digits(rng, 18)
    elif country == "GB":
        bban = rng.choice(("NWBK", "BARC", "MIDL", "LOYD")) + _digits(rng, 14)
    else:
        bank, branch, account = _digits(rng, 5), _digits(rng, 5), _digits(rng, 11)
        # The French RIB key is a second mod-97 check inside the BBAN.
        rib_key = 97 - (89 * int(bank) + 15 * int(branch) + 3 * int(account)) % 97
        bban = f"{bank}{branch}{account}{rib_key:02d}"
    check = 98 - _iban_remainder(bban + country + "00")
    compact = f"{country}{check:02d}{bban}"
    return rng.choice((compact, _group(compact, (4,) * 7, " ")))


def ssn(rng: random.Random) -> str:
    """A US SSN that passes ``ssn_valid``, formatted ddd-dd-dddd."""
    while True:
        area = rng.randint(1, 899)
        value = f"{area:03d}-{rng.randint(1, 99):02d}-{rng.randint(1, 9999):04d}"
        if ssn_valid(value):
            return value


def ipv4(rng: random.Random) -> str:
    """A dotted public IPv4 address: never loopback, private, link-local or documentation
    ones, which no person is behind and the scan does not report (``pii.ip_not_personal``)."""
    if rng.random() < 0.5:  # the addresses MaxMind's GeoIP test databases are built on
        return rng.choice(("81.2.69.", "89.160.20.", "216.160.83.")) + str(rng.randint(1, 254))
    first, *rest = (rng.randint(11, 223), *rng.choices(range(256), k=3))
    if first in (127, 169, 172, 192, 198, 203):  # first octets of the ranges that are not personal
        first += 1
    return ".".join(str(octet) for octet in (first, *rest))


def ipv6(rng: random.Random) -> str:
    """A global unicast IPv6 address (not the 2001:db8::/32 documentation prefix)."""
    groups = [f"{rng.getrandbits(16):x}" for _ in range(4)]
    if rng.random() < 0.5:
        return f"2a00:23c4:{groups[0]}:{groups[1]}::{groups[2]}"
    return "2a00:23c4:" + ":".join(groups + [f"{rng.getrandbits(16):x}" for _ in range(2)])


def street_address(rng: random.Random) -> str:
    """A US street address with city, state and ZIP code."""
    city, state, zip_prefix = rng.choice(_CITIES)
    street = f"{rng.choice(_STREETS)} {rng.choice(_STREET_KINDS)}"
    return f"{rng.randint(10, 9899)} {street}, {city}, {state} {zip_prefix}{_digits(rng, 2)}"


# --- secrets --------------------------------------------------------------------------------


_MONTHS = (
    "January", "February", "March", "April", "May", "June", "July", "August", "September",
    "October", "November", "December",
)  # fmt: skip


def birth_date(rng: random.Random) -> str:
    """A date of birth between 1930 and 2005, written one of three common ways."""
    year, month, day = rng.randint(1930, 2005), rng.randint(1, 12), rng.randint(1, 28)
    return rng.choice(
        (
            f"{month:02d}/{day:02d}/{year}",
            f"{_MONTHS[month - 1]} {day}, {year}",
            f"{year}-{month:02d}-{day:02d}",
        )
    )


def medical_record_number(rng: random.Random) -> str:
    """An eight-digit medical record number, sometimes with a two-letter site prefix."""
    number = str(rng.randint(10_000_000, 99_999_999))
    return rng.choice((number, f"{rng.choice(('RC', 'NG', 'HH'))}-{number}"))


def fax_number(rng: random.Random) -> str:
    """A clinic fax in the 555-01xx fiction range, US or UK drama-range format."""
    area, line = rng.choice(_US_AREA_CODES), f"01{_digits(rng, 2)}"
    return rng.choice((f"({area}) 555-{line}", f"+44 20 7946 1{_digits(rng, 3)}"))


def visit_date(rng: random.Random) -> str:
    """The date of a patient's visit in 2024 or 2025."""
    return f"{_MONTHS[rng.randint(0, 11)]} {rng.randint(1, 28)}, {rng.randint(2024, 2025)}"


def clinic_date(rng: random.Random) -> str:
    """A date that belongs to no one: when a clinic changes its hours."""
    return f"{_MONTHS[rng.randint(0, 11)]} {rng.randint(1, 28)}, {rng.randint(2024, 2025)}"


def aws_access_key_id(rng: random.Random) -> str:
    """An AWS access key id: the AKIA prefix and 16 upper-case letters or digits."""
    return "AK" + "IA" + _draw(rng, _UPPER_ALNUM, 16)


def aws_secret_access_key(rng: random.Random) -> str:
    """A 40-character AWS secret access key."""
    return _draw(rng, _BASE64, 40)


def github_token(rng: random.Random) -> str:
    """A classic GitHub personal access token: prefix and 36 letters or digits."""
    return "gh" + "p_" + _draw(rng, _ALNUM, 36)


def github_fine_grained_token(rng: random.Random) -> str:
    """A fine-grained GitHub token: prefix and 82 characters."""
    return "github" + "_pat_" + _draw(rng, _ALNUM, 22) + "_" + _draw(rng, _ALNUM, 59)


def huggingface_token(rng: random.Random) -> str:
    """A Hugging Face token: prefix and 34 letters."""
    return "h" + "f_" + _draw(rng, string.ascii_letters, 34)


def private_key_pem(rng: random.Random) -> str:
    """A PEM RSA private key block of random base64 lines (not a usable key)."""
    kind = " ".join(("RSA", "PRIVATE", "KEY"))
    body = ["MIIE" + _draw(rng, _BASE64, 60)]
    body += [_draw(rng, _BASE64, 64) for _ in range(rng.randint(8, 14))]
    body.append(_draw(rng, _BASE64, rng.randint(8, 60)) + "==")
    return "\n".join([f"-----BEGIN {kind}-----", *body, f"-----END {kind}-----"])


def url_password(rng: random.Random) -> str:
    """A password for the userinfo part of a connection URL."""
    # Only characters that need no escaping inside a URL's userinfo.
    return _draw(rng, _ALNUM, rng.randint(9, 17)) + _draw(rng, "-_.!*~", 1) + _digits(rng, 2)


# --- near misses: look like the above, are not ----------------------------------------------


def git_sha(rng: random.Random) -> str:
    """A 40-hex-digit git commit id."""
    return f"{rng.getrandbits(160):040x}"


def sha256_hex(rng: random.Random) -> str:
    """A 64-hex-digit SHA-256 digest."""
    return f"{rng.getrandbits(256):064x}"


def uuid4(rng: random.Random) -> str:
    """A random version 4 UUID."""
    return str(uuid.UUID(int=rng.getrandbits(128), version=4))


def order_number(rng: random.Random) -> str:
    """16 digits with a card-like prefix whose last digit is deliberately not the Luhn digit."""
    prefix = rng.choice(("4", "51", "52", "55"))
    body = prefix + _digits(rng, 15 - len(prefix))
    wrong = (int(luhn_check_digit(body)) + rng.randint(1, 9)) % 10
    number = f"{body}{wrong}"
    return rng.choice((number, _group(number, (4, 4, 4, 4), "-")))


def email_without_tld(rng: random.Random) -> str:
    """A role address whose domain has no top-level domain."""
    local = rng.choice(("user", "admin", "support", "alerts", "ops", "billing"))
    return f"{local}@{rng.choice(('example', 'intranet', 'helpdesk', 'localhost'))}"


def docs_url(rng: random.Random) -> str:
    """A documentation URL on a reserved example domain."""
    host = rng.choice(("docs.example.com", "help.example.org", "support.example.net"))
    path = rng.choice(("guide", "guide/setup", "api/authentication", "faq", "troubleshooting"))
    return f"https://{host}/{path}"
