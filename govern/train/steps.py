"""The arithmetic of a run: accounting, the data order, and the token-weighted loss of one update.

Accumulation normalises by the total number of supervised tokens across the micro-batches of an
update: ``sum(token losses) / sum(supervised tokens)``. A mean of per-micro-batch means would
weight a token in a short micro-batch more than one in a long one, so accumulating 2 x 1 would
not equal one batch of 2.
"""

from __future__ import annotations

import inspect
import math
import sys
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from typing import Any

import torch
import torch.nn.functional as F

from govern.train.attention import VARLEN
from govern.train.config import TrainConfig
from govern.train.data import IGNORE_INDEX, sequence_lengths
from govern.train.distributed import Replicas
from govern.train.precision import autocast

Batch = dict[str, torch.Tensor]
SINGLE = Replicas()  # one process


@dataclass(frozen=True, slots=True)
class Accounting:
    """How many examples make an update and how many updates make the run.

    The last micro-batch of an epoch may be smaller and the last update may hold fewer
    micro-batches; both are kept (no example is dropped) and, since the loss is normalised by
    supervised tokens, a short update is still an unbiased token mean.
    """

    examples: int
    micro_batch: int
    accumulation: int
    replicas: int
    examples_per_update: int
    micro_batches_per_epoch: int
    updates_per_epoch: int
    total_updates: int
    epochs: float
    holds_fixed: str  # "updates" or "epochs"; the other is derived

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    def describe(self) -> str:
        derived = "epochs" if self.holds_fixed == "updates" else "updates"
        return (
            f"{self.examples} examples; {self.examples_per_update} per update "
            f"({self.micro_batch} x {self.accumulation} accumulation x {self.replicas} replicas); "
            f"{self.updates_per_epoch} updates per epoch; held fixed: {self.holds_fixed} "
            f"({self.total_updates} updates, {self.epochs:.3g} epochs; {derived} derived)"
        )


def accounting(config: TrainConfig, examples: int, replicas: int = 1) -> Accounting:
    """The accounting for ``examples`` training examples on ``replicas`` data-parallel copies."""
    micro = config.per_device_train_batch_size
    accumulation = config.gradient_accumulation_steps
    micro_per_epoch = math.ceil(examples / (micro * replicas))
    updates_per_epoch = math.ceil(micro_per_epoch / accumulation)
    if config.holds_fixed == "updates":
        total = config.max_steps
        epochs = total / updates_per_epoch
    else:
        total = math.ceil(config.num_train_epochs * updates_per_epoch)
        epochs = config.num_train_epochs
    return Accounting(
        examples=examples,
        micro_batch=micro,
        accumulation=accumulation,
        replicas=replicas,
        examples_per_update=micro * accumulation * replicas,
        micro_batches_per_epoch=micro_per_epoch,
        updates_per_epoch=updates_per_epoch,
        total_updates=total,
        epochs=epochs,
        holds_fixed=config.holds_fixed,
    )


def warmup_updates(config: TrainConfig, total: int) -> int:
    """Warmup in updates: ``warmup_steps``, else ``ceil(warmup_ratio x total)`` as transformers."""
    return config.warmup_steps or math.ceil(config.warmup_ratio * total)


def lr_schedule(config: TrainConfig, total: int) -> Callable[[int], float]:
    """The learning-rate factor per update: linear warmup, then linear, cosine or constant."""
    warmup, kind = warmup_updates(config, total), config.lr_scheduler_type

    def factor(step: int) -> float:
        if step < warmup:
            return (step + 1) / (warmup + 1)
        if kind == "constant":
            return 1.0
        done = (step - warmup) / max(1, total - warmup)
        if kind == "cosine":
            return max(0.0, 0.5 * (1.0 + math.cos(math.pi * min(1.0, done))))
        return max(0.0, 1.0 - done)

    return factor


def epoch_order(
    plan: Accounting, seed: int, epoch: int, lengths: Sequence[int] | None = None
) -> list[int]:
    """The order in which epoch ``epoch`` takes the examples: a function of (seed, epoch) only.

    A resumed run thus finds the same batches from its saved data position without replaying
    the data. ``lengths`` (``group_by_length``): as transformers' ``LengthGroupedSampler``, the
    shuffled order is cut into chunks of up to 50 micro-steps, each sorted longest first, so a
    micro-batch holds examples of similar length and pads little; the longest example of the
    epoch comes first, so a batch that does not fit in memory fails on the first update.
    """
    generator = torch.Generator().manual_seed(seed + epoch)
    order: list[int] = torch.randperm(plan.examples, generator=generator).tolist()
    if lengths is None:
        return order
    width = plan.micro_batch * plan.replicas
    chunk = width * max(1, min(plan.examples // (width * 4), 50))
    chunks = [
        sorted(order[start : start + chunk], key=lambda i: lengths[i], reverse=True)
        for start in range(0, len(order), chunk)
    ]
    longest = max(range(len(chunks)), key=lambda c: lengths[chunks[c][0]])
    chunks[0][0], chunks[longest][0] = chunks[longest][0], chunks[0][0]
    return [index for part in chunks for index in part]


def update_indices(
    plan: Accounting, order: Sequence[int], update: int, rank: int = 0
) -> list[list[int]]:
    """Example indices of each micro-batch of update ``update`` for replica ``rank``.

    ``order`` is the epoch's (``epoch_order``). Each micro-step takes ``micro_batch x replicas``
    examples of the order, replica ``rank`` the ``rank``-th slice of them: the replicas together
    see exactly the batches of one process with ``replicas`` x the batch. A replica's share can
    be empty at the end of an epoch; it is left out.
    """
    first = update * plan.accumulation
    width = plan.micro_batch * plan.replicas
    micro_batches = []
    for micro in range(first, min(first + plan.accumulation, plan.micro_batches_per_epoch)):
        start = micro * width + rank * plan.micro_batch
        micro_batches.append(list(order[start : start + plan.micro_batch]))
    return [indices for indices in micro_batches if indices]


def supervised_tokens(batch: Batch) -> int:
    """Tokens that carry a label after the causal shift (the first token is never predicted)."""
    return int((batch["labels"][:, 1:] != IGNORE_INDEX).sum())


def token_loss_sum(
    model: Any, batch: Batch, dtype: torch.dtype | None = None, *, supervised_only: bool = False
) -> tuple[torch.Tensor, torch.Tensor]:
    """Summed cross-entropy over the supervised tokens of ``batch``, and the logits.

    A packed batch (it has ``position_ids``) goes in without an attention mask and without a
    cache: transformers then reads the restarts of ``position_ids`` as sequence boundaries and
    builds a block-diagonal causal mask (``masking_utils.find_packed_sequence_indices``); a
    one-row batch into ``attention.VARLEN`` gets the lengths, and attends per sequence instead.
    ``dtype``: autocast the forward pass (bf16/fp16); the loss is always float32.
    ``supervised_only``: only the positions that predict a label go through the output layer
    (transformers' ``logits_to_keep`` mask), so prompt and padding positions skip the
    vocabulary-wide projection and softmax, forward and backward; the logits returned are then
    one row per such position. The loss is the same sum; a model whose forward takes no such
    mask projects every position.
    """
    device = next(model.parameters()).device
    ids = batch["input_ids"].to(device)
    inputs: dict[str, Any]
    if "position_ids" in batch:
        inputs = {"position_ids": batch["position_ids"].to(device), "use_cache": False}
        if ids.shape[0] == 1 and attention_kernel(model) == VARLEN:  # a padding-free row
            inputs["sequence_lengths"] = sequence_lengths(batch["position_ids"])
    else:
        inputs = {"attention_mask": batch["attention_mask"].to(device)}
    # Position t predicts label t+1: shift the labels left (the last position gets IGNORE_INDEX)
    # rather than slicing the logits, whose reshape would copy the batch x length x vocab tensor.
    labels = batch["labels"].to(device)
    targets = F.pad(labels[:, 1:], (0, 1), value=IGNORE_INDEX)
    keep = targets != IGNORE_INDEX if supervised_only and masks_logits(model) else None
    if keep is not None:
        inputs["logits_to_keep"] = keep
    with autocast(device, dtype):
        logits = model(input_ids=ids, **inputs).logits
    if keep is not None and logits.dim() == 2:  # one row per kept position
        return _summed_as_full(logits, targets, keep), logits
    total = F.cross_entropy(
        logits.float().reshape(-1, logits.shape[-1]),
        targets.reshape(-1),
        ignore_index=IGNORE_INDEX,
        reduction="sum",
    )
    return total, logits


def _summed_as_full(
    logits: torch.Tensor, targets: torch.Tensor, keep: torch.Tensor
) -> torch.Tensor:
    """The summed loss of the kept positions, added up in the order the full computation adds.

    Each position's loss is that of the full projection (its logits row is the same); summing
    them through ``nll_loss`` over every position, the unkept ones ignored, repeats the full
    computation's summation, so the loss is the same to the last bit, not only to rounding.
    """
    kept = F.cross_entropy(logits.float(), targets[keep], reduction="none")
    flat = keep.reshape(-1, 1)
    negated = torch.zeros(flat.shape, dtype=kept.dtype, device=kept.device)
    negated = negated.masked_scatter(flat, -kept)  # nll_loss reads -input at the target
    chosen = torch.where(keep, 0, IGNORE_INDEX).reshape(-1)
    return F.nll_loss(negated, chosen, ignore_index=IGNORE_INDEX, reduction="sum")


def attention_kernel(model: Any) -> str | None:
    """The attention implementation transformers runs in ``model`` (or a peft wrapper's model)."""
    base = model.get_base_model() if hasattr(model, "get_base_model") else model
    config = getattr(base, "config", None)
    return getattr(config, "_attn_implementation", None)


def masks_logits(model: Any) -> bool:
    """Whether ``model`` (or the model a peft wrapper holds) takes a ``logits_to_keep`` mask."""
    base = model.get_base_model() if hasattr(model, "get_base_model") else model
    model_class = type(base)
    if model_class not in _TAKES_LOGITS_MASK:
        _TAKES_LOGITS_MASK[model_class] = _takes_logits_mask(model_class)
    return _TAKES_LOGITS_MASK[model_class]


_TAKES_LOGITS_MASK: dict[type, bool] = {}  # per model class: the answer never changes


def _takes_logits_mask(model_class: type) -> bool:
    # transformers' own models slice through modeling_utils.slice_logits_to_keep, which reads a
    # 2-D boolean tensor as a per-row mask; older or remote-code models may only take an int or
    # 1-D positions, so the mask goes only to a forward that slices through that function.
    from transformers import modeling_utils

    slicer = getattr(modeling_utils, "slice_logits_to_keep", None)
    module = sys.modules.get(model_class.__module__)
    forward = getattr(model_class, "forward", None)
    return (
        slicer is not None
        and getattr(module, "slice_logits_to_keep", None) is slicer
        and forward is not None
        and "logits_to_keep" in inspect.signature(forward).parameters
    )


def accumulate(
    model: Any,
    micro_batches: Sequence[Batch],
    dtype: torch.dtype | None = None,
    scaler: Any = None,
    replicas: Replicas = SINGLE,
) -> tuple[float, int]:
    """Backward over one update's micro-batches; returns (token-mean loss, supervised tokens).

    With several replicas, tokens, loss and gradients are summed over all of them: the result
    (on every replica) is that of one process holding every replica's micro-batches.
    """
    tokens = replicas.sum_int(sum(supervised_tokens(batch) for batch in micro_batches))
    sums = []
    for batch in micro_batches:
        loss_sum, _ = token_loss_sum(model, batch, dtype, supervised_only=True)
        # Dividing each micro-batch's sum by the update's total makes the accumulated gradient
        # exactly that of one batch holding all of them.
        loss = loss_sum / max(tokens, 1)
        (scaler.scale(loss) if scaler is not None else loss).backward()
        sums.append(loss_sum.detach())
    # Read back once the update's work is queued: on a GPU a read per micro-batch would wait
    # for each backward before the next forward could start.
    summed = sum(float(loss_sum) for loss_sum in sums)
    replicas.sum_gradients(model.parameters())
    return replicas.sum_float(summed) / max(tokens, 1), tokens


def mean_of_means(model: Any, micro_batches: Sequence[Batch]) -> float:
    """The naive loss (mean of per-micro-batch means); kept only to show it differs, in tests."""
    with torch.no_grad():
        means = [
            float(token_loss_sum(model, b)[0]) / max(supervised_tokens(b), 1) for b in micro_batches
        ]
    return sum(means) / len(means)


def evaluate(model: Any, batches: Sequence[Batch], dtype: torch.dtype | None = None) -> float:
    """Token-mean validation loss in eval mode (dropout off); the model's mode is restored."""
    was_training = model.training
    model.eval()
    summed, tokens = 0.0, 0
    with torch.no_grad():
        for batch in batches:
            loss_sum, _ = token_loss_sum(model, batch, dtype, supervised_only=True)
            summed += float(loss_sum)
            tokens += supervised_tokens(batch)
    model.train(was_training)
    return summed / max(tokens, 1)


def unigram_baseline(train: Sequence[Any], validation: Sequence[Any], vocabulary: int) -> float:
    """Nats per supervised validation token of a unigram model of the supervised train tokens.

    Add-one smoothed over ``vocabulary``; the tokens are those the loss counts (labels after the
    causal shift). A model that has learned anything beyond token frequencies scores below it.
    """
    counts: dict[int, int] = {}
    for example in train:
        for label in example.labels[1:]:
            if label != IGNORE_INDEX:
                counts[label] = counts.get(label, 0) + 1
    total = sum(counts.values())
    held_out = [label for e in validation for label in e.labels[1:] if label != IGNORE_INDEX]
    if not held_out:
        return math.nan
    nats = sum(-math.log((counts.get(t, 0) + 1) / (total + vocabulary)) for t in held_out)
    return nats / len(held_out)


def diverged(config: TrainConfig, losses: list[float], loss: float, step: int) -> str | None:
    """The stop reason when ``loss`` is non-finite or above ``divergence_factor`` x the first."""
    if not math.isfinite(loss):
        return f"diverged: loss {loss} at update {step}"
    factor = config.divergence_factor
    if factor is not None and losses and loss > factor * losses[0]:
        return f"diverged: loss {loss:.4g} > {factor} x first loss at update {step}"
    return None


def no_improvement(config: TrainConfig, evals: list[dict[str, float]]) -> str | None:
    """The stop reason when the last ``patience`` validations did not beat the best before."""
    patience = config.early_stopping_patience
    if patience is None or len(evals) <= patience:
        return None
    best_before = min(point["loss"] for point in evals[:-patience])
    if min(point["loss"] for point in evals[-patience:]) >= best_before:
        return f"no improvement in {patience} validations (best {best_before:.4g})"
    return None
