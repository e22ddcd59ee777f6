"""Small builders shared by the split tests: policies, JSONL datasets and split folders."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from govern.policy import LoadedPolicy, load_policy
from govern.records import ReaderOptions

BY_ID = ReaderOptions(id_field="id")


def policy(tmp_path: Path, splits: str = "") -> LoadedPolicy:
    """A policy with the default sections and ``splits`` (YAML, indented by two) on top."""
    text = "version: 1\nname: test\n"
    if splits:
        text += "splits:\n" + "".join(f"  {line}\n" for line in splits.strip().splitlines())
    path = tmp_path / "policy.yaml"
    path.write_text(text)
    return load_policy(path)


def chat(record_id: str, *turns: str, system: str | None = None, **fields: Any) -> dict[str, Any]:
    """A chat record: user/assistant turns alternating, an optional system prompt first."""
    messages = [{"role": "system", "content": system}] if system else []
    roles = ["user", "assistant"]
    messages += [{"role": roles[i % 2], "content": text} for i, text in enumerate(turns)]
    return {"id": record_id, **fields, "messages": messages}


def write_jsonl(path: Path, records: Iterable[Mapping[str, Any]]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(record) + "\n" for record in records))
    return path


def read_jsonl(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def split_folder(root: Path, **splits: list[dict[str, Any]]) -> Path:
    """A split folder in govern's layout: ``root/<split>/chats.jsonl`` per keyword."""
    for name, records in splits.items():
        if records:
            write_jsonl(root / name / "chats.jsonl", records)
    return root


def where(split_dir: Path) -> dict[str, str]:
    """Record id -> split, over every JSONL file of a split folder."""
    found: dict[str, str] = {}
    for name in ("train", "validation", "test"):
        for path in sorted((split_dir / name).rglob("*.jsonl")):
            for record in read_jsonl(path):
                found[str(record["id"])] = name
    return found


def shown(record_id: str) -> str:
    """How a leak report names a record whose id came from the data: its keyed hash."""
    from govern.findings import load_hash_key, value_hash

    return value_hash(load_hash_key(), record_id)
