"""The typed contract between stages: one pydantic model per report kind writes and reads it.

A stage owns its report's model (``govern/scan/contract.py`` and so on); the pieces every
report shares (which tool, which policy, which inputs) are here. Models are strict about keys
(``extra="forbid"``): a misspelt or unknown key is an error naming it, so a reader never
guesses at a report another version wrote. Sections not yet modelled field by field are typed
``dict[str, Any]`` and say so.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Self, TypeVar

from pydantic import BaseModel, ConfigDict, RootModel, ValidationError

from govern.errors import InputError
from govern.io import atomic_write_json


class ReportModel(BaseModel):
    """Base of every report model: unknown keys are refused; ``to_json`` gives back the
    exact document it was read from (keys absent there stay absent)."""

    model_config = ConfigDict(extra="forbid")

    def to_json(self) -> dict[str, Any]:
        """The report as JSON-ready data, the way its stage writes it."""
        return self.model_dump(mode="json", exclude_unset=True, by_alias=True)

    @classmethod
    def from_json(cls, data: Any, where: str = "report") -> Self:
        """Validate parsed JSON; InputError naming ``where`` and the first wrong key."""
        return _validated(cls, data, where)

    @classmethod
    def load(cls, path: Path) -> Self:
        """Read and validate the report at ``path``; InputError (one line) when it is not one."""
        return _validated(cls, _read(path), str(path))


class ReportRows(RootModel[list[Any]]):
    """Base of a report that is a JSON list of rows (``gates.json``): a subclass names its row
    model with ``root: list[Row]``; the rows' models refuse unknown keys."""

    def to_json(self) -> list[Any]:
        """The rows as JSON-ready data, the way their stage writes them."""
        rows: list[Any] = self.model_dump(mode="json", exclude_unset=True, by_alias=True)
        return rows

    @classmethod
    def from_json(cls, data: Any, where: str = "report") -> Self:
        """Validate parsed JSON; InputError naming ``where`` and the first wrong key."""
        return _validated(cls, data, where)

    @classmethod
    def load(cls, path: Path) -> Self:
        """Read and validate the report at ``path``; InputError (one line) when it is not one."""
        return _validated(cls, _read(path), str(path))


M = TypeVar("M", bound=BaseModel)

# Any report model: an object (most kinds) or a list of rows.
Report = ReportModel | ReportRows


def _validated(model: type[M], data: Any, where: str) -> M:
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise InputError(f"{where}: not a {model.__name__}: {first_problem(exc)}") from None


def _read(path: Path) -> Any:
    try:
        return json.loads(path.read_bytes())
    except FileNotFoundError:
        raise InputError(f"{path}: report not found") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise InputError(f"{path}: not a JSON report ({type(exc).__name__})") from None


def first_problem(exc: ValidationError) -> str:
    """``key.path: message`` of the first error; never the offending value (it may be data)."""
    error = exc.errors(include_input=False, include_url=False)[0]
    where = ".".join(str(part) for part in error["loc"]) or "(top level)"
    return f"{where}: {error['msg']}"


class ToolRef(ReportModel):
    name: str
    version: str


class PolicyRef(ReportModel):
    """Which policy produced a report (``LoadedPolicy.provenance()``)."""

    path: str
    sha256: str
    name: str


class InputRef(ReportModel):
    path: str
    sha256: str


class Provenance(ReportModel):
    """``govern.provenance.provenance()``: tool, policy, params and hashed inputs."""

    tool: ToolRef
    policy: PolicyRef | None
    params: dict[str, Any]
    inputs: list[InputRef]


class LinkSkipped(ReportModel):
    path: str
    reason: str


class ReadSummary(ReportModel):
    """``records.ReadStats.to_json()``: which files were read and which records skipped."""

    files: list[str]
    ignored_files: list[str]
    links_skipped: list[LinkSkipped]
    records: int
    skipped: int
    skipped_by_reason: dict[str, int]
    skipped_at: list[str]


def write_report(path: str | os.PathLike[str], model: type[Report], data: Any) -> Path:
    """Check ``data`` against ``model`` and write it (atomic, indented, key-sorted JSON).

    What is written is ``data`` as given once the model accepts it, so the bytes are the ones
    its stage always wrote and the model reads them back unchanged; a report that does not fit
    its model is an InputError naming the first wrong key, and nothing is written.
    """
    model.from_json(data, str(path))
    return atomic_write_json(path, data)
