"""``scan --redact-to`` commits the redacted folder as one step: no stale files, crash-proof."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from govern.errors import InputError
from govern.io import recover_folder
from govern.policy import LoadedPolicy, load_policy
from govern.records import ReaderOptions
from govern.scan.engine import ScanOptions
from govern.scan.report import run_scan
from tests.conftest import REPO_ROOT
from tests.faults import MODES, cut_short, hidden_leftovers, renames_in, snapshot

KEY = bytes(range(32))
READER = ReaderOptions(id_field="id")


@pytest.fixture(scope="module")
def loaded() -> LoadedPolicy:
    return load_policy(REPO_ROOT / "policies" / "default.yaml")


def dataset(folder: Path, names: list[str], tag: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for name in names:
        rows = [
            {"id": f"{name}-{i}", "text": f"{tag} write to user{i}@example.com please"}
            for i in range(3)
        ]
        (folder / f"{name}.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    return folder


def redact(loaded: LoadedPolicy, source: Path, out: Path, report: Path) -> None:
    options = ScanOptions(workers=1, redact_to=out, reader=READER)
    run_scan([source], loaded, options, KEY, report_path=report)


def test_reusing_redact_to_leaves_no_stale_file(loaded: LoadedPolicy, tmp_path: Path) -> None:
    out = tmp_path / "redacted"
    redact(loaded, dataset(tmp_path / "a", ["one", "two"], "a"), out, tmp_path / "a.json")
    assert sorted(snapshot(out)) == ["one.jsonl", "two.jsonl"]
    redact(loaded, dataset(tmp_path / "b", ["three"], "b"), out, tmp_path / "b.json")
    assert sorted(snapshot(out)) == ["three.jsonl"]  # one and two came from the earlier input
    assert "example.com" not in snapshot(out)["three.jsonl"].decode()
    report = json.loads((tmp_path / "b.json").read_text())
    assert report["summary"]["redacted_outputs"] == [str(out / "three.jsonl")]
    assert hidden_leftovers(tmp_path) == []


def test_redact_to_may_not_replace_or_sit_in_the_input(
    loaded: LoadedPolicy, tmp_path: Path
) -> None:
    source = dataset(tmp_path / "data", ["one"], "x")
    for out in (source, source / "redacted", tmp_path):
        with pytest.raises(InputError, match="must be outside the scanned input"):
            redact(loaded, source, out, tmp_path / "r.json")
    assert sorted(snapshot(source)) == ["one.jsonl"]


def test_redaction_cut_short_at_any_rename_keeps_old_or_new(
    loaded: LoadedPolicy, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = dataset(tmp_path / "first", ["one", "two"], "first")
    second = dataset(tmp_path / "second", ["two", "three"], "second")
    old_out = tmp_path / "old"
    redact(loaded, first, old_out, tmp_path / "old.json")
    old = snapshot(old_out)
    reference = tmp_path / "reference"
    shutil.copytree(old_out, reference)
    total = renames_in(
        monkeypatch, lambda: redact(loaded, second, reference, tmp_path / "ref.json")
    )
    new = snapshot(reference)
    assert total >= 4 and old != new
    for mode in MODES:
        for n in range(1, total + 1):
            parent = tmp_path / f"{mode}-{n}"
            out = parent / "redacted"
            shutil.copytree(old_out, out)
            report = parent / "report.json"
            cut_short(monkeypatch, n, mode, lambda o=out, r=report: redact(loaded, second, o, r))  # type: ignore[misc]
            recover_folder(out)
            assert snapshot(out) in (old, new), (mode, n)
            redact(loaded, second, out, report)
            assert snapshot(out) == new and report.is_file(), (mode, n)
            assert hidden_leftovers(parent) == [], (mode, n)
