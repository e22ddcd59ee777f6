"""Print where each DVC stage put its outputs (run after `dvc repro`), then the review's path.

The last line is the compliance review to read: `make demo` ends with it.
"""

from __future__ import annotations

import json
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
    params = yaml.safe_load(Path("params.yaml").read_text()).get("review") or {}
    html = Path(params.get("html", "reports/review.html"))
    verdict = _verdict(Path(params.get("json", "reports/review.json")))
    if html.exists():
        print(f"Compliance review ({verdict}): {html.resolve()}")
    else:
        # DVC tracks the review's receipt, not the page: a plain `dvc repro` may skip it.
        print(f"Compliance review: {html} MISSING (run `dvc repro -f review`)")


def _verdict(path: Path) -> str:
    try:
        return str(json.loads(path.read_text())["verdict"]["status"]).upper()
    except (OSError, ValueError, KeyError, TypeError):
        return "verdict unknown"


if __name__ == "__main__":
    main()
