"""DVC stage `manifest`: pin the approved data and splits in ``data/manifest.json``.

Reports that an earlier stage did not write are noted in the manifest, not an error; a missing
data root stops the stage (InputError). ``workers`` only changes speed, so it is left out of the
recorded params: equal data gives an equal manifest whatever the machine.
"""

from pathlib import Path

from govern.io import atomic_write_json
from govern.manifest import build_manifest, write_manifest
from govern.policy import load_policy
from govern.stage import run_stage, stage_params


def main() -> None:
    params = stage_params("manifest")
    manifest = build_manifest(
        [Path(root) for root in params["roots"]],
        load_policy(params["policy"]),
        reports={kind: Path(path) for kind, path in (params.get("reports") or {}).items()},
        parents=[Path(parent) for parent in params.get("parents") or []],
        params={k: v for k, v in params.items() if k not in ("workers", "metrics")},
        workers=params.get("workers", 0),
    )
    out = write_manifest(manifest, Path(params["out"]))
    files, rows = manifest["totals"]["files"], manifest["totals"]["rows"]
    print(f"manifest: {out} ({files} files, {rows} rows, id {manifest['id'][:12]})")
    metrics = {
        kind: {key: value for key, value in summary.items() if key in ("verdict", "counts")}
        for kind, summary in manifest["summaries"].items()
    }
    metrics["data"] = manifest["totals"]
    atomic_write_json(Path(params["metrics"]), metrics)
    for kind, summary in manifest["summaries"].items():
        verdict = summary.get("verdict", "no verdict") if summary["found"] else "report not found"
        print(f"  {kind}: {verdict}")


if __name__ == "__main__":
    run_stage("manifest", main)
