"""The twelfth fresh split of benchmarks/pii.py (``--split fresh12``), in its own module.

Written blind to the detector (its code, word lists, tests and the notes on its misses unread)
after every other split, fresh11 included, had been looked at; measured once (the figures are
in benchmarks/pii.py's docstring) and never tuned on.
US healthcare and consumer text none of the others has: cath-lab and cardiology reports,
oncology infusion notes, dialysis run sheets, NICU and pediatric notes, ophthalmology,
teledermatology chats, durable-medical-equipment orders, Medicare appeal letters, workers'
compensation claim notes, pharmacy refill IVR transcripts, patient-portal messages,
veterinary-clinic chats (the owner's data), auto-insurance first-notice-of-loss calls,
car-dealer repair orders, mobile-carrier unlock chats, utility support, bank fraud disputes,
tax-preparer intake and immigration-paralegal intake, with forms, exports and logs of the same
businesses.
Names of Tongan, Samoan, Hawaiian, Sami, Amazigh, Kurdish, Tamil, Sinhala, Hmong, Khmer, Lao,
Quechua, Aymara, Malagasy, Georgian, Armenian, Filipino, Yoruba, Zulu, Xhosa, Inuit, Cherokee,
Basque, Breton, Icelandic, Faroese, Maltese, Haitian, Kazakh, Pashto, Tibetan and Newar origin
(every token checked against the name lists of pii.py, names.py, pii_shapes.py and
pii_fresh7 ... 11, and dropped if there: 60 of 239 were); word given names (Harmony, Ember,
Royal, Story) and surnames (Swimmer, Rainwater, Goodwater); particle and multi-part surnames
(Le Bihan, Batungbakal-Dimaano, Ccahuana Huillca, Zubizarreta Goikoetxea), Tibetan
two-given-name names, "Ma." for Maria, Filipino nicknames, lower case in chat, "SURNAME,
Given" headers, X12 "LAST*FIRST" segments, names in signatures, IVR transcripts, git
metadata, WSL and file-share paths and CSV exports.
Identifier shapes: "14MAR1957", "Mar-14-1957", "the 14th day of June, 1957", "1957 03 14" and
CCYYMMDD birth dates; "14MAR26", "03-14-2026", "March 14th", "3/14" care dates; ages inside
"93-year-old"; Epic-, Meditech- and dialysis-unit-style record numbers; NY Medicaid CINs,
Cigna, Humana, UHC and PA ACCESS ids; utility accounts grouped 4-4-4-1, bank, carrier and
vet-client accounts; Virginia, Maryland, New Jersey, Kentucky, Colorado, Minnesota and Hawaii
licences, RN / perfusionist / optometrist / APRN / PTIN numbers; US, South African, Philippine,
Norwegian EV, Kazakh, Sri Lankan and Armenian plates; IMEIs grouped 2-6-6-1; iPhone, Galaxy,
pacemaker, dialysis-machine, smart-meter, oxygen-concentrator serials and SIM ICCIDs; dashed
Visa, Amex 4-6-5, Discover and 2-series Mastercard numbers; slash-separated and bare ten-digit
US phones, mobiles of Tonga, Samoa, Madagascar, South Africa, Nigeria, the Philippines, Norway,
Greenland, Sri Lanka, Algeria, Bolivia, Laos, Cambodia, Nepal and Kazakhstan; IPv6 of US ISPs;
GoFundMe, CaringBridge, Facebook, Instagram, TikTok, Venmo, Threads and YouTube profiles.
Hard negatives: cardiology, oncology, renal, neonatal, eye, skin and hand eponyms (Judkins,
Swan-Ganz, Wenckebach, Tenckhoff, Apgar, Moro, Schlemm's canal, Mohs, Koebner, Tinel, Phalen,
Finkelstein), drugs and devices (Brilinta, Entresto, Darzalex, Venofer, Synagis, Eylea,
Dupixent, Watchman, Impella, Hoyer lift), pets named like people and dog breeds named after
people (King Charles spaniel, Jack Russell, Doberman), carmakers (Ford, Lincoln, Tesla,
Porsche) and companies named after people (Raymond James, Edward Jones, Jackson Hewitt,
Duke Energy, Dillard's), word-names used as words (royal blue, a blessing, storm drain),
public figures listed in the run's policy, router, loopback and public resolver IPs, bank
routing numbers, employer EINs, NDC, CPT, HCPCS and ICD-10 codes, lot numbers, repair orders,
claim and dispute numbers, tracking numbers, versions and firmware, recall and release dates,
gestational ages, birth weights, mileage, doses and ages under 90.
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
    "Tupou Salote Lagi Faafetai Iosefa Kawika Kainoa Noelani Iolani Máret Ivvár Ristin Biret "
    "Niillas Sunná Ánte Idir Tanirt Massinissa Amayas Tafsut Anir Tilelli Rêzan Berfin "
    "Dilovan Hêvî Zinar Delal Kaviya Ilango Thenmozhi Yazhini Kayalvizhi Anbarasan Poongodi "
    "Dilani Chaminda Sanduni Yeng Maiv Txawj Nplooj Chenda Rithy Bopha Sreymom Vuthy "
    "Viengkham Bounmy Somphone Sumaq Killa Waman Amaru Fanja Lalaina Mialy Njaka Tahiry "
    "Hasina Ketevan Shota Mzia Tengiz Arpi Hrant Siran Lusine Gohar Narine Jomar Rowena "
    "Analyn Marites Rhodora Adewale Titilayo Yetunde Morenike Damilola Ibukun Thandeka "
    "Lindiwe Zanele Sibusiso Nandipha Sifiso Zodwa Siku Ujarak Pauloosie Ulaayu Nerea "
    "Ainhoa Garazi Maiwenn Yannig Sigrún Bjarki Eyvindur Ragnhildur Ċensu Guerline Mackenson "
    "Wisly Roseline Aizhan Yerlan Saule Zarghuna Spozhmai Wahidullah Dechen Lhakpa Dawa "
    "Rojina Prabin Harmony Ember Royal Story"
).split()
LAST = [
    *"Havili Vaipulu Tupouniua Faleafa Kanahele Akana Kamakau Gaup Eira Triumf Amrouche".split(),
    *"Ouali Oussaïd Zebari Doski Hawrami Ilangovan Thangaraj Gunawardena Ekanayake Moua".split(),
    *"Thao Khang Chhun Prak Ouk Sreng Sisavath Inthavong Vilaysack Ticona Huarachi".split(),
    *"Quisbert Ccahuana Huillca Rakotoarisoa Randrianarivelo Rasoanaivo Razafindrakoto".split(),
    *"Andrianjafy Lomidze Gelashvili Tsiklauri Chkheidze Natsvlishvili Hovhannisyan".split(),
    *"Karapetyan Manukyan".split(),
    *"Ghazaryan Kalustian Mkrtchyan Dimaculangan Pangilinan Magbanua Sarmiento Macaraeg".split(),
    *"Dimaano Batungbakal Ogunleye Akinola Ogundipe Adegoke Olaniyan Zungu Mkhize Ngcobo".split(),
    *"Mthembu Ntuli Gqirana Shabalala Msimang Kusugak Arnatsiaq Qaunaq Anowtalik Tagalik".split(),
    *"Alookee Irqittuq Walkingstick Tehee Goikoetxea Zubizarreta Kervella Quéméner".split(),
    *"Hallgrímsson Jóannesarson Zammit Azzopardi Desrosiers Dorvilus Zhakupov Nurpeisova".split(),
    *"Popalzai Tuladhar Maharjan Bajracharya Swimmer Rainwater Goodwater".split(),
    "Le Bihan", "Dorsainvil", "Ccahuana Huillca", "Quisbert Huarachi", "Magbanua-Macaraeg",
    "Batungbakal-Dimaano", "Zubizarreta Goikoetxea",
]  # fmt: skip
WHOLE = [
    "Ma. Rhodora Batungbakal-Dimaano", "Dawa Dechen", "Lhakpa Dolkar", "Arpi Mkrtchyan",
    "Guerline Dorsainvil", "Máret Ánne Eira", "Sumaq Ccahuana Huillca", "Waman Quisbert Huarachi",
    "Maiwenn Le Bihan", "Nerea Zubizarreta Goikoetxea", "Yeng Moua", "Maiv Thao", "Story Swimmer",
    "Royal Rainwater", "Harmony Ogunleye", "Ember Goodwater", "Sigrún Hallgrímsdóttir",
    "Eyvindur Jóannesarson", "Ċensu Azzopardi", "Pauloosie Kusugak", "Tupou Vaipulu",
    "Iolani Kanahele", "Rêzan Zebari", "Idir Oussaïd",
]  # fmt: skip
WORD_NAMED = ["Harmony", "Ember", "Royal", "Story"]
NICKNAMES = "Jun-jun Bebeng Bongi Siya Lindi Dele Shotiko Nandi Tiko Vili Keo Lala Niilas".split()
CARDIO = [  # cardiology and cath-lab findings, catheters, rhythms, eponyms
    "a JL4 Judkins catheter", "a Swan-Ganz catheter", "Wenckebach block", "a Mobitz II block",
    "a Brugada pattern", "TIMI 3 flow", "a positive Allen test", "Kussmaul's sign",
    "a Bruce protocol stress test",
]  # fmt: skip
CARDIO_RX = "Brilinta Entresto Multaq Corlanor bivalirudin Angiomax clopidogrel heparin".split()
CARDIO_DEVICES = ["Watchman", "Impella CP", "MitraClip", "Holter monitor", "LifeVest"]
ONCO_RX = "Darzalex Adcetris Tecentriq Opdivo Herceptin carboplatin paclitaxel Neulasta".split()
ONCO_TERMS = [
    "Hodgkin lymphoma", "Ewing sarcoma", "Wilms tumor", "a Karnofsky score of 80",
    "ECOG 1", "Gleason 3+4", "a Breslow depth of 1.2 mm", "the Port-a-Cath",
]  # fmt: skip
RENAL = [
    "a Tenckhoff catheter", "a Brescia-Cimino fistula", "Kt/V 1.41", "Venofer 100 mg",
    "Epogen 4,000 units", "Sensipar", "Renvela", "a Permcath",
]  # fmt: skip
NEO = [
    "Apgars 7 and 9", "a Ballard score of 30", "a brisk Moro reflex", "an upgoing Babinski",
    "Hirschsprung disease", "Kawasaki disease", "Synagis", "Similac Neosure",
]  # fmt: skip
EYE = [
    "Schlemm's canal", "Descemet's membrane", "Fuchs dystrophy", "Stargardt disease",
    "an Amsler grid", "Goldmann applanation", "Eylea", "Vabysmo", "Lumigan",
]  # fmt: skip
SKIN = [
    "Mohs surgery", "the Koebner phenomenon", "a negative Nikolsky sign", "a Spitz nevus",
    "Darier's sign", "Dupixent", "Otezla", "Skyrizi", "tretinoin 0.025%",
]  # fmt: skip
HAND = [  # workers' compensation exams
    "a positive Tinel sign", "a positive Phalen test", "a positive Finkelstein test",
    "de Quervain tenosynovitis", "Dupuytren contracture", "Waddell signs 1/5",
]  # fmt: skip
DME = [
    "a Hoyer lift", "an Invacare bed", "a Permobil M3", "a ResMed AirSense 11",
    "an Inogen One G5", "Jobst stockings", "a Roho cushion",
]  # fmt: skip
PHARM_RX = "Farxiga Trulicity Mounjaro Zepbound Breztri Trelegy Synthroid Brilinta".split()
PETS = "Winston Bella Charlie Gus Luna Marley Rosie Teddy Oscar Daisy".split()
VET_RX = "Apoquel Cytopoint Bravecto NexGard Rimadyl Galliprant Proin".split()
BREEDS = [
    "King Charles spaniel", "Jack Russell terrier", "Doberman", "Gordon setter",
    "Bernese mountain dog", "Maine coon",
]  # fmt: skip
CARS = [
    "Ford Explorer", "Lincoln Navigator", "Tesla Model Y", "Porsche Macan", "Chrysler Pacifica",
    "Dodge Durango", "Honda Odyssey", "Chevrolet Malibu", "Kia Carnival", "Nissan Rogue",
]  # fmt: skip
PHONES = ["iPhone 15 Pro", "Galaxy S24", "Pixel 8a", "moto g stylus", "Galaxy A15"]
COMPANIES = [  # employers
    "Raymond James", "Edward Jones", "Goldman Sachs", "Duke Energy", "Dillard's", "Kohl's",
    "Trader Joe's", "Dick's Sporting Goods",
]  # fmt: skip
MERCHANTS = ["Dillard's", "Kohl's", "Trader Joe's", "Dick's Sporting Goods", "McDonald's"]
INSURERS = ["Liberty Mutual", "State Farm", "Travelers", "Nationwide", "Erie Insurance"]
TAX_FIRMS = ["Jackson Hewitt", "H&R Block", "Liberty Tax"]
BANKS = ["Raymond James", "Edward Jones", "Goldman Sachs", "Wells Fargo", "TD Bank"]
CLINICS = [
    "Mayo Clinic", "Cedars-Sinai", "Johns Hopkins", "Cleveland Clinic", "Kellogg Eye Center",
    "Wills Eye", "Bascom Palmer", "Dana-Farber", "Barnes-Jewish",
]  # fmt: skip
FIGURES = [
    "Jimmy Carter", "Anthony Fauci", "Sanjay Gupta", "Dolly Parton", "Taylor Swift",
    "LeBron James", "Simone Biles", "Shohei Ohtani", "Oprah Winfrey", "Michelle Obama",
]  # fmt: skip
LAN_IPS = ["192.168.0.1", "192.168.86.1", "10.0.0.1", "127.0.0.1", "10.1.10.1", "::1"]
RESOLVER_IPS = ["4.2.2.2", "156.154.70.1", "76.76.2.0", "8.26.56.26", "64.6.64.6"]
ROUTING = ["021000021", "026009593", "121000248", "111000614", "071000013"]  # banks' public ABA
WORD_PHRASES = [
    "royal blue", "a blessing in disguise", "the storm drain", "story time",
    "an ember in the grate", "a royal pain", "in harmony with",
]  # fmt: skip
IMMIGRATION_FORMS = ["I-485", "I-765", "N-400", "I-130", "I-131", "G-28", "I-864"]
TAX_FORMS = ["W-2", "1099-NEC", "Schedule C", "Form 8962", "1098-T", "1099-K"]
CPT = ["92928", "93458", "96413", "90935", "92134", "17311", "99213", "95810"]
ICD = ["I25.10", "C50.911", "N18.6", "P07.32", "H35.3211", "L40.0", "S62.101A", "E11.9"]
HCPCS = ["E0601", "K0001", "E1390", "J9271", "E0260", "A4253"]
EXTRA_ENTITIES = ["PERSONAL_URL", "FAX_NUMBER"]
CITIES = ["Fresno", "Dearborn", "St. Paul", "Hilo", "Lowell", "Bakersfield", "Lincoln"]


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
            f"{first}{last[:2]}{rng.randint(60, 99)}",
            f"{last}.{first[0]}",
            f"{first}_{last}_rn",
            f"{first[0]}{first[-1]}{last}",
            f"{last}{rng.randint(100, 999)}",
            f"{first}.{last}.{rng.randint(2, 9)}",
            f"{first}{last}_mychart",
            f"{last.upper()}{first[0].upper()}",
        ]
    )


def email(rng: random.Random) -> str:
    first, last = _parts(rng)
    return rng.choice(
        [
            f"{first}.{last}+vet@fastmail.fm",
            f"{first}{last[0]}@sbcglobal.net",
            f"{last}-{first}@cox.net",
            f"{first.upper()}.{last.upper()}@ATT.NET",
            f"{first}_{last[:3]}@mweb.co.za",
            f"{first}{last}@yahoo.com.ph",
            f"{last}{rng.randint(60, 99)}@xtra.co.nz",
            f"{first}.{last}@pm.me",
            f"{first[0]}{last}@frontier.com",
            f"{last}.{first}@orange.mg",
            f"{first}{rng.randint(1, 9)}{last}@tutanota.com",
        ]
    )


def purl(rng: random.Random) -> str:
    first, last = _parts(rng)
    return rng.choice(
        [
            f"https://www.gofundme.com/f/help-{first}-{last}-with-dialysis",
            f"https://www.caringbridge.org/site/{first}{last}",
            f"https://www.facebook.com/{first}.{last}.{rng.randint(1, 99)}",
            f"https://www.instagram.com/{first}_{last}/",
            f"https://www.tiktok.com/@{first}{last[:4]}",
            f"https://venmo.com/u/{first.title()}-{last.title()}-{rng.randint(1, 9)}",
            f"https://www.threads.net/@{last}.{first}",
            f"https://www.youtube.com/@{first}{last}",
        ]
    )


def _day(rng: random.Random) -> tuple[int, int, int]:
    return rng.randint(1922, 2012), rng.randint(1, 12), rng.randint(1, 28)


def _ordinal(day: int) -> str:
    return f"{day}{'th' if 11 <= day <= 13 else {1: 'st', 2: 'nd', 3: 'rd'}.get(day % 10, 'th')}"


def birth_date(rng: random.Random) -> str:
    y, m, d = _day(rng)
    month = MONTHS.split()[m - 1]
    return rng.choice(
        [
            f"{d:02d}{MON3[m - 1].upper()}{y}",
            f"{MON3[m - 1]}-{d:02d}-{y}",
            f"the {_ordinal(d)} day of {month}, {y}",
            f"{y} {m:02d} {d:02d}",
            f"{m}-{d}-{y % 100:02d}",
            f"{d} {month} '{y % 100:02d}",
            f"{month} {_ordinal(d)}, {y}",
        ]
    )


def care_date(rng: random.Random) -> str:
    y, m, d = rng.choice([2025, 2026]), rng.randint(1, 12), rng.randint(1, 28)
    return rng.choice(
        [
            f"{d:02d}{MON3[m - 1].upper()}{y % 100:02d}",
            f"{m:02d}-{d:02d}-{y}",
            f"{MONTHS.split()[m - 1]} {_ordinal(d)}",
            f"{m}/{d}",
            f"{MON3[m - 1]} {d} {y}",
        ]
    )


def mrn(rng: random.Random) -> str:
    return rng.choice(
        [
            f"E{_n(rng, 9)}",  # Epic-style
            f"M{_n(rng, 9)}",  # Meditech-style
            f"{digits(rng, 2)}-{_n(rng, 2)}-{_n(rng, 2)}",
            f"DU{_n(rng, 6)}",  # dialysis unit
            f"{digits(rng, 1)}{_n(rng, 3)}-{_n(rng, 4)}",
            f"PX-{_n(rng, 6)}-{upper_letters(rng, 1)}",
        ]
    )


def plan(rng: random.Random) -> str:
    return rng.choice(
        [
            f"{upper_letters(rng, 2)}{_n(rng, 5)}{upper_letters(rng, 1)}",  # NY Medicaid CIN
            f"U{_n(rng, 8)} {_n(rng, 2)}",  # Cigna
            f"H{_n(rng, 8)}",  # Humana
            f"{digits(rng, 10)}",  # PA ACCESS
            f"{upper_letters(rng, 3)}W{_n(rng, 8)}",  # BCBS alpha prefix + W
            f"{digits(rng, 9)}-0{rng.randint(1, 4)}",  # UHC member + dependent suffix
        ]
    )


def account(rng: random.Random) -> str:
    return rng.choice(
        [
            f"{digits(rng, 4)} {_n(rng, 4)} {_n(rng, 4)} {_n(rng, 1)}",  # utility
            f"{digits(rng, 12)}",  # checking
            f"{digits(rng, 3)}-{_n(rng, 6)}-{_n(rng, 3)}",
            f"{digits(rng, 9)}",  # carrier account
            f"CU{_n(rng, 8)}-S01",  # credit-union share
            f"{digits(rng, 4)}-{_n(rng, 5)}",  # brokerage
        ]
    )


def vet_client(rng: random.Random) -> str:
    return rng.choice([f"C-{_n(rng, 6)}", f"{digits(rng, 5)}", f"CL{_n(rng, 5)}"])


def driver_licence(rng: random.Random) -> str:
    return rng.choice(
        [
            f"{upper_letters(rng, 1)}{_n(rng, 8)}",  # Virginia
            f"{upper_letters(rng, 1)}-{_n(rng, 3)}-{_n(rng, 3)}-{_n(rng, 3)}-{_n(rng, 3)}",  # MD
            f"{upper_letters(rng, 1)}{_n(rng, 4)} {_n(rng, 5)} {_n(rng, 5)}",  # New Jersey
            f"{upper_letters(rng, 1)}{_n(rng, 2)}-{_n(rng, 3)}-{_n(rng, 3)}",  # Kentucky
            f"{_n(rng, 2)}-{_n(rng, 3)}-{_n(rng, 4)}",  # Colorado
            f"{upper_letters(rng, 1)}{_n(rng, 12)}",  # Minnesota
            f"H{_n(rng, 8)}",  # Hawaii
        ]
    )


def plate(rng: random.Random) -> str:
    return rng.choice(
        [
            f"{upper_letters(rng, 3)}-{_n(rng, 4)}",  # Virginia-style
            f"{digits(rng, 1)}{upper_letters(rng, 2)}{_n(rng, 4)}",  # Maryland-style
            f"{rng.choice(['CA', 'CY', 'ND'])} {_n(rng, 3)}-{_n(rng, 3)}",  # South Africa
            f"{upper_letters(rng, 3)} {_n(rng, 3)} GP",  # Gauteng
            f"{upper_letters(rng, 3)} {digits(rng, 4)}",  # Philippines
            f"EL {digits(rng, 5)}",  # Norwegian EV
            f"{_n(rng, 3)} {upper_letters(rng, 3)} {rng.choice(['01', '02', '17'])}",  # KZ
            f"WP {upper_letters(rng, 3)}-{_n(rng, 4)}",  # Sri Lanka
            f"{_n(rng, 2)} {upper_letters(rng, 2)} {_n(rng, 3)}",  # Armenia
        ]
    )


def imei(rng: random.Random) -> str:
    raw = with_luhn(rng.choice(["35", "86", "35", "01"]) + _n(rng, 12))
    return rng.choice([raw, f"{raw[:2]}-{raw[2:8]}-{raw[8:14]}-{raw[14]}"])


def serial(rng: random.Random) -> str:
    mixed = "0123456789ABCDEFGHJKLMNPQRSTUVWXYZ"
    return rng.choice(
        [
            "".join(rng.choices(mixed, k=12)),  # iPhone
            f"R5{rng.choice('CGHJ')}{upper_letters(rng, 1)}{_n(rng, 2)}{upper_letters(rng, 5)}",
            f"PJN{_n(rng, 6)}{upper_letters(rng, 1)}",  # pacemaker
            f"{digits(rng, 1)}{upper_letters(rng, 4)}{_n(rng, 4)}",  # dialysis machine
            f"{upper_letters(rng, 2)}{_n(rng, 8)}",  # smart meter
            f"IO{_n(rng, 9)}",  # oxygen concentrator
        ]
    )


def iccid(rng: random.Random) -> str:  # a SIM card's serial: a device identifier
    return with_luhn("8901" + _n(rng, 14))


def phone(rng: random.Random) -> str:
    a, b, c = rng.randint(201, 989), rng.randint(200, 989), _n(rng, 4)
    return rng.choice(
        [
            f"{a}/{b}-{c}",
            f"+1 ({a}) {b}-{c}",
            f"{a} {b} {c}",
            f"{a}{b}{c}",
            f"{a}-{b}-{c}",
            f"1.{a}.{b}.{c}",
        ]
    )


def intl(rng: random.Random) -> str:
    return rng.choice(
        [
            f"+676 7{_n(rng, 2)} {_n(rng, 4)}",  # Tonga
            f"+685 7{_n(rng, 6)}",  # Samoa
            f"+261 3{rng.choice('234')} {_n(rng, 2)} {_n(rng, 3)} {_n(rng, 2)}",  # Madagascar
            f"+27 8{rng.choice('234')} {_n(rng, 3)} {_n(rng, 4)}",  # South Africa
            f"+234 80{rng.choice('3568')} {_n(rng, 3)} {_n(rng, 4)}",  # Nigeria
            f"+63 9{_n(rng, 2)} {_n(rng, 3)} {_n(rng, 4)}",  # Philippines
            f"+47 9{_n(rng, 2)} {_n(rng, 2)} {_n(rng, 3)}",  # Norway
            f"+299 {_n(rng, 2)} {_n(rng, 2)} {_n(rng, 2)}",  # Greenland
            f"+94 7{_n(rng, 1)} {_n(rng, 3)} {_n(rng, 4)}",  # Sri Lanka
            f"+213 5{_n(rng, 2)} {_n(rng, 2)} {_n(rng, 2)} {_n(rng, 2)}",  # Algeria
            f"+591 7{_n(rng, 7)}",  # Bolivia
            f"+856 20 {_n(rng, 4)} {_n(rng, 4)}",  # Laos
            f"+855 1{_n(rng, 1)} {_n(rng, 3)} {_n(rng, 3)}",  # Cambodia
            f"+977 98{_n(rng, 8)}",  # Nepal
            f"+7 70{_n(rng, 1)} {_n(rng, 3)} {_n(rng, 2)} {_n(rng, 2)}",  # Kazakhstan
        ]
    )


def fax(rng: random.Random) -> str:
    a, b, c = rng.randint(201, 989), rng.randint(200, 989), _n(rng, 4)
    return rng.choice([f"{a}/{b}-{c}", f"{a}{b}{c}", f"+1 {a} {b} {c}", f"({a}){b}-{c}"])


def ssn(rng: random.Random) -> str:
    area = rng.choice([a for a in range(1, 900) if a != 666])
    raw = f"{area:03d}{rng.randint(1, 99):02d}{rng.randint(1, 9999):04d}"
    return rng.choice([f"{raw[:3]}-{raw[3:5]}-{raw[5:]}", raw, f"{raw[:3]}.{raw[3:5]}.{raw[5:]}"])


def public_v4(rng: random.Random) -> str:
    a = rng.choice([23, 47, 50, 63, 67, 69, 71, 75, 96, 98, 99, 107, 108, 166, 174, 184])
    b, c, d = rng.randint(0, 255), rng.randint(0, 255), rng.randint(1, 254)
    return f"{a}.{b}.{c}.{d}"


def ip(rng: random.Random) -> str:
    if rng.random() < 0.7:
        return public_v4(rng)
    prefix = rng.choice(["2600:1700", "2603:6000", "2607:fb90", "2601:0c4", "2600:387"])
    tail = ":".join(f"{rng.randint(1, 0xFFFF):x}" for _ in range(5))
    return f"{prefix}:{rng.randint(1, 0xFFFF):x}:{tail}"


def card(rng: random.Random) -> str:
    prefix, length = rng.choice(
        [("4", 16), ("37", 15), ("6011", 16), ("65", 16), ("2221", 16), ("2720", 16), ("4", 16)]
    )
    raw = with_luhn(prefix + "".join(rng.choices("0123456789", k=length - len(prefix) - 1)))
    if length == 15:
        return rng.choice([raw, f"{raw[:4]} {raw[4:10]} {raw[10:]}"])
    return rng.choice([raw, "-".join(raw[i : i + 4] for i in range(0, 16, 4))])


def ndc(rng: random.Random) -> str:
    return rng.choice(
        [
            f"{_n(rng, 5)}-{_n(rng, 3)}-{_n(rng, 2)}",
            f"{_n(rng, 4)}-{_n(rng, 4)}-{_n(rng, 2)}",
            f"{_n(rng, 5)}-{_n(rng, 4)}-{_n(rng, 1)}",
        ]
    )


def version(rng: random.Random) -> str:
    return rng.choice(
        [
            f"iOS {rng.randint(16, 18)}.{rng.randint(0, 6)}.{rng.randint(1, 3)}",
            f"One UI {rng.randint(5, 6)}.{rng.randint(0, 1)}",
            f"MyChart {rng.randint(10, 11)}.{rng.randint(0, 9)}",
            f"firmware {rng.randint(1, 4)}.{rng.randint(0, 20)}.{rng.randint(0, 9)}",
            f"Android {rng.randint(13, 15)}",
        ]
    )


def release(rng: random.Random) -> str:
    y, m, d = rng.choice([2023, 2024, 2025]), rng.randint(1, 12), rng.randint(1, 28)
    return rng.choice([f"{MONTHS.split()[m - 1]} {d}, {y}", f"{m}/{d}/{y}"])


def masked_card(rng: random.Random) -> str:
    return rng.choice([f"x{_n(rng, 4)}", f"****{_n(rng, 4)}", f"card ending {_n(rng, 4)}"])


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
    "capsname": ("PERSON", lambda r: strip_accents(name(r)).upper()),
    "x12name": (
        "PERSON",
        lambda r: strip_accents(f"{r.choice(LAST)}*{r.choice(FIRST)}").upper(),
    ),
    "initlast": ("PERSON", lambda r: f"{ascii_fold(r.choice(FIRST))[0]}. {r.choice(LAST)}"),
    "wordname": ("PERSON", lambda r: r.choice(WORD_NAMED)),
    "wordfull": ("PERSON", lambda r: f"{r.choice(WORD_NAMED)} {r.choice(LAST)}"),
    "foldname": ("PERSON", lambda r: strip_accents(name(r))),
    "user": ("USERNAME", user),
    "homeuser": ("USERNAME", lambda r: _login(r.choice(FIRST))[0] + _login(r.choice(LAST))),
    "email": ("EMAIL_ADDRESS", email),
    "purl": ("PERSONAL_URL", purl),
    "dob": ("PERSONAL_DATE", birth_date),
    "visit": ("PERSONAL_DATE", care_date),
    "newborn": ("PERSONAL_DATE", care_date),  # a baby's birth date: this year's
    "d8dob": ("PERSONAL_DATE", lambda r: "{}{:02d}{:02d}".format(*_day(r))),
    "old": ("AGE_OVER_89", lambda r: str(r.randint(90, 106))),
    "mrn": ("MEDICAL_RECORD_NUMBER", mrn),
    "plan": ("HEALTH_PLAN_ID", plan),
    "acct": ("ACCOUNT_NUMBER", account),
    "vetclient": ("ACCOUNT_NUMBER", vet_client),
    "lic": ("LICENSE_NUMBER", driver_licence),
    "rnlic": ("LICENSE_NUMBER", lambda r: f"RN{digits(r, 7)}"),
    "perflic": ("LICENSE_NUMBER", lambda r: f"LP-{_n(r, 4)}"),  # perfusionist
    "odlic": ("LICENSE_NUMBER", lambda r: f"OD {digits(r, 4)}"),  # optometrist
    "ptin": ("LICENSE_NUMBER", lambda r: f"P{_n(r, 8)}"),  # tax preparer's PTIN
    "aprnlic": ("LICENSE_NUMBER", lambda r: f"APRN.{digits(r, 6)}"),
    "vin": ("VIN", vin),
    "plate": ("LICENSE_PLATE", plate),
    "imei": ("IMEI", imei),
    "serial": ("DEVICE_SERIAL", serial),
    "iccid": ("DEVICE_SERIAL", iccid),
    "zip": ("ZIP_CODE", lambda r: f"{r.randint(1001, 99950):05d}"),
    "ssn": ("US_SSN", ssn),
    "ip": ("IP_ADDRESS", ip),
    "ip4": ("IP_ADDRESS", public_v4),
    "card": ("CREDIT_CARD", card),
    "phone": ("PHONE_NUMBER", phone),
    "intl": ("PHONE_NUMBER", intl),
    "fax": ("FAX_NUMBER", fax),
    # hard negatives
    "cardio": (None, lambda r: r.choice(CARDIO)),
    "cardiorx": (None, lambda r: r.choice(CARDIO_RX)),
    "cardiodev": (None, lambda r: r.choice(CARDIO_DEVICES)),
    "oncorx": (None, lambda r: r.choice(ONCO_RX)),
    "onco": (None, lambda r: r.choice(ONCO_TERMS)),
    "renal": (None, lambda r: r.choice(RENAL)),
    "neo": (None, lambda r: r.choice(NEO)),
    "eye": (None, lambda r: r.choice(EYE)),
    "skin": (None, lambda r: r.choice(SKIN)),
    "hand": (None, lambda r: r.choice(HAND)),
    "dme": (None, lambda r: r.choice(DME)),
    "rx": (None, lambda r: r.choice(PHARM_RX)),
    "pet": (None, lambda r: r.choice(PETS)),
    "vetrx": (None, lambda r: r.choice(VET_RX)),
    "breed": (None, lambda r: r.choice(BREEDS)),
    "car": (None, lambda r: r.choice(CARS)),
    "handset": (None, lambda r: r.choice(PHONES)),
    "company": (None, lambda r: r.choice(COMPANIES)),
    "merchant": (None, lambda r: r.choice(MERCHANTS)),
    "insurer": (None, lambda r: r.choice(INSURERS)),
    "taxfirm": (None, lambda r: r.choice(TAX_FIRMS)),
    "bank": (None, lambda r: r.choice(BANKS)),
    "clinic": (None, lambda r: r.choice(CLINICS)),
    "figure": (None, lambda r: r.choice(FIGURES)),
    "lanip": (None, lambda r: r.choice(LAN_IPS)),
    "resolver": (None, lambda r: r.choice(RESOLVER_IPS)),
    "routing": (None, lambda r: r.choice(ROUTING)),
    "ein": (None, lambda r: f"{r.randint(10, 98)}-{_n(r, 7)}"),
    "phrase": (None, lambda r: r.choice(WORD_PHRASES)),
    "form": (None, lambda r: r.choice(IMMIGRATION_FORMS)),
    "taxform": (None, lambda r: r.choice(TAX_FORMS)),
    "cpt": (None, lambda r: r.choice(CPT)),
    "cathcpt": (None, lambda r: r.choice(["92928", "93458", "93459", "92920"])),
    "eyecpt": (None, lambda r: r.choice(["92134", "92133", "67028"])),
    "infcpt": (None, lambda r: r.choice(["96413", "96415", "96417"])),
    "icd": (None, lambda r: r.choice(ICD)),
    "hcpcs": (None, lambda r: r.choice(HCPCS)),
    "ndc": (None, ndc),
    "lot": (None, lambda r: f"{digits(r, 1)}{upper_letters(r, 1)}{_n(r, 3)}{upper_letters(r, 1)}"),
    "ro": (None, lambda r: f"RO {r.randint(200000, 899999)}"),
    "claimno": (None, lambda r: f"{r.randint(10, 99)}-{upper_letters(r, 2)}{_n(r, 5)}-{_n(r, 2)}"),
    "dispute": (None, lambda r: f"DSP{_n(r, 8)}"),
    "ticket": (None, lambda r: f"{r.choice(['CS', 'TKT', 'SR'])}-{r.randint(100000, 9999999)}"),
    "tracking": (
        None,
        lambda r: f"1Z{upper_letters(r, 3)}{_n(r, 3)}{upper_letters(r, 2)}{_n(r, 8)}",
    ),
    "orderno": (None, lambda r: f"W{_n(r, 9)}"),
    "version": (None, version),
    "fw": (None, lambda r: f"{r.randint(1, 11)}.{r.randint(0, 20)}.{r.randint(0, 9)}"),
    "release": (None, release),
    "maskedcard": (None, masked_card),
    "city": (None, lambda r: r.choice(CITIES)),
    "young": (None, lambda r: str(r.randint(19, 88))),
    "momage": (None, lambda r: str(r.randint(17, 44))),
    "kid": (None, lambda r: str(r.randint(2, 17))),
    "ga": (None, lambda r: f"{r.randint(24, 36)}+{r.randint(0, 6)}"),
    "grams": (None, lambda r: f"{r.randint(540, 2900):,}"),
    "miles": (None, lambda r: f"{r.randint(8000, 180000):,}"),
    "dose": (None, lambda r: f"{r.choice([5, 10, 20, 40, 81, 90, 100, 250, 500])} mg"),
    "days": (None, lambda r: f"{r.choice([7, 10, 14, 21, 28, 30, 90])} days"),
    "amount": (None, lambda r: f"${r.randint(12, 4800)}.{_n(r, 2)}"),
}
CHAT = [
    # veterinary clinic chats (the owner's data)
    "Clinic: Hi, this is the front desk at Westside Animal Hospital. Is this {first}, {pet}'s "
    "mom?\nOwner: yes! she threw up twice after the {vetrx}\nClinic: Dr. {last} wants to see "
    "her today at 3",
    "owner: hey its {lowfirst} again, client # {vetclient}, can i get a refill on {pet}'s "
    "{vetrx}? my new number is {phone}",
    "Vet chat transcript\nOwner: {name}\nEmail: {email}\nPet: {pet} ({breed}, {kid} yrs)\n"
    "Concern: limping on left hind since Tuesday",
    "Thanks {first}! {pet}'s rabies tag is renewed. Card on file {maskedcard}. — Westside "
    "Animal Hospital",
    # auto insurance FNOL
    "FNOL call, {insurer} claims\nAdjuster: Can I get the policyholder's name?\nCaller: "
    "{name}. I was driving my {car}, VIN {vin}\nAdjuster: and the other vehicle's plate?\n"
    "Caller: {plate}, a gray {car}",
    "Adjuster note: claimant {lastcomma} says the other driver, {name} (licence {lic}), ran "
    "the light on Route 9. Claim {claimno}. Callback {phone}.",
    "FNOL: insured is {old} and was a passenger; driver was her grandson {first}. No "
    "injuries reported. Tow to the body shop on Fenwick.",
    "caller: its my dad's car, he's {young}, i'm {lowname}. plate is {plate} if that helps",
    # car-dealer service
    "Service advisor text: Hi {first}, your {car} is ready. {ro}: oil change, tire rotation at "
    "{miles} mi. Total {amount}, pay at the desk or by text link. — {name}, service advisor",
    "SERVICE TICKET {ro}\nCustomer: {capsname}\nPh: {phone}\nVIN: {vin}\nTag: {plate}\n"
    "Mileage in: {miles}\nConcern: check engine light",
    "Advisor: recall 24V-{kid}{kid} applies to your {car}; VIN {vin} is on the list. Loaner "
    "agreement needs your driver's licence, {lic}?\nCustomer: yes that's mine",
    # mobile-carrier unlock
    "Agent (Unlock Desk): I can help unlock the {handset}. Please confirm the account number "
    "and the IMEI.\nCustomer: account {acct}, imei {imei}\nAgent: Thank you, {first}.",
    "cust: dialed *#06# and it shows {imei}, is that what you need? also sim number {iccid}",
    "Unlock request {ticket} denied: device {imei} still on an installment plan for account "
    "{acct}. Account holder {name} notified at {email}.",
    "chat: hi my husband {lowname} passed and i need his {handset} unlocked, i have the death "
    "certificate. his line was {phone}",
    # utility support
    "Utility chat\nAgent: For security, what's the service address ZIP and account number?\n"
    "Customer: {zip}, and {acct}\nAgent: Thanks {first}, I see the smart meter {serial} "
    "reported a spike.",
    "hi, {lowfirst} here. my elderly neighbor {name} ({old}) is on oxygen and the power is "
    "out on our block. medical certificate is on file with Duke Energy?",
    "Agent: Your Level Pay amount changes next month. Autopay from account {acct} stays on. "
    "Anything else, {nick}?",
    # bank fraud disputes
    "Fraud dispute chat\nCustomer: there's a charge at {merchant} I didn't make, {amount}\n"
    "Agent: Is it on card {card}?\nCustomer: yes\nAgent: I've opened dispute {dispute} "
    "and sent a new card to the address on file for {name}.",
    "bank msg: someone logged into my online banking from {ip} at 3am, i'm in {city} and i "
    "was asleep. username is {user}",
    "Agent: I see a Zelle to {name} for {amount}. Your account {acct}, routing {routing}, is "
    "now frozen while we review. We'll text {phone}.",
    "Customer {first} says her mother ({old}) was called by a 'bank investigator' and read "
    "out card {card}. Card blocked, {dispute} opened.",
    # tax-preparer intake
    "Tax intake (2025 return)\nTaxpayer: {name}   SSN: {ssn}   DOB: {dob}\nSpouse: {name}   "
    "SSN: {ssn}\nRefund to checking {acct}, routing {routing}\nForms: {taxform}, {taxform}",
    "preparer note: {lowfirst} brought a {taxform} from employer EIN {ein}; dependent {name} "
    "is {kid}. Prepared by {initlast}, PTIN {ptin}.",
    "Client {name} asked to e-file before she leaves for Laos; reach her at {intl} or {email}.",
    # immigration-paralegal intake
    "Immigration intake\nClient: {lastcomma}\nBorn {dob} in Antananarivo\nPhone: {intl}\n"
    "Email: {email}\nFiling: {form} with {form}; fee waiver considered",
    "Paralegal: spoke with {first} about the {form} biometrics; her cousin {name} will drive "
    "her, his number is {phone}. SSN for the EAD card: {ssn}.",
    "Declaration draft: I, {name}, was born on {dob} in Tbilisi, Georgia, and entered the "
    "United States on a B-2 visa.",
    # pharmacy IVR
    "IVR transcript\nSYSTEM: Please say or enter your date of birth.\nCALLER: {dob}\nSYSTEM: "
    "Thank you. Refilling {rx} for {capsname}. Ready after 4 PM.",
    "IVR: caller entered Rx 6{kid}0{kid}{kid}; phone on profile {phone}; caller said 'this is "
    "{lowname}'; transferred to pharmacist.",
    # patient portal
    "Portal message from {name}: Hi Dr. {last}, the {rx} copay went up to {amount}. Can we "
    "switch? My plan ID is {plan}.",
    "Portal reply: Hi {first}, your cath lab results are posted. — {name}, RN, Cardiology",
    "MyChart msg: hey, it's {lownick}. my username {user} keeps getting locked out",
    # teledermatology
    "Teledermatology chat\nPatient: {first} (uploaded 3 photos)\nDerm: Thanks. How long has the "
    "spot been there?\nPatient: since {visit}. my grandma {name} had {skin} for hers\n"
    "Derm: Let's biopsy. — {initlast}, MD",
    "derm chat: pt {lowfirst} asks if {skin} is safe while breastfeeding. DOB {dob}. Plan {plan}.",
    "FNOL: caller {name} says her daughter {wordname} was driving the {car}; {wordname} is "
    "fine, airbags deployed. Claim {claimno}.",
    "vet chat: {pet} ate a whole stick of butter lol. it's {lowfirst}, owner acct {vetclient}."
    "\nthx, {lowfirst}",
    "Customer: hi, I'm {wordfull}, the storm drain on our street flooded and the meter "
    "{serial} is under water. Acct {acct}.",
    # hard negatives only
    "Agent: The {handset} unlock policy changed on {release}; devices paid off for 40 days "
    "qualify. Ticket {ticket}.",
    "Vet tech: {pet} ({breed}) weighed in at 31 lb; {vetrx} {dose} with food; nail trim done.",
    "Owner FAQ: {vetrx} and {vetrx} can be given together; heartworm test due yearly.",
    "Adjuster: photos received for claim {claimno}; {car} at the {insurer} drive-in center; "
    "estimate {amount}.",
    "Service: tire pressure reset on the {car}; {ro} parts 15400-PLM-A02 on backorder.",
    "Bank: transfers over {amount} need a second approval. Routing {routing} is for wires only.",
    "Utility: estimated bill this month; rate schedule RS-1, 812 kWh; budget billing ends in "
    "{days}.",
    "Tax office: {taxfirm} and {taxfirm} are booked through April 15; {taxform} questions go "
    "to the front desk.",
    "Immigration: processing times for {form} are around 8 months; the fee for {form} changed "
    "on {release}.",
    "IVR: Press 1 to refill, 2 for the pharmacist. Store hours 9 to 9; {rx} is back in stock.",
    "Portal notice: MyChart is down for maintenance Sunday 2-4 AM; update the app to MyChart {fw}.",
    "Agent: Your {handset} on {version} is eligible for unlock. Order {orderno} shipped, "
    "tracking {tracking}.",
    "Vet: {pet} is a {kid}-year-old {breed}; {vetrx} {dose} daily for {days}. Recheck in two "
    "weeks.",
    "Adjuster: {car} total loss estimate {amount}; claim {claimno}; rental with Enterprise "
    "approved for {days}.",
    "Advisor: {ro} closed; {car} at {miles} mi; next service at {miles}. Recall 24V-118 done.",
    "Fraud team: dispute {dispute} resolved; merchant was {merchant}, refund {amount} to "
    "{maskedcard}.",
    "Tax prep: {taxform} and {taxform} received; employer EIN {ein}; {taxfirm} office closes at 6.",
    "Immigration: {form} receipt notice expected in 30 days; {form} filed together with {form}.",
    "Utility: outage in {city} restored; Duke Energy crews on site. Router at {lanip} may need "
    "a reboot; DNS {resolver} works.",
    "Portal: your {rx} {dose} refill is ready; {figure} PSA on the waiting-room TV, sorry!",
    "Derm chat: {skin} for {days}; patient is {young}. Story time for the kids is in the lobby.",
    "Chat bot: Our {bank} branch is open Sunday; wear royal blue for the charity walk.",
]
CLINICAL = [
    # cardiology / cath lab
    "CARDIAC CATHETERIZATION REPORT\nPatient: {capsname}   MRN: {mrn}   DOB: {dob}\n"
    "Operator: {name}, MD\nAccess: right radial after {cardio}; {cardio}. {cardiorx} given.",
    "Cath lab: {first} is a {old}-year-old with {cardio}; PCI to LAD (CPT {cathcpt}). Perfusion: "
    "{name}, {perflic}.",
    "Cardiology f/u {visit}: {lastcomma}, {young} yo, {cardiodev} placed; on {cardiorx} {dose}. "
    "Wife {first} at bedside, cell {phone}.",
    "Device check: pacemaker SN {serial} for {name}, MRN {mrn}; {cardio} noted on interrogation.",
    # oncology infusion
    "ONCOLOGY INFUSION NOTE {visit}\nPt: {name}  MRN: {mrn}\nRegimen: {oncorx} C3D1 "
    "(CPT {infcpt})\nDx: {onco} ({icd}); {onco}. Accessed the Port-a-Cath.",
    "Infusion RN: {lowfirst} tolerated {oncorx} well. Daughter {name} asked about the "
    "{figure} story on TV. Next cycle {visit}.",
    "Onc SW note: pt ({old}) lives with son {first}; fundraiser at {purl}; Medicare {plan}.",
    # dialysis run sheet
    "DIALYSIS RUN SHEET\nPatient: {lastcomma}   Unit MRN: {mrn}   Date: {visit}\nMachine: "
    "{serial}   Access: {renal}\nPre-wt 78.4 kg, post-wt 76.1 kg; {renal}; {renal}",
    "HD tx {visit}: {name} arrived late, ride from the Medicaid transport van. {renal} given. "
    "Next tx {visit}. Emergency contact {nick}, {intl}.",
    "Dialysis social work: {first} ({old}) applying for transportation; SSN {ssn} on the form; "
    "ZIP {zip}.",
    # NICU / pediatrics
    "NICU ADMIT NOTE\nBaby girl {last}, born {newborn} at {ga} weeks, BW {grams} g\nMother: "
    "{name}, {momage} yo, G3P2\n{neo}; {neo}",
    "NICU d/c planning: {first}'s mom {lowname} roomed in; {neo} noted before discharge; "
    "pediatrician {initlast}; home phone {phone}.",
    "Peds well visit {visit}: {first}, {kid} yo; {neo} hx. Dad {name} works at {company}.",
    # ophthalmology
    "OPHTHALMOLOGY CLINIC NOTE\nName: {name}   DOB: {dob}   MRN: {mrn}\nVA 20/40 OD; IOP 18 by "
    "Goldmann applanation; {eye}. Injection: {eye} ({icd}). Tech: {first}",
    "Eye clinic: {old}-year-old {name} with {eye}; referring optometrist {initlast}, "
    "{odlic}. OCT ({eyecpt}) today.",
    "Retina coordinator: {first} called back re: {eye} prior auth, member {plan}, fax {fax}.",
    # DME order
    "DME ORDER\nBeneficiary: {name}   DOB: {dob}   MBI on file\nItem: {dme} ({hcpcs})\n"
    "Deliver to ZIP {zip}; contact {phone}\nOrdering: {name}, NP, {aprnlic}",
    "DME supplier note: {first}'s {dme} serial {serial} delivered {visit}; Medicare Part B "
    "billing. Fax CMN to {fax}.",
    "O2 order: {lastcomma} ({old}), {dme}, concentrator serial {serial}, sats 86% RA.",
    # Medicare appeal
    "Re: Request for Redetermination\nBeneficiary: {capsname}\nMedicare plan ID: {plan}\n"
    "Date of service: {visit}\nItem denied: {dme} ({hcpcs})\nDear Sir or Madam, I am writing on "
    "behalf of my mother, who is {old} ...",
    "Appeal letter, page 2: ... Sincerely, {name}, daughter and authorized representative, "
    "{email}, {phone}. Fax: {fax}",
    # workers' comp
    "WORKERS' COMP CLAIM NOTE\nClaimant: {name}   SSN: {ssn}   DOI: {visit}\nEmployer: "
    "{company}\nExam: {hand}; {hand}. Adjuster: {initlast}",
    "WC adjuster diary: spoke with {lowfirst} ({young}); RTW light duty {visit}; nurse case "
    "manager {name}, {rnlic}. Claim {claimno}.",
    "IME report: Mr. {last} reports {hand}. Seen by {name}, MD. Copy faxed to {fax}.",
    # portal / misc clinical
    "Nurse triage: {name}, {old}, calling about {cardiorx}; confirmed DOB {dob}; callback {intl}.",
    "Chart correction: patient {name} (not {name}) — MRN {mrn} merged.",
    "Home health: {name} needs {dme}; son {first} signs; ID checked, licence {lic}.",
    "Lost device report: pt {name}'s phone IMEI {imei} stolen, MyChart user {user} reset.",
    "Billing: {name} paid copay {amount} with card {card}; plan {plan}.",
    "Telederm visit joined from {ip}; patient {first}, DOB {dob}; {skin} discussed.",
    "Portal: {wordfull} asked if {cardiorx} is a blessing in disguise or a royal pain; "
    "callback {phone}. — {initlast}, PharmD",
    # hard negatives only
    "Cath: {cardio}; {cardio}; LVEDP 18; no complications. Contrast 90 mL. Pt {young} y/o.",
    "Echo: EF 35%; {cardiodev} in good position; continue {cardiorx} {dose} BID.",
    "Infusion chair 7: {oncorx} over 90 minutes, premeds given; next {oncorx} in {days}.",
    "Tumor board: {onco}; {onco}; {figure} mentioned by the family as inspiration.",
    "HD: UF goal 2.5 L; {renal}; BFR 400; pt is {young}; {renal} held.",
    "NICU rounds: {neo}; {neo}; on 21% FiO2; feeds 24 kcal; weight {grams} g.",
    "Ophtho: {eye}; VA 20/25 OU; follow up in {days}; {eye} OS.",
    "Derm: {skin} and {skin} discussed; {skin} started; return in {days}.",
    "WC: light duty, no lifting over 20 lb for {days}; {hand}.",
    "DME: {dme} ordered ({hcpcs}); {dme} delivered; CMN on file, ICD-10 {icd}.",
    "Medicare appeal: redetermination for {hcpcs} upheld; ICD-10 {icd}; CPT {cpt}.",
    "Cath lab inventory: {cardiodev} lot {lot}; {cardiorx} NDC {ndc}; {cardio} documented.",
    "Infusion pharmacy: {oncorx} {dose}, NDC {ndc}, lot {lot}, expires {release}.",
    "Dialysis QA: {renal}; {renal}; machine software {fw}; chlorine check passed.",
    "NICU: {neo}; GA {ga}; BW {grams} g; {neo}. Parents updated at bedside.",
    "Ophtho: {eye}; {eye}; CPT {cpt}, ICD-10 {icd}. Pt is {young} y/o.",
    "Derm: {skin}; {skin}; path pending. Mohs referral to {clinic}.",
    "DME: {dme} ({hcpcs}) approved; {dme} ({hcpcs}) denied, not medically necessary.",
    "WC: {hand}; {hand}; OSHA recordable. Pt is {young} yo, RTW in {days}.",
    "Cardiology grand rounds: {figure} and the story of {cardio}; {clinic} faculty presenting.",
    "Onc: {onco}; {oncorx} held for ANC 0.9; restart in {days}. Seen at {clinic}.",
    "Peds: {kid} yo, weight 50th percentile; {neo} history; vaccines per schedule.",
]
RECORDS = [  # forms, exports, logs and system text of the same businesses
    'claimant_id,full_name,ssn,dob,zip,phone\n{kid}{kid}04,"{lastcomma}",{ssn},{dob},{zip},{phone}',
    'RO_EXPORT.csv: {ro},{vin},{plate},{foldname},{phone},"{miles}"',
    'unlock_queue.jsonl: {{"imei": "{imei}", "ban": "{acct}", "email": "{email}", '
    '"handset": "{handset}"}}',
    "2026-02-11T08:14:22Z portal-auth INFO login ok user={user} ip={ip} ua=MyChart/11.2",
    "2026-02-11T08:14:25Z portal-auth WARN 5 failed logins user={user} src={ip4}",
    "fraud_alerts.tsv\t{dispute}\t{card}\t{ip}\t{name}",
    "Author: {foldname} <{email}>\nDate:   Tue Feb 10 16:02 2026\n\n    remove real member id "
    "{plan} from fixtures",
    "/mnt/c/Users/{homeuser}/Documents/tax2025/{last}_{taxform}.pdf",
    "\\\\fs01\\home$\\{homeuser}\\Immigration\\{form}_{lowfirst}.docx",
    "HL7 PID|1||{mrn}^^^EPIC^MR||{capsname}||{d8dob}|M|||^^{city}^CA^{zip}||{phone}",
    "837P NM1*IL*1*{x12name}****MI*{plan}~DMG*D8*{d8dob}*F~",
    "meter_reads: account={acct} meter={serial} zip={zip} kwh=812",
    "sim_swap.log: iccid={iccid} imei={imei} account={acct} agent={user}",
    "vet_clients.csv: {vetclient},{name},{email},{phone},{pet}",
    "DMV lookup: plate {plate} -> {capsname}, VIN {vin}, DL {lic}",
    "W-2 box e/f: {name}, {zip}; box a: {ssn}; employer EIN {ein}",
    "pharmacy_ivr.log caller_id={phone} dob_entered={d8dob} rx={rx} result=refill_queued",
    "payee: {name} | card: {card} | ip: {ip4} | status: chargeback",
    "cc: {name} <{email}>; {name} <{email}>",
    "Attachments: consent_{lowfirst}_{last}.pdf (signed by {name} on {visit})",
    "SELECT * FROM appeals WHERE beneficiary_age >= 90; -- returns {name}, age {old}",
    "DME delivery ticket: {dme} SN {serial}, recipient {name}, signed {visit}, ZIP {zip}",
    "device_registry: owner={foldname} imei={imei} serial={serial}",
    "Fax cover: To {name}, fax {fax} | From: Intake, fax {fax} | Re: {capsname}, DOB {dob}",
    "NICU census: bed 14 | {last}, Baby Girl | MRN {mrn} | mom {name} | {intl}",
    "Profile links: {purl} ; {purl}",
    "CaringBridge update by {name}: Mom is {old} today and finished her last {oncorx} cycle! "
    "{purl}",
    'customers.json: {{"name": "{name}", "driver_license": "{lic}", "plate": '
    '"{plate}", "vin": "{vin}"}}',
    "Reviewed-by: {name} <{email}>  # FNOL intake form v{kid}",
    "Signed: {name}, PTIN {ptin} — Tax preparer, {taxfirm}",
    "Subject: appeal for {wordfull}\nFrom: {email}\n\nSee attached. {name}\n{phone}",
    # hard negatives only
    'audit.log: service=mychart-web version="{fw}" host={lanip} upstream={resolver}',
    "cpt_codes.csv: {cpt},{cpt},{cpt},{cpt}",
    "icd10_lookup: {icd} | {icd} | {icd}",
    "ndc_lot_expiry: {ndc},{lot},{release}",
    "vehicles_in_stock: {car}; {car}; {car}",
    "handset_catalog: {handset} ({version}), {handset} ({version})",
    "dispute_stats: {dispute} closed, {dispute} open, average {days}",
    "ups: {tracking} delivered; {tracking} in transit",
    "oncology_formulary: {oncorx} {dose}; {oncorx} {dose}",
    "tax_checklist: {taxform}, {taxform}, {taxform}; EIN {ein} verified",
    "routers.txt: gw {lanip}; dns {resolver}; dns {resolver}",
    "nameserver {resolver}\nnameserver {lanip}  # clinic router",
    "inventory: {cardiodev} lot {lot}, NDC {ndc}, {dme} ({hcpcs})",
    "claims_export: claim={claimno} cpt={cpt} icd={icd} amount={amount}",
    "Release notes: {version}, released {release}. Fixes login on {handset}.",
    "tracking={tracking} order={orderno} status=delivered",
    "ro_summary: {ro} {car} mileage={miles} recall=24V-118",
    'disputes: {dispute} merchant="{merchant}" amount={amount} card={maskedcard}',
    "immigration_forms: {form}, {form}, {form}; filing fee check to USCIS",
    "ping {lanip} ok; ping {resolver} ok; wifi ok",
    "pets.csv: {pet},{breed},{kid},{vetrx}",
    "bank_routing.csv: {routing},{routing},{routing}",
    "dashboards: {figure} visit photo album; {company} sponsors the {phrase} gala",
]
POOLS = [CHAT, CLINICAL, RECORDS]
