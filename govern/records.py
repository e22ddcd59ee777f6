"""The reader: every dataset format becomes one stream of ``Record``.

Formats: JSONL, JSON array, CSV, Parquet and ``datasets`` ``save_to_disk`` folders. Reading is
streaming with bounded memory (a JSON array is decoded element by element, Parquet batch by
batch, save_to_disk folders are memory-mapped). Bad input raises ``InputError`` as
``path:line: what is wrong``; with ``skip_invalid`` the record is skipped and counted instead.
Errors name the location and the problem, never the content: the content may be personal data.
Symbolic links are never followed: a link inside a folder is skipped and listed with its reason
(``ReadStats.skipped_links``), a named input that is one is an error, and files are opened with
``O_NOFOLLOW`` so a file swapped for a link after ``discover`` is refused too.
"""

from __future__ import annotations

import codecs
import csv
import errno
import functools
import json
import os
import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO, Literal

from govern.errors import InputError

RecordKind = Literal["chat", "alpaca", "prompt_completion", "sharegpt", "qa", "text", "other"]

LINE_FORMATS = {".jsonl": "jsonl", ".ndjson": "jsonl", ".json": "json", ".csv": "csv"}
ROW_FORMATS = {".parquet": "parquet"}
DATASET_FORMATS = {**LINE_FORMATS, **ROW_FORMATS}
# Text formats may be compressed (datatrove writes .jsonl.gz): read and written as they came.
COMPRESSIONS = {".gz": "gzip", ".zst": "zstd"}


def compression_of(path: Path) -> str | None:
    """``gzip`` or ``zstd`` for ``data.jsonl.gz``/``data.csv.zst``, else None."""
    suffixes = [s.lower() for s in path.suffixes[-2:]]
    if len(suffixes) == 2 and suffixes[1] in COMPRESSIONS and suffixes[0] in LINE_FORMATS:
        return COMPRESSIONS[suffixes[1]]
    return None


def dataset_format(path: Path) -> str | None:
    """jsonl, json, csv or parquet by the file name (compressed text formats included)."""
    if compression_of(path) is not None:
        return LINE_FORMATS[path.suffixes[-2].lower()]
    return DATASET_FORMATS.get(path.suffix.lower())


def open_dataset(path: Path) -> BinaryIO:
    """``path`` opened for reading bytes, decompressed as its name says."""
    kind = compression_of(path)
    raw = open_input(path)
    if kind == "gzip":
        import gzip

        unpacked = gzip.GzipFile(fileobj=raw, mode="rb")
        unpacked.myfileobj = raw  # type: ignore[assignment]  # closed with it, as gzip.open does
        return unpacked  # type: ignore[return-value]
    if kind == "zstd":
        import io

        import zstandard

        stream = zstandard.ZstdDecompressor().stream_reader(raw, closefd=True)
        return io.BufferedReader(stream)  # line iteration
    return raw


_CHUNK = 1 << 20


@dataclass(slots=True, frozen=True)
class Record:
    """One example: where it came from, its stable id and its fields as decoded."""

    id: str
    data: dict[str, Any]
    path: str
    line: int
    unit: Literal["line", "row"] = "line"
    texts: tuple[TextField, ...] | None = None  # its text fields, as the reader resolved them

    @property
    def location(self) -> str:
        """``path:line`` (or ``path: row N`` for columnar formats), for messages and findings."""
        return location(self.path, self.line, self.unit)

    @property
    def kind(self) -> RecordKind:
        return record_kind(self.data)


@dataclass(slots=True, frozen=True)
class TextField:
    """The text at one field path of a record, e.g. ``messages.2.content``."""

    path: str
    text: str


@dataclass(slots=True, frozen=True)
class ReaderOptions:
    """How to read records; built from the policy's ``dataset`` section and CLI flags."""

    id_field: str | None = None
    text_fields: tuple[str, ...] | None = None
    skip_invalid: bool = False
    id_required: bool = False  # else a record without ``id_field`` gets ``file:line``


@dataclass(slots=True)
class ReadStats:
    """What a read saw: files read, records yielded, and every skip with its reason and place."""

    files: list[str] = field(default_factory=list)
    ignored_files: list[str] = field(default_factory=list)
    skipped_links: dict[str, str] = field(default_factory=dict)  # path -> why (never followed)
    records: int = 0
    skipped: Counter[str] = field(default_factory=Counter)
    skipped_at: list[str] = field(default_factory=list)

    def skip(self, where: str, reason: str) -> None:
        self.skipped[reason] += 1
        if len(self.skipped_at) < 100:
            self.skipped_at.append(f"{where}: {reason}")

    def to_json(self) -> dict[str, Any]:
        return {
            "files": self.files,
            "ignored_files": self.ignored_files,
            "links_skipped": [
                {"path": path, "reason": reason} for path, reason in self.skipped_links.items()
            ],
            "records": self.records,
            "skipped": sum(self.skipped.values()),
            "skipped_by_reason": dict(sorted(self.skipped.items())),
            "skipped_at": self.skipped_at,
        }


class _BadRecord(Exception):
    """A record-level problem: fatal, or skipped and counted with ``skip_invalid``."""

    def __init__(self, where: str, reason: str) -> None:
        super().__init__(f"{where}: {reason}")
        self.where = where
        self.reason = reason


def location(path: str, line: int, unit: Literal["line", "row"] = "line") -> str:
    return f"{path}:{line}" if unit == "line" else f"{path}: row {line}"


def record_kind(data: dict[str, Any]) -> RecordKind:
    """The shape of a record, by the fields the common fine-tuning formats use.

    chat (``messages``), alpaca (``instruction`` + ``output``), prompt_completion (TRL's
    ``prompt`` + ``completion``, as text or as message lists), sharegpt (``conversations`` of
    ``{from, value}``), qa (``question`` + ``answer``), text, or other.
    """
    if isinstance(data.get("messages"), list):
        return "chat"
    if "instruction" in data and "output" in data:
        return "alpaca"
    if _text_or_messages(data.get("prompt")) and _text_or_messages(data.get("completion")):
        return "prompt_completion"
    if isinstance(data.get("conversations"), list):
        return "sharegpt"
    if "question" in data and "answer" in data:
        return "qa"
    if isinstance(data.get("text"), str):
        return "text"
    return "other"


def _text_or_messages(value: Any) -> bool:
    """TRL's two prompt/completion styles: a string, or a list of message objects."""
    return isinstance(value, str) or (
        isinstance(value, list) and bool(value) and all(isinstance(m, dict) for m in value)
    )


_DEFAULT_TEXT_FIELDS: dict[RecordKind, tuple[str, ...]] = {
    "chat": ("messages.*.content",),
    "alpaca": ("instruction", "input", "output"),
    # TRL: plain text, or conversational (lists of messages) on either side
    "prompt_completion": ("prompt", "prompt.*.content", "completion", "completion.*.content"),
    "sharegpt": ("conversations.*.value",),
    "qa": ("question", "answer"),
    "text": ("text",),
    "other": (),
}
# The list fields of each kind whose items must be {role|from, content|value} messages.
_MESSAGE_LISTS: dict[RecordKind, tuple[tuple[str, str, str], ...]] = {
    "chat": (("messages", "role", "content"),),
    "prompt_completion": (("prompt", "role", "content"), ("completion", "role", "content")),
    "sharegpt": (("conversations", "from", "value"),),
}


# The kinds whose default text fields are the contents of their one message list.
_ONE_MESSAGE_LIST = frozenset(
    kind
    for kind, lists in _MESSAGE_LISTS.items()
    if len(lists) == 1 and _DEFAULT_TEXT_FIELDS[kind] == (f"{lists[0][0]}.*.{lists[0][2]}",)
)


def default_text_fields(kind: RecordKind) -> tuple[str, ...]:
    return _DEFAULT_TEXT_FIELDS[kind]


def text_fields(record: Record, fields: Sequence[str] | None = None) -> list[TextField]:
    """The texts of ``record`` at ``fields`` (default: by record kind), ``*`` expanding lists.

    A configured field that is missing raises ``InputError`` naming the record; with the
    defaults, Alpaca's optional ``input`` may be absent. ``record_texts`` reuses what the
    reader resolved.
    """
    return _text_fields(record.data, record.kind, fields, lambda: record.location)


def _text_fields(
    data: dict[str, Any], kind: RecordKind, fields: Sequence[str] | None, where: Callable[[], str]
) -> list[TextField]:
    """``text_fields`` of a record's ``data`` of ``kind``; ``where()`` names it in errors."""
    configured = fields is not None
    paths = tuple(fields) if fields is not None else _DEFAULT_TEXT_FIELDS[kind]
    found: list[TextField] = []
    for spec in paths:
        matches = _resolve(data, _parts(spec))
        if not matches and configured:
            raise InputError(f"{where()}: configured text field {spec!r} is missing")
        for field_path, value in matches:
            if isinstance(value, str):
                found.append(TextField(field_path, value))
            elif value is not None and configured:
                raise InputError(
                    f"{where()}: field {field_path!r} is {type(value).__name__}, not text"
                )
    return found


def record_texts(record: Record, fields: Sequence[str] | None = None) -> list[TextField]:
    """``text_fields(record, fields)``, taken from the record when the reader resolved them
    (with the same ``fields``: the reader's options)."""
    if record.texts is not None:
        return list(record.texts)
    return text_fields(record, fields)


def _resolve(value: Any, parts: tuple[str, ...]) -> list[tuple[str, Any]]:
    """(field path, value) for every match of ``parts``; iterative, since it runs per field."""
    frontier: list[tuple[str, Any]] = [("", value)]
    for head in parts:
        matched: list[tuple[str, Any]] = []
        for path, current in frontier:
            prefix = f"{path}." if path else ""
            if head == "*" and isinstance(current, list):
                matched += [(f"{prefix}{index}", item) for index, item in enumerate(current)]
            elif isinstance(current, dict):
                if head in current:
                    matched.append((prefix + head, current[head]))
            elif isinstance(current, list) and head.isdigit() and int(head) < len(current):
                matched.append((prefix + head, current[int(head)]))
        frontier = matched
    return frontier


def set_field(data: dict[str, Any], field_path: str, value: Any) -> None:
    """Replace the value at a concrete field path (``messages.2.content``) in place."""
    *parents, last = field_path.split(".")
    target: Any = data
    for part in parents:
        target = target[int(part)] if isinstance(target, list) else target[part]
    if isinstance(target, list):
        target[int(last)] = value
    else:
        target[last] = value


@functools.lru_cache(maxsize=256)
def _parts(spec: str) -> tuple[str, ...]:
    return tuple(spec.split("."))


def discover(paths: Iterable[str | Path], stats: ReadStats | None = None) -> list[Path]:
    """The dataset files and save_to_disk folders under ``paths``, sorted; hidden entries skipped.

    Raises InputError for a missing path or a folder with nothing readable in it.
    """
    found: list[Path] = []
    for given in paths:
        root = Path(given)
        if root.is_symlink():
            raise InputError(f"{root}: {link_reason(root)}; name the file it points to")
        if not root.exists():
            raise InputError(f"{root}: no such file or directory")
        if root.is_file() or is_saved_dataset(root):
            found.append(root)
            continue
        before = len(found)
        for dirpath, dirnames, filenames in os.walk(root):
            here = Path(dirpath)
            dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
            linked = sorted(n for n in [*dirnames, *filenames] if (here / n).is_symlink())
            if linked:
                if stats is not None:
                    stats.skipped_links.update(
                        {str(here / n): link_reason(here / n) for n in linked}
                    )
                dirnames[:] = [d for d in dirnames if d not in linked]
                filenames = [f for f in filenames if f not in linked]
            if is_saved_dataset(here) and here != root:
                found.append(here)
                dirnames[:] = []
                continue
            for name in sorted(filenames):
                file_path = here / name
                if name.startswith("."):
                    continue
                if dataset_format(file_path) is not None:
                    found.append(file_path)
                elif stats is not None:
                    stats.ignored_files.append(str(file_path))
        if len(found) == before:
            formats = ", ".join(sorted(DATASET_FORMATS))
            raise InputError(f"{root}: no readable dataset files (looked for {formats})")
    return found


def link_reason(path: Path) -> str:
    """Why the symbolic link ``path`` is skipped: dangling, a loop, or simply a link."""
    try:
        os.stat(path)
    except FileNotFoundError:
        return "dangling symbolic link (not followed)"
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            return "symbolic link loop (not followed)"
        return f"unreadable symbolic link (not followed): {exc.strerror}"
    return "symbolic link (not followed)"


def open_input(path: Path) -> BinaryIO:
    """Open a dataset file for reading without following a symbolic link (InputError if one)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise InputError(f"{path}: {link_reason(path)}") from None
        raise
    return os.fdopen(fd, "rb")


def is_saved_dataset(folder: Path) -> bool:
    """A folder written by ``datasets``' ``save_to_disk`` (a Dataset or a DatasetDict)."""
    return folder.is_dir() and (
        (folder / "dataset_info.json").is_file()
        and (folder / "state.json").is_file()
        or (folder / "dataset_dict.json").is_file()
    )


def input_base(root: Path) -> Path:
    """The folder record paths under ``root`` are made relative to: its parent for a file or a
    save_to_disk folder (given whole, it keeps its name), else ``root`` itself."""
    return root.parent if root.is_file() or is_saved_dataset(root) else root


def read_records(
    paths: Iterable[str | Path],
    options: ReaderOptions = ReaderOptions(),
    stats: ReadStats | None = None,
) -> Iterator[Record]:
    """Stream every record under ``paths`` in a stable order (sorted files, file order inside).

    Record ids come from ``options.id_field`` when set and present (missing is invalid only with
    ``id_required``), else ``<file>:<line>`` with the file relative to the folder that was given,
    so ids survive moving the dataset.
    """
    stats = stats if stats is not None else ReadStats()
    for given in paths:
        root = Path(given)
        base = input_base(root)
        for source in discover([root], stats):
            stats.files.append(str(source))
            yield from read_shard(source, base, options, stats)


@dataclass(slots=True, frozen=True)
class ByteRange:
    """The JSONL lines starting in bytes ``[start, end)`` of a file; ``start`` begins a line,
    which is line ``first_line`` of the file (so errors and ids keep the file's numbering)."""

    start: int
    end: int
    first_line: int


def read_shard(
    source: Path,
    base: Path,
    options: ReaderOptions = ReaderOptions(),
    stats: ReadStats | None = None,
    lines: ByteRange | None = None,
) -> Iterator[Record]:
    """The records of one file ``discover`` found, with ids relative to ``base``, exactly as
    ``read_records`` yields them; ``lines`` (JSONL only) reads just that byte range.

    For engines that read a dataset's files in separate workers (``govern.engines``).
    """
    stats = stats if stats is not None else ReadStats()
    name = source.relative_to(base).as_posix()
    raws = _read_source(source, options, stats) if lines is None else _read_jsonl(source, lines)
    for raw in raws:
        if isinstance(raw, _BadRecord):
            _fail_or_skip(raw, options, stats)
            continue
        try:
            record = _make_record(raw, name, options)
        except _BadRecord as bad:
            _fail_or_skip(bad, options, stats)
            continue
        stats.records += 1
        yield record


@dataclass(slots=True)
class RawRecord:
    """One decoded element before it is checked and becomes a ``Record``."""

    data: Any
    path: str
    line: int
    unit: Literal["line", "row"] = "line"


def _make_record(raw: RawRecord, name: str, options: ReaderOptions) -> Record:
    data = raw.data

    def where() -> str:  # only an error names the place: most records have none
        return location(raw.path, raw.line, raw.unit)

    if not isinstance(data, dict):
        raise _BadRecord(where(), f"expected an object, got {type(data).__name__}")
    record_id = data.get(options.id_field) if options.id_field is not None else None
    if record_id is None or record_id == "":
        if options.id_required:
            raise _BadRecord(where(), f"id field {options.id_field!r} is missing")
        record_id = f"{name}:{raw.line}"
    else:
        record_id = str(record_id)
    texts = _check_shape(data, record_kind(data), where, options)
    return Record(record_id, data, raw.path, raw.line, raw.unit, texts)


def _check_shape(
    data: dict[str, Any], kind: RecordKind, where: Callable[[], str], options: ReaderOptions
) -> tuple[TextField, ...]:
    """The record's text fields; raises _BadRecord if it has none or malformed messages."""
    for name, role, content in _MESSAGE_LISTS.get(kind, ()):
        messages = data[name]
        if not isinstance(messages, list):
            continue  # TRL's plain-text prompt/completion
        for index, message in enumerate(messages):
            if not isinstance(message, dict) or not isinstance(message.get(content), str):
                raise _BadRecord(where(), f"{name}.{index}: needs a text {content!r}")
            if not isinstance(message.get(role), str):
                raise _BadRecord(where(), f"{name}.{index}: needs a {role!r}")
    if options.text_fields is None and kind in _ONE_MESSAGE_LIST:
        # What _text_fields finds at ``name.*.content`` of the messages just checked
        name, _, content = _MESSAGE_LISTS[kind][0]
        found = tuple(
            TextField(f"{name}.{index}.{content}", message[content])
            for index, message in enumerate(data[name])
        )
        if found:  # none: the error below
            return found
    try:
        texts = _text_fields(data, kind, options.text_fields, where)
    except InputError as exc:
        raise _BadRecord(where(), str(exc).split(": ", 2)[-1]) from None
    if not texts and options.text_fields is None:
        raise _BadRecord(
            where(),
            "no text found (expected messages, instruction/output, prompt/completion, "
            "conversations, question/answer or text; or set dataset.text_fields)",
        )
    return tuple(texts)


def _fail_or_skip(bad: _BadRecord, options: ReaderOptions, stats: ReadStats) -> None:
    if not options.skip_invalid:
        raise InputError(str(bad)) from None
    stats.skip(bad.where, bad.reason)


def _read_source(source: Path, options: ReaderOptions, stats: ReadStats) -> Iterator[RawRecord]:
    if source.is_dir():
        yield from _read_saved_dataset(source)
        return
    fmt = dataset_format(source)
    if fmt is None:
        raise InputError(f"{source}: unknown format (expected {', '.join(DATASET_FORMATS)})")
    try:
        if source.stat().st_size == 0:
            raise InputError(f"{source}: empty file")
        for item in READERS[fmt](source):
            if isinstance(item, _BadRecord):
                _fail_or_skip(item, options, stats)
            else:
                yield item
    except PermissionError:
        raise InputError(f"{source}: permission denied") from None
    except IsADirectoryError:
        raise InputError(f"{source}: is a directory") from None


def _decoded_lines(
    handle: Iterable[bytes], path: str, first_line: int = 1
) -> Iterator[tuple[int, str | _BadRecord]]:
    for number, raw in enumerate(handle, start=first_line):
        try:
            yield number, raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            yield number, _BadRecord(f"{path}:{number}", f"invalid UTF-8 at byte {exc.start}")


def _read_jsonl(source: Path, span: ByteRange | None = None) -> Iterator[RawRecord | _BadRecord]:
    path = str(source)
    with open_dataset(source) as handle:
        lines: Iterable[bytes] = handle
        if span is not None:
            handle.seek(span.start)
            lines = _lines_before(handle, span.end - span.start)
        first_line = span.first_line if span is not None else 1
        for number, line in _decoded_lines(lines, path, first_line):
            if isinstance(line, _BadRecord):
                yield line
                continue
            if not line.strip():
                continue
            try:
                data = json.loads(line)
            except json.JSONDecodeError as exc:
                reason = f"invalid JSON: {exc.msg} (column {exc.colno})"
                yield _BadRecord(f"{path}:{number}", reason)
                continue
            except RecursionError:
                yield _BadRecord(f"{path}:{number}", "invalid JSON: nested too deeply")
                continue
            yield RawRecord(data, path, number)


def _lines_before(handle: BinaryIO, limit: int) -> Iterator[bytes]:
    """The lines of ``handle`` that start in its next ``limit`` bytes."""
    consumed = 0
    while consumed < limit:
        line = handle.readline()
        if not line:
            return
        consumed += len(line)
        yield line


def _read_csv(source: Path) -> Iterator[RawRecord | _BadRecord]:
    path = str(source)
    with open_dataset(source) as handle:
        failures: list[_BadRecord] = []

        def text_lines() -> Iterator[str]:
            for _number, line in _decoded_lines(handle, path):
                if isinstance(line, _BadRecord):
                    failures.append(line)
                    yield "\n"
                else:
                    yield line

        # strict: a quote left open must not swallow the rest of the file into one field.
        rows = csv.reader(text_lines(), strict=True)
        try:
            header = next(rows)
        except StopIteration:
            return
        except csv.Error as exc:
            yield _BadRecord(f"{path}:1", f"invalid CSV header: {exc}")
            return
        if failures:
            yield failures.pop()
            return
        start = rows.line_num + 1
        while True:
            try:
                row = next(rows)
            except StopIteration:
                break
            except csv.Error as exc:
                yield _BadRecord(f"{path}:{start}", f"invalid CSV: {exc}")
                start = rows.line_num + 1
                continue
            if failures:
                yield failures.pop()
            elif row and len(row) != len(header):
                yield _BadRecord(f"{path}:{start}", f"{len(row)} columns, header has {len(header)}")
            elif row:
                yield RawRecord(_decode_csv_row(dict(zip(header, row, strict=True))), path, start)
            start = rows.line_num + 1


def _decode_csv_row(row: dict[str, str]) -> dict[str, Any]:
    # A chat column in CSV can only be JSON text; decode it so the record is a chat record.
    messages = row.get("messages")
    if messages and messages.lstrip().startswith("["):
        try:
            return {**row, "messages": json.loads(messages)}
        except (json.JSONDecodeError, RecursionError):
            return row
    return row


_WS = re.compile(r"[ \t\n\r]*")


def read_json_array(source: Path) -> Iterator[RawRecord | _BadRecord]:
    """Decode a top-level JSON array one element at a time (bounded memory).

    Yields a ``RawRecord`` per element (a bad one as a record-level problem to skip or raise);
    raises InputError for a file that is not a JSON array. Also used by the manifest's row count.
    """
    path = str(source)
    decoder = json.JSONDecoder()
    utf8 = codecs.getincrementaldecoder("utf-8")()
    buffer, pos, line, eof = "", 0, 1, False
    consumed_bytes = 0

    with open_dataset(source) as handle:

        def fill() -> bool:
            nonlocal buffer, pos, eof, consumed_bytes
            chunk = handle.read(_CHUNK)
            try:
                text = utf8.decode(chunk, final=not chunk)
            except UnicodeDecodeError as exc:
                raise InputError(
                    f"{path}:{line}: invalid UTF-8 at byte {consumed_bytes + exc.start}"
                ) from None
            consumed_bytes += len(chunk)
            eof = not chunk
            buffer = buffer[pos:] + text
            pos = 0
            return bool(chunk)

        def skip_ws() -> None:
            nonlocal pos, line
            while True:
                match = _WS.match(buffer, pos)
                assert match is not None
                line += buffer.count("\n", pos, match.end())
                pos = match.end()
                if pos < len(buffer) or not fill():
                    return

        fill()
        skip_ws()
        if buffer[pos : pos + 1] != "[":
            raise InputError(f"{path}:{line}: expected a JSON array of records")
        pos += 1
        expect_item = True
        while True:
            skip_ws()
            if pos >= len(buffer):
                raise InputError(f"{path}:{line}: unexpected end of file inside the JSON array")
            char = buffer[pos]
            if char == "]":
                pos += 1
                skip_ws()
                if pos < len(buffer):
                    raise InputError(f"{path}:{line}: extra data after the JSON array")
                return
            if not expect_item:
                if char != ",":
                    raise InputError(f"{path}:{line}: expected ',' or ']' between records")
                pos += 1
                expect_item = True
                continue
            while True:
                try:
                    value, end = decoder.raw_decode(buffer, pos)
                    break
                except json.JSONDecodeError as exc:
                    # Incomplete element: read more unless the file is done.
                    if eof or not fill():
                        raise InputError(
                            f"{path}:{line + buffer.count(chr(10), pos, exc.pos)}: "
                            f"invalid JSON: {exc.msg}"
                        ) from None
                except RecursionError:
                    raise InputError(f"{path}:{line}: invalid JSON: nested too deeply") from None
            yield RawRecord(value, path, line)
            line += buffer.count("\n", pos, end)
            pos = end
            expect_item = False


def _read_parquet(source: Path) -> Iterator[RawRecord | _BadRecord]:
    import pyarrow.parquet as pq

    path = str(source)
    with open_input(source) as handle:
        try:
            parquet = pq.ParquetFile(handle)
        except Exception as exc:  # pyarrow raises several types for a corrupt file
            reason = f"not a readable Parquet file ({type(exc).__name__})"
            raise InputError(f"{path}: {reason}") from None
        row = 0
        batches = parquet.iter_batches(batch_size=1024)
        while True:
            try:
                batch = next(batches, None)
            except Exception as exc:  # corrupt data pages: OSError, ArrowInvalid, ...
                reason = f"corrupt Parquet data after row {row} ({type(exc).__name__})"
                raise InputError(f"{path}: {reason}") from None
            if batch is None:
                return
            for data in batch.to_pylist():
                row += 1
                yield RawRecord(data, path, row, "row")


def _read_saved_dataset(folder: Path) -> Iterator[RawRecord]:
    import datasets

    try:
        loaded = datasets.load_from_disk(str(folder))
    except Exception as exc:  # datasets raises many types for a broken folder
        reason = f"not a readable save_to_disk folder ({type(exc).__name__})"
        raise InputError(f"{folder}: {reason}") from None
    parts = loaded.items() if isinstance(loaded, datasets.DatasetDict) else [("", loaded)]
    for split_name, split in parts:
        path = f"{folder}/{split_name}" if split_name else str(folder)
        for row, data in enumerate(split, start=1):
            yield RawRecord(data, path, row, "row")


# Each file format's reader: raw records in file order, a bad one as a ``_BadRecord`` naming
# its line (the caller fails or skips it). A new format is a reader here and its suffix in
# ``LINE_FORMATS`` (compressible text) or ``ROW_FORMATS``; see ARCHITECTURE.md.
READERS: dict[str, Callable[[Path], Iterator[RawRecord | _BadRecord]]] = {
    "jsonl": _read_jsonl,
    "json": read_json_array,
    "csv": _read_csv,
    "parquet": _read_parquet,
}
