"""The LoRA training recipe, read top to bottom: ``setup`` -> ``train`` -> ``cleanup``.

``setup`` gates the data (signed manifest, passing verdicts), loads the base model and the
examples through the verified loaders, wraps the model with peft and restores a checkpoint if
asked. ``train`` runs plain-torch AdamW updates with phase gates on the first update and at each
validation. ``cleanup`` saves the adapter (safetensors, atomically) and the run's reports.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

import numpy as np
import torch

from govern.artifacts import load_model
from govern.contract import write_report
from govern.errors import GovernError, InputError, PolicyViolation
from govern.io import atomic_dir
from govern.policy import LoadedPolicy, TrainingPolicy
from govern.progress import progress as progress_bar
from govern.provenance import provenance
from govern.records import ReadStats
from govern.train.attention import use_padding_free
from govern.train.checkpoint import checkpoint_dir, save_adapter, save_checkpoint
from govern.train.config import TrainConfig
from govern.train.contract import ReplayReport
from govern.train.data import (
    EncodedSplit,
    Example,
    collate,
    describe_records,
    encode_records,
    length_histogram,
    micro_batch,
    pack_examples,
    prepare_tokenizer,
    records_under,
    show_examples,
)
from govern.train.distributed import replicas_from_environment, writer_process
from govern.train.gate import GatedData, check_data_gate, record_source
from govern.train.gates import (
    GateFailure,
    GateTable,
    check_batch,
    check_gradients,
    check_loss,
    check_update,
    snapshot,
)
from govern.train.live import RunLog, check_report_to
from govern.train.precision import (
    autocast_dtype,
    check_precision,
    gradient_scaler,
    make_optimizer,
    optimizer_record,
    quantize,
)
from govern.train.replay import (
    CONTROLS_FILE,
    PREDICTIONS_FILE,
    adapter_digests,
    attach_adapter,
    compare,
    control_outputs,
    control_predictions,
    control_prompts,
    read_adapter,
    save_controls,
    save_predictions,
)
from govern.train.report import (
    STOP_AFTER,
    RunSummary,
    run_metrics,
    write_failure,
    write_reports,
)
from govern.train.resume import resume, resume_folder, training_record
from govern.train.run import Best, Run
from govern.train.steps import (
    accounting,
    accumulate,
    diverged,
    epoch_order,
    evaluate,
    lr_schedule,
    no_improvement,
    unigram_baseline,
    update_indices,
)

DATA_GATE = "data gate (manifest, verdicts, sources)"
EARLY_STOP = "no improvement"  # how an early stop's reason begins (steps.no_improvement)


@dataclass(frozen=True, slots=True)
class Data:
    """The gated, tokenized data of a config and the tokenizer/model that encoded it."""

    model: Any
    tokenizer: Any
    train: EncodedSplit
    validation: EncodedSplit
    provenance: dict[str, Any]
    gate: GatedData | None = None  # None: examples built by hand (benchmarks), never gated


def load_data(config: TrainConfig, policy: TrainingPolicy | None = None) -> Data:
    """Gate the manifest, load the base model, encode train/validation from verified bytes.

    PolicyViolation (exit 1) when more training records cannot train than
    ``max_skipped_records`` allows; every skip is counted by reason either way.
    """
    check_precision(config, training_device(config))  # before anything is loaded: one clear line
    check_report_to(config)
    apply_threads(config)
    folders = [config.train_dir, config.validation_dir]
    gated = check_data_gate(
        config.manifest, config.trusted_keys, policy, folders, base_model=config.base_model
    )
    files = gated.files
    base = load_base_model(config)
    if base.tokenizer is None:
        raise InputError(f"{config.base_model}: has no tokenizer (tokenizer.json or vocab files)")
    tokenizer_notes = prepare_tokenizer(base.tokenizer, config)

    def encode(folder: Path | None, limit: int | None) -> EncodedSplit:
        if folder is None:
            return EncodedSplit([])
        root = PurePosixPath(folder.as_posix())
        stats = ReadStats()
        records = records_under(files, root, stats)

        def source_of(record: dict[str, Any]) -> str:
            return record_source(record, PurePosixPath(record["_file"]), root)

        split = encode_records(
            records, base.tokenizer, config.format, config.max_seq_length, None, source_of
        )
        # A cap takes examples spread evenly over the whole split, so every source keeps its
        # share (the first N in file order would all come from the first source's files).
        split.examples = spread(split.examples, limit)
        for reason, count in stats.skipped.items():  # what the reader could not read
            split.skipped[f"unreadable: {reason}"] = count
        return split

    train_split = encode(config.train_dir, config.max_train_examples)
    validation = encode(config.validation_dir, config.max_eval_examples)
    skipped = sum(train_split.skipped.values())
    if config.max_skipped_records is not None and skipped > config.max_skipped_records:
        reasons = ", ".join(f"{reason}: {n}" for reason, n in train_split.skipped.items())
        raise PolicyViolation(
            f"{config.train_dir}: {skipped} training record(s) cannot train, more than "
            f"max_skipped_records {config.max_skipped_records} ({reasons})"
        )
    if not train_split.examples:
        raise InputError(f"{config.train_dir}: no {config.format} records to train on")
    records = {
        name: {
            "by_source": split.by_source(),
            "skipped": split.skipped,
            "truncated": sum(example.truncated for example in split.examples),
            "lengths": length_histogram(split.examples, config.max_seq_length),
        }
        for name, split in (("train", train_split), ("validation", validation))
    }
    packing: dict[str, Any] = {"enabled": config.packing}
    if config.packing:
        packed = pack_examples(train_split.examples, config.max_seq_length)
        packing |= {"sequences": len(train_split.examples), "rows": len(packed)}
        train_split = EncodedSplit(packed, train_split.skipped)
    provenance = {
        "data_manifest_sha256": gated.verified.sha256,
        "data_gate": gated.to_json(),
        "records": records,
        "tokenizer": tokenizer_notes,
        "base_model": str(config.base_model),
        "base_model_statement": base.statement.to_json(),
        "packing": packing,
    }
    return Data(base.model, base.tokenizer, train_split, validation, provenance, gated)


def spread(examples: list[Example], limit: int | None) -> list[Example]:
    """``limit`` examples at evenly spaced positions of ``examples`` (all when it is None)."""
    if limit is None or len(examples) <= limit:
        return examples
    step = len(examples) / limit
    return [examples[int(i * step)] for i in range(limit)]


def apply_threads(config: TrainConfig) -> None:
    """Set torch's CPU threads when the config says (``torch_num_threads``)."""
    if config.torch_num_threads is not None:
        # A tiny model on a shared CPU runs several times faster on one thread than on many
        # spinning ones.
        torch.set_num_threads(config.torch_num_threads)


def load_base_model(config: TrainConfig) -> Any:
    """The verified base model (``govern.artifacts.load_model``) with its tokenizer."""
    return load_model(
        config.base_model,
        config.trusted_keys,
        signature=config.base_model_signature,
        attn_implementation=config.attn_implementation,
    )


def setup(config: TrainConfig, data: Data) -> Run:
    """Seed, wrap the base model with LoRA, build AdamW and the schedule; resume if configured."""
    from peft import LoraConfig, get_peft_model

    _seed_everything(config.seed)
    targets = config.target_modules
    lora = LoraConfig(
        r=config.r,
        lora_alpha=config.lora_alpha,
        lora_dropout=config.lora_dropout,
        target_modules=targets if isinstance(targets, str) else list(targets),
        bias=config.bias,
        task_type=config.task_type,
    )
    base = quantize(data.model, config)
    padding_free, batching = use_padding_free(base, config.padding_free)
    try:
        model = get_peft_model(base, lora)
    except ValueError as exc:  # peft: "Target modules {...} not found in the base model"
        raise InputError(
            f"target_modules: {exc}".split(". Please")[0]
            + f"; linear modules of {config.base_model}: {', '.join(linear_module_names(base))}"
            + " (or all-linear)"
        ) from None
    if not (config.load_in_4bit or config.load_in_8bit):  # bitsandbytes placed it already
        model = model.to(training_device(config))
    if config.gradient_checkpointing:
        # Non-reentrant checkpointing needs no input grads on the frozen embeddings.
        model.gradient_checkpointing_enable(gradient_checkpointing_kwargs={"use_reentrant": False})
    model.train()
    replicas = replicas_from_environment()
    plan = accounting(config, len(data.train.examples), replicas.size)
    trainable = [param for param in model.parameters() if param.requires_grad]
    optimizer, fallback = make_optimizer(config, trainable)
    scheduler = torch.optim.lr_scheduler.LambdaLR(
        optimizer, lr_schedule(config, plan.total_updates)
    )
    run = Run(
        config, model, data.tokenizer, data.train.examples, data.validation.examples, plan,
        optimizer, scheduler, scaler=gradient_scaler(config), replicas=replicas,
        # A copy: a campaign sets up several runs from one Data.
        provenance={
            **data.provenance,
            "optimizer": optimizer_record(config, optimizer, fallback),
            "padding_free": {"enabled": padding_free, "reason": batching},
        },
        padding_free=padding_free,
    )  # fmt: skip
    if data.gate is not None:
        with run.gates.phase(DATA_GATE, 0) as details:
            # Excluded sources are named here and in the metrics, never dropped silently.
            details.append(data.gate.describe())
            details.append(describe_records(data.provenance.get("records", {})))
    if config.resume_from_checkpoint is not None:
        resume(run, resume_folder(config))
    return run


def linear_module_names(model: Any) -> list[str]:
    """The distinct last names of the model's linear layers (what ``target_modules`` names)."""
    names = {name.rsplit(".", 1)[-1] for name, m in model.named_modules() if _is_linear(m)}
    return sorted(names - {"lm_head"})


def _is_linear(module: Any) -> bool:
    return isinstance(module, torch.nn.Linear)


def train(run: Run) -> Run:
    """Run updates until the budget, a stop step or a non-finite loss; records the stop reason."""
    started = time.perf_counter()
    run.stop_reason = "completed"
    made_by = {key: run.provenance.get(key) for key in ("tool", "policy", "inputs")}
    log = RunLog.open(run.config, quiet=not run.replicas.writer, made_by=made_by)
    try:
        _updates(run, log, run.progress.step + 1, started)
    finally:
        log.close()
        run.seconds = time.perf_counter() - started
    return run


def _updates(run: Run, log: RunLog, first_step: int, started: float) -> None:
    config, plan, progress, gates = run.config, run.plan, run.progress, run.gates
    pad_id = run.tokenizer.pad_token_id
    # The optimizer's parameters are the trainable ones: clipping walks them, not every frozen
    # weight of the base model (the same norm, since frozen weights have no gradient).
    trainable = [param for group in run.optimizer.param_groups for param in group["params"]]
    lengths = [len(e.input_ids) for e in run.train_examples] if config.group_by_length else None
    orders: dict[int, list[int]] = {}  # the current epoch's order, drawn once per epoch
    # One iteration per update (each adds 1 to progress.step); a bar only on a terminal.
    for _ in progress_bar(range(progress.step, plan.total_updates), "Train: updates"):
        step = progress.step + 1
        if progress.epoch not in orders:
            orders = {progress.epoch: epoch_order(plan, config.seed, progress.epoch, lengths)}
        indices = update_indices(
            plan, orders[progress.epoch], progress.update_in_epoch, run.replicas.rank
        )
        micro = [
            micro_batch([run.train_examples[i] for i in batch], pad_id, run.padding_free)
            for batch in indices
        ]
        checked = step == first_step
        if checked:
            _gate_data_and_forward(run, micro, step)
            before = snapshot(run.model)
        run.optimizer.zero_grad(set_to_none=True)
        with gates.phase_if(checked, "backward", step) as details:
            loss, tokens = accumulate(
                run.model, micro, autocast_dtype(config), run.scaler, run.replicas
            )
            if checked:
                check_gradients(run.model, details)
        if (reason := diverged(config, progress.losses, loss, step)) is not None:
            run.stop_reason = reason
            break
        if run.scaler is not None:
            run.scaler.unscale_(run.optimizer)  # clip the true gradients, not the scaled ones
        torch.nn.utils.clip_grad_norm_(trainable, config.max_grad_norm)
        # The first optimizer step allocates the optimizer state: measured in its own row.
        with gates.phase_if(checked, "update (first optimizer step)", step) as det:
            if run.scaler is not None:
                run.scaler.step(run.optimizer)
                run.scaler.update()
            else:
                run.optimizer.step()
            run.scheduler.step()
            if checked:
                check_update(run.model, before, det)
        progress.step = step
        progress.losses.append(loss)
        progress.tokens_supervised += tokens
        progress.update_in_epoch += 1
        if progress.update_in_epoch == plan.updates_per_epoch:
            progress.epoch, progress.update_in_epoch = progress.epoch + 1, 0
        logged = {"loss": loss, "lr": run.scheduler.get_last_lr()[0], "tokens": float(tokens)}
        if run.validation_examples and (
            step % config.eval_steps == 0 or step == plan.total_updates
        ):
            _validate(run, step)
            logged["eval_loss"] = progress.evals[-1]["loss"]
        log.update(step, plan.total_updates, {**logged, "seconds": time.perf_counter() - started})
        if (reason := no_improvement(config, progress.evals)) is not None:
            run.stop_reason = reason
            break
        stopping = config.stop_after_steps == step
        if (config.save_steps and step % config.save_steps == 0) or stopping:
            run.last_checkpoint = checkpoint_dir(config, step)
            if run.replicas.writer:  # every replica holds the same state: one writes it
                with gates.phase("checkpoint save", step) as details:
                    save_checkpoint(
                        run.last_checkpoint,
                        run.model,
                        run.optimizer,
                        run.scheduler,
                        progress,
                        training_record(config, run.provenance),
                    )
                    details.append(str(run.last_checkpoint))
            run.replicas.barrier()
        if stopping:
            run.stop_reason = f"stopped at update {step} {STOP_AFTER}"
            break


def cleanup(run: Run) -> dict[str, Any]:
    """Save the adapter (only when the run completed), replay the controls, write the reports.

    Returns the metrics; a completed run whose reloaded adapter does not replay the controls
    gets the stop reason ``replay failed`` (its adapter stays, for inspection).
    """
    if run.stop_reason.startswith(EARLY_STOP) and run.best is not None:
        restore_best(run)
    if not run.replicas.writer:  # one writer: rank 0 saves and reports for every replica
        run.replicas.barrier()
        return run_metrics(run_summary(run))
    if run.stop_reason == "completed" or run.stop_reason.startswith(EARLY_STOP):
        with atomic_dir(run.config.output_dir) as staging:
            save_adapter(run.model, staging)
        run.provenance["adapter_sha256"] = adapter_digests(run.config.output_dir)
        if run.config.replay_controls:
            with run.gates.phase("replay (reloaded adapter)", run.progress.step) as details:
                run.replay = replay_controls(run)
                details.append(
                    f"{sum(c['match'] for c in run.replay['controls'])}/"
                    f"{len(run.replay['controls'])} controls match"
                )
            made_by = {key: run.provenance.get(key) for key in ("tool", "policy", "inputs")}
            replay = {**run.replay, "provenance": made_by}
            write_report(run.config.reports_dir / "replay.json", ReplayReport, replay)
            if run.replay["verdict"] != "pass":
                run.stop_reason = "replay failed"
    metrics = write_reports(run_summary(run))
    run.replicas.barrier()
    return metrics


def run_summary(run: Run) -> RunSummary:
    """What the reports read of ``run``: counts, curves, timings and gates, no model."""
    return RunSummary(
        config=run.config,
        accounting=run.plan.to_json(),
        accounting_summary=run.plan.describe(),
        held_fixed=run.plan.holds_fixed,
        steps=run.progress.step,
        losses=list(run.progress.losses),
        evals=[dict(point) for point in run.progress.evals],
        tokens_supervised=run.progress.tokens_supervised,
        baselines=validation_baselines(run),
        stop_reason=run.stop_reason,
        last_checkpoint=None if run.last_checkpoint is None else str(run.last_checkpoint),
        seconds=run.seconds,
        device=str(next(run.model.parameters()).device),  # cuda:0, mps:0 or cpu
        gates=run.gates.to_json(),
        provenance=run.provenance,
    )


def validation_baselines(run: Run) -> dict[str, float | None]:
    """The unigram (train-token frequencies) and uniform validation losses, in nats per token."""
    if not run.validation_examples:
        return {"unigram": None, "uniform": None}
    vocabulary = len(run.tokenizer)
    unigram = unigram_baseline(run.train_examples, run.validation_examples, vocabulary)
    return {"unigram": unigram, "uniform": math.log(vocabulary)}


def restore_best(run: Run) -> None:
    """Put the best validation's adapter tensors back into the model (early stopping)."""
    best = run.best
    if best is None:
        return
    with torch.no_grad():
        for name, param in run.model.named_parameters():
            if name in best.tensors:
                param.copy_(best.tensors[name].to(param.device))
    run.provenance["adapter_kept"] = {
        "step": best.step,
        "validation_loss": float(f"{best.loss:.7g}"),
        "why": "early stopping keeps the adapter of the best validation",
    }


def replay_controls(run: Run) -> dict[str, Any]:
    """Controls through the trained model, then through the adapter reloaded from its bytes."""
    config = run.config
    dtype = autocast_dtype(config)
    examples = run.validation_examples or run.train_examples
    prompts = control_prompts(examples, config.replay_controls)
    saved = control_outputs(run.model, prompts, dtype)
    save_controls(config.reports_dir / CONTROLS_FILE, saved)
    # What the trained model answers to each control, beside the reference answer.
    predictions = control_predictions(examples, prompts, saved, run.tokenizer)
    run.provenance["predictions_sha256"] = save_predictions(
        config.reports_dir / PREDICTIONS_FILE, predictions
    )
    adapter_config, state = read_adapter(config.output_dir, run.provenance["adapter_sha256"])
    base = quantize(load_base_model(config).model, config)
    device = next(run.model.parameters()).device
    reloaded = attach_adapter(base, adapter_config, state)
    if not (config.load_in_4bit or config.load_in_8bit):
        reloaded = reloaded.to(device)
    replayed = control_outputs(reloaded, prompts, dtype)
    return {
        **compare(prompts, saved, replayed, dtype),
        "adapter": str(config.output_dir),
        "adapter_sha256": run.provenance["adapter_sha256"],
        "predictions": str(config.reports_dir / PREDICTIONS_FILE),
        "predictions_sha256": run.provenance["predictions_sha256"],
        "loader": "in-run sha256 (read once, no symlinks, data formats only)",
    }


def run_training(config: TrainConfig, policy: LoadedPolicy | None = None) -> dict[str, Any]:
    """The whole recipe (``govern train --config``): gate, load, train, save; the metrics.

    ``policy``: its ``training`` section sets the verdicts required (default: the defaults);
    its sha256 is recorded with the tool version and input hashes in every report.
    """
    made_by = produced_by(config, policy)
    gates = GateTable()
    try:
        with gates.phase(DATA_GATE, 0):
            data = load_data(config, training_rules(policy))
    except GovernError:
        if writer_process():
            write_failure(config, gates.to_json(), made_by)  # the refused run leaves its record too
        raise
    gates.rows.clear()  # setup records the passed data gate with what it found
    try:
        with gates.phase("setup (adapter, optimizer, resume)", 0):
            run = setup(config, data)
    except GovernError:
        if writer_process():
            write_failure(config, gates.to_json(), made_by | data.provenance)
        raise
    run.provenance |= made_by
    try:
        train(run)
    except GovernError as exc:
        run.stop_reason = f"failed in {run.gates.failed_phase() or 'training'}: {exc}"
        if run.replicas.writer:
            write_reports(run_summary(run))
        raise
    return cleanup(run)


def training_rules(policy: LoadedPolicy | None) -> TrainingPolicy | None:
    """The ``training`` section of a loaded policy (None: the defaults)."""
    return policy.policy.training if policy is not None else None


def produced_by(config: TrainConfig, policy: LoadedPolicy | None) -> dict[str, Any]:
    """Tool version, policy sha256, the config, and the hashes of manifest and base model."""
    return provenance(policy, [config.manifest, config.base_model], config.model_dump(mode="json"))


def preview_examples(config: TrainConfig, n: int, policy: LoadedPolicy | None = None) -> list[str]:
    """``govern train --show-examples N``: N training inputs, supervised spans in [[...]]."""
    data = load_data(config, training_rules(policy))
    return show_examples(data.train.examples, data.tokenizer, n)


def _gate_data_and_forward(run: Run, micro: list[dict[str, torch.Tensor]], step: int) -> None:
    with run.gates.phase("data", step) as details:
        for batch in micro:
            check_batch(batch, details)
    # Eval mode and no_grad: dropout draws no random numbers, so the check never shifts the RNG
    # stream a resumed run must continue.
    with run.gates.phase("forward", step) as details:
        from govern.train.steps import supervised_tokens, token_loss_sum

        run.model.eval()
        with torch.no_grad():
            loss_sum, logits = token_loss_sum(run.model, micro[0], autocast_dtype(run.config))
        run.model.train()
        if logits.shape[:2] != micro[0]["input_ids"].shape:
            raise GateFailure(f"forward: logits {tuple(logits.shape)} do not match the ids")
        check_loss(float(loss_sum) / max(supervised_tokens(micro[0]), 1), details)


def _validate(run: Run, step: int) -> None:
    size = run.config.per_device_eval_batch_size
    examples = run.validation_examples
    pad_id = run.tokenizer.pad_token_id
    batches = [collate(examples[i : i + size], pad_id) for i in range(0, len(examples), size)]
    with run.gates.phase("validation", step) as details:
        loss = evaluate(run.model, batches, autocast_dtype(run.config))
        check_loss(loss, details)
        details.append(
            f"{len(examples)} examples, longest {max(b['input_ids'].shape[1] for b in batches)}"
        )
    run.progress.evals.append({"step": step, "loss": loss})
    if run.best is None or loss < run.best.loss:
        # Kept on the CPU: early stopping saves the adapter of the best validation, not the last.
        trained = {
            n: p.detach().cpu().clone() for n, p in run.model.named_parameters() if p.requires_grad
        }
        run.best = Best(step, loss, trained)


def training_device(config: TrainConfig) -> torch.device:
    """The device a run trains on: ``device``, where ``auto`` is CUDA, else MPS, else CPU."""
    cuda, mps = torch.cuda.is_available(), torch.backends.mps.is_available()
    if config.device == "auto":
        return torch.device("cuda" if cuda else "mps" if mps else "cpu")
    if config.device == "cuda" and not cuda:
        raise InputError("device: cuda requested but torch sees no CUDA device")
    if config.device == "mps" and not mps:
        raise InputError("device: mps requested but torch sees no Apple MPS device")
    return torch.device(config.device)


def _seed_everything(seed: int) -> None:
    random.seed(seed)
    np.random.seed(seed)
    torch.manual_seed(seed)
