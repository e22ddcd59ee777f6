"""DVC stage `plot_data`: the reports as data series that `dvc plots show` draws."""

from pathlib import Path

from govern.review.plot_data import write_plot_data
from govern.stage import run_stage, stage_params


def main() -> int | None:
    params = stage_params("plot_data")
    written = write_plot_data(
        Path(params["out"]),
        train_metrics=Path(params["train_metrics"]),
        scan=Path(params["scan"]),
        scan_redacted=Path(params["scan_redacted"]),
        split=Path(params["split"]),
    )
    print(f"plot data: {', '.join(str(p) for p in written.values())}")
    return 0


if __name__ == "__main__":
    run_stage("plot_data", main)
