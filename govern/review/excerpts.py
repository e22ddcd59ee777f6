"""Redacted excerpts: the words around a ``<TYPE>`` placeholder in the redacted copy, masked.

The raw scan report holds only keyed hashes, so excerpts come from the redacted copy the scan
stage wrote (same files, lines and field paths). That copy can still hold values no detector
covers (names without an NER model), so the context is masked too: only short all-lowercase
words, punctuation and placeholders are kept; every other token (capitalised words, digits,
``@``, mixed symbols) becomes ``▒``. An excerpt can show *where* a value was, never a value.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path, PurePosixPath
from typing import Any

from govern.fields import leaves
from govern.records import ReaderOptions, read_records

PLACEHOLDER = re.compile(r"<[A-Z][A-Z0-9_]*>")
_TOKEN = re.compile(r"<[A-Z][A-Z0-9_]*>|\S+")
_PLAIN_WORD = re.compile(r"[a-z]{1,12}")
_PUNCT = re.compile(r"[^\w\s<>]{1,3}")
MASK = "▒"
CONTEXT_WORDS = 5
PER_SOURCE_AND_TYPE = 2


def mask_context(text: str, center: int) -> str:
    """The masked words around the placeholder that starts at ``center`` in ``text``."""
    tokens = [(m.start(), m.group()) for m in _TOKEN.finditer(text)]
    index = next((i for i, (start, _) in enumerate(tokens) if start >= center), len(tokens))
    window = tokens[max(0, index - CONTEXT_WORDS) : index + CONTEXT_WORDS + 1]
    shown = [_mask_token(token) for _, token in window]
    prefix = "… " if index - CONTEXT_WORDS > 0 else ""
    suffix = " …" if index + CONTEXT_WORDS + 1 < len(tokens) else ""
    return prefix + " ".join(shown) + suffix


def _mask_token(token: str) -> str:
    """Keep placeholders, plain lowercase words and punctuation (with placeholders inside)."""
    core = token.strip(".,;:!?()[]\"'")
    lead = token[: len(token) - len(token.lstrip(".,;:!?()[]\"'"))]
    trail = token[len(lead) + len(core) :]
    if PLACEHOLDER.fullmatch(core) or _PLAIN_WORD.fullmatch(core):
        return lead + core + _only_punct(trail)
    if not core and _PUNCT.fullmatch(token):
        return token
    inner = PLACEHOLDER.findall(core)
    return _only_punct(lead) + (" ".join(inner) if inner else MASK) + _only_punct(trail)


def _only_punct(text: str) -> str:
    return "".join(ch for ch in text if ch in ".,;:!?()[]")


def redacted_excerpts(
    project: Path, scan: Any, options: ReaderOptions | None
) -> list[dict[str, Any]]:
    """Up to two masked excerpts per source file and finding type, from the redacted copy.

    ``scan`` is the raw corpus's scan report; its input root and ``summary.redacted_outputs``
    locate the redacted twin of each file. Returns [] when either is missing.
    """
    if not isinstance(scan, dict):
        return []
    raw_root = _first_input(scan)
    outputs = (scan.get("summary") or {}).get("redacted_outputs") or []
    findings = [f for f in scan.get("findings") or [] if isinstance(f, dict)]
    if raw_root is None or not outputs or not findings:
        return []
    wanted: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for finding in findings:
        key = (str(finding.get("path")), str(finding.get("type")))
        picked = wanted.setdefault(key, [])
        if len(picked) < PER_SOURCE_AND_TYPE:
            picked.append(finding)
    excerpts: list[dict[str, Any]] = []
    for raw_path in sorted({path for path, _ in wanted}):
        redacted = _redacted_twin(raw_path, raw_root, outputs)
        if redacted is None or not (project / redacted).is_file():
            continue
        chosen = [
            f for (path, _), items in sorted(wanted.items()) if path == raw_path for f in items
        ]
        excerpts += _excerpts_in(project, raw_path, redacted, chosen, options)
    return excerpts


def _excerpts_in(
    project: Path,
    raw_path: str,
    redacted: str,
    findings: list[dict[str, Any]],
    options: ReaderOptions | None,
) -> list[dict[str, Any]]:
    by_line: dict[int, list[dict[str, Any]]] = {}
    for finding in findings:
        if isinstance(finding.get("line"), int):
            by_line.setdefault(finding["line"], []).append(finding)
    found: list[dict[str, Any]] = []
    for record in _records(project / redacted, options or ReaderOptions(skip_invalid=True)):
        for finding in by_line.pop(record.line, []):
            strings = {leaf.raw: leaf.value for leaf in leaves(record.data)}
            text = strings.get(str(finding.get("field")), "")
            text = text if isinstance(text, str) else ""
            placeholder = f"<{finding.get('type')}>"
            at = text.find(placeholder)
            if at < 0:
                match = PLACEHOLDER.search(text)
                at = match.start() if match else -1
            found.append(
                {
                    "source": raw_path,
                    "redacted_file": redacted,
                    "line": record.line,
                    "record_id": finding.get("record_id"),
                    "field": finding.get("field"),
                    "type": finding.get("type"),
                    "excerpt": mask_context(text, at) if at >= 0 else None,
                }
            )
        if not by_line:
            break
    return found


def _records(path: Path, options: ReaderOptions) -> Iterable[Any]:
    skipping = ReaderOptions(options.id_field, options.text_fields, skip_invalid=True)
    return read_records([path], skipping)


def _first_input(report: dict[str, Any]) -> str | None:
    inputs = (report.get("provenance") or {}).get("inputs") or []
    first = inputs[0] if inputs and isinstance(inputs[0], dict) else {}
    path = first.get("path")
    return path if isinstance(path, str) else None


def _redacted_twin(raw_path: str, raw_root: str, outputs: list[Any]) -> str | None:
    """The redacted output whose path relative to its root equals ``raw_path``'s."""
    try:
        relative = PurePosixPath(raw_path).relative_to(PurePosixPath(raw_root))
    except ValueError:
        return None
    for output in outputs:
        if not isinstance(output, str):
            continue
        path = PurePosixPath(output)
        # Only files inside the project: a report is data, it must not point the review elsewhere.
        if path.is_absolute() or ".." in path.parts:
            continue
        if path.as_posix().endswith("/" + relative.as_posix()):
            return output
    return None
