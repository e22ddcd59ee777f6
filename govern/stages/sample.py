"""DVC stage `sample`: write the bundled corpus and tiny model (params: sample.*)."""

from pathlib import Path

from govern.sample.bundle import write_sample
from govern.stage import run_stage, stage_params


def main() -> None:
    params = stage_params("sample")
    out = Path(params["out"])
    written = write_sample(out, seed=params["seed"], with_model=params["with_model"])
    print("\n".join(written.describe()))


if __name__ == "__main__":
    run_stage("sample", main)
