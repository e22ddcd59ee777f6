"""The training config: strict keys, clear errors, the shipped example loads."""

from __future__ import annotations

from pathlib import Path

import pytest

from govern.errors import InputError
from govern.train.campaign import load_campaign_config
from govern.train.config import TrainConfig, load_train_config, parse_train_config
from tests.conftest import REPO_ROOT


def test_every_field_has_a_default() -> None:
    config = TrainConfig()
    assert config.base_model == Path("data/sample/model")
    assert config.holds_fixed == "epochs"


def test_unknown_key_is_an_error_naming_it() -> None:
    with pytest.raises(InputError, match="per_device_batch_size: Extra inputs"):
        parse_train_config({"per_device_batch_size": 4})


def test_wrong_type_and_bad_budget_are_errors() -> None:
    with pytest.raises(InputError, match="learning_rate"):
        parse_train_config({"learning_rate": "fast"})
    with pytest.raises(InputError, match="max_steps must be"):
        parse_train_config({"max_steps": 0})


def test_max_steps_holds_updates_fixed() -> None:
    assert parse_train_config({"max_steps": 10}).holds_fixed == "updates"


def test_shipped_example_loads() -> None:
    config = load_train_config(REPO_ROOT / "pipelines" / "train.yaml")
    assert config.format == "auto" and config.lr_scheduler_type == "linear"
    assert config.report_to == ["jsonl"] and config.bias == "none"


def test_shipped_campaign_example_loads() -> None:
    campaign = load_campaign_config(REPO_ROOT / "pipelines" / "campaign.yaml")
    assert [v.settings()["learning_rate"] for v in campaign.variants] == [1e-4, 5e-5, 2e-4, 1e-4]
    assert campaign.variants[3].settings()["lr_scheduler_type"] == "cosine"
    for variant in campaign.variants:
        parse_train_config({**campaign.train, **variant.settings()})


def test_missing_file_is_an_input_error(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="not found"):
        load_train_config(tmp_path / "train.yaml")


def test_params_yaml_train_and_campaign_sections_load() -> None:
    import yaml

    from govern.train.campaign import campaign_from_sections

    params = yaml.safe_load((REPO_ROOT / "params.yaml").read_text())
    config = parse_train_config(params["train"], source="params.yaml: train")
    assert config.holds_fixed == "updates" and config.save_steps == 0
    campaign = campaign_from_sections(params["campaign"], params["train"])
    assert (
        len(campaign.variants) == 3
        and len({v.settings()["learning_rate"] for v in campaign.variants}) == 3
    )
    # Each run shares the train section and only the campaign's overrides differ from it.
    shared = parse_train_config(campaign.train)
    assert shared.manifest == config.manifest and shared.max_steps < config.max_steps
