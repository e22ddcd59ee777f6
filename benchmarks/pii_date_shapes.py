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
    if rng.random() < 0.15:  # a PID-7 no calendar has (month 13-19): no date
        b.plant(f"{y}{rng.randint(13, 19)}{d:02d}", None)
    else:
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


# Near misses of the judge's classes, each written many ways (docs/DESIGN.md, "The learned
# date / age / ZIP judge"): a number of 90-130 that is a measurement, a fraction that is a
# dose, a five-digit number that is an address part or a count, a date of a system's, not a
# person's.
VITALS = [
    "HR", "Heart rate", "heart rate", "pulse", "Pulse", "P", "SpO2", "O2 sat", "sats", "sat",
    "BP", "Temp", "T", "temp", "Tmax", "Wt", "weight", "wt", "glucose", "BG", "FSBG",
    "blood sugar", "sugar", "MoCA", "IQ", "LDL", "cholesterol", "Na", "Cl", "MAP", "systolic",
    "score", "latency", "count", "total", "speed", "level", "reading", "value", "rate",
]  # fmt: skip
UNITS = [
    "bpm", "%", "F", "°F", " F", "kg", " kg", " lbs", " lb", " mg/dL", " mmHg", " mg", " mcg",
    " mL", " ms", " rpm", " points", " pts", "% on RA", " on room air", " on 2L", " on 3 L NC",
    " times", " total", " minutes", " min", " years ago", " percent", " mm", " cm", " mph",
    "% sure", " mg daily", " units", " ft", " m", " seconds", " rows", " degrees",
]  # fmt: skip
SUBJECTS = ["she is", "he is", "she's", "he's", "the patient is", "pt is", "my dad is", "mom is",
            "he was", "she was", "patient was", "the resident is"]  # fmt: skip
COUNTED = ["tests", "passed", "total", "results", "items", "rows", "errors", "files", "votes",
           "responses", "hits", "samples", "beds", "runs", "patients"]  # fmt: skip


def measurements(rng: Rng) -> Record:
    """Numbers of 90-130 that are vital signs, measurements, counts and durations, in the
    slots ages stand in ("she is 95 kg", "HR is 96", "(95 total)"), beside ages that are."""
    b = Builder()
    for _ in range(rng.randint(1, 4)):
        n = str(rng.randint(90, 130))
        vital, unit = rng.choice(VITALS), rng.choice(UNITS)
        layout = rng.randrange(12)
        if layout == 0:
            b.add(f"{vital}{rng.choice([' ', ': ', ' is ', ' was ', ', ', ' of ', '='])}")
            b.plant(n, None).add(rng.choice(["", "", unit]))
        elif layout == 1:
            b.add(f"{rng.choice(SUBJECTS)} ").plant(n, None).add(unit)
            if rng.random() < 0.6:  # saturations on litres of oxygen
                b.add(", then ").plant(str(rng.randint(90, 100)), None)
                b.add(
                    rng.choice(
                        [f" on {rng.randint(1, 6)}L", f" on {rng.randint(1, 6)} L", " on RA"]
                    )
                )
        elif layout == 2 and rng.random() < 0.4:  # a saturation on oxygen after a subject
            b.add(f"{rng.choice(SUBJECTS)} ").plant(n if int(n) <= 100 else "97", None)
            b.add(rng.choice([f" on {rng.randint(1, 6)} L", f" on {rng.randint(1, 6)}L", " on RA",
                              " on room air", f" on {rng.randint(1, 6)} L NC"]))  # fmt: skip
        elif layout == 2:  # a vitals line
            b.add(rng.choice(["Vitals: ", "VS ", "v/s: ", "Obs - "]), f"T {rng.randint(97, 101)}.")
            b.add(f"{rng.randint(0, 9)}, HR ").plant(n, None).add(", BP ")
            b.plant(f"{rng.randint(90, 160)}/{rng.randint(50, 95)}", None)
            b.add(f", RR {rng.randint(12, 24)}, SpO2 ").plant(str(rng.randint(90, 100)), None)
            b.add(rng.choice(["% RA", "%", " on 2L"]))
        elif layout == 3:
            b.add(rng.choice(["the ", "ran ", "", "all "]), rng.choice(COUNTED), " (")
            b.plant(n, None).add(")", rng.choice([" are in", "", " passed", ", see below"]))
        elif layout == 4:
            b.add("(").plant(n, None).add(f" {rng.choice(COUNTED)})")
        elif layout == 5:
            b.add(rng.choice(["the tally is ", "p99 latency is ", "the value is ", "total: ",
                              "the room is ", "the score was ", "scored ", "the knob turned ",
                              "the fan ran at ", "At ", "it took "]))  # fmt: skip
            b.plant(n, None).add(rng.choice(["", ",", " times", " years ago", " seconds"]))
        elif layout == 6:
            b.add(rng.choice(["age (days): ", "age in months: ", "gestational age ",
                              "days since onset: ", "Day "]))  # fmt: skip
            b.plant(n, None).add(rng.choice(["", " days", " d"]))
        elif layout == 7:  # a name, then a dose or a weight; then the same name with an age
            who = f"pt {rng.choice(FIRST)} {rng.choice(LAST)}"
            b.add(f"{who}, ").plant(n, None).add(rng.choice([" mg daily", " kg", " lbs", " mcg"]))
            old = str(rng.randint(90, 110))
            b.add(f"; {who}, ").plant(old, AGE).add(rng.choice(["; lives alone", ", alert", ""]))
        elif layout == 8:  # the subject with an age, then with a measurement
            who = rng.choice(["she is", "he is", "the patient is", "mom is"])
            b.add(f"{who} ").plant(str(rng.randint(90, 108)), AGE)
            b.add(rng.choice([" and ", ", ", "; "]), rng.choice(["HR ", "sats ", "weight "]))
            b.plant(n, None).add(rng.choice(["", "%", " kg", " bpm"]))
        elif layout == 9:
            if rng.random() < 0.5:
                b.add(rng.choice(["the part is ", "a cyst ", "the lesion, "])).plant(n, None)
                axis = rng.choice(["x", "y", "by"])
                b.add(f" {axis} {rng.randint(1, 40)} {rng.choice(['mm', 'cm'])}")
            else:  # an ordinal: a place in a queue, a rank, a percentile
                b.add(rng.choice(["she's ", "he is ", "we are ", "ranked ", "finished ", "the "]))
                ordinal = _ordinal(int(n))
                b.plant(n, None).add(ordinal, rng.choice([" in the queue", " of 300", " place",
                                                          " percentile", " overall"]))  # fmt: skip
        elif layout == 10 and rng.random() < 0.5:  # a room's or a device's number, then a vital
            thing = rng.choice(["the bed", "the ward", "the floor", "the suite",
                                "the fan", "the pump", "the gauge", "the dial"])  # fmt: skip
            b.add(f"{thing} is ").plant(n, None).add(rng.choice([" and ", ", ", "; "]))
            b.add(rng.choice(["HR is ", "sats are ", "she is ", "BP is ", "temp is "]))
            b.plant(str(rng.randint(90, 130)), None).add(rng.choice(["", " on 2 L", "%", " bpm"]))
        elif layout == 10:
            opened = rng.random() < 0.4
            b.add("Cot in bay (" if opened else rng.choice(["room ", "bed ", "ward "]))
            b.plant(n, None).add("), HR (" if opened else rng.choice([", HR ", " and HR is "]))
            b.plant(n, None).add(")" if opened else rng.choice(["", " bpm"]))
        else:
            b.add(rng.choice(["she's ", "he's ", "I'm ", "they're ", "we're "]))
            b.plant(n, None).add(rng.choice(["% certain", "% done", "% better", " percent sure"]))
        b.add(rng.choice(["\n", "; ", ". ", ", "]))
    return b.record()


DOSE_UNITS = [" tab", " tabs", " tablet", " of a tab", " dose", " of the dose", " cup",
              " of the clinics", " of the time", " strength", " pill", " minutes ago",
              " of the batch", " of the way", " mile", " tsp", " of patients"]  # fmt: skip
DOSE_LABELS = ["DOS: ", "dos ", "visit ", "Expired ", "onset: ", "take ", "give ", "Sig: ",
               "then ", "about ", "over ", "since ", "Admitted ", "dx'd ",
               "Last visit: "]  # fmt: skip


def fractions(rng: Rng) -> Record:
    """Fractions and ratios after date labels ("DOS: 1/2 tab", "visit 3/4 of the sites"),
    and the same labels over a date."""
    b = Builder()
    for _ in range(rng.randint(1, 3)):
        label = rng.choice(DOSE_LABELS)
        if rng.random() < 0.65:
            denominator = rng.choice([2, 3, 4, 4, 8, 10, 20, 60])
            value = f"{rng.randint(1, min(denominator - 1, 30))}/{denominator}"
            b.add(label).plant(value, None).add(rng.choice(DOSE_UNITS))
            b.add(rng.choice([" bid", " po", "", " ago", " at bedtime"]))
        else:
            m, d = rng.randint(1, 12), rng.randint(1, 28)
            b.add(
                rng.choice(DOSE_LABELS[:2] + ["visit ", "Adm ", "dx'd ", "Last visit: ", "Seen "])
            )
            b.plant(f"{m}/{d}", DATE)
            b.add(rng.choice([" at clinic", ", f/u 2 wk", "", " for the visit", "; stable"]))
        b.add(rng.choice(["\n", "; ", ". "]))
    return b.record()


ADDRESS_PARTS = ["Suite", "Ste", "Ste.", "Floor", "Fl", "Unit", "Room", "Rm", "Apt", "Apt.",
                 "Building", "Bldg", "Dept", "Mail Stop", "MS", "Lot", "Gate", "Dock", "Box",
                 "PO Box", "#", "Space", "Pier"]  # fmt: skip
OTHER_COUNTS = ["total", "views", "visits", "amount", "population", "id",
                "order_id", "score", "rank", "rows", "steps", "calls"]  # fmt: skip


def address_parts(rng: Rng) -> Record:
    """Five-digit suite, floor, unit, room and box numbers beside a street or a ZIP; counts
    beside a ZIP key or column; inserts into tables with no address."""
    b = Builder()
    part = f"{rng.randint(10000, 99999)}"
    zip5 = f"{rng.randint(1000, 99999):05d}"
    street = f"{rng.randint(1, 9999)} {rng.choice(STREETS)}"
    city, state = rng.choice(CITIES), rng.choice(STATES.split())
    layout = rng.randrange(8)
    if layout == 0:
        b.add(f"{street}, {rng.choice(ADDRESS_PARTS)} ").plant(part, None)
        b.add(f", {city}, {state} ").plant(zip5, ZIP)
    elif layout == 1:
        for _ in range(rng.randint(1, 3)):
            b.add(f"{rng.choice(ADDRESS_PARTS)} ").plant(part, None)
            b.add(rng.choice([", ", "; ", " - "]))
            part = f"{rng.randint(10000, 99999)}"
        b.add(rng.choice(STREETS))
    elif layout == 2:
        b.add(f'{{"{rng.choice(ZIP_KEYS)}": "').plant(zip5, ZIP)
        b.add(f'", "{rng.choice(OTHER_COUNTS)}": ').plant(part, None).add("}")
    elif layout == 3 or layout == 7:
        other = rng.choice(["Newsletter", "Visits", "Score", "Rank", "Amount", "Steps"])
        b.add(f"Given,Family,{other},Channel\n{rng.choice(FIRST)},{rng.choice(LAST)},")
        b.plant(part, None).add(rng.choice([",Referral", ",Web"]))
    elif layout == 4:
        table = rng.choice(["orders", "events", "metrics", "jobs", "invoices", "t"])
        b.add(f"INSERT INTO {table} VALUES ('SKU-{rng.randint(1, 99)}', '")
        b.add(f"{rng.randint(2015, 2026)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}', '")
        b.plant(part, None).add("');")
    elif layout == 5:
        b.add(f"  idx  member  points  tier\n0  {rng.randint(10000, 99999)}  ")
        b.add(f"{rng.choice(FIRST)} {rng.choice(LAST)}  {rng.randint(50, 99)}  ")
        b.plant(part, None)
    else:  # HL7 PID-11 with no state in its place: a number, not a ZIP
        b.add(f"{street}^^{city}^").add(rng.choice(["XX", "QQ", "", "N/A"])).add("^")
        b.plant(part, None)
    return b.record()


SYSTEMS = ["the service has been up", "the site has been down", "the office has been closed",
           "prices have risen", "the server has run", "the store has been open", "the build has "
           "been green", "the feature has been live", "the API has been deprecated", "traffic has "
           "doubled", "the queue has grown", "the policy has applied"]  # fmt: skip
CLINICAL = ["Pt reports nausea", "she has had chest pain", "he has been NPO", "pt on warfarin",
            "fever", "cough", "he has been bedbound", "she has not eaten", "c/o headache",
            "rash", "he has been on hospice"]  # fmt: skip


def durations(rng: Rng) -> Record:
    """ "since / every / until <date>": a person's symptom, treatment or stay since a day is
    that person's date (a reviewer redacts it: it dates their record); a system's, an
    office's or a price's is no person's."""
    b = Builder()
    value = any_date(rng, False)
    if rng.random() < 0.5:
        b.add(rng.choice(SYSTEMS), rng.choice([" since ", " since ", " from "])).plant(value, None)
    elif rng.random() < 0.5:
        b.add(rng.choice(["renews every ", "billed every ", "the sale ends ", "closed every ",
                          "the office reopens ", "runs until "]))  # fmt: skip
        b.plant(value, None)
    else:
        b.add(rng.choice(CLINICAL), rng.choice([" since ", " since ", " starting "]))
        b.plant(value, DATE)
    b.add(rng.choice(["", ".", ", relieved by rest", ", per the log", " (see notes)"]))
    return b.record()


SOFTWARE_EVENTS = ["the module, last fetched", "last commit", "tag", "nightly", "snapshot",
                   "the crate, last published", "pypi: last upload", "docker image, last pull",
                   "repo, last push", "as documented on", "as logged on",
                   "as recorded in the wiki on",
                   "flaky builds logged on", "bug noted on", "the changelog notes",
                   "the installer boots into dos", "LTS until", "EOL", "deprecated on", "cached",
                   "indexed", "crawled", "backup taken", "cron ran", "Release note -",
                   "the build was placed on", "the feature is active as of", "Ticket 5 placed",
                   "the repo turns 5 on", "flaky builds logged on", "as noted in the "
                   "changelog on", "the router crashed on", "the contract was opened",
                   "Vertrag unterzeichnet am", "Firma gegründet am", "la empresa fundada el",
                   "contrat signé le", "il negozio aperto il", "the holiday falls on",
                   "rates rose on"]  # fmt: skip


SIGNED = ["Contract", "The lease", "The NDA", "all the waivers were", "the PO was", "the "
          "agreement was", "The SOW", "the treaty was", "Invoice approved and"]  # fmt: skip
NOT_CARE_EVENTS = ["the suspect was questioned", "the witness was interviewed", "deposed on",
                   "the defendant was arraigned", "the candidate was interviewed"]  # fmt: skip
GROWTHS = ["el tumor", "el quiste", "el pólipo", "la lesión", "el nódulo", "la masa"]
NOT_A_PERSON_BORN = ["the project was born on", "el proyecto nacido el", "la empresa nacida el",
                     "le projet né le", "the idea was born", "the startup was born on",
                     "the band was born"]  # fmt: skip
NOTES = {DATE: ["Home health visit note -", "Progress note -", "Nursing note -", "Visit note -",
                "PT note", "Sensor placed L arm", "PICC placed R arm", "IV placed"],
         None: ["Release notes -", "Meeting note -", "Sprint note -", "Patch note -",
                "Sticker 3 placed", "Order placed", "Job 12 placed", "Build placed",
                "Sticker 8 placed R arm", "Order 4 placed R side", "Job 12 placed L wing",
                "Bid placed L lot"]}  # fmt: skip


def rows(rng: Rng) -> Record:
    """SQL rows and printed summaries: a billing ZIP after a card's expiry or an address's
    state; a count or an amount after an order's full date; row counts in summaries; lists of
    procedure codes."""
    b = Builder()
    zip5, five = f"{rng.randint(1000, 99999):05d}", str(rng.randint(10000, 99999))
    layout = rng.randrange(5)
    if layout == 4:  # procedure codes: five digits in a list, none of them a ZIP
        b.add(rng.choice(["cpt_codes.csv: ", "CPT: ", "codes ", "procedure codes: ", "HCPCS/CPT "]))
        for i in range(rng.randint(1, 5)):
            b.add(rng.choice([",", ", ", " "]) if i else "").plant(
                str(rng.randint(10000, 99499)), None
            )
        return b.record()
    if layout == 0:
        table = rng.choice(["payment_methods", "billing", "customers", "cards", "members"])
        b.add(
            f"INSERT INTO {table} VALUES ({rng.randint(1, 99999)}, '{rng.randint(10**11, 10**12)}'"
        )
        b.add(f", '{rng.randint(1, 12):02d}/{rng.randint(24, 32)}', '").plant(zip5, ZIP).add("');")
    elif layout == 1:
        table = rng.choice(["addresses", "patients", "contacts", "shipping"])
        b.add(f"INSERT INTO {table} VALUES ('{rng.randint(1, 9999)} {rng.choice(STREETS)}', ")
        b.add(f"'{rng.choice(CITIES)}', '{rng.choice(STATES.split())}', '").plant(zip5, ZIP)
        b.add("');")
    elif layout == 2:
        table = rng.choice(["orders", "events", "metrics", "jobs", "invoices", "sales", "t"])
        y, m, d = ymd(rng, False)
        sep = rng.choice("-/")
        b.add(rng.choice([f"INSERT INTO {table} VALUES (", "VALUES ("]))
        b.add(f"'SKU-{rng.randint(1, 99)}', '{rng.choice(['gadget', 'bolt', 'kit', 'valve'])}', ")
        b.add(f"'{y}{sep}{m:02d}{sep}{d:02d}', '").plant(five, None).add("');")
    else:
        b.add(rng.choice(["stats: ", "totals: ", "done: ", "stats: "]))
        b.add(f"{rng.randint(10000, 99999)} {rng.choice(['rows', 'items', 'records', 'files'])} ")
        b.plant(five, None).add(rng.choice(["", " bytes", " ms", "\n"]))
    return b.record()


def system_dates(rng: Rng) -> Record:
    """Dates of software, contracts, firms and holidays in many languages; contracts signed,
    non-clinical events of people; a number before the verb "may"; a date no calendar has
    under a birth label; notes and placements of a chart's and of a system's."""
    b = Builder()
    layout = rng.randrange(10)
    if layout in (8, 9):
        layout = 6  # notes and placements: the same words over a chart's date and a system's
    if layout == 4:
        b.add(rng.choice(SIGNED), " signed ").plant(any_date(rng, False), None)
        b.add(rng.choice([" by the vendor", "", ", filed", " (countersigned)"]))
        return b.record()
    if layout == 5 and rng.random() < 0.3:  # a growth "born of" a tissue: no birth date
        growth, born = (
            rng.choice(GROWTHS),
            rng.choice(["nacido del", "nacida de la", "originado en"]),
        )
        b.add(f"{growth} {born} {rng.choice(['tejido', 'mucosa', 'hueso', 'epitelio'])}, ")
        b.plant(any_date(rng, False, "es"), None)
        return b.record()
    if layout == 5:
        b.add(rng.choice(NOT_CARE_EVENTS + NOT_A_PERSON_BORN), " ")
        b.plant(any_date(rng, False, rng.choice(["en", "es", "fr", "de"])), None)
        return b.record()
    if layout == 6:
        kind = DATE if rng.random() < 0.5 else None
        m, d = rng.randint(1, 12), rng.randint(1, 28)
        value = f"{m}/{d}" if rng.random() < 0.6 else any_date(rng, False)
        b.add(rng.choice(NOTES[kind]), " ").plant(value, kind)
        return b.record()
    if layout == 7:  # SQL rows: a card's expiry and billing ZIP; an order's date and a count
        zip5, card = f"{rng.randint(1000, 99999):05d}", rng.randint(10**11, 10**12 - 1)
        if rng.random() < 0.5:
            table = rng.choice(["payment_methods", "billing", "customers", "cards"])
            b.add(f"INSERT INTO {table} VALUES ({rng.randint(1, 99999)}, '{card}', ")
            b.add(f"'{rng.randint(1, 12):02d}/{rng.randint(24, 32)}', '").plant(zip5, ZIP)
        else:
            b.add(
                rng.choice(["INSERT INTO tbl VALUES (", "VALUES (", "INSERT INTO orders VALUES ("])
            )
            y, m, d = ymd(rng, False)
            sep = rng.choice("/-")
            b.add(f"{rng.randint(1, 99)}, '{y}{sep}{m:02d}{sep}{d:02d}', '")
            b.plant(zip5, None)
        b.add("');")
        return b.record()
    if layout < 2:
        b.add(rng.choice(SOFTWARE_EVENTS), " ").plant(any_date(rng, rng.random() < 0.3), None)
        b.add(rng.choice(["", " builds", " eröffnet", ", rebooted", " this year", " (UTC)"]))
    elif layout == 2:
        b.add(rng.choice(["my wish: ", "the answer: ", "maybe ", "", "so "]))
        b.plant(f"{rng.randint(1, 28)} {rng.choice(['may', 'May'])}", None)
        b.add(rng.choice([" be enough", " apply", " need more", " not work", " help"]))
    else:
        y, m, d = rng.randint(20, 99), rng.randint(13, 19), rng.randint(13, 28)
        value = rng.choice([f"{y}-{m}-{d:02d}", f"{rng.randint(1930, 2000)}{m}{d:02d}",
                            f"{d:02d}/{m}/{rng.randint(1930, 2000)}"])  # fmt: skip
        b.add(f"{rng.choice(BIRTH_LABELS['en'])} ").plant(value, None).add(" per form")
    return b.record()


REPORT_CELLS = ["n/a on CPU", "on CPU", "ran on GPU 0", "run on main", "built on linux",
                "checked on arm64", "merged by ci", "at step 16", "seen on replay", "by host",
                "on", "at", "by", "since", "n/a", "skipped on macOS", "pass", "ok"]  # fmt: skip
COUNTED = ["controls match", "checks passed", "tests passed", "shards done", "seeds completed",
           "runs kept", "files scanned", "gates pass", "tensors changed", "replicas up",
           "nodes ready", "retries", "of the folds", "steps", "jobs green"]  # fmt: skip
REPORT_HEADERS = ["detail", "result", "status", "checks", "outcome", "notes", "summary"]


def report_tables(rng: Rng) -> Record:
    """Counts "n/m" in the pipe tables of run, test and CI reports, after a cell that ends in
    "on CPU", "at", "by" (words that put a date after them in a chart); a visit table's dates
    under a date header are the positives in the same layout."""
    b = Builder()
    if rng.random() < 0.75:
        header = rng.choice(REPORT_HEADERS)
        b.add(f"| phase | step | verdict | {rng.choice(['peak', 'host', 'device'])} | {header} |\n")
        b.add("|---|---|---|---|---|\n")
        for _ in range(rng.randint(1, 3)):
            total = rng.choice([2, 3, 4, 4, 5, 8, 10, 12, 16, 28])
            value = f"{rng.randint(max(1, total - 3), total)}/{total}"
            b.add(f"| {rng.choice(['replay', 'validation', 'update', 'data gate', 'smoke'])} ")
            b.add(f"| {rng.randint(0, 64)} | {rng.choice(['pass', 'fail', 'ok'])} ")
            b.add(f"| {rng.choice(REPORT_CELLS)} | ").plant(value, None)
            b.add(f" {rng.choice(COUNTED)} |\n")
    else:
        b.add(f"| patient | {rng.choice(['seen on', 'visit', 'DOS', 'admitted'])} | provider |\n")
        b.add("|---|---|---|\n")
        for _ in range(rng.randint(1, 3)):
            b.add(f"| {name(rng)} | ").plant(f"{rng.randint(1, 12)}/{rng.randint(1, 28)}", DATE)
            b.add(f" | Dr. {rng.choice(LAST)} |\n")
    return b.record()


FAMILIES: list[Callable[[Rng], Record]] = [
    labelled_dates, labelled_dates, keyed, csv_rows, hl7, fhir, dicom, x12, ages, ages,
    addresses, addresses, not_personal, not_personal, prose, numbers, numbers, measurements,
    measurements, fractions, address_parts, address_parts, address_parts, durations,
    system_dates, system_dates, rows, report_tables,
]  # fmt: skip


def corpus(records: int, seed: int) -> list[Record]:
    """``records`` texts of 1-4 pieces each, seeded."""
    return joined(FAMILIES, records, seed)
