"""What govern knows about licenses, loaded once from ``govern/licenses/data/*.yaml``.

The data files are declarative (ids, globs, phrases); the code that uses them lives in
``ids.py``, ``textmatch.py`` and ``decide.py``. Models are strict so a typo in a data file fails
at load time, and ``tests/licenses/test_knowledge.py`` checks every id against the SPDX index.
"""

from __future__ import annotations

from functools import cache
from importlib.resources import files
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field


class _Data(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class AmbiguousId(_Data):
    reason: str
    family: tuple[str, ...] = ()


class ObligationItem(_Data):
    id: str
    when: Literal["always", "distribute"]
    text: str


class ObligationRule(_Data):
    license: str = Field(description="Glob over license ids.")
    items: tuple[ObligationItem, ...]


class UpstreamRule(_Data):
    base_model: str = Field(description="Glob over base model names (org/name).")
    license: str = Field(description="Glob every derivative's license must match.")


class Knowledge(_Data):
    extra_ids: dict[str, str]
    hf_ids: dict[str, str]
    ambiguous_ids: dict[str, AmbiguousId]
    unknown_values: frozenset[str]
    noncommercial: tuple[str, ...]
    obligations: tuple[ObligationRule, ...]
    notices: dict[str, str]
    upstream: tuple[UpstreamRule, ...]


class Variant(_Data):
    name: str
    kind: Literal["text", "notice"] = "text"
    complete: bool = False
    phrases: tuple[str, ...] = Field(min_length=1)


class LicenseText(_Data):
    titles: tuple[str, ...]
    variants: tuple[Variant, ...] = Field(min_length=1)


class Fingerprints(_Data):
    licenses: dict[str, LicenseText]
    restrictions: tuple[str, ...]


class Mentions(_Data):
    confidence: dict[Literal["notice", "spdx-id", "reference"], float]
    verbs: tuple[str, ...] = Field(min_length=1)
    negations: tuple[str, ...] = Field(min_length=1)
    notices: dict[str, tuple[str, ...]]
    names: dict[str, tuple[str, ...]]


def _load(name: str) -> Any:
    text = files("govern.licenses").joinpath("data", name).read_text(encoding="utf-8")
    # The C loader (when PyYAML has it) keeps policy loading fast; both are safe loaders.
    return yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))


@cache
def knowledge() -> Knowledge:
    """Id maps, non-commercial licenses, obligations, notices and upstream rules."""
    return Knowledge.model_validate(_load("knowledge.yaml"))


@cache
def fingerprints() -> Fingerprints:
    """The characteristic phrases of the license texts the matcher recognises."""
    return Fingerprints.model_validate(_load("fingerprints.yaml"))


@cache
def mentions() -> Mentions:
    """Standard notices and license names that a 'released under ...' sentence refers to."""
    return Mentions.model_validate(_load("mentions.yaml"))
