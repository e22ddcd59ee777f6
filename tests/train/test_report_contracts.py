"""The training reports a real tiny run writes (preflight, metrics, gates, replay, memorization,
and a refused run's record) read back through their models to the same bytes; the models
refuse a misspelt key or a wrong type by name, never quoting the value."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from govern.errors import InputError, PolicyViolation
from govern.reports import report_model
from govern.train import run_preflight, run_training
from govern.train.memorization import probe_memorization
from tests.train.conftest import Workspace, chat, write_jsonl

KEY = b"k" * 32


def atomic_json_bytes(data: Any) -> bytes:
    """What ``govern.io.atomic_write_json`` writes for ``data``."""
    return (json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n").encode()


@pytest.fixture(scope="module")
def reports(workspace: Workspace, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("train_contracts")
    config = workspace.config(
        replay_controls=1,
        output_dir=root / "adapter",
        reports_dir=root / "reports",
        max_steps=2,
        eval_steps=2,
    )
    run_preflight(config, report=root / "reports" / "preflight.json")
    assert run_training(config)["stop_reason"] == "completed"
    # Ground truth for the probe: a value of two trained records (synthetic, from chat()).
    labels = root / "sample" / "labels" / "planted.jsonl"
    records = [chat(i) for i in range(2)]
    write_jsonl(root / "sample" / "corpus" / "chats" / "data.jsonl", records)
    rows = []
    for record in records:
        text = record["messages"][1]["content"]
        rows.append(
            {"record_id": record["id"], "file": "corpus/chats/data.jsonl", "type": "PERSON",
             "field": "messages.1.content", "start": text.index("button"), "value": "button"}
        )  # fmt: skip
    write_jsonl(labels, rows)
    probe_memorization(config, labels, KEY, report=root / "reports" / "memorization.json")
    # A run the data gate refuses (alpaca records are not chat): its record has no accounting,
    # curves or hardware device.
    refused = workspace.config(
        format="chat", output_dir=root / "none", reports_dir=root / "refused"
    )
    with pytest.raises(PolicyViolation):
        run_training(refused)
    out = root / "reports"
    return {
        "preflight": out / "preflight.json",
        "train_metrics": out / "metrics.json",
        "gates": out / "gates.json",
        "replay": out / "replay.json",
        "memorization": out / "memorization.json",
        "refused_metrics": root / "refused" / "metrics.json",
        "refused_gates": root / "refused" / "gates.json",
    }


KINDS = [
    ("preflight", "preflight"),
    ("train_metrics", "train_metrics"),
    ("gates", "gates"),
    ("replay", "replay"),
    ("memorization", "memorization"),
    ("train_metrics", "refused_metrics"),
    ("gates", "refused_gates"),
]


@pytest.mark.parametrize(("kind", "variant"), KINDS)
def test_each_training_report_round_trips_through_its_model(
    kind: str, variant: str, reports: dict[str, Path]
) -> None:
    raw = reports[variant].read_bytes()
    model = report_model(kind).load(reports[variant])
    # Written by atomic_write_json from the same model: the same bytes come back.
    assert atomic_json_bytes(model.to_json()) == raw


def test_the_refused_runs_record_leaves_out_what_it_never_had(reports: dict[str, Path]) -> None:
    refused = report_model("train_metrics").load(reports["refused_metrics"]).to_json()
    assert refused["steps"] == 0 and refused["stopped_in_phase"]
    assert "accounting" not in refused and "device" not in refused["hardware"]
    completed = report_model("train_metrics").load(reports["train_metrics"]).to_json()
    assert completed["accounting"]["total_updates"] == 2 and completed["hardware"]["device"]


def _json(path: Path) -> Any:
    return json.loads(path.read_text())


def _misspelt(data: Any) -> tuple[Any, str]:
    """``data`` with its first key (of its first row, for a list) misspelt; and that key."""
    target = data[0] if isinstance(data, list) else data
    first = sorted(target)[0]
    target[first + "x"] = target.pop(first)
    return data, first


@pytest.mark.parametrize("kind", [kind for kind, variant in KINDS if kind == variant])
def test_a_misspelt_key_is_refused_by_name(kind: str, reports: dict[str, Path]) -> None:
    data, first = _misspelt(_json(reports[kind]))
    with pytest.raises(InputError) as refused:
        report_model(kind).from_json(data, "r.json")
    message = str(refused.value)
    assert message.startswith("r.json: not a ") and first in message and "\n" not in message


@pytest.mark.parametrize(
    ("kind", "where", "path"),
    [
        ("preflight", "checks.0.duration_s", ("checks", 0, "duration_s")),
        ("train_metrics", "loss_curve.0.loss", ("loss_curve", 0, "loss")),
        ("gates", "0.step", (0, "step")),
        ("replay", "controls.0.match", ("controls", 0, "match")),
        ("memorization", "items.0.value_hash", ("items", 0, "value_hash")),
    ],
)
def test_a_wrong_type_is_refused_without_quoting_the_value(
    kind: str, where: str, path: tuple[Any, ...], reports: dict[str, Path]
) -> None:
    data = _json(reports[kind])
    parent = data
    for step in path[:-1]:
        parent = parent[step]
    parent[path[-1]] = ["hidden-value-123"]  # a list where a scalar belongs
    with pytest.raises(InputError) as refused:
        report_model(kind).from_json(data, "r.json")
    assert where in str(refused.value) and "hidden-value-123" not in str(refused.value)


def test_a_near_miss_value_is_refused_where_a_verdict_belongs(reports: dict[str, Path]) -> None:
    for kind in ("preflight", "replay", "memorization"):
        data = _json(reports[kind])
        data["verdict"] = "passed"  # not one of pass / fail
        with pytest.raises(InputError, match="verdict"):
            report_model(kind).from_json(data)
        data["verdict"] = "fail"
        assert report_model(kind).from_json(data).to_json()["verdict"] == "fail"
