"""Precision and quantization: what this machine supports, checked before any model is built.

``bf16`` autocasts the forward pass to bfloat16 on CPU, or on CUDA where the device supports
it; ``fp16`` autocasts to float16 with a gradient scaler, on CUDA only. ``load_in_4bit`` and
``load_in_8bit`` quantize the base model with bitsandbytes (the optional ``govern-data[cuda]``
extra), on CUDA only, as do the 8-bit optimizers (``optim: adamw_8bit / paged_adamw_8bit``);
``attn_implementation: flash_attention_2`` needs CUDA and the flash-attn package. Apple MPS
trains in full precision only: no bf16/fp16 autocast, no bitsandbytes. Anything unsupported is
one InputError (exit 2) saying what to install or which hardware it needs, raised before the
base model is loaded.
"""

from __future__ import annotations

import importlib.util
from contextlib import AbstractContextManager, nullcontext
from typing import Any

import torch

from govern.errors import InputError
from govern.train.config import TrainConfig

INSTALL_CUDA_EXTRA = "pip install 'govern-data[cuda]'"
TORCH_OPTIMIZERS = ("adamw_torch", "adamw_torch_fused")


def support() -> dict[str, Any]:
    """What this machine offers: bf16 (CPU or CUDA), fp16 and 4/8-bit (CUDA + bitsandbytes)."""
    cuda = torch.cuda.is_available()
    bnb = importlib.util.find_spec("bitsandbytes") is not None
    return {
        "cuda": cuda,
        "bf16": bool(torch.cuda.is_bf16_supported()) if cuda else _cpu_bf16(),
        "fp16": cuda,
        "bitsandbytes": bnb,
        "4bit_8bit": cuda and bnb,
    }


def check_precision(config: TrainConfig, device: torch.device) -> None:
    """InputError (one line) when the config asks for what this machine cannot run.

    Precision, quantization, the optimizer and the attention kernel, checked on ``device``.
    """
    on_cuda = device.type == "cuda"
    if device.type == "mps" and config.bf16:
        raise InputError("bf16: autocast to bfloat16 is not supported on mps; set bf16: false")
    if config.bf16 and on_cuda and not torch.cuda.is_bf16_supported():
        name = torch.cuda.get_device_name(device)
        raise InputError(f"bf16: {name} does not support bfloat16 (use fp16: true, or a newer GPU)")
    if config.bf16 and not on_cuda and not _cpu_bf16():
        raise InputError(
            "bf16: this CPU build of torch cannot autocast to bfloat16; set bf16: false"
        )
    if config.fp16 and not on_cuda:
        raise InputError(f"fp16: needs a CUDA GPU, training runs on {device.type}; set fp16: false")
    bits = "load_in_4bit" if config.load_in_4bit else "load_in_8bit" if config.load_in_8bit else ""
    if bits and not on_cuda:
        raise InputError(
            f"{bits}: bitsandbytes quantization needs a CUDA GPU, training runs on {device.type}; "
            f"set {bits}: false"
        )
    if bits and importlib.util.find_spec("bitsandbytes") is None:
        raise InputError(f"{bits}: bitsandbytes is not installed; {INSTALL_CUDA_EXTRA}")
    if config.optim not in TORCH_OPTIMIZERS and not on_cuda:
        raise InputError(
            f"optim: {config.optim} is bitsandbytes' (CUDA only), training runs on {device.type}; "
            "use adamw_torch"
        )
    if config.optim not in TORCH_OPTIMIZERS and importlib.util.find_spec("bitsandbytes") is None:
        raise InputError(
            f"optim: {config.optim}: bitsandbytes is not installed; {INSTALL_CUDA_EXTRA}"
        )
    if config.attn_implementation == "flash_attention_2":
        if not on_cuda:
            raise InputError(
                f"attn_implementation: flash_attention_2 needs a CUDA GPU, training runs on "
                f"{device.type}; use sdpa"
            )
        if importlib.util.find_spec("flash_attn") is None:
            raise InputError("attn_implementation: flash_attention_2: pip install flash-attn")


def make_optimizer(
    config: TrainConfig, parameters: list[torch.nn.Parameter]
) -> tuple[Any, str | None]:
    """AdamW over ``parameters`` (``optim``), and why a fused request fell back (None if not).

    ``adamw_torch_fused`` (the default, as Trainer's) updates every parameter in one kernel; it
    rounds differently from the per-parameter loop of ``adamw_torch`` in the last bits (about
    1e-9 apart after 20 steps). Where torch has no fused kernel for the parameters' device or
    dtype, it falls back to that loop and says why; the caller records the reason.
    """
    rate, decay = config.learning_rate, config.weight_decay
    if config.optim == "adamw_torch_fused":
        if (unfused := _no_fused_kernel(parameters)) is None:
            return torch.optim.AdamW(parameters, lr=rate, weight_decay=decay, fused=True), None
        fallback = f"adamw_torch_fused: no fused kernel for {unfused}; adamw_torch used"
        return torch.optim.AdamW(parameters, lr=rate, weight_decay=decay), fallback
    if config.optim == "adamw_torch":
        # fused and foreach left unset: torch picks its foreach kernels on CUDA (fused=False
        # would also turn those off), the per-parameter loop on CPU.
        return torch.optim.AdamW(parameters, lr=rate, weight_decay=decay), None
    import bitsandbytes  # type: ignore[import-not-found]  # the optional govern-data[cuda] extra

    paged = config.optim == "paged_adamw_8bit"
    make = bitsandbytes.optim.PagedAdamW8bit if paged else bitsandbytes.optim.AdamW8bit
    return make(parameters, lr=rate, weight_decay=decay), None


def optimizer_record(config: TrainConfig, optimizer: Any, fallback: str | None) -> dict[str, Any]:
    """What the run's provenance says of its optimizer: the key asked, fused or not, why."""
    fused = bool(optimizer.param_groups[0].get("fused")) if optimizer.param_groups else False
    return {"optim": config.optim, "fused": fused, "fallback": fallback}


def _no_fused_kernel(parameters: list[torch.nn.Parameter]) -> str | None:
    """The first parameter's dtype/device torch has no fused AdamW for; None when all have one.

    torch checks only at the first step (a RuntimeError mid-run); this is its rule, asked first.
    """
    from torch.optim import optimizer as torch_optimizer

    supported = getattr(torch_optimizer, "_get_fused_kernels_supported_devices", None)
    devices = supported() if supported is not None else ["cpu", "cuda"]
    for param in parameters:
        if param.device.type not in devices or not torch.is_floating_point(param):
            return f"{param.dtype} on {param.device.type}"
    return None


def autocast_dtype(config: TrainConfig) -> torch.dtype | None:
    """The autocast dtype of the forward pass, or None for full precision."""
    return torch.bfloat16 if config.bf16 else torch.float16 if config.fp16 else None


def autocast(device: torch.device, dtype: torch.dtype | None) -> AbstractContextManager[Any]:
    """``torch.autocast`` for ``dtype`` on ``device``; a no-op for full precision."""
    if dtype is None:
        return nullcontext()
    return torch.autocast(device_type=device.type, dtype=dtype)


def gradient_scaler(config: TrainConfig) -> Any:
    """A ``GradScaler`` for fp16 (its small range underflows gradients); None otherwise."""
    return torch.amp.GradScaler("cuda") if config.fp16 else None


def quantize(model: Any, config: TrainConfig) -> Any:
    """The base model rebuilt with bitsandbytes 4/8-bit weights on CUDA, ready for k-bit LoRA.

    Built from the verified model's own config and state dict (``from_pretrained(None, ...)``),
    so no file is read again after its signature was checked.
    """
    if not (config.load_in_4bit or config.load_in_8bit):
        return model
    from peft import prepare_model_for_kbit_training
    from transformers import AutoModelForCausalLM, BitsAndBytesConfig

    quantization = BitsAndBytesConfig(  # type: ignore[no-untyped-call]
        load_in_4bit=config.load_in_4bit,
        load_in_8bit=config.load_in_8bit,
        bnb_4bit_quant_type="nf4",
        bnb_4bit_compute_dtype=torch.bfloat16 if config.bf16 else torch.float16,
    )
    # None + config + state_dict: transformers' documented way to build from weights in memory.
    quantized = AutoModelForCausalLM.from_pretrained(
        None,  # type: ignore[arg-type]
        config=model.config,
        state_dict=model.state_dict(),
        quantization_config=quantization,
        device_map={"": torch.cuda.current_device()},
    )
    return prepare_model_for_kbit_training(  # type: ignore[no-untyped-call]
        quantized, use_gradient_checkpointing=config.gradient_checkpointing
    )


def _cpu_bf16() -> bool:
    # torch's CPU autocast supports bfloat16 on every build we install; probe, never assume.
    try:
        with torch.autocast(device_type="cpu", dtype=torch.bfloat16):
            probe = torch.ones(2, 2) @ torch.ones(2, 2)
        return probe.dtype == torch.bfloat16
    except RuntimeError:
        return False
