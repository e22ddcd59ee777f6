"""The Ray engine against the local one on the sample corpus, on a local 2-CPU Ray.

Same findings, same redacted bytes (even when a worker dies mid-shard), same split files and
ledger, same manifest; bad input fails with the local engine's one-line error, and
``skip_invalid`` counts it. Ray starts once for the module.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from govern.engines import Engine, get_engine
from govern.errors import InputError
from govern.policy import LoadedPolicy, load_policy
from govern.records import ReaderOptions, read_records
from govern.sample.corpus import write_corpus
from govern.scan.engine import ScanOptions, ScanResult, scan_paths
from govern.splits.options import SplitOptions
from tests.conftest import REPO_ROOT, run_govern
from tests.scan.equivalence import assert_same_scan, tree

ray = pytest.importorskip("ray")

from govern.engines.ray import RayEngine  # noqa: E402
from govern.scan.tasks import ScanShardTask  # noqa: E402
from tests.engines.kill_once import KillOnce  # noqa: E402

KEY = bytes(range(32))
BY_ID = ReaderOptions(id_field="id")
SHARD_BYTES = 16 << 10  # the sample's larger JSONL files are cut into several line ranges


@pytest.fixture(scope="module")
def engine() -> Iterator[RayEngine]:
    started = RayEngine(workers=2, shard_bytes=SHARD_BYTES)
    started.connect()
    yield started
    ray.shutdown()


@pytest.fixture(scope="module")
def loaded() -> LoadedPolicy:
    return load_policy(REPO_ROOT / "policies" / "default.yaml")


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("sample")
    write_corpus(root, seed=3, n_support=120, n_clinic=60, n_forum=30, n_instructions=40, n_code=20)
    return root / "corpus"


@pytest.fixture(scope="module")
def notes(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A second dataset: one JSONL file of three line ranges, a bad line in the last one, and
    fields that are not text (some holding an email: found and redacted whole)."""
    root = tmp_path_factory.mktemp("notes")
    lines = [
        json.dumps(
            {
                "id": f"n{i}",
                "text": f"note {i}: write to user{i}@example.org " + "." * 90,
                "meta": {"owner": f"owner{i}@example.org" if i % 10 == 0 else "none", "n": i},
            }
        )
        for i in range(300)
    ]
    lines[250] = '{"id": "n250", "text": "cut off'
    (root / "notes.jsonl").write_text("\n".join(lines) + "\n")
    return root


SKIPPING = ReaderOptions(id_field="id", skip_invalid=True)


@pytest.fixture(scope="module")
def local_scan(
    corpus: Path, notes: Path, loaded: LoadedPolicy, tmp_path_factory: pytest.TempPathFactory
) -> tuple[ScanResult, Path]:
    out = tmp_path_factory.mktemp("local") / "redacted"
    options = ScanOptions(workers=1, redact_to=out, reader=SKIPPING)
    return scan_paths([corpus, notes], loaded.policy, options, KEY), out


@pytest.fixture
def killed_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The engine's redacting scan tasks wrapped so one worker dies mid-shard; the marker it
    leaves."""
    marker = tmp_path / "killed"
    run = RayEngine.run

    def run_with_a_death(self: RayEngine, tasks: list[Any], setup: Any) -> Any:
        wrapped = [
            KillOnce(task, str(marker))
            if isinstance(task, ScanShardTask) and task.parts is not None
            else task
            for task in tasks
        ]
        return run(self, wrapped, setup)

    monkeypatch.setattr(RayEngine, "run", run_with_a_death)
    return marker


def test_scan_gives_the_local_result_even_when_a_worker_dies_mid_shard(
    engine: RayEngine,
    corpus: Path,
    notes: Path,
    loaded: LoadedPolicy,
    local_scan: tuple[ScanResult, Path],
    tmp_path: Path,
    killed_once: Path,
) -> None:
    marker = killed_once
    out = tmp_path / "redacted"
    options = ScanOptions(redact_to=out, reader=SKIPPING)
    result = engine.scan_paths([corpus, notes], loaded.policy, options, KEY)
    expected, expected_out = local_scan

    assert marker.exists()  # a worker died after writing part of a shard, and Ray retried it
    assert len(result.findings) > 20
    # The same findings in the same order, the same redacted bytes (no partial shard, no parts
    # folder left behind), and --skip-invalid's bad line skipped and counted the same.
    assert_same_scan(result, out, expected, expected_out)
    owners = result.fields.to_json()["by_path"]["meta.owner"]
    assert owners["findings"] == 29  # one in ten of 300 lines, less the bad line 250
    (skipped,) = result.read_stats.skipped_at
    assert skipped.startswith(f"{notes / 'notes.jsonl'}:251: invalid JSON")

    # More shards than actors; each actor built its scanner once, however many shards it ran.
    by_pid: dict[int, list[int]] = defaultdict(list)
    for outcome in engine.outcomes:
        by_pid[outcome.pid].append(outcome.scanners_built)
    assert len(engine.outcomes) > 2 * len(by_pid)
    assert all(built == [1] * len(built) for built in by_pid.values())
    assert max(outcome.calls for outcome in engine.outcomes) > 1


def test_a_bad_shard_fails_the_scan_with_its_line_and_commits_nothing(
    engine: RayEngine, notes: Path, loaded: LoadedPolicy, tmp_path: Path
) -> None:
    with pytest.raises(InputError) as local:
        list(read_records([notes], BY_ID))  # where a local scan stops
    out = tmp_path / "redacted"
    with pytest.raises(InputError) as remote:
        engine.scan_paths([notes], loaded.policy, ScanOptions(redact_to=out, reader=BY_ID), KEY)
    assert str(remote.value) == str(local.value)
    assert str(remote.value).startswith(f"{notes / 'notes.jsonl'}:251: invalid JSON")
    assert sum(o.error is not None for o in engine.outcomes) == 1  # the other ranges finished
    assert tree(out) == []  # finished ranges are not committed when one fails


def split_files(out: Path) -> dict[str, Any]:
    """A split folder's content with the ledger's timestamps and the report's provenance out."""
    files: dict[str, Any] = {}
    for name in tree(out):
        path = out / name
        if not path.is_file():
            files[name] = "dir"
        elif name == "ledger.jsonl":
            lines = [json.loads(line) for line in path.read_text().splitlines()]
            for line in lines:
                line.pop("first_seen", None)
                line.pop("provenance", None)
            files[name] = lines
        elif name == "split_report.json":
            report = json.loads(path.read_text())
            report.pop("provenance")
            files[name] = report
        else:
            files[name] = path.read_bytes()
    return files


def test_split_assigns_and_writes_exactly_as_the_local_engine(
    engine: RayEngine, corpus: Path, loaded: LoadedPolicy, tmp_path: Path
) -> None:
    options = SplitOptions(reader=BY_ID)
    local = Engine().split(corpus, tmp_path / "local", loaded, options)
    remote = engine.split(corpus, tmp_path / "ray", loaded, options)
    assert len(engine.outcomes) > 5  # several line ranges per large file
    assert split_files(tmp_path / "ray") == split_files(tmp_path / "local")
    assert remote.to_json()["splits"] == local.to_json()["splits"]
    # A rerun on more data keeps every group where the ledger put it, on both engines.
    grown = tmp_path / "grown"
    sizes = {"n_clinic": 60, "n_forum": 30, "n_instructions": 40, "n_code": 20}
    write_corpus(grown, seed=3, n_support=160, **sizes)
    for name in ("local", "ray"):
        runner = engine if name == "ray" else Engine()
        runner.split(grown / "corpus", tmp_path / name, loaded, options)
    assert split_files(tmp_path / "ray") == split_files(tmp_path / "local")


def test_manifest_is_identical(
    engine: RayEngine, corpus: Path, loaded: LoadedPolicy, tmp_path: Path
) -> None:
    local = Engine().manifest([corpus], loaded, base=corpus.parent)
    remote = engine.manifest([corpus], loaded, base=corpus.parent)
    assert remote == local
    assert remote["totals"]["rows"] > 200 and len(engine.outcomes) > 1


def bad_folder(root: Path) -> Path:
    root.mkdir()
    good = [
        json.dumps({"id": f"a{i}", "conversation_id": f"c{i}", "text": "hi"}) for i in range(50)
    ]
    bad = list(good)
    bad[41] = '{"id": "b41", "text": '  # line 42 of the second file, in a later byte range
    (root / "a.jsonl").write_text("\n".join(good) + "\n")
    (root / "b.jsonl").write_text("\n".join(g.replace('"a', '"b') for g in bad) + "\n")
    return root


def test_bad_input_fails_with_the_local_error_and_skip_invalid_counts_it(
    loaded: LoadedPolicy, tmp_path: Path, engine: RayEngine
) -> None:
    source = bad_folder(tmp_path / "data")
    small = RayEngine(workers=2, shard_bytes=512)
    options = SplitOptions(by=("conversation_id",), reader=BY_ID)
    with pytest.raises(InputError) as local:
        Engine().split(source, tmp_path / "local", loaded, options)
    with pytest.raises(InputError) as remote:
        small.split(source, tmp_path / "ray", loaded, options)
    assert str(remote.value) == str(local.value)
    assert str(remote.value).startswith(f"{source / 'b.jsonl'}:42: invalid JSON")
    assert not (tmp_path / "ray").exists()

    skipping = SplitOptions(
        by=("conversation_id",), reader=ReaderOptions(id_field="id", skip_invalid=True)
    )
    report = small.split(source, tmp_path / "ray", loaded, skipping).to_json()
    assert report["read"]["skipped"] == 1 and report["read"]["records"] == 99
    assert report["read"]["skipped_at"] == [f"{source / 'b.jsonl'}:42: " + local_reason(local)]
    assert (
        Engine().split(source, tmp_path / "local", loaded, skipping).to_json()["read"]
        == report["read"]
    )


def local_reason(error: pytest.ExceptionInfo[InputError]) -> str:
    return str(error.value).split(": ", 1)[1]


def test_engine_choice_is_checked() -> None:
    with pytest.raises(InputError, match="--engine"):
        get_engine("spark")
    with pytest.raises(InputError, match="--ray-address"):
        get_engine("local", address="ray://head:10001")
    done = run_govern("scan", "--engine", "spark", "policies")
    assert done.returncode == 2 and "--engine" in done.stderr
