"""Which file formats may be loaded: data-only formats, judged by name and by content.

Loading can run code only through formats that deserialize objects: pickle (``.bin``, ``.pt``,
``.ckpt``...; torch's zip checkpoints hold one), NumPy object arrays, Python files a model may
ask to import. Those are refused whatever their signature says. A file is judged by its name
and its first bytes, so a pickle renamed ``.json`` or ``.safetensors`` is refused too.
"""

from __future__ import annotations

import json
import struct
from dataclasses import dataclass
from pathlib import PurePosixPath
from typing import Literal

from govern.signing.result import UnsafeFormatError

Format = Literal[
    "safetensors", "json", "jsonl", "text", "csv", "parquet", "arrow", "sentencepiece",
    "pickle", "zip", "unknown",
]  # fmt: skip
LOADABLE_SUFFIXES: dict[str, Format] = {
    ".safetensors": "safetensors",
    ".json": "json",
    ".jsonl": "jsonl",
    ".txt": "text",
    ".md": "text",
    ".jinja": "text",  # transformers 5 keeps chat templates in chat_template.jinja
    ".yaml": "text",
    ".yml": "text",
    ".csv": "csv",
    ".parquet": "parquet",
    ".arrow": "arrow",
}
# Formats that unpickle on load (NumPy's only with allow_pickle, but never worth the risk).
PICKLE_SUFFIXES = frozenset(
    {".bin", ".pt", ".pth", ".pkl", ".pickle", ".ckpt", ".joblib", ".npy", ".npz"}
)
TEXT_NAMES = frozenset({"LICENSE", "NOTICE", "README", "COPYING"})
# SentencePiece models (a protobuf message, data only), by the names tokenizers ship them as.
SENTENCEPIECE_NAMES = frozenset({"tokenizer.model", "spiece.model", "sentencepiece.bpe.model"})
HEAD_BYTES = 16  # what ``sniff`` needs to see


@dataclass(frozen=True, slots=True)
class FileFormat:
    """A file's format and whether the loader would parse it; ``reason`` says why not."""

    format: Format
    loadable: bool
    reason: str | None = None


def sniff(name: str, head: bytes) -> FileFormat:
    """Judge a file by its name and first ``HEAD_BYTES`` bytes, without parsing it."""
    suffix = PurePosixPath(name).suffix.lower()
    if is_pickle(head):
        return FileFormat("pickle", False, "pickle data: can run code when loaded")
    if head.startswith(b"PK\x03\x04"):
        return FileFormat("zip", False, "zip archive: torch checkpoints hide pickles in one")
    if suffix in PICKLE_SUFFIXES:
        return FileFormat("pickle", False, f"pickle-based format ({suffix}): never loaded")
    if suffix in LOADABLE_SUFFIXES:
        return FileFormat(LOADABLE_SUFFIXES[suffix], True)
    if PurePosixPath(name).name in SENTENCEPIECE_NAMES:
        return FileFormat("sentencepiece", True)
    if PurePosixPath(name).stem in TEXT_NAMES:
        return FileFormat("text", True)
    what = suffix or "no extension"
    return FileFormat("unknown", False, f"unknown format ({what}): only data formats are loaded")


def is_pickle(head: bytes) -> bool:
    """True for a pickle stream of protocol 2 to 5 (PROTO opcode 0x80 then the version)."""
    return len(head) >= 2 and head[0] == 0x80 and 2 <= head[1] <= 5


def check_content(name: str, data: bytes) -> FileFormat:
    """Sniff ``data`` and check it parses as its format; UnsafeFormatError naming why not.

    Parsing here is data-only (JSON, UTF-8, headers); tensors are parsed by the caller.
    """
    found = sniff(name, data[:HEAD_BYTES])
    if not found.loadable:
        raise UnsafeFormatError(f"{name}: refused: {found.reason}")
    problem = _content_problem(found.format, data)
    if problem is not None:
        raise UnsafeFormatError(f"{name}: refused: not {found.format}: {problem}")
    return found


def _content_problem(fmt: Format, data: bytes) -> str | None:
    try:
        if fmt == "safetensors":
            return _safetensors_problem(data)
        if fmt == "sentencepiece":
            return _protobuf_problem(data)
        if fmt == "json":
            json.loads(data)
        elif fmt == "jsonl":
            for line in data.splitlines():
                if line.strip():
                    json.loads(line)
        elif fmt in ("text", "csv"):
            data.decode("utf-8")
        elif fmt == "parquet" and not (data[:4] == b"PAR1" and data[-4:] == b"PAR1"):
            return "no parquet magic"
    except UnicodeDecodeError:
        return "not UTF-8"
    except json.JSONDecodeError as exc:
        return f"invalid JSON at line {exc.lineno}"
    except RecursionError:
        return "JSON nested too deeply"
    return None


def _safetensors_problem(data: bytes) -> str | None:
    """A safetensors file is an 8-byte little-endian header length, a JSON header, tensors."""
    if len(data) < 8:
        return "too short"
    (length,) = struct.unpack("<Q", data[:8])
    if length > len(data) - 8:
        return "header longer than the file"
    try:
        header = json.loads(data[8 : 8 + length])
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
        return "header is not JSON"
    return None if isinstance(header, dict) else "header is not a JSON object"


def _protobuf_problem(data: bytes) -> str | None:
    """A SentencePiece model is one protobuf message whose field 1 repeats (its pieces).

    Walks the wire format only (tags, varints, lengths), so nothing is decoded beyond bounds.
    """
    position, pieces = 0, 0
    while position < len(data):
        key, position = _varint(data, position)
        field, wire = key >> 3, key & 7
        if key < 0 or field == 0:
            return "not a protobuf message"
        if wire == 0:
            _, position = _varint(data, position)
        elif wire in (1, 5):
            position += 8 if wire == 1 else 4
        elif wire == 2:
            length, position = _varint(data, position)
            position += length
        else:
            return "not a protobuf message"
        if position < 0 or position > len(data):
            return "not a protobuf message"
        pieces += field == 1 and wire == 2
    return None if pieces else "no pieces"


def _varint(data: bytes, position: int) -> tuple[int, int]:
    """The varint at ``position`` and the position after it; (-1, -1) when malformed."""
    value = 0
    for shift in range(0, 64, 7):
        if position >= len(data):
            return -1, -1
        byte = data[position]
        position += 1
        value |= (byte & 0x7F) << shift
        if not byte & 0x80:
            return value, position
    return -1, -1
