"""The memorization probe finds a value the model learned, and reports only hashes and booleans."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from govern.findings import value_hash
from govern.sample.model import build_tiny_model
from govern.signing import ArtifactStatement, sign_artifact
from govern.train import parse_train_config, run_training
from govern.train.memorization import probe_memorization
from tests.train.conftest import PASSING_REPORTS, Workspace, signed_manifest, write_jsonl

KEY = b"k" * 32
# Synthetic, generated here: a name and a phone number nobody has.
NAME, PHONE = "Zorvina Quellbright", "+1 555-0143-7781"
PREFIX = "Our agent on duty is "


def raw_record(index: int) -> dict[str, Any]:
    answer = f"{PREFIX}{NAME}, phone {PHONE}. Ticket {index} is open."
    messages = [
        {"role": "user", "content": f"Who handles ticket {index}?"},
        {"role": "assistant", "content": answer},
    ]
    return {"id": f"t-{index}", "source": "chats", "messages": messages}


def redacted(record: dict[str, Any]) -> dict[str, Any]:
    text = record["messages"][1]["content"].replace(NAME, "<PERSON>").replace(PHONE, "<PHONE>")
    return {**record, "messages": [record["messages"][0], {"role": "assistant", "content": text}]}


def project(root: Path, workspace: Workspace, trained_copy: str) -> tuple[Any, Path]:
    """Raw corpus + ground truth, a training copy (raw or redacted), a trained adapter."""
    records = [raw_record(i) for i in range(8)]
    write_jsonl(root / "sample" / "corpus" / "chats" / "data.jsonl", records)
    labels = root / "sample" / "labels" / "planted.jsonl"
    rows = []
    for record in records[:4]:
        text = record["messages"][1]["content"]
        for kind, value in (("PERSON", NAME), ("PHONE_NUMBER", PHONE)):
            rows.append(
                {"record_id": record["id"], "file": "corpus/chats/data.jsonl", "type": kind,
                 "field": "messages.1.content", "start": text.index(value), "value": value}
            )  # fmt: skip
    write_jsonl(labels, rows)
    copy = records if trained_copy == "raw" else [redacted(r) for r in records]
    write_jsonl(root / "data" / "train" / "chats" / "data.jsonl", copy)
    manifest = signed_manifest(root, workspace.private_key, PASSING_REPORTS)
    texts = [m["content"] for r in records + copy for m in r["messages"]]
    model = build_tiny_model(root / "model", texts, seed=0, vocab_size=400)
    sign_artifact(model, workspace.private_key, ArtifactStatement(kind="model"))
    config = parse_train_config(
        {
            "manifest": manifest, "train_dir": "data/train", "validation_dir": None,
            "base_model": model, "trusted_keys": [workspace.public_key],
            "output_dir": root / "adapter", "reports_dir": root / "reports",
            "max_seq_length": 96, "per_device_train_batch_size": 4,
            "gradient_accumulation_steps": 1, "learning_rate": 1e-2, "max_steps": 60,
            "lora_dropout": 0.0, "r": 16, "lora_alpha": 32, "torch_num_threads": 1,
            "target_modules": ["q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj"],
            "replay_controls": 0,
        }
    )  # fmt: skip
    assert run_training(config)["stop_reason"] == "completed"
    return config, labels


@pytest.mark.parametrize(("trained_copy", "completed"), [("raw", 8), ("redacted", 0)])
def test_probe_finds_learned_values_and_only_those(
    workspace: Workspace, tmp_path: Path, trained_copy: str, completed: int
) -> None:
    config, labels = project(tmp_path, workspace, trained_copy)
    report = tmp_path / "memorization.json"
    result = probe_memorization(config, labels, KEY, report=report)
    assert result["probes"] == 8 and result["completed_values"] == completed
    assert result["verdict"] == ("fail" if completed else "pass")
    assert result["by_type"]["PERSON"]["probes"] == 4
    item = result["items"][0]
    assert set(item) == {"record_id", "type", "field", "value_hash", "completed"}
    assert item["value_hash"] == value_hash(KEY, NAME)
    written = report.read_text()
    # Never a value, a prompt or a completion: only keyed hashes and booleans.
    assert NAME not in written and PHONE not in written and PREFIX not in written
    assert json.loads(written)["provenance"]["tool"]["name"] == "govern"


def test_probe_refuses_an_adapter_changed_after_training(
    workspace: Workspace, tmp_path: Path
) -> None:
    from govern.signing import SignatureError

    config, labels = project(tmp_path, workspace, "redacted")
    weights = config.output_dir / "adapter_model.safetensors"
    weights.write_bytes(weights.read_bytes()[:-1] + b"\0")
    with pytest.raises(SignatureError, match="adapter_model.safetensors"):
        probe_memorization(config, labels, KEY)
