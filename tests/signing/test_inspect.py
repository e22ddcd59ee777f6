"""inspect_artifact lists files, formats, what would load and the statement, loading nothing."""

from __future__ import annotations

import pickle

from govern.signing import inspect_artifact
from tests.signing.helpers import Signed


def by_path(report: dict[str, object]) -> dict[str, dict[str, object]]:
    files = report["files"]
    assert isinstance(files, list)
    return {entry["path"]: entry for entry in files}


def test_verified_artifact_would_load(signed: Signed) -> None:
    report = inspect_artifact(signed.folder, [signed.keys.public])
    assert report["status"] == "verified"
    assert report["statement"]["kind"] == "model"
    files = by_path(report)
    assert files["weights.safetensors"]["format"] == "safetensors"
    assert files["tokenizer/tokenizer.json"]["format"] == "json"
    assert all(entry["would_load"] and entry["signed"] for entry in files.values())


def test_pickle_is_listed_and_would_not_load(signed: Signed) -> None:
    (signed.folder / "model.safetensors").write_bytes(pickle.dumps({"a": 1}, protocol=4))
    (signed.folder / "link.json").symlink_to(signed.folder / "config.json")
    report = inspect_artifact(signed.folder, [signed.keys.public])
    assert report["status"] == "failed"
    files = by_path(report)
    assert files["model.safetensors"]["format"] == "pickle"
    assert files["model.safetensors"]["why_not"] == "pickle data: can run code when loaded"
    assert files["link.json"]["format"] == "symlink"
    assert not any(entry["would_load"] for entry in files.values())
    assert "model.safetensors: extra file (not signed)" in report["reasons"]


def test_without_keys_the_statement_is_shown_unverified(signed: Signed) -> None:
    report = inspect_artifact(signed.folder)
    assert report["status"] == "unchecked"
    assert report["statement_verified"] is False
    assert report["statement"]["kind"] == "model"
    assert not any(entry["would_load"] for entry in by_path(report).values())


def test_unsigned_artifact(signed: Signed) -> None:
    signed.signature.unlink()
    report = inspect_artifact(signed.folder, [signed.keys.public])
    assert report["status"] == "unsigned" and report["signature"] is None
