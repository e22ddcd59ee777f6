"""The Python API returns what the CLI prints and writes the same reports."""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from typing import Any

import pytest

import govern
from govern.sample.corpus import write_corpus
from tests.conftest import run_govern

KEY = "11" * 32


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("api")
    write_corpus(root, n_support=20, n_clinic=10, n_forum=10, n_instructions=10, n_code=10)
    return root / "corpus"


@pytest.fixture(autouse=True)
def _same_hash_key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GOVERN_HASH_KEY", KEY)


def cli_json(*args: str) -> dict[str, Any]:
    result = run_govern(*args, "--json")
    assert result.returncode in (0, 1), result.stderr
    payload: dict[str, Any] = json.loads(result.stdout)
    assert payload.pop("policy_in_effect")["source"] == "project"
    return payload


def plain(value: Any) -> Any:
    """``value`` as the CLI prints it (tuples as lists, keys as strings)."""
    return json.loads(json.dumps(value, sort_keys=True))


def test_scan_matches_the_cli(corpus: Path, tmp_path: Path) -> None:
    source = corpus / "support_chats"
    scanned = govern.scan([source], report=tmp_path / "api.json", workers=1)
    cli = run_govern("scan", str(source), "--report", str(tmp_path / "cli.json"), "--workers", "1")
    assert cli.returncode == scanned.exit_code == 1  # the sample's planted values block
    written = json.loads((tmp_path / "cli.json").read_text())
    api_written = json.loads((tmp_path / "api.json").read_text())
    assert api_written["findings"] == written["findings"] == plain(scanned.findings)
    assert scanned.verdict == written["verdict"] == "fail"
    assert scanned.summary == written["summary"]
    assert scanned.to_json()["reasons"] == written["reasons"]
    # the package name stays callable after its submodules were imported
    importlib.import_module("govern.scan.engine")
    assert govern.scan([source], workers=1).findings == scanned.findings


def test_check_licenses_matches_the_cli(corpus: Path) -> None:
    checked = govern.check_licenses([corpus])
    assert plain(checked.to_json()) == cli_json("licenses", str(corpus))
    assert checked.exit_code == 1


def test_split_leaks_and_manifest_match_the_cli(corpus: Path, tmp_path: Path) -> None:
    source = corpus / "support_chats"
    made = govern.split(source, tmp_path / "api_split", by=["conversation_id"])
    from_cli = cli_json(
        "split", str(source), "--out", str(tmp_path / "cli_split"), "--by", "conversation_id"
    )
    ours = plain(made.to_json())
    assert ours["splits"] == from_cli["splits"] and ours["groups"] == from_cli["groups"]
    for part in ("train", "validation", "test"):
        api_files = sorted(
            p.name for p in (tmp_path / "api_split" / part).rglob("*") if p.is_file()
        )
        cli_files = sorted(
            p.name for p in (tmp_path / "cli_split" / part).rglob("*") if p.is_file()
        )
        assert api_files == cli_files

    checked = govern.check_leaks(tmp_path / "api_split")
    assert plain(checked.to_json()) == cli_json("leaks", str(tmp_path / "api_split"))

    manifest = govern.build_manifest([source], tmp_path / "api.json", base=corpus)
    cli = cli_json(
        "manifest", "build", str(source), "--out", str(tmp_path / "cli.json"), "--base", str(corpus)
    )
    assert manifest.id == cli["id"] and manifest.totals == cli["totals"]
    assert (tmp_path / "api.json").read_bytes() == (tmp_path / "cli.json").read_bytes()


def test_policy_argument_and_bad_input(corpus: Path, tmp_path: Path) -> None:
    from govern.errors import GovernError

    allowed = govern.check_licenses(
        [corpus / "clinic_dialogues"], policy="policies/research-noncommercial.yaml"
    )
    assert allowed.exit_code == 0
    with pytest.raises(GovernError, match="policy file not found"):
        govern.check_licenses([corpus], policy=tmp_path / "none.yaml")
    with pytest.raises(AttributeError):
        govern.no_such_function  # noqa: B018
