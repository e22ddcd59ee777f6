"""Evidence of a license: card fields, record fields and license texts, each with its file hash.

Every piece says how it was found, where (path, sha256, line) and what it means (an SPDX
expression, or the problem that keeps it from deciding). Only evidence files are read here;
records are counted in ``sources.py``.
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Literal

import yaml

from govern.errors import InputError
from govern.hashing import sha256_file
from govern.licenses import knowledge
from govern.licenses.ids import Mapped, is_noncommercial, map_declared
from govern.licenses.mentions import find_mentions
from govern.licenses.textmatch import copyright_lines, match_text, restrictions

Method = Literal[
    "card-field",
    "record-field",
    "license-text",
    "notice",
    "spdx-id",
    "reference",
    "notice-file",
    "model-config",
]
# Licenses named rather than quoted (see mentions.py): decisive, but less sure than a text.
MENTIONS: tuple[Method, ...] = ("notice", "spdx-id", "reference")

LICENSE_FILE = re.compile(r"^(licen[cs]e|copying)([-._].*)?$", re.IGNORECASE)
NOTICE_FILE = re.compile(r"^notice([-._].*)?$", re.IGNORECASE)
CARD_FILE = "README.md"
_MAX_TEXT = 1 << 20  # evidence files are small; a larger one is read in part
_MAX_NOTICE = 2000


def is_evidence_file(name: str) -> bool:
    """A card, license text or notice: copied with the approved records they cover."""
    return name == CARD_FILE or bool(LICENSE_FILE.match(name) or NOTICE_FILE.match(name))


@dataclass(frozen=True, slots=True)
class Evidence:
    """One finding about a source's license and the file it rests on."""

    method: Method
    path: str
    sha256: str
    field: str | None = None
    declared: str | None = None  # the value exactly as written
    spdx: str | None = None
    problem: str | None = None
    unknown: bool = False
    family: tuple[str, ...] = ()
    score: float | None = None
    detail: str | None = None
    line: int | None = None
    records: int | None = None
    attribution: tuple[str, ...] = ()
    base_model: str | None = None

    @property
    def decisive(self) -> bool:
        """Does it say what the license is (or fail to)? Notices and base models only inform."""
        return self.method in ("card-field", "record-field", "license-text", *MENTIONS) and (
            self.base_model is None
        )

    @property
    def label(self) -> str:
        where = f"{self.path}:{self.line}" if self.line else self.path
        if self.method == "license-text":
            return f"license text {where}"
        if self.method == "spdx-id":
            return f"SPDX-License-Identifier {where}"
        if self.method in MENTIONS:
            return f"{self.method} {self.declared!r} {where}"
        if self.method == "record-field":
            return f"record field {self.field!r} ({self.records} records, first {where})"
        return f"{self.method.replace('-', ' ')} {self.field!r} {where}"

    def to_json(self) -> dict[str, Any]:
        # Leave out what does not apply; a score of 0.0 is evidence and stays.
        data = {k: v for k, v in asdict(self).items() if v is not None and v is not False}
        data = {k: v for k, v in data.items() if v != ()}
        data["label"] = self.label
        return data


def from_mapping(mapped: Mapped, **fields: Any) -> Evidence:
    return Evidence(
        spdx=mapped.spdx,
        problem=mapped.problem,
        unknown=mapped.unknown,
        family=mapped.family,
        **fields,
    )


def read_text(path: Path) -> str:
    """A small text file, decoded; InputError naming the file if it cannot be read."""
    try:
        with path.open("rb") as handle:
            raw = handle.read(_MAX_TEXT)
    except OSError as exc:
        raise InputError(f"{path}: cannot read: {exc.strerror}") from None
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        if len(raw) == _MAX_TEXT and exc.start >= _MAX_TEXT - 3:  # cut inside a character
            return raw[: exc.start].decode("utf-8-sig")
        raise InputError(f"{path}: not UTF-8 (byte {exc.start})") from None


def front_matter(path: Path, text: str) -> tuple[dict[str, Any], dict[str, int]]:
    """The YAML front matter of a card and the line of each top-level key; empty without one."""
    lines = text.splitlines()
    if not lines or lines[0].strip() != "---":
        return {}, {}
    end = next((i for i, line in enumerate(lines[1:], 1) if line.strip() in ("---", "...")), None)
    if end is None:
        raise InputError(f"{path}:1: front matter opened with '---' is never closed")
    block = "\n".join(lines[1:end])
    try:
        node = yaml.compose(block)
        data = yaml.safe_load(block)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 2 if mark is not None else 1
        problem = getattr(exc, "problem", None) or "invalid YAML"
        raise InputError(f"{path}:{line}: invalid YAML front matter: {problem}") from None
    if data is None:
        return {}, {}
    if not isinstance(data, dict) or not isinstance(node, yaml.MappingNode):
        raise InputError(f"{path}:2: front matter must be a YAML mapping")
    key_lines = {str(key.value): key.start_mark.line + 2 for key, _value in node.value}
    return data, key_lines


def card_evidence(path: Path) -> list[Evidence]:
    """A card's ``license`` (with ``license_name``/``license_link``) and ``base_model`` fields.

    Prose restricting commercial use under a license that allows it is a problem of the field.
    """
    text = read_text(path)
    fields, key_lines = front_matter(path, text)
    digest = sha256_file(path)
    found: list[Evidence] = []
    if "license" in fields:
        value = fields["license"]
        # A card listing several licenses means all of them apply.
        values = value if isinstance(value, list) and value else [value]
        name, link = fields.get("license_name"), fields.get("license_link")
        parts = [map_declared(v, name, link) for v in values]
        mapped = _check_prose(parts[0] if len(parts) == 1 else _all_of(parts), text)
        detail = ", ".join(
            f"{k}: {fields[k]}" for k in ("license_name", "license_link") if k in fields
        )
        found.append(
            from_mapping(
                mapped,
                method="card-field",
                path=str(path),
                sha256=digest,
                field="license",
                declared=_as_text(value),
                detail=detail or None,
                line=key_lines.get("license"),
                attribution=_card_credit(fields),
            )
        )
    for base in _as_list(fields.get("base_model")):
        found.append(
            Evidence(
                method="card-field",
                path=str(path),
                sha256=digest,
                field="base_model",
                declared=base,
                line=key_lines.get("base_model"),
                base_model=base,
            )
        )
    return found


def _all_of(parts: list[Mapped]) -> Mapped:
    problems = [p.problem for p in parts if p.problem]
    if problems:
        return Mapped(problem="; ".join(problems), unknown=all(p.unknown for p in parts))
    return map_declared(" AND ".join(f"({p.spdx})" for p in parts))


def _check_prose(mapped: Mapped, text: str) -> Mapped:
    """A card whose prose says 'non-commercial' while its license field does not: a problem."""
    if mapped.spdx is None or is_noncommercial(mapped.spdx):
        return mapped
    found = restrictions(text)
    if not found:
        return mapped
    problem = f"the card's text restricts commercial use ({found[0]!r}) but declares {mapped.spdx}"
    return Mapped(spdx=mapped.spdx, problem=problem)


def _as_text(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)


def _as_list(value: Any) -> list[str]:
    values = value if isinstance(value, list) else [value]
    return [v for v in values if isinstance(v, str) and v.strip()]


def _card_credit(fields: dict[str, Any]) -> tuple[str, ...]:
    name = fields.get("pretty_name")
    url = fields.get("source_url") or fields.get("homepage")
    if not isinstance(name, str):
        return ()
    return (f"{name} ({url})" if isinstance(url, str) else name,)


def license_text_evidence(path: Path) -> list[Evidence]:
    """A LICENSE/COPYING file: a known license text or notice, and the licenses it mentions.

    A text that matches no known license but mentions one (an SPDX line, "released under the
    MIT License") is evidence of the mention only; with no mention either it stays a
    license-text item whose problem says it matched nothing.
    """
    text = read_text(path)
    match = match_text(text)
    digest = sha256_file(path)
    credit = tuple(copyright_lines(text))
    is_notice = match.kind == "notice"
    matched = Evidence(
        method="notice" if is_notice and match.spdx else "license-text",
        path=str(path),
        sha256=digest,
        spdx=match.spdx,
        problem=None if match.exact else match.describe(),
        score=min(match.score, knowledge.mentions().confidence["notice"])
        if is_notice
        else match.score,
        detail=match.describe(),
        attribution=credit,
    )
    # A partial notice is better told by the notice's opening sentence (a mention below).
    found = [matched] if match.spdx is not None and (match.exact or not is_notice) else []
    taken = {(item.method, item.spdx) for item in found}
    for mention in find_mentions(text):
        if (mention.method, mention.spdx) in taken:
            continue
        found.append(
            Evidence(
                method=mention.method,
                path=str(path),
                sha256=digest,
                declared=mention.declared,
                spdx=mention.spdx,
                problem=mention.problem,
                score=mention.score,
                line=mention.line,
                attribution=credit,
            )
        )
    return found or [matched]


def notice_evidence(path: Path) -> Evidence:
    """A NOTICE file: attribution that must travel with the data (Apache-2.0 section 4(d))."""
    text = read_text(path).strip()
    notice = text if len(text) <= _MAX_NOTICE else text[:_MAX_NOTICE] + " [...]"
    return Evidence(
        method="notice-file", path=str(path), sha256=sha256_file(path), attribution=(notice,)
    )


def model_config_evidence(path: Path) -> list[Evidence]:
    """A model config's ``_name_or_path`` when it names a hub model: its base model."""
    try:
        config = json.loads(read_text(path))
    except json.JSONDecodeError as exc:
        raise InputError(f"{path}:{exc.lineno}: invalid JSON: {exc.msg}") from None
    name = config.get("_name_or_path") if isinstance(config, dict) else None
    if not isinstance(name, str) or "/" not in name or name.startswith(("/", ".", "~")):
        return []
    return [
        Evidence(
            method="model-config",
            path=str(path),
            sha256=sha256_file(path),
            field="_name_or_path",
            declared=name,
            base_model=name,
        )
    ]
