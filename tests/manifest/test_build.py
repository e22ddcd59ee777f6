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
from govern.io import atomic_write_json
from govern.manifest import build_manifest, load_manifest, manifest_id, write_manifest
from govern.manifest import entries as entries_module
from govern.manifest.shape import describe
from govern.manifest.summaries import REPORT_KINDS, summarize_report
from govern.policy import LoadedPolicy, load_policy
from govern.reports import report_model
from tests.conftest import REPO_ROOT, run_govern
from tests.manifest.conftest import write_jsonl, write_project
from tests.reports import (
    leak_check,
    leak_report,
    license_report,
    license_source,
    scan_report,
    split_report,
    split_size,
)


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
    atomic_write_json(reports / "scan.json", scan_report("pass", records=9))
    licenses = license_report(
        [license_source("chats", "allow"), license_source("code", "review")], verdict="deny"
    )
    atomic_write_json(reports / "licenses.json", licenses)
    split = split_report({"train": split_size(0.8, 8, 7), "test": split_size(0.2, 2, 3)})
    atomic_write_json(reports / "split.json", split)
    after = leak_check(True, {"exact_duplicate": 0})
    leaks = leak_report(False, {"exact_duplicate": 3, "near_duplicate": 2}, moved=4, after=after)
    atomic_write_json(reports / "leaks.json", leaks)
    given = {kind: reports / f"{kind}.json" for kind in ("scan", "licenses", "split", "leaks")}
    summaries = build_manifest(
        [Path("data")], policy, reports={**given, "preflight": reports / "gone.json"}
    )["summaries"]

    raw = (reports / "scan.json").read_bytes()
    written = scan_report("pass", records=9)["summary"]
    assert summaries["scan"] == {
        "report": "reports/scan.json",
        "found": True,
        "sha256": hashlib.sha256(raw).hexdigest(),
        "verdict": "pass",
        # Every number of the summary, nothing else (by_type and by_source are maps).
        "counts": {key: value for key, value in sorted(written.items()) if type(value) is int},
        "by_type": {},
    }
    assert summaries["scan"]["counts"]["records"] == 9
    assert summaries["licenses"]["verdict"] == "deny"
    assert summaries["licenses"]["sources"] == {"chats": "allow", "code": "review"}
    assert summaries["licenses"]["by_verdict"] == {"allow": 1, "review": 1}
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
    assert summaries["preflight"] == {
        "report": "reports/gone.json",
        "found": False,
        "note": "report not found; nothing summarised",
    }


@pytest.mark.parametrize(
    ("kind", "report", "message"),
    [
        # A misspelt key, a missing one, a wrong type, a list for an object.
        ("scan", {**scan_report(), "verdikt": "pass"}, r"not a ScanReport: verdikt: Extra inputs"),
        (
            "leaks",
            {k: v for k, v in leak_report().items() if k != "split_dir"},
            r"not a LeakReport: split_dir: Field required",
        ),
        ("split", {**split_report({}), "mode": "random"}, r"not a SplitReport: mode: Input"),
        ("licenses", [1, "two"], r"not a LicenseReport: \(top level\)"),
    ],
)
def test_a_known_kinds_report_that_is_not_one_is_refused_naming_the_key(
    project: Path, policy: LoadedPolicy, kind: str, report: Any, message: str
) -> None:
    Path("reports").mkdir()
    Path(f"reports/{kind}.json").write_text(json.dumps(report))
    with pytest.raises(InputError, match=rf"^reports/{kind}\.json: {message}") as caught:
        build_manifest([Path("data")], policy, reports={kind: Path(f"reports/{kind}.json")})
    assert "\n" not in str(caught.value)
    assert "random" not in str(caught.value)  # the key is named, never the value


def test_a_misspelt_key_fails_manifest_build_with_exit_2(project: Path) -> None:
    Path("bad.json").write_text(json.dumps({**scan_report(), "sumary": {"findings": 0}}))
    result = run_govern(
        "--policy", "policy.yaml", "manifest", "build", "data", "--out", "m.json",
        "--report", "scan=bad.json", cwd=project,
    )  # fmt: skip
    assert result.returncode == 2, result.stderr
    assert "bad.json: not a ScanReport: sumary: Extra inputs are not permitted" in result.stderr
    assert not Path("m.json").exists()


@pytest.mark.parametrize("kind", REPORT_KINDS)
def test_every_kind_is_read_through_its_model_never_leniently(kind: str, tmp_path: Path) -> None:
    # Verdict-shaped JSON that is no report of any kind: each kind's model refuses it by key.
    path = tmp_path / f"{kind}.json"
    path.write_text(json.dumps({"verdict": "pass", "summary": {"steps": 4}, "note": "hidden-42"}))
    refused = rf"^{kind}\.json: not a {report_model(kind).__name__}: (\S+|\(top level\)): "
    with pytest.raises(InputError, match=refused) as caught:
        summarize_report(kind, path, tmp_path)
    assert "hidden-42" not in str(caught.value) and "\n" not in str(caught.value)


def test_a_kind_the_registry_does_not_know_is_refused_naming_it(
    project: Path, policy: LoadedPolicy
) -> None:
    # "train" was the manifest's old name for the training run's metrics: one name per kind now.
    Path("metrics.json").write_text(json.dumps({"verdict": "pass", "summary": {"steps": 4}}))
    for kind, path in (("train", "metrics.json"), ("extra", "gone.json")):  # found or not
        with pytest.raises(InputError, match=rf"^{path}: unknown report kind '{kind}' \(known: "):
            build_manifest([Path("data")], policy, reports={kind: Path(path)})
    Path("odd.json").write_text("not json")
    with pytest.raises(InputError, match=r"odd\.json: report is not JSON"):
        build_manifest([Path("data")], policy, reports={"scan": Path("odd.json")})


def test_manifest_build_takes_the_registrys_kind_names_only(project: Path) -> None:
    Path("metrics.json").write_text(json.dumps({"steps": 4, "stop_reason": "completed"}))
    build = ("--policy", "policy.yaml", "manifest", "build", "data", "--out", "m.json")
    renamed = run_govern(*build, "--report", "train=metrics.json", cwd=project)
    assert renamed.returncode == 2
    assert "unknown kind 'train'" in renamed.stderr and "train_metrics" in renamed.stderr
    # Near miss: the registry's name is accepted, and the report is checked by TrainMetrics.
    checked = run_govern(*build, "--report", "train_metrics=metrics.json", cwd=project)
    assert checked.returncode == 2
    assert "metrics.json: not a TrainMetrics: config: Field required" in checked.stderr
    assert not Path("m.json").exists()


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
    sources = [
        license_source("chats", "allow", root="data/x"),
        license_source("model", "deny", kind="model", root="data/sample/model"),
        # Near miss: a dataset with a folder is not a model.
    ]
    path = tmp_path / "licenses.json"
    atomic_write_json(path, license_report(sources))
    summary = summarize_report("licenses", path, tmp_path)
    assert summary["models"] == [
        {"source": "model", "root": "data/sample/model", "verdict": "deny"}
    ]
    assert summary["sources"] == {"chats": "allow", "model": "deny"}
    atomic_write_json(path, license_report(sources[:1]))
    assert "models" not in summarize_report("licenses", path, tmp_path)
