"""GPU driver and toolkit versions, read from ``nvidia-smi`` / ``rocm-smi``, and whether they fit.

torch ships its own CUDA runtime (``torch.version.cuda``); the driver says the newest CUDA it
supports (``CUDA Version`` in ``nvidia-smi``'s header). A runtime newer than the driver's CUDA
in the same major version runs under CUDA's minor-version compatibility (kernels that need PTX
JIT can still fail); a newer major version does not run at all. ROCm builds of torch record the
HIP version they were built with; ``rocm-smi`` reports the kernel driver's version.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from typing import Any

_NVIDIA = {
    "smi": re.compile(r"NVIDIA-SMI\s+([\d.]+)"),
    "driver": re.compile(r"Driver Version:\s*([\d.]+)"),
    "cuda": re.compile(r"CUDA Version:\s*([\d.]+)"),
}
_ROCM_DRIVER = re.compile(r"Driver version:\s*([\w.\-+]+)", re.IGNORECASE)
_ROCM_VERSION = re.compile(r"ROCm version:\s*([\d.]+)", re.IGNORECASE)


def parse_nvidia_smi(text: str) -> dict[str, str | None]:
    """``nvidia-smi``'s header: its own, the driver's and the newest supported CUDA version."""
    found = {key: pattern.search(text) for key, pattern in _NVIDIA.items()}
    return {
        "nvidia_smi": found["smi"].group(1) if found["smi"] else None,
        "driver": found["driver"].group(1) if found["driver"] else None,
        "driver_max_cuda": found["cuda"].group(1) if found["cuda"] else None,
    }


def parse_rocm_smi(text: str) -> dict[str, str | None]:
    """``rocm-smi --showdriverversion`` (and ``--showversion`` where it prints ROCm's)."""
    driver, rocm = _ROCM_DRIVER.search(text), _ROCM_VERSION.search(text)
    return {"driver": driver.group(1) if driver else None, "rocm": rocm.group(1) if rocm else None}


def cuda_fit(runtime: str | None, driver_max: str | None) -> tuple[bool, str]:
    """Whether torch's CUDA runtime runs on a driver supporting up to ``driver_max``; why."""
    if runtime is None or driver_max is None:
        return True, "no CUDA runtime or driver version to compare"
    have, need = _version(driver_max), _version(runtime)
    if need <= have:
        return True, f"torch's CUDA {runtime} <= the driver's CUDA {driver_max}"
    if need[0] == have[0]:
        return True, (
            f"torch's CUDA {runtime} is newer than the driver's CUDA {driver_max}: runs under "
            "minor-version compatibility (PTX JIT kernels may fail); a newer driver is safer"
        )
    return False, (
        f"torch's CUDA {runtime} needs a driver for CUDA {need[0]}.x, this one supports up to "
        f"{driver_max}: update the driver or install a torch built for CUDA {have[0]}.x"
    )


def driver_versions(cuda_runtime: str | None, hip: str | None) -> dict[str, Any]:
    """The driver and toolkit versions on this machine, and whether torch's runtime fits them.

    Runs ``nvidia-smi`` for a CUDA build of torch and ``rocm-smi`` for a ROCm one; a tool that
    is missing or fails is recorded as such (``tool_error``), never fatal by itself.
    """
    if cuda_runtime is not None:
        output = _run(["nvidia-smi"])
        found: dict[str, Any] = {"tool": "nvidia-smi", **parse_nvidia_smi(output or "")}
        fits, why = cuda_fit(cuda_runtime, found["driver_max_cuda"])
        found |= {"torch_cuda": cuda_runtime, "fits": fits, "why": why}
    elif hip is not None:
        output = _run(["rocm-smi", "--showdriverversion"])
        found = {"tool": "rocm-smi", **parse_rocm_smi(output or ""), "torch_hip": hip}
        found |= {"fits": True, "why": "ROCm: torch's HIP version recorded, not compared"}
    else:
        return {"tool": None, "fits": True, "why": "CPU build of torch: no GPU driver needed"}
    if output is None:
        found["tool_error"] = f"{found['tool']} not found or failed"
    return found


def _run(command: list[str]) -> str | None:
    if shutil.which(command[0]) is None:
        return None
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=20, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return done.stdout if done.returncode == 0 else None


def _version(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in re.findall(r"\d+", text)[:2])
