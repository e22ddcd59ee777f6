"""The data gate: train only on approved data, read from the bytes a signed manifest lists.

What "passing" means, check by check (the manifest's ``summaries``, then the training records):

- scan: ``summaries.scan.verdict == "pass"``.
- leakage: ``summaries.leaks.verdict == "pass"`` (the check after ``--fix``).
- licenses: the report was found, the base model's entry in it (matched by the folder the
  licence check read, relative to the manifest's base) has verdict ``allow`` (a waived review is
  ``allow``; deny, review or no entry refuse, as for data), and every source in the *approved*
  data has verdict ``allow``:
  every record of the training folders (its ``source`` field, else the folder it sits in under
  the split folder) and every folder of the manifest's file paths named after a source. A source
  that is denied or awaits review but was left out of the approved copy does not block
  training: it is returned as *excluded* (a gate row and the run's metrics name it), never
  dropped silently. The license report's overall verdict is ``deny`` whenever a source was
  excluded, so that verdict alone is not the test.

The policy's ``training.required_verdicts`` chooses the checks; a signature is always required
(``training.require_signed_manifest: false`` is not honoured by the trainer).
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

from govern.artifacts import VerifiedManifest, load_dataset_files, load_manifest
from govern.errors import PolicyViolation
from govern.policy import TrainingPolicy
from govern.train.data import records_under

ALLOW = "allow"
ENTRY_KEYS = ("source", "root", "verdict")


@dataclass(frozen=True, slots=True)
class GatedData:
    """What passed the gate: the manifest, the verified file bytes, and the sources' verdicts."""

    verified: VerifiedManifest
    files: dict[str, bytes]
    trained_sources: dict[str, int]  # source -> records in the training folders
    excluded_sources: dict[str, str] = field(default_factory=dict)  # source -> its verdict
    base_model: dict[str, str] | None = None  # its license entry: source, root, verdict

    def describe(self) -> str:
        trained = ", ".join(f"{name} ({n})" for name, n in sorted(self.trained_sources.items()))
        excluded = ", ".join(f"{n} ({v})" for n, v in sorted(self.excluded_sources.items()))
        text = f"trained sources: {trained or 'none'}; excluded from the approved data: " + (
            excluded or "none"
        )
        if self.base_model is not None:
            model = self.base_model
            text += f"; base model {model['root']} ({model['source']}: {model['verdict']})"
        return text

    def to_json(self) -> dict[str, Any]:
        return {
            "manifest_sha256": self.verified.sha256,
            "trained_sources": dict(sorted(self.trained_sources.items())),
            "excluded_sources": dict(sorted(self.excluded_sources.items())),
            "base_model": self.base_model,
        }


def check_data_gate(
    manifest_path: Path,
    trusted_keys: Sequence[Path],
    policy: TrainingPolicy | None = None,
    folders: Sequence[Path | None] = (),
    base_model: Path | None = None,
) -> GatedData:
    """Verify the manifest, its verdicts, the sources under ``folders``, the model's licence.

    SignatureError (exit 1) when the manifest is missing, unsigned, untrusted or changed, or a
    listed file differs from it; PolicyViolation (exit 1) naming every failed check otherwise.
    ``base_model`` None: no model is trained (its licence is not checked).
    """
    rules = policy if policy is not None else TrainingPolicy()
    verified = load_manifest(manifest_path, trusted_keys)
    problems = verdict_problems(verified.manifest, rules.required_verdicts)
    summary_problems = bool(problems)
    files = load_dataset_files(manifest_path, trusted_keys) if not problems else {}
    # A model's entry is not a data source: it is neither trained nor excluded data.
    verdicts = _license_verdicts(verified.manifest)
    for name in _model_names(verified.manifest):
        verdicts.pop(name, None)
    trained: Counter[str] = Counter()
    for folder in filter(None, folders):
        root = PurePosixPath(folder.as_posix())
        for record in records_under(files, root):
            trained[record_source(record, PurePosixPath(record["_file"]), root)] += 1
    if "licenses" in rules.required_verdicts and not summary_problems:
        problems += source_problems(trained, verdicts, verified.manifest)
    model_entry = None
    if base_model is not None and "licenses" in rules.required_verdicts and not summary_problems:
        model_entry = base_model_entry(verified.manifest, base_model)
        if model_entry is None:
            problems.append(
                f"licenses: base model {base_model} has no license verdict "
                "(run `govern licenses` on the model folder too)"
            )
        elif model_entry["verdict"] != ALLOW:
            problems.append(
                f"licenses: base model {base_model} ({model_entry['source']}) has verdict "
                f"{model_entry['verdict']}"
            )
    if problems:
        raise PolicyViolation(f"{manifest_path}: refused for training: " + "; ".join(problems))
    excluded = {name: v for name, v in verdicts.items() if v != ALLOW and name not in trained}
    return GatedData(verified, files, dict(trained), excluded, model_entry)


def base_model_entry(manifest: dict[str, Any], base_model: Path) -> dict[str, str] | None:
    """The license summary's entry for the model folder ``base_model``, or None.

    An entry's ``root`` is the folder the licence check read, relative to where it ran: the
    manifest's ``base`` (both stages run from the project root).
    """
    summary = (manifest.get("summaries") or {}).get("licenses") or {}
    models = summary.get("models") if isinstance(summary, dict) else None
    wanted = _absolute(base_model)
    base = Path(str(manifest.get("base") or "."))
    for entry in models if isinstance(models, list) else []:
        if isinstance(entry, dict) and all(isinstance(entry.get(k), str) for k in ENTRY_KEYS):
            if _absolute(base / entry["root"]) == wanted:
                return {key: entry[key] for key in ENTRY_KEYS}
    return None


def _model_names(manifest: dict[str, Any]) -> set[str]:
    summary = (manifest.get("summaries") or {}).get("licenses") or {}
    models = summary.get("models") if isinstance(summary, dict) else None
    entries = models if isinstance(models, list) else []
    return {str(entry.get("source")) for entry in entries if isinstance(entry, dict)}


def _absolute(path: Path) -> str:
    return os.path.normpath(os.path.abspath(path))


def record_source(record: Mapping[str, Any], path: PurePosixPath, folder: PurePosixPath) -> str:
    """A record's source: its ``source`` field, else the first folder below the split folder."""
    declared = record.get("source")
    if isinstance(declared, str) and declared:
        return declared
    relative = path.relative_to(folder).parts
    return relative[0] if len(relative) > 1 else folder.name


def verdict_problems(manifest: dict[str, Any], required: Sequence[str]) -> list[str]:
    """One line per required check that is missing or not passing (empty: the data may train)."""
    summaries = manifest.get("summaries") or {}
    problems = []
    for check in required:
        key = "leaks" if check == "leakage" else check
        summary = summaries.get(key)
        if not isinstance(summary, dict) or not summary.get("found"):
            problems.append(f"{check}: no report in the manifest (run `govern {key}` first)")
        elif check == "licenses":
            if not isinstance(summary.get("sources"), dict):
                problems.append("licenses: the summary lists no source verdicts")
        elif summary.get("verdict") != "pass":
            verdict = summary.get("verdict", "missing")
            problems.append(f"{check}: verdict is {verdict}, not pass")
    return problems


def source_problems(
    trained: Mapping[str, int], verdicts: Mapping[str, str], manifest: dict[str, Any]
) -> list[str]:
    """One line per source in the approved data whose license verdict is not ``allow``."""
    problems = []
    for source, records in sorted(trained.items()):
        verdict = verdicts.get(source)
        if verdict != ALLOW:
            why = f"verdict {verdict}" if verdict else "no license verdict"
            problems.append(f"licenses: source {source} ({why}) has {records} training record(s)")
    folders = {
        part for entry in manifest.get("files", []) for part in PurePosixPath(entry["path"]).parts
    }
    for source in sorted(folders & {s for s, v in verdicts.items() if v != ALLOW} - set(trained)):
        problems.append(f"licenses: source {source} (verdict {verdicts[source]}) is in the data")
    return problems


def _license_verdicts(manifest: dict[str, Any]) -> dict[str, str]:
    summary = (manifest.get("summaries") or {}).get("licenses") or {}
    sources = summary.get("sources") if isinstance(summary, dict) else None
    if not isinstance(sources, dict):
        return {}
    return {str(name): str(verdict) for name, verdict in sources.items()}
