"""The ninth fresh split of benchmarks/pii.py (``--split fresh9``), in its own module.

Written blind to the detector (its code, word lists, tests and the notes on its misses unread)
after every other split, fresh8 included, had been looked at; measured once (2026-12-01, the
figures are in benchmarks/pii.py's docstring) and never tuned on.
Names of Wolof, Serer, Fula, Mandinka, Akan, Fon, Efik, Ibibio, Edo, Tiv, Kpelle, Baoulé,
Luba, Kalenjin, Luhya, Chagga, Swahili, Sukuma, Acholi, Kirundi, Tuvan, Altai, Bashkir,
Kalmyk, Karakalpak, Pamiri, Marshallese, Palauan, I-Kiribati, Tuvaluan, Cook Islands,
Papua New Guinean, Solomon Islands, ni-Vanuatu, Rotuman, Cherokee, Choctaw, Mohawk, Iñupiat,
Tlingit, Blackfoot, Cree, Kichwa, Shuar, Ukrainian, Belarusian, Lithuanian, Czech, Slovak,
Serbian, Croatian, Macedonian, Romanian, Moldovan, Iraqi, Syrian, Palestinian, Jordanian,
Omani, Kuwaiti, Saudi, Libyan, Tunisian, Algerian, Mauritanian, Malay, Javanese (single
names), Sundanese, Batak, Minangkabau, Karen, Shan, Vietnamese, Tausug, Sherpa, Gurung, Newar,
Assamese, Odia, Kannada, Konkani, Kashmiri, Parsi, Indo-Guyanese, Javanese-Surinamese, Puerto
Rican, Corsican, Sardinian, Galician, Occitan, Manx, Cornish, Flemish, Greenlandic, Hui and
American origin; given names that are words (Dove, Clover, Lark, Justice, Journey, Merit)
and word surnames (Snow, Winter, Fox, Moon, Swan, Pike); multi-part names (Mint Ahmed, binti
Hashim, Naw / Saw / Sai prefixes, Aldyn-ool, Colón Santiago, Many Grey Horses, Abu Rumman,
ter Horst, Vanden Eynde, García-Huidobro, Javanese single names). Names in SBAR handoffs,
prior-authorization letters, claim denials and appeals, telehealth chats, home-health and
hospice visit notes, social-work and case-management notes, EMS run reports, pharmacy
counselling notes, HL7 ADT and FHIR exports, fax cover sheets, email threads with quoted
replies, customer-success CRM notes, GitHub issues and their templates, on-call handovers,
Terraform plans, Kubernetes events and RBAC bindings, CloudTrail and Okta events, Windows
security events, WireGuard and fail2ban logs, ``ls -l`` and ``ps`` output, git remotes and
``git blame``. Identifier shapes none of the others have: "7-Mar-38", unpadded ISO, German,
French, Spanish and CJK birth dates, "Mar. 7, 1938", "3.7.38", full weekday dates,
"03-NOV-2026", "11/3 @ 0640", "Nov. 3"; "Age: 93 Y", "93 años", "(93)"; gmx.at, seznam.cz,
ukr.net, naver.com, rediffmail, abv.bg, laposte, hey.com and pm.me addresses and display-name
headers; "+1 (555) ...", space-grouped US phones, Ukrainian, Polish, Romanian, Czech,
Serbian, Lithuanian, Senegalese, Ivorian, Tanzanian, Ugandan, Ethiopian, Saudi, Jordanian,
Iraqi, Moroccan, Tunisian, Malaysian, Thai, Myanmar, Kazakh, Uzbek, Mongolian, New Zealand,
PNG, Fijian, Colombian, Peruvian, Chilean, Chinese, Indian and Nepali mobiles and Japanese
domestic numbers; UR / hospital / chart / EMPI record numbers; BC PHNs (mod-11), Quebec
RAMQ, Alberta, French NIR (mod-97 key), Brazilian CNS, PhilHealth, ABHA and IMSS numbers;
German, Polish, Romanian and Dutch IBANs (mod-97), Cerner FINs, loan and utility accounts;
Texas, Georgia, Arizona, Maryland, Kentucky, Iowa, UK (DVLA), Indian and Quebec licences,
LCSW, PSY, DDS, NREMT, PT, GMC and NMC numbers; Japanese, Korean, Chinese, Emirati,
Mexican, Ukrainian, Romanian, Czech, Lithuanian, Turkish and New Jersey plates; IMEIs
grouped 4-4-4-3; Meraki, Fortinet, Synology, Surface, Libre, hearing-aid, AED and cochlear
serials; Mastercard, grouped Amex and Diners, UATP and 19-digit UnionPay cards; European,
Indian, Canadian and Chinese residential IPv6, CloudTrail / WireGuard / iptables IPv4;
about.me, Carrd, Gravatar, Flickr, Vimeo, SoundCloud, Dribbble, Bitbucket, Zocdoc, Vitals,
Threads, Patreon, Ko-fi, GoFundMe, CaringBridge, Legacy.com, npm, Docker Hub, Kaggle, LeetCode
and dev.to profiles and personal domains. Hard negatives: drugs (Leqembi, Ingrezza, Biktarvy,
Sublocade), clinical eponyms (a Galeazzi fracture, a Braden score, a Morse fall score,
Korotkoff sounds, an Allen test, a Mallampati III airway), tech eponyms (Amdahl's law,
Little's law, Lamport clocks, a Bezier curve), tools named like people (Gerrit, Karma, Homer,
Heimdall, Rufus, Mycroft, Sherlock, Otto), hospitals and companies named after people (MD
Anderson, Fred Hutch, Moffitt, Beaumont, Montefiore, Stryker, Zimmer Biomet, Kellogg's, Heinz,
Lincoln, Chevrolet, Porsche), word-names used as words ("clover honey", "just for a lark",
"justice of the peace", "patient journey", "merit increase", "snow day", "winter storm",
"moon boot", "swan-neck deformity", "pike position"), public figures listed in the run's
policy, AWS IMDS IPv6 / NTP, Azure wireserver, k3s, systemd stub, 6to4, reserved and
documentation IPs, versions shaped like IPv4 ("build 4.12.0.188"), Windows builds, release and
end-of-support dates, FedEx / DHL tracking, ServiceNow / Zendesk / GitHub numbers, masked SSNs
and cards, hotline numbers (Poison Control, 988), RxBIN and group numbers, NodePorts and UIDs,
ages under 90 (89 included), "90-day supply", rooms and values of 90-104.
"""

from __future__ import annotations

import datetime
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
    "Aminata Ngoné Cheikh Mariama Lamin Binta Akosua Kojo Adwoa Sènami Codjo Eno Ekaette Osaze "
    "Terver Flomo Adjoua Mbuyi Chebet Wanjala Nafula Elinaza Neema Mwanaisha Bakari Akello "
    "Aysulu Rustem Aldynai Chechek Arzhan Delgir Shodmon Jabwe Ngirai Taoaba Seluka Teina "
    "Kila Atalina Tekirei Waya Tushka Karonhiakta Qaiyaan Shaadoo Sisa Nantip Oleksandra "
    "Bohdan Yaryna Aliaksandr Gintarė Mindaugas Kateřina Vojtěch Ľubomír Miloš Zvonimir "
    "Blagoja Ioana Vasile Rasha Majdi Khalfan Bader Nouf Abdelhakim Karim Mariem Hiba Lujain "
    "Sutrisno Asep Rizki Haziq Pemba Sabina Rajani Bhaskar Pranjal Subhashree Shwetha Vishal "
    "Tanusree Irfan Zubin Devika Soekarni Yadira Efisio Xoán Bernat Jowan Aviaja Kendra "
    "Tanner Kayleigh DeShawn Rhonda Wyatt Dove Clover Lark Justice Journey Merit"
).split()
LAST = [
    *"Faye Diouf Sow Bah Jallow Ceesay Oppong Ampofo Houngbédji Bassey Udoh Igbinosa".split(),
    *"Iorhemen Kollie Kouassi Kabongo Kiprono Wekesa Massawe Mrisho Masanja Ojok".split(),
    *"Nshimirimana Seytmuratova Ishmukhametov Mongush Oorzhak Tadyrov Ochirova Alidodov".split(),
    *"Langrine Tmetuchl Kaiea Malaki Marsters Wari Ramofafia Kalsakau Fatiaki Sixkiller".split(),
    *"Kakakaway Harcharek Kookesh Tailfeathers Tsamaraint Kovalchuk Lukashevich".split(),
    *"Kazlauskienė Dvořáková Hrušovský Babić Trajkovski Rusu Al-Jubouri Kabbani".split(),
    *"Barghouti Al-Majali Al-Mutairi Al-Qahtani Trabelsi Boudiaf Simanjuntak Chaniago".split(),
    *"Sunandar Tulawie Sherpa Gurung Tamang Shakya Bora Saikia Mohapatra Hegde Kamat".split(),
    *"Wani Daruwalla Persaud Wongsodikromo Santucci Pinna Carballo Aubert Quayle".split(),
    *"Tregenza Lyberth Snow Winter Fox Moon Swan Pike".split(),
    "Abu Rumman", "García-Huidobro", "ter Horst", "Vanden Eynde", "Colón Santiago",
    "Many Grey Horses", "Al Balushi", "Ben Halim", "Mint Ahmed", "Touré-Diakité",
]  # fmt: skip
# Whole names whose parts belong together (single names, gender and birth prefixes, family
# name first, "daughter of" particles).
WHOLE = [
    "Mame Diarra Faye", "Mariem Mint Ahmed", "Nurul Aqilah binti Hashim", "Naw Paw Htoo",
    "Saw Eh Kaw", "Sai Kham Leik", "Trần Thị Mỹ Linh", "Phạm Văn Đức", "Sutrisno",
    "Wahyuni", "Aldyn-ool Mongush", "Chechek Oorzhak", "Waya Sixkiller", "Qaiyaan Harcharek",
    "Ngirai Tmetuchl", "Gintarė Kazlauskienė", "Ľubomír Hrušovský", "Yadira Colón Santiago",
    "Ghjuvan Petru Santucci", "Pemba Dorje Sherpa", "Ma Jianhua", "Bai Yuqing",
    "Dove Many Grey Horses", "Justice Winter", "Clover Snow",
]  # fmt: skip
WORD_NAMED = ["Dove", "Clover", "Lark", "Justice", "Journey", "Merit"]
NICKNAMES = "Madou Yeyi Lesya Tolik Gintė Miki Zaza Rusik Kiki Bobo Nunu Teku".split()
DRUGS = [
    *"Leqembi Ingrezza Austedo Caplyta Rexulti Biktarvy Sublocade Vivitrol Otezla".split(),
    *"Repatha Vimpat Kerendia Trintellix Dayvigo Quviviq Zurzuvae Emgality Aimovig".split(),
    *"carvedilol levetiracetam buprenorphine tirzepatide empagliflozin enoxaparin".split(),
    *"piperacillin-tazobactam cefepime hydromorphone lorazepam quetiapine".split(),
]  # fmt: skip
EPONYMS = [  # conditions, written after "hx" or "Dx"
    "Raynaud's phenomenon", "Legg-Calvé-Perthes disease", "a Galeazzi fracture",
    "a Le Fort I fracture", "a Boutonnière deformity", "Kienböck's disease",
    "de Quervain's tenosynovitis", "Scheuermann's kyphosis", "a Maisonneuve fracture",
    "Takayasu arteritis", "Buerger's disease", "Kikuchi disease",
]  # fmt: skip
SIGNS = [  # exam findings, written after "Exam:"
    "a positive Phalen test", "a positive Spurling test", "a positive Allen test",
    "a Trendelenburg gait", "Bell's phenomenon", "a Mallampati III airway",
    "faint Korotkoff sounds", "a positive Hoffmann sign", "a positive Thompson test",
]  # fmt: skip
TECH_EPONYMS = [
    "Amdahl's law", "Little's law", "Lamport clocks", "a Bezier curve", "Huffman coding",
    "the Hamming distance", "a Markov chain", "Jaccard similarity", "a Pearson correlation",
    "Welch's t-test", "Postel's law", "Brooks's law",
]  # fmt: skip
TOOLS = [
    "Gerrit", "Karma", "Homer", "Heimdall", "Rufus", "Mycroft", "Sherlock", "Otto", "Lucene",
    "Tika", "Vagrant", "Nomad", "Hector", "Packer", "Bazel", "Traefik",
]  # fmt: skip
CLINICS = [
    "MD Anderson", "Fred Hutch", "Moffitt", "Beaumont", "Montefiore", "Scripps", "Sutter Health",
    "Lurie Children's", "Nemours", "Roswell Park", "Rady Children's", "Hoag", "Kessler Institute",
]  # fmt: skip
COMPANIES = [
    "Stryker", "Zimmer Biomet", "Baxter", "Smith & Nephew", "Carl Zeiss", "Kellogg's", "Heinz",
    "Edward Jones", "Barclays", "Sainsbury's", "Siemens", "Philips", "Bosch",
]  # fmt: skip
CAR_BRANDS = ["Lincoln", "Chevrolet", "Porsche", "Dodge", "Ferrari", "Chrysler"]
# Listed as public figures in the policy the split is scanned with: never reported.
FIGURES = [
    "Nelson Mandela", "Chimamanda Ngozi Adichie", "Paul Farmer", "Barbara Liskov",
    "Fei-Fei Li", "Hedy Lamarr", "Yuri Gagarin", "Miriam Makeba", "Vint Cerf",
    "Tu Youyou",
]  # fmt: skip
NOT_PERSONAL_IPS = [
    "fd00:ec2::254", "169.254.169.123", "168.63.129.16", "10.43.0.10", "127.0.0.54",
    "192.88.99.1", "240.0.0.1", "2001:db8::1", "198.51.100.23", "ff02::1", "172.16.0.1",
    "8.26.56.26", "10.0.0.2",
]  # fmt: skip
SERVICE_ACCOUNTS = "svc_terraform argocd-server fluent-bit cert-manager airflow sshd".split()
EXTRA_ENTITIES = ["PERSONAL_URL", "FAX_NUMBER"]
HOTLINES = ["1-800-222-1222", "988", "1-800-MEDICARE", "1-800-273-8255", "911"]
RXBINS = ["004336", "610014", "003858", "015581", "610502"]
CITIES = ["Bismarck", "Nome", "Flagstaff", "Dothan", "Muskogee", "Presque Isle", "Kearney"]
STATES_ZIP = ["ND", "AK", "AZ", "AL", "OK", "ME", "NE"]
DE_MONTHS = "Januar Februar März April Mai Juni Juli August September Oktober November Dezember"
FR_MONTHS = "janvier février mars avril mai juin juillet août septembre octobre novembre décembre"
ES_MONTHS = "enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre"
ES_MONTHS += " diciembre"
WEEKDAYS = "Monday Tuesday Wednesday Thursday Friday Saturday Sunday".split()


def _n(rng: random.Random, width: int) -> str:  # digits that may start with 0
    return f"{rng.randint(0, 10**width - 1):0{width}d}"


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
            f"t-{first[:5]}{last[0]}",
            f"v-{first}{last[:2]}",
            f"{last[:5]}{first[0]}{rng.randint(1, 99):02d}".upper(),
            f"{first}.{last}.adm",
            f"{first[0]}_{last}",
            f"{first}{last[0]}_{rng.randint(70, 99)}",
            f"{last}-{first[:4]}",
        ]
    )


def email(rng: random.Random) -> str:
    first, last = _parts(rng)
    return rng.choice(
        [
            f"{first}.{last}@gmx.at",
            f"{last}.{first}@seznam.cz",
            f"{first}_{last}@ukr.net",
            f"{first}{last}{rng.randint(1, 99)}@naver.com",
            f"{first[0]}{last}@rediffmail.com",
            f"{last}{first[0]}@abv.bg",
            f"{first}.{last}{rng.randint(1, 9)}@laposte.net",
            f"{first}@hey.com",
            f"{first}{last[:3]}@pm.me",
            f"{first}+pharmacy@{last}.family",
            f"{first[0].upper()}{first[1:]}.{last[0].upper()}{last[1:]}@northwind-health.com",
        ]
    )


def _day(rng: random.Random) -> tuple[int, int, int]:
    return rng.randint(1921, 2008), rng.randint(1, 12), rng.randint(1, 28)


def birth_date(rng: random.Random) -> str:
    y, m, d = _day(rng)
    weekday = WEEKDAYS[datetime.date(y, m, d).weekday()]
    return rng.choice(
        [
            f"{d}-{MON3[m - 1]}-{y % 100:02d}",
            f"{y}-{m}-{d}",
            f"{MON3[m - 1]}. {d}, {y}" if m != 5 else f"May {d}, {y}",
            f"{m}.{d}.{y % 100:02d}",
            f"{weekday}, {d} {MONTHS.split()[m - 1]} {y}",
        ]
    )


def foreign_birth_date(rng: random.Random, language: str) -> str:
    """A birth date as a German, French, Spanish or Chinese / Japanese document writes it."""
    y, m, d = _day(rng)
    if language == "de":
        return f"{d}. {DE_MONTHS.split()[m - 1]} {y}"
    if language == "fr":
        return f"{d} {FR_MONTHS.split()[m - 1]} {y}"
    if language == "es":
        return f"{d} de {ES_MONTHS.split()[m - 1]} de {y}"
    return f"{y}年{m}月{d}日"


def care_date(rng: random.Random) -> str:  # admission, procedure, death: this year's or last
    y, m, d = rng.choice([2025, 2026]), rng.randint(1, 12), rng.randint(1, 28)
    return rng.choice(
        [
            f"{d:02d}-{MON3[m - 1].upper()}-{y}",
            f"{m}/{d}",
            f"{MON3[m - 1]}. {d}" if m != 5 else f"May {d}",
            f"{y}-{m:02d}-{d:02d} {rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}:"
            f"{rng.randint(0, 59):02d}Z",
            f"{d} {MON3[m - 1]} {y}",
            f"{m:02d}/{d:02d}",
        ]
    )


def mrn(rng: random.Random) -> str:
    return rng.choice(
        [
            f"0{_n(rng, 6)}",
            f"{_n(rng, 2)}{upper_letters(rng, 1)}{_n(rng, 5)}",
            f"MR-{digits(rng, 7)}",
            f"H{digits(rng, 8)}",
            digits(rng, 10),
            f"{digits(rng, 3)}.{_n(rng, 3)}.{_n(rng, 3)}",
        ]
    )


def bc_phn(rng: random.Random) -> str:
    """A British Columbia personal health number, 9 + 8 digits + a modulus-11 check digit."""
    weights = [2, 4, 8, 5, 10, 9, 7, 3]
    while True:
        body = _n(rng, 8)
        check = 11 - sum(int(c) * w % 11 for c, w in zip(body, weights, strict=True)) % 11
        if check < 10:
            raw = f"9{body}{check}"
            return f"{raw[:4]} {raw[4:7]} {raw[7:]}"


def nir(rng: random.Random) -> str:
    """A French NIR (carte Vitale) as printed, with its mod-97 key."""
    y, m, _ = _day(rng)
    body = f"{rng.randint(1, 2)}{y % 100:02d}{m:02d}{rng.randint(1, 95):02d}"
    body += f"{rng.randint(1, 999):03d}{rng.randint(1, 999):03d}"
    key = 97 - int(body) % 97
    return f"{body[0]} {body[1:3]} {body[3:5]} {body[5:7]} {body[7:10]} {body[10:]} {key:02d}"


def plan(rng: random.Random) -> str:
    return rng.choice(
        [
            f"{upper_letters(rng, 4)} {_n(rng, 4)} {_n(rng, 4)}",  # Quebec RAMQ
            f"{_n(rng, 5)}-{_n(rng, 4)}",  # Alberta AHCIP
            f"7{_n(rng, 2)} {_n(rng, 4)} {_n(rng, 4)} {_n(rng, 4)}",  # Brazilian CNS
            f"{_n(rng, 2)}-{_n(rng, 9)}-{rng.randint(0, 9)}",  # PhilHealth PIN
            f"{_n(rng, 2)}-{_n(rng, 4)}-{_n(rng, 4)}-{_n(rng, 4)}",  # ABHA
            f"{_n(rng, 2)} {_n(rng, 2)} {_n(rng, 2)} {_n(rng, 4)} {rng.randint(0, 9)}",  # IMSS
        ]
    )


def _iban(country: str, bban: str) -> str:
    numeric = "".join(str(int(c, 36)) for c in bban + country + "00")
    check = 98 - int(numeric) % 97
    raw = f"{country}{check:02d}{bban}"
    return " ".join(raw[i : i + 4] for i in range(0, len(raw), 4))


def iban(rng: random.Random) -> str:
    kind = rng.choice(["DE", "PL", "RO", "NL"])
    if kind == "DE":
        return _iban("DE", _n(rng, 18))
    if kind == "PL":
        return _iban("PL", _n(rng, 24))
    if kind == "RO":
        return _iban("RO", rng.choice(["BTRL", "RNCB", "BRDE"]) + _n(rng, 16))
    return _iban("NL", rng.choice(["ABNA", "INGB", "RABO", "TRIO"]) + _n(rng, 10))


def account(rng: random.Random) -> str:
    return rng.choice(
        [
            digits(rng, 10),  # Cerner FIN
            f"00{digits(rng, 8)}",  # mortgage loan
            f"{digits(rng, 4)}-{_n(rng, 5)}-{rng.randint(0, 9)}",  # utility
            digits(rng, 7),  # Japanese ordinary deposit
        ]
    )


def driver_licence(rng: random.Random) -> str:
    surname = upper_letters(rng, 5)
    return rng.choice(
        [
            digits(rng, 8),  # Texas
            f"0{_n(rng, 8)}",  # Georgia
            f"D{_n(rng, 8)}",  # Arizona
            f"{upper_letters(rng, 1)}-{_n(rng, 3)}-{_n(rng, 3)}-{_n(rng, 3)}-{_n(rng, 3)}",  # MD
            f"{upper_letters(rng, 1)}{_n(rng, 2)}-{_n(rng, 3)}-{_n(rng, 3)}",  # Kentucky
            f"{_n(rng, 3)}{upper_letters(rng, 2)}{_n(rng, 4)}",  # Iowa
            f"{surname}{_n(rng, 6)}{upper_letters(rng, 2)}9{upper_letters(rng, 2)}",  # DVLA
            f"{rng.choice(['MH', 'KA', 'DL', 'TN'])}{_n(rng, 2)} {rng.randint(1995, 2022)}"
            f"{_n(rng, 7)}",  # India
            f"{upper_letters(rng, 1)}{_n(rng, 4)}-{_n(rng, 6)}-{_n(rng, 2)}",  # Quebec
        ]
    )


def clinician_licence(rng: random.Random) -> str:
    return rng.choice(
        [
            f"LCSW {_n(rng, 5)}",
            f"PSY{_n(rng, 5)}",
            f"DDS {_n(rng, 5)}",
            f"P{_n(rng, 7)}",  # NREMT paramedic
            f"PT{_n(rng, 6)}",
            f"{rng.randint(2, 7)}{_n(rng, 6)}",  # GMC
            f"{_n(rng, 2)}{upper_letters(rng, 1)}{_n(rng, 4)}{upper_letters(rng, 1)}",  # NMC PIN
        ]
    )


def plate(rng: random.Random) -> str:
    return rng.choice(
        [
            f"{rng.choice(['品川', '横浜', '練馬'])} {rng.randint(300, 599)} "
            f"{rng.choice('さすせそたなは')} {_n(rng, 2)}-{_n(rng, 2)}",
            f"{rng.randint(10, 399)}{rng.choice('가나다라마거너더러머')} {_n(rng, 4)}",
            f"{rng.choice('京沪粤川苏')}{upper_letters(rng, 1)}·{_n(rng, 5)}",
            f"Dubai {upper_letters(rng, 1)} {rng.randint(10000, 99999)}",
            f"{upper_letters(rng, 3)}-{_n(rng, 3)}-{upper_letters(rng, 1)}",  # Mexico
            f"{rng.choice(['AA', 'KA', 'BC', 'AX'])} {_n(rng, 4)} {upper_letters(rng, 2)}",  # UA
            f"{rng.choice(['B', 'CJ', 'IS', 'TM'])} {_n(rng, 2)} {upper_letters(rng, 3)}",  # RO
            f"{rng.randint(1, 9)}{upper_letters(rng, 1)}{rng.randint(1, 9)} {_n(rng, 4)}",  # CZ
            f"{upper_letters(rng, 3)} {_n(rng, 3)}",  # Lithuania
            f"{rng.randint(1, 81):02d} {upper_letters(rng, 3)} {_n(rng, 3)}",  # Turkey
            f"{upper_letters(rng, 1)}{_n(rng, 2)}-{upper_letters(rng, 3)}",  # New Jersey
            rng.choice(["DRMOM", "NO2ON1", "K8SFAN", "MRSPHD", "HOSPICE1"]),
        ]
    )


def lower_plate(rng: random.Random) -> str:  # a New Jersey plate typed in chat
    return f"{upper_letters(rng, 1)}{_n(rng, 2)} {upper_letters(rng, 3)}".lower()


def imei(rng: random.Random) -> str:
    raw = with_luhn(rng.choice(["35", "86", "99", "01"]) + digits(rng, 12))
    return rng.choice([f"{raw[:4]} {raw[4:8]} {raw[8:12]} {raw[12:]}", raw])


def _alnum(rng: random.Random, n: int) -> str:
    return "".join(rng.choices("ABCDEFGHJKLMNPQRSTUVWXYZ0123456789", k=n))


def network_serial(rng: random.Random) -> str:
    return rng.choice(
        [
            f"Q2{_alnum(rng, 2)}-{_alnum(rng, 4)}-{_alnum(rng, 4)}",  # Meraki
            f"FGT{rng.choice(['60F', '40F', '100F'])}TK{_n(rng, 8)}",  # Fortinet
            f"{_n(rng, 4)}PDN{_n(rng, 6)}",  # Synology
        ]
    )


def libre_serial(rng: random.Random) -> str:
    return f"0M{_alnum(rng, 8)}"


def hearing_serial(rng: random.Random) -> str:
    return f"{_n(rng, 4)}X{_n(rng, 5)}"


def aed_serial(rng: random.Random) -> str:
    return f"AR{_n(rng, 2)}{upper_letters(rng, 1)}{_n(rng, 6)}"


def cochlear_serial(rng: random.Random) -> str:
    return f"CI{rng.choice(['612', '622', '632'])}-{_n(rng, 7)}"


def card(rng: random.Random) -> str:
    kind = rng.choice(["mc", "amex", "diners", "uatp", "unionpay", "visa"])
    if kind == "amex":
        raw = with_luhn(rng.choice(["34", "37"]) + digits(rng, 12))
        return f"{raw[:4]} {raw[4:10]} {raw[10:]}"
    if kind == "diners":
        prefix = rng.choice(["300", "305", "36", "38"])
        raw = with_luhn(prefix + _n(rng, 13 - len(prefix)))
        return f"{raw[:4]} {raw[4:10]} {raw[10:]}"
    if kind == "uatp":
        return with_luhn("1" + _n(rng, 13))
    if kind == "unionpay":
        raw = with_luhn("62" + _n(rng, 16))
        return f"{raw[:4]} {raw[4:8]} {raw[8:12]} {raw[12:16]} {raw[16:]}"
    prefix = f"5{rng.randint(1, 5)}" if kind == "mc" else "4"
    raw = with_luhn(prefix + _n(rng, 15 - len(prefix)))
    return " ".join(raw[i : i + 4] for i in range(0, 16, 4)) if kind == "mc" else raw


def _nanp(rng: random.Random) -> tuple[int, int, str]:
    return rng.randint(201, 989), rng.randint(200, 989), f"{rng.randint(0, 9999):04d}"


def phone(rng: random.Random) -> str:
    a, b, c = _nanp(rng)
    return rng.choice(
        [f"+1 ({a}) {b}-{c}", f"{a} {b} {c}", f"({a})-{b}-{c}", f"+1-{a}-{b}{c}",
         f"1 {a} {b} {c}"]
    )  # fmt: skip


def fax(rng: random.Random) -> str:
    a, b, c = _nanp(rng)
    return rng.choice(
        [f"{a} {b} {c}", f"+1-{a}-{b}-{c}", f"1 ({a}) {b}-{c}", f"{a}-{b}-{c}",
         f"+44 {rng.randint(113, 191)} {_n(rng, 3)} {_n(rng, 4)}"]
    )  # fmt: skip


def intl(rng: random.Random) -> str:
    return rng.choice(
        [
            f"+380 {rng.choice(['67', '50', '93', '97'])} {_n(rng, 3)} {_n(rng, 2)} {_n(rng, 2)}",
            f"+48 {rng.choice('5678')}{_n(rng, 2)} {_n(rng, 3)} {_n(rng, 3)}",
            f"+40 7{_n(rng, 2)} {_n(rng, 3)} {_n(rng, 3)}",
            f"+420 {rng.choice('67')}{_n(rng, 2)} {_n(rng, 3)} {_n(rng, 3)}",
            f"+381 6{rng.randint(0, 6)} {_n(rng, 7)}",
            f"+370 6{_n(rng, 2)} {_n(rng, 5)}",
            f"+221 7{rng.choice('0678')} {_n(rng, 3)} {_n(rng, 2)} {_n(rng, 2)}",
            f"+225 07 {_n(rng, 2)} {_n(rng, 2)} {_n(rng, 2)} {_n(rng, 2)}",
            f"+255 7{_n(rng, 2)} {_n(rng, 3)} {_n(rng, 3)}",
            f"+256 7{_n(rng, 2)} {_n(rng, 6)}",
            f"+251 9{rng.randint(1, 9)} {_n(rng, 3)} {_n(rng, 4)}",
            f"+966 5{rng.randint(0, 9)} {_n(rng, 3)} {_n(rng, 4)}",
            f"+962 7 {rng.choice('789')}{_n(rng, 3)} {_n(rng, 4)}",
            f"+964 7{rng.choice(['70', '50', '80'])} {_n(rng, 3)} {_n(rng, 4)}",
            f"+212 6 {_n(rng, 2)} {_n(rng, 2)} {_n(rng, 2)} {_n(rng, 2)}",
            f"+216 {rng.choice('259')}{_n(rng, 1)} {_n(rng, 3)} {_n(rng, 3)}",
            f"+60 1{rng.randint(0, 9)}-{_n(rng, 3)} {_n(rng, 4)}",
            f"+66 8{rng.randint(0, 9)} {_n(rng, 3)} {_n(rng, 4)}",
            f"+95 9 {_n(rng, 3)} {_n(rng, 3)} {_n(rng, 3)}",
            f"+7 70{rng.randint(0, 8)} {_n(rng, 3)} {_n(rng, 4)}",
            f"+998 9{rng.randint(0, 9)} {_n(rng, 3)} {_n(rng, 2)} {_n(rng, 2)}",
            f"+976 {rng.choice('89')}{_n(rng, 3)} {_n(rng, 4)}",
            f"+64 2{rng.choice('127')} {_n(rng, 3)} {_n(rng, 4)}",
            f"+675 7{_n(rng, 3)} {_n(rng, 4)}",
            f"+679 {rng.choice('79')}{_n(rng, 2)} {_n(rng, 4)}",
            f"+57 3{_n(rng, 2)} {_n(rng, 7)}",
            f"+51 9{_n(rng, 2)} {_n(rng, 3)} {_n(rng, 3)}",
            f"+56 9 {_n(rng, 4)} {_n(rng, 4)}",
            f"+86 1{rng.choice('3589')}{_n(rng, 1)} {_n(rng, 4)} {_n(rng, 4)}",
            f"+91 9{_n(rng, 4)} {_n(rng, 5)}",
            f"+977 98{_n(rng, 1)}-{_n(rng, 7)}",
            f"0{rng.choice('789')}0-{_n(rng, 4)}-{_n(rng, 4)}",  # Japanese mobile, domestic
        ]
    )


def ssn(rng: random.Random) -> str:
    area = rng.choice([*range(1, 666), *range(667, 900)])
    group, serial_no = rng.randint(1, 99), rng.randint(1, 9999)
    return rng.choice(
        [f"{area:03d}-{group:02d}-{serial_no:04d}", f"{area:03d}–{group:02d}–{serial_no:04d}"]
    )


def masked_ssn(rng: random.Random) -> str:  # last four only: not the number
    return rng.choice([f"XXX-XX-{_n(rng, 4)}", f"***-**-{_n(rng, 4)}"])


def public_v4(rng: random.Random) -> str:
    first = rng.choice([37, 41, 49, 58, 73, 96, 103, 112, 121, 139, 157, 174, 186, 197])
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
            f"2a02:{h[0]}:{h[1]}:{h[2]}:{h[3]}:{h[4]}:{h[5]}:{_hextet(rng)}",  # Europe
            f"2409:40{rng.randint(0, 0xFF):02x}:{h[0]}:{h[1]}::{h[2]}",  # India
            f"2001:56a:{h[0]}:{h[1]}:{h[2]}:{h[3]}:{h[4]}:{h[5]}",  # Canada
            f"240e:3{rng.randint(0, 0xFF):02x}:{h[0]}:{h[1]}::{h[2]}",  # China
        ]
    )


def purl(rng: random.Random) -> str:
    first, last = _parts(rng)
    handle = rng.choice([f"{first}{last}", f"{first}-{last}", f"{first[0]}{last}"])
    return rng.choice(
        [
            f"https://about.me/{first}.{last}",
            f"https://{first}-{last}.carrd.co",
            f"https://gravatar.com/{first}{last}",
            f"https://www.flickr.com/photos/{first}{last[0]}/",
            f"https://vimeo.com/{first}{last}",
            f"https://soundcloud.com/{first}-{last}",
            f"https://dribbble.com/{handle}",
            f"https://bitbucket.org/{handle}/",
            f"https://www.zocdoc.com/doctor/{first}-{last}-md-{digits(rng, 6)}",
            f"https://www.vitals.com/doctors/Dr_{first.title()}_{last.title()}.html",
            f"https://www.threads.net/@{first}.{last}",
            f"https://www.patreon.com/{first}{last}",
            f"https://ko-fi.com/{first}{last[0]}",
            f"https://www.gofundme.com/f/help-{first}-{last}-recover",
            f"https://www.caringbridge.org/site/{first}{last}",
            f"https://www.legacy.com/us/obituaries/name/{first}-{last}-obituary"
            f"?id={digits(rng, 8)}",
            f"https://www.npmjs.com/~{handle}",
            f"https://hub.docker.com/u/{handle}",
            f"https://www.kaggle.com/{first}{last}",
            f"https://leetcode.com/u/{handle}/",
            f"https://dev.to/{first}{last[0]}",
            f"https://{first}{last}.me",
        ]
    )


def public_url(rng: random.Random) -> str:
    return rng.choice(
        [
            "https://www.caringbridge.org/about",
            "https://hub.docker.com/_/postgres",
            f"https://www.kaggle.com/competitions/{rng.choice(['titanic', 'house-prices'])}",
            "https://www.npmjs.com/package/express",
            "https://medlineplus.gov/druginfo/meds/a682878.html",
            f"https://github.com/hashicorp/terraform/issues/{digits(rng, 5)}",
        ]
    )


def version(rng: random.Random) -> str:
    return rng.choice(
        [
            f"build {rng.randint(2, 9)}.{rng.randint(0, 30)}.{rng.randint(0, 9)}."
            f"{rng.randint(100, 250)}",
            f"10.0.{rng.choice([19045, 22631, 26100])}.{rng.randint(1000, 5300)}",
            f"Terraform v1.{rng.randint(5, 10)}.{rng.randint(0, 9)}",
            f"OpenSSH_9.{rng.randint(0, 9)}p1",
            f"Python 3.{rng.randint(9, 13)}.{rng.randint(0, 12)}",
            f"Helm v3.{rng.randint(10, 17)}.{rng.randint(0, 4)}",
            f"CUDA 12.{rng.randint(0, 8)}",
        ]
    )


def release(rng: random.Random) -> str:
    y, m, d = rng.randint(2021, 2028), rng.randint(1, 12), rng.randint(1, 28)
    return rng.choice(
        [f"{d} {MONTHS.split()[m - 1]} {y}", f"{MON3[m - 1]} {y}", f"{y}-{m:02d}-{d:02d}",
         f"{d:02d}-{MON3[m - 1].upper()}-{y}"]
    )  # fmt: skip


def tracking(rng: random.Random) -> str:
    return rng.choice([f"{_n(rng, 4)} {_n(rng, 4)} {_n(rng, 4)}", f"JD01{_n(rng, 16)}"])


def ticket(rng: random.Random) -> str:
    return rng.choice(
        [f"INC{_n(rng, 7)}", f"RITM{_n(rng, 7)}", f"#{rng.randint(10000, 99999)}",
         f"#{rng.randint(1000, 45000)}"]
    )  # fmt: skip


def masked_card(rng: random.Random) -> str:  # last four only: not the number
    last4 = _n(rng, 4)
    return rng.choice([f"•••• {last4}", f"ending in {last4}", f"xxxx-xxxx-xxxx-{last4}"])


FILLERS: dict[str, Filler] = {
    "name": ("PERSON", name),
    "first": ("PERSON", lambda r: r.choice(FIRST)),
    "last": ("PERSON", lambda r: r.choice(LAST)),
    "lowfirst": ("PERSON", lambda r: r.choice(FIRST).lower()),
    "lowname": ("PERSON", lambda r: name(r).lower()),
    "nick": ("PERSON", lambda r: r.choice(NICKNAMES)),
    "lownick": ("PERSON", lambda r: r.choice(NICKNAMES).lower()),
    "lastcomma": ("PERSON", lambda r: f"{r.choice(LAST)}, {r.choice(FIRST)}"),
    "capslast": ("PERSON", lambda r: strip_accents(r.choice(LAST)).upper()),
    "capsfirst": ("PERSON", lambda r: strip_accents(r.choice(FIRST)).upper()),
    "hostlast": ("PERSON", lambda r: ascii_fold(r.choice(LAST)).upper()),
    "initlast": ("PERSON", lambda r: f"{ascii_fold(r.choice(FIRST))[0]}. {r.choice(LAST)}"),
    "wordname": ("PERSON", lambda r: r.choice(WORD_NAMED)),
    "foldname": (
        "PERSON",
        lambda r: f"{strip_accents(r.choice(FIRST))} {strip_accents(r.choice(LAST))}",
    ),  # fmt: skip
    "user": ("USERNAME", user),
    "homefirst": ("USERNAME", lambda r: _login(r.choice(FIRST))),
    "email": ("EMAIL_ADDRESS", email),
    "purl": ("PERSONAL_URL", purl),
    "dob": ("PERSONAL_DATE", birth_date),
    "visit": ("PERSONAL_DATE", care_date),
    "dedob": ("PERSONAL_DATE", lambda r: foreign_birth_date(r, "de")),
    "frdob": ("PERSONAL_DATE", lambda r: foreign_birth_date(r, "fr")),
    "esdob": ("PERSONAL_DATE", lambda r: foreign_birth_date(r, "es")),
    "cjkdob": ("PERSONAL_DATE", lambda r: foreign_birth_date(r, "cjk")),
    "isodob": ("PERSONAL_DATE", lambda r: "{}-{:02d}-{:02d}".format(*_day(r))),
    "hl7dob": ("PERSONAL_DATE", lambda r: "{}{:02d}{:02d}".format(*_day(r))),
    "old": ("AGE_OVER_89", lambda r: str(r.randint(90, 107))),
    "mrn": ("MEDICAL_RECORD_NUMBER", mrn),
    "plan": ("HEALTH_PLAN_ID", plan),
    "phn": ("HEALTH_PLAN_ID", bc_phn),
    "nir": ("HEALTH_PLAN_ID", nir),
    "acct": ("ACCOUNT_NUMBER", account),
    "iban": ("ACCOUNT_NUMBER", iban),
    "fin": ("ACCOUNT_NUMBER", lambda r: digits(r, 10)),
    "lic": ("LICENSE_NUMBER", driver_licence),
    "proflic": ("LICENSE_NUMBER", clinician_licence),
    "nremt": ("LICENSE_NUMBER", lambda r: f"P{_n(r, 7)}"),
    "gmc": ("LICENSE_NUMBER", lambda r: f"{r.randint(2, 7)}{_n(r, 6)}"),
    "nmc": (
        "LICENSE_NUMBER",
        lambda r: f"{_n(r, 2)}{upper_letters(r, 1)}{_n(r, 4)}{upper_letters(r, 1)}",
    ),  # fmt: skip
    "vin": ("VIN", vin),
    "plate": ("LICENSE_PLATE", plate),
    "lowplate": ("LICENSE_PLATE", lower_plate),
    "imei": ("IMEI", imei),
    "netserial": ("DEVICE_SERIAL", network_serial),
    "surface": ("DEVICE_SERIAL", lambda r: _n(r, 12)),
    "libre": ("DEVICE_SERIAL", libre_serial),
    "hearing": ("DEVICE_SERIAL", hearing_serial),
    "aed": ("DEVICE_SERIAL", aed_serial),
    "cochlear": ("DEVICE_SERIAL", cochlear_serial),
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
    "sign": (None, lambda r: r.choice(SIGNS)),
    "algo": (None, lambda r: r.choice(TECH_EPONYMS)),
    "tool": (None, lambda r: r.choice(TOOLS)),
    "clinic": (None, lambda r: r.choice(CLINICS)),
    "company": (None, lambda r: r.choice(COMPANIES)),
    "car": (None, lambda r: r.choice(CAR_BRANDS)),
    "figure": (None, lambda r: r.choice(FIGURES)),
    "localip": (None, lambda r: r.choice(NOT_PERSONAL_IPS)),
    "service": (None, lambda r: r.choice(SERVICE_ACCOUNTS)),
    "publicurl": (None, public_url),
    "version": (None, version),
    "release": (None, release),
    "tracking": (None, tracking),
    "ticket": (None, ticket),
    "hotline": (None, lambda r: r.choice(HOTLINES)),
    "rxbin": (None, lambda r: r.choice(RXBINS)),
    "maskedssn": (None, masked_ssn),
    "maskedcard": (None, masked_card),
    "city": (None, lambda r: r.choice(CITIES)),
    "state": (None, lambda r: r.choice(STATES_ZIP)),
    "young": (None, lambda r: str(r.randint(18, 89))),
    "eightynine": (None, lambda r: r.choice(["89", "88", "87"])),
    "ninetyish": (None, lambda r: str(r.randint(90, 104))),
    "pct": (None, lambda r: str(r.randint(90, 99))),
    "room": (None, lambda r: str(r.randint(90, 104))),
    "nodeport": (None, lambda r: str(r.randint(30000, 32767))),
    "uid": (None, lambda r: str(r.randint(10000, 10999))),
    "pid": (None, lambda r: str(r.randint(1000, 65000))),
}
CHAT = [
    "Telehealth chat · waiting room\n{lowname} joined the visit\nMA {first}: Hi! Dr. {last} is "
    "running about 10 minutes behind, thanks for your patience.",
    "thanks {lowfirst}!! that fixed it, the portal finally loads",
    "appreciate it {lownick}, have a good weekend",
    "CRM note ({first}, CSM): QBR with {name} (VP Ops) went well; renewal risk low. Our champion "
    "left - new contact is {name}, {email}, {phone}.",
    "Case {ticket} · Priority: High\nRequester: {foldname} <{email}>\nSubject: charged twice on "
    "card {maskedcard}",
    "On Tue, {name} <{email}> wrote:\n> Can you resend the invoice? My card {card} was declined "
    "at checkout.",
    "Claim denial follow-up: member {name}, ID {plan}, DOS {visit}. Reason code CO-197 (no prior "
    "auth). I'll file the appeal today.",
    "hi, im calling for my grandma {lowname}, she's {old} and can't hear well on the phone. her "
    "member id is {plan}",
    "Can you update my address? 2214 Cedar Hollow Rd, {city}, {state} {zip}. Phone stays {phone}.",
    "ok the tracking says {tracking} but fedex left it at the wrong house lol",
    "My IBAN is {iban}, name on the account {name}. Please refund there, not to the card.",
    "Hi {first}, your {drug} is ready for pickup. 90-day supply, copay $0. Reply STOP to opt out.",
    "My daughter {first} set this up, her number is {intl}. I'm {old} and don't do the apps.",
    "ticket {ticket}: customer {lowname} says the {tool} integration breaks after {version}",
    "Re: refund\n\nHi {first},\nI've processed it back to the card {maskedcard}. If it doesn't "
    "show in 5-10 days, just reply here.\n\nWarmly,\n{nick}\nCustomer Happiness",
    "-----Original Message-----\nFrom: {name} <{email}>\nSent: Monday 9:14 AM\nTo: Billing Team"
    "\nSubject: RE: statement for account {acct}",
    "insurance denied it?? says member ID {plan} not active as of {visit}. i've paid every month",
    "yes it's a 2017 {car}, vin {vin}, plate {plate}. the windshield claim is under my husband "
    "{lowfirst}",
    "Stolen phone report: IMEI {imei}, last check-in from {ip} per the carrier portal.",
    "Member services: For your security, what's your date of birth?\nCaller: {dob}.\nMember "
    "services: Thank you, Ms. {last}. I see two plans here.",
    "New lead from the webinar: {foldname}, {email}, {intl}, ZIP {zip}. Wants a demo of the "
    "{tool} connector.",
    "happy bday {lowfirst}!!! {old} and still beating all of us at bridge",
    "Please call Poison Control at {hotline} or 911 if symptoms get worse - this chat is not "
    "monitored overnight.",
    "Your clover honey order {ticket} shipped. The moon boot is backordered until {release}.",
    "Snow day: our {city} office is closed; winter storm warning through Thursday.",
    "HR: merit increase letters are out, and the patient journey workshop moved to room {room}.",
    "Payment: card {card}, exp 09/29, billing zip {zip}",
    "can u send the code to {email} instead, the {phone} number is my old work line",
    "Driver's license for the account recovery: {lic}. sorry the photo is blurry",
    "DM from @{user}: hey {lowfirst}, is {figure} really speaking at the summit or is that a "
    "rumor?",
    "[CS handoff] {first} -> {first}: acct {acct} ({name}) wants the annual plan; already paid "
    "with card {maskedcard}. Do not re-charge.",
    "I'm raising money for my dad's surgery: {purl} - could you waive the late fee meanwhile?",
    "i'm {wordname}, {wordname}'s mom. we share the family account",
    "Tunnel keeps dropping. My public IP is {ip}; the {tool} client says handshake timeout.",
    "Payoff quote for loan # {acct} please - we close on the house on the 14th.",
    "Yes I bought it just for a lark, but the Dove soap in the gift box leaked everywhere.",
    "Phone on file ends in 42? no, it's {intl} now, and the email is {email}",
    "Your new {company} rep is {name}; you can book her at {purl}.",
    "SSN on file: {maskedssn}. For the tax form I'll need the full one: {ssn}, please confirm.",
    "Fax it to my lawyer instead: {fax}, attn {name}. Account holder is {lastcomma}.",
    "The Justice of the Peace needs my mother's birth date: {dob}. She's {old} this year.",
    "Our {city} pharmacy now closes at 6; is {drug} still covered under the 90-day benefit?",
    "Release notes for {version} are out ({release}) - nothing about the {tool} bug yet.",
    "Shipment {tracking} is delayed by the winter storm; new ETA {release}.",
]
CLINICAL = [
    "SBAR\nS: {lastcomma}, {old}F, bed 12, new-onset confusion.\nB: Adm {visit} for UTI; hx "
    "{eponym}; on {drug}.\nA: HR {ninetyish}, BP 104/62.\nR: Please assess by 2200. - "
    "{initlast}, RN",
    "Handoff to night shift: rm {room} - {capslast}, {first} (UR No. {mrn}); family "
    "({lowname}) staying overnight; {eightynine}yo roommate is a high fall risk.",
    "PRIOR AUTHORIZATION REQUEST\nPatient: {name}   DOB: {dob}   Member ID: {plan}\nMedication: "
    "{drug}, 90-day supply\nPrescriber: {name}, MD   Fax: {fax}",
    "Dear Utilization Review,\nI am writing on behalf of my patient, {name} (DOB {dob}), to "
    "appeal the denial of {drug}. {first} has failed {drug} and {drug}.",
    "EOB: claim 2026{pid} for DOS {visit} denied - CARC 50. Member: {lastcomma}; subscriber ID "
    "{plan}; RxBIN {rxbin}.",
    "Home health visit note - {visit}\nPt {name} ({old}) seen at home in {city}. Caregiver "
    "{lowname} reports poor intake. Moon boot on L foot, skin intact.",
    "Hospice IDT: pt {last} declining, PPS 30%. Daughter {first} ({intl}) asks to be called "
    "day or night. Chaplain visited {visit}.",
    "SW note: met with pt and spouse {first}. Pt is {old}, lives in senior housing in {city}, "
    "{state} {zip}. Medicaid application pending (SSN {ssn} verified with pt).",
    "Case mgmt: hospital bed order faxed to DME vendor at {fax}; pt's BC PHN {phn} for the "
    "out-of-province claim.",
    "EMS run report: {old} y/o F found on floor; daughter {name} on scene, ph {phone}. "
    "Transported to {clinic}. Medic: {name}, NREMT {nremt}.",
    "Pharmacist counselling: reviewed {drug} with pt's son {first} (pt is {old} and hard of "
    "hearing). Follow-up call to {phone} on Friday.",
    "MSH|^~\\&|ADT|MERCY|||202611030641||ADT^A01|{pid}|P|2.5\nPID|1||{mrn}^^^MRN||{capslast}^"
    "{capsfirst}||{hl7dob}|F|||12 Elm St^^{city}^{state}^{zip}||{phone}",
    "NK1|1|{capslast}^{capsfirst}|DAU||{intl}\nPV1|1|I|4W^{room}^A|||||{capslast}^{capsfirst}^^^DR",
    '{{"resourceType": "Patient", "id": "pt-{pid}", "name": [{{"family": "{last}", "given": '
    '["{first}"]}}], "birthDate": "{isodob}", "telecom": [{{"system": "phone", "value": '
    '"{phone}"}}]}}',
    "FAX COVER SHEET\nTo: Dr. {last}   Fax: {fax}\nFrom: {name}, LCSW\nRe: "
    "{lastcomma} (DOB {dob})\nPages: 4 incl. cover",
    "Telehealth: pt joined from {ip} (outside the US); identity verified by DOB {dob} and SSN on "
    "file {maskedssn}.",
    "Transfer letter: seen by {name} (GMC {gmc}) and {name}, RN (NMC {nmc}); pt now living with "
    "family in {city}.",
    "Pt brought a French carte Vitale, NIR {nir} (née le {frdob}); billing to call her son at "
    "{intl}.",
    "Pt is a {young}M; BP {ninetyish}/60 in room {room}; his {eightynine}-year-old father had "
    "{eponym}.",
    "Wound care: sacral stage 2, a Braden score of 14; hx {eponym}. Pt {first} prefers to be "
    "called {nick}.",
    "Allergies reviewed with pt (age {old}): {drug} - hives; {drug} - tolerated. Exam: {sign}; "
    "manual BP 96/58.",
    "Hearing aid (SN {hearing}) left at bedside; cochlear implant {cochlear} checked. Pt "
    "{last} uses a whiteboard.",
    "Libre sensor {libre} placed L arm {visit}; glucose {ninetyish}-{ninetyish} overnight.",
    "AED {aed} used by bystander {name} before EMS arrival; ROSC at 6 min.",
    "Discharged to daughter {name}, {phone}; she drives a {car} (plate {plate}). F/u at "
    "{clinic} oncology.",
    "ED registration: DL {lic} scanned; SSN {ssn}; emergency contact {lastcomma}, {intl}.",
    "Foreign coverage card presented: {plan}. Pt visiting from abroad, local phone {intl}.",
    "Pt {name} (chart #{mrn}) called: {drug} makes her dizzy. Advised to hold; call back at "
    "{phone}.",
    "Advance directive: HCP agent is {name} (niece), phone {intl}. Witnesses: {name}; {name}.",
    "Pt states DOB is {dob} but the Medicare card shows another; she is {old} either way.",
    "Age: {old} Y   Sex: F   EMPI: {mrn}   Adm: {visit}   Attending: {initlast}",
    "Paciente de {old} años, acompañada por su nieta {first}; habla solo español. Fecha de "
    "nacimiento: {esdob}.",
    "Exam: swan-neck deformity of R 2nd-4th fingers; {sign}; {sign}. Pt {young}, retired.",
    "Outpatient PT eval by {name}, lic {proflic}: {sign}. Pt can hold a pike position for 10 s.",
    "Billing: statement account {acct} for {lastcomma}; guarantor {name}; Cerner FIN {fin}.",
    "Transferred from {clinic} with {eponym}; records coming by fax from {fax}.",
    "Pt's car, a 2019 {car}: valet plate {plate}, VIN {vin} per the tow slip; keys with security.",
    "Incident: pt {lowname}'s phone (IMEI {imei}) fell in the toilet in room {room}.",
    "Expired {visit}. Pronounced by {name}, MD. Son {first} ({phone}) and {lownick} at bedside.",
    "Pt ({old}) prefers Dove soap, fragrance free; {eightynine}-year-old sister visits daily.",
    "Pt read {figure}'s memoir and asked whether {eponym} runs in families.",
    "Translated discharge letter (German): Frau {name}, geb. {dedob}, wohnhaft in Flensburg; "
    "Hausarzt Dr. {last}.",
    "Intake form (translated): name {name}; 出生日期 {cjkdob}; phone {intl}; interpreter "
    "requested.",
    "Pt's grandson {name} emailed from {email} asking for the MyChart proxy form.",
    "Prior auth approved for {drug} through {release}; ref on file. Pt {lastcomma} notified "
    "by phone {phone}.",
    "Plan: continue {drug} daily; start {drug}; 90-day supply sent. Recheck BMP in 1 week.",
    "Neuro: {sign}; {sign}. GCS 15. Pupils 3 mm, brisk.",
    "Vitals: T 37.2, HR {ninetyish}, RR 18, BP 142/{ninetyish}, SpO2 {pct}% RA.",
    "Social: pt is {young}, lives with partner, works at {company}; no tobacco.",
    "Seen at {clinic} last year for {eponym}; records requested.",
    "Fall risk: a Morse fall score of 45 and {sign}. Bed alarm on; room {room}, bed B.",
    "Education: {drug} may cause dizziness; avoid alcohol. Teach-back done.",
    "Day 90 of a 90-day course of {drug}; labs stable, no changes.",
    "Glucose {ninetyish} mg/dL fasting; A1c 6.9%. Continue {drug} and {drug}.",
    "Ambulated 90 ft with walker, a Thomas splint on L leg; PT to see again tomorrow.",
    "Ortho: a Galeazzi fracture R forearm, splinted; f/u at {clinic} hand clinic in 1 week.",
    "Pharmacy: {drug} substituted for {drug} per formulary; RxBIN {rxbin}, group RX{pid}.",
    "ID band checked x2 before {drug}; {sign} documented; pt {young}, alert.",
    "Braden 16; Morse 35; turned q2h. {eightynine} y/o, pleasant, oriented x3.",
    "Stryker bed in room {room} alarming; biomed ticket {ticket}.",
]
CODE = [
    "### Bug report\n**Describe the bug**\nLogin fails for user `{user}` after upgrading to "
    "{version}.\n**Environment**: {tool} {version}\n_Reported by {name}_",
    "On-call handover (Tue)\n- {lowfirst}: pager quiet; {tool} disk at {ninetyish}% on node-3\n"
    "- {nick} takes primary; escalate to {name} ({phone})",
    'terraform plan\n  # aws_iam_user.{homefirst} will be created\n  + name = "{user}"\n  + tags '
    '= {{ "Owner" = "{email}" }}',
    "LAST SEEN   TYPE      REASON    OBJECT               MESSAGE\n12m         Warning   BackOff "
    "  pod/{service}-7f9c   Back-off restarting failed container (owner: {lowname})",
    "kind: RoleBinding\nsubjects:\n- kind: User\n  name: {email}\n- kind: User\n  name: {user}\n"
    "roleRef:\n  name: view",
    '{{"eventName": "ConsoleLogin", "userIdentity": {{"userName": "{user}"}}, '
    '"sourceIPAddress": "{ip4}", "awsRegion": "eu-west-1"}}',
    "okta: user.session.start actor={email} client.ipAddress={ip} outcome=FAILURE",
    "An account failed to log on.\nAccount Name:\t\t{user}\nWorkstation Name:\tLT-{hostlast}\n"
    "Source Network Address:\t{ip4}",
    "[Interface]\nAddress = 10.8.0.2/32\n[Peer]\n# {name}'s home router\nEndpoint = {ip4}:51820",
    "fail2ban.actions [{pid}]: NOTICE [sshd] Ban {ip4}\nfail2ban.actions [{pid}]: NOTICE [sshd] "
    "Unban {localip}",
    "-rw-r--r--  1 {user}  staff  4096 Nov  3 09:12 {homefirst}_notes.md\ndrwxr-xr-x  2 "
    "{service} {service} 4096 Oct 29 18:40 cache",
    "USER        PID %CPU %MEM COMMAND\n{user}  {pid}  0.3  1.2 python train.py\n{service}  "
    "{pid}  0.0  0.4 /usr/bin/{service}",
    "origin\tgit@github.com:{user}/dotfiles.git (fetch)\nupstream\t{publicurl} (fetch)",
    "^3f9c2a1 ({name} 2024-06-11 14:02:33 +0200 42)     redact(record)  # {lowfirst}: PII!",
    "## Handover notes\n- INC{pid}: {tool} leader election flapping; {lowfirst} suspects "
    "{algo}\n- Customer {name} ({email}) is waiting on the RCA",
    "resolvectl status\n  DNS Servers: {localip}\n  Fallback: {localip}  # per ticket from "
    "{lowname}",
    "kernel: IN=eth0 OUT= SRC={ip4} DST={localip} PROTO=TCP DPT=22  # brute force, blocked",
    "kubectl get svc\nNAME   TYPE       CLUSTER-IP   PORT(S)\nweb    NodePort   {localip}   80:"
    "{nodeport}/TCP",
    'useradd -m -c "{foldname}" -u {uid} {user}',
    "Co-authored-by: {name} <{email}>\nCo-authored-by: {nick} <{email}>",
    "> Steps to reproduce: export from {tool}; the CSV has {name},{dob},{ssn}\n\nPlease delete "
    "that attachment, @{user} - it's real customer data.",
    "# TODO({homefirst}): {algo} here is O(n^2); ask {first} before touching it",
    'pg_dump: connection to server at "{ip4}", port 5432 failed: FATAL:  password '
    'authentication failed for user "{user}"',
    "curl -H 'Metadata: true' http://{localip}/metadata/instance  # from {lowfirst}'s VM",
    'stripe.Customer.create(email="{email}", name="{name}", phone="{intl}")',
    "assert mask('{card}') == '{maskedcard}'  # TODO: this is not a test value, scrub it",
    "seed_patients = [{{'mrn': '{mrn}', 'nir': '{nir}', 'dob': '{dob}'}}]",
    'vehicles.yaml\n- vin: {vin}\n  plate: "{plate}"\n  driver: {name}',
    "Device name,Primary user UPN,IMEI,Serial number\nLT-{capsfirst},{email},{imei},{surface}",
    "netbox: dcim.device {netserial} at site {city}; contact {name}, {phone}",
    "Ran `whoami` on the jump host: {user}. `hostname -I`: {localip} {ip}",
    "Released {version} on {release}; {tool} support ends {release}. Thanks {lowfirst} and "
    "{lownick} for testing!",
    "My dotfiles and blog: {purl} - upstream docs: {publicurl}",
    "Copyright (c) 2024 {name} <{email}>\n\nPermission is hereby granted, free of charge,",
    "payout = {{'iban': '{iban}', 'holder': '{lastcomma}'}}",
    "$ git log --format='%an <%ae>' | sort -u\n{name} <{email}>\n{foldname} <{email}>",
    'driver_license_number = "{lic}"  # from a screenshot in issue {ticket}',
    "ssn_samples = ['{maskedssn}', '{ssn}']  # the second one came from prod logs, remove",
    "The quote from {figure} in the README is fine. Maintainer: {name} <{email}>",
    'billing_profile:\n  zip: "{zip}"\n  fax: "{fax}"  # {name}\'s office\n  card_last4: '
    '"{maskedcard}"',
    "{tool} upgraded to {version}; {company} SSO broke for {user} and {user}",
    "@{user} approved these changes\n> LGTM, but {algo} would be simpler. -- {lownick}",
    "wg show\npeer: {name} (laptop)\n  endpoint: {ip}\n  allowed ips: {localip}/32",
    "# {lowfirst}: the age validator rejected a real customer who is {old}; cap raised to 120",
    "kubectl -n {service} rollout restart deploy/{service}",
    "Bumped {tool} to {version} (released {release}); p99 {ninetyish} ms, p95 61 ms.",
    "docs: explain {algo} and {algo} in the README",
    "ping {localip}  # works\nping {localip}  # times out from the {tool} pod",
    "chore(deps): bump {tool} ({version}) - see {publicurl}",
    "tracking {tracking} for the replacement {tool} appliance; RMA approved",
    "{algo} vs {algo}: numbers in bench/graph.py, run on {version}",
    "NodePort {nodeport} collides with {service}; use {nodeport} instead",
]
POOLS = [CHAT, CLINICAL, CODE]
