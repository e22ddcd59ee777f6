"""`govern init` on a user's own data and model: the starter files, their refusals, and a
`dvc repro` of the generated pipeline, outside this repository, from data to a signed adapter."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

import govern
from govern.sample.model import build_tiny_model
from tests.conftest import REPO_ROOT, run_govern

BIN = Path(sys.executable).parent
MIT = (REPO_ROOT / "LICENSE").read_text(encoding="utf-8")
TOPICS = ("billing", "shipping", "returns", "passwords", "warranty", "invoices")


def own_data(folder: Path, rows: int = 60) -> Path:
    """A user's chat dataset: JSONL records, one planted synthetic e-mail, an MIT LICENSE."""
    folder.mkdir(parents=True)
    lines = []
    for i in range(rows):
        topic = TOPICS[i % len(TOPICS)]
        question = f"Question {i} about {topic}: what do I do with order {1000 + 7 * i}?"
        if i == 3:
            question += " Write to jane.roe@example.com"
        record = {
            "id": f"c{i:03d}",
            "conversation_id": f"conv{i // 2}",
            "messages": [
                {"role": "user", "content": question},
                {"role": "assistant", "content": f"Open the {topic} page, step {i % 5}."},
            ],
        }
        lines.append(json.dumps(record) + "\n")
    (folder / "chats.jsonl").write_text("".join(lines), encoding="utf-8")
    (folder / "LICENSE").write_text(MIT, encoding="utf-8")
    return folder


def test_init_writes_the_starter_files_and_refuses_to_overwrite(tmp_path: Path) -> None:
    data = own_data(tmp_path / "mine")
    done = run_govern("init", str(tmp_path / "proj"), "--data", str(data))
    assert done.returncode == 0, done.stderr
    project = tmp_path / "proj"
    policy = (project / "policies/default.yaml").read_bytes()
    assert policy == (REPO_ROOT / "govern/policies/default.yaml").read_bytes()
    params = yaml.safe_load((project / "params.yaml").read_text())
    assert params["scan"]["input"] == "../mine"  # outside the project: relative to it still
    assert params["scan"]["redacted"] == "data/redacted/mine"  # the licence source's name
    assert params["licenses"]["models"] == []
    assert params["govern"] == {"version": govern.__version__}
    stages = yaml.safe_load((project / "dvc.yaml").read_text())["stages"]
    assert list(stages) == ["scan", "licenses", "split", "leaks", "manifest", "review"]
    assert stages["scan"]["deps"] == ["policies/default.yaml", "../mine"]
    for stage in stages.values():  # every stage's section is there and names a real module
        module = stage["cmd"].split()[2]
        assert (REPO_ROOT / (module.replace(".", "/") + ".py")).is_file(), module
        assert all(name in params for name in stage["params"])
        assert "govern" in stage["params"]  # an upgrade reruns it

    (project / "params.yaml").write_text("mine\n")
    again = run_govern("init", str(project), "--data", str(data))
    assert again.returncode == 2
    assert again.stderr.strip().endswith(
        "already exists; pass --force to replace policies/default.yaml, params.yaml, dvc.yaml"
    )
    assert (project / "params.yaml").read_text() == "mine\n"  # nothing was replaced
    forced = run_govern("init", str(project), "--data", str(data), "--force")
    assert forced.returncode == 0, forced.stderr
    assert yaml.safe_load((project / "params.yaml").read_text())["scan"]["input"] == "../mine"


def test_init_keeps_paths_inside_the_project_relative(tmp_path: Path) -> None:
    project = tmp_path / "proj"
    data = own_data(project / "raw data")  # a space: quoted in YAML
    model = project / "models/base"
    model.mkdir(parents=True)
    done = run_govern("init", str(project), "--data", str(data), "--model", str(model))
    assert done.returncode == 0, done.stderr
    params = yaml.safe_load((project / "params.yaml").read_text())
    assert params["scan"]["input"] == "raw data"
    assert params["scan"]["redacted"] == "data/redacted/raw data"
    assert params["train"]["base_model"] == params["sign"]["base_model"] == "models/base"
    assert params["licenses"]["models"] == ["models/base"]
    stages = yaml.safe_load((project / "dvc.yaml").read_text())["stages"]
    assert "train" in stages and "sign_adapter" in stages
    assert list(stages)[-1] == "review"  # last: it reads the signed adapter too
    assert "models/base" in stages["licenses"]["deps"]
    # the adapter signature is run evidence (a per-clone key): the review depends on its receipt
    assert {"models/base", "reports/receipts/sign_adapter.json"} <= set(stages["review"]["deps"])


def test_init_on_a_single_file_says_its_licence_is_not_read(tmp_path: Path) -> None:
    data = own_data(tmp_path / "mine") / "chats.jsonl"
    done = run_govern("init", str(tmp_path / "proj"), "--data", str(data), "--json")
    assert done.returncode == 0, done.stderr
    notes = json.loads(done.stdout)["notes"]
    assert len(notes) == 1 and "licence file beside it is not read" in notes[0]
    params = yaml.safe_load((tmp_path / "proj/params.yaml").read_text())
    assert params["scan"]["input"] == "../mine/chats.jsonl"
    assert params["scan"]["redacted"] == "data/redacted/mine"
    folder = run_govern("init", str(tmp_path / "proj2"), "--data", str(data.parent), "--json")
    assert json.loads(folder.stdout)["notes"] == []  # a folder: its LICENSE is read


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--data", "missing"], "missing: no such file or directory"),
        (["--data", "."], "nope: not a model folder"),  # with --model nope below
    ],
)
def test_init_refuses_missing_inputs(tmp_path: Path, args: list[str], message: str) -> None:
    extra = ["--model", "nope"] if "model" in message else []
    done = run_govern("init", str(tmp_path / "proj"), *args, *extra, cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.strip() == f"govern: error: {message}"
    assert not (tmp_path / "proj").exists()


def test_dvc_repro_of_an_init_project_runs_from_data_to_a_signed_adapter(tmp_path: Path) -> None:
    data = own_data(tmp_path / "mine")
    texts = [
        m["content"] for line in (data / "chats.jsonl").open() for m in json.loads(line)["messages"]
    ]
    model = build_tiny_model(tmp_path / "base", texts, seed=0)
    project = tmp_path / "proj"
    done = run_govern("init", str(project), "--data", str(data), "--model", str(model))
    assert done.returncode == 0, done.stderr
    params = yaml.safe_load((project / "params.yaml").read_text())
    params["train"].update(max_steps=4, eval_steps=2, torch_num_threads=1)  # a quick test run
    params["scan"]["workers"] = params["manifest"]["workers"] = 1
    (project / "params.yaml").write_text(yaml.safe_dump(params, sort_keys=False))
    env = {
        **os.environ,
        "PATH": f"{BIN}{os.pathsep}{os.environ['PATH']}",
        "PYTHONPATH": str(REPO_ROOT),  # the stages of this checkout, as an install would have
        "GOVERN_HASH_KEY": "33" * 32,
        "DVC_NO_ANALYTICS": "1",
    }
    for command in (["git", "init", "-q"], [str(BIN / "dvc"), "init", "-q"]):
        subprocess.run(command, cwd=project, env=env, check=True, capture_output=True)
    repro = subprocess.run(
        [str(BIN / "dvc"), "repro"],
        cwd=project,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
        umask=0o077,
    )
    assert repro.returncode == 0, repro.stdout[-3000:] + repro.stderr[-3000:]

    scan = json.loads((project / "reports/scan/scan.json").read_text())
    assert scan["summary"]["findings"] == 1  # the planted address, found in the user's data
    redacted = json.loads((project / "reports/scan/scan_redacted.json").read_text())
    assert redacted["verdict"] == "pass"
    assert "jane.roe@example.com" not in (project / "data/redacted/mine/chats.jsonl").read_text()
    licenses = json.loads((project / "reports/licenses.json").read_text())
    assert licenses["verdict"] == "allow"
    assert licenses["approved"]["records_written"] == 60
    splits = json.loads((project / "reports/split.json").read_text())["splits"]
    assert sum(part["rows"] for part in splits.values()) == 60
    assert sum(part["groups"] for part in splits.values()) == 30  # conversations kept whole
    assert json.loads((project / "reports/leaks.json").read_text())["passed"] is True
    metrics = json.loads((project / "reports/metrics.json").read_text())
    assert metrics["licenses"]["counts"]["records_approved"] == 60
    assert (project / "data/manifest.json.sig").is_file()
    train = json.loads((project / "reports/train/metrics.json").read_text())
    assert train["stop_reason"] == "completed"
    assert (project / "models/adapter.sig").is_file()
    status = subprocess.run(
        [str(BIN / "dvc"), "status"], cwd=project, env=env, capture_output=True, text=True
    )
    assert "up to date" in status.stdout, status.stdout  # dvc.lock matches what was written

    # The review ran last, on the user's data and model, and rendered.
    review = json.loads((project / "reports/review.json").read_text())
    verdict = review["verdict"]["status"]
    assert verdict in ("ready", "blocked"), verdict
    page = (project / "reports/review.html").read_text()
    assert "<html" in page and verdict.upper() in page.upper()
    assert "chats.jsonl" in page and "mine" in (project / "reports/review.md").read_text()
    signatures = review["checks"]["base_model_signature"]
    assert signatures["status"] == "ok", signatures  # train.base_model, not data/sample/model
    # No report names a folder of this machine: data and model outside are ../mine, ../base.
    for report in (project / "reports").rglob("*"):
        if report.is_file() and report.suffix in (".json", ".md", ".html", ".sarif"):
            assert str(tmp_path) not in report.read_text(errors="replace"), report

    # An upgrade: params.yaml written by an earlier govern. The stages refuse to run under a
    # version they were not set to, and once it is set every stage is changed for DVC.
    params = yaml.safe_load((project / "params.yaml").read_text())
    params["govern"]["version"] = "0.0.1"
    (project / "params.yaml").write_text(yaml.safe_dump(params, sort_keys=False))
    stage = subprocess.run(
        [sys.executable, "-m", "govern.stages.scan"],
        cwd=project,
        env=env,
        capture_output=True,
        text=True,
    )
    assert stage.returncode == 2
    assert "params.yaml: govern.version is 0.0.1 but govern" in stage.stderr
    status = subprocess.run(
        [str(BIN / "dvc"), "status"], cwd=project, env=env, capture_output=True, text=True
    )
    changed = {line.rstrip(":") for line in status.stdout.splitlines() if line[:1].isalnum()}
    assert changed == set(yaml.safe_load((project / "dvc.yaml").read_text())["stages"])
    assert "govern" in status.stdout and "up to date" not in status.stdout
