"""DVC stage `backup`: encrypt the approved data (and, later, training artifacts), then verify.

Params: backup.sources, backup.out, backup.report, backup.key_file, backup.key_store,
backup.digest. The key file is generated (0600) on the first run under ``.govern/``, a folder
that ignores itself in git, so no key is ever committed or cached. The report lists every file
with its digest: with ``digest: sha256`` (the sample's setting, not the policy's faster
blake3 default) the proof a reviewer compares with the data manifest's sha256 after a restore.

The backup (a new data key each run) and its report (key id, times) are evidence of this run:
DVC tracks the receipt, the report less the key id and times (every file and its digest).
"""

from pathlib import Path

from govern.backup import KeyStore, create_backup, load_or_create_key_file, verify_backup
from govern.backup.contract import backup_report
from govern.io import atomic_write_json
from govern.policy import load_policy
from govern.stage import run_stage, stage_params, write_receipt

MEASURED = ("key_id", "created", "mtime_ns")


def main() -> None:
    params = stage_params("backup")
    loaded = load_policy(params["policy"])
    key, created = load_or_create_key_file(params["key_file"])
    if created:
        print(f"backup: generated {params['key_file']} (keep a copy somewhere safe)")
    store = KeyStore.default(params.get("key_store") or loaded.policy.backup.key_store)
    sources = [Path(source) for source in params["sources"]]
    segment = loaded.policy.backup.segment_bytes
    digest = params.get("digest") or loaded.policy.backup.digest
    written = create_backup(
        sources, Path(params["out"]), key, store, segment_bytes=segment, digest=digest
    )
    checked = verify_backup(written.path, key, store)
    stage = {k: v for k, v in params.items() if k != "policy"}
    report = backup_report(checked, store, loaded, stage).to_json()
    atomic_write_json(params["report"], report)
    write_receipt("backup", report, MEASURED)
    files = sum(entry.kind == "file" for entry in checked.entries)
    print(f"backup: {written.path} ({files} files, {checked.total_bytes} bytes), verified")
    print(f"  data key {written.key_id} in {store.root}")


if __name__ == "__main__":
    run_stage("backup", main)
