"""GPU driver and toolkit versions: parsed from captured nvidia-smi / rocm-smi output, fitted."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from govern.train.drivers import cuda_fit, driver_versions, parse_nvidia_smi, parse_rocm_smi

# Headers as nvidia-smi prints them: the 2024+ layout and the older one.
NVIDIA_570 = """Mon Nov 30 15:40:12 2026
+-----------------------------------------------------------------------------------------+
| NVIDIA-SMI 570.86.15              Driver Version: 570.86.15      CUDA Version: 12.8     |
|-----------------------------------------+------------------------+----------------------+
| GPU  Name                 Persistence-M | Bus-Id          Disp.A | Volatile Uncorr. ECC |
|   0  NVIDIA H200                    On  |   00000000:19:00.0 Off |                    0 |
+-----------------------------------------+------------------------+----------------------+
"""
NVIDIA_470 = """+-----------------------------------------------------------------------------+
| NVIDIA-SMI 470.182.03   Driver Version: 470.182.03   CUDA Version: 11.4     |
|-------------------------------+----------------------+----------------------+
"""
ROCM = """============================ ROCm System Management Interface ============================
================================ Version of System Component =============================
Driver version: 6.7.0
ROCm version: 6.2.1
==========================================================================================
================================== End of ROCm SMI Log ===================================
"""


def test_nvidia_smi_headers_of_both_layouts_parse() -> None:
    assert parse_nvidia_smi(NVIDIA_570) == {
        "nvidia_smi": "570.86.15",
        "driver": "570.86.15",
        "driver_max_cuda": "12.8",
    }
    assert parse_nvidia_smi(NVIDIA_470)["driver_max_cuda"] == "11.4"
    assert parse_nvidia_smi("NVIDIA-SMI has failed because it couldn't communicate") == {
        "nvidia_smi": None,
        "driver": None,
        "driver_max_cuda": None,
    }


def test_rocm_smi_driver_and_rocm_versions_parse() -> None:
    assert parse_rocm_smi(ROCM) == {"driver": "6.7.0", "rocm": "6.2.1"}
    assert parse_rocm_smi("no devices found") == {"driver": None, "rocm": None}


@pytest.mark.parametrize(
    ("runtime", "driver", "fits", "says"),
    [
        ("12.4", "12.8", True, "<= the driver's CUDA 12.8"),
        ("12.8", "12.8", True, "<="),
        ("12.8", "12.4", True, "minor-version compatibility"),
        ("12.1", "11.4", False, "needs a driver for CUDA 12.x"),
        ("11.8", "12.2", True, "<="),
        ("12.10", "12.9", True, "minor-version"),  # 12.10 is newer than 12.9, not older
    ],
)
def test_torch_runtime_against_the_driver(runtime: str, driver: str, fits: bool, says: str) -> None:
    found, why = cuda_fit(runtime, driver)
    assert found is fits and says in why


def fake_tool(folder: Path, name: str, output: str) -> None:
    """An executable ``name`` on PATH that prints ``output``: the real subprocess path."""
    folder.mkdir(exist_ok=True)
    (folder / f"{name}.txt").write_text(output)
    script = folder / name
    script.write_text(f"#!/bin/sh\ncat '{folder / name}.txt'\n")
    script.chmod(0o755)


def test_the_installed_tool_is_run_and_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bin_dir = tmp_path / "bin"
    fake_tool(bin_dir, "nvidia-smi", NVIDIA_470)
    fake_tool(bin_dir, "rocm-smi", ROCM)
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    cuda = driver_versions("12.1", None)
    assert cuda["driver"] == "470.182.03" and cuda["torch_cuda"] == "12.1"
    assert cuda["fits"] is False and "update the driver" in cuda["why"]
    rocm = driver_versions(None, "6.2.41133")
    assert rocm["tool"] == "rocm-smi" and rocm["driver"] == "6.7.0" and rocm["fits"] is True
    assert driver_versions(None, None) == {
        "tool": None,
        "fits": True,
        "why": "CPU build of torch: no GPU driver needed",
    }


def test_a_missing_tool_is_recorded_not_fatal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))  # no nvidia-smi anywhere
    found = driver_versions("12.4", None)
    assert found["tool_error"] == "nvidia-smi not found or failed"
    assert found["fits"] is True and found["driver"] is None
