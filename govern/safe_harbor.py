"""The HIPAA Safe Harbor identifiers (45 CFR 164.514(b)(2)(i)) that can occur in text, and the
entity types the scan finds them as.

The policy's defaults (``pii.entities``, ``pii.must_cover``) and the review's coverage table
read this one table. Biometric identifiers (P) and full-face photographs (Q) are not text.
"""

from __future__ import annotations

# entity type -> (Safe Harbor item, what it is), in the rule's order
SAFE_HARBOR: dict[str, tuple[str, str]] = {
    "PERSON": ("A", "names"),
    "STREET_ADDRESS": ("B", "street addresses"),
    "CITY": ("B", "cities (after a state code, or after city / lives in)"),
    "ZIP_CODE": ("B", "ZIP codes (after a state code, or after zip / postal)"),
    "PERSONAL_DATE": ("C", "dates tied to a person (birth, admission, discharge, visit, death)"),
    "AGE_OVER_89": ("C", "ages over 89"),
    "PHONE_NUMBER": ("D", "telephone numbers"),
    "FAX_NUMBER": ("E", "fax numbers"),
    "EMAIL_ADDRESS": ("F", "email addresses"),
    "US_SSN": ("G", "social security numbers"),
    "MEDICAL_RECORD_NUMBER": ("H", "medical record numbers"),
    "HEALTH_PLAN_ID": ("I", "health plan beneficiary numbers"),
    "ACCOUNT_NUMBER": ("J", "account numbers"),
    "LICENSE_NUMBER": ("K", "certificate and licence numbers"),
    "VIN": ("L", "vehicle identification numbers"),
    "LICENSE_PLATE": ("L", "licence plates"),
    "DEVICE_SERIAL": ("M", "device serial numbers"),
    "IMEI": ("M", "device identifiers (IMEI)"),
    "PERSONAL_URL": ("N", "URLs of a person (profiles, ~user pages)"),
    "IP_ADDRESS": ("O", "IP addresses"),
    "USERNAME": ("R", "user names and home-directory paths"),
}
SAFE_HARBOR_ENTITIES = tuple(SAFE_HARBOR)
# Other types that find values of an item (cards and IBANs are account numbers; LOCATION is
# NER's places), shown beside it in the review; the item's own type is the one above.
ALSO_UNDER: dict[str, str] = {"CREDIT_CARD": "J", "IBAN_CODE": "J", "LOCATION": "B"}
