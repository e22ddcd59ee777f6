"""The built-in LoRA trainer: a typed config, a data gate, and one readable recipe.

The names below are imported on first use (PEP 562), so ``govern.train.contract`` (the training
reports' models, which the review reads) imports without torch on a core install.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from govern.train.campaign import (
        CampaignConfig,
        campaign_from_sections,
        load_campaign_config,
        run_campaign,
    )
    from govern.train.config import TrainConfig, load_train_config, parse_train_config
    from govern.train.gate import check_data_gate
    from govern.train.preflight import Preflight, run_preflight
    from govern.train.recipe import (
        cleanup,
        load_data,
        preview_examples,
        run_training,
        setup,
        train,
    )

# name -> the module that defines it
_WHERE = {
    "CampaignConfig": "campaign",
    "campaign_from_sections": "campaign",
    "load_campaign_config": "campaign",
    "run_campaign": "campaign",
    "TrainConfig": "config",
    "load_train_config": "config",
    "parse_train_config": "config",
    "check_data_gate": "gate",
    "Preflight": "preflight",
    "run_preflight": "preflight",
    "cleanup": "recipe",
    "load_data": "recipe",
    "preview_examples": "recipe",
    "run_training": "recipe",
    "setup": "recipe",
    "train": "recipe",
}

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


def __getattr__(name: str) -> Any:
    if name not in _WHERE:
        raise AttributeError(f"module 'govern.train' has no attribute {name!r}")
    return getattr(importlib.import_module(f"govern.train.{_WHERE[name]}"), name)
