"""Renders the linked article tree as Markdown pages (path under docs/ → text), one page per article."""
from __future__ import annotations

import html
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from scripts.books import BOOKS
from scripts.pipeline.glossary import GlossaryEntry
from scripts.pipeline.model import Article, Book, Clause, Paragraph
from scripts.pipeline.sources import SRC, load_yaml

GENERATED = "<!-- 由 scripts/render/docs.py 从 rulebook_src/ 生成，请勿手工编辑 (generated: do not edit) -->"
RESTORED = re.compile(r"^\{\{restored:(?P<name>[a-z0-9-]+)\}\}$")
FOOTNOTE_DEF = re.compile(r"^\[\^(?P<n>[0-9]+)\]:\s*")
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
    return "".join(part if re.fullmatch(r"\[\^[0-9]+\]", part) else MARKDOWN_SPECIAL.sub(r"\\\1", html.escape(part, quote=False)) for part in parts)


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


def erratum_spans(para: Paragraph) -> list[Span]:
    spans = []
    for replacement, original, reason in para.corrections:
        start = para.text.find(replacement)
        if start < 0 or replacement.startswith("[^"):
            continue
        title = html.escape(f"原文：{original}｜{reason}", quote=True)

        def wrap(inner: str, title=title) -> str:
            return f'<ins class="erratum" tabindex="0" title="{title}" data-original="{title}">{inner}</ins>'

        spans.append(Span(start, start + len(replacement), 0, wrap))
    return spans


class PageRenderer:
    """Renders pages for one rulebook; `extra_spans` lets the link stage add reference links to a paragraph."""

    def __init__(self, books: dict[str, Book], glossary: list[GlossaryEntry], extra_spans=None, src_dir: Path = SRC):
        self.books = books
        self.glossary = glossary
        # the first entry of each term: a later entry with the same term could never add a span (its term is `used`)
        first_by_term: dict[str, GlossaryEntry] = {}
        for entry in glossary:
            first_by_term.setdefault(entry.term, entry)
        self.glossary_first = list(first_by_term.values())
        self.extra_spans = extra_spans or (lambda article, para, page: [])
        self.src_dir = src_dir

    # --- inline -------------------------------------------------------------------------------------
    def glossary_spans(self, text: str, page: str, used: set[str]) -> list[Span]:
        spans = []
        for entry in self.glossary_first:
            if entry.term in used:
                continue
            start = text.find(entry.term)
            if start < 0:
                continue
            used.add(entry.term)
            target = relative_link(page, "glossary.md") + f"#{entry.term}"
            title = entry.summary.replace('"', "“")

            def wrap(inner: str, target=target, title=title) -> str:
                return f'[{inner}]({target} "{title}"){{.glossary-term}}'

            spans.append(Span(start, start + len(entry.term), 2, wrap))
        return spans

    def paragraph_markdown(self, article: Article, para: Paragraph, page: str, used_terms: set[str]) -> str:
        restored = RESTORED.match(para.text)
        if restored:
            return self.restored_block(restored["name"], para)
        footnote = FOOTNOTE_DEF.match(para.text)
        if footnote:
            body_start = footnote.end()
            spans = [Span(s.start - body_start, s.end - body_start, s.priority, s.render) for s in self.extra_spans(article, para, page) if s.start >= body_start]
            return f"[^{footnote['n']}]: " + render_inline(para.text[body_start:], spans) + "（脚注位置经校勘调整）"
        if "\n" in para.text:  # a formula the source broke: keep the lines as they stand
            return f'!!! failure "公式在来源中已损坏，无法核实"\n    来源中的公式排版丢失了运算符和分数线，下面照录来源各行，未作推测：\n\n    ```text\n' + "\n".join(f"    {l}" for l in para.text.split("\n")) + "\n    ```"
        spans = erratum_spans(para) + self.extra_spans(article, para, page) + self.glossary_spans(para.text, page, used_terms)
        body = render_inline(para.text, spans)
        if is_subheading(para.text):
            return f"**{body}**"
        return body

    def restored_block(self, name: str, para: Paragraph) -> str:
        data = load_yaml(self.src_dir / "restored" / f"{name}.yml")
        rows = ["| " + " | ".join(escape_markdown(c) for c in data["columns"]) + " |", "|" + "---|" * len(data["columns"])]
        rows += ["| " + " | ".join(escape_markdown(str(c)) for c in row) + " |" for row in data["rows"]]
        table = "\n".join("    " + r for r in rows)
        return f'!!! warning "补入内容：{html_text(data["title"])}"\n    {escape_markdown(" ".join(data["notice"].split()))}\n\n{table}'

    # --- article ------------------------------------------------------------------------------------
    def article_page(self, article: Article, widget_markup: str = "", backlinks: str = "") -> str:
        page = f"{article.book}/{article.slug}.md"
        used_terms: set[str] = set()
        out = [
            "---",
            front_matter_title(f"第{article.number}条 {article.title}".rstrip()),
            "---",
            GENERATED,
            "",
            f"# 第{article.number}条 {escape_markdown(article.title)}".rstrip(),
            "",
            f'<p class="article-meta">{BOOKS[article.book].meta_label} · {html.escape(article.chapter or "（来源未标章节）")}</p>',
            "",
        ]
        for warning in article.warnings:
            out += [f'!!! danger "来源问题"', f"    {escape_markdown(warning)}", ""]
        for para in article.intro:
            if para.text:
                out += [self.paragraph_markdown(article, para, page, used_terms), ""]
        for clause in article.clauses:
            out += self.clause_markdown(article, clause, page, used_terms)
        if widget_markup:
            out += [widget_markup, ""]
        for variant in article.variants:
            if variant.paragraphs:
                out += [f'??? note "异文：{variant.source} 的不同读法（{len(variant.paragraphs)} 处）"', f"    {escape_markdown(variant.note)}", ""]
                for para in variant.paragraphs:
                    out += [f"    - {escape_markdown(para.text)}" + (f"（{para.provs[0]}）" if para.provs else "")]
                out.append("")
        corrections = [(c, para) for para in article.paragraphs() for c in para.corrections]
        if corrections:
            out += [f'??? info "本条校勘（{len(corrections)} 处）"']
            for (replacement, original, reason), para in corrections:
                out.append(f"    - {escape_markdown(original)} → {escape_markdown(replacement)}：{escape_markdown(reason)}（{para.provs[0]}）")
            out.append("")
        if backlinks:
            out += [backlinks, ""]
        out += [self.provenance_block(article), ""]
        return "\n".join(out)

    def clause_markdown(self, article: Article, clause: Clause, page: str, used_terms: set[str]) -> list[str]:
        out: list[str] = []
        texts = [self.paragraph_markdown(article, p, page, used_terms) for p in clause.paragraphs if p.text]
        label = escape_markdown(clause.label)
        if clause.title:
            level = min(clause.level + 1, 6)
            out += [f"{'#' * level} {label} {render_inline(clause.title, [])} {{#{clause.anchor} .clause-heading}}", ""]
            for text in texts:
                out += [text, ""]
        else:
            first, rest = (texts[0], texts[1:]) if texts else ("", [])
            out += [f'<div class="clause level-{clause.level}" id="{clause.anchor}" markdown="1">', ""]
            out += [f'<a class="clause-label" href="#{clause.anchor}" title="本款链接">{html.escape(clause.label)}</a> {first}', ""]
            for text in rest:
                out += [text, ""]
            out += ["</div>", ""]
        for child in clause.children:
            out += self.clause_markdown(article, child, page, used_terms)
        return out

    def provenance_block(self, article: Article) -> str:
        by_file: dict[str, list[int]] = {}
        for prov in article.provenance():
            by_file.setdefault(prov.file, []).append(prov.line)
        for variant in article.variants:
            for para in variant.paragraphs:
                for prov in para.provs:
                    by_file.setdefault(prov.file, []).append(prov.line)
        lines = [f'<div class="provenance" markdown="1">', "", "**来源**（原始文件与行号）："]
        for file, numbers in by_file.items():
            role = "正文" if file == article.sources[0] else "异文"
            lines.append(f"`{file}` 第 {line_ranges(sorted(set(numbers)))} 行（{role}）  ")
        lines += ["", "</div>"]
        return "\n".join(lines)


def is_subheading(text: str) -> bool:
    """A short paragraph without sentence punctuation stands as a sub-heading whose marker the source lost."""
    return bool(re.fullmatch(r"[^。；，：,;.（）()]{2,20}", text)) and not text[0].isdigit()


LINE_GAP_BRIDGED = 1  # one line missing between two cited lines (a blank or dropped line) does not split a range


def line_ranges(numbers: list[int]) -> str:
    """[1, 2, 3, 7, 9, 10, 14] → '1–3、7–10、14': runs of lines, a gap of one line bridged."""
    ranges: list[tuple[int, int]] = []
    for n in numbers:
        if ranges and n <= ranges[-1][1] + 1 + LINE_GAP_BRIDGED:
            ranges[-1] = (ranges[-1][0], n)
        else:
            ranges.append((n, n))
    return "、".join(f"{a}" if a == b else f"{a}–{b}" for a, b in ranges)


def relative_link(from_page: str, to_page: str) -> str:
    """Relative Markdown link between two docs/ paths: ('laws/26.md', 'glossary.md') → '../glossary.md'."""
    from_parts = from_page.split("/")[:-1]
    to_parts = to_page.split("/")
    common = 0
    while common < min(len(from_parts), len(to_parts) - 1) and from_parts[common] == to_parts[common]:
        common += 1
    return "/".join([".."] * (len(from_parts) - common) + to_parts[common:])
