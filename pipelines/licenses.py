"""DVC stage `licenses`: judge dataset and model licenses, write the report and approved copy.

Denied sources and sources awaiting review are left out of the approved copy and counted in the
report; the stage still exits 0 (the training gate refuses while reviews are pending). Only
errors (bad input, bad policy) fail it, with exit 2 and one line naming the file.
"""

from datetime import date
from pathlib import Path

from govern.io import atomic_write_json
from govern.licenses import check_licenses, write_approved
from govern.policy import load_policy
from govern.stage import run_stage, stage_params


def main() -> None:
    params = stage_params("licenses")
    loaded = load_policy(params["policy"])
    datasets = [Path(path) for path in params["datasets"]]
    models = [Path(path) for path in params.get("models") or []]
    checked = params.get("checked")
    today = date.fromisoformat(str(checked)) if checked else None
    report = check_licenses([*datasets, *models], loaded, today=today)
    approved = Path(params["approved"])
    counts = write_approved(datasets, report, approved)
    document = report.to_json() | {"approved": {"path": str(approved), **counts.to_json()}}
    atomic_write_json(params["report"], document)
    for entry in report.entries:
        print(f"{entry.verdict:<7} {entry.source} ({entry.spdx or 'no license'}): {entry.reason}")
    print(f"approved: {sum(counts.written.values())} records written to {approved}; left out:")
    for source, count in sorted(counts.left_out.items()):
        held = report.entry(source)
        print(f"  {source}: {count} records ({held.verdict if held else 'not in the report'})")


if __name__ == "__main__":
    run_stage("licenses", main)
