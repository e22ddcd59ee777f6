"""The written review: HTML, Markdown and JSON on a synthetic project; escaping, links, no
external references, no planted value anywhere, sections marked "not run" when missing."""

from __future__ import annotations

import json
import re
import stat
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote

import pytest

from govern.review import write_review
from govern.review.blocks import SECTION_TITLES
from govern.review.render_html import safe_href
from govern.safe_harbor import SAFE_HARBOR
from tests.conftest import run_govern
from tests.review.project import Project

EXTERNAL = re.compile(r"""(?:src|href)\s*=\s*["']?\s*(?:[a-z][a-z0-9+.-]*:|//)""", re.I)


class Links(HTMLParser):
    """Every href and src in a page, and whether any script/link/iframe/object tag exists."""

    def __init__(self) -> None:
        super().__init__()
        self.targets: list[str] = []
        self.active: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "link", "iframe", "object", "embed", "img", "base"):
            self.active.append(tag)
        self.targets += [v or "" for k, v in attrs if k in ("href", "src")]


def outputs(root: Path) -> dict[str, str]:
    return {
        name: (root / "reports" / name).read_text()
        for name in ("review.html", "review.md", "review.json")
    }


def test_writes_all_three_owner_only_with_verdict_and_every_section(project: Project) -> None:
    written = write_review(project.root, project.policy)
    assert written.review.verdict.status == "ready"
    pages = outputs(project.root)
    for name in pages:
        mode = stat.S_IMODE((project.root / "reports" / name).stat().st_mode)
        assert mode == 0o600, name
    html, markdown = pages["review.html"], pages["review.md"]
    assert "Verdict: READY" in html and "## Verdict: READY" in markdown
    for key, title in SECTION_TITLES.items():
        assert f'<section id="{key}">' in html
        assert f"## {title}" in markdown
    assert "Reviewer decision" in html and "## Reviewer decision" in markdown
    document = json.loads(pages["review.json"])
    assert document["verdict"]["status"] == "ready"
    assert document["policy"]["sha256"] == project.policy.sha256
    assert document["tool"]["name"] == "govern"
    assert document["inputs"]["licenses"]["status"] == "ok"


def test_training_run_shows_records_per_split_and_source_and_tokens(project: Project) -> None:
    write_review(project.root, project.policy)
    markdown = outputs(project.root)["review.md"]
    assert "Training run: records per split and source" in markdown
    rows = [line.replace(" ", "").replace("\\", "") for line in markdown.splitlines()]
    assert "|train|chat|6|trained|" in rows and "|validation|chat|2|heldout|" in rows
    assert "|train|(skipped,anyreason)|2|notused|" in rows
    assert "|train|(truncated)|3|cuttomaxlength|" in rows
    assert re.search(r"tokens supervised\W+4,?321", markdown), "tokens supervised not shown"


def test_no_planted_value_reaches_any_output(project: Project) -> None:
    write_review(project.root, project.policy)
    pages = outputs(project.root)
    for value in project.planted:
        for part in [value, *value.split()]:
            for name, content in pages.items():
                assert part not in content, f"{name} holds a planted value"
    # The excerpt of the record whose name stayed in the redacted copy masks the name.
    assert "▒ am ▒ ▒, email &lt;EMAIL_ADDRESS&gt;" in pages["review.html"]
    assert "&lt;US_SSN&gt;" in pages["review.html"]


def test_page_is_self_contained_and_links_point_at_existing_sources(project: Project) -> None:
    write_review(project.root, project.policy)
    html = outputs(project.root)["review.html"]
    assert not EXTERNAL.search(html)
    assert "url(" not in html and "@import" not in html
    parser = Links()
    parser.feed(html)
    assert parser.active == []
    files = [t for t in parser.targets if not t.startswith("#")]
    assert files, "the page links its sources"
    page_dir = project.root / "reports"
    for target in files:
        assert target.startswith(("./", "../")), target
    missing = [t for t in files if not (page_dir / unquote(t)).exists()]
    # Evidence files named in the license report are not part of the synthetic project.
    assert all("README.md" in t for t in missing), missing
    for source in ("scan/scan.json", "train/metrics.json", "../runs/lr-sweep/ledger.jsonl"):
        assert f'href="./{source}"' in html or f'href="{source}"' in html
    # Each figure carries a link to the data it plots.
    figures = re.findall(r"<figure>.*?</figure>", html, re.S)
    assert len(figures) == 8  # 5 bar charts, 3 loss plots
    assert all('Data: <a href="' in figure and "<svg" in figure for figure in figures)
    # ... and its numbers as a table below it, and a caption saying what to look for.
    assert all("<table>" in figure and 'class="caption">Look for' in figure for figure in figures)
    assert "Summary by variant (mean and spread over seeds)" in html


def test_untrusted_strings_are_escaped_and_links_stay_relative(project: Project) -> None:
    licenses = project.root / "reports/licenses.json"
    data = json.loads(licenses.read_text())
    data["sources"][0]["reason"] = '<script>alert("x")</script> | **bold** [x](y)'
    data["sources"][0]["evidence"][0]["path"] = "javascript:alert(1)"
    data["sources"][1]["evidence"][0]["path"] = "https://example.invalid/x"
    licenses.write_text(json.dumps(data))
    write_review(project.root, project.policy)
    pages = outputs(project.root)
    html, markdown = pages["review.html"], pages["review.md"]
    assert "<script" not in html and "<script" not in markdown
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;" in html
    assert r'&lt;script&gt;alert\("x"\)&lt;/script&gt; \| \*\*bold\*\* \[x\]\(y\)' in markdown
    assert not EXTERNAL.search(html)
    assert 'href="./javascript%3Aalert%281%29"' in html or "javascript%3Aalert" in html
    assert safe_href("https://example.invalid") == "./https%3A//example.invalid"


def test_missing_outputs_show_not_run_and_still_render(tmp_path: Path, project: Project) -> None:
    written = write_review(tmp_path, project.policy)
    assert written.review.verdict.status == "blocked"
    html = (tmp_path / "reports/review.html").read_text()
    assert html.count('class="badge not-run">not run<') >= 8
    assert "Not run: reports/licenses.json missing." in html
    markdown = (tmp_path / "reports/review.md").read_text()
    assert "## Data sources and licenses (not run)" in markdown


def test_review_json_is_byte_identical_across_runs(project: Project) -> None:
    first = write_review(project.root, project.policy)
    second = write_review(project.root, project.policy)
    assert first.json_sha256 == second.json_sha256


def test_cli_exit_codes_ready_blocked_and_bad_input(project: Project, tmp_path: Path) -> None:
    ready = run_govern("review", "--project", str(project.root))
    assert ready.returncode == 0, ready.stderr
    assert "verdict: ready" in ready.stdout and "reports/review.html" in ready.stdout
    out = tmp_path / "elsewhere" / "r.html"
    (project.root / "reports/leaks.json").unlink()
    blocked = run_govern("review", "--project", str(project.root), "--out", str(out))
    assert blocked.returncode == 1
    assert "blocking: leaks: reports/leaks.json is missing" in blocked.stdout
    assert out.is_file() and 'href="../project/reports/' in out.read_text()
    bad = run_govern("--policy", str(tmp_path / "nope.yaml"), "review", "--project", ".")
    assert bad.returncode == 2 and "policy file not found" in bad.stderr
    assert run_govern("review", "--no-such-option").returncode == 2


def test_excerpts_never_read_outside_the_project(project: Project, tmp_path: Path) -> None:
    outside = tmp_path / "outside" / "chat" / "data.jsonl"
    outside.parent.mkdir(parents=True)
    outside.write_text((project.root / "data/redacted/chat/data.jsonl").read_text())
    scan = project.root / "reports/scan/scan.json"
    data = json.loads(scan.read_text())
    data["summary"]["redacted_outputs"] = [str(outside), "../outside/chat/data.jsonl"]
    scan.write_text(json.dumps(data))
    assert write_review(project.root, project.policy).review.collected.excerpts == []


def test_a_diverged_run_with_nan_losses_still_renders_strict_json(project: Project) -> None:
    ledger = project.root / "runs/lr-sweep/ledger.jsonl"
    runs = [json.loads(line) for line in ledger.read_text().splitlines()]
    runs[2]["loss_curve"] += [float("nan"), float("inf")]
    runs[2]["final_validation_loss"] = float("nan")
    ledger.write_text("".join(json.dumps(run) + "\n" for run in runs))
    write_review(project.root, project.policy)
    text = (project.root / "reports/review.json").read_text()
    json.loads(text, parse_constant=lambda name: pytest.fail(f"non-strict JSON: {name}"))
    assert '"nan"' in text
    html = (project.root / "reports/review.html").read_text()
    plots = re.findall(r"<svg.*?</svg>", html, re.S)
    assert len(plots) == 8 and not any(re.search(r"nan|inf", svg, re.I) for svg in plots)


def test_fields_the_policy_skipped_are_shown(project: Project) -> None:
    scan = project.root / "reports/scan/scan.json"
    data = json.loads(scan.read_text())
    data["summary"]["values_skipped"] = 7
    data["fields"]["skip_fields"] = [{"pattern": "meta.audit_log", "values": 7}]
    data["fields"]["total_skipped"] = 7
    scan.write_text(json.dumps(data))
    write_review(project.root, project.policy)
    markdown = outputs(project.root)["review.md"]
    assert "Fields the policy excludes from the scan" in markdown
    assert "| meta.audit\\_log | 7 |" in markdown  # Markdown escapes the underscore


def test_the_coverage_table_lists_every_identifier_in_all_three_renderings(
    project: Project,
) -> None:
    def drop(kind: str) -> None:
        path = project.root / "reports/scan/scan.json"
        data = json.loads(path.read_text())
        data["coverage"]["covered"].remove(kind)
        data["coverage"]["not_covered"].append(kind)
        path.write_text(json.dumps(data))

    drop("VIN")  # required: NOT covered, and the review blocks
    written = write_review(project.root, project.policy)
    assert written.review.verdict.status == "blocked"
    pages = outputs(project.root)
    markdown, html = pages["review.md"], pages["review.html"]
    caption = "Identifier coverage: HIPAA Safe Harbor items"
    assert caption in markdown and caption in html
    after = markdown[markdown.index(caption) :].split("\n\n")[1]  # the table under it
    cells = [
        [c.strip().replace("\\_", "_") for c in line.split("|")[1:-1]]
        for line in after.splitlines()
    ]
    rows = {row[0]: row[1:] for row in cells if row[0] in SAFE_HARBOR}
    assert set(rows) == set(SAFE_HARBOR)
    # type, item, coverage, must cover, found, redacted, left: the fixture's 6 emails went
    assert rows["EMAIL_ADDRESS"] == ["F", "covered", "yes", "6", "6", "0"]
    assert rows["VIN"][:3] == ["L", "**NOT covered**", "yes"]  # bold: it blocks
    assert rows["FAX_NUMBER"] == ["E", "covered", "yes", "0", "0", "0"]
    document = json.loads(pages["review.json"])
    tables = [
        block
        for section in document["sections"]
        for block in section["blocks"]
        if block.get("caption", "").startswith(caption)
    ]
    assert len(tables) == 1
    json_rows = {row[0]: row for row in tables[0]["rows"]}
    assert json_rows["LOCATION"][1:4] == ["B", "NOT covered", "no"]  # not required: no tone
    assert json_rows["CREDIT_CARD"][1:4] == ["J", {"text": "covered", "tone": "good"}, "no"]
    assert json_rows["VIN"][2] == {"text": "NOT covered", "tone": "bad"}
