"""The typed training config (``train.yaml``): transformers/peft names, strict, all defaulted.

Keys carry the names of transformers' ``TrainingArguments`` and peft's ``LoraConfig`` where
those exist, so existing settings carry over. Paths are relative to the current folder (the
project root under DVC). ``max_steps`` > 0 holds the number of updates fixed; otherwise
``num_train_epochs`` is held fixed and the updates are derived (see ``accounting``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from govern.errors import InputError

ReportTo = Literal["none", "jsonl", "tensorboard"]


def _jsonl_log() -> list[ReportTo]:
    return ["jsonl"]


class TrainConfig(BaseModel):
    """One training run; unknown keys and wrong types are errors naming the key."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    # Data: folders as written by the split/leaks stage, and the signed manifest listing them.
    manifest: Path = Field(default=Path("data/manifest.json"), description="signed data manifest")
    train_dir: Path = Field(default=Path("data/leak_free/train"))
    validation_dir: Path | None = Field(default=Path("data/leak_free/validation"))
    format: Literal["auto", "chat", "alpaca", "prompt_completion"] = Field(
        default="auto", description="record format trained; auto: each record by its shape"
    )
    max_seq_length: int = Field(default=256, ge=8)
    max_length: int | None = Field(
        default=None, ge=8, description="TRL's name for max_seq_length (give one of the two)"
    )
    max_skipped_records: int | None = Field(
        default=0,
        ge=0,
        description="training records that cannot train (any reason) before the "
        "data gate fails; None: no limit (still counted)",
    )
    chat_template: str | None = Field(
        default=None,
        description="a Jinja chat template, or a path to a .jinja file; overrides the tokenizer's",
    )
    max_train_examples: int | None = Field(default=None, ge=1, description="cap, for smoke runs")
    max_eval_examples: int | None = Field(default=64, ge=1)

    # Model and trust.
    base_model: Path = Field(default=Path("data/sample/model"))
    base_model_signature: Path | None = Field(
        default=None, description="the base model's signature bundle; None: beside the folder"
    )
    trusted_keys: list[Path] = Field(default_factory=lambda: [Path(".govern/signing.key.pub")])
    output_dir: Path = Field(default=Path("models/adapter"))
    reports_dir: Path = Field(default=Path("reports/train"))

    # transformers TrainingArguments names.
    per_device_train_batch_size: int = Field(default=4, ge=1)
    per_device_eval_batch_size: int = Field(default=8, ge=1)
    gradient_accumulation_steps: int = Field(default=2, ge=1)
    learning_rate: float = Field(default=2e-4, gt=0)
    weight_decay: float = Field(default=0.0, ge=0)
    warmup_steps: int = Field(default=0, ge=0)
    warmup_ratio: float = Field(default=0.0, ge=0, lt=1, description="warmup as a share of updates")
    lr_scheduler_type: Literal["linear", "cosine", "constant"] = "linear"
    num_train_epochs: float = Field(default=1.0, gt=0)
    max_steps: int = Field(default=-1, description="> 0 holds updates fixed; -1 holds epochs")
    max_grad_norm: float = Field(default=1.0, gt=0)
    gradient_checkpointing: bool = False
    packing: bool = Field(
        default=False, description="pack examples into max_seq_length rows, masked per sequence"
    )
    padding_free: bool = Field(
        default=True,
        description="each micro-batch goes through the model as one row, no padding, attention "
        "per sequence (sdpa with full attention only; other kernels and sliding windows keep "
        "padded batches, recorded); trains the same examples and loss, rounding differs from "
        "padded batches in the last bits",
    )
    group_by_length: bool = Field(
        default=False,
        description="micro-batches of similar lengths (less padding); the order still changes "
        "every epoch",
    )
    bf16: bool = Field(default=False, description="autocast to bfloat16 (CPU, or CUDA with bf16)")
    fp16: bool = Field(default=False, description="autocast to float16 with loss scaling (CUDA)")
    load_in_4bit: bool = Field(default=False, description="4-bit base model (bitsandbytes, CUDA)")
    load_in_8bit: bool = Field(default=False, description="8-bit base model (bitsandbytes, CUDA)")
    replay_controls: int = Field(
        default=4, ge=0, description="validation inputs replayed after reloading the adapter"
    )
    eval_steps: int = Field(default=10, ge=1)
    save_steps: int = Field(default=0, ge=0, description="checkpoint every N updates; 0: never")
    logging_steps: int = Field(default=1, ge=1, description="a log line every N updates")
    report_to: list[ReportTo] = Field(
        default_factory=_jsonl_log,
        description="local loggers: jsonl (reports_dir/log.jsonl), tensorboard (if installed)",
    )
    seed: int = 0
    device: Literal["auto", "cpu", "cuda", "mps"] = Field(
        default="auto", description="auto: CUDA if present, else Apple MPS if present, else CPU"
    )
    attn_implementation: Literal["eager", "sdpa", "flash_attention_2"] | None = Field(
        default=None, description="transformers' attention kernel; None: its default"
    )
    optim: Literal["adamw_torch", "adamw_torch_fused", "adamw_8bit", "paged_adamw_8bit"] = Field(
        default="adamw_torch_fused",
        description="AdamW; _fused (the default, as transformers' Trainer): torch's one-kernel "
        "AdamW (CPU, CUDA, MPS; where torch has no fused kernel for the device or dtype, the "
        "per-parameter loop, recorded in the provenance); adamw_torch: that loop (rounds "
        "differently in the last bits); the 8-bit ones are bitsandbytes' (CUDA)",
    )
    torch_num_threads: int | None = Field(
        default=None, ge=1, description="CPU threads for torch; None: torch's default"
    )
    resume_from_checkpoint: Path | None = Field(
        default=None, description="a checkpoint folder, or latest: the newest beside output_dir"
    )
    allow_config_change: bool = Field(
        default=False, description="resume even when training keys differ from the checkpoint's"
    )
    stop_after_steps: int | None = Field(
        default=None, ge=1, description="stop (after checkpointing) at this update; for resume"
    )

    # Stop rules, fixed before a run (a campaign fixes them for every variant).
    divergence_factor: float | None = Field(
        default=10.0, gt=1, description="stop when a loss exceeds this x the first loss"
    )
    early_stopping_patience: int | None = Field(
        default=None, ge=1, description="stop after N validations without improvement"
    )

    # peft LoraConfig names.
    r: int = Field(default=8, ge=1)
    lora_alpha: int = Field(default=16, ge=1)
    lora_dropout: float = Field(default=0.05, ge=0, lt=1)
    target_modules: list[str] | Literal["all-linear"] = Field(
        default_factory=lambda: ["q_proj", "v_proj"], description="module names, or all-linear"
    )
    bias: Literal["none", "all", "lora_only"] = "none"
    task_type: Literal["CAUSAL_LM"] = "CAUSAL_LM"

    @model_validator(mode="after")
    def _budget(self) -> TrainConfig:
        if self.max_steps == 0 or self.max_steps < -1:
            raise ValueError("max_steps must be > 0 (updates held fixed) or -1 (epochs held fixed)")
        if self.bf16 and self.fp16:
            raise ValueError("bf16 and fp16 are exclusive: choose one precision")
        if self.load_in_4bit and self.load_in_8bit:
            raise ValueError("load_in_4bit and load_in_8bit are exclusive: choose one")
        if self.warmup_steps and self.warmup_ratio:
            raise ValueError("warmup_steps and warmup_ratio are exclusive: choose one")
        if isinstance(self.target_modules, list) and not self.target_modules:
            raise ValueError("target_modules: name at least one module, or all-linear")
        return self

    @model_validator(mode="before")
    @classmethod
    def _aliases(cls, values: Any) -> Any:
        # TRL's max_length is max_seq_length; a single report_to string is a one-item list.
        if not isinstance(values, dict):
            return values
        values = dict(values)
        if values.get("max_length") is not None:
            given = values.get("max_seq_length")
            if given is not None and given != values["max_length"]:
                raise ValueError("max_length and max_seq_length differ: give one of the two")
            values["max_seq_length"] = values["max_length"]
        if isinstance(values.get("report_to"), str):
            values["report_to"] = [values["report_to"]]
        return values

    @property
    def holds_fixed(self) -> Literal["updates", "epochs"]:
        """Which budget the user fixed; the other one is derived."""
        return "updates" if self.max_steps > 0 else "epochs"


# Keys that change where things go, what is reported or when a run stops, never what an update
# computes: a resume may change them freely.
NOT_TRAINING_KEYS = frozenset(
    {
        "manifest", "base_model", "base_model_signature", "trusted_keys", "output_dir",
        "reports_dir", "resume_from_checkpoint", "allow_config_change", "stop_after_steps",
        "logging_steps", "report_to", "save_steps", "eval_steps", "torch_num_threads",
        "replay_controls", "max_eval_examples", "per_device_eval_batch_size", "device",
        "divergence_factor", "early_stopping_patience", "max_length", "max_skipped_records",
    }
)  # fmt: skip


def training_keys(config: TrainConfig) -> dict[str, Any]:
    """The config keys that decide what training computes (recorded in each checkpoint)."""
    dumped = config.model_dump(mode="json")
    return {key: value for key, value in dumped.items() if key not in NOT_TRAINING_KEYS}


def load_train_config(path: Path, overrides: dict[str, object] | None = None) -> TrainConfig:
    """Read ``train.yaml`` (a mapping; may be empty); InputError naming the bad key."""
    try:
        document = yaml.safe_load(Path(path).read_text(encoding="utf-8")) or {}
    except FileNotFoundError:
        raise InputError(f"{path}: training config not found") from None
    except yaml.YAMLError as exc:
        raise InputError(f"{path}: invalid YAML: {exc}") from None
    if not isinstance(document, dict):
        raise InputError(f"{path}: a training config is a mapping of keys")
    return parse_train_config({**document, **(overrides or {})}, source=str(path))


def parse_train_config(values: dict[str, object], *, source: str = "config") -> TrainConfig:
    """Validate a mapping as a TrainConfig; InputError with ``key: problem`` for each error."""
    try:
        return TrainConfig.model_validate(values)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(part) for part in error['loc']) or '(config)'}: {error['msg']}"
            for error in exc.errors()
        )
        raise InputError(f"{source}: {problems}") from None
