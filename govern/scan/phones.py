"""phonenumbers' matcher with its parse-and-verify verdicts remembered across windows and regions.

presidio's phone recognizer runs ``PhoneNumberMatcher`` once per region over a text, and the
matcher parses and verifies every candidate it finds (~0.2 ms each, most of a dense corpus's
phone cost). A verdict is a pure function of the candidate, the region, the leniency and the
characters just before and after it (the matcher rejects a number glued to a letter), so it is
made once per such key and reused by every matcher of one ``PhoneVerdicts``: by the other
regions for an international number (``+`` and a country code: the region only reads numbers
without one), and by later windows where the same number recurs (a support desk's own number,
a signature). What a matcher yields is what phonenumbers' own yields, in the same order.
"""

from __future__ import annotations

from typing import Any

import phonenumbers

_possible_number = phonenumbers.phonenumberutil._extract_possible_number
_INTERNATIONAL = phonenumbers.phonenumberutil._PLUS_CHARS_PATTERN  # matched at the start
# candidate, region ("" for an international number), leniency, the characters around it
VerdictKey = tuple[str, str | None, Any, str, str]
KEPT_VERDICTS = 1 << 15  # ~20 MB at most (~600 B each); then it starts over


class PhoneVerdicts:
    """Verdicts of ``_parse_and_verify``: key -> the parsed number, or None for no match."""

    def __init__(self) -> None:
        self._verdicts: dict[VerdictKey, Any] = {}

    def matcher(self, text: str, region: str, leniency: Any) -> PhoneMatcher:
        """phonenumbers' ``PhoneNumberMatcher(text, region, leniency=leniency)``, sharing these."""
        return PhoneMatcher(text, region, leniency, self)

    def verdict(self, key: VerdictKey, make: Any) -> Any:
        """The verdict on ``key``: remembered, or ``make()`` remembered."""
        verdicts = self._verdicts
        if key in verdicts:
            return verdicts[key]
        if len(verdicts) >= KEPT_VERDICTS:
            verdicts.clear()
        found = verdicts[key] = make()
        return found


class PhoneMatcher(phonenumbers.PhoneNumberMatcher):
    """phonenumbers' matcher whose candidates' verdicts come from a ``PhoneVerdicts``."""

    def __init__(self, text: str, region: str, leniency: Any, verdicts: PhoneVerdicts) -> None:
        super().__init__(text, region, leniency=leniency)
        self._verdicts = verdicts

    def _parse_and_verify(self, candidate: str, offset: int) -> Any:
        text = self.text
        end = offset + len(candidate)
        international = _INTERNATIONAL.match(_possible_number(candidate)) is not None
        key: VerdictKey = (
            candidate,
            "" if international else self.preferred_region,
            self.leniency,
            text[offset - 1] if offset > 0 else "",  # "" only at the start: a character is one
            text[end] if end < len(text) else "",
        )

        def make() -> Any:
            match = super(PhoneMatcher, self)._parse_and_verify(candidate, offset)
            return None if match is None else match.number

        number = self._verdicts.verdict(key, make)
        return None if number is None else phonenumbers.PhoneNumberMatch(offset, candidate, number)
