"""Every value a person reads: units, durations, words for outcomes, nested tables, never JSON."""

from __future__ import annotations

import re

import pytest

from govern.review import write_review
from govern.review.values import duration, show, size, text_of
from tests.review.project import Project


@pytest.mark.parametrize(
    ("value", "field", "shown"),
    [
        (1109, "bytes", "1.08 KiB"),
        (900, "bytes", "900 B"),
        (52_000_000_000, "free_bytes", "48.4 GiB"),
        (420.5, "host_peak_rss_mb", "420 MiB"),
        (0.0123, "eval_seconds", "12.3 ms"),
        (125.4, "expected_seconds", "2 min 05 s"),
        (3725, "seconds", "1 h 02 min"),
        (0.8, "target", "80.0%"),
        (0.87654, "row_ratio", "87.7%"),
        (0.0003, "learning_rate", "0.0003"),
        (0.194203123, "final_loss", "0.1942"),
        (12345, "records", "12,345"),
        ("hmac-sha256:" + "ab" * 32, "value_hash", "abababababab"),
        (True, "anything", "yes"),
        (False, "anything", "no"),
        ({}, "by_type", "none"),
        ([], "stop_reasons", "none"),
        (["completed"], "stop_reasons", "completed"),
        (
            ["completed", "diverged: loss is nan"],
            "stop_reasons",
            "completed, diverged: loss is nan",
        ),
    ],
)
def test_values_are_shown_with_units_and_words(value: object, field: str, shown: str) -> None:
    assert text_of(show(value, field)) == shown


def test_outcome_booleans_take_the_colour_of_the_outcome() -> None:
    # A memorization probe that did not reproduce its value is the good outcome.
    assert show(False, "reproduced") == {"text": "not reproduced", "tone": "good"}
    assert show(True, "reproduced") == {"text": "reproduced", "tone": "bad"}
    assert show(True, "passed") == {"text": "passed", "tone": "good"}
    assert show(False, "match") == {"text": "failed", "tone": "bad"}
    assert show("deny") == {"text": "deny", "tone": "bad"}
    assert show("not a verdict") == "not a verdict"  # near miss: plain words stay plain


def test_nested_results_are_small_tables() -> None:
    cell = show({"host_peak_rss_mb": 420.5, "cuda": None, "inner": {"ok": True}}, "memory")
    assert cell == {
        "pairs": [
            ["host peak rss", "420 MiB"],
            ["cuda", None],
            ["inner", {"pairs": [["ok", {"text": "passed", "tone": "good"}]]}],
        ]
    }
    assert text_of(cell) == "host peak rss: 420 MiB; cuda: —; inner: (ok: passed)"


def test_units_at_their_edges() -> None:
    assert (size(0), size(1023), size(1024), size(1536)) == ("0 B", "1,023 B", "1 KiB", "1.5 KiB")
    assert (duration(0.5), duration(59.4), duration(60)) == ("500 ms", "59.4 s", "1 min 00 s")


JSON_CELL = re.compile(r"[{\[]\s*&quot;|[{\[]\s*\"|\{\}|\[\]|\\\{|\\\[")


def test_no_json_in_any_rendered_cell(project: Project) -> None:
    written = write_review(project.root, project.policy)
    html = (project.root / "reports/review.html").read_text()
    markdown = (project.root / "reports/review.md").read_text()
    cells = re.findall(r"<td>(.*?)</td>", html, re.S)
    assert cells and not [c for c in cells if JSON_CELL.search(c)]
    rows = [line for line in markdown.splitlines() if line.startswith("|")]
    assert rows and not [r for r in rows if JSON_CELL.search(r)]
    # Memorization: every probe not reproduced, in green; never the bare word "false".
    assert html.count('<span class="good">not reproduced</span>') == 4
    assert ">false<" not in html and "| False |" not in markdown
    # Nested results are small tables in HTML and "key: value" text in Markdown.
    assert '<table class="kv">' in html and "<th>host peak rss</th><td>420 MiB</td>" in html
    assert "host peak rss: 420 MiB" in markdown
    # A denied source left out is handled, not a red failure under READY.
    assert written.review.verdict.status == "ready"
    assert '<span class="handled">deny (left out)</span>' in html
    assert '<span class="bad">deny</span>' not in html
    # The deletion log is an input read, with its sha256; never "(not found)" above "ok".
    assert "audit/retention.jsonl (not found)" not in markdown
    inputs = written.review.document["inputs"]
    assert (
        inputs["retention_log"]["status"] == "ok" and len(inputs["retention_log"]["sha256"]) == 64
    )


def test_html_and_markdown_show_the_same_values(project: Project) -> None:
    write_review(project.root, project.policy)
    html = (project.root / "reports/review.html").read_text()
    markdown = (project.root / "reports/review.md").read_text().replace("\\", "")
    for shown in ("2 min 05 s", "48.4 GiB", "not reproduced", "0 (none reproduced)", "80.0%"):
        assert shown in html and shown in markdown, shown


def test_license_evidence_shows_its_method_line_and_confidence(project: Project) -> None:
    import json

    path = project.root / "reports/licenses.json"
    report = json.loads(path.read_text())
    report["sources"][0]["evidence"] = [
        {
            "method": "notice",
            "path": "data/redacted/chat/LICENSE",
            "line": 3,
            "score": 0.9,
            "sha256": "cd" * 32,
            "spdx": "Apache-2.0",
            "label": "notice 'Apache-2.0' data/redacted/chat/LICENSE:3",
        }
    ]
    path.write_text(json.dumps(report))
    write_review(project.root, project.policy)
    markdown = (project.root / "reports/review.md").read_text()
    assert "notice, confidence 0.9: data/redacted/chat/LICENSE:3" in markdown.replace("\\", "")
