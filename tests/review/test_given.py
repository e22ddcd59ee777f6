"""`govern review` from a user's own reports, in a folder that is not a DVC project."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import yaml

from govern.policy import load_policy
from tests.conftest import REPO_ROOT, run_govern
from tests.review.project import Project, make_project

# key -> the pipeline's path, moved to a name of the user's choosing
MOVED = {
    "scan": ("reports/scan/scan.json", "evidence/raw-scan.json"),
    "scan-redacted": ("reports/scan/scan_redacted.json", "evidence/clean-scan.json"),
    "licenses": ("reports/licenses.json", "evidence/lic.json"),
    "split": ("reports/split.json", "evidence/split/split_report.json"),
    "leaks": ("reports/leaks.json", "evidence/leaks.json"),
}


@pytest.fixture
def own_layout(project: Project) -> Path:
    return move_reports(project)


def move_reports(project: Project) -> Path:
    """The synthetic project with its reports moved out of the pipeline's layout."""
    root = project.root
    for _key, (old, new) in MOVED.items():
        (root / new).parent.mkdir(parents=True, exist_ok=True)
        shutil.move(root / old, root / new)
    shutil.rmtree(root / "reports")
    shutil.rmtree(root / "runs")
    assert not (root / "dvc.yaml").exists()
    return root


def _options(*, leave_out: str = "") -> list[str]:
    args = []
    for key, (_old, new) in MOVED.items():
        if key != leave_out:
            given = str(Path(new).parent) if key == "split" else new  # a split folder is fine
            args += [f"--{key}", given]
    return [*args, "--manifest", "data/manifest.json"]


def _policy() -> list[str]:
    return ["--policy", str(REPO_ROOT / "policies/default.yaml")]


def test_review_from_given_reports_writes_only_where_told(own_layout: Path) -> None:
    result = run_govern(*_policy(), "review", *_options(), "--out", "mine.html", cwd=own_layout)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "verdict: ready" in result.stdout
    assert (own_layout / "mine.html").is_file()
    assert not (own_layout / "reports").exists()  # nothing where it was not told to write
    html = (own_layout / "mine.html").read_text()
    assert 'href="./evidence/lic.json"' in html
    assert "Not provided: no preflight report was given." in html


def test_review_json_flag_prints_the_document(own_layout: Path) -> None:
    result = run_govern(*_policy(), "review", *_options(), "--json", cwd=own_layout)
    assert result.returncode == 0, result.stderr
    document = json.loads(result.stdout)
    inputs = document["inputs"]
    assert inputs["licenses"] == {**inputs["licenses"], "path": "evidence/lic.json", "status": "ok"}
    assert inputs["split"]["path"] == "evidence/split/split_report.json"
    assert inputs["preflight"]["status"] == "not provided"
    assert document["verdict"]["blocking"] == []
    before = sorted(p.name for p in own_layout.iterdir())
    assert "reports" not in before and not list(own_layout.glob("**/review*"))


def test_a_required_report_not_given_blocks(own_layout: Path) -> None:
    result = run_govern(*_policy(), "review", *_options(leave_out="leaks"), cwd=own_layout)
    assert result.returncode == 1
    assert "no leaks report was given, and the policy requires one" in result.stdout


def test_a_report_the_policy_does_not_require_is_not_provided(tmp_path: Path) -> None:
    policy = yaml.safe_load((REPO_ROOT / "policies/default.yaml").read_text())
    policy["review"] = {"required": ["scan", "scan_redacted", "licenses", "split", "manifest"]}
    lenient = tmp_path / "lenient.yaml"
    lenient.write_text(yaml.safe_dump(policy))
    root = move_reports(make_project(tmp_path / "p", load_policy(lenient)))
    args = ("--policy", str(lenient), "review", *_options(leave_out="leaks"), "--json")
    result = run_govern(*args, cwd=root)
    document = json.loads(result.stdout)
    assert document["verdict"]["status"] == "ready", document["verdict"]["blocking"]
    split = next(s for s in document["sections"] if s["id"] == "split")
    assert "Not provided: no leaks report was given." in json.dumps(split)


def test_review_config_file_lists_the_reports(own_layout: Path) -> None:
    reports = {key.replace("-", "_"): f"../{new}" for key, (_old, new) in MOVED.items()}
    reports["manifest"] = "../data/manifest.json"
    config = own_layout / "conf" / "review.yaml"
    config.parent.mkdir()
    config.write_text(yaml.safe_dump({"reports": reports}))
    by_config = run_govern(
        *_policy(), "review", "--config", "conf/review.yaml", "--json", cwd=own_layout
    )
    by_options = run_govern(*_policy(), "review", *_options(), "--json", cwd=own_layout)
    assert by_config.returncode == 0, by_config.stderr
    assert json.loads(by_config.stdout) == json.loads(by_options.stdout)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--scan", "evidence/nope.json"], "evidence/nope.json: no such file (scan report)"),
        (["--report", "nonsense=evidence/lic.json"], "unknown report 'nonsense'"),
        (["--report", "licenses"], "expected KEY=PATH"),
        (["--config", "missing.yaml"], "missing.yaml: review config not found"),
    ],
)
def test_bad_report_options_are_usage_errors(
    own_layout: Path, args: list[str], message: str
) -> None:
    result = run_govern(*_policy(), "review", *args, cwd=own_layout)
    assert result.returncode == 2 and message in result.stderr, result.stderr
    assert "Traceback" not in result.stderr


def test_policy_review_keys_are_the_reports_the_review_reads() -> None:
    from typing import get_args

    from govern.policy import ReviewReport
    from govern.review import INPUTS

    assert set(get_args(ReviewReport)) == set(INPUTS)


def test_policy_rejects_an_unknown_required_report(tmp_path: Path) -> None:
    from govern.errors import PolicyError

    path = tmp_path / "p.yaml"
    path.write_text("version: 1\nname: t\nreview:\n  required: [scan, leakz]\n")
    with pytest.raises(PolicyError, match="review.required"):
        load_policy(path)
