"""The ``govern`` command line: thin commands that parse, call one library function, print.

Exit codes: 0 ok, 1 policy violation, 2 usage or input error. Every ``GovernError`` is caught
once, in ``main``, and printed as one line (a traceback only with ``--debug``).
"""

from __future__ import annotations

import dataclasses
import json
import os
import sys
import traceback
from collections import Counter
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import typer

from govern import __version__
from govern.errors import GovernError, InputError, one_line
from govern.policy import LoadedPolicy, PolicyChoice, find_policy, load_policy, policy_schema
from govern.progress import quiet_unless_terminal
from govern.records import ReaderOptions, ReadStats, read_records
from govern.review.cli import make_review_app

app = typer.Typer(
    rich_markup_mode=None,  # plain help: no type metavars such as <bool>, no markup eating [ray]
    name="govern",
    help="Data governance and dataset preparation for LLM fine-tuning.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)
policy_app = typer.Typer(help="Validate and describe policy files.", no_args_is_help=True)
app.add_typer(policy_app, name="policy")
manifest_app = typer.Typer(help="Build, verify and compare data manifests.", no_args_is_help=True)
app.add_typer(manifest_app, name="manifest")
keys_app = typer.Typer(help="Signing keys.", no_args_is_help=True)
app.add_typer(keys_app, name="keys")
backup_app = typer.Typer(help="Encrypted, tamper-evident backups.", no_args_is_help=True)
app.add_typer(backup_app, name="backup")
backup_key_app = typer.Typer(
    help="Move a backup's wrapped data key between key stores.", no_args_is_help=True
)
backup_app.add_typer(backup_key_app, name="key")
retention_app = typer.Typer(help="Retention plans, deletions and their audit log.")
app.add_typer(retention_app, name="retention")
baseline_app = typer.Typer(help="Accepted scan findings (govern scan --baseline).")
app.add_typer(baseline_app, name="baseline")


@dataclass(slots=True)
class _Settings:
    policy_path: Path | None = None
    debug: bool = False
    _loaded: LoadedPolicy | None = None

    _choice: PolicyChoice | None = None

    def policy(self) -> LoadedPolicy:
        """The policy in effect (``find_policy``'s rule), loaded once."""
        if self._loaded is None:
            self._choice = find_policy(self.policy_path)
            self._loaded = load_policy(self._choice.path)
        return self._loaded

    def policy_used(self) -> dict[str, str] | None:
        """Which policy this command used and by which rule; None when it read none."""
        if self._loaded is None or self._choice is None:
            return None
        return {**self._loaded.provenance(), "source": self._choice.source}


_settings = _Settings()
# The review group lives in govern/review/cli.py; it reads the global --policy when it runs.
app.add_typer(make_review_app(lambda: _settings.policy()), name="review")

JsonFlag = Annotated[bool, typer.Option("--json", help="Print machine-readable JSON to stdout.")]


def _version(value: bool) -> None:
    if value:
        typer.echo(f"govern {__version__}")
        raise typer.Exit()


@app.callback()
def _global(
    policy: Annotated[
        Path | None,
        typer.Option(
            "--policy",
            help="Policy file (also after the command). Default: $GOVERN_POLICY, else "
            "policies/default.yaml or govern.yaml here or in a folder above, else the packaged "
            "default.",
            show_default=False,
        ),
    ] = None,
    debug: Annotated[bool, typer.Option("--debug", help="Show tracebacks on errors.")] = False,
    version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True, help="Print the version."),
    ] = False,
) -> None:
    """Scan, license-check, split, version, back up, sign and train on fine-tuning data."""
    _settings.policy_path = policy
    _settings.debug = debug
    _settings._loaded = None
    _settings._choice = None


def _emit(payload: dict[str, Any], as_json: bool, human: list[str]) -> None:
    used = _settings.policy_used()
    if used is not None:
        payload = {"policy_in_effect": used, **payload}
        human = [*human, f"policy: {used['path']} ({used['source']}, sha256 {used['sha256'][:12]})"]
    if as_json:
        typer.echo(json.dumps(payload, indent=2, sort_keys=True, ensure_ascii=False))
    else:
        for line in human:
            typer.echo(line)


@policy_app.command("check")
def policy_check(
    file: Annotated[Path, typer.Argument(help="Policy YAML file to validate.")],
    as_json: JsonFlag = False,
) -> None:
    """Validate a policy file against the schema; exit 2 naming each wrong key and line."""
    loaded = load_policy(file)
    _emit(
        {"path": str(file), "valid": True, **loaded.provenance()},
        as_json,
        [f"{file}: ok (policy {loaded.policy.name!r}, sha256 {loaded.sha256})"],
    )


@policy_app.command("schema")
def policy_show_schema() -> None:
    """Print the JSON schema of policy files (for editors and documentation)."""
    typer.echo(json.dumps(policy_schema(), indent=2))


def _stdin_as_file(paths: list[Path], stack: ExitStack) -> list[Path]:
    """``-`` among ``paths`` becomes a private temporary copy of standard input (JSONL, or a
    JSON array when it starts with ``[``), named ``stdin.jsonl``/``stdin.json``."""
    if Path("-") not in paths:
        return paths
    import shutil
    import tempfile

    folder = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="govern-stdin-")))
    data = sys.stdin.buffer
    head = data.peek(64)[:64] if hasattr(data, "peek") else b""
    copy = folder / ("stdin.json" if head.lstrip().startswith(b"[") else "stdin.jsonl")
    with copy.open("wb") as handle:
        shutil.copyfileobj(data, handle)
    return [copy if path == Path("-") else path for path in paths]


def reader_options(
    id_field: str | None, text_fields: list[str] | None, skip_invalid: bool
) -> ReaderOptions:
    """Reader options: the policy's ``dataset`` section, overridden by command-line flags."""
    return _settings.policy().policy.dataset.reader_options(id_field, text_fields, skip_invalid)


IdField = Annotated[
    str | None, typer.Option("--id-field", help="Record field with a stable id (policy default).")
]
TextFieldOpt = Annotated[
    list[str] | None,
    typer.Option("--text-field", help="Field path holding text, repeatable (messages.*.content)."),
]
SkipInvalid = Annotated[
    bool, typer.Option("--skip-invalid", help="Skip and count invalid records instead of failing.")
]
EngineOpt = Annotated[
    str, typer.Option("--engine", help="local (this machine) or ray (pip install 'govern[ray]').")
]
RayAddress = Annotated[
    str | None,
    typer.Option("--ray-address", help="Ray cluster (default: $RAY_ADDRESS, else a local Ray)."),
]


@app.command()
def inspect(
    paths: Annotated[
        list[Path], typer.Argument(help="Dataset files or folders; - reads standard input.")
    ],
    id_field: IdField = None,
    text_field: TextFieldOpt = None,
    skip_invalid: SkipInvalid = False,
    artifact: Annotated[
        bool, typer.Option("--artifact", help="Describe an artifact instead of reading records.")
    ] = False,
    as_json: JsonFlag = False,
) -> None:
    """Read datasets (records by kind and file), or describe a signed artifact without loading it.

    A path with a signature (PATH.sig or PATH/model.sig) or ``--artifact`` lists the artifact's
    files, formats, whether each would load, and the signed statement.
    """
    from govern.progress import progress
    from govern.signing import find_signature, inspect_artifact

    if artifact or any(find_signature(path).exists() for path in paths):
        keys = [Path(k) for k in _settings.policy().policy.signing.trusted_keys]
        described = [inspect_artifact(path, keys or None) for path in paths]
        lines = [json.dumps(d, indent=2, sort_keys=True) for d in described]
        _emit({"artifacts": described}, as_json, lines)
        return

    options = reader_options(id_field, text_field, skip_invalid)
    stats = ReadStats()
    kinds: Counter[str] = Counter()
    with ExitStack() as stack:
        records = read_records(_stdin_as_file(paths, stack), options, stats)
        for record in progress(records, "Reading records"):
            kinds[record.kind] += 1
    summary = {"kinds": dict(sorted(kinds.items())), **stats.to_json()}
    human = [f"{stats.records} records in {len(stats.files)} files"]
    human += [f"  {kind}: {count}" for kind, count in sorted(kinds.items())]
    if stats.skipped:
        human.append(f"skipped {sum(stats.skipped.values())} invalid records:")
        human += [f"  {where}" for where in stats.skipped_at]
    _emit(summary, as_json, human)


@app.command()
def sample(
    out: Annotated[Path, typer.Option("--out", help="Folder to write the sample into.")],
    seed: Annotated[int, typer.Option(help="Random seed; same seed, same bytes.")] = 0,
    model: Annotated[bool, typer.Option(help="Also build the tiny local model.")] = True,
    as_json: JsonFlag = False,
) -> None:
    """Write the bundled sample: a fine-tuning corpus with planted PII/secrets and a tiny model."""
    from govern.sample.bundle import write_sample

    written = write_sample(out, seed=seed, with_model=model)
    _emit(written.to_json(), as_json, written.describe())


@app.command()
def scan(
    paths: Annotated[
        list[Path], typer.Argument(help="Datasets and/or artifact trees; - reads standard input.")
    ],
    report: Annotated[
        Path | None, typer.Option("--report", help="Write the JSON report here.")
    ] = None,
    sarif: Annotated[Path | None, typer.Option("--sarif", help="Write SARIF 2.1.0 here.")] = None,
    redact_to: Annotated[
        Path | None, typer.Option("--redact-to", help="Write redacted copies of datasets here.")
    ] = None,
    redact_mode: Annotated[
        str, typer.Option("--redact-mode", help="placeholder (<EMAIL_ADDRESS>) or pseudonym.")
    ] = "placeholder",
    workers: Annotated[int, typer.Option("--workers", help="Processes; 0 = one per core.")] = 0,
    treat_as: Annotated[
        str, typer.Option("--as", help="auto, dataset or artifacts (auto decides per path).")
    ] = "auto",
    nlp_model: Annotated[
        str | None, typer.Option("--nlp-model", help="Installed spaCy pipeline for PERSON etc.")
    ] = None,
    hash_key_file: Annotated[
        Path | None, typer.Option("--hash-key-file", help="HMAC key for value hashes.")
    ] = None,
    id_field: IdField = None,
    text_field: TextFieldOpt = None,
    skip_invalid: SkipInvalid = False,
    engine: EngineOpt = "local",
    ray_address: RayAddress = None,
    baseline: Annotated[
        Path | None,
        typer.Option(
            "--baseline",
            help="Accepted findings (keyed hashes): fail only on findings it lacks; "
            "made from this scan when the file does not exist.",
        ),
    ] = None,
    update_baseline: Annotated[
        bool,
        typer.Option("--update-baseline", help="Rewrite --baseline with this scan's findings."),
    ] = False,
    as_json: JsonFlag = False,
) -> None:
    """Scan for secrets and PII; exit 1 when the policy blocks what was found.

    Findings carry location, type, detector, score and a keyed hash: never the value.
    """
    from govern.engines import get_engine
    from govern.findings import load_hash_key
    from govern.scan.engine import ScanOptions

    if redact_mode not in ("placeholder", "pseudonym"):
        raise InputError(f"--redact-mode: expected placeholder or pseudonym, got {redact_mode!r}")
    if treat_as not in ("auto", "dataset", "artifacts"):
        raise InputError(f"--as: expected auto, dataset or artifacts, got {treat_as!r}")
    loaded = _settings.policy()
    policy = loaded.policy
    if nlp_model:
        policy = policy.model_copy(
            update={"pii": policy.pii.model_copy(update={"nlp_model": nlp_model})}
        )
    options = ScanOptions(
        workers=workers,
        redact_to=redact_to,
        redact_mode=redact_mode,  # type: ignore[arg-type]
        treat_as=treat_as,  # type: ignore[arg-type]
        reader=reader_options(id_field, text_field, skip_invalid),
        baseline=baseline,
        update_baseline=update_baseline,
    )
    if update_baseline and baseline is None:
        raise InputError("--update-baseline needs --baseline FILE")
    if policy is not loaded.policy:
        loaded = dataclasses.replace(loaded, policy=policy)
    runner = get_engine(engine, address=ray_address, workers=workers)
    with ExitStack() as stack:
        payload = runner.scan(
            _stdin_as_file(paths, stack),
            loaded,
            options,
            load_hash_key(hash_key_file),
            report_path=report,
            sarif_path=sarif,
        )
    summary = payload["summary"]
    human = [
        f"{payload['verdict'].upper()}: {summary['findings']} findings in {summary['records']} "
        f"records and {summary['files']} files",
        *[f"  {kind}: {count}" for kind, count in summary["by_type"].items()],
        *[f"  {reason}" for reason in payload["reasons"]],
        f"  not covered: {', '.join(payload['coverage']['not_covered']) or 'none'}",
    ]
    _emit(payload if as_json else {}, as_json, human)
    if payload["verdict"] == "fail":
        raise typer.Exit(1)


@baseline_app.command("audit")
def baseline_audit(
    file: Annotated[Path, typer.Argument(help="Baseline written by govern scan --baseline.")],
    mark: Annotated[
        list[str] | None,
        typer.Option(
            "--mark", help="ID=true-positive or ID=false-positive, repeatable (ids: see listing)."
        ),
    ] = None,
    note: Annotated[str | None, typer.Option("--note", help="Why, stored with the mark.")] = None,
    hash_key_file: Annotated[
        Path | None, typer.Option("--hash-key-file", help="HMAC key the baseline was made with.")
    ] = None,
    as_json: JsonFlag = False,
) -> None:
    """List the baseline's entries (where, type, audit mark; never values) or mark them.

    A true positive keeps failing scans until the value is removed; a false positive (or an
    entry not yet audited) is accepted.
    """
    from govern.findings import load_hash_key
    from govern.scan.baseline import AUDITS, audit, load_baseline

    key = load_hash_key(hash_key_file)
    marks: dict[str, Any] = {}
    for item in mark or []:
        entry_id, sep, verdict = item.partition("=")
        if not sep or verdict not in AUDITS:
            raise InputError(f"--mark: expected ID={'|'.join(AUDITS)}, got {item!r}")
        marks[entry_id] = verdict
    known = audit(file, key, marks, note) if marks else load_baseline(file, key)
    human = [
        f"{entry_id}  {e['path']}:{e['line']}  {e['field']}  {e['type']} ({e['detector']})  "
        f"{e.get('audit') or 'unaudited'}"
        for entry_id, e in known.entries.items()
    ]
    counts = known.to_json()["counts"]
    human.append(", ".join(f"{count} {mark}" for mark, count in counts.items()))
    _emit(known.to_json(), as_json, human)


@app.command()
def licenses(
    paths: Annotated[list[Path], typer.Argument(help="Datasets and/or model folders.")],
    report: Annotated[
        Path | None, typer.Option("--report", help="Write the JSON report here.")
    ] = None,
    approved_to: Annotated[
        Path | None,
        typer.Option(
            "--approved-to",
            help="Write the records of allowed sources here (replaced as a whole), with their "
            "cards and license files, as the DVC stage does.",
        ),
    ] = None,
    as_json: JsonFlag = False,
) -> None:
    """Check dataset, source and model licenses; exit 1 if any is denied or awaits review."""
    from govern.io import atomic_write_json
    from govern.licenses import run_licenses

    run = run_licenses(paths, _settings.policy(), approved_to=approved_to)
    payload = run.to_json()
    if report is not None:
        atomic_write_json(report, payload)
    _emit(payload, as_json, run.lines())
    raise typer.Exit(run.report.exit_code)


@app.command()
def split(
    input: Annotated[Path, typer.Argument(help="Dataset file or folder to split.")],
    out: Annotated[Path, typer.Option("--out", help="Folder for train/validation/test.")],
    by: Annotated[
        str | None, typer.Option("--by", help="Group keys, comma-separated (policy default).")
    ] = None,
    ratios: Annotated[
        str | None, typer.Option("--ratios", help="train,validation,test, e.g. 0.8,0.1,0.1.")
    ] = None,
    time_field: Annotated[
        str | None, typer.Option("--time-field", help="Timestamp field for a time split.")
    ] = None,
    cutoff: Annotated[
        str | None, typer.Option("--cutoff", help="ISO date: train ends before it.")
    ] = None,
    gap: Annotated[
        str | None, typer.Option("--gap", help="Gap after the cutoff, e.g. 7d or 12h.")
    ] = None,
    ledger: Annotated[
        Path | None, typer.Option("--ledger", help="Earlier assignment ledger to keep.")
    ] = None,
    id_field: IdField = None,
    text_field: TextFieldOpt = None,
    skip_invalid: SkipInvalid = False,
    engine: EngineOpt = "local",
    ray_address: RayAddress = None,
    as_json: JsonFlag = False,
) -> None:
    """Split by group keys (or time) so no group straddles splits; stable as data grows."""
    from govern.engines import get_engine
    from govern.splits.options import (
        SplitOptions,
        parse_cutoff,
        parse_gap,
        parse_keys,
        parse_ratios,
    )

    options = SplitOptions(
        by=parse_keys(by) if by else None,
        ratios=parse_ratios(ratios) if ratios else None,
        time_field=time_field,
        cutoff=parse_cutoff(cutoff) if cutoff else None,
        gap=parse_gap(gap) if gap else None,
        ledger=ledger,
        reader=reader_options(id_field, text_field, skip_invalid),
    )
    runner = get_engine(engine, address=ray_address)
    report = runner.split(input, out, _settings.policy(), options)
    _emit(report.to_json(), as_json, report.describe())


@app.command()
def leaks(
    split_dir: Annotated[Path, typer.Argument(help="Folder written by govern split.")],
    report: Annotated[
        Path | None, typer.Option("--report", help="Write the JSON report here.")
    ] = None,
    against: Annotated[
        list[Path] | None,
        typer.Option("--against", help="Evaluation/benchmark file to check overlap with."),
    ] = None,
    fix: Annotated[
        bool,
        typer.Option(
            "--fix", help="Move linked records into one split (needs --out or --in-place)."
        ),
    ] = False,
    out: Annotated[
        Path | None, typer.Option("--out", help="With --fix: write the fixed splits here.")
    ] = None,
    in_place: Annotated[
        bool, typer.Option("--in-place", help="With --fix: replace the split folder itself.")
    ] = False,
    id_field: IdField = None,
    text_field: TextFieldOpt = None,
    skip_invalid: SkipInvalid = False,
    as_json: JsonFlag = False,
) -> None:
    """Check splits for shared keys, duplicates, near-duplicates, contamination; exit 1 on leaks."""
    from govern.splits.fix import fix_leaks
    from govern.splits.leaks import check_leaks
    from govern.splits.options import LeakOptions

    if fix and (out is None) == (not in_place):
        raise InputError("--fix: give --out DIR for the fixed copy, or --in-place (not both)")
    if not fix and (out is not None or in_place):
        raise InputError("--out and --in-place go with --fix")
    options = LeakOptions(
        against=tuple(against or ()), reader=reader_options(id_field, text_field, skip_invalid)
    )
    if fix:
        result = fix_leaks(split_dir, _settings.policy(), options, out=out)
    else:
        result = check_leaks(split_dir, _settings.policy(), options)
    if report is not None:
        result.write(report)
    _emit(result.to_json(), as_json, result.describe())
    raise typer.Exit(result.exit_code)


@keys_app.command("generate")
def keys_generate(
    out: Annotated[Path, typer.Option("--out", help="Private key file (0600); KEY.pub beside.")],
    algorithm: Annotated[
        str | None, typer.Option("--algorithm", help="ecdsa-p256 or ed25519 (policy default).")
    ] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite an existing key.")] = False,
) -> None:
    """Generate a signing key pair: ECDSA P-256 (model_signing compatible) or Ed25519."""
    from govern.signing import generate_keys

    chosen = algorithm or _settings.policy().policy.signing.algorithm
    if chosen not in ("ecdsa-p256", "ed25519"):
        raise InputError(f"--algorithm: expected ecdsa-p256 or ed25519, got {chosen!r}")
    private, public = generate_keys(out, chosen, overwrite=force)  # type: ignore[arg-type]
    typer.echo(f"private key: {private} (keep it secret)\npublic key:  {public}")


@app.command()
def sign(
    path: Annotated[Path, typer.Argument(help="Artifact folder or file to sign.")],
    key: Annotated[Path, typer.Option("--key", help="Private key file.")],
    kind: Annotated[
        str, typer.Option("--kind", help="adapter, checkpoint, model, data-manifest, dataset...")
    ] = "other",
    data_manifest: Annotated[
        Path | None, typer.Option("--data-manifest", help="Data manifest it was trained on.")
    ] = None,
    base_model: Annotated[
        Path | None, typer.Option("--base-model", help="Base model folder it adapts.")
    ] = None,
    params_section: Annotated[
        str | None, typer.Option("--params-section", help="params.yaml section that made it.")
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option("--out", help="Signature file (default PATH.sig); verify with --signature."),
    ] = None,
) -> None:
    """Sign every file's path, size and sha256 plus a statement of provenance (DSSE/in-toto)."""
    from govern.hashing import sha256_file, sha256_tree
    from govern.signing import ArtifactStatement, params_digest, sign_artifact
    from govern.stage import stage_params

    statement = ArtifactStatement(
        kind=kind,  # type: ignore[arg-type]
        data_manifest_sha256=sha256_file(data_manifest) if data_manifest else None,
        base_model_digest=sha256_tree(base_model) if base_model else None,
        params_sha256=params_digest(stage_params(params_section)) if params_section else None,
        policy_sha256=_settings.policy().sha256,
    )
    signature = sign_artifact(path, key, statement, signature=out)
    typer.echo(f"signed {path}: {signature}")


@app.command()
def verify(
    path: Annotated[Path, typer.Argument(help="Signed artifact folder or file.")],
    trusted: Annotated[
        list[Path] | None, typer.Option("--trusted", help="Trusted public key, repeatable.")
    ] = None,
    signature: Annotated[
        Path | None,
        typer.Option("--signature", help="Signature file (default PATH.sig or PATH/model.sig)."),
    ] = None,
    as_json: JsonFlag = False,
) -> None:
    """Verify a signature; exit 1 naming each reason (changed, missing, extra, untrusted...)."""
    from govern.signing import verify_artifact

    keys = [*(trusted or []), *map(Path, _settings.policy().policy.signing.trusted_keys)]
    result = verify_artifact(path, keys, signature=signature)
    _emit(result.to_json(), as_json, result.describe())
    raise typer.Exit(result.exit_code)


KeyFile = Annotated[
    Path | None,
    typer.Option("--key-file", help="Key file; else the passphrase in $GOVERN_BACKUP_PASSPHRASE."),
]
KeyStoreOpt = Annotated[
    Path | None, typer.Option("--key-store", help="Where data keys live (policy default).")
]


def _backup_key(key_file: Path | None) -> Any:
    from govern.backup import KeySource, kdf_from_policy

    if key_file is not None:
        return KeySource.from_file(key_file)
    return KeySource.from_passphrase_env(kdf=kdf_from_policy(_settings.policy().policy.backup))


def _key_store(key_store: Path | None) -> Any:
    from govern.backup import KeyStore

    configured = str(key_store) if key_store else _settings.policy().policy.backup.key_store
    return KeyStore.default(configured)


@backup_app.command("create")
def backup_create(
    sources: Annotated[list[Path], typer.Argument(help="Files or folders to back up.")],
    out: Annotated[Path, typer.Option("--out", help="Backup file to write.")],
    key_file: KeyFile = None,
    key_store: KeyStoreOpt = None,
    digest: Annotated[
        str | None,
        typer.Option(
            "--digest",
            help="Per-file digest: blake3 (fast) or sha256 (to compare with a manifest); "
            "default from the policy's backup.digest.",
        ),
    ] = None,
    as_json: JsonFlag = False,
) -> None:
    """Encrypt files into one backup (AES-256-GCM segments); its data key goes to the key store."""
    from govern.backup import create_backup

    policy = _settings.policy().policy.backup
    info = create_backup(
        sources,
        out,
        _backup_key(key_file),
        _key_store(key_store),
        segment_bytes=policy.segment_bytes,
        digest=digest or policy.digest,
    )
    human = [f"{out}: {info.total_bytes} bytes in {len(info.entries)} entries, key {info.key_id}"]
    _emit(info.to_json(), as_json, human)


@backup_app.command("keygen")
def backup_keygen(
    out: Annotated[Path, typer.Option("--out", help="Key file to create (0600, never replaced).")],
) -> None:
    """Create a backup key file: 64 hex characters (32 random bytes) and a newline."""
    from govern.backup import generate_key_file

    typer.echo(f"backup key file: {generate_key_file(out)} (keep it apart from the backups)")


@backup_key_app.command("export")
def backup_key_export(
    out: Annotated[Path, typer.Option("--out", help="File to write (0600, never replaced).")],
    key_id: Annotated[str | None, typer.Option("--key-id", help="Data key id.")] = None,
    backup: Annotated[
        Path | None, typer.Option("--backup", help="Backup file whose key to export.")
    ] = None,
    key_store: KeyStoreOpt = None,
) -> None:
    """Copy a backup's data key entry out of the key store, still wrapped under its KEK."""
    from govern.backup import read_header

    if (key_id is None) == (backup is None):
        raise InputError("give exactly one of --key-id and --backup")
    chosen = key_id if key_id is not None else read_header(backup).key_id  # type: ignore[arg-type]
    _key_store(key_store).export(chosen, out)
    typer.echo(f"exported data key {chosen} to {out} (still wrapped; shred it with the backup)")


@backup_key_app.command("import")
def backup_key_import(
    file: Annotated[Path, typer.Argument(help="File written by `backup key export`.")],
    key_store: KeyStoreOpt = None,
) -> None:
    """Add an exported data key entry to this machine's key store."""
    store = _key_store(key_store)
    key_id = store.import_entry(file)
    typer.echo(f"imported data key {key_id} into {store.root}")


@backup_app.command("verify")
def backup_verify(
    file: Annotated[Path, typer.Argument(help="Backup file.")],
    key_file: KeyFile = None,
    key_store: KeyStoreOpt = None,
    as_json: JsonFlag = False,
) -> None:
    """Decrypt and check every segment and file hash, writing nothing; exit 1 if tampered."""
    from govern.backup import verify_backup

    info = verify_backup(file, _backup_key(key_file), _key_store(key_store))
    _emit(info.to_json(), as_json, [f"{file}: ok, {len(info.entries)} entries verified"])


@backup_app.command("restore")
def backup_restore(
    file: Annotated[Path, typer.Argument(help="Backup file.")],
    to: Annotated[Path, typer.Option("--to", help="New (or empty) folder to restore into.")],
    key_file: KeyFile = None,
    key_store: KeyStoreOpt = None,
) -> None:
    """Restore names, sizes and modes; nothing appears unless every check passes."""
    from govern.backup import restore_backup

    info = restore_backup(file, to, _backup_key(key_file), _key_store(key_store))
    typer.echo(f"restored {len(info.entries)} entries into {to}")


@backup_app.command("rotate-key")
def backup_rotate_key(
    targets: Annotated[list[str], typer.Argument(help="Backup files or key ids.")],
    key_file: KeyFile = None,
    new_key_file: Annotated[
        Path | None,
        typer.Option("--new-key-file", help="New key file; else $GOVERN_BACKUP_NEW_PASSPHRASE."),
    ] = None,
    key_store: KeyStoreOpt = None,
) -> None:
    """Rewrap data keys under a new key without re-encrypting the backups."""
    from govern.backup import KeySource, kdf_from_policy, rotate_key

    old = _backup_key(key_file)
    kdf = kdf_from_policy(_settings.policy().policy.backup)
    new = (
        KeySource.from_file(new_key_file)
        if new_key_file
        else KeySource.from_passphrase_env("GOVERN_BACKUP_NEW_PASSPHRASE", kdf)
    )
    store = _key_store(key_store)
    for target in targets:
        typer.echo(f"rewrapped {rotate_key(target, old, new, store)}")


@backup_app.command("shred")
def backup_shred(
    target: Annotated[str, typer.Argument(help="Backup file or key id.")],
    key_store: KeyStoreOpt = None,
) -> None:
    """Destroy a backup's data key: every copy of that backup becomes unreadable for good."""
    from govern.backup import shred

    shred(target, _key_store(key_store))
    typer.echo(f"shredded the data key of {target}")


@retention_app.callback(invoke_without_command=True)
def _retention_default(ctx: typer.Context) -> None:
    """Retention: ``plan`` (the default) lists what the policy deletes; ``apply`` deletes it."""
    if ctx.invoked_subcommand is None:
        retention_plan()


@retention_app.command("plan")
def retention_plan(
    root: Annotated[Path, typer.Option("--root", help="Project folder the rules apply to.")] = Path(
        "."
    ),
    out: Annotated[Path, typer.Option("--out", help="Plan file to write.")] = Path(
        "reports/retention_plan.json"
    ),
    as_json: JsonFlag = False,
) -> None:
    """Write what the retention rules would delete now, with the reason for each item."""
    from datetime import UTC, datetime

    from govern.retention import plan_retention, write_plan

    plan = plan_retention(root, _settings.policy(), datetime.now(UTC))
    write_plan(plan, out)
    payload = plan.to_json()
    totals = payload["totals"]
    human = [
        f"{out}: {totals['items']} items ({totals['bytes']} bytes) to delete, {totals['kept']} kept"
    ]
    human += [f"  {d['rule']}: {d['item']} ({d['reason']})" for d in payload["deletions"]]
    _emit(payload, as_json, human)


@retention_app.command("apply")
def retention_apply(
    plan: Annotated[Path, typer.Option("--plan", help="Plan written by `retention plan`.")],
    root: Annotated[Path, typer.Option("--root", help="Project folder of the plan.")] = Path("."),
    log: Annotated[
        Path | None, typer.Option("--log", help="Deletion log (policy default).")
    ] = None,
    report: Annotated[
        Path, typer.Option("--report", help="Report: deletions and the log's new head.")
    ] = Path("reports/retention.json"),
    key_store: KeyStoreOpt = None,
) -> None:
    """Delete exactly what the plan lists (refusing a stale plan) and log every deletion.

    The log's head is signed with the policy's retention.signing_key after every entry.
    """
    from govern.retention import apply_plan

    loaded = _settings.policy()
    target_log = log or Path(loaded.policy.retention.audit_log)
    store = _key_store(key_store) if key_store else None
    applied = apply_plan(plan, root, loaded, target_log, store=store, report=report)
    if applied.reconciled:
        typer.echo(f"reconciled {len(applied.reconciled)} interrupted deletions")
    typer.echo(
        f"deleted {len(applied.deletions)} items; logged in {target_log}, "
        f"head {applied.log.head} (recorded in {report})"
    )


@retention_app.command("audit")
def retention_audit(
    log: Annotated[Path | None, typer.Argument(help="Deletion log (policy default).")] = None,
    expect_head: Annotated[
        str | None, typer.Option("--expect-head", help="Head hash recorded earlier.")
    ] = None,
    public_key: Annotated[
        Path | None,
        typer.Option("--key", help="Public key checking the head (policy signing_key + .pub)."),
    ] = None,
    as_json: JsonFlag = False,
) -> None:
    """Check the deletion log's chain and signed head; exit 1 naming the first problem.

    Deletions interrupted by a crash (an intent without done) are listed; the next apply
    completes them.
    """
    from govern.retention import audit_log, log_public_key

    loaded = _settings.policy()
    target = log or Path(loaded.policy.retention.audit_log)
    result = audit_log(
        target,
        expect_head,
        public_key=public_key or log_public_key(loaded),
        anchor=Path(loaded.policy.retention.anchor),
    )
    payload = {
        "log": str(target),
        "entries": result.entries,
        "head": result.head,
        "problem": result.problem,
        "pending": [entry["seq"] for entry in result.pending],
    }
    human = [f"{target}: {result.problem or f'ok, {result.entries} entries, head {result.head}'}"]
    if result.pending:
        human.append(
            f"{target}: {len(result.pending)} deletions interrupted (intent without done, "
            f"entries {', '.join(str(e['seq']) for e in result.pending)}); the next apply "
            "completes them"
        )
    _emit(payload, as_json, human)
    raise typer.Exit(0 if result.ok else 1)


ConfigOpt = Annotated[Path, typer.Option("--config", help="Training config YAML.")]


@app.command()
def train(
    config: ConfigOpt,
    show_examples: Annotated[
        int,
        typer.Option("--show-examples", help="Print N formatted examples with [[trained]] spans."),
    ] = 0,
    allow_config_change: Annotated[
        bool,
        typer.Option(
            "--allow-config-change",
            help="Resume even when training keys differ from the checkpoint's (recorded).",
        ),
    ] = False,
    as_json: JsonFlag = False,
) -> None:
    """Train a LoRA adapter on signed, approved data; exit 1 if a gate or the run fails.

    A run stopped at ``stop_after_steps`` exits 0 and prints how to resume it.
    """
    from govern.train import load_train_config, preview_examples, run_training
    from govern.train.report import exit_code, resume_hint

    overrides: dict[str, object] = {"allow_config_change": True} if allow_config_change else {}
    loaded = load_train_config(config, overrides)
    policy = _settings.policy()
    if show_examples:
        for example in preview_examples(loaded, show_examples, policy):
            typer.echo(example)
        return
    result = run_training(loaded, policy)
    _emit(result, as_json, [f"{key}: {value}" for key, value in result.items() if key != "loss"])
    if (hint := resume_hint(result, str(config))) is not None and not as_json:
        typer.echo(hint)
    raise typer.Exit(exit_code(result))


@app.command()
def preflight(
    config: ConfigOpt,
    report: Annotated[
        Path | None, typer.Option("--report", help="Write the preflight JSON here.")
    ] = None,
    as_json: JsonFlag = False,
) -> None:
    """Check each training phase on this hardware before a long run; exit 1 naming what fails."""
    from govern.train import load_train_config, run_preflight
    from govern.train.data import histogram_lines

    checked = run_preflight(load_train_config(config), _settings.policy(), report)
    payload = checked.to_json()
    human = [json.dumps(payload, indent=2, sort_keys=True)]
    if checked.sizing.get("lengths"):
        human += histogram_lines(checked.sizing["lengths"])
        human.append(f"expected: {checked.sizing['expected_result']}")
    _emit(payload, as_json, human)
    raise typer.Exit(checked.exit_code)


@app.command()
def campaign(config: ConfigOpt, as_json: JsonFlag = False) -> None:
    """Run variants differing in one setting; every run, failed ones too, stays in the ledger."""
    from govern.train import load_campaign_config, run_campaign

    summary = run_campaign(load_campaign_config(config), _settings.policy())
    human = [json.dumps(row, sort_keys=True) for row in summary["variants"]]
    _emit(summary, as_json, [*human, f"ledger: {summary['ledger']}"])


@app.command()
def export(
    adapter: Annotated[Path, typer.Argument(help="Signed LoRA adapter folder.")],
    base_model: Annotated[Path, typer.Option("--base-model", help="Signed base model folder.")],
    out: Annotated[Path, typer.Option("--out", help="Merged model folder to write.")],
    key: Annotated[Path, typer.Option("--key", help="Private key that signs the merged model.")],
    trusted: Annotated[
        list[Path] | None, typer.Option("--trusted", help="Trusted public key, repeatable.")
    ] = None,
    base_model_signature: Annotated[
        Path | None,
        typer.Option("--base-model-signature", help="The base model's bundle, if kept apart."),
    ] = None,
    signature: Annotated[
        Path | None, typer.Option("--signature", help="Signature file (default OUT.sig).")
    ] = None,
    as_json: JsonFlag = False,
) -> None:
    """Merge a signed adapter into its signed base model (safetensors) and sign the result.

    Exit 1 when an input is unsigned, untrusted or changed; 2 when the adapter is not for this
    base model.
    """
    from govern.train.export import export_merged

    loaded = _settings.policy()
    keys = [*(trusted or []), *map(Path, loaded.policy.signing.trusted_keys)]
    exported = export_merged(
        adapter,
        base_model,
        out,
        key,
        keys,
        base_signature=base_model_signature,
        signature=signature,
        policy_sha256=loaded.sha256,
    )
    _emit(
        exported.to_json(),
        as_json,
        [f"merged {adapter} into {base_model}: {out}", f"signed: {exported.signature}"],
    )


def _report_kinds(reports: list[str] | None) -> dict[str, Path]:
    """``--report KIND=PATH`` items; an unknown kind or a missing file is a usage error."""
    from govern.manifest.summaries import REPORT_KINDS

    kinds: dict[str, Path] = {}
    for item in reports or []:
        kind, sep, path = item.partition("=")
        if not sep or not kind or not path:
            raise InputError(
                f"--report: expected KIND=PATH ({', '.join(REPORT_KINDS)}), got {item!r}"
            )
        if kind not in REPORT_KINDS:
            raise InputError(f"--report: unknown kind {kind!r} (known: {', '.join(REPORT_KINDS)})")
        if not Path(path).is_file():
            raise InputError(f"{path}: --report {kind}: report file not found")
        kinds[kind] = Path(path)
    return kinds


@manifest_app.command("build")
def manifest_build(
    roots: Annotated[list[Path], typer.Argument(help="Data folders or files to pin.")],
    out: Annotated[Path, typer.Option("--out", help="Manifest file to write.")],
    report: Annotated[
        list[str] | None,
        typer.Option("--report", help="KIND=PATH of a stage report to summarise, repeatable."),
    ] = None,
    parent: Annotated[
        list[Path] | None, typer.Option("--parent", help="Manifest this data derives from.")
    ] = None,
    base: Annotated[Path, typer.Option("--base", help="Folder paths are relative to.")] = Path("."),
    workers: Annotated[int, typer.Option("--workers", help="Hashing threads; 0 = per core.")] = 0,
    engine: EngineOpt = "local",
    ray_address: RayAddress = None,
    as_json: JsonFlag = False,
) -> None:
    """Pin every file (size, sha256, rows, schema) with report summaries; deterministic."""
    from govern.engines import get_engine
    from govern.manifest import write_manifest

    manifest = get_engine(engine, address=ray_address, workers=workers).manifest(
        roots,
        _settings.policy(),
        base=base,
        reports=_report_kinds(report),
        parents=parent or [],
        workers=workers,
    )
    written = write_manifest(manifest, out)
    totals = manifest["totals"]
    human = [f"{written}: {totals['files']} files, {totals['rows']} rows, id {manifest['id']}"]
    _emit({"path": str(written), "id": manifest["id"], "totals": totals}, as_json, human)


@manifest_app.command("verify")
def manifest_verify(
    manifest: Annotated[Path, typer.Argument(help="Manifest to check the files against.")],
    base: Annotated[
        Path | None, typer.Option("--base", help="Folder the paths are relative to.")
    ] = None,
    as_json: JsonFlag = False,
) -> None:
    """Re-hash every file; exit 1 naming each missing, changed or extra file."""
    from govern.manifest import verify_manifest

    result = verify_manifest(manifest, base=base)
    human = result.describe() or [f"{manifest}: ok, every file matches"]
    _emit(result.to_json(), as_json, human)
    raise typer.Exit(result.exit_code)


@manifest_app.command("diff")
def manifest_diff(
    a: Annotated[Path, typer.Argument(help="Older manifest.")],
    b: Annotated[Path, typer.Argument(help="Newer manifest.")],
    exit_code: Annotated[
        bool, typer.Option("--exit-code", hidden=True, help="Kept for old scripts: the default.")
    ] = True,
) -> None:
    """Say what changed between two manifests (JSON); exit 1 when they differ, like git diff."""
    from govern.manifest import diff_manifests

    changes = diff_manifests(a, b)
    typer.echo(json.dumps(changes, indent=2, sort_keys=True))
    if not changes.get("identical", False):
        raise typer.Exit(1)


_GLOBAL_WITH_VALUE = frozenset({"--policy"})
_GLOBAL_FLAGS = frozenset({"--debug"})


def hoist_global_options(argv: list[str]) -> list[str]:
    """``argv`` with the global options moved before the command, so they work after it too.

    ``govern scan data --policy p.yaml`` then means ``govern --policy p.yaml scan data``;
    anything after ``--`` is left alone.
    """
    hoisted: list[str] = []
    rest: list[str] = []
    index = 0
    while index < len(argv):
        token = argv[index]
        if token == "--":
            rest += argv[index:]
            break
        name = token.split("=", 1)[0]
        if token in _GLOBAL_WITH_VALUE and index + 1 < len(argv):
            hoisted += argv[index : index + 2]
            index += 2
            continue
        if name in _GLOBAL_WITH_VALUE or token in _GLOBAL_FLAGS:
            hoisted.append(token)
        else:
            rest.append(token)
        index += 1
    return hoisted + rest


def _plain_metavars(command: Any) -> None:
    """Help shows ``PATH``/``TEXT``/``N`` after options, never typer's ``<bool>``/``<list[Path]>``.

    ``command`` is typer's command tree (``typer.main.get_command``); flags keep no metavar.
    """
    for param in command.params:
        bare = param.bare_type() if hasattr(param, "bare_type") else ""
        if param.metavar is not None or bare == "bool" or getattr(param, "is_flag", False):
            continue
        if param.param_type_name == "argument":
            many = "..." if param.nargs != 1 else ""
            param.metavar = (param.name or "value").upper()
            param.display_type_rich = lambda ctx, many=many: many or None  # no "<list[Path]>"
            continue
        element = bare.removeprefix("list[").removesuffix("]")
        param.metavar = {"Path": "PATH", "int": "N", "float": "NUMBER"}.get(element, "TEXT")
    for sub in getattr(command, "commands", {}).values():
        _plain_metavars(sub)


def main(argv: list[str] | None = None) -> None:
    """Console entry point: run the app, map errors to exit codes and one-line messages.

    Usage errors (unknown command or option) are reported by typer itself with exit code 2.
    """
    quiet_unless_terminal()
    os.umask(0o077)  # what libraries write for us (save_pretrained, pyarrow) is owner-only too
    try:
        command = typer.main.get_command(app)
        _plain_metavars(command)
        command(
            args=hoist_global_options(sys.argv[1:] if argv is None else argv), prog_name="govern"
        )
    except GovernError as exc:
        _fail(str(exc), exc.exit_code)
    except RecursionError:
        # Every parser we know of catches this itself; this keeps a missed one at exit 2.
        _fail("input nested too deeply to read", 2)


def _fail(message: str, code: int) -> None:
    """Print one escaped error line (after the traceback with --debug) and exit ``code``.

    --debug adds the traceback and never changes the exit code.
    """
    if _settings.debug:
        traceback.print_exc()
    typer.echo(f"govern: error: {one_line(message)}", err=True)
    sys.exit(code)
