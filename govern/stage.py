"""What the DVC stages (``govern/stages/``) share: reading ``params.yaml``, a private umask,
receipts."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Collection
from pathlib import Path
from typing import Any, NoReturn

import yaml

from govern import __version__
from govern.errors import GovernError, InputError, one_line
from govern.io import atomic_write_json, read_json
from govern.progress import quiet_unless_terminal

PARAMS_PATH = Path("params.yaml")


def stage_params(stage: str, path: Path = PARAMS_PATH) -> dict[str, Any]:
    """The ``stage`` section of ``params.yaml`` (plus the top-level ``policy`` path).

    A ``govern.version`` (``govern init`` writes one) that is not the installed version is an
    ``InputError``: DVC reruns a stage when that param changes, so the version recorded in
    ``dvc.lock`` beside each stage's outputs is the one that made them.
    """
    quiet_unless_terminal()
    try:
        params = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    except FileNotFoundError:
        raise InputError(f"{path}: not found (run from the project folder)") from None
    except yaml.YAMLError as exc:
        raise InputError(f"{path}: invalid YAML: {exc}") from None
    _check_version(params, path)
    section = params.get(stage)
    if not isinstance(section, dict):
        raise InputError(f"{path}: no '{stage}' section")
    return {"policy": params.get("policy", "policies/default.yaml"), **section}


def _check_version(params: Any, path: Path) -> None:
    pinned = params.get("govern") if isinstance(params, dict) else None
    wanted = pinned.get("version") if isinstance(pinned, dict) else None
    if wanted is not None and str(wanted) != __version__:
        raise InputError(
            f"{path}: govern.version is {wanted} but govern {__version__} is installed; set it "
            f"to {json.dumps(__version__)} and `dvc repro` reruns every stage with it"
        )


RECEIPTS = Path("reports/receipts")


def receipt(document: Any, measured: Collection[str]) -> Any:
    """``document`` without the keys named in ``measured``, at any depth.

    What a stage's inputs decide, apart from what this run measured or drew at random (times,
    memory, throughput, key ids): equal inputs give equal receipts on any machine and clone.
    """
    if isinstance(document, dict):
        return {k: receipt(v, measured) for k, v in document.items() if k not in measured}
    if isinstance(document, list):
        return [receipt(item, measured) for item in document]
    return document


def read_report(path: str | os.PathLike[str]) -> Any:
    """A JSON report a stage just wrote, for its receipt; InputError naming it if unreadable."""
    return read_json(Path(path), "report for the receipt")[1]


def write_receipt(stage: str, document: Any, measured: Collection[str]) -> Path:
    """Write ``receipt(document, measured)`` to ``reports/receipts/<stage>.json``.

    A report that holds run measurements is evidence of one run, not a reproducible output, so
    DVC does not track its bytes (its ``dvc.lock`` entry would change on every run): the stage
    declares its receipt instead, which later stages depend on and git keeps in ``dvc.lock``.
    """
    return atomic_write_json(RECEIPTS / f"{stage}.json", receipt(document, measured))


PRIVATE_UMASK = 0o077


def private_umask(name: str) -> None:
    """Make everything this process creates owner-only; warn when the caller's umask was not.

    govern's own writes are 0600/0700 whatever the umask (``govern.io``), but libraries a stage
    calls (``save_pretrained``, pyarrow) create files by the umask. DVC's own files (dvc.lock,
    its cache folders and the workspace copies it checks out) follow the umask of the ``dvc``
    process, which a stage cannot change: that takes ``umask 077`` before ``dvc repro``.
    """
    inherited = os.umask(PRIVATE_UMASK)
    if inherited & PRIVATE_UMASK != PRIVATE_UMASK:
        print(
            f"{name}: warning: umask {inherited:04o}: DVC's copies of outputs and dvc.lock are "
            "readable by others; run `umask 077` before `dvc repro`",
            file=sys.stderr,
        )


def run_stage(name: str, main: Callable[[], int | None]) -> NoReturn:
    """Run a pipeline entry point: its exit code, or one line on stderr for a ``GovernError``.

    The stage runs under umask 077 (``private_umask``).
    """
    private_umask(name)
    try:
        code = main()
    except GovernError as exc:
        print(f"{name}: error: {one_line(str(exc))}", file=sys.stderr)
        sys.exit(exc.exit_code)
    sys.exit(code or 0)
