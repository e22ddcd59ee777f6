from __future__ import annotations

import gzip
import io
import json
import lzma
import os
import pathlib
import pickle
import signal
import string
import tarfile
import tracemalloc
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest
import torch
from safetensors.torch import save_file

from govern.errors import InputError
from govern.scan import artifacts
from govern.scan.artifacts import ArtifactLimits, FileEntry, TextUnit, walk_artifacts

# Synthetic, assembled at run time so the repository holds no token-shaped literal.
SECRET = "hf_" + string.ascii_lowercase + "012345"
EMAIL = "alice@example.com"
SMALL = ArtifactLimits(max_line_bytes=1024, max_archive_member_bytes=4096, max_archive_members=50)
Scan = dict[str, tuple[FileEntry, list[TextUnit]]]


@pytest.fixture(autouse=True)
def _no_hang() -> Iterator[None]:
    # A FIFO opened by mistake blocks forever; fail the test instead of hanging the suite.
    previous = signal.signal(signal.SIGALRM, lambda *_: pytest.fail("scan hung"))
    signal.alarm(20)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, previous)


def scan(*paths: Path | str, limits: ArtifactLimits = SMALL) -> Scan:
    found: Scan = {}
    for entry, texts in walk_artifacts(paths, limits):
        assert entry.path not in found, f"{entry.path} listed twice"
        found[entry.path] = (entry, list(texts))
    return found


def one(path: Path, limits: ArtifactLimits = SMALL) -> tuple[FileEntry, list[TextUnit]]:
    found = scan(path, limits=limits)
    assert list(found) == [str(path)]
    return found[str(path)]


def fields(units: list[TextUnit]) -> dict[str, str]:
    return {unit.field: unit.text for unit in units}


def test_text_file_line_by_line(tmp_path: Path) -> None:
    path = tmp_path / "train.log"
    path.write_bytes(f"step 1 loss 2.3\n\nkey={SECRET}\r\nlast line no newline".encode())
    entry, units = one(path)
    assert (entry.kind, entry.status, entry.reason, entry.bytes) == (
        "text",
        "scanned",
        None,
        path.stat().st_size,
    )
    assert [(u.line, u.field, u.text) for u in units] == [
        (1, "line", "step 1 loss 2.3"),
        (3, "line", f"key={SECRET}"),
        (4, "line", "last line no newline"),
    ]


def test_overlong_line_is_skipped_and_reading_continues(tmp_path: Path) -> None:
    path = tmp_path / "samples.jsonl"
    with path.open("wb") as handle:
        handle.write(b'{"text": "first"}\n')
        handle.write(b"x" * (11 << 20) + b"\n")
        handle.write(f'{{"text": "{EMAIL}"}}\n'.encode())
    limits = ArtifactLimits(max_line_bytes=1 << 20)
    tracemalloc.start()
    entry, units = one(path, limits)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert entry.status == "partial"
    assert entry.reason == "line 2 over 1 MB limit: skipped that line"
    assert [(u.line, u.text) for u in units] == [
        (1, '{"text": "first"}'),
        (3, f'{{"text": "{EMAIL}"}}'),
    ]
    assert peak < 6 << 20  # the 11 MB line is never held whole


def test_overlong_last_line_without_newline(tmp_path: Path) -> None:
    path = tmp_path / "tail.txt"
    path.write_bytes(b"ok line\n" + b"y" * 5000)
    entry, units = one(path)
    assert entry.reason == "line 2 over 1024 bytes limit: skipped that line"
    assert [u.line for u in units] == [1]


def test_invalid_utf8_line_is_decoded_with_replacement(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_bytes(b"plain ascii line here\nname: Jos\xe9 Garc\xeda\nthird\n")
    entry, units = one(path)
    assert (entry.kind, entry.status) == ("text", "partial")
    assert entry.reason == "invalid UTF-8 at line 2 (decoded with replacement)"
    assert units[1] == TextUnit(str(path), 2, "line", "name: Jos\ufffd Garc\ufffda")
    assert units[2].line == 3


def test_many_bad_lines_keep_the_reason_short(tmp_path: Path) -> None:
    path = tmp_path / "latin1.log"
    path.write_bytes(b"caf\xe9 au lait, une boisson\n" * 100)
    entry, units = one(path)
    assert len(units) == 100
    assert entry.reason is not None and entry.reason.endswith("; and 80 more")


def test_empty_file_is_skipped(tmp_path: Path) -> None:
    path = tmp_path / "empty.json"
    path.touch()
    entry, units = one(path)
    assert (entry.status, entry.reason, units) == ("skipped", "empty file", [])


def test_safetensors_header_metadata_and_tensor_names(tmp_path: Path) -> None:
    path = tmp_path / "adapter_model.safetensors"
    tensors = {"base.lora_A.weight": torch.zeros(2, 2), "base.lora_B.weight": torch.ones(2)}
    save_file(tensors, str(path), metadata={"format": "pt", "note": f"by {EMAIL}"})
    entry, units = one(path)
    assert (entry.kind, entry.status, entry.reason) == ("safetensors", "scanned", None)
    assert fields(units) == {
        "__metadata__.format": "pt",
        "__metadata__.note": f"by {EMAIL}",
        "tensor_names": "base.lora_A.weight\nbase.lora_B.weight",
    }
    assert {u.line for u in units} == {1}


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        ((10**12).to_bytes(8, "little") + b"{}", "declared length 1000000000000 bytes too large"),
        ((50).to_bytes(8, "little") + b"{}", "declared length 50 bytes too large"),
        ((9).to_bytes(8, "little") + b'{"a": [1,', "not a JSON object"),
        ((2).to_bytes(8, "little") + b"[]", "not a JSON object"),
        (b"\x01\x02", "file shorter than 8 bytes"),
    ],
)
def test_corrupt_safetensors_header_is_skipped(tmp_path: Path, content: bytes, reason: str) -> None:
    path = tmp_path / "model.safetensors"
    path.write_bytes(content)
    entry, units = one(path)
    assert (entry.status, entry.reason, units) == (
        "skipped",
        f"corrupt safetensors header ({reason})",
        [],
    )


NOTEBOOK = {
    "nbformat": 4,
    "nbformat_minor": 5,
    "metadata": {},
    "cells": [
        {"cell_type": "markdown", "metadata": {}, "source": ["# Eval\n", "by Alice"]},
        {
            "cell_type": "code",
            "metadata": {},
            "execution_count": 1,
            "source": f"token = '{SECRET}'\nprint(token)",
            "outputs": [
                {"output_type": "stream", "name": "stdout", "text": [f"{SECRET}\n"]},
                {
                    "output_type": "execute_result",
                    "execution_count": 1,
                    "metadata": {},
                    "data": {"text/plain": [f"'{EMAIL}'"], "image/png": "iVBORw0KGgo="},
                },
                {"output_type": "error", "ename": "E", "evalue": "bad", "traceback": ["a", "b"]},
            ],
        },
    ],
}


def test_notebook_cells_and_text_outputs(tmp_path: Path) -> None:
    path = tmp_path / "eval.ipynb"
    path.write_text(json.dumps(NOTEBOOK))
    entry, units = one(path)
    assert (entry.kind, entry.status, entry.reason) == ("notebook", "scanned", None)
    assert [(u.line, u.field, u.text) for u in units] == [
        (1, "cells.0.source", "# Eval\nby Alice"),
        (2, "cells.1.source", f"token = '{SECRET}'\nprint(token)"),
        (2, "cells.1.outputs.0.text", f"{SECRET}\n"),
        (2, "cells.1.outputs.1.data.text/plain", f"'{EMAIL}'"),
        (2, "cells.1.outputs.2.evalue", "bad"),
        (2, "cells.1.outputs.2.traceback", "a\nb"),
    ]


def test_malformed_notebook_falls_back_to_text(tmp_path: Path) -> None:
    path = tmp_path / "broken.ipynb"
    path.write_text('{"cells": [\n  {"source": "' + EMAIL + '"\n')
    entry, units = one(path)
    assert (entry.kind, entry.status) == ("notebook", "partial")
    assert entry.reason == "not a readable notebook (invalid or too large): scanned as text"
    assert [(u.line, u.field) for u in units] == [(1, "line"), (2, "line")]
    assert EMAIL in units[1].text


def test_binary_strings_with_offsets(tmp_path: Path) -> None:
    path = tmp_path / "optimizer.bin"
    blob = (
        b"\x00\x01\x02" + f"password={SECRET}".encode() + b"\x00ab\x00\xff" + "Jörg Müller".encode()
    )
    path.write_bytes(blob + b"\x00")
    entry, units = one(path)
    assert (entry.kind, entry.status) == ("binary", "scanned")
    assert [(u.line, u.field, u.text) for u in units] == [
        (3, "strings", f"password={SECRET}"),
        (blob.index(b"J"), "strings", "Jörg Müller"),
    ]


def test_binary_run_across_chunk_boundary_is_whole(tmp_path: Path) -> None:
    path = tmp_path / "weights.pt"
    start = (1 << 20) - 10  # the run straddles the first 1 MiB read
    path.write_bytes(b"\x00" * start + SECRET.encode() + b"\x00" * 100)
    entry, units = one(path)
    assert [(u.line, u.text) for u in units] == [(start, SECRET)]


def test_binary_over_strings_limit_is_partial(tmp_path: Path) -> None:
    path = tmp_path / "big.gguf"
    path.write_bytes(b"\x00" + b"visible " * 8 + b"\x00" * 200 + b"hidden-after-limit\x00")
    entry, units = one(path, ArtifactLimits(max_binary_bytes=100))
    assert entry.status == "partial"
    assert entry.reason == "binary over 100 bytes strings limit: rest not scanned"
    assert [u.text for u in units] == ["visible " * 8]


class _Trap:
    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (pathlib.Path.touch, (str(_TRAP_MARKER),))


_TRAP_MARKER = Path("/nonexistent-dir")


def test_pickle_is_never_loaded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    marker = tmp_path / "unpickled"
    monkeypatch.setattr(f"{__name__}._TRAP_MARKER", marker)
    path = tmp_path / "training_args.pkl"
    path.write_bytes(pickle.dumps({"hub_token": SECRET, "trap": _Trap()}))
    entry, units = one(path)
    assert entry.kind == "binary"
    assert any(SECRET in u.text for u in units)
    assert not marker.exists()


def _zip(path: Path, members: dict[str, bytes]) -> Path:
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return path


def test_zip_members_scanned_by_content(tmp_path: Path) -> None:
    path = _zip(
        tmp_path / "export.zip",
        {
            "samples/a.jsonl": f'{{"text": "{EMAIL}"}}\n'.encode(),
            "ckpt/state.bin": b"\x00\x00" + SECRET.encode() + b"\x00",
            "eval.ipynb": json.dumps(NOTEBOOK).encode(),
            "inner.tar.gz": b"not really",
            "huge.txt": b"z" * 5000,
            "empty.txt": b"",
        },
    )
    entry, units = one(path)
    assert (entry.kind, entry.status) == ("archive", "partial")
    assert entry.reason == (
        "inner.tar.gz: nested archive not recursed; "
        "huge.txt: over the 4096 bytes member size limit: not scanned"
    )
    located = {(u.path, u.line, u.field): u.text for u in units}
    assert located[(f"{path}!samples/a.jsonl", 1, "line")] == f'{{"text": "{EMAIL}"}}'
    assert located[(f"{path}!ckpt/state.bin", 2, "strings")] == SECRET
    assert located[(f"{path}!eval.ipynb", 2, "cells.1.outputs.0.text")] == f"{SECRET}\n"


def test_zip_member_count_limit(tmp_path: Path) -> None:
    path = _zip(tmp_path / "many.zip", {f"f{i:03}.txt": b"hello there" for i in range(60)})
    entry, units = one(path)
    assert entry.reason == "10 members over the 50 member limit: not scanned"
    assert len(units) == 50


def test_tar_gz_members_links_and_single_gz(tmp_path: Path) -> None:
    path = tmp_path / "run.tar.gz"
    with tarfile.open(path, "w:gz") as archive:
        for name, data in {
            "logs/train.log": f"user {EMAIL}\n".encode(),
            "w.npy": b"\x93NUMPY\x00" + SECRET.encode(),
        }.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))
        link = tarfile.TarInfo("latest")
        link.type = tarfile.SYMTYPE
        link.linkname = "logs"
        archive.addfile(link)
    single = tmp_path / "events.log.gz"
    single.write_bytes(gzip.compress(f"first\nsecret {SECRET}\n".encode()))
    found = scan(path, single)
    entry, units = found[str(path)]
    assert (entry.kind, entry.status, entry.reason) == (
        "archive",
        "partial",
        "latest: link (not followed)",
    )
    assert [(u.path, u.line, u.field, u.text) for u in units] == [
        (f"{path}!logs/train.log", 1, "line", f"user {EMAIL}"),
        (f"{path}!w.npy", 7, "strings", SECRET),
    ]
    entry, units = found[str(single)]
    assert (entry.kind, entry.status) == ("archive", "scanned")
    assert [(u.path, u.line, u.text) for u in units][1] == (
        f"{single}!events.log",
        2,
        f"secret {SECRET}",
    )


@pytest.mark.parametrize("name", ["bad.zip", "bad.tar.gz", "bad.tar", "bad.gz"])
def test_corrupt_archive_is_skipped(tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    path.write_bytes(b"PK\x03\x04 this is not an archive " * 3)
    entry, units = one(path)
    assert (entry.kind, entry.status, units) == ("archive", "skipped", [])
    assert entry.reason is not None and entry.reason.startswith("corrupt archive (")


def test_truncated_tar_gz_keeps_what_was_read(tmp_path: Path) -> None:
    path = tmp_path / "cut.tgz"
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as archive:
        for index in range(3):
            data = os.urandom(3000)
            info = tarfile.TarInfo(f"part{index}.bin")
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))
    path.write_bytes(buffer.getvalue()[: len(buffer.getvalue()) // 2])
    entry, _ = one(path)
    assert entry.status == "partial"
    assert entry.reason is not None and "corrupt archive after" in entry.reason


def test_symlinks_are_never_followed(tmp_path: Path) -> None:
    (tmp_path / "a").symlink_to(tmp_path / "b")
    (tmp_path / "b").symlink_to(tmp_path / "a")
    (tmp_path / "d").mkdir()
    (tmp_path / "d" / "x.txt").write_text("inside d")
    (tmp_path / "d" / "self").symlink_to(tmp_path / "d")
    (tmp_path / "secret_link").symlink_to("/etc/passwd")
    found = scan(tmp_path)
    assert sorted(found) == sorted(
        str(tmp_path / p) for p in ["a", "b", "d/x.txt", "d/self", "secret_link"]
    )
    for name in ["a", "b", "d/self", "secret_link"]:
        entry, units = found[str(tmp_path / name)]
        assert (entry.kind, entry.status, entry.reason, units) == (
            "symlink",
            "skipped",
            "symlink (not followed)",
            [],
        )


def test_fifo_is_never_opened(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    entry, units = one(fifo)
    assert (entry.status, entry.reason, units) == ("skipped", "not a regular file", [])


def test_unreadable_file_is_skipped(tmp_path: Path) -> None:
    path = tmp_path / "locked.txt"
    path.write_text("secret")
    path.chmod(0)
    try:
        path.read_bytes()
    except PermissionError:
        entry, units = one(path)
        assert (entry.status, entry.reason, units) == ("skipped", "permission denied", [])
    else:
        pytest.skip("running as a user who can read a mode-0 file (root)")
    finally:
        path.chmod(0o600)


def test_permission_denied_on_open(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def deny(path: str) -> object:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(artifacts, "_open_regular", deny)
    path = tmp_path / "locked.safetensors"
    path.write_text("x")
    entry, units = one(path)
    assert (entry.kind, entry.status, entry.reason, units) == (
        "safetensors",
        "skipped",
        "permission denied",
        [],
    )


def test_version_control_folders_one_entry_each_and_hidden_files_scanned(tmp_path: Path) -> None:
    for folder in [".git/objects/ab", ".dvc/cache/files/md5"]:
        (tmp_path / folder).mkdir(parents=True)
        (tmp_path / folder / "blob").write_text("x")
    (tmp_path / ".dvc" / "config").write_text("[core]\n")
    (tmp_path / ".env").write_text(f"HF_TOKEN={SECRET}\n")
    found = scan(tmp_path)
    assert list(found) == [str(tmp_path / p) for p in [".env", ".git", ".dvc/cache", ".dvc/config"]]
    for folder in [".git", ".dvc/cache"]:
        entry, _ = found[str(tmp_path / folder)]
        assert (entry.status, entry.reason) == ("skipped", "version-control metadata")
    assert found[str(tmp_path / ".env")][1][0].text == f"HF_TOKEN={SECRET}"


def test_whole_tree_lists_every_file_exactly_once(tmp_path: Path) -> None:
    root = tmp_path / "run"
    (root / "checkpoint-10").mkdir(parents=True)
    (root / "checkpoint-10" / "config.json").write_text(json.dumps({"token": SECRET}))
    save_file(
        {"w": torch.zeros(1)},
        str(root / "checkpoint-10" / "model.safetensors"),
        metadata={"a": "b"},
    )
    (root / "tokenizer.json").write_text('{"model": {}}')
    (root / "empty").touch()
    (root / "loop").symlink_to(root)
    os.mkfifo(root / "fifo")
    _zip(root / "samples.zip", {"s.txt": EMAIL.encode()})
    (root / "bad.safetensors").write_bytes(b"\xff" * 16)
    (root / "long.txt").write_bytes(b"a\n" + b"b" * 2000 + f"\n{SECRET}\n".encode())
    on_disk = set()
    for dirpath, _, filenames in os.walk(root):
        on_disk |= {os.path.join(dirpath, name) for name in filenames}
    on_disk.add(str(root / "loop"))  # os.walk lists a link to a folder with the folders
    found = scan(root, root / "tokenizer.json")  # overlapping inputs: still once each
    assert set(found) == on_disk
    assert list(found) == [str(p) for p in sorted(root.iterdir()) if p.name != "checkpoint-10"] + [
        str(root / "checkpoint-10" / "config.json"),
        str(root / "checkpoint-10" / "model.safetensors"),
    ]
    assert list(found) == list(scan(root))  # deterministic
    for entry, _ in found.values():
        assert set(entry.to_json()) == {"path", "kind", "status", "reason", "bytes"}
        assert SECRET not in json.dumps(entry.to_json()) and EMAIL not in json.dumps(
            entry.to_json()
        )
        assert (entry.status == "scanned") == (entry.reason is None)


def test_missing_input_raises(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no such file or directory"):
        list(walk_artifacts([tmp_path / "nope"]))


def test_tar_member_count_limit(tmp_path: Path) -> None:
    path = tmp_path / "many.tar"
    with tarfile.open(path, "w") as archive:
        for index in range(60):
            info = tarfile.TarInfo(f"f{index:03}.txt")
            info.size = 11
            archive.addfile(info, io.BytesIO(b"hello there"))
    entry, units = one(path)
    assert (entry.status, entry.reason) == ("partial", "more than 50 members: the rest not scanned")
    assert len(units) == 50


def test_zip_symlink_member_is_not_followed(tmp_path: Path) -> None:
    path = tmp_path / "links.zip"
    with zipfile.ZipFile(path, "w") as archive:
        link = zipfile.ZipInfo("passwd")
        link.external_attr = (0o120777 << 16) | 0x10
        archive.writestr(link, "/etc/passwd")
        archive.writestr("ok.txt", "plain words")
    entry, units = one(path)
    assert entry.reason == "passwd: symlink (not followed)"
    assert [u.path for u in units] == [f"{path}!ok.txt"]


def test_compressed_single_file_is_capped_at_the_member_limit(tmp_path: Path) -> None:
    path = tmp_path / "stdout.txt.xz"
    path.write_bytes(lzma.compress(b"0123456789\n" * 1000))
    entry, units = one(path)
    assert (entry.kind, entry.status) == ("archive", "partial")
    assert entry.reason == "stdout.txt: over the 4096 bytes member size limit: rest not scanned"
    assert units[0] == TextUnit(f"{path}!stdout.txt", 1, "line", "0123456789")
    assert len(units) == 4096 // 11 + 1  # the cut line is read up to the cap
