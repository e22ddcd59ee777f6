"""Hostile or broken inputs end in one escaped line and exit 2, never a traceback or exit 1."""

from __future__ import annotations

import os
import struct
import subprocess
from pathlib import Path

import pytest

from govern.signing import generate_keys
from govern.signing.formats import check_content
from govern.signing.result import UnsafeFormatError
from tests.conftest import run_govern

DEEP = "[" * 10_000 + "]" * 10_000


def refused(result: subprocess.CompletedProcess[str], *parts: str) -> None:
    """Exit 2, one line on stderr starting ``govern: error:``, naming each of ``parts``."""
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("govern: error: ")
    for part in parts:
        assert part in result.stderr


def test_json_nested_ten_thousand_levels(tmp_path: Path) -> None:
    jsonl, array = tmp_path / "deep.jsonl", tmp_path / "deep.json"
    jsonl.write_text('{"id": 1, "text": "ok"}\n{"id": 2, "text": ' + DEEP + "}\n")
    array.write_text("[" + DEEP + "]")
    refused(run_govern("scan", str(jsonl)), f"{jsonl}:2: invalid JSON: nested too deeply")
    refused(run_govern("scan", str(array)), f"{array}:1: invalid JSON: nested too deeply")
    refused(run_govern("manifest", "build", str(jsonl), "--base", str(tmp_path),
                       "--out", str(tmp_path / "m.json")), f"{jsonl}:2")  # fmt: skip
    fine = tmp_path / "fine.jsonl"  # near miss: nested, but as deep as real data gets
    fine.write_text('{"id": 1, "text": "ok", "meta": ' + "[" * 50 + "]" * 50 + "}\n")
    assert run_govern("inspect", str(fine)).returncode == 0


def test_parquet_with_corrupt_data_pages(tmp_path: Path) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    good = tmp_path / "good.parquet"
    rows = [f"row {i} of synthetic text" for i in range(2000)]
    pq.write_table(pa.table({"id": list(range(2000)), "text": rows}), good)  # snappy pages
    data = bytearray(good.read_bytes())
    footer = struct.unpack("<I", data[-8:-4])[0]
    pages_end = len(data) - 8 - footer
    data[pages_end // 3 : pages_end - 16] = b"\xab" * (pages_end - 16 - pages_end // 3)
    corrupt = tmp_path / "corrupt.parquet"
    corrupt.write_bytes(bytes(data))  # the footer (metadata) still reads
    refused(run_govern("scan", str(corrupt)), str(corrupt), "corrupt Parquet data")
    assert run_govern("inspect", str(good)).returncode == 0


def test_dangling_and_looping_symlinks_given_directly(tmp_path: Path) -> None:
    dangling, loop = tmp_path / "dangling.jsonl", tmp_path / "loop.jsonl"
    os.symlink(tmp_path / "nowhere.jsonl", dangling)
    os.symlink(loop, loop)
    for link in (dangling, loop):
        refused(run_govern("scan", str(link)), str(link))
        refused(run_govern("inspect", str(link)), str(link))


def test_deeply_nested_safetensors_header_and_signature_file(tmp_path: Path) -> None:
    header = ('{"a": ' + DEEP + "}").encode()
    with pytest.raises(UnsafeFormatError, match="header is not JSON"):
        check_content("model.safetensors", struct.pack("<Q", len(header)) + header)
    adapter = tmp_path / "adapter"
    adapter.mkdir()
    (adapter / "config.json").write_text("{}")
    (tmp_path / "adapter.sig").write_text('{"payload": ' + DEEP + "}")
    refused(run_govern("inspect", str(adapter)), "adapter.sig: signature is not JSON")
    generate_keys(tmp_path / "k", "ed25519")
    verify = run_govern("verify", str(adapter), "--trusted", str(tmp_path / "k.pub"))
    refused(verify, "adapter.sig: signature is not JSON")


def test_csv_with_an_unclosed_quote_is_refused(tmp_path: Path) -> None:
    broken = tmp_path / "broken.csv"
    broken.write_text('id,text\n1,"an opened quote\n2,never closed\n3,and more\n')
    refused(run_govern("scan", str(broken)), f"{broken}:2: invalid CSV")
    refused(run_govern("manifest", "build", str(broken), "--base", str(tmp_path),
                       "--out", str(tmp_path / "m.json")), f"{broken}:2: invalid CSV")  # fmt: skip
    fine = tmp_path / "fine.csv"  # near miss: a quoted cell that spans lines and quotes
    fine.write_text('id,text\n1,"two\nlines"\n2,"a ""quoted"" word"\n')
    done = run_govern("inspect", str(fine), "--json")
    assert done.returncode == 0 and '"records": 2' in done.stdout.replace(" ", "").replace(
        '"records":2', '"records": 2'
    )


def test_manifest_build_refuses_an_empty_file_and_a_ragged_csv(tmp_path: Path) -> None:
    empty, blank, ragged = tmp_path / "empty.jsonl", tmp_path / "blank.jsonl", tmp_path / "r.csv"
    empty.write_text("")
    blank.write_text("\n  \n")
    ragged.write_text("id,text\n1,a\n2,b,extra\n")
    out = tmp_path / "manifest.json"
    for path, where in ((empty, f"{empty}: empty file"), (blank, f"{blank}: empty file"),
                        (ragged, f"{ragged}:3: 3 columns, header has 2")):  # fmt: skip
        refused(run_govern("manifest", "build", str(path), "--base", str(tmp_path),
                           "--out", str(out)), where)  # fmt: skip
        assert not out.exists()
    ragged.write_text("id,text\n1,a\n2,b\n")  # near miss: every row as wide as the header
    assert run_govern("manifest", "build", str(ragged), "--base", str(tmp_path),
                      "--out", str(out)).returncode == 0  # fmt: skip


def test_file_names_with_newlines_and_bidi_controls_are_escaped(tmp_path: Path) -> None:
    newline = tmp_path / "two\nlines.jsonl"
    newline.write_text("")
    bidi = tmp_path / "invoice\u202egnp.jsonl"
    bidi.write_text("")
    escaped = run_govern("scan", str(newline))
    refused(escaped, "two\\nlines.jsonl: empty file")
    result = run_govern("scan", str(bidi))
    refused(result, "invoice\\u202egnp.jsonl")
    assert "\u202e" not in result.stderr


def test_keys_generate_names_the_flag_that_replaces_a_key(tmp_path: Path) -> None:
    key = tmp_path / "k"
    assert run_govern("keys", "generate", "--out", str(key)).returncode == 0
    again = run_govern("keys", "generate", "--out", str(key))
    refused(again, "--force")
    assert "pass overwrite" not in again.stderr
    assert run_govern("keys", "generate", "--out", str(key), "--force").returncode == 0


def test_debug_adds_a_traceback_but_never_changes_the_exit_code(tmp_path: Path) -> None:
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    plain, debug = run_govern("scan", str(empty)), run_govern("--debug", "scan", str(empty))
    assert plain.returncode == debug.returncode == 2
    assert "Traceback" in debug.stderr and "Traceback" not in plain.stderr
    assert debug.stderr.rstrip().endswith(plain.stderr.rstrip())
