"""Notices, SPDX lines and "released under" references: evidence below a full license text."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from govern.licenses import SourceEntry, check_licenses
from govern.licenses.mentions import find_mentions
from govern.policy import LoadedPolicy
from tests.conftest import REPO_ROOT, run_govern
from tests.licenses import texts
from tests.licenses.conftest import TODAY, MakeSource, chat_records, shipped_policy

SHORT_APACHE_NOTICE = """\
Copyright 2024 Example Corp.

Licensed under the Apache License, Version 2.0 (the "License");
you may not use this file except in compliance with the License.
You may obtain a copy of the License at https://www.apache.org/licenses/LICENSE-2.0
"""
CC_BY_SENTENCE = (
    "The dataset is made available under the Creative Commons Attribution 4.0 International "
    "(CC BY 4.0) license.\n"
)


def check_one(root: Path, policy: LoadedPolicy) -> SourceEntry:
    report = check_licenses([root], policy, today=TODAY)
    assert len(report.entries) == 1
    return report.entries[0]


# LICENSE file text -> (method, SPDX id) found, each below a full text's 1.0
MENTIONS = [
    (SHORT_APACHE_NOTICE, "notice", "Apache-2.0"),
    (texts.APACHE_NOTICE, "notice", "Apache-2.0"),  # the whole standard notice
    ("# SPDX-License-Identifier: MIT\n", "spdx-id", "MIT"),
    ("/* SPDX-License-Identifier: Apache-2.0 OR MIT */\n", "spdx-id", "Apache-2.0 OR MIT"),
    ("This corpus is released under the\nMIT License.\n", "reference", "MIT"),
    (CC_BY_SENTENCE, "reference", "CC-BY-4.0"),
    ("Licensed under CC BY-SA 4.0.\n", "reference", "CC-BY-SA-4.0"),
]


@pytest.mark.parametrize(("text", "method", "spdx"), MENTIONS)
def test_mention_alone_names_the_license_and_asks_for_review(
    make_source: MakeSource,
    corpus: Path,
    tmp_path: Path,
    text: str,
    method: str,
    spdx: str,
) -> None:
    make_source("data", license_text=text)
    entry = check_one(corpus, shipped_policy(tmp_path, "default"))
    evidence = [e for e in entry.evidence if e.decisive]
    assert [(e.method, e.spdx) for e in evidence] == [(method, spdx)]
    assert evidence[0].score is not None and evidence[0].score < 1.0
    assert (entry.spdx, entry.verdict) == (spdx, "review")
    if spdx != "CC-BY-SA-4.0":  # listed in require_review anyway
        assert "licenses.notice_alone: review" in entry.reason


@pytest.mark.parametrize(("text", "method", "spdx"), MENTIONS[:-1])
def test_mention_alone_allows_when_the_policy_trusts_it(
    make_source: MakeSource, corpus: Path, tmp_path: Path, text: str, method: str, spdx: str
) -> None:
    make_source("data", license_text=text)
    entry = check_one(corpus, shipped_policy(tmp_path, "default", notice_alone="allow"))
    assert (entry.spdx, entry.verdict) == (spdx, "allow"), entry.reason


def test_notice_alone_never_lifts_a_deny(
    make_source: MakeSource, corpus: Path, tmp_path: Path
) -> None:
    make_source("nc", license_text="Released under the CC BY-NC 4.0 license.\n")
    entry = check_one(corpus, shipped_policy(tmp_path, "default", notice_alone="allow"))
    assert (entry.spdx, entry.verdict) == ("CC-BY-NC-4.0", "deny")


@pytest.mark.parametrize(
    ("card", "text"),
    [
        ("apache-2.0", SHORT_APACHE_NOTICE),
        ("mit", "SPDX-License-Identifier: MIT\n"),
        ("cc-by-4.0", CC_BY_SENTENCE),
    ],
)
def test_mention_agreeing_with_the_card_allows(
    make_source: MakeSource, corpus: Path, default_policy: LoadedPolicy, card: str, text: str
) -> None:
    make_source("data", card={"license": card}, license_text=text)
    entry = check_one(corpus, default_policy)
    assert entry.verdict == "allow", entry.reason
    assert [e.method for e in entry.evidence][0] == "card-field"


def test_mention_disagreeing_with_the_card_is_a_review(
    make_source: MakeSource, corpus: Path, default_policy: LoadedPolicy
) -> None:
    make_source("data", card={"license": "mit"}, license_text=SHORT_APACHE_NOTICE)
    entry = check_one(corpus, default_policy)
    assert entry.verdict == "review"
    assert "says MIT" in entry.reason and "names Apache-2.0" in entry.reason


def test_notice_inside_a_text_of_another_license(
    make_source: MakeSource, corpus: Path, tmp_path: Path
) -> None:
    # The MIT text with an Apache notice appended: neither is taken at its word.
    make_source("mixed", license_text=texts.MIT + "\n" + SHORT_APACHE_NOTICE)
    entry = check_one(corpus, shipped_policy(tmp_path, "default", notice_alone="allow"))
    assert entry.verdict == "review"
    assert "Apache-2.0" in entry.reason and "MIT" in entry.reason


def test_two_references_to_different_licenses(
    make_source: MakeSource, corpus: Path, tmp_path: Path
) -> None:
    text = "Code is released under the MIT License.\nData is released under CC BY-NC 4.0.\n"
    make_source("both", license_text=text)
    entry = check_one(corpus, shipped_policy(tmp_path, "default", notice_alone="allow"))
    assert entry.verdict == "review" and "also names" in entry.reason


@pytest.mark.parametrize(
    "text",
    [
        "This dataset is not licensed under the MIT License.\n",
        "It was previously released under the MIT License; see the terms below.\n",
        "The MIT License is a popular license.\n",  # a name, but nothing is released under it
    ],
)
def test_negated_or_idle_mentions_are_not_grants(
    make_source: MakeSource, corpus: Path, tmp_path: Path, text: str
) -> None:
    make_source("data", license_text=text)
    entry = check_one(corpus, shipped_policy(tmp_path, "default", notice_alone="allow"))
    assert (entry.spdx, entry.verdict) == (None, "review")
    assert "matches no known license text" in entry.reason


def test_spdx_line_naming_an_unknown_id(
    make_source: MakeSource, corpus: Path, tmp_path: Path
) -> None:
    make_source("data", license_text="SPDX-License-Identifier: Acme-Private-1.0\n")
    entry = check_one(corpus, shipped_policy(tmp_path, "default", notice_alone="allow"))
    assert entry.verdict == "review"
    assert "'Acme-Private-1.0' is not a known" in entry.reason


def test_near_names_do_not_match_a_neighbour() -> None:
    # "CC BY 4.0" must not be read inside "CC BY-SA 4.0", nor MIT inside "MIT-0"-like words.
    found = find_mentions("Released under CC BY-SA 4.0.\n")
    assert [(m.method, m.spdx) for m in found] == [("reference", "CC-BY-SA-4.0")]
    assert find_mentions("Released under the MITX License.\n") == []


def test_mentions_carry_their_line() -> None:
    found = find_mentions("Data card\n\n\nReleased under the MIT License.\n")
    assert [(m.line, m.spdx) for m in found] == [(4, "MIT")]


def test_files_given_directly_are_sources_named_after_them(
    tmp_path: Path, default_policy: LoadedPolicy
) -> None:
    for name in ("a.jsonl", "b.jsonl"):
        rows = [{k: v for k, v in r.items() if k != "source"} for r in chat_records(name, 2)]
        (tmp_path / name).write_text("".join(json.dumps(r) + "\n" for r in rows))
    report = check_licenses([tmp_path / "a.jsonl", tmp_path / "b.jsonl"], default_policy)
    assert [(e.source, e.records) for e in report.entries] == [("a.jsonl", 2), ("b.jsonl", 2)]


def test_cli_approved_to_writes_the_approved_copy(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus"
    for name, card in (("open", "mit"), ("closed", "cc-by-nc-4.0")):
        folder = corpus / name
        folder.mkdir(parents=True)
        rows = chat_records(name, 3)
        (folder / "data.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
        (folder / "README.md").write_text(f"---\nlicense: {card}\n---\n")
    approved, report = tmp_path / "approved", tmp_path / "licenses.json"
    policy = str(REPO_ROOT / "policies" / "default.yaml")
    args = ("--policy", policy, "licenses", "corpus", "--approved-to", "approved")
    result = run_govern(*args, "--report", "licenses.json", cwd=tmp_path)
    assert result.returncode == 1, result.stderr  # one source is denied
    assert sorted(p.relative_to(approved).as_posix() for p in approved.rglob("*.jsonl")) == [
        "open/data.jsonl"
    ]
    assert (approved / "open" / "README.md").is_file()
    document = json.loads(report.read_text())
    assert document["approved"]["records_written"] == 3
    assert document["approved"]["left_out"]["closed"]["records"] == 3
    assert "approved: 3 records written to approved" in result.stdout
    # Without --approved-to nothing is written and the report has no "approved" part.
    again = run_govern("--policy", policy, "licenses", "corpus", "--json", cwd=tmp_path)
    assert "approved" not in json.loads(again.stdout)
