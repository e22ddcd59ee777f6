"""How a report value is shown to a person: the one table the HTML and Markdown both follow.

``show(value, field)`` turns a value from a report into a cell: text (sizes, durations, shares
and rates with units and sensible precision; booleans as words), a ``tone`` where the word is
an outcome (``good``/``bad``/``handled``), or ``pairs`` (a small key/value table) for nested
results. Never JSON. The field name picks the kind (``FIELDS`` first, then ``SUFFIXES``).
"""

from __future__ import annotations

import math
from typing import Any, Literal

Kind = Literal[
    "size",
    "megabytes",
    "duration",
    "share",
    "rate",
    "loss",
    "hash",
    "reproduced",
    "passed",
    "excluded",
    "percent",
]
Tone = Literal["good", "bad", "handled"]

# Exact field names whose values need a kind their name's ending does not say.
FIELDS: dict[str, Kind] = {
    "bytes": "size",
    "size": "size",
    "seconds": "duration",
    "duration_s": "duration",
    "target": "share",
    "learning_rate": "rate",
    "loss": "loss",
    "final_loss": "loss",
    "reproduced": "reproduced",  # a memorization probe's completed value: true is the bad news
    "passed": "passed",
    "percent": "percent",
    "match": "passed",
    "ok": "passed",
    # source -> verdict of sources left out of the data: the policy working, not a failure
    "excluded_sources": "excluded",
}
# Field name endings, tried in order.
SUFFIXES: tuple[tuple[str, Kind], ...] = (
    ("_bytes", "size"),
    ("_mb", "megabytes"),
    ("_seconds", "duration"),
    ("_ratio", "share"),
    ("_loss", "loss"),
    ("_rate", "rate"),
    ("sha256", "hash"),
    ("_hash", "hash"),
)
# Outcome words and their colour; anything else is shown plain.
TONES: dict[str, Tone] = {
    **dict.fromkeys(("pass", "passed", "ok", "allow", "ready", "completed"), "good"),
    **dict.fromkeys(
        ("fail", "failed", "deny", "blocked", "missing", "unreadable", "broken"), "bad"
    ),
}
MAX_ITEMS = 40


def kind_of(field: str | None) -> Kind | None:
    if not field:
        return None
    name = field.lower().replace(" ", "_")
    if name in FIELDS:
        return FIELDS[name]
    return next((kind for suffix, kind in SUFFIXES if name.endswith(suffix)), None)


def label(field: Any) -> str:
    """A field name as a heading: ``duration_s`` -> ``duration``, ``peak_rss_mb`` -> words."""
    text = str(field)
    for suffix in ("_s", "_mb", "_bytes"):
        if text.endswith(suffix) and len(text) > len(suffix):
            text = text[: -len(suffix)]
    return text.replace("_", " ")


def toned(text: str, tone: Tone | None) -> Any:
    return {"text": text, "tone": tone} if tone else text


def show(value: Any, field: str | None = None) -> Any:
    """The cell for ``value`` of report field ``field`` (see the module docstring)."""
    kind = kind_of(field)
    if value is None:
        return None
    if isinstance(value, bool):
        return _flag(value, kind)
    if isinstance(value, int | float):
        return _number(value, kind)
    if isinstance(value, str):
        if kind == "hash" and value:
            return {"text": value.rsplit(":", 1)[-1][:12], "code": True}
        return toned(value, TONES.get(value.lower()))
    if isinstance(value, dict):
        if not value:
            return "none"
        items = list(value.items())[:MAX_ITEMS]
        if kind == "excluded":
            return {"pairs": [[str(k), toned(f"{v} (left out)", "handled")] for k, v in items]}
        return {"pairs": [[label(k), show(v, str(k))] for k, v in items]}
    if isinstance(value, list | tuple):
        if not value:
            return "none"
        if all(isinstance(v, str | int | float) and not isinstance(v, bool) for v in value):
            return ", ".join(text_of(show(v, field)) for v in value[:MAX_ITEMS])
        return {"pairs": [[str(i + 1), show(v, field)] for i, v in enumerate(value[:MAX_ITEMS])]}
    return str(value)


def _flag(value: bool, kind: Kind | None) -> Any:
    if kind == "reproduced":
        return toned("reproduced", "bad") if value else toned("not reproduced", "good")
    if kind == "passed":
        return toned("passed", "good") if value else toned("failed", "bad")
    return "yes" if value else "no"


def _number(value: float, kind: Kind | None) -> str:
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)
    if kind == "size":
        return size(value)
    if kind == "megabytes":
        return size(value * 1024 * 1024)
    if kind == "duration":
        return duration(value)
    if kind == "share":
        return f"{value:.1%}"
    if kind == "percent":
        return f"{value:.1f}%"
    if kind == "rate":
        return f"{value:.2g}"
    if kind == "loss":
        return f"{value:.4g}"
    if isinstance(value, int):
        return f"{value:,}"
    return f"{value:.4g}"


def size(n: float) -> str:
    """Bytes in binary units: ``1,109 B``, ``12.3 KiB``, ``4.20 MiB``."""
    if abs(n) < 1024:
        return f"{int(n):,} B"
    for unit in ("KiB", "MiB", "GiB", "TiB"):
        n /= 1024
        if abs(n) < 1024 or unit == "TiB":
            return f"{n:.3g} {unit}" if n < 100 else f"{n:,.0f} {unit}"
    raise AssertionError("unreachable")


def duration(seconds: float) -> str:
    """``120 ms``, ``3.2 s``, ``2 min 05 s``, ``1 h 03 min``."""
    if seconds < 1:
        return f"{seconds * 1000:.3g} ms"
    if seconds < 60:
        return f"{seconds:.3g} s"
    minutes, rest = divmod(round(seconds), 60)
    if minutes < 60:
        return f"{minutes} min {rest:02d} s"
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes:02d} min"


def text_of(cell: Any) -> str:
    """A cell as one line of plain text (Markdown, and lists inside a cell)."""
    if cell is None:
        return "—"
    if isinstance(cell, dict):
        if "pairs" in cell:
            return "; ".join(f"{k}: {_nested(v)}" for k, v in cell["pairs"])
        return str(cell.get("text", ""))
    return str(cell)


def _nested(cell: Any) -> str:
    text = text_of(cell)
    return f"({text})" if isinstance(cell, dict) and "pairs" in cell else text
