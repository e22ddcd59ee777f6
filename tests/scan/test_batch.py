"""``Joined`` searches many texts at once and must answer exactly as searching each alone."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
import regex  # type: ignore[import-untyped]

from govern.scan.batch import SEPARATOR, Joined

TEXTS = [
    "",
    "key = 'abc'",
    "ends with key",
    "\nstarts after a newline: key",
    "ünïcödé kéy 🙂 key='x' and Straße",
    "key",
    "x" * 50 + " token: " + "a" * 44,
    "no match at all",
    "==",
    "trailing spaces   ",
]

PATTERNS = [
    r"key",
    r"key\S*\s*(?:[:=!]{1,3}>?\s*)?['\"`]",
    r"\s+",  # matches inside the separator
    r"[^a]*",  # empty matches and matches that run over text ends
    r"\S+\s*\S+",  # spans a text end in the joined string
    r"token[\"']?\]?[ =:>]+[\"']?[a-z0-9_-]{44}",
    r"[!=][!=]\s*\w*",
    r"\bkey\b",
    r"(?m)^key",
    r"(?m)key$",
]


def random_texts(rng: random.Random, n: int) -> list[str]:
    alphabet = "ak ey=:'\"!\n\t\u00e9\U0001f642x-_"
    return ["".join(rng.choices(alphabet, k=rng.randint(0, 30))) for _ in range(n)]


def own_finditer(pattern: Any, texts: list[str]) -> list[tuple[int, int, int]]:
    return [(i, m.start(), m.end()) for i, text in enumerate(texts) for m in pattern.finditer(text)]


@pytest.mark.parametrize("source", PATTERNS)
@pytest.mark.parametrize("engine", [re, regex])
def test_finditer_and_matching_equal_searching_each_text(source: str, engine: Any) -> None:
    pattern = engine.compile(source)
    rng = random.Random(source)
    for texts in (TEXTS, random_texts(rng, 200), [TEXTS[1]], []):
        joined = Joined(texts)
        assert list(joined.finditer(pattern)) == own_finditer(pattern, texts), source
        expected = {i for i, text in enumerate(texts) if pattern.search(text)}
        assert joined.texts_matching(pattern) == expected, source


@pytest.mark.parametrize("literal", ["key", "k", "é", "🙂", "=", "key'", "\n", "ey=:", "zzz"])
def test_texts_containing_equals_in(literal: str) -> None:
    rng = random.Random(literal)
    for texts in (TEXTS, random_texts(rng, 300), []):
        expected = {i for i, text in enumerate(texts) if literal in text}
        assert Joined(texts).texts_containing(literal) == expected


def test_a_literal_is_not_found_across_the_separator() -> None:
    texts = ["ends with k", "ey starts the next"]
    assert Joined(texts).texts_containing("key") == set()
    assert Joined(texts).texts_containing("k" + SEPARATOR + "ey") == set()


def test_literals_learned_from_earlier_batches_give_the_same_answers() -> None:
    """Later batches find every literal asked before in one pass: same sets as ``in``."""
    literals = ["key", "k", "=", "key'", "ey=:", "zzz", "-", "é", "🙂", ""]
    rng = random.Random(11)
    for batch in range(4):  # the first batch learns, later ones search all at once
        texts = [*TEXTS, *random_texts(rng, 200)] if batch % 2 else random_texts(rng, 50)
        joined = Joined(texts)
        for literal in rng.sample(literals, len(literals)):
            expected = {i for i, text in enumerate(texts) if literal in text}
            assert joined.texts_containing(literal) == expected, (batch, literal)
    assert Joined([]).texts_containing("key") == set()
