"""Resuming a run from a checkpoint, safely: a changed training key is refused unless allowed.

A checkpoint records the run's training keys (``config.training_keys``) and the data manifest's
sha256. Resuming under other values stops with exit 2 naming each key, unless
``allow_config_change``, which is recorded in the run's provenance and applied: the new learning
rate, weight decay and schedule from the restored step on.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from govern.errors import InputError
from govern.train.checkpoint import checkpoint_dir, latest_checkpoint, load_checkpoint, saved_config
from govern.train.config import TrainConfig, training_keys

if TYPE_CHECKING:
    from govern.train.run import Run


def resume_folder(config: TrainConfig) -> Path:
    """The checkpoint to resume: the configured folder, or the newest one for ``latest``."""
    if str(config.resume_from_checkpoint) == "latest":
        return latest_checkpoint(checkpoint_dir(config, 0).parent)
    return Path(str(config.resume_from_checkpoint))


def resume(run: Run, folder: Path) -> None:
    """Restore ``folder`` into the run, refusing (exit 2) a changed training key unless allowed.

    With ``allow_config_change`` the changes are recorded, and the new learning rate, weight
    decay and schedule apply from the restored step on (not the checkpoint's).
    """
    config = run.config
    changes = config_changes(saved_config(folder), training_record(config, run.provenance))
    if changes and not config.allow_config_change:
        named = "; ".join(f"{key} ({was} -> {now})" for key, (was, now) in changes.items())
        raise InputError(
            f"resume: {folder} was made with other training settings: {named}; "
            "rerun with --allow-config-change (allow_config_change: true) to accept, recorded"
        )
    run.provenance["resume"] = {
        "checkpoint": str(folder),
        "config_changes": {key: {"checkpoint": a, "now": b} for key, (a, b) in changes.items()},
        "allow_config_change": config.allow_config_change,
    }
    with run.gates.phase("resume", 0) as details:
        run.progress = load_checkpoint(folder, run.model, run.optimizer, run.scheduler)
        if changes:
            _apply_optimizer_settings(run)
            details.append("config changed (allowed): " + ", ".join(changes))
        details.append(
            f"{folder.name}: step {run.progress.step}, lr {run.scheduler.get_last_lr()[0]:.3g}, "
            f"data position epoch {run.progress.epoch} update {run.progress.update_in_epoch}"
        )


def training_record(config: TrainConfig, provenance: dict[str, Any]) -> dict[str, Any]:
    """What a checkpoint records of its run: the training keys and the data manifest's sha256."""
    return {**training_keys(config), "data_manifest_sha256": provenance.get("data_manifest_sha256")}


def config_changes(
    saved: dict[str, Any] | None, current: dict[str, Any]
) -> dict[str, tuple[Any, Any]]:
    """Key -> (checkpoint's value, current value) for every training key that differs."""
    if saved is None:
        return {"(config)": ("not recorded", "this config")}
    keys = sorted(set(saved) | set(current))
    return {
        key: (saved.get(key), current.get(key))
        for key in keys
        if saved.get(key) != current.get(key)
    }


def _apply_optimizer_settings(run: Run) -> None:
    # The checkpoint restored its own learning rate and weight decay; an allowed change means
    # the new ones, on the new schedule, from the restored step on.
    scheduler, config = run.scheduler, run.config
    scheduler.base_lrs = [config.learning_rate for _ in run.optimizer.param_groups]
    for group, factor in zip(run.optimizer.param_groups, scheduler.lr_lambdas, strict=True):
        group["initial_lr"] = config.learning_rate
        group["weight_decay"] = config.weight_decay
        group["lr"] = config.learning_rate * factor(scheduler.last_epoch)
    scheduler._last_lr = [group["lr"] for group in run.optimizer.param_groups]
