"""Reports a user names for the review (any layout): options, ``KEY=PATH`` pairs, a config file.

The result maps each key of ``INPUTS`` (plus ``runs``, a folder of campaigns) to a path relative
to the project folder; a key not named is "not provided" in the review. A named file that does
not exist, or an unknown key, is a usage error (InputError, exit 2) naming it.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import yaml

from govern.errors import InputError
from govern.review.inputs import INPUTS

# Folders besides the reports: campaigns (runs/<name>/ledger.jsonl), the adapter and the base
# model (each signed beside itself, <folder>.sig).
KEYS = (*INPUTS, "runs", "adapter", "base_model")
SPLIT_REPORT = "split_report.json"  # a split folder's report (govern/splits/layout.py)


def given_reports(
    project: Path,
    named: Mapping[str, Path | None],
    pairs: Iterable[str] = (),
    config: Path | None = None,
) -> dict[str, str] | None:
    """Every report named by option (``named``), ``KEY=PATH`` pair or config file; None if none.

    Later sources win: config file, then pairs, then options. Paths in a config file are
    relative to its folder; others to the working folder.
    """
    found: dict[str, Path] = {}
    if config is not None:
        found.update(_from_config(config))
    for pair in pairs:
        key, sep, path = pair.partition("=")
        if not sep or not path:
            raise InputError(f"--report {pair!r}: expected KEY=PATH")
        found[_key(key, f"--report {pair}")] = Path(path)
    found.update({key: path for key, path in named.items() if path is not None})
    if not found:
        return None
    return {key: _checked(project, key, path) for key, path in sorted(found.items())}


def _from_config(config: Path) -> dict[str, Path]:
    try:
        data: Any = yaml.safe_load(config.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise InputError(f"{config}: review config not found") from None
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as exc:
        raise InputError(f"{config}: cannot read the review config: {exc}") from None
    if not isinstance(data, dict) or set(data) - {"reports"}:
        raise InputError(f"{config}: expected a mapping with one key, 'reports'")
    reports = data.get("reports") or {}
    if not isinstance(reports, dict):
        raise InputError(f"{config}: 'reports' must map report names to paths")
    return {
        _key(str(key), f"{config}: reports"): config.parent / str(path)
        for key, path in reports.items()
    }


def _key(key: str, where: str) -> str:
    name = key.strip().replace("-", "_")
    if name not in KEYS:
        raise InputError(f"{where}: unknown report {key!r} (known: {', '.join(KEYS)})")
    return name


def _checked(project: Path, key: str, path: Path) -> str:
    if key == "split" and path.is_dir():
        path = path / SPLIT_REPORT
    if not path.exists():
        raise InputError(f"{path}: no such file ({key} report)")
    return Path(os.path.relpath(path, project)).as_posix()
