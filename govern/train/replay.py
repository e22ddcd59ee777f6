"""Reload the saved adapter from its bytes and replay fixed control inputs against training time.

At the end of a run, a few fixed validation prompts go through the trained model (eval mode):
their logits and greedy tokens are saved (``controls.safetensors``). The adapter is then read
back from disk the way the safe loader reads it (each file once, without following symlinks,
hashed and compared with the digests taken right after saving, data formats only) onto a fresh
copy of the verified base model, and the same prompts are replayed. The adapter is signed in a
later stage, so the in-run digests are what it is verified against here; once signed,
``govern.artifacts.load_adapter`` verifies the signature as well.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import torch
from safetensors.torch import load as load_tensors
from safetensors.torch import save as save_tensors

from govern.artifacts import ADAPTER_CONFIG, ADAPTER_WEIGHTS
from govern.hashing import sha256_file
from govern.io import atomic_write_bytes
from govern.signing.formats import check_content
from govern.signing.result import Reason, SignatureError, VerifyResult
from govern.signing.verify import check_files
from govern.train.data import IGNORE_INDEX, Example
from govern.train.precision import autocast

CONTROLS_FILE = "controls.safetensors"
PREDICTIONS_FILE = "predictions.jsonl"
GREEDY_TOKENS = 8
# The same fp32 operations on the same weights agree to rounding; autocast leaves more slack.
TOLERANCE = {None: 1e-4, torch.bfloat16: 5e-2, torch.float16: 1e-2}


def adapter_digests(folder: Path) -> dict[str, str]:
    """sha256 of every file the adapter folder holds, taken right after saving."""
    return {path.name: sha256_file(path) for path in sorted(folder.iterdir()) if path.is_file()}


def read_adapter(folder: Path, digests: dict[str, str]) -> tuple[dict[str, Any], Any]:
    """The adapter's config and tensors, read once each and checked against ``digests``.

    SignatureError naming each file that is missing, extra, renamed, or differs: the same
    comparison as a signed artifact's (``govern.signing.verify.check_files``).
    """
    import json

    result = VerifyResult(str(folder), "sha256 recorded in the run's metrics.json")
    data = check_files(folder, digests, result, keep=lambda name: True)
    for name, content in sorted(data.items()):
        check_content(name, content)
    if result.reasons or ADAPTER_CONFIG not in data or ADAPTER_WEIGHTS not in data:
        missing = [Reason("missing", ADAPTER_WEIGHTS, "not an adapter folder")]
        result.reasons = result.reasons or missing
        raise SignatureError(result)
    return json.loads(data[ADAPTER_CONFIG]), load_tensors(data[ADAPTER_WEIGHTS])


def attach_adapter(base: Any, config: dict[str, Any], state: Any) -> Any:
    """A peft model of ``base`` carrying the adapter ``config``/``state`` (eval mode)."""
    from peft import PeftConfig, get_peft_model, set_peft_model_state_dict

    peft_config = PeftConfig.from_peft_type(**config)  # type: ignore[no-untyped-call]
    model = get_peft_model(base, peft_config)
    set_peft_model_state_dict(model, state)
    return model.eval()


def control_prompts(examples: Sequence[Example], n: int) -> list[tuple[str, list[int]]]:
    """The first ``n`` examples cut before their first supervised token: (record id, ids)."""
    prompts = []
    for example in examples[:n]:
        start = next(i for i, label in enumerate(example.labels) if label != IGNORE_INDEX)
        prompts.append((example.record_id, example.input_ids[: max(start, 1)]))
    return prompts


def control_outputs(
    model: Any, prompts: Sequence[tuple[str, list[int]]], dtype: torch.dtype | None
) -> dict[str, torch.Tensor]:
    """Next-token logits of each prompt and its greedy continuation (``logits.i``/``greedy.i``)."""
    device = next(model.parameters()).device
    was_training = model.training
    model.eval()
    outputs: dict[str, torch.Tensor] = {}
    with torch.no_grad(), autocast(device, dtype):
        for index, (_, ids) in enumerate(prompts):
            tensor = torch.tensor([ids], device=device)
            # The next-token logits after the prompt: what generation starts from.
            logits = model(input_ids=tensor).logits[0, -1].float().cpu().contiguous()
            outputs[f"logits.{index}"] = logits
            greedy = model.generate(
                input_ids=tensor,
                attention_mask=torch.ones_like(tensor),
                max_new_tokens=GREEDY_TOKENS,
                do_sample=False,
            )
            outputs[f"greedy.{index}"] = greedy[0, len(ids) :].cpu().contiguous()
    model.train(was_training)
    return outputs


def save_controls(path: Path, outputs: dict[str, torch.Tensor]) -> None:
    """The training-time outputs, as safetensors (never pickle), written atomically."""
    atomic_write_bytes(path, save_tensors(outputs))


def control_predictions(
    examples: Sequence[Example],
    prompts: Sequence[tuple[str, list[int]]],
    outputs: dict[str, torch.Tensor],
    tokenizer: Any,
) -> list[dict[str, Any]]:
    """Per control: its record id, prompt, the model's greedy continuation and the reference.

    Text comes from the approved validation records (already scanned and redacted); the
    continuation is the first ``GREEDY_TOKENS`` tokens, decoded with special tokens kept.
    """
    rows = []
    for index, ((record_id, ids), example) in enumerate(zip(prompts, examples, strict=False)):
        reference = [label for label in example.labels if label != IGNORE_INDEX]
        rows.append(
            {
                "id": record_id,
                "prompt": tokenizer.decode(ids),
                "prediction": tokenizer.decode(outputs[f"greedy.{index}"].tolist()),
                "reference": tokenizer.decode(reference),
            }
        )
    return rows


def save_predictions(path: Path, rows: Sequence[dict[str, Any]]) -> str:
    """``rows`` as JSON lines, written atomically; returns the file's sha256 for the record."""
    import hashlib
    import json

    data = "".join(json.dumps(row, ensure_ascii=False, sort_keys=True) + "\n" for row in rows)
    encoded = data.encode("utf-8")
    atomic_write_bytes(path, encoded)
    return hashlib.sha256(encoded).hexdigest()


def compare(
    prompts: Sequence[tuple[str, list[int]]],
    saved: dict[str, torch.Tensor],
    replayed: dict[str, torch.Tensor],
    dtype: torch.dtype | None,
) -> dict[str, Any]:
    """One row per control: greedy tokens equal and logits within tolerance; the verdict."""
    tolerance = TOLERANCE[dtype]
    controls = []
    for index, (record_id, _) in enumerate(prompts):
        diff = float((saved[f"logits.{index}"] - replayed[f"logits.{index}"]).abs().max())
        same_tokens = torch.equal(saved[f"greedy.{index}"], replayed[f"greedy.{index}"])
        controls.append(
            {
                "id": record_id,
                "match": same_tokens and diff <= tolerance,
                "max_abs_diff": float(f"{diff:.7g}"),
                "greedy_tokens_equal": same_tokens,
            }
        )
    passed = bool(controls) and all(row["match"] for row in controls)
    return {"verdict": "pass" if passed else "fail", "tolerance": tolerance, "controls": controls}
