"""The review reads the data stages' reports through their models (govern/reports.py): one
that is not what its stage writes is unreadable, named by its first wrong key, and blocks."""

from __future__ import annotations

import json

from govern.review import collect, decide
from govern.review.collect import MODELLED
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
