"""Campaigns: variants that differ in one setting, each run with an id, every run kept in a ledger.

Stop rules, validation frequency and the budget live in the shared ``train`` block, so they are
fixed before any run. A failed or diverged run stays in the ledger with its stop reason; a rerun
gets a new id and never replaces it. The summary compares variants by mean and spread across
seeds, never by the best run alone.
"""

from __future__ import annotations

import json
import statistics
import uuid
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from govern.errors import GovernError, InputError
from govern.io import atomic_write_json, atomic_write_text
from govern.policy import LoadedPolicy
from govern.provenance import provenance
from govern.train.config import TrainConfig, parse_train_config
from govern.train.recipe import run_training
from govern.train.report import significant


class Variant(BaseModel):
    """One variant: a name and the single setting it changes."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(min_length=1)
    learning_rate: float = Field(gt=0)


class CampaignConfig(BaseModel):
    """A campaign: the shared train settings, the variants, the seeds, where results go."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(default="campaign", min_length=1)
    train: dict[str, Any] = Field(default_factory=dict, description="TrainConfig keys shared")
    variants: list[Variant] = Field(min_length=1)
    seeds: list[int] = Field(default_factory=lambda: [0], min_length=1)
    out_dir: Path = Field(default=Path("runs"))


def load_campaign_config(path: Path) -> CampaignConfig:
    """Read ``campaign.yaml``; InputError naming the bad key."""
    try:
        document = yaml.safe_load(Path(path).read_text(encoding="utf-8")) or {}
        return CampaignConfig.model_validate(document)
    except FileNotFoundError:
        raise InputError(f"{path}: campaign config not found") from None
    except yaml.YAMLError as exc:
        raise InputError(f"{path}: invalid YAML: {exc}") from None
    except ValidationError as exc:
        raise InputError(f"{path}: {_problems(exc)}") from None


def _problems(exc: ValidationError) -> str:
    return "; ".join(
        f"{'.'.join(str(p) for p in error['loc'])}: {error['msg']}" for error in exc.errors()
    )


def campaign_from_sections(
    campaign: dict[str, Any], train: dict[str, Any], source: str = "params.yaml: campaign"
) -> CampaignConfig:
    """A campaign whose runs share the ``train`` settings, overridden by ``campaign.train``."""
    values = {**campaign, "train": {**train, **(campaign.get("train") or {})}}
    try:
        return CampaignConfig.model_validate(values)
    except ValidationError as exc:
        raise InputError(f"{source}: {_problems(exc)}") from None


def run_campaign(campaign: CampaignConfig, policy: LoadedPolicy | None = None) -> dict[str, Any]:
    """Run every variant x seed; append each run to ``out_dir/name/ledger.jsonl``.

    Returns (and writes as ``summary.json``) this campaign's comparison: per variant, the mean
    and spread over its seeds; earlier runs stay in the ledger and are counted, not mixed in.
    """
    folder = campaign.out_dir / campaign.name
    ledger = folder / "ledger.jsonl"
    run_ids = []
    for variant in campaign.variants:
        for seed in campaign.seeds:
            run_id = f"{variant.name}-s{seed}-{uuid.uuid4().hex[:8]}"
            overrides = {
                "learning_rate": variant.learning_rate,
                "seed": seed,
                "output_dir": str(folder / run_id / "adapter"),
                "reports_dir": str(folder / run_id / "reports"),
            }
            entry = {
                "run_id": run_id,
                "variant": variant.name,
                "seed": seed,
                "started": datetime.now(UTC).isoformat(timespec="seconds"),
            }
            entry |= _one_run({**campaign.train, **overrides}, policy)
            append_ledger(ledger, entry)
            run_ids.append(run_id)
    recorded = read_ledger(ledger)
    these = [entry for entry in recorded if entry["run_id"] in set(run_ids)]
    summary = {
        "name": campaign.name,
        "varied": "learning_rate",
        "seeds": campaign.seeds,
        "variants": summarize(these, [v.name for v in campaign.variants]),
        "runs": run_ids,
        "ledger": str(ledger),
        "ledger_runs": len(recorded),
        "provenance": provenance(policy, params=campaign.model_dump(mode="json")),
    }
    atomic_write_json(folder / "summary.json", summary)
    return summary


def _one_run(values: dict[str, Any], policy: LoadedPolicy | None) -> dict[str, Any]:
    # Every outcome is recorded: a refused config or a failed gate is a ledger row too.
    config: TrainConfig | None = None
    try:
        config = parse_train_config(values, source="campaign train")
        metrics = run_training(config, policy)
    except GovernError as exc:
        params = config.model_dump(mode="json") if config else values
        return {"params": params, "stop_reason": f"failed: {exc}", "artifacts": {}}
    last_eval = metrics["validation"][-1]["loss"] if metrics["validation"] else None
    return {
        "params": metrics["config"],
        "loss_curve": [point["loss"] for point in metrics["loss_curve"]],
        "validation": metrics["validation"],
        "final_validation_loss": last_eval,
        "stop_reason": metrics["stop_reason"],
        "artifacts": {"adapter": values["output_dir"], "reports": values["reports_dir"]},
    }


def append_ledger(ledger: Path, entry: dict[str, Any]) -> None:
    """Append one run to the ledger; the whole file is rewritten atomically, earlier rows kept."""
    existing = ledger.read_text(encoding="utf-8") if ledger.exists() else ""
    atomic_write_text(ledger, existing + json.dumps(entry, sort_keys=True) + "\n")


def read_ledger(ledger: Path) -> list[dict[str, Any]]:
    """Every run recorded in ``ledger``, oldest first."""
    return [json.loads(line) for line in ledger.read_text(encoding="utf-8").splitlines() if line]


def summarize(entries: list[dict[str, Any]], variants: list[str]) -> list[dict[str, Any]]:
    """Per variant: runs, completed runs, stop reasons, mean and spread of final validation loss."""
    rows = []
    for name in variants:
        runs = [entry for entry in entries if entry["variant"] == name]
        losses = [
            entry["final_validation_loss"]
            for entry in runs
            if entry.get("final_validation_loss") is not None
            and entry["stop_reason"] == "completed"
        ]
        rows.append(
            {
                "variant": name,
                "runs": len(runs),
                "completed": len(losses),
                "stop_reasons": sorted({entry["stop_reason"] for entry in runs}),
                "mean_validation_loss": significant(statistics.fmean(losses)) if losses else None,
                "stdev_validation_loss": (
                    significant(statistics.stdev(losses)) if len(losses) > 1 else None
                ),
            }
        )
    return rows
