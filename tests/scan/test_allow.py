"""Findings allowed on purpose: `govern: allow` markers on a line or record, and the policy's
scan.allow by keyed hash or regex; counted by rule, not redacted, suppressed in SARIF."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from govern.errors import PolicyError
from govern.findings import value_hash
from govern.policy import AllowEntry, LoadedPolicy, load_policy
from govern.scan import worker
from govern.scan.allow import AllowList
from govern.scan.engine import ScanOptions
from govern.scan.report import run_scan
from tests.conftest import REPO_ROOT

KEY = bytes.fromhex("44" * 32)


def policy_with(tmp_path: Path, allow: list[dict[str, str]]) -> LoadedPolicy:
    document = yaml.safe_load((REPO_ROOT / "policies/default.yaml").read_text())
    document["scan"]["allow"] = allow
    path = tmp_path / "policy.yaml"
    path.write_text(yaml.safe_dump(document))
    return load_policy(path)


def scan(tmp_path: Path, root: Path, loaded: LoadedPolicy, **options: object) -> dict[str, object]:
    return run_scan(
        [root],
        loaded,
        ScanOptions(**options),  # type: ignore[arg-type]
        KEY,
        report_path=tmp_path / "scan.json",
        sarif_path=tmp_path / "scan.sarif",
    )


def lines_found(report: dict[str, object], key: str = "findings") -> list[int]:
    return sorted(f["line"] for f in report[key])  # type: ignore[attr-defined,index]


def test_a_marker_allows_its_own_line_only(tmp_path: Path) -> None:
    code = tmp_path / "code"
    code.mkdir()
    (code / "settings.py").write_text(
        'SUPPORT = "help.desk@example.org"  # govern: allow\n'  # 1: allowed
        'OWNER = "dana.whitfield@example.org"\n'  # 2: the marker below is not on it
        "# govern: allow\n"
        'BACKUP = "sam.jones@example.net"  // govern: allow\n'  # 4: allowed
        'ADMIN = "lee.park@example.net"  # govern: allowed\n'  # 5: not the marker
        'OTHER = "kim.roe@example.net"  # govern allow\n'  # 6: no colon, not the marker
    )
    report = scan(tmp_path, code, load_policy(REPO_ROOT / "policies/default.yaml"))
    assert lines_found(report) == [2, 5, 6]
    assert lines_found(report, "allowed_findings") == [1, 4]
    summary = report["summary"]
    assert summary["allowed"] == {  # type: ignore[index]
        "findings": 2,
        "by_rule": {"marker": 2},
        "by_type": {"EMAIL_ADDRESS": 2},
    }
    assert report["verdict"] == "fail"  # lines 2, 5 and 6 still block


def test_a_record_is_one_line_and_its_marker_spares_it_from_redaction(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    records = [
        {"id": "a", "govern": "allow", "text": "write to help.desk@example.org"},
        {"id": "b", "text": "mail dana.whitfield@example.org", "note": "# govern: allow"},
        {"id": "c", "text": "mail sam.jones@example.net"},  # the marker above is another line
        {"id": "d", "govern": "allowed", "text": "mail lee.park@example.net"},  # near miss
    ]
    (data / "chats.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records))
    out = tmp_path / "redacted"
    loaded = load_policy(REPO_ROOT / "policies/default.yaml")
    report = scan(tmp_path, data, loaded, redact_to=out)
    assert lines_found(report) == [3, 4]
    assert lines_found(report, "allowed_findings") == [1, 2]
    redacted = (out / "chats.jsonl").read_text()
    assert "help.desk@example.org" in redacted and "dana.whitfield@example.org" in redacted
    assert "sam.jones@example.net" not in redacted and "lee.park@example.net" not in redacted
    clean = scan(tmp_path, out, loaded)  # the markers travel with the copy
    assert clean["verdict"] == "pass" and clean["summary"]["allowed"]["findings"] == 2  # type: ignore[index]


def test_the_policy_allows_values_by_keyed_hash_or_full_regex_match(tmp_path: Path) -> None:
    code = tmp_path / "code"
    code.mkdir()
    (code / "contacts.txt").write_text(
        "support: help.desk@example.org\n"  # 1: by hash
        "team: qa.bot@example.com\n"  # 2: by regex
        "near: qa.bot@example.com.au\n"  # 3: the regex matches only a prefix
        "other: dana.whitfield@example.org\n"  # 4: another hash
    )
    loaded = policy_with(
        tmp_path,
        [
            {"hash": value_hash(KEY, "help.desk@example.org"), "reason": "public address"},
            {"regex": r"[a-z.]+@example\.com", "reason": "test accounts"},
        ],
    )
    report = scan(tmp_path, code, loaded)
    assert lines_found(report) == [3, 4]
    assert report["summary"]["allowed"]["by_rule"] == {  # type: ignore[index]
        "scan.allow[0]": 1,
        "scan.allow[1]": 1,
    }
    written = (tmp_path / "scan.json").read_text() + (tmp_path / "scan.sarif").read_text()
    assert "help.desk@example.org" not in written and "qa.bot@example.com" not in written

    sarif = json.loads((tmp_path / "scan.sarif").read_text())["runs"][0]["results"]
    suppressed = {
        r["locations"][0]["physicalLocation"]["region"]["startLine"]: r["suppressions"]
        for r in sarif
        if "suppressions" in r
    }
    assert suppressed == {
        1: [{"kind": "external", "justification": "policy scan.allow[0]"}],
        2: [{"kind": "external", "justification": "policy scan.allow[1]"}],
    }
    assert len(sarif) == 4  # the findings that count are there too, unsuppressed


@pytest.mark.parametrize("chunk_records", [256, 1])
def test_each_record_of_a_chunk_is_judged_on_its_own_when_values_repeat(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, chunk_records: int
) -> None:
    # One chunk (or one scan: what a text's findings share is remembered across chunks) finds
    # the same values in many records: a value's rule is the policy's in an unmarked record
    # and the marker's in a marked one, whichever record came first.
    monkeypatch.setattr(worker, "_CHUNK_RECORDS", chunk_records)
    data = tmp_path / "data"
    data.mkdir()
    allowed, other = "help.desk@example.org", "dana.whitfield@example.org"
    records = [
        {"id": "a", "text": f"mail {allowed} or {other}", "note": "# govern: allow"},
        {"id": "b", "text": f"mail {allowed} or {other}"},
        {"id": "c", "text": f"again {allowed}, then {other}"},
        {"id": "d", "govern": "allow", "text": f"mail {other}"},
        {"id": "e", "text": f"mail {other} or {allowed}"},
    ]
    (data / "chats.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records))
    loaded = policy_with(tmp_path, [{"hash": value_hash(KEY, allowed), "reason": "public"}])
    out = tmp_path / "redacted"
    report = scan(tmp_path, data, loaded, redact_to=out)
    rules = sorted(
        (f["line"], f["start"], f["allowed"])  # type: ignore[index]
        for f in report["allowed_findings"]  # type: ignore[attr-defined]
    )
    assert [(line, rule) for line, _, rule in rules] == [
        (1, "marker"),
        (1, "marker"),
        (2, "scan.allow[0]"),
        (3, "scan.allow[0]"),
        (4, "marker"),
        (5, "scan.allow[0]"),
    ]
    assert lines_found(report) == [2, 3, 5]  # the other address, unmarked
    redacted = [json.loads(line) for line in (out / "chats.jsonl").read_text().splitlines()]
    assert [allowed in r["text"] for r in redacted] == [True] * 3 + [False, True]
    assert [other in r["text"] for r in redacted] == [True, False, False, True, False]


def test_an_allow_list_is_true_only_with_entries() -> None:
    assert not AllowList([])
    assert AllowList([AllowEntry(regex="x")])
    assert AllowList([AllowEntry(hash=value_hash(KEY, "x"))])


@pytest.mark.parametrize(
    ("entry", "problem"),
    [
        ({"hash": "help.desk@example.org"}, "should match pattern"),  # a raw value, refused
        ({"regex": "[a-z"}, "not a regular expression"),
        ({"hash": value_hash(KEY, "x"), "regex": "x"}, "exactly one of hash or regex"),
        ({"reason": "nothing to match"}, "exactly one of hash or regex"),
    ],
)
def test_bad_allow_entries_are_refused(tmp_path: Path, entry: dict[str, str], problem: str) -> None:
    with pytest.raises(PolicyError, match=problem) as raised:
        policy_with(tmp_path, [entry])
    assert "help.desk@example.org" not in str(raised.value)
