"""DVC stage `leaks`: check the splits, move leaking records together, check again.

Params: leaks.*. Reads ``leaks.splits``; writes the leak-free copy to ``leaks.out`` (same layout,
ledger updated with the moves) and ``leaks.report``: the leaks found before the fix, the moves,
and the check after it. Exits 1 if leaks remain after the fix (contamination cannot be fixed by
moving records).
"""

from __future__ import annotations

from pathlib import Path

from govern.policy import load_policy
from govern.splits.fix import fix_leaks
from govern.splits.options import LeakOptions
from govern.stage import run_stage, stage_params


def main() -> int:
    params = stage_params("leaks")
    loaded = load_policy(params["policy"])
    reader = loaded.policy.dataset.reader_options()
    options = LeakOptions(
        against=tuple(Path(p) for p in params.get("against") or ()), reader=reader
    )
    report = fix_leaks(Path(params["splits"]), loaded, options, out=Path(params["out"]))
    report.write(Path(params["report"]))
    print("\n".join(report.describe()))
    return report.exit_code


if __name__ == "__main__":
    run_stage("leaks", main)
