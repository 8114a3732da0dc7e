"""One book of the linked article tree as a paged HTML document: title page, contents, chapters, articles, appendix."""

from __future__ import annotations

import html
from dataclasses import dataclass
from pathlib import Path

from scripts.books import BOOKS
from scripts.pipeline.model import Article, Book, Clause, Paragraph, glossary_paragraph_key, paragraph_key
from scripts.pipeline.run import Rulebook
from scripts.print.headings import NO_CHAPTER, HeadingMarks
from scripts.print.inline import InlineRenderer, anchor_id, contents_id
from scripts.print.notes import footnote, source_footnote_definitions, unresolved_note, variant_notes
from scripts.penalties.tables import penalty_data
from scripts.print.matter import INDEX_ID, conventions_page, mark_index_places, subject_index_page, title_page
from scripts.print.tables import penalty_tables_html
from scripts.document.headings import clause_title_corrections, heading_corrections, is_subheading, title_corrections
from scripts.document.markers import FOOTNOTE_DEF, RESTORED
from scripts.document.subject_index import IndexTerm

STYLESHEET = Path(__file__).with_name("book.css")
# The running head's right side is the named string `article` at the top of each page (book.css): set by an article's
# number, and by the headings that open a part of the book (data-running-head, converted with the text by pdf.py).
RUNNING_HEAD = "data-running-head"
CLAUSE_WORDS = 18  # a 款 without a title is listed in the contents by its opening words, up to this many characters
LEAD_IN_ENDS = ("：", ":")  # a paragraph ending so introduces the lines after it


def opens_with_heading(clauses: list[Clause]) -> bool:
    """Whether the first of these 款 opens with its own heading (a titled 款)."""
    return bool(clauses) and bool(clauses[0].title)


def last_printed(paragraphs: list[Paragraph]) -> int:
    """The index of the last of these paragraphs printed in the text (a source footnote is printed at the page's
    foot), -1 when none is."""
    printed = [i for i, para in enumerate(paragraphs) if para.text and not FOOTNOTE_DEF.match(para.text)]
    return printed[-1] if printed else -1


@dataclass(frozen=True)
class TitleInfo:
    """What the title page says besides the book: the edition stamp and the script."""

    edition_label: str  # '2026-11-29 · 3f9a1c0b' (scripts/edition.py)
    script: str  # 'hans' | 'hant'


class BookDocument:
    """Typesets one book: `html()` is the whole document, in simplified characters (pdf.py converts the
    traditional one)."""

    def __init__(
        self,
        rulebook: Rulebook,
        book_key: str,
        inline: InlineRenderer,
        appendix_html: str,
        index_terms: list[IndexTerm] | None = None,
    ):
        self.rulebook = rulebook
        self.index_terms = index_terms or []
        self.book: Book = rulebook.books[book_key]
        self.inline = inline
        self.appendix_html = appendix_html
        self.marks = HeadingMarks(inline.notes, heading_corrections(rulebook.headings))
        self.penalties = penalty_data(rulebook.src)  # the tables printed after an article with a calculator

    def html(self, title: TitleInfo, font_family: str, lang: str) -> str:
        css = STYLESHEET.read_text(encoding="utf-8").replace("__BODY_FONT__", font_family)
        parts = [
            self.title_page(title),
            conventions_page(self.book.key),
            self.contents(),
            self.definitions(),
            *self.chapters(),
            self.front_matter(),
            self.appendix_html,
        ]
        body, index_targets = mark_index_places("".join(parts), self.book.key, self.index_terms)
        return (
            f'<!DOCTYPE html><html lang="{lang}"><head><meta charset="utf-8">'
            f"<title>{html.escape(BOOKS[self.book.key].title)}</title>"
            f'<style>{css}</style></head><body>'
            + body
            + subject_index_page(self.book, self.index_terms, index_targets)
            + "</body></html>"
        )

    # --- front ------------------------------------------------------------------------------------------
    def title_page(self, title: TitleInfo) -> str:
        return title_page(self.book, title.edition_label, title.script)

    def contents(self) -> str:
        items = []
        if self.glossary():
            items.append(
                f'<li class="toc-chapter"><a href="#{html.escape(self.book.key)}/definitions">定义（来源所存部分）</a></li>'
            )
        for depth, parts, articles in self.chapter_groups():
            for level, part in enumerate(parts[depth:], depth):
                items.append(
                    f'<li class="toc-chapter toc-depth-{min(level, 2)}">'
                    f'{self.marks.chapter_part(part, "contents", with_notes=False)[0]}</li>'
                )
            for article in articles:
                target = html.escape(anchor_id(article.book, article.slug))
                title, _ = self.marks.article_title(article, title_corrections(article), with_notes=False)
                items.append(
                    f'<li class="toc-article"><a href="#{target}">'
                    f'<span class="toc-number">第{article.number}条</span> {title}</a></li>'
                )
                items += [self.contents_clause(article, clause) for clause in article.clauses]
        if self.front_matter_paragraphs():
            items.append(
                f'<li class="toc-chapter toc-appendix"><a href="#{html.escape(self.book.key)}/front-matter">'
                "附录 来源前言（照录）</a></li>"
            )
        items.append(
            f'<li class="toc-chapter toc-appendix"><a href="#{html.escape(self.book.key)}/report">附录 校勘记</a></li>'
        )
        items.append(
            f'<li class="toc-chapter toc-appendix"><a href="#{html.escape(self.book.key)}/{INDEX_ID}">索引</a></li>'
        )
        return (
            f'<section class="contents" id="{html.escape(contents_id(self.book.key))}">'
            f'<h2 class="contents-title" {RUNNING_HEAD}="目录">目录</h2>'
            f'<ol class="toc">{"".join(items)}</ol></section>'
        )

    def contents_clause(self, article: Article, clause: Clause) -> str:
        """A 款 in the contents: its label and title, or the opening words of its text when it has no title."""
        if clause.title:
            words = clause.title
        else:
            text = next((p.text for p in clause.paragraphs if p.text and not FOOTNOTE_DEF.match(p.text)), "")
            text = text.split("\n", 1)[0]
            words = text if len(text) <= CLAUSE_WORDS else text[: CLAUSE_WORDS - 1] + "…"
        target = html.escape(anchor_id(article.book, article.slug, clause.anchor))
        return (
            f'<li class="toc-clause"><a href="#{target}"><span class="toc-label">{html.escape(clause.label)}</span>'
            f"{html.escape(words)}</a></li>"
        )

    def chapter_groups(self) -> list[tuple[int, list[str], list[Article]]]:
        """Articles in reading order, grouped under the chapter path they stand under ('第五章 竞叫 · 第一部分 正确的程序 ·
        第一节 竞叫阶段' → its three divisions), with how many leading divisions the group shares with the one before
        it: a book prints each division's heading once, where it begins."""
        groups: list[tuple[int, list[str], list[Article]]] = []
        for article in self.book.articles.values():
            parts = article.chapter.split(" · ") if article.chapter else [NO_CHAPTER]
            if groups and groups[-1][1] == parts:
                groups[-1][2].append(article)
                continue
            previous = groups[-1][1] if groups else []
            shared = 0
            while shared < min(len(parts), len(previous)) and parts[shared] == previous[shared]:
                shared += 1
            groups.append(
                (min(shared, len(parts) - 1), parts, [article])
            )  # a path that only shortens repeats its last division
        return groups

    def glossary(self) -> list:
        """The definitions the sources keep (the Laws' front matter; the regulations have none)."""
        return self.rulebook.glossary if self.book.key == "laws" else []

    def definitions(self) -> str:
        entries = self.glossary()
        if not entries:
            return ""
        items = "".join(
            f'<p class="definition" id="{html.escape(self.book.key)}/definitions/{html.escape(entry.term)}">'
            f'<span class="definition-term">{html.escape(entry.term)}（{html.escape(entry.english)}）</span>'
            + "".join(
                self.definition(glossary_paragraph_key(number, i), para) for i, para in enumerate(entry.definition)
            )
            + "</p>"
            for number, entry in enumerate(entries)
        )
        return (
            f'<section class="chapter first-chapter definitions" id="{html.escape(self.book.key)}/definitions">'
            f'<h2 class="chapter-title" {RUNNING_HEAD}="定义"><span class="heading-text">定义（来源所存部分）</span></h2>'
            f"{items}</section>"
        )

    def definition(self, key: str, para: Paragraph) -> str:
        """A definition's text (`key`: its stable id); a defect the sources leave unresolved (a definition cut short)
        is footnoted at its end, which is where its quote ends."""
        notes = "".join(unresolved_note(item) for _start, _end, item in self.inline.notes.unresolved_in(para))
        return self.inline.paragraph_without_notes(key, para, 0) + notes

    # --- back ---------------------------------------------------------------------------------------------
    def front_matter_paragraphs(self) -> list[Paragraph]:
        return [para for para in self.book.front_matter if para.text]

    def front_matter(self) -> str:
        """The source's own front matter, as the site's book page shows it (“来源前言（照录）”), its corrections marked."""
        paragraphs = self.front_matter_paragraphs()
        if not paragraphs:
            return ""
        where = f"{self.book.key}/front-matter"
        body = "".join(
            f'<p class="{"subheading" if is_subheading(p.text) else "front-matter"}">'
            f"{self.marks.plain_paragraph(p, where)}</p>"
            for p in paragraphs
        )
        return (
            f'<section class="appendix" id="{html.escape(where)}">'
            f'<h2 class="chapter-title" {RUNNING_HEAD}="附录">附录 来源前言（照录）</h2>'
            f"<p>以下是来源文本在正文之前的文字，照录；编者的校勘同正文一样标出。</p>{body}</section>"
        )

    # --- body -------------------------------------------------------------------------------------------
    def chapters(self) -> list[str]:
        out = []
        for number, (depth, parts, articles) in enumerate(self.chapter_groups(), 1):
            first = " first-chapter" if number == 1 and not self.glossary() else ""
            # a page that opens with these headings is headed by the article they open
            running = f'{RUNNING_HEAD}="第{articles[0].number}条"'
            headings = []
            for level, part in enumerate(parts[depth:], depth):
                text, notes = self.marks.chapter_part(part, f"{self.book.key}/chapter-{number}")
                headings.append(
                    f'<h2 class="chapter-title division-{min(level, 2)}" {running}>'
                    f'<span class="heading-text">{text}</span>{notes}</h2>'
                )
            out.append(
                f'<section class="chapter{first}" id="{html.escape(self.book.key)}/chapter-{number}">'
                + "".join(headings)
                + "".join(self.article(article) for article in articles)
                + "</section>"
            )
        return out

    def article(self, article: Article) -> str:
        source_notes = source_footnote_definitions(article, FOOTNOTE_DEF)
        variants = variant_notes(article, self.rulebook.sources)
        out = [
            f'<article class="article" id="{html.escape(anchor_id(article.book, article.slug))}">',
            self.article_heading(article),
        ]
        if article.english:
            out.append(f'<p class="article-english" lang="en">{html.escape(article.english)}</p>')
        for warning in article.warnings:
            out.append(
                f'<aside class="source-problem"><p class="box-title">来源问题</p><p>{html.escape(warning)}</p></aside>'
            )
        last = last_printed(article.intro) if opens_with_heading(article.clauses) else -1
        for i, para in enumerate(article.intro):
            key = paragraph_key(article.book, article.slug, "", i)
            out.append(self.paragraph(article, key, para, source_notes, variants, i == last))
        for clause in article.clauses:
            out.append(self.clause(article, clause, source_notes, variants))
        out.append(penalty_tables_html(self.penalties, article.book, article.slug))
        out.append("</article>")
        return "".join(out)

    def article_heading(self, article: Article) -> str:
        title, notes = self.marks.article_title(article, title_corrections(article))
        return (
            f'<h3 class="article-title"><span class="heading-text">'
            f'<span class="article-number">第{article.number}条</span> {title}</span>'
            f"{notes}</h3>"
        )

    def clause(self, article: Article, clause: Clause, source_notes, variants) -> str:
        clause_id = html.escape(anchor_id(article.book, article.slug, clause.anchor))
        label = f'<span class="clause-label">{html.escape(clause.label)}</span>'
        if clause.restored:  # a marker the source does not print: light, with the editor's note as a footnote
            label = f'<span class="clause-label restored-marker">{html.escape(clause.label)}</span>' + footnote(
                f"补入：{html.escape(clause.restored)}", "restored-marker"
            )
        # (stable id, paragraph): the index in the id counts every paragraph of the clause, also an empty one
        paragraphs = [
            (paragraph_key(article.book, article.slug, clause.anchor, i), p)
            for i, p in enumerate(clause.paragraphs)
            if p.text
        ]
        out = [f'<div class="clause level-{min(clause.level, 4)}" id="{clause_id}">']
        last = last_printed([p for _key, p in paragraphs]) if opens_with_heading(clause.children) else -1
        blocks = [
            self.paragraph(article, key, p, source_notes, variants, i == last) for i, (key, p) in enumerate(paragraphs)
        ]
        if clause.title:
            title, notes = self.marks.heading(clause.title, clause_title_corrections(clause), clause_id)
            out.append(f'<h4 class="clause-title">{label}{title}{notes}</h4>')
            out += blocks
        elif paragraphs:
            first = blocks[0]
            opening = next((tag for tag in ("<p>", '<p class="lead-in">') if first.startswith(tag)), "")
            out.append(first.replace(opening, opening + label, 1) if opening else f"<p>{label}</p>{first}")
            out += blocks[1:]
        else:
            out.append(f"<p>{label}</p>")
        out += [self.clause(article, child, source_notes, variants) for child in clause.children]
        out.append("</div>")
        return "".join(out)

    def paragraph(
        self, article: Article, key: str, para: Paragraph, source_notes, variants, before_heading: bool = False
    ) -> str:
        """A paragraph as a block: text, a restored table, a formula the source broke, or a sub-heading; `key` is its
        stable id (model.paragraph_key), under which the link stage filed its references and variant_notes its 异文.
        A paragraph ending in a colon keeps with what it leads into, but not `before_heading` (a titled 款 follows: its
        heading keeps with its own first lines, and the chain of both, 规则第13条's 则： → A. → 改正： → 1., pushed
        the paragraph's last lines over and left 45 mm of p.19 empty)."""
        if not para.text or FOOTNOTE_DEF.match(para.text):
            return ""  # a source footnote is printed at the foot of the page where its mark stands
        notes = "".join(variants.get(key, []))
        restored = RESTORED.match(para.text)
        if restored:
            return self.restored_table(article, restored["name"], para) + notes
        if "\n" in para.text:
            lines = "\n".join(html.escape(line) for line in para.text.split("\n"))
            return (
                '<aside class="broken-formula"><p class="box-title">公式在来源中已损坏，无法核实</p>'
                f"<p>来源中的公式排版丢失了运算符和分数线，下面照录来源各行，未作推测：</p><pre>{lines}</pre></aside>{notes}"
            )
        body = self.inline.paragraph(article, key, para, source_notes) + notes
        if is_subheading(para.text):
            return f'<p class="subheading">{body}</p>'
        # '1. 在循环赛等计VP的比赛时：' keeps with what it leads into
        if para.text.rstrip().endswith(LEAD_IN_ENDS) and not before_heading:
            return f'<p class="lead-in">{body}</p>'
        return f"<p>{body}</p>"

    def restored_table(self, article: Article, name: str, para: Paragraph) -> str:
        data = self.rulebook.src.load(f"restored/{name}.yml")
        notes = "".join(
            self.inline.notes.correction_note(c, f"{article.book}/{article.slug}") for c in para.corrections
        )
        head = "".join(f"<th>{html.escape(str(c))}</th>" for c in data["columns"])
        rows = "".join(
            "<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>" for row in data["rows"]
        )
        return (
            f'<aside class="restored"><p class="box-title">补入内容：{html.escape(data["title"])}{notes}</p>'
            f'<p>{html.escape(data["notice"])}</p><table class="band-table">'
            f"<thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table></aside>"
        )
