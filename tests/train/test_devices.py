"""Device choice (CUDA, Apple MPS, CPU), the optimizer and the attention kernel as config keys."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
import torch

from govern.errors import InputError
from govern.train.precision import check_precision, make_optimizer
from govern.train.recipe import load_base_model, training_device
from tests.conftest import run_govern as govern
from tests.train.conftest import Workspace

NO_CUDA = pytest.mark.skipif(torch.cuda.is_available(), reason="checks the CPU-only messages")


def machine(monkeypatch: pytest.MonkeyPatch, *, cuda: bool, mps: bool) -> None:
    """Pretend torch sees these accelerators (only availability: nothing runs on them)."""
    monkeypatch.setattr(torch.cuda, "is_available", lambda: cuda)
    monkeypatch.setattr(torch.backends.mps, "is_available", lambda: mps)


@pytest.mark.parametrize(
    ("cuda", "mps", "chosen"),
    [(True, True, "cuda"), (False, True, "mps"), (False, False, "cpu"), (True, False, "cuda")],
)
def test_auto_prefers_cuda_then_mps_then_cpu(
    workspace: Workspace, monkeypatch: pytest.MonkeyPatch, cuda: bool, mps: bool, chosen: str
) -> None:
    machine(monkeypatch, cuda=cuda, mps=mps)
    assert training_device(workspace.config()).type == chosen
    assert training_device(workspace.config(device="cpu")).type == "cpu"


def test_an_absent_device_asked_for_is_one_line(
    workspace: Workspace, monkeypatch: pytest.MonkeyPatch
) -> None:
    machine(monkeypatch, cuda=False, mps=False)
    with pytest.raises(InputError, match="device: mps requested but torch sees no Apple MPS"):
        training_device(workspace.config(device="mps"))
    with pytest.raises(InputError, match="device: cuda requested but torch sees no CUDA"):
        training_device(workspace.config(device="cuda"))
    machine(monkeypatch, cuda=False, mps=True)
    assert training_device(workspace.config(device="mps")).type == "mps"


@pytest.mark.parametrize(
    ("setting", "message"),
    [
        ({"bf16": True}, "bf16: autocast to bfloat16 is not supported on mps"),
        ({"fp16": True}, "fp16: needs a CUDA GPU, training runs on mps"),
        ({"load_in_4bit": True}, "load_in_4bit: bitsandbytes quantization needs a CUDA GPU"),
        ({"optim": "adamw_8bit"}, "optim: adamw_8bit is bitsandbytes' .CUDA only., .* on mps"),
        ({"optim": "paged_adamw_8bit"}, "optim: paged_adamw_8bit is bitsandbytes'"),
        ({"attn_implementation": "flash_attention_2"}, "flash_attention_2 needs a CUDA GPU"),
    ],
)
def test_what_mps_cannot_do_is_refused(
    workspace: Workspace, setting: dict[str, object], message: str
) -> None:
    with pytest.raises(InputError, match=message):
        check_precision(workspace.config(**setting), torch.device("mps"))


def test_mps_runs_full_precision_with_torch_adamw_and_sdpa(workspace: Workspace) -> None:
    config = workspace.config(attn_implementation="sdpa", optim="adamw_torch")
    check_precision(config, torch.device("mps"))  # nothing refused


@pytest.mark.skipif(
    importlib.util.find_spec("bitsandbytes") is not None, reason="bitsandbytes is installed"
)
def test_8bit_optimizer_on_cuda_without_bitsandbytes_says_what_to_install(
    workspace: Workspace,
) -> None:
    with pytest.raises(InputError, match=r"not installed; pip install 'govern-data\[cuda\]'"):
        check_precision(workspace.config(optim="adamw_8bit"), torch.device("cuda"))


def test_adamw_torch_is_torch_adamw_with_the_configured_rates(workspace: Workspace) -> None:
    weights = [torch.nn.Parameter(torch.ones(2))]
    config = workspace.config(learning_rate=0.01, weight_decay=0.1, optim="adamw_torch")
    optimizer, fallback = make_optimizer(config, weights)
    assert type(optimizer) is torch.optim.AdamW and fallback is None
    assert optimizer.param_groups[0]["lr"] == 0.01
    assert optimizer.param_groups[0]["weight_decay"] == 0.1


def test_attention_kernel_is_applied_and_matches(workspace: Workspace) -> None:
    eager = load_base_model(workspace.config(attn_implementation="eager")).model
    sdpa = load_base_model(workspace.config(attn_implementation="sdpa")).model
    assert eager.config._attn_implementation == "eager"
    assert sdpa.config._attn_implementation == "sdpa"
    ids = torch.tensor([[1, 5, 9, 13, 2]])
    with torch.no_grad():
        assert torch.allclose(eager(input_ids=ids).logits, sdpa(input_ids=ids).logits, atol=1e-5)
    with pytest.raises(InputError, match="attn_implementation"):
        workspace.config(attn_implementation="fast")


@NO_CUDA
def test_cli_refuses_an_8bit_optimizer_on_cpu_in_one_line(tmp_path: Path) -> None:
    config = tmp_path / "train.yaml"
    config.write_text(
        f"manifest: {tmp_path / 'none.json'}\noptim: paged_adamw_8bit\n"
        f"reports_dir: {tmp_path / 'reports'}\ndevice: cpu\n"
    )
    result = govern("train", "--config", str(config))
    assert result.returncode == 2, result.stderr
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and "optim: paged_adamw_8bit" in lines[0] and "CUDA" in lines[0]
