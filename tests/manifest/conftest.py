"""A tiny project for manifest tests: a policy and one data file per format, in a temp folder."""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any

import pytest

from govern.policy import LoadedPolicy, load_policy

CHAT = {
    "id": "c1",
    "patient_id": "p-1",
    "messages": [{"role": "user", "content": "Hello"}, {"role": "assistant", "content": "Hi"}],
}
ALPACA = {"id": "a1", "instruction": "Summarise.", "input": "Text.", "output": "Short."}


def write_jsonl(path: Path, rows: list[dict[str, Any]]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(row) + "\n" for row in rows))
    return path


def write_project(root: Path) -> Path:
    """``root/data`` with JSONL, a JSON array, CSV, Parquet, a card and a license."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    data = root / "data"
    write_jsonl(data / "chats" / "data.jsonl", [CHAT, {**CHAT, "id": "c2", "patient_id": None}])
    (data / "chats" / "README.md").write_text("# chats\n")
    (data / "alpaca").mkdir(parents=True)
    (data / "alpaca" / "data.json").write_text(json.dumps([ALPACA, ALPACA, ALPACA], indent=1))
    (data / "alpaca" / "LICENSE").write_text("MIT License\n")
    (data / "code").mkdir()
    with (data / "code" / "data.csv").open("w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["id", "instruction", "output"])
        writer.writerow(["k1", "Fix it", "line one\nline two"])  # a quoted newline is one row
        writer.writerow(["k2", "Again", "done"])
    table = pa.Table.from_pylist([{**ALPACA, "score": 0.5}, {**ALPACA, "score": None}])
    (data / "columns").mkdir()
    pq.write_table(table, data / "columns" / "data.parquet")
    (data / ".gitignore").write_text("/ignored\n")  # hidden: never listed
    return data


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A project folder as the current directory (the manifest's default base)."""
    write_project(tmp_path)
    (tmp_path / "policy.yaml").write_text("name: test\n")
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.fixture
def policy(project: Path) -> LoadedPolicy:
    return load_policy(Path("policy.yaml"))
