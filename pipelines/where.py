"""Print where each DVC stage put its outputs (run after `dvc repro`)."""

from __future__ import annotations

from pathlib import Path

import yaml


def main() -> None:
    stages = yaml.safe_load(Path("dvc.yaml").read_text())["stages"]
    print("Pipeline outputs:")
    for name, stage in stages.items():
        for out in [*stage.get("outs", []), *stage.get("metrics", [])]:
            path = Path(out if isinstance(out, str) else next(iter(out)))
            state = "ok" if path.exists() else "MISSING"
            print(f"  {name:<12} {path}  [{state}]")


if __name__ == "__main__":
    main()
