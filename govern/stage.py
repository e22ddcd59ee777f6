"""What the thin ``pipelines/`` entry points share: reading ``params.yaml``."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn

import yaml

from govern.errors import GovernError, InputError
from govern.progress import quiet_unless_terminal

PARAMS_PATH = Path("params.yaml")


def stage_params(stage: str, path: Path = PARAMS_PATH) -> dict[str, Any]:
    """The ``stage`` section of ``params.yaml`` (plus the top-level ``policy`` path)."""
    quiet_unless_terminal()
    try:
        params = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    except FileNotFoundError:
        raise InputError(f"{path}: not found (run from the project folder)") from None
    except yaml.YAMLError as exc:
        raise InputError(f"{path}: invalid YAML: {exc}") from None
    section = params.get(stage)
    if not isinstance(section, dict):
        raise InputError(f"{path}: no '{stage}' section")
    return {"policy": params.get("policy", "policies/default.yaml"), **section}


def run_stage(name: str, main: Callable[[], int | None]) -> NoReturn:
    """Run a pipeline entry point: its exit code, or one line on stderr for a ``GovernError``."""
    try:
        code = main()
    except GovernError as exc:
        print(f"{name}: error: {exc}", file=sys.stderr)
        sys.exit(exc.exit_code)
    sys.exit(code or 0)
