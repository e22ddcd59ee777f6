"""Each report the sample's data stages write is read by its model and written back unchanged.

The reports come from the real stages (``govern scan``, ``licenses``, ``split``, ``leaks``,
``manifest build``) run on a small copy of the bundled sample, as a user runs them; the models
must accept them exactly and refuse what is not one of them.
"""

from __future__ import annotations

import hashlib
import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from govern.backup import KeyStore, create_backup, load_or_create_key_file, verify_backup
from govern.backup.contract import backup_report
from govern.contract import Report, ReportModel, ReportRows
from govern.errors import InputError
from govern.io import atomic_write_json
from govern.policy import load_policy
from govern.reports import REPORT_MODELS, report_model
from govern.retention import apply_plan, plan_retention, write_plan
from govern.retention.scratch import build_scratch
from govern.sample.corpus import write_corpus
from govern.signing import generate_keys
from tests.conftest import REPO_ROOT
from tests.conftest import run_govern as govern

ENV = {"GOVERN_HASH_KEY": "11" * 32}


@pytest.fixture(scope="module")
def reports(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("contracts")
    write_corpus(root, n_support=20, n_clinic=10, n_forum=10, n_instructions=10, n_code=10)
    corpus, out = root / "corpus", root / "reports"
    steps = [
        ("scan", str(corpus), "--report", str(out / "scan.json"), "--workers", "1"),
        ("scan", str(corpus / "code_help"), "--as", "artifacts", "--report",
         str(out / "artifact_scan.json"), "--workers", "1"),
        ("licenses", str(corpus), "--report", str(out / "licenses.json"), "--approved-to",
         str(root / "licensed")),
        ("split", str(root / "licensed"), "--out", str(root / "splits"), "--by", "instruction"),
        ("leaks", str(root / "splits"), "--report", str(out / "leaks.json"), "--fix", "--out",
         str(root / "leak_free")),
        ("manifest", "build", str(root / "licensed"), "--out", str(out / "manifest.json"),
         "--report", f"scan={out / 'scan.json'}", "--report", f"licenses={out / 'licenses.json'}",
         "--base", str(root)),
        # Variants whose optional parts the models must hold too: a baseline, a time split.
        ("scan", str(corpus / "code_help"), "--baseline", str(root / "baseline.json"),
         "--report", str(out / "scan_baseline.json"), "--workers", "1"),
        ("split", str(root / "licensed"), "--out", str(root / "time_splits"), "--time-field",
         "timestamp", "--cutoff", "2025-01-01"),
    ]  # fmt: skip
    for step in steps:
        # scan and licenses exit 1 on the sample's planted problems; the report is written.
        result = govern(*step, env=ENV)
        assert result.returncode in (0, 1), result.stderr
    _backup(root / "licensed", root, out / "backup.json")
    _retention(root / "scratch", out)
    return {
        "scan_baseline": out / "scan_baseline.json",
        "split_time": root / "time_splits" / "split_report.json",
        "retention_plan": out / "retention_plan.json",
        "retention": out / "retention.json",
        "backup": out / "backup.json",
        "scan": out / "scan.json",
        "artifact_scan": out / "artifact_scan.json",
        "licenses": out / "licenses.json",
        "split": root / "splits" / "split_report.json",
        "leaks": out / "leaks.json",
        "manifest": out / "manifest.json",
    }


def _backup(data: Path, root: Path, report: Path) -> None:
    """Back up ``data`` and write the report as the ``backup`` stage does (its own function)."""
    key, _ = load_or_create_key_file(root / "backup.key")
    store = KeyStore(root / "keys")
    written = create_backup([data], root / "approved.gbak", key, store, digest="sha256")
    checked = verify_backup(written.path, key, store)
    loaded = load_policy(REPO_ROOT / "policies/default.yaml")
    atomic_write_json(report, backup_report(checked, store, loaded, {"digest": "sha256"}).to_json())


def _retention(scratch: Path, out: Path) -> None:
    """Plan and apply the default policy's retention on a scratch project, as the stage does."""
    loaded = load_policy(REPO_ROOT / "policies/default.yaml")
    now = datetime(2026, 6, 1, tzinfo=UTC)
    key, _ = load_or_create_key_file(scratch.parent / "retention-backup.key")
    store = KeyStore(scratch.parent / "retention-keys")
    assert build_scratch(scratch, now, key, store) > 0
    write_plan(plan_retention(scratch, loaded, now, b"k" * 32), out / "retention_plan.json")
    signing_key, _ = generate_keys(scratch.parent / "retention.key", "ed25519")
    applied = apply_plan(
        out / "retention_plan.json",
        scratch,
        loaded,
        scratch.parent / "retention.jsonl",
        store=store,
        hash_key=b"k" * 32,
        signing_key=signing_key,
        anchor=scratch.parent / "anchor.json",
        report=out / "retention.json",
    )
    assert applied.deletions  # the report lists real deletions


def _json(path: Path) -> Any:
    return json.loads(path.read_text())


# The data stages' kinds, built above; the others are round-tripped where their runs are built.
DATA_KINDS = sorted(
    ["scan", "artifact_scan", "licenses", "split", "leaks", "manifest", "backup"]
    + ["retention_plan", "retention"]
)
ELSEWHERE = {
    "preflight": "tests/train/test_report_contracts.py",
    "train_metrics": "tests/train/test_report_contracts.py",
    "gates": "tests/train/test_report_contracts.py",
    "replay": "tests/train/test_report_contracts.py",
    "memorization": "tests/train/test_report_contracts.py",
    "review": "tests/review/test_collect_models.py",
}


def test_every_report_kind_is_round_tripped_somewhere() -> None:
    assert set(REPORT_MODELS) == set(DATA_KINDS) | set(ELSEWHERE)
    assert not set(DATA_KINDS) & set(ELSEWHERE)
    for where in ELSEWHERE.values():
        assert "round_trips" in (REPO_ROOT / where).read_text()


def test_each_data_report_is_written_through_its_model_to_the_same_bytes(
    reports: dict[str, Path],
) -> None:
    for kind in DATA_KINDS:
        data = report_model(kind).load(reports[kind]).to_json()
        written = json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
        assert written.encode() == reports[kind].read_bytes(), kind


@pytest.mark.parametrize(
    ("kind", "variant"),
    [(kind, kind) for kind in DATA_KINDS] + [("scan", "scan_baseline"), ("split", "split_time")],
)
def test_each_sample_report_round_trips_through_its_model(
    kind: str, variant: str, reports: dict[str, Path]
) -> None:
    written = _json(reports[variant])
    model = report_model(kind).load(reports[variant])
    assert model.to_json() == written
    assert json.dumps(model.to_json(), sort_keys=True) == json.dumps(written, sort_keys=True)


def test_the_leak_report_after_a_fix_carries_the_check_after_it(reports: dict[str, Path]) -> None:
    model = report_model("leaks").load(reports["leaks"])
    assert model.after is not None and model.fix is not None  # type: ignore[attr-defined]
    assert model.after.passed  # type: ignore[attr-defined]


def test_the_variants_hold_their_optional_parts(reports: dict[str, Path]) -> None:
    baseline = report_model("scan").load(reports["scan_baseline"]).to_json()["baseline"]
    assert baseline["created"] is True and baseline["accepted"] == baseline["new"] > 0
    assert report_model("split").load(reports["split_time"]).to_json()["mode"] == "time"


@pytest.mark.parametrize("kind", DATA_KINDS)
def test_a_misspelt_key_is_refused_by_name(kind: str, reports: dict[str, Path]) -> None:
    written = _json(reports[kind])
    first = sorted(written)[0]
    written[first + "x"] = written.pop(first)
    with pytest.raises(InputError) as refused:
        report_model(kind).from_json(written, "r.json")
    message = str(refused.value)
    assert message.startswith("r.json: not a ") and first in message and "\n" not in message


def test_a_report_of_another_kind_is_refused(reports: dict[str, Path]) -> None:
    for kind, other in [("scan", "licenses"), ("split", "leaks"), ("manifest", "scan")]:
        with pytest.raises(InputError):
            report_model(kind).load(reports[other])


def test_a_wrong_type_is_refused_without_quoting_the_value(reports: dict[str, Path]) -> None:
    written = _json(reports["scan"])
    written["findings"][0]["line"] = "hidden-value-123"
    with pytest.raises(InputError) as refused:
        report_model("scan").from_json(written, "scan.json")
    assert "findings.0.line" in str(refused.value)
    assert "hidden-value-123" not in str(refused.value)


def test_load_names_a_missing_or_broken_file(tmp_path: Path) -> None:
    model: type[Report] = report_model("split")
    with pytest.raises(InputError, match="report not found"):
        model.load(tmp_path / "none.json")
    broken = tmp_path / "broken.json"
    broken.write_text("{")
    with pytest.raises(InputError, match=r"broken\.json: not a JSON report"):
        model.load(broken)


def test_report_schema_prints_each_kind_and_refuses_an_unknown_one() -> None:
    for kind in REPORT_MODELS:
        result = govern("report", "schema", kind)
        assert result.returncode == 0, result.stderr
        schema = json.loads(result.stdout)
        if kind == "gates":  # a list of rows, each a strict object
            assert schema["type"] == "array"
            schema = schema["$defs"][schema["items"]["$ref"].rsplit("/", 1)[-1]]
        assert schema["additionalProperties"] is False and schema["properties"]
    assert "findings" in json.loads(govern("report", "schema", "scan").stdout)["properties"]
    assert "schema" in json.dumps(json.loads(govern("report", "schema", "manifest").stdout))
    unknown = govern("report", "schema", "scna")
    assert unknown.returncode == 2
    assert unknown.stderr.strip() == (
        "govern: error: unknown report kind 'scna' (known: scan, artifact_scan, licenses, split, "
        "leaks, manifest, backup, retention_plan, retention, preflight, train_metrics, gates, "
        "replay, memorization, review)"
    )


def test_a_stage_reading_a_manifest_refuses_one_its_model_does_not_hold(
    reports: dict[str, Path], tmp_path: Path
) -> None:
    manifest = _json(reports["manifest"])
    assert govern("manifest", "verify", str(reports["manifest"])).returncode == 0
    changed = tmp_path / "manifest.json"
    changed.write_text(json.dumps({**manifest, "totalz": manifest["totals"]}))
    refused = govern("manifest", "verify", str(changed))
    assert refused.returncode == 2
    assert refused.stderr.strip() == (
        f"govern: error: {changed}: not a Manifest: totalz: Extra inputs are not permitted"
    )


def test_every_kind_a_manifest_summarises_has_a_model_and_every_model_a_kind() -> None:
    from govern.manifest.summaries import REPORT_KINDS

    assert sorted(REPORT_KINDS) == sorted(set(REPORT_KINDS)) == sorted(REPORT_MODELS)
    for kind in REPORT_KINDS:  # each entry names a module and a model that exist
        assert issubclass(report_model(kind), ReportModel | ReportRows), kind


def _expected_summary(kind: str, raw: Any) -> dict[str, Any]:
    """What a manifest should say of a report of ``kind``, read off its JSON by hand."""
    if kind in ("scan", "artifact_scan"):
        counts = {k: v for k, v in raw["summary"].items() if type(v) in (int, float)}
        by_type = {"by_type": raw["summary"]["by_type"]} if kind == "scan" else {}
        return {"verdict": raw["verdict"], "counts": counts, **by_type}
    if kind == "licenses":
        verdicts = {entry["source"]: entry["verdict"] for entry in raw["sources"]}
        models = [
            {"source": entry["source"], "root": entry["root"], "verdict": entry["verdict"]}
            for entry in raw["sources"]
            if entry["kind"] == "model"
        ]
        return {
            "verdict": raw["verdict"],
            "counts": {k: v for k, v in raw["summary"].items() if type(v) is int},
            "sources": verdicts,
            "by_verdict": {v: list(verdicts.values()).count(v) for v in verdicts.values()},
            **({"models": sorted(models, key=lambda m: m["root"])} if models else {}),
        }
    if kind == "split":
        splits = raw["splits"]
        return {
            "ratios": {name: size["row_ratio"] for name, size in splits.items()},
            "targets": {name: size["target"] for name, size in splits.items()},
            "rows": {name: size["rows"] for name, size in splits.items()},
            "groups": {name: size["groups"] for name, size in splits.items()},
            "counts": {f"{name}_rows": size["rows"] for name, size in splits.items()},
        }
    if kind == "leaks":
        after = raw.get("after") or raw
        counts = {f"{c}_before_fix": s["leaks"] for c, s in raw["checks"].items()}
        counts |= {f"{c}_after_fix": s["leaks"] for c, s in after["checks"].items()}
        if raw.get("fix"):
            counts["records_moved"] = raw["fix"]["moved_records"]
        return {"verdict": "pass" if after["passed"] else "fail", "counts": counts}
    return {}  # backup, retention, the manifest itself...: the file and its hash


@pytest.mark.parametrize("kind", DATA_KINDS)
def test_the_manifest_summary_of_a_real_report_is_what_its_json_says(
    kind: str, reports: dict[str, Path]
) -> None:
    from govern.manifest.summaries import summarize_report

    path = reports[kind]
    summary = summarize_report(kind, path, path.parent)
    assert summary == {
        "report": path.name,
        "found": True,
        "sha256": hashlib.sha256(path.read_bytes()).hexdigest(),
        **_expected_summary(kind, _json(path)),
    }
    if kind in ("scan", "artifact_scan", "licenses", "split", "leaks"):
        assert summary["counts"]  # something was summarised
