"""The learned judges' linear model (``govern.scan.linear``) and its fitting script."""

from __future__ import annotations

import gzip
import importlib.util
import json
import stat
from pathlib import Path
from types import ModuleType

import pytest

from govern.errors import InputError
from govern.scan.linear import LinearModel, ModelFileError, from_json, load

ROOT = Path(__file__).resolve().parents[2]
CLASSES = ("none", "MRN", "ACCOUNT")


def _fitter() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "linear_fit", ROOT / "benchmarks" / "linear_fit.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _model(**thresholds: float) -> LinearModel:
    weights = {"label=mrn": (0.0, 4.0, 0.0), "label=acct": (0.0, 0.0, 4.0), "digits": (-1, 1, 1)}
    return LinearModel("identifier", CLASSES, weights, (1.0, -2.0, -2.0), thresholds, {})


def test_the_class_with_the_most_evidence_is_decided() -> None:
    model = _model()
    assert model.decide(["label=mrn", "digits"])[0] == "MRN"  # type: ignore[index]
    assert model.decide(["label=acct", "digits"])[0] == "ACCOUNT"  # type: ignore[index]
    # no label: "none" wins, and none is never reported as a class
    assert model.decide(["digits"]) is None
    assert model.decide([]) is None
    probabilities = model.probabilities(["label=mrn"])
    assert sum(probabilities.values()) == pytest.approx(1.0)
    assert max(probabilities, key=probabilities.__getitem__) == "MRN"


def test_a_class_below_its_threshold_is_not_decided() -> None:
    features = ["label=mrn"]  # P(MRN) ~ 0.7
    assert _model().decide(features) is not None
    assert _model(MRN=0.9).decide(features) is None
    assert _model(ACCOUNT=0.9).decide(features) is not None


def test_unknown_features_and_repeats_change_nothing() -> None:
    model = _model()
    assert model.scores(["label=mrn", "never-seen"]) == model.scores(["label=mrn"])
    assert model.scores(["label=mrn", "label=mrn"]) == model.scores(["label=mrn"])


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"classes": ["none"]}, "two or more"),
        ({"bias": [0.0, 0.0]}, "2 biases for 3 classes"),
        ({"weights": {"f": [1.0]}}, "feature 'f'"),
        ({"thresholds": {"none": 0.5}}, "unknown classes"),
        ({"thresholds": {"MRN": 1.5}}, "outside (0, 1)"),
        ({"format": 99}, "format 99"),
        ({"kind": "date"}, "expected 'identifier'"),
    ],
)
def test_a_malformed_model_is_refused(change: dict[str, object], message: str) -> None:
    data = _model().to_json() | change
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        from_json(data, "identifier")


def test_load_names_the_file_in_one_line(tmp_path: Path) -> None:
    with pytest.raises(ModelFileError, match="not found") as missing:
        load(tmp_path / "absent.json", "identifier")
    assert isinstance(missing.value, InputError)  # the CLI's exit 2
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": 1,\n  "kind": ]', encoding="utf-8")
    with pytest.raises(ModelFileError, match=r"broken\.json: not a identifier model \(line 2"):
        load(broken, "identifier")
    listed = tmp_path / "list.json"
    listed.write_text("[]", encoding="utf-8")
    with pytest.raises(ModelFileError, match="not a JSON object"):
        load(listed, "identifier")
    other = tmp_path / "other.json"
    other.write_text(json.dumps(_model().to_json() | {"kind": "date"}), encoding="utf-8")
    with pytest.raises(ModelFileError, match="expected 'identifier'") as wrong:
        load(other, "identifier")
    assert "\n" not in str(wrong.value)


def test_fit_learns_separable_classes_and_writes_a_stable_file(tmp_path: Path) -> None:
    fitter = _fitter()
    examples = (
        [(["label=mrn", "shape=d7"], "MRN")] * 20
        + [(["label=acct", "shape=d7"], "ACCOUNT")] * 20
        + [(["label=order", "shape=d7"], "none")] * 20
        + [(["once"], "none")]  # seen once: dropped by min_count
    )
    model = fitter.fit(examples, CLASSES, kind="identifier", c=10.0, provenance={"seed": 1})
    assert "once" not in model.weights
    assert model.decide(["label=mrn", "shape=d7"])[0] == "MRN"
    assert model.decide(["label=acct", "shape=d7"])[0] == "ACCOUNT"
    assert model.decide(["label=order", "shape=d7"]) is None
    for name in ("model.json", "model.json.gz"):
        path = tmp_path / name
        fitter.write(model, path)
        first = path.read_bytes()
        fitter.write(model, path)
        assert path.read_bytes() == first  # equal models, equal bytes (gzip without a time)
        assert stat.S_IMODE(path.stat().st_mode) == 0o644
        loaded = load(path, "identifier")
        assert loaded.weights == model.weights and loaded.provenance == {"seed": 1}
        assert loaded.probabilities(["label=mrn"]) == model.probabilities(["label=mrn"])
    assert gzip.decompress((tmp_path / "model.json.gz").read_bytes()).startswith(b"{")


def test_fit_with_two_of_three_classes_never_decides_the_third() -> None:
    fitter = _fitter()
    examples = [(["label=mrn"], "MRN")] * 10 + [(["label=order"], "none")] * 10
    model = fitter.fit(examples, CLASSES, kind="identifier", c=10.0)
    assert model.decide(["label=mrn"])[0] == "MRN"  # type: ignore[index]
    assert model.probabilities(["label=order"])["ACCOUNT"] < 1e-6
    with pytest.raises(ValueError, match="not in"):
        fitter.fit([(["x"], "PLATE"), (["y"], "none")], CLASSES, kind="identifier")
    with pytest.raises(ValueError, match="two or more classes"):
        fitter.fit([(["x"], "none")] * 3, CLASSES, kind="identifier")
