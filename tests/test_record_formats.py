"""The dataset shapes and files people have: TRL, ShareGPT, Q&A, compressed JSONL, stdin."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from govern.errors import InputError
from govern.records import ReaderOptions, read_records, text_fields

SHAPES: list[tuple[dict[str, Any], str, list[str]]] = [
    ({"prompt": "Say hi", "completion": "hi"}, "prompt_completion", ["prompt", "completion"]),
    (
        {
            "prompt": [{"role": "user", "content": "Say hi"}],
            "completion": [{"role": "assistant", "content": "hi"}],
        },
        "prompt_completion",
        ["prompt.0.content", "completion.0.content"],
    ),
    (
        {"conversations": [{"from": "human", "value": "Say hi"}, {"from": "gpt", "value": "hi"}]},
        "sharegpt",
        ["conversations.0.value", "conversations.1.value"],
    ),
    ({"question": "Capital of France?", "answer": "Paris"}, "qa", ["question", "answer"]),
]


def write_jsonl(path: Path, rows: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(row) + "\n" for row in rows))
    return path


@pytest.mark.parametrize(("data", "kind", "fields"), SHAPES)
def test_common_shapes_are_read_with_their_texts(
    tmp_path: Path, data: dict[str, Any], kind: str, fields: list[str]
) -> None:
    (record,) = read_records([write_jsonl(tmp_path / "d.jsonl", [data])])
    assert record.kind == kind
    assert [t.path for t in text_fields(record)] == fields


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        ({"conversations": [{"from": "human"}]}, "conversations.0: needs a text 'value'"),
        ({"conversations": [{"value": "x"}]}, "conversations.0: needs a 'from'"),
        ({"prompt": [{"role": "user", "content": 3}], "completion": "x"}, "prompt.0: needs a text"),
        # near misses: one half of a pair is not that shape
        ({"question": "only a question"}, "no text found"),
        ({"prompt": "only a prompt"}, "no text found"),
    ],
)
def test_malformed_shapes_name_the_field(
    tmp_path: Path, data: dict[str, Any], problem: str
) -> None:
    path = write_jsonl(tmp_path / "d.jsonl", [data])
    with pytest.raises(InputError, match=rf"^{path}:1: {problem}"):
        list(read_records([path], ReaderOptions()))
