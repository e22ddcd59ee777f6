"""The fifteenth fresh split of benchmarks/pii.py (``--split fresh15``), in its own module.

Written blind to the detector (its code, word lists, tests and the notes on its misses unread)
after every other split up to fresh14 had been written, as the evaluation split of the next
round: measured once (2026-12-01, the figures are in benchmarks/pii.py's docstring) and never
tuned on; no labeling bug found. Names of Kyrgyz, Tatar, Yakut, Buryat, Tuvan, Ossetian, Circassian,
Avar, Azerbaijani, Turkmen, Tajik, Uyghur, Baloch, Sindhi, Kashmiri, Assamese, Odia, Bengali,
Manipuri, Mizo, Khasi, Naga, Shan, Batak, Tahitian, Rapa Nui, Okinawan, Mapuche, Aymara, Wayuu,
Nahuatl, Inuit, Ojibwe, Lakota, Cherokee, Afrikaans, Xhosa, Tswana, Venda, Tsonga, Chewa,
Bemba, Kikuyu, Luo, Kalenjin, Luhya, Kamba, Ganda, Rwandan, Burundian, Congolese, Cameroonian,
Wolof, Mossi, Ewe, Ga, Fon, Tiv, Efik, Ibibio, Amazigh, Oromo, Slovene, Czech, Slovak,
Croatian, Bosnian, Bulgarian, Romanian, Lithuanian, Estonian, Finnish, Luxembourgish, Flemish,
Corsican, Sardinian, Catalan, Galician and Yiddish origin, every token checked against the
name lists (and every other word) of pii.py, names.py, the shapes modules and fresh7 ...
fresh14 and dropped when found there. Genres: veterinary records and owner chats (the pets'
names, many of them human names, are never labeled; the owners are), dental notes, pharmacy
refill and prior-authorization chats, auto-insurance adjuster notes, recruiting emails and
background-check summaries, legal intake and immigration case notes, airline and hotel
booking support, SIM-swap and number-porting chats, hospice, optometry, home-health aide visit
logs, LIMS exports, 911 CAD logs, court docket entries, registrar and financial-aid emails, git
log and code review, Jira tickets, Slack JSON exports, French-English and romanized
Hindi-English chats and PDF tables pasted with their columns run together.
Identifier shapes: APIS (04MAR1957), French, Indian and MMDDYYYY birth dates; "92 ans" /
"92 saal" ages; VA ICNs, Tricare DBNs, PBM member ids with a person code, New York Medicaid
ids; hospice, dental, optometry and home-health record numbers; telecom BANs, Indian savings
accounts, French IBANs (mod 97), vet-clinic client accounts; Michigan, New Jersey,
Pennsylvania, Ohio, Indian and French driving licences, hygienist / vet / pharmacist /
optometrist / aide / bar numbers, and A-numbers and passport numbers, labeled LICENSE_NUMBER
(the scored type for certificate and licence numbers: a government document number of a
person); French, Delhi, New Jersey, Florida, Illinois and Georgia plates; dashed IMEIs; SIM
ICCIDs (Luhn, 19 digits: a card's serial, labeled DEVICE_SERIAL), CPAP and oxygen-concentrator
serials; French and Indian mobiles; Rover, Care.com, Indeed, Upwork and Handshake profiles.
Hard negatives: veterinary, pharmacy, dental, hospice and eye drugs, eponyms (Cushing's, Bell's
palsy, Cheyne-Stokes, Snellen, Schirmer, Amsler), car makes, hotels, pharmacies, hospitals,
universities and companies named after people, public figures, word-names used as words, pet
names, loopback / private / link-local / resolver IPs, PNRs, e-ticket, hotel confirmation,
USCIS receipt, claim, CAD incident, court case, Jira, order and FedEx tracking numbers, NDC
codes, BIN / PCN / group numbers, IFSC codes, port-out PINs, masked SSNs and cards,
odometer readings, versions, commit SHAs, release dates, pet ages and weights, vital signs,
doses, IOPs, scores, durations and ages under 90.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from pii import MON3, MONTHS, Filler, digits, strip_accents, upper_letters, vin
from pii import with_luhn as _luhn

# Every token below was checked against every word of the earlier splits' modules: of 647
# candidates (first, last and nick names) 143 were found there and dropped, and 15 more by hand
# (words, public figures, nicknames of dropped names).
FIRST = (
    "Aibek Cholpon Nurlanbek Bermet Kanybek Elnura Altynai Talant Jyldyz Gulnaz Ildar Zulfiya "
    "Lyaysan Airat Gulshat Sarpi Narspi Aisen Kyunney Nyurgun Tuyaara Dolgor Zorigto Sayana "
    "Choduraa Aidyn Shonchalai Soslan Taimuraz Mariet Nalmes Kazbek Patimat Gadzhi Aysel Tural "
    "Gunel Vugar Rashad Ulviyya Sevinj Elchin Myrat Ogulgerek Annagul Gozel Firuz Parvina "
    "Bakhtiyor Dilshod Sitora Ablikim Gulnisa Memet Mihray Patigul Jiand Mahrang Sassui Marvi "
    "Lalchand Mehraj Rukhsana Tabasum Showkat Bhaskarjyoti Jonali Rupjyoti Dhrubajyoti "
    "Mridusmita Trishna Jyotiranjan Sasmita Biswajit Smruti Debasish Pragyan Tanmoy Sayantani "
    "Shubhankar Moumita Sudipta Arghya Thoiba Bembem Ibomcha Sanatombi Chaoba Lalremruata "
    "Zonunsanga Lalhmingliana Vanlalruati Ibadahun Banteilang Kyrshanlang Neiphiu Vikhozo Akum "
    "Temsu Hseng Tigor Rosmawati Hotma Parulian Yusnidar Desmiati Teiki Manarii Vaitiare "
    "Heimana Tehani Raiarii Hotu Atamu Ayelen Nahuel Relmu Llanquiray Pehuen Huenu Nayra "
    "Jayariyu Citlali Yaretzi Tonatiuh Siila Panigusiq Waseyabin Ziigwan Nimkii Chaska "
    "Tahcawin Ayita Adsila Tsali Riaan Elmarie Jaco Hennie Marlize Wynand Schalk Liezl Unathi "
    "Andile Ntombizodwa Onalenna Mulalo Rudzani Ndivhuwo Tsakani Hlulani Nyiko Vutomi Tiyamike "
    "Mphatso Chilufya Mutale Mubanga Wanjiku Njeri Mumbua Awuor Jepchirchir Kiptoo Nashipai "
    "Nekesa Ndinda Kavata Kemigisha Tumusiime Ishimwe Irakoze Aissatou Coumba Sokhna Ngone "
    "Babacar Sedinam Dzifa Senyo Elikem Mawuli Kekeli Terkaa Msughter Doosuur Aondona Nsikak "
    "Idorenyin Ukeme Dihya Ghiles Obsa Lensa Bontu Galatoo Blaž Nejc Tjaša Špela Jernej Jitka "
    "Zdeněk Dubravka Hrvoje Stoyan Yordanka Ionuț Mădălina Cosmin Răzvan Loredana Georgeta "
    "Audrius Žygimantas Eglė Vaidas Kęstutis Jurgita Margus Triinu Urmas Pille Eetu Vilja Juho "
    "Kerttu Onni Jhemp Maïté Joëlle Wouter Jelle Lieselot Jente Sien Lisandru Ghjulia Gavino "
    "Bonaria Ignazia Uxía Antía Breixo Brais Mireia Oriol Roser Shmuel Chaya Rivky Zalman "
    "Leibish Gittel"
).split()
LAST = (
    "Toktogulov Sadyrbaev Beishenaliev Joldoshbaeva Gimadiev Sabirova Khusnutdinov Valiullina "
    "Everstov Pinigina Mammadov Huseynova Guliyev Rzayev Babayeva Hasanli Hojamuradov Nazarov "
    "Saidova Qurbonov Sharipova Davlatov Abdurehim Niyaz Mamut Bhat Baruah Hazarika Kalita "
    "Bordoloi Sahoo Pradhan Behera Samal Dasgupta Ghoshal Majumdar Meitei Ningthoujam Laishram "
    "Thokchom Yumnam Ralte Hmar Pachuau Khiangte Chhangte Lyngdoh Kharkongor Syiem Marbaniang "
    "Nongrum Siregar Nainggolan Hutapea Situmorang Pardede Teriitahi Tauraa Temauri Mahinui "
    "Shimabukuro Nakandakari Arakaki Yonamine Cayuqueo Llancaqueo Catrileo Millapán Quilapán "
    "Limachi Yapura Epieyu Ipuana Pushaina Jusayú Xicohténcatl Cuautle Tecuapetla Tzompaxtle "
    "Kuptana Anaviapik Ipeelee Kootoo Meekis Keesick Venter Pretorius Coetzee Steyn Joubert "
    "Swanepoel Oosthuizen Grobler Sebego Netshiavha Mudau Ramabulana Baloyi Chauke Maluleke "
    "Mathebula Ngobeni Mwale Musonda Gitau Wainaina Onyango Owino Omondi Rotich Koech "
    "Chepkoech Kirui Barasa Simiyu Ssebunya Nakibuuka Kiggundu Nsubuga Lubega Mukamana "
    "Nsengiyumva Bizimana Hakizimana Ilunga Tshibangu Mukendi Fotso Kamdem Ngassa Tchakounte "
    "Nkwenti Fonkam Diatta Badji Gueye Thiam Ouedraogo Kabore Zongo Ilboudo Nikiema Dzidzienyo "
    "Kpodo Tettey Quaye Lamptey Ashong Tetteh Nortey Ahouandjinou Gbaguidi Hounsou Dossou Ekpo "
    "Effiong Etuk Inyang Aondoakaa Oulhadj Wakjira Fayisa Jaleta Dinsa Kovačič Hribar Krajnc "
    "Potočnik Vidmar Procházka Kučera Veselý Horáková Němcová Pokorný Svobodová Kováčová Baláž "
    "Hudák Šimko Oravec Kovačević Jurić Begić Mehmedović Delić Stoyanova Hristov Kostadinov "
    "Stanciu Munteanu Constantinescu Vasilescu Butkus Petrauskas Jankauskienė Nieminen "
    "Heikkinen Koskinen Hämäläinen Vermeulen Peeters Claes Goossens Wouters Verstraeten Porcu "
    "Deiana Murgia Puddu Sanna Vilaró Rovira Otero Varela Couceiro Piñeiro Rabinowitz "
    "Perlmutter Grunwald Schwartzberg"
).split()
WHOLE = [  # several parts, planted as one name
    "Lalremruata Ralte", "Ntombizodwa Ngobeni-Mathebula", "Aissatou Coumba Diatta",
    "Dhrubajyoti Baruah", "Uxía Piñeiro Couceiro", "Tehani Teriitahi-Mahinui",
    "Dzifa Kpodo-Tettey", "Shmuel Zalman Perlmutter", "Riaan Oosthuizen",
    "Jyldyz Joldoshbaeva", "Ablikim Abdurehim", "Ayelen Catrileo Llancaqueo",
    "Nsikak Effiong-Etuk", "Mădălina Constantinescu", "Žygimantas Petrauskas",
    "Banteilang Kharkongor", "Ishimwe Nsengiyumva", "Heimana Tauraa",
    "Tonatiuh Xicohténcatl Cuautle", "Siila Kuptana", "Mireia Rovira Vilaró",
]  # fmt: skip
NICKNAMES = "Shiku Dhruba Zdenda Žygis Shmuli Chayele Nuțu Mădă Tuyka Jhempi Aiba Ablik".split()
EXTRA_ENTITIES = ["PERSONAL_URL", "FAX_NUMBER"]

MOIS = "janvier février mars avril mai juin juillet août septembre octobre novembre décembre"
PETS = [  # pets' names: many are people's names too, and are never labeled
    "Biscuit", "Mochi", "Pickles", "Waffles", "Luna", "Bella", "Charlie", "Cooper", "Daisy",
    "Milo", "Winston", "Rosie", "Bailey", "Oliver", "Lucy", "Murphy", "Tucker", "Penny Lane",
]  # fmt: skip
SPECIES = [
    "8 yo MN golden retriever", "3 yo FS DSH cat", "11 yo MN beagle", "5 mo M frenchie",
    "14 yo FS tabby", "2 yo FS pit mix", "9 yo MN labradoodle", "6 yo F cockatiel",
]  # fmt: skip
VET_DRUGS = [
    "Apoquel", "Cytopoint", "Simparica Trio", "NexGard", "Bravecto", "Rimadyl", "Galliprant",
    "Cerenia", "Clavamox", "gabapentin 100 mg caps",
]  # fmt: skip
RX_DRUGS = [
    "Mounjaro", "Wegovy", "Zepbound", "Trulicity", "Dupixent", "Skyrizi", "Rybelsus",
    "Ozempic 1 mg pens", "Eliquis 5 mg",
]  # fmt: skip
COMFORT_DRUGS = [
    "morphine sulfate 20 mg/mL", "Roxanol", "lorazepam 0.5 mg SL", "haloperidol",
    "glycopyrrolate", "scopolamine patch", "Senna-S",
]  # fmt: skip
EYE_DRUGS = ["Xiidra", "Restasis", "Vuity", "latanoprost", "Lumify", "Systane"]
DENTAL_DRUGS = ["Septocaine", "lidocaine 2% w/ epi", "Peridex rinse", "PreviDent 5000", "Arestin"]
VET_EPONYMS = [
    "Cushing's disease",
    "Addison's",
    "Horner's syndrome",
    "a Schiff-Sherrington posture",
]
DENTAL_EPONYMS = [
    "a G.V. Black Class II prep",
    "Stensen's duct",
    "a Hawley retainer",
    "Bell's palsy",
]
HOSPICE_EPONYMS = ["Cheyne-Stokes respirations", "a Kennedy terminal ulcer", "a Foley"]
EYE_EPONYMS = ["a Snellen chart", "a Schirmer test", "an Amsler grid", "Goldmann tonometry"]
LAB_EPONYMS = ["Bence Jones protein", "a direct Coombs", "Gram stain", "a Westgard rule"]
CARS = [
    "Chevrolet Equinox", "Tesla Model Y", "Porsche Macan", "Ford F-150", "Lincoln Navigator",
    "Chrysler Pacifica", "Honda Pilot",
]  # fmt: skip
NAMED_PLACES = [  # businesses, hospitals and schools named after people
    "Walgreens", "Kroger", "the Hilton Garden Inn", "a Marriott Courtyard", "Dana-Farber",
    "Sloan Kettering", "Vanderbilt", "Carnegie Mellon", "Purdue", "Banfield", "Hill's",
    "Baylor Scott & White", "the Wyndham by the airport", "Tufts",
]  # fmt: skip
FIGURES = [
    "Jane Goodall", "Steve Irwin", "Cesar Millan", "Ruth Bader Ginsburg", "Dolly Parton",
    "Bob Ross",
]  # fmt: skip
WORD_USES = [  # words that are given names elsewhere, used here as words, as whole sentences
    "Ginger ale and crackers helped.", "Hazel eyes, no redness.", "Amber alert on the radio.",
    "Heather gray scrubs are on order.", "A holly wreath on the door.",
    "Sterling silver crown declined.", "Rose gold frames picked out.", "June gloom all week.",
]  # fmt: skip
CARRIERS = ["T-Mobile", "Verizon", "AT&T", "Mint Mobile", "Visible", "Jio", "Free Mobile"]
NOT_PERSONAL_IPS = [
    "127.0.0.1", "::1", "10.12.0.4", "192.168.50.1", "172.20.0.3", "169.254.169.254",
    "8.8.4.4", "1.0.0.1", "224.0.0.251", "fe80::1",
]  # fmt: skip
ALNUM = "0123456789ABCDEFGHJKLMNPQRSTUVWXYZ"


def _hex(rng: random.Random, width: int) -> str:
    return "".join(rng.choices("0123456789abcdef", k=width))


def _n(rng: random.Random, width: int) -> str:
    return f"{rng.randint(0, 10**width - 1):0{width}d}"


def name(rng: random.Random) -> str:
    if rng.random() < 0.2:
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
            f"{first[0]}{last[:5]}{rng.randint(10, 99)}",
            f"{first}{last[0]}",
            f"{first[:2]}{last[:2]}{_n(rng, 4)}",  # a university NetID
            f"{last}.{first[0]}",
            f"{first}-{last}",
            f"{first[0]}{last}",
        ]
    )


def email(rng: random.Random) -> str:
    first, last = _parts(rng)
    if rng.random() < 0.08:  # spelled out to dodge scrapers, as a recruiter's résumé has it
        return f"{first} dot {last} at gmail dot com"
    return rng.choice(
        [
            f"{first}.{last}@proton.me",
            f"{first}{last[0]}@orange.fr",
            f"{last}.{first}@laposte.net",
            f"{first}{rng.randint(1, 99)}@rediffmail.com",
            f"{first}_{last}@zoho.com",
            f"{first[0]}{last}@icloud.com",
            f"{first}{last[:3]}@fastmail.com",
            f"{first}.{last}@students.ualr.edu",
        ]
    )


def purl(rng: random.Random) -> str:
    first, last = _parts(rng)
    return rng.choice(
        [
            f"https://www.rover.com/members/{first}-{last[0]}-{''.join(rng.choices(ALNUM, k=6))}/",
            f"https://www.indeed.com/r/{first.title()}-{last[0].upper()}/{_hex(rng, 16)}",
            f"https://www.upwork.com/freelancers/~01{_hex(rng, 18)}",
            f"https://app.joinhandshake.com/stu/users/{digits(rng, 8)}",
            f"https://www.care.com/p/{first}{last[0]}-{digits(rng, 8)}",
        ]
    )


def _ymd(rng: random.Random, start: int = 1926, end: int = 2012) -> tuple[int, int, int]:
    return rng.randint(start, end), rng.randint(1, 12), rng.randint(1, 28)


def birth_date(rng: random.Random) -> str:
    y, m, d = _ymd(rng)
    return rng.choice(
        [
            f"{d:02d}{MON3[m - 1].upper()}{y}",  # an APIS line
            f"{d} {MOIS.split()[m - 1]} {y}",
            f"{d:02d}/{m:02d}/{y}",  # day first, as an Indian or French form writes it
            f"{m:02d}{d:02d}{y}",  # keyed into a pharmacy IVR
            f"{y}/{m:02d}/{d:02d}",
            f"{MON3[m - 1]} {d} {y}",
            f"{MONTHS.split()[m - 1]} {d}, {y}",
        ]
    )


def service_date(rng: random.Random) -> str:  # a visit, a death, a loss, an admission
    y, m, d = _ymd(rng, 2024, 2026)
    return rng.choice(
        [f"{m}/{d}/{y}", f"{y}-{m:02d}-{d:02d}", f"{MON3[m - 1]} {d}", f"{m:02d}/{d:02d}"]
    )


def health_plan(rng: random.Random) -> str:
    return rng.choice(
        [
            f"{digits(rng, 10)}V{_n(rng, 6)}",  # a VA ICN
            digits(rng, 11),  # a Tricare DoD benefits number
            f"{digits(rng, 9)}-{rng.randint(1, 4):02d}",  # a PBM member id with person code
            f"{upper_letters(rng, 2)}{_n(rng, 5)}{upper_letters(rng, 1)}",  # NY Medicaid
        ]
    )


def record_number(rng: random.Random) -> str:
    return rng.choice(
        [
            f"{_n(rng, 2)}-{_n(rng, 2)}-{_n(rng, 2)}-{_n(rng, 2)}",  # hospice MR#
            f"DNT{_n(rng, 6)}",  # a dental chart
            f"OPT-{_n(rng, 5)}-{upper_letters(rng, 1)}",  # an optometry patient id
            f"HH{_n(rng, 8)}",  # a home-health patient
            f"{digits(rng, 7)}",
        ]
    )


def iban_fr(rng: random.Random) -> str:
    bban = f"{_n(rng, 5)}{_n(rng, 5)}{_n(rng, 11)}{_n(rng, 2)}"
    check = 98 - int(bban + "152700") % 97  # F=15, R=27, then "00"
    raw = f"FR{check:02d}{bban}"
    return " ".join(raw[i : i + 4] for i in range(0, len(raw), 4))


def account(rng: random.Random) -> str:
    return rng.choice(
        [
            digits(rng, 9),  # a telecom billing account number
            digits(rng, 14),  # an Indian savings account
            iban_fr(rng),
            f"C-{_n(rng, 6)}",  # a vet clinic's client account
            digits(rng, 10),  # a direct-deposit checking account
        ]
    )


def driver_licence(rng: random.Random) -> str:
    up = upper_letters
    return rng.choice(
        [
            f"{up(rng, 1)} {_n(rng, 3)} {_n(rng, 3)} {_n(rng, 3)} {_n(rng, 3)}",  # Michigan
            f"{up(rng, 1)}{_n(rng, 4)} {_n(rng, 5)} {_n(rng, 5)}",  # New Jersey
            f"{_n(rng, 2)} {_n(rng, 3)} {_n(rng, 3)}",  # Pennsylvania
            f"{up(rng, 2)}{_n(rng, 6)}",  # Ohio
            f"{rng.choice(['MH', 'DL', 'KA', 'UP'])}{_n(rng, 2)} {_n(rng, 11)}",  # India
            f"{_n(rng, 12)}",  # a French permis
        ]
    )


PRO_LICENCES: dict[str, Callable[[random.Random], str]] = {
    "hygienist": lambda r: f"RDH {digits(r, 5)}",
    "vet": lambda r: f"DVM-{_n(r, 6)}",
    "pharmacist": lambda r: f"RPh #{digits(r, 5)}",
    "optometrist": lambda r: f"OD{_n(r, 6)}",
    "aide": lambda r: f"CNA-{_n(r, 7)}",
}


def a_number(rng: random.Random) -> str:
    raw = f"{rng.randint(1, 2)}{_n(rng, 8)}"
    return rng.choice(
        [f"A{raw}", f"A{raw[:3]}-{raw[3:6]}-{raw[6:]}", f"A {raw[:3]} {raw[3:6]} {raw[6:]}"]
    )


def passport(rng: random.Random) -> str:
    return rng.choice(
        [
            digits(rng, 9),
            f"{upper_letters(rng, 1)}{_n(rng, 7)}",
            f"{_n(rng, 2)}{upper_letters(rng, 2)}{_n(rng, 5)}",
        ]
    )


def plate(rng: random.Random) -> str:
    up = upper_letters
    return rng.choice(
        [
            f"{up(rng, 2)}-{_n(rng, 3)}-{up(rng, 2)}",  # France
            f"DL {rng.randint(1, 9)}C {up(rng, 2)} {_n(rng, 4)}",  # Delhi
            f"{up(rng, 1)}{_n(rng, 2)}-{up(rng, 3)}",  # New Jersey
            f"{up(rng, 3)} {up(rng, 1)}{_n(rng, 2)}",  # Florida
            f"{up(rng, 2)} {_n(rng, 5)}",  # Illinois
            f"{up(rng, 3)}{_n(rng, 4)}",  # Georgia
        ]
    )


def imei(rng: random.Random) -> str:
    raw = _luhn(rng.choice(["35", "86", "01", "35"]) + _n(rng, 12))
    return rng.choice(
        [raw, f"{raw[:8]}-{raw[8:14]}-{raw[14]}", f"{raw[:2]}-{raw[2:8]}-{raw[8:14]}-{raw[14]}"]
    )


def iccid(rng: random.Random) -> str:
    return _luhn(f"8901{rng.choice(['260', '410', '480'])}" + _n(rng, 11))


def serial(rng: random.Random) -> str:
    return rng.choice(
        [
            iccid(rng),  # a SIM card's serial
            f"2316{_n(rng, 7)}",  # a CPAP
            f"OC{_n(rng, 2)}{upper_letters(rng, 1)}{_n(rng, 6)}",  # an oxygen concentrator
            f"F{''.join(rng.choices(ALNUM, k=11))}",  # a phone
        ]
    )


def phone(rng: random.Random) -> str:
    area = rng.randint(201, 989)
    pairs = " ".join(_n(rng, 2) for _ in range(4))
    return rng.choice(
        [
            f"06 {pairs}",
            f"+33 7 {pairs}",
            f"+91 9{_n(rng, 4)} {_n(rng, 5)}",
            f"9{_n(rng, 4)}-{_n(rng, 5)}",
            f"({area}){rng.randint(200, 989)}-{_n(rng, 4)}",
            f"{area}/{rng.randint(200, 989)}-{_n(rng, 4)}",
            f"+1 {area} {rng.randint(200, 989)} {_n(rng, 4)}",
        ]
    )


def fax(rng: random.Random) -> str:
    area, exchange = rng.randint(201, 989), rng.randint(200, 989)
    return rng.choice(
        [
            f"+1 {area} {exchange} {_n(rng, 4)}",
            f"({area}){exchange}-{_n(rng, 4)}",
            f"{area}-{exchange}-{_n(rng, 4)}",
        ]
    )


def ssn(rng: random.Random) -> str:
    area = rng.choice([a for a in range(1, 900) if a != 666])
    raw = f"{area:03d}{rng.randint(1, 99):02d}{rng.randint(1, 9999):04d}"
    return rng.choice([f"{raw[:3]}-{raw[3:5]}-{raw[5:]}", raw, f"{raw[:3]}.{raw[3:5]}.{raw[5:]}"])


def ip(rng: random.Random) -> str:
    if rng.random() < 0.8:
        a = rng.choice([23, 45, 50, 64, 66, 76, 96, 99, 108, 142, 166, 184, 199, 216])
        return f"{a}.{rng.randint(0, 255)}.{rng.randint(0, 255)}.{rng.randint(1, 254)}"
    prefix = rng.choice(["2a01:e0a", "2409:4040", "2603:6010", "2a02:8109", "2605:a601"])
    groups = ":".join(f"{rng.randint(1, 0xFFFF):x}" for _ in range(6))
    return f"{prefix}:{groups}"


def card(rng: random.Random) -> str:
    prefix, length = rng.choice([("4", 16), ("22", 16), ("34", 15), ("65", 16), ("51", 16)])
    raw = _luhn(prefix + "".join(rng.choices("0123456789", k=length - len(prefix) - 1)))
    if length == 15:
        return rng.choice([raw, f"{raw[:4]} {raw[4:10]} {raw[10:]}"])
    return rng.choice([raw, " ".join(raw[i : i + 4] for i in range(0, 16, 4))])


def version(rng: random.Random) -> str:
    return f"{rng.randint(0, 12)}.{rng.randint(0, 40)}.{rng.randint(0, 15)}"


def release(rng: random.Random) -> str:
    y, m, d = _ymd(rng, 2023, 2026)
    return rng.choice([f"{y}-{m:02d}-{d:02d}", f"{MONTHS.split()[m - 1]} {d}, {y}"])


def pnr(rng: random.Random) -> str:
    return "".join(rng.choices("ABCDEFGHJKLMNPQRSTUVWXYZ23456789", k=6))


def sha(rng: random.Random) -> str:
    return _hex(rng, rng.choice([7, 40]))


FILLERS: dict[str, Filler] = {
    "name": ("PERSON", name),
    "first": ("PERSON", lambda r: r.choice(FIRST)),
    "last": ("PERSON", lambda r: r.choice(LAST)),
    "nick": ("PERSON", lambda r: r.choice(NICKNAMES)),
    "lowfirst": ("PERSON", lambda r: strip_accents(r.choice(FIRST)).lower()),
    "lastfirst": (
        "PERSON",
        lambda r: f"{strip_accents(r.choice(LAST)).upper()}, {r.choice(FIRST)}",
    ),
    "user": ("USERNAME", user),
    "email": ("EMAIL_ADDRESS", email),
    "purl": ("PERSONAL_URL", purl),
    "dob": ("PERSONAL_DATE", birth_date),
    "day": ("PERSONAL_DATE", service_date),
    "old": ("AGE_OVER_89", lambda r: str(r.randint(90, 106))),
    "mrn": ("MEDICAL_RECORD_NUMBER", record_number),
    "plan": ("HEALTH_PLAN_ID", health_plan),
    "acct": ("ACCOUNT_NUMBER", account),
    "iban": ("ACCOUNT_NUMBER", iban_fr),
    "lic": ("LICENSE_NUMBER", driver_licence),
    **{f"{job}lic": ("LICENSE_NUMBER", make) for job, make in PRO_LICENCES.items()},
    "anum": ("LICENSE_NUMBER", a_number),
    "barno": ("LICENSE_NUMBER", lambda r: digits(r, 6)),
    "passport": ("LICENSE_NUMBER", passport),
    "vin": ("VIN", vin),
    "plate": ("LICENSE_PLATE", plate),
    "imei": ("IMEI", imei),
    "serial": ("DEVICE_SERIAL", serial),
    "iccid": ("DEVICE_SERIAL", iccid),
    "zip": ("ZIP_CODE", lambda r: f"{r.randint(1001, 99950):05d}"),
    "ssn": ("US_SSN", ssn),
    "ip": ("IP_ADDRESS", ip),
    "card": ("CREDIT_CARD", card),
    "phone": ("PHONE_NUMBER", phone),
    "fax": ("FAX_NUMBER", fax),
    # hard negatives
    "pet": (None, lambda r: r.choice(PETS)),
    "species": (None, lambda r: r.choice(SPECIES)),
    "vetdrug": (None, lambda r: r.choice(VET_DRUGS)),
    "rxdrug": (None, lambda r: r.choice(RX_DRUGS)),
    "comfortdrug": (None, lambda r: r.choice(COMFORT_DRUGS)),
    "eyedrug": (None, lambda r: r.choice(EYE_DRUGS)),
    "dentaldrug": (None, lambda r: r.choice(DENTAL_DRUGS)),
    "veteponym": (None, lambda r: r.choice(VET_EPONYMS)),
    "dentaleponym": (None, lambda r: r.choice(DENTAL_EPONYMS)),
    "hospiceeponym": (None, lambda r: r.choice(HOSPICE_EPONYMS)),
    "eyeeponym": (None, lambda r: r.choice(EYE_EPONYMS)),
    "labeponym": (None, lambda r: r.choice(LAB_EPONYMS)),
    "car": (None, lambda r: r.choice(CARS)),
    "place": (None, lambda r: r.choice(NAMED_PLACES)),
    "figure": (None, lambda r: r.choice(FIGURES)),
    "worduse": (None, lambda r: r.choice(WORD_USES)),
    "carrier": (None, lambda r: r.choice(CARRIERS)),
    "localip": (None, lambda r: r.choice(NOT_PERSONAL_IPS)),
    "version": (None, version),
    "release": (None, release),
    "sha": (None, sha),
    "pnr": (None, pnr),
    "eticket": (None, lambda r: f"{r.choice(['001', '006', '016', '027'])}{_n(r, 10)}"),
    "hotelconf": (None, lambda r: f"{r.randint(8, 9)}{_n(r, 7)}"),
    "receipt": (None, lambda r: f"{r.choice(['IOE', 'MSC', 'EAC', 'WAC'])}{_n(r, 10)}"),
    "claim": (None, lambda r: f"{_n(r, 2)}-{_n(r, 7)}-{upper_letters(r, 1)}{_n(r, 2)}"),
    "cad": (None, lambda r: f"F{r.randint(24, 26)}{_n(r, 7)}"),
    "courtcase": (None, lambda r: f"{r.randint(1, 5)}:{r.randint(24, 26)}-cv-{_n(r, 5)}"),
    "jira": (
        None,
        lambda r: f"{r.choice(['PLAT', 'PAY', 'VET', 'LIMS', 'CAD'])}-{r.randint(10, 9999)}",
    ),
    "order": (None, lambda r: f"W{_n(r, 9)}"),
    "fedex": (None, lambda r: f"7{_n(r, 11)}"),
    "ndc": (None, lambda r: f"{_n(r, 5)}-{_n(r, 4)}-{_n(r, 2)}"),
    "bin": (None, lambda r: r.choice(["610014", "004336", "003858", "610502"])),
    "pcn": (None, lambda r: r.choice(["ADV", "MEDDADV", "A4", "9999"])),
    "group": (None, lambda r: f"RX{_n(r, 4)}"),
    "ifsc": (None, lambda r: f"{r.choice(['HDFC', 'SBIN', 'ICIC', 'UTIB'])}0{_n(r, 6)}"),
    "pin": (None, lambda r: _n(r, r.choice([4, 6]))),
    "maskssn": (None, lambda r: f"{r.choice(['***-**-', 'XXX-XX-'])}{_n(r, 4)}"),
    "maskcard": (None, lambda r: f"{r.choice(['**** ', 'xxxx', 'ending in '])}{_n(r, 4)}"),
    "odometer": (
        None,
        lambda r: (
            f"{r.randint(10000, 189999):,}" if r.random() < 0.5 else str(r.randint(10000, 189999))
        ),
    ),
    "petage": (None, lambda r: str(r.randint(1, 17))),
    "lbs": (None, lambda r: str(r.randint(6, 110))),
    "hr": (None, lambda r: str(r.randint(58, 140))),
    "spo2": (None, lambda r: str(r.randint(86, 100))),
    "iop": (None, lambda r: str(r.randint(9, 28))),
    "dose": (None, lambda r: str(r.choice([5, 10, 20, 25, 40, 50, 90, 100]))),
    "mins": (None, lambda r: str(r.randint(3, 95))),
    "score": (None, lambda r: str(r.randint(60, 99))),
    "young": (None, lambda r: str(r.randint(18, 89))),
    "count": (None, lambda r: str(r.randint(2, 48))),
    "well": (None, lambda r: f"{r.choice('ABCDEFGH')}{r.randint(1, 12):02d}"),
    "qclot": (None, lambda r: _n(r, 5)),
}
CHAT = [
    # veterinary owner chats: the pet is not a person, the owner is
    "PetDesk message · Client {name} ({phone})\nHi, {pet} threw up twice after the {vetdrug}. "
    "She's a {species}. Should I bring her in today?",
    "Front desk: Hi {first}! {pet}'s rabies booster is due. Your client account {acct} shows "
    "a balance of $86.40; we can text a pay link to {phone}.",
    "{lowfirst}: omg {pet} ate a whole sock again 😩 can dr {last} see him\n"
    "Reception: bring {pet} in at 2:40, and no food till then please",
    "Owner {name} asked for {pet}'s records to go to the emergency hospital; she is "
    "travelling and the pet sitter's profile is {purl}. Card on file {card}.",
    # pharmacy refill and prior authorization
    "Pharmacy chat · {place}\nPatient: this is {name}, DOB {dob}, my {rxdrug} refill "
    "says prior auth needed??\nTech: Yes, we faxed your doctor at {fax} this morning.",
    "Tech: I need the card info. BIN {bin}, PCN {pcn}, group {group}, and the member ID.\n"
    "{first}: member ID is {plan}",
    "PA status for {name}: {rxdrug} denied, step therapy; appeal faxed to {fax}. Copay "
    "card {maskcard}. NDC {ndc}. Callback {phone}. RPh {last}, {pharmacistlic}.",
    "IVR: Please enter the patient's date of birth, eight digits. Caller entered {dob}. "
    "Refill ready for {lastfirst} at {place}.",
    # airline and hotel booking support
    "Agent: I have your booking {pnr}, e-ticket {eticket}. For the APIS I need the name as on "
    "the passport, the date of birth and the passport number.\nPax: {name}, {dob}, {passport}",
    "Hotel chat: confirmation {hotelconf} at {place}, guest {name}, arriving late. Card "
    "guarantee {card}. Reach me at {email} or {phone}.",
    "Passenger {lastfirst} / DOB {dob} / PP {passport}; booking {pnr} rebooked after the "
    "delay, e-ticket {eticket} reissued. Meal request: vegetarian.",
    "Agent: booking {pnr} is for 2 adults; the lap infant is {petage} months. Seats 14A-B. "
    "Order {order}. Hotel confirmation {hotelconf} is separate.",
    # telecom SIM swap and number porting
    "{carrier} chat\nCustomer: my SIM stopped working after someone called me\nAgent: I see a "
    "SIM change at 03:12. Is this {name}? Account {acct}, line {phone}?",
    "Agent: to port {phone} out you need the account number {acct} and the transfer PIN "
    "{pin}. The new SIM ICCID is {iccid} and the handset IMEI {imei}.",
    "Fraud note: SIM swap on {user} from IP {ip}; IMEI changed from {imei} to {imei}. "
    "Customer {name} verified with DOB {dob} and ZIP {zip}.",
    "Customer: the eSIM QR won't scan on my Pixel\nAgent: try Settings > Network, then "
    "restart. Order {order} is the replacement, FedEx {fedex}.",
    # recruiting emails and background checks
    "From: {email}\nSubject: Senior hygienist role\nHi {first}, thanks for sending your "
    "résumé ({purl}). Are you free {release}? Best, {name}, Talent Acquisition",
    "Background check summary · Candidate: {name} · SSN {ssn} · DOB {dob}\nDL {lic} "
    "(valid), no records found in county {zip}. Employment at {place} verified.",
    "Offer letter for {name}: start date per HR, salary band 3. Please send your I-9 docs "
    "and direct-deposit account {acct} to {email}. SSN on file shows {maskssn}.",
    "Recruiter: {first}, the hiring manager loved the take-home (score {score}/100). Can "
    "you reach me at {phone}? Also connect here: {purl}",
    # registrar and financial aid
    "Dear {name},\nYour FAFSA flagged verification: please upload your SSN card (ending "
    "{maskssn} is not enough; we need the full number {ssn} on the form). — Financial Aid",
    "Registrar: NetID {user} for {name} (DOB {dob}) is reactivated. Transcript request "
    "{order} goes to {email}. Diploma ships to ZIP {zip}.",
    "Hi {first}, this is the bursar at Purdue. The refund goes to checking {acct}; your "
    "student portal login is {user}.",
    # legal intake and immigration
    "Intake call: {name}, A-number {anum}, passport {passport}, DOB {dob}. Receipt notice "
    "{receipt} for the I-765; wants a callback at {phone}.",
    "Client {lastfirst} (A# {anum}) asks whether the USCIS receipt {receipt} is the same as "
    "her A-number. Explained it is not; court case {courtcase} is separate.",
    # French-English and Hindi-English chats
    "{lowfirst}: coucou, mamie a {old} ans demain!! on fait un gâteau\n{nick}: trop bien, "
    "send pics, et dis-lui bon anniversaire",
    "Bonjour, je suis {name}, née le {dob}. Mon RIB: {iban}. Call me au {phone} if the "
    "wire fails, merci!",
    "{lowfirst}: bhai dadi {old} saal ki ho gayi, unka Aadhaar update karna hai\n{nick}: "
    "haan, DOB {dob} daal dena, aur mera number {phone}",
    "Arre {first}, transfer kar diya: A/c {acct}, IFSC {ifsc}. Didi ka DL {lic} bhi "
    "WhatsApp pe bheja. Gaadi {plate} wapas kab aayegi?",
    "yaar nani {young} saal ki hain, full fit, roz walk karti hain. {worduse}",
    "Merci {first} ! Le colis {order} est arrivé, la plaque de la voiture c'était {plate}.",
    # light turns: hard negatives only, or one value
    "Reception: {pet} is all done, {count} stitches, cone for {count} days. Pickup at 5.",
    "My {species} hates the car. {pet} yowled the whole way, like something off {figure}.",
    "Tech: the {rxdrug} shortage is national; try {place} or check back Friday. NDC {ndc}.",
    "Agent: your record locator {pnr} is unchanged; the gate moved to B{count}.",
    "Reminder from {place}: your appointment is tomorrow at 9:15. Reply C to confirm.",
    "Agent: port-out PIN is {pin}; it expires in {count} days. Do not share it.",
    "Recruiter: we use {figure} quotes in onboarding, ha. Panel is {mins} min.",
    "Financial aid: COA updated; Pell estimate unchanged. Ticket {jira}.",
    "Hotel: robes are $40 if they leave the room. Confirmation {hotelconf}.",
    "Intake: USCIS receipt {receipt} received; biometrics letter to follow.",
    "Bhai {car} ki service {count} din mein, odometer {odometer} hai.",
    "Cest ok pour jeudi, je prends le {car}.",
    "Owner: {pet} is {petage} now and slowing down, but still steals socks.",
    "Background check vendor SLA is {count} business days; case {claim} opened.",
    "Agent: baggage allowance is 2 x 23 kg on this fare; seat selection opens at T-24h.",
    "Tech: {rxdrug} is a weekly pen; store in the fridge, {count} days at room temp max.",
    "Front desk: {pet} and {pet} are boarding Fri-Sun; {vetdrug} goes with breakfast.",
    "Agent: {carrier} outage in your area is fixed; restart the phone. Ticket {jira}.",
    "Financial aid: the {place} scholarship deadline moved to {release}.",
    "Recruiter: loop is {count} interviews, {mins} min each, no whiteboard.",
    "Intake: consultation fee waived; bring every notice you received. Case {courtcase}.",
    "lol {pet} stole a sock again. {worduse}",
]
CLINICAL = [
    # veterinary records
    "SOAP — Patient: {pet} ({species}) · Owner: {name} · Client #{acct}\nS: vomiting x2. "
    "O: T 101.{count} F, HR {hr}, wt {lbs} lb. A: r/o {veteponym}. P: {vetdrug}, recheck {count}d.",
    "Rx label: {pet} {lastfirst} — {vetdrug}, give 1 tab BID. DVM: Dr {last}, {vetlic}. "
    "Owner phone {phone}.",
    "Euthanasia consent: I, {name}, owner of {pet}, {species}, consent. "
    "Witness: front desk. Paid with card {card}.",
    # dental practice notes
    "Dental note {day} — Pt {name}, DOB {dob}, chart {mrn}\nPerio maint; BOP {count} sites. "
    "{dentaldrug}. Next: {dentaleponym} on #19. RDH: {name}, {hygienistlic}",
    "Tx plan for {first}: crown #30, pt prefers zirconia. {worduse} Ins {plan}; est. "
    "copay $412. Hygienist {last}.",
    "Referral to endo faxed to {fax} for {name} (chart {mrn}); pt anxious, premedicate.",
    # hospice and palliative care
    "Hospice visit {day}: {name}, {old} y.o., comfort care. {hospiceeponym} noted; {comfortdrug} "
    "q2h PRN. Daughter {name} ({phone}) at bedside. MR# {mrn}.",
    "Death pronounced {day} 04:12 by the RN on duty. Pt {name}, aged {old}. Family notified: "
    "{name}, {phone}. Funeral home fax {fax}.",
    "IDT note: pt {first} ({old}) declining; PPS 30%. Benefits id {plan}. Chaplain {name} "
    "visited. Oxygen concentrator serial {serial}.",
    "Pt is {young}, not hospice-appropriate yet per Dr {last}; revisit in {count} days.",
    # optometry
    "Optometry exam {day}: {name}, DOB {dob}, pt ID {mrn}. VA 20/{count} OD with "
    "{eyeeponym}; IOP {iop}/{iop}. Rx {eyedrug}. OD: Dr {name}, {optometristlic}",
    "Contact lens order for {first}: 8.6/14.2, vision plan {plan}. Ship to ZIP {zip}.",
    # home-health aide visit logs
    "Aide visit log {day} 08:00-11:30 — Client {name}, {old}, HH ID {mrn}. Bath, "
    "meal, meds reminder. CPAP serial {serial} cleaned. Aide: {name} {aidelic}.",
    "EVV check-in failed: aide {user} at {ip}; client {name} ZIP {zip}. Called {phone}.",
    "Client is {old} and lives with grandson {first}; BP 1{count}/7{count}, HR {hr}.",
    # auto-insurance adjuster notes
    "Adjuster note · Claim {claim}\nInsured {name}, DOL {day}. {car}, VIN {vin}, plate "
    "{plate}, odometer {odometer}. Claimant DL {lic}. Recorded statement taken.",
    "Claimant {name} ({phone}) says the other driver ({name}, plate {plate}) ran the light. "
    "Total loss likely; payout to account {acct}. Claim {claim}.",
    "Supplement approved on claim {claim}: {car} rear bumper, {count} hrs labor. No "
    "injuries. Rental through Friday.",
    # 911 / CAD dispatch narrative
    "CAD {cad}: RP {name} cb {phone} reports {old} yo female fall, conscious. "
    "Veh {plate} in driveway. Medic {count} enroute.",
    "CAD {cad} 22:40 — welfare check for {name}, DOB {dob}. Caller {first} "
    "(neighbor). Units clear; RP ZIP {zip}.",
    "CAD {cad}: traffic stop, tag {plate}, VIN {vin}; driver {lastfirst}, DL {lic}.",
    # court docket entries
    "Case {courtcase} · {lastfirst} v. {place}\nDkt {count}: MOTION to seal exhibit "
    "containing plaintiff's SSN {ssn} and DOB {dob}. Filed by counsel {name}.",
    "Dkt {count}: NOTICE of appearance by {name}, State Bar No. {barno}, on behalf of "
    "defendant {name}. Email {email}.",
    # LIMS
    "LIMS report · Patient {name} · MRN {mrn} · DOB {dob} · Collected {day}\n"
    "Plate {count} well {well}; QC lot {qclot} passed. {labeponym}: negative.",
    "Lab called critical K+ to RN {name} at {phone}; read-back done. Pt {first} is {old}.",
    # light lines: hard negatives only, or one value
    "{pet}: BCS 6/9, dental grade 2, {vetdrug} monthly. Weight {lbs} lb, up {count}.",
    "Hygiene: {dentaldrug} applied, OHI given. {worduse}",
    "Comfort: {comfortdrug}; {hospiceeponym} overnight; family at bedside. SpO2 {spo2}%.",
    "IOP {iop}/{iop} with {eyeeponym}; {eyedrug} BID; RTC 3 mo.",
    "Aide: client refused shower; ate {count}% of lunch. HR {hr}, SpO2 {spo2}%.",
    "Adjuster: {car} photos uploaded; odometer {odometer}; estimate {count} hrs.",
    "CAD {cad}: alarm, commercial, {place}; cancelled by keyholder.",
    "LIMS: run {release} re-queued after {labeponym} interference; QC lot {qclot}.",
    "Dose: oxycodone {dose} mg given; pain 3/10 after {mins} min.",
    "Pt aged {young}; dose {dose} mg; HR {hr}; BP {hr}/{count}. Stable.",
    "{pet} the {species} was a good patient, muzzle used. {vetdrug} dispensed.",
    "Dkt {count}: ORDER granting motion; hearing reset. Case {courtcase}.",
    "Visit score {score}/100; pt watched {figure} reruns. {worduse}",
    "Tele-triage: owner reports {pet} limping; {petage} yo, {lbs} lb, no meds.",
    "Vet: {pet}, {species}, {lbs} lb, HR {hr}. Heartworm neg. {vetdrug} x6 mo.",
    "Dental: FMX taken; {dentaleponym} noted on #{count}; {dentaldrug}.",
    "Hospice: {comfortdrug} titrated; pt resting; {hospiceeponym}; family coping.",
    "Optometry: {eyedrug} samples given. {worduse} IOP {iop}.",
    "Aide: laundry, light housekeeping, {mins} min walk. No falls.",
    "Adjuster: {car} at the body shop; claim {claim}; rental {count} days.",
    "CAD {cad}: noise complaint; unit {count} advised; no report.",
    "LIMS: instrument recalibrated; QC lot {qclot}; plate {count} well {well} flagged.",
]
CODE = [
    # git log and code review
    "commit {sha}\nAuthor: {name} <{email}>\nDate:   {release}\n\n    fix(pharmacy): "
    "mask member ID in PA logs ({jira})",
    "{sha} {name} <{email}> refactor CAD export; bump to {version}",
    "Review comment by {user}: please don't log `iccid` — e.g. {iccid} landed in prod logs "
    "from {ip}. cc @{user}",
    "> git shortlog -sn\n   {count}  {name}\n   {count}  {name}\n    {count}  dependabot[bot]",
    "Co-authored-by: {name} <{email}>",
    # Jira tickets
    "{jira}: Telecom port failed for {phone}\nReporter: {user}\nDescription: BAN {acct}, "
    "PIN {pin} accepted, but IMEI {imei} blacklisted. Customer {name}.",
    "{jira} · Assignee: {user} · Fix version {version}\nLIMS import drops row for MRN "
    "{mrn} when DOB is {dob}. Repro from {localip}.",
    "{jira}: Booking API returns PNR {pnr} with passenger {lastfirst}, passport {passport} "
    "in plaintext. Ticket {eticket}. Severity: high.",
    # Slack JSON exports
    '{{"type": "message", "user": "U0{count}QX", "user_name": "{user}", "text": "can '
    'someone call {name} at {phone}? their claim {claim} is stuck", "ts": "17{count}.00"}}',
    '{{"user_profile": {{"real_name": "{name}", "display_name": "{nick}", "email": '
    '"{email}"}}, "text": "VPN from {ip} again, not {localip}"}}',
    '{{"channel": "vet-ops", "text": "<@{user}> {pet} ({species}) owner is {name}, '
    'acct {acct}, DOB on file {dob}"}}',
    # PDF tables pasted, columns run together
    "Name DOB SSN Plan ID\n{name}{dob} {ssn} {plan}",
    "Insured VehicleVIN Plate DOL\n{name} {car} {vin} {plate} {day}",
    "Patient Age MR# Phone\n{name}{old} {mrn} {phone}\n{name}{young} {mrn} {phone}",
    "Client Pet Acct Card\n{lastfirst}{pet} {acct} {card}",
    # LIMS CSV and HL7-free exports
    "patient_name,mrn,dob,zip,collected,plate_well\n{name},{mrn},{dob},{zip},{day},{well}",
    "specimen_run\tqc_lot\tanalyst\tinstrument_ip\n{release}\t{qclot}\t{user}\t{localip}",
    # CAD log lines
    "02:14:11 CAD {cad} UNIT M{count} AT SCENE; PT {lastfirst} AGE {old}; "
    "CB {phone}; ADDR ZIP {zip}",
    "CAD|{cad}|PLATE={plate}|VIN={vin}|RO={name}|RO_DL={lic}",
    # provisioning / booking / immigration tooling
    "provision_sim --iccid {iccid} --imei {imei} --msisdn '{phone}' --account {acct}",
    "UPDATE guests SET passport_no = '{passport}', dob = '{dob}' WHERE pnr = '{pnr}';",
    "case_export: a_number={anum} receipt={receipt} client={name} email={email}",
    "curl -X POST https://api.internal/payouts -d 'account={acct}&card={card}&user={user}'",
    "profile_url={purl} owner={name} exported={release}",
    "fax_out to={fax} patient={name} pages={count} job={jira}",
    # light lines: hard negatives only, or one value
    "commit {sha}\nAuthor: dependabot[bot] <support@github.com>\n\n    Bump lodash to {version}",
    "{jira}: PNR {pnr} vs e-ticket {eticket} mismatch in the booking cache (not PII).",
    "ping -c 3 {localip}  # metadata / resolver check, {mins} ms",
    '{{"type": "message", "user_name": "deploy-bot", "text": "released {version} on {release}"}}',
    "Order Tracking Status\n{order} {fedex} Delivered\n{order} {fedex} In transit",
    "NDC BIN PCN Group\n{ndc} {bin} {pcn} {group}",
    "IFSC {ifsc} is a branch code, not an account; see {jira}.",
    "# fixtures: {figure} and {place} are not customers; pets: {pet}, {pet}",
    "CAD {cad} CLOSED; disposition: no report; units {count}, {count}.",
    "{jira}: bump {car}-themed demo data to {version}; masked SSN {maskssn} stays masked.",
    "Review: nit — rename `odometer_{odometer}` fixture; LGTM otherwise ({sha}).",
    "{jira}: LIMS export slow for runs after {release}; fix in {version}.",
    "commit {sha}\n\n    chore: rotate CAD staging certs ({jira})",
    '{{"type": "channel_join", "text": "joined #vet-ops", "ts": "17{count}.000200"}}',
    "Run Plate Well QC\n{release} {count} {well} {qclot}",
    "Review: LGTM, but {localip} should come from config ({sha}).",
    "pip install booking-sdk=={version}  # PNR {pnr} in the test fixture is fake",
    "Claim Status Rental Days\n{claim} Open {count}",
    "# the {car} and {pet} in seed data are not people",
]
POOLS = [CHAT, CLINICAL, CODE]
