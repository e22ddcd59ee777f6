"""Workers that read their own shards give the one-process scan's result, byte for byte.

With ``workers > 1`` the local engine cuts datasets into files and JSONL line ranges that each
worker reads, scans and redacts (``govern.scan.tasks``); the one-process path decodes and
scans every record here. Both must give the same findings in the same order, the same files,
counts, coverage and read stats, the same redacted bytes, and the same ``file:line`` error.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import govern.scan.engine as engine_module
import govern.scan.tasks as tasks_module
from govern.errors import InputError
from govern.policy import Policy, load_policy
from govern.records import ReaderOptions
from govern.sample.corpus import write_corpus
from govern.scan.engine import ScanOptions, ScanResult, scan_paths
from tests.conftest import REPO_ROOT
from tests.scan.equivalence import assert_same_scan

KEY = bytes(range(32))
SKIPPING = ReaderOptions(id_field="id", skip_invalid=True)
BAD_LINE = 251


@pytest.fixture(scope="module")
def policy() -> Policy:
    return load_policy(REPO_ROOT / "policies" / "default.yaml").policy


@pytest.fixture(scope="module")
def inputs(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """The sample corpus, and a JSONL file whose line 251 is cut off (invalid JSON)."""
    root = tmp_path_factory.mktemp("sample")
    write_corpus(root, seed=5, n_support=120, n_clinic=60, n_forum=30, n_instructions=40, n_code=20)
    notes = root / "notes"
    notes.mkdir()
    lines = [
        json.dumps(
            {"id": f"n{i}", "text": f"note {i}: mail user{i}@example.org, card 4111 1111 1111 1111"}
        )
        for i in range(300)
    ]
    lines[BAD_LINE - 1] = '{"id": "n250", "text": "cut off'
    (notes / "notes.jsonl").write_text("\n".join(lines) + "\n")
    return [root / "corpus", notes]


@pytest.fixture(scope="module")
def single(
    inputs: list[Path], policy: Policy, tmp_path_factory: pytest.TempPathFactory
) -> tuple[ScanResult, Path]:
    out = tmp_path_factory.mktemp("single") / "redacted"
    options = ScanOptions(workers=1, redact_to=out, reader=SKIPPING, redact_mode="pseudonym")
    return scan_paths(inputs, policy, options, KEY), out


def count_shards(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many shard tasks each dataset was cut into (the real planner, counted)."""
    counts: list[int] = []
    planner = tasks_module.shard_tasks

    def counting(*args: Any, **kwargs: Any) -> list[tasks_module.ScanShardTask]:
        planned = planner(*args, **kwargs)
        counts.append(len(planned))
        return planned

    monkeypatch.setattr(tasks_module, "shard_tasks", counting)
    monkeypatch.setattr(engine_module, "shard_tasks", counting)  # the name scan_paths calls
    return counts


# 64 bytes is shorter than every record: each range is one line. 4 KiB cuts the larger files
# into many ranges; 1 MiB keeps each file whole.
@pytest.mark.parametrize("shard_bytes", [64, 4096, 1 << 20])
def test_workers_reading_their_own_shards_give_the_single_process_result(
    shard_bytes: int,
    inputs: list[Path],
    policy: Policy,
    single: tuple[ScanResult, Path],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    shards = count_shards(monkeypatch)
    out = tmp_path / "redacted"
    options = ScanOptions(workers=2, redact_to=out, reader=SKIPPING, redact_mode="pseudonym")
    result = scan_paths(inputs, policy, options, KEY, shard_bytes=shard_bytes)
    expected, expected_out = single

    files = sum(1 for f in expected.files if f["kind"] == "dataset")
    assert len(shards) == 2 and (sum(shards) > files) == (shard_bytes < 1 << 20)
    assert len(result.findings) > 100
    assert_same_scan(result, out, expected, expected_out)  # same bytes, no parts folder left
    (skipped,) = result.read_stats.skipped_at
    assert skipped.startswith(f"{inputs[1] / 'notes.jsonl'}:{BAD_LINE}: invalid JSON")


@pytest.mark.parametrize("shard_bytes", [64, 4096])
def test_a_bad_line_fails_with_the_single_process_error_and_commits_nothing(
    shard_bytes: int, inputs: list[Path], policy: Policy, tmp_path: Path
) -> None:
    strict = ReaderOptions(id_field="id")
    with pytest.raises(InputError) as one:
        scan_paths([inputs[1]], policy, ScanOptions(workers=1, reader=strict), KEY)
    out = tmp_path / "redacted"
    options = ScanOptions(workers=2, redact_to=out, reader=strict)
    with pytest.raises(InputError) as sharded:
        scan_paths([inputs[1]], policy, options, KEY, shard_bytes=shard_bytes)
    assert str(sharded.value) == str(one.value)
    assert str(sharded.value).startswith(f"{inputs[1] / 'notes.jsonl'}:{BAD_LINE}: invalid JSON")
    assert not out.exists()  # finished ranges are not committed, no parts folder is left
