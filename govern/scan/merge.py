"""One finding per span: the secret detectors' hits filtered, counted and merged.

The secret detectors (detect-secrets with govern's plugins, the breadth engine) report every
candidate they match. Here, in one place for all of them:

1. the *placeholder* filter drops values typed into documentation (``ghp_xxxx...``, ``changeme``,
   ``<your-key>``, a run of one repeated character), and the *example_key* filter drops the
   public example keys vendors document (AWS's ``...EXAMPLE`` keys, ...). Each drop is counted
   by filter name, and the scan report shows the counts (``summary.filtered``): nothing is
   dropped silently. A private-key header with no key material after it is dropped and
   counted as ``no_key_material``;
2. SECRET hits that overlap become one hit over their union, whose ``detector`` is the surest
   one and whose ``detectors`` names every detector that agreed. PII hits pass unchanged.
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import replace
from operator import attrgetter

from govern.scan.base import Hit

PLACEHOLDER = "placeholder"
EXAMPLE_KEY = "example_key"
NO_KEY_MATERIAL = "no_key_material"
# A private-key header alone (a PEM marker in docs or code) leaks nothing; one followed by
# base64 lines (real or backslash-n newlines) starts a key.
_PEM_HEADER = re.compile(r"-*BEGIN [A-Z0-9 ]*PRIVATE KEY[A-Z ]*-*")
_KEY_MATERIAL = re.compile(r"(?:\s|\\[nr]|[A-Za-z-]+:[^\n]*\n)*[A-Za-z0-9+/=]{40}")
_SEQUENCES = ("abcdefghijklmnopqrstuvwxyz", "0123456789")

_PLACEHOLDER_WORDS = re.compile(
    r"(?:change_?me|placeholder|redacted|dummy|secret|password|passwd|pass|token|key|none|"
    r"null|todo|tbd|your[\w\- ]*|my[_-]?(?:password|secret|key|token)|\w+(?:\.\w+)*\(.*\))",
    re.IGNORECASE,
)
_PLACEHOLDER_PARTS = re.compile(
    r"x{5,}|\*{3,}|\.{3,}|<[^<>]{1,60}>|\{\{[^{}]*\}\}|example|abcdefgh|12345678"
    r"|your[_-]?(?:api[_-]?)?(?:key|token|secret)|(?:insert|replace|put)[_-]?(?:your|here|me)"
    r"|(?:token|key|secret|string|value)here",
    re.IGNORECASE,
)
_ALNUM_RUN = re.compile(r"[A-Za-z0-9]+")
# A run of one character: typed (AIzaaaaaaaa...) in a token, structure in a key's encoding
# (OpenSSH keys hold runs of A), so only short values are judged by it.
_REPEATED = re.compile(r"([A-Za-z0-9])\1{11}")
_REPEATED_MAX_LENGTH = 200
# Vendors' documented example keys: AWS's (they end in EXAMPLE / EXAMPLEKEY) and any value that
# says EXAMPLE in capitals, plus the public Google/Firebase sample API keys gitleaks allowlists
# (config/gitleaks.toml, rule gcp-api-key), kept here as sha256 so no key-shaped literal is in
# the source.
_EXAMPLE = re.compile(r"EXAMPLE")
_EXAMPLE_KEY_SHA256 = frozenset(
    {
        "f56e323494a6ffc2064e7a955908957d84f0755e5f975dabd64328d0359a8f7c",
        "2037abcaffb2b77785da716cf7ccff4ff4d00c4ea930db0167b7d71f50af7eb4",
        "3f370c9dd8225c63b5c77de1f785edc9712958f18bb612d5fa2e0ae33aeca682",
        "e4a5542bb7fd7b67e943c71ad29c34b5972c9840597e7eda53e666f44d5da0b9",
        "a19f89ab3555eac10c40741f6df79ecf0935998f15569f8db9d67bce0181fff6",
        "0b476bdf9acf2123d547b5ae76f1e59884d8ec9553ee0c47e9f31fd4768f3f3c",
        "eb540d2b6ee2a0a47c5779bc8a0141784c6b753840d4c6f4e2428a6e86e9e0b1",
        "37f8f09bdf12c2f2eae4ead7273a62ddb0c23459cbf902892f282b57f7ed6619",
        "8731261cb72d86267a32a532ebd3df429e2144e5e4ced7e13568bc9e6c8fb1b1",
        "49f777db995e8260da7ca9ffdf0c08d66f0453e97ec967018baf2cdfe3b582d0",
        "27a9a42931dff7eb2f8434e20a9bce976ea364e7bee49187f19d5cfeca9c7045",
        "dc0fcf046c61640cbd1e8b999ada3262d722c2ca4bf42dceac999020ffdbb614",
        "4c98242dcadc8b29005c6b4aad526552d5ea1842149154c0694adeec75847583",
        "ea9bb1082cf95663f5faca23b8b15ef2aa0fce0a5c6df9c32dcb85b2e0a4513d",
        "3a8b61d0f636b007840c0d40ba12bcf48465dc054cdc1a68704a33521d84b665",
        "a6c814bc555ae62c7bd8b58ec07bf559c7ed3a009976a1e0acc9cef0d4473b41",
    }
)


def filter_reason(value: str) -> str | None:
    """Why ``value`` is no real secret (``placeholder``, ``example_key``), or None if it is."""
    if _EXAMPLE.search(value) or _sha256(value) in _EXAMPLE_KEY_SHA256:
        return EXAMPLE_KEY
    if _PLACEHOLDER_WORDS.fullmatch(value) or _PLACEHOLDER_PARTS.search(value):
        return PLACEHOLDER
    if len(value) <= _REPEATED_MAX_LENGTH and _REPEATED.search(value):
        return PLACEHOLDER
    lowered = value.lower()
    if any(seq[i : i + 8] in lowered for seq in _SEQUENCES for i in range(len(seq) - 7)):
        return PLACEHOLDER  # typed in order (...klmnopqrstuvwx...), never generated
    # A value whose longest letter/digit run repeats at most two characters (sk-xxxx...,
    # hf_aaaa..., 0000-0000) is typed, never generated. The prefix is not the run: ghp_ is.
    # Only a run of 4+ says so: a password's punctuation cuts its letters into short runs.
    longest = max(_ALNUM_RUN.findall(value), key=len, default="")
    if len(longest) >= 4 and len(set(longest.lower())) <= 2:
        return PLACEHOLDER
    # A token prefix followed by a run of one character (glpat-XXXXXXXX..., ghp_0000...).
    tail = re.split(r"[_-]", value)[-1]
    if len(tail) >= 8 and len(set(tail.lower())) <= 2:
        return PLACEHOLDER
    return None


def _sha256(value: str) -> str:
    return hashlib.sha256(value.encode("utf-8", "surrogatepass")).hexdigest()


def _rank(hit: Hit) -> tuple[float, int, bool]:
    # The surer detector leads; at equal score, the narrower span names the secret itself, then
    # a govern or detect-secrets plugin (its subtype is the one the docs use).
    return hit.score, -(hit.end - hit.start), not hit.detector.startswith("kingfisher:")


def resolve(text: str, hits: Iterable[Hit]) -> tuple[list[Hit], Counter[str]]:
    """The hits to report in ``text``, sorted, and how many candidates each filter dropped.

    SECRET hits are filtered (see the module docstring), then overlapping ones are merged into
    one over their union; a candidate inside a kept hit is part of it, never counted as dropped.
    """
    secrets: list[Hit] = []
    others: list[Hit] = []
    for hit in hits:
        (secrets if hit.type == "SECRET" else others).append(hit)
    dropped: Counter[str] = Counter()
    if not secrets:  # PII alone (most texts of a dense corpus): nothing to filter or merge
        others.sort(key=_position)
        return others, dropped
    merged = merge_hits(secrets)
    kept: list[Hit] = []
    for hit in merged:
        value = text[hit.start : hit.end]
        if _PEM_HEADER.fullmatch(value) and not _KEY_MATERIAL.match(text, hit.end):
            dropped[NO_KEY_MATERIAL] += 1
            continue
        reason = filter_reason(value)
        if reason is None:
            kept.append(hit)
        else:
            dropped[reason] += 1
    result = kept + others
    result.sort(key=_position)
    return result, dropped


# How resolved hits are ordered: by span, then type and detector (a C-level key: a dense
# scan sorts the hits of every text that has any).
_position = attrgetter("start", "end", "type", "detector")


def merge_hits(hits: Sequence[Hit]) -> list[Hit]:
    """Overlapping hits as one hit over their union, led by the best-ranked, sorted by start."""
    groups: list[list[Hit]] = []
    reach = -1
    for hit in sorted(hits, key=lambda h: (h.start, -h.end)):
        if groups and hit.start < reach:
            groups[-1].append(hit)
            reach = max(reach, hit.end)
        else:
            groups.append([hit])
            reach = hit.end
    merged: list[Hit] = []
    for group in groups:
        lead = max(group, key=_rank)
        names = sorted({name for h in group for name in (h.detectors or (h.detector,))})
        if len(group) == 1 and len(names) == 1:
            merged.append(lead)
            continue
        start, end = min(h.start for h in group), max(h.end for h in group)
        merged.append(replace(lead, start=start, end=end, detectors=tuple(names)))
    return merged
