"""A starter project for a user's own data and base model: policy, params.yaml and dvc.yaml.

``write_project`` is what ``govern init`` calls. The stages it writes run from the installed
package (``python -m govern.stages.<name>``), so the folder needs no copy of this repository:
scan (with a redacted copy) -> licenses -> split -> leaks -> manifest, and with a base model
sign -> preflight -> train -> scan_artifacts -> sign_adapter; the review of it all comes last.
Outputs go where this repository's pipeline puts them (``data/``, ``reports/``, ``models/``), so
``govern review`` and the docs read the same paths. Paths to the user's data and model are
written relative to the project (``../mine`` outside it), so no report made there names a folder
of the user's machine.

``params.yaml`` records the govern version that wrote it (``govern.version``) and every stage
lists it among its params: after an upgrade, setting it to the new version (each stage refuses
to run under another, ``govern.stage.stage_params``) makes ``dvc status`` show every stage
changed and ``dvc repro`` rerun them with the new code.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from govern import __version__
from govern.errors import InputError
from govern.io import atomic_write_text

POLICY = "policies/default.yaml"
FILES = (POLICY, "params.yaml", "dvc.yaml")

PARAMS = """\
# Parameters of the DVC pipeline (dvc.yaml), written by `govern init`. Each stage reads only its
# own section; paths are relative to this folder. Edit freely: `dvc repro` reruns what changed.
policy: {policy}

govern:
  version: {version}   # the govern that runs the stages; after an upgrade set it to the new one

scan:
  input: {data}
  redacted: {redacted}   # the copy later stages read: findings replaced, cards kept
  reports: reports/scan      # scan.json, scan.sarif (your data), scan_redacted.json (the copy)
  redact_mode: placeholder   # or pseudonym (HMAC-keyed, consistent within the dataset)
  workers: 0                 # 0 = one per core
  nlp_model: null            # an installed spaCy pipeline adds PERSON/LOCATION

licenses:
  datasets: [data/redacted]  # a LICENSE file or dataset card beside your records names the licence
  models: {models}
  report: reports/licenses.json
  approved: data/licensed    # records of allowed sources only
  checked: null              # YYYY-MM-DD pins the date checked; null = today (UTC)

split:
  input: data/licensed
  out: data/splits           # train/ validation/ test/, ledger.jsonl (kept across runs)
  report: reports/split.json
  by: null                   # group keys kept in one split; null = the policy's splits.by
  ratios: null               # [train, validation, test]; null = the policy's splits.ratios

leaks:
  splits: data/splits
  out: data/leak_free        # the splits after moving leaking records: training reads this
  report: reports/leaks.json
  against: []                # evaluation/benchmark files to check for contamination

manifest:
  roots: [data/licensed, data/leak_free]
  reports:
    scan: reports/scan/scan_redacted.json
    licenses: reports/licenses.json
    split: reports/split.json
    leaks: reports/leaks.json
  parents: []
  out: data/manifest.json
  metrics: reports/metrics.json
  workers: 0

review:                      # the compliance review of everything above (last stage)
  html: reports/review.html
  markdown: reports/review.md
  json: reports/review.json  # `govern review approve` signs a decision on its sha256
  trusted_keys: [.govern/signing.key.pub]
"""

TRAIN_PARAMS = """
sign:
  key: .govern/signing.key        # made on first run, 0600, in a folder git ignores
  algorithm: null                 # null = policy signing.algorithm
  manifest: data/manifest.json
  adapter: models/adapter
  base_model: {model}
  base_model_signature: models/base_model.sig
  adapter_params: train

# TrainConfig keys (names as in transformers' TrainingArguments and peft's LoraConfig); every
# one is listed with its default by `govern train --help` and in the README.
train:
  manifest: data/manifest.json
  train_dir: data/leak_free/train
  validation_dir: data/leak_free/validation
  format: auto                    # or chat, alpaca, prompt_completion
  base_model: {model}
  base_model_signature: models/base_model.sig
  trusted_keys: [.govern/signing.key.pub]
  output_dir: models/adapter
  reports_dir: reports/train
  max_seq_length: 512
  per_device_train_batch_size: 4
  gradient_accumulation_steps: 2
  learning_rate: 2.0e-4
  max_steps: 100
  eval_steps: 20
  save_steps: 0
  seed: 0
  r: 8
  lora_alpha: 16
  target_modules: all-linear

preflight:
  report: reports/train/preflight.json

scan_artifacts:
  paths: [models/adapter, reports/train/metrics.json, reports/train/gates.json,
          reports/train/replay.json, reports/train/controls.safetensors]
  report: reports/train/artifact_scan.json
  workers: 1
"""

DVC = """\
# Written by `govern init`. Each stage is a module of the installed govern package; it reads its
# section of params.yaml. `dvc repro` runs them in order; `dvc repro manifest` stops there.
stages:
  scan:
    cmd: python -m govern.stages.scan
    deps:
      - {policy}
      - {data}
    params: [policy, govern, scan]
    outs:
      - data/redacted
      - reports/scan
  licenses:
    cmd: python -m govern.stages.licenses
    deps:
      - {policy}
      - data/redacted{model_dep}
    params: [policy, govern, licenses]
    outs:
      - data/licensed
      - reports/licenses.json
  split:
    cmd: python -m govern.stages.split
    deps:
      - {policy}
      - data/licensed
    params: [policy, govern, split]
    outs:
      - data/splits:
          persist: true      # keeps ledger.jsonl: groups never move between runs
      - reports/split.json
  leaks:
    cmd: python -m govern.stages.leaks
    deps:
      - {policy}
      - data/splits
    params: [policy, govern, leaks]
    outs:
      - data/leak_free
      - reports/leaks.json
  manifest:
    cmd: python -m govern.stages.manifest
    deps:
      - {policy}
      - data/licensed
      - data/leak_free
      - reports/scan
      - reports/licenses.json
      - reports/split.json
      - reports/leaks.json
    params: [policy, govern, manifest]
    outs:
      - data/manifest.json
    metrics:
      - reports/metrics.json:
          cache: false
"""

DVC_TRAIN = """\
  sign_manifest:
    cmd: python -m govern.stages.sign manifest base_model
    deps:
      - {policy}
      - data/manifest.json
      - {model}
    params: [policy, govern, sign]
    outs:
      # The signatures (*.sig) depend on a key DVC does not track: their receipts do not.
      - reports/receipts/sign_manifest.json
      - reports/receipts/sign_base_model.json
  preflight:
    cmd: python -m govern.stages.preflight
    deps:
      - {policy}
      - data/manifest.json
      - reports/receipts/sign_manifest.json
      - data/leak_free
      - {model}
      - reports/receipts/sign_base_model.json
    params: [policy, govern, train, preflight]
    outs:
      - reports/receipts/preflight.json   # the report (times, memory) is run evidence
  train:
    cmd: python -m govern.stages.train
    deps:
      - {policy}
      - data/manifest.json
      - reports/receipts/sign_manifest.json
      - data/leak_free
      - {model}
      - reports/receipts/sign_base_model.json
      - reports/receipts/preflight.json    # runs only after every preflight check passed
    params: [policy, govern, train]
    outs:
      - models/adapter
      - reports/receipts/train.json       # metrics.json, gates.json/.md (times) are evidence
      - reports/train/replay.json
      - reports/train/controls.safetensors
  scan_artifacts:
    cmd: python -m govern.stages.scan_artifacts
    deps:
      - {policy}
      - models/adapter
      - reports/receipts/train.json
      - reports/train/replay.json
      - reports/train/controls.safetensors
    params: [policy, govern, scan_artifacts]
    outs:
      - reports/receipts/scan_artifacts.json   # the report (sizes, digests) is run evidence
  sign_adapter:
    cmd: python -m govern.stages.sign adapter
    deps:
      - {policy}
      - models/adapter
      - data/manifest.json
      - {model}
      - reports/receipts/scan_artifacts.json   # signed only after the scan passed
    params: [policy, govern, sign, train]
    outs:
      - reports/receipts/sign_adapter.json   # models/adapter.sig depends on the key
"""

DVC_REVIEW = """\
  review:
    # The report is the deliverable: written, exit 0, whatever the verdict (`govern review`
    # exits 1 on blocked). The review pages show key ids and run times: run evidence.
    cmd: python -m govern.stages.review
    deps:
      - {policy}
      - data/redacted
      - data/licensed
      - data/leak_free
      - reports/scan
      - reports/licenses.json
      - reports/split.json
      - reports/leaks.json
      - reports/metrics.json
      - data/manifest.json{review_deps}
    params: [policy, govern, {review_params}review]
    outs:
      - reports/receipts/review.json
"""

# What the review reads of a training run, when there is one.
REVIEW_TRAIN_DEPS = (
    "reports/receipts/sign_manifest.json",
    "{model}",
    "reports/receipts/sign_base_model.json",
    "reports/receipts/preflight.json",
    "reports/receipts/train.json",
    "reports/train/replay.json",
    "reports/receipts/scan_artifacts.json",
    "models/adapter",
    "reports/receipts/sign_adapter.json",
)

# Keys and run evidence (signatures, reports of times and memory) stay out of git; DVC adds its
# own outputs' entries itself.
GITIGNORE = """\
/.govern/
/data/manifest.json.sig
/models/base_model.sig
/models/adapter.sig
/reports/train/preflight.json
/reports/train/metrics.json
/reports/train/gates.json
/reports/train/gates.md
/reports/train/log.jsonl
/reports/train/artifact_scan.json
/reports/review.html
/reports/review.md
/reports/review.json
"""


@dataclass(frozen=True, slots=True)
class StarterProject:
    """What ``write_project`` wrote: the project folder and its files, in order."""

    root: Path
    files: tuple[Path, ...]
    trains: bool
    notes: tuple[str, ...] = ()

    def describe(self) -> list[str]:
        lines = [f"init: wrote {path}" for path in self.files]
        lines += [f"init: note: {note}" for note in self.notes]
        last = "sign -> preflight -> train -> review" if self.trains else "manifest -> review"
        lines.append(f"init: next: cd {self.root} && dvc repro   (scan -> ... -> {last})")
        return lines


def write_project(
    root: Path, data: Path, model: Path | None = None, *, force: bool = False
) -> StarterProject:
    """Write the starter policy, params.yaml and dvc.yaml (and a .gitignore) into ``root``.

    ``data`` is a JSONL/Parquet/... file or a folder of them, with its LICENSE file or dataset
    card beside the records; ``model`` a Hugging Face model folder (optional: without it the
    pipeline stops at the manifest). Refuses (``InputError``, exit 2) to replace any of the
    files unless ``force``; a missing data path or model folder is an ``InputError``.
    """
    root = root.absolute()
    if not data.exists():
        raise InputError(f"{data}: no such file or directory")
    if model is not None and not model.is_dir():
        raise InputError(f"{model}: not a model folder")
    existing = [name for name in FILES if (root / name).exists()]
    if existing and not force:
        raise InputError(
            f"{root / existing[0]}: already exists; pass --force to replace {', '.join(existing)}"
        )
    source = (data if data.is_dir() else data.parent).absolute().name
    values = {
        "policy": POLICY,
        "data": _yaml_path(data, root),
        # A folder per source: the licence check names your data after its folder.
        "redacted": _yaml_text(f"data/redacted/{source}"),
        "models": f"[{_yaml_path(model, root)}]" if model else "[]",
        "model": _yaml_path(model, root) if model else "",
        "model_dep": f"\n      - {_yaml_path(model, root)}" if model else "",
        "version": json.dumps(__version__),  # quoted: a version like 1.0 is no float
    }
    params = PARAMS.format(**values)
    pipeline = DVC.format(**values)
    review_deps = review_params = ""
    if model is not None:
        params += TRAIN_PARAMS.format(**values)
        pipeline += DVC_TRAIN.format(**values)
        review_deps = "".join(f"\n      - {dep.format(**values)}" for dep in REVIEW_TRAIN_DEPS)
        review_params = "train, "  # the review reads train.base_model for its signature check
    pipeline += DVC_REVIEW.format(**values, review_deps=review_deps, review_params=review_params)
    policy = resources.files("govern").joinpath("policies/default.yaml").read_text("utf-8")
    written = []
    for name, text in ((POLICY, policy), ("params.yaml", params), ("dvc.yaml", pipeline)):
        atomic_write_text(root / name, text)
        written.append(root / name)
    ignore = root / ".gitignore"
    if not ignore.exists():
        atomic_write_text(ignore, GITIGNORE)
        written.append(ignore)
    notes: tuple[str, ...] = ()
    if not data.is_dir():
        # Cards and LICENSE files travel into the redacted copy from a scanned folder only.
        notes = (
            f"{data} is a file: a licence file beside it is not read; pass its folder, or the "
            "licence check holds the data for review (a policy waiver can approve it)",
        )
    return StarterProject(root, tuple(written), trains=model is not None, notes=notes)


def _yaml_path(path: Path, root: Path) -> str:
    """``path`` relative to ``root`` (``../data`` outside it), so reports made in the project
    name no folder of this machine; absolute only where no relative path leads there (another
    drive). Quoted when YAML needs it."""
    absolute = os.path.abspath(path)
    try:
        text = Path(os.path.relpath(absolute, root)).as_posix()
    except ValueError:
        text = Path(absolute).as_posix()
    return _yaml_text(text)


def _yaml_text(text: str) -> str:
    """``text`` as a YAML scalar: plain when it is a simple path, else a quoted string."""
    plain = text.replace("/", "").replace(".", "").replace("_", "").replace("-", "")
    return text if plain.isalnum() else json.dumps(text)
