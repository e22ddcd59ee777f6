"""One signed tiny model and one signed, gated dataset per session, for every trainer test."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from govern.manifest.build import build_manifest, write_manifest
from govern.policy import load_policy
from govern.sample.model import build_tiny_model
from govern.signing import ArtifactStatement, generate_keys, sign_artifact
from govern.train.config import TrainConfig, parse_train_config
from tests.conftest import REPO_ROOT
from tests.reports import leak_report, license_report, license_source, scan_report

PASSING_REPORTS: dict[str, Any] = {
    "scan": scan_report("pass"),
    # forum awaits review and clinic is denied: both left out of the approved data.
    "licenses": license_report(
        [
            license_source("chats", "allow"),
            license_source("alpaca", "allow"),
            license_source("forum", "review"),
            license_source("clinic", "deny"),
            # The base model (Workspace.model), its folder relative to the manifest's base.
            license_source("model", "allow", kind="model", root="model"),
        ]
    ),
    "leaks": leak_report(passed=True),
}


def licensed_model(model: Path, verdict: str = "allow", **entry: Any) -> dict[str, Any]:
    """PASSING_REPORTS with the base model's license entry at ``model`` (an absolute root)."""
    licenses = PASSING_REPORTS["licenses"]
    data = [row for row in licenses["sources"] if row["kind"] != "model"]
    model_row = license_source(model.name, verdict, kind="model", root=str(model), **entry)
    return {**PASSING_REPORTS, "licenses": license_report([*data, model_row])}


def chat(index: int) -> dict[str, Any]:
    messages = [
        {"role": "user", "content": f"Question {index}: how do I reset device {index}?"},
        {"role": "assistant", "content": f"Hold the button for {index % 7 + 3} seconds."},
    ]
    return {"id": f"chat-{index}", "messages": messages}


def alpaca(index: int) -> dict[str, Any]:
    return {
        "id": f"alpaca-{index}",
        "instruction": "Add the numbers.",
        "input": f"{index} and {index + 1}" if index % 2 else "",
        "output": f"The sum is {2 * index + 1}.",
    }


@dataclass(frozen=True)
class Workspace:
    """A signed model and manifests under one folder; ``config`` builds a TrainConfig on them."""

    root: Path
    public_key: Path
    private_key: Path
    model: Path

    def manifest(self, name: str = "manifest.json") -> Path:
        return self.root / name

    def config(self, **overrides: Any) -> TrainConfig:
        values: dict[str, Any] = {
            "manifest": self.manifest(),
            "train_dir": "data/train",
            "validation_dir": "data/validation",
            "base_model": self.model,
            "trusted_keys": [self.public_key],
            "output_dir": self.root / "out" / "adapter",
            "reports_dir": self.root / "out" / "reports",
            "per_device_train_batch_size": 2,
            "gradient_accumulation_steps": 2,
            "max_seq_length": 64,
            "max_steps": 4,
            "eval_steps": 2,
            "learning_rate": 1e-2,
            "torch_num_threads": 1,  # the tiny model is fastest on one thread of a shared CPU
            **overrides,
        }
        return parse_train_config(values)


def write_jsonl(path: Path, rows: list[dict[str, Any]]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")


def signed_manifest(
    root: Path, private_key: Path, reports: dict[str, Any], name: str = "manifest.json"
) -> Path:
    """Build and sign a manifest of ``root/data`` with the given report contents."""
    report_paths = {}
    for kind, content in reports.items():
        path = root / "reports" / f"{name}.{kind}.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(content), encoding="utf-8")
        report_paths[kind] = path
    policy = load_policy(REPO_ROOT / "policies" / "default.yaml")
    manifest = build_manifest([root / "data"], policy, base=root, reports=report_paths, workers=1)
    out = write_manifest(manifest, root / name)
    digest_free = ArtifactStatement(kind="data-manifest")
    sign_artifact(out, private_key, digest_free)
    return out


@pytest.fixture(scope="session")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Workspace:
    root = tmp_path_factory.mktemp("train")
    private, public = generate_keys(root / "keys" / "signing.key")
    chats, alpacas = [chat(i) for i in range(24)], [alpaca(i) for i in range(24)]
    texts = [m["content"] for row in chats for m in row["messages"]]
    texts += [f"{r['instruction']} {r['input']} {r['output']}" for r in alpacas]
    model = build_tiny_model(root / "model", texts, seed=0, vocab_size=400)
    sign_artifact(model, private, ArtifactStatement(kind="model"))
    write_jsonl(root / "data" / "train" / "chats" / "data.jsonl", chats[:20])
    write_jsonl(root / "data" / "train" / "alpaca" / "data.jsonl", alpacas[:20])
    write_jsonl(root / "data" / "validation" / "chats" / "data.jsonl", chats[20:])
    write_jsonl(root / "data" / "validation" / "alpaca" / "data.jsonl", alpacas[20:])
    signed_manifest(root, private, PASSING_REPORTS)
    return Workspace(root, public, private, model)
