from __future__ import annotations

import csv
import json
import tracemalloc
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from govern.errors import InputError
from govern.records import ReaderOptions, ReadStats, Record, read_records, text_fields

CHAT = {
    "id": "c1",
    "conversation_id": "conv-1",
    "messages": [
        {"role": "user", "content": "How do I reset my router?"},
        {"role": "assistant", "content": "Hold the reset button for ten seconds."},
    ],
}
ALPACA = {"id": "a1", "instruction": "Summarise.", "input": "A long text.", "output": "Short."}
PLAIN = {"id": "t1", "text": "Just text."}
ROWS = [CHAT, ALPACA, PLAIN]


def write_jsonl(path: Path, rows: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(row) + "\n" for row in rows))
    return path


def read(path: Path | list[Path], **options: Any) -> list[Record]:
    paths = path if isinstance(path, list) else [path]
    return list(read_records(paths, ReaderOptions(**options)))


def test_jsonl_records_ids_and_kinds(tmp_path: Path) -> None:
    records = read(write_jsonl(tmp_path / "d.jsonl", ROWS))
    assert [r.id for r in records] == ["d.jsonl:1", "d.jsonl:2", "d.jsonl:3"]
    assert [r.kind for r in records] == ["chat", "alpaca", "text"]
    assert records[1].location == f"{tmp_path / 'd.jsonl'}:2"


def test_id_field_when_configured(tmp_path: Path) -> None:
    records = read(write_jsonl(tmp_path / "d.jsonl", ROWS), id_field="id")
    assert [r.id for r in records] == ["c1", "a1", "t1"]


def test_ids_are_relative_to_the_given_folder(tmp_path: Path) -> None:
    (tmp_path / "src" / "a").mkdir(parents=True)
    write_jsonl(tmp_path / "src" / "a" / "x.jsonl", [PLAIN])
    assert read(tmp_path / "src")[0].id == "a/x.jsonl:1"


def test_json_array_streams_with_line_numbers(tmp_path: Path) -> None:
    path = tmp_path / "d.json"
    path.write_text("[\n" + ",\n".join(json.dumps(row, indent=1) for row in ROWS) + "\n]\n")
    records = read(path, id_field="id")
    assert [r.data for r in records] == ROWS
    assert records[0].line == 2
    assert records[1].line == 2 + json.dumps(CHAT, indent=1).count("\n") + 1


def test_json_array_element_larger_than_read_chunk(tmp_path: Path) -> None:
    big = {"id": "big", "text": "x" * (3 << 20)}
    path = tmp_path / "d.json"
    path.write_text(json.dumps([PLAIN, big, PLAIN]))
    assert [r.id for r in read(path, id_field="id")] == ["t1", "big", "t1"]


def test_csv_with_quoted_newlines_and_chat_column(tmp_path: Path) -> None:
    path = tmp_path / "d.csv"
    with path.open("w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["id", "instruction", "input", "output", "messages"])
        writer.writerow(["a1", 'Say, "hi"', "", "line one\nline two", ""])
        writer.writerow(["c1", "", "", "", json.dumps(CHAT["messages"])])
    records = read(path, id_field="id")
    assert records[0].data["output"] == "line one\nline two"
    assert (records[0].line, records[1].line) == (2, 4)
    assert records[1].kind == "chat"


def test_parquet(tmp_path: Path) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    path = tmp_path / "d.parquet"
    pq.write_table(pa.Table.from_pylist([ALPACA, {**ALPACA, "id": "a2"}]), path)
    records = read(path, id_field="id")
    assert [r.id for r in records] == ["a1", "a2"]
    assert records[1].location == f"{path}: row 2"


def test_save_to_disk_dataset_and_dataset_dict(tmp_path: Path) -> None:
    import datasets

    single = datasets.Dataset.from_list([ALPACA, {**ALPACA, "id": "a2"}])
    single.save_to_disk(str(tmp_path / "single"))
    both = datasets.DatasetDict({"train": single, "test": single.select([0])})
    both.save_to_disk(str(tmp_path / "dict"))
    assert [r.id for r in read(tmp_path / "single", id_field="id")] == ["a1", "a2"]
    records = read(tmp_path / "dict")
    assert len(records) == 3
    assert {r.path.rsplit("/", 1)[-1] for r in records} == {"train", "test"}


def test_folder_reads_every_format_in_sorted_order(tmp_path: Path) -> None:
    write_jsonl(tmp_path / "b.jsonl", [PLAIN])
    (tmp_path / "a.json").write_text(json.dumps([ALPACA]))
    (tmp_path / "notes.txt").write_text("not data")
    (tmp_path / ".hidden.jsonl").write_text("{broken")
    stats = ReadStats()
    records = list(read_records([tmp_path], ReaderOptions(), stats))
    assert [r.id for r in records] == ["a.json:1", "b.jsonl:1"]
    assert stats.ignored_files == [str(tmp_path / "notes.txt")]


def test_text_fields_default_by_kind(tmp_path: Path) -> None:
    chat, alpaca, plain = read(write_jsonl(tmp_path / "d.jsonl", ROWS))
    assert [f.path for f in text_fields(chat)] == ["messages.0.content", "messages.1.content"]
    assert [f.path for f in text_fields(alpaca)] == ["instruction", "input", "output"]
    assert text_fields(plain)[0].text == "Just text."


def test_configured_text_fields(tmp_path: Path) -> None:
    rows = [{"id": "x", "body": {"title": "T", "parts": ["p1", "p2"]}}]
    records = read(
        write_jsonl(tmp_path / "d.jsonl", rows), text_fields=("body.title", "body.parts.*")
    )
    assert [(f.path, f.text) for f in text_fields(records[0], ("body.parts.*",))] == [
        ("body.parts.0", "p1"),
        ("body.parts.1", "p2"),
    ]


# --- bad input: exit-2 errors name the file and line, never the content ---


def bad_jsonl(tmp_path: Path) -> Path:
    path = tmp_path / "bad.jsonl"
    path.write_text(
        json.dumps(PLAIN) + "\n" + '{"text": "secret-ish value", \n' + json.dumps(PLAIN) + "\n"
    )
    return path


def test_invalid_json_line_names_file_and_line(tmp_path: Path) -> None:
    path = bad_jsonl(tmp_path)
    with pytest.raises(InputError, match=rf"^{path}:2: invalid JSON") as caught:
        read(path)
    assert "secret-ish" not in str(caught.value)


def test_skip_invalid_counts_instead(tmp_path: Path) -> None:
    stats = ReadStats()
    records = list(read_records([bad_jsonl(tmp_path)], ReaderOptions(skip_invalid=True), stats))
    assert [r.line for r in records] == [1, 3]
    assert sum(stats.skipped.values()) == 1
    assert stats.skipped_at[0].startswith(f"{tmp_path / 'bad.jsonl'}:2: invalid JSON")


def test_invalid_utf8(tmp_path: Path) -> None:
    path = tmp_path / "d.jsonl"
    path.write_bytes(json.dumps(PLAIN).encode() + b"\n" + b'{"text": "caf\xe9"}\n')
    with pytest.raises(InputError, match=rf"^{path}:2: invalid UTF-8 at byte 13"):
        read(path)


def test_invalid_utf8_in_json_array(tmp_path: Path) -> None:
    path = tmp_path / "d.json"
    path.write_bytes(b'[\n{"text": "ok"},\n{"text": "caf\xe9"}]')
    with pytest.raises(InputError, match="invalid UTF-8"):
        read(path)


def test_invalid_utf8_in_csv(tmp_path: Path) -> None:
    path = tmp_path / "d.csv"
    path.write_bytes(b"text\nfine\nbad \xff\n")
    with pytest.raises(InputError, match=rf"^{path}:3: invalid UTF-8"):
        read(path)


def test_configured_field_missing(tmp_path: Path) -> None:
    path = write_jsonl(tmp_path / "d.jsonl", [PLAIN, {"id": "t2", "body": "x"}])
    with pytest.raises(InputError, match=rf"^{path}:2: configured text field 'text' is missing"):
        read(path, text_fields=("text",))


def test_id_field_missing(tmp_path: Path) -> None:
    path = write_jsonl(tmp_path / "d.jsonl", [PLAIN, {"text": "no id"}])
    with pytest.raises(InputError, match=rf"^{path}:2: id field 'id' is missing"):
        read(path, id_field="id", id_required=True)


def test_record_without_any_text(tmp_path: Path) -> None:
    path = write_jsonl(tmp_path / "d.jsonl", [{"id": "x", "score": 3}])
    with pytest.raises(InputError, match=rf"^{path}:1: no text found"):
        read(path)


@pytest.mark.parametrize("empty", [{"messages": []}, {"conversations": []}])
def test_message_list_without_messages_has_no_text(tmp_path: Path, empty: dict[str, Any]) -> None:
    path = write_jsonl(tmp_path / "d.jsonl", [{"id": "x", **empty}])
    with pytest.raises(InputError, match=rf"^{path}:1: no text found"):
        read(path)


def test_reader_texts_are_the_text_fields_of_every_kind(tmp_path: Path) -> None:
    # the reader resolves chat and ShareGPT texts while checking their messages: the same
    # fields, in the same order, as resolving the default paths does
    sharegpt = {"conversations": [{"from": "human", "value": "a"}, {"from": "gpt", "value": ""}]}
    trl = {"prompt": [{"role": "user", "content": "p"}], "completion": "c"}
    path = write_jsonl(tmp_path / "d.jsonl", [*ROWS, sharegpt, trl, {**CHAT, "text": "t"}])
    records = read(path)
    assert len(records) == 6
    for record in records:
        assert record.texts is not None
        assert list(record.texts) == text_fields(
            Record(record.id, record.data, record.path, record.line)
        )
    assert [f.path for f in records[0].texts or ()] == ["messages.0.content", "messages.1.content"]


def test_chat_message_without_content(tmp_path: Path) -> None:
    rows = [{"messages": [{"role": "user", "content": "hi"}, {"role": "assistant"}]}]
    path = write_jsonl(tmp_path / "d.jsonl", rows)
    with pytest.raises(InputError, match=rf"^{path}:1: messages.1: needs a text 'content'"):
        read(path)


def test_non_object_line(tmp_path: Path) -> None:
    path = tmp_path / "d.jsonl"
    path.write_text("[1, 2]\n")
    with pytest.raises(InputError, match=rf"^{path}:1: expected an object, got list"):
        read(path)


def test_empty_file(tmp_path: Path) -> None:
    path = tmp_path / "d.jsonl"
    path.touch()
    with pytest.raises(InputError, match=rf"^{path}: empty file$"):
        read(path)


def test_folder_with_nothing_readable(tmp_path: Path) -> None:
    (tmp_path / "readme.txt").write_text("hello")
    with pytest.raises(InputError, match="no readable dataset files"):
        read(tmp_path)


def test_missing_path(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no such file or directory"):
        read(tmp_path / "missing.jsonl")


def test_json_not_an_array(tmp_path: Path) -> None:
    path = tmp_path / "d.json"
    path.write_text('{"text": "x"}')
    with pytest.raises(InputError, match=rf"^{path}:1: expected a JSON array"):
        read(path)


def test_truncated_json_array(tmp_path: Path) -> None:
    path = tmp_path / "d.json"
    path.write_text('[\n{"text": "a"},\n{"text": "b"')
    with pytest.raises(InputError, match=rf"^{path}:3: invalid JSON"):
        read(path)


def test_csv_row_with_wrong_column_count(tmp_path: Path) -> None:
    path = tmp_path / "d.csv"
    path.write_text("id,text\n1,a\n2,b,extra\n")
    with pytest.raises(InputError, match=rf"^{path}:3: 3 columns, header has 2"):
        read(path)


def test_corrupt_parquet(tmp_path: Path) -> None:
    path = tmp_path / "d.parquet"
    path.write_bytes(b"PAR1 not really")
    with pytest.raises(InputError, match="not a readable Parquet file"):
        read(path)


def test_unreadable_file(tmp_path: Path) -> None:
    import os

    path = write_jsonl(tmp_path / "d.jsonl", [PLAIN])
    path.chmod(0)
    if os.access(path, os.R_OK):  # root reads anything
        pytest.skip("running as a user who can read mode-0 files")
    with pytest.raises(InputError, match="permission denied"):
        read(path)


def test_jsonl_streams_with_bounded_memory(tmp_path: Path) -> None:
    path = tmp_path / "big.jsonl"
    line = json.dumps({"text": "y" * 1000}) + "\n"
    with path.open("w") as handle:
        for _ in range(20_000):  # ~20 MB
            handle.write(line)
    tracemalloc.start()
    count = sum(1 for _ in read_records([path]))
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert count == 20_000
    assert peak < 2 << 20, f"peak {peak} bytes: the reader holds more than a few records"


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.dictionaries(
            st.text(min_size=1, max_size=5), st.text(max_size=20), min_size=0, max_size=3
        ).map(lambda d: {**d, "text": "t"}),
        min_size=1,
        max_size=8,
    )
)
def test_json_array_and_jsonl_agree(
    tmp_path_factory: pytest.TempPathFactory, rows: list[dict[str, Any]]
) -> None:
    folder = tmp_path_factory.mktemp("agree")
    write_jsonl(folder / "d.jsonl", rows)
    (folder / "d.json").write_text(json.dumps(rows, indent=2))
    assert [r.data for r in read(folder / "d.jsonl")] == [r.data for r in read(folder / "d.json")]


def test_the_reader_keeps_the_text_fields_it_resolved(tmp_path: Path) -> None:
    (chat, alpaca, plain) = read(write_jsonl(tmp_path / "d.jsonl", ROWS))
    for record in (chat, alpaca, plain):
        assert record.texts is not None and list(record.texts) == text_fields(record)
    assert [t.path for t in alpaca.texts or ()] == ["instruction", "input", "output"]
