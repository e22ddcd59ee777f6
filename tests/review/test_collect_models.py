"""The review reads the data stages' reports through their models (govern/reports.py): one
that is not what its stage writes is unreadable, named by its first wrong key, and blocks."""

from __future__ import annotations

import json

import pytest

from govern.errors import InputError
from govern.review import collect, decide, write_review
from govern.review.collect import MODELLED
from govern.review.contract import ReviewReport
from tests.review.project import Project


def test_the_projects_reports_all_match_their_models(project: Project) -> None:
    inputs = collect(project.root, project.policy).inputs
    written = [key for key in MODELLED if inputs[key].status != "missing"]
    assert set(MODELLED) - set(written) == {"retention"}  # the project applies no retention
    for key in written:
        assert inputs[key].status == "ok", (key, inputs[key].problem)


def test_a_misspelt_key_makes_the_report_unreadable_and_blocks(project: Project) -> None:
    path = project.root / "reports/split.json"
    split = json.loads(path.read_text())
    split["modes"] = split.pop("mode")
    path.write_text(json.dumps(split))
    collected = collect(project.root, project.policy)
    found = collected.inputs["split"]
    assert found.status == "unreadable"
    assert found.problem is not None and found.problem.startswith("not a split report (")
    assert found.problem == "not a split report (mode: Field required)"
    assert found.sha256 is not None  # the bytes it refused are still named
    verdict = decide(collected)
    assert verdict.status == "blocked"


def test_a_wrong_value_is_named_by_its_key_never_quoted(project: Project) -> None:
    path = project.root / "reports/scan/scan.json"
    scan = json.loads(path.read_text())
    planted = project.planted[0]
    scan["findings"][0]["line"] = planted  # a value where a number belongs
    path.write_text(json.dumps(scan))
    found = collect(project.root, project.policy).inputs["scan"]
    assert found.status == "unreadable"
    assert found.problem is not None and "findings.0.line" in found.problem
    assert planted not in found.problem


def test_inputs_without_a_model_are_read_as_before(project: Project) -> None:
    path = project.root / "reports/metrics.json"
    path.write_text(json.dumps({"anything": {"goes": 1}}))
    assert collect(project.root, project.policy).inputs["metrics"].status == "ok"


def test_review_json_round_trips_through_its_model(project: Project) -> None:
    written = write_review(project.root, project.policy)
    assert written.json_path is not None
    raw = written.json_path.read_bytes()
    model = ReviewReport.load(written.json_path)
    assert written.review.json_bytes() == raw
    again = json.dumps(model.to_json(), indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    assert again.encode() == raw
    # Every section and block kind the sample project shows is held by the model.
    blocks = {
        block["type"] for section in model.to_json()["sections"] for block in section["blocks"]
    }
    assert {"facts", "table", "bars", "figure", "text"} <= blocks


def test_a_review_json_with_a_misspelt_or_wrong_key_is_refused_by_name(project: Project) -> None:
    document = json.loads(write_review(project.root, project.policy).review.json_bytes())
    document["sections"][0]["blocks"][0]["captoin"] = document["sections"][0]["blocks"][0].pop(
        "caption"
    )
    with pytest.raises(InputError) as refused:
        ReviewReport.from_json(document, "review.json")
    assert "sections.0.blocks" in str(refused.value) and "caption" in str(refused.value)
    planted = project.planted[0]
    document = json.loads(write_review(project.root, project.policy).review.json_bytes())
    document["inputs"]["scan"]["status"] = planted  # not one of the statuses
    with pytest.raises(InputError) as refused:
        ReviewReport.from_json(document, "review.json")
    assert "inputs.scan.status" in str(refused.value) and planted not in str(refused.value)


def test_the_review_reads_the_training_reports_through_their_models(project: Project) -> None:
    path = project.root / "reports/train/gates.json"
    gates = json.loads(path.read_text())
    gates[0]["passed"] = "maybe"
    path.write_text(json.dumps(gates))
    found = collect(project.root, project.policy).inputs["gates"]
    assert found.status == "unreadable"
    assert found.problem is not None and found.problem.startswith("not a gates report (0.passed: ")
    assert "maybe" not in found.problem
