"""Accepting known findings: a baseline of keyed hashes, audited, that fails only on new ones."""

from __future__ import annotations

import json
import random
import shlex
from pathlib import Path

import pytest
import yaml

from govern.sample import fakes
from tests.conftest import REPO_ROOT, run_govern

KEY = {"GOVERN_HASH_KEY": "22" * 32}


@pytest.fixture
def project(tmp_path: Path) -> tuple[Path, str, str]:
    rng = random.Random(7)
    token, email = fakes.github_token(rng), "dana.whitfield@example.org"
    data = tmp_path / "data"
    data.mkdir()
    records = [
        {"id": "a", "text": f"export GITHUB_TOKEN={token}"},
        {"id": "b", "text": f"write to {email} about the invoice"},
    ]
    (data / "chats.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records))
    return tmp_path, token, email


def scan(root: Path, *args: str, env: dict[str, str] = KEY) -> tuple[int, dict[str, object]]:
    result = run_govern(
        "scan", "data", "--workers", "1", "--report", "scan.json", *args, cwd=root, env=env
    )
    assert result.returncode in (0, 1), result.stderr
    return result.returncode, json.loads((root / "scan.json").read_text())


def test_baseline_turns_known_findings_into_a_pass_and_new_ones_into_a_fail(
    project: tuple[Path, str, str],
) -> None:
    root, token, email = project
    assert scan(root)[0] == 1  # without a baseline the planted values fail the scan

    code, report = scan(root, "--baseline", "baseline.json")
    assert code == 0
    assert report["baseline"] == {
        "path": "baseline.json",
        "created": True,
        "accepted": 2,
        "new": 2,
        "confirmed_real": 0,
    }
    written = (root / "baseline.json").read_text()
    assert token not in written and email not in written
    assert json.loads(written)["counts"] == {
        "true-positive": 0,
        "false-positive": 0,
        "unaudited": 2,
    }

    code, report = scan(root, "--baseline", "baseline.json")
    assert code == 0 and report["baseline"]["accepted"] == 2  # type: ignore[index]

    # a new value fails; the same email moved to another line is still known
    with (root / "data" / "chats.jsonl").open("a") as handle:
        handle.write(json.dumps({"id": "c", "text": f"again {email}"}) + "\n")
        handle.write(json.dumps({"id": "d", "text": "mail omar.haddad@example.net now"}) + "\n")
    code, report = scan(root, "--baseline", "baseline.json", "--sarif", "scan.sarif")
    assert code == 1
    flags = [f.get("baseline") for f in report["findings"]]  # type: ignore[union-attr]
    assert flags.count("accepted") == 3 and flags.count(None) == 1
    states = [
        r["baselineState"]
        for r in json.loads((root / "scan.sarif").read_text())["runs"][0]["results"]
    ]
    assert sorted(states) == ["new", "unchanged", "unchanged", "unchanged"]


def test_audit_marks_and_a_confirmed_secret_keeps_failing(project: tuple[Path, str, str]) -> None:
    root, token, _ = project
    assert scan(root, "--baseline", "baseline.json")[0] == 0
    listing = run_govern("baseline", "audit", "baseline.json", "--json", cwd=root, env=KEY)
    assert listing.returncode == 0, listing.stderr
    assert token not in listing.stdout
    entries = json.loads(listing.stdout)["entries"]
    secret_id = next(i for i, e in entries.items() if e["type"] == "SECRET")
    email_id = next(i for i, e in entries.items() if e["type"] == "EMAIL_ADDRESS")

    marked = run_govern(
        "baseline",
        "audit",
        "baseline.json",
        "--mark",
        f"{secret_id}=true-positive",
        "--mark",
        f"{email_id}=false-positive",
        "--note",
        "ticket SEC-12",
        cwd=root,
        env=KEY,
    )
    assert marked.returncode == 0, marked.stderr
    assert "1 true-positive, 1 false-positive, 0 unaudited" in marked.stdout
    code, report = scan(root, "--baseline", "baseline.json")
    assert code == 1
    assert report["baseline"]["confirmed_real"] == 1  # type: ignore[index]
    assert report["reasons"][0].startswith("1 SECRET finding(s) block")  # type: ignore[index]

    # an update keeps the marks
    scan(root, "--baseline", "baseline.json", "--update-baseline")
    kept = json.loads((root / "baseline.json").read_text())["entries"]
    assert kept[secret_id]["audit"] == "true-positive"
    assert kept[email_id]["audit_note"] == "ticket SEC-12"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--mark", "nope=false-positive"], "no entry nope in the baseline"),
        (["--mark", "x=maybe"], "--mark: expected ID=true-positive|false-positive"),
    ],
)
def test_audit_bad_marks(project: tuple[Path, str, str], args: list[str], message: str) -> None:
    root, _, _ = project
    scan(root, "--baseline", "baseline.json")
    result = run_govern("baseline", "audit", "baseline.json", *args, cwd=root, env=KEY)
    assert result.returncode == 2 and message in result.stderr


def test_baseline_from_another_key_or_not_a_baseline_is_refused(
    project: tuple[Path, str, str],
) -> None:
    root, _, _ = project
    scan(root, "--baseline", "baseline.json")
    other = run_govern(
        "scan", "data", "--baseline", "baseline.json", cwd=root, env={"GOVERN_HASH_KEY": "33" * 32}
    )
    assert other.returncode == 2
    assert "baseline was made with another hash key" in other.stderr
    (root / "bad.json").write_text('{"format": "something-else"}')
    bad = run_govern("scan", "data", "--baseline", "bad.json", cwd=root, env=KEY)
    assert bad.returncode == 2 and "not a govern baseline" in bad.stderr
    lone = run_govern("scan", "data", "--update-baseline", cwd=root, env=KEY)
    assert lone.returncode == 2 and "--update-baseline needs --baseline" in lone.stderr


def test_the_same_value_in_another_file_is_new(project: tuple[Path, str, str]) -> None:
    root, _, email = project
    scan(root, "--baseline", "baseline.json")
    (root / "data" / "notes.jsonl").write_text(json.dumps({"id": "n", "text": email}) + "\n")
    code, report = scan(root, "--baseline", "baseline.json")
    assert code == 1 and report["baseline"]["new"] == 1  # type: ignore[index]


def test_pre_commit_hook_entry_scans_staged_files(tmp_path: Path) -> None:
    hooks = yaml.safe_load((REPO_ROOT / ".pre-commit-hooks.yaml").read_text())
    hook = next(h for h in hooks if h["id"] == "govern-scan")
    assert hook["language"] == "python" and hook["types"] == ["text"]
    program, *args = shlex.split(hook["entry"])
    assert program == "govern"
    clean = tmp_path / "clean.py"
    clean.write_text("def add(a, b):\n    return a + b\n")
    leaky = tmp_path / ".env"
    leaky.write_text(f"GITHUB_TOKEN={fakes.github_token(random.Random(3))}\n")
    # pre-commit appends the staged file names to the entry
    assert run_govern(*args, str(clean), cwd=tmp_path, env=KEY).returncode == 0
    assert run_govern(*args, str(clean), str(leaky), cwd=tmp_path, env=KEY).returncode == 1
