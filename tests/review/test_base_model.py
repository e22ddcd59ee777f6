"""The review checks the base model the project's params.yaml names for the trainer, so a
project made by `govern init` (its model anywhere) is reviewed as this repository's is."""

from __future__ import annotations

from pathlib import Path

import pytest

from govern.review.collect import base_model_paths, collect
from govern.review.inputs import BASE_MODEL, BASE_MODEL_SIGNATURE


@pytest.mark.parametrize(
    ("params", "expected"),
    [
        (
            "train:\n  base_model: ../base\n  base_model_signature: models/base_model.sig\n",
            ("../base", "models/base_model.sig"),
        ),
        # null: the signature bundle beside the folder, as the trainer reads it
        (
            "train:\n  base_model: models/base\n  base_model_signature: null\n",
            ("models/base", "models/base.sig"),
        ),
        # no train section, a model that is no path, a file that is no YAML: the default layout
        ("scan:\n  input: data\n", (BASE_MODEL, BASE_MODEL_SIGNATURE)),
        ("train:\n  base_model: [a, b]\n", (BASE_MODEL, BASE_MODEL_SIGNATURE)),
        ("train: [\n", (BASE_MODEL, BASE_MODEL_SIGNATURE)),
        ("- just\n- a list\n", (BASE_MODEL, BASE_MODEL_SIGNATURE)),
    ],
)
def test_the_base_model_is_read_from_the_params(
    tmp_path: Path, params: str, expected: tuple[str, str]
) -> None:
    (tmp_path / "params.yaml").write_text(params, encoding="utf-8")
    assert base_model_paths(tmp_path) == expected


def test_without_params_the_default_layout_is_checked(tmp_path: Path) -> None:
    assert base_model_paths(tmp_path) == (BASE_MODEL, BASE_MODEL_SIGNATURE)


def test_the_signature_check_and_its_section_name_the_params_model(tmp_path: Path) -> None:
    (tmp_path / "params.yaml").write_text("train:\n  base_model: models/base\n", encoding="utf-8")
    (tmp_path / "models/base").mkdir(parents=True)
    collected = collect(tmp_path, None)
    assert (collected.base_model, collected.base_model_signature) == (
        "models/base",
        "models/base.sig",
    )
    check = collected.checks["base_model_signature"]
    assert (check.name, check.status) == ("signature of models/base", "missing")
    assert check.detail == "no signature at models/base.sig"
    # Near miss: the same project without the model folder: not run, naming that folder.
    (tmp_path / "models/base").rmdir()
    check = collect(tmp_path, None).checks["base_model_signature"]
    assert (check.status, check.detail) == ("not run", "models/base does not exist")


def test_reports_given_by_name_do_not_read_the_params(tmp_path: Path) -> None:
    (tmp_path / "params.yaml").write_text("train:\n  base_model: models/base\n", encoding="utf-8")
    collected = collect(tmp_path, None, reports={})
    assert collected.base_model == "" and collected.checks["base_model_signature"].status == (
        "not run"
    )
