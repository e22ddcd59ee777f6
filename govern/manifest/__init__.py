"""Versioned data manifests: exactly which files, rows, licenses, scan results and splits
went into a run, so training data can be pinned, verified and compared.

A manifest (JSON, key-sorted, no timestamps) holds ``manifest_version``, ``id`` (sha256 of its
content), ``base`` and ``roots``, one entry per file (path relative to the base, size, sha256;
format, rows and schema for dataset files), ``totals``, report ``summaries``, the ``policy``
sha256, ``tool`` and ``packages`` versions, ``params`` and ``lineage`` (parent manifests).
"""

from govern.manifest.build import (
    MANIFEST_VERSION,
    build_manifest,
    load_manifest,
    manifest_id,
    write_manifest,
)
from govern.manifest.diff import diff_manifests
from govern.manifest.entries import ManifestEntry
from govern.manifest.verify import Change, VerifyResult, verify_manifest

__all__ = [
    "MANIFEST_VERSION",
    "Change",
    "ManifestEntry",
    "VerifyResult",
    "build_manifest",
    "diff_manifests",
    "load_manifest",
    "manifest_id",
    "verify_manifest",
    "write_manifest",
]
