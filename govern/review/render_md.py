"""The review as Markdown, for code review: the same sections, tables and verdict as the HTML.

Data-derived text is escaped for Markdown and for the HTML Markdown renderers pass through
(``<``, ``>``, ``&``), so a crafted string cannot add markup, links or images. Figures become a
table of their series (points, first, lowest and last value) with a link to the data file.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import quote

from govern.review.blocks import SECTION_TITLES
from govern.review.reasons import LEVEL_TITLES
from govern.review.render_html import PLAIN, Linker
from govern.review.values import text_of

_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+!|~])")


def md(value: Any) -> str:
    """Escape one inline value: no markup, no line breaks, entities for <, > and &."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        value = "yes" if value else "no"
    if isinstance(value, float):
        value = f"{value:.4g}"
    text = str(value).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    text = " ".join(text.split())
    return _SPECIAL.sub(r"\\\1", text)


def slug(title: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces to hyphens."""
    return re.sub(r"[^\w\- ]", "", title.lower()).replace(" ", "-")


def md_link(text: Any, target: str, linker: Linker) -> str:
    href = quote(linker(target), safe="/._-~")
    if not href.startswith(("./", "../")):
        href = "./" + href
    return f"[{md(text)}](<{href}>)"


def _cell(value: Any, linker: Linker) -> str:
    if isinstance(value, dict):
        if value.get("href"):
            return md_link(value.get("text", ""), str(value["href"]), linker)
        if value.get("tone") == "bad":
            return f"**{md(value.get('text', ''))}**"
        return md(text_of(value))
    return md(value)


def _table(columns: list[Any], rows: list[list[Any]], linker: Linker) -> list[str]:
    lines = ["| " + " | ".join(md(c) for c in columns) + " |", "|" + "---|" * len(columns)]
    lines += ["| " + " | ".join(_cell(v, linker) for v in row) + " |" for row in rows]
    if not rows:
        lines.append("| " + " | ".join(["none", *[""] * (len(columns) - 1)]) + " |")
    return lines


def render_block(block: dict[str, Any], linker: Linker) -> list[str]:
    kind = block["type"]
    if kind == "text":
        return [md(block["text"]), ""]
    if kind == "list":
        return [
            f"**{md(block.get('title', ''))}**",
            "",
            *[f"- {md(i)}" for i in block["items"]],
            "",
        ]
    if kind == "facts":
        caption = [f"*{md(block['caption'])}*", ""] if block.get("caption") else []
        return [*caption, *_table(["", ""], block["rows"], linker), ""]
    if kind == "table":
        caption = [f"*{md(block['caption'])}*", ""] if block.get("caption") else []
        return [*caption, *_table(block["columns"], block["rows"], linker), ""]
    if kind in ("figure", "bars"):
        data = md_link(block["source"], block["source"], linker)
        says = f" {md(block['caption'])}" if block.get("caption") else ""
        rows = block["table"]
        return [
            f"*Figure: {md(block['title'])}*{says} (data: {data})",
            "",
            *_table(rows["columns"], rows["rows"], linker),
            "",
        ]
    return []


def render_markdown(document: dict[str, Any], decision: dict[str, Any], linker: Linker) -> str:
    """The whole review as GitHub-flavoured Markdown."""
    verdict = document["verdict"]
    lines = [
        "# Compliance review",
        "",
        f"govern {md(document['tool']['version'])} · policy {md(document['policy'].get('path'))} "
        f"sha256 {md(document['policy'].get('sha256'))}",
        "",
        f"## Verdict: {'READY' if verdict['status'] == 'ready' else 'BLOCKED'}",
        "",
    ]
    for level, title in LEVEL_TITLES:
        reasons = verdict.get(level) or []
        if level == "blocking" and not reasons:
            lines += ["Nothing blocks this data.", ""]
        if not reasons:
            continue
        lines += [f"### {title} ({len(reasons)})", ""]
        for reason in reasons:
            source = reason.get("source")
            if source and reason.get("source_found"):
                where = f" ({md_link(source, source, linker)})"
            else:
                where = f" ({md(source)})" if source else ""
            anchor = slug(SECTION_TITLES.get(str(reason.get("anchor")), "Inputs read"))
            lines.append(f"- **[{md(reason['section'])}](#{anchor})**: {md(reason['text'])}{where}")
            lines += [
                f"  - {label}: {md(reason[key])}" for key, _, label in PLAIN if reason.get(key)
            ]
        lines.append("")
    for section in document["sections"]:
        badge = "" if section["status"] == "ok" else f" ({md(section['status'])})"
        lines += [f"## {md(section['title'])}{badge}", ""]
        if section["sources"]:
            links = ", ".join(
                md_link(s["path"], s["path"], linker)
                if s["found"]
                else f"{md(s['path'])} ({md(s.get('note') or 'not found')})"
                for s in section["sources"]
            )
            lines += [f"Source: {links}", ""]
        for block in section["blocks"]:
            lines += render_block(block, linker)
    lines += ["## Reviewer decision", ""]
    lines += [f"- **{md(label)}**: {_cell(value, linker)}" for label, value in decision["rows"]]
    return "\n".join(lines) + "\n"
