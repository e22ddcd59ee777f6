"""The fourteenth fresh split of benchmarks/pii.py (``--split fresh14``), in its own module.

Written blind to the detector (its code, word lists, tests and the notes on its misses unread)
after every other split up to fresh13 had been or was to be looked at; measured once
(2026-12-01, the figures are in benchmarks/pii.py's docstring) and never tuned on; no labeling
bug found. Names of Malagasy, Chamorro, Hawaiian, Tongan, Hmong, Quechua, Guaraní,
Kurdish, Pashto, Kazakh, Chechen, Georgian, Armenian, Albanian, Maltese, Faroese, Sámi,
Frisian, Romansh, Breton, Cornish, Manx, Scottish Gaelic, Igbo, Zulu, Sotho, Fijian, Tamil,
Malayalam, Kannada, Marathi, Gujarati, Nepali, Bhutanese, Uzbek, Balinese, Javanese,
Filipino, Vietnamese, Thai and Cantonese origin, every token checked against the name lists
(and every other word) of pii.py, names.py, the shapes modules and fresh7 ... fresh13 and
dropped when found there. Genres: behavioural health (therapy progress notes, crisis-line
chats, group-therapy attendance), IEP / 504 plans and school-counsellor emails, nursing-home
MDS assessments and family-council minutes, contact tracing and vaccination-registry
exports, rideshare / delivery driver support chats, mortgage closing emails, SNAP / Medicaid
eligibility notes, genealogy forum posts, athletic-trainer notes, REDCap exports, call-centre
QA scorecards, OCR'd faxes (l/1 and O/0 swaps, broken spacing: the value labeled as it
appears), Spanish-English and Tagalog-English chats, Android logcat and Windows Event Log
lines, and spreadsheet rows pasted as tab-separated text. Identifier shapes: Spanish and
Tagalog birth dates, MDS and registry dates, "edad 94" / "94 anyos" ages; Medi-Cal CINs,
state Medicaid, marketplace and student health plan ids; resident, chart and athletic-record
numbers; mortgage loan, escrow-disbursement and payout accounts; US, Mexican and Philippine
licences, LCSW / LPC / ATC / school-counsellor numbers; US, temporary and Mexican plates;
Android and Windows serials, hearing-aid, wearable and dash-cam serials; Filipino, Mexican
and US phones; FamilySearch, WikiTree, Find a Grave, Geni, Linktree and Substack profiles.
Hard negatives: psychiatric and sports drugs, eponyms (Osgood-Schlatter, Lachman, McMurray,
Tommy John surgery, Korsakoff), schools, hospitals and companies named after people, public
figures, word-names used as words, loopback / private / CGNAT / resolver IPs, Windows event
ids, logcat pids, app versions, release dates, case, ticket, order and tracking numbers,
REDCap record ids, PHQ-9 / GAD-7 / BIMS scores, call durations and ages under 90.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from pii import MON3, MONTHS, Filler, digits, strip_accents, upper_letters, vin
from pii import with_luhn as _luhn

# Every token below was checked against every word of the earlier splits' modules: of 601 first
# candidates 216 were found there and dropped, and 53 more by hand (words, public figures).
FIRST = (
    "Tsiory Haingo Rivo Heriniaina Taotao Hemi Keola Makoa Ikaika Pualani Nalani Losa Mele "
    "Vailea Kusitino Kalolaine Neng Txoov Youa Chue Nou Inti Ñusta Kusi Tupaq Arasy Jasy "
    "Yerutí Berfîn Soran Azad Shilan Zerdeşt Gulalai Palwasha Wazhma Spogmay Mirwais Nargiza "
    "Dinmukhamed Bakytzhan Aruzhan Gulmira Ramzan Khava Madina Aslanbek Tamar Giorgi Tornike "
    "Lasha Vakhtang Arsen Tigran Narek Siranush Vardges Ardit Blerina Drilon Fjolla Besnik "
    "Albulena Valbona Lorik Marija Rokur Høgni Rannvá Bárður Sunneva Turið Áki Máni Ánde Sáve "
    "Jouna Tsjerk Wieke Sjoukje Hylke Durk Ladina Curdin Seraina Flurina Gaudenz Gwenole "
    "Nolwenn Erwan Tudwal Jory Demelza Kerensa Morwenna Tamsin Illtud Fenella Orry Voirrey "
    "Illiam Peigi Ealasaid Seonag Murchadh Raonaid Ciorstaidh Somhairle Uisdean Oighrig "
    "Chiamaka Ifeanyi Uchenna Lwazi Ayanda Xolani Thembeka Lungile Mpho Karabo Tshepo Refilwe "
    "Lerato Vilimaina Tomasi Epeli Kalena Keahi Kamaka Kahiau Ulani Anbarasi Kalaiselvi "
    "Thamizhselvan Senthamarai Vennila Remya Sreelakshmi Aswathy Jithin Nithya Bincy Sinimol "
    "Jijo Prathiksha Chaitra Yashaswini Manjunath Sharanappa Tejaswini Omkar Sayali Mrunal "
    "Dhruvi Jignesh Nirali Krunal Mitali Bhavin Sushila Sabitri Ngima Kinley Ugyen Jigme "
    "Farzana Wahida Zarghona Gulbahar Parizat Mehriban Mukhtar Nuraini Wulan Bagus Sekar Galih "
    "Putu Kadek Komang Ngurah Gede Marivic Jocelyn Lorna Dindo Mylene Rodel Arnel Leonisa "
    "Janeth Quynh Thuy Phuong Khoa Nhung Lanh Sunisa Kanokwan Wattana Pornthip Chalerm Apinya "
    "Kittipong Hoi-Lam"
).split()
LAST = (
    "Andriamanantena Ravelonarivo Randrianasolo Blas Sablan Nakoa Moala Huanca Illanes "
    "Villalba Cáceres Ramírez Dizayee Jaff Khattak Afridi Achakzai Nurmagambetov Sarsenbayeva "
    "Tokayeva Abenova Kadyrova Umarova Japaridze Vardanyan Kelmendi Krasniqi Gashi "
    "Shala Rexhepi Farrugia Vella Grech Mifsud Poulsen Petersen Olsen Jacobsen Utsi Hætta "
    "Visser Zijlstra Bergsma Wierda Caviezel Tscharner Derungs Kerleroux Morvan "
    "Guivarch Pengelly Trewin Chenoweth Penhaligon Quilliam Kermode Corlett Kinvig MacAskill "
    "Nicolson MacInnes Matheson MacLeòid Mabaso Nxumalo Nkosi Sithole Naidoo Rokoduru Waqa "
    "Tuivaga Delaibatiki Palakiko Kaleikini Arumugam Subramaniam Kathiresan Pillai Nambiar "
    "Kurup Thekkekara Varghese Pothen Gowda Shetty Joshi Patwardhan Gokhale Chitale Mehta "
    "Parikh Solanki Magar Shrestha Wangchuk Norbu Sahak Jalali Popal Ahmadzai Ergashev "
    "Turgunov Wibowo Purnomo Hartono Gunadi Dalisay Manalo Dimagiba Sicat Ocampo Phan Truong "
    "Huynh Dang Srisuk Chaiyaporn Boonmee Rattanakorn Saetang Kittisak Leung Tsang Kwok Yeung "
    "Ngai"
).split()
WHOLE = [  # several parts, planted as one name
    "Tsiory Andriamanantena", "Heriniaina Ravelonarivo", "Txoov Neng", "Berfîn Dizayee",
    "Gulalai Khattak", "Ramzan Umarova", "Tornike Japaridze", "Tigran Vardanyan",
    "Sjoukje Zijlstra", "Curdin Caviezel", "Demelza Penhaligon", "Voirrey Kermode",
    "Ciorstaidh MacAskill", "Thembeka Nxumalo", "Epeli Rokoduru", "Sreelakshmi Thekkekara",
    "Manjunath Gowda", "Ngurah Gede Wibowo", "Marivic Dimagiba-Ocampo", "Phan Thuy Quynh",
    "Leung Hoi-Lam", "Yerutí Villalba Cáceres", "Inti Huanca Illanes",
]  # fmt: skip
NICKNAMES = "Tsi Txoo Gula Torni Sjouk Demi Ciorsty Thembi Sreelu Manju Marv Kwokkie Yeru".split()
EXTRA_ENTITIES = ["PERSONAL_URL", "FAX_NUMBER"]

MESES = "enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre"
BUWAN = "Enero Pebrero Marso Abril Mayo Hunyo Hulyo Agosto Setyembre Oktubre Nobyembre Disyembre"
DRUGS = [
    "Vraylar", "Rexulti", "Spravato", "Caplyta", "Auvelity", "Lybalvi", "Qelbree", "Intuniv",
    "naltrexone", "Sublocade", "buprenorphine", "hydroxyzine", "prazosin", "lamotrigine",
]  # fmt: skip
SPORT_DRUGS = ["Voltaren gel", "meloxicam", "Toradol", "Medrol dosepak", "Biofreeze"]
EPONYMS = [
    "Osgood-Schlatter", "a positive Lachman", "a negative McMurray", "Sever's disease",
    "Tommy John surgery", "Korsakoff syndrome", "a Thompson test", "Hoffa's fat pad",
]  # fmt: skip
SCHOOLS = [
    "Thurgood Marshall Middle School", "Cesar Chavez Elementary", "Sally Ride Academy",
    "Roberto Clemente High", "Jose Rizal Elementary", "Booker T. Washington High",
]  # fmt: skip
HOSPITALS = ["Johns Hopkins", "Cedars-Sinai", "the Mayo Clinic", "Shriners", "Kaiser"]
COMPANIES = [
    "Wells Fargo", "Harris Teeter", "Lincoln Financial", "Ben & Jerry's", "Dr Pepper",
    "Jollibee", "Charles Schwab", "Dodge",
]  # fmt: skip
FIGURES = [
    "Fred Rogers", "Simone Biles", "Frida Kahlo", "Serena Williams", "Manny Pacquiao",
    "Dolores Huerta",
]  # fmt: skip
WORD_USES = [  # words that are given names elsewhere, used here as words
    "a sunny afternoon", "the rusty hinge", "cotton candy", "a brandy snap", "the ivy wall",
    "a crystal clear plan", "skipped rope", "a misty morning",
]  # fmt: skip
APPS = ["Lyft", "DoorDash", "Uber Eats", "Grubhub", "Instacart", "Spark", "Shipt"]
NOT_PERSONAL_IPS = [
    "127.0.0.1", "::1", "192.168.0.12", "10.0.2.15", "100.64.12.7", "172.31.44.9",
    "9.9.9.9", "208.67.222.222", "149.112.112.112", "0.0.0.0",
]  # fmt: skip


def _n(rng: random.Random, width: int) -> str:
    return f"{rng.randint(0, 10**width - 1):0{width}d}"


def name(rng: random.Random) -> str:
    if rng.random() < 0.22:
        return rng.choice(WHOLE)
    return f"{rng.choice(FIRST)} {rng.choice(LAST)}"


def _login(part: str) -> str:
    return "".join(c for c in strip_accents(part).lower() if c.isalnum())


def _parts(rng: random.Random) -> tuple[str, str]:
    return _login(rng.choice(FIRST)), _login(rng.choice(LAST))


def user(rng: random.Random) -> str:
    first, last = _parts(rng)
    return rng.choice(
        [
            f"{first}.{last[:4]}",
            f"{last}{first[0]}{rng.randint(1, 9)}",
            f"{first[:3]}{last[:3]}",
            f"{first}_{rng.randint(70, 99)}",
            f"{last}-{first}",
            f"{first[0]}_{last}",
        ]
    )


def email(rng: random.Random) -> str:
    first, last = _parts(rng)
    return rng.choice(
        [
            f"{first}.{last}@k12.ca.us",
            f"{first}{last[0]}@cox.net",
            f"{last}.{first}{rng.randint(1, 99)}@att.net",
            f"{first}_{last}@yahoo.com.ph",
            f"{first}{last}@prodigy.net.mx",
            f"{last}{first[:2]}@earthlink.net",
            f"{first}.{last}@frontier.com",
            f"{first}{rng.randint(1950, 2008)}@charter.net",
        ]
    )


def purl(rng: random.Random) -> str:
    first, last = _parts(rng)
    return rng.choice(
        [
            "https://www.familysearch.org/tree/person/details/"
            f"{upper_letters(rng, 4)}-{_n(rng, 3)}",
            f"https://www.wikitree.com/wiki/{last.title()}-{rng.randint(100, 9999)}",
            f"https://www.findagrave.com/memorial/{digits(rng, 9)}/{first}-{last}",
            f"https://www.geni.com/people/{first.title()}-{last.title()}/{digits(rng, 19)}",
            f"https://linktr.ee/{first}{last[:3]}",
            f"https://{first}{last}.substack.com",
        ]
    )


def _ymd(rng: random.Random, start: int = 1932, end: int = 2019) -> tuple[int, int, int]:
    return rng.randint(start, end), rng.randint(1, 12), rng.randint(1, 28)


def birth_date(rng: random.Random) -> str:
    y, m, d = _ymd(rng)
    return rng.choice(
        [
            f"{m}/{d}/{y}",
            f"{m:02d}-{d:02d}-{y}",
            f"{MON3[m - 1]}. {d}, {y}",
            f"{y}{m:02d}{d:02d}",
            f"{d} de {MESES.split()[m - 1]} de {y}",
            f"ika-{d} ng {BUWAN.split()[m - 1]} {y}",
        ]
    )


def event_date(rng: random.Random) -> str:  # a session, a dose, an exposure, a closing
    y, m, d = _ymd(rng, 2024, 2026)
    return rng.choice(
        [f"{m}/{d}/{y}", f"{y}-{m:02d}-{d:02d}", f"{MONTHS.split()[m - 1]} {d}", f"{m}/{d}"]
    )


def medi_cal(rng: random.Random) -> str:
    return f"9{_n(rng, 7)}{upper_letters(rng, 1)}"


def health_plan(rng: random.Random) -> str:
    return rng.choice(
        [
            medi_cal(rng),
            f"{digits(rng, 9)}",  # a state Medicaid id
            f"U{_n(rng, 8)}01",  # marketplace member
            f"SHP-{_n(rng, 7)}",  # a student health plan
            f"{upper_letters(rng, 3)}{_n(rng, 9)}",  # an employer plan behind an alpha prefix
        ]
    )


def record_number(rng: random.Random) -> str:
    return rng.choice(
        [f"R{_n(rng, 6)}", f"{digits(rng, 8)}", f"CH-{_n(rng, 6)}", f"{_n(rng, 3)}-{_n(rng, 4)}"]
    )


def account(rng: random.Random) -> str:
    return rng.choice(
        [
            digits(rng, 10),  # a mortgage loan
            f"{digits(rng, 4)}-{_n(rng, 6)}",  # an escrow disbursement account
            digits(rng, 12),  # a payout checking account
            f"{digits(rng, 3)}{_n(rng, 5)}{upper_letters(rng, 1)}",  # a utility account
        ]
    )


def driver_licence(rng: random.Random) -> str:
    return rng.choice(
        [
            f"{upper_letters(rng, 1)}{_n(rng, 7)}",  # California
            f"{digits(rng, 8)}",  # Texas
            f"{upper_letters(rng, 1)}{_n(rng, 3)}-{_n(rng, 3)}-{_n(rng, 2)}-{_n(rng, 3)}-"
            f"{_n(rng, 1)}",  # Florida
            f"{upper_letters(rng, 1)}{_n(rng, 2)}-{_n(rng, 2)}-{_n(rng, 6)}",  # Philippine LTO
            f"{upper_letters(rng, 3)}{_n(rng, 9)}",  # a Mexican licencia
        ]
    )


def pro_licence(rng: random.Random) -> str:
    return rng.choice(
        [
            f"LCSW {digits(rng, 5)}",
            f"LPC{_n(rng, 6)}",
            f"ATC #{digits(rng, 10)}",
            f"PPS-{_n(rng, 6)}",  # a school counsellor's credential
        ]
    )


def plate(rng: random.Random) -> str:
    up = upper_letters
    return rng.choice(
        [
            f"{rng.randint(7, 9)}{up(rng, 3)}{_n(rng, 3)}",  # California
            f"{up(rng, 3)}-{_n(rng, 4)}",  # Texas
            f"{up(rng, 3)} {_n(rng, 4)}",  # Arizona / New York
            f"{up(rng, 3)}-{_n(rng, 3)}-{up(rng, 1)}",  # Mexico
            f"T{_n(rng, 6)}",  # a temporary paper tag
            f"{_n(rng, 3)}-{up(rng, 3)}",  # Philippine motorcycle
        ]
    )


def imei(rng: random.Random) -> str:
    raw = _luhn(rng.choice(["35", "86", "35", "99"]) + _n(rng, 12))
    return rng.choice([raw, raw, f"{raw[:2]} {raw[2:8]} {raw[8:14]} {raw[14]}"])


ALNUM = "0123456789ABCDEFGHJKLMNPQRSTUVWXYZ"


def serial(rng: random.Random) -> str:
    hexes = "".join(rng.choices("0123456789abcdef", k=rng.choice([8, 12, 16])))
    return rng.choice(
        [
            hexes,  # an Android ro.serialno
            f"R5C{''.join(rng.choices(ALNUM, k=8))}",  # a Samsung handset
            f"PF{''.join(rng.choices(ALNUM, k=6))}",  # a Windows laptop
            f"HA{_n(rng, 2)}-{_n(rng, 6)}",  # a hearing aid
            f"WHP{_n(rng, 8)}",  # a wearable tracker
            f"DC{''.join(rng.choices(ALNUM, k=10))}",  # a dash cam
        ]
    )


def phone(rng: random.Random) -> str:
    area = rng.randint(201, 989)
    return rng.choice(
        [
            f"({area}) {rng.randint(200, 989)}-{_n(rng, 4)}",
            f"{area}.{rng.randint(200, 989)}.{_n(rng, 4)}",
            f"0917 {_n(rng, 3)} {_n(rng, 4)}",  # Philippine mobile
            f"+63 9{_n(rng, 2)} {_n(rng, 3)} {_n(rng, 4)}",
            f"+52 1 55 {_n(rng, 4)} {_n(rng, 4)}",
            f"55 {_n(rng, 4)} {_n(rng, 4)}",  # a Mexico City mobile, no code
            f"1-{area}-{rng.randint(200, 989)}-{_n(rng, 4)}",
        ]
    )


def fax(rng: random.Random) -> str:
    return f"({rng.randint(201, 989)}) {rng.randint(200, 989)}-{_n(rng, 4)}"


def ssn(rng: random.Random) -> str:
    area = rng.choice([a for a in range(1, 900) if a != 666])
    raw = f"{area:03d}{rng.randint(1, 99):02d}{rng.randint(1, 9999):04d}"
    return rng.choice([f"{raw[:3]}-{raw[3:5]}-{raw[5:]}", raw])


def ip(rng: random.Random) -> str:
    if rng.random() < 0.8:
        a = rng.choice([24, 47, 68, 71, 73, 98, 104, 107, 136, 162, 174, 189, 112, 203])
        return f"{a}.{rng.randint(0, 255)}.{rng.randint(0, 255)}.{rng.randint(1, 254)}"
    prefix = rng.choice(["2600:1700", "2601:18c", "2607:fb90", "2806:2f0", "2001:4450"])
    groups = ":".join(f"{rng.randint(1, 0xFFFF):x}" for _ in range(6))
    return f"{prefix}:{groups}"


def card(rng: random.Random) -> str:
    prefix, length = rng.choice([("4", 16), ("53", 16), ("37", 15), ("6011", 16), ("4", 13)])
    raw = _luhn(prefix + "".join(rng.choices("0123456789", k=length - len(prefix) - 1)))
    if length == 16 and rng.random() < 0.5:
        return "-".join(raw[i : i + 4] for i in range(0, 16, 4))
    return raw


OCR_SWAPS = {"0": "O", "1": "l", "5": "S", "8": "B"}


def ocr(make: Callable[[random.Random], str]) -> Callable[[random.Random], str]:
    """``make``'s value as a fax's OCR reads it: a digit or two read as a letter, a space lost
    or doubled."""

    def noisy(rng: random.Random) -> str:
        chars = list(make(rng))
        spots = [i for i, c in enumerate(chars) if c in OCR_SWAPS]
        for i in rng.sample(spots, min(len(spots), rng.randint(1, 2))):
            chars[i] = OCR_SWAPS[chars[i]]
        text = "".join(chars)
        if " " in text and rng.random() < 0.5:
            text = text.replace(" ", rng.choice(["", "  "]), 1)
        return text

    return noisy


def ocr_name(rng: random.Random) -> str:
    first, last = rng.choice(FIRST), rng.choice(LAST)
    return rng.choice([f"{first.upper()} {last.upper()}", f"{last},{first}", f"{first}  {last}"])


def version(rng: random.Random) -> str:
    return f"{rng.randint(1, 30)}.{rng.randint(0, 20)}.{rng.randint(0, 9)}"


def release(rng: random.Random) -> str:
    y, m, d = _ymd(rng, 2023, 2026)
    return f"{MONTHS.split()[m - 1]} {d}, {y}"


FILLERS: dict[str, Filler] = {
    "name": ("PERSON", name),
    "first": ("PERSON", lambda r: r.choice(FIRST)),
    "last": ("PERSON", lambda r: r.choice(LAST)),
    "nick": ("PERSON", lambda r: r.choice(NICKNAMES)),
    "lowfirst": ("PERSON", lambda r: strip_accents(r.choice(FIRST)).lower()),
    "lastfirst": ("PERSON", lambda r: f"{r.choice(LAST)}, {r.choice(FIRST)}"),
    "capsname": ("PERSON", lambda r: strip_accents(name(r)).upper()),
    "ocrname": ("PERSON", ocr_name),
    "user": ("USERNAME", user),
    "email": ("EMAIL_ADDRESS", email),
    "purl": ("PERSONAL_URL", purl),
    "dob": ("PERSONAL_DATE", birth_date),
    "ocrdob": ("PERSONAL_DATE", ocr(birth_date)),
    "day": ("PERSONAL_DATE", event_date),
    "old": ("AGE_OVER_89", lambda r: str(r.randint(90, 104))),
    "mrn": ("MEDICAL_RECORD_NUMBER", record_number),
    "ocrmrn": ("MEDICAL_RECORD_NUMBER", ocr(record_number)),
    "plan": ("HEALTH_PLAN_ID", health_plan),
    "ocrplan": ("HEALTH_PLAN_ID", ocr(health_plan)),
    "cin": ("HEALTH_PLAN_ID", medi_cal),
    "acct": ("ACCOUNT_NUMBER", account),
    "loan": ("ACCOUNT_NUMBER", lambda r: digits(r, 10)),
    "lic": ("LICENSE_NUMBER", driver_licence),
    "prolic": ("LICENSE_NUMBER", pro_licence),
    "vin": ("VIN", vin),
    "plate": ("LICENSE_PLATE", plate),
    "imei": ("IMEI", imei),
    "serial": ("DEVICE_SERIAL", serial),
    "zip": ("ZIP_CODE", lambda r: f"{r.randint(1001, 99950):05d}"),
    "ssn": ("US_SSN", ssn),
    "ip": ("IP_ADDRESS", ip),
    "card": ("CREDIT_CARD", card),
    "phone": ("PHONE_NUMBER", phone),
    "ocrphone": ("PHONE_NUMBER", ocr(phone)),
    "fax": ("FAX_NUMBER", fax),
    "ocrfax": ("FAX_NUMBER", ocr(fax)),
    # hard negatives
    "drug": (None, lambda r: r.choice(DRUGS)),
    "sportdrug": (None, lambda r: r.choice(SPORT_DRUGS)),
    "eponym": (None, lambda r: r.choice(EPONYMS)),
    "school": (None, lambda r: r.choice(SCHOOLS)),
    "hospital": (None, lambda r: r.choice(HOSPITALS)),
    "company": (None, lambda r: r.choice(COMPANIES)),
    "figure": (None, lambda r: r.choice(FIGURES)),
    "worduse": (None, lambda r: r.choice(WORD_USES)),
    "app": (None, lambda r: r.choice(APPS)),
    "localip": (None, lambda r: r.choice(NOT_PERSONAL_IPS)),
    "version": (None, version),
    "release": (None, release),
    "case": (None, lambda r: f"CS-{r.randint(1000000, 9999999)}"),
    "ticket": (None, lambda r: f"INC{_n(r, 7)}"),
    "order": (None, lambda r: f"{_n(r, 3)}-{_n(r, 7)}-{_n(r, 7)}"),
    "tracking": (None, lambda r: f"1Z{''.join(r.choices(ALNUM, k=16))}"),
    "recordid": (None, lambda r: str(r.randint(1, 480))),
    "score": (None, lambda r: str(r.randint(0, 27))),
    "bims": (None, lambda r: str(r.randint(0, 15))),
    "mins": (None, lambda r: str(r.randint(2, 95))),
    "young": (None, lambda r: str(r.randint(5, 89))),
    "pid": (None, lambda r: str(r.randint(1000, 32000))),
    "eventid": (None, lambda r: r.choice(["4624", "4625", "4740", "4720", "7036", "1074"])),
    "routing": (None, lambda r: r.choice(["121000248", "026009593", "322271627"])),
    "count": (None, lambda r: str(r.randint(2, 40))),
    "kidage": (None, lambda r: str(r.randint(6, 17))),
    "household": (None, lambda r: str(r.randint(1, 9))),
}
CHAT = [
    # crisis-line chat
    "Crisis Text Line · conversation {case}\nTexter: its {first}. i dont want to be here "
    "anymore\nCounselor ({nick}): I'm really glad you texted, {first}. Are you safe right now?",
    "988 chat handoff: texter gave name {name}, callback {phone}, says her ex took the kids "
    "to his mom's in {zip}. Warm transfer to mobile crisis, ticket {ticket}.",
    # driver / courier support
    "{app} Driver Support\nDriver: hi this is {name}, my payouts stopped. account ending? "
    "full one is {acct}, routing {routing}\nAgent: thanks {first}, checking now",
    "Agent: to update your vehicle I need the VIN and plate\n{lowfirst}: VIN {vin} plate "
    "{plate}, its a 2019 Dodge Caravan\nAgent: got it, it'll show in {count} mins",
    "Driver {user} uploaded licence {lic} (exp {release}); background check case {case} "
    "still pending. Phone on file {phone}, device IMEI {imei}.",
    "Customer says the courier ({first}, plate {plate}) left order {order} at the wrong "
    "door. Refunded to card {card}. Tracking {tracking} is the return.",
    # Spanish-English and Tagalog-English chats
    "{lowfirst}: oye mi abuela cumple {old} el domingo!! vamos a hacer carne asada\n"
    "{nick}: ay que bonito, dile happy birthday de mi parte",
    "Hola, soy {name}, nací el {dob}. Necesito cambiar mi cita, mi cel es {phone} "
    "y mi correo {email}. Gracias!!",
    "{lowfirst}: sis pa-check naman ng Medicaid ni lola, ID niya {plan}\n{nick}: sige, "
    "birthday niya {dob} diba? she's {old} na grabe",
    "Ate {first}, pinadala ko na yung SSS form, pero yung SSN ni Kuya sa US is {ssn} "
    "hindi ko sure. Text mo ako sa {phone} ha",
    # genealogy forum
    "Re: {last} family of Ilocos Norte\nPosted by {user} » my great-grandmother {name} was "
    "born {dob}; her FamilySearch page is {purl}. Anyone related?",
    "Found him! {capsname}, b. {dob}, on the 1950 census sheet. Memorial: {purl} "
    "(photo from {name}). Not related to {figure} despite the family story.",
    # school counsellor / IEP emails
    "From: {email}\nTo: {email}\nSubject: 504 meeting for {name} (DOB {dob})\n"
    "Hi {first}, we're set for {day} at {school}. Please bring the Kaiser evaluation.",
    "Dear {name}, thank you for the call. As discussed, {first}'s IEP accommodations "
    "(extended time, {worduse} check-in) begin {day}. Reach me at {phone}. — Counselor {last}",
    # mortgage closing
    "Closing for {name} moved to {day}. Please wire to escrow account {acct} (routing "
    "{routing}). Loan #{loan}. Borrower SSN {ssn} is verified; {company} is the lender.",
    "Hi {first} — the title company needs your DL ({lic}) and the signed CD by {day}. "
    "Docs portal login is {user}. Call {phone} with any questions. — {name}, Loan Officer",
    # call-centre QA
    "QA scorecard · Agent {user} · Call {ticket} · {mins} min\nVerified caller {name} "
    "with DOB {dob} and ZIP {zip}: PASS. Read full card {card} aloud: FAIL (PCI).",
    "Coaching note: agent asked {first} for SSN {ssn} before the security questions; "
    "score {score}/27. Customer callback {phone}. Escalated {case}.",
    # rideshare safety
    "Safety team: rider {name} reported driver {name} (plate {plate}, VIN {vin}). "
    "Driver licence {lic}. Trip IP {ip}. Incident {case}.",
    "{app} rider {user} ({email}) disputes a charge on {card}; trip with driver "
    "{first} on {day}, ticket {ticket}.",
    # light turns: hard negatives, a value or none
    "Counselor: that sounds exhausting. What helped last time — the breathing, or calling "
    "your sister?\nTexter: breathing i guess. and {drug} but i ran out",
    "Agent: your {app} account is back, please update to {version}. Anything else?",
    "I was at Johns Hopkins for my knee in 2019, not the same thing. Case {case}",
    "ok so the Dr Pepper thing was a joke lol. {worduse} tho",
    "Driver: the app crashed at 3am again, ticket {ticket}, order {order}",
    "Agent: I can see {count} trips this week and a tip adjustment of $4.50. Payout lands "
    "in 1-2 business days.",
    "Gracias, ahorita le marco. My tita says hi!",
    "Pakisabi kay {first} na nasa {school} na ako, late lang",
    "Does anyone have the passenger manifest for the SS Tjisadane, 1931? {worduse}",
    "Closing disclosure attached; rate locked until {release}. Wells Fargo is the servicer.",
    "Reminder: rescheduling to next Tuesday works, just confirm by noon.",
    "QA: greeting 5/5, empathy 4/5, hold time {mins} min, total {score}. Ticket {ticket}.",
    "UPS says {tracking}, estimated Thursday. If not, I'll open {case}.",
    "Tito's 88 and still drives to Jollibee every Sunday, walang pakialam",
    "The Lincoln Financial rep and Charles Schwab both need the same form. Ugh.",
    "Can we move the IEP to the Sally Ride Academy library? The room at Cesar Chavez "
    "Elementary is booked.",
    "my therapist said {worduse} counts as self-care lmao",
    "Reply STOP to opt out. Msg&data rates may apply. Ref {ticket}",
    "Ran {mins} minutes today, knee fine. Watched {figure} on replay.",
    "Loan officer: appraisal came in at value; no action needed on your side.",
    # small talk with negatives
    "{nick}: lol we watched {figure} highlights all night\n{lowfirst}: same, then "
    "{worduse} at the park",
    "Anyone else's {app} app stuck on {version} since {release}? Support said it's a "
    "known bug, case {case}.",
]
CLINICAL = [
    # therapy progress notes / group attendance
    "PROGRESS NOTE (DAP) — Client: {name}  DOB: {dob}  MRN: {mrn}\nD: Client reports "
    "sleep improved on {drug}; PHQ-9 {score}, GAD-7 {score}. Session {mins} min.\n"
    "Clinician: {name}, {prolic}",
    "Group: DBT skills, {day}. Present: {name}, {name}, {first} (late). Absent: {name}. "
    "Facilitator {last}, LPC. Next group uses the {worduse} exercise.",
    "Safety plan reviewed with {first}. Emergency contact {name} ({phone}). Pt aged "
    "{young}, denies SI today. Continue {drug}; f/u {day}.",
    # nursing home MDS / family council
    "MDS 3.0 Admission · Resident {capsname} · Resident ID {mrn} · Medicaid {cin}\n"
    "A0900 Birth date {dob}; age {old}. C0500 BIMS {bims}. Admitted {day}.",
    "Family Council minutes, {day}: {name} (daughter of resident {name}, {old}) raised "
    "call-light times; {name} from dietary responded. Next meeting in {count} days.",
    # contact tracing / vaccination registry
    "Case interview: {name}, DOB {dob}, ZIP {zip}, phone {phone}. Symptom onset {day}; "
    "exposure at {school} ({count} contacts). Not at {hospital}.",
    "Registry match: {lastfirst} | DOB {dob} | plan {plan} | dose 2 given {day} | lot "
    "EK{count}{count}; guardian {name}, {email}",
    # SNAP / Medicaid eligibility
    "Eligibility note: applicant {name}, SSN {ssn}, household of {household}, ZIP {zip}. "
    "Medi-Cal CIN {cin} active. EBT reissued; case {case}.",
    "Renewal: {name} (DOB {dob}) lost hours at {company}; verified pay stubs. Medicaid id "
    "{plan} continues. Caseworker {last}, ext {pid}.",
    # athletic trainer / sports medicine
    "AT note — {name}, soccer, age {young}. L knee: {eponym}. Iced, {sportdrug}. RTP "
    "after MD clearance. Athlete record {mrn}; plan {plan}. ATC: {name}, {prolic}",
    "Concussion f/u {day}: {first} symptom score {score}. Parent {name} at {phone}. "
    "Wearable serial {serial} synced; no {eponym}.",
    # OCR'd faxes
    "FAX  TO: {ocrname}  FAX: {ocrfax}  FROM: intake\nRE: pt {ocrname} DOB {ocrdob} "
    "MRN {ocrmrn}\nPlease see attached referral. Pages: {count}",
    "*** RECEIVED FAX {ocrfax} ***\nMember ID: {ocrplan}   Callback: {ocrphone}\n"
    "Patient: {ocrname}   D.O.B.: {ocrdob}",
    "Referral faxed to Dr. {last} at {fax} on {day}; pt {name}, DOB {dob}, "
    "insurance {plan}. Records from {hospital} to follow.",
    # IEP / 504 plans
    "INDIVIDUALIZED EDUCATION PROGRAM\nStudent: {name}  DOB: {dob}  Student health plan: "
    "{plan}\nSchool: {school}  Case manager: {name}  Annual review: {day}",
    "504 Plan: {first} (age {kidage}) has ADHD on {drug}; nurse {name} gives the noon dose. "
    "Parent contact {phone} / {email}.",
    # vaccination / home visit with extras
    "Home visit {day}: {name} ({old} y/o) lives alone; daughter {name} has POA. Hearing "
    "aid serial {serial}. Fax MAR to {fax}.",
    "Pt {name}, {old} años, viene con su nieta {first}. Vive en ZIP {zip}. Medi-Cal "
    "{cin}. Prefers Spanish; interpreter {name}.",
    "Lola {name}, {old} anyos na, with her son {first}; phone {phone}. Lives in "
    "Daly City {zip}. Reminded re {drug}.",
    # light lines: hard negatives, a value or none
    "Client engaged; discussed grief, used {worduse} imagery. PHQ-9 {score}, GAD-7 {score}. "
    "Continue {drug} per psychiatry.",
    "Pt denies SI/HI. Sleep 5-6 h. Session {mins} min. Plan: CBT-I homework.",
    "BIMS {bims}/15, PHQ-9 {score}. Resident is {young} and ambulates with a walker.",
    "Family council: menu changes, laundry, call-light audit ({count} lights > 15 min).",
    "Contact tracing: {count} close contacts identified; {count} reached. No hospitalisations.",
    "Lot EK5730 expired {release}; doses pulled. Next shipment via {tracking}.",
    "SNAP: household of {household}, gross income under 130% FPL, expedited. Case {case}.",
    "R knee: {eponym}; ROM full; {sportdrug} PRN. Return to drills in {count} days.",
    "Athlete cleared; BP 118/76, HR 62, age {young}. Taped both ankles.",
    "IEP goal 2: reads {count} wpm at grade level by May; progress monitored biweekly.",
    "504 accommodations: preferential seating, breaks, tests in a separate room.",
    "*** FAX COVER *** CONFIDENTIAL. If received in error, call the sender. Pages: {count}",
    "Referred from {hospital}; {eponym} ruled out. Started {drug} {count} mg at bedtime.",
    "Korsakoff syndrome query from ED; thiamine given. Pt is {young}.",
    "Vaccine: Tdap, left deltoid, lot U{count}{count}AA, VIS given. No reaction at 15 min.",
    "School nurse: {kidage} y/o, seizure plan on file, Diastat in office.",
    "PHQ-9 down from 21 to {score} over {count} weeks. Attends group reliably.",
    "Crisis plan: call 988, go to the ED at {hospital}, or text HOME to 741741.",
    "Medicaid redetermination due; packet mailed. Ticket {ticket}.",
    "Eval at Shriners for scoliosis; Cobb angle {count} degrees.",
    "No {eponym}; not {figure}'s surgeon either, pt joked. Vitals normal, {score} on "
    "the scale, age {young}.",
]
CODE = [
    # Android logcat
    "11-{count} 09:14:22.{pid} {pid} {pid} I AccountManager: addAccount {email} for "
    "user {user}\n11-{count} 09:14:22.{pid} {pid} {pid} D TelephonyManager: imei={imei}",
    "E/DriverApp({pid}): upload failed for driver {user}, vin={vin} plate={plate}; "
    "server {localip} via {ip}",
    "D/DeviceInfo: ro.serialno={serial} ro.build.version={version} persist.sys.owner={name}",
    "W/Payout ({pid}): bank acct {acct} rejected (routing {routing}) for {user}; retry in {mins}s",
    # Windows Event Log
    "Log Name: Security  Event ID: {eventid}\nAccount Name: {user}\nAccount Domain: "
    "CLINIC\nSource Network Address: {ip}\nWorkstation Name: PF-{pid}",
    "An account failed to log on. Event {eventid}. Subject: {user}. Caller: {localip}. "
    "Client Address: {ip}. Reporting device serial {serial}.",
    "Information {release} 08:{count}:01 Service Control Manager 7036 The {app} sync "
    "service entered the running state. User: CLINIC\\{user}",
    # REDCap exports
    "record_id,redcap_event_name,participant_name,dob,zip,email,phone\n"
    "{recordid},baseline_arm_1,{name},{dob},{zip},{email},{phone}",
    "record_id\tmrn\tconsent_date\tage\tphq9_total\n{recordid}\t{mrn}\t{day}\t{old}\t{score}",
    # spreadsheet rows pasted as TSV
    "Name\tDOB\tSSN\tMedicaid ID\tZIP\n{name}\t{dob}\t{ssn}\t{plan}\t{zip}",
    "Driver\tLicense\tPlate\tVIN\tPhone\n{name}\t{lic}\t{plate}\t{vin}\t{phone}",
    "Borrower\tLoan #\tCard on file\tEmail\n{lastfirst}\t{loan}\t{card}\t{email}",
    "Resident\tRoom\tAge\tBIMS\tFamily contact\n{name}\t{count}B\t{old}\t{bims}\t{name}",
    # registry and tracing exports
    "VAERS/registry export: patient_name={name}|birth_date={dob}|vaccine_date={day}|"
    "ins_id={plan}|pt_phone={phone}",
    '{{"case_id": "{case}", "name": "{name}", "zip": "{zip}", "ip": "{ip}", '
    '"device": "{serial}", "app_version": "{version}"}}',
    # support tooling
    "UPDATE drivers SET license_no = '{lic}', imei = '{imei}' WHERE username = '{user}';",
    "curl -s https://api.internal/v2/members/{plan} -H 'X-User: {user}'  # from {localip}",
    "fax_queue: sent to {fax} ({name}), {count} pages, job {ticket}",
    "profile_url={purl} owner={name} created={release}",
    # light lines: hard negatives only or one value
    "I/ActivityManager({pid}): Start proc {pid}:com.driver.app/u0a{count} for service",
    "W/NetworkMonitor({pid}): DNS {localip} timeout after {mins}s, falling back to {localip}",
    "D/Build: version={version} released={release} sdk=34",
    "Event ID {eventid}: The Windows Update service entered the stopped state.",
    "Log Name: System  Event ID: 1074  Source: User32  The process {app}.exe has initiated "
    "the restart of this computer.",
    "record_id,redcap_event_name,phq9_total,gad7_total\n{recordid},week_4_arm_1,{score},{score}",
    "record_id\tage\tsex\tsport\n{recordid}\t{young}\tF\tsoccer",
    "Ticket\tStatus\tOrder\tTracking\n{ticket}\tClosed\t{order}\t{tracking}",
    "pip install redcap-export=={version}  # released {release}",
    "ping {localip} -c 3  # resolver check, {mins} ms avg",
    "SELECT count(*) FROM trips WHERE status = 'cancelled';  -- {count} rows",
    "Case\tOpened\tQueue\n{case}\t{release}\tdriver-payouts",
    "I/chatty: uid=10{count} com.crisis.chat expire {count} lines",
    "Event {eventid}: An account was successfully logged on. Logon Type: 5 (service).",
    "# seed data: Wells Fargo, Harris Teeter and Dodge are companies, not people",
    "# {figure} fan page importer, v{version}: skip rows where owner == '{user}'",
]
POOLS = [CHAT, CLINICAL, CODE]
