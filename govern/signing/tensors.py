"""Stream a signed safetensors file into tensors, hashing the very bytes that become tensors.

The file is opened as the verifier opens it (no symlinks followed) and read once, front to
back: the header, then each tensor's bytes straight into that tensor's own storage, every byte
fed to sha256 on the way. Peak memory is the tensors themselves (no copy of the file, no second
buffer), and a file changed after the signature check is caught by the digest at the end: the
caller drops whatever it built from it. Only the data-only safetensors layout is parsed:
an 8-byte little-endian header length, a JSON header, then the tensors back to back, no holes.
"""

from __future__ import annotations

import hashlib
import json
import os
import struct
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeGuard

from govern.signing.result import UnsafeFormatError
from govern.signing.tree import open_listed

if TYPE_CHECKING:
    import torch

_CHUNK = 1 << 22
_MAX_HEADER = 100 << 20  # safetensors' own limit on the JSON header
# safetensors dtype name -> (torch dtype attribute, bytes per element)
DTYPES = {
    "F64": ("float64", 8),
    "F32": ("float32", 4),
    "F16": ("float16", 2),
    "BF16": ("bfloat16", 2),
    "I64": ("int64", 8),
    "I32": ("int32", 4),
    "I16": ("int16", 2),
    "I8": ("int8", 1),
    "U8": ("uint8", 1),
    "BOOL": ("bool", 1),
    "F8_E4M3": ("float8_e4m3fn", 1),
    "F8_E5M2": ("float8_e5m2", 1),
}


@dataclass(frozen=True, slots=True)
class Streamed:
    """What was read: the sha256 and size of every byte of the file, and its tensor names."""

    sha256: str
    size: int
    names: list[str]


@dataclass(frozen=True, slots=True)
class _Entry:
    name: str
    dtype: str
    shape: tuple[int, ...]
    begin: int
    end: int


def stream_safetensors(
    root: Path, name: str, place: Callable[[str, torch.Tensor], None]
) -> Streamed:
    """Read ``root/name`` once, calling ``place(tensor_name, tensor)`` in file order.

    The caller compares ``Streamed.sha256`` with the signed digest before using anything
    ``place`` received. UnsafeFormatError when the file is not a well-formed safetensors file;
    UnsafeFile (from the tree reader) for a symlink or a file that is not regular.
    """
    if sys.byteorder != "little":  # safetensors stores little-endian; we copy bytes as they are
        raise UnsafeFormatError(f"{name}: streaming safetensors needs a little-endian machine")
    hasher = hashlib.sha256()
    fd = open_listed(root, name)
    with os.fdopen(fd, "rb", buffering=0) as stream:
        size = os.fstat(stream.fileno()).st_size
        head = _read_exactly(stream, 8, name)
        (length,) = struct.unpack("<Q", head)
        if length > min(size - 8, _MAX_HEADER):
            raise UnsafeFormatError(f"{name}: refused: not safetensors: header longer than allowed")
        header_bytes = _read_exactly(stream, length, name)
        hasher.update(head)
        hasher.update(header_bytes)
        entries = _entries(header_bytes, size - 8 - length, name)
        for entry in entries:
            tensor = _read_tensor(stream, entry, hasher, name)
            place(entry.name, tensor)
        if stream.read(1):  # grew since fstat: the digest below will not match either
            raise UnsafeFormatError(f"{name}: refused: not safetensors: bytes after the tensors")
    return Streamed(hasher.hexdigest(), size, [entry.name for entry in entries])


def _entries(header_bytes: bytes, data_size: int, name: str) -> list[_Entry]:
    """The header's tensors in offset order, checked to tile the data area exactly."""
    try:
        header: Any = json.loads(header_bytes)
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
        raise _bad(name, "header is not JSON") from None
    if not isinstance(header, dict):
        raise _bad(name, "header is not a JSON object")
    entries = []
    for key, spec in header.items():
        if key == "__metadata__":
            continue
        if not isinstance(spec, dict) or spec.get("dtype") not in DTYPES:
            raise _bad(name, f"tensor {key!r} has no known dtype")
        shape, offsets = spec.get("shape"), spec.get("data_offsets")
        if not _ints(shape) or not _ints(offsets) or len(offsets) != 2:
            raise _bad(name, f"tensor {key!r} has a malformed shape or offsets")
        entries.append(_Entry(key, spec["dtype"], tuple(shape), offsets[0], offsets[1]))
    entries.sort(key=lambda entry: (entry.begin, entry.end))
    position = 0
    for entry in entries:
        count = 1
        for dim in entry.shape:
            count *= dim
        if entry.begin != position or entry.end - entry.begin != count * DTYPES[entry.dtype][1]:
            raise _bad(name, f"tensor {entry.name!r} does not fit its offsets")
        position = entry.end
    if position != data_size:
        raise _bad(name, "tensors do not cover the file exactly")
    return entries


def _read_tensor(stream: Any, entry: _Entry, hasher: Any, name: str) -> torch.Tensor:
    """A new tensor holding the entry's bytes, read into its own storage (no staging copy)."""
    import torch

    tensor = torch.empty(entry.shape, dtype=getattr(torch, DTYPES[entry.dtype][0]))
    if tensor.numel() == 0:
        return tensor
    target = memoryview(tensor.view(-1).view(torch.uint8).numpy())  # type: ignore[arg-type]
    done = 0
    while done < len(target):
        read = stream.readinto(target[done : done + _CHUNK])
        if not read:
            raise _bad(name, "file ends inside a tensor")
        hasher.update(target[done : done + read])
        done += read
    return tensor


def _read_exactly(stream: Any, count: int, name: str) -> bytes:
    data = bytearray()
    while len(data) < count:
        chunk = stream.read(count - len(data))
        if not chunk:
            raise _bad(name, "too short")
        data += chunk
    return bytes(data)


def _ints(value: Any) -> TypeGuard[list[int]]:
    return isinstance(value, list) and all(
        isinstance(item, int) and not isinstance(item, bool) and item >= 0 for item in value
    )


def _bad(name: str, problem: str) -> UnsafeFormatError:
    return UnsafeFormatError(f"{name}: refused: not safetensors: {problem}")
