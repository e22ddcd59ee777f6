"""The seventh fresh split of benchmarks/pii.py (``--split fresh7``), in its own module.

Written blind to the detector (its code, word lists, tests and the notes on its misses unread)
after every other split, fresh6 included, had been looked at; measured once and never tuned on.
Names of Malagasy, Shona, Xhosa, Amazigh, Moroccan, Egyptian, Kazakh, Uzbek, Azerbaijani,
Uyghur, Tibetan, Burmese, Khmer, Hmong, Marathi, Gujarati, Telugu, Malayalam, Sámi, Faroese,
Estonian, Slovene, Bosnian, Bulgarian, Catalan, Breton, Maltese, Scottish Gaelic, Inuit,
Nahua, Maya, Aymara, Mapuche, Brazilian, Dominican, Indo-Trinidadian, Tahitian, Hasidic,
Oromo, Tigrinya, Dinka, Rwandan, Ganda, Malawian, Zambian, Ewe, Mossi, Malian, Sierra Leonean,
Cantonese, Taiwanese, Singaporean and American origin, given names that are words (Blessing,
Precious, Gift, Forrest, Skye) and word surnames (Marsh, Bird, Little); multi-part names
(Puig i Ferrer, Ould Abdallah, Mac an tSaoir, van 't Hof, Jean de Dieu, Pa Houa, Kelvin Chan
Ka-ho, Kazakh -qyzy patronymics). Names in referral letters, pharmacy callbacks, SOAP notes,
nursing flowsheets, interpreter notes, Jira tickets, Slack threads, CRM exports, postmortems,
code review, .mailmap, /etc/passwd GECOS fields, LDAP DNs, SSH key comments, vCards, calendar
invites, DICOM and X12 837 segments, Terraform tags and Kubernetes annotations.
Identifier shapes none of the others have: "03MAR1947", "1947.03.04", Roman-numeral months,
"03 / 04 / 1947", ISO timestamps of death, "Age/Sex: 96/F", "96 yrs"; personal-domain and
"at / dot" emails; E.164 and extension phones, Pakistani, Egyptian, Vietnamese, Turkish,
Israeli, Ghanaian, South African, Spanish and Italian mobiles; Epic-style hospital account
numbers, UK sort-code and Canadian transit accounts; Ontario health cards and legacy HICNs;
Pennsylvania, New Jersey and Michigan licences, pharmacists' and nurses' licences; Italian,
Spanish, Swedish, Swiss and New South Wales plates; IMEIs written TAC-SNR-CD and with an SV
suffix; HP, Cisco, Raspberry Pi and CGM serials; raw Amex, Mir, RuPay and 19-digit Maestro
cards; bracketed IPv6 with a port, IPv4-mapped IPv6 and /32 home addresses; Linktree,
Substack, Hugging Face, Doximity, Google Scholar and Stack Overflow profiles. Hard negatives:
drugs (Zofran, Norco, Stelara, Colace), eponyms (McBurney's point, Homans' sign, a Jones
fracture, a Jackson-Pratt drain), tools and assistants named like people (Loki, Thanos,
Mimir, Claude, Devin, Marvin), institutions and companies named after people (Johns Hopkins,
Mayo Clinic, Eli Lilly, Becton Dickinson, Ben & Jerry's), word-names used as words ("don
gloves", "amber urine", "rich in potassium", "state of the art"), public figures listed in
the run's policy, Kubernetes / ECS / minikube / TEST-NET / filtering-resolver / multicast IPs,
release and end-of-life dates, kernel / browser / SDK versions, Jira keys, tracking and sales
order numbers, ages under 90 and values of 90-104 (MAP, FEV1, p95 latency, disk use).
"""

from __future__ import annotations

import random

from pii import MON3, MONTHS, Filler, ascii_fold, digits, upper_letters, vin, with_luhn

FIRST = (
    "Hery Voahangy Tatenda Chipo Siyabonga Tiziri Hicham Meryem Amr Aigerim Nurlan Dilnoza "
    "Sardor Günel Elvin Dilnur Tenzin Pema Sokha Chantrea Tou Sanket Madhuri Hetal Bhavesh "
    "Lavanya Jibin Anju Áilu Jógvan Kadri Tõnis Mojca Žiga Amra Adnan Tsvetelina Jordi "
    "Montserrat Núria Maël Gwenaëlle Ġużeppi Mhairi Nivi Xochitl Cuauhtémoc Ixchel Wayra "
    "Millaray Jéssica Luan Yaniris Yunior Shivanand Teiva Hinano Faigy Mendel Chaltu Gemechu "
    "Senait Habtom Achol Majok Babirye Chikondi Mwila Selasi Edem Rasmané Oumou Modibo "
    "Fatmata Alimamy Ebot Pei-shan Courtney Dustin Jaxon Latoya Krystal Trevor Bryce "
    "Blessing Precious Gift Innocent Forrest Skye"
).split()
LAST = [
    *"Rakotomalala Andrianarivelo Mutasa Moyo Mqhayi Amellal Benjelloun Soliman Seitkali".split(),
    *"Yusupova Rakhimov Mammadova Huseynov Tursun Chhim Xiong Vang Lor Deshpande".split(),
    *"Kulkarni Trivedi Desai Yarlagadda Kurian Thekkedath Somby Joensen Tamm Mägi".split(),
    *"Zupančič Hadžić Begović Dimitrova Stoyanov Vilaseca Kerjean Camilleri Żammit".split(),
    *"NicLeòid MacAoidh Kunuk Xolalpa Tzul Condori Choque Huenchumilla Painemal".split(),
    *"Araújo Nascimento Ramdial Maharaj Tetuanui Teriitehau Rosenzweig Teitelbaum".split(),
    *"Halberstam Gutema Tolossa Tesfamariam Ghebremichael Garang Uwimana Niyonzima".split(),
    *"Ssempala Namubiru Phiri Mwape Chanda Agbeko Dzidzornu Ouédraogo Sawadogo Keïta".split(),
    *"Coulibaly Kamara Sesay Conteh Cheung Tsai Goh Pruitt Hollister Dunleavy".split(),
    *"Fairweather Marsh Bird Little".split(),
    "Puig i Ferrer", "Ould Abdallah", "El Idrissi", "Abdel-Fattah", "Mac an tSaoir",
    "van 't Hof", "de la Fuente Villalobos", "Lloyd-Akpan", "Fonoti-Leaupepe", "D'Souza",
    "N'Guessan", "Ter-Avetisyan", "al-Sayed", "Mendes de Almeida", "Peña Almonte",
]  # fmt: skip
# Whole names whose parts belong together (family name first, patronymics, no surname).
WHOLE = [
    "Tenzin Dolma", "Thiri Aung", "Zaw Min Htut", "Pa Houa Xiong", "Jean de Dieu Niyonzima",
    "Kelvin Chan Ka-ho", "Winnie Cheung Wing-yan", "Hsu Pei-shan", "Lim Boon Heng",
    "Aigerim Nurlanqyzy", "Mohamed Ould Abdallah", "Montserrat Puig i Ferrer",
    "Mhairi NicLeòid", "Faigy Teitelbaum", "Senait Tesfamariam Ghebremichael",
    "Ixchel Tzul Cux", "Ġużeppi Żammit", "Oumou Keïta", "Blessing Moyo", "Precious Phiri",
]  # fmt: skip
WORD_NAMED = ["Blessing", "Precious", "Gift", "Innocent", "Forrest", "Skye"]
NICKNAMES = "Tati Monse Xochi Srini Tenz Bhav Gwen Mendy Dusty Trev Krys Sokh".split()
DRUGS = [
    *"Zofran Norco Toradol Lexapro Seroquel Celebrex Lamictal Augmentin Stelara".split(),
    *"Colace Dulera Lunesta Cozaar ceftriaxone vancomycin heparin".split(),
]  # fmt: skip
EPONYMS = [
    "McBurney's point tenderness", "a negative Homans' sign", "a positive Kernig's sign",
    "a Jones fracture", "a Lisfranc injury", "Zenker's diverticulum", "a Roux-en-Y bypass",
    "a Nissen fundoplication", "a Jackson-Pratt drain", "a Hickman line", "Todd's paralysis",
    "Meckel's diverticulum", "Beck's triad", "a positive Lachman test",
]  # fmt: skip
TOOLS = [
    "Loki", "Thanos", "Mimir", "Velero", "Keycloak", "Harbor", "Rancher", "Calico", "Claude",
    "Devin", "Copilot", "Marvin", "Tornado", "Dagster",
]  # fmt: skip
CLINICS = ["Johns Hopkins", "Mayo Clinic", "Sloan Kettering", "Dana-Farber", "Cedars-Sinai"]
COMPANIES = [
    "Eli Lilly", "Becton Dickinson", "Walgreens", "Marriott", "Goldman Sachs", "Ben & Jerry's",
    "Johnson & Johnson", "Dr. Scholl's",
]  # fmt: skip
# Listed as public figures in the policy the split is scanned with: never reported.
FIGURES = [
    "Florence Nightingale", "Katalin Karikó", "Grace Hopper", "Tim Berners-Lee", "Tom Hanks",
    "Novak Djokovic", "Mehmet Oz", "Ada Lovelace",
]  # fmt: skip
NOT_PERSONAL_IPS = [
    "10.96.0.10", "192.168.49.2", "169.254.170.2", "198.51.100.7", "203.0.113.42",
    "185.228.168.9", "2606:4700:4700::1111", "239.255.255.250", "255.255.255.255", "172.20.0.2",
]  # fmt: skip
SERVICE_ACCOUNTS = "svc-etl gitlab-runner systemd-resolve mysql nginx _apt daemon grafana".split()
EXTRA_ENTITIES = ["PERSONAL_URL", "FAX_NUMBER"]
ROMAN = "I II III IV V VI VII VIII IX X XI XII".split()


def name(rng: random.Random) -> str:
    if rng.random() < 0.25:
        return rng.choice(WHOLE)
    return f"{rng.choice(FIRST)} {rng.choice(LAST)}"


def _login(part: str) -> str:
    return ascii_fold(part).lower().replace("-", "").replace(".", "")


def user(rng: random.Random) -> str:
    first, last = _login(rng.choice(FIRST)), _login(rng.choice(LAST))
    return rng.choice(
        [
            f"{first[0]}{last}-adm",
            f"{first}.{last[0]}",
            f"{first}{last}",
            f"{last}_{first[:3]}",
            f"u{digits(rng, 7)}",
            f"{first[:2]}{last[:4]}{rng.randint(10, 79)}",
        ]
    )


def email(rng: random.Random) -> str:
    first, last = _login(rng.choice(FIRST)), _login(rng.choice(LAST))
    return rng.choice(
        [
            f"{first}@{last}.dev",
            f"{first}.{last}@va.gov",
            f"{first[0]}.{last}@mail.riverbend-clinic.org",
            f"{last}.{first}@alumni.stanford.edu",
            f"{first}-{last}@icloud.com",
            f"{first}{last} at protonmail dot com",
            f"{first}_{last}{rng.randint(60, 99)}@yahoo.com",
        ]
    )


def _day(rng: random.Random) -> tuple[int, int, int]:
    return rng.randint(1926, 2006), rng.randint(1, 12), rng.randint(1, 28)


def birth_date(rng: random.Random) -> str:
    y, m, d = _day(rng)
    return rng.choice(
        [
            f"{d:02d}{MON3[m - 1].upper()}{y}",
            f"{y}.{m:02d}.{d:02d}",
            f"{d}/{ROMAN[m - 1]}/{y}",
            f"{m:02d} / {d:02d} / {y}",
            f"{MONTHS.split()[m - 1]} '{y % 100:02d}",
            f"{d} {MONTHS.split()[m - 1]}, {y}",
        ]
    )


def care_date(rng: random.Random) -> str:  # admission, procedure, death, this year's or last
    y, m, d = rng.choice([2025, 2026]), rng.randint(1, 12), rng.randint(1, 28)
    return rng.choice(
        [
            f"{y}-{m:02d}-{d:02d}T{rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}",
            f"{d:02d}{MON3[m - 1].upper()}{y % 100:02d}",
            f"{MON3[m - 1]} {d}",
            f"{m}/{d}/{y}",
        ]
    )


def mrn(rng: random.Random) -> str:
    return rng.choice(
        [f"{digits(rng, 2)}-{digits(rng, 6)}", f"M{digits(rng, 9)}", digits(rng, 8),
         f"{digits(rng, 4)} {digits(rng, 4)}"]
    )  # fmt: skip


def ohip(rng: random.Random) -> str:
    """An Ontario health card number as printed: 4-3-3 digits and a two-letter version code."""
    return f"{digits(rng, 4)}-{digits(rng, 3)}-{digits(rng, 3)}-{upper_letters(rng, 2)}"


def hicn(rng: random.Random) -> str:
    """A legacy Medicare claim number (HICN): the holder's SSN and a beneficiary code."""
    area, group, serial_no = rng.randint(1, 665), rng.randint(1, 99), rng.randint(1, 9999)
    return f"{area:03d}-{group:02d}-{serial_no:04d}{rng.choice(['A', 'B', 'C1', 'D', 'T'])}"


def plan(rng: random.Random) -> str:
    return rng.choice(
        [
            f"{upper_letters(rng, 1)}{digits(rng, 2)}{upper_letters(rng, 1)}{digits(rng, 6)}",
            f"{upper_letters(rng, 3)}-{digits(rng, 6)}-{rng.randint(0, 9)}",
            f"{digits(rng, 5)} {digits(rng, 5)}",
        ]
    )


def account(rng: random.Random) -> str:
    return rng.choice(
        [f"4{digits(rng, 9)}", f"{digits(rng, 8)}", f"{digits(rng, 7)}",
         f"{digits(rng, 4)}-{digits(rng, 6)}", f"C-00{digits(rng, 6)}"]
    )  # fmt: skip


def driver_licence(rng: random.Random) -> str:
    return rng.choice(
        [
            f"{digits(rng, 2)} {digits(rng, 3)} {digits(rng, 3)}",
            f"{upper_letters(rng, 1)}{digits(rng, 4)} {digits(rng, 5)} {digits(rng, 5)}",
            f"{upper_letters(rng, 1)} {digits(rng, 3)} {digits(rng, 3)} {digits(rng, 3)} "
            f"{digits(rng, 3)}",
            f"S{digits(rng, 8)}",
        ]
    )


def clinician_licence(rng: random.Random) -> str:
    return rng.choice(
        [f"RPH.{digits(rng, 7)}", f"{rng.randint(10, 99)}RN{digits(rng, 8)}",
         f"LVN {digits(rng, 6)}", f"PHA-{digits(rng, 5)}"]
    )  # fmt: skip


def plate(rng: random.Random) -> str:
    letters = "ABCDEFGHJKLMNPRSTVWXYZ"
    return rng.choice(
        [
            f"{upper_letters(rng, 2)} {digits(rng, 3)}{upper_letters(rng, 2)}",
            f"{rng.randint(0, 9999):04d} {''.join(rng.choices('BCDFGHJKLMNPRSTVWXYZ', k=3))}",
            f"{upper_letters(rng, 3)} {rng.randint(10, 99)}{rng.choice(letters)}",
            f"{rng.choice(['ZH', 'BE', 'VD', 'GE'])} {rng.randint(1000, 999999)}",
            f"{upper_letters(rng, 2)} {rng.randint(10, 99)} {upper_letters(rng, 2)}",
            rng.choice(["SRE4LYF", "ONCALL1", "RXQUEEN", "BYTEME2", "NOCODE"]),
        ]
    )


def lower_plate(rng: random.Random) -> str:  # a California plate typed in chat
    return f"{rng.randint(5, 9)}{upper_letters(rng, 3)}{digits(rng, 3)}".lower()


def imei(rng: random.Random) -> str:
    raw = with_luhn(rng.choice(["35", "86", "01"]) + digits(rng, 12))
    return rng.choice([f"{raw[:8]}-{raw[8:14]}-{raw[14]}", raw])


def serial(rng: random.Random) -> str:
    alnum = "ABCDEFGHJKLMNPQRSTUVWXYZ0123456789"
    return rng.choice(
        [
            "5CG" + "".join(rng.choices(alnum, k=7)),
            f"{rng.choice(['FOC', 'FTX'])}{digits(rng, 4)}{''.join(rng.choices(alnum, k=4))}",
            "10000000" + "".join(rng.choices("0123456789abcdef", k=8)),
            "8" + "".join(rng.choices(alnum, k=5)),
        ]
    )


def card(rng: random.Random) -> str:
    kind = rng.choice(["amex", "mir", "rupay", "maestro"])
    if kind == "amex":
        return with_luhn(rng.choice(["34", "37"]) + digits(rng, 12))
    if kind == "maestro":
        raw = with_luhn("6759" + digits(rng, 14))
        return " ".join(raw[i : i + 4] for i in range(0, 19, 4))
    prefix = f"220{rng.randint(0, 4)}" if kind == "mir" else rng.choice(["60", "65"])
    raw = with_luhn(prefix + digits(rng, 15 - len(prefix)))
    return " ".join(raw[i : i + 4] for i in range(0, 16, 4))


def phone(rng: random.Random) -> str:
    a, b, c = rng.randint(201, 989), rng.randint(200, 989), f"{rng.randint(0, 9999):04d}"
    return rng.choice(
        [f"+1{a}{b}{c}", f"{a}-{b}-{c} x{rng.randint(10, 999)}", f"({a}) {b} {c}",
         f"{a}-{b}-{c} ext. {rng.randint(100, 9999)}", f"1-{a}-{b}-{c}"]
    )  # fmt: skip


def fax(rng: random.Random) -> str:
    a, b, c = rng.randint(201, 989), rng.randint(200, 989), f"{rng.randint(0, 9999):04d}"
    return rng.choice([f"1.{a}.{b}.{c}", f"{a}{b}{c}", f"({a}) {b}-{c}"])


def intl(rng: random.Random) -> str:
    return rng.choice(
        [
            f"+92 3{rng.randint(0, 4)}{rng.randint(0, 9)} {digits(rng, 7)}",
            f"+20 1{rng.choice('0125')} {digits(rng, 4)} {digits(rng, 4)}",
            f"+84 9{rng.randint(0, 9)} {digits(rng, 3)} {digits(rng, 2)} {digits(rng, 2)}",
            f"+90 5{rng.randint(30, 59)} {digits(rng, 3)} {digits(rng, 2)} {digits(rng, 2)}",
            f"+972-5{rng.randint(0, 8)}-{digits(rng, 3)}-{digits(rng, 4)}",
            f"+233 2{rng.randint(0, 7)} {digits(rng, 3)} {digits(rng, 4)}",
            f"+27 8{rng.randint(1, 4)} {digits(rng, 3)} {digits(rng, 4)}",
            f"+34 6{digits(rng, 2)} {digits(rng, 2)} {digits(rng, 2)} {digits(rng, 2)}",
            f"+39 3{digits(rng, 2)} {digits(rng, 3)} {digits(rng, 4)}",
        ]
    )


def ssn(rng: random.Random) -> str:
    area = rng.choice([*range(1, 666), *range(667, 900)])
    group, serial_no = rng.randint(1, 99), rng.randint(1, 9999)
    return rng.choice(
        [f"{area:03d}-{group:02d}-{serial_no:04d}", f"{area:03d}{group:02d}{serial_no:04d}"]
    )


def public_v4(rng: random.Random) -> str:
    first = rng.choice([5, 31, 62, 77, 109, 151, 176, 188, 194, 83])
    return f"{first}.{rng.randint(0, 255)}.{rng.randint(0, 255)}.{rng.randint(1, 254)}"


def ip(rng: random.Random) -> str:
    return rng.choice(
        [
            public_v4(rng),
            public_v4(rng),
            f"::ffff:{public_v4(rng)}",
            f"[2a01:{rng.randint(0x100, 0xFFF):x}:{rng.randint(0x1000, 0xFFFF):x}:"
            f"{rng.randint(1, 0xFFFF):x}::{rng.randint(1, 0xFF):x}]:{rng.randint(1024, 65000)}",
        ]
    )


def purl(rng: random.Random) -> str:
    handle = user(rng)
    first, last = _login(rng.choice(FIRST)), _login(rng.choice(LAST))
    alnum = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    return rng.choice(
        [
            f"https://linktr.ee/{first}{last}",
            f"https://{first}{last}.substack.com",
            f"https://huggingface.co/{handle}",
            f"https://www.doximity.com/pub/{first}-{last}-md",
            "https://scholar.google.com/citations?user="
            + "".join(rng.choices(alnum, k=8))
            + "AAAAJ",
            f"https://stackoverflow.com/users/{digits(rng, 7)}/{first}-{last}",
        ]
    )


def public_url(rng: random.Random) -> str:
    return rng.choice(
        [
            "https://huggingface.co/docs/transformers/index",
            "https://kubernetes.io/docs/concepts/services-networking/dns-pod-service/",
            f"https://www.fda.gov/drugs/drug-safety-and-availability/{rng.randint(2019, 2026)}",
            "https://linktr.ee/s/about/",
            f"https://stackoverflow.com/questions/{digits(rng, 8)}",
        ]
    )


def version(rng: random.Random) -> str:
    return rng.choice(
        [
            f"1.{rng.randint(25, 31)}.{rng.randint(0, 12)}-eks-{rng.randint(100000, 999999):x}",
            f"kernel 6.{rng.randint(1, 12)}.0-{rng.randint(10, 60)}-generic",
            f"Chrome {rng.randint(120, 140)}.0.{rng.randint(6000, 7200)}.{rng.randint(10, 200)}",
            f"API level {rng.randint(28, 35)}",
            f"{rng.randint(20, 26)}.04 LTS",
        ]
    )


def ticket(rng: random.Random) -> str:
    return rng.choice(
        [f"{rng.choice(['OPS', 'PLAT', 'CX', 'SRE'])}-{rng.randint(100, 9999)}",
         f"PR #{rng.randint(1000, 60000)}"]
    )  # fmt: skip


def release(rng: random.Random) -> str:
    y, m, d = rng.randint(2019, 2028), rng.randint(1, 12), rng.randint(1, 28)
    return rng.choice(
        [f"{d} {MON3[m - 1]} {y}", f"{MONTHS.split()[m - 1]} {d}, {y}", f"{y}-{m:02d}-{d:02d}",
         f"{MON3[m - 1]} '{y % 100}"]
    )  # fmt: skip


def order(rng: random.Random) -> str:
    return rng.choice(
        [
            f"SO-{rng.randint(2024, 2026)}-{digits(rng, 6)}",
            f"9400 1{digits(rng, 3)} {digits(rng, 4)} {digits(rng, 4)} {digits(rng, 4)} "
            f"{digits(rng, 2)}",
            f"{digits(rng, 4)} {digits(rng, 4)} {digits(rng, 4)}",
        ]
    )


FILLERS: dict[str, Filler] = {
    "name": ("PERSON", name),
    "first": ("PERSON", lambda r: r.choice(FIRST)),
    "last": ("PERSON", lambda r: r.choice(LAST)),
    "lowfirst": ("PERSON", lambda r: r.choice(FIRST).lower()),
    "lowname": ("PERSON", lambda r: name(r).lower()),
    "nick": ("PERSON", lambda r: r.choice(NICKNAMES)),
    "lownick": ("PERSON", lambda r: r.choice(NICKNAMES).lower()),
    "lastcomma": ("PERSON", lambda r: f"{r.choice(LAST)}, {r.choice(FIRST)}"),
    "initlast": ("PERSON", lambda r: f"{ascii_fold(r.choice(FIRST))[0]}. {r.choice(LAST)}"),
    "capslast": ("PERSON", lambda r: ascii_fold(r.choice(LAST)).upper()),
    "capsfirst": ("PERSON", lambda r: ascii_fold(r.choice(FIRST)).upper()),
    "user": ("USERNAME", user),
    "email": ("EMAIL_ADDRESS", email),
    "noreply": ("EMAIL_ADDRESS", lambda r: f"{digits(r, 8)}+{user(r)}@users.noreply.github.com"),
    "purl": ("PERSONAL_URL", purl),
    "wordname": ("PERSON", lambda r: r.choice(WORD_NAMED)),
    "dob": ("PERSONAL_DATE", birth_date),
    "d8date": ("PERSONAL_DATE", lambda r: "{}{:02d}{:02d}".format(*_day(r))),
    "visit": ("PERSONAL_DATE", care_date),
    "old": ("AGE_OVER_89", lambda r: str(r.randint(90, 109))),
    "mrn": ("MEDICAL_RECORD_NUMBER", mrn),
    "plan": ("HEALTH_PLAN_ID", plan),
    "ohip": ("HEALTH_PLAN_ID", ohip),
    "hicn": ("HEALTH_PLAN_ID", hicn),
    "dbn": ("HEALTH_PLAN_ID", lambda r: digits(r, 11)),
    "acct": ("ACCOUNT_NUMBER", account),
    "lic": ("LICENSE_NUMBER", driver_licence),
    "proflic": ("LICENSE_NUMBER", clinician_licence),
    "vin": ("VIN", vin),
    "plate": ("LICENSE_PLATE", plate),
    "lowplate": ("LICENSE_PLATE", lower_plate),
    "imei": ("IMEI", imei),
    "serial": ("DEVICE_SERIAL", serial),
    "zip": ("ZIP_CODE", lambda r: f"{r.randint(1001, 99950):05d}"),
    "ssn": ("US_SSN", ssn),
    "ip": ("IP_ADDRESS", ip),
    "ip4": ("IP_ADDRESS", public_v4),
    "card": ("CREDIT_CARD", card),
    "phone": ("PHONE_NUMBER", phone),
    "intl": ("PHONE_NUMBER", intl),
    "fax": ("FAX_NUMBER", fax),
    # hard negatives
    "drug": (None, lambda r: r.choice(DRUGS)),
    "eponym": (None, lambda r: r.choice(EPONYMS)),
    "tool": (None, lambda r: r.choice(TOOLS)),
    "clinic": (None, lambda r: r.choice(CLINICS)),
    "company": (None, lambda r: r.choice(COMPANIES)),
    "figure": (None, lambda r: r.choice(FIGURES)),
    "localip": (None, lambda r: r.choice(NOT_PERSONAL_IPS)),
    "service": (None, lambda r: r.choice(SERVICE_ACCOUNTS)),
    "publicurl": (None, public_url),
    "version": (None, version),
    "release": (None, release),
    "order": (None, order),
    "ticket": (None, ticket),
    "young": (None, lambda r: str(r.randint(18, 89))),
    "ninetyish": (None, lambda r: str(r.randint(90, 104))),
    "pct": (None, lambda r: str(r.randint(90, 99))),
    "count": (None, lambda r: str(r.randint(10000, 99999))),
    "transit": (None, lambda r: f"{r.randint(1, 99999):05d}"),  # a bank branch's
    "sortcode": (
        None,
        lambda r: f"{r.randint(1, 99):02d}-{r.randint(0, 99):02d}-{r.randint(0, 99):02d}",
    ),  # fmt: skip
}
CHAT = [
    "[10:42 AM] {lowfirst}: anyone else getting 502s on checkout? my order {order} is stuck",
    "Hi {first} - I've merged your two profiles, so please sign in with {email} from now on.",
    "omg thank you {lownick} ur a legend",
    "ok gotcha. fyi the account is under my wifes name, {lowname}",
    "Contact Name,Phone,Email,Postal Code\n{name},{phone},{email},{zip}",
    "Agent ({first}): Can I get the name on the account?\nCaller: It's under {name} - that's "
    "my mother, I'm {first}.",
    "Thanks,\n{initlast}\nPatient Accounts | {clinic}\nTel {phone} · Fax {fax}",
    "Hospital account (HAR) {acct} shows a balance, but my EOB says $0 - can you check?",
    "for the refund: sort code {sortcode}, account {acct}, name {lastcomma}",
    "Direct deposit: transit {transit}, institution 004, account {acct}. Merci!",
    "I'm travelling for {company} this week - bill the corporate card, not mine",
    "pls just text me at {intl}, I'm at my sister's for the holidays",
    "Order {order} was meant for my dad ({old} in May) - can you redirect it to 18 Wren Close, "
    "Duluth, MN {zip}?",
    "got a new phone, old one's IMEI was {imei}. can u move the eSIM",
    "dialled *#06# like you said:\nIMEI1 {imei} / 01\nIMEI2 {imei} / 01",
    "The card I used is {card}; my bank says the charge never settled.",
    "Don't rob Peter to pay Paul - just cancel the add-on and keep the {tool} plan.",
    "Guy from the ISP said my IP is {ip}; your firewall keeps flagging it. DNS is {localip}.",
    "Parking permit plate: {plate} (it's a rental), and mine is {lowplate}",
    "VIN {vin}, 2021 Outback - the telematics app still shows the previous owner",
    "For the payroll form: soc sec no. {ssn}, DL {lic}",
    "Ontario health card {ohip} - does your clinic bill OHIP directly?",
    "username is {user} but I also had an old one, {user}",
    "My daughter {first} ({young}) handles my email, it's {email}",
    "{figure} was on the panel and mentioned your app lol",
    "{wordname} here - we spoke Tuesday. {wordname} said you'd send the form.",
    "Rich in features, poor in docs. State of the art my foot. Anyway: release {release}?",
    "you can find me at {purl} if email bounces",
    "[10:44 AM] {nick}: on it. @{user} can you check the {tool} logs",
]
CLINICAL = [
    "Dear Dr. {last},\n\nThank you for seeing {name} (DOB {dob}, MRN {mrn}), a pleasant "
    "{old}-year-old woman with {eponym}.",
    "Yours sincerely,\n\n{name}\nConsultant Geriatrician",
    "S: Pt reports nausea since {visit}, relieved by {drug}.\nO: HR {ninetyish}, MAP "
    "{ninetyish}, SpO2 {ninetyish}% on 2L.",
    "Age/Sex: {old}/F   Attending: {lastcomma}   Adm: {visit}",
    "Pharmacy callback: {first} from Walgreens re: {name}'s {drug}; please call {phone}.",
    "RPh {name} (lic {proflic}) verified the {drug} dose; prescriber Dr. {initlast}.",
    "Interpreter ({first}, Tigrinya) present throughout; pt's son {lowname} also on speaker.",
    "Spoke with pt's niece {first} at {intl}; she is the HCP agent.",
    "Pt is {old} yrs, ambulates with walker, FEV1 {ninetyish}% predicted.",
    "Don gloves and gown before entering; amber urine in the bag, {eponym} on exam.",
    "Time of death: {visit}. Pronounced by {name}, RN. Family ({first}) at bedside.",
    "DOB: {dob}   Sex: M   Insurance: legacy HICN {hicn}",
    "Coverage verified: Tricare DBN {dbn}; secondary member {plan}; guarantor {name}; HAR {acct}",
    "CGM transmitter SN {serial} replaced; pt gets supplies via {company} discount.",
    "Pt's car (plate {plate}, VIN {vin}) left in the ED bay - security notified.",
    "ID checked at registration: DL {lic}; SSN {ssn} on the charity-care form.",
    "Referral faxed to {fax}, attn {nick}; pt lives at 7 Quarry Rd, Barre, VT {zip}.",
    "Aged {young}, BMI 29, HR {ninetyish}; MAP goal > 65; father had {eponym} at {young}.",
    "Diet: rich in potassium; a rocky post-op course after {eponym}; follows with {clinic}.",
    "Pt saw a {figure} interview on TV and asked about {eponym}; educated.",
    "Nursing flowsheet {visit}: {capslast}, {capsfirst}  wt 61 kg  T 37.1  pain 3/10",
    "Discharged {visit} to daughter {name} ({phone}); f/u with Dr. {last} in 2 wk.",
    "Portal message from {email}: 'I am {old} and can't read the small print'",
    "Patient prefers {nick}; husband {first} brings the pill organiser.",
    "Born {dob} in Asmara; moved to Seattle in 1998; widowed.",
]
CODE = [
    "Reporter: {name}\nAssignee: {name}\nLabels: {tool}, sev2\nKey: {ticket}",
    "# .mailmap\n{name} <{email}>\n{name} <{email}> <{noreply}>",
    "{user}:x:1001:1001:{name},,,:/home/{user}:/bin/bash\n{service}:x:998:998::/var/lib/"
    "{service}:/usr/sbin/nologin",
    "dn: CN={last}\\, {first},OU=Clinicians,DC=corp,DC=example\nmail: {email}",
    "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOr{count}QkZ {user}@{lowfirst}-mbp",
    "BEGIN:VCARD\nFN:{name}\nTEL;TYPE=cell:{phone}\nEMAIL:{email}\nEND:VCARD",
    "ATTENDEE;CN={name}:mailto:{email}\nSUMMARY:postmortem {ticket}",
    "(0010,0010) PN [{capslast}^{capsfirst}]\n(0010,0030) DA [{d8date}]\n(0010,0020) LO [{mrn}]",
    "NM1*IL*1*{capslast}*{capsfirst}****MI*{plan}~\nDMG*D8*{d8date}*F~",
    'tags = {{\n  Owner = "{name}"\n  Team  = "{tool}"\n}}',
    'metadata:\n  annotations:\n    owner: {email}\n    oncall: "{name}"',
    "## Postmortem {ticket}\nIC: {name}. {lowfirst} paged at 02:14; p95 latency {ninetyish} ms, "
    "disk {pct}%.",
    "nit: rename `tmp2`. otherwise LGTM - {lowfirst}",
    "> {version} broke the {tool} sidecar\n\n@{user} yep, bisected it to {ticket}",
    "kubectl -n kube-system get svc kube-dns  # {localip}, talks to {service}",
    'nginx: {ip} - - [30/Nov/2026:02:14:07 +0000] "POST /login" 401 user={user}',
    "set_real_ip_from {localip};\n# client was {ip}",
    "resolver {localip} valid=30s;  # upstream {ip}",
    "payload = {{'card': '{card}', 'cvv': '***', 'holder': '{name}'}}",
    "seed_vehicles = [('{vin}', '{plate}'), ('{vin}', '{plate}')]",
    "device = {{'imei': '{imei}', 'serial': '{serial}', 'os': '{version}'}}",
    "patients.csv\nmrn,dob,zip,ssn\n{mrn},{dob},{zip},{ssn}",
    "account_id={acct} routing=021000021 holder='{lastcomma}'",
    "My write-up: {purl} - fine-tuned with {tool} on {version}. Docs: {publicurl}",
    "# thanks {lowfirst} for the {tool} fix; released {release}, EOL {release}",
    "Authored-by: {name} <{email}>\nApproved-by: {nick}",
    "# test fixtures are named after {figure} on purpose; real users only exist in prod",
    '# allowlist the customer\'s home IP\nsource_ranges = ["{ip4}/32"]',
    "curl -s -H 'X-Client-IP: {ip}' http://localhost:8080/whoami  # resolver {localip}",
    "driver = {{'name': '{name}', 'license': '{lic}', 'cell': '{intl}'}}",
]
POOLS = [CHAT, CLINICAL, CODE]
