"""Issue #18 "done when": a Llama-3-style model with no pad token, and one Parquet export mixing
chat and Alpaca records, go through the real stages (scan, licenses, split, leaks, manifest,
sign) and train; nothing here is a hand-written report."""

from __future__ import annotations

from pathlib import Path

import pytest

from govern.findings import load_hash_key
from govern.io import atomic_write_json
from govern.licenses import run_licenses
from govern.manifest.build import build_manifest, write_manifest
from govern.policy import load_policy
from govern.sample.model import build_tiny_model
from govern.scan.engine import ScanOptions
from govern.scan.report import run_scan
from govern.signing import ArtifactStatement, generate_keys, sign_artifact
from govern.splits.fix import fix_leaks
from govern.splits.split import split_dataset
from govern.train import parse_train_config, run_training
from tests.conftest import REPO_ROOT
from tests.train.conftest import alpaca, chat
from tests.train.test_real_data import write_parquet
from tests.train.test_templates import STYLES, TEXTS, unmarked

CARD = "---\nlicense: cc-by-4.0\npretty_name: Support chats\n---\n\n# Support chats\n"


def test_parquet_export_through_the_pipeline_trains_a_llama3_style_model(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GOVERN_HASH_KEY", "00" * 32)
    monkeypatch.chdir(tmp_path)
    loaded = load_policy(REPO_ROOT / "policies" / "default.yaml")
    chats, alpacas = [chat(i) for i in range(30)], [alpaca(i) for i in range(30)]
    texts = TEXTS + [m["content"] for row in chats for m in row["messages"]]
    texts += [f"{r['instruction']} {r['input']} {r['output']}" for r in alpacas]
    style = {**STYLES["llama3"], "chat_template": unmarked(STYLES["llama3"]["chat_template"])}
    model = build_tiny_model(tmp_path / "model", texts, vocab_size=400, **style)
    private, public = generate_keys(tmp_path / "keys" / "signing.key")
    sign_artifact(model, private, ArtifactStatement(kind="model"))

    corpus = tmp_path / "corpus" / "support"
    write_parquet(corpus / "export.parquet", [r for i in range(30) for r in (chats[i], alpacas[i])])
    (corpus / "README.md").write_text(CARD)
    reports = tmp_path / "reports"
    redacted = tmp_path / "redacted"
    scan = run_scan(
        [tmp_path / "corpus"], loaded, ScanOptions(workers=1, redact_to=redacted),
        load_hash_key(), report_path=reports / "scan_raw.json",
    )  # fmt: skip
    assert scan["verdict"] == "pass", scan["summary"]
    licenses = run_licenses([redacted], loaded, models=[model], approved_to=tmp_path / "licensed")
    atomic_write_json(reports / "licenses.json", licenses.to_json())
    split = split_dataset(tmp_path / "licensed", tmp_path / "splits", loaded)
    atomic_write_json(reports / "split.json", split.to_json())
    leaks = fix_leaks(tmp_path / "splits", loaded, out=tmp_path / "leak_free")
    leaks.write(reports / "leaks.json")
    manifest = build_manifest(
        [tmp_path / "licensed", tmp_path / "leak_free"], loaded, base=tmp_path, workers=1,
        reports={"scan": reports / "scan_raw.json", "licenses": reports / "licenses.json",
                 "split": reports / "split.json", "leaks": reports / "leaks.json"},
    )  # fmt: skip
    manifest_path = write_manifest(manifest, tmp_path / "manifest.json")
    sign_artifact(manifest_path, private, ArtifactStatement(kind="data-manifest"))

    config = parse_train_config(
        {
            "manifest": manifest_path, "train_dir": "leak_free/train",
            "validation_dir": "leak_free/validation", "base_model": model,
            "trusted_keys": [public], "output_dir": tmp_path / "adapter",
            "reports_dir": tmp_path / "train", "max_length": 96, "max_steps": 2,
            "eval_steps": 2, "per_device_train_batch_size": 4, "gradient_accumulation_steps": 1,
            "torch_num_threads": 1, "replay_controls": 1,
        }
    )  # fmt: skip
    metrics = run_training(config)
    assert metrics["stop_reason"] == "completed", metrics["stop_reason"]
    trained = metrics["records"]["train"]
    held_out = metrics["records"]["validation"]["by_source"]
    # Every record of the export is trained or held out; none is skipped for its shape.
    assert trained["skipped"] == {} and metrics["skipped"]["train"] == 0
    assert sum(trained["by_source"].values()) + sum(held_out.values()) <= 60
    assert metrics["records_trained"] == sum(trained["by_source"].values()) >= 40
    assert metrics["provenance"]["tokenizer"]["pad_token"] == "EOS (the tokenizer has no pad token)"
    gate = metrics["data_gate"]
    assert gate["manifest_sha256"] == metrics["provenance"]["data_manifest_sha256"]
    assert "support" in str(gate["trained_sources"])  # the card's licence let the source through
