"""A Llama-3-style model without a pad token trains on a Parquet export mixing chat and Alpaca
records: every record trains, and the run's record says exactly what trained."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from govern.sample.model import build_tiny_model
from govern.signing import ArtifactStatement, generate_keys, sign_artifact
from govern.train import parse_train_config, run_training
from govern.train.recipe import load_data
from tests.train.conftest import PASSING_REPORTS, alpaca, chat, licensed_model, signed_manifest
from tests.train.test_templates import STYLES, TEXTS, unmarked


def write_parquet(path: Path, rows: list[dict[str, Any]]) -> None:
    # Every column in every row (None where a shape lacks it), as an export of mixed records
    # has; from_pylist alone would take the columns of the first row.
    columns = sorted({key for row in rows for key in row})
    path.parent.mkdir(parents=True, exist_ok=True)
    pq.write_table(pa.Table.from_pylist([{c: row.get(c) for c in columns} for row in rows]), path)


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    root = tmp_path_factory.mktemp("parquet")
    private, public = generate_keys(root / "keys" / "signing.key")
    texts = TEXTS + [m["content"] for i in range(24) for m in chat(i)["messages"]]
    texts += [f"{r['instruction']} {r['input']} {r['output']}" for r in map(alpaca, range(24))]
    style = {**STYLES["llama3"], "chat_template": unmarked(STYLES["llama3"]["chat_template"])}
    model = build_tiny_model(root / "model", texts, vocab_size=400, **style)
    sign_artifact(model, private, ArtifactStatement(kind="model"))
    # One export, chat and Alpaca rows interleaved: Parquet fills the other shape's columns
    # with nulls.
    mixed = [row for i in range(20) for row in (chat(i), alpaca(i))]
    write_parquet(root / "data" / "train" / "chats" / "export.parquet", mixed)
    held_out = [row for i in range(20, 24) for row in (chat(i), alpaca(i))]
    write_parquet(root / "data" / "validation" / "chats" / "export.parquet", held_out)
    reports = {**PASSING_REPORTS, "licenses": {**PASSING_REPORTS["licenses"]}}
    signed_manifest(root, private, reports)
    return {"root": root, "public": public, "model": model}


def config(project: dict[str, Any], **overrides: Any) -> Any:
    root = project["root"]
    values = {
        "manifest": root / "manifest.json",
        "train_dir": "data/train",
        "validation_dir": "data/validation",
        "base_model": project["model"],
        "trusted_keys": [project["public"]],
        "output_dir": root / "out" / "adapter",
        "reports_dir": root / "out" / "reports",
        "per_device_train_batch_size": 4,
        "gradient_accumulation_steps": 1,
        "max_length": 96,  # TRL's name
        "max_steps": 3,
        "eval_steps": 3,
        "learning_rate": 1e-2,
        "torch_num_threads": 1,
        "replay_controls": 1,
        **overrides,
    }
    return parse_train_config(values)


def test_every_parquet_record_trains_and_metrics_say_what_trained(
    project: dict[str, Any],
) -> None:
    metrics = run_training(config(project))
    assert metrics["stop_reason"] == "completed"
    records = metrics["records"]
    train = {key: records["train"][key] for key in ("by_source", "skipped", "truncated")}
    assert train == {"by_source": {"chats": 40}, "skipped": {}, "truncated": 0}
    # Validation records are listed apart, never as trained.
    held_out = {key: records["validation"][key] for key in ("by_source", "skipped")}
    assert held_out == {"by_source": {"chats": 8}, "skipped": {}}
    assert metrics["skipped"] == {"train": 0, "validation": 0}
    assert metrics["records_trained"] == 40
    assert metrics["tokens_supervised"] > 0
    baselines = metrics["baselines"]
    assert baselines["uniform"] == pytest.approx(math.log(400), rel=0.05)  # vocabulary <= 400
    assert 0 < baselines["unigram"] < baselines["uniform"]
    tokenizer = metrics["provenance"]["tokenizer"]
    assert tokenizer["pad_token"] == "EOS (the tokenizer has no pad token)"
    assert tokenizer["assistant_mask"] == "rendered"


def test_a_chat_only_run_on_the_same_export_names_the_alpaca_rows_it_leaves_out(
    project: dict[str, Any],
) -> None:
    data = load_data(config(project, format="chat", max_skipped_records=None))
    assert len(data.train.examples) == 20
    assert data.train.skipped == {"other_format: alpaca under format chat": 20}


def test_a_save_to_disk_dataset_trains_through_the_same_reader(
    tmp_path: Path, workspace: Any
) -> None:
    import datasets

    from tests.train.conftest import write_jsonl

    rows = [chat(i) for i in range(6)]
    datasets.Dataset.from_list(rows).save_to_disk(str(tmp_path / "data" / "train" / "chats"))
    write_jsonl(tmp_path / "data" / "validation" / "chats" / "data.jsonl", [chat(7)])
    signed_manifest(tmp_path, workspace.private_key, licensed_model(workspace.model))
    config = workspace.config(manifest=tmp_path / "manifest.json")
    data = load_data(config)
    trained = data.provenance["records"]["train"]
    assert trained["by_source"] == {"chats": 6} and trained["skipped"] == {}
    assert sorted(e.record_id for e in data.train.examples) == sorted(r["id"] for r in rows)
