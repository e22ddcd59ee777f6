"""Names users already know: peft's bias/task_type, all-linear, TrainingArguments' schedules,
warmup, report_to (local loggers only), TRL's max_length, a live log line, one-line errors."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from govern.errors import InputError
from govern.train import parse_train_config, run_training
from govern.train.recipe import Data, load_data, setup
from govern.train.steps import lr_schedule, warmup_updates
from tests.conftest import run_govern as govern
from tests.train.conftest import Workspace


def factors(**values: object) -> list[float]:
    config = parse_train_config(values)
    schedule = lr_schedule(config, 10)
    return [round(schedule(step), 6) for step in range(11)]


def test_schedules_follow_transformers_shapes() -> None:
    assert factors(lr_scheduler_type="constant") == [1.0] * 11
    linear = factors(lr_scheduler_type="linear")
    assert linear[0] == 1.0 and linear[5] == 0.5 and linear[10] == 0.0
    cosine = factors(lr_scheduler_type="cosine")
    assert cosine[0] == 1.0 and cosine[5] == pytest.approx(0.5) and cosine[10] == 0.0
    assert cosine[2] == pytest.approx(0.5 * (1 + math.cos(math.pi * 0.2)), abs=1e-6)
    assert cosine[2] > linear[2]  # cosine decays slower at first
    warm = factors(lr_scheduler_type="constant", warmup_ratio=0.2)
    assert warm[:3] == [pytest.approx(1 / 3), pytest.approx(2 / 3), 1.0]
    assert warmup_updates(parse_train_config({"warmup_ratio": 0.25}), 10) == 3  # ceil
    assert warmup_updates(parse_train_config({"warmup_steps": 4}), 10) == 4
    with pytest.raises(InputError, match="warmup_steps and warmup_ratio are exclusive"):
        parse_train_config({"warmup_steps": 2, "warmup_ratio": 0.1})
    with pytest.raises(InputError, match="lr_scheduler_type"):
        parse_train_config({"lr_scheduler_type": "polynomial"})


def test_trl_max_length_is_max_seq_length() -> None:
    assert parse_train_config({"max_length": 99}).max_seq_length == 99
    assert parse_train_config({"max_length": 99, "max_seq_length": 99}).max_seq_length == 99
    with pytest.raises(InputError, match="max_length and max_seq_length differ"):
        parse_train_config({"max_length": 99, "max_seq_length": 64})


@pytest.fixture
def data(workspace: Workspace) -> Data:
    # A fresh model per test: peft wraps the base model it is given in place.
    return load_data(workspace.config())


def test_peft_bias_task_type_and_all_linear_reach_the_adapter(
    workspace: Workspace, data: Data
) -> None:
    run = setup(workspace.config(target_modules="all-linear", bias="lora_only"), data)
    adapted = {
        name.split(".lora_A")[0].rsplit(".", 1)[-1]
        for name, _ in run.model.named_parameters()
        if "lora_A" in name
    }
    linear = {"q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj"}
    assert adapted == linear  # every linear layer but the output head
    assert run.model.peft_config["default"].bias == "lora_only"
    assert run.model.peft_config["default"].task_type == "CAUSAL_LM"
    with pytest.raises(InputError, match="task_type"):
        workspace.config(task_type="SEQ_CLS")


def test_a_wrong_module_name_is_one_line_naming_the_modules_there(
    workspace: Workspace, data: Data
) -> None:
    with pytest.raises(InputError) as refused:
        setup(workspace.config(target_modules=["query", "value"]), data)
    message = str(refused.value)
    assert message.startswith("target_modules: ") and "\n" not in message
    assert "query" in message and "q_proj, up_proj, v_proj" in message
    assert refused.value.exit_code == 2


def test_a_log_line_every_logging_steps_to_stderr_and_jsonl(
    workspace: Workspace, capsys: pytest.CaptureFixture[str]
) -> None:
    out = workspace.root / "logged"
    config = workspace.config(
        reports_dir=out / "reports", output_dir=out / "adapter", logging_steps=3, replay_controls=0
    )
    run_training(config)
    lines = [line for line in capsys.readouterr().err.splitlines() if line.startswith("train:")]
    # Updates 3 and 4 (the last one is always logged), nothing else.
    assert [line.split()[2] for line in lines] == ["3/4", "4/4"]
    assert "loss" in lines[0] and "lr" in lines[0]
    header, *logged = [
        json.loads(line) for line in (out / "reports" / "log.jsonl").read_text().splitlines()
    ]
    assert header["provenance"]["tool"]["name"] == "govern"
    assert [row["step"] for row in logged] == [3, 4] and "eval_loss" in logged[1]
    assert all(math.isfinite(row["loss"]) and row["tokens"] > 0 for row in logged)


def test_report_to_none_writes_no_log_file(workspace: Workspace) -> None:
    out = workspace.root / "quiet"
    config = workspace.config(
        reports_dir=out / "reports", output_dir=out / "adapter", report_to="none", max_steps=1
    )
    run_training(config)
    assert not (out / "reports" / "log.jsonl").exists()
    with pytest.raises(InputError, match="report_to: none excludes"):
        load_data(workspace.config(report_to=["none", "jsonl"]))


def test_tensorboard_missing_is_exit_2_before_anything_loads(
    workspace: Workspace, tmp_path: Path
) -> None:
    import importlib.util

    # tensorboard is not a dependency: its absence is the case under test.
    if importlib.util.find_spec("tensorboard") is not None:
        pytest.skip("tensorboard is installed here")
    path = tmp_path / "train.yaml"
    config = workspace.config(report_to="tensorboard").model_dump(mode="json")
    path.write_text(json.dumps(config), encoding="utf-8")
    result = govern("train", "--config", str(path))
    assert result.returncode == 2
    assert "report_to: tensorboard is not installed" in result.stderr
    assert "Traceback" not in result.stderr
