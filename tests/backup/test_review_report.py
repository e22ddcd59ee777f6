"""A real backup report against the review: sha256 reports match the manifest, others are named."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from govern.backup import KeySource, KeyStore, create_backup, generate_key_file, verify_backup
from govern.policy import load_policy
from govern.review import collect, decide
from govern.review.inputs import INPUTS
from tests.conftest import REPO_ROOT
from tests.review.project import make_project


@pytest.mark.parametrize("digest", ["sha256", "blake3"])
def test_the_review_compares_only_a_sha256_backup_report(tmp_path: Path, digest: str) -> None:
    project = make_project(tmp_path / "project", load_policy(REPO_ROOT / "policies/default.yaml"))
    key = KeySource.from_file(generate_key_file(tmp_path / "backup.key"))
    store = KeyStore(tmp_path / "keys")
    out = tmp_path / "approved.gbak"
    create_backup([project.root / "data/licensed"], out, key, store, digest=digest)
    report = project.root / INPUTS["backup"]
    document = json.loads(report.read_text())
    document["backup"] = verify_backup(out, key, store).to_json()
    report.write_text(json.dumps(document))
    reasons = [r.text for r in decide(collect(project.root, project.policy)).reasons]
    backup_reasons = [r for r in reasons if "backup" in r]
    if digest == "sha256":
        assert backup_reasons == []  # the restored-bytes proof matches the manifest
    else:
        assert backup_reasons == [
            "the backup report carries blake3 digests; comparing it with the manifest "
            "needs a sha256 report (set backup.digest: sha256)"
        ]
