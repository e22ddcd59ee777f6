"""Building manifests: determinism, rows and schema per format, summaries, lineage, writing."""

from __future__ import annotations

import hashlib
import json
import os
import stat
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from govern.errors import InputError
from govern.manifest import build_manifest, load_manifest, manifest_id, write_manifest
from govern.manifest import entries as entries_module
from govern.manifest.shape import describe
from govern.policy import LoadedPolicy, load_policy
from tests.conftest import REPO_ROOT
from tests.manifest.conftest import write_jsonl, write_project


def entry(manifest: dict[str, Any], path: str) -> dict[str, Any]:
    return next(e for e in manifest["files"] if e["path"] == path)


def test_lists_every_file_with_hash_and_dataset_shape(project: Path, policy: LoadedPolicy) -> None:
    manifest = build_manifest([Path("data")], policy)
    assert [e["path"] for e in manifest["files"]] == [
        "data/alpaca/LICENSE",
        "data/alpaca/data.json",
        "data/chats/README.md",
        "data/chats/data.jsonl",
        "data/code/data.csv",
        "data/columns/data.parquet",
    ]
    chats = entry(manifest, "data/chats/data.jsonl")
    raw = (project / "data/chats/data.jsonl").read_bytes()
    assert chats["size"] == len(raw)
    assert chats["sha256"] == hashlib.sha256(raw).hexdigest()
    assert chats["format"] == "jsonl" and chats["rows"] == 2
    assert chats["schema"] == {
        "id": ["string"],
        "messages": ["array"],
        "patient_id": ["null", "string"],
    }
    card = entry(manifest, "data/chats/README.md")
    assert (card["format"], card["rows"], card["schema"]) == (None, None, None)
    assert manifest["totals"] == {"files": 6, "bytes": manifest["totals"]["bytes"],
                                  "dataset_files": 4, "rows": 2 + 3 + 2 + 2}  # fmt: skip
    assert manifest["base"] == "." and manifest["roots"] == ["data"]
    assert manifest["policy"]["sha256"] == policy.sha256


def test_rows_and_schema_for_json_csv_and_parquet(project: Path, policy: LoadedPolicy) -> None:
    manifest = build_manifest([Path("data")], policy)
    alpaca = {
        "id": ["string"],
        "input": ["string"],
        "instruction": ["string"],
        "output": ["string"],
    }
    assert entry(manifest, "data/alpaca/data.json")["schema"] == alpaca
    assert entry(manifest, "data/alpaca/data.json")["rows"] == 3
    csv_entry = entry(manifest, "data/code/data.csv")
    assert csv_entry["rows"] == 2  # the quoted newline does not start a row
    assert csv_entry["schema"] == {
        "id": ["string"],
        "instruction": ["string"],
        "output": ["string"],
    }
    parquet = entry(manifest, "data/columns/data.parquet")
    assert parquet["rows"] == 2
    assert parquet["schema"] == {**alpaca, "score": ["null", "number"]}


def test_save_to_disk_arrow_files_have_rows_and_metadata_is_a_document(tmp_path: Path) -> None:
    import datasets

    datasets.Dataset.from_list([{"text": "a", "n": 1}, {"text": None, "n": 2}]).save_to_disk(
        str(tmp_path / "saved")
    )
    shapes = {p.name: describe(p) for p in (tmp_path / "saved").iterdir()}
    arrow = next(shape for name, shape in shapes.items() if name.endswith(".arrow"))
    assert arrow is not None and arrow.rows == 2
    assert arrow.schema == {"n": ["integer"], "text": ["null", "string"]}
    assert shapes["dataset_info.json"] is None and shapes["state.json"] is None


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.dictionaries(
            st.sampled_from(["a", "b", "c"]),
            st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
        ),
        min_size=1,  # an empty file is refused (tests/test_bad_inputs.py)
        max_size=8,
    )
)
def test_jsonl_schema_is_every_type_seen(rows: list[dict[str, Any]]) -> None:
    import tempfile

    names = {bool: "boolean", int: "integer", float: "number", str: "string", type(None): "null"}
    expected: dict[str, set[str]] = {}
    for row in rows:
        for key, value in row.items():
            expected.setdefault(key, set()).add(names[type(value)])
    with tempfile.TemporaryDirectory() as tmp:
        shape = describe(write_jsonl(Path(tmp) / "d.jsonl", rows))
    assert shape is not None and shape.rows == len(rows)
    assert shape.schema == {key: sorted(kinds) for key, kinds in sorted(expected.items())}


def test_bad_dataset_file_is_an_input_error_naming_the_line(tmp_path: Path) -> None:
    bad = tmp_path / "d.jsonl"
    bad.write_text('{"a": 1}\n{"a": \n')
    with pytest.raises(InputError, match=r"d\.jsonl:2: invalid JSON"):
        describe(bad)
    bad.write_text('{"a": 1}\n[1]\n')
    with pytest.raises(InputError, match=r"d\.jsonl:2: expected an object"):
        describe(bad)


def test_build_twice_gives_byte_identical_files(project: Path, policy: LoadedPolicy) -> None:
    reports = {"scan": Path("reports/scan.json")}
    for out, workers in (("one.json", 1), ("two.json", 4)):
        manifest = build_manifest([Path("data")], policy, reports=reports, workers=workers)
        write_manifest(manifest, Path(out))
    assert Path("one.json").read_bytes() == Path("two.json").read_bytes()


def test_same_layout_elsewhere_gives_the_same_manifest(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    outputs = []
    for name in ("first", "second/nested"):
        folder = tmp_path / name
        write_project(folder)
        (folder / "policy.yaml").write_text("name: test\n")
        monkeypatch.chdir(folder)
        manifest = build_manifest([Path("data")], load_policy(folder / "policy.yaml"))
        outputs.append(write_manifest(manifest, Path("manifest.json")).read_bytes())
    assert outputs[0] == outputs[1]


def test_parsing_in_worker_processes_gives_the_same_manifest(
    project: Path, policy: LoadedPolicy, monkeypatch: pytest.MonkeyPatch
) -> None:
    serial = build_manifest([Path("data")], policy, workers=1)
    monkeypatch.setattr(entries_module, "PROCESS_MIN_BYTES", 0)
    assert build_manifest([Path("data")], policy, workers=2) == serial


def test_summaries_from_reports_and_missing_ones_noted(project: Path, policy: LoadedPolicy) -> None:
    reports = Path("reports")
    reports.mkdir()
    scan = {"verdict": "pass", "summary": {"findings": 0, "records": 9, "by_type": {}}}
    (reports / "scan.json").write_text(json.dumps(scan))
    licenses = {
        "verdict": "fail",
        "sources": [{"source": "chats", "verdict": "approved"}, {"source": "code", "verdict": "x"}],
    }
    (reports / "licenses.json").write_text(json.dumps(licenses))
    split = {
        "splits": {
            "train": {"target": 0.8, "rows": 8, "row_ratio": 0.8, "groups": 7, "files": ["x"]},
            "test": {"target": 0.2, "rows": 2, "row_ratio": 0.2, "groups": 3, "files": []},
        },
    }
    (reports / "split.json").write_text(json.dumps(split))
    leaks = {
        "passed": False,
        "checks": {"exact_duplicate": {"leaks": 3}, "near_duplicate": {"leaks": 2}},
        "fix": {"moved_records": 4},
        "after": {"passed": True, "checks": {"exact_duplicate": {"leaks": 0}}},
    }
    (reports / "leaks.json").write_text(json.dumps(leaks))
    given = {kind: reports / f"{kind}.json" for kind in ("scan", "licenses", "split", "leaks")}
    summaries = build_manifest(
        [Path("data")], policy, reports={**given, "extra": reports / "gone.json"}
    )["summaries"]

    raw = (reports / "scan.json").read_bytes()
    assert summaries["scan"] == {
        "report": "reports/scan.json",
        "found": True,
        "sha256": hashlib.sha256(raw).hexdigest(),
        "verdict": "pass",
        "counts": {"findings": 0, "records": 9},
        "by_type": {},
    }
    assert summaries["licenses"]["verdict"] == "fail"
    assert summaries["licenses"]["sources"] == {"chats": "approved", "code": "x"}
    assert summaries["split"]["ratios"] == {"test": 0.2, "train": 0.8}
    assert summaries["split"]["rows"] == {"test": 2, "train": 8}
    assert summaries["split"]["groups"] == {"test": 3, "train": 7}
    assert summaries["leaks"]["verdict"] == "pass"  # the check after --fix decides
    assert summaries["leaks"]["counts"] == {
        "exact_duplicate_before_fix": 3,
        "near_duplicate_before_fix": 2,
        "exact_duplicate_after_fix": 0,
        "records_moved": 4,
    }
    assert summaries["extra"]["found"] is False and "not found" in summaries["extra"]["note"]


def test_report_with_unexpected_shape_is_recorded_not_fatal(
    project: Path, policy: LoadedPolicy
) -> None:
    Path("odd.json").write_text(json.dumps([1, "two", {"verdict": 3}]))
    Path("flat.json").write_text(json.dumps({"ratios": [0.7, 0.3], "leaks": {"exact": 2}}))
    kinds = {"licenses": "odd.json", "scan": "odd.json", "split": "flat.json", "leaks": "flat.json"}
    reports = {kind: Path(name) for kind, name in kinds.items()}
    summaries = build_manifest([Path("data")], policy, reports=reports)["summaries"]
    assert summaries["licenses"]["sources"] == {} and "verdict" not in summaries["licenses"]
    assert summaries["scan"]["found"] is True and "by_type" not in summaries["scan"]
    assert "ratios" not in summaries["split"]
    assert "counts" not in summaries["leaks"] and "verdict" not in summaries["leaks"]
    Path("odd.json").write_text("not json")
    with pytest.raises(InputError, match=r"odd\.json: report is not JSON"):
        build_manifest([Path("data")], policy, reports={"scan": Path("odd.json")})


def test_lineage_records_parent_path_sha256_and_id(project: Path, policy: LoadedPolicy) -> None:
    parent = write_manifest(build_manifest([Path("data")], policy), Path("v1.json"))
    child = build_manifest([Path("data")], policy, parents=[parent])
    assert child["lineage"] == [
        {
            "path": "v1.json",
            "sha256": hashlib.sha256(parent.read_bytes()).hexdigest(),
            "id": load_manifest(parent)["id"],
        }
    ]
    Path("not.json").write_text("{}")
    with pytest.raises(InputError, match=r"not\.json: not a govern manifest"):
        build_manifest([Path("data")], policy, parents=[Path("not.json")])


def test_id_is_the_hash_of_the_content_and_no_timestamps(
    project: Path, policy: LoadedPolicy
) -> None:
    manifest = build_manifest([Path("data")], policy, params={"roots": ("data",)})
    assert manifest["id"] == manifest_id(manifest)
    assert manifest["params"] == {"roots": ["data"]}
    assert set(manifest) == {
        "manifest_version", "id", "base", "roots", "files", "totals", "summaries",
        "policy", "tool", "packages", "params", "lineage",
    }  # fmt: skip
    assert set(manifest["packages"]) >= {"torch", "presidio-analyzer", "dvc", "cryptography"}


def test_written_owner_only_and_atomically(project: Path, policy: LoadedPolicy) -> None:
    out = write_manifest(build_manifest([Path("data")], policy), Path("out/manifest.json"))
    assert stat.S_IMODE(out.stat().st_mode) == 0o600
    before = out.read_bytes()
    broken = {**json.loads(before), "params": {"x": {1, 2}}}  # a set is not JSON
    with pytest.raises(TypeError):
        write_manifest(broken, out)
    assert out.read_bytes() == before
    assert os.listdir("out") == ["manifest.json"]  # no temporary file left behind


def test_input_errors_name_the_path(project: Path, policy: LoadedPolicy) -> None:
    with pytest.raises(InputError, match=r"^nowhere: no such file or directory$"):
        build_manifest([Path("nowhere")], policy)
    with pytest.raises(InputError, match="outside the base folder"):
        build_manifest([Path("data")], policy, base=Path("data/chats"))
    with pytest.raises(InputError, match="inside data, which the manifest lists"):
        write_manifest(build_manifest([Path("data")], policy), Path("data/manifest.json"))


def test_pipeline_stage_writes_the_manifest(project: Path) -> None:
    Path("params.yaml").write_text(
        "policy: policy.yaml\n"
        "manifest:\n"
        "  roots: [data/chats, data/code]\n"
        "  reports: {scan: reports/scan.json}\n"
        "  out: out/manifest.json\n"
        "  metrics: out/metrics.json\n"
        "  workers: 2\n"
    )
    env = {**os.environ, "PYTHONPATH": str(REPO_ROOT)}
    done = subprocess.run(
        [sys.executable, "-m", "govern.stages.manifest"],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "out/manifest.json (3 files, 4 rows" in done.stdout
    manifest = load_manifest(Path("out/manifest.json"))
    assert manifest["roots"] == ["data/chats", "data/code"]
    assert manifest["summaries"]["scan"]["found"] is False
    assert "workers" not in manifest["params"]


def test_license_summary_keeps_each_models_folder_and_verdict(tmp_path: Path) -> None:
    from govern.manifest.summaries import summarize_report

    report = {
        "sources": [
            {"source": "chats", "kind": "dataset", "root": "data/x", "verdict": "allow"},
            {"source": "model", "kind": "model", "root": "data/sample/model", "verdict": "deny"},
            # Near misses: a model entry without a folder, a dataset with one.
            {"source": "other", "kind": "model", "verdict": "allow"},
        ]
    }
    path = tmp_path / "licenses.json"
    path.write_text(json.dumps(report))
    summary = summarize_report("licenses", path, tmp_path)
    assert summary["models"] == [
        {"source": "model", "root": "data/sample/model", "verdict": "deny"}
    ]
    assert summary["sources"] == {"chats": "allow", "model": "deny", "other": "allow"}
    report["sources"] = report["sources"][:1]
    path.write_text(json.dumps(report))
    assert "models" not in summarize_report("licenses", path, tmp_path)
