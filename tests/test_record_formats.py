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


def _compress(path: Path, kind: str) -> Path:
    raw = path.read_bytes()
    if kind == "gz":
        import gzip

        target = path.with_name(path.name + ".gz")
        target.write_bytes(gzip.compress(raw))
    else:
        import zstandard

        target = path.with_name(path.name + ".zst")
        target.write_bytes(zstandard.ZstdCompressor().compress(raw))
    path.unlink()
    return target


@pytest.mark.parametrize("kind", ["gz", "zst"])
def test_compressed_files_are_read_redacted_and_split_in_their_format(
    tmp_path: Path, kind: str
) -> None:
    from govern.records import compression_of
    from tests.conftest import run_govern

    data = tmp_path / "data"
    data.mkdir()
    rows = [{"id": f"r{i}", "text": f"mail kai.berg{i}@example.org please"} for i in range(6)]
    source = _compress(write_jsonl(data / "chats.jsonl", rows), kind)
    assert [r.id for r in read_records([data], ReaderOptions(id_field="id"))] == [
        f"r{i}" for i in range(6)
    ]

    scanned = run_govern(
        "scan",
        str(data),
        "--redact-to",
        str(tmp_path / "red"),
        "--workers",
        "1",
        cwd=tmp_path,
        env={"GOVERN_HASH_KEY": "44" * 32},
    )
    assert scanned.returncode == 1, scanned.stderr  # the emails block
    redacted = tmp_path / "red" / source.name
    assert compression_of(redacted) == compression_of(source)
    texts = [r.data["text"] for r in read_records([redacted])]
    assert texts == ["mail <EMAIL_ADDRESS> please"] * 6

    split = run_govern(
        "split", str(data), "--out", str(tmp_path / "splits"), "--by", "id", cwd=tmp_path
    )
    assert split.returncode == 0, split.stderr
    written = sorted(p.name for p in (tmp_path / "splits").rglob(f"*.{kind}"))
    assert written and set(written) == {source.name}
    parts = [tmp_path / "splits" / name for name in ("train", "validation", "test")]
    assert len(list(read_records([p for p in parts if p.is_dir()]))) == 6

    manifest = run_govern(
        "manifest", "build", str(data), "--out", str(tmp_path / "m.json"), cwd=tmp_path
    )
    assert manifest.returncode == 0, manifest.stderr
    entry = json.loads((tmp_path / "m.json").read_text())["files"][0]
    assert entry["rows"] == 6 and entry["format"] == "jsonl"


def test_standard_input(tmp_path: Path) -> None:
    import subprocess
    import sys

    lines = '{"text": "hello"}\n{"text": "write to ines.moreau@example.org"}\n'
    for command in (["inspect", "-", "--json"], ["scan", "-", "--json", "--workers", "1"]):
        result = subprocess.run(
            [sys.executable, "-m", "govern", *command],
            input=lines,
            capture_output=True,
            text=True,
            cwd=tmp_path,
            env={**__import__("os").environ, "GOVERN_HASH_KEY": "44" * 32},
        )
        payload = json.loads(result.stdout)
        if command[0] == "inspect":
            assert result.returncode == 0 and payload["records"] == 2
        else:
            assert result.returncode == 1, result.stderr
            assert payload["summary"]["by_type"] == {"EMAIL_ADDRESS": 1}
            assert payload["findings"][0]["record_id"] in ("stdin.jsonl:2", None) or payload[
                "findings"
            ][0]["path"].endswith("stdin.jsonl")
