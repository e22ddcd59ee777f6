"""Recognizers for the Safe Harbor identifiers that locate or reach a person and that
``govern.scan.identifiers`` does not cover: fax numbers, personal URLs, cities and email
addresses written against scrapers.

Each is an ``IdentifierRecognizer`` (presidio ``PatternRecognizer``) with its anchors for the
one Hyperscan pass. ``RECOGNIZERS`` is every identifier recognizer, theirs, those of
``govern.scan.labelled`` and these; the scanner (``govern.scan.pii``) reads that list.
"""

from __future__ import annotations

import re
from typing import ClassVar

from govern.scan._presidio import Pattern
from govern.scan.identifiers import (
    _STATES,
    CASE_SENSITIVE,
    CONTEXT_ONLY,
    IDENTIFIER_RECOGNIZERS,
    IdentifierRecognizer,
    _context_anchor,
    _digits,
)
from govern.scan.issued import ISSUED_RECOGNIZERS
from govern.scan.labelled import LABELLED_RECOGNIZERS

# A number right after a phone word is the phone's, whatever "fax" came earlier in the clause:
# "Faxing is slow, so the clinic will phone you at 503 555 0147".
_AFTER_A_PHONE_WORD = (
    r"(?<!\b(?:call|phone|text|ring|reach|contact|cell|mobile|tel|telephone)\w{0,3}[ \t]?[:#]?"
    r"(?:[ \t](?:me|her|him|us|them|you))?(?:[ \t](?:on|at))?[ \t]?)"
)


class FaxNumberRecognizer(IdentifierRecognizer):
    """Fax numbers, national or international (7-15 digits in phone-like groups), only after
    fax / facsimile in the same clause; without the word the number is a phone's, and so is
    one right after a phone word ("fax is slow, phone me at ...")."""

    ENTITY = "FAX_NUMBER"
    PATTERNS = [
        Pattern(
            "Fax number (context)",
            r"(?<![\w+.-])"
            + _AFTER_A_PHONE_WORD
            + r"(?:\+\d{1,3}[ .-]?)?(?:\(\d{1,5}\)[ .-]?)?\d{1,15}(?:[ .-]\d{1,10}){0,5}"
            r"(?![\w]|[.-]\d)",
            CONTEXT_ONLY,
        )
    ]
    CONTEXT_DECIDES = True
    CONTEXT = ["fax", "facsimile", "telefax"]
    ANCHORS = _context_anchor(ENTITY, CONTEXT)

    def validate_result(self, pattern_text: str) -> bool | None:
        return None if 7 <= len(_digits(pattern_text)) <= 15 else False


_PROFILE_HOSTS = (
    r"(?:twitter|x|facebook|fb|instagram|tiktok|github|gitlab|pinterest|vk|medium|soundcloud"
    r"|flickr|kaggle|patreon|dribbble|behance|tumblr|substack|quora)\.com|threads\.net|t\.me"
    r"|about\.me|twitch\.tv|keybase\.io|linktr\.ee|huggingface\.co|dev\.to|ko-fi\.com"
    r"|bio\.link|codepen\.io|behance\.net"
    # code forges of people's own (Codeberg), booking and payment pages (Cal.com, PayPal.me,
    # Cash App's $cashtag)
    r"|codeberg\.org|cal\.com|paypal\.me|cash\.app"
)
# Sites that give each person a subdomain: name.substack.com, name.tumblr.com, a researcher's
# name.academia.edu; not the sites' own (www, on, help ...).
_PERSONAL_SUBDOMAIN_HOSTS = r"(?:substack\.com|tumblr\.com|academia\.edu|carrd\.co|bsky\.social)"
_SITE_SUBDOMAINS = r"(?:www|on|help|support|api|status|blog|docs|app|open|cdn|about|mail|m)"
# The Stack Exchange network, whose /users/<id>/<name> page is a person's.
_STACK_EXCHANGE = (
    r"(?:stackoverflow\.com|superuser\.com|serverfault\.com|askubuntu\.com|mathoverflow\.net"
    r"|[a-z]+\.stackexchange\.com)"
)
_SCHEME = r"(?<![\w.@/-])(?:https?://)?(?:www\.|m\.|mobile\.)?"
_HANDLE = r"[\w.%-]{0,99}\w"
_REST = r"(?:/[^\s()<>\[\]{}\"'`]*)?"  # the rest of the path: a post of the person's is theirs
_END = r"(?![\w.%-]*\w)"
# First path segments of these sites that are pages, not people.
NOT_PROFILES = frozenset(
    """home search explore settings login signin signup register logout join about help privacy
    terms tos legal policies share sharer intent hashtag watch groups pages company companies
    jobs features pricing orgs organizations topics marketplace sponsors notifications i p
    reel reels events docs blog status trending collections apps site security enterprise
    models datasets spaces papers learn tasks competitions code discussions courses
    team teams pulls issues new download downloads business ads developers api embed oauth
    dialog photo photos video videos tag tags plugins results feed discover""".split()
)


class PersonalUrlRecognizer(IdentifierRecognizer):
    """URLs of a person: social profiles (and their posts), a booking page (Calendly),
    LinkedIn /in/, Reddit /u/, YouTube /@ /c/ /user/, Bluesky /profile/, an ORCID iD, a GitHub
    Pages site (name.github.io), any site's /@name (Mastodon) and /~name pages, a personal
    subdomain (name.substack.com, name.tumblr.com, name.academia.edu), a Stack Exchange user
    page, a clinician's Doximity or Healthgrades page, a Google Scholar, ResearchGate or
    Semantic Scholar profile, a Hugging Face, Kaggle or Linktree page, a Codeberg user, a
    Cal.com booking page, a Venmo, PayPal.me or Cash App payment page, a Google Sites site and
    a therapist's Psychology Today listing. A repository
    (github.com/org/repo, huggingface.co/org/model), a search or a help page is not one."""

    ENTITY = "PERSONAL_URL"
    PATTERNS = [
        Pattern(
            "Profile on a social site",
            rf"{_SCHEME}(?:{_PROFILE_HOSTS})/[@$]?{_HANDLE}{_END}/?(?![\w/])",
            0.6,
        ),
        Pattern(
            "Post on a social site",
            rf"{_SCHEME}(?:twitter|x|instagram|tiktok|facebook)\.com/@?{_HANDLE}/"
            rf"(?:status|p|video|posts)/[\w-]+{_REST}",
            0.6,
        ),
        Pattern(
            "LinkedIn, Reddit, YouTube, Venmo, Google Sites and therapist directory people",
            rf"{_SCHEME}(?:linkedin\.com/in|reddit\.com/u(?:ser)?|youtube\.com/(?:c|user)"
            r"|(?:account\.)?venmo\.com/u|sites\.google\.com/view"
            r"|psychologytoday\.com/[a-z]{2}/(?:therapists|psychiatrists|counsellors|counselors))"
            rf"/{_HANDLE}{_REST}",
            0.6,
        ),
        Pattern(  # a writer's or a researcher's own subdomain, a Q&A site's user page, a
            # clinician's directory page, a Google Scholar or other research profile
            "Personal subdomain, Stack Exchange user, clinician or research profile",
            rf"{_SCHEME}(?:(?!{_SITE_SUBDOMAINS}\.)[a-z0-9](?:[a-z0-9-]{{0,61}}[a-z0-9])?\."
            rf"{_PERSONAL_SUBDOMAIN_HOSTS}\b{_REST}"
            rf"|{_STACK_EXCHANGE}/users/\d+(?:/[\w-]+)?"
            rf"|(?:doximity\.com/pub|healthgrades\.com/physician|researchgate\.net/profile"
            rf"|semanticscholar\.org/author)/{_HANDLE}{_END}{_REST}"
            r"|scholar\.google\.[a-z.]{2,6}/citations\?(?:[\w=%.-]*&(?:amp;)?)*user=[\w-]+"
            r"(?:&(?:amp;)?[\w=%.-]*)*)",
            0.6,
        ),
        Pattern(  # a person's own site (user.github.io), Bluesky profile, booking page, ORCID iD
            "GitHub Pages site, Bluesky profile, Calendly page, ORCID iD",
            rf"{_SCHEME}(?:[a-z0-9](?:[a-z0-9-]{{0,37}}[a-z0-9])?\.github\.io\b{_REST}"
            rf"|(?:bsky\.app/profile|calendly\.com)/{_HANDLE}{_END}{_REST}"
            r"|orcid\.org/\d{4}-\d{4}-\d{4}-\d{3}[\dX]\b)",
            0.6,
        ),
        Pattern(
            "/@name or /~name on any site",
            rf"{_SCHEME}[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{{2,}}(?::\d+)?/[@~][a-z_]{_HANDLE}"
            rf"{_REST}",
            0.6,
        ),
    ]
    CONTEXT: ClassVar[list[str]] = []
    ANCHORS = {
        ENTITY: [
            r"(?i:(?:twitter|x|facebook|fb|instagram|tiktok|github|gitlab|pinterest|vk|medium"
            r"|soundcloud|flickr)\.com/|threads\.net/|t\.me/|about\.me/|twitch\.tv/|keybase\.io/"
            r"|linktr\.ee/|linkedin\.com/in/|reddit\.com/u|youtube\.com/|calendly\.com/"
            r"|\.github\.io\b|bsky\.app/profile/|orcid\.org/[0-9])",
            r"(?i:(?:kaggle|patreon|dribbble|behance|tumblr|substack|quora)\.com/"
            r"|huggingface\.co/|dev\.to/|ko-fi\.com/|bio\.link/|codepen\.io/|behance\.net/"
            r"|\.(?:substack\.com|tumblr\.com|academia\.edu|carrd\.co|bsky\.social)\b"
            r"|/users/[0-9]|doximity\.com/pub/|healthgrades\.com/physician/"
            r"|researchgate\.net/profile/|semanticscholar\.org/author/"
            r"|scholar\.google\.[a-z.]+/citations)",
            r"(?i:codeberg\.org/|cal\.com/|paypal\.me/|cash\.app/|venmo\.com/u/"
            r"|sites\.google\.com/view/|psychologytoday\.com/[a-z]{2}/)",
            r"(?i:\.[a-z]{2,}(?::[0-9]+)?/[@~][a-z_])",
        ]
    }

    def invalidate_result(self, pattern_text: str) -> bool:
        pages = re.match(r"(?:https?://)?(?:www\.)?([^/]+)\.github\.io\b", pattern_text.lower())
        if pages:  # the site's name is the handle: docs.github.io is a page's
            return pages[1] in NOT_PROFILES
        path = re.sub(r"^(?:https?://)?[^/]+/", "", pattern_text.lower())
        segments = [s.lstrip("@~") for s in path.split("/")]
        if segments[0] in ("in", "u", "user", "c", "profile") and len(segments) > 1:
            segments = segments[1:]
        return segments[0] in NOT_PROFILES


_PLACE = r"(?:St\.[ ])?\p{Lu}\p{Ll}+(?:['’]\p{Ll}+)?(?:[ -]\p{Lu}\p{Ll}+){0,2}"
# State codes that are also capitalised words or abbreviations ("Thanks, OK", "Yes, IN").
_WORD_STATES = {"IN", "OR", "ME", "OK", "HI", "ID", "OH", "DE", "LA", "MA", "PA", "CO", "AL"}
_CODE_STATES = "|".join(s for s in _STATES.split("|") if s not in _WORD_STATES)
# Capitalised words that follow "lives in" / "city of" without being a city: larger places
# (states, countries, continents), times and determiners.
NOT_CITIES = frozenset(
    """the a an my our your his her their this that it i america europe asia africa australia
    antarctica canada mexico china india japan france germany spain italy england scotland
    wales ireland britain uk usa us poland russia brazil nigeria kenya egypt korea vietnam
    pakistan bangladesh indonesia philippines turkey iran iraq israel sweden norway denmark
    finland netherlands belgium switzerland austria portugal greece argentina chile peru
    colombia ukraine alabama alaska arizona arkansas california colorado connecticut delaware
    florida georgia hawaii idaho illinois indiana iowa kansas kentucky louisiana maine
    maryland massachusetts michigan minnesota mississippi missouri montana nebraska nevada
    hampshire jersey mexico york carolina dakota ohio oklahoma oregon pennsylvania rhode
    tennessee texas utah vermont virginia washington wisconsin wyoming january february march
    april may june july august september october november december monday tuesday wednesday
    thursday friday saturday sunday spring summer autumn fall winter""".split()
)


class CityRecognizer(IdentifierRecognizer):
    """Cities: the place before a state code ("Springfield, IL 62704", "Austin, TX."), or
    after city: / town of / lives in / resident of / born in. Alone, a capitalised word is
    not a city; a state, country or month after "lives in" is not one either."""

    ENTITY = "CITY"
    PATTERNS = [
        Pattern(
            "City, ST ZIP",
            rf"\b{_PLACE}(?=,?[ ](?:{_STATES})[ ]\d{{5}}\b)",
            0.6,
        ),
        Pattern(
            "City, ST",
            rf"\b{_PLACE}(?=,[ ](?:{_CODE_STATES})(?:[.,;)!?]|[ ]*$|[ ]*\n))",
            0.6,
        ),
        Pattern(
            "after city / town words",
            rf"(?<=\b(?i:city|town|hometown)(?:[ ]of|[ ]?:|[ ]is)[ ]){_PLACE}\b",
            0.6,
        ),
        Pattern(
            "after lives in / born in",
            rf"(?<=\b(?i:lives?|lived|living|resides?|resided|residing|born)[ ]in[ ]"
            rf"|\b(?i:resident)[ ]of[ ]){_PLACE}\b",
            0.6,
        ),
    ]
    CONTEXT: ClassVar[list[str]] = []
    FLAGS = CASE_SENSITIVE
    ANCHORS = {
        ENTITY: [rf"[a-z],? (?:{_STATES})\b"],
        **_context_anchor(ENTITY, ["city", "town", "live", "living", "resid", "born in"]),
    }

    def invalidate_result(self, pattern_text: str) -> bool:
        words = re.split(r"[ -]", pattern_text.lower())
        return words[0] in NOT_CITIES or words[-1] in NOT_CITIES


# "[at]", "(at)", "{at}" and their "dot": how people write an address so that bots miss it.
_AT = r"[ ]?[\[({][ ]?at[ ]?[\])}][ ]?"
_DOT = r"[ ]?[\[({][ ]?dot[ ]?[\])}][ ]?"
# The generic top-level domains mail is sent to, and any country's two letters.
_TLD = r"(?:com|org|net|edu|gov|mil|info|biz|io|me|app|dev|mail|email|[a-z]{2})"


class ObfuscatedEmailRecognizer(IdentifierRecognizer):
    """Email addresses written against scrapers: "ana.roe [at] example [dot] com", "ana(at)
    example(dot)org". The bracketed "at" is the label, and a bracketed "dot" (or a plain
    full stop) must lead to a top-level domain (a generic one mail goes to, or a country's
    two letters): "meet [at] noon [dot] tomorrow" is no address."""

    ENTITY = "EMAIL_ADDRESS"
    PART_OF = ("EmailRecognizer",)
    PATTERNS = [
        Pattern(
            "email with [at] and [dot]",
            rf"(?<![\w.+-])[a-z0-9][\w.+-]{{0,63}}(?<![.+-]){_AT}[a-z0-9][\w-]{{0,62}}"
            rf"(?:(?:{_DOT}|\.)[a-z0-9][\w-]{{0,62}})*(?:{_DOT}|\.){_TLD}\b(?![.-]\w)",
            0.6,
        )
    ]
    CONTEXT: ClassVar[list[str]] = []
    ANCHORS = {f"{ENTITY}/obfuscated": [r"(?i:[\[({] ?at ?[\])}])"]}


# The mail providers most people use: "ana at gmail dot com" is an address whatever the line.
_MAIL_HOSTS = (
    r"(?:gmail|googlemail|yahoo|ymail|outlook|hotmail|live|msn|aol|icloud|me|mac|protonmail"
    r"|proton|pm|gmx|zoho|fastmail|yandex|mail|tutanota|hey|comcast|verizon|att)"
)


class SpelledEmailRecognizer(IdentifierRecognizer):
    """Email addresses with "at" and "dot" spelled out, unbracketed ("ana.roe at gmail dot
    com"): at a common mail provider anywhere, at any domain after a mail label on the line
    ("email:", "mail:", "mailto:", "contact", "owner:"). "Look at google dot com" has neither;
    "meet at noon dot com" names no provider."""

    ENTITY = "EMAIL_ADDRESS"
    PART_OF = ("EmailRecognizer",)
    PATTERNS = [
        Pattern(
            "email with at and dot, at a mail provider",
            rf"(?<![\w.+-])[a-z0-9][\w.+-]{{0,63}}(?<![.+-])[ ]at[ ]{_MAIL_HOSTS}"
            rf"(?:[ ]dot[ ][a-z0-9-]{{1,63}})*[ ]dot[ ]{_TLD}\b(?![ ]?[.-]\w)",
            0.6,
        ),
        Pattern(
            "email with at and dot, after a mail label",
            r"(?i:\b(?:e-?mail|mailto|contact|owner|reply-to)\b)[^\n]{0,60}?"
            r"(?<![\w.+-])\K[a-z0-9][\w.+-]{0,63}(?<![.+-])[ ]at[ ][a-z0-9][\w-]{0,62}"
            rf"(?:[ ]dot[ ][a-z0-9-]{{1,63}})*[ ]dot[ ]{_TLD}\b(?![ ]?[.-]\w)",
            0.6,
        ),
    ]
    CONTEXT: ClassVar[list[str]] = []
    ANCHORS = {f"{ENTITY}/spelled": [r"(?i: at [a-z0-9][a-z0-9_-]* dot [a-z])"]}


LOCATOR_RECOGNIZERS: list[type[IdentifierRecognizer]] = [
    FaxNumberRecognizer,
    PersonalUrlRecognizer,
    CityRecognizer,
    ObfuscatedEmailRecognizer,
    SpelledEmailRecognizer,
]
RECOGNIZERS: list[type[IdentifierRecognizer]] = [
    *IDENTIFIER_RECOGNIZERS,
    *LABELLED_RECOGNIZERS,
    *LOCATOR_RECOGNIZERS,
    *ISSUED_RECOGNIZERS,
]
ENTITIES = sorted({r.ENTITY for r in RECOGNIZERS} - {"PHONE_NUMBER"})
