"""DVC stage `split`: leak-free train/validation/test splits of the approved corpus.

Params: split.*. Writes ``split.out`` (the splits, ledger.jsonl, split_report.json) and the
report at ``split.report``. DVC persists the output folder, so its ledger keeps every group where
it was on the next run.
"""

from __future__ import annotations

from pathlib import Path

from govern.contract import write_report
from govern.policy import load_policy
from govern.splits.contract import SplitReport
from govern.splits.options import SplitOptions, parse_keys, parse_ratios
from govern.splits.split import split_dataset
from govern.stage import run_stage, stage_params


def main() -> int:
    params = stage_params("split")
    loaded = load_policy(params["policy"])
    reader = loaded.policy.dataset.reader_options()
    options = SplitOptions(
        by=parse_keys(",".join(params["by"])) if params.get("by") else None,
        ratios=parse_ratios(",".join(map(str, params["ratios"]))) if params.get("ratios") else None,
        reader=reader,
    )
    report = split_dataset(Path(params["input"]), Path(params["out"]), loaded, options)
    write_report(params["report"], SplitReport, report.to_json())
    print("\n".join(report.describe()))
    return 0


if __name__ == "__main__":
    run_stage("split", main)
