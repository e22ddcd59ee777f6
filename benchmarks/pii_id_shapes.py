"""Labelled records of the identifiers without a checksum under the label vocabulary of the
standards and of real forms, for training the learned identifier judge
(``govern.scan.identifier_model``).

The learned judge generalises from label words: the splits of ``benchmarks/pii.py`` hold a
few phrasings per type, and a blind split labels the same numbers otherwise. Each record
here is a few fields of one layout (JSON, YAML, ``key: value``, CSV under a header, HL7 v2,
X12, prose), each field a label and a value: one of the six types under any of its labels,
or a near miss (an order, claim or tracking number, a group number, an RxBIN, a routing
number, an NDC, a lot, a version, a YYYYMMDD date, a ZIP, a phone, a build, request or
instance id in a licence's or serial's shape, a software licence's years, a French NIR: a
national number, none of the six) in the same slot.

Where the vocabularies come from:

- HL7 v2 table 0203 (identifier type): MR, MRN, PI, PT, PN (record numbers); MB, MA, MC,
  SN, MI, HC, JHN (member, Medicaid, Medicare, subscriber, health card numbers); AN, AAN, BA,
  BAN (accounts); DL, DR, LN, MD, RN, NP, DEA, LR, PRN, DN (driver's and practitioner's
  licences); HL7 PID-3 / PID-18 (account) / PID-20 (driver's licence) / IN1-36 (policy) /
  IN1-8 (group, not personal) / ORC-2, OBR-3 (order numbers, not personal) / PRT-10 and
  OBX-18 (device identifiers).
- FHIR R4 Identifier.type (v2-0203 codes in ``coding``), ``Patient.identifier``,
  ``Coverage.subscriberId``, ``Device.serialNumber``, ``Account.identifier``; DICOM
  (0010,0020) PatientID, (0010,1000) OtherPatientIDs, (0018,1000) DeviceSerialNumber.
- X12 837 / 835 / 270-271: NM1 ID code qualifiers MI (member), II, 34, XX (provider, left
  out), PI (payer id, not personal); REF qualifiers 1W (member id), SY (SSN, left out), EA
  (medical record), EJ (patient account), 0B (state licence), 1G (UPIN), 6P and 1L (group
  and policy group, not personal), G1 (prior authorisation), F8 (original claim), D9 (claim
  number), 9F (referral) and CLM01 / TRN02 (claim and trace numbers): not personal.
- NCPDP D.0: 302-C2 Cardholder ID, 301-C1 Group ID (not personal), 101-A1 BIN and 104-A4
  PCN (not personal), 402-D2 Prescription/Service Reference Number (not personal).
- US insurer cards: Member ID, Subscriber #, ID #, Policy No., Medicare Number (MBI),
  Medicaid ID, with Group, RxBIN, RxPCN, RxGrp, Plan code and Payer ID beside them (not
  personal); Canadian provincial health cards (Ontario OHIP health number with version code,
  BC PHN, Quebec RAMQ, Alberta AHCIP) and the European card (EHIC/TEAM card number).
- Driver's licence forms (DL, DLN, Lic #, Driver License No., Operator's licence, Führerschein
  Nr., permis de conduire, licencia de conducir, rijbewijsnummer) and professional licence
  wordings per profession (RN, LPN, NP, PA-C, PT, OT, SLP, RPh, DDS, DVM, LCSW, Bar No., DEA,
  CPA, PE) with state board names.
- Banking: account no., acct #, BAN (billing / bank account number), ACH account, DDA,
  checking / savings account, IBAN (ISO 13616, check digits mod 97), Kontonummer, numéro
  de compte, número de cuenta, rekeningnummer,
  with routing / ABA / transit numbers, sort codes, SWIFT/BIC and check numbers (not personal).
- Device labels (IEC 60601 / FDA UDI): S/N, SN, Serial No., Serial Number, Service Tag, MAC
  serial, pacemaker / pump / CGM serial, Seriennummer, numéro de série, número de serie,
  with model, catalogue (REF), lot (LOT), firmware, UDI-DI and asset tag numbers beside them
  (not personal).
- Plates: licence plate, plate #, reg., registration, tag, LP, Kennzeichen, immatriculation,
  matrícula, targa, kenteken; with state / province and vehicle year beside them.

Layouts besides the fields': a transcript that asks for the field on one line and answers
with the bare value on the next ("Agent: and the plate?" / "Caller: ..."), and a signer's line
("Ordering: <name>, NP, <licence>"). Round 2 added label wordings of national health numbers
(NHS, CHI, IHI, SNS utente, Medicare card, carte Vitale, ABHA), hospital and inpatient numbers
(UHID, IP / CR No., processo, Krankenblatt, karte), customer and client numbers, utility
meters and SIMs (ICCID), driving licences in Spanish, Italian, Portuguese and Dutch,
professional registrations (NMC PIN, GMC, AHPRA, PTIN) and plate wordings (rego, VRN / VRM,
number plate).

Labels are exact by construction: every value is appended with its span. ``corpus(records,
seed)`` joins 1-3 pieces per record, as ``pii.corpus`` does.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable

from pii_shapes import joined

Label = tuple[int, int, str]
Record = tuple[str, list[Label]]

MRN, PLAN, ACCOUNT = "MEDICAL_RECORD_NUMBER", "HEALTH_PLAN_ID", "ACCOUNT_NUMBER"
LICENSE, SERIAL, PLATE = "LICENSE_NUMBER", "DEVICE_SERIAL", "LICENSE_PLATE"
UPPER = "ABCDEFGHJKLMNPRSTUVWXYZ"
ALNUM = UPPER + "0123456789"


def _d(rng: random.Random, n: int) -> str:
    return "".join(rng.choice("0123456789") for _ in range(n))


def _u(rng: random.Random, n: int) -> str:
    return "".join(rng.choice(UPPER) for _ in range(n))


def _a(rng: random.Random, n: int) -> str:
    return "".join(rng.choice(ALNUM) for _ in range(n))


def _any(*makers: Callable[[random.Random], str]) -> Callable[[random.Random], str]:
    return lambda rng: rng.choice(makers)(rng)


# --- values of each type: the formats of the standards and of real systems -----------------
def mrn(rng: random.Random) -> str:
    return rng.choice(
        [
            _d(rng, rng.randint(6, 10)),
            "00" + _d(rng, rng.randint(5, 8)),
            _u(rng, 1) + _d(rng, rng.randint(6, 9)),
            _u(rng, 2) + _d(rng, rng.randint(5, 8)),
            f"{_d(rng, 3)}-{_d(rng, 2)}-{_d(rng, 2)}",
            f"{_d(rng, 2)}-{_d(rng, 6)}",
            f"{_u(rng, 3)}-{_d(rng, 6)}",
            f"{_d(rng, 4)}.{_d(rng, 4)}",
            f"{_u(rng, 2)}{_d(rng, 2)}-{_d(rng, 5)}",
        ]
    )


def plan(rng: random.Random) -> str:
    letters = "ACDEFGHJKMNPQRTUVWXY"
    mbi = (
        str(rng.randint(1, 9)) + rng.choice(letters) + rng.choice(letters + "0123456789")
        + _d(rng, 1) + rng.choice(letters) + rng.choice(letters + "0123456789") + _d(rng, 1)
        + rng.choice(letters) + rng.choice(letters) + _d(rng, 2)
    )  # fmt: skip
    return rng.choice(
        [
            mbi,
            f"{mbi[:4]}-{mbi[4:7]}-{mbi[7:]}",
            _u(rng, 3) + _d(rng, 9),
            f"{_u(rng, 3)}{_d(rng, 6)}-{_d(rng, 2)}",
            _u(rng, 1) + _d(rng, 8) + rng.choice(["", "01", "02"]),
            _d(rng, 9) + _u(rng, 1),
            f"{_d(rng, 4)}-{_d(rng, 3)}-{_d(rng, 3)}-{_u(rng, 2)}",  # Ontario health number
            f"{_d(rng, 4)} {_d(rng, 3)} {_d(rng, 3)}",
            "9" + _d(rng, 9),  # BC PHN
            f"{_u(rng, 4)} {_d(rng, 4)} {_d(rng, 4)}",  # RAMQ
            _d(rng, 11),
            f"W{_d(rng, 9)}",
        ]
    )


def iban(rng: random.Random) -> str:
    """An IBAN with valid check digits, compact or in groups of four."""
    country = rng.choice(["DE", "FR", "ES", "IT", "NL", "BG", "GB", "SA", "TR", "PL"])
    bban = rng.choice([_d(rng, 18), _u(rng, 4) + _d(rng, 14), _d(rng, 22)])
    numeric = "".join(str(int(c, 36)) for c in bban + country + "00")
    compact = f"{country}{98 - int(numeric) % 97:02d}{bban}"
    if rng.random() < 0.4:
        return compact
    return " ".join(compact[i : i + 4] for i in range(0, len(compact), 4))


def account(rng: random.Random) -> str:
    return rng.choice(
        [
            iban(rng),
            _d(rng, rng.randint(8, 12)),
            f"{_d(rng, 4)} {_d(rng, 4)} {_d(rng, 4)}",
            f"{_d(rng, 4)}-{_d(rng, 4)}-{_d(rng, 2)}",
            f"{_d(rng, 3)}-{_d(rng, 6)}-{_d(rng, 1)}",
            "000" + _d(rng, 7),
            f"{_d(rng, 2)}-{_d(rng, 7)}",
            f"{_u(rng, 2)}{_d(rng, 8)}",
            f"{_d(rng, 9)}-{_d(rng, 3)}",
        ]
    )


def driver_licence(rng: random.Random) -> str:
    letter = _u(rng, 1)
    return rng.choice(
        [
            letter + _d(rng, 7),
            letter + _d(rng, 12),
            f"{letter}{_d(rng, 3)}-{_d(rng, 3)}-{_d(rng, 2)}-{_d(rng, 3)}-{_d(rng, 1)}",
            f"{letter}{_d(rng, 3)}-{_d(rng, 4)}-{_d(rng, 4)}",
            f"{_d(rng, 3)} {_d(rng, 3)} {_d(rng, 3)}",
            _d(rng, 9),
            f"{letter}{_d(rng, 4)}-{_d(rng, 5)}-{_d(rng, 5)}",  # Ontario
            f"{_u(rng, 5)}{_d(rng, 6)}{_u(rng, 2)}{_d(rng, 1)}{_u(rng, 2)}",  # UK
        ]
    )


def professional_licence(rng: random.Random) -> str:
    return rng.choice(
        [
            rng.choice(["RN", "LPN", "NP", "PT", "OT", "RPH", "MD", "DDS"]) + _d(rng, 6),
            rng.choice(["A", "G", "C", "D"]) + _d(rng, 5),
            _d(rng, 7),
            f"{_u(rng, 2)}-{_d(rng, 6)}",
            _u(rng, 2) + _d(rng, 7),  # DEA shape
            f"{_d(rng, 2)}.{_d(rng, 6)}",
            f"{_d(rng, 4)}-{_d(rng, 6)}",
        ]
    )


def serial(rng: random.Random) -> str:
    return rng.choice(
        [
            _a(rng, rng.randint(7, 12)),
            "C02" + _a(rng, 9),
            f"{_u(rng, 3)}{_d(rng, 6)}{_u(rng, 1)}",
            f"{_d(rng, 4)}-{_d(rng, 2)}-{_d(rng, 4)}",
            f"SN{_d(rng, 8)}",
            f"{_u(rng, 2)}{_d(rng, 6)}",
            f"{_a(rng, 4)}-{_a(rng, 4)}-{_a(rng, 4)}",
            _d(rng, rng.randint(8, 11)),
        ]
    )


def plate(rng: random.Random) -> str:
    return rng.choice(
        [
            f"{rng.randint(1, 9)}{_u(rng, 3)}{_d(rng, 3)}",
            f"{_u(rng, 3)}-{_d(rng, 4)}",
            f"{_u(rng, 3)} {_d(rng, 4)}",
            f"{_u(rng, 2)}-{_d(rng, 3)}-{_u(rng, 2)}",
            f"{_u(rng, rng.randint(1, 3))}-{_u(rng, 2)} {_d(rng, rng.randint(2, 4))}",
            f"{_u(rng, 2)}{_d(rng, 2)} {_u(rng, 3)}",  # UK
            f"{_d(rng, 3)} {_u(rng, 3)}",
            f"{_u(rng, 4)} {_d(rng, 3)}",
            f"{_d(rng, 1)}-{_u(rng, 3)}-{_d(rng, 3)}",
            f"{_u(rng, 2)} {_d(rng, 2)} {_u(rng, 2)} {_d(rng, 4)}",  # India
            f"{_a(rng, 3)} {_a(rng, 3)}",
        ]
    )


# --- near misses: numbers that are no person's -----------------------------------------------
def ymd(rng: random.Random) -> str:
    return f"{rng.randint(1930, 2025)}{rng.randint(1, 12):02d}{rng.randint(1, 28):02d}"


def phone(rng: random.Random) -> str:
    area, mid = rng.randint(201, 989), rng.randint(200, 999)
    return rng.choice([f"{area}-{mid}-{_d(rng, 4)}", f"({area}) {mid}-{_d(rng, 4)}"])


NEGATIVE_VALUES: dict[str, Callable[[random.Random], str]] = {
    "order": _any(
        lambda r: _d(r, 8), lambda r: f"ORD-{_d(r, 7)}", lambda r: f"{_u(r, 2)}{_d(r, 8)}"
    ),
    "ticket": _any(
        lambda r: f"INC{_d(r, 7)}", lambda r: f"{_u(r, 4)}-{_d(r, 4)}", lambda r: _d(r, 6)
    ),
    "claim": _any(lambda r: _d(r, 12), lambda r: f"{_d(r, 2)}{_u(r, 1)}{_d(r, 9)}"),
    "tracking": _any(lambda r: f"1Z{_a(r, 16)}", lambda r: _d(r, 12), lambda r: _d(r, 20)),
    "lot": _any(lambda r: f"{_u(r, 1)}{_d(r, 5)}", lambda r: f"{_d(r, 2)}{_u(r, 2)}{_d(r, 3)}"),
    "ndc": lambda r: f"{_d(r, 5)}-{_d(r, 4)}-{_d(r, 2)}",
    "cpt": lambda r: _d(r, 5),
    "icd": lambda r: f"{_u(r, 1)}{_d(r, 2)}.{_d(r, 1)}{_a(r, 1)}",
    "version": _any(
        lambda r: f"{r.randint(1, 9)}.{r.randint(0, 20)}.{r.randint(0, 99)}",
        lambda r: f"v{r.randint(1, 9)}.{r.randint(0, 9)}",
    ),
    "build": _any(lambda r: _d(r, 5), lambda r: f"{r.randint(10, 24)}{_u(r, 1)}{_d(r, 3)}"),
    "date": ymd,
    "group": _any(
        lambda r: _d(r, 6), lambda r: f"{_u(r, 1)}{_d(r, 5)}", lambda r: f"{_d(r, 5)}-{_d(r, 3)}"
    ),
    "bin": lambda r: _d(r, 6),
    "pcn": _any(lambda r: _u(r, rng_len(r)), lambda r: f"{_u(r, 2)}{_d(r, 2)}"),
    "routing": lambda r: _d(r, 9),
    "sort": lambda r: f"{_d(r, 2)}-{_d(r, 2)}-{_d(r, 2)}",
    "zip": _any(lambda r: _d(r, 5), lambda r: f"{_d(r, 5)}-{_d(r, 4)}"),
    "phone": phone,
    "model": _any(lambda r: f"{_u(r, 2)}-{_d(r, 3)}", lambda r: f"{_u(r, 1)}{_d(r, 4)}{_u(r, 1)}"),
    "catalog": lambda r: f"{_d(r, 3)}-{_d(r, 4)}",
    "firmware": lambda r: f"{r.randint(1, 9)}.{r.randint(0, 9)}.{_d(r, 3)}",
    "asset": lambda r: f"AT-{_d(r, 5)}",
    "auth": lambda r: _d(r, 10),
    "invoice": _any(lambda r: f"INV-{_d(r, 6)}", lambda r: _d(r, 7)),
    "check": lambda r: _d(r, 4),
    "year": lambda r: str(r.randint(1998, 2025)),
    "payer": lambda r: _d(r, 5),
    "rx": lambda r: f"{_d(r, 7)}",
    "room": lambda r: f"{r.randint(1, 9)}{_d(r, 2)}{r.choice(['', 'A', 'B'])}",
    "dose": lambda r: f"{r.randint(100, 2000)} mg",
    "years": _any(
        lambda r: f"{r.randint(1990, 2015)}-{r.randint(2016, 2025)}",
        lambda r: " ".join(str(y) for y in range(r.randint(2000, 2020), r.randint(2021, 2025))),
    ),
    "nir": lambda r: (
        f"{r.randint(1, 2)} {_d(r, 2)} {_d(r, 2)} {_d(r, 2)} {_d(r, 3)} {_d(r, 3)} {_d(r, 2)}"
    ),
    # machine ids in the shapes of licences and serials: the label, not the shape, decides
    "machine": _any(
        lambda r: _a(r, r.randint(8, 16)),
        lambda r: _u(r, 5) + _d(r, 6) + _a(r, 5),
        lambda r: f"{_u(r, 3)}-{_a(r, 6)}",
        lambda r: _u(r, 2) + _d(r, 8),
    ),
}


def rng_len(rng: random.Random) -> int:
    return rng.randint(3, 6)


# The label words of each type, by language (en, de, fr, es, nl, it, pt).
LABELS: dict[str, list[str]] = {
    MRN: [
        "MRN", "MR#", "MR No.", "Medical Record Number", "medical record #", "Med Rec #",
        "Hospital No.", "hospital number", "Patient ID", "PatientID", "Pt ID", "PID",
        "Chart #", "chart number", "Case No.", "Unit No.", "Record No.", "EMR #", "EHR ID",
        "patient number", "Pat.-Nr.", "Patientennummer", "Fallnummer", "numéro de dossier",
        "N° patient", "IPP", "número de historia clínica", "NHC", "patiëntnummer",
        "numero cartella", "prontuário", "Other Patient IDs", "Accession of chart", "URN",
        "UR number", "Identifier (MR)", "hosp#", "enc MRN",
        "inpatient no.", "IP number", "admission no.", "UHID", "CR No.", "registration no. (OPD)",
        "n.º de processo", "processo clínico", "número de processo", "Krankenblatt-Nr.",
        "dossier n°", "N° de dossier médical", "karte no.", "karte", "chart no.", "hospital #",
        "case number", "patient file no.", "folder no.", "cartella clinica n.",
    ],
    PLAN: [
        "Member ID", "Member #", "member no.", "Subscriber ID", "Subscriber #", "Policy No.",
        "policy number", "Insurance ID", "ID #", "Medicare Number", "MBI", "Medicaid ID",
        "Cardholder ID", "health plan ID", "plan member number", "beneficiary ID",
        "Health Card No.", "OHIP #", "OHIP number", "health number", "PHN",
        "Personal Health Number",
        "RAMQ", "AHCIP", "insurance number", "Versichertennummer", "KVNR", "Mitgliedsnummer",
        "numéro d'assuré", "número de afiliado", "nº de póliza",
        "verzekerdennummer", "tessera sanitaria", "número do beneficiário", "EHIC no.",
        "Subscriber Identifier", "HICN", "enrollee ID",
        "NHS number", "NHS No.", "CHI number", "H&C number", "IHI", "Medicare card no.",
        "Medicare no.", "número de utente", "nº utente", "SNS", "tarjeta sanitaria", "CIP",
        "NSS", "carte Vitale", "n° de sécurité sociale (Vitale)", "ABHA number", "health ID",
        "insurance card no.", "Krankenversichertennummer", "NHI", "health insurance no.",
        "my plan id", "plan", "plan ID", "coverage ID", "benefits ID",
    ],
    ACCOUNT: [
        "Account No.", "Acct #", "acct", "account number", "Account #", "BAN",
        "billing account number", "bank account", "ACH account", "DDA", "checking account",
        "savings acct", "checking acct no.", "Patient Account", "guarantor account",
        "billing acct", "a/c", "A/C No.", "Kontonummer", "Konto-Nr.", "numéro de compte",
        "N° de compte", "número de cuenta", "cuenta", "rekeningnummer", "conto n.",
        "número da conta", "direct deposit account", "payout account", "loan account",
        "customer account no.", "account ID", "IBAN", "Konto (IBAN)",
        "customer number", "customer no.", "Customer #", "client #", "client number",
        "client no.", "Kundennummer", "Kunden-Nr.", "numéro client", "n° client",
        "número de cliente", "klantnummer", "codice cliente", "número do cliente",
        "refund to checking", "deposit to acct", "utility account", "service account no.",
    ],
    LICENSE: [
        "DL #", "DL", "DLN", "Driver License No.", "driver's license", "driver licence number",
        "Lic #", "License No.", "licence no.", "Operator's License", "OL #", "state ID",
        "RN License", "RN lic.", "LPN license", "NP license", "PA-C lic", "PT license",
        "PT lic #", "OT license", "SLP license", "RPh license", "pharmacist license",
        "DDS license", "DVM license", "LCSW #", "Bar No.", "State Bar #", "bar number",
        "DEA #", "DEA", "medical license", "Board license #", "CPA license", "PE license",
        "Führerschein-Nr.", "Führerscheinnummer", "permis de conduire", "n° de permis",
        "licencia de conducir", "nº de licencia", "rijbewijsnummer", "patente n.",
        "carteira de motorista", "CRM", "cédula profesional",
        "carnet de conducir", "permiso de conducir", "driving licence no.", "DL no.",
        "licence number", "patente di guida n.", "rijbewijs nr.", "carta de condução",
        "PTIN", "NMC PIN", "GMC no.", "AHPRA no.", "registration (nursing)", "cert. no.",
    ],
    SERIAL: [
        "S/N", "SN", "Serial", "Serial No.", "serial number", "Serial #", "Service Tag",
        "ESN", "device serial", "Device Serial Number", "DeviceSerialNumber", "pump serial",
        "pacemaker SN", "CGM serial", "transmitter SN", "hearing aid serial", "implant S/N",
        "Seriennummer", "Serien-Nr.", "numéro de série", "N° de série", "número de serie",
        "serienummer", "numero di serie", "número de série", "unit serial", "meter SN",
        "meter", "meter no.", "meter number", "smart meter", "meter serial", "ICCID",
        "SIM", "SIM number", "SIM serial", "PDM serial", "transmitter ID", "sensor serial",
        "handset serial", "TCU serial", "router serial", "pump SN", "Zählernummer",
        "numéro de compteur", "número de contador",
    ],
    PLATE: [
        "license plate", "licence plate", "plate", "Plate #", "plate no.", "reg", "Reg.",
        "registration", "vehicle reg", "tag", "tag #", "LP", "LPN", "Kennzeichen",
        "amtl. Kennzeichen", "immatriculation", "plaque", "matrícula", "placa", "targa",
        "kenteken", "vehicle plate", "car reg",
        "rego", "registration no.", "reg no.", "VRN", "VRM", "number plate", "plate number",
        "vehicle reg.", "matrícula del coche", "placa do veículo", "targa auto", "nummerplaat",
        "vehicle", "car",
    ],
}  # fmt: skip
VALUES: dict[str, Callable[[random.Random], str]] = {
    MRN: mrn,
    PLAN: plan,
    ACCOUNT: account,
    LICENSE: _any(driver_licence, professional_licence),
    SERIAL: serial,
    PLATE: plate,
}
NEGATIVE_LABELS: dict[str, list[str]] = {
    "order": ["Order #", "order no.", "PO", "Bestellnummer", "commande n°", "pedido"],
    "ticket": ["Ticket", "ticket #", "Case ID", "incident", "Jira", "Vorgang"],
    "claim": ["Claim #", "claim control number", "ICN", "DCN", "Claim No.", "Schadennummer"],
    "tracking": ["Tracking #", "tracking number", "Sendungsnummer", "suivi", "AWB"],
    "lot": ["LOT", "Lot #", "lot number", "Charge", "Ch.-B.", "lote"],
    "ndc": ["NDC", "NDC #"],
    "cpt": ["CPT", "CPT code", "HCPCS"],
    "icd": ["ICD-10", "Dx", "diagnosis code"],
    "version": ["version", "Version", "ver.", "release"],
    "build": ["build", "Build #", "build number"],
    "date": ["DOS", "date", "Date of Service", "Datum", "fecha", "effective", "DOB"],
    "group": ["Group #", "Group No.", "Grp", "group number", "RxGrp", "Gruppe", "employer group"],
    "bin": ["RxBIN", "BIN", "Rx BIN"],
    "pcn": ["RxPCN", "PCN"],
    "routing": ["Routing #", "routing number", "ABA", "RTN", "transit number", "BLZ"],
    "sort": ["Sort code", "sort code"],
    "zip": ["ZIP", "Zip Code", "postal code", "PLZ", "code postal"],
    "phone": ["Phone", "Tel", "Tel.", "Telefon", "téléphone", "Fax", "Customer Service"],
    "model": ["Model", "Model #", "Modell", "modèle", "Type"],
    "catalog": ["REF", "Cat. No.", "catalog #", "Part No.", "P/N"],
    "firmware": ["Firmware", "FW", "software version"],
    "asset": ["Asset Tag", "asset #", "inventory no."],
    "auth": ["Prior Auth #", "authorization", "Referral #", "Auth No."],
    "invoice": ["Invoice #", "Rechnungsnummer", "facture n°", "factura"],
    "check": ["Check #", "cheque no."],
    "year": ["Year", "model year", "Baujahr", "since"],
    "payer": ["Payer ID", "payer id", "EDI payer"],
    "rx": ["Rx #", "prescription number", "Rx No."],
    "room": ["Room", "Bed", "Zimmer", "chambre", "ext", "extension", "bay"],
    "dose": ["dose", "Dosis"],
    "years": ["MIT license", "licensed", "Copyright", "(c)", "license", "seasons", "Lizenz"],
    "nir": ["NIR", "n° de sécurité sociale", "numéro de sécurité sociale", "INSEE"],
    "machine": [
        "build id",
        "Build ID",
        "image",
        "request id",
        "trace id",
        "session",
        "SKU",
        "job id",
        "run id",
        "commit",
        "container",
        "node",
        "Artikelnummer",
        "batch",
        "AMI",
        "instance",
    ],
}
# HL7 v2 table 0203 codes and X12 qualifiers by type (None: not personal).
HL7_CODES = {
    MRN: ["MR", "MRN", "PI", "PT", "PN", "MRT"],
    PLAN: ["MB", "MA", "MC", "SN", "MI", "HC", "JHN", "NH"],
    ACCOUNT: ["AN", "AAN", "BA", "BAN", "ANON"],
    LICENSE: ["DL", "DR", "LN", "MD", "RN", "NP", "DEA", "LR", "PRN", "DN"],
}
X12_REF = {MRN: ["EA"], PLAN: ["1W", "IG", "23"], ACCOUNT: ["EJ"], LICENSE: ["0B", "1G"]}
X12_NEGATIVE = {
    "6P": "group",
    "1L": "group",
    "G1": "auth",
    "F8": "claim",
    "D9": "claim",
    "9F": "auth",
}
FACILITIES = ["GHH", "STMARY", "UHN", "KPNC", "MAYO", "CHUQ", "RIVERSIDE", "LAB"]


# label, value, type (None: not personal), the value's maker
Field = tuple[str, str, str | None, Callable[[random.Random], str]]


def positive(rng: random.Random, kind: str | None = None) -> Field:
    kind = kind or rng.choice(list(VALUES))
    return rng.choice(LABELS[kind]), VALUES[kind](rng), kind, VALUES[kind]


def negative(rng: random.Random) -> Field:
    what = rng.choice(list(NEGATIVE_VALUES))
    make = NEGATIVE_VALUES[what]
    return rng.choice(NEGATIVE_LABELS[what]), make(rng), None, make


def fields(rng: random.Random, count: int) -> list[Field]:
    """``count`` fields, about half of the six types and half near misses."""
    return [positive(rng) if rng.random() < 0.5 else negative(rng) for _ in range(count)]


class Builder:
    """A text grown piece by piece, with the spans of its labelled values."""

    def __init__(self) -> None:
        self.text = ""
        self.labels: list[Label] = []

    def add(self, literal: str, value: str = "", kind: str | None = None) -> None:
        self.text += literal
        if kind is not None:
            self.labels.append((len(self.text), len(self.text) + len(value), kind))
        self.text += value

    def record(self) -> Record:
        return self.text, self.labels


def _case(rng: random.Random, label: str) -> str:
    return rng.choice([label, label, label.lower(), label.upper()])


def _key(rng: random.Random, label: str) -> str:
    words = "".join(c if c.isalnum() else " " for c in label).split()
    style = rng.choice(["snake", "camel", "as-is", "lower"])
    if style == "snake":
        return "_".join(w.lower() for w in words) or "id"
    if style == "camel":
        return (words[0].lower() + "".join(w.title() for w in words[1:])) if words else "id"
    return label.lower() if style == "lower" else label


def key_value(rng: random.Random) -> Record:
    out = Builder()
    sep = rng.choice([": ", ": ", " ", " # ", " - ", "= ", ":\t", " no. "])
    for i, (label, value, kind, _) in enumerate(fields(rng, rng.randint(1, 4))):
        out.add(("\n" if i else "") + _case(rng, label) + sep, value, kind)
    return out.record()


def json_piece(rng: random.Random) -> Record:
    out = Builder()
    chosen = fields(rng, rng.randint(1, 4))
    out.add("{")
    for i, (label, value, kind, _) in enumerate(chosen):
        quote = '"' if not value.isdigit() or rng.random() < 0.7 else ""
        out.add(("" if not i else ", ") + json.dumps(_key(rng, label)) + ": " + quote, value, kind)
        out.add(quote)
    out.add("}")
    return out.record()


def fhir_piece(rng: random.Random) -> Record:
    out = Builder()
    kind = rng.choice([MRN, PLAN, ACCOUNT, LICENSE, None])
    code = rng.choice(HL7_CODES[kind]) if kind else rng.choice(["VN", "FILL", "PLAC", "SB"])
    value = (
        VALUES[kind](rng)
        if kind
        else NEGATIVE_VALUES[rng.choice(["order", "claim", "ticket"])](rng)
    )
    system = rng.choice(["urn:oid:2.16.840.1.113883.19.5", "http://hospital.example.org/ids"])
    out.add(
        '{"resourceType": "Patient", "identifier": [{"type": {"coding": [{"system": '
        f'"http://terminology.hl7.org/CodeSystem/v2-0203", "code": "{code}"}}]}}, '
        f'"system": "{system}", "value": "',
        value,
        kind,
    )
    out.add('"}]}')
    if rng.random() < 0.5:
        serial_kind = rng.random() < 0.6
        value = serial(rng) if serial_kind else NEGATIVE_VALUES["lot"](rng)
        out.add(
            '\n{"resourceType": "Device", "'
            + ("serialNumber" if serial_kind else "lotNumber")
            + '": "',
            value,
            SERIAL if serial_kind else None,
        )
        out.add('"}')
    return out.record()


def yaml_piece(rng: random.Random) -> Record:
    out = Builder()
    out.add(rng.choice(["patient:\n", "member:\n", "record:\n", ""]))
    for label, value, kind, _ in fields(rng, rng.randint(1, 4)):
        quote = rng.choice(["", "", "'", '"'])
        out.add(f"  {_key(rng, label)}: {quote}", value, kind)
        out.add(quote + "\n")
    return out.text.rstrip("\n"), out.labels


def csv_piece(rng: random.Random) -> Record:
    out = Builder()
    chosen = fields(rng, rng.randint(2, 4))
    cut = rng.choice([",", ",", "\t", ";"])
    out.add(cut.join(_key(rng, label) for label, *_ in chosen) + "\n")
    for _ in range(rng.randint(1, 3)):
        for i, (_, _, kind, make) in enumerate(chosen):
            out.add(cut if i else "", make(rng), kind)
        out.add("\n")
    return out.text.rstrip("\n"), out.labels


def hl7_piece(rng: random.Random) -> Record:
    out = Builder()
    out.add(
        f"MSH|^~\\&|EPIC|{rng.choice(FACILITIES)}|||{ymd(rng)}1200||ADT^A04|{_d(rng, 8)}|P|2.5\n"
    )
    kind = rng.choice([MRN, PLAN, ACCOUNT, LICENSE])
    out.add("PID|1||", mrn(rng) if kind != MRN else VALUES[kind](rng), MRN if kind != MRN else kind)
    out.add(f"^^^{rng.choice(FACILITIES)}^{rng.choice(HL7_CODES[MRN])}")
    if kind != MRN:
        out.add("~", VALUES[kind](rng), kind)
        out.add(f"^^^{rng.choice(FACILITIES)}^{rng.choice(HL7_CODES[kind])}")
    out.add("||DOE^JANE||")
    out.add(ymd(rng))
    out.add("|F|||||||||||")
    out.add("", account(rng), ACCOUNT)  # PID-18 patient account number
    out.add("|||")
    out.add("", driver_licence(rng), LICENSE)  # PID-20 driver's licence
    if rng.random() < 0.6:
        out.add(f"\nORC|NW|{_d(rng, 8)}|{_u(rng, 2)}{_d(rng, 6)}")  # order numbers
    if rng.random() < 0.6:
        out.add(f"\nIN1|1|{_u(rng, 3)}{_d(rng, 3)}|{_d(rng, 5)}|ACME HEALTH|||||{_d(rng, 6)}")
        out.add("||||||||||||||||||||||||||||", plan(rng), PLAN)  # IN1-36 policy number
    if rng.random() < 0.4:
        out.add("\nOBX|1|ST|DEVSN^Device serial^L||", serial(rng), SERIAL)
    return out.record()


def x12_piece(rng: random.Random) -> Record:
    out = Builder()
    end = rng.choice(["~", "~\n"])
    out.add(f"ST*837*{_d(rng, 4)}{end}CLM*{_d(rng, 10)}*{rng.randint(50, 900)}***11:B:1{end}")
    out.add("NM1*IL*1*DOE*JANE****MI*", plan(rng), PLAN)
    out.add(end)
    for _ in range(rng.randint(1, 3)):
        if rng.random() < 0.55:
            kind = rng.choice(list(X12_REF))
            out.add(f"REF*{rng.choice(X12_REF[kind])}*", VALUES[kind](rng), kind)
        else:
            qualifier, what = rng.choice(list(X12_NEGATIVE.items()))
            out.add(f"REF*{qualifier}*{NEGATIVE_VALUES[what](rng)}")
        out.add(end)
    out.add(f"NM1*PR*2*ACME HEALTH*****PI*{_d(rng, 5)}{end}TRN*1*{_d(rng, 10)}*1{_d(rng, 9)}{end}")
    out.add(f"DTP*472*D8*{ymd(rng)}{end}")
    return out.text.rstrip("\n"), out.labels


def dicom_piece(rng: random.Random) -> Record:
    out = Builder()
    out.add("(0010,0010) PN [DOE^JANE]\n(0010,0020) LO [", mrn(rng), MRN)
    out.add("]\n")
    if rng.random() < 0.5:
        out.add("(0010,1000) LO [", mrn(rng), MRN)
        out.add("]\n")
    out.add(f"(0008,0050) SH [{_d(rng, 8)}]\n(0010,0030) DA [{ymd(rng)}]\n")
    out.add("(0018,1000) LO [", serial(rng), SERIAL)
    out.add(f"]\n(0018,1020) LO [{rng.randint(1, 9)}.{rng.randint(0, 9)}]")
    return out.record()


PROSE = [
    "Her {label} is {value}.",
    "Please confirm the {label} {value} before we proceed.",
    "I updated the {label} to {value} yesterday.",
    "{label}: {value} (verified)",
    "Can you check {label} {value}? It bounced.",
    "The {label} on file, {value}, does not match.",
    "He gave {value} as his {label}.",
    "Noted {label} #{value} in the chart.",
    "{label} {value} - please update.",
    "Wir haben {label} {value} notiert.",
    "Merci de vérifier {label} {value}.",
    "Por favor confirme {label} {value}.",
]


def prose_piece(rng: random.Random) -> Record:
    out = Builder()
    for i, (label, value, kind, _) in enumerate(fields(rng, rng.randint(1, 2))):
        template = rng.choice(PROSE)
        head, tail = template.split("{value}")
        out.add(("\n" if i else "") + head.replace("{label}", _case(rng, label)), value, kind)
        out.add(tail.replace("{label}", _case(rng, label)))
    return out.record()


def card_piece(rng: random.Random) -> Record:
    """An insurer card as text: member and subscriber numbers beside group, BIN and PCN."""
    out = Builder()
    out.add(f"{rng.choice(['ACME HEALTH', 'BlueCross PPO', 'United Plan'])}\n")
    out.add(
        rng.choice(["Member ID", "ID", "Subscriber #", "Member No"]) + rng.choice([": ", " "]),
        plan(rng),
        PLAN,
    )
    out.add(f"\nGroup{rng.choice([': ', ' # ', ' No. '])}{NEGATIVE_VALUES['group'](rng)}")
    out.add(
        f"\nRxBIN {_d(rng, 6)}  RxPCN {_u(rng, rng.randint(3, 6))}  RxGrp {_u(rng, 2)}{_d(rng, 3)}"
    )
    out.add(f"\nPayer ID {_d(rng, 5)}  Effective {ymd(rng)}")
    return out.record()


def bank_piece(rng: random.Random) -> Record:
    out = Builder()
    out.add(rng.choice(["Routing #", "ABA", "Routing number", "RTN"]) + f": {_d(rng, 9)}\n")
    out.add(rng.choice(LABELS[ACCOUNT]) + rng.choice([": ", " ", " # "]), account(rng), ACCOUNT)
    out.add(f"\nCheck #{_d(rng, 4)}" if rng.random() < 0.5 else "")
    return out.record()


ASKED = [
    "What's the {label} on the account?", "Can I get your {label}?", "and the {label}?",
    "Could you read me the {label}, please?", "{label}?", "what {label} do you have?",
    "Which {label} is it?", "I need the {label} to proceed.",
]  # fmt: skip
ANSWERED = ["{value}", "it's {value}", "sure, {value}", "{value}, I think", "yes - {value}"]
SPEAKERS = [("Agent", "Caller"), ("Rep", "Customer"), ("Nurse", "Patient"), ("Me", "Them")]


def dialogue_piece(rng: random.Random) -> Record:
    """A transcript: a question naming the field on one line, the bare value on the next
    ("Agent: and the other vehicle's plate?" / "Caller: ABC 1234"), near misses alike."""
    out = Builder()
    asker, answerer = rng.choice(SPEAKERS)
    for i, (label, value, kind, _) in enumerate(fields(rng, rng.randint(1, 2))):
        question = rng.choice(ASKED).replace("{label}", _case(rng, label).lower())
        head, tail = rng.choice(ANSWERED).split("{value}")
        out.add(("\n" if i else "") + f"{asker}: {question}\n{answerer}: {head}", value, kind)
        out.add(tail)
    return out.record()


CREDENTIALS = [
    "RN", "NP", "LPN", "PA-C", "MD", "DO", "DDS", "DVM", "PharmD", "RPh", "LCSW", "PT", "OT",
    "CPA", "EA", "PTIN", "Esq.", "CRNA", "APRN",
]  # fmt: skip
SIGNERS = ["Kaito Mensah", "Ana Ruiz", "Priya Nair", "Tomas Berg", "Leilani Kahale", "O. Diallo"]


def signature_piece(rng: random.Random) -> Record:
    """A signer's line: a name, a credential, the licence number as the next field ("Ordering:
    Ana Ruiz, NP, RN123456"); near misses in the same slot (an extension, a room)."""
    out = Builder()
    role = rng.choice(["Ordering", "Signed", "Preparer", "Attending", "Reviewed by", "Provider"])
    name, credential = rng.choice(SIGNERS), rng.choice(CREDENTIALS)
    sep = rng.choice([", ", " | ", "; "])
    out.add(f"{role}: {name}{sep}{credential}{sep}")
    if rng.random() < 0.6:
        out.add("", professional_licence(rng), LICENSE)
    else:
        what = rng.choice(["room", "check", "phone", "date"])
        out.add(NEGATIVE_VALUES[what](rng))
    return out.record()


FAMILIES: list[Callable[[random.Random], Record]] = [
    key_value, key_value, json_piece, fhir_piece, yaml_piece, csv_piece, hl7_piece, x12_piece,
    dicom_piece, prose_piece, prose_piece, card_piece, bank_piece, dialogue_piece,
    signature_piece,
]  # fmt: skip


def corpus(records: int, seed: int) -> list[Record]:
    """``records`` texts of 1-3 pieces each, seeded."""
    return joined(FAMILIES, records, seed, most=3)
