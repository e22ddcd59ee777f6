"""Mixed precision and quantized base models: run where supported, one clear error elsewhere."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest
import torch

from govern.errors import InputError
from govern.train.data import collate
from govern.train.precision import check_precision, support
from govern.train.steps import token_loss_sum
from tests.conftest import REPO_ROOT
from tests.conftest import run_govern as govern
from tests.train.conftest import Workspace

NO_CUDA = pytest.mark.skipif(torch.cuda.is_available(), reason="checks the CPU-only messages")


def test_bf16_autocasts_the_forward_on_cpu(workspace: Workspace) -> None:
    if not support()["bf16"]:
        pytest.skip("this torch build has no bf16 autocast on CPU")
    from govern.train import run_training
    from govern.train.recipe import load_data

    data = load_data(workspace.config())
    batch = collate(data.train.examples[:1], pad_id=0)
    _, logits = token_loss_sum(data.model, batch, torch.bfloat16)
    assert logits.dtype == torch.bfloat16
    _, full = token_loss_sum(data.model, batch)
    assert full.dtype == torch.float32
    out = workspace.root / "bf16"
    metrics = run_training(
        workspace.config(bf16=True, max_steps=2, output_dir=out / "a", reports_dir=out / "r")
    )
    assert metrics["stop_reason"] == "completed" and metrics["config"]["bf16"] is True


@NO_CUDA
@pytest.mark.parametrize(
    ("setting", "message"),
    [
        ("fp16", "fp16: needs a CUDA GPU, training runs on cpu; set fp16: false"),
        ("load_in_4bit", "load_in_4bit: bitsandbytes quantization needs a CUDA GPU"),
        ("load_in_8bit", "load_in_8bit: bitsandbytes quantization needs a CUDA GPU"),
    ],
)
def test_cuda_only_settings_fail_in_one_line_on_cpu(
    workspace: Workspace, setting: str, message: str
) -> None:
    with pytest.raises(InputError, match=message):
        check_precision(workspace.config(**{setting: True}), torch.device("cpu"))


@pytest.mark.skipif(
    importlib.util.find_spec("bitsandbytes") is not None, reason="bitsandbytes is installed"
)
def test_quantization_without_bitsandbytes_says_what_to_install(workspace: Workspace) -> None:
    # On a CUDA machine without the extra: the message names the extra to install.
    with pytest.raises(
        InputError, match=r"bitsandbytes is not installed; pip install 'govern-data\[cuda\]'"
    ):
        check_precision(workspace.config(load_in_4bit=True), torch.device("cuda"))


def test_exclusive_settings_are_config_errors(workspace: Workspace) -> None:
    with pytest.raises(InputError, match="bf16 and fp16 are exclusive"):
        workspace.config(bf16=True, fp16=True)
    with pytest.raises(InputError, match="load_in_4bit and load_in_8bit are exclusive"):
        workspace.config(load_in_4bit=True, load_in_8bit=True)


@NO_CUDA
def test_cli_exits_2_with_one_line_before_loading_anything(tmp_path: Path) -> None:
    config = tmp_path / "train.yaml"
    # No manifest exists: the precision check must come first, before the data gate.
    reports = tmp_path / "reports"
    config.write_text(
        f"manifest: {tmp_path / 'none.json'}\nload_in_4bit: true\nreports_dir: {reports}\n"
    )
    result = govern("train", "--config", str(config))
    assert result.returncode == 2, result.stderr
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and "load_in_4bit" in lines[0] and "CUDA GPU" in lines[0]
    # The refused run still leaves its record, naming the phase that refused it.
    metrics = json.loads((reports / "metrics.json").read_text(encoding="utf-8"))
    assert (
        metrics["stopped_in_phase"].startswith("data gate")
        and "load_in_4bit" in (metrics["stop_reason"])
    )
    assert (REPO_ROOT / "pyproject.toml").read_text().count("bitsandbytes") >= 1
