"""The backup report's model (``reports/backup.json``): what the verified backup holds."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from govern.contract import Provenance, ReportModel
from govern.provenance import provenance

if TYPE_CHECKING:
    from govern.backup.keystore import KeyStore
    from govern.backup.operations import BackupInfo
    from govern.policy import LoadedPolicy


class BackupEntry(ReportModel):
    """One archived folder or file; its digest under the backup's algorithm (None for folders)."""

    name: str
    kind: Literal["dir", "file"]
    mode: str
    mtime_ns: int
    size: int
    blake3: str | None = None
    sha256: str | None = None


class BackupContents(ReportModel):
    """``BackupInfo.to_json()``: the backup file, its data key id and every entry."""

    path: str
    key_id: str
    created: str
    segment_bytes: int
    digest: Literal["blake3", "sha256"]
    files: int
    bytes: int
    entries: list[BackupEntry]


class BackupReport(ReportModel):
    backup: BackupContents
    key_store: str
    provenance: Provenance


def backup_report(
    checked: BackupInfo, store: KeyStore, loaded: LoadedPolicy, params: dict[str, Any]
) -> BackupReport:
    """The report on a verified backup; ``params`` (the stage's, less its policy) are recorded."""
    return BackupReport.from_json(
        {
            "backup": checked.to_json(),
            "key_store": str(store.root),
            "provenance": provenance(loaded, params=params),
        }
    )
