"""ARCHITECTURE.md's four recipes, each followed once: a detector, a dataset format, a report
section and an engine, added the way the recipe says and seen working end to end."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from govern import records
from govern.engines import Engine
from govern.errors import InputError
from govern.manifest.entries import ManifestEntry
from govern.policy import Policy, load_policy
from govern.records import RawRecord, ReaderOptions, read_records
from govern.review import document
from govern.review.blocks import SECTION_TITLES, Block, facts, section
from govern.review.inputs import Collected
from govern.review.report import write_review
from govern.scan.engine import ScanOptions, ScanResult
from tests.conftest import REPO_ROOT

KEY = bytes(range(32))
TICKETS = [
    {"id": "t1", "messages": [{"role": "user", "content": "my badge is ZX-7315-K, help"}]},
    {"id": "t2", "messages": [{"role": "user", "content": "badge ZX-73-K is too short"}]},
]


def write_jsonl(path: Path, rows: list[dict[str, Any]]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    return path


DETECTOR = '''
import re

from govern.scan.base import Detector, Hit

BADGE = re.compile(r"\\bZX-\\d{4}-[A-Z]\\b")


class BadgeDetector(Detector):
    """Staff badge numbers (a synthetic format for this test)."""

    name = "badge"
    section = "secrets"

    def detect(self, text):
        if "ZX-" not in text:  # the cheap prefilter
            return []
        return [
            Hit(m.start(), m.end(), "SECRET", "badge", 1.0, subtype="badge")
            for m in BADGE.finditer(text)
        ]
'''


def test_a_detector_is_one_module_found_without_registration(tmp_path: Path) -> None:
    # The recipe's one file, in a folder added to govern.scan's package path (never the repo's).
    extra = tmp_path / "scan_extra"
    extra.mkdir()
    (extra / "badge.py").write_text(DETECTOR, encoding="utf-8")
    data = write_jsonl(tmp_path / "tickets.jsonl", TICKETS)
    policy = (REPO_ROOT / "policies" / "default.yaml").read_text(encoding="utf-8")
    (tmp_path / "policy.yaml").write_text(
        policy.replace("pii:\n  enabled: true", "pii:\n  enabled: false", 1), encoding="utf-8"
    )
    script = textwrap.dedent(
        f"""
        import json, sys
        import govern.scan
        govern.scan.__path__.append({str(extra)!r})
        from govern.policy import load_policy
        from govern.scan import detector_classes
        from govern.scan.engine import ScanOptions, scan_paths
        names = [cls.name for cls in detector_classes()]
        loaded = load_policy({str(tmp_path / "policy.yaml")!r})
        result = scan_paths([__import__("pathlib").Path({str(data)!r})], loaded.policy,
                            ScanOptions(), bytes(range(32)))
        print(json.dumps({{"names": names, "found": [
            [f.record_id, f.field, f.start, f.end, f.detector] for f in result.findings]}}))
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=REPO_ROOT, check=True
    )
    out = json.loads(done.stdout.strip().splitlines()[-1])
    assert "badge" in out["names"]
    badges = [found for found in out["found"] if found[4] == "badge"]
    # The first ticket's badge is found at its offsets; the second's near miss is not (a
    # value that looks typed into documentation, like ZX-4242-Q, the scan's filters drop).
    assert len(badges) == 1
    assert badges[0][1:4] == ["messages.0.content", 12, 21]


def _read_tsv(source: Path) -> Iterator[RawRecord | records._BadRecord]:
    lines = source.read_text(encoding="utf-8").splitlines()
    header = lines[0].split("\t")
    for number, line in enumerate(lines[1:], start=2):
        cells = line.split("\t")
        if len(cells) != len(header):
            yield records._BadRecord(
                records.location(str(source), number), f"{len(cells)} cells, expected {len(header)}"
            )
        else:
            yield RawRecord(dict(zip(header, cells, strict=True)), str(source), number)


def test_a_dataset_format_is_one_reader_and_its_suffix(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(records.READERS, "tsv", _read_tsv)
    monkeypatch.setitem(records.ROW_FORMATS, ".tsv", "tsv")
    monkeypatch.setitem(records.DATASET_FORMATS, ".tsv", "tsv")
    path = tmp_path / "qa.tsv"
    path.write_text("id\tquestion\tanswer\nq1\tWhat is 2+2?\tFour\n", encoding="utf-8")
    (record,) = read_records([tmp_path], ReaderOptions(id_field="id"))
    assert (record.id, record.kind, record.location) == ("q1", "qa", f"{path}:2")
    assert [field.text for field in record.texts or ()] == ["What is 2+2?", "Four"]

    path.write_text("id\tquestion\tanswer\nq1\tWhat is 2+2?\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"qa\.tsv:2: 2 cells, expected 3"):
        list(read_records([path], ReaderOptions()))


def notes_section(c: Collected) -> Block:
    """How many inputs the review read: the smallest section there is."""
    read = sum(found.ok for found in c.inputs.values())
    return section("notes", [], [facts([("inputs read", read)])], c)


def test_a_report_section_is_one_builder_listed_in_the_document(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(SECTION_TITLES, "notes", "Reviewer notes")
    monkeypatch.setattr(document, "SECTIONS", (*document.SECTIONS[:-1], notes_section))
    written = write_review(
        tmp_path,
        None,
        html=tmp_path / "review.html",
        markdown=tmp_path / "review.md",
        json_path=tmp_path / "review.json",
    )
    sections = json.loads((tmp_path / "review.json").read_text())["sections"]
    assert [s["id"] for s in sections][-1] == "notes"
    assert sections[-1]["blocks"] == [
        {"type": "facts", "caption": "", "rows": [["inputs read", 0]]}
    ]
    assert "Reviewer notes" in (tmp_path / "review.html").read_text()
    assert "Reviewer notes" in (tmp_path / "review.md").read_text()
    assert written.review.document["sections"] == sections


class CountingEngine(Engine):
    """An engine as the recipe writes one: it replaces who runs the pieces, nothing else."""

    name = "counting"

    def __init__(self) -> None:
        self.calls: list[str] = []

    def scan_paths(
        self, paths: list[Path], policy: Policy, options: ScanOptions, key: bytes
    ) -> ScanResult:
        self.calls.append("scan")
        return super().scan_paths(paths, policy, options, key)

    def read_entries(self, files: dict[str, Path], workers: int = 0) -> list[ManifestEntry]:
        self.calls.append("hash")
        return super().read_entries(files, workers)


def test_an_engine_is_one_subclass_and_gives_the_local_result(tmp_path: Path) -> None:
    loaded = load_policy(REPO_ROOT / "policies" / "default.yaml")
    data = write_jsonl(tmp_path / "data" / "tickets.jsonl", TICKETS)
    engine = CountingEngine()
    report = engine.scan([data], loaded, ScanOptions(), KEY)
    local = Engine().scan([data], loaded, ScanOptions(), KEY)
    assert report["findings"] == local["findings"]
    manifest = engine.manifest([data.parent], loaded, base=tmp_path)
    assert manifest == Engine().manifest([data.parent], loaded, base=tmp_path)
    assert engine.calls == ["scan", "hash"]
