"""Open the review in headless Debian Chromium: it loads with no failed or external request,
shows the verdict and every section, hides navigation in print, and renders a non-blank page.

How: Chromium's DevTools protocol over ``--remote-debugging-pipe`` (tests/review/chromium.py):
``Network.requestWillBeSent``/``loadingFailed`` list every request and failure exactly, which
``--dump-dom`` or log scraping cannot. Skipped, saying why, where Chromium is not installed
(``apt-get install chromium``; .ci/run installs it).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from govern.review import write_review
from govern.review.blocks import SECTION_TITLES
from tests.review.chromium import (
    OVERFLOW,
    chromium_binary,
    distinct_colours,
    load_page,
    missing_headers,
    png_pixels,
    printed_text,
)
from tests.review.project import Project

BINARY = chromium_binary()
if BINARY is None and os.environ.get("GOVERN_REQUIRE_BROWSER"):
    raise RuntimeError("GOVERN_REQUIRE_BROWSER is set (CI) but chromium is not installed")
pytestmark = pytest.mark.skipif(
    BINARY is None, reason="chromium not installed (Debian: apt-get install -y chromium)"
)
FACTS = """JSON.stringify({
  verdict: document.querySelector('#verdict .status')?.textContent,
  sections: [...document.querySelectorAll('section[id]')].map(s => s.id),
  headings: [...document.querySelectorAll('h2')].map(h => h.textContent),
  svgs: document.querySelectorAll('figure svg polyline, figure svg circle').length,
  navDisplay: getComputedStyle(document.querySelector('nav')).display,
  width: document.documentElement.scrollWidth,
})"""


def test_review_page_loads_clean_and_complete(project: Project, tmp_path: Path) -> None:
    assert BINARY is not None
    write_review(project.root, project.policy)
    page = project.root / "reports/review.html"
    screen = load_page(BINARY, page, FACTS)
    assert screen.requests == [page.resolve().as_uri()]  # the page itself, nothing else
    assert screen.failed == [] and screen.errors == []
    facts = json.loads(screen.facts)
    assert facts["verdict"] == "Verdict: READY"
    assert facts["sections"] == ["verdict", *SECTION_TITLES, "decision"]
    assert facts["headings"][: len(SECTION_TITLES)] == list(SECTION_TITLES.values())
    assert facts["svgs"] == 9 and facts["navDisplay"] != "none"  # 3 loss plots: 4 lines, 5 dots
    width, height, _ = png_pixels(screen.screenshot)
    assert (width, height) == (1280, 1200)
    assert distinct_colours(screen.screenshot) > 20  # text, tables, the verdict box: not blank
    (tmp_path / "review.png").write_bytes(screen.screenshot)

    printed = json.loads(load_page(BINARY, page, FACTS, media="print").facts)
    assert printed["navDisplay"] == "none"  # the @media print rules apply


def test_a_failed_request_is_detected(tmp_path: Path) -> None:
    """Near miss for the check above: a page with a missing image and a script error."""
    assert BINARY is not None
    page = tmp_path / "broken.html"
    page.write_text(
        '<!DOCTYPE html><title>x</title><img src="missing.png"><script>undefinedCall()</script>'
        "<nav></nav>"
    )
    screen = load_page(BINARY, page, "JSON.stringify(1)")
    assert len(screen.requests) == 2 and screen.requests[1].endswith("/missing.png")
    assert screen.failed and "ERR_FILE_NOT_FOUND" in screen.failed[0]
    assert screen.errors


def test_blank_screenshot_is_recognised(tmp_path: Path) -> None:
    assert BINARY is not None
    page = tmp_path / "blank.html"
    page.write_text("<!DOCTYPE html><title>blank</title><nav></nav>")
    assert distinct_colours(load_page(BINARY, page, "1").screenshot) == 1


@pytest.mark.parametrize("width", [1280, 390])
def test_no_horizontal_overflow_on_wide_and_phone_screens(
    project: Project, tmp_path: Path, width: int
) -> None:
    assert BINARY is not None
    write_review(project.root, project.policy)
    page = project.root / "reports/review.html"
    screen = load_page(BINARY, page, OVERFLOW, width=width, height=900)
    facts = json.loads(screen.facts)
    assert facts["scroll"] <= facts["inner"] == width, facts["wide"]
    assert facts["bars"] > 10  # the bar charts render
    assert png_pixels(screen.screenshot)[0] == width
    (tmp_path / f"review-{width}.png").write_bytes(screen.screenshot)


def test_overflow_check_catches_a_wide_page(tmp_path: Path) -> None:
    """Near miss for the check above: an unbreakable 2000 px element overflows."""
    assert BINARY is not None
    page = tmp_path / "wide.html"
    page.write_text('<!DOCTYPE html><title>w</title><div style="width:2000px">x</div>')
    facts = json.loads(load_page(BINARY, page, OVERFLOW, width=390, height=600).facts)
    assert facts["scroll"] > facts["inner"]


@pytest.mark.skipif(
    shutil.which("pdftotext") is None and not os.environ.get("GOVERN_REQUIRE_BROWSER"),
    reason="pdftotext missing (Debian: apt-get install -y poppler-utils)",
)
def test_printed_pdf_keeps_every_column_of_every_table(project: Project, tmp_path: Path) -> None:
    assert BINARY is not None
    write_review(project.root, project.policy)
    page = project.root / "reports/review.html"
    text, headers = printed_text(BINARY, page, tmp_path / "review.pdf")
    assert sum(len(table) for table in headers) > 60
    assert missing_headers(text, headers) == []
    # The widest tables' last columns survive on paper (rotated into key/value rows).
    squeezed = "".join(text.split())
    for column in ("evidence sha256", "obligations", "final validation loss"):
        assert "".join(column.split()) in squeezed
    assert "{" not in text  # no JSON on paper either


def test_pdf_check_catches_a_clipped_column(tmp_path: Path) -> None:
    """Near miss for the check above: a column pushed off the page is missing from the text."""
    assert BINARY is not None
    page = tmp_path / "clipped.html"
    page.write_text(
        "<!DOCTYPE html><title>c</title><style>body{width:3000px;overflow:hidden}</style>"
        '<table><thead><tr><th>first</th><th style="padding-left:2600px">lastcolumn</th>'
        "</tr></thead></table>"
    )
    printed = load_page(BINARY, page, "1", media="print", pdf=True)
    pdf = tmp_path / "clipped.pdf"
    pdf.write_bytes(printed.pdf)
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True).stdout
    assert "first" in text and "lastcolumn" not in text
