"""``govern inspect`` (datasets, or a signed artifact) and ``govern sample`` (the sample)."""

from __future__ import annotations

import json
from collections import Counter
from contextlib import ExitStack
from pathlib import Path
from typing import Annotated

import typer

from govern.cli.context import emit, reader_options, settings, stdin_as_file
from govern.cli.options import IdField, JsonFlag, SkipInvalid, TextFieldOpt


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
    from govern.records import ReadStats, read_records
    from govern.signing import find_signature, inspect_artifact

    if artifact or any(find_signature(path).exists() for path in paths):
        keys = [Path(k) for k in settings.policy().policy.signing.trusted_keys]
        described = [inspect_artifact(path, keys or None) for path in paths]
        lines = [json.dumps(d, indent=2, sort_keys=True) for d in described]
        emit({"artifacts": described}, as_json, lines)
        return

    options = reader_options(id_field, text_field, skip_invalid)
    stats = ReadStats()
    kinds: Counter[str] = Counter()
    with ExitStack() as stack:
        records = read_records(stdin_as_file(paths, stack), options, stats)
        for record in progress(records, "Reading records"):
            kinds[record.kind] += 1
    summary = {"kinds": dict(sorted(kinds.items())), **stats.to_json()}
    human = [f"{stats.records} records in {len(stats.files)} files"]
    human += [f"  {kind}: {count}" for kind, count in sorted(kinds.items())]
    if stats.skipped:
        human.append(f"skipped {sum(stats.skipped.values())} invalid records:")
        human += [f"  {where}" for where in stats.skipped_at]
    emit(summary, as_json, human)


def sample(
    out: Annotated[Path, typer.Option("--out", help="Folder to write the sample into.")],
    seed: Annotated[int, typer.Option(help="Random seed; same seed, same bytes.")] = 0,
    model: Annotated[bool, typer.Option(help="Also build the tiny local model.")] = True,
    as_json: JsonFlag = False,
) -> None:
    """Write the bundled sample: a fine-tuning corpus with planted PII/secrets and a tiny model."""
    from govern.sample.bundle import write_sample

    written = write_sample(out, seed=seed, with_model=model)
    emit(written.to_json(), as_json, written.describe())
