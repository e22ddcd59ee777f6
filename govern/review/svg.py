"""Line and point plots as inline SVG: no library, no script, no external reference.

Every string placed in the SVG is escaped; numbers are formatted, never interpolated raw.
"""

from __future__ import annotations

import math
from html import escape
from typing import Any

WIDTH, HEIGHT = 640, 280
LEFT, RIGHT, TOP, BOTTOM = 56, 16, 12, 40
# Okabe-Ito: distinguishable for colour-blind readers and in greyscale print.
COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#F0E442")
MAX_LEGEND = 12


def nice_ticks(low: float, high: float, count: int = 5) -> list[float]:
    """About ``count`` round tick values covering [low, high]."""
    if not (math.isfinite(low) and math.isfinite(high)):
        return [0.0]
    if high <= low:  # one value: a range around it, so it plots in the middle
        low, high = (low - 1, high + 1) if low == 0 else (low - abs(low) / 2, high + abs(high) / 2)
    raw = (high - low) / max(1, count - 1)
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(m * magnitude for m in (1, 2, 2.5, 5, 10) if m * magnitude >= raw)
    first = math.floor(low / step) * step
    ticks: list[float] = []
    value = first
    while len(ticks) < 20:
        ticks.append(round(value, 10))
        if value >= high:  # the last tick covers the highest value
            break
        value += step
    return ticks


def _fmt(value: float) -> str:
    return f"{value:.4g}"


def plot(series: list[dict[str, Any]], x_label: str, y_label: str, title: str) -> str:
    """An SVG element plotting ``series`` (``name``, ``points`` [[x, y]...], ``style``)."""
    finite = [
        (float(x), float(y))
        for s in series
        for x, y in s["points"]
        if math.isfinite(float(x)) and math.isfinite(float(y))
    ]
    if not finite:
        return '<p class="muted">No points to plot.</p>'
    xs, ys = [p[0] for p in finite], [p[1] for p in finite]
    x_ticks, y_ticks = nice_ticks(min(xs), max(xs)), nice_ticks(min(ys), max(ys))
    x0, x1 = x_ticks[0], x_ticks[-1]
    y0, y1 = y_ticks[0], y_ticks[-1]
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def sx(x: float) -> float:
        return LEFT + (x - x0) / (x1 - x0) * plot_w

    def sy(y: float) -> float:
        return TOP + (1 - (y - y0) / (y1 - y0)) * plot_h

    parts = [
        f'<svg viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'class="plot" role="img" aria-label="{escape(title)}">',
        f"<title>{escape(title)}</title>",
        f'<rect x="{LEFT}" y="{TOP}" width="{plot_w}" height="{plot_h}" class="frame"/>',
    ]
    for tick in y_ticks:
        y = sy(tick)
        parts.append(
            f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y:.1f}" y2="{y:.1f}" class="grid"/>'
        )
        parts.append(
            f'<text x="{LEFT - 6}" y="{y + 4:.1f}" class="tick" text-anchor="end">'
            f"{_fmt(tick)}</text>"
        )
    for tick in x_ticks:
        x = sx(tick)
        parts.append(
            f'<text x="{x:.1f}" y="{HEIGHT - BOTTOM + 16}" class="tick" '
            f'text-anchor="middle">{_fmt(tick)}</text>'
        )
    parts.append(
        f'<text x="{LEFT + plot_w / 2:.1f}" y="{HEIGHT - 6}" class="axis" '
        f'text-anchor="middle">{escape(x_label)}</text>'
    )
    parts.append(
        f'<text x="14" y="{TOP + plot_h / 2:.1f}" class="axis" text-anchor="middle" '
        f'transform="rotate(-90 14 {TOP + plot_h / 2:.1f})">{escape(y_label)}</text>'
    )
    for index, s in enumerate(series):
        colour = COLOURS[index % len(COLOURS)]
        coords = [
            (sx(float(x)), sy(float(y)))
            for x, y in s["points"]
            if math.isfinite(float(x)) and math.isfinite(float(y))
        ]
        if s.get("style") == "points" or len(coords) == 1:
            parts += [
                f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3" fill="{colour}"/>' for x, y in coords
            ]
        else:
            joined = " ".join(f"{x:.1f},{y:.1f}" for x, y in coords)
            parts.append(
                f'<polyline points="{joined}" fill="none" stroke="{colour}" stroke-width="1.5"/>'
            )
    parts.append("</svg>")
    return "".join(parts) + legend(series)


def legend(series: list[dict[str, Any]]) -> str:
    """The series names as an HTML list with colour swatches (wraps, prints, is selectable)."""
    items = [
        f'<li><span class="swatch" style="background:{COLOURS[i % len(COLOURS)]}"></span>'
        f"{escape(str(s['name']))}</li>"
        for i, s in enumerate(series[:MAX_LEGEND])
    ]
    if len(series) > MAX_LEGEND:
        items.append(f"<li>… {len(series) - MAX_LEGEND} more (colours repeat)</li>")
    return '<ul class="legend">' + "".join(items) + "</ul>"


def bars(categories: list[str], series: list[dict[str, Any]], y_label: str, title: str) -> str:
    """Grouped vertical bars: one group per category, one bar per series (``name``, ``values``).

    A missing value (None) leaves a gap; the axis starts at zero so bar lengths compare.
    """
    values = [
        float(v)
        for s in series
        for v in s["values"]
        if isinstance(v, int | float) and math.isfinite(float(v))
    ]
    if not values or not categories:
        return '<p class="muted">No values to chart.</p>'
    ticks = nice_ticks(min(0.0, min(values)), max(values) or 1.0)
    y0, y1 = ticks[0], ticks[-1]
    # Many categories: their labels are slanted, which needs room below the plot.
    slanted = len(categories) > 4
    bottom = BOTTOM + 56 if slanted else BOTTOM
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - bottom
    group = plot_w / len(categories)
    bar = group * 0.8 / max(1, len(series))

    def sy(y: float) -> float:
        return TOP + (1 - (y - y0) / (y1 - y0)) * plot_h

    parts = [
        f'<svg viewBox="0 0 {WIDTH} {HEIGHT}" class="plot" role="img" '
        f'aria-label="{escape(title)}"><title>{escape(title)}</title>',
        f'<rect x="{LEFT}" y="{TOP}" width="{plot_w}" height="{plot_h}" class="frame"/>',
    ]
    for tick in ticks:
        y = sy(tick)
        parts.append(
            f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y:.1f}" y2="{y:.1f}" class="grid"/>'
            f'<text x="{LEFT - 6}" y="{y + 4:.1f}" class="tick" text-anchor="end">'
            f"{_fmt(tick)}</text>"
        )
    for index, name in enumerate(categories):
        left = LEFT + index * group + group * 0.1
        for number, s in enumerate(series):
            value = s["values"][index] if index < len(s["values"]) else None
            if not isinstance(value, int | float) or not math.isfinite(float(value)):
                continue
            top, base = sy(max(0.0, float(value))), sy(min(0.0, float(value)))
            parts.append(
                f'<rect x="{left + number * bar:.1f}" y="{top:.1f}" width="{bar * 0.92:.1f}" '
                f'height="{max(0.5, base - top):.1f}" fill="{COLOURS[number % len(COLOURS)]}"/>'
            )
        label = name if len(name) <= 18 else name[:17] + "…"
        x, y = LEFT + (index + 0.5) * group, HEIGHT - bottom + 16
        turn = f' transform="rotate(-35 {x:.1f} {y})"' if slanted else ""
        anchor = "end" if slanted else "middle"
        parts.append(
            f'<text x="{x:.1f}" y="{y}" class="tick" text-anchor="{anchor}"{turn}>'
            f"{escape(label)}</text>"
        )
    parts.append(
        f'<text x="14" y="{TOP + plot_h / 2:.1f}" class="axis" text-anchor="middle" '
        f'transform="rotate(-90 14 {TOP + plot_h / 2:.1f})">{escape(y_label)}</text>'
    )
    parts.append("</svg>")
    return "".join(parts) + legend(series)
