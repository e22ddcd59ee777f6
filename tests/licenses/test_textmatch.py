from __future__ import annotations

import time

import pytest

from govern.licenses.textmatch import copyright_lines, match_text
from tests.licenses import texts

EXACT = [
    (texts.MIT, "MIT"),
    (texts.BSD_3_CLAUSE, "BSD-3-Clause"),
    (texts.APACHE_2_0, "Apache-2.0"),
    (texts.APACHE_NOTICE, "Apache-2.0"),
    (texts.CC_BY_4_0, "CC-BY-4.0"),
    (texts.CC_BY_SA_4_0, "CC-BY-SA-4.0"),
    (texts.CC_BY_NC_4_0, "CC-BY-NC-4.0"),
    (texts.LLAMA_3_1, "LicenseRef-scancode-llama-3.1-license-2024"),
    (texts.LLAMA_3, "LicenseRef-govern-llama-3-license-2024"),
    (texts.OPENRAIL_M, "LicenseRef-scancode-bigscience-open-rail-m"),
]


@pytest.mark.parametrize(("text", "spdx"), EXACT, ids=[spdx for _t, spdx in EXACT])
def test_license_texts_match_exactly(text: str, spdx: str) -> None:
    match = match_text(text)
    assert (match.spdx, match.score, match.exact) == (spdx, 1.0, True)
    assert match.found == match.total


def test_bsd_2_clause_is_not_bsd_3_clause() -> None:
    clause_3 = texts.BSD_3_CLAUSE.index("3. Neither")
    two_clause = texts.BSD_3_CLAUSE[:clause_3] + texts.BSD_3_CLAUSE[clause_3:].split("\n\n", 1)[1]
    retitled = two_clause.replace("BSD 3-Clause License", "BSD 2-Clause License")
    assert (match_text(retitled).spdx, match_text(retitled).exact) == ("BSD-2-Clause", True)
    # Two clauses under a 3-clause title: which one was meant is for a reviewer to say.
    mislabelled = match_text(two_clause)
    assert mislabelled.spdx == "BSD-2-Clause" and not mislabelled.exact
    assert "also names BSD-3-Clause" in mislabelled.describe()


@pytest.mark.parametrize(
    ("text", "spdx", "note"),
    [
        # A permissive text with a non-commercial clause added: the hidden-restriction case.
        (texts.MIT + "\nThe data may be used for non-commercial purposes only.\n", "MIT", "adds"),
        (texts.APACHE_NOTICE + "\nFor research use only.\n", "Apache-2.0", "adds terms"),
        # MIT reworded for data: recognisable, not exact.
        (texts.MIT.replace("Software", "Data"), "MIT", "phrases missing"),
        # Two licenses in one file.
        (texts.APACHE_NOTICE + "\n" + texts.CC_BY_NC_4_0, None, "also names"),
        (texts.MIT + "\nAnd one more sentence that no license has.\n", "MIT", "beyond"),
    ],
)
def test_near_misses_score_below_one(text: str, spdx: str | None, note: str) -> None:
    match = match_text(text)
    assert match.score < 1.0 and not match.exact
    if spdx is not None:
        assert match.spdx == spdx
    assert note in match.describe()


def test_prose_matches_nothing() -> None:
    match = match_text("These conversations were collected by our team in 2023.")
    assert match.spdx is None and match.score == 0.0
    assert "matches no known license" in match.describe()


def test_llama_31_text_is_not_llama_3() -> None:
    assert match_text(texts.LLAMA_3_1).spdx != match_text(texts.LLAMA_3).spdx


def test_copyright_lines_are_attribution_not_license_terms() -> None:
    assert copyright_lines(texts.MIT) == ["Copyright (c) 2024 Example Data Contributors"]
    assert copyright_lines(texts.APACHE_2_0) == []  # "copyright license to reproduce" is a term


def test_matching_takes_milliseconds() -> None:
    big = texts.APACHE_2_0 * 50 + texts.MIT  # ~100 KB
    match_text(big)  # first call compiles the fingerprints
    start = time.perf_counter()
    for text in [big, *(text for text, _spdx in EXACT)] * 5:
        match_text(text)
    assert time.perf_counter() - start < 1.0
