"""Verify: an untouched tree passes; every missing, changed or extra file is reported."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from govern.errors import InputError
from govern.manifest import build_manifest, verify_manifest, write_manifest
from govern.manifest.verify import Change
from govern.policy import LoadedPolicy


@pytest.fixture
def manifest_path(project: Path, policy: LoadedPolicy) -> Path:
    return write_manifest(build_manifest([Path("data")], policy), Path("manifest.json"))


def test_untouched_tree_passes(manifest_path: Path) -> None:
    result = verify_manifest(manifest_path)
    assert result.ok and result.exit_code == 0
    assert result.checked == 6
    assert result.to_json()["ok"] is True
    assert result.describe()[-1].startswith("ok: 6 files checked")


def test_changed_byte_of_equal_size_is_a_sha256_change(manifest_path: Path) -> None:
    target = Path("data/chats/README.md")
    text = target.read_bytes()
    target.write_bytes(text[:-2] + b"X\n")
    result = verify_manifest(manifest_path)
    assert not result.ok and result.exit_code == 1
    assert [(c.path, c.what) for c in result.changed] == [("data/chats/README.md", "sha256")]
    assert result.missing == [] and result.extra == []


def test_truncated_file_is_a_size_change(manifest_path: Path) -> None:
    target = Path("data/chats/data.jsonl")
    size = target.stat().st_size
    target.write_bytes(target.read_bytes()[:10])
    result = verify_manifest(manifest_path)
    assert result.changed == [Change("data/chats/data.jsonl", "size", size, 10)]


def test_missing_and_extra_files(manifest_path: Path) -> None:
    Path("data/alpaca/LICENSE").unlink()
    Path("data/chats/new.jsonl").write_text("{}\n")
    Path("data/.hidden").write_text("skipped like at build time\n")
    result = verify_manifest(manifest_path)
    assert result.missing == ["data/alpaca/LICENSE"]
    assert result.extra == ["data/chats/new.jsonl"]
    report = result.to_json()
    assert report["missing"] == ["data/alpaca/LICENSE"] and report["ok"] is False
    assert "missing: data/alpaca/LICENSE" in result.describe()


def test_missing_root_reports_its_files_missing(manifest_path: Path) -> None:
    Path("data").rename("moved")
    result = verify_manifest(manifest_path)
    assert len(result.missing) == 6 and not result.ok
    assert verify_manifest(manifest_path, base=Path("elsewhere")).missing == result.missing


def test_explicit_base_finds_a_moved_tree(manifest_path: Path) -> None:
    Path("copy").mkdir()
    Path("data").rename("copy/data")
    assert verify_manifest(manifest_path, base=Path("copy")).ok


def test_hand_edited_manifest_fails_its_id_check(manifest_path: Path) -> None:
    manifest = json.loads(manifest_path.read_text())
    manifest["summaries"] = {
        "scan": {"report": "reports/scan.json", "found": True, "verdict": "pass"}
    }
    manifest_path.write_text(json.dumps(manifest))
    result = verify_manifest(manifest_path)
    assert not result.id_matches and not result.ok
    assert "edited after build" in result.describe()[-2]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("not json", r"manifest is not JSON \(stops at line 1 column 1\)"),
        ("[]", "not a govern manifest"),
        ('{"manifest_version": 9}', "manifest version 9, expected 1"),
        ('{"manifest_version": 1, "id": "x", "base": ".", "roots": []}', "'files' is missing"),
        (
            '{"manifest_version": 1, "id": "x", "base": ".", "roots": [], "files": [{"path": 1}]}',
            r"files\[0\] needs a path",
        ),
    ],
)
def test_malformed_manifest_is_an_input_error(project: Path, content: str, message: str) -> None:
    Path("bad.json").write_text(content)
    with pytest.raises(InputError, match=message) as raised:
        verify_manifest(Path("bad.json"))
    assert str(raised.value).startswith("bad.json: ") and raised.value.exit_code == 2
    with pytest.raises(InputError, match="manifest not found"):
        verify_manifest(Path("absent.json"))
