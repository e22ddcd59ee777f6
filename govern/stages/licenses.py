"""DVC stage `licenses`: judge dataset and model licenses, write the report and approved copy.

Denied sources and sources awaiting review are left out of the approved copy and counted in the
report; the stage still exits 0 (the training gate refuses while reviews are pending). Only
errors (bad input, bad policy) fail it, with exit 2 and one line naming the file.
"""

from datetime import date
from pathlib import Path

from govern.contract import write_report
from govern.licenses import run_licenses
from govern.licenses.contract import LicenseReport
from govern.policy import load_policy
from govern.stage import run_stage, stage_params


def main() -> None:
    params = stage_params("licenses")
    loaded = load_policy(params["policy"])
    datasets = [Path(path) for path in params["datasets"]]
    models = [Path(path) for path in params.get("models") or []]
    checked = params.get("checked")
    today = date.fromisoformat(str(checked)) if checked else None
    run = run_licenses(
        datasets, loaded, models=models, approved_to=Path(params["approved"]), today=today
    )
    write_report(params["report"], LicenseReport, run.to_json())
    print("\n".join(run.lines()))


if __name__ == "__main__":
    run_stage("licenses", main)
