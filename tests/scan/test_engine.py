"""The scan end to end on the sample corpus: recall on planted values, no raw values anywhere,
redaction round trip, determinism across worker counts, exit codes, SARIF."""

from __future__ import annotations

import csv
import dataclasses
import json
import socket
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from govern.findings import value_hash
from govern.policy import Policy, load_policy
from govern.records import ReaderOptions, read_records
from govern.sample.corpus import write_corpus
from govern.scan.engine import ScanOptions, ScanResult, scan_paths
from govern.scan.report import build_report, to_sarif
from tests.conftest import REPO_ROOT

KEY = bytes(range(32))
# Types the default policy covers in full without an NER model (PERSON only in part).
STRUCTURED = {"EMAIL_ADDRESS", "CREDIT_CARD", "IBAN_CODE", "US_SSN", "IP_ADDRESS", "SECRET"}


@pytest.fixture(scope="module")
def sample(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("sample")
    write_corpus(root, seed=7, n_support=120, n_clinic=80, n_forum=40, n_instructions=60, n_code=30)
    return root


def labels(sample: Path, name: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (sample / "labels" / f"{name}.jsonl").open()]


def run_scan(paths: list[Path], policy: Policy | None = None, **options: Any) -> ScanResult:
    policy = policy or load_policy(REPO_ROOT / "policies" / "default.yaml").policy
    reader = ReaderOptions(id_field="id")
    return scan_paths(paths, policy, ScanOptions(reader=reader, **options), KEY)


@pytest.fixture(scope="module")
def scanned(sample: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[ScanResult, Path]:
    redacted = tmp_path_factory.mktemp("redacted")
    return run_scan([sample / "corpus"], redact_to=redacted), redacted


def spans(result: ScanResult) -> set[tuple[str, str, int, int, str]]:
    return {(f.record_id or "", f.field, f.start, f.end, f.type) for f in result.findings}


def hashed(record_id: str) -> str:
    """A record id from the data as findings hold it: its keyed hash."""
    return value_hash(KEY, record_id)


def test_every_structured_planted_value_is_found_at_its_offsets(
    sample: Path, scanned: tuple[ScanResult, Path]
) -> None:
    found = spans(scanned[0])
    missed = [
        (p["type"], p.get("subtype"), p["record_id"], p["field"])
        for p in labels(sample, "planted")
        if p["type"] in STRUCTURED
        and (hashed(p["record_id"]), p["field"], p["start"], p["end"], p["type"]) not in found
    ]
    assert missed == []


def test_near_miss_negatives_are_not_reported(
    sample: Path, scanned: tuple[ScanResult, Path]
) -> None:
    findings = scanned[0].findings
    wrongly = [
        (n["subtype"], n["type"])
        for n in labels(sample, "negatives")
        if any(
            f.record_id == hashed(n["record_id"])
            and f.field == n["field"]
            and f.start < n["end"]
            and n["start"] < f.end
            for f in findings
        )
    ]
    assert wrongly == []


def test_every_file_is_listed(sample: Path, scanned: tuple[ScanResult, Path]) -> None:
    listed = {Path(f["path"]).name for f in scanned[0].files}
    assert {"data.jsonl", "data.json", "data.csv", "README.md", "LICENSE"} <= listed
    assert all(f["status"] in {"scanned", "skipped", "partial"} for f in scanned[0].files)


def test_report_and_sarif_never_hold_raw_values(
    sample: Path, scanned: tuple[ScanResult, Path]
) -> None:
    loaded = load_policy(REPO_ROOT / "policies" / "default.yaml")
    report = build_report(scanned[0], loaded, [sample / "corpus"], {})
    text = json.dumps(report) + json.dumps(to_sarif(report))
    leaked = [p["type"] for p in labels(sample, "planted") if p["value"] in text]
    assert leaked == []
    assert report["verdict"] == "fail"
    assert report["policy"]["sha256"] == loaded.sha256
    assert {"findings", "files", "summary", "coverage", "policy", "verdict"} <= report.keys()


def test_sarif_shape(sample: Path, scanned: tuple[ScanResult, Path]) -> None:
    loaded = load_policy(REPO_ROOT / "policies" / "default.yaml")
    sarif = to_sarif(build_report(scanned[0], loaded, [sample / "corpus"], {}))
    assert sarif["version"] == "2.1.0"
    run = sarif["runs"][0]
    assert len(run["results"]) == len(scanned[0].findings)
    rule_ids = [rule["id"] for rule in run["tool"]["driver"]["rules"]]
    assert all(rule_ids[r["ruleIndex"]] == r["ruleId"] for r in run["results"])
    assert all(
        r["locations"][0]["physicalLocation"]["region"]["startLine"] >= 1 for r in run["results"]
    )


def test_redacted_copy_keeps_ids_structure_and_format(
    sample: Path, scanned: tuple[ScanResult, Path]
) -> None:
    redacted = scanned[1]
    original = {
        r.id: r.data for r in read_records([sample / "corpus"], ReaderOptions(id_field="id"))
    }
    copy = {r.id: r.data for r in read_records([redacted], ReaderOptions(id_field="id"))}
    assert copy.keys() == original.keys()
    for record_id, data in original.items():
        assert copy[record_id].keys() == data.keys()
        if "messages" in data:
            assert [m["role"] for m in copy[record_id]["messages"]] == [
                m["role"] for m in data["messages"]
            ]
    assert (redacted / "forum_threads" / "data.json").read_text().lstrip().startswith("[")
    with (redacted / "code_help" / "data.csv").open(newline="") as handle:
        assert next(csv.reader(handle))[0] == "id"
    assert (redacted / "support_chats" / "README.md").is_file()
    assert "<EMAIL_ADDRESS>" in (redacted / "support_chats" / "data.jsonl").read_text()


def test_scanning_the_redacted_copy_finds_nothing(scanned: tuple[ScanResult, Path]) -> None:
    rescan = run_scan([scanned[1]])
    assert [(f.type, f.detector) for f in rescan.findings] == []


def test_redacted_copy_holds_no_planted_value(
    sample: Path, scanned: tuple[ScanResult, Path]
) -> None:
    text = "".join(p.read_text() for p in scanned[1].rglob("*") if p.is_file())
    leaked = [
        p["type"]
        for p in labels(sample, "planted")
        if p["type"] in STRUCTURED and p["value"] in text
    ]
    assert leaked == []


def test_pseudonyms_are_consistent_and_distinct(tmp_path: Path) -> None:
    data = tmp_path / "d.jsonl"
    rows = [
        {"id": "1", "text": "write to ada@example.com please"},
        {"id": "2", "text": "ada@example.com and bob@example.org"},
    ]
    data.write_text("".join(json.dumps(r) + "\n" for r in rows))
    run_scan([data], redact_to=tmp_path / "out", redact_mode="pseudonym")
    first, second = [json.loads(line)["text"] for line in (tmp_path / "out" / "d.jsonl").open()]
    ada = first.split()[2]
    assert ada.startswith("<EMAIL_ADDRESS_") and second.split()[0] == ada
    assert second.split()[2] != ada
    assert "ada@" not in first + second


def test_two_workers_give_the_same_findings(sample: Path, scanned: tuple[ScanResult, Path]) -> None:
    parallel = run_scan([sample / "corpus"], workers=2)
    assert [f.to_json() for f in parallel.findings] == [f.to_json() for f in scanned[0].findings]


@pytest.fixture
def no_network(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("network access attempted")

    monkeypatch.setattr(socket, "socket", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)
    monkeypatch.setattr(socket, "getaddrinfo", refuse)
    yield


def test_whole_scan_runs_without_network(no_network: None, tmp_path: Path) -> None:
    data = tmp_path / "d.jsonl"
    data.write_text(
        json.dumps({"id": "1", "text": "mail ada@example.co.uk or see https://example.org"}) + "\n"
    )
    result = run_scan([data])
    assert [f.type for f in result.findings] == ["EMAIL_ADDRESS"]


def test_artifact_tree_findings_name_file_line_and_field(tmp_path: Path) -> None:
    import torch
    from safetensors.torch import save_file

    tree = tmp_path / "run"
    tree.mkdir()
    token = "hf_" + "".join(chr(ord("a") + (i * 7) % 26) for i in range(34))
    (tree / "train.log").write_text(f"step 1 loss 2.3\nlogin with {token}\n")
    save_file(
        {"w": torch.zeros(2)}, tree / "adapter.safetensors", metadata={"author": "ada@example.com"}
    )
    result = run_scan([tree])
    where = {(Path(f.path).name, f.line, f.field, f.type) for f in result.findings}
    assert ("train.log", 2, "line", "SECRET") in where
    assert ("adapter.safetensors", 1, "__metadata__.author", "EMAIL_ADDRESS") in {
        (name, 1, field, kind) for name, _, field, kind in where
    }
    assert {Path(f["path"]).name: f["status"] for f in result.files} == {
        "train.log": "scanned",
        "adapter.safetensors": "scanned",
    }


def govern(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    import os

    return subprocess.run(
        [sys.executable, "-m", "govern", *args],
        capture_output=True,
        text=True,
        cwd=REPO_ROOT,
        env={**os.environ, "GOVERN_HASH_KEY": KEY.hex(), **(env or {})},
        timeout=300,
    )


def test_cli_exit_codes_and_no_values_in_output(sample: Path, tmp_path: Path) -> None:
    clean = tmp_path / "clean.jsonl"
    clean.write_text(json.dumps({"id": "1", "text": "The weather is fine today."}) + "\n")
    passed = govern("scan", str(clean), "--workers", "1")
    assert passed.returncode == 0
    # the packaged policy asks for hex strings only next to a keyword: no gap to report
    assert "not covered: none" in passed.stdout, passed.stdout
    report = tmp_path / "r.json"
    sarif = tmp_path / "r.sarif"
    dirty = govern(
        "scan",
        str(sample / "corpus" / "code_help"),
        "--workers",
        "1",
        "--report",
        str(report),
        "--sarif",
        str(sarif),
        "--json",
    )
    assert dirty.returncode == 1, dirty.stderr
    assert json.loads(report.read_text())["verdict"] == "fail"
    everything = dirty.stdout + dirty.stderr + report.read_text() + sarif.read_text()
    assert [p["type"] for p in labels(sample, "planted") if p["value"] in everything] == []
    assert govern("scan", str(tmp_path / "missing")).returncode == 2
    assert govern("scan", str(clean), "--redact-mode", "shuffle").returncode == 2


def test_a_type_the_policy_must_cover_fails_the_scan_when_uncovered(tmp_path: Path) -> None:
    data = tmp_path / "d.jsonl"
    data.write_text(json.dumps({"id": "1", "text": "The weather is fine today."}) + "\n")
    loaded = load_policy(REPO_ROOT / "policies" / "default.yaml")
    assert "PERSON" in loaded.policy.pii.required() and loaded.policy.pii.name_patterns
    no_names = loaded.policy.pii.model_copy(update={"name_patterns": False, "name_lexicon": False})
    policy = loaded.policy.model_copy(update={"pii": no_names})
    result = scan_paths([data], policy, ScanOptions(reader=ReaderOptions(id_field="id")), KEY)
    assert "PERSON" in result.coverage["not_covered"]
    report = build_report(result, dataclasses.replace(loaded, policy=policy), [data], {})
    assert report["verdict"] == "fail"
    assert "PERSON is not covered by any detector (fails: pii.must_cover)" in report["reasons"]
    assert report["coverage"]["must_cover"] == loaded.policy.pii.required()
    # near miss: with the name signals on, everything required is covered
    covered = build_report(run_scan([data]), loaded, [data], {})
    assert covered["verdict"] == "pass" and "PERSON" not in covered["coverage"]["not_covered"]
    # a required type missing from entities is not looked for, so not covered either
    dropped = loaded.policy.pii.model_copy(
        update={"entities": [e for e in loaded.policy.pii.entities if e != "FAX_NUMBER"]}
    )
    gap = loaded.policy.model_copy(update={"pii": dropped})
    scanned = scan_paths([data], gap, ScanOptions(reader=ReaderOptions(id_field="id")), KEY)
    report = build_report(scanned, dataclasses.replace(loaded, policy=gap), [data], {})
    assert "FAX_NUMBER is not covered by any detector (fails: pii.must_cover)" in report["reasons"]


def test_uncovered_entities_warn_by_default_and_fail_when_asked(tmp_path: Path) -> None:
    data = tmp_path / "d.jsonl"
    data.write_text(json.dumps({"id": "1", "text": "The weather is fine today."}) + "\n")
    default = load_policy(REPO_ROOT / "policies" / "default.yaml")
    listed = [*default.policy.pii.entities, "LOCATION"]  # asked for: NER reading whole texts
    pii = default.policy.pii.model_copy(update={"entities": listed})
    loaded = dataclasses.replace(default, policy=default.policy.model_copy(update={"pii": pii}))
    result = run_scan([data], loaded.policy)
    # LOCATION needs an NER model, none here (PERSON has the name lexicon)
    assert "LOCATION" in result.coverage["not_covered"]
    report = build_report(result, loaded, [data], {})
    assert report["verdict"] == "pass"
    assert "LOCATION is not covered by any detector (warning)" in report["reasons"]
    strict_pii = loaded.policy.pii.model_copy(update={"uncovered": "fail"})
    strict = dataclasses.replace(
        loaded, policy=loaded.policy.model_copy(update={"pii": strict_pii})
    )
    failed = build_report(result, strict, [data], {})
    assert failed["verdict"] == "fail"
    assert "LOCATION is not covered by any detector (fails)" in failed["reasons"]
    # near miss: a policy that does not list LOCATION has nothing uncovered to report
    narrow_pii = strict_pii.model_copy(update={"entities": ["EMAIL_ADDRESS"]})
    narrow = dataclasses.replace(
        loaded, policy=loaded.policy.model_copy(update={"pii": narrow_pii})
    )
    assert build_report(result, narrow, [data], {})["verdict"] == "pass"


def test_chunks_are_bounded_and_do_not_change_the_scan(
    sample: Path, scanned: tuple[ScanResult, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Records reach the detectors in chunks of at most _CHUNK_RECORDS records or about
    # _CHUNK_CHARS characters (memory stays bounded); how they are cut never shows.
    from govern.scan import worker

    whole, _ = scanned
    monkeypatch.setattr(worker, "_CHUNK_RECORDS", 10_000)
    monkeypatch.setattr(worker, "_CHUNK_CHARS", 2_000)
    batches: list[int] = []
    detect_each = worker._detect_each

    def counting(texts: list[str], detectors: Any = None) -> Any:
        batches.append(len(texts))
        return detect_each(texts, detectors)

    monkeypatch.setattr(worker, "_detect_each", counting)
    small = run_scan([sample / "corpus"], redact_to=None)
    assert small.findings == whole.findings
    assert small.fields.to_json() == whole.fields.to_json()
    assert (small.records, small.texts, small.characters) == (
        whole.records,
        whole.texts,
        whole.characters,
    )
    assert small.filtered == Counter({k: v for k, v in whole.filtered.items() if "RESCAN" not in k})
    # two detection calls per chunk (texts, values); a chunk ends once it holds 2,000
    # characters, so it holds under 2,000 plus one record's
    assert len(batches) // 2 >= whole.characters / 4_000


def test_filtered_candidates_count_every_record_however_the_records_are_chunked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A text repeated in many records is detected once per chunk, but its dropped candidates
    # count once per record, so --workers (shards) and chunk sizes never change the counts.
    from govern.scan import worker

    data = tmp_path / "d.jsonl"
    text = 'config: password = "' + "x" * 20 + '" (the placeholder from the docs)'
    data.write_text("".join(json.dumps({"id": str(i), "text": text}) + "\n" for i in range(6)))
    together = run_scan([data], workers=1)
    monkeypatch.setattr(worker, "_CHUNK_RECORDS", 1)
    apart = run_scan([data], workers=1)
    assert together.findings == apart.findings == []
    assert together.filtered == apart.filtered
    assert together.filtered["placeholder"] == 6


def test_warm_up_freezes_what_it_loads(tmp_path: Path) -> None:
    # What warming loads lives as long as the process: frozen, no full collection during a
    # scan walks it again, nor does a forked worker copy its pages to update it.
    import gc

    from govern.scan import worker

    policy = load_policy(REPO_ROOT / "policies" / "default.yaml").policy
    worker.start_worker(policy, KEY, None)
    frozen = gc.get_freeze_count()
    worker.warm_up()
    assert gc.get_freeze_count() > frozen
    assert len(gc.get_objects()) < 1_000  # what this test made since, not the detectors'
    data = tmp_path / "d.jsonl"
    email = "ana.lee" + "@" + "example.org"
    data.write_text(json.dumps({"id": "1", "text": f"mail {email}"}) + "\n")
    assert [f.type for f in run_scan([data], workers=1).findings] == ["EMAIL_ADDRESS"]


def test_a_text_seen_in_an_earlier_chunk_is_not_detected_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Chat repeats its system prompts and stock replies across records: a scan detects each
    # distinct text once, not once per chunk, with the same findings and counts per record;
    # what it remembers is bounded (then it starts over) and is its own (not the next scan's).
    from govern.scan import worker

    email = "ana.lee" + "@" + "example.org"
    repeated = f"Write to {email} or call 212-555-0147. password = 'changeme' (placeholder)"
    rows = [{"id": str(i), "text": repeated if i % 2 else f"turn {i}: {email}"} for i in range(12)]
    data = tmp_path / "d.jsonl"
    data.write_text("".join(json.dumps(row) + "\n" for row in rows))
    monkeypatch.setattr(worker, "_CHUNK_RECORDS", 1)  # every record a chunk of its own
    detected: list[str] = []
    detect_each = worker._detect_each

    def counting(texts: list[str], detectors: Any = None) -> Any:
        detected.extend(texts)
        return detect_each(texts, detectors)

    monkeypatch.setattr(worker, "_detect_each", counting)
    remembering = run_scan([data], workers=1)
    assert detected.count(repeated) == 1
    detected.clear()
    again = run_scan([data], workers=1)  # a new scan remembers nothing of the last
    assert detected.count(repeated) == 1 and again.findings == remembering.findings
    for kept in (0, 2 * len(repeated)):  # room for one text at a time; for a few
        monkeypatch.setattr(worker, "KEPT_TEXT_CHARS", kept)
        detected.clear()
        forgetting = run_scan([data], workers=1)
        # each record adds a text: starting over, the scan detects the repeat again
        assert detected.count(repeated) == 6 if kept == 0 else 1 < detected.count(repeated) < 6
        assert forgetting.findings == remembering.findings
        assert forgetting.filtered == remembering.filtered
    monkeypatch.setattr(worker, "LONGEST_KEPT_TEXT", len(repeated) - 1)  # too long to keep
    detected.clear()
    assert run_scan([data], workers=1).findings == remembering.findings
    assert detected.count(repeated) == 6
    by_record = Counter(f.record_id for f in remembering.findings if f.type == "EMAIL_ADDRESS")
    assert sorted(by_record.values()) == [1] * 12
    assert remembering.filtered["placeholder"] == 6
