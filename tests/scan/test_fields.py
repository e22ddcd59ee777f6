"""Every string of a record is read: extra columns, nested fields, list items, ids, prompt and
completion, Parquet and CSV columns; skip_fields is explicit and reported; ids from the data
never reach an output raw; per-field counts; redaction of fields that are not text."""

from __future__ import annotations

import csv
import json
import random
import string
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from govern.findings import value_hash
from govern.policy import load_policy
from govern.records import ReaderOptions
from govern.scan.engine import ScanOptions, ScanResult, scan_paths
from govern.scan.report import build_report, to_sarif
from tests.conftest import REPO_ROOT, run_govern
from tests.scan.equivalence import assert_same_scan

KEY_HEX = "11" * 32
KEY = bytes.fromhex(KEY_HEX)
ENV = {"GOVERN_HASH_KEY": KEY_HEX}
EMAIL = "jane.roe@example.com"
ID_EMAIL = "patient.john.doe@example.org"  # an id that is personal data
ID_NAME = "john-doe-1957-03-02"  # one no detector recognizes: hashed all the same


def github_token(seed: int = 0) -> str:
    """A synthetic GitHub token, assembled at run time (no token-shaped literal in the repo)."""
    rng = random.Random(seed)
    return (
        "gh" + "p_" + "".join(rng.choice(string.ascii_letters + string.digits) for _ in range(36))
    )


def chat(record_id: str, text: str = "hello, how do I reset my router?") -> dict[str, Any]:
    return {
        "id": record_id,
        "messages": [
            {"role": "user", "content": text},
            {"role": "assistant", "content": "Hold the button for ten seconds."},
        ],
    }


def write_jsonl(path: Path, rows: list[dict[str, Any]]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(row) + "\n" for row in rows))
    return path


# name -> (records, the field path that holds the planted value, its type)
CASES: dict[str, tuple[list[dict[str, Any]], str, str]] = {
    "extra_column": ([{**chat("c1"), "user_email": EMAIL}], "user_email", "EMAIL_ADDRESS"),
    "nested_note": (
        [{**chat("c2"), "meta": {"note": "tok " + github_token()}}],
        "meta.note",
        "SECRET",
    ),
    "list_item": ([{**chat("c3"), "tags": ["vip", EMAIL]}], "tags.1", "EMAIL_ADDRESS"),
    "id_field": ([chat(EMAIL)], "id", "EMAIL_ADDRESS"),
    "patient_id": ([{**chat("c5"), "patient_id": EMAIL}], "patient_id", "EMAIL_ADDRESS"),
    "system_field": ([{"system": "key=" + github_token(1), **chat("c6")}], "system", "SECRET"),
    "system_message": (
        [{"id": "c7", "messages": [{"role": "system", "content": github_token(2)}]}],
        "messages.0.content",
        "SECRET",
    ),
    "deep_list": (
        [{**chat("c9"), "meta": {"history": [{"by": "x"}, {"by": EMAIL}]}}],
        "meta.history.1.by",
        "EMAIL_ADDRESS",
    ),
}
NEAR_MISSES: list[dict[str, Any]] = [
    {**chat("n1"), "user_email": "none given", "patient_id": "patient-00042"},
    {**chat("n2"), "meta": {"note": "token rotation is due", "tries": 5551234567}},
    {**chat("n3"), "tags": ["vip", "a@b"], "system": "gh" + "p_short"},
]


def write_cases(root: Path) -> dict[str, Path]:
    """One file per case, plus a Parquet and a CSV column holding a value."""
    files = {
        name: write_jsonl(root / f"{name}.jsonl", rows) for name, (rows, _, _) in CASES.items()
    }
    table = pa.table(
        {
            "id": ["p1"],
            "text": ["Where is my parcel?"],
            "contact": [EMAIL],
            "score": [0.5],
            "meta": [{"note": "key " + github_token(3)}],
        }
    )
    files["parquet"] = root / "columns.parquet"
    pq.write_table(table, files["parquet"])
    files["csv"] = root / "columns.csv"
    with files["csv"].open("w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["id", "text", "notes"])
        writer.writerow(["v1", "Please call me back.", "deploy key " + github_token(4)])
    return files


@pytest.fixture(scope="module")
def planted(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any], str, str, int]:
    """The CLI run over every case: (folder, report, SARIF text, stdout, exit code)."""
    root = tmp_path_factory.mktemp("planted")
    data = root / "data"
    write_cases(data)
    report, sarif = root / "scan.json", root / "scan.sarif"
    result = run_govern(
        "scan",
        str(data),
        "--report",
        str(report),
        "--sarif",
        str(sarif),
        "--json",
        "--workers",
        "1",
        "--redact-to",
        str(root / "redacted"),
        env=ENV,
    )
    assert "Traceback" not in result.stderr, result.stderr
    return root, json.loads(report.read_text()), sarif.read_text(), result.stdout, result.returncode


def test_a_value_in_any_string_field_fails_the_scan(
    planted: tuple[Path, dict[str, Any], str, str, int],
) -> None:
    root, report, _, _, code = planted
    assert code == 1 and report["verdict"] == "fail"
    found = {(Path(f["path"]).stem, f["field"], f["type"]) for f in report["findings"]}
    missing = [name for name, (_, where, kind) in CASES.items() if (name, where, kind) not in found]
    assert missing == []
    assert ("columns", "contact", "EMAIL_ADDRESS") in found  # Parquet column
    assert ("columns", "meta.note", "SECRET") in found  # Parquet struct column
    assert ("columns", "notes", "SECRET") in found  # CSV column
    # each file's finding is where the value was planted, nothing in the clean turns
    assert all(not f["field"].startswith("messages.1") for f in report["findings"])


def test_the_redacted_copy_of_every_case_passes(
    planted: tuple[Path, dict[str, Any], str, str, int],
) -> None:
    redacted = planted[0] / "redacted"
    assert {p.name for p in redacted.iterdir()} >= {"columns.parquet", "columns.csv"}
    result = run_govern("scan", str(redacted), "--workers", "1", env=ENV)
    assert result.returncode == 0, result.stdout + result.stderr
    table = pq.read_table(redacted / "columns.parquet")
    assert table.column_names == ["id", "text", "contact", "score", "meta"]
    assert table.to_pylist() == [
        {
            "id": "p1",
            "text": "Where is my parcel?",
            "contact": "<EMAIL_ADDRESS>",
            "score": 0.5,
            "meta": {"note": "<SECRET>"},
        }
    ]
    with (redacted / "columns.csv").open(newline="") as handle:
        rows = list(csv.reader(handle))
    assert rows == [["id", "text", "notes"], ["v1", "Please call me back.", "<SECRET>"]]


def test_near_misses_in_any_field_pass(tmp_path: Path) -> None:
    data = write_jsonl(tmp_path / "near.jsonl", NEAR_MISSES)
    report = tmp_path / "scan.json"
    result = run_govern("scan", str(data), "--report", str(report), "--workers", "1", env=ENV)
    assert result.returncode == 0, result.stdout + result.stderr
    payload = json.loads(report.read_text())
    assert payload["summary"]["findings"] == 0
    # the phone-shaped number is not a string: counted as not read, never scanned
    assert payload["fields"]["by_path"]["meta.tries"]["not_strings"] == 1
    assert payload["fields"]["by_path"]["patient_id"]["read"] == 1


def test_prompt_and_completion_columns_are_both_read(tmp_path: Path) -> None:
    """An HF-style prompt/completion set with only ``prompt`` named as text: the completion
    column is read all the same; a near miss in it (a bare @handle) is not a finding."""
    rows = [
        {"id": "q1", "prompt": "Who do I write to?", "completion": f"Write to {EMAIL}."},
        {"id": "q2", "prompt": "And on chat?", "completion": "Ask the @support team."},
    ]
    data = write_jsonl(tmp_path / "pc.jsonl", rows)
    report = tmp_path / "scan.json"
    args = ["--text-field", "prompt", "--report", str(report), "--workers", "1"]
    result = run_govern("scan", str(data), *args, env=ENV)
    assert result.returncode == 1, result.stdout + result.stderr
    findings = json.loads(report.read_text())["findings"]
    assert [(f["line"], f["field"], f["type"]) for f in findings] == [
        (1, "completion", "EMAIL_ADDRESS")
    ]
    by_path = json.loads(report.read_text())["fields"]["by_path"]
    assert (by_path["prompt"]["text"], by_path["completion"]["text"]) == (2, 0)


def test_ids_from_the_data_are_hashed_in_every_output(tmp_path: Path) -> None:
    rows = [chat(ID_EMAIL, f"mail me at {EMAIL}"), chat(ID_NAME, f"or {EMAIL} again")]
    data = write_jsonl(tmp_path / "ids.jsonl", rows)
    report, sarif = tmp_path / "scan.json", tmp_path / "scan.sarif"
    args = ["--report", str(report), "--sarif", str(sarif), "--workers", "1"]
    result = run_govern("scan", str(data), *args, "--json", env=ENV)
    assert result.returncode == 1
    outputs = {"scan.json": report.read_text(), "SARIF": sarif.read_text(), "stdout": result.stdout}
    for planted_id in (ID_EMAIL, ID_NAME, "john", "doe"):
        assert [name for name, text in outputs.items() if planted_id in text] == []
    findings = json.loads(report.read_text())["findings"]
    ids = {f["record_id"] for f in findings}
    assert ids == {value_hash(KEY, ID_EMAIL), value_hash(KEY, ID_NAME)}
    logical = json.loads(sarif.read_text())["runs"][0]["results"][0]["locations"][0]
    assert logical["logicalLocations"][0]["fullyQualifiedName"] in {"id", "messages.0.content"}


def test_generated_ids_stay_readable(tmp_path: Path) -> None:
    """Without an id field, ids are file:line, made by the reader: no personal data to hide."""
    data = write_jsonl(tmp_path / "gen.jsonl", [{"text": f"write to {EMAIL}"}])
    policy = load_policy(REPO_ROOT / "policies" / "default.yaml").policy
    result = scan_paths([data], policy, ScanOptions(), KEY)
    assert [f.record_id for f in result.findings] == ["gen.jsonl:1"]


def test_keys_that_hold_personal_data_are_not_written(tmp_path: Path) -> None:
    rows = [{**chat("k1"), "by_user": {EMAIL: "note: " + github_token(5)}}]
    data = write_jsonl(tmp_path / "keys.jsonl", rows)
    loaded = load_policy(REPO_ROOT / "policies" / "default.yaml")
    result = scan_paths([data], loaded.policy, ScanOptions(), KEY)
    report = build_report(result, loaded, [data], {})
    text = json.dumps(report) + json.dumps(to_sarif(report))
    assert EMAIL not in text and "jane" not in text
    assert [f.field for f in result.findings] == [f"by_user.#{value_hash(KEY, EMAIL)[12:22]}"]
    assert report["fields"]["by_path"]["by_user.<key>"]["findings"] == 1


def policy_with(tmp_path: Path, skip: list[str]) -> Path:
    text = (REPO_ROOT / "policies" / "default.yaml").read_text()
    text = text.replace("  skip_fields: []", f"  skip_fields: {json.dumps(skip)}")
    path = tmp_path / "policy.yaml"
    path.write_text(text)
    return path


def test_skip_fields_excludes_explicitly_and_is_reported(tmp_path: Path) -> None:
    rows = [
        {**chat("s1"), "meta": {"note": github_token(6), "notes": "fine"}, "audit": [EMAIL]},
        {**chat("s2"), "meta": {"note": "x"}, "audit": ["ok", "ok"]},
    ]
    data = write_jsonl(tmp_path / "skip.jsonl", rows)
    report = tmp_path / "scan.json"
    policy = policy_with(tmp_path, ["meta.note", "audit", "never.matches"])
    result = run_govern(
        "--policy", str(policy), "scan", str(data), "--report", str(report), "--workers", "1",
        env=ENV,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    fields = json.loads(report.read_text())["fields"]
    assert fields["skip_fields"] == [
        {"pattern": "meta.note", "values": 2},
        {"pattern": "audit", "values": 3},
        {"pattern": "never.matches", "values": 0},
    ]
    assert fields["by_path"]["meta.note"]["skipped"] == 2
    assert fields["by_path"]["meta.note"]["read"] == 0
    assert fields["by_path"]["meta.notes"]["read"] == 1  # near miss: not excluded
    assert fields["by_path"]["audit.*"]["skipped"] == 3
    summary = json.loads(report.read_text())["summary"]
    assert summary["values_skipped"] == 5
    # the same data without skip_fields fails: what was skipped is what would have blocked
    assert run_govern("scan", str(data), "--workers", "1", env=ENV).returncode == 1


def scan(paths: list[Path], **options: Any) -> ScanResult:
    policy = load_policy(REPO_ROOT / "policies" / "default.yaml").policy
    return scan_paths(
        paths, policy, ScanOptions(reader=ReaderOptions(id_field="id"), **options), KEY
    )


def test_per_field_counts(tmp_path: Path) -> None:
    rows = [
        {**chat("a1"), "meta": {"note": EMAIL, "n": 1}, "tags": ["x", "y"]},
        {**chat("a2", f"I am {EMAIL}"), "meta": {"note": "nothing", "n": None}, "tags": []},
    ]
    result = scan([write_jsonl(tmp_path / "count.jsonl", rows)])
    by_path = result.fields.to_json()["by_path"]
    zero = {"read": 0, "text": 0, "findings": 0, "not_strings": 0, "skipped": 0}
    assert by_path == {
        "id": {**zero, "read": 2},
        "messages.*.role": {**zero, "read": 4},
        "messages.*.content": {**zero, "read": 4, "text": 4, "findings": 1},
        "meta.note": {**zero, "read": 2, "findings": 1},
        "meta.n": {**zero, "not_strings": 2},
        "tags.*": {**zero, "read": 2},
    }
    assert result.texts == 4


def test_redacted_copy_replaces_fields_that_are_not_text_and_keeps_structure(
    tmp_path: Path,
) -> None:
    token = github_token(7)
    rows = [
        {
            **chat(EMAIL, f"write to {EMAIL} please"),
            "meta": {"note": f"token {token}", "n": 3},
            "tags": ["vip", EMAIL],
        },
        {**chat("plain"), "meta": {"note": "nothing", "n": 4}, "tags": []},
    ]
    data = write_jsonl(tmp_path / "in" / "r.jsonl", rows)
    out = tmp_path / "out"
    scan([data], redact_to=out)
    copy = [json.loads(line) for line in (out / "r.jsonl").read_text().splitlines()]
    first = copy[0]
    assert first["id"] == "<EMAIL_ADDRESS>"  # a value that is not text: replaced whole
    assert first["meta"] == {"note": "<SECRET>", "n": 3}
    assert first["tags"] == ["vip", "<EMAIL_ADDRESS>"]
    assert first["messages"][0]["content"] == "write to <EMAIL_ADDRESS> please"  # text: by span
    assert first["messages"][1] == rows[0]["messages"][1]
    assert copy[1] == rows[1]
    assert EMAIL not in (out / "r.jsonl").read_text() and token not in (out / "r.jsonl").read_text()
    # pseudonyms: one value, one pseudonym, wherever it sits
    pseudo = tmp_path / "pseudo"
    scan([data], redact_to=pseudo, redact_mode="pseudonym")
    twin = json.loads((pseudo / "r.jsonl").read_text().splitlines()[0])
    assert twin["id"] == twin["tags"][1] and twin["id"].startswith("<EMAIL_ADDRESS_")


def test_any_worker_count_gives_the_same_scan(tmp_path: Path) -> None:
    rows = []
    for i in range(60):
        row: dict[str, Any] = {**chat(f"w{i}"), "meta": {"i": i, "note": f"n{i}"}}
        if i % 7 == 0:
            row["contact"] = EMAIL
        if i % 11 == 0:
            row["meta"]["note"] = "tok " + github_token(i)
        rows.append(row)
    data = write_jsonl(tmp_path / "in" / "w.jsonl", rows)
    one = scan([data], redact_to=tmp_path / "one")
    two = scan([data], workers=2, redact_to=tmp_path / "two")
    assert_same_scan(two, tmp_path / "two", one, tmp_path / "one")
    assert one.fields.to_json()["by_path"]["contact"]["findings"] == 9
    # shards smaller than a record
    small = scan_paths(
        [data],
        load_policy(REPO_ROOT / "policies" / "default.yaml").policy,
        ScanOptions(workers=2, reader=ReaderOptions(id_field="id"), redact_to=tmp_path / "small"),
        KEY,
        shard_bytes=64,
    )
    assert_same_scan(small, tmp_path / "small", one, tmp_path / "one")
