"""DVC stage `split`: leak-free train/validation/test splits of the approved corpus.

Params: split.*. Writes ``split.out`` (the splits, ledger.jsonl, split_report.json) and the
report at ``split.report``. DVC persists the output folder, so its ledger keeps every group where
it was on the next run. ``split.as_of`` (a date or ISO time; null = now) is the ``first_seen``
the ledger records for a group new to it: pinned, the ledger's bytes depend on the data alone.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

from govern.contract import write_report
from govern.errors import InputError
from govern.policy import load_policy
from govern.splits.contract import SplitReport
from govern.splits.options import SplitOptions, parse_keys, parse_ratios
from govern.splits.split import split_dataset
from govern.splits.timing import parse_instant
from govern.stage import run_stage, stage_params


def main() -> int:
    params = stage_params("split")
    loaded = load_policy(params["policy"])
    reader = loaded.policy.dataset.reader_options()
    options = SplitOptions(
        by=parse_keys(",".join(params["by"])) if params.get("by") else None,
        ratios=parse_ratios(",".join(map(str, params["ratios"]))) if params.get("ratios") else None,
        reader=reader,
        as_of=_as_of(params.get("as_of")),
    )
    report = split_dataset(Path(params["input"]), Path(params["out"]), loaded, options)
    write_report(params["report"], SplitReport, report.to_json())
    print("\n".join(report.describe()))
    return 0


def _as_of(value: Any) -> datetime | None:
    """``split.as_of`` as an aware time; None when unset (the ledger then takes the clock)."""
    if value is None:
        return None
    try:
        return parse_instant(value)
    except ValueError as exc:
        raise InputError(f"params.yaml: split.as_of: {exc}") from None


if __name__ == "__main__":
    run_stage("split", main)
