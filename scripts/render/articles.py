"""Renders the linked article tree as Markdown pages (path under docs/ → text), one page per article (the text
markup they share with the other pages: scripts/render/markup.py)."""

from __future__ import annotations

import html
import re

from scripts.books import BOOKS
from scripts.document.headings import clause_title_corrections, is_subheading, title_corrections
from scripts.document.markers import FOOTNOTE_DEF, RESTORED
from scripts.pipeline.glossary import GlossaryEntry
from scripts.render.glossary_terms import glossary_defect_note, load_vocabulary, whole_word_at
from scripts.render.title_notes import title_notes
from scripts.pipeline.model import Article, Book, Clause, Paragraph, paragraph_key
from scripts.render.markup import (
    GENERATED,
    Span,
    erratum_mark,
    erratum_spans,
    escape_markdown,
    front_matter_title,
    heading_markup,
    heading_spans,
    html_text,
    inline_html,
    relative_link,
    render_inline,
    variant_item,
)
from scripts.curated.rulebook_src import RulebookSrc


class PageRenderer:
    """Renders pages for one rulebook; `extra_spans` lets the link stage add reference links to a paragraph."""

    def __init__(
        self,
        books: dict[str, Book],
        glossary: list[GlossaryEntry],
        src: RulebookSrc,
        extra_spans=None,
        heading_corrections=None,
        unresolved=None,
    ):
        self.books = books
        self.unresolved: list[dict] = unresolved or []  # errata.yml's unresolved defects, flagged where they stand
        # chapter / 节 heading (whitespace removed) → the corrections made on its line
        self.heading_corrections: dict[str, list] = heading_corrections or {}
        self.glossary = glossary
        # the first entry of each term: a later entry with the same term could never add a span (its term is `used`)
        first_by_term: dict[str, GlossaryEntry] = {}
        for entry in glossary:
            first_by_term.setdefault(entry.term, entry)
        self.glossary_first = list(first_by_term.values())
        self.extra_spans = extra_spans or (lambda key, para, page: [])  # (paragraph key, paragraph, page) → spans
        self.src = src  # rulebook_src/: the word list, the restored tables
        self.vocabulary = load_vocabulary(src)

    # --- inline -------------------------------------------------------------------------------------
    def glossary_spans(self, text: str, page: str, used: set[str]) -> list[Span]:
        spans = []
        for entry in self.glossary_first:
            if entry.term in used:
                continue
            start = whole_word_at(text, entry.term, self.vocabulary)
            if start < 0:
                continue
            used.add(entry.term)
            target = relative_link(page, "glossary.md") + f"#{entry.term}"
            summary = (
                (entry.summary + self.glossary_defect_note(entry))
                .replace('"', "“")
                .replace("}", "）")
                .replace("<", "＜")
                .replace(">", "＞")
            )

            def wrap(inner: str, target=target, summary=summary) -> str:
                # the definition shows in the page's one popup (assets/refs/preview.js), not in a title tooltip
                return f'[{inner}]({target}){{.glossary-term data-gloss="{summary}"}}'

            spans.append(Span(start, start + len(entry.term), 2, wrap))
        return spans

    def paragraph_markdown(self, key: str, para: Paragraph, page: str, used_terms: set[str]) -> str:
        """One paragraph as Markdown; `key` is its stable id (model.paragraph_key), under which the link stage filed
        it."""
        restored = RESTORED.match(para.text)
        if restored:
            return self.restored_block(restored["name"], para)
        footnote = FOOTNOTE_DEF.match(para.text)
        if footnote:
            body_start = footnote.end()
            spans = [
                Span(s.start - body_start, s.end - body_start, s.priority, s.render)
                for s in self.extra_spans(key, para, page)
                if s.start >= body_start
            ]
            body = render_inline(para.text[body_start:], spans)
            for replacement, original, reason in para.corrections:  # the footnote itself was cut out of its sentence
                if replacement.startswith(f"[^{footnote['n']}]:"):
                    body = erratum_mark(original, reason)(body)
            return f"[^{footnote['n']}]: " + body + '<span class="editor-note">（脚注位置经校勘调整）</span>'
        if "\n" in para.text:  # a formula the source broke: keep the lines as they stand
            lines = "<br>".join(html.escape(line) for line in para.text.split("\n"))
            return (
                f'!!! failure "公式在来源中已损坏，无法核实"\n    来源中的公式排版丢失了运算符和分数线，下面照录来源各行，未作推测：\n\n'
                f'    <p class="source-text broken-formula">{lines}</p>'
            )
        spans = (
            erratum_spans(para)
            + self.extra_spans(key, para, page)
            + self.glossary_spans(para.text, page, used_terms)
            + self.unresolved_spans(para)
        )
        body = render_inline(para.text, spans)
        if is_subheading(para.text):
            return f"**{body}**"
        return body

    def glossary_defect_note(self, entry: GlossaryEntry) -> str:
        """'（来源中此定义被截断……）' for a definition with an unresolved defect, wherever its text shows."""
        return glossary_defect_note(entry, self.unresolved)

    def unresolved_spans(self, para: Paragraph) -> list[Span]:
        """The unresolved defects of errata.yml that stand in this paragraph, marked in place with their reason."""
        files = {prov.file for prov in para.provs}
        spans = []
        for item in self.unresolved:
            start = para.text.find(item["quote"]) if item["file"] in files else -1
            if start < 0:
                continue
            note = html.escape(f"未解决的缺陷：{item['reason']}", quote=True)

            def wrap(inner: str, note=note) -> str:
                # no `title`: Material would show it as a second tooltip beside the page's one popup
                # (assets/refs/preview.js)
                return f'<mark class="unresolved" tabindex="0" aria-label="{note}" data-note="{note}">{inner}</mark>'

            spans.append(Span(start, start + len(item["quote"]), 3, wrap))
        return spans

    def unresolved_in_title(self, article: Article) -> list[dict]:
        """Unresolved defects that are the article's heading itself (a title not in any source)."""
        heading = re.sub(r"\s+", "", f"第{article.number}条{article.title}")
        files = set(article.sources)
        return [
            item for item in self.unresolved if item["file"] in files and re.sub(r"\s+", "", item["quote"]) == heading
        ]

    def restored_block(self, name: str, para: Paragraph) -> str:
        data = self.src.load(f"restored/{name}.yml")
        rows = [
            "| " + " | ".join(escape_markdown(c) for c in data["columns"]) + " |",
            "|" + "---|" * len(data["columns"]),
        ]
        rows += ["| " + " | ".join(escape_markdown(str(c)) for c in row) + " |" for row in data["rows"]]
        table = "\n".join("    " + r for r in rows)
        notice = escape_markdown(" ".join(data["notice"].split()))
        return f'!!! warning "补入内容：{html_text(data["title"])}"\n    {notice}\n\n{table}'

    # --- article ------------------------------------------------------------------------------------
    def article_page(
        self,
        article: Article,
        widget_markup: str = "",
        backlinks: str = "",
        calculator_notice: str = "",
        top: str = "",
        bottom: str = "",
    ) -> str:
        """One article: title, `top` (the bar to other articles), text, calculator, notes, back-links, `bottom`,
        sources."""
        page = f"{article.book}/{article.slug}.md"
        used_terms: set[str] = set()
        out = [
            "---",
            front_matter_title(f"第{article.number}条 {article.title}".rstrip()),
            "---",
            GENERATED,
            "",
            f"# {heading_markup(f'第{article.number}条 {article.title}'.rstrip(), title_corrections(article))}",
            "",
            title_notes(f"{BOOKS[article.book].meta_label} · {self.chapter_markup(article.chapter)}", article.english),
            "",
        ]
        if top:
            out += [top, ""]
        if calculator_notice:
            out += [calculator_notice, ""]
        for warning in article.warnings:
            out += ['!!! danger "来源问题"', f"    {escape_markdown(warning)}", ""]
        for item in self.unresolved_in_title(article):
            out += ['!!! danger "未解决的缺陷：标题"', f"    {escape_markdown(item['reason'])}", ""]
        for i, para in enumerate(article.intro):
            if para.text:
                out += [
                    self.paragraph_markdown(paragraph_key(article.book, article.slug, "", i), para, page, used_terms),
                    "",
                ]
        for clause in article.clauses:
            out += self.clause_markdown(article, clause, page, used_terms)
        if widget_markup:
            out += [widget_markup, ""]
        for variant in article.variants:
            if variant.paragraphs:
                # the source file and its lines are listed in the 来源 box (role 异文), not here
                out += [
                    f'??? note "异文：另一份来源的不同读法（{len(variant.paragraphs)} 处）"',
                    f"    {escape_markdown(variant.note)}",
                    "",
                ]
                for para in variant.paragraphs:
                    out += [f"    - {variant_item(para.text)}"]
                out.append("")
        corrections = [(c, para) for para in article.paragraphs() for c in para.corrections]
        if corrections:
            out += [f'??? info "本条校勘（{len(corrections)} 处）"']
            for (replacement, original, reason), _para in corrections:
                # the line it stands on is in the 来源 box; a restored block is named by its title, never by its
                # placeholder
                restored = RESTORED.match(replacement)
                shown = (
                    f"（补入的{escape_markdown(self.src.load('restored/' + restored['name'] + '.yml')['title'])}）"
                    if restored
                    else escape_markdown(replacement)
                )
                out.append(f"    - {escape_markdown(original)} → {shown}：{escape_markdown(reason)}")
            out.append("")
        if backlinks:
            out += [backlinks, ""]
        if bottom:
            out += [bottom, ""]
        out += [self.provenance_block(article), ""]
        return "\n".join(out)

    def chapter_markup(self, chapter: str) -> str:
        """The chapter path of the page header, each heading an erratum corrected or restored marked as such."""
        if not chapter:
            return "（来源未标章节）"
        parts = []
        for part in chapter.split(" · "):
            corrections = self.heading_corrections.get(re.sub(r"\s+", "", part), [])
            spans = heading_spans(part, corrections)
            parts.append(inline_html(part, spans))
        return " · ".join(parts)

    def clause_markdown(self, article: Article, clause: Clause, page: str, used_terms: set[str]) -> list[str]:
        out: list[str] = []
        texts = [
            self.paragraph_markdown(paragraph_key(article.book, article.slug, clause.anchor, i), p, page, used_terms)
            for i, p in enumerate(clause.paragraphs)
            if p.text
        ]
        label = escape_markdown(clause.label)
        if clause.restored:  # a marker the source does not print: quiet, with the editor's note on hover or tap
            note = html.escape(clause.restored, quote=True)
            label = f'<span class="restored-marker" tabindex="0" data-note="{note}">{html.escape(clause.label)}</span>'
        if clause.title:
            level = min(clause.level + 1, 6)
            split = " .heading-split" if clause.heading_split else ""
            out += [
                f"{'#' * level} {label} {heading_markup(clause.title, clause_title_corrections(clause))} "
                f"{{#{clause.anchor} .clause-heading{split}}}",
                "",
            ]
            for text in texts:
                out += [text, ""]
        elif not clause.label:  # an unnumbered block closing its parent's list (clause_parents.yml)
            out += [
                f'<div class="clause level-{clause.level} clause-unnumbered" id="{clause.anchor}" markdown="1">',
                "",
            ]
            for text in texts:
                out += [text, ""]
            out += ["</div>", ""]
        else:
            first, rest = (texts[0], texts[1:]) if texts else ("", [])
            out += [f'<div class="clause level-{clause.level}" id="{clause.anchor}" markdown="1">', ""]
            if clause.restored:
                note = html.escape(clause.restored, quote=True)
                link = (
                    f'<a class="clause-label restored-marker" href="#{clause.anchor}" data-note="{note}">'
                    f"{html.escape(clause.label)}</a>"
                )
            else:
                link = (
                    f'<a class="clause-label" href="#{clause.anchor}" title="本款链接">{html.escape(clause.label)}</a>'
                )
            out += [f"{link} {first}", ""]
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
        # collapsed: file names and line numbers are for editors, not for a player at the table
        lines = ['<details class="provenance" markdown="1">', '<summary>来源</summary>', "", "原始文件与行号：", ""]
        for file, numbers in by_file.items():
            role = "正文" if file == article.sources[0] else "异文"
            lines.append(f"`{file}` 第 {line_ranges(sorted(set(numbers)))} 行（{role}）  ")
        lines += ["", "</details>"]
        return "\n".join(lines)


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
