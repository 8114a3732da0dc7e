"""Markdown and HTML text for the generated pages: source text escaped, annotated spans (erratum marks, reference
links, glossary terms) wrapped, front-matter titles, links between pages. Used by every page writer of render/."""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable
from dataclasses import dataclass

from scripts.books import HAN
from scripts.document.headings import heading_stretch
from scripts.pipeline.model import Paragraph

GENERATED = "<!-- 由 scripts/render/docs.py 从 rulebook_src/ 生成，请勿手工编辑 (generated: do not edit) -->"
MARKDOWN_SPECIAL = re.compile(r"([\\`*_\[\]{}#|])")  # `{` too: an attr_list `{: onclick=…}` would set attributes


@dataclass(frozen=True)
class Span:
    """An annotated stretch of a paragraph: an erratum mark, a cross-reference link or a glossary term."""

    start: int
    end: int
    priority: int  # lower wins where spans overlap
    render: Callable[[str], str]  # escaped span text → Markdown/HTML


def escape_markdown(text: str) -> str:
    """Plain source text made safe for Markdown: special characters backslash-escaped, footnote marks kept."""
    parts = re.split(r"(\[\^[0-9]+\])", text)
    # & < > as entities (Markdown has no backslash escape for `<`: it would pass raw HTML on), the rest backslashed
    return "".join(
        part if re.fullmatch(r"\[\^[0-9]+\]", part) else MARKDOWN_SPECIAL.sub(r"\\\1", html.escape(part, quote=False))
        for part in parts
    )


def html_text(text: str) -> str:
    """Source text for a place that takes HTML but no Markdown: page titles in front matter and the navigation
    (Material prints them unescaped in <title>, the header and the nav), admonition titles."""
    return html.escape(text, quote=True)


def front_matter_title(text: str) -> str:
    """`title: "…"` for a page's front matter: the text HTML-escaped, then quoted as a YAML string (JSON is YAML)."""
    return "title: " + json.dumps(html_text(text), ensure_ascii=False)


def render_inline(text: str, spans: list[Span]) -> str:
    """Escapes the text and wraps each non-overlapping span (the lowest priority number wins a clash)."""
    chosen: list[Span] = []
    for span in sorted(spans, key=lambda s: (s.priority, s.start)):
        if all(span.end <= c.start or span.start >= c.end for c in chosen):
            chosen.append(span)
    out, pos = [], 0
    for span in sorted(chosen, key=lambda s: s.start):
        out.append(escape_markdown(text[pos : span.start]))
        out.append(span.render(escape_markdown(text[span.start : span.end])))
        pos = span.end
    out.append(escape_markdown(text[pos:]))
    return "".join(out)


def erratum_mark(original: str, reason: str):
    """The wrapper that marks corrected text: tap or hover shows the source's reading and the reason in the page's
    one popup (assets/refs/preview.js; no title attribute, whose tooltip would be a second box)."""
    title = html.escape(f"原文：{original}｜{reason}", quote=True)

    def wrap(inner: str) -> str:
        return f'<ins class="erratum" tabindex="0" data-original="{title}">{inner}</ins>'

    return wrap


def erratum_spans(para: Paragraph) -> list[Span]:
    spans = []
    for replacement, original, reason in para.corrections:
        start = para.text.find(replacement)
        if start < 0 or replacement.startswith("[^"):
            continue
        spans.append(Span(start, start + len(replacement), 0, erratum_mark(original, reason)))
    return spans


def heading_spans(text: str, corrections) -> list[Span]:
    """Erratum marks in a heading or title, each where scripts.document.headings.heading_stretch finds it."""
    stretches = [(heading_stretch(text, correction), correction) for correction in corrections]
    return [Span(*found, 0, erratum_mark(original, reason)) for found, (_, original, reason) in stretches if found]


def heading_markup(text: str, corrections) -> str:
    """A heading's text as Markdown, with its erratum marks."""
    return render_inline(text, heading_spans(text, corrections))


# A 异文 item starts with the clause label of where the reading belongs ('B.2.', '（a）'): at most this long, no Han.
VARIANT_LABEL_MAX_CHARS = 4


def variant_item(text: str) -> str:
    """One 异文 item; the clause label that tells where the reading belongs is set apart from the reading."""
    label, _, reading = text.partition(" ")
    if reading and len(label) <= VARIANT_LABEL_MAX_CHARS and not re.search(f"[{HAN}]", label):
        return f'<span class="variant-place">{html.escape(label)}</span> {escape_markdown(reading)}'
    return escape_markdown(text)


def inline_html(text: str, spans: list[Span]) -> str:
    """Like render_inline, for text set inside raw HTML: escaped as HTML, not as Markdown."""
    out, pos = [], 0
    for span in sorted(spans, key=lambda s: s.start):
        if span.start < pos:
            continue
        out.append(html.escape(text[pos : span.start]))
        out.append(span.render(html.escape(text[span.start : span.end])))
        pos = span.end
    out.append(html.escape(text[pos:]))
    return "".join(out)


def relative_link(from_page: str, to_page: str) -> str:
    """Relative Markdown link between two docs/ paths: ('laws/26.md', 'glossary.md') → '../glossary.md'."""
    from_parts = from_page.split("/")[:-1]
    to_parts = to_page.split("/")
    common = 0
    while common < min(len(from_parts), len(to_parts) - 1) and from_parts[common] == to_parts[common]:
        common += 1
    return "/".join([".."] * (len(from_parts) - common) + to_parts[common:])
