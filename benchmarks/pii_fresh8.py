"""The eighth fresh split of benchmarks/pii.py (``--split fresh8``), in its own module.

Written blind to the detector (its code, word lists, tests and the notes on its misses unread)
after every other split, fresh7 included, had been looked at; measured once (2026-11-30, the
figures are in benchmarks/pii.py's docstring) and never tuned on.
Names of Tatar, Chechen, Sakha, Buryat, Kyrgyz, Tajik, Turkmen, Hazara, Assyrian, Sudanese,
Hausa, Tuareg, Sotho, Tswana, Ovambo, Luo, Maasai, Kikuyu, Cape Verdean, Curaçaoan, Cajun,
Romani, Frisian, Luxembourgish, Romansh, Sephardic, Bukharan, Yupik, Ojibwe, Lakota, Hopi,
Guaraní, Wayuu, Chamorro, Balinese, Bugis, Cebuano, Ilocano, Lao, Okinawan, Hokkien, Sindhi,
Baloch, Circassian, Ossetian, Lebanese, Yemeni, Comorian, Fijian, Timorese and American origin;
given names that are words (Ivy, Sage, Cash, Crystal, Honor, Reed) and word surnames (Frost,
Sparks, Church, Lamb, Hale); multi-part names (ag Alhassane, ole Sankale, Iron Cloud, Tavares
Semedo, von Salis, Ó Dálaigh, St-Onge, Lévesque-Tremblay, Balinese "I Made" / "Ni Ketut",
Hokkien family-first names, Russian-style patronymics). Names in discharge summaries, referral
replies, pharmacy refill callbacks, home-health visit notes, MAR entries, consent forms, death
pronouncements, telehealth transcripts, Zendesk and Intercom transcripts, Salesforce CSV
exports, Slack threads with mentions, PagerDuty incidents, blameless postmortems, Jira
comments, GitHub review threads, git trailers and reflogs, CODEOWNERS-style ACLs, sshd and
sudo logs, AWS IAM ARNs, Windows profile paths, Ansible inventories, Helm values and npm
author fields. Identifier shapes none of the others have: "14th July 1931", "1931/07/14",
"7-14-1931", "Jul-14-1931", month-day birthdays without a year, "2026/11/03" and "03.11.26"
care dates; "M/94", "aged 101", "turned 100"; uppercase NHS mail, qq.com and bigpond
addresses, university NetID emails; RFC 3966 "tel:" and slash-separated US phones, Kenyan,
Philippine, Indonesian, Brazilian, Argentinian, Russian, Australian, French and UK national,
Emirati and Bangladeshi mobiles; Fidelity-style, CLABE, Indian savings, credit-union share and
guarantor accounts; Medi-Cal CINs, New York Medicaid CINs, Australian Medicare numbers,
German KVNRs, FEP "R" member IDs and NHS numbers (mod-11 check digit); Washington,
Wisconsin, Ohio, Colorado and Minnesota licences, California and Ohio medical licences,
APRN and FAA certificates; French, Belgian, Irish, Portuguese, Norwegian EV, Danish, Texas and
Ontario plates; IMEIs written AA-BBBBBB-CCCCCC-D; Dell service tags, Lenovo, Samsung,
insulin-pump, CPAP and Garmin serials; Elo, Troy, Verve and Hipercard cards and dashed
Visas; residential IPv6 (2601:, 2003:) and IPv4 with a port; ResearchGate, Behance, Keybase,
Codeberg, SourceHut, Google Sites, Instagram, TikTok, YouTube, Cal.com, Venmo, Healthgrades
and Psychology Today profiles. Hard negatives: drugs (Xeljanz, Rinvoq, Nurtec, Paxlovid, ella,
Tessalon, Marinol), clinical eponyms (Hill-Sachs, Virchow's node, Austin Flint murmur, a Smith
fracture, a Bishop score), algorithm and law eponyms (Dijkstra's algorithm, a Kalman filter,
Conway's law), tools named like people (Erlang, Pascal, Haskell, Cody, Jarvis, Trino, Zipkin,
Jaeger, Bixby), hospitals and companies named after people (Henry Ford Hospital, Ochsner,
Geisinger, Emory, Pfizer, Merck, Procter & Gamble), word-names used as words ("poison ivy",
"sage advice", "pay cash", "crystal clear", "honor the SLA", "reed diffuser", "frost on the
windshield"), public figures listed in the run's policy, QEMU / VirtualBox NAT, libvirt,
Docker Desktop, pod CIDR, AWS VPC resolver, benchmark-range and public resolver IPs, release
and sunset dates, glibc / OpenSSL / Node / iOS versions, Amazon order and UPS tracking numbers,
NDC codes (4-4-2, shaped like an SSN or a phone), CPT codes (five digits, shaped like a ZIP),
ICD-10 codes, lot numbers, routing / IFSC / BSB / SWIFT bank codes, PIDs and ports, ages under
90 and values of 90-104 (SBP, glucose, SpO2, p99 latency).
"""

from __future__ import annotations

import random

from pii import MON3, MONTHS, Filler, ascii_fold, digits, upper_letters, vin, with_luhn

FIRST = (
    "Alsu Ilnur Zelimkhan Khadizhat Aital Sardaana Bair Tsyren Aizada Bakyt Farrukh Manizha "
    "Merdan Ogulbibi Sakina Ninos Shamiram Mohanad Tasneem Abubakar Hauwa Alhassane Palesa "
    "Tumelo Kagiso Boitumelo Ndapewa Achieng Ochieng Lekishon Naserian Njoki Djenifer Adilson "
    "Jurensly Shurendy Beau Celestine Sjoerd Tjitske Gilles Gian Sarina Yehezkel Iosif Nanuq "
    "Migizi Niigaan Wanbli Honovi Arami Ñasaindy Tasi Ketut Nyoman Wayan Andi Junrey Florencio "
    "Souksavanh Khamla Mitsuru Hemant Jalal Shahnaz Aslan Zaurbek Ziad Rouba Waddah Nourdine "
    "Mereoni Jone Ermelinda Brayden Kaylee Dwayne Shanice Tammy Randall Bethany "
    "Ivy Sage Cash Crystal Honor Reed"
).split()
LAST = [
    *"Khairullina Gabdrakhmanov Magomadov Tsechoeva Nikiforova Sivtsev Dorzhiev Badmaev".split(),
    *"Asanbekova Tokonov Sharipov Nazarova Atayev Berdiyeva Sultani Rezaie Odisho Youkhana".split(),
    *"Elsheikh Abdelrahim Shehu Garba Mokoena Motaung Mogale Molefe Nghipondoka Shikongo".split(),
    *"Otieno Odhiambo Kamau Njoroge Fortes Martina Isenia Boudreaux Thibodeaux Broussard".split(),
    *"Guidry Lakatos Hoekstra Schmit Cadruvi Caminada Benveniste Abravanel Aminov Yakubov".split(),
    *"Kanrilak Kakegamic Sekaquaptewa Lomayestewa Epieyú Uriana Taitano Aguon Wirawan".split(),
    *"Suryani Cabahug Lumapas Agbayani Phommachanh Keomany Vongsavath Chinen Higa Ong Khoo".split(),
    *"Tay Lalwani Rind Khatkhoko Dzagoev Frangieh Naivalu Ravuvu Frost Sparks Church Lamb".split(),
    "Hale", "ag Alhassane", "ole Sankale", "Iron Cloud", "Tavares Semedo", "von Salis",
    "Ó Dálaigh", "St-Onge", "Lévesque-Tremblay", "Al-Ahdal", "Ben Ammar", "de Castro e Souza",
    "van der Heijden-Smit", "Mac Lochlainn", "Benítez Aquino",
]  # fmt: skip
# Whole names whose parts belong together (family name first, birth-order and gender
# prefixes, patronymics).
WHOLE = [
    "Ong Boon Keat", "Khoo Siew Ling", "Tay Wei Jie", "I Made Wirawan", "Ni Ketut Suryani",
    "Andi Tenri Abeng", "Souksavanh Phommachanh", "Ibrahim ag Alhassane",
    "Lekishon ole Sankale", "Wanbli Iron Cloud", "Khadizhat Magomedovna Tsechoeva",
    "Higa Mitsuru", "Rhea Mae Cabahug", "Waddah Abdulmalik Al-Ahdal", "Tasi Aguon Taitano",
    "Ermelinda da Costa Belo", "Mereoni Naivalu Ravuvu", "Tasneem Abdelrahim Elsheikh",
    "Djenifer Tavares Semedo", "Gian Reto von Salis", "Ivy Frost", "Honor Church",
]  # fmt: skip
WORD_NAMED = ["Ivy", "Sage", "Cash", "Crystal", "Honor", "Reed"]
NICKNAMES = "Dodong Inday Tumi Beto Zelim Kags Ketu Souk Bubba Lekky Palo Gilou".split()
DRUGS = [
    *"Xeljanz Rinvoq Skyrizi Nurtec Ubrelvy Wegovy Zepbound Linzess Trelegy Spiriva".split(),
    *"Aricept Namenda Depakote Abilify Diflucan Tamiflu Paxlovid Coumadin Pradaxa".split(),
    *"Protonix Narcan Suboxone ella Tessalon Marinol Evista spironolactone methotrexate".split(),
    *"amiodarone ondansetron oxycodone trazodone nitrofurantoin baclofen".split(),
]  # fmt: skip
EPONYMS = [
    "a Hill-Sachs lesion", "Kanavel signs", "a positive Brudzinski sign", "Pemberton's sign",
    "Virchow's node", "a Sister Mary Joseph nodule", "a positive Chvostek sign",
    "a Tenckhoff catheter", "a Fontan circulation", "a Hartmann's procedure",
    "the Parkland formula", "Kehr's sign", "Heberden's nodes", "a Smith fracture",
    "an Austin Flint murmur", "a Bishop score of 8", "a positive Finkelstein test",
    "a positive McMurray test", "Westermark sign",
]  # fmt: skip
TECH_EPONYMS = [
    "Dijkstra's algorithm", "a Kalman filter", "the Levenshtein distance", "Conway's law",
    "Hyrum's law", "a Bloom filter", "Fisher's exact test", "a Kaplan-Meier curve",
    "a Bonferroni correction", "Nagle's algorithm",
]  # fmt: skip
TOOLS = [
    "Erlang", "Pascal", "Haskell", "Cody", "Jarvis", "Trino", "Zipkin", "Jaeger", "Bixby",
    "Cortana", "Caddy", "Kong", "Envoy", "Presto", "Renovate", "Dependabot",
]  # fmt: skip
CLINICS = [
    "Henry Ford Hospital", "Ochsner", "Geisinger", "Lahey Clinic", "Emory",
    "Brigham and Women's", "Shriners", "St. Jude", "Vanderbilt",
]  # fmt: skip
COMPANIES = [
    "Procter & Gamble", "Hewlett Packard Enterprise", "Ernst & Young", "Kaiser Permanente",
    "Bristol Myers Squibb", "Trader Joe's", "Pfizer", "Merck", "Abbott", "McKesson",
]  # fmt: skip
# Listed as public figures in the policy the split is scanned with: never reported.
FIGURES = [
    "Marie Curie", "Jonas Salk", "Louis Pasteur", "Margaret Hamilton", "Dennis Ritchie",
    "Donald Knuth", "Frida Kahlo", "Eliud Kipchoge", "Wangari Maathai", "Lisa Su",
]  # fmt: skip
NOT_PERSONAL_IPS = [
    "10.0.2.2", "10.0.2.15", "10.244.1.17", "172.31.0.2", "192.168.65.254", "192.168.122.1",
    "198.18.0.1", "4.2.2.2", "64.6.64.6", "76.76.2.0", "fd7a:115c:a1e0::1",
    "fe80::1ff:fe23:4567:890a", "224.0.0.22",
]  # fmt: skip
SERVICE_ACCOUNTS = "svc_backup jenkins-agent deploy ansible kafka prometheus tomcat".split()
EXTRA_ENTITIES = ["PERSONAL_URL", "FAX_NUMBER"]
CPT_CODES = ["99213", "99214", "93000", "36415", "85025", "80053", "71046", "97110"]
ICD_CODES = ["E11.65", "I10", "N18.3", "J44.1", "Z79.01", "M17.11", "F41.1"]
CITIES = ["Hilo", "Bemidji", "Lafayette", "Rapid City", "Yakima", "Laredo", "Bangor"]


def name(rng: random.Random) -> str:
    if rng.random() < 0.25:
        return rng.choice(WHOLE)
    return f"{rng.choice(FIRST)} {rng.choice(LAST)}"


def _login(part: str) -> str:
    return ascii_fold(part).lower().replace("-", "").replace(".", "")


def _parts(rng: random.Random) -> tuple[str, str]:
    return _login(rng.choice(FIRST)), _login(rng.choice(LAST))


def user(rng: random.Random) -> str:
    first, last = _parts(rng)
    return rng.choice(
        [
            f"{first}.{last}.ext",
            f"{first[0]}{last[:6]}",
            f"{first}_{last}_",
            f"{last}.{first[0]}",
            f"{first[0]}{last[0]}{rng.randint(1000, 9999)}",
            f"{first}-{last}-{rng.randint(10, 99)}",
        ]
    )


def email(rng: random.Random) -> str:
    first, last = _parts(rng)
    return rng.choice(
        [
            f"{first}.{last}@nhs.net".upper(),
            f"{first}{last[0]}@comcast.net",
            f"{last}{rng.randint(10, 99)}@web.de",
            f"{digits(rng, 9)}@qq.com",
            f"{first}.{last}@outlook.co.uk",
            f"{first[0]}{last}@bigpond.com",
            f"{first[0]}{last[0]}{rng.randint(1000, 9999)}@columbia.edu",
            f"{first}@{last}family.net",
        ]
    )


def _ordinal(day: int) -> str:
    suffix = "th" if 10 <= day % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(day % 10, "th")
    return f"{day}{suffix}"


def _day(rng: random.Random) -> tuple[int, int, int]:
    return rng.randint(1920, 2007), rng.randint(1, 12), rng.randint(1, 28)


def birth_date(rng: random.Random) -> str:
    y, m, d = _day(rng)
    month = MONTHS.split()[m - 1]
    return rng.choice(
        [
            f"{_ordinal(d)} {month} {y}",
            f"{y}/{m:02d}/{d:02d}",
            f"{m}-{d}-{y}",
            f"{MON3[m - 1]}-{d:02d}-{y}",
            f"{MON3[m - 1]} {d} {y}",
            f"{month} the {_ordinal(d)}, {y}",
        ]
    )


def birthday(rng: random.Random) -> str:  # a birthday without its year, still the person's
    _, m, d = _day(rng)
    return rng.choice([f"{MONTHS.split()[m - 1]} {_ordinal(d)}", f"{d} {MON3[m - 1]}"])


def care_date(rng: random.Random) -> str:  # admission, procedure, death: this year's or last
    y, m, d = rng.choice([2025, 2026]), rng.randint(1, 12), rng.randint(1, 28)
    return rng.choice(
        [
            f"{m}/{d}",
            f"{MON3[m - 1]} {_ordinal(d)}",
            f"{y}/{m:02d}/{d:02d}",
            f"{d:02d}.{m:02d}.{y % 100:02d}",
            f"{m:02d}/{d:02d}/{y % 100:02d}",
        ]
    )


def mrn(rng: random.Random) -> str:
    return rng.choice(
        [f"00{digits(rng, 6)}", f"E{digits(rng, 7)}", f"{digits(rng, 3)}-{digits(rng, 2)}-"
         f"{digits(rng, 2)}", f"K{digits(rng, 6)}", f"{digits(rng, 6)}-{rng.randint(0, 9)}"]
    )  # fmt: skip


def nhs_number(rng: random.Random) -> str:
    """An NHS number as printed, 3-3-4, with its modulus-11 check digit."""
    while True:
        body = digits(rng, 9)
        check = 11 - sum(int(c) * (10 - i) for i, c in enumerate(body)) % 11
        if check != 10:
            raw = body + str(check % 11)
            return f"{raw[:3]} {raw[3:6]} {raw[6:]}"


def plan(rng: random.Random) -> str:
    return rng.choice(
        [
            f"9{digits(rng, 7)}{upper_letters(rng, 1)}",  # Medi-Cal CIN
            f"{upper_letters(rng, 2)}{digits(rng, 5)}{upper_letters(rng, 1)}",  # NY Medicaid
            f"{rng.randint(2, 6)}{digits(rng, 3)} {digits(rng, 5)} {rng.randint(1, 9)}",  # AU
            f"{upper_letters(rng, 1)}{digits(rng, 9)}",  # German KVNR
            f"R{digits(rng, 8)}",  # BCBS Federal Employee Program
        ]
    )


def account(rng: random.Random) -> str:
    return rng.choice(
        [
            f"Z{digits(rng, 2)}-{digits(rng, 6)}",
            f"{digits(rng, 3)} {digits(rng, 3)} {digits(rng, 11)} {rng.randint(0, 9)}",
            digits(rng, 14),
            f"{digits(rng, 6)}-S0{rng.randint(1, 9)}",
            f"G{digits(rng, 7)}",
            f"{digits(rng, 3)} {digits(rng, 3)} {digits(rng, 4)}",
        ]
    )


def driver_licence(rng: random.Random) -> str:
    alnum = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789"
    return rng.choice(
        [
            "WDL" + "".join(rng.choices(alnum, k=9)),
            f"{upper_letters(rng, 1)}{digits(rng, 3)}-{digits(rng, 4)}-{digits(rng, 4)}-"
            f"{digits(rng, 2)}",
            f"{upper_letters(rng, 2)}{digits(rng, 6)}",
            f"{digits(rng, 2)}-{digits(rng, 3)}-{digits(rng, 4)}",
            f"{upper_letters(rng, 1)}{digits(rng, 12)}",
        ]
    )


def clinician_licence(rng: random.Random) -> str:
    return rng.choice(
        [f"{rng.choice('AGC')}{digits(rng, 5)}", f"35.{digits(rng, 6)}",
         f"APRN{digits(rng, 7)}", f"{digits(rng, 7)}"]
    )  # fmt: skip


def plate(rng: random.Random) -> str:
    return rng.choice(
        [
            f"{upper_letters(rng, 2)}-{digits(rng, 3)}-{upper_letters(rng, 2)}",
            f"1-{upper_letters(rng, 3)}-{digits(rng, 3)}",
            f"{rng.choice(['231', '191', '142', '06'])}-{rng.choice(['D', 'C', 'G', 'KY', 'WX'])}"
            f"-{digits(rng, rng.randint(3, 5))}",
            f"{upper_letters(rng, 2)}-{rng.randint(10, 99)}-{upper_letters(rng, 2)}",
            f"EL {digits(rng, 5)}",
            f"{upper_letters(rng, 2)} {rng.randint(10, 99)} {digits(rng, 3)}",
            f"{upper_letters(rng, 3)}-{digits(rng, 4)}",
            f"{upper_letters(rng, 4)} {digits(rng, 3)}",
            rng.choice(["PAGEME2", "SCRUBZ", "YAMLGRL", "RNONDTY", "GOT CAFN"]),
        ]
    )


def lower_plate(rng: random.Random) -> str:  # a Texas plate typed in chat
    return f"{upper_letters(rng, 3)}-{digits(rng, 4)}".lower()


def imei(rng: random.Random) -> str:
    raw = with_luhn(rng.choice(["35", "86", "49", "01"]) + digits(rng, 12))
    sep = rng.choice(["-", " "])
    return sep.join([raw[:2], raw[2:8], raw[8:14], raw[14]])


def serial(rng: random.Random) -> str:
    alnum = "BCDFGHJKLMNPQRSTVWXYZ0123456789"
    return rng.choice(
        [
            "".join(rng.choices(alnum, k=7)),  # Dell service tag
            "PF" + "".join(rng.choices(alnum, k=6)),  # Lenovo
            "R5" + rng.choice("8829") + "".join(rng.choices(alnum, k=8)),  # Samsung
            f"NG{digits(rng, 7)}H",  # insulin pump
            f"J{digits(rng, 11)}",  # CPAP
            f"3{digits(rng, 9)}",  # Garmin unit ID
        ]
    )


def card(rng: random.Random) -> str:
    kind = rng.choice(["elo", "troy", "verve", "hiper", "visa"])
    if kind == "verve":
        return with_luhn("506099" + digits(rng, 12))
    prefix = {"elo": "636368", "troy": "9792", "hiper": "606282", "visa": "4"}[kind]
    raw = with_luhn(prefix + digits(rng, 15 - len(prefix)))
    sep = "-" if kind == "visa" else " "
    return sep.join(raw[i : i + 4] for i in range(0, 16, 4))


def _nanp(rng: random.Random) -> tuple[int, int, str]:
    return rng.randint(201, 989), rng.randint(200, 989), f"{rng.randint(0, 9999):04d}"


def phone(rng: random.Random) -> str:
    a, b, c = _nanp(rng)
    return rng.choice(
        [f"{a}/{b}-{c}", f"tel:+1-{a}-{b}-{c}", f"({a}){b}-{c}", f"1 ({a}) {b}-{c}",
         f"+1.{a}.{b}.{c}"]
    )  # fmt: skip


def fax(rng: random.Random) -> str:
    a, b, c = _nanp(rng)
    return rng.choice([f"{a}.{b}.{c}", f"1-{a}-{b}-{c}", f"+1 {a} {b} {c}", f"({a}) {b}-{c}"])


def _n(rng: random.Random, width: int) -> str:  # digits that may start with 0
    return f"{rng.randint(0, 10**width - 1):0{width}d}"


def intl(rng: random.Random) -> str:
    return rng.choice(
        [
            f"+254 7{_n(rng, 2)} {_n(rng, 3)} {_n(rng, 3)}",
            f"+63 9{_n(rng, 2)} {_n(rng, 3)} {_n(rng, 4)}",
            f"+62 8{_n(rng, 2)}-{_n(rng, 4)}-{_n(rng, 4)}",
            f"+55 11 9{_n(rng, 4)}-{_n(rng, 4)}",
            f"+54 9 11 {_n(rng, 4)}-{_n(rng, 4)}",
            f"+7 9{_n(rng, 2)} {_n(rng, 3)}-{_n(rng, 2)}-{_n(rng, 2)}",
            f"+61 4{_n(rng, 2)} {_n(rng, 3)} {_n(rng, 3)}",
            f"06 {_n(rng, 2)} {_n(rng, 2)} {_n(rng, 2)} {_n(rng, 2)}",
            f"07{rng.randint(400, 999)} {_n(rng, 6)}",
            f"+971 5{rng.choice('02458')} {_n(rng, 3)} {_n(rng, 4)}",
            f"+880 1{rng.randint(3, 9)}{_n(rng, 2)}-{_n(rng, 6)}",
        ]
    )


def ssn(rng: random.Random) -> str:
    area = rng.choice([*range(1, 666), *range(667, 900)])
    group, serial_no = rng.randint(1, 99), rng.randint(1, 9999)
    return rng.choice(
        [f"{area:03d}-{group:02d}-{serial_no:04d}", f"{area:03d}.{group:02d}.{serial_no:04d}"]
    )


def public_v4(rng: random.Random) -> str:
    first = rng.choice([2, 24, 46, 68, 92, 117, 134, 179, 201, 212])
    return f"{first}.{rng.randint(0, 255)}.{rng.randint(0, 255)}.{rng.randint(1, 254)}"


def _hextet(rng: random.Random) -> str:
    return f"{rng.randint(1, 0xFFFF):x}"


def ip(rng: random.Random) -> str:
    return rng.choice(
        [
            public_v4(rng),
            public_v4(rng),
            f"2601:{_hextet(rng)}:{_hextet(rng)}:{_hextet(rng)}::{_hextet(rng)}",
            f"2003:e{rng.randint(0, 15):x}:{_hextet(rng)}:{_hextet(rng)}:{_hextet(rng)}:"
            f"{_hextet(rng)}:{_hextet(rng)}:{_hextet(rng)}",
        ]
    )


def purl(rng: random.Random) -> str:
    handle = user(rng)
    first, last = _parts(rng)
    title = f"{rng.choice(FIRST)}-{rng.choice(LAST)}".replace(" ", "-")
    alnum = "abcdefghijklmnopqrstuvwxyz0123456789"
    return rng.choice(
        [
            f"https://www.researchgate.net/profile/{ascii_fold(title)}",
            f"https://www.behance.net/{first}{last}",
            f"https://keybase.io/{first[0]}{last}",
            f"https://codeberg.org/{handle}",
            f"https://sr.ht/~{first}{last[0]}/",
            f"https://sites.google.com/view/{first}-{last}",
            f"https://www.instagram.com/{handle}/",
            f"https://www.tiktok.com/@{first}.{last}",
            f"https://www.youtube.com/@{first}{last}",
            f"https://cal.com/{first}-{last}",
            f"https://account.venmo.com/u/{ascii_fold(title)}-{rng.randint(1, 9)}",
            f"https://www.healthgrades.com/physician/dr-{first}-{last}-"
            + "".join(rng.choices(alnum, k=5)),
            f"https://www.psychologytoday.com/us/therapists/{first}-{last}-"
            f"{rng.choice(['hilo-hi', 'yakima-wa', 'laredo-tx'])}/{digits(rng, 6)}",
        ]
    )


def public_url(rng: random.Random) -> str:
    return rng.choice(
        [
            "https://keybase.io/docs/the_app/install_linux",
            f"https://www.researchgate.net/topic/Machine-Learning/{digits(rng, 4)}",
            "https://codeberg.org/forgejo/forgejo/issues",
            "https://www.youtube.com/@Kubernetesio",
            "https://www.healthgrades.com/find-a-doctor",
            f"https://dailymed.nlm.nih.gov/dailymed/search.cfm?query={digits(rng, 5)}",
        ]
    )


def version(rng: random.Random) -> str:
    return rng.choice(
        [
            f"glibc 2.{rng.randint(31, 40)}",
            f"OpenSSL 3.{rng.randint(0, 4)}.{rng.randint(1, 15)}",
            f"node v{rng.randint(18, 23)}.{rng.randint(0, 20)}.{rng.randint(0, 9)}",
            f"iOS 18.{rng.randint(0, 6)}.{rng.randint(1, 3)}",
            f"build 24{upper_letters(rng, 1)}{rng.randint(50, 99)}",
            f"Postgres {rng.randint(14, 17)}.{rng.randint(1, 9)}",
        ]
    )


def release(rng: random.Random) -> str:
    y, m, d = rng.randint(2020, 2029), rng.randint(1, 12), rng.randint(1, 28)
    return rng.choice(
        [f"{MONTHS.split()[m - 1]} {_ordinal(d)}, {y}", f"{y}/{m:02d}/{d:02d}",
         f"Q{rng.randint(1, 4)} {y}", f"{MON3[m - 1]}-{d:02d}-{y}"]
    )  # fmt: skip


def order(rng: random.Random) -> str:
    alnum = "ABCDEFGHJKLMNPRSTVWXY0123456789"
    return rng.choice(
        [
            f"112-{_n(rng, 7)}-{_n(rng, 7)}",
            "1Z" + "".join(rng.choices(alnum, k=6)) + _n(rng, 10),
            f"PO-{digits(rng, 6)}",
            digits(rng, 10),
        ]
    )


def ndc(rng: random.Random) -> str:
    return f"{_n(rng, 4)}-{_n(rng, 4)}-{_n(rng, 2)}"


FILLERS: dict[str, Filler] = {
    "name": ("PERSON", name),
    "first": ("PERSON", lambda r: r.choice(FIRST)),
    "last": ("PERSON", lambda r: r.choice(LAST)),
    "lowfirst": ("PERSON", lambda r: r.choice(FIRST).lower()),
    "lowname": ("PERSON", lambda r: name(r).lower()),
    "nick": ("PERSON", lambda r: r.choice(NICKNAMES)),
    "lownick": ("PERSON", lambda r: r.choice(NICKNAMES).lower()),
    "lastcomma": ("PERSON", lambda r: f"{r.choice(LAST)}, {r.choice(FIRST)}"),
    "capsname": ("PERSON", lambda r: f"{ascii_fold(r.choice(LAST)).upper()} {r.choice(FIRST)}"),
    "lastinit": ("PERSON", lambda r: f"{r.choice(LAST)} {ascii_fold(r.choice(FIRST))[0]}."),
    "wordname": ("PERSON", lambda r: r.choice(WORD_NAMED)),
    "displayname": (
        "PERSON",
        lambda r: f"{ascii_fold(r.choice(FIRST))} {ascii_fold(r.choice(LAST))}",
    ),  # fmt: skip
    "user": ("USERNAME", user),
    "homefirst": ("USERNAME", lambda r: _login(r.choice(FIRST))),
    "email": ("EMAIL_ADDRESS", email),
    "purl": ("PERSONAL_URL", purl),
    "dob": ("PERSONAL_DATE", birth_date),
    "bday": ("PERSONAL_DATE", birthday),
    "visit": ("PERSONAL_DATE", care_date),
    "old": ("AGE_OVER_89", lambda r: str(r.randint(90, 106))),
    "mrn": ("MEDICAL_RECORD_NUMBER", mrn),
    "plan": ("HEALTH_PLAN_ID", plan),
    "nhs": ("HEALTH_PLAN_ID", nhs_number),
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
    "algo": (None, lambda r: r.choice(TECH_EPONYMS)),
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
    "ndc": (None, ndc),
    "cpt": (None, lambda r: r.choice(CPT_CODES)),
    "icd": (None, lambda r: r.choice(ICD_CODES)),
    "lot": (None, lambda r: f"{upper_letters(r, 1)}{digits(r, 4)}{upper_letters(r, 1)}"),
    "city": (None, lambda r: r.choice(CITIES)),
    "young": (None, lambda r: str(r.randint(18, 89))),
    "ninetyish": (None, lambda r: str(r.randint(90, 104))),
    "pct": (None, lambda r: str(r.randint(90, 99))),
    "pid": (None, lambda r: str(r.randint(10000, 99999))),
    "routing": (None, lambda r: r.choice(["121000358", "026009593", "322271627"])),
    "ifsc": (None, lambda r: f"{r.choice(['SBIN', 'HDFC', 'ICIC'])}0{_n(r, 6)}"),
    "bsb": (None, lambda r: f"{r.choice(['062', '033', '084'])}-{_n(r, 3)}"),
    "swift": (None, lambda r: r.choice(["CHASUS33", "BOFAUS3N", "DEUTDEFF", "HSBCHKHH"])),
}
CHAT = [
    "Chat started 14:02 · Visitor: {lowname}\nVisitor: hi, i was double charged for order {order}",
    "Agent {first}: I'm sorry about that! Could you confirm the last four and the billing "
    "ZIP?\nVisitor: its {zip}, card was {card}",
    "sry {lowfirst} i meant the OTHER account lol",
    "ty {lownick}!! owe u one",
    "First Name,Last Name,Mobile,Email,Mailing Zip,Lead Source\n{first},{last},{intl},{email},"
    "{zip},Webinar",
    "Hi there, this is {name} calling back about case 00{pid}. Best number is {phone}.",
    "Kind regards,\n{name}\nMember Services | {company}\nF: {fax}",
    "My brokerage acct is {acct}; the rollover check bounced.",
    "For the wire: SWIFT {swift}, IFSC {ifsc}, beneficiary {lastcomma}, a/c {acct}",
    "Aussie account: BSB {bsb}, account no. {acct} (name on it is {name})",
    "Pay cash at pickup if you like - and crystal clear instructions are in the email.",
    "Honor the SLA, {lowfirst}. It's been 3 days. Sage advice from my manager: escalate.",
    "whatsapp me on {intl} pls, I'm in Nairobi till the 20th",
    "Returning a {tool} speaker; RMA form asks for IMEI? it's {imei} on the box",
    "Your tow truck is on its way. Vehicle: 2019 RAV4, VIN {vin}, plate {plate}.",
    "its a texas plate {lowplate}, parked at the side entrance",
    "I need a W-9 correction: SSN/TIN {ssn}, name exactly as {name}",
    "Medi-Cal card says {plan} - do you take it for the telehealth visit?",
    "I'm {old} years young and I still can't open these bottles!!",
    "Grandma turns {old} next week (her birthday is {bday}) - can we rush order {order}?",
    "my son {first} is {young}, he set up the account with {email}",
    "Login's {user}, I reset it twice. IP on my end is {ip} if that helps.",
    "new number: {phone} (the old one died w/ the phone, IMEI {imei})",
    "Your ad ran before a {figure} documentary - that's how I found you.",
    "Reed diffuser arrived broken. Frost on the windshield, frost in my heart. Refund?",
    "@{lowfirst} can you take this one? {nick} is out till Monday",
    "Shipping to: {name}, 40 Larkspur Ln, {city} {zip}. Tracking {order} shows it stuck.",
    "Hi {wordname}, thanks for the quick fix yesterday! - {wordname} from accounting",
    "DL# {lic} for the rental, exp 2029; secondary driver {name}",
    "ok so i'm {lowname} and my wife is {lowfirst}, both on the plan",
    "Garmin wont pair. Unit ID {serial}, fw {version}",
    "Found you through {purl} - love the tutorials!",
    "The link on your page ({purl}) doesn't work, just FYI",
    "Order #{pid} (the {tool} bundle, on sale since {release}) should have had a poison ivy "
    "cream, not the {drug} I got.",
]
CLINICAL = [
    "DISCHARGE SUMMARY\nPatient: {capsname}   MRN: {mrn}   DOB: {dob}\nAdmitted: {visit}   "
    "Discharged: {visit}\nAttending: {name}, MD",
    "HPI: {old} y/o F, lives alone in {city}, BIBA after unwitnessed fall on {visit}.",
    "M/{old}, nursing home resident, baseline A&Ox2, DNR/DNI on file.",
    "Refill callback: spoke with {first} at Walgreens re: {name}'s {drug} - PA needed, "
    "fax form to {fax}.",
    "Pharmacist note ({name}, lic {proflic}): NDC {ndc} substituted; lot {lot}, exp 03/2028.",
    "Home health visit {visit}: pt {lastcomma} ({old}) seen at home, BP 128/76, SBP dropped to "
    "{ninetyish} standing.",
    "MAR: {drug} 25 mg PO given 0900 by {lastinit} RN; held 2100 per {name}.",
    "Consent obtained from pt's grandson {name} (HCPOA), phone {intl}; witnessed by {first} "
    "{last}, RN.",
    "Pronounced at 03:17 on {visit} by Dr. {last}. Family ({lowname}) notified by phone.",
    "Telehealth transcript\nDR: Can you confirm your date of birth?\nPT: {dob}. I'm {old}.\n"
    "DR: And your pharmacy?\nPT: The one on Main, {phone}.",
    "Dear {first},\nThanks for your referral of Mr {last} (NHS no. {nhs}). I saw him in clinic "
    "on {visit}.",
    "Insurance: Medicaid CIN {plan}; secondary FEP member {plan}; SSN {ssn} for billing only.",
    "Glucose {ninetyish} mg/dL fasting, SpO2 {pct}% RA, aged {young}; CPT {cpt}, ICD-10 {icd}.",
    "Exam: {eponym}; {eponym}. Started {drug}. Hx of {eponym} in father (age {young}).",
    "Pt asked about {figure} after a documentary; she wants to donate to {clinic}.",
    "Transferred from {clinic}. Pt's daughter {lowname} would like a call at {phone}.",
    "Insulin pump SN {serial} downloaded; CPAP SN {serial} compliance 6.1 h/night.",
    "Guarantor: {name}   Guarantor acct: {acct}   Employer: {company}",
    "Pt born {dob}; aged {old} at admission; pt prefers to be called {nick}.",
    "Allergies: Tessalon (rash), {drug} (GI upset). Poison ivy dermatitis last summer.",
    "Driver's licence {lic} photocopied for the controlled substance pickup; plate {plate}.",
    "Seen by {name}, APRN (lic {proflic}); co-signed by Dr. {lastinit}",
    "Aged {old} per chart but pt says she'll be {old} on {bday}; family to bring papers.",
    "Pt gave German insurance card, KVNR {plan}, and Australian Medicare {plan}.",
    "Email from pt ({email}): 'Can I bring my husband {first}? He is {old} and deaf.'",
    "Per Ochsner notes: {eponym} noted on {visit}; {drug} and {drug} continued.",
    "F/u: Dr. {name} in 2 wk; records faxed to {fax}; MRN {mrn} at their end.",
    "Next of kin: {lastcomma} (son), {intl}; alt contact {first} {last}, {phone}",
    "Social: lives with partner {first}; drove here (plate {plate}). Former smoker, age {young} "
    "at quit.",
    "Sage green walls help him settle; the reed diffuser in room 4 was removed.",
    "Visit reason per intake form: 'my sister {first} died {visit}, I can't sleep'",
    "Pt's phone (IMEI {imei}) lost in ED; security log 00{pid}.",
    "Psychology referral: {purl} (therapist's own page, pt found her herself).",
    "Valet ticket for pt's car: plate {plate}, VIN {vin}; keys with security.",
    "Copay of $40 charged to card {card} at check-out; receipt sent to {email}.",
    "Ambulance crew: {first} {last} (EMT, lic {proflic}); run number {pid}.",
]
CODE = [
    "Suggested-by: {nick}\nSigned-off-by: {name} <{email}>\nAcked-by: {name} <{email}>",
    "HEAD@{{2}}: commit: fix flaky test ({lowfirst})",
    "# owners\n/billing/ @{user} @{user}\n/infra/ @platform-team",
    "sshd[{pid}]: Accepted publickey for {user} from {ip} port 50122 ssh2",
    "sudo: {user} : TTY=pts/0 ; PWD=/home/{user} ; USER=root ; COMMAND=/usr/bin/systemctl "
    "restart {service}",
    "Nov 30 02:11:09 bastion sshd[{pid}]: Failed password for invalid user {service} from "
    "{localip}",
    "arn:aws:iam::{pid}{pid}01:user/{user}",
    "PS C:\\Users\\{homefirst}\\AppData\\Local> dir   # {displayname}'s laptop",
    "C:\\Users\\{displayname}\\OneDrive - {company}\\Desktop\\notes.txt",
    "[db]\npg01 ansible_host={ip4} ansible_user={service}\n# owner: {name}",
    'image:\n  tag: "v2.4.1"  # base {version}\nmaintainers:\n  - name: {name}\n    email: {email}',
    '"author": "{name} <{email}> ({purl})",',
    "PagerDuty INC-{pid}: triggered 03:41; acked by {name}; escalated to {lowfirst} at 04:02",
    "## Blameless postmortem\nTimeline: {lowfirst} rolled back {version}; p99 {ninetyish} ms "
    "after.\nNo customer data exposed.",
    "{lastcomma} commented: this uses {algo}; {algo} would be cheaper here. cc @{user}",
    "> suggestion: rename `usr_tmp`\n\nLooks good to me, thanks {nick}!",
    "resolv.conf: nameserver {localip}  # was {localip}",
    "curl -sS http://{localip}:8080/healthz  # from the QEMU guest; client real IP {ip}",
    "X-Forwarded-For: {ip}, {localip}\nUser-Agent: {tool}-client/1.4 ({version})",
    "fixtures = [{{'holder': '{name}', 'pan': '{card}'}}]  # TODO scrub",
    "INSERT INTO members VALUES ('{plan}', '{lastcomma}', '{dob}', '{zip}');",
    "drivers.csv\nlicense,plate,vin\n{lic},{plate},{vin}",
    "assert redact('SSN {ssn}') == 'SSN [REDACTED]'  # copied from a real ticket, remove",
    "device_registry:\n  - imei: {imei}\n    serial: {serial}\n    assigned_to: {email}",
    "# bump the {tool} base image to {version} (GA {release}, EOL {release})",
    "Thanks for the {tool} PR, {lowfirst}! {figure} would be proud ;)",
    "Jira comment by {name}: repro on {version}, customer phone {intl} (do NOT call)",
    "Reported-by: {nick} <{email}>\nReviewed-on: https://codeberg.org/ops/{service}/pulls/{pid}",
    "payee = {{'acct': '{acct}', 'routing': '{routing}', 'name': '{name}'}}",
    "lsof -p {pid} | grep {service}  # held by the {service} worker",
    "My notes on this: {purl}; upstream docs: {publicurl}",
    "mailto:{email}?subject=Visit%20on%20{visit}",
    "/Users/{homefirst}/src/{tool}/.venv/bin/python -m pytest  # {lowname} repro",
    'git config user.name "{displayname}" && git config user.email {email}',
    "fax_gateway.send(to='{fax}', cover='Attn: {name}')",
]
POOLS = [CHAT, CLINICAL, CODE]
