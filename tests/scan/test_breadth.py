"""The breadth engine (Kingfisher SDK): offsets into each field, offline under a socket ban,
findings merged with detect-secrets' on the same span, filter counts in the report.

Token-shaped values are assembled at run time from pieces and a seeded ``random.Random``.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import socket
import string
import subprocess
import sys
from pathlib import Path
from typing import Any

import kingfisher_sdk
import pytest

from govern.policy import LoadedPolicy, Policy
from govern.sample import fakes
from govern.scan.base import Hit
from govern.scan.breadth import BreadthDetector
from govern.scan.engine import ScanOptions, scan_paths
from govern.scan.merge import merge_hits, resolve
from govern.scan.report import build_report

KEY = bytes(range(32))
ALNUM = string.ascii_letters + string.digits


def github_pat(rng: random.Random) -> str:
    return "gh" + "p_" + "".join(rng.choice(ALNUM) for _ in range(36))


def adafruit_key(rng: random.Random) -> str:
    return "".join(rng.choice(string.ascii_lowercase + string.digits) for _ in range(32))


@pytest.fixture(scope="module")
def breadth() -> BreadthDetector:
    return BreadthDetector(Policy(name="test"))


def test_finds_a_token_at_its_character_offsets(breadth: BreadthDetector) -> None:
    token = github_pat(random.Random(1))
    # Non-ASCII before the token: the SDK's byte offsets must become character offsets.
    text = f"café ✓ übung: export GITHUB_TOKEN={token}\n"
    [hit] = breadth.detect(text)
    assert text[hit.start : hit.end] == token
    assert hit.type == "SECRET"
    assert hit.detector == "kingfisher:betterleaks.github-pat"
    assert hit.subtype == "github"


def test_keyword_rule_reports_the_value_not_the_keyword(breadth: BreadthDetector) -> None:
    value = adafruit_key(random.Random(2))
    text = f'adafruit_api_key = "{value}"'
    [hit] = breadth.detect(text)
    assert text[hit.start : hit.end] == value


def test_batch_offsets_are_per_text(breadth: BreadthDetector) -> None:
    rng = random.Random(3)
    tokens = [github_pat(rng) for _ in range(3)]
    texts = [f"a {tokens[0]}", "nothing here", "", f"ü {tokens[1]} and {tokens[2]}"]
    found = breadth.detect_many(texts)
    assert [[t[h.start : h.end] for h in hits] for t, hits in zip(texts, found, strict=True)] == [
        [tokens[0]],
        [],
        [],
        [tokens[1], tokens[2]],
    ]


def test_multi_line_key_stays_in_its_own_field(breadth: BreadthDetector) -> None:
    pem = fakes.private_key_pem(random.Random(10))
    texts = ["key:\n" + pem, "next field", pem + "\ntrailer"]
    found = breadth.detect_many(texts)
    assert [[t[h.start : h.end] for h in hits] for t, hits in zip(texts, found, strict=True)] == [
        [pem],
        [],
        [pem],
    ]


def test_near_misses_are_not_found(breadth: BreadthDetector) -> None:
    rng = random.Random(4)
    short = "gh" + "p_" + "".join(rng.choice(ALNUM) for _ in range(20))
    assert breadth.detect(f"export GITHUB_TOKEN={short}") == []
    assert breadth.detect(f"the build id is {adafruit_key(rng)}") == []  # no keyword


def test_policy_switches_the_breadth_engine_off() -> None:
    on, off = (
        Policy(name="on"),
        Policy.model_validate({"name": "off", "secrets": {"breadth_engine": False}}),
    )
    assert BreadthDetector.enabled(on) and not BreadthDetector.enabled(off)


# --- offline ---------------------------------------------------------------------------------


@pytest.fixture
def no_network(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every way out banned: Python sockets and DNS, and the SDK's validator and revoker."""
    attempts: list[str] = []

    def banned(what: str) -> Any:
        def refuse(*args: Any, **kwargs: Any) -> Any:
            attempts.append(what)
            raise OSError(f"network banned in this test: {what}")

        return refuse

    monkeypatch.setattr(socket.socket, "connect", banned("socket.connect"))
    monkeypatch.setattr(socket.socket, "connect_ex", banned("socket.connect_ex"))
    monkeypatch.setattr(socket, "create_connection", banned("create_connection"))
    monkeypatch.setattr(socket, "getaddrinfo", banned("getaddrinfo"))
    for name in ("Validator", "Revoker"):
        monkeypatch.setattr(kingfisher_sdk, name, banned(f"kingfisher_sdk.{name}"))
        monkeypatch.setattr(kingfisher_sdk._native, name, banned(f"kingfisher_sdk._native.{name}"))
    return attempts


def write_records(folder: Path, records: list[dict[str, Any]]) -> Path:
    path = folder / "data.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    return path


def test_scan_with_the_breadth_engine_runs_with_the_network_banned(
    tmp_path: Path, no_network: list[str]
) -> None:
    rng = random.Random(5)
    token, value = github_pat(rng), adafruit_key(rng)
    data = write_records(
        tmp_path,
        [
            {"id": "1", "text": f"my token is {token}"},
            {"id": "2", "text": f"ADAFRUIT_API_KEY={value}"},
        ],
    )
    fresh = BreadthDetector(Policy(name="offline"))  # builds its rules under the ban too
    assert [h.detector for h in fresh.detect(f"ADAFRUIT_API_KEY={value}")] == [
        "kingfisher:betterleaks.adafruit-api-key"
    ]
    result = scan_paths([data], Policy(name="offline"), ScanOptions(workers=1), KEY)
    assert {f.line for f in result.findings} == {1, 2}
    assert any("kingfisher:" in d for f in result.findings for d in f.detectors)
    assert no_network == []


_SCAN_IN_CHILD = """
import random, string
from govern.policy import Policy
from govern.scan.breadth import BreadthDetector
rng = random.Random(1)
token = "gh" + "p_" + "".join(rng.choice(string.ascii_letters) for _ in range(36))
print(len(BreadthDetector(Policy(name="child")).detect("GITHUB_TOKEN=" + token)))
"""


@pytest.mark.skipif(shutil.which("strace") is None, reason="strace is not installed")
def test_native_scan_opens_no_network_socket(tmp_path: Path) -> None:
    # The SDK is native code, out of reach of Python's socket module: trace its system calls.
    log = tmp_path / "syscalls.txt"
    command = ["strace", "-f", "-qq", "-e", "trace=socket,connect", "-o", str(log)]
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    run = subprocess.run(
        [*command, sys.executable, "-c", _SCAN_IN_CHILD], capture_output=True, text=True, env=env
    )
    if run.returncode != 0 and "ptrace" in run.stderr:
        pytest.skip("ptrace is not permitted here")
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "1"  # the token was found
    network = [line for line in log.read_text().splitlines() if "AF_UNIX" not in line]
    assert network == []


# --- merging -----------------------------------------------------------------------------------


def test_same_token_from_two_engines_is_one_finding_naming_both(tmp_path: Path) -> None:
    token = github_pat(random.Random(6))
    data = write_records(tmp_path, [{"id": "1", "text": f"GITHUB_TOKEN={token} is mine"}])
    result = scan_paths([data], Policy(name="merge"), ScanOptions(workers=1), KEY)
    [finding] = result.findings
    assert (finding.start, finding.end) == (13, 13 + len(token))
    assert set(finding.detectors) == {
        "detect-secrets:GitHubTokenDetector",
        "kingfisher:betterleaks.github-pat",
    }
    assert finding.detector in finding.detectors
    assert finding.subtype == "github"


def test_pem_block_from_both_engines_is_one_finding(tmp_path: Path) -> None:
    pem = fakes.private_key_pem(random.Random(11))
    data = write_records(tmp_path, [{"id": "1", "text": f"deploy key:\n{pem}\nthanks"}])
    [finding] = scan_paths([data], Policy(name="pem"), ScanOptions(workers=1), KEY).findings
    assert (finding.start, finding.end) == (12, 12 + len(pem))
    assert set(finding.detectors) == {
        "govern:PrivateKeyBlockDetector",
        "kingfisher:betterleaks.private-key",
    }


def test_merge_joins_overlapping_secret_hits_and_leaves_pii_alone() -> None:
    a = Hit(10, 40, "SECRET", "detect-secrets:KeywordDetector", 0.7, "secret_keyword")
    b = Hit(12, 40, "SECRET", "kingfisher:betterleaks.x", 1.0, "x")
    c = Hit(50, 60, "SECRET", "govern:HuggingFaceTokenDetector", 1.0, "huggingface")
    [ab, alone] = merge_hits([c, b, a])
    assert (ab.start, ab.end, ab.detector, ab.subtype) == (10, 40, "kingfisher:betterleaks.x", "x")
    assert ab.detectors == ("detect-secrets:KeywordDetector", "kingfisher:betterleaks.x")
    assert alone == c and alone.detectors == ()
    email = Hit(12, 30, "EMAIL_ADDRESS", "presidio:EmailRecognizer", 1.0)
    text = "x" * 10 + "q7Rk2mZp9LwX4vB8nT3yH6cJ5dF1gS0a" + " " * 30
    kept, dropped = resolve(text, [a, b, email])
    assert [h.type for h in kept] == ["SECRET", "EMAIL_ADDRESS"] and not dropped


# --- the report ---------------------------------------------------------------------------------


def test_report_counts_placeholders_and_example_keys(tmp_path: Path) -> None:
    real = github_pat(random.Random(7))
    records = [
        {"id": "1", "text": "export GITHUB_TOKEN=" + "gh" + "p_" + "x" * 36},
        {"id": "2", "text": "aws_access_key_id=" + "AK" + "IA" + "IOSFODNN7" + "EXAMPLE"},
        {"id": "3", "text": f"GITHUB_TOKEN={real}"},
    ]
    data = write_records(tmp_path, records)
    policy = Policy(name="count")
    result = scan_paths([data], policy, ScanOptions(workers=1), KEY)
    assert [f.line for f in result.findings] == [3]
    loaded = LoadedPolicy(policy=policy, path=tmp_path / "p.yaml", sha256="0" * 64)
    report = build_report(result, loaded, [data], {})
    assert report["summary"]["filtered"] == {"example_key": 1, "placeholder": 1}
    assert report["findings"][0]["detectors"]
    assert real not in json.dumps(report)


def test_filter_counts_and_merges_are_the_same_with_workers(tmp_path: Path) -> None:
    rng = random.Random(8)
    records = [
        {"id": str(i), "text": f"GITHUB_TOKEN={github_pat(rng)} old=" + "gh" + "p_" + "x" * 36}
        for i in range(40)
    ]
    data = write_records(tmp_path, records)
    policy = Policy(name="workers")
    one = scan_paths([data], policy, ScanOptions(workers=1), KEY)
    two = scan_paths([data], policy, ScanOptions(workers=2), KEY, shard_bytes=1024)
    assert one.findings == two.findings
    assert one.filtered == two.filtered == {"placeholder": 40}
