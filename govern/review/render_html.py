"""The review as one self-contained HTML page: inline CSS and SVG, no script, no external URL.

Everything that comes from the document is escaped with ``html.escape``; links are relative
paths to the files the figures and tables come from, forced to stay relative (``./`` prefix)
so a crafted path can never become a ``javascript:`` or ``https:`` link.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any
from urllib.parse import quote

from govern.review.reasons import LEVEL_TITLES
from govern.review.svg import bars, plot
from govern.review.values import TONES

Linker = Callable[[str], str]
# Tables with more columns print as one key/value table per row (never clipped on paper).
WIDE_COLUMNS = 6
# A verdict reason's plain words: (key, CSS class, label), in the order shown.
PLAIN = (("means", "means", "What it means"), ("change", "change", "What would change it"))

CSS = """
:root{--ok:#1a7f37;--bad:#b42318;--warn:#9a6700;--muted:#57606a;--line:#d0d7de;--bg:#f6f8fa}
*{box-sizing:border-box}
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif;
color:#1f2328;margin:0 auto;max-width:1180px;padding:24px}
h1{font-size:24px;margin:0 0 4px}h2{font-size:19px;margin:32px 0 8px;padding-top:8px;
border-top:2px solid var(--line)}h3{font-size:15px;margin:16px 0 6px}
.meta,.muted,.sources{color:var(--muted);font-size:12.5px}
.verdict{border:2px solid;border-radius:8px;padding:14px 18px;margin:16px 0}
.verdict.ready{border-color:var(--ok);background:#dafbe1}
.verdict.blocked{border-color:var(--bad);background:#ffebe9}
.verdict .status{font-size:22px;font-weight:700;letter-spacing:.04em}
.ready .status{color:var(--ok)}.blocked .status{color:var(--bad)}
.verdict h3{margin:10px 0 4px}.verdict ul{margin:0;padding-left:20px}
.verdict li{margin:0 0 6px;overflow-wrap:anywhere}
.verdict .means,.verdict .change{display:block;font-size:12.5px;color:#3d444d}
li.blocking::marker{color:var(--bad)}li.attention::marker{color:var(--warn)}
nav ol{columns:2;margin:8px 0;padding-left:22px}
.badge{display:inline-block;font-size:11px;padding:1px 7px;border-radius:10px;
background:var(--bg);border:1px solid var(--line);margin-left:6px;vertical-align:middle}
.badge.not-run{color:var(--warn);border-color:var(--warn)}
.scroll{overflow-x:auto;margin:6px 0 12px}
table{border-collapse:collapse;font-size:12.5px;min-width:40%}
th,td{border:1px solid var(--line);padding:4px 7px;text-align:left;vertical-align:top}
th{background:var(--bg)}td{overflow-wrap:break-word;max-width:420px}
caption{caption-side:top;text-align:left;font-weight:600;padding:4px 0}
table.facts th{width:230px;font-weight:600}
code,.code{font-family:ui-monospace,"DejaVu Sans Mono",monospace;font-size:12px}
figure{margin:12px 0 18px;border:1px solid var(--line);border-radius:6px;padding:8px}
figcaption{font-weight:600;margin-bottom:4px}
p.caption{margin:0 0 6px;color:var(--muted);font-size:12.5px}
details.data summary{cursor:pointer;color:var(--muted);font-size:12px}
svg.plot{width:100%;max-width:760px;height:auto;display:block}
svg .frame{fill:#fff;stroke:#8c959f}svg .grid{stroke:#eaeef2}
svg .tick{font-size:11px;fill:#57606a}svg .axis{font-size:12px;fill:#1f2328}
ul.legend{list-style:none;padding:0;margin:4px 0;display:flex;flex-wrap:wrap;gap:4px 14px;
font-size:12px}
.swatch{display:inline-block;width:12px;height:12px;border-radius:2px;margin-right:5px;
vertical-align:-1px;print-color-adjust:exact;-webkit-print-color-adjust:exact}
.decision{border:2px dashed var(--line);border-radius:8px;padding:12px 16px}
a{color:#0969da}.bad{color:var(--bad);font-weight:700}.good{color:var(--ok)}
.handled{color:var(--muted);font-style:italic}
table.kv{min-width:0;margin:0;font-size:12px}table.kv th{background:none;font-weight:600}
table.kv th,table.kv td{border:0;border-bottom:1px solid var(--bg);padding:1px 6px 1px 0}
.meta,code,.code,td,.sources{overflow-wrap:anywhere}th{overflow-wrap:normal}
td:first-child{min-width:7em}
.print-rows{display:none}
table.row{width:100%;margin:0 0 6px}table.row th{width:34%}
@media (max-width:600px){
body{padding:10px;font-size:13px}nav ol{columns:1}
.verdict{padding:10px 12px}.verdict .status{font-size:19px}
table.facts th{width:auto}td{max-width:none}
}
@media print{
@page{margin:14mm 12mm}
body{max-width:none;padding:0;font-size:10px}nav,details.data summary{display:none}
section[id]:not(#verdict){break-before:page}
h2{break-after:avoid;border-top:1px solid #000;margin-top:0}
figure,.verdict,.decision,table.row{break-inside:avoid}
tr{break-inside:avoid}td{max-width:none}
.scroll{overflow:visible}table{width:100%;min-width:0}
th,td{overflow-wrap:anywhere;word-break:break-word;padding:2px 4px}
.wide{display:none}.print-rows{display:block}
table.excerpts td{font-size:8.5px;padding:1px 3px}table.excerpts{font-size:8.5px}
svg.plot{max-width:520px}
.verdict,.swatch,svg{print-color-adjust:exact;-webkit-print-color-adjust:exact}
a{color:inherit;text-decoration:none}
.sources a::after{content:" [" attr(href) "]"}
}
"""


def safe_href(relative: str) -> str:
    """A relative link that stays relative whatever the path holds; quoted, then escaped."""
    quoted = quote(relative, safe="/._-~")
    if not quoted.startswith(("./", "../")):
        quoted = "./" + quoted
    return escape(quoted, quote=True)


def render_html(document: dict[str, Any], decision: dict[str, Any], linker: Linker) -> str:
    """The full page. ``linker`` maps a project-relative path to a link from the page."""
    e = escape
    verdict = document["verdict"]
    status = verdict["status"]
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>Compliance review: {e(status)}</title>",
        f"<style>{CSS}</style></head><body>",
        "<header><h1>Compliance review</h1>",
        f'<p class="meta">govern {e(str(document["tool"]["version"]))} · policy '
        f"{e(str(document['policy'].get('path')))} sha256 "
        f"<code>{e(str(document['policy'].get('sha256')))}</code></p></header>",
        _verdict(verdict, linker),
        _nav(document),
    ]
    for section in document["sections"]:
        parts.append(_section(section, linker))
    parts.append(_decision(decision, linker))
    parts.append("</body></html>\n")
    return "\n".join(parts)


def _verdict(verdict: dict[str, Any], linker: Linker) -> str:
    status = verdict["status"]
    headline = "READY" if status == "ready" else "BLOCKED"
    parts = [
        f'<section id="verdict" class="verdict {escape(status)}">',
        f'<div class="status">Verdict: {headline}</div>',
    ]
    for level, title in LEVEL_TITLES:
        reasons = verdict.get(level) or []
        if level == "blocking" and not reasons:
            parts.append("<p>Nothing blocks this data.</p>")
            continue
        if not reasons:
            continue
        parts.append(f"<h3>{title} ({len(reasons)})</h3><ul>")
        for reason in reasons:
            source = reason.get("source")
            if source and reason.get("source_found"):
                where = f' — <a href="{safe_href(linker(source))}">{escape(source)}</a>'
            else:
                where = f" — {escape(source)}" if source else ""
            anchor = escape(str(reason.get("anchor") or "inputs"))
            plain = "".join(
                f'<span class="{css}"><b>{label}:</b> {escape(str(reason[key]))}</span>'
                for key, css, label in PLAIN
                if reason.get(key)
            )
            parts.append(
                f'<li class="{level}"><strong><a href="#{anchor}">'
                f"{escape(str(reason['section']))}</a></strong>: "
                f"{escape(str(reason['text']))}{where}{plain}</li>"
            )
        parts.append("</ul>")
    parts.append("</section>")
    return "\n".join(parts)


def _nav(document: dict[str, Any]) -> str:
    items = [
        f'<li><a href="#{escape(s["id"])}">{escape(s["title"])}</a>{_badge(s["status"])}</li>'
        for s in document["sections"]
    ]
    items.append('<li><a href="#decision">Reviewer decision</a></li>')
    return "<nav><h3>Contents</h3><ol>" + "".join(items) + "</ol></nav>"


def _badge(status: str) -> str:
    if status == "ok":
        return ""
    return f'<span class="badge not-run">{escape(status)}</span>'


def _section(section: dict[str, Any], linker: Linker) -> str:
    parts = [
        f'<section id="{escape(section["id"])}">',
        f"<h2>{escape(section['title'])}{_badge(section['status'])}</h2>",
    ]
    if section["sources"]:
        links = ", ".join(
            f'<a href="{safe_href(linker(s["path"]))}">{escape(s["path"])}</a>'
            if s["found"]
            else f'{escape(s["path"])} <span class="muted">({_note(s)})</span>'
            for s in section["sources"]
        )
        parts.append(f'<p class="sources">Source: {links}</p>')
    for block in section["blocks"]:
        parts.append(render_block(block, linker))
    parts.append("</section>")
    return "\n".join(parts)


def _note(source: dict[str, Any]) -> str:
    return escape(str(source.get("note") or "not found"))


def render_block(block: dict[str, Any], linker: Linker) -> str:
    """One block: text, facts, table, list or figure."""
    kind = block["type"]
    if kind == "text":
        return f"<p>{escape(str(block['text']))}</p>"
    if kind == "list":
        items = "".join(f"<li>{escape(str(item))}</li>" for item in block["items"])
        return f"<h3>{escape(str(block.get('title', '')))}</h3><ul>{items}</ul>"
    if kind == "facts":
        rows = "".join(
            f"<tr><th>{escape(str(label))}</th><td>{_cell(value, linker)}</td></tr>"
            for label, value in block["rows"]
        )
        caption = f"<caption>{escape(block['caption'])}</caption>" if block.get("caption") else ""
        return f'<div class="scroll"><table class="facts">{caption}{rows}</table></div>'
    if kind == "table":
        caption = f"<caption>{escape(block['caption'])}</caption>" if block.get("caption") else ""
        head = "".join(f"<th>{escape(str(c))}</th>" for c in block["columns"])
        body = (
            "".join(
                "<tr>" + "".join(f"<td>{_cell(v, linker)}</td>" for v in row) + "</tr>"
                for row in block["rows"]
            )
            or f'<tr><td colspan="{len(block["columns"]) or 1}" class="muted">none</td></tr>'
        )
        css = f' class="{escape(str(block["style"]))}"' if block.get("style") else ""
        wide = len(block["columns"]) > WIDE_COLUMNS and block["rows"]
        page = (
            f'<div class="scroll{" wide" if wide else ""}"><table{css}>{caption}'
            f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>"
        )
        return page + (_as_rows(block, linker) if wide else "")
    if kind in ("figure", "bars"):
        source = block["source"]
        if kind == "figure":
            svg = plot(block["series"], block["x_label"], block["y_label"], block["title"])
        else:
            svg = bars(block["categories"], block["series"], block["y_label"], block["title"])
        data = render_block(block["table"], linker) if block.get("table") else ""
        return (
            f"<figure><figcaption>{escape(block['title'])}</figcaption>"
            f'<p class="caption">{escape(str(block.get("caption") or ""))}</p>{svg}'
            f'<details class="data" open><summary>Data</summary>{data}</details>'
            f'<p class="sources">Data: <a href="{safe_href(linker(source))}">'
            f"{escape(source)}</a></p></figure>"
        )
    return ""


def _as_rows(block: dict[str, Any], linker: Linker) -> str:
    """A wide table for print: each row a small key/value table, so no column is clipped."""
    tables = "".join(
        '<table class="row">'
        + "".join(
            f"<tr><th>{escape(str(c))}</th><td>{_cell(v, linker)}</td></tr>"
            for c, v in zip(block["columns"], row, strict=False)
        )
        + "</table>"
        for row in block["rows"]
    )
    title = f'<p class="muted">{escape(block["caption"])}</p>' if block.get("caption") else ""
    return f'<div class="print-rows">{title}{tables}</div>'


def _cell(value: Any, linker: Linker) -> str:
    """One cell as ``values.show`` made it: text, toned text, a link, code or key/value pairs."""
    if isinstance(value, dict):
        if "pairs" in value:
            rows = "".join(
                f"<tr><th>{escape(str(k))}</th><td>{_cell(v, linker)}</td></tr>"
                for k, v in value["pairs"]
            )
            return f'<table class="kv">{rows}</table>'
        shown = escape(str(value.get("text", "")))
        if value.get("href"):
            return f'<a href="{safe_href(linker(str(value["href"])))}">{shown}</a>'
        if value.get("tone"):
            return f'<span class="{escape(str(value["tone"]))}">{shown}</span>'
        return f'<span class="code">{shown}</span>' if value.get("code") else shown
    if value is None:
        return '<span class="muted">—</span>'
    if isinstance(value, bool):
        value = "yes" if value else "no"
    if isinstance(value, float):
        return escape(f"{value:.4g}")
    tone = TONES.get(value.lower()) if isinstance(value, str) else None
    if tone:
        return f'<span class="{tone}">{escape(value)}</span>'
    return escape(str(value))


def _decision(decision: dict[str, Any], linker: Linker) -> str:
    parts = ['<section id="decision"><h2>Reviewer decision</h2><div class="decision">']
    for label, value in decision["rows"]:
        parts.append(f"<p><strong>{escape(label)}:</strong> {_cell(value, linker)}</p>")
    parts.append("</div></section>")
    return "\n".join(parts)
