"""The built-in LoRA trainer: a typed config, a data gate, and one readable recipe."""

from govern.train.campaign import (
    CampaignConfig,
    campaign_from_sections,
    load_campaign_config,
    run_campaign,
)
from govern.train.config import TrainConfig, load_train_config, parse_train_config
from govern.train.gate import check_data_gate
from govern.train.preflight import Preflight, run_preflight
from govern.train.recipe import cleanup, load_data, preview_examples, run_training, setup, train

__all__ = [
    "CampaignConfig",
    "Preflight",
    "TrainConfig",
    "campaign_from_sections",
    "check_data_gate",
    "cleanup",
    "load_campaign_config",
    "load_data",
    "load_train_config",
    "parse_train_config",
    "preview_examples",
    "run_campaign",
    "run_preflight",
    "run_training",
    "setup",
    "train",
]
