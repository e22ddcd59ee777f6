"""Labelled records of dates tied to a person, ages over 89 and ZIP codes in the forms and
standards records write them, with their near misses in the same slots: for training the
learned date judge (``govern.scan.date_model``).

The splits of ``benchmarks/pii.py`` hold the phrasings each was written with; a blind split
brings other labels, other languages and other layouts. Each family below writes one shape
many ways, its labels, value formats and layouts drawn from these vocabularies:

- HL7 v2.5 (Health Level Seven, chapter 3): PID-7 date/time of birth, PID-29 death date,
  PV1-44 admit and PV1-45 discharge date/time, PID-11 address (ZIP in component 5); MSH-7,
  the message's own time, is the negative in the same segment layout.
- HL7 FHIR R4 resources: Patient.birthDate, Patient.deceasedDateTime, Encounter.period.start
  / .end, Procedure.performedDateTime, Address.postalCode; Meta.lastUpdated,
  Observation.issued and Bundle.timestamp as negatives.
- DICOM PS3.6 data dictionary: (0010,0030) PatientBirthDate, (0008,0020) StudyDate,
  (0008,0021) SeriesDate, (0010,1010) PatientAge as ``nnnY``; (0018,1020) SoftwareVersions and
  (0002,0013) ImplementationVersionName as negatives.
- ASC X12 005010 837 / 270: DMG*D8 (birth date), DTP qualifiers 472 (service), 435
  (admission), 096 (discharge), 434 (statement), N4 (city, state, ZIP); the ISA and BHT
  segments' creation dates as negatives.
- EHR and form headers (US clinical abbreviations): DOB, D.O.B., Born, Adm, Admitted, d/c,
  Disch, DOS, seen on, dx'd, LMP, EDD, date of injury, DOI, deceased, expired, date of death,
  procedure date, surgery; and their translations on European forms and ID documents:
  fecha de nacimiento, fecha de ingreso (es), né(e) le, date de naissance (fr), geboren am,
  Geburtsdatum, Aufnahme (de), data di nascita, nato il (it), data de nascimento (pt),
  geboortedatum (nl), data urodzenia, ur. (pl), datum narození, nar. (cs), födelsedatum (sv),
  doğum tarihi (tr), дата рождения (ru).
- Age notations of US charting (y/o, yo, yof, yom, y, "NN F"), DICOM's ``094Y``, query
  strings and code (``age=``), forms ("Age:", "Age (yrs):"), prose ("aged", "years old",
  "-year-old") and other languages (ans, Jahre, años, anni, anos, lat, let, jaar, år, yaşında);
  under 90, durations, doses, vitals, counts, rooms and percentiles in the same slots.
- USPS Publication 28 address layouts (street line, "City, ST ZIP", ZIP+4), ZIP under keys
  and columns (zip, zipcode, postal_code, postalCode, PLZ-style ``ZIP:``), alone after a
  street line and with no city or state; five-digit order, CPT, ticket, invoice, job and
  error numbers and ports as negatives.
- Changelogs (Keep a Changelog's ``## [x.y.z] - YYYY-MM-DD``), release notes, copyright
  lines, report footers ("Generated on", "Printed"), shipping and expiry lines: dates tied to
  no person.

Labels are exact by construction: every planted value is added with its span.
``corpus(records, seed)`` joins 1-4 pieces per record, as ``pii.corpus`` does.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from pii import FIRST, LAST
from pii_shapes import joined

Record = tuple[str, list[tuple[int, int, str]]]
Rng = random.Random
DATE, AGE, ZIP = "PERSONAL_DATE", "AGE_OVER_89", "ZIP_CODE"

MONTHS = {
    "en": "January February March April May June July August September October November December",
    "es": "enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre "
    "diciembre",
    "fr": "janvier février mars avril mai juin juillet août septembre octobre novembre décembre",
    "de": "Januar Februar März April Mai Juni Juli August September Oktober November Dezember",
    "it": "gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre "
    "dicembre",
    "pt": "janeiro fevereiro março abril maio junho julho agosto setembro outubro novembro "
    "dezembro",
    "nl": "januari februari maart april mei juni juli augustus september oktober november december",
    "pl": "stycznia lutego marca kwietnia maja czerwca lipca sierpnia września października "
    "listopada grudnia",
    "cs": "ledna února března dubna května června července srpna září října listopadu prosince",
    "sv": "januari februari mars april maj juni juli augusti september oktober november december",
    "tr": "Ocak Şubat Mart Nisan Mayıs Haziran Temmuz Ağustos Eylül Ekim Kasım Aralık",
    "ru": "января февраля марта апреля мая июня июля августа сентября октября ноября декабря",
}
BIRTH_LABELS = {
    "en": ["DOB", "D.O.B.", "Date of birth", "Born", "Birth date", "BirthDate", "dob", "b."],
    "es": ["Fecha de nacimiento", "F. nac.", "nacido el", "nacida el"],
    "fr": ["Date de naissance", "né le", "née le", "Né(e) le"],
    "de": ["Geburtsdatum", "geboren am", "geb."],
    "it": ["Data di nascita", "nato il", "nata il"],
    "pt": ["Data de nascimento", "nascido em", "nascida em"],
    "nl": ["Geboortedatum", "geboren op"],
    "pl": ["Data urodzenia", "ur."],
    "cs": ["Datum narození", "nar."],
    "sv": ["Födelsedatum", "född"],
    "tr": ["Doğum tarihi"],
    "ru": ["Дата рождения", "род."],
}
EVENT_LABELS = [
    "Adm", "Admitted", "Admission date", "d/c", "D/C", "Disch", "Discharged", "DOS",
    "Date of service", "seen on", "Seen", "dx'd", "Diagnosed", "LMP", "EDD", "Date of injury",
    "DOI", "Deceased", "Expired", "Date of death", "DOD", "Procedure date", "Surgery",
    "Visit", "Last visit", "Next appt", "Follow-up", "Fecha de ingreso", "Aufnahme",
    "Date d'admission", "Data del ricovero", "Data da alta", "Opnamedatum", "Przyjęty",
]  # fmt: skip
NOT_PERSONAL_LABELS = [
    "Release date", "Released", "Version", "Build date", "Generated on", "Report generated",
    "Printed", "Printed on", "Expires", "Exp", "Expiry", "Valid until", "Shipped", "Ship date",
    "Last updated", "Updated", "Published", "Effective", "Copyright", "Created", "Due",
    "Invoice date", "Fecha de emisión", "Généré le", "Erstellt am", "Stampato il",
    "Data de validade", "Houdbaar tot", "Data wydruku", "Vytištěno",
]  # fmt: skip
AGE_LABELS = ["Age", "AGE", "age", "Age (yrs)", "Pt age", "Edad", "Âge", "Alter", "Età", "Idade",
              "Leeftijd", "Wiek", "Věk", "Ålder", "Yaş"]  # fmt: skip
AGE_FORMS = [
    "{n} y/o", "{n}yo", "{n} yo", "{n} yof", "{n}yom", "{n} y", "{n}y", "{n}Y", "{n} YO",
    "{n} years old", "{n}-year-old", "{n} yr old", "{n} yrs", "{n}F", "{n} M", "{n} ans",
    "{n} Jahre", "{n} años", "{n} anni", "{n} anos", "{n} lat", "{n} let", "{n} jaar", "{n} år",
    "{n} yaşında",
]  # fmt: skip
NOT_AGE_FORMS = [
    "{n} days", "{n} min", "{n} minutes", "{n} mg", "{n} mcg", "{n} mL", "{n} units", "{n}%",
    "HR {n}", "SpO2 {n}%", "{n} bpm", "room {n}", "bed {n}", "page {n}", "{n}th percentile",
    "{n} items", "{n} tablets", "error {n}", "{n} ms", "{n} kg", "glucose {n}", "{n} lbs",
    "x{n}", "{n} steps", "{n} seconds", "BMI-for-age {n}th percentile", "weight-for-age {n}%",
    "age-adjusted score {n}", "ages 18-{n}", "aged care bed {n}", "{n} dpi", "{n} kB",
    "Ambulated {n} ft", "walked {n} feet", "Day {n} of", "{n}-day supply", "{n} cm", "{n} m",
    "{n} yards", "at {n} degrees", "flexion to {n}", "{n} beats", "{n} mmHg", "{n} reps",
]  # fmt: skip
STATES = "AL AZ CA CO FL GA ID IL IN KS KY MA MD MI MN MO NC ND NE NJ NM NY OH OR PA TN TX WA WI"
CITIES = ["Boise", "Fresno", "Dayton", "Tacoma", "Savannah", "Madison", "Austin", "Toledo",
          "Kearney", "Bismarck", "Flagstaff", "Duluth", "Sioux Falls", "El Paso"]  # fmt: skip
STREETS = ["Oak St", "Elm Street", "Cedar Hollow Rd", "Maple Ave", "W 3rd St", "Pine Ln",
           "Lakeview Dr", "Harbor Blvd", "Mill Creek Ct", "Ridge Way"]  # fmt: skip
ZIP_KEYS = ["zip", "ZIP", "zipcode", "zip_code", "postal_code", "postalCode", "Zip Code",
            "ZIP/Postal", "Postcode", "PLZ"]  # fmt: skip
NOT_ZIP = ["order #", "Order ", "CPT ", "ticket ", "Ticket #", "invoice ", "job ", "error ",
           "port ", "PID ", "item ", "SKU ", "case ", "build ", "RMA ", "batch "]  # fmt: skip


class Builder:
    """A text built piece by piece, with the spans of the planted values."""

    def __init__(self) -> None:
        self.text = ""
        self.labels: list[tuple[int, int, str]] = []

    def add(self, *parts: str) -> Builder:
        self.text += "".join(parts)
        return self

    def plant(self, value: str, kind: str | None) -> Builder:
        if kind is not None:
            self.labels.append((len(self.text), len(self.text) + len(value), kind))
        self.text += value
        return self

    def record(self) -> Record:
        return self.text, self.labels


def name(rng: Rng) -> str:
    first, last = rng.choice(FIRST), rng.choice(LAST)
    return rng.choice([f"{first} {last}", f"{last}, {first}", f"{last.upper()}, {first}"])


def ymd(rng: Rng, old: bool) -> tuple[int, int, int]:
    year = rng.randint(1915, 2010) if old else rng.randint(2015, 2027)
    return year, rng.randint(1, 12), rng.randint(1, 28)


def any_date(rng: Rng, old: bool, language: str = "en") -> str:
    """A date in one of the format families records write."""
    y, m, d = ymd(rng, old)
    months = MONTHS[language if rng.random() < 0.6 else rng.choice(list(MONTHS))].split()
    month = months[m - 1]
    short = month[:3].rstrip(".")
    yy = f"{y % 100:02d}"
    forms = [
        f"{m:02d}/{d:02d}/{y}", f"{m}/{d}/{y}", f"{m}/{d}/{yy}", f"{d:02d}/{m:02d}/{y}",
        f"{d}.{m}.{y}", f"{d:02d}.{m:02d}.{y}", f"{d}. {m}. {y}", f"{d:02d}-{m:02d}-{y}",
        f"{y}-{m:02d}-{d:02d}", f"{y}/{m:02d}/{d:02d}", f"{y}.{m:02d}.{d:02d}",
        f"{y}{m:02d}{d:02d}", f"{y}-{m}-{d}", f"{yy}-{m:02d}-{d:02d}", f"{d:02d} {m:02d} {y}",
        f"{y}-{m:02d}-{d:02d}T{rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}:00Z",
        f"{y}-{m:02d}-{d:02d} {rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}",
        f"{y}{m:02d}{d:02d}{rng.randint(0, 23):02d}{rng.randint(0, 59):02d}",
        f"{month} {d}, {y}", f"{d} {month} {y}", f"{d}. {month} {y}", f"{d} de {month} de {y}",
        f"{short} {d}", f"{short}-{d:02d}", f"{d}-{short.upper()}-{y}", f"{d:02d}-{short}-{yy}",
        f"{short}. {d}", f"{month} {d}", f"{d} {short}", f"{month.upper()} {d:02d}, {y}",
        f"{d}{_ordinal(d)} {month} {y}", f"the {d}{_ordinal(d)} of {month}, {y}",
        f"{month} {d}{_ordinal(d)}", f"{short} {d}{_ordinal(d)} '{yy}", f"{m:02d}/{y}",
        f"{m}/{d}", f"{d}/{m}", f"{month} {y}",
    ]  # fmt: skip
    return rng.choice(forms)


def _ordinal(day: int) -> str:
    return "th" if 10 <= day % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(day % 10, "th")


def labelled_dates(rng: Rng) -> Record:
    """Header lines: a birth or event label and its date, or a near-miss label and a date."""
    b = Builder()
    for _ in range(rng.randint(1, 3)):
        roll = rng.random()
        if roll < 0.4:
            language = rng.choice(list(BIRTH_LABELS))
            label, kind, old = rng.choice(BIRTH_LABELS[language]), DATE, True
        elif roll < 0.7:
            language, label, kind, old = "en", rng.choice(EVENT_LABELS), DATE, False
        else:
            language, label, kind = "en", rng.choice(NOT_PERSONAL_LABELS), None
            old = rng.random() < 0.3
        value = any_date(rng, old, language)
        layout = rng.randrange(7)
        if layout == 0:
            b.add(f"{label}: ").plant(value, kind)
        elif layout == 1:
            b.add(f"{label} ").plant(value, kind)
        elif layout == 2:
            b.add(f"{label.upper()}: ").plant(value, kind)
        elif layout == 3:
            b.add(f"{name(rng)}   {label}: ").plant(value, kind)
        elif layout == 4:
            b.add(f"{label} - ").plant(value, kind)
        elif layout == 5:
            b.add(f"Pt {rng.choice(LAST)} ({label} ").plant(value, kind).add(")")
        else:
            b.add(f"| {label} | ").plant(value, kind).add(" |")
        b.add(rng.choice(["\n", "   ", "; ", "\n"]))
    return b.record()


KEYS = {
    DATE: ["dob", "birth_date", "birthDate", "date_of_birth", "dateOfBirth", "admit_date",
           "admission_dt", "discharge_date", "dischargeDate", "service_date", "dos", "dod",
           "death_date", "visit_date", "lmp", "edd", "injury_date", "fecha_nacimiento",
           "geburtsdatum", "data_nascita"],
    None: ["created_at", "updated_at", "release_date", "published", "expires", "expiry",
           "timestamp", "build_date", "generated", "last_modified", "valid_until", "shipped_at",
           "due_date", "version", "date", "ts"],
}  # fmt: skip


def keyed(rng: Rng) -> Record:
    """JSON, YAML, Python and SQL values under date keys, personal and not."""
    b = Builder()
    layout = rng.randrange(5)
    pairs = []
    for _ in range(rng.randint(1, 3)):
        kind = DATE if rng.random() < 0.55 else None
        pairs.append(
            (rng.choice(KEYS[kind]), kind, any_date(rng, kind is DATE and rng.random() < 0.6))
        )
    if layout == 0:
        b.add("{")
        for i, (key, kind, value) in enumerate(pairs):
            b.add(", " if i else "", f'"{key}": "').plant(value, kind).add('"')
        b.add("}")
    elif layout == 1:
        for key, kind, value in pairs:
            b.add(f"  {key}: ").plant(value, kind).add("\n")
    elif layout == 2:
        b.add("row = dict(")
        for i, (key, kind, value) in enumerate(pairs):
            b.add(", " if i else "", f"{key}='").plant(value, kind).add("'")
        b.add(")")
    elif layout == 3:
        b.add("UPDATE patients SET ")
        for i, (key, kind, value) in enumerate(pairs):
            b.add(", " if i else "", f"{key} = '").plant(value, kind).add("'")
        b.add(f" WHERE id = {rng.randint(100, 99999)};")
    else:
        b.add("?")
        for i, (key, kind, value) in enumerate(pairs):
            b.add("&" if i else "", f"{key}=").plant(value.replace(" ", "+"), kind)
    return b.record()


def csv_rows(rng: Rng) -> Record:
    """A header and rows: date columns of a person's and of a file's."""
    b = Builder()
    columns = [("name", "n"), (rng.choice(KEYS[DATE]), DATE), (rng.choice(KEYS[None]), None)]
    if rng.random() < 0.5:
        columns.append((rng.choice(["zip", "zip_code", "postal_code"]), ZIP))
    if rng.random() < 0.5:
        columns.append((rng.choice(["age", "age_yrs", "patient_age"]), AGE))
    rng.shuffle(columns)
    cut = rng.choice([",", "\t", ";"])
    b.add(cut.join(c for c, _ in columns), "\n")
    for _ in range(rng.randint(1, 4)):
        for i, (_, kind) in enumerate(columns):
            if i:
                b.add(cut)
            if kind == "n":
                b.add(rng.choice(FIRST), " ", rng.choice(LAST))
            elif kind == ZIP:
                b.plant(f"{rng.randint(1000, 99999):05d}", ZIP)
            elif kind == AGE:
                n = rng.randint(90, 109) if rng.random() < 0.6 else rng.randint(18, 89)
                b.plant(str(n), AGE if n >= 90 else None)
            else:
                b.plant(any_date(rng, kind == DATE).replace(cut, " "), kind)
        b.add("\n")
    return b.record()


def hl7(rng: Rng) -> Record:
    """MSH, PID and PV1 segments: birth, death, admit, discharge; the message's own time."""
    b = Builder()
    y, m, d = ymd(rng, False)
    b.add("MSH|^~\\&|ADT|HOSP|EHR|HOSP|")
    b.plant(f"{y}{m:02d}{d:02d}{rng.randint(0, 23):02d}{rng.randint(0, 59):02d}", None)
    control = rng.choice(["MSG", "", ""]) + str(rng.randint(10000, 99999))  # MSH-10
    b.add(f"||ADT^A0{rng.randint(1, 8)}|").plant(control, None).add("|P|2.5\n")
    y, m, d = ymd(rng, True)
    b.add(f"PID|1||{rng.randint(100000, 9999999)}^^^MRN||{rng.choice(LAST).upper()}^")
    b.add(f"{rng.choice(FIRST).upper()}||")
    b.plant(f"{y}{m:02d}{d:02d}", DATE)
    b.add(f"|{rng.choice('MF')}|||{rng.randint(1, 9999)} {rng.choice(STREETS)}^^")
    b.add(f"{rng.choice(CITIES)}^{rng.choice(STATES.split())}^")
    b.plant(f"{rng.randint(1000, 99999):05d}", ZIP)
    b.add(f"||({rng.randint(200, 999)}){rng.randint(200, 999)}-{rng.randint(1000, 9999)}")
    if rng.random() < 0.3:
        b.add("|" * 18)
        y, m, d = ymd(rng, False)
        b.plant(f"{y}{m:02d}{d:02d}", DATE)
    room = f"{rng.choice(['4W', 'ICU', 'MED', '3E'])}^{rng.randint(1, 130)}^{rng.choice('AB1')}"
    b.add(f"\nPV1|1|I|{room}" + "|" * 41)  # PV1-3: a room, no age
    y, m, d = ymd(rng, False)
    b.plant(f"{y}{m:02d}{d:02d}{rng.randint(0, 23):02d}{rng.randint(0, 59):02d}", DATE)
    if rng.random() < 0.6:
        b.add("|")
        b.plant(f"{y}{m:02d}{min(d + 3, 28):02d}{rng.randint(0, 23):02d}00", DATE)
    return b.record()


def fhir(rng: Rng) -> Record:
    """A FHIR resource: birthDate, deceasedDateTime, period, postalCode; meta and issued."""
    b = Builder()
    b.add('{"resourceType": "Patient", "meta": {"lastUpdated": "')
    b.plant(any_date(rng, False) if rng.random() < 0.3 else "2025-03-01T10:22:33Z", None)
    b.add('"}, "birthDate": "')
    y, m, d = ymd(rng, True)
    b.plant(f"{y}-{m:02d}-{d:02d}", DATE)
    b.add('"')
    if rng.random() < 0.3:
        y, m, d = ymd(rng, False)
        b.add(', "deceasedDateTime": "').plant(f"{y}-{m:02d}-{d:02d}T08:15:00Z", DATE).add('"')
    b.add(', "address": [{"city": "', rng.choice(CITIES), '", "postalCode": "')
    b.plant(f"{rng.randint(1000, 99999):05d}", ZIP).add('"}]}')
    if rng.random() < 0.6:
        y, m, d = ymd(rng, False)
        b.add('\n{"resourceType": "Encounter", "period": {"start": "')
        b.plant(f"{y}-{m:02d}-{d:02d}", DATE).add('", "end": "')
        b.plant(f"{y}-{m:02d}-{min(d + 2, 28):02d}", DATE).add('"}}')
    if rng.random() < 0.4:
        y, m, d = ymd(rng, False)
        b.add('\n{"resourceType": "Observation", "issued": "')
        b.plant(f"{y}-{m:02d}-{d:02d}T09:00:00Z", None).add('", "valueQuantity": {"value": ')
        b.add(f'{rng.randint(90, 130)}, "unit": "mg/dL"}}}}')
    return b.record()


def dicom(rng: Rng) -> Record:
    """A DICOM header dump: birth, study and series dates, PatientAge; software versions."""
    b = Builder()
    name_tag = f"{rng.choice(LAST).upper()}^{rng.choice(FIRST).upper()}"
    y, m, d = ymd(rng, True)
    dump = rng.random() < 0.5

    def line(tag: str, keyword: str, vr: str, value: str, kind: str | None) -> None:
        if dump:
            b.add(f"({tag}) {vr} [").plant(value, kind).add(f"]  # {keyword}\n")
        else:
            b.add(f"{keyword}: ").plant(value, kind).add("\n")

    line("0010,0010", "PatientName", "PN", name_tag, None)
    line("0010,0030", "PatientBirthDate", "DA", f"{y}{m:02d}{d:02d}", DATE)
    n = rng.randint(90, 112) if rng.random() < 0.7 else rng.randint(20, 89)
    line("0010,1010", "PatientAge", "AS", f"{n:03d}Y", AGE if n >= 90 else None)
    y, m, d = ymd(rng, False)
    line("0008,0020", "StudyDate", "DA", f"{y}{m:02d}{d:02d}", DATE)
    if rng.random() < 0.5:
        line("0008,0021", "SeriesDate", "DA", f"{y}{m:02d}{d:02d}", DATE)
    line(
        "0018,1020",
        "SoftwareVersions",
        "LO",
        f"{rng.randint(2015, 2024)}.{rng.randint(1, 12):02d}.{rng.randint(1, 28):02d}",
        None,
    )
    return b.record()


def x12(rng: Rng) -> Record:
    """837 / 270 segments: DMG birth date, DTP service / admission / discharge dates, N4
    ZIP; the interchange and BHT creation dates."""
    b = Builder()
    y, m, d = ymd(rng, False)
    b.add("ISA*00*          *00*          *ZZ*SENDER         *ZZ*RECEIVER       *")
    b.plant(f"{y % 100:02d}{m:02d}{d:02d}", None).add(
        f"*{rng.randint(0, 2359):04d}*^*00501*000000905*0*P*:~\n"
    )
    b.add(f"BHT*0019*00*{rng.randint(1000, 99999)}*").plant(f"{y}{m:02d}{d:02d}", None)
    b.add(f"*{rng.randint(0, 2359):04d}*CH~\n")
    b.add(f"NM1*IL*1*{rng.choice(LAST).upper()}*{rng.choice(FIRST).upper()}~\n")
    b.add(f"N3*{rng.randint(1, 9999)} {rng.choice(STREETS).upper()}~\n")
    b.add(f"N4*{rng.choice(CITIES).upper()}*{rng.choice(STATES.split())}*")
    b.plant(f"{rng.randint(1000, 99999):05d}", ZIP).add("~\n")
    y, m, d = ymd(rng, True)
    b.add("DMG*D8*").plant(f"{y}{m:02d}{d:02d}", DATE).add(f"*{rng.choice('MF')}~\n")
    for qualifier in rng.sample(["472", "435", "096", "434"], rng.randint(1, 3)):
        y, m, d = ymd(rng, False)
        if qualifier == "434" and rng.random() < 0.5:
            b.add("DTP*434*RD8*").plant(f"{y}{m:02d}{d:02d}", DATE).add("-")
            b.plant(f"{y}{m:02d}{min(d + 5, 28):02d}", DATE).add("~\n")
        else:
            b.add(f"DTP*{qualifier}*D8*").plant(f"{y}{m:02d}{d:02d}", DATE).add("~\n")
    return b.record()


def ages(rng: Rng) -> Record:
    """Ages of 90 and more in every notation, and numbers in the same slots that are not."""
    b = Builder()
    for _ in range(rng.randint(1, 3)):
        roll = rng.random()
        old = rng.random() < 0.65
        n = rng.randint(90, 115) if old else rng.randint(18, 89)
        kind = AGE if old else None
        if roll < 0.45:
            form = rng.choice(AGE_FORMS)
            head, tail = form.split("{n}")
            prefix = rng.choice(["", "Pt is ", f"{rng.choice(LAST)}, ", "EMS: ", "HPI: ", "CC: "])
            b.add(prefix, head).plant(
                f"{n:03d}" if tail == "Y" and rng.random() < 0.5 else str(n), kind
            )
            b.add(tail, rng.choice([" with CHF", ", alert", " presents w/ fall", ""]))
        elif roll < 0.7:
            label = rng.choice(AGE_LABELS)
            sep = rng.choice([": ", " ", "=", ":", " - "])
            b.add(f"{label}{sep}").plant(str(n), kind)
            if rng.random() < 0.3:
                b.add(rng.choice([" y", " yrs", "Y", " years"]))
        elif roll < 0.8:
            b.add(rng.choice(["aged ", "age ", "turned ", "she is ", "he's ", "mother is "]))
            b.plant(str(n), kind)
        elif roll < 0.88:  # beside a name: "Okafor (97)", "Ada Okafor, 97, from home"
            b.add(rng.choice(["pt ", "", "Mrs. ", "resident "]), rng.choice(LAST))
            if rng.random() < 0.5:
                b.add(" (").plant(str(n), kind).add(rng.choice([")", ") - fall", ") has"]))
            else:
                b.add(", ").plant(str(n), kind).add(rng.choice([", from home", ", alert", " now"]))
        else:  # the near misses: a number of 90-130 that is no age
            form = rng.choice(NOT_AGE_FORMS)
            head, tail = form.split("{n}")
            b.add(head).plant(str(rng.randint(90, 130)), None).add(tail)
        b.add(rng.choice(["\n", "; ", ". "]))
    return b.record()


def addresses(rng: Rng) -> Record:
    """ZIPs in every address layout and under ZIP keys, and five-digit numbers that are not."""
    b = Builder()
    zip5 = f"{rng.randint(1000, 99999):05d}"
    zip_value = zip5 + (f"-{rng.randint(0, 9999):04d}" if rng.random() < 0.25 else "")
    street = f"{rng.randint(1, 9999)} {rng.choice(STREETS)}"
    city, state = rng.choice(CITIES), rng.choice(STATES.split())
    layout = rng.randrange(8)
    if layout == 0:
        b.add(f"{street}, {city}, {state} ").plant(zip_value, ZIP)
    elif layout == 1:
        b.add(f"{street}\n{city.upper()} {state} ").plant(zip_value, ZIP)
    elif layout == 2:
        b.add(f"{rng.choice(ZIP_KEYS)}: ").plant(zip_value, ZIP)
    elif layout == 3:
        b.add(f'"{rng.choice(ZIP_KEYS)}": "').plant(zip_value, ZIP).add('"')
    elif layout == 4:
        b.add(f"{street}\n").plant(zip_value, ZIP).add(f" {city}")
    elif layout == 5:
        b.add(rng.choice(["mailing to ", "ship to zip ", "lives in ", "moved to "]))
        b.plant(zip_value, ZIP)
    elif layout == 6:
        b.add(f"{city}, {state}, ").plant(zip_value, ZIP)
    else:
        b.add(f"{rng.choice(ZIP_KEYS).lower()}=").plant(zip_value, ZIP)
    for _ in range(rng.randint(0, 2)):
        b.add(rng.choice(["; ", "\n", ". "]), rng.choice(NOT_ZIP))
        b.plant(f"{rng.randint(10000, 99999)}", None)
        b.add(rng.choice([" closed", " pending", "", " failed"]))
    return b.record()


def not_personal(rng: Rng) -> Record:
    """Dates tied to no person: changelogs, releases, copyright, footers, shipping, expiry."""
    b = Builder()
    y, m, d = ymd(rng, rng.random() < 0.2)
    value = any_date(rng, False)
    layout = rng.randrange(11)
    if layout == 0:
        b.add(f"## [{rng.randint(0, 9)}.{rng.randint(0, 20)}.{rng.randint(0, 9)}] - ")
        b.plant(f"{y}-{m:02d}-{d:02d}", None).add("\n### Fixed\n- crash on empty input")
    elif layout == 1:
        b.add(f"v{rng.randint(1, 9)}.{rng.randint(0, 20)} released ").plant(value, None)
    elif layout == 2:
        b.add("© ").plant(str(rng.randint(1990, 2026)), None).add(" Acme Health, Inc.")
    elif layout == 3:
        b.add(rng.choice(["Report generated on ", "Printed: ", "Page 2 of 3 - printed "]))
        b.plant(value, None)
    elif layout == 4:
        b.add(rng.choice(["Shipped ", "Tracking: delivered ", "Order shipped on "])).plant(
            value, None
        )
    elif layout == 5:
        b.add(rng.choice(["Card expires ", "exp ", "Lot 4471 EXP "]))
        b.plant(f"{m:02d}/{y % 100:02d}" if rng.random() < 0.5 else value, None)
    elif layout == 6:
        b.add(f"pip install pkg=={y}.{m}.{d}  # the ").plant(value, None).add(" build")
    elif layout == 7:
        b.add("Meeting moved to ").plant(value, None).add(" at 3pm, room 104")
    elif layout == 8:
        b.add("Last updated: ").plant(value, None).add(" by the docs team")
    else:  # an organisation's or a system's event on a day: no person's date
        b.add(rng.choice(ORG_EVENTS), " ").plant(value, None)
        b.add(rng.choice(["", " about it", " for details", ".", " (see wiki)"]))
    return b.record()


ORG_EVENTS = [
    "the vendor signed the contract on", "Signed by the supplier's CFO on", "countersigned by "
    "legal on", "see the memo of", "read the minutes from", "the wiki page on", "the server "
    "was rebooted on", "the database was migrated on", "the cluster was upgraded on",
    "the office is closed on", "the policy takes effect on", "the board met on",
    "the audit was completed on", "the certificate was renewed on", "backups were verified on",
    "the outage began on", "the price changes on", "the newsletter of", "the webinar on",
]  # fmt: skip


def prose(rng: Rng) -> Record:
    """Chat and notes: a person's date, age and ZIP in sentences."""
    b = Builder()
    who = rng.choice(["my mom", "the patient", "pt", "my father", "I", "she", "he", "the member"])
    roll = rng.randrange(6)
    if roll == 0:
        b.add(f"{who} was born on ").plant(any_date(rng, True), DATE)
    elif roll == 1:
        b.add(f"{who} was admitted ").plant(any_date(rng, False), DATE).add(" and discharged ")
        b.plant(any_date(rng, False), DATE)
    elif roll == 2:
        b.add(f"can you confirm the date of birth? {rng.choice(['CALLER', 'Member'])}: ")
        b.plant(any_date(rng, True), DATE)
    elif roll == 3:
        b.add(f"{who} passed away ").plant(any_date(rng, False), DATE)
    elif roll == 4:
        b.add(f"{who} had the procedure on ").plant(any_date(rng, False), DATE)
        b.add(", last seen ").plant(any_date(rng, False), DATE)
    else:
        b.add("the update shipped on ").plant(any_date(rng, False), None)
        b.add(", no action needed before ").plant(any_date(rng, False), None)
    return b.record()


def numbers(rng: Rng) -> Record:
    """Five-digit ids, counts and row numbers, and scores and fractions that read like
    partial dates: never a ZIP or a date, in tables, dumps and prose."""
    b = Builder()
    layout = rng.randrange(7)
    if layout == 0:
        b.add("COPY employees (id, name, ssn) FROM stdin;\n")
        for _ in range(rng.randint(1, 3)):
            b.plant(str(rng.randint(10000, 99999)), None)
            b.add(
                f"\t{rng.choice(FIRST)} {rng.choice(LAST)}\t{rng.randint(100, 899)}-"
                f"{rng.randint(10, 99)}-{rng.randint(1000, 9999)}\n"
            )
    elif layout == 1:
        b.add("   id  full_name            zip\n")
        for i in range(rng.randint(1, 3)):
            b.add(f"{i}  ").plant(str(rng.randint(10000, 99999)), None)
            b.add(f"  {rng.choice(FIRST)} {rng.choice(LAST)}  ")
            b.plant(f"{rng.randint(1000, 99999):05d}", ZIP).add("\n")
    elif layout == 2:
        b.add(f"-- dump of crm.contacts ({rng.randint(10000, 99999)} rows)\n(")
        b.plant(str(rng.randint(10000, 99999)), None)
        b.add(f", '{rng.choice(FIRST)} {rng.choice(LAST)}', '")
        b.plant(f"{rng.randint(1000, 99999):05d}", ZIP).add("')")
    elif layout == 3:
        b.add(rng.choice(["Readmissions by ZIP (", "Visits by zip code: ", "total: ", "n = "]))
        b.plant(str(rng.randint(10000, 99999)), None)
        b.add(rng.choice([" encounters)", " rows", " records", " patients"]))
    elif layout == 4:
        a = rng.randint(1, 9)
        b.add(rng.choice(["a Beighton score of ", "pain ", "Power ", "APGAR ", "GCS "]))
        b.plant(f"{a}/{rng.randint(a, 10)}", None)
        b.add(rng.choice([".", "; reassess", ", improving"]))
    elif layout == 5:
        b.add(rng.choice(["BP ", "ratio ", "page ", "step ", "lot "]))
        b.plant(f"{rng.randint(90, 180)}/{rng.randint(50, 110)}", None)
    else:
        b.add(f"{rng.randint(1, 12)}/{rng.randint(1, 9)} tests passed, ")
        b.add(f"{rng.randint(10, 99)}-{rng.randint(10, 99)} split, q{rng.randint(4, 8)}h")
    return b.record()


FAMILIES: list[Callable[[Rng], Record]] = [
    labelled_dates, labelled_dates, keyed, csv_rows, hl7, fhir, dicom, x12, ages, ages,
    addresses, addresses, not_personal, not_personal, prose, numbers, numbers,
]  # fmt: skip


def corpus(records: int, seed: int) -> list[Record]:
    """``records`` texts of 1-4 pieces each, seeded."""
    return joined(FAMILIES, records, seed)
