from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
import regex  # type: ignore[import-untyped]
from presidio_analyzer import PatternRecognizer

from govern.policy import PACKAGED_POLICY_PATH, load_policy
from govern.scan.literals import MAX_LITERALS, holds_ascii_digit, required_literals
from govern.scan.pii import PresidioDetector
from tests.scan.planted import dense_joins, planted_texts


@pytest.mark.parametrize(
    ("pattern", "literals"),
    [
        (r"user=[a-z]+", {"user="}),
        (r"(?i:ABC)\d", {"abc"}),  # compared lowercased
        (r"(?:ssh|mosh)\s+x", {"ssh", "mosh"}),  # one of a branch's
        (r"(?:ssh|sftp)\s+x", {"sh", "ftp"}),  # re reads it as s(?:sh|ftp): one still holds
        (r"(?<=/home/)[a-z]+", {"/home/"}),  # a look-behind reads the string too
        (r"\bssh\s+\K[a-z]+(?=@)", {"ssh"}),  # \K: where the match starts, not what it reads
        (r"\p{Lu}\w+, [A-Z]{2}", {", "}),  # a property is one character, no literal
        (r"a(?:bcd)?e", {"a"}),  # an optional group holds nothing required; ties: fewer
        (r"(?:abc){2,}x", {"abc"}),
        (r"x[ ]y", {"x y"}),  # a one-character class is its character
        (r"\d{5}", set("0123456789")),  # a class of a few characters is one of them
        (r"[/.-]\d", {"/", ".", "-"}),  # of two, the one of fewer characters
        (r"[A-C]x?", {"a", "b", "c"}),  # compared lowercased
        (r" \d", set("0123456789")),  # whitespace alone is in every window: last choice
        (r"x \d", {"x "}),  # a longer literal first
        (  # as many alternatives as are cheaper than the pattern, and no more (below)
            "|".join(f"{chr(97 + i)}xy" for i in range(MAX_LITERALS)),
            {f"{chr(97 + i)}xy" for i in range(MAX_LITERALS)},
        ),
    ],
)
def test_required_literals_of_a_pattern(pattern: str, literals: set[str]) -> None:
    assert required_literals(pattern, regex.IGNORECASE) == literals


@pytest.mark.parametrize(
    "pattern",
    [
        r"[a-z]+\d*",  # classes only
        r"[0-9a-f]{4}",  # a class of more characters than are cheaper to look for
        r"[^0-9]x?",  # a negated class
        r"[\u212a]x?",  # a class beyond ASCII: the Kelvin sign folds to k
        r"(?:abc)*d?",  # optional: a match may hold none
        r"(?:abc|\d+)x?",  # a branch without a literal
        r"(?!abc)\w+",  # a negative look-around requires nothing
        r"[[:alpha:]]+x",  # regex's nested set, which re reads otherwise: no check
        r"(?:abc){e<=1}",  # fuzzy matching: "abc" need not be there
        r"\L<words>x",  # a named list re cannot read
        r"éa?",  # beyond ASCII: a fold (ſ, the Kelvin sign) could stand in for a letter
        "|".join(f"{chr(97 + i)}xy" for i in range(MAX_LITERALS + 1)),  # too many: no cheaper
    ],
)
def test_no_literals_where_none_is_required_or_re_may_misread(pattern: str) -> None:
    assert required_literals(pattern, regex.IGNORECASE) is None


def test_every_match_of_a_shipped_pattern_holds_one_of_its_literals(tmp_path: Path) -> None:
    """On sample and dense texts and strings built to match the username, age and name
    patterns: wherever a shipped pattern matches in an ASCII string, one of its literals is
    in it, in any case (the check never skips a window where the pattern would match)."""
    detector = PresidioDetector(load_policy(PACKAGED_POLICY_PATH).policy)
    fields, pool = planted_texts(tmp_path, 5, n_support=60, n_clinic=40, n_code=20, n_forum=15)
    texts = [text for *_, text in fields] + dense_joins(pool, random.Random(5), 150)
    texts += [
        "ssh -p 2222 tkowalski@build-01.example.net",
        "scp notes.txt priya_s@files.example.org:/tmp/ and cd ~ana_r",
        "LOGGED IN AS mreyes2; Username: Anwar.H; user=hal9; /HOME/Ana_R/x",
        "GRANT ALL ON db.* TO 'jdoe'@'localhost'; owner: lchen",
        "She is 93 years old; age 91; ninety-four; turned 95. At 92, Ms Ode walked.",
        "Dear Dr. Amara Nwosu,\nThanks,\nRaj Patel",
        "Lives in Boise, ID 83702. Hometown: Tulsa, OK",
    ]
    texts += [text.upper() for text in texts[-7:]]
    checked = matched = 0
    for recognizer in detector.analyzer.registry.recognizers:
        if not isinstance(recognizer, PatternRecognizer):
            continue
        flags = recognizer.global_regex_flags or 0
        for pattern in recognizer.patterns:
            literals = required_literals(pattern.regex, flags)
            if literals is None:
                continue
            checked += 1
            compiled = regex.compile(pattern.regex, flags=flags)
            for text in texts:
                if text.isascii() and compiled.search(text):
                    matched += 1
                    assert any(word in text.lower() for word in literals), (pattern.name, text)
    assert checked > 50 and matched > 500


@pytest.mark.parametrize(
    "text",
    [
        "",
        "no digits here",
        "٣ Arabic-Indic three",
        "Ⅻ roman",
        "x9",
        "0",
        "a\n5\n",
        "ab\U0001f6427c",
    ],
)
def test_holds_ascii_digit_is_a_search_for_0_to_9(text: str) -> None:
    assert holds_ascii_digit(text) == (re.search("[0-9]", text) is not None)


def test_holds_ascii_digit_finds_each_digit_and_nothing_else() -> None:
    for digit in "0123456789":
        assert holds_ascii_digit(f"room {digit}b")
    assert not holds_ascii_digit("room Ob, lI, ٠١٢, ０")  # look-alikes and other scripts' digits
