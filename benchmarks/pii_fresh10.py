"""The tenth fresh split of benchmarks/pii.py (``--split fresh10``), in its own module.

Written blind to the detector (its code, word lists, tests and the notes on its misses unread)
after every other split, fresh9 included, had been looked at; measured once (2026-12-01, the
figures are in benchmarks/pii.py's docstring) and never tuned on.
Names of Mandinka-Guinean, Bambara, Krio, Beti, Kanuri, Amhara, Somali, Rwandan, Ganda,
Kikuyu, Chewa, Bemba, Shona-Ndebele, Kazakh and Uzbek (new given names), Tajik, Kyrgyz,
Samoan, Chuukese, Pohnpeian, Niuean, Navajo, Apache, Inuit, Aymara, Mi'kmaq, Bulgarian,
Serbian, Polish, Slovene, Bosnian, Hungarian, Emirati, Yemeni, Egyptian, Lebanese,
Vietnamese, Ilocano, Kapampangan, Khmer, Bengali, Bhutanese, Maldivian, Trinidadian and
American origin; given names that are words (Memory, Patience, Fortune, Goodluck, Storm,
Chance, Major) and word surnames (Stone, Rivers, Banks, Crane, Hawk, Bell); multi-part names
(Abou Jaoude, El Masry, Nez-Tsosie, Ó Ceallaigh-Ruiz, Bui Thi, Dorji Wangmo, Aishath
single names, Kills Enemy). Names in dental charts, pharmacy-benefit calls, school-nurse
notes, occupational-health and DOT-physical forms, clinical-trial CRFs and adverse-event
reports, bank and fintech support, HR tickets, insurance adjuster notes, Zendesk macros,
WhatsApp-style group chats, voice-call transcripts with ASR errors, Jupyter notebooks and
pandas output, Sentry and Datadog events, Ansible, systemd and nginx logs and SQL dumps.
Identifier shapes none of the others have: Italian, Portuguese, Polish, Dutch, Turkish,
Vietnamese, Korean and Russian birth dates, pandas Timestamps, "07 Mar 1938" and "38-03-07";
"93yrs", "93 y 4 m", "Age (yrs): 93", "93 ans"; web.de, libero.it, wp.pl, inbox.lv,
yahoo.co.jp, 163.com, xtra.co.nz, bigpond.com, tutanota, fastmail and zoho addresses;
"+1.212.555...", "(212)555-..." and "212 555-..." US phones, spoken phone digits in
transcripts, mobiles of Ghana, Cameroon, Rwanda, Zambia, Zimbabwe, Malawi, Somalia,
Kyrgyzstan, Tajikistan, Azerbaijan, Bulgaria, Hungary, Slovenia, Bosnia, Egypt, Lebanon,
Yemen, Qatar, Vietnam, Cambodia, Samoa, Tonga, Bolivia, Paraguay, Ecuador, Guatemala,
Haiti, Sri Lanka, Pakistan, Bhutan and the Maldives, and UK, German and Australian domestic
mobiles; UHID, "Hosp No", PRN and Epic-style record numbers; Scottish CHI (mod-11), New
Zealand NHI (mod-11), Australian IHI (Luhn), Taiwanese NHI, VA ICN, Nova Scotia and Manitoba
health numbers and dental-plan subscriber IDs; Spanish, Italian, French, Saudi, Turkish and
Bulgarian IBANs (mod-97), Canadian transit accounts, Brazilian agência / conta, NUBANs and
auto-policy numbers; Virginia, Massachusetts, Hawaii, Missouri, North Carolina, Nevada,
German, South African and Nigerian driving licences, CDL numbers, adjuster, NMLS, RDH,
LPN and CNA numbers; Finnish, Greek, Russian, Kazakh, Israeli, Thai, Vietnamese, Philippine,
Nigerian, Kenyan, South African, Hungarian and New Zealand plates; IMEIs grouped 2-6-6-1 and
with slashes, dual-SIM pairs; Juniper, Palo Alto, Brother, Zebra, Oura, Omron, Withings,
iTero, Dexis, LifeVest, VNS, Supermicro and YubiKey serials; UzCard, Humo, Dankort, Meeza,
Cabal, Prostir and 13-digit Visa cards; dotted SSNs; Brazilian, Australian, Japanese,
German, British, US-cable and South African residential IPv6; Strava, Goodreads, Twitch,
Pinterest, Reddit, Letterboxd, Etsy, Buy Me a Coffee, PayPal.me, Find a Grave, OpenReview,
PyPI, crates.io, Observable, Duolingo, Chess.com, Telegram, XING, VK and Tumblr profiles.
Hard negatives: drugs (Tagrisso, Jakafi, Nucala, and contraceptives named like people: Errin,
Jolivette, Lyza, Kelnor), clinical and dental eponyms (Fournier's gangrene, a Hutchinson
freckle, Koplik spots, Fordyce granules, an Angle Class II malocclusion, a Centor score, an
Epworth score), exam signs (Neer, Hawkins-Kennedy, Rovsing, Nikolsky, Cullen), statistics and
tech eponyms (Mann-Whitney U, Kruskal-Wallis, Tukey's fences, a Fenwick tree, a Merkle tree,
Goodhart's law), data tools named like people (Amundsen, Marquez, Livy, Zeppelin, Nessie,
Bert, Elmo, Rasa), hospitals and companies named after people (Grady, Jackson Memorial, Rush,
Kennedy Krieger, Shepherd Center, Boeing, Goodyear, Bayer, Nordstrom, Raymond James, T. Rowe
Price), word-names used as words ("thanks for your patience", "a memory leak", "good luck",
"storm surge", "by chance", "major depressive disorder", "stone fruit", "river crossing"),
Zendesk placeholders, /home/jovyan, public figures listed in the run's policy, Docker
bridge, Fritz!Box, Huawei router, EKS and Alibaba resolver and metadata, NAT64, MCAST-TEST-NET
and public resolver IPs (Yandex, AliDNS, 114DNS, DNS.WATCH), nginx / pandas / ansible
versions, release dates, USPS and Royal Mail tracking, CDT and LOINC codes, MedDRA and
NCT numbers, vaccine lots, Stripe transaction ids, masked cards and SSNs, tooth numbers,
percentiles and values of 90-104, ages under 90 (89 included).
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
    "Mamadou Ousmane Sékou Djénéba Fanta Kadiatou Adama Isatu Ngono Ebanda Bulama Falmata "
    "Selamawit Yonas Abdiweli Faadumo Uwase Habimana Nakato Mukasa Wairimu Gathoni Chisomo "
    "Mulenga Chanda Tinashe Nokuthula Nurbolat Dinara Zhanar Timur Gulnara Bekzod Ulugbek "
    "Firuza Nodira Tavita Falaniko Losaline Sefo Kiper Mayleen Nizhoni Ahiga Dezba Qillaq "
    "Aputi Wilma Tupac Radoslav Desislava Hristo Nemanja Jelena Przemysław Agnieszka "
    "Grzegorz Jadwiga Urška Emina Dženana Ildikó Gyula Hessa Saif Abdulqawi Shaimaa Mahmoud "
    "Joumana Wissam Thùy Khải Imelda Rosendo Sovann Anirban Rituparna Sonam Aishath Ravindra "
    "Keisha Memory Patience Fortune Goodluck Storm Chance Major"
).split()
LAST = [
    *"Camara Condé Traoré Sangaré Kanu Mbarga Essomba Modu Tadesse Gebreyes Jama Farah".split(),
    *"Habyarimana Mugisha Ssekandi Nakamya Kariuki Wambui Banda Phiri-Chirwa Mumba Bwalya".split(),
    *"Chikwanha Sibanda Dzhaksybekov Tursunov Karimova Rahmonov Osmonaliev Sapolu Leota".split(),
    *"Aisek Etscheit Tsosie Yazhe Nez Kaludjak Angnakak Mamani Apaza Francis Paul-Marshall".split(),
    *"Todorova Stoyanov-Ilić Nikolić Wiśniewski Zawadzka Grzybowski Kranjc Hodžić Kovács".split(),
    *"Al Nuaimi Al-Aghbari Shalaby Haddad-Nassar Đặng Võ Bagasao Dizon Lacson Sok".split(),
    *"Chattopadhyay Sengupta Dorji Wangmo Maniku Ramkissoon Boodram Rampersad Okello".split(),
    *"Stone Rivers Banks Crane Hawk Bell".split(),
    "Abou Jaoude", "El Masry", "Nez-Tsosie", "Ó Ceallaigh-Ruiz", "Kills Enemy", "Bin Mahfouz",
    "Van der Merwe-Dlamini", "Sánchez de Lozada", "Ait Ouarab",
]  # fmt: skip
# Whole names whose parts belong together (family name first, single names, "Thi" / "Van"
# middle names, Bhutanese two-part names, Somali three-part names).
WHOLE = [
    "Đặng Thị Thùy", "Võ Văn Khải", "Bùi Thị Lan Anh", "Dorji Wangmo", "Sonam Choden",
    "Aishath Shiuna", "Ibrahim Nasheed", "Abdiweli Jama Farah", "Faadumo Cali Warsame",
    "Nurbolat Dzhaksybekov", "Firuza Rahmonova", "Tavita Sapolu Leota", "Losaline Fifita-Vake",
    "Nizhoni Yazhe", "Ahiga Nez-Tsosie", "Aputi Kaludjak", "Wilma Kills Enemy",
    "Joumana Abou Jaoude", "Shaimaa El Masry", "Mayleen Etscheit", "Sovann Sok",
    "Rosendo Bagasao", "Urška Kranjc", "Memory Banda", "Storm Rivers",
]  # fmt: skip
WORD_NAMED = ["Memory", "Patience", "Fortune", "Goodluck", "Storm", "Chance", "Major"]
NICKNAMES = "Mamu Djebs Selu Hab Wai Tina Nurik Gulya Tavi Lose Rado Desi Przemek Agi".split()
DRUGS = [
    *"Tagrisso Jakafi Imbruvica Eylea Ocrevus Nucala Tezspire Xolair Cosentyx Taltz".split(),
    *"Veozah Qulipta Nexletol Jynarque Errin Jolivette Lyza Kelnor Sprintec Valtrex".split(),
    *"semaglutide dapagliflozin sitagliptin amlodipine mirtazapine duloxetine".split(),
    *"cephalexin doxycycline valacyclovir methylphenidate articaine chlorhexidine".split(),
]  # fmt: skip
CONTRACEPTIVES = ["Errin", "Jolivette", "Lyza", "Kelnor", "Sprintec"]
EPONYMS = [  # conditions, written after "hx" or "Dx"
    "Fournier's gangrene", "a Hutchinson freckle", "Charcot-Marie-Tooth disease",
    "Peyronie's disease", "Hirschsprung disease", "Wolff-Parkinson-White pattern",
    "Koplik spots", "Fordyce granules", "an Angle Class II malocclusion", "a Stafne defect",
    "Caplan syndrome", "Tay-Sachs carrier status", "Ménière-like vertigo",
]  # fmt: skip
SIGNS = [  # exam findings and scores, written after "Exam:" or "Screen:"
    "a positive Neer test", "a positive Hawkins-Kennedy test", "Rovsing's sign",
    "a Nikolsky sign", "Cullen's sign", "a positive Ortolani", "a Centor score of 3",
    "an Epworth score of 14", "a Beighton score of 6/9", "a Wells score of 2",
]  # fmt: skip
TECH_EPONYMS = [
    "a Mann-Whitney U test", "Kruskal-Wallis", "Tukey's fences", "a Fenwick tree",
    "a Merkle tree", "Goodhart's law", "Hofstadter's law", "Benford's law", "Zipf's law",
    "the Fisher-Yates shuffle", "Bayes' theorem", "a Spearman rank correlation",
]  # fmt: skip
TOOLS = [
    "Amundsen", "Marquez", "Livy", "Zeppelin", "Nessie", "Bert", "Elmo", "Rasa", "Hermes",
    "Apollo", "Clara", "Ranger", "Pinot", "Oozie", "Bokeh", "Altair",
]  # fmt: skip
CLINICS = [
    "Grady", "Jackson Memorial", "Rush", "Baylor Scott & White", "Kennedy Krieger",
    "Shepherd Center", "Craig Hospital", "Sanford Health", "Hershey Medical Center",
    "Spaulding Rehab", "Carle", "Dartmouth Hitchcock", "Stanford Health Care",
]  # fmt: skip
COMPANIES = [
    "Boeing", "Goodyear", "Bayer", "Roche", "Nordstrom", "Kohl's", "Lowe's", "Hilton",
    "Dyson", "Raymond James", "T. Rowe Price", "Merrill", "Harley-Davidson",
]  # fmt: skip
FIGURES = [
    "Kofi Annan", "Wole Soyinka", "Ellen Johnson Sirleaf", "Sundar Pichai",
    "Rosalind Franklin", "Alan Turing", "Virginia Apgar", "Usain Bolt", "Mo Farah",
    "Warren Buffett",
]  # fmt: skip
LAN_IPS = [  # bridges, home routers, cluster services, NAT64, multicast test
    "172.18.0.1", "192.168.99.100", "192.168.178.1", "192.168.8.1", "10.96.0.1", "fc00::1",
    "64:ff9b::1", "233.252.0.1",
]  # fmt: skip
RESOLVER_IPS = [  # VPC, cluster and public resolvers
    "169.254.169.253", "10.100.0.10", "77.88.8.8", "223.5.5.5", "114.114.114.114",
    "84.200.69.80",
]  # fmt: skip
NOT_PERSONAL_IPS = [*LAN_IPS, *RESOLVER_IPS, "100.100.100.200"]
SERVICE_ACCOUNTS = "jovyan www-data nginx ansible datadog-agent sentry-relay".split()
EXTRA_ENTITIES = ["PERSONAL_URL", "FAX_NUMBER"]
CITIES = ["Yakima", "Bemidji", "Gallup", "Hilo", "Laredo", "Dubuque", "Pocatello"]
STATES_ZIP = ["WA", "MN", "NM", "HI", "TX", "IA", "ID"]
# Words that are given names elsewhere in this split, used here as words.
WORD_PHRASES = [
    "Thanks for your patience", "a memory leak", "Good luck with the move", "storm surge",
    "by chance", "major depressive disorder", "stone fruit", "river crossing",
]  # fmt: skip
IT_MONTHS = "gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre"
IT_MONTHS += " dicembre"
PT_MONTHS = "janeiro fevereiro março abril maio junho julho agosto setembro outubro novembro"
PT_MONTHS += " dezembro"
PL_MONTHS = "stycznia lutego marca kwietnia maja czerwca lipca sierpnia września października"
PL_MONTHS += " listopada grudnia"
NL_MONTHS = "januari februari maart april mei juni juli augustus september oktober november"
NL_MONTHS += " december"
TR_MONTHS = "Ocak Şubat Mart Nisan Mayıs Haziran Temmuz Ağustos Eylül Ekim Kasım Aralık"


def _n(rng: random.Random, width: int) -> str:  # digits that may start with 0
    return f"{rng.randint(0, 10**width - 1):0{width}d}"


def name(rng: random.Random) -> str:
    if rng.random() < 0.25:
        return rng.choice(WHOLE)
    return f"{rng.choice(FIRST)} {rng.choice(LAST)}"


def _login(part: str) -> str:
    folded = ascii_fold(part).lower()
    return "".join(c for c in folded if c.isalnum())


def _parts(rng: random.Random) -> tuple[str, str]:
    return _login(rng.choice(FIRST)), _login(rng.choice(LAST))


def user(rng: random.Random) -> str:
    first, last = _parts(rng)
    return rng.choice(
        [
            f"{first}.{last[0]}",
            f"adm_{last}{first[0]}",
            f"{first[0]}{last}_ext",
            f"{last}.{first[0]}{rng.randint(2, 9)}",
            f"{first}_{last[:3]}",
            f"{first}{rng.randint(1980, 2009)}",
            f"{first[:3]}{last[:3]}",
            f"{last}{first[:2]}",
        ]
    )


def email(rng: random.Random) -> str:
    first, last = _parts(rng)
    return rng.choice(
        [
            f"{first}.{last}@web.de",
            f"{first}{last[0]}@libero.it",
            f"{last}_{first}@wp.pl",
            f"{first}.{last}{rng.randint(1, 99)}@inbox.lv",
            f"{first}_{last}@yahoo.co.jp",
            f"{last}{first}{rng.randint(60, 99)}@163.com",
            f"{first}{last}@xtra.co.nz",
            f"{first[0]}{last}@bigpond.com",
            f"{first}.{last}@tutanota.com",
            f"{last}@fastmail.fm",
            f"{first}{last[:1]}@zoho.com",
            f"{first.upper()}.{last.upper()}@CITYHEALTH.ORG",
            f"{first}.{last}@student.uni-graz.at",
        ]
    )


def _day(rng: random.Random) -> tuple[int, int, int]:
    return rng.randint(1919, 2010), rng.randint(1, 12), rng.randint(1, 28)


def birth_date(rng: random.Random) -> str:
    y, m, d = _day(rng)
    return rng.choice(
        [
            f"{d:02d} {MON3[m - 1]} {y}",
            f"{y % 100:02d}-{m:02d}-{d:02d}",
            f"{MON3[m - 1]} {d:02d} {y}",
            f"{d}/{m}/{y}",
            f"{MONTHS.split()[m - 1]} {d} {y}",
            f"{MON3[m - 1].upper()} {d:02d}, {y}",
        ]
    )


def foreign_birth_date(rng: random.Random, language: str) -> str:
    """A birth date as an Italian, Portuguese, Polish, Dutch, Turkish, Vietnamese, Korean or
    Russian document writes it."""
    y, m, d = _day(rng)
    if language == "it":
        return f"{d} {IT_MONTHS.split()[m - 1]} {y}"
    if language == "pt":
        return f"{d} de {PT_MONTHS.split()[m - 1]} de {y}"
    if language == "pl":
        return f"{d} {PL_MONTHS.split()[m - 1]} {y} r."
    if language == "nl":
        return f"{d} {NL_MONTHS.split()[m - 1]} {y}"
    if language == "tr":
        return f"{d} {TR_MONTHS.split()[m - 1]} {y}"
    if language == "vi":
        return f"ngày {d} tháng {m} năm {y}"
    if language == "ko":
        return f"{y}년 {m}월 {d}일"
    return f"{d:02d}.{m:02d}.{y} г."


def timestamp_dob(rng: random.Random) -> str:  # a birth date as pandas prints it
    return "Timestamp('{}-{:02d}-{:02d} 00:00:00')".format(*_day(rng))


def sql_dob(rng: random.Random) -> str:
    return "{}-{:02d}-{:02d}".format(*_day(rng))


def care_date(rng: random.Random) -> str:  # visits, onsets, injuries: this year's or last
    y, m, d = rng.choice([2025, 2026]), rng.randint(1, 12), rng.randint(1, 28)
    return rng.choice(
        [
            f"{d:02d}-{m:02d}-{y}",
            f"{MON3[m - 1]} {_ordinal(d)}",
            f"{y}-{m:02d}-{d:02d} {rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}:00+00",
            f"{d}/{m}",
            f"{d:02d}{MON3[m - 1]}{y % 100:02d}",
            f"{MONTHS.split()[m - 1]} {d}",
        ]
    )


def _ordinal(d: int) -> str:
    return f"{d}{'th' if 11 <= d <= 13 else {1: 'st', 2: 'nd', 3: 'rd'}.get(d % 10, 'th')}"


def mrn(rng: random.Random) -> str:
    return rng.choice(
        [
            f"E{_n(rng, 7)}",
            f"{digits(rng, 4)}-{_n(rng, 3)}-{rng.randint(0, 9)}",
            f"RM{_n(rng, 8)}",
            f"{rng.choice(['MH01', 'KA05', 'TN09'])}.{_n(rng, 7)}",  # UHID
            f"{upper_letters(rng, 1)}{_n(rng, 6)}",  # a UK hospital number
            f"PRN {digits(rng, 6)}",
        ]
    )


def chi(rng: random.Random) -> str:
    """A Scottish CHI number: date of birth DDMMYY, 3 digits, a modulus-11 check digit."""
    while True:
        y, m, d = _day(rng)
        body = f"{d:02d}{m:02d}{y % 100:02d}{_n(rng, 3)}"
        check = 11 - sum(int(c) * (10 - i) for i, c in enumerate(body)) % 11
        if check == 11:
            check = 0
        if check < 10:
            return f"{body[:6]} {body[6:]}{check}"


NHI_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ"  # I and O are never used


def nhi(rng: random.Random) -> str:
    """A New Zealand NHI number in its old form, AAANNNC, with its modulus-11 check digit."""
    while True:
        letters = "".join(rng.choices(NHI_LETTERS, k=3))
        numbers = _n(rng, 3)
        values = [NHI_LETTERS.index(c) + 1 for c in letters] + [int(c) for c in numbers]
        remainder = sum(v * (7 - i) for i, v in enumerate(values)) % 11
        if remainder == 0:
            continue
        check = 11 - remainder
        if check < 10:
            return f"{letters}{numbers}{check}"


def ihi(rng: random.Random) -> str:
    """An Australian Individual Healthcare Identifier: 800360, 9 digits, a Luhn check digit."""
    raw = with_luhn("800360" + _n(rng, 9))
    return f"{raw[:4]} {raw[4:8]} {raw[8:12]} {raw[12:]}"


def plan(rng: random.Random) -> str:
    return rng.choice(
        [
            f"{_n(rng, 4)} {_n(rng, 4)} {_n(rng, 4)}",  # Taiwanese NHI card
            f"10{_n(rng, 8)}V{_n(rng, 6)}",  # VA integration control number
            f"{_n(rng, 4)} {_n(rng, 3)} {_n(rng, 3)}",  # Nova Scotia
            f"{_n(rng, 9)}",  # Manitoba PHIN
            f"{digits(rng, 9)}01",  # dental plan subscriber with a dependent suffix
            f"{upper_letters(rng, 3)}{digits(rng, 9)}",  # a BCBS prefix, run together
        ]
    )


def _iban(country: str, bban: str) -> str:
    numeric = "".join(str(int(c, 36)) for c in bban + country + "00")
    check = 98 - int(numeric) % 97
    raw = f"{country}{check:02d}{bban}"
    return " ".join(raw[i : i + 4] for i in range(0, len(raw), 4))


def iban(rng: random.Random) -> str:
    kind = rng.choice(["ES", "IT", "FR", "SA", "TR", "BG"])
    if kind == "ES":
        return _iban("ES", _n(rng, 20))
    if kind == "IT":
        return _iban("IT", upper_letters(rng, 1) + _n(rng, 10) + _n(rng, 12))
    if kind == "FR":
        return _iban("FR", _n(rng, 10) + upper_letters(rng, 1) + _n(rng, 12))
    if kind == "SA":
        return _iban("SA", _n(rng, 2) + _n(rng, 18))
    if kind == "TR":
        return _iban("TR", _n(rng, 5) + "0" + _n(rng, 16))
    return _iban("BG", rng.choice(["BNBG", "UNCR", "STSA"]) + _n(rng, 6) + _n(rng, 8))


def account(rng: random.Random) -> str:
    return rng.choice(
        [
            f"{_n(rng, 5)}-{rng.choice(['001', '002', '003', '004', '006'])}-{_n(rng, 7)}",  # CA
            f"{_n(rng, 5)}-{rng.randint(0, 9)}",  # a Brazilian conta
            f"0{_n(rng, 9)}",  # NUBAN
            f"{_n(rng, 8)}",  # a UK current account beside its sort code
            f"{upper_letters(rng, 1)}{_n(rng, 2)}-{_n(rng, 6)}",  # brokerage
        ]
    )


def policy(rng: random.Random) -> str:  # an auto or home policy: the insured's account
    return rng.choice(
        [f"{_n(rng, 4)}-{_n(rng, 2)}-{_n(rng, 2)}-{_n(rng, 2)}", f"PA{_n(rng, 9)}",
         f"{upper_letters(rng, 2)} {_n(rng, 3)} {_n(rng, 4)}"]
    )  # fmt: skip


def driver_licence(rng: random.Random) -> str:
    return rng.choice(
        [
            f"T{_n(rng, 8)}",  # Virginia
            f"S{_n(rng, 8)}",  # Massachusetts
            f"H{_n(rng, 8)}",  # Hawaii
            f"{upper_letters(rng, 1)}{_n(rng, 9)}",  # Missouri
            f"0000{_n(rng, 8)}",  # North Carolina
            f"{digits(rng, 10)}",  # Nevada
            f"B{_n(rng, 3)}{_alnum(rng, 6)}{rng.randint(1, 9)}",  # German Führerschein
            f"{_n(rng, 10)}{upper_letters(rng, 2)}",  # South Africa
            f"{upper_letters(rng, 3)}{_n(rng, 5)}{upper_letters(rng, 2)}{_n(rng, 2)}",  # Nigeria
        ]
    )


def pro_licence(rng: random.Random) -> str:  # as printed on the badge or the wall certificate
    return rng.choice(
        [f"RDH{_n(rng, 6)}", f"LPN-{_n(rng, 6)}", f"CNA{digits(rng, 7)}", f"RN{_n(rng, 7)}"]
    )


def _alnum(rng: random.Random, n: int) -> str:
    return "".join(rng.choices("ABCDEFGHJKLMNPQRSTUVWXYZ0123456789", k=n))


def plate(rng: random.Random) -> str:
    return rng.choice(
        [
            f"{upper_letters(rng, 3)}-{rng.randint(1, 999)}",  # Finland
            f"{''.join(rng.choices('ΑΒΕΗΙΚΜΝΟΡΤΥΧΖ', k=3))}-{digits(rng, 4)}",  # Greece
            f"{rng.choice('АВЕКМНОРСТУХ')}{_n(rng, 3)}{''.join(rng.choices('АВЕКМНОРСТУХ', k=2))}"
            f" {rng.choice(['77', '78', '199', '777', '54'])}",  # Russia
            f"{_n(rng, 3)} {upper_letters(rng, 3)} {rng.randint(1, 17):02d}",  # Kazakhstan
            f"{_n(rng, 3)}-{_n(rng, 2)}-{_n(rng, 3)}",  # Israel
            f"{rng.choice(['กข', 'ฒท', '1กก', 'ขค'])} {rng.randint(1, 9999)} กรุงเทพมหานคร",  # TH
            f"{rng.randint(11, 99)}{upper_letters(rng, 1)}-{_n(rng, 3)}.{_n(rng, 2)}",  # Vietnam
            f"{upper_letters(rng, 3)} {_n(rng, 4)}",  # Philippines
            f"{rng.choice(['LND', 'KJA', 'ABJ', 'EKY'])}-{_n(rng, 3)}{upper_letters(rng, 2)}",  # NG
            f"K{upper_letters(rng, 2)} {_n(rng, 3)}{upper_letters(rng, 1)}",  # Kenya
            f"{rng.choice(['CA', 'CY', 'CAW', 'ND'])} {_n(rng, 3)}-{_n(rng, 3)}",  # South Africa
            f"{upper_letters(rng, 2)} {upper_letters(rng, 2)}-{_n(rng, 3)}",  # Hungary
            f"{upper_letters(rng, 3)}{_n(rng, 3)}",  # New Zealand
        ]
    )


def chat_plate(rng: random.Random) -> str:  # a Philippine plate typed in chat
    return f"{upper_letters(rng, 3)}{_n(rng, 4)}".lower()


def imei(rng: random.Random) -> str:
    raw = with_luhn(rng.choice(["35", "86", "49", "99"]) + digits(rng, 12))
    return rng.choice(
        [f"{raw[:2]} {raw[2:8]} {raw[8:14]} {raw[14]}",
         f"{raw[:2]}/{raw[2:8]}/{raw[8:14]}/{raw[14]}", raw]
    )  # fmt: skip


def serial(rng: random.Random) -> str:
    return rng.choice(
        [
            f"{upper_letters(rng, 2)}{_n(rng, 4)}{_alnum(rng, 6)}",  # Juniper
            f"0{_n(rng, 11)}",  # Palo Alto
            f"U{_n(rng, 5)}{upper_letters(rng, 1)}{_n(rng, 1)}N{_n(rng, 6)}",  # Brother
            f"{_n(rng, 14)}",  # Zebra
            f"{_n(rng, 4)}{upper_letters(rng, 2)}{_n(rng, 5)}",  # Supermicro
        ]
    )


def med_serial(rng: random.Random) -> str:  # a patient's own device
    return rng.choice(
        [
            f"{_n(rng, 8)}{upper_letters(rng, 2)}",  # Omron cuff
            f"{_alnum(rng, 12)}",  # Withings
            f"ITR{_n(rng, 7)}",  # iTero scanner
            f"{_n(rng, 10)}",  # Dexis sensor
            f"LV{_n(rng, 7)}",  # LifeVest
            f"{upper_letters(rng, 3)}{_n(rng, 6)}",  # VNS generator
            f"{_n(rng, 2)}{_alnum(rng, 1)}{_n(rng, 9)}",  # Oura ring
        ]
    )


def yubikey(rng: random.Random) -> str:
    return str(rng.randint(10_000_000, 29_999_999))


def card(rng: random.Random) -> str:
    kind = rng.choice(["uzcard", "humo", "dankort", "meeza", "cabal", "prostir", "visa13", "visa"])
    if kind == "visa13":
        return with_luhn("4" + _n(rng, 11))
    prefix = {
        "uzcard": "8600", "humo": "9860", "dankort": "5019", "meeza": "507803",
        "cabal": "604201", "prostir": "9804", "visa": "4",
    }[kind]  # fmt: skip
    raw = with_luhn(prefix + _n(rng, 15 - len(prefix)))
    return rng.choice(
        ["-".join(raw[i : i + 4] for i in range(0, 16, 4)), raw, " ".join(raw[i : i + 4] for i in
         range(0, 16, 4))]
    )  # fmt: skip


def _nanp(rng: random.Random) -> tuple[int, int, str]:
    return rng.randint(201, 989), rng.randint(200, 989), f"{rng.randint(0, 9999):04d}"


def phone(rng: random.Random) -> str:
    a, b, c = _nanp(rng)
    return rng.choice([f"+1.{a}.{b}.{c}", f"({a}){b}-{c}", f"{a} {b}-{c}", f"({a}) {b} {c}"])


SPOKEN = "zero one two three four five six seven eight nine".split()


def spoken_phone(rng: random.Random) -> str:  # as an ASR transcript writes digits read aloud
    a, b, c = _nanp(rng)
    said = [" ".join(SPOKEN[int(x)] for x in str(part)) for part in (a, b, c)]
    return ", ".join(said)


def fax(rng: random.Random) -> str:
    a, b, c = _nanp(rng)
    return rng.choice(
        [f"({a}){b}-{c}", f"{a} {b}-{c}", f"+1.{a}.{b}.{c}", f"1.{a}.{b}.{c}",
         f"+61 2 {_n(rng, 4)} {_n(rng, 4)}", f"+49 30 {_n(rng, 8)}"]
    )  # fmt: skip


def intl(rng: random.Random) -> str:
    return rng.choice(
        [
            f"+233 {rng.choice(['24', '54', '20', '55'])} {_n(rng, 3)} {_n(rng, 4)}",
            f"+237 6{rng.choice('5789')} {_n(rng, 3)} {_n(rng, 3)}",
            f"+250 78{rng.randint(0, 9)} {_n(rng, 3)} {_n(rng, 3)}",
            f"+260 9{rng.choice('567')} {_n(rng, 7)}",
            f"+263 7{rng.choice('1378')} {_n(rng, 3)} {_n(rng, 4)}",
            f"+265 99 {_n(rng, 3)} {_n(rng, 4)}",
            f"+252 61 {_n(rng, 7)}",
            f"+996 {rng.choice(['555', '700', '770'])} {_n(rng, 3)} {_n(rng, 3)}",
            f"+992 9{_n(rng, 2)} {_n(rng, 2)} {_n(rng, 2)} {_n(rng, 2)}",
            f"+994 {rng.choice(['50', '51', '55', '70'])} {_n(rng, 3)} {_n(rng, 2)} {_n(rng, 2)}",
            f"+359 8{rng.choice('789')} {_n(rng, 3)} {_n(rng, 4)}",
            f"+36 {rng.choice(['20', '30', '70'])} {_n(rng, 3)} {_n(rng, 4)}",
            f"+386 {rng.choice(['31', '41', '51'])} {_n(rng, 3)} {_n(rng, 3)}",
            f"+387 6{rng.randint(0, 6)} {_n(rng, 3)} {_n(rng, 3)}",
            f"+20 1{rng.choice('0125')} {_n(rng, 4)} {_n(rng, 4)}",
            f"+961 {rng.choice(['3', '70', '71', '76'])} {_n(rng, 3)} {_n(rng, 3)}",
            f"+967 7{rng.choice('137')} {_n(rng, 3)} {_n(rng, 4)}",
            f"+974 {rng.choice('3567')}{_n(rng, 3)} {_n(rng, 4)}",
            f"+84 9{rng.randint(0, 9)} {_n(rng, 3)} {_n(rng, 2)} {_n(rng, 2)}",
            f"+855 {rng.choice(['12', '17', '92', '77'])} {_n(rng, 3)} {_n(rng, 3)}",
            f"+685 7{_n(rng, 6)}",
            f"+676 {rng.choice('78')}{_n(rng, 2)} {_n(rng, 4)}",
            f"+591 7{_n(rng, 7)}",
            f"+595 9{rng.choice('6789')}{_n(rng, 1)} {_n(rng, 3)} {_n(rng, 3)}",
            f"+593 9{_n(rng, 1)} {_n(rng, 3)} {_n(rng, 4)}",
            f"+502 {rng.choice('345')}{_n(rng, 3)} {_n(rng, 4)}",
            f"+509 3{_n(rng, 1)} {_n(rng, 2)} {_n(rng, 4)}",
            f"+94 7{rng.choice('12678')} {_n(rng, 3)} {_n(rng, 4)}",
            f"+92 3{_n(rng, 2)} {_n(rng, 7)}",
            f"+975 17 {_n(rng, 2)} {_n(rng, 2)} {_n(rng, 2)}",
            f"+960 7{_n(rng, 2)}-{_n(rng, 4)}",
            f"07{rng.choice('45789')}{_n(rng, 2)} {_n(rng, 6)}",  # UK mobile, domestic
            f"01{rng.choice(['51', '60', '70', '76'])} {_n(rng, 8)}",  # German mobile, domestic
            f"04{_n(rng, 2)} {_n(rng, 3)} {_n(rng, 3)}",  # Australian mobile, domestic
        ]
    )


def ssn(rng: random.Random) -> str:
    area = rng.choice([*range(1, 666), *range(667, 900)])
    group, serial_no = rng.randint(1, 99), rng.randint(1, 9999)
    return rng.choice(
        [f"{area:03d}.{group:02d}.{serial_no:04d}", f"{area:03d}-{group:02d}-{serial_no:04d}",
         f"{area:03d}{group:02d}{serial_no:04d}"]
    )  # fmt: skip


def masked_ssn(rng: random.Random) -> str:  # last four only: not the number
    return rng.choice([f"SSN (last 4): {_n(rng, 4)}", f"###-##-{_n(rng, 4)}"])


def public_v4(rng: random.Random) -> str:
    first = rng.choice([24, 31, 45, 62, 71, 82, 90, 109, 118, 151, 163, 176, 188, 201, 212])
    return f"{first}.{rng.randint(0, 255)}.{rng.randint(0, 255)}.{rng.randint(1, 254)}"


def _hextet(rng: random.Random) -> str:
    return f"{rng.randint(1, 0xFFFF):x}"


def ip(rng: random.Random) -> str:
    h = [_hextet(rng) for _ in range(6)]
    return rng.choice(
        [
            public_v4(rng),
            public_v4(rng),
            public_v4(rng),
            f"2804:{h[0]}:{h[1]}:{h[2]}::{h[3]}",  # Brazil
            f"2001:8003:{h[0]}:{h[1]}:{h[2]}:{h[3]}:{h[4]}:{h[5]}",  # Australia
            f"240b:{h[0]}:{h[1]}:{h[2]}:{h[3]}:{h[4]}:{h[5]}:{_hextet(rng)}",  # Japan
            f"2003:{h[0]}:{h[1]}:{h[2]}::{h[3]}",  # Germany
            f"2a00:23c{rng.randint(0, 9)}:{h[0]}:{h[1]}:{h[2]}:{h[3]}:{h[4]}:{h[5]}",  # UK
            f"2601:{h[0]}:{h[1]}:{h[2]}:{h[3]}:{h[4]}:{h[5]}:{_hextet(rng)}",  # US cable
            f"2c0f:{h[0]}:{h[1]}::{h[2]}",  # South Africa
        ]
    )


def purl(rng: random.Random) -> str:
    first, last = _parts(rng)
    handle = rng.choice([f"{first}{last}", f"{first}_{last}", f"{first}{last[0]}"])
    return rng.choice(
        [
            f"https://www.strava.com/athletes/{digits(rng, 8)}",
            f"https://www.goodreads.com/user/show/{digits(rng, 8)}-{first}-{last}",
            f"https://www.twitch.tv/{handle}",
            f"https://www.pinterest.com/{handle}/",
            f"https://www.reddit.com/user/{handle}",
            f"https://letterboxd.com/{handle}/",
            f"https://www.etsy.com/shop/{first.title()}{last.title()}Studio",
            f"https://www.buymeacoffee.com/{handle}",
            f"https://paypal.me/{first}{last}",
            f"https://www.findagrave.com/memorial/{digits(rng, 9)}/{first}-{last}",
            f"https://openreview.net/profile?id=~{first.title()}_{last.title()}1",
            f"https://pypi.org/user/{handle}/",
            f"https://crates.io/users/{handle}",
            f"https://observablehq.com/@{handle}",
            f"https://www.duolingo.com/profile/{first.title()}{rng.randint(100, 999)}",
            f"https://www.chess.com/member/{handle}",
            f"https://t.me/{handle}",
            f"https://www.xing.com/profile/{first.title()}_{last.title()}",
            f"https://vk.com/{first}.{last}",
            f"https://{handle}.tumblr.com",
        ]
    )


def public_url(rng: random.Random) -> str:
    return rng.choice(
        [
            "https://pypi.org/project/pandas/",
            "https://www.strava.com/features",
            f"https://clinicaltrials.gov/study/NCT0{_n(rng, 7)}",
            "https://docs.ansible.com/ansible/latest/collections/ansible/builtin/user_module.html",
            "https://nginx.org/en/docs/http/ngx_http_log_module.html",
            f"https://support.zendesk.com/hc/en-us/articles/{digits(rng, 12)}",
        ]
    )


def version(rng: random.Random) -> str:
    return rng.choice(
        [
            f"nginx/1.{rng.randint(18, 27)}.{rng.randint(0, 6)}",
            f"pandas {rng.choice(['1.5.3', '2.0.3', '2.1.4', '2.2.3'])}",
            f"ansible-core 2.{rng.randint(14, 18)}.{rng.randint(0, 9)}",
            f"systemd {rng.randint(245, 257)}",
            f"sentry-sdk 2.{rng.randint(0, 19)}.{rng.randint(0, 3)}",
            f"datadog-agent 7.{rng.randint(40, 60)}.{rng.randint(0, 2)}",
            f"PostgreSQL {rng.randint(12, 17)}.{rng.randint(1, 9)}",
        ]
    )


def release(rng: random.Random) -> str:
    y, m, d = rng.randint(2021, 2028), rng.randint(1, 12), rng.randint(1, 28)
    return rng.choice(
        [f"{MON3[m - 1]} {d:02d} {y}", f"{MONTHS.split()[m - 1]} {d} {y}",
         f"Q{(m - 1) // 3 + 1} {y}", f"{d:02d}-{m:02d}-{y}"]
    )  # fmt: skip


def tracking(rng: random.Random) -> str:
    return rng.choice(
        [f"9400 1{_n(rng, 3)} {_n(rng, 4)} {_n(rng, 4)} {_n(rng, 4)} {_n(rng, 2)}",
         f"{upper_letters(rng, 2)}{_n(rng, 9)}GB"]
    )  # fmt: skip


def ticket(rng: random.Random) -> str:
    return rng.choice([f"#{rng.randint(100000, 999999)}", f"HR-{rng.randint(1000, 9999)}"])


def charge(rng: random.Random) -> str:  # a Stripe charge id
    return f"ch_{''.join(rng.choices('abcdefghijklmnopqrstuvwxyz0123456789', k=24))}"


def sentry_issue(rng: random.Random) -> str:
    return f"{rng.choice(['WEB', 'PAYMENTS', 'PORTAL'])}-{_alnum(rng, 3)}"


def masked_card(rng: random.Random) -> str:  # last four only: not the number
    last4 = _n(rng, 4)
    return rng.choice([f"**** **** **** {last4}", f"card ending {last4}", f"XXXXXXXXXXXX{last4}"])


CDT_CODES = ["D0120", "D0274", "D1110", "D2392", "D2740", "D3330", "D4341", "D7140"]
LOINC = ["2345-7", "4548-4", "2160-0", "718-7", "6690-2"]


def _spelled(rng: random.Random) -> str:  # a surname spelled out letter by letter on a call
    return "-".join(ascii_fold(rng.choice(LAST)).replace(" ", "").replace("-", "").upper())


FILLERS: dict[str, Filler] = {
    "name": ("PERSON", name),
    "first": ("PERSON", lambda r: r.choice(FIRST)),
    "last": ("PERSON", lambda r: r.choice(LAST)),
    "lowfirst": ("PERSON", lambda r: r.choice(FIRST).lower()),
    "lowname": ("PERSON", lambda r: name(r).lower()),
    "nick": ("PERSON", lambda r: r.choice(NICKNAMES)),
    "lownick": ("PERSON", lambda r: r.choice(NICKNAMES).lower()),
    "lowlast": ("PERSON", lambda r: r.choice(LAST).lower()),
    "lastcomma": ("PERSON", lambda r: f"{r.choice(LAST).upper()}, {r.choice(FIRST)}"),
    "capsname": ("PERSON", lambda r: strip_accents(name(r)).upper()),
    "lastinit": ("PERSON", lambda r: f"{r.choice(LAST)} {ascii_fold(r.choice(FIRST))[0]}."),
    "firstinit": ("PERSON", lambda r: f"{r.choice(FIRST)} {ascii_fold(r.choice(LAST))[0]}."),
    "wordname": ("PERSON", lambda r: r.choice(WORD_NAMED)),
    "foldname": ("PERSON", lambda r: strip_accents(name(r))),
    "spelled": ("PERSON", _spelled),
    "user": ("USERNAME", user),
    "homeuser": ("USERNAME", lambda r: _login(r.choice(FIRST))),
    "email": ("EMAIL_ADDRESS", email),
    "purl": ("PERSONAL_URL", purl),
    "dob": ("PERSONAL_DATE", birth_date),
    "visit": ("PERSONAL_DATE", care_date),
    "itdob": ("PERSONAL_DATE", lambda r: foreign_birth_date(r, "it")),
    "ptdob": ("PERSONAL_DATE", lambda r: foreign_birth_date(r, "pt")),
    "pldob": ("PERSONAL_DATE", lambda r: foreign_birth_date(r, "pl")),
    "nldob": ("PERSONAL_DATE", lambda r: foreign_birth_date(r, "nl")),
    "trdob": ("PERSONAL_DATE", lambda r: foreign_birth_date(r, "tr")),
    "vidob": ("PERSONAL_DATE", lambda r: foreign_birth_date(r, "vi")),
    "kodob": ("PERSONAL_DATE", lambda r: foreign_birth_date(r, "ko")),
    "rudob": ("PERSONAL_DATE", lambda r: foreign_birth_date(r, "ru")),
    "tsdob": ("PERSONAL_DATE", timestamp_dob),
    "sqldob": ("PERSONAL_DATE", sql_dob),
    "old": ("AGE_OVER_89", lambda r: str(r.randint(90, 106))),
    "mrn": ("MEDICAL_RECORD_NUMBER", mrn),
    "plan": ("HEALTH_PLAN_ID", plan),
    "chi": ("HEALTH_PLAN_ID", chi),
    "nhi": ("HEALTH_PLAN_ID", nhi),
    "ihi": ("HEALTH_PLAN_ID", ihi),
    "acct": ("ACCOUNT_NUMBER", account),
    "iban": ("ACCOUNT_NUMBER", iban),
    "policy": ("ACCOUNT_NUMBER", policy),
    "lic": ("LICENSE_NUMBER", driver_licence),
    "prolic": ("LICENSE_NUMBER", pro_licence),
    "nmls": ("LICENSE_NUMBER", lambda r: digits(r, r.choice([6, 7]))),
    "adjlic": ("LICENSE_NUMBER", lambda r: digits(r, 7)),
    "vin": ("VIN", vin),
    "plate": ("LICENSE_PLATE", plate),
    "chatplate": ("LICENSE_PLATE", chat_plate),
    "imei": ("IMEI", imei),
    "serial": ("DEVICE_SERIAL", serial),
    "medserial": ("DEVICE_SERIAL", med_serial),
    "yubikey": ("DEVICE_SERIAL", yubikey),
    "zip": ("ZIP_CODE", lambda r: f"{r.randint(1001, 99950):05d}"),
    "ssn": ("US_SSN", ssn),
    "ip": ("IP_ADDRESS", ip),
    "ip4": ("IP_ADDRESS", public_v4),
    "card": ("CREDIT_CARD", card),
    "phone": ("PHONE_NUMBER", phone),
    "saidphone": ("PHONE_NUMBER", spoken_phone),
    "intl": ("PHONE_NUMBER", intl),
    "fax": ("FAX_NUMBER", fax),
    # hard negatives
    "drug": (None, lambda r: r.choice(DRUGS)),
    "pill": (None, lambda r: r.choice(CONTRACEPTIVES)),
    "eponym": (None, lambda r: r.choice(EPONYMS)),
    "sign": (None, lambda r: r.choice(SIGNS)),
    "algo": (None, lambda r: r.choice(TECH_EPONYMS)),
    "tool": (None, lambda r: r.choice(TOOLS)),
    "clinic": (None, lambda r: r.choice(CLINICS)),
    "company": (None, lambda r: r.choice(COMPANIES)),
    "figure": (None, lambda r: r.choice(FIGURES)),
    "lanip": (None, lambda r: r.choice(LAN_IPS)),
    "resolver": (None, lambda r: r.choice(RESOLVER_IPS)),
    "service": (None, lambda r: r.choice(SERVICE_ACCOUNTS)),
    "publicurl": (None, public_url),
    "version": (None, version),
    "release": (None, release),
    "tracking": (None, tracking),
    "ticket": (None, ticket),
    "charge": (None, charge),
    "sentry": (None, sentry_issue),
    "maskedssn": (None, masked_ssn),
    "maskedcard": (None, masked_card),
    "city": (None, lambda r: r.choice(CITIES)),
    "state": (None, lambda r: r.choice(STATES_ZIP)),
    "young": (None, lambda r: str(r.randint(5, 89))),
    "kid": (None, lambda r: str(r.randint(5, 17))),
    "eightynine": (None, lambda r: r.choice(["89", "88", "86"])),
    "ninetyish": (None, lambda r: str(r.randint(90, 104))),
    "pctile": (None, lambda r: str(r.choice([90, 94, 95, 96, 97, 98, 99]))),
    "tooth": (None, lambda r: f"#{r.randint(2, 31)}"),
    "cdt": (None, lambda r: r.choice(CDT_CODES)),
    "loinc": (None, lambda r: r.choice(LOINC)),
    "meddra": (None, lambda r: f"100{_n(r, 5)}"),
    "nct": (None, lambda r: f"NCT0{_n(r, 7)}"),
    "lot": (None, lambda r: f"{upper_letters(r, 2)}{_n(r, 4)}"),
    "pid": (None, lambda r: str(r.randint(1000, 65000))),
    "port": (None, lambda r: str(r.randint(49152, 65535))),
    "ms": (None, lambda r: str(r.randint(3, 2400))),
    "hex32": (None, lambda r: "".join(r.choices("0123456789abcdef", k=32))),
    "semver": (None, lambda r: f"{r.randint(1, 9)}.{r.randint(0, 40)}.{r.randint(0, 9)}"),
    "count": (None, lambda r: str(r.randint(10000, 99999))),
}
CHAT = [
    # bank and fintech support
    "Chat started · Verified via OTP\nCustomer: hi i sent money to my sister {lowfirst} but it "
    "says pending since {visit}\nAgent {firstinit}: Let me check that transfer for you.",
    "Agent: Can you confirm the IBAN you entered?\nCustomer: {iban}, beneficiary {name}",
    "hey, my card {card} got blocked at a petrol station in {city}, i'm travelling. can u unblock",
    "Dispute form\nCardholder: {lastcomma}\nCard: {maskedcard}\nTransaction: {charge} "
    "(Stripe)\nReason: I never received the item.",
    "For the wire: transit/institution/account {acct}, name on account {name}. Thanks for your "
    "patience on this one!",
    "Voice banking transcript (auto): caller says account number is {acct}. caller name "
    "{lowname}. date of birth {dob}.",
    "Can you update my phone? new one is {intl}, the old {phone} was stolen with my wallet",
    "Fraud team note: device {imei} logged in from {ip} two minutes after a login from {ip}. "
    "Acct holder {name} confirms only one phone.",
    "Please close my brokerage account {acct} and send the balance to {iban}. - {name}",
    "Your {company} card ending 4471 is on its way (tracking {tracking}). Good luck with the move!",
    "Customer says SSN on the 1099 is wrong; should be {ssn}. Told her we need a W-9 signed.",
    "Loan officer {name}, NMLS ID {nmls}, will call you at {phone} to review the rate lock.",
    # HR tickets
    "HR case {ticket}\nEmployee: {name}\nRequest: update direct deposit to acct {acct}\n"
    "Personal email: {email}",
    "New hire paperwork for {name}: DOB {dob}, SSN {ssn}, emergency contact {first} at {intl}.",
    "hi HR, my name is misspelled in Workday - it's {name} not {foldname}. thanks",
    "Benefits enrollment: adding dependent {name} (DOB {dob}) to the dental plan; subscriber "
    "ID {plan}.",
    "Offboarding: return laptop (SN {serial}) and YubiKey {yubikey}; forward mail to {email}.",
    "Payroll says my address ZIP is {zip} but I moved to {city}, {state} {zip} in {release}.",
    "Manager {first} asked me to log the major depressive disorder leave under FMLA, not PTO.",
    "Reference check for {name}: worked with us at {company} as a CNA (cert {prolic}).",
    # insurance adjuster notes
    "Adjuster note: spoke w/ insured {lastcomma} re: rear-end loss on {visit}. "
    "Policy {policy}. Claimant veh plate {plate}, VIN {vin}.",
    "Recorded statement - claimant {name}, DOB {dob}, DL {lic}. States she was stopped at the "
    "light. Witness {name}, {phone}.",
    "Field adjuster {name}, adjuster lic. {adjlic}, inspected the storm surge damage at the "
    "insured's home in {city}. Photos in file.",
    "Total loss: insured's 2016 Harley-Davidson, VIN {vin}. Lienholder {company} Credit; "
    "payoff to acct {acct}.",
    "Rental for insured {name} authorized 10 days; body shop contact {first}, fax {fax}.",
    "insured texted: plate is {chatplate}, sorry the photo was blurry. she's {old} and was "
    "driving her grandson to school",
    # Zendesk macros and replies
    "Hi {{{{ticket.requester.first_name}}}},\n\nThanks for reaching out! We've refunded "
    "{{{{ticket.ticket_field_3601}}}} to your original payment method.\n\n{first}",
    "Hi {first},\n\nThanks for reaching out! We've refunded the order to your card "
    "{maskedcard}.\n\nBest,\n{nick} from Support",
    "Internal note: requester is actually {name} ({email}), not the account owner - do NOT "
    "share order history.",
    "Macro applied: 'Identity check'. Customer gave DOB {dob} and ZIP {zip}; matches profile.",
    "Side conversation with {email}: can you confirm the replacement ring (serial {medserial}) "
    "shipped?",
    # WhatsApp-style group chats
    "[3/11/26, 21:04:17] {first}: who's picking up mum from {clinic} tmrw?\n[3/11/26, 21:05:02] "
    "{first}: me, but only after 4",
    "~ {lowname}: this is my new number btw {intl}\n~ {lowname}: save it pls",
    "[09:12] {nick}: happy birthday auntie!!! {old} years young\n[09:13] {nick}: 🎂🎂",
    "Family group ({count} messages)\n{first}: dad's new insurance card came, member ID {plan}\n"
    "{first}: send a photo",
    "{lowfirst}: anyone have the wifi password? router is at {lanip}\n{lowfirst}: admin/admin lol",
    "[WhatsApp] {name} added {name}\n{first}: welcome!! the hike is saturday, river crossing at 9",
    "{first}: the stone fruit at the market was amazing\n{first}: by chance did u see {figure} "
    "was in town?",
    # voice-call transcripts with ASR errors
    "[00:00:04] AGENT: thank you for calling, who am i speaking with\n[00:00:07] CALLER: yeah "
    "this is {lowname}\n[00:00:09] AGENT: and can i get the date of birth\n[00:00:12] CALLER: "
    "{dob}",
    "speaker 1: whats the best callback number\nspeaker 2: {saidphone}\nspeaker 1: got it",
    "CALLER: the last name is {spelled}\nAGENT: thank you ms {lowlast}",
    "AGENT: and the member id on the card\nCALLER: um its {plan}\nAGENT: and you're the "
    "patient's daughter {lowfirst}?",
    "transcript (low confidence): my mother is {old} she cant come to the phone her name is "
    "{lowname}",
    "AGENT: is this still the number ending in 3 2? CALLER: no the new one is {saidphone}",
    # pharmacy benefit calls
    "PBM call log: pharmacist {name} from {city} Pharmacy calling re: {drug} rejection 75 (PA "
    "required). Member {lastcomma}, ID {plan}, DOB {dob}.",
    "Member asks why {pill} is $0 but {drug} is tier 4. Member ID {plan}; callback {phone}.",
    "Override entered for vacation supply: member {name} leaving for {city}; pharmacy fax {fax}.",
    "Rep: I see a prior auth on file for {drug} through {release}. Is the prescriber still "
    "Dr. {last}? fax {fax}",
    "Mail order: {drug} 90-day shipped to {name}, {city}, {state} {zip}; tracking {tracking}.",
    # everyday support
    "can someone help, the app says my email {email} is already taken but i never signed up",
    "Order {ticket} shipped to {firstinit} at {zip}. Thanks for your patience!",
    "my username is {user} and i forgot the password, the reset goes to an old {email}",
    "Re: Profile link\nYes, my portfolio is {purl} - please add it to the speaker bio. {first}",
    "You can find my work here: {purl} (and {publicurl} for the docs I contributed to)",
    "Please update my shipping to {city}, {state} {zip}. Phone {phone}. — {name}",
    "Release notes ({release}): {version} fixes a memory leak in the export; no action needed.",
    "We're closed for the storm surge warning; tickets from {release} will be answered Monday.",
    "Agent note: caller is {young}, a student; parent {name} joined the call at {phone}.",
    "Warranty claim for the {company} vacuum, serial {serial}; buyer {name}, {email}.",
    "Court-ordered name change attached: now {name}, formerly {name}. Please update account "
    "{acct}.",
    "DM from @{user}: i'm {wordname} from the conference, here's my card {purl}",
    "{wordname} here, the account is under my wife's name {name}",
    "My new phone's IMEI is {imei}; the carrier needs it before they unlock it.",
    "Card {card} was charged twice for order {ticket}, please reverse one.",
    "the tow yard has my car, plate {chatplate}, can the claim cover the fee?",
    "Bought a used car, VIN {vin}. Can you add it to policy {policy}?",
    "Thanks for your patience while we track down a memory leak in the app ({version}).",
    "The storm surge closed our {city} branch; {company} ATMs still work.",
    "Stone fruit boxes ship in summer only; order {ticket} goes out {release}.",
    "Good luck with the move! {company} rewards carry over, nothing to do.",
    "W-4 correction: my SSN is {ssn}, not the one on my paystub ({maskedssn}).",
    "Major update: {version} ships {release}; no action needed on your side.",
]
CLINICAL = [
    # dental
    "DENTAL CHART\nPt: {lastcomma}   DOB: {dob}   Chart No.: {mrn}\nProvider: {name}, DDS\n"
    "Hygienist: {firstinit}, {prolic}",
    "Perio maint ({cdt}). Pt {first} reports bleeding on brushing; 5 mm pockets {tooth}, "
    "{tooth}. Rinse: chlorhexidine 0.12%.",
    "Tx: {cdt} on {tooth} MO under 2 carpules articaine. Pt ({young}) tolerated well. Next: "
    "{cdt} {tooth}.",
    "Intraoral scan uploaded from iTero {medserial}; Dexis sensor {medserial} replaced after "
    "drop. Pt {name}.",
    "Ortho consult: an Angle Class II malocclusion noted; parent {name} ({phone}) prefers "
    "evening appointments.",
    "Dental plan: subscriber {name}, ID {plan}; pt is dependent {first} (DOB {dob}).",
    "Pre-med reminder: pt {last} ({old}) has a hx of {eponym}; clear with cardiology at {clinic}.",
    # school nurse
    "School Nurse Log · {visit}\nStudent: {name}, Gr 4 (age {kid})\nComplaint: headache after "
    "PE. Parent {name} notified at {phone}.",
    "Health office: {first} ({kid}) BMI-for-age {pctile}th percentile; letter sent home to "
    "guardian {name}.",
    "Epi-pen on file for {first} {last}; allergy to tree nuts. Guardian {lowname} ({intl}).",
    "Immunization exemption form received for {name}, DOB {dob}. Pediatrician Dr. {last}, fax "
    "{fax}.",
    "Hearing screen: {first} referred (R 40 dB); mom says she's seen at {clinic} audiology.",
    "Concussion protocol: {name} (age {kid}) hit heads at practice; Epworth-style sleepiness "
    "not assessed. Dad {first}, {phone}.",
    # occupational health and DOT physicals
    "DOT MEDICAL EXAMINATION REPORT\nDriver: {capsname}   DOB: {dob}\nCDL #: {lic}   State: "
    "{state}\nPhone: {phone}",
    "Occ health: {name} (employee of {company}) fit-tested for N95; audiogram stable. "
    "Supervisor {first} informed.",
    "Work injury {visit}: {name} lifted a crate at the {company} warehouse in {city}; {sign}.",
    "Pre-placement exam: {lastcomma}, {young} y, DL {lic}; BP {ninetyish}/78. Cleared.",
    "Return-to-work note faxed to HR at {fax} for {name}; light duty through {visit}.",
    "Respirator clearance: {firstinit} (Employee Health # {mrn}); no major depressive disorder "
    "screen flags.",
    # clinical-trial CRFs and adverse-event reports
    "CRF Page 3 - Demographics\nSite 104 · Protocol {nct}\nSubject DOB: {dob}\nAge (yrs): "
    "{old}\nInvestigator: {name}, MD",
    "SAE REPORT\nPatient: {capsname}   Onset: {visit}\nEvent: syncope (MedDRA PT {meddra})\n"
    "Suspect drug: {drug}, lot {lot}\nReporter: {name}, {email}",
    "AE log: subject's caregiver {name} called {phone} re: rash after {drug}; CTCAE grade 2.",
    "Eligibility: pt {old}yrs, exceeds the protocol's upper age limit of 85; screen fail. Dr. "
    "{last} to inform pt.",
    "Monitoring visit: source docs show DOB {sqldob} but CRF has another; query to coordinator "
    "{name} ({email}).",
    "Consent re-signed by LAR {name} (daughter) on {visit}; pt {lastcomma} is {old} y 4 m.",
    "Pharmacovigilance intake: consumer {name}, {intl}, reports {drug} interaction with "
    "{pill}. Product lot {lot}.",
    # other outpatient notes
    "Dialysis unit: {lastcomma}, chair 6, EDW 71.5 kg. Access: R AVF, {sign}. Transport by "
    "son {first}, {phone}.",
    "Sleep clinic: {sign}; CPAP ordered. Pt {name}, {young}M, truck driver (CDL {lic}).",
    "Optometry: {name}, {old} ans, vient avec sa fille {first}; née le {dob}. Cataract OD.",
    "Ambulanz-Bericht (übersetzt): Herr {name}, {old} Jahre, Versicherten-Nr. {plan}.",
    "Paziente: {name}, nato il {itdob}; medico curante Dr. {last}.",
    "Paciente {name}, nascida em {ptdob}, acompanhada pelo neto {first}.",
    "Pacjent {name}, ur. {pldob}; opiekun {first}, tel. {intl}.",
    "Patiënt {name}, geboren {nldob}; huisarts {lastinit}.",
    "Hasta: {name}, doğum tarihi {trdob}; refakatçi {first}, {intl}.",
    "Bệnh nhân {name}, sinh {vidob}; người nhà {first}, {intl}.",
    "환자 {name}, 생년월일 {kodob}; 보호자 {first} ({intl}).",
    "Пациент {name}, дата рождения {rudob}; сын {first}, {intl}.",
    "Scottish referral: CHI {chi}, {name}, GP Dr. {last}, Hosp No {mrn}.",
    "NZ transfer: NHI {nhi}; pt {name}, whānau contact {first} on {intl}.",
    "Australian visitor: IHI {ihi}; pt {name}, {old}; travel insurer to call {intl}.",
    "Transplant coordinator: donor work-up for {name} (UHID {mrn}); recipient's wife {first}.",
    "Genetic counselling: {name} and partner {name}; {eponym} in the family; reviewed with "
    "{clinic}.",
    "Wound clinic: {lastcomma} ({old}) - LifeVest {medserial} removed for skin check. {sign}.",
    "VNS generator {medserial} interrogated; pt {name} reports fewer seizures on {drug}.",
    "Home BP cuff (Omron, SN {medserial}) readings brought by pt {first}: {ninetyish}-{ninetyish}"
    " diastolic.",
    "Lab requisition: {name}, DOB {dob}, MRN {mrn}; tests LOINC {loinc}, {loinc}. Fax {fax}.",
    "Immunization clinic: {name} received flu vaccine lot {lot}; next due {release}.",
    "Interpreter (Somali) for {name}; husband {name} confirms DOB {dob}.",
    "Pt {wordname} {last} seen for {eponym}. Prefers to be called by first name.",
    "Pt is {eightynine}, lives alone in {city}; daughter {name} visits on Sundays.",
    "Pt {young}F with {eponym}; {sign}. Started {drug}. No {pill} interaction.",
    "Psych: major depressive disorder, recurrent; PHQ-9 19. Continue {drug}.",
    "Vitals: HR {ninetyish}, SpO2 {pctile}%, T 37.9, RR 20; {sign}.",
    "Referred to {clinic} for {eponym}; records released to {clinic} per pt request.",
    "Education given on {pill} missed-dose rules; good luck with the new job, pt says.",
    "Labs {loinc} and {loinc} pending; {tooth} extraction deferred until INR < 3.",
    "{figure}'s story came up; pt asked whether {eponym} is hereditary.",
    "Pt {first} {last}, {eightynine} y/o, oriented x3; daughter is {young}.",
    "Lost property: pt's phone, IMEI {imei}, handed to security.",
    "Valet ticket: pt's car plate {plate}, VIN {vin}; keys at the front desk.",
    "Copay taken on card {card}; receipt handed to pt.",
    "Plan: {drug} daily; recheck in 6 weeks. Dx {eponym}.",
    "Exam: {sign}; {sign}. No focal deficit.",
    "Rx: {pill} 0.35 mg daily, 3 packs; by chance pt also takes {drug}.",
]
CODE = [
    # Jupyter and pandas
    "In [12]: df.loc[df.mrn == '{mrn}', ['name', 'dob']]\nOut[12]:\n      name          dob\n"
    "417   {name}   {tsdob}",
    ">>> patients.head(2)\n   id  full_name            age  zip\n0  {pid}  {name}  {old}  {zip}"
    "\n1  {pid}  {name}  {young}  {zip}",
    "FileNotFoundError: [Errno 2] No such file or directory: '/Users/{homeuser}/Downloads/"
    "claims_{release}.csv'",
    "/home/jovyan/work/eda.ipynb: {algo} on length of stay; p = 0.03 ({count} rows)",
    "df['phone'].str.replace(r'\\D', '', regex=True)  # '{phone}' -> digits; row from {name}",
    "print(row.to_dict())\n{{'member_id': '{plan}', 'holder': '{name}', 'email': '{email}'}}",
    "# cell 7: drop outliers with {algo}; the {ninetyish}th-percentile cap came from {first}",
    "UserWarning: Parsing dates in DD/MM/YYYY format when dayfirst=False; row 3: '{visit}'",
    "!pip install 'pandas==2.2.3'  # {lowfirst} says pin it",
    "fig.suptitle('Readmissions by ZIP ({count} encounters)'); plt.savefig('/home/jovyan/out.png')",
    # Sentry and Datadog
    '{{"event_id": "{hex32}", "level": "error", "user": {{"id": "{pid}", "email": "{email}", '
    '"ip_address": "{ip}", "username": "{user}"}}, "release": "web@{semver}"}}',
    "Sentry issue {sentry}: TypeError in checkout.js; 12 users affected incl. {email} "
    "(first seen {release})",
    "dd trace: service=payments resource=POST /v1/charges usr.id={pid} usr.email={email} "
    "network.client.ip={ip} duration={ms}ms",
    "[datadog] Monitor triggered: p99 latency {ms} ms on {service}; acknowledged by {lowname}",
    'logs: status=error msg="card declined" card_bin=507803 customer="{name}" ip={ip4}',
    "Breadcrumb: navigation /account/{user}/settings -> /billing (from {ip})",
    # Ansible, systemd and nginx
    "TASK [users : create accounts] ****\nok: [web01] => (item={{'name': '{user}', 'comment': "
    "'{foldname}', 'shell': '/bin/bash'}})",
    "- name: add {foldname}'s key\n  ansible.posix.authorized_key:\n    user: {user}\n    key: "
    "\"{{{{ lookup('file', 'keys/{homeuser}.pub') }}}}\"",
    "host_vars/db01.yml:\n  ansible_host: {ip4}\n  ansible_user: {service}\n  owner_email: {email}",
    "Nov 03 09:12:44 web01 systemd-logind[{pid}]: New session 42 of user {user}.\nNov 03 "
    "09:12:44 web01 systemd[1]: Started Session 42 of User {user}.",
    "Nov 03 02:00:01 db01 systemd[1]: Starting backup.service - nightly dump (owner {name})...",
    '{ip} - {user} [03/Nov/2026:09:12:44 +0000] "GET /api/v2/members/{pid} HTTP/1.1" 200 '
    '{count} "-" "Mozilla/5.0"',
    '{lanip} - - [03/Nov/2026:09:13:02 +0000] "GET /healthz HTTP/1.1" 200 2 "-" "kube-probe/1.29"',
    "2026/11/03 09:14:10 [error] {pid}#0: *1 upstream timed out, client: {ip}, server: "
    'portal.example.org, request: "POST /login HTTP/1.1"',
    "set_real_ip_from {lanip};\nreal_ip_header X-Forwarded-For;  # per {lowfirst}, {version}",
    "journalctl -u {service} --since '{release}' | grep -i oom  # {name} asked",
    # SQL dumps
    "INSERT INTO patients (mrn, full_name, dob, phone) VALUES ('{mrn}', '{name}', '{sqldob}', "
    "'{phone}');",
    "INSERT INTO payment_methods VALUES ({pid}, '{card}', '12/29', '{zip}');  -- {lowfirst}: "
    "why is this unmasked",
    "COPY employees (id, name, ssn, personal_email) FROM stdin;\n{pid}\t{name}\t{ssn}\t{email}"
    "\n\\.",
    "UPDATE members SET plan_id = '{plan}', fax = '{fax}' WHERE last_name = '{last}';",
    "mysql> SELECT user, host FROM mysql.user;\n| {user} | {ip4} |\n| {service} | {lanip} |",
    "-- dump of crm.contacts ({count} rows)\n({pid}, '{name}', '{intl}', '{purl}'),",
    "SELECT * FROM devices WHERE imei = '{imei}' OR serial = '{serial}';  -- ticket {ticket}",
    "INSERT INTO vehicles (vin, plate, owner) VALUES ('{vin}', '{plate}', '{name}');",
    "-- seed data, synthetic? NO: {name}, {dob}, lic {lic}. remove before {release}",
    # other developer text
    "CODEOWNERS is out of date: {lowfirst} left; ping {user} or {email} for the ETL",
    "fix(etl): keep leading zeros in ZIP\n\nSigned-off-by: {name} <{email}>\nAcked-by: {nick}",
    "Merged PR #{pid} from {user}/dedup-fix: use {algo} for dedup",
    "yubikey-manager: YubiKey 5 NFC, serial {yubikey}, enrolled by {user}",
    "netbox import: device {serial} rack B4, assigned to {name} ({phone})",
    "terraform import aws_iam_user.{homeuser} {user}  # {name}'s console user",
    "Bumped to {version}; {tool} and {tool} unaffected. Thanks {lownick}!",
    "The {tool} lineage graph shows {count} jobs; {tool} still can't parse the notebook.",
    "pinned {version} because of {release}'s breaking change; see {publicurl}",
    "curl -s http://100.100.100.200/latest/meta-data/  # Alibaba ECS metadata, not a user",
    "dig @{resolver} example.org  # resolver check from {service}",
    "{algo} over {count} rows took {ms} ms on {version}",
    "profile page: {purl} (moved from {publicurl})",
    "# {figure} quote in the docs header; author of this module is {name}",
    "Reviewed by {nick}; co-reviewed by {lownick}. Deploy window {release}.",
    "ERROR webhook {charge}: payload for {email} missing 'phone' (expected like {intl})",
    "uid={pid}({user}) gid={pid}({service}) groups=27(sudo)",
    "ssh {user}@{ip4} -p {port}  # jump box for {name}",
    'git config user.name "{foldname}" && git config user.email {email}',
    "adb shell getprop | grep imei  # [{imei}] - from a customer's device, do not commit",
    "purge_card('{card}')  # came from a real checkout, not a test number",
    "ALPR export: plate {plate}, gate 3, camera {lanip}",
    "assert decode_vin('{vin}').model_year == 2019  # {lowfirst}'s own car, replace it",
    "{algo} for ranking; background in {publicurl}",
    "Upgraded the {tool} deployment on {release}; agents stay on {version}; {tool} next.",
    "redact_ssn('{ssn}')  # pulled from a prod log line, rotate the fixture",
]
POOLS = [CHAT, CLINICAL, CODE]
