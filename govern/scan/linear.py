"""A linear classifier over string features, read from JSON and scored in plain Python.

The learned judges of the PII scan (identifiers, dates) decide a candidate from the words
around it and its shape: sparse, named features. Each is a multinomial logistic regression
trained by a script in ``benchmarks/`` (scikit-learn, at training time only) and shipped as a
JSON file: the class names, one weight per class for each feature, the biases, a threshold per
class and the provenance of the training run. Scanning reads it with ``json`` and sums
weights; nothing here imports numpy or scikit-learn.

The first class is the "none of these" class: ``decide`` names another class only when its
probability reaches that class's threshold and beats every other class.
"""

from __future__ import annotations

import gzip
import json
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from govern.errors import InputError

FORMAT = 1


class ModelFileError(InputError):
    """A model file is missing or is not a model this version reads (exit 2)."""


@dataclass(slots=True)
class LinearModel:
    """Classes (the first is "none"), per-feature weights by class, biases and thresholds."""

    kind: str  # what the model decides ("identifier", "date"): checked on load
    classes: tuple[str, ...]
    weights: dict[str, tuple[float, ...]]
    bias: tuple[float, ...]
    thresholds: dict[str, float]
    provenance: dict[str, Any]
    _limits: tuple[float, ...] = field(init=False)

    def __post_init__(self) -> None:
        count = len(self.classes)
        if count < 2 or len(set(self.classes)) != count:
            raise ValueError("needs two or more distinct classes")
        if len(self.bias) != count:
            raise ValueError(f"{len(self.bias)} biases for {count} classes")
        for name, row in self.weights.items():
            if len(row) != count:
                raise ValueError(f"feature {name!r}: {len(row)} weights for {count} classes")
        unknown = set(self.thresholds) - set(self.classes[1:])
        if unknown:
            raise ValueError(f"thresholds for unknown classes {sorted(unknown)}")
        for name, value in self.thresholds.items():
            if not 0 < value < 1:
                raise ValueError(f"threshold of {name} outside (0, 1)")
        self._limits = tuple(self.thresholds.get(name, 0.5) for name in self.classes)

    def scores(self, features: Iterable[str]) -> list[float]:
        """The linear score of each class (the log-odds before the softmax)."""
        totals = list(self.bias)
        weights = self.weights
        for feature in set(features):
            row = weights.get(feature)
            if row is not None:
                for index, weight in enumerate(row):
                    totals[index] += weight
        return totals

    def probabilities(self, features: Iterable[str]) -> dict[str, float]:
        """The probability of each class (a softmax over ``scores``)."""
        return dict(zip(self.classes, softmax(self.scores(features)), strict=True))

    def decide(self, features: Iterable[str]) -> tuple[str, float] | None:
        """The most probable class and its probability, when that class is not the first
        ("none") and its probability reaches its threshold; otherwise None."""
        probabilities = softmax(self.scores(features))
        best = max(range(len(probabilities)), key=probabilities.__getitem__)
        if best == 0 or probabilities[best] < self._limits[best]:
            return None
        return self.classes[best], probabilities[best]

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "kind": self.kind,
            "classes": list(self.classes),
            "bias": list(self.bias),
            "thresholds": self.thresholds,
            "provenance": self.provenance,
            "weights": {name: list(row) for name, row in sorted(self.weights.items())},
        }


def softmax(scores: Sequence[float]) -> list[float]:
    """Probabilities from linear scores (shifted by their maximum: no overflow)."""
    top = max(scores)
    exps = [math.exp(score - top) for score in scores]
    total = sum(exps)
    return [value / total for value in exps]


def from_json(data: Mapping[str, Any], kind: str) -> LinearModel:
    """The model in ``data`` (as ``to_json`` writes it); ValueError when it is not one of
    ``kind`` in this format."""
    if data.get("format") != FORMAT:
        raise ValueError(f"format {data.get('format')!r}, expected {FORMAT}")
    if data.get("kind") != kind:
        raise ValueError(f"a model of {data.get('kind')!r}, expected {kind!r}")
    return LinearModel(
        kind,
        tuple(str(name) for name in data["classes"]),
        {str(k): tuple(float(w) for w in row) for k, row in data["weights"].items()},
        tuple(float(b) for b in data["bias"]),
        {str(k): float(v) for k, v in data["thresholds"].items()},
        dict(data["provenance"]),
    )


def load(path: Path, kind: str) -> LinearModel:
    """The model of ``kind`` in ``path`` (JSON, gzipped when the name ends in ``.gz``);
    ``ModelFileError`` (one line naming the file) when it is missing or not such a model."""
    try:
        raw = path.read_bytes()
        if path.suffix == ".gz":
            raw = gzip.decompress(raw)
        data = json.loads(raw.decode("utf-8"))
    except FileNotFoundError:
        raise ModelFileError(f"{path}: {kind} model file not found") from None
    except (OSError, EOFError, UnicodeDecodeError, json.JSONDecodeError) as error:
        reason = (
            f"line {error.lineno}: {error.msg}"
            if isinstance(error, json.JSONDecodeError)
            else type(error).__name__
        )
        raise ModelFileError(f"{path}: not a {kind} model ({reason})") from None
    try:
        if not isinstance(data, dict):
            raise TypeError("not a JSON object")
        return from_json(data, kind)
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise ModelFileError(f"{path}: not a {kind} model ({error})") from None
