"""A ``datasets`` save_to_disk input gives save_to_disk outputs: the redacted copy, the split
folders and the approved copy all load with ``datasets.load_from_disk``, with the source's
features, its rows and (for the redacted copy) the redacted values in place."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any

import datasets
import pytest

from govern.errors import InputError
from govern.policy import LoadedPolicy, load_policy
from govern.records import ReaderOptions, ReadStats
from govern.scan.engine import ScanOptions
from govern.scan.report import run_scan
from govern.splits.layout import read_splits
from govern.splits.options import SplitOptions
from govern.splits.split import split_dataset
from tests.conftest import REPO_ROOT, run_govern
from tests.faults import hidden_leftovers

KEY = bytes(range(32))
READER = ReaderOptions(id_field="id")
FEATURES = datasets.Features(
    {
        "id": datasets.Value("string"),
        "text": datasets.Value("string"),
        "score": datasets.Value("int32"),  # not the int64 a rebuilt dataset would infer
        "tags": datasets.Sequence(datasets.Value("string")),
    }
)


def rows(prefix: str, count: int) -> list[dict[str, Any]]:
    return [
        {
            "id": f"{prefix}-{i}",
            "text": f"row {i}: write to user{i}@example.com about the order",
            "score": i,
            "tags": ["a", prefix],
        }
        for i in range(count)
    ]


def save_dataset(folder: Path, count: int = 12) -> Path:
    datasets.Dataset.from_list(rows("one", count), features=FEATURES).save_to_disk(str(folder))
    return folder


def save_dataset_dict(folder: Path) -> Path:
    parts = {"train": rows("tr", 30), "test": rows("te", 9)}
    datasets.DatasetDict(
        {name: datasets.Dataset.from_list(data, features=FEATURES) for name, data in parts.items()}
    ).save_to_disk(str(folder))
    return folder


@pytest.fixture(scope="module")
def loaded() -> LoadedPolicy:
    return load_policy(REPO_ROOT / "policies" / "default.yaml")


def redact(loaded: LoadedPolicy, source: Path, out: Path, workers: int = 1) -> dict[str, Any]:
    report = out.parent / f"{out.name}.json"
    options = ScanOptions(workers=workers, redact_to=out, reader=READER)
    run_scan([source], loaded, options, KEY, report_path=report)
    document: dict[str, Any] = json.loads(report.read_text())
    return document


def test_redacting_a_saved_dataset_writes_a_saved_dataset(
    loaded: LoadedPolicy, tmp_path: Path
) -> None:
    source = save_dataset(tmp_path / "hf")
    report = redact(loaded, source, tmp_path / "redacted")
    copy = datasets.load_from_disk(str(tmp_path / "redacted" / "hf"))
    assert isinstance(copy, datasets.Dataset)
    assert copy.features == FEATURES
    assert len(copy) == 12
    assert copy[3]["text"] == "row 3: write to <EMAIL_ADDRESS> about the order"
    assert (copy[3]["id"], copy[3]["score"], copy[3]["tags"]) == ("one-3", 3, ["a", "one"])
    assert not any("example.com" in text for text in copy["text"])
    assert report["summary"]["redacted_outputs"] == [str(tmp_path / "redacted" / "hf")]
    # Findings name records as before: the folder and row the reader gave them.
    assert {f["path"] for f in report["findings"]} == {str(source)}
    assert sorted(f["line"] for f in report["findings"]) == list(range(1, 13))
    # Owner-only, like every other output.
    for path in (tmp_path / "redacted").rglob("*"):
        assert stat.S_IMODE(os.stat(path).st_mode) & 0o077 == 0, path


@pytest.mark.parametrize("workers", [1, 2])  # 2: worker processes write parts, then joined
def test_redacting_a_dataset_dict_keeps_its_splits(
    loaded: LoadedPolicy, tmp_path: Path, workers: int
) -> None:
    source = save_dataset_dict(tmp_path / "hf")
    redact(loaded, source, tmp_path / "redacted", workers)
    copy = datasets.load_from_disk(str(tmp_path / "redacted" / "hf"))
    assert isinstance(copy, datasets.DatasetDict)
    assert list(copy) == ["train", "test"]  # the source's order
    assert (len(copy["train"]), len(copy["test"])) == (30, 9)
    assert copy["test"].features == FEATURES
    assert copy["test"][0]["text"] == "row 0: write to <EMAIL_ADDRESS> about the order"


def test_a_folder_mixing_saved_datasets_and_files_writes_each_as_read(
    loaded: LoadedPolicy, tmp_path: Path
) -> None:
    corpus = tmp_path / "corpus"
    save_dataset(corpus / "hf")
    (corpus / "notes.jsonl").write_text(json.dumps(rows("n", 1)[0]) + "\n")
    redact(loaded, corpus, tmp_path / "redacted")
    assert len(datasets.load_from_disk(str(tmp_path / "redacted" / "hf"))) == 12
    (line,) = (tmp_path / "redacted" / "notes.jsonl").read_text().splitlines()
    assert json.loads(line)["text"] == "row 0: write to <EMAIL_ADDRESS> about the order"


def test_a_bad_record_after_a_saved_dataset_leaves_no_output(
    loaded: LoadedPolicy, tmp_path: Path
) -> None:
    corpus = tmp_path / "corpus"
    save_dataset(corpus / "a_hf")  # read, redacted and written first
    (corpus / "z.jsonl").write_text('{"id": "z1", "text": "fine"}\n{"id": "z2", "text": \n')
    with pytest.raises(InputError, match=r"z.jsonl:2"):
        redact(loaded, corpus, tmp_path / "redacted")
    assert not (tmp_path / "redacted").exists()
    assert hidden_leftovers(tmp_path) == []


def test_redact_to_a_saved_dataset_through_the_cli(tmp_path: Path) -> None:
    save_dataset(tmp_path / "hf", count=3)
    result = run_govern("scan", "hf", "--redact-to", "clean", "--id-field", "id", cwd=tmp_path)
    assert result.returncode == 1, result.stderr  # the emails are findings
    assert "not supported" not in result.stderr
    copy = datasets.load_from_disk(str(tmp_path / "clean" / "hf"))
    assert copy["text"][2] == "row 2: write to <EMAIL_ADDRESS> about the order"


def split_policy(tmp_path: Path) -> LoadedPolicy:
    path = tmp_path / "policy.yaml"
    path.write_text("version: 1\nname: test\nsplits:\n  by: [id]\n")
    return load_policy(path)


def test_splitting_a_dataset_dict_writes_dataset_dicts(tmp_path: Path) -> None:
    source = save_dataset_dict(tmp_path / "hf")
    out = tmp_path / "splits"
    report = split_dataset(source, out, split_policy(tmp_path), SplitOptions(reader=READER))
    seen: list[str] = []
    for name in ("train", "validation", "test"):
        folder = out / name / "hf"
        if not folder.exists():
            continue
        part = datasets.load_from_disk(str(folder))
        assert isinstance(part, datasets.DatasetDict)
        assert set(part) <= {"train", "test"} and list(part) == sorted(part, reverse=True)
        for subset in part.values():
            assert subset.features == FEATURES
            seen += subset["id"]
    assert sorted(seen) == sorted(r["id"] for r in rows("tr", 30) + rows("te", 9))
    assert report.to_json()["splits"]["train"]["rows"] > 0
    # ``govern leaks`` reads the split folder back: every record, once, in its split.
    back = [(index, record.data["id"]) for index, record in read_splits(out, READER, ReadStats())]
    assert sorted(record_id for _, record_id in back) == sorted(seen)


def test_splitting_a_saved_dataset_keeps_features_and_rows(tmp_path: Path) -> None:
    source = save_dataset(tmp_path / "hf", count=40)
    out = tmp_path / "splits"
    split_dataset(source, out, split_policy(tmp_path), SplitOptions(reader=READER))
    total = 0
    for name in ("train", "validation", "test"):
        assert not (out / name / "hf.parquet").exists()
        if (out / name / "hf").exists():
            part = datasets.load_from_disk(str(out / name / "hf"))
            assert isinstance(part, datasets.Dataset) and part.features == FEATURES
            total += len(part)
    assert total == 40


def test_approved_copy_of_a_saved_dataset_is_a_saved_dataset(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus"
    save_dataset_dict(corpus / "open" / "hf")
    (corpus / "open" / "README.md").write_text("---\nlicense: mit\n---\n")
    policy = str(REPO_ROOT / "policies" / "default.yaml")
    args = ("--policy", policy, "licenses", "corpus", "--approved-to", "approved", "--json")
    result = run_govern(*args, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    copy = datasets.load_from_disk(str(tmp_path / "approved" / "open" / "hf"))
    assert isinstance(copy, datasets.DatasetDict)
    assert (len(copy["train"]), len(copy["test"])) == (30, 9)
    assert copy["train"].features == FEATURES
    assert copy["train"][0]["text"] == rows("tr", 1)[0]["text"]  # approved, not redacted
    files = json.loads(result.stdout)["approved"]["files"]
    assert "open/hf/dataset_dict.json" in files and "open/hf/train/state.json" in files


def test_fixing_leaks_in_a_saved_dataset_split_keeps_save_to_disk(tmp_path: Path) -> None:
    originals = rows("r", 60)
    copies = [{**row, "id": f"copy-{row['id']}"} for row in originals[:20]]  # exact duplicates
    datasets.DatasetDict(
        {"train": datasets.Dataset.from_list(originals + copies, features=FEATURES)}
    ).save_to_disk(str(tmp_path / "hf"))
    split_dataset(tmp_path / "hf", tmp_path / "out", split_policy(tmp_path), SplitOptions())
    fix = ("leaks", "out", "--id-field", "id", "--fix", "--out", "fixed")
    result = run_govern(*fix, cwd=tmp_path)
    assert "moved" in result.stdout, result.stderr
    assert run_govern("leaks", "fixed", "--id-field", "id", cwd=tmp_path).returncode == 0
    placed: dict[str, str] = {}
    for name in ("train", "validation", "test"):
        if (tmp_path / "fixed" / name / "hf").exists():
            part = datasets.load_from_disk(str(tmp_path / "fixed" / name / "hf"))
            assert isinstance(part, datasets.DatasetDict) and part["train"].features == FEATURES
            placed.update(dict.fromkeys(part["train"]["id"], name))
    assert len(placed) == 80
    assert all(placed[f"copy-r-{i}"] == placed[f"r-{i}"] for i in range(20))
