"""The thirteenth fresh split of benchmarks/pii.py (``--split fresh13``), in its own module.

Written blind to the detector (its code, word lists, tests and the notes on its misses unread)
after every other split up to fresh11 had been looked at; measured once (2026-12-01, the
figures are in benchmarks/pii.py's docstring) and never tuned on. The one labeling bug that run
showed (seven-group IPv6 addresses) was fixed without drawing on the seed, so every other
planted value stayed as measured, and IP_ADDRESS was measured again.
Names of Mongolian, Tibetan, Basque, Icelandic, Latvian, Lithuanian, Roma, Welsh,
Irish-language, Māori, Samoan, Burmese, Khmer, Lao, Sinhala, Telugu, Amharic, Somali, Hausa,
Akan, Shona, Tigrinya, Japanese, Korean, German, French, Spanish, Portuguese and Québécois
origin, every token checked against the name lists of pii.py, names.py, pii_shapes.py and
fresh7 ... fresh11 and dropped when found there; given names that are words (Miles, Cliff,
Jade, Pearl) and multi-part names (Ní / Mac / Ó surnames, "ap" patronymics, Icelandic
-dóttir / -son, Burmese names without a surname, Japanese and Korean names surname first in
capitals). Genres outside the US and in engineering: NHS GP letters, 111 call notes and
discharge summaries; Canadian provincial health cards; Australian Medicare, DVA and IHI
forms; Indian hospital forms (Aadhaar masked); GDPR subject-access requests; German, French,
Spanish and Portuguese fragments inside English tickets; mobile-app crash reports and
analytics events; MDM (Intune, Jamf) inventory exports; CGM, insulin-pump and pacemaker
remote-monitoring telemetry; call-centre CDRs and SIP logs; Stripe and PayPal webhooks and
chargeback notes; PostHog and Mixpanel events; Elasticsearch, Loki and Splunk queries and
results; Helm values and GitHub Actions logs; Jira Service Management tickets; Zoom and Meet
transcripts; LinkedIn-recruiter and ATS exports; Canvas and Moodle exports; car-sharing and
fleet telematics; parking-enforcement and toll records. Identifier shapes: Welsh, Irish,
Basque, Icelandic, Latvian and Japanese-era birth dates, UK day-first dates, Korean dotted
dates, ISO birth timestamps; "93 oed", "93 Jahre", "93 anos", "(93)" ages; NHS numbers
(mod-11), Saskatchewan, New Brunswick and Newfoundland health numbers, DVA file numbers,
EHIC, Portuguese SNS, Bupa, ESIC and PM-JAY ids; trust hospital numbers, French IPP,
Spanish NHC, Portuguese processo and Indian IP numbers; Icelandic, Portuguese, Austrian,
Irish, Finnish and Estonian IBANs (mod-97), UK and Australian accounts after a sort code or
BSB, toll and customer accounts; BC, Alberta, Victorian, French, German, Spanish (DNI
letter) and Telangana driving licences, GPhC, HCPC, AHPRA, CPSO and TfL private-hire
numbers; UK, Austrian, Slovenian, Croatian, Serbian, Icelandic, Luxembourg, Canadian,
Australian, Singaporean, Hong Kong, Taiwanese, Pakistani and Sri Lankan plates; IMEIs split
after the TAC and grouped in fives; Dexcom, Omnipod, pacemaker, Apple (10-character), Pixel,
Galaxy, Cisco IP-phone and telematics-unit serials; UK, Canadian, Icelandic, Austrian,
Portuguese, Spanish, Japanese and Lao phones, SIP and CDR numbers without a plus; UK
and Canadian fax numbers; Wellfound, Credly, read.cv, Notion, Figma, CodePen, Replit,
Coursera, Academia.edu, Qiita, Zenn, velog and note profiles.
Hard negatives: UK and EU drugs and insulins (co-codamol, Oramorph, Fostair, NovoRapid,
and a contraceptive named like a person: Zoely), eponyms (a Caldicott guardian, Gillick
competence, the Fraser guidelines, Rockall and Glasgow-Blatchford scores, Wenckebach,
Mobitz II, the Somogyi effect), tools named like people (Zuul, Hubot, OSCAR, Fluentd),
hospitals and companies named after people (the John Radcliffe, Addenbrooke's, the Royal
Marsden, Peter MacCallum, Sir Ganga Ram, Lloyds, Peugeot, Citroën, Škoda, Michelin),
word-names used as words (air miles, a cliff edge, a jade plant, chip and PIN, a carol
service, olive oil, sandy soil), public figures listed in the run's policy, cloud-metadata,
VPC-resolver, Azure wireserver, Docker-bridge, mDNS / SSDP multicast, broadcast and public
resolver IPs, app / OS / chart versions and build numbers, release dates, commit SHAs, event,
request and trace UUIDs, Stripe object ids, GitHub run ids, Jira keys, order, tracking and PCN
numbers, masked cards and Aadhaar numbers, SIP call durations, glucose and SpO2 readings,
doses and ages under 90.
"""

from __future__ import annotations

import random
import uuid
from collections.abc import Callable

from pii import MON3, MONTHS, Filler, ascii_fold, digits, strip_accents, upper_letters, vin
from pii import with_luhn as _luhn

FIRST = (
    "Narantuya Khulan Erdenechimeg Temuulen Oyungerel Yangchen Lobsang Dechen Ngawang Kunga "
    "Itziar Garazi Aitor Unai Maialen Sigurlaug Eyjólfur Þórhildur Ragnheiður Hrafnkell Inese "
    "Aivars Dace Saulius Lūcija Artūrs Kristaps Baiba Dainora Mažvydas Tsura Shandor Luludja "
    "Gwenllian Iolo Angharad Rhodri Eirlys Dyfrig Heulwen Meinir Lleucu Bleddyn Órlaith Tadhg "
    "Fionnuala Caoilfhionn Dáithí Eoghan Ruairí Dearbhla Mereana Hēmi Tūī Aperahama Kahurangi "
    "Rāwiri Mihiata Hōhepa Ioane Talataina Pulotu Thida Nilar Sopheap Chanthou Vuthy Bopha "
    "Sreymom Souphanh Bounmy Vilayvanh Khamphoui Dilrukshi Chamara Nuwan Tharindu Sanduni "
    "Sravani Harika Bhargavi Anasuya Gangadhar Tsion Meskerem Birtukan Eyerusalem Zewditu "
    "Faisa Guled Sagal Ubah Deeqa Barkhad Bashir Lawal Rakiya Nasiru Hadiza Ladidi Abenaa "
    "Kwadwo Ekow Araba Ohemaa Rufaro Nyasha Chiedza Farai Ruvimbo Mufaro Yordanos Mebrahtu "
    "Selam Filmon Luwam Kibrom Mizuki Sayaka Tsubasa Kenta Hinata Yuzuru Kotone Shiori "
    "Chihiro Gyu-ri Ye-rin Seung-hwan Friederike Wolfram Ségolène Rocío Inmaculada Gonçalo "
    "Conceição Étienne Bronwyn Chandrasekhar Miles Cliff Jade Pearl"
).split()
LAST = [
    *"Dashdorj Purevsuren Tsogtbaatar Munkhbat Lhundup Phuntsok Dolkar Goikoetxea".split(),
    *"Urrutikoetxea Agirrezabal Arrizabalaga Hrafnsdóttir Eyjólfsson Bergþórsdóttir".split(),
    *"Halldórsson Gíslason Guðbrandsdóttir Ozoliņa Kalējs Liepiņa Krūmiņš Zvirbulis".split(),
    *"Daugėla Kazlauskaitė Šimkus Jankauskaitė Vaitkevičius Oláh Stojka Rostas Balogh".split(),
    *"Sárközi Prydderch Gruffydd Kereama Tūhiwai Wharerau Pōhatu Taumata Tuiasosopo".split(),
    *"Aiono Seumalo Malae Prak Nhem Sayasith Inthavong Keovongsa Souvannavong".split(),
    *"Vongphachanh Rathnayake Gunawardena Dissanayake Pathirana Ekanayake Kodithuwakku".split(),
    *"Kondapalli Gudipati Bommireddy Peddireddy Kottapalli Nagireddy Woldemariam".split(),
    *"Gebreyesus Alemayehu Shiferaw Tilahun Egal Samatar Gabobe Tukur Dikko Inuwa".split(),
    *"Gwandu Ofori-Atta Amponsah Asantewaa Darko Larbi Makoni Chigumba Nhamo Kanengoni".split(),
    *"Zvobgo Musonza Tewolde Habtemariam Ghirmay Teklehaimanot Weldegiorgis Ogasawara".split(),
    *"Tachibana Hasegawa Kageyama Shimizu Sakuraba Tsukishima Hanazawa Ohkubo Namgung".split(),
    *"Seong Baek Hwang Jeong Wüstefeld Dubois-Lemaire Sarmento Barbosa".split(),
    "ap Gruffydd", "ap Iolo", "Ní Mhurchú", "Ní Fhlannagáin", "Ó hUiginn", "Mac Suibhne",
    "Nic Dhonnchadha", "Ó Súilleabháin", "Sarmento Barbosa", "Goikoetxea Arrizabalaga",
]  # fmt: skip
WHOLE = [
    "Nilar Thwe", "Thet Htar Swe", "Pyae Phyo Kyaw", "Thida Oo", "Sigurlaug Hrafnsdóttir",
    "Hrafnkell Eyjólfsson", "Órlaith Ní Mhurchú", "Tadhg Mac Suibhne", "Iolo ap Gruffydd",
    "Talataina Tuiasosopo", "Mereana Wharerau", "Yangchen Dolkar", "Lobsang Phuntsok",
    "Narantuya Dashdorj", "Venkata Gangadhar Kondapalli", "Faisa Samatar Egal",
    "Kwadwo Ofori-Atta", "Araba Asantewaa", "Gonçalo Sarmento Barbosa",
    "Itziar Goikoetxea Arrizabalaga", "Miles Prydderch", "Jade Nhem", "Cliff Zvobgo",
    "Pearl Tilahun",
]  # fmt: skip
EAST_ASIAN = [  # surname first, in capitals, as a form or passport line writes it
    "OGASAWARA Tsubasa", "TACHIBANA Mizuki", "HASEGAWA Kotone", "KAGEYAMA Yuzuru",
    "NAMGUNG Ye-rin", "SEONG Gyu-ri", "BAEK Seung-hwan", "HWANG Ye-rin",
]  # fmt: skip
WORD_NAMED = ["Miles", "Cliff", "Jade", "Pearl"]
NICKNAMES = "Nara Lobs Itzi Sigga Dyf Tadhgie Ruai Mere Tala Sreymom Kwad Rufi Yordi Tsuba".split()
DRUGS = [
    *"co-codamol Oramorph Movicol Laxido Adcal-D3 Fostair Trimbow bisoprolol ramipril".split(),
    *"apixaban edoxaban NovoRapid Fiasp Tresiba Lyumjev Abasaglar Zoely Ozempic".split(),
]  # fmt: skip
INSULINS = "NovoRapid Fiasp Tresiba Lyumjev Abasaglar".split()
EPONYMS = [
    "a Caldicott guardian sign-off", "Gillick competence", "the Fraser guidelines",
    "a Rockall score of 3", "a Glasgow-Blatchford score of 0", "a Waterlow score of 14",
    "Wenckebach", "Mobitz II block", "a Somogyi effect",
]  # fmt: skip
HEART = ["Wenckebach", "Mobitz II block", "2:1 AV block", "AT/AF burden 3%"]
TOOLS = [
    "Zuul", "Hubot", "OSCAR", "Fluentd", "Logstash", "Renovate", "Dependabot", "Argo CD",
    "Karmada", "Velero",
]  # fmt: skip
HOSPITALS = [
    "the John Radcliffe", "Addenbrooke's", "the Royal Marsden", "Peter MacCallum",
    "Sir Ganga Ram Hospital", "Royal Prince Alfred", "St Mary's",
]  # fmt: skip
COMPANIES = [
    "Lloyds", "Peugeot", "Citroën", "Škoda", "Michelin", "Marks & Spencer", "Ferrari",
    "Dyson", "Rolls-Royce",
]  # fmt: skip
CAR_MAKERS = ["Peugeot", "Citroën", "Škoda", "Renault", "Ford"]
LAN_IPS = ["10.20.0.4", "10.8.3.21", "172.20.1.15", "192.168.10.40", "fd12:3456:789a::1"]
CARS = ["Peugeot e-208", "Škoda Enyaq", "Citroën ë-C4", "Ford Transit Custom", "Renault Zoe"]
FIGURES = [
    "Aneurin Bevan", "Tommy Douglas", "Alan Turing", "Grace Hopper", "Marie Curie",
    "Haruki Murakami", "Bong Joon-ho", "Wangari Maathai",
]  # fmt: skip
META_IPS = [
    "169.254.169.254", "fd00:ec2::254", "169.254.169.253", "168.63.129.16", "100.100.100.200",
    "10.96.0.10", "172.17.0.1", "127.0.0.53", "224.0.0.251", "239.255.255.250",
    "255.255.255.255", "10.20.0.4",
]  # fmt: skip
RESOLVER_IPS = ["8.8.4.4", "1.0.0.1", "76.76.2.0", "77.88.8.8", "156.154.70.1", "4.2.2.2"]
BOTS = "github-actions[bot] dependabot[bot] svc-jamf intune-sync root SYSTEM posthog".split()
EXTRA_ENTITIES = ["PERSONAL_URL", "FAX_NUMBER"]

WELSH_MONTHS = (
    "Ionawr Chwefror Mawrth Ebrill Mai Mehefin Gorffennaf Awst Medi Hydref Tachwedd Rhagfyr"
).split()
IRISH = [
    "Eanáir", "Feabhra", "Márta", "Aibreán", "Bealtaine", "Meitheamh", "Iúil", "Lúnasa",
    "Meán Fómhair", "Deireadh Fómhair", "Samhain", "Nollaig",
]  # fmt: skip
BASQUE = (
    "urtarrilaren otsailaren martxoaren apirilaren maiatzaren ekainaren uztailaren "
    "abuztuaren irailaren urriaren azaroaren abenduaren"
).split()
ICELANDIC = (
    "janúar febrúar mars apríl maí júní júlí ágúst september október nóvember desember"
).split()
LATVIAN = (
    "janvārī februārī martā aprīlī maijā jūnijā jūlijā augustā septembrī oktobrī novembrī decembrī"
).split()


def _n(rng: random.Random, width: int) -> str:
    return f"{rng.randint(0, 10**width - 1):0{width}d}"


def name(rng: random.Random) -> str:
    roll = rng.random()
    if roll < 0.2:
        return rng.choice(WHOLE)
    if roll < 0.28:
        return rng.choice(EAST_ASIAN)
    return f"{rng.choice(FIRST)} {rng.choice(LAST)}"


def _login(part: str) -> str:
    return "".join(c for c in ascii_fold(part).lower() if c.isalnum())


def _parts(rng: random.Random) -> tuple[str, str]:
    return _login(rng.choice(FIRST)), _login(rng.choice(LAST))


def user(rng: random.Random) -> str:
    first, last = _parts(rng)
    return rng.choice(
        [
            f"{first[0]}{last}",
            f"{last}.{first[:3]}",
            f"{first}{rng.randint(1980, 2006)}",
            f"{first}_{last[:5]}",
            f"{last[:6]}{first[:2]}",
            f"{first}-{last[0]}-dev",
            f"{first}{last}x",
        ]
    )


def email(rng: random.Random) -> str:
    first, last = _parts(rng)
    return rng.choice(
        [
            f"{first}.{last}{rng.randint(1, 9)}@nhs.net",
            f"{first}{last[0]}@btinternet.com",
            f"{last}.{first}@sky.com",
            f"{first}_{last}@virginmedia.com",
            f"{first}.{last}@shaw.ca",
            f"{last}{first[0]}@videotron.ca",
            f"{first}{rng.randint(10, 99)}@optusnet.com.au",
            f"{first}.{last}@iinet.net.au",
            f"{last}.{first}@t-online.de",
            f"{first}.{last}@orange.fr",
            f"{first}{last}@sapo.pt",
            f"{first}@simnet.is",
            f"{last}{first}@hanmail.net",
            f"{first}.{last}@docomo.ne.jp",
            f"{first[0]}{last}@student.gla.ac.uk",
        ]
    )


def purl(rng: random.Random) -> str:
    first, last = _parts(rng)
    return rng.choice(
        [
            f"https://wellfound.com/u/{first}-{last}",
            f"https://www.credly.com/users/{first}-{last}",
            f"https://read.cv/{first}{last[0]}",
            f"https://{first}-{last}.notion.site",
            f"https://www.figma.com/@{first}{last}",
            f"https://codepen.io/{last}{first[:2]}",
            f"https://replit.com/@{first}{last[:4]}",
            f"https://www.coursera.org/user/{uuid.UUID(int=rng.getrandbits(128)).hex}",
            f"https://independent.academia.edu/{first.title()}{last.title()}",
            f"https://qiita.com/{first}_{last}",
            f"https://zenn.dev/{last}{first[0]}",
            f"https://velog.io/@{first}{last[:3]}",
            f"https://note.com/{first}{rng.randint(1, 99)}",
        ]
    )


def _day(rng: random.Random) -> tuple[int, int, int]:
    return rng.randint(1919, 2009), rng.randint(1, 12), rng.randint(1, 28)


def _japanese_era(y: int, m: int, d: int) -> str:
    era, start = ("H", 1988) if y >= 1990 else ("S", 1925) if y >= 1927 else ("T", 1911)
    return f"{era}{y - start}.{m:02d}.{d:02d}"


def _ordinal(d: int) -> str:
    return f"{d}{'th' if 4 <= d <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(d % 10, 'th')}"


def birth_date(rng: random.Random) -> str:  # as an English-language letter or form writes it
    y, m, d = _day(rng)
    return rng.choice(
        [
            f"{d:02d}/{m:02d}/{y}",
            f"{d} {MON3[m - 1]} {y}",
            f"{_ordinal(d)} {MONTHS.split()[m - 1]} {y}",
            f"{d}-{MON3[m - 1].upper()}-{y}",
        ]
    )


def _dob_in(style: str) -> Callable[[random.Random], str]:
    """A birth date as a text in one language or system writes it."""

    def make(rng: random.Random) -> str:
        y, m, d = _day(rng)
        return {
            "cy": f"{d} {WELSH_MONTHS[m - 1]} {y}",
            "ga": f"{d} {IRISH[m - 1]} {y}",
            "eu": f"{y}ko {BASQUE[m - 1]} {d}a",
            "is": f"{d}. {ICELANDIC[m - 1]} {y}",
            "lv": f"{y}. gada {d}. {LATVIAN[m - 1]}",
            "jp": _japanese_era(y, m, d),
            "ko": f"{y}.{m:02d}.{d:02d}.",
            "de": f"{d:02d}.{m:02d}.{y}",
            "us": f"{m:02d}/{d:02d}/{y}",
            "iso": f"{y}-{m:02d}-{d:02d}",
            "isot": f"{y}-{m:02d}-{d:02d}T00:00:00Z",
            "hl7": f"{y}{m:02d}{d:02d}",
        }[style]

    return make


DOB_STYLES = ["cy", "ga", "eu", "is", "lv", "jp", "ko", "de", "us", "iso", "isot", "hl7"]


def old_birth_date(rng: random.Random) -> str:  # of someone aged 90 to 104
    y, m, d = rng.randint(1921, 1935), rng.randint(1, 12), rng.randint(1, 28)
    return rng.choice([f"{d:02d}/{m:02d}/{y}", f"{d} {MON3[m - 1]} {y}", f"{d:02d}.{m:02d}.{y}"])


def care_date(rng: random.Random) -> str:  # admission, discharge, call, transmission: recent
    y, m, d = rng.choice([2025, 2026]), rng.randint(1, 12), rng.randint(1, 28)
    return rng.choice(
        [
            f"{d:02d}/{m:02d}/{y}",
            f"{d:02d}-{m:02d}-{y}",
            f"{d} {MONTHS.split()[m - 1]}",
            f"{d}/{m}",
            f"{MON3[m - 1]} {d} {y}",
            f"{y}.{m:02d}.{d:02d}.",
        ]
    )


def nhs_number(rng: random.Random) -> str:
    while True:
        body = str(rng.randint(4, 7)) + _n(rng, 8)
        check = 11 - sum(int(c) * w for c, w in zip(body, range(10, 1, -1), strict=True)) % 11
        if check != 10:
            raw = body + str(check % 11)
            return rng.choice(
                [f"{raw[:3]} {raw[3:6]} {raw[6:]}", raw, f"{raw[:3]}-{raw[3:6]}-{raw[6:]}"]
            )


def iban(rng: random.Random) -> str:
    country, body = rng.choice(
        [
            ("IS", _n(rng, 22)),
            ("PT", _n(rng, 21)),
            ("AT", _n(rng, 16)),
            ("IE", upper_letters(rng, 4) + _n(rng, 14)),
            ("FI", _n(rng, 14)),
            ("EE", _n(rng, 16)),
        ]
    )
    moved = body + country + "00"
    check = 98 - int("".join(str(int(c, 36)) for c in moved)) % 97
    raw = f"{country}{check:02d}{body}"
    return rng.choice([raw, " ".join(raw[i : i + 4] for i in range(0, len(raw), 4))])


def account(rng: random.Random) -> str:
    return rng.choice(
        [
            digits(rng, 8),  # UK, after a sort code the template writes
            f"{digits(rng, 4)} {_n(rng, 4)}",  # Australian, after a BSB
            f"{digits(rng, 9)}",  # toll (407 ETR, Linkt)
            f"{digits(rng, 10)}",  # a German Kundennummer
            iban(rng),
        ]
    )


SPAIN_LETTERS = "TRWAGMYFPDXBNJZSQVHLCKE"


def spanish_licence(rng: random.Random) -> str:  # the holder's DNI with its check letter
    dni = rng.randint(10_000_000, 79_999_999)
    return f"{dni}{SPAIN_LETTERS[dni % 23]}"


def driver_licence(rng: random.Random) -> str:
    y = rng.randint(2005, 2022)
    return rng.choice(
        [
            digits(rng, 7),  # BC
            f"{_n(rng, 6)}-{_n(rng, 3)}",  # Alberta
            f"{_n(rng, 3)} {_n(rng, 3)} {_n(rng, 3)}",  # Victoria
            f"{_n(rng, 2)}{upper_letters(rng, 2)}{_n(rng, 5)}",  # French permis (old style)
            f"{upper_letters(rng, 1)}{_n(rng, 3)}{upper_letters(rng, 3)}{_n(rng, 1)}"
            f"{upper_letters(rng, 1)}{_n(rng, 2)}",  # German Führerschein
            spanish_licence(rng),
            f"TS{_n(rng, 2)}{y}{_n(rng, 7)}",  # Telangana
        ]
    )


def _plates(rng: random.Random) -> dict[str, list[str]]:
    """One plate of each shape, by where it is issued."""
    up = upper_letters
    return {
        "uk": [
            f"{up(rng, 2)}{_n(rng, 2)} {up(rng, 3)}",
            f"{up(rng, 2)}{_n(rng, 2)}{up(rng, 3)}",  # as ANPR reads it
        ],
        "europe": [
            f"{rng.choice(['W', 'G', 'L', 'S'])}-{digits(rng, 5)}{up(rng, 1)}",  # Austria
            f"LJ {up(rng, 1)}{_n(rng, 1)}-{_n(rng, 2)}{up(rng, 1)}",  # Slovenia
            f"{rng.choice(['ZG', 'ST', 'RI', 'OS'])} {digits(rng, 4)}-{up(rng, 2)}",  # Croatia
            f"{rng.choice(['BG', 'NS', 'NI'])} {digits(rng, 3)}-{up(rng, 2)}",  # Serbia
            f"{up(rng, 2)}{rng.choice(['-', ' '])}{_n(rng, 3)}",  # Iceland
            f"{up(rng, 2)} {digits(rng, 4)}",  # Luxembourg
        ],
        "canada": [
            f"{up(rng, 2)}{_n(rng, 1)} {_n(rng, 2)}{up(rng, 1)}",  # British Columbia
            f"{up(rng, 3)}-{_n(rng, 4)}",  # Alberta
        ],
        "australia": [
            f"{_n(rng, 1)}{up(rng, 2)}{_n(rng, 1)}{up(rng, 2)}",  # Victoria
            f"{_n(rng, 3)}{up(rng, 3)}",  # Queensland
        ],
        "asia": [
            f"S{up(rng, 2)} {digits(rng, 4)} {up(rng, 1)}",  # Singapore
            f"{up(rng, 2)} {digits(rng, 4)}",  # Hong Kong
            f"{up(rng, 3)}-{_n(rng, 4)}",  # Taiwan
            f"{up(rng, 3)}-{_n(rng, 2)}-{digits(rng, 4)}",  # Pakistan
            f"{rng.choice(['WP', 'CP', 'SP'])} {up(rng, 3)}-{_n(rng, 4)}",  # Sri Lanka
        ],
    }


def plate(rng: random.Random) -> str:
    return rng.choice([shape for shapes in _plates(rng).values() for shape in shapes])


def plate_of(where: str) -> Callable[[random.Random], str]:
    return lambda rng: rng.choice(_plates(rng)[where])


def imei(rng: random.Random) -> str:
    raw = _luhn(rng.choice(["35", "86", "01", "35"]) + _n(rng, 12))
    return rng.choice(
        [raw, raw, f"{raw[:8]}-{raw[8:14]}-{raw[14]}", f"{raw[:5]} {raw[5:10]} {raw[10:]}"]
    )


ALNUM = "0123456789ABCDEFGHJKLMNPQRSTUVWXYZ"


def phone(rng: random.Random) -> str:
    canada = rng.choice([306, 506, 709, 403, 604, 819, 867])
    return rng.choice(
        [
            f"07700 900{_n(rng, 3)}",
            f"+44 7700 900{_n(rng, 3)}",
            f"020 7946 0{_n(rng, 3)}",
            f"029 2018 0{_n(rng, 3)}",
            f"({canada}) {rng.randint(200, 989)}-{_n(rng, 4)}",
            f"{canada}-{rng.randint(200, 989)}-{_n(rng, 4)}",
            f"(0{rng.choice([2, 3, 7, 8])}) 9{_n(rng, 3)} {_n(rng, 4)}",  # Australian landline
        ]
    )


def intl(rng: random.Random) -> str:
    return rng.choice(
        [
            f"+354 {rng.choice(['6', '7', '8'])}{_n(rng, 2)} {_n(rng, 4)}",
            f"+43 664 {_n(rng, 7)}",
            f"+351 91{_n(rng, 1)} {_n(rng, 3)} {_n(rng, 3)}",
            f"+34 6{_n(rng, 2)} {_n(rng, 2)} {_n(rng, 2)} {_n(rng, 2)}",
            f"+81 90-{_n(rng, 4)}-{_n(rng, 4)}",
            f"+856 20 5{_n(rng, 3)} {_n(rng, 4)}",
            f"+1 {rng.choice([306, 506, 709])} {rng.randint(200, 989)} {_n(rng, 4)}",
            f"9{rng.randint(1, 9)}{_n(rng, 3)} {_n(rng, 5)}",  # Indian mobile, no +91
        ]
    )


def e164(rng: random.Random) -> str:  # SIP and CDR: digits only, a plus or none
    raw = rng.choice(
        [
            f"447700900{_n(rng, 3)}",
            f"3546{_n(rng, 6)}",
            f"43664{_n(rng, 7)}",
            f"1{rng.choice([306, 604, 819])}{rng.randint(200, 989)}{_n(rng, 4)}",
            f"8190{_n(rng, 8)}",
        ]
    )
    return rng.choice([raw, "+" + raw])


def fax(rng: random.Random) -> str:
    canada = rng.choice([306, 506, 709, 403, 604])
    return rng.choice(
        [
            f"020 7946 1{_n(rng, 3)}",
            f"0113 496 0{_n(rng, 3)}",
            f"({canada}) {rng.randint(200, 989)}-{_n(rng, 4)}",
            f"+44 161 496 0{_n(rng, 3)}",
        ]
    )


def ssn(rng: random.Random) -> str:
    area = rng.choice([a for a in range(1, 900) if a != 666])
    raw = f"{area:03d}{rng.randint(1, 99):02d}{rng.randint(1, 9999):04d}"
    return rng.choice([f"{raw[:3]}-{raw[3:5]}-{raw[5:]}", raw, f"{raw[:3]} {raw[3:5]} {raw[5:]}"])


def public_v4(rng: random.Random) -> str:
    a = rng.choice([5, 31, 51, 81, 86, 90, 109, 145, 176, 185, 193, 213, 217, 142, 99, 121])
    return f"{a}.{rng.randint(0, 255)}.{rng.randint(0, 255)}.{rng.randint(1, 254)}"


def ip(rng: random.Random) -> str:
    if rng.random() < 0.75:
        return public_v4(rng)
    prefix = rng.choice(
        ["2a00:23c7", "2a02:c7c", "2001:56a", "2001:8003", "2400:4050", "2a01:cb19"]
    )
    site, *host = (f"{rng.randint(1, 0xFFFF):x}" for _ in range(5))
    return f"{prefix}:{site}:0:{':'.join(host)}"  # eight groups: the home LAN is subnet 0


def card(rng: random.Random) -> str:
    prefix, length = rng.choice(
        [("4", 16), ("4970", 16), ("51", 16), ("54", 16), ("2221", 16), ("37", 15), ("6011", 16)]
    )
    raw = _luhn(prefix + "".join(rng.choices("0123456789", k=length - len(prefix) - 1)))
    if length == 15:
        return rng.choice([raw, f"{raw[:4]} {raw[4:10]} {raw[10:]}"])
    return rng.choice([raw, " ".join(raw[i : i + 4] for i in range(0, 16, 4))])


def zip_code(rng: random.Random) -> str:
    return f"{rng.randint(1001, 99950):05d}"


def semver(rng: random.Random) -> str:
    return f"{rng.randint(1, 9)}.{rng.randint(0, 60)}.{rng.randint(0, 12)}"


def app_version(rng: random.Random) -> str:  # a release with its build number
    return (
        f"{rng.randint(2, 6)}.{rng.randint(0, 40)}.{rng.randint(0, 3)} ({rng.randint(1000, 9999)})"
    )


def os_version(rng: random.Random) -> str:
    month, day = rng.randint(1, 12), rng.randint(1, 28)
    return rng.choice(
        [
            f"iOS 17.{rng.randint(0, 6)}.{rng.randint(0, 1)}",
            f"Android 14 (UP1A.23{month:02d}{day:02d}.0{rng.randint(10, 99)})",
            f"Windows 11 23H2 (22631.{rng.randint(2000, 4000)})",
        ]
    )


def firmware(rng: random.Random) -> str:
    return f"{rng.randint(1, 5)}.{rng.randint(0, 20)}.{rng.randint(0, 99)}.{rng.randint(0, 9)}"


def release(rng: random.Random) -> str:
    y, m, d = rng.choice([2023, 2024, 2025]), rng.randint(1, 12), rng.randint(1, 28)
    return rng.choice([f"{d} {MONTHS.split()[m - 1]} {y}", f"{y}-{m:02d}-{d:02d}"])


def sha(rng: random.Random) -> str:
    return "".join(rng.choices("0123456789abcdef", k=rng.choice([7, 40])))


def object_uuid(rng: random.Random) -> str:
    return str(uuid.UUID(int=rng.getrandbits(128), version=4))


def stripe_id(rng: random.Random) -> str:
    body = "".join(
        rng.choices("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz", k=24)
    )
    return f"{rng.choice(['evt', 'ch', 'dp', 'pi', 'in'])}_{body}"


def masked(rng: random.Random) -> str:
    return rng.choice(
        [
            f"**** **** **** {_n(rng, 4)}",
            f"XXXX XXXX {_n(rng, 4)}",  # a masked Aadhaar
            f"ending {_n(rng, 4)}",
        ]
    )


def tracking(rng: random.Random) -> str:
    return rng.choice(
        [
            f"{upper_letters(rng, 2)}{_n(rng, 9)}GB",  # Royal Mail
            f"1Z{''.join(rng.choices(ALNUM, k=16))}",
        ]
    )


def _strip(value: str) -> str:
    return strip_accents(value)


def _pick(rng: random.Random, *choices: str) -> str:
    return rng.choice(choices)


HEALTH_CARDS: dict[str, Callable[[random.Random], str]] = {
    "sk": lambda r: f"{_n(r, 3)} {_n(r, 3)} {_n(r, 3)}",  # Saskatchewan HSN
    "nb": lambda r: _pick(r, f"{_n(r, 3)}-{_n(r, 3)}-{_n(r, 3)}", digits(r, 9)),  # NB Medicare
    "nl": lambda r: f"{_n(r, 3)} {_n(r, 3)} {_n(r, 3)} {_n(r, 3)}",  # Newfoundland MCP
    "dva": lambda r: f"{r.choice('NVQWST')}X{_n(r, 6)}",  # DVA file number
    "ehic": lambda r: f"80{r.choice(['276', '250', '724', '620', '372'])}{_n(r, 15)}",
    "sns": lambda r: _pick(r, digits(r, 9), f"{digits(r, 3)} {_n(r, 3)} {_n(r, 3)}"),
    "bupa": lambda r: digits(r, 8),
    "esic": lambda r: digits(r, 10),
    "pmjay": lambda r: f"PMJAY{upper_letters(r, 2)}{_n(r, 7)}",
}
RECORD_NUMBERS: dict[str, Callable[[random.Random], str]] = {
    "trust": lambda r: f"RX{upper_letters(r, 1)}{_n(r, 7)}",  # an NHS trust's hospital number
    "ipp": lambda r: f"80{_n(r, 8)}",  # French IPP
    "nhc": lambda r: digits(r, 6),  # Spanish historia clínica
    "processo": lambda r: digits(r, 7),
    "ipno": lambda r: f"IP/{r.choice([2025, 2026])}/{_n(r, 6)}",  # Indian inpatient number
    "karte": lambda r: f"{_n(r, 4)}-{_n(r, 4)}",  # Japanese karte number
}
SERIALS: dict[str, Callable[[random.Random], str]] = {
    "dexcom": lambda r: _pick(r, f"8G{''.join(r.choices(ALNUM, k=4))}", digits(r, 12)),
    "pod": lambda r: f"OP{_n(r, 9)}",
    "pacer": lambda r: f"{r.choice(['RNB', 'PJN', 'SPH'])}{_n(r, 6)}{r.choice('SGH')}",
    "apple": lambda r: "".join(r.choices(ALNUM, k=10)),
    "pixel": lambda r: (
        f"{_n(r, 2)}{r.choice(['05', '11', '15'])}1FDH{_n(r, 4)}{upper_letters(r, 2)}"
    ),
    "galaxy": lambda r: f"R5{r.choice(['CW', 'CT', 'GL'])}{''.join(r.choices(ALNUM, k=7))}",
    "ciscophone": lambda r: f"FCH{_n(r, 4)}{''.join(r.choices(ALNUM, k=4))}",
    "tcu": lambda r: f"TCU{_n(r, 2)}-{''.join(r.choices(ALNUM, k=8))}",
}


def health_card(rng: random.Random) -> str:
    if rng.random() < 0.3:
        return nhs_number(rng)
    return rng.choice(list(HEALTH_CARDS.values()))(rng)


def record_number(rng: random.Random) -> str:
    return rng.choice(list(RECORD_NUMBERS.values()))(rng)


def serial(rng: random.Random) -> str:
    return rng.choice(list(SERIALS.values()))(rng)


def handset(rng: random.Random) -> str:  # what an MDM lists for a phone
    return SERIALS[rng.choice(["apple", "pixel", "galaxy"])](rng)


def uk_phone(rng: random.Random) -> str:
    return rng.choice(
        [
            f"07700 900{_n(rng, 3)}",
            f"+44 7700 900{_n(rng, 3)}",
            f"020 7946 0{_n(rng, 3)}",
            f"029 2018 0{_n(rng, 3)}",
        ]
    )


def ca_phone(rng: random.Random) -> str:
    area = rng.choice([306, 506, 709, 403, 604, 819, 867])
    return rng.choice(
        [
            f"({area}) {rng.randint(200, 989)}-{_n(rng, 4)}",
            f"{area}-{rng.randint(200, 989)}-{_n(rng, 4)}",
        ]
    )


def au_phone(rng: random.Random) -> str:
    return rng.choice(
        [
            f"(0{rng.choice([2, 3, 7, 8])}) 9{_n(rng, 3)} {_n(rng, 4)}",
            f"04{_n(rng, 2)} {_n(rng, 3)} {_n(rng, 3)}",
        ]
    )


def day_month_year(rng: random.Random) -> str:
    y, m, d = _day(rng)
    return f"{d:02d}/{m:02d}/{y}"


FILLERS: dict[str, Filler] = {
    "name": ("PERSON", name),
    "first": ("PERSON", lambda r: r.choice(FIRST)),
    "last": ("PERSON", lambda r: r.choice(LAST)),
    "lowfirst": ("PERSON", lambda r: r.choice(FIRST).lower()),
    "lowname": ("PERSON", lambda r: name(r).lower()),
    "nick": ("PERSON", lambda r: r.choice(NICKNAMES)),
    "lownick": ("PERSON", lambda r: r.choice(NICKNAMES).lower()),
    "lastcomma": ("PERSON", lambda r: f"{_strip(r.choice(LAST)).upper()}, {r.choice(FIRST)}"),
    "capsname": ("PERSON", lambda r: _strip(name(r)).upper()),
    "asian": ("PERSON", lambda r: r.choice(EAST_ASIAN)),
    "wordname": ("PERSON", lambda r: r.choice(WORD_NAMED)),
    "foldname": ("PERSON", lambda r: _strip(name(r))),
    "initlast": ("PERSON", lambda r: f"{ascii_fold(r.choice(FIRST))[0]}. {r.choice(LAST)}"),
    "user": ("USERNAME", user),
    "email": ("EMAIL_ADDRESS", email),
    "purl": ("PERSONAL_URL", purl),
    "dob": ("PERSONAL_DATE", birth_date),
    **{f"{style}dob": ("PERSONAL_DATE", _dob_in(style)) for style in DOB_STYLES},
    "visit": ("PERSONAL_DATE", care_date),
    "old": ("AGE_OVER_89", lambda r: str(r.randint(90, 104))),
    "mrn": ("MEDICAL_RECORD_NUMBER", record_number),
    "plan": ("HEALTH_PLAN_ID", health_card),
    "mdm": ("DEVICE_SERIAL", handset),
    "nhs": ("HEALTH_PLAN_ID", nhs_number),
    "acct": ("ACCOUNT_NUMBER", account),
    "ukacct": ("ACCOUNT_NUMBER", lambda r: digits(r, 8)),
    "iban": ("ACCOUNT_NUMBER", iban),
    "lic": ("LICENSE_NUMBER", driver_licence),
    "vin": ("VIN", vin),
    "plate": ("LICENSE_PLATE", plate),
    "imei": ("IMEI", imei),
    "serial": ("DEVICE_SERIAL", serial),
    "zip": ("ZIP_CODE", zip_code),
    "ssn": ("US_SSN", ssn),
    "ip": ("IP_ADDRESS", ip),
    "ip4": ("IP_ADDRESS", public_v4),
    "card": ("CREDIT_CARD", card),
    "phone": ("PHONE_NUMBER", phone),
    "intl": ("PHONE_NUMBER", intl),
    "e164": ("PHONE_NUMBER", e164),
    "fax": ("FAX_NUMBER", fax),
    "ukphone": ("PHONE_NUMBER", uk_phone),
    "caphone": ("PHONE_NUMBER", ca_phone),
    "auphone": ("PHONE_NUMBER", au_phone),
    "dmydob": ("PERSONAL_DATE", day_month_year),
    "eslic": ("LICENSE_NUMBER", spanish_licence),
    "kunde": ("ACCOUNT_NUMBER", lambda r: digits(r, 10)),
    "tollacct": ("ACCOUNT_NUMBER", lambda r: digits(r, 9)),
    "bsbacct": ("ACCOUNT_NUMBER", lambda r: f"{digits(r, 4)} {_n(r, 4)}"),
    **{key: ("HEALTH_PLAN_ID", make) for key, make in HEALTH_CARDS.items()},
    **{key: ("MEDICAL_RECORD_NUMBER", make) for key, make in RECORD_NUMBERS.items()},
    **{key: ("DEVICE_SERIAL", make) for key, make in SERIALS.items()},
    "ukplate": ("LICENSE_PLATE", plate_of("uk")),
    "caplate": ("LICENSE_PLATE", plate_of("canada")),
    "auplate": ("LICENSE_PLATE", plate_of("australia")),
    # hard negatives
    "drug": (None, lambda r: r.choice(DRUGS)),
    "insulin": (None, lambda r: r.choice(INSULINS)),
    "eponym": (None, lambda r: r.choice(EPONYMS)),
    "heart": (None, lambda r: r.choice(HEART)),
    "tool": (None, lambda r: r.choice(TOOLS)),
    "hospital": (None, lambda r: r.choice(HOSPITALS)),
    "company": (None, lambda r: r.choice(COMPANIES)),
    "car": (None, lambda r: r.choice(CARS)),
    "figure": (None, lambda r: r.choice(FIGURES)),
    "metaip": (None, lambda r: r.choice(META_IPS)),
    "resolver": (None, lambda r: r.choice(RESOLVER_IPS)),
    "bot": (None, lambda r: r.choice(BOTS)),
    "version": (None, semver),
    "appver": (None, app_version),
    "osver": (None, os_version),
    "fw": (None, firmware),
    "carmaker": (None, lambda r: r.choice(CAR_MAKERS)),
    "lanip": (None, lambda r: r.choice(LAN_IPS)),
    "order": (None, lambda r: f"ORD-{r.randint(100000, 999999)}"),
    "pcn": (None, lambda r: f"{upper_letters(r, 2)}{_n(r, 8)}"),
    "sats": (None, lambda r: str(r.randint(90, 99))),  # SpO2, uptime: percentages, not ages
    "olddob": ("PERSONAL_DATE", old_birth_date),
    "usphone": (
        "PHONE_NUMBER",
        lambda r: f"+1{r.randint(201, 989)}{r.randint(200, 989)}{_n(r, 4)}",
    ),
    "gphc": ("LICENSE_NUMBER", lambda r: f"GPhC {digits(r, 7)}"),
    "hcpc": ("LICENSE_NUMBER", lambda r: f"HCPC PA{_n(r, 6)}"),
    "ahpra": ("LICENSE_NUMBER", lambda r: f"{r.choice(['MED', 'NMW'])}{_n(r, 10)}"),
    "cpso": ("LICENSE_NUMBER", lambda r: f"CPSO #{digits(r, 5)}"),
    "phdl": ("LICENSE_NUMBER", lambda r: f"PHDL {digits(r, 6)}"),
    "release": (None, release),
    "sha": (None, sha),
    "uuid": (None, object_uuid),
    "stripeid": (None, stripe_id),
    "masked": (None, masked),
    "tracking": (None, tracking),
    "young": (None, lambda r: str(r.randint(16, 89))),
    "reading": (None, lambda r: str(r.randint(90, 104))),  # glucose, eGFR, counts: not ages
    "secs": (None, lambda r: str(r.randint(3, 3600))),
    "runid": (None, lambda r: str(r.randint(6_000_000_000, 9_999_999_999))),
    "jira": (None, lambda r: f"{r.choice(['JSM', 'ITSD', 'HR', 'FLEET'])}-{r.randint(10, 9999)}"),
    "units": (None, lambda r: f"{r.randint(2, 40)} units"),
    "count": (None, lambda r: str(r.randint(10000, 99999))),
}
CHAT = [
    # Jira Service Management
    "ITSD-{count} · Lost device · Reporter: {name}\nLaptop serial {apple} (Jamf), work phone "
    "IMEI {imei}. Please wipe both. Reach me on {phone} until the replacement arrives.",
    "JSM portal · Request type: Access · Raised by {user} on behalf of {name} (starts "
    "{visit})\nNeeds: Okta, Zuul, read on the {tool} dashboards. Approver: {initlast}",
    "[{jira}] {lowname} commented: cheers, the VPN works again from home ({ip}). closing.",
    # Zoom / Meet transcripts
    "00:02:14 {name}: right, can everyone see my screen?\n00:02:19 {first}: yep\n"
    "00:02:31 {name}: so the chargeback from {company} came in on the 3rd",
    "WEBVTT\n\n00:00:05.120 --> 00:00:08.900\n{name}: Hi, it's {first}, I'm dialling in from "
    "{intl} because the app keeps dropping me.",
    "Meet transcript — {lowname}: so my nan is {old} next week and she still does "
    "her own online banking, bless her\n{lowfirst}: ha, fair play",
    "Zoom chat · From {name} to Everyone: my direct line is {phone} if the breakout room "
    "kicks me out again",
    # GDPR subject-access requests, EU-language fragments
    "Subject: Subject access request under Article 15 GDPR\n\nI, {name}, born {dob}, request "
    "a copy of all personal data you hold on me, including the IP addresses (I use {ip}) and "
    "my customer number {acct}. Reply to {email}.",
    "SAR-{count} logged. Requester {lastcomma}; ID verified by passport; identity email "
    "{email}. Deadline one month from receipt. DPO cc'd; {eponym} not needed (adult).",
    "Kundin {name} (geb. {dedob}) schreibt: 'Bitte löschen Sie alle meine Daten.' — EN summary: "
    "erasure request, Kundennummer {kunde}, Rückruf unter {intl}.",
    "Ticket FR: « Bonjour, je suis {name}, mon compte est bloqué depuis la mise à jour "
    "{appver}. Mon IBAN est {iban}, merci de ne pas prélever deux fois. »",
    "ES → EN: 'Hola, soy {first}, alquilé el coche con matrícula {plate} y me cobraron una "
    "multa. Mi carnet de conducir es {eslic}.' Agent: refund pending.",
    "PT: 'Olá, o meu nome é {name}, telemóvel {intl}. Nasci a {dmydob} e o número de utente é "
    "{sns}.' – forwarded to the Lisbon clinic team.",
    # LinkedIn recruiter / ATS
    "InMail from recruiter: Hi {first}, saw your profile ({purl}) and your talk on {tool}; "
    "would you be open to a chat? — {name}, Talent, {company}",
    "Greenhouse · Candidate: {name} · Email: {email} · Phone: {phone} · Source: LinkedIn "
    "· Stage: Onsite · Owner: {initlast}",
    "Background check (US hire): {lastcomma}, SSN {ssn}, DOB {usdob}, current ZIP {zip}. "
    "Consent form signed {visit}.",
    "Lever note: {lowfirst} asked us to use her portfolio {purl} instead of the CV; she "
    "relocates from Reykjavík, mobile {intl}.",
    # LMS
    "Canvas inbox — {name}: sorry I missed the quiz, I was at {hospital} with my "
    "grandad (he's {old}). Can I resit? My login is {user}.",
    "Moodle forum post by {lownick}: anyone know if the essay on {figure} needs Harvard "
    "referencing?? due {release} apparently",
    # call-centre, card disputes, PayPal
    "Agent notes: caller {name}, verified on DOB {dob} and postcode; account {acct}. "
    "Disputes a charge on card {card}. Callback {phone}.",
    "Chargeback note (dispute {stripeid}): cardholder {name} says she never got the "
    "goods; tracking {tracking} shows delivered. Card on file {masked}.",
    "PayPal case: buyer {email} paid from {ip}; seller says the buyer is {name}. Asked "
    "for the shipping ZIP ({zip}) to match.",
    # car sharing, parking, tolls
    "Car-share damage report: member {name} (licence {lic}) returned {car} reg {plate} "
    "with a scratched bumper. VIN {vin}.",
    "Parking appeal — PCN {pcn} issued to {ukplate} at 09:14. Keeper {name} says she was loading "
    "her mum ({old}) and her wheelchair. Contact {email}.",
    "407 ETR statement enquiry: account {tollacct}, transponder on plate {caplate}, holder "
    "{lastcomma}. Call back {caphone}.",
    "Linkt toll notice for {auplate}; account holder {name} disputes the admin fee on "
    "notice {order}.",
    # chats with names of many cultures
    "thanks {lowfirst}!! and tell {lownick} the cake was amazing",
    "Sent from my iPhone\n\n-- \n{name}\n{phone}\n{purl}",
    "{wordname} {last} here, covering for {first} this week — ping me, not the shared inbox.",
    "fwd from {asian}: the contract scan is attached; my Japanese mobile is {intl}.",
    "hey {nick}, can you add {name} to the fleet channel? her work phone is {phone}",
    "Welsh-language request: 'Bore da, {first} ydw i, rwy'n {old} oed' — "
    "caller asked for a Welsh-speaking agent.",
    "HR-{count} US onboarding: new hire {name} gave SSN {ssn} on the I-9 call; stored in "
    "Workday only, not in this ticket from now on.",
    "Card dispute by phone: customer read out the full number {card}; agent {initlast} "
    "masked it in the CRM after the call.",
    "TfL private-hire complaint: driver {name}, {phdl}, vehicle {ukplate}; passenger "
    "{lowname} left her phone in the car (IMEI {imei}).",
    "Gaeltacht line (GA→EN): 'Is mise {name}, rugadh mé ar {gadob}.' Wants her "
    "prescription letters in Irish; mobile {intl}.",
    "Osakidetza referral (EU→EN): {name}, jaio zen {eudob}; ama {first} zaintzailea.",
    "Icelandic passport copy: {name}, fædd {isdob}; email {email}.",
    "LV → EN: '{name}, dzimusi {lvdob}', asks to move her appointment; tel. {intl}.",
    "Korean ARC scan: {asian}, DOB {kodob}, plate of the rental {plate}.",
    # hard negatives only
    "Zoom recording policy: transcripts auto-delete after {young} days; {tool} posts the links.",
    "Meet tip: use the Q&A panel; the {figure} fireside chat is recorded.",
    "Car-share fleet: {young} {car}s out of service; VIN recalls handled by {carmaker}.",
    "Parking ops: {young} PCNs cancelled on appeal this month, mostly blue-badge holders.",
    "PayPal holds release after {young} days; dispute {stripeid} resolved in our favour.",
    "ATS migration done on {release}; {young} candidates moved, {bot} disabled.",
    "Pearl barley and olive oil are on the canteen menu; air miles raffle at 4.",
    "Lloyds card reader firmware {fw} fixes the chip and PIN timeout.",
    "Moodle quiz window 90 minutes; late penalty 10% per day; course {jira}.",
    "Agent macro: we can't discuss another person's account without their consent, even a "
    "spouse's. Reference {jira}.",
    "Recruiting sync: {young} applicants this week; the {tool} role closes {release}.",
    "LMS outage {release}: Canvas back after {secs}s; no grades lost; ticket {jira}.",
    "Toll FAQ: tags for {company} cars register on first pass; tag order {count}.",
    "SAR stats: {young} requests in Q3, median {young} days; none overdue.",
    "Chargebacks down {young}%: {stripeid} and {stripeid} were duplicates.",
    "Welsh-language line staffed 9-5; {young} callers used it last week.",
    "Reminder from facilities: {figure} portrait is going back up in the atrium.",
    "Reminder: the carol service is on Thursday; air miles vouchers are in the kitchen.",
    "Order {tracking} shipped; ticket {jira} closed; refund id {stripeid}.",
    "Please don't store full Aadhaar numbers, only {masked}. Same for cards: {masked}.",
    "Fleet update: the {car} pool cars go for service at the {carmaker} dealer on {release}.",
    "Quiz feedback: the essay on {figure} scored 74/100; the {figure} one scored 92/100.",
    "We're at a cliff edge with the {company} contract; olive oil supplier also late.",
    "Agent tip: chip and PIN disputes go to tier 2; {company} disputes to the fraud queue.",
    "Jade plant in reception needs water; the sandy soil bags are in the store room.",
    "Call volume up {young}% after the {osver} update; average handle time {secs}s.",
    "Parking: visitor bays are free for 90 minutes; {reading} spaces on level 2.",
]
CLINICAL = [
    # NHS GP letters, 111, discharge
    "Dear Dr {last},\nRe: {name}, DOB {olddob}, NHS No {nhs}, Hospital No {trust}\nThank you for "
    "seeing this {old}-year-old lady with recurrent falls. She takes {drug} and {drug}.",
    "NHS 111 call {visit} 02:14 — caller {lowname} (granddaughter) re: {name}, aged {old}, "
    "confused since evening. Call-back {ukphone}. Disposition: ED within 1 hr.",
    "111 clinical note: pt {first} {young}y, chest pain 20 mins, {eponym} n/a; ambulance "
    "cat 2. Caller's number {ukphone}.",
    "DISCHARGE SUMMARY — {hospital}\nPatient: {lastcomma}   NHS number: {nhs}\nAdmitted "
    "{visit}   Discharged {visit}\nConsultant: Dr {name}. GP: Dr {last}, fax {fax}.",
    "TTO: {drug} 30/500 two tablets QDS PRN; {drug} 10 mg OD. Pharmacist {name}, {gphc}.",
    "Safeguarding: {eponym} documented. Pt lives with partner {name}.",
    # Canada
    "Saskatchewan HSN {sk}; pt {name}, DOB {dob}; family doctor Dr {last} (CPSS); fax "
    "results to {fax}.",
    "Walk-in clinic, Moncton: {name}, NB Medicare {nb}, phone {caphone}. Seen {visit}, "
    "{young} y/o with sinusitis.",
    "Newfoundland MCP {nl}. Patient {lastcomma}, {old} yrs, referred from Ontario by Dr "
    "{name}, {cpso}.",
    # Australia
    "Medicare card holder {name}, DVA Gold Card {dva}, IHI on file; GP {initlast} "
    "(AHPRA {ahpra}); phone {auphone}.",
    "Aged care assessment: {name} ({old}), lives in Ballarat with daughter {first}; DVA "
    "file no. {dva}. Next review {visit}.",
    # India
    "PATIENT REGISTRATION FORM\nName: {capsname}   Age: {old} Yrs   Sex: F\nIP No.: {ipno}   "
    "Aadhaar: {masked}   PM-JAY ID: {pmjay}\nMobile: {intl}   Attendant: {name}",
    "Discharge card — {hospital}\nPatient {name}, DOB {dob}, ESIC IP No. {esic}; "
    "consultant Dr {name}; vehicle for pick-up {plate}.",
    # EU fragments
    "Arztbrief (DE→EN): Patientin {name}, geb. {olddob}, {old} Jahre alt, wohnhaft mit "
    "Tochter {first}. Dauermedikation: {drug}.",
    "Compte rendu: M. {last} {first}, IPP {ipp}, né le {dmydob}; médecin traitant Dr {name}.",
    "Informe de alta: paciente {name}, NHC {nhc}, {old} años; tel. {intl}.",
    "Processo n.º {processo} — utente {name}, {old} anos, SNS {sns}; contacto {intl}.",
    "Japan clinic referral: {asian} ({jpdob}), karte {karte}; contact {intl}.",
    # CGM, pumps, pacemakers
    "Dexcom Clarity clinic export — patient {lastcomma}, DOB {dob}, transmitter/sensor "
    "{dexcom}; 14-day TIR 71%, mean glucose {reading} mg/dL.",
    "Omnipod 5 PDM {pod} paired to {name}'s phone (IMEI {imei}); basal 0.9 U/h, "
    "{insulin} {units} with meals.",
    "Remote monitoring transmission {visit}: {name}, pacemaker SN {pacer}, battery 9.1 "
    "yrs, {heart} noted. Clinic phone {ukphone}.",
    "Device clinic: {first} {last}'s ICD serial {pacer} re-registered after the home hub "
    "moved to her son {name}'s house.",
    "Pump download: owner {foldname}; serial {pod}; uploaded from {ip}; last bolus "
    "{units} of {insulin}.",
    "CGM alert to carer {nick} ({phone}): {name} low at 3.1 mmol/L, {sats}% sensor uptime.",
    "Private patient (Bupa membership {bupa}): {name}, DOB {dob}; self-referral; GP Dr "
    "{last} informed by letter.",
    "Urgencias (ES→EN): German tourist {name}, EHIC {ehic}, {old} años; daughter {first} "
    "reachable on {intl}.",
    "Llythyr (CY→EN): Annwyl Dr {last}, ynglŷn â {name}, dyddiad geni {cydob}, rhif GIG "
    "{nhs}. Welsh-language letter requested by the patient.",
    "Crew: paramedic {name}, {hcpc}; pt {first}, {old}, conveyed to {hospital}; NOK "
    "{lowname} on {ukphone}.",
    "Occupational health (US staff): {name}, SSN {ssn}, flu shot {visit}.",
    "Referral letter faxed from the surgery ({fax}) on behalf of Dr {last}.",
    "GP practice fax {fax} is monitored 9-5; urgent referrals by phone to {ukphone}.",
    # hard negatives only
    "Renal clinic: eGFR {reading}; {drug} dose unchanged; review at {hospital}.",
    "Cardiology: {heart}; {heart}; device check next at {hospital}.",
    "CGM training session {release}: {young} patients, {insulin} pens demonstrated.",
    "District nurses: {young} visits today, {reading} minutes travel; {company} car pool.",
    "Pacemaker follow-up backlog {young} patients; remote hub firmware {fw}.",
    "Care home outbreak: {young} residents tested, aged 64 to 89; none admitted.",
    "Maternity: 90-minute skin-to-skin; {drug} not given; Apgar 9.",
    "Medicines reconciliation: {drug}, {drug}, {insulin} {units} nocte; allergies NKDA.",
    "Ward round: {young} beds open at {hospital}; {eponym} documented for bed 12.",
    "Insulin pump clinic: {insulin} U-100 vials, {units} a day on average; next batch due "
    "{release}.",
    "Remote monitoring queue: {reading} transmissions reviewed, {heart} in 3, none urgent.",
    "Pharmacy stock: {drug} and {drug} short; Zoely back in stock {release}.",
    "Triage: {young}-year-old with {sats}% sats, {drug} given, {secs} s to needle.",
    "Clinic letter template v{version}; Caldicott audit passed; fax line retired.",
    "Ambulance handover delays averaged {secs} s at {hospital} this week.",
    "Teaching: {figure} and the founding of the NHS; {eponym} case discussion at 1 pm.",
    "Obs: SpO2 {sats}% on air, HR {reading}, glucose 6.{young} mmol/L, NEWS2 1.",
    "Plan: continue {drug}; {insulin} {units} at night; review {eponym} at {hospital}.",
    "{heart} on Holter; {eponym}; no pacing indication per {figure} lecture notes (joke).",
    "Pt is {young}; GCS 15; {drug} held; {young} minutes of observation.",
    "Audit: {reading} of 104 letters met the 7-day standard; {hospital} best performer.",
    "Discharge lounge: transport via {company} ambulance contract, pick-up 14:30.",
    "Dietitian: olive oil and pearl barley fine; {drug} timing unchanged.",
    "Clinic moved to {hospital}; phone lines via {tool} bot; {reading}-minute slots.",
    "Paeds: {eponym} assessed; 15-year-old attends alone; {drug} explained.",
]
CODE = [
    # crash reports and analytics
    "Crashlytics · Fatal Exception: java.lang.NullPointerException\ndevice: Pixel 8 "
    "({pixel}), {osver}\nuser: {email}\nimei: {imei}",
    '{{"event": "checkout_started", "distinct_id": "{user}", "properties": {{"$ip": '
    '"{ip}", "email": "{email}", "plan": "pro", "app_version": "{appver}"}}}}',
    'mixpanel.track("Signed Up", {{"name": "{name}", "phone": "{intl}", "$city": "Leeds", '
    '"utm_source": "linkedin"}})',
    "posthog> person {user} merged into {email} (ip {ip4}); event id {uuid}",
    # MDM exports
    "Device name,Serial number,IMEI,Primary user UPN,OS\nLT-{count},{apple},,{email},"
    "Windows 11\nPH-{count},{mdm},{imei},{email},{osver}",
    "Jamf Pro computer inventory: Computer Name: {user}-mbp | Serial: {apple} | Username: "
    "{user} | Full Name: {name} | Last IP: {ip}",
    "Knox enrollment: Galaxy S24 {galaxy} assigned to {email}, IMEI {imei}, {osver}",
    "intune-sync: retired device {mdm} for {email}; bot {bot} ran at 02:00",
    # IoT telemetry
    '{{"sn": "{serial}", "imei": "{imei}", "owner": "{name}", "glucose_mgdl": {reading}, '
    '"battery": {sats}}}',
    "mqtt cgm/{dexcom}/readings <- 118 mg/dL trend=flat src={ip}",
    # CDRs and SIP
    "cdr.csv: calling_number,called_number,start,duration_s,imei\n{e164},{e164},"
    "2026-05-04T10:41:07Z,{secs},{imei}",
    "INVITE sip:{e164}@sip.carrier.example SIP/2.0\nVia: SIP/2.0/UDP {ip4}:5060\nFrom: "
    '"{name}" <sip:{e164}@pbx.example>;tag=a8f1',
    'Asterisk: call from {e164} ("{foldname}") to queue billing, {secs}s, agent SIP/{user}',
    "SIP phone {ciscophone} registered for ext 4021 ({name}) from {ip}",
    # Stripe / PayPal webhooks
    '{{"id": "{stripeid}", "type": "charge.dispute.created", "data": {{"object": '
    '{{"billing_details": {{"name": "{name}", "email": "{email}", "phone": "{usphone}", '
    '"address": {{"postal_code": "{zip}"}}}}, "card": {{"last4": "4242"}}}}}}}}',
    '{{"type": "account.updated", "individual": {{"first_name": "{first}", "last_name": '
    '"{last}", "id_number": "{ssn}", "dob": "{isodob}"}}, "request": "{uuid}"}}',
    "paypal ipn: payer_email={email}&first_name={first}&last_name={last}&address_zip={zip}"
    "&ipn_track_id={sha}",
    "stripe logs: POST /v1/payment_methods card[number]={card} from {ip4} (someone pasted "
    "a live PAN into the test form)",
    # Elasticsearch / Loki / Splunk
    'GET /support-*/_search\n{{"query": {{"term": {{"customer.email": "{email}"}}}}}}\n'
    '# hit: {{"customer.name": "{name}", "client.ip": "{ip}"}}',
    '{{app="checkout"}} |= "declined" | logfmt | user="{user}"\nlevel=warn user={user} '
    "ip={ip} card={card}",
    "index=web sourcetype=access_combined clientip={ip} | stats count by user\n{user}  {young}",
    "splunk> search user={user} src={ip4} action=login\n  result: {name}, phone {phone}",
    # Helm / GitHub Actions
    "values.yaml:\ngrafana:\n  adminUser: {user}\n  adminEmail: {email}\n  service:\n"
    '    loadBalancerSourceRanges: ["{ip}/32"]  # {first}\'s home',
    'Run git config user.name "{foldname}"\nRun git config user.email "{email}"\n'
    "##[group]Run actions/checkout@v4",
    "GitHub Actions run {runid} triggered by {user}; deploy to prod from {ip4}",
    'fleet-api export: vin={vin} plate={plate} driver="{name}" licence={lic} tcu={tcu}',
    "telematics.csv\nvin,plate,driver,phone\n{vin},{plate},{lastcomma},{phone}",
    'anpr_reads.jsonl: {{"plate": "{plate}", "cam": "A4-E", "vin": "{vin}"}}',
    "toll_db> SELECT holder, acct, plate FROM accounts WHERE plate='{plate}';\n "
    "{name} | {tollacct} | {caplate}",
    'canvas_export.csv\nStudent,ID,SIS Login ID,Section\n"{lastcomma}",{count},{user},BIO-101',
    "moodle: user {user} ({email}) logged in from {ip}; role student",
    'ats_export.json: {{"candidate": "{name}", "linkedin": "{purl}", "phone": "{intl}"}}',
    '# fixtures/patients.py — replace before merge\nPATIENT = {{"nhs": "{nhs}", '
    '"mrn": "{mrn}", "dob": "{isotdob}", "fax": "{fax}"}}',
    "sftp upload by {user}: /home/{user}/exports/{last}_{count}.pdf",
    "HL7 PID|1||{trust}^^^RXH^MR||{capsname}||{hl7dob}|M|||||{ukphone}",
    "hr_export: employee={name}; sort_code=20-45-77; account={ukacct}; iban={iban}",
    "bank-feed: BSB 062-914 acct {bsbacct} holder {lastcomma}",
    "eligibility.check member_id={plan} -> 200 (covered); requested_by={user}",
    "README.md\n## Maintainers\n- {name} ({purl}) — mobile SDK\n- {name} — crash pipeline",
    "w9_upload: payee {name}, TIN {ssn}, zip {zip}, via {bot}",
    # hard negatives only
    "nslookup api.internal {resolver}\nServer: {resolver}\nAddress: {lanip}",
    "git log --oneline\n{sha} fix: mask {tool} payloads\n{sha} chore: bump to {version}",
    "dependabot: bump {tool} from {version} to {version}; run {runid}",
    "events_dlq: {young} messages, oldest {secs}s; event ids {uuid}, {uuid}",
    "stripe.webhook {stripeid} type=invoice.paid amount=9400 currency=gbp",
    "posthog flag rollout {young}% for release {appver}; cohort {count}",
    "splunk> index=cdr duration_s>{secs} | stats avg(duration_s) => {secs}",
    "grafana alert: pump-telemetry lag {secs}s; {sats}% delivered; {tool} restarted",
    "helm rollback fleet-api {young}  # chart {version}, image sha256:{sha}",
    'loki: {{job="sip"}} |= "REGISTER" rate 5m = {young}/s from {lanip}',
    "curl -s http://169.254.169.254/latest/meta-data/instance-id  # resolver {resolver}",
    "kubectl get svc -n kube-system kube-dns  # 10.96.0.10; upstream {resolver}",
    "helm upgrade grafana grafana/grafana --version {version}  # commit {sha}",
    "Run {runid} by {bot}: bump {tool} to {version} ({sha})",
    "trace_id={uuid} span={uuid} duration_ms={secs} status=200",
    "{stripeid} {stripeid}: payment_intent.succeeded; card {masked}",
    "Released {appver} on {release}; {tool} and {tool} upgraded.",
    "SSDP from 239.255.255.250; mDNS on 224.0.0.251; broadcast 255.255.255.255",
    "egress deny list: {metaip}, {metaip}, {metaip} (metadata, multicast, bridge, resolver)",
    "jira {jira}: flaky {tool} job {runid}; order {order} unaffected",
    "CGM firmware {fw}: glucose {reading} mg/dL test vector; {units} max bolus",
    "Azure wireserver 168.63.129.16 unreachable; Docker bridge 172.17.0.1 ok; VPC resolver "
    "169.254.169.253",
]
POOLS = [CHAT, CLINICAL, CODE]
