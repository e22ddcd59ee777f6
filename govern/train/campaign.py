"""Campaigns: variants over any training keys, each run with an id, every run kept in a ledger.

Stop rules, validation frequency and the budget live in the shared ``train`` block, so they are
fixed before any run. A failed or diverged run stays in the ledger with its stop reason; a rerun
gets a new id and never replaces it. The summary compares variants by mean and spread across
seeds, never by the best run alone, and names the winner by a rule written before the runs.
"""

from __future__ import annotations

import json
import statistics
import uuid
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from govern.errors import GovernError, InputError
from govern.io import atomic_write_json, atomic_write_text
from govern.policy import LoadedPolicy
from govern.provenance import provenance
from govern.train.config import TrainConfig, parse_train_config
from govern.train.recipe import run_training
from govern.train.report import exit_code, significant

# Set by the campaign for each run, so a variant cannot set them.
RUN_KEYS = frozenset({"seed", "output_dir", "reports_dir", "resume_from_checkpoint"})
DECISION_RULE = (
    "the variant with the lowest mean validation loss over its seeds (each run's kept adapter: "
    "the final validation, or the best one when early stopping kept it) wins; a variant with a "
    "failed, diverged, interrupted or replay-failed seed cannot win, and is listed, never "
    "dropped; ties go to the variant listed first"
)
INTERRUPTED = "interrupted (started, no result recorded)"


class Variant(BaseModel):
    """One variant: a name and the TrainConfig keys it sets (``{name: r16, r: 16}``)."""

    model_config = ConfigDict(extra="allow", frozen=True)

    name: str = Field(min_length=1)

    @model_validator(mode="after")
    def _settings_are_train_keys(self) -> Variant:
        settings = self.settings()
        if not settings:
            raise ValueError(f"variant {self.name}: sets no TrainConfig key")
        unknown = sorted(set(settings) - set(TrainConfig.model_fields))
        if unknown:
            raise ValueError(f"variant {self.name}: not TrainConfig keys: {', '.join(unknown)}")
        if fixed := sorted(set(settings) & RUN_KEYS):
            raise ValueError(f"variant {self.name}: the campaign sets {', '.join(fixed)}")
        return self

    def settings(self) -> dict[str, Any]:
        """The keys this variant sets, over the campaign's shared ``train`` block."""
        return dict(self.model_extra or {})


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

    Every run's config is checked before the first one starts (InputError naming the variant).
    ``summary.json`` is written before the runs, with the decision rule, and rewritten after
    each one: a run still marked ``interrupted`` is one the campaign did not finish. Returns the
    final summary: per variant the mean and spread over its seeds, and the winner by the rule.
    """
    folder = campaign.out_dir / campaign.name
    ledger = folder / "ledger.jsonl"
    planned: list[dict[str, Any]] = []
    for variant in campaign.variants:
        for seed in campaign.seeds:
            run_id = f"{variant.name}-s{seed}-{uuid.uuid4().hex[:8]}"
            values = {
                **campaign.train,
                **variant.settings(),
                "seed": seed,
                "output_dir": str(folder / run_id / "adapter"),
                "reports_dir": str(folder / run_id / "reports"),
            }
            parse_train_config(values, source=f"campaign variant {variant.name}")
            planned.append(
                {"run_id": run_id, "variant": variant.name, "seed": seed, "values": values}
            )
    rows = [
        {"run_id": p["run_id"], "variant": p["variant"], "seed": p["seed"], "status": "planned"}
        for p in planned
    ]
    summary: dict[str, Any] = {
        "name": campaign.name,
        "decision_rule": DECISION_RULE,
        "varied": sorted({key for v in campaign.variants for key in v.settings()}),
        "seeds": campaign.seeds,
        "status": "running",
        "runs": [row["run_id"] for row in rows],
        "run_rows": rows,
        "ledger": str(ledger),
        "provenance": provenance(policy, params=campaign.model_dump(mode="json")),
    }
    atomic_write_json(folder / "summary.json", summary)
    entries = []
    for plan, row in zip(planned, rows, strict=True):
        row["status"] = INTERRUPTED  # stays so if the process dies during this run
        atomic_write_json(folder / "summary.json", summary)
        entry = {
            "run_id": plan["run_id"],
            "variant": plan["variant"],
            "seed": plan["seed"],
            "started": datetime.now(UTC).isoformat(timespec="seconds"),
        }
        entry |= _one_run(plan["values"], policy)
        append_ledger(ledger, entry)
        entries.append(entry)
        row["status"] = entry["stop_reason"]
        row["validation_loss"] = entry.get("validation_loss")
    variants = summarize(entries, [v.name for v in campaign.variants])
    summary |= {
        "status": "finished",
        "variants": variants,
        "winner": winner(variants),
        "ledger_runs": len(read_ledger(ledger)),
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
    kept = (metrics["provenance"].get("adapter_kept") or {}).get("validation_loss", last_eval)
    return {
        "params": metrics["config"],
        "loss_curve": [point["loss"] for point in metrics["loss_curve"]],
        "validation": metrics["validation"],
        "final_validation_loss": last_eval,
        "validation_loss": kept if exit_code(metrics) == 0 else None,
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
    """Per variant: runs, runs that count (completed or early-stopped), stop reasons, and the
    mean and spread of their validation loss; ``complete`` when every seed counts."""
    rows = []
    for name in variants:
        runs = [entry for entry in entries if entry["variant"] == name]
        losses = [
            entry["validation_loss"] for entry in runs if entry.get("validation_loss") is not None
        ]
        rows.append(
            {
                "variant": name,
                "runs": len(runs),
                "completed": len(losses),
                "complete": bool(runs) and len(losses) == len(runs),
                "stop_reasons": sorted({entry["stop_reason"] for entry in runs}),
                "mean_validation_loss": significant(statistics.fmean(losses)) if losses else None,
                "stdev_validation_loss": (
                    significant(statistics.stdev(losses)) if len(losses) > 1 else None
                ),
            }
        )
    return rows


def winner(variants: list[dict[str, Any]]) -> str | None:
    """The variant ``DECISION_RULE`` picks from ``summarize``'s rows; None when none can win."""
    eligible = [row for row in variants if row["complete"]]
    if not eligible:
        return None
    return str(min(eligible, key=lambda row: row["mean_validation_loss"])["variant"])
