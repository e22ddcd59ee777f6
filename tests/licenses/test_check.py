from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from govern.hashing import sha256_file
from govern.licenses import SourceEntry, check_licenses
from govern.policy import LoadedPolicy
from tests.licenses import texts
from tests.licenses.conftest import TODAY, MakeSource, chat_records, shipped_policy

LLAMA_31 = "LicenseRef-scancode-llama-3.1-license-2024"
LLAMA_3 = "LicenseRef-govern-llama-3-license-2024"
OPENRAIL_M = "LicenseRef-scancode-bigscience-open-rail-m"


def check_one(root: Path, policy: LoadedPolicy) -> SourceEntry:
    report = check_licenses([root], policy, today=TODAY)
    assert len(report.entries) == 1
    return report.entries[0]


# card license, LICENSE text, expected SPDX, expected verdict under policies/default.yaml
CASES: list[tuple[Any, str | None, str | None, str]] = [
    ("mit", texts.MIT, "MIT", "allow"),
    ("apache-2.0", texts.APACHE_2_0, "Apache-2.0", "allow"),
    ("cc-by-4.0", texts.CC_BY_4_0, "CC-BY-4.0", "allow"),
    ("cc-by-sa-4.0", texts.CC_BY_SA_4_0, "CC-BY-SA-4.0", "review"),
    ("cc-by-nc-4.0", texts.CC_BY_NC_4_0, "CC-BY-NC-4.0", "deny"),
    ("llama3.1", texts.LLAMA_3_1, LLAMA_31, "allow"),
    ("llama3", texts.LLAMA_3, LLAMA_3, "review"),
    ("bigscience-openrail-m", texts.OPENRAIL_M, OPENRAIL_M, "allow"),
    ("openrail", texts.OPENRAIL_M, OPENRAIL_M, "allow"),  # the text names the family member
    ("openrail", None, None, "review"),
    ("unknown", None, None, "review"),
    ("other", None, None, "review"),
    ("mit", None, "MIT", "allow"),
    (None, texts.MIT, "MIT", "allow"),  # no card: an exact text decides alone
    (None, None, None, "review"),
]


@pytest.mark.parametrize(("card", "text", "spdx", "verdict"), CASES)
def test_cards_and_license_texts(
    make_source: MakeSource,
    corpus: Path,
    default_policy: LoadedPolicy,
    card: str | None,
    text: str | None,
    spdx: str | None,
    verdict: str,
) -> None:
    make_source("data", card={"license": card} if card else None, license_text=text)
    entry = check_one(corpus, default_policy)
    assert (entry.spdx, entry.verdict) == (spdx, verdict), entry.reason
    if card:
        assert entry.declared[0] == card  # exactly as declared
    assert entry.checked == TODAY and entry.policy_sha256 == default_policy.sha256


def test_evidence_names_file_hash_line_and_score(
    make_source: MakeSource, corpus: Path, default_policy: LoadedPolicy
) -> None:
    folder = make_source(
        "code", card={"license": "mit", "pretty_name": "Code"}, license_text=texts.MIT
    )
    entry = check_one(corpus, default_policy)
    card, text = entry.evidence
    assert (card.method, card.field, card.declared) == ("card-field", "license", "mit")
    assert card.line == 2
    assert card.sha256 == sha256_file(folder / "README.md")
    assert (text.method, text.spdx, text.score) == ("license-text", "MIT", 1.0)
    assert text.sha256 == sha256_file(folder / "LICENSE")
    assert "Copyright (c) 2024 Example Data Contributors" in entry.attribution
    assert {o.id for o in entry.obligations} == {"notice"}


def test_no_card_no_license_is_unknown(
    make_source: MakeSource, corpus: Path, default_policy: LoadedPolicy
) -> None:
    make_source("bare")
    entry = check_one(corpus, default_policy)
    assert entry.verdict == "review" and "no license declared" in entry.reason


def test_other_without_link_says_so(
    make_source: MakeSource, corpus: Path, default_policy: LoadedPolicy
) -> None:
    make_source("custom", card={"license": "other", "license_name": "acme-terms"})
    entry = check_one(corpus, default_policy)
    assert entry.verdict == "review" and "without a license_link" in entry.reason


def test_conflicting_card_and_license_file(
    make_source: MakeSource, corpus: Path, default_policy: LoadedPolicy
) -> None:
    make_source("wrapped", card={"license": "mit"}, license_text=texts.CC_BY_NC_4_0)
    entry = check_one(corpus, default_policy)
    assert entry.verdict == "review"
    assert "says MIT" in entry.reason and "CC-BY-NC-4.0" in entry.reason
    assert [e.method for e in entry.evidence] == ["card-field", "license-text"]
    assert all(len(e.sha256) == 64 for e in entry.evidence)


def test_permissive_text_with_added_restriction(
    make_source: MakeSource, corpus: Path, default_policy: LoadedPolicy
) -> None:
    restricted = texts.APACHE_NOTICE + "\nThis dataset is for non-commercial research only.\n"
    make_source("hidden", card={"license": "apache-2.0"}, license_text=restricted)
    entry = check_one(corpus, default_policy)
    assert entry.verdict == "review" and "restricting commercial use" in entry.reason


def test_card_prose_restricting_a_permissive_license(
    make_source: MakeSource, corpus: Path, default_policy: LoadedPolicy
) -> None:
    folder = make_source("prose", card={"license": "mit"})
    card = (folder / "README.md").read_text() + "\nFor non-commercial use only.\n"
    (folder / "README.md").write_text(card)
    entry = check_one(corpus, default_policy)
    assert (entry.spdx, entry.verdict) == ("MIT", "review")
    assert "'non-commercial'" in entry.reason


def test_llama_version_mismatch(
    make_source: MakeSource, corpus: Path, default_policy: LoadedPolicy
) -> None:
    make_source("llama", card={"license": "llama3.1"}, license_text=texts.LLAMA_3)
    entry = check_one(corpus, default_policy)
    assert entry.verdict == "review" and LLAMA_3 in entry.reason


@pytest.mark.parametrize(
    ("expression", "verdict"),
    [("Apache-2.0 OR CC-BY-NC-4.0", "allow"), ("Apache-2.0 AND CC-BY-NC-4.0", "deny")],
)
def test_record_license_expressions(
    make_source: MakeSource,
    corpus: Path,
    tmp_path: Path,
    expression: str,
    verdict: str,
) -> None:
    make_source("mixed", records=chat_records("mixed", 4, license=expression))
    default = check_one(corpus, shipped_policy(tmp_path, "default"))
    assert (default.spdx, default.verdict) == (expression, verdict)
    research = check_one(corpus, shipped_policy(tmp_path, "research-noncommercial"))
    assert research.verdict == "allow"


def test_records_disagreeing_within_a_source(
    make_source: MakeSource, corpus: Path, default_policy: LoadedPolicy
) -> None:
    rows = chat_records("s", 2, license="mit") + chat_records("s", 1, license="cc-by-nc-4.0")
    make_source("s", records=rows)
    entry = check_one(corpus, default_policy)
    assert entry.verdict == "review" and "declarations disagree" in entry.reason
    assert sorted((e.declared, e.records) for e in entry.evidence) == [
        ("cc-by-nc-4.0", 1),
        ("mit", 2),
    ]


def test_waivers_valid_and_expired(make_source: MakeSource, corpus: Path, tmp_path: Path) -> None:
    make_source("forum", records=chat_records("forum", 3, license="unknown"))
    waiver = {"source": "forum", "license": "unknown", "approver": "dpo", "reason": "contract"}
    valid = shipped_policy(tmp_path, "default", waivers=[{**waiver, "expires": "2025-06-01"}])
    entry = check_one(corpus, valid)
    assert entry.verdict == "allow" and entry.waiver is not None and "dpo" in entry.reason
    expired = shipped_policy(tmp_path, "default", waivers=[{**waiver, "expires": "2025-05-31"}])
    entry = check_one(corpus, expired)
    assert entry.verdict == "review" and "expired on 2025-05-31" in entry.reason


def test_notice_file_is_attribution(
    make_source: MakeSource, corpus: Path, default_policy: LoadedPolicy
) -> None:
    notice = "Example Dataset\nCopyright 2024 Example Corp.\nIncludes data from the City of X."
    make_source("a", card={"license": "apache-2.0"}, files={"NOTICE": notice})
    entry = check_one(corpus, default_policy)
    assert entry.verdict == "allow" and notice in entry.attribution
    assert "notice-file" in {o.id for o in entry.obligations}


def test_card_above_the_source_folder_applies(
    corpus: Path, make_source: MakeSource, default_policy: LoadedPolicy
) -> None:
    (corpus / "README.md").write_text("---\nlicense: cc-by-4.0\n---\n")
    make_source("part")
    entry = check_one(corpus, default_policy)
    assert (entry.spdx, entry.verdict) == ("CC-BY-4.0", "allow")


def test_model_folder_llama(
    make_model: Callable[..., Path], default_policy: LoadedPolicy, research_policy: LoadedPolicy
) -> None:
    folder = make_model({"license": "llama3.1"}, texts.LLAMA_3_1)
    entry = check_one(folder, default_policy)
    assert (entry.kind, entry.spdx, entry.verdict) == ("model", LLAMA_31, "allow")
    naming = next(o for o in entry.obligations if o.id == "naming")
    assert "Built with Llama" in naming.text and naming.applies
    assert any(o.id == "policy" for o in entry.obligations)  # the conditional rule's own
    assert any("Llama 3.1 is licensed under" in line for line in entry.attribution)
    research = check_one(folder, research_policy)
    assert not next(o for o in research.obligations if o.id == "naming").applies


def test_model_card_relicensing_a_llama_base(
    make_model: Callable[..., Path], default_policy: LoadedPolicy
) -> None:
    folder = make_model({"license": "apache-2.0", "base_model": "meta-llama/Llama-3.1-8B"})
    entry = check_one(folder, default_policy)
    assert entry.verdict == "review" and "meta-llama/Llama-3.1-8B" in entry.reason


def test_report_json_is_serialisable(
    make_source: MakeSource, corpus: Path, default_policy: LoadedPolicy
) -> None:
    make_source("a", card={"license": "mit"})
    make_source("b", card={"license": "cc-by-nc-4.0"})
    report = check_licenses([corpus], default_policy, today=TODAY)
    document = json.loads(json.dumps(report.to_json()))
    assert document["verdict"] == "deny" and report.exit_code == 1
    assert document["checked"] == "2025-06-01"
    assert document["policy_sha256"] == default_policy.sha256
    assert document["provenance"]["policy"]["sha256"] == default_policy.sha256
    assert document["provenance"]["inputs"][0]["path"] == str(corpus)
    assert document["summary"]["records_left_out"] == {"b": 3}


def test_records_without_a_source_field_belong_to_their_folder(
    make_source: MakeSource, corpus: Path, default_policy: LoadedPolicy
) -> None:
    rows = [{k: v for k, v in r.items() if k != "source"} for r in chat_records("x", 2)]
    folder = make_source("nested", card={"license": "apache-2.0"}, records=rows)
    (entry,) = check_licenses([corpus], default_policy, today=TODAY).entries
    assert (entry.source, entry.verdict, entry.records) == ("nested", "allow", 2)
    (single,) = check_licenses([folder / "data.jsonl"], default_policy, today=TODAY).entries
    # A file given directly is its own source, named after it (its folder's card still applies).
    assert (single.source, single.spdx) == ("data.jsonl", "Apache-2.0")
