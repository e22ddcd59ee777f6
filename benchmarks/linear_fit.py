"""Fit a ``govern.scan.linear.LinearModel`` (multinomial logistic regression) and write it.

The judges' training scripts (``train_*_model.py``) turn labeled benchmark records into
examples, (features, class), and call ``fit``; ``write`` stores the model as compact JSON
(gzipped when the name ends in ``.gz``), atomically, readable by everyone like the rest of
the package's data.
"""

from __future__ import annotations

import gzip
import json
import os
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from govern.io import atomic_write_bytes  # noqa: E402
from govern.scan.linear import LinearModel  # noqa: E402

Example = tuple[list[str], str]


def fit(
    examples: Sequence[Example],
    classes: Sequence[str],
    *,
    kind: str,
    c: float = 1.0,
    min_count: int = 2,
    thresholds: dict[str, float] | None = None,
    provenance: dict[str, Any] | None = None,
) -> LinearModel:
    """An L2 multinomial logistic regression on ``examples``; ``classes[0]`` is "none".

    Features seen in fewer than ``min_count`` examples are dropped; weights under 5e-5 in
    every class are not stored.
    """
    import numpy as np
    from scipy.sparse import csr_matrix
    from sklearn.linear_model import LogisticRegression

    index_of = {name: i for i, name in enumerate(classes)}
    unknown = {label for _, label in examples} - set(index_of)
    if unknown:
        raise ValueError(f"examples of classes not in {list(classes)}: {sorted(unknown)}")
    counts = Counter(f for features, _ in examples for f in set(features))
    names = sorted(f for f, n in counts.items() if n >= min_count)
    column = {name: i for i, name in enumerate(names)}
    rows, cols = [], []
    for row, (features, _) in enumerate(examples):
        for index in sorted({column[f] for f in features if f in column}):
            rows.append(row)
            cols.append(index)
    x = csr_matrix(
        (np.ones(len(rows)), (np.array(rows, dtype=np.int64), np.array(cols, dtype=np.int64))),
        shape=(len(examples), len(names)),
    )
    y = np.array([index_of[label] for _, label in examples])
    present = sorted(set(y.tolist()))
    if len(present) < 2:
        raise ValueError("examples of two or more classes are needed")
    fit = LogisticRegression(C=c, solver="lbfgs", max_iter=5000, tol=1e-6).fit(x, y)
    coef = np.zeros((len(classes), len(names)))
    bias = np.full(len(classes), -1e3)  # a class with no example gets no chance
    if len(present) == 2:  # scikit-learn fits one row: the log-odds of the second class
        bias[present[0]] = 0.0
        coef[present[1]] = fit.coef_[0]
        bias[present[1]] = fit.intercept_[0]
    else:
        for row, label in enumerate(fit.classes_.tolist()):
            coef[label] = fit.coef_[row]
            bias[label] = fit.intercept_[row]
    weights = {
        name: tuple(round(float(w), 4) for w in coef[:, i])
        for i, name in enumerate(names)
        if float(np.abs(coef[:, i]).max()) >= 5e-5
    }
    return LinearModel(
        kind,
        tuple(classes),
        weights,
        tuple(round(float(b), 4) for b in bias),
        dict(thresholds or {}),
        dict(provenance or {}),
    )


def write(model: LinearModel, path: Path) -> None:
    """``model`` as compact, key-sorted JSON in ``path`` (gzipped for ``.gz``), atomically,
    then readable by all (the package's data files are)."""
    text = json.dumps(model.to_json(), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    data = text.encode("utf-8") + b"\n"
    if path.suffix == ".gz":
        data = gzip.compress(data, mtime=0)  # mtime 0: equal models, equal bytes
    atomic_write_bytes(path, data)
    os.chmod(path, 0o644)
