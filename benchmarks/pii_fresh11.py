"""The eleventh fresh split of benchmarks/pii.py (``--split fresh11``), in its own module.

Written blind to the detector (its code, word lists, tests and the notes on its misses unread)
after every other split, fresh10 included, had been looked at; measured once (2026-12-01, the
figures are in benchmarks/pii.py's docstring) and never tuned on.
Names of Wolof-Serer, Fon, Kpelle, Tiv, Oromo (new given names), Tigrinya, Nuer, Chagga,
Turkmen, Mongolian, Uyghur, Fijian, Chamorro, Palauan, Māori, Marshallese, Lakota,
Ojibwe, Hopi, Mapuche, Quechua, Lithuanian, Latvian, Estonian, Romanian, Ukrainian, Czech,
Slovak, Albanian, Georgian, Armenian, Iraqi, Sudanese, Omani, Tunisian, Palestinian, Syrian,
Burmese, Karen, Hmong, Javanese, Malay, Thai and Timorese origin; given names that are words
(Justice, Sunday, Precious, Marvel, Summer, Sky) and word surnames (Frost, Fox, Marsh,
Sparrow, Little Wolf); multi-part names (binti / bin, "Nan" and "Naw" prefixes, Mapuche and
Quechua double surnames, Romanian hyphenated ones). Names in physical- and speech-therapy
notes, obstetric records, psychiatric intakes, radiology reports and DICOM headers, lab
requisitions, ambulance CAD logs, telecom / ISP support, airline bookings, property
management, legal intake, registrar emails, payroll exports, HubSpot CSVs, Confluence pages,
Kafka / Redis / Postgres logs, GitLab CI output, Matrix / Discord / Teams chats, SMS threads
and voicemail transcriptions. Identifier shapes: Lithuanian, Romanian, Czech, Indonesian,
Roman-numeral-month and year-first birth dates; DICOM PatientAge ("094Y"); DICOM
PatientID and zero-padded record numbers; Ontario OHIP, BC PHN, Medi-Cal CIN, Indonesian BPJS,
Ghana NHIS and payer member ids; Lithuanian, Romanian, Georgian and Ukrainian IBANs (mod-97),
telecom BANs, utility and escrow accounts; Oregon, Wisconsin, Washington, Michigan and
Illinois licences, PT / SLP / RPh / bar / broker / FAA certificate numbers; Lithuanian,
Latvian, Estonian, Romanian, Ukrainian, Georgian, Indonesian, Malaysian, Mexican, Chilean and
Argentine plates; 3-3-3-3-3 grouped IMEIs; Medtronic, Respironics, Phonak, Tandem, Cisco, HP,
Lenovo, Raspberry Pi and Nest serials; Mir, Elo, Verve, JCB and UnionPay cards; mobiles of
Lithuania, Latvia, Estonia, Georgia, Armenia, Mongolia, Fiji, Myanmar, Morocco, Tunisia,
Iraq, Chile and Peru; Mastodon, Substack, Medium, Kaggle, Cash App, Avvo, Behance and
SoundCloud profiles.
Hard negatives: an institutional role mailbox (registrar@), drugs (and contraceptives named
like people: Jencycla, Sharobel, Tarina),
obstetric, radiology, therapy and psychiatric eponyms (Braxton Hicks, McRoberts, a Bishop
score, Schmorl's nodes, Kerley B lines, a Thomas test, Broca's aphasia, Capgras delusion),
infrastructure tools named like people or myths (Patroni, Debezium, Loki, Mimir, Jaeger,
Karpenter), hospitals and companies named after people (Geisinger, Lurie Children's,
Nicklaus Children's, Scripps, Marriott, Charles Schwab, Wells Fargo), word-names used as words
("justice system", "Sunday service", "precious metals", "summer hours", "sky blue",
"frost-free"), public figures listed in the run's policy, loopback, pod, VPC, link-local,
benchmarking and public resolver IPs (Quad9, OpenDNS, AdGuard, CleanBrowsing), versions,
release dates, Kafka offsets, GitLab job ids, booking references, work orders, flight numbers,
masked cards, gestational ages and ages under 90.
"""

from __future__ import annotations

import random

from pii import (
    MON3,
    MONTHS,
    Filler,
    ascii_fold,
    digits,
    strip_accents,
    upper_letters,
    vin,
    with_luhn,
)

FIRST = (
    "Ndeye Mbaye Sèna Houénou Flomo Kollie Terhemba Mnena Chaltu Lencho Senait Mehari Nyaluak "
    "Gatluak Neema Baraka Maral Serdar Aynur Bolormaa Enkhjargal Ganbold Dilnur Mirzat Aygul "
    "Litia Sakiusa Mereoni Joaquin Roke Ngirmang Wiremu Ngaio Hinemoa Kalani Jinna Wanbli "
    "Migizi Nodin Honanie Ayelén Lautaro Illari Rūta Vytautas Ilze Kadri Ioana Mihai Oksana "
    "Taras Květa Ľubica Arbër Drita Nino Levan Anahit Zainab Awadia Muadh Sonia Rasha Hala "
    "Thandar Htet Pa Tou Sutrisno Wahyuni Nurul Supattra Ximenes Justice Sunday Precious "
    "Marvel Summer Sky"
).split()
LAST = [
    *"Diop Ndiaye Faye Houngbo Akpovi Kollie Flomo Iorfa Ayua Gemeda Tolera Ghebremeskel".split(),
    *"Gatkuoth Massawe Mushi Orazova Berdiyev Gantulga Batbayar Tursun Yusupova Ratuvou".split(),
    *"Naivalu Taitano Aguon Ngiraingas Tawhiri Laninbelik Kakegamic".split(),
    *"Lomayestewa Huenchullán Painemal Quispe Huamán Žukauskienė Mažeikis Kalniņa Tamm".split(),
    *"Dumitrescu-Popa Hrytsenko Dvořáková Horváthová Berisha Kapanadze Sargsyan Al-Jubouri".split(),
    *"Elhag Al-Balushi Trabelsi Barghouti Kabbani Hlaing Vang Setiawan Wongsawat Soares".split(),
    *"Frost Fox Marsh Sparrow".split(),
    "Little Wolf", "Tall Bear", "Te Rangi", "Quispe Huamán", "Huenchullán Painemal",
    "Ghebremeskel Tesfay", "dos Reis Ximenes",
]  # fmt: skip
WHOLE = [
    "Nurul Aina binti Hamzah", "Mohd Faizal bin Rahman", "Nan Ei Mon", "Naw Paw Htoo",
    "Aung Ko Ko", "Pa Nhia Vang", "Tou Xiong Vang", "Sutrisno", "Wahyuni", "Bolormaa Gantulga",
    "Ayelén Huenchullán Painemal", "Illari Quispe Huamán", "Wanbli Tall Bear",
    "Migizi Kakegamic", "Hinemoa Te Rangi", "Ioana Dumitrescu-Popa", "Nyaluak Gatkuoth",
    "Senait Ghebremeskel Tesfay", "Awadia Osman Elhag", "Justice Frost", "Summer Fox",
    "Sunday Iorfa", "Marvel Sparrow", "Kalani Little Wolf",
]  # fmt: skip
WORD_NAMED = ["Justice", "Sunday", "Precious", "Marvel", "Summer", "Sky"]
NICKNAMES = "Ndey Chal Sena Terry Bolor Wiri Migi Vytas Oksi Ioni Lev Zee Souk Nurul Tia".split()
DRUGS = [
    *"Pitocin Cervidil Makena Diclegis Zurzuvae Vraylar Rexulti Caplyta Lybalvi Aimovig".split(),
    *"Nurtec Lupron Invega Jencycla Sharobel Tarina Prenate Qelbree Austedo Ingrezza".split(),
    *"labetalol nifedipine oxytocin misoprostol sertraline lurasidone baclofen tizanidine".split(),
]  # fmt: skip
CONTRACEPTIVES = ["Jencycla", "Sharobel", "Tarina"]
OB_DRUGS = "Pitocin Cervidil Makena Diclegis Prenate labetalol nifedipine misoprostol".split()
PSYCH_DRUGS = (
    "Vraylar Rexulti Caplyta Lybalvi Invega Qelbree Zurzuvae sertraline lurasidone".split()
)
OB_SIGNS = [  # obstetric findings and rules
    "Braxton Hicks contractions", "a McRoberts maneuver", "Leopold maneuvers",
    "a Bishop score of 6", "Montgomery tubercles", "a positive Chadwick sign",
]  # fmt: skip
RAD_FINDINGS = [  # radiology findings
    "Schmorl's nodes", "Kerley B lines", "a Hill-Sachs lesion", "a Colles fracture",
    "a Salter-Harris II fracture", "a Baker's cyst", "a Morison's pouch collection",
]  # fmt: skip
NEURO = [  # speech, ENT and psychiatric conditions
    "Broca's aphasia", "a lesion near Wernicke's area", "a Capgras delusion",
    "Korsakoff syndrome", "Eustachian tube dysfunction", "Tourette syndrome",
]  # fmt: skip
PT_SIGNS = [  # therapy exam findings
    "a positive Thomas test", "a positive Ober test", "a Trendelenburg gait",
    "a Berg Balance score of 41/56", "a Baker's cyst on ultrasound", "a Tinetti score of 19/28",
]  # fmt: skip
TOOLS = [
    "Patroni", "Debezium", "Loki", "Mimir", "Jaeger", "Karpenter", "Argo", "Tekton", "Harbor",
    "Dagster", "Sidekiq", "Celery", "PgBouncer", "Vitess",
]  # fmt: skip
CLINICS = [
    "Geisinger", "Lurie Children's", "Nicklaus Children's", "Scripps", "Brigham and Women's",
    "Mott Children's", "Hoag", "Sharp Grossmont", "Munson Medical Center", "Sutter",
]  # fmt: skip
COMPANIES = [
    "Marriott", "Charles Schwab", "Wells Fargo", "Ernst & Young", "Dr. Martens", "Ben & Jerry's",
    "Ritz-Carlton", "Hewlett Packard Enterprise", "Johnson Controls", "Procter & Gamble",
]  # fmt: skip
FIGURES = [
    "Wangari Maathai", "Chinua Achebe", "Jacinda Ardern", "Buffy Sainte-Marie",
    "Serena Williams", "Ada Lovelace", "Florence Nightingale", "Linus Torvalds",
    "Nelson Mandela", "Malala Yousafzai",
]  # fmt: skip
LAN_IPS = [
    "127.0.0.1", "::1", "10.244.3.17", "172.31.22.4", "192.168.1.254", "198.18.0.12",
    "fe80::1ff:fe23:4567:890a", "0.0.0.0",
]  # fmt: skip
RESOLVER_IPS = ["9.9.9.9", "149.112.112.112", "208.67.222.222", "94.140.14.14", "185.228.168.9"]
WORD_PHRASES = [
    "the juvenile justice system", "Sunday service", "precious metals", "summer hours",
    "sky blue", "a frost-free spigot", "a marsh behind the lot",
]  # fmt: skip
SERVICE_ACCOUNTS = "postgres redis kafka gitlab-runner svc-payroll".split()
EXTRA_ENTITIES = ["PERSONAL_URL", "FAX_NUMBER"]
CITIES = ["Tacoma", "Duluth", "Flagstaff", "Kailua", "Rapid City", "Bangor", "Yuma"]
LT_MONTHS = "sausio vasario kovo balandžio gegužės birželio liepos rugpjūčio rugsėjo spalio"
LT_MONTHS += " lapkričio gruodžio"
RO_MONTHS = "ianuarie februarie martie aprilie mai iunie iulie august septembrie octombrie"
RO_MONTHS += " noiembrie decembrie"
ID_MONTHS = "Januari Februari Maret April Mei Juni Juli Agustus September Oktober November"
ID_MONTHS += " Desember"
ROMAN = "I II III IV V VI VII VIII IX X XI XII".split()


def _n(rng: random.Random, width: int) -> str:
    return f"{rng.randint(0, 10**width - 1):0{width}d}"


def name(rng: random.Random) -> str:
    if rng.random() < 0.25:
        return rng.choice(WHOLE)
    return f"{rng.choice(FIRST)} {rng.choice(LAST)}"


def _login(part: str) -> str:
    return "".join(c for c in ascii_fold(part).lower() if c.isalnum())


def _parts(rng: random.Random) -> tuple[str, str]:
    return _login(rng.choice(FIRST)), _login(rng.choice(LAST))


def user(rng: random.Random) -> str:
    first, last = _parts(rng)
    return rng.choice(
        [
            f"{first}-{last}",
            f"{last}{first[0]}{rng.randint(10, 99)}",
            f"{first}.{last}_",
            f"x{first[:4]}{last[:4]}",
            f"{first}{last[0]}{last[-1]}",
            f"{last}-ops",
            f"the_{first}_{rng.randint(1, 999)}",
        ]
    )


def email(rng: random.Random) -> str:
    first, last = _parts(rng)
    return rng.choice(
        [
            f"{first}.{last}@inbox.lt",
            f"{last}{first[0]}@centrum.sk",
            f"{first}_{last}@mail.am",
            f"{first}{last}@online.ge",
            f"{last}.{first}@menara.ma",
            f"{first}{rng.randint(1, 99)}@topnet.tn",
            f"{first[0]}.{last}@connect.com.fj",
            f"{first}{last[:3]}@neti.ee",
            f"{last}{first}@hey.com",
            f"{first}.{last}@proton.me",
            f"{first}.{last}@students.uwyo.edu",
            f"{first} dot {last} at icloud dot com",
        ]
    )


def purl(rng: random.Random) -> str:
    first, last = _parts(rng)
    return rng.choice(
        [
            f"https://mastodon.social/@{first}{last[0]}",
            f"https://{first}{last}.substack.com",
            f"https://medium.com/@{first}.{last}",
            f"https://www.kaggle.com/{first}{last}",
            f"https://cash.app/${first}{last[:4]}",
            f"https://www.avvo.com/attorneys/{first}-{last}.html",
            f"https://www.behance.net/{first}_{last}",
            f"https://soundcloud.com/{last}-{first}",
        ]
    )


def _day(rng: random.Random) -> tuple[int, int, int]:
    return rng.randint(1921, 2011), rng.randint(1, 12), rng.randint(1, 28)


def birth_date(rng: random.Random) -> str:
    y, m, d = _day(rng)
    return rng.choice(
        [
            f"{y} m. {LT_MONTHS.split()[m - 1]} {d} d.",
            f"{d} {RO_MONTHS.split()[m - 1]} {y}",
            f"{d}. {m}. {y}",
            f"{d} {ID_MONTHS.split()[m - 1]} {y}",
            f"{d}-{ROMAN[m - 1]}-{y}",
            f"{y}/{m:02d}/{d:02d}",
            f"{m}.{d}.{y % 100:02d}",
            f"{d} {MONTHS.split()[m - 1]}, {y}",
        ]
    )


def care_date(rng: random.Random) -> str:
    y, m, d = rng.choice([2025, 2026]), rng.randint(1, 12), rng.randint(1, 28)
    return rng.choice(
        [
            f"{MON3[m - 1]}-{d:02d}",
            f"{m}/{d}/{y % 100:02d}",
            f"{y}{m:02d}{d:02d}",
            f"{d}.{m}.{y}",
            f"{MONTHS.split()[m - 1][:4]}. {d}",
            f"{d} {MON3[m - 1].upper()} {y}",
        ]
    )


def mrn(rng: random.Random) -> str:
    return rng.choice(
        [
            f"000{_n(rng, 7)}",
            f"KHN-{digits(rng, 7)}",
            f"M{_n(rng, 2)}/{_n(rng, 5)}",
            f"{digits(rng, 3)} {_n(rng, 3)} {_n(rng, 3)}",
            f"GH{_n(rng, 6)}Z",
        ]
    )


def plan(rng: random.Random) -> str:
    return rng.choice(
        [
            f"{digits(rng, 4)}-{_n(rng, 3)}-{_n(rng, 3)}-{upper_letters(rng, 2)}",  # OHIP
            f"9{_n(rng, 3)} {_n(rng, 3)} {_n(rng, 3)}",  # BC PHN
            f"9{_n(rng, 7)}{upper_letters(rng, 1)}",  # Medi-Cal CIN
            f"000{_n(rng, 10)}",  # BPJS
            f"{digits(rng, 8)}",  # Ghana NHIS
            f"{upper_letters(rng, 3)}{_n(rng, 9)}",  # payer member id
            f"W{_n(rng, 9)} {_n(rng, 2)}",
        ]
    )


def iban(rng: random.Random) -> str:
    country, body = rng.choice(
        [
            ("LT", _n(rng, 16)),
            ("RO", upper_letters(rng, 4) + _n(rng, 16)),
            ("GE", upper_letters(rng, 2) + _n(rng, 16)),
            ("UA", _n(rng, 25)),
        ]
    )
    moved = body + country + "00"
    check = 98 - int("".join(str(int(c, 36)) for c in moved)) % 97
    raw = f"{country}{check:02d}{body}"
    return " ".join(raw[i : i + 4] for i in range(0, len(raw), 4))


def account(rng: random.Random) -> str:
    return rng.choice(
        [
            f"BAN {digits(rng, 9)}",
            f"{digits(rng, 4)}-{_n(rng, 4)}-{_n(rng, 2)}",
            f"{digits(rng, 3)}{_n(rng, 7)}",
            f"ESC-{_n(rng, 8)}",
            iban(rng),
        ]
    )


def driver_licence(rng: random.Random) -> str:
    return rng.choice(
        [
            digits(rng, rng.choice([7, 8, 9])),  # Oregon
            f"{upper_letters(rng, 1)}{_n(rng, 3)}-{_n(rng, 4)}-{_n(rng, 4)}-{_n(rng, 2)}",  # WI
            f"WDL{upper_letters(rng, 1)}{_n(rng, 6)}{upper_letters(rng, 2)}",  # WA
            f"{upper_letters(rng, 1)} {_n(rng, 3)} {_n(rng, 3)} {_n(rng, 3)} {_n(rng, 3)}",  # MI
            f"{upper_letters(rng, 1)}{_n(rng, 3)}-{_n(rng, 4)}-{_n(rng, 4)}",  # IL
        ]
    )


def clin_licence(rng: random.Random) -> str:  # a clinician's state licence
    return rng.choice(
        [
            f"PT{_n(rng, 6)}",
            f"SLP-{digits(rng, 5)}",
            f"RPh {_n(rng, 7)}",
            f"LCSW-{digits(rng, 5)}",
            f"MD{_n(rng, 6)}",
            f"{upper_letters(rng, 1)}{digits(rng, 5)}",
        ]
    )


def pro_licence(rng: random.Random) -> str:  # lawyers, brokers, pilots
    return rng.choice([f"Bar No. {digits(rng, 6)}", f"BK{digits(rng, 7)}", f"ATP {digits(rng, 7)}"])


CYR = "ABCEHIKMOPTX"


def plate(rng: random.Random) -> str:
    return rng.choice(
        [
            f"{upper_letters(rng, 3)} {_n(rng, 3)}",  # LT
            f"{upper_letters(rng, 2)}-{digits(rng, 4)}",  # LV
            f"{_n(rng, 3)} {upper_letters(rng, 3)}",  # EE
            f"{rng.choice(['B', 'CJ', 'IS', 'TM'])} {_n(rng, 2)} {upper_letters(rng, 3)}",  # RO
            f"{''.join(rng.choices(CYR, k=2))} {_n(rng, 4)} {''.join(rng.choices(CYR, k=2))}",
            f"{upper_letters(rng, 2)}-{_n(rng, 3)}-{upper_letters(rng, 2)}",  # GE
            f"{rng.choice(['B', 'D', 'L', 'AB'])} {digits(rng, 4)} {upper_letters(rng, 3)}",  # ID
            f"{rng.choice(['W', 'J', 'P'])}{upper_letters(rng, 2)} {digits(rng, 4)}",  # MY
            f"{upper_letters(rng, 3)}-{_n(rng, 3)}-{upper_letters(rng, 1)}",  # MX
            f"{upper_letters(rng, 4)}-{_n(rng, 2)}",  # CL
            f"{upper_letters(rng, 2)} {_n(rng, 3)} {upper_letters(rng, 2)}",  # AR
        ]
    )


def imei(rng: random.Random) -> str:
    raw = with_luhn(rng.choice(["35", "86", "01", "99"]) + _n(rng, 12))
    return rng.choice([raw, " ".join(raw[i : i + 3] for i in range(0, 15, 3))])


def serial(rng: random.Random) -> str:
    hexd = "0123456789abcdef"
    return rng.choice(
        [
            f"NG{_n(rng, 7)}H",  # Medtronic pump
            f"J{_n(rng, 9)}{upper_letters(rng, 3)}",  # Respironics
            f"{_n(rng, 4)}{upper_letters(rng, 1)}{_n(rng, 1)}{upper_letters(rng, 2)}{_n(rng, 1)}",
            f"{digits(rng, 7)}",  # Tandem pump
            f"FOC{_n(rng, 4)}{upper_letters(rng, 1)}{_n(rng, 1)}{upper_letters(rng, 2)}",  # Cisco
            f"5CG{_n(rng, 4)}{upper_letters(rng, 3)}",  # HP
            f"PF{''.join(rng.choices('0123456789ABCDEFGHJKLMNPRSTVWXYZ', k=6))}",  # Lenovo
            f"10000000{''.join(rng.choices(hexd, k=8))}",  # Raspberry Pi
            f"09AA01AC{''.join(rng.choices('0123456789ABCDEF', k=8))}",  # Nest
        ]
    )


def phone(rng: random.Random) -> str:
    a, b, c = rng.randint(201, 989), rng.randint(200, 989), _n(rng, 4)
    return rng.choice(
        [
            f"{a}.{b}.{c}",
            f"({a}) {b}-{c}",
            f"1 {a} {b} {c}",
            f"+1 {a}-{b}-{c}",
            f"tel:+1{a}{b}{c}",
            f"{a}-{b}-{c} x{rng.randint(10, 999)}",
        ]
    )


def intl(rng: random.Random) -> str:
    return rng.choice(
        [
            f"+370 6{_n(rng, 2)} {_n(rng, 5)}",
            f"+371 2{_n(rng, 3)} {_n(rng, 4)}",
            f"+372 5{_n(rng, 3)} {_n(rng, 4)}",
            f"+995 5{_n(rng, 2)} {_n(rng, 2)} {_n(rng, 2)} {_n(rng, 2)}",
            f"+374 9{_n(rng, 1)} {_n(rng, 6)}",
            f"+976 88{_n(rng, 2)} {_n(rng, 4)}",
            f"+679 7{_n(rng, 2)} {_n(rng, 4)}",
            f"+95 9 {_n(rng, 3)} {_n(rng, 3)} {_n(rng, 3)}",
            f"+212 6{_n(rng, 2)}-{_n(rng, 6)}",
            f"+216 {rng.choice(['2', '5', '9'])}{_n(rng, 1)} {_n(rng, 3)} {_n(rng, 3)}",
            f"+964 7{_n(rng, 2)} {_n(rng, 3)} {_n(rng, 4)}",
            f"+56 9 {_n(rng, 4)} {_n(rng, 4)}",
            f"+51 9{_n(rng, 2)} {_n(rng, 3)} {_n(rng, 3)}",
        ]
    )


def ssn(rng: random.Random) -> str:
    area = rng.choice([a for a in range(1, 900) if a != 666])
    raw = f"{area:03d}{rng.randint(1, 99):02d}{rng.randint(1, 9999):04d}"
    return rng.choice([raw, f"{raw[:3]}-{raw[3:5]}-{raw[5:]}", f"{raw[:3]} {raw[3:5]} {raw[5:]}"])


def public_v4(rng: random.Random) -> str:
    a = rng.choice([24, 37, 41, 46, 62, 68, 73, 78, 82, 89, 95, 102, 109, 112, 134, 151])
    b, c, d = rng.randint(0, 255), rng.randint(0, 255), rng.randint(1, 254)
    return f"{a}.{b}.{c}.{d}"


def ip(rng: random.Random) -> str:
    if rng.random() < 0.7:
        return public_v4(rng)
    prefix = rng.choice(["2a02:8108", "2a01:e0a", "2001:569", "2605:a601", "2406:3003"])
    tail = ":".join(f"{rng.randint(1, 0xFFFF):x}" for _ in range(4))
    return f"{prefix}:{rng.randint(1, 0xFFFF):x}:{rng.randint(1, 0xFFFF):x}:{tail}"


def card(rng: random.Random) -> str:
    prefix, length = rng.choice(
        [("2202", 16), ("636368", 16), ("5061", 19), ("3528", 16), ("6212", 16), ("6240", 19)]
    )
    raw = with_luhn(prefix + "".join(rng.choices("0123456789", k=length - len(prefix) - 1)))
    if length == 16 and rng.random() < 0.5:
        return " ".join(raw[i : i + 4] for i in range(0, 16, 4))
    return raw


def fax(rng: random.Random) -> str:
    a, b, c = rng.randint(201, 989), rng.randint(200, 989), _n(rng, 4)
    return rng.choice([f"{a}.{b}.{c}", f"({a}) {b}-{c}", f"1-{a}-{b}-{c}"])


def version(rng: random.Random) -> str:
    return rng.choice(
        [
            f"PostgreSQL {rng.randint(12, 17)}.{rng.randint(1, 9)}",
            f"Redis 7.{rng.randint(0, 4)}.{rng.randint(0, 9)}",
            f"Kafka 3.{rng.randint(4, 8)}.{rng.randint(0, 2)}",
            f"gitlab-runner 17.{rng.randint(0, 6)}.{rng.randint(0, 3)}",
            f"firmware {rng.randint(1, 9)}.{rng.randint(0, 30)}.{rng.randint(0, 99)}.{_n(rng, 1)}",
        ]
    )


def release(rng: random.Random) -> str:
    y, m, d = rng.choice([2023, 2024, 2025]), rng.randint(1, 12), rng.randint(1, 28)
    return rng.choice([f"{MONTHS.split()[m - 1]} {d}, {y}", f"{y}-{m:02d}-{d:02d}"])


def masked_card(rng: random.Random) -> str:
    return rng.choice(
        [f"•••• {_n(rng, 4)}", f"XXXX-XXXX-XXXX-{_n(rng, 4)}", f"ending in {_n(rng, 4)}"]
    )


FILLERS: dict[str, Filler] = {
    "name": ("PERSON", name),
    "first": ("PERSON", lambda r: r.choice(FIRST)),
    "last": ("PERSON", lambda r: r.choice(LAST)),
    "lowfirst": ("PERSON", lambda r: r.choice(FIRST).lower()),
    "lowname": ("PERSON", lambda r: name(r).lower()),
    "nick": ("PERSON", lambda r: r.choice(NICKNAMES)),
    "lownick": ("PERSON", lambda r: r.choice(NICKNAMES).lower()),
    "lastcomma": (
        "PERSON",
        lambda r: f"{strip_accents(r.choice(LAST)).upper()}, {r.choice(FIRST)}",
    ),
    "hl7name": ("PERSON", lambda r: strip_accents(f"{r.choice(LAST)}^{r.choice(FIRST)}").upper()),
    "capsname": ("PERSON", lambda r: strip_accents(name(r)).upper()),
    "initlast": ("PERSON", lambda r: f"{ascii_fold(r.choice(FIRST))[0]}. {r.choice(LAST)}"),
    "wordname": ("PERSON", lambda r: r.choice(WORD_NAMED)),
    "foldname": ("PERSON", lambda r: strip_accents(name(r))),
    "user": ("USERNAME", user),
    "homeuser": ("USERNAME", lambda r: _login(r.choice(FIRST)) + _login(r.choice(LAST))[0]),
    "email": ("EMAIL_ADDRESS", email),
    "purl": ("PERSONAL_URL", purl),
    "dob": ("PERSONAL_DATE", birth_date),
    "visit": ("PERSONAL_DATE", care_date),
    "isodob": ("PERSONAL_DATE", lambda r: "{}-{:02d}-{:02d}".format(*_day(r))),
    "old": ("AGE_OVER_89", lambda r: str(r.randint(90, 104))),
    "dicomage": ("AGE_OVER_89", lambda r: f"{r.randint(90, 104):03d}"),
    "mrn": ("MEDICAL_RECORD_NUMBER", mrn),
    "plan": ("HEALTH_PLAN_ID", plan),
    "acct": ("ACCOUNT_NUMBER", account),
    "iban": ("ACCOUNT_NUMBER", iban),
    "lic": ("LICENSE_NUMBER", driver_licence),
    "prolic": ("LICENSE_NUMBER", pro_licence),
    "cliniclic": ("LICENSE_NUMBER", clin_licence),
    "ptlic": ("LICENSE_NUMBER", lambda r: f"PT{_n(r, 6)}"),
    "slplic": ("LICENSE_NUMBER", lambda r: f"SLP-{digits(r, 5)}"),
    "mdlic": ("LICENSE_NUMBER", lambda r: r.choice([f"MD{_n(r, 6)}", f"G{digits(r, 5)}"])),
    "vin": ("VIN", vin),
    "plate": ("LICENSE_PLATE", plate),
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
    "pill": (None, lambda r: r.choice(CONTRACEPTIVES)),
    "ptsign": (None, lambda r: r.choice(PT_SIGNS)),
    "ob": (None, lambda r: r.choice(OB_SIGNS)),
    "rad": (None, lambda r: r.choice(RAD_FINDINGS)),
    "neuro": (None, lambda r: r.choice(NEURO)),
    "obdrug": (None, lambda r: r.choice(OB_DRUGS)),
    "psychdrug": (None, lambda r: r.choice(PSYCH_DRUGS)),
    "tool": (None, lambda r: r.choice(TOOLS)),
    "clinic": (None, lambda r: r.choice(CLINICS)),
    "company": (None, lambda r: r.choice(COMPANIES)),
    "figure": (None, lambda r: r.choice(FIGURES)),
    "lanip": (None, lambda r: r.choice(LAN_IPS)),
    "resolver": (None, lambda r: r.choice(RESOLVER_IPS)),
    "phrase": (None, lambda r: r.choice(WORD_PHRASES)),
    "service": (None, lambda r: r.choice(SERVICE_ACCOUNTS)),
    "version": (None, version),
    "runnerver": (None, lambda r: f"17.{r.randint(0, 6)}.{r.randint(0, 3)} (a1b2c3d4)"),
    "release": (None, release),
    "maskedcard": (None, masked_card),
    "city": (None, lambda r: r.choice(CITIES)),
    "young": (None, lambda r: str(r.randint(18, 89))),
    "weeks": (None, lambda r: f"{r.randint(24, 41)}w{r.randint(0, 6)}d"),
    "offset": (None, lambda r: str(r.randint(100000, 9999999))),
    "job": (None, lambda r: str(r.randint(4000000000, 9999999999))),
    "pnr": (None, lambda r: upper_letters(r, 6)),
    "flight": (None, lambda r: f"{r.choice(['UA', 'AS', 'HA', 'TK', 'FJ'])} {r.randint(10, 2999)}"),
    "workorder": (None, lambda r: f"WO-{r.randint(10000, 99999)}"),
    "ticket": (None, lambda r: f"{r.choice(['PROP', 'NET', 'REG'])}-{r.randint(100, 9999)}"),
    "pid": (None, lambda r: str(r.randint(1000, 65000))),
    "ms": (None, lambda r: str(r.randint(2, 4000))),
}
CHAT = [
    # telecom / ISP support
    "Agent (Fiber Care): I see the outage ticket {ticket} on your line. Can you confirm the "
    "billing account number?\nCustomer: {acct}, it's under my husband {name}",
    "cust: modem keeps dropping, my public ip went from {ip4} to {ip} overnight lol\nagent: "
    "that's normal DHCP, but the router showing {lanip} is your gateway, all fine",
    "Port-out request\nAccount holder: {lastcomma}\nBAN: {acct}\nNumber to port: {phone}\nPIN "
    "verified, last 4 SSN matched.",
    "hi its {lowfirst}, new phone won't activate. imei is {imei} and the sim says locked to "
    "the old carrier",
    "Tech visit note: {name} at the unit, router SN {serial}, moved it off DNS {resolver} per "
    "customer request. WO {workorder}.",
    # airline / travel
    "Booking ref {pnr}. Passenger 1: {capsname}, DOB {dob}. Passenger 2: {wordname} {last}. "
    "Flight {flight}, seat 23C.",
    "Hi, I'm traveling with my grandmother, she is {old} and needs a wheelchair at the gate. "
    "Her name on the ticket is {name}. Contact {intl}.",
    "Frequent flyer support: member {lowname} asked to merge the duplicate profile under "
    "{email}; card on file {maskedcard}, no full number shared.",
    # property management
    "Maintenance request {workorder}: leaky spigot in unit 4B, tenant in 4B called it in. Please "
    "install a frost-free spigot before Sunday service lets out.",
    "Lease ledger note: {first} paid rent via ACH from {acct}; parking permit for plate "
    "{plate} added.",
    "Tenant portal msg from {lownick}: hey the gate code doesnt work and my car got "
    "towed?? can someone call me at {phone}",
    "Move-out inspection {visit}: {name}'s deposit refund by check; forwarding address zip "
    "{zip}. Summer hours start next week, office closes at 3.",
    # legal intake
    "Legal intake form\nClient: {name}\nDOB: {dob}\nSSN: {ssn}\nOpposing party: landlord LLC\n"
    "Referred by: {figure} documentary (not a party)",
    "Paralegal note: called {first} re: the eviction; her public defender is {name}, "
    "{prolic}. She is in the juvenile justice system diversion program for her son.",
    # SMS threads and voicemail
    "SMS from {phone}: hey it's {lowfirst}, the pharmacy said the {drug} refill is ready, can "
    "you grab it? also the {pill} for me",
    "[Voicemail, 0:42] Hi this is {name} calling from {clinic}, I'm trying to reach {first} "
    "about her results, please call back at {phone}. Thanks.",
    "Voicemail transcription (low confidence): ...yeah this is {lowname} um my date of birth "
    "is {dob} and my member id is {plan}...",
    # Matrix / Discord / Teams
    "[Teams] {name}: can someone on payroll check why {first}'s direct deposit bounced? acct "
    "{acct}\n[Teams] {nick}: on it",
    "<{user}> anyone else getting 502 from the runner? <{user}> yeah, {tool} pod restarting",
    "discord | {user}: my cousin {lowname} is {old} today!! 🎉 | {user}: no way, happy bday",
    "Matrix room #ops: @{user}:matrix.example.org invited @{user}:matrix.example.org",
    # registrar email
    "From: {email}\nTo: registrar@uwyo.edu\nSubject: transcript hold\n\nHi, I'm {name}, "
    "student ID on file, born {dob}. Please send it to the fax on the form. — {first}",
    "Dear {first}, your enrollment verification for {name} was faxed to {fax} on {visit}. "
    "Registrar's Office",
    # HubSpot / CRM
    "HubSpot note · {visit} · Call with {name}. Renewal at risk; champion left to "
    "{company}. Follow up via {purl}",
    "Deal owner {initlast}: prospect {name} said 'reach me on WhatsApp {intl}, not email'.",
    # payroll
    "Payroll change: {lastcomma}, SSN {ssn}, new account {iban}, effective {visit}. Approved by "
    "HR ops.",
    "hey {lowfirst}, your w-2 bounced back, is {zip} still your zip? and is {email} the best "
    "address",
    "Card ending update: {name} replaced {maskedcard} with {card} for the fuel program; vehicle "
    "VIN {vin}.",
    "Registration renewal: VIN {vin}, plate {plate}, owner {name}.",
    "Customer {name}: my card {card} was charged twice by {company}, I only ordered the "
    "precious metals starter kit once. Sky blue one.",
    # hard negatives only
    "Agent: Thanks for holding. Order {workorder} ships with {company}; flight {flight} is on "
    "time and booking {pnr} is unchanged.",
    "Customer asked if the router at {lanip} should use {resolver} for DNS. Told them yes, "
    "that's a public resolver, not their address.",
    "Intake screen: client is {young}; conflict check run against {company} and {clinic}, no "
    "hits. Ticket {ticket}.",
    "Ticket {ticket} merged into {ticket}. Card {maskedcard} on file, nothing else stored.",
    "[Teams] reminder: the {figure} talk replay is on the intranet; {tool} dashboards are down "
    "till 4.",
    "SMS: Your {company} order {workorder} is out for delivery. Reply STOP to opt out.",
    "Flight {flight} rebooked to {flight}; record locator {pnr} stays the same, seat 23C.",
    "Office note: summer hours start next week; Sunday service parking is in lot C. Thanks, "
    "everyone!",
    "Firmware {version} rolled out {release}; reboot your gateway if the light stays amber.",
    "Reg office: the juvenile justice system course is full; waitlist {ticket}. Age {young}+ only.",
    "Tenant FAQ: the marsh behind the lot floods in spring; work order {workorder} for the pump.",
    "Patient portal: Hi Dr {last}, my mom {name} is {old} and the {drug} makes her dizzy. Her "
    "plan ID is {plan}.",
]
CLINICAL = [
    # physical therapy
    "PT INITIAL EVAL\nPt: {name}   DOB: {dob}\nDx: R knee OA. Special tests: {ptsign}\nTherapist: "
    "{name}, DPT, {ptlic}",
    "PT daily note {visit}: {first} tolerated gait training with rollator, {ptsign}. Works at "
    "{company}, RTW goal 6 wks. Next visit with {initlast}.",
    "Home PT: pt is {old} y/o, lives alone, daughter {name} ({phone}) checks in daily. Berg "
    "done, fall risk high.",
    # speech therapy
    "SLP Progress Note\nClient: {lastcomma}   Age: {young}\nDx: {neuro}\nClinician: {name}, "
    "CCC-SLP, {slplic}",
    "Speech tx {visit}: {nick} (pt prefers nickname) produced /r/ in 8/10 trials. Mom "
    "{first} asked about {drug}.",
    # obstetric
    "OB H&P\nName: {name}  DOB: {dob}\nG2P1 at {weeks}, {ob}. Partner: {name}, {phone}",
    "L&D triage {visit}: {name} presenting with {ob}; {obdrug} started; Bishop "
    "score reassessed. Peds notified.",
    "Postpartum call: spoke with {lowfirst}, baby born {visit} at {clinic}, breastfeeding well, "
    "BP 128/82, on {obdrug}.",
    # psychiatric intake
    "PSYCHIATRIC INTAKE\nPatient: {name} ({young} yo)\nReferring: {name}, MD\n"
    "HPI: hx of {neuro}; trial of {psychdrug} failed",
    "Collateral from sister {name} ({intl}): pt stopped {psychdrug} after {visit}. No firearms at "
    "home per {first}.",
    # radiology
    "RADIOLOGY REPORT\nPatient: {capsname}   Age: {old}\nExam: XR chest 2V "
    "{visit}\nFindings: {rad}.\nRead by: {name}, MD",
    "(0010,0010) PatientName: {hl7name}\n(0010,0020) PatientID: {mrn}\n"
    "(0010,1010) PatientAge: {dicomage}Y",
    "CT A/P: {rad}. Compared with prior at {clinic}. Dictated by {initlast}, transcribed {visit}.",
    # lab requisition
    "LAB REQUISITION\nPatient: {lastcomma}   DOB: {dob}   Sex: F\nOrdering: "
    "{name}, {mdlic}\nFax results to: {fax}",
    "Specimen rejected: label says {name} but requisition says {name}; MRN {mrn}. Please redraw.",
    # CAD dispatch
    "CAD 14:02:11 MED E12 dispatched to {city}; RP {name} cb {phone}; pt {old} yof fall, on {drug}",
    "CAD 14:09 E12 on scene. Pt {capsname}, DOB {dob}. Vehicle {plate} blocking the lane, "
    "PD notified.",
    # home health and pharmacy
    "Pharmacist note: {name} picked up {drug} for her mother, ID shown: licence {lic}. "
    "Counseled on {pill}.",
    "Prior auth fax\nTo: {clinic} UM dept  Fax: {fax}\nMember: {name}  ID: {plan}\n"
    "Prescriber: {name}, NPI on file",
    "CPAP compliance: {first}'s device SN {serial} reported 4.1 h/night; DME order "
    "shipping to {zip}.",
    "Insulin pump SN {serial} for {name}, MRN {mrn}; CGM data uploaded from {ip4}.",
    "HL7 PID|1||{mrn}^^^KHN^MR||{hl7name}||{dob}|F|||12 Ridge Rd^^{city}^WA^{zip}",
    "Social work: pt ({old}) and partner {name} at risk of eviction; SSN {ssn} used for SSI "
    "application; case worker LCSW on file.",
    "Claim denial appeal\nMember: {name}\nMember ID: {plan}\nDate of service: {visit}\nHSA "
    "account: {acct}",
    "Telehealth: {name} joined from {ip} (home), device {serial}; pharmacy {clinic}",
    "Billing: self-pay plan for {name}, card {card}, autopay on the 15th.",
    "Nurse call log: {lowname} called re: {drug}, states she's {old}, chart said {young}. Chart "
    "corrected per {first}.",
    "Waiting-room feedback: pt {name} liked the {figure} quote on the wall, asked if we'll "
    "add Sunday hours.",
    "Hospice referral: {name}, {old}, VIN of family car {vin} for the parking pass, "
    "daughter's cell {intl}",
    # hard negatives only
    "Assessment: {rad}; ruled out {rad}. Plan: {drug}, then {drug} if no response.",
    "Gestational age {weeks} by LMP per Naegele's rule; EFW 50th percentile; {obdrug} held.",
    "Pt is {young} y/o; {drug} dose reduced; f/u at {clinic} in 2 weeks.",
    "Contraception counseling: discussed {pill} vs {pill}; pt will decide at the next visit.",
    "Radiology addendum: {rad} not confirmed on the lateral view; prior imaging from {clinic}.",
    "EMS supervisor note: {company} contract renewed; {figure} quote stays on the break-room wall.",
    "PT goals: improve on {ptsign}; HEP reviewed; pt {young} y/o, independent with cane.",
    "Staffing: precious few beds at {clinic} tonight; summer hours for outpatient lab.",
    "Psych: mood 'okay', sleep 6 h, no SI. {psychdrug} continued; consider {psychdrug}.",
    "Lab: lot {workorder} of controls expired; reran on analyzer firmware {version}.",
    "CAD 15:31 E12 available; returned to quarters; unit at {lanip} reporting.",
    "Lost phone report: patient {name} lost phone IMEI {imei}; MFA reset for portal user {user}.",
]
CODE = [
    # Kafka / Redis / Postgres
    "2026-03-04 11:02:13.551 UTC [{pid}] {user}@payroll LOG:  connection authorized: "
    "user={user} database=payroll host={ip4}",
    "2026-03-04 11:02:14 UTC [{pid}] ERROR:  duplicate key value violates unique constraint "
    '"employees_ssn_key"\nDETAIL:  Key (ssn)=({ssn}) already exists.',
    "[2026-03-04 11:02:15,004] INFO [Consumer clientId=crm-sync] offset {offset} payload="
    '{{"email": "{email}", "phone": "{intl}"}}',
    '127.0.0.1:6379> HGETALL session:{user}\n1) "ip"\n2) "{ip}"\n3) "card_last4"\n4) '
    '"{maskedcard}"',
    "redis-cli -h {lanip} INFO server  # {version}; nodes resolve via {resolver}",
    # GitLab CI
    "Running with gitlab-runner {runnerver} on runner-{user}\n"
    '$ export CI_COMMIT_AUTHOR="{foldname}"\nJob {job} succeeded',
    "$ git log -1 --format='%an <%ae>'\n{foldname} <{email}>\n$ git remote -v\norigin "
    "https://gitlab.com/{user}/payroll-export.git",
    "tests/fixtures/patients.csv:12: {hl7name},{dob},{mrn}  # real row, remove before merge",
    # payroll export / HubSpot CSV
    'employee_id,name,ssn,bank_account,zip\nE0412,"{lastcomma}",{ssn},{acct},{zip}',
    "Record ID,First Name,Last Name,Email,Phone,LinkedIn\n{offset},{first},{last},,{phone},{purl}",
    "payload = {{'holder': '{name}', 'pan': '{card}', 'exp': '09/28'}}  # from prod log, purge",
    # Confluence
    "h2. On-call rotation\n|| Week || Primary || Phone ||\n| 12 | {name} | {phone} |\n| 13 | "
    "TBD | — |",
    "Runbook: if {tool} fails over, page @{user}. Cluster DNS {lanip}, upstream {resolver}. "
    "Released {release}.",
    # Kubernetes / Terraform-free, other logs
    "kubectl logs -n crm api-7f9c | grep 'login ok'\nlogin ok user={user} src={ip} ua=Android "
    "imei={imei}",
    "MDM inventory: owner={foldname} serial={serial} imei={imei}",
    'Fleet telematics: vin={vin} plate="{plate}" licence="{lic}"',
    "ls -la /Users/{homeuser}/Downloads\n-rw-r--r--  1 {homeuser}  staff  4410 lease_{last}.pdf",
    "C:\\Users\\{homeuser}\\OneDrive\\Desktop\\ob_intake_{lowfirst}.docx",
    '{{"resourceType": "Patient", "identifier": [{{"value": "{mrn}"}}, {{"system": '
    '"urn:oid:bpjs", "value": "{plan}"}}], "birthDate": "{isodob}"}}',
    "ehr_export.tsv: {name}\t{old}\t{mrn}\t{fax}",
    "# TODO({user}): stop logging licence numbers like {lic} and {cliniclic}",
    "pytest -k test_iban  # FAILED: expected {iban} to validate (it's {first}'s, not a test value)",
    'ssh-keygen -C "{email}"  # {lowname}\'s laptop, {serial}',
    "Deploy note: Loki and Mimir upgraded {release}; {tool} on {version}; ping {lanip} ok",
    "git blame src/dob.py\n^a1b2c3d ({foldname} 2026-02-11) DEFAULT_DOB = '{dob}'  # my own, sorry",
    "Sentinel: client {ip} (user {user}) exceeded quota; profile {purl}",
    'dispatch-cad.log: unit=M7 caller="{capsname}" cb={phone} age={old}',
    "ERROR sms-gw: delivery failed to {intl} for {user}; retry in {ms} ms",
    # hard negatives only
    "[2026-03-04 11:05:00,118] WARN [crm-sync] partition 3 offset {offset}, lag {ms}",
    "Job {job} passed in {ms} ms on runner {runnerver}",
    "postgres[{pid}]: LOG:  checkpoint complete: wrote {ms} buffers; connection from {lanip}",
    "cat /etc/resolv.conf\nnameserver {resolver}\nnameserver {lanip}",
    "{tool} and {tool} charts bumped on {release} ({version}).",
    "service account {service} rotated; no human accounts affected",
    "127.0.0.1:6379> DBSIZE\n(integer) {offset}",
    "CHANGELOG: {version}, released {release}. Thanks to the {tool} maintainers.",
    "terraform plan: ~ aws_route53_resolver_rule.fwd target_ip {resolver}; 0 to destroy",
    "Jira {ticket}: flaky test in {tool} integration, retried job {job}",
    "kafka-consumer-groups --describe --group payroll  # LAG {ms}, CURRENT-OFFSET {offset}",
    "INSERT INTO tenants VALUES ('{name}', '{plate}', '{acct}');",
]
POOLS = [CHAT, CLINICAL, CODE]
