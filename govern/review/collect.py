"""Read every pipeline output the review shows; a missing or unreadable one is recorded, not fatal.

Paths are the ones agreed in the pipeline (``inputs.INPUTS``), relative to the project folder.
Each is read once and hashed, so the review names the exact bytes it summarised. Checks that
need the filesystem (signatures, the manifest's file hashes, the deletion log's chain) run here
too (``checks``), so ``verdict.decide`` stays a pure function of what was collected.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from govern.contract import first_problem
from govern.errors import GovernError
from govern.policy import LoadedPolicy
from govern.reports import report_model
from govern.review.checks import (
    check_adapter_signature,
    check_base_model_signature,
    check_manifest_files,
    check_manifest_signature,
    check_retention_log,
)
from govern.review.excerpts import redacted_excerpts
from govern.review.inputs import (
    BASE_MODEL,
    BASE_MODEL_SIGNATURE,
    DEFAULT_TRUSTED_KEY,
    INPUTS,
    MODELLED,
    PARAMS,
    REQUIRED,
    RUNS,
    Campaign,
    Collected,
    Input,
)

MAX_JSON_BYTES = 256 << 20  # refuse to parse a "report" larger than this


def read_input(project: Path, key: str, relative: str, *, jsonl: bool = False) -> Input:
    """Read and parse one JSON (or JSON Lines) file; missing or malformed is recorded."""
    path = project / relative
    try:
        if path.is_symlink():
            return Input(key, relative, "unreadable", problem="is a symlink (not followed)")
        if path.stat().st_size > MAX_JSON_BYTES:
            return Input(key, relative, "unreadable", problem="larger than the review reads")
        raw = path.read_bytes()
    except FileNotFoundError:
        return Input(key, relative, "missing")
    except OSError as exc:
        return Input(key, relative, "unreadable", problem=f"cannot read ({exc.strerror})")
    digest = hashlib.sha256(raw).hexdigest()
    try:
        text = raw.decode("utf-8")
        if jsonl:
            data: Any = [json.loads(line) for line in text.splitlines() if line.strip()]
        elif relative.endswith(".sarif") or relative.endswith(".json"):
            data = json.loads(text)
        else:
            data = None
    except UnicodeDecodeError:
        return Input(key, relative, "unreadable", digest, problem="not UTF-8")
    except json.JSONDecodeError as exc:
        return Input(
            key,
            relative,
            "unreadable",
            digest,
            problem=f"invalid JSON at line {exc.lineno} column {exc.colno}",
        )
    return Input(key, relative, "ok", digest, data)


def collect(
    project: Path,
    policy: LoadedPolicy | None,
    trusted: list[Path] | None = None,
    reports: dict[str, str] | None = None,
) -> Collected:
    """Read the project's pipeline outputs and run the review's own checks.

    ``reports`` (key -> path, keys of ``INPUTS`` plus ``runs``, a campaigns folder) replaces the
    pipeline's layout with the user's own files: a report not named is "not provided". Paths
    are relative to ``project``. ``trusted`` are public keys for the signatures (default
    ``.govern/signing.key.pub`` and the policy's ``signing.trusted_keys``). Never raises for a
    missing or bad pipeline output.
    """
    inputs = {key: _read(project, key, path, reports) for key, path in INPUTS.items()}
    keys = trusted_keys(project, policy, trusted)
    collected = Collected(
        inputs=inputs,
        policy_sha256=policy.sha256 if policy else None,
        policy_path=str(policy.path) if policy else None,
        given=reports is not None,
        required=tuple(policy.policy.review.required) if policy else REQUIRED,
        must_cover=_must_cover(policy),
    )
    if reports is None:
        collected.base_model, collected.base_model_signature = base_model_paths(project)
    else:
        named = reports.get("base_model", "")
        collected.base_model, collected.base_model_signature = named, f"{named}.sig"
    manifest = inputs["manifest"]
    collected.checks = {
        "manifest_signature": check_manifest_signature(project, keys, manifest.path),
        "manifest_files": check_manifest_files(project, manifest),
        "adapter_signature": check_adapter_signature(project, keys, _named(reports, "adapter")),
        "base_model_signature": check_base_model_signature(
            project, keys, collected.base_model, collected.base_model_signature
        ),
        "retention_log": check_retention_log(project, inputs["retention_log"]),
    }
    runs = RUNS if reports is None else reports.get("runs")
    collected.campaigns = read_campaigns(project, runs) if runs else []
    options = policy.policy.dataset.reader_options() if policy else None
    try:
        collected.excerpts = redacted_excerpts(project, collected.data("scan"), options)
    except GovernError:
        collected.excerpts = []
    return collected


def base_model_paths(project: Path) -> tuple[str, str]:
    """The base model and its signature as the project's ``params.yaml`` names them for the
    trainer (``train.base_model``, ``train.base_model_signature``; null: ``<model>.sig``), else
    this repository's layout (``BASE_MODEL``). Never raises: an unreadable params file is the
    default layout, and the signature check then says what is missing."""
    try:
        params = yaml.safe_load((project / PARAMS).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, yaml.YAMLError):
        return BASE_MODEL, BASE_MODEL_SIGNATURE
    train = params.get("train") if isinstance(params, dict) else None
    model = train.get("base_model") if isinstance(train, dict) else None
    if not isinstance(model, str) or not model:
        return BASE_MODEL, BASE_MODEL_SIGNATURE
    signature = train.get("base_model_signature") if isinstance(train, dict) else None
    return model, signature if isinstance(signature, str) and signature else f"{model}.sig"


def _must_cover(policy: LoadedPolicy | None) -> tuple[str, ...] | None:
    if policy is None:
        return None
    pii = policy.policy.pii
    return tuple(pii.required()) if pii.enabled else ()


def _named(reports: dict[str, str] | None, key: str) -> str | None:
    """The folder named for ``key``; "" when reports were given without it (not checked)."""
    if reports is None:
        return None
    return reports.get(key, "")


def _read(project: Path, key: str, default: str, reports: dict[str, str] | None) -> Input:
    if reports is None:
        return _modelled(read_input(project, key, default, jsonl=default.endswith(".jsonl")))
    if key not in reports:
        return Input(key, default, "not provided")
    given = reports[key]
    return _modelled(read_input(project, key, given, jsonl=given.endswith(".jsonl")))


def _modelled(found: Input) -> Input:
    """``found``, or unreadable when it does not match its kind's model (named by the first
    wrong key; the value is never quoted)."""
    kind = MODELLED.get(found.key)
    if kind is None or not found.ok:
        return found
    try:
        report_model(kind).model_validate(found.data)
    except ValidationError as exc:
        problem = f"not a {kind} report ({first_problem(exc)})"
        return Input(found.key, found.path, "unreadable", found.sha256, problem=problem)
    return found


def trusted_keys(
    project: Path, policy: LoadedPolicy | None, given: list[Path] | None
) -> list[Path]:
    """The public keys signatures are checked against; relative paths are the project's."""
    names = [Path(p) for p in given] if given else [Path(DEFAULT_TRUSTED_KEY)]
    if policy is not None:
        names += [Path(p) for p in policy.policy.signing.trusted_keys]
    found: list[Path] = []
    for name in names:
        path = name if name.is_absolute() else project / name
        if path.is_file() and path not in found:
            found.append(path)
    return found


def read_campaigns(project: Path, runs: str = RUNS) -> list[Campaign]:
    """Every ``runs/<name>/`` folder holding a ledger or a summary, sorted by name."""
    root = project / runs
    if not root.is_dir() or root.is_symlink():
        return []
    campaigns = []
    for folder in sorted(p for p in root.iterdir() if p.is_dir() and not p.is_symlink()):
        rel = os.path.relpath(folder, project).replace(os.sep, "/")
        ledger = read_input(project, f"ledger:{folder.name}", f"{rel}/ledger.jsonl", jsonl=True)
        summary = read_input(project, f"summary:{folder.name}", f"{rel}/summary.json")
        if ledger.status == "missing" and summary.status == "missing":
            continue
        found = [run for run in ledger.data or [] if isinstance(run, dict)] if ledger.ok else []
        campaigns.append(Campaign(folder.name, ledger, summary, found))
    return campaigns


def relative_link(target: str, out_file: Path, project: Path) -> str:
    """The link from the report at ``out_file`` to ``target`` (project-relative), POSIX."""
    start = os.path.abspath(out_file.parent)
    return Path(os.path.relpath(os.path.abspath(project / target), start)).as_posix()
