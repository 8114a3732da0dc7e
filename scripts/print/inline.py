"""One paragraph of the article tree as HTML for the print edition: erratum marks, live cross-references, notes."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from urllib.parse import quote

from scripts.books import BOOKS
from scripts.pipeline.link import Citation, LinkIndex, Resolution
from scripts.pipeline.model import Article, Paragraph
from scripts.print.notes import ErratumNotes, SourceNotes, footnote, unresolved_note
from scripts.document.markers import FOOTNOTE_DEF
from scripts.document.report_names import LINKED

SOURCE_FOOTNOTE_MARK = re.compile(r"\[\^(?P<n>[0-9]+)\]")
MISSING_MARK = (
    "（来源缺）"  # as the site shows a reference to an article the sources lack (docs/assets/refs/preview.css)
)


def anchor_id(book: str, slug: str, anchor: str = "") -> str:
    """The id (and PDF named destination) of an article or clause, spelled like the site's URL: 'regulations/26/一-2'."""
    return f"{book}/{slug}" + (f"/{anchor}" if anchor else "")


def contents_id(book: str) -> str:
    return f"{book}/contents"


def target_id(resolution: Resolution) -> str:
    """Where a resolved reference lands in its book's PDF."""
    if resolution.status == "clause":
        return anchor_id(resolution.book, resolution.slug, resolution.anchor)
    if resolution.status == "book":
        return contents_id(resolution.book)
    return anchor_id(resolution.book, resolution.slug)


@dataclass
class BookLinks:
    """What a book's references need: the link index, which book is being typeset, and where the other book's PDF is."""

    index: LinkIndex
    book: str
    other_pdf: str  # the other book's PDF file name, in the same folder
    other_pages: dict[str, int] = field(
        default_factory=dict
    )  # id in the other PDF → page number (empty: not typeset yet)


# how a marked stretch is set: a correction underlined with dots, an unresolved defect with a wavy line (as on the site)
MARK_TAGS = {"erratum": ("<ins class=\"erratum\">", "</ins>"), "unresolved": ("<span class=\"unresolved\">", "</span>")}


@dataclass
class Marked:
    """A marked stretch of a paragraph (a correction, or an unresolved defect of the source) and its footnote."""

    start: int
    end: int
    note: str
    kind: str = "erratum"  # a key of MARK_TAGS


class InlineRenderer:
    """Renders paragraphs of one book; references into the other book link to its PDF and name it with its page."""

    def __init__(self, links: BookLinks, notes: ErratumNotes):
        self.links = links
        self.notes = notes

    def citations(self, key: str) -> list[Citation]:
        """The references in the paragraph whose stable id (model.paragraph_key) is `key`, as the link stage filed
        them."""
        return self.links.index.by_paragraph.get(key, [])

    def paragraph(self, article: Article, key: str, para: Paragraph, source_notes: SourceNotes, start: int = 0) -> str:
        """The paragraph's text from `start` as inline HTML; `key` is its stable id (model.paragraph_key)."""
        text = para.text
        where = f"{article.book}/{article.slug}"
        marks = []
        for correction in para.corrections:
            at = text.find(correction[0])
            if at >= start and not correction[0].startswith("[^"):
                marks.append(Marked(at, at + len(correction[0]), self.notes.correction_note(correction, where)))
        for lo, hi, item in self.notes.unresolved_in(para):
            if lo >= start and all(hi <= mark.start or lo >= mark.end for mark in marks):
                marks.append(Marked(lo, hi, unresolved_note(item), "unresolved"))
        spans: list[tuple[int, int, Citation]] = []
        for citation in self.citations(key):
            ref = citation.reference
            if ref.implied or citation.resolution.status not in LINKED or ref.start < start:
                continue
            lo, hi = ref.start, ref.end  # a reference over a corrected stretch takes the stretch, mark and all
            for mark in marks:
                if mark.start < hi and lo < mark.end:
                    lo, hi = min(lo, mark.start), max(hi, mark.end)
            if all(hi <= s or lo >= e for s, e, _ in spans):
                spans.append((lo, hi, citation))
        out, pos = [], start
        for lo, hi, citation in sorted(spans, key=lambda span: span[0]):
            out.append(self.marked(text, pos, lo, marks, source_notes, None))
            deferred: list[str] = []  # a footnote inside a link would make its call part of the link
            out.append(
                self.reference(self.marked(text, lo, hi, marks, source_notes, deferred), citation) + "".join(deferred)
            )
            pos = hi
        out.append(self.marked(text, pos, len(text), marks, source_notes, None))
        return "".join(out)

    def marked(self, text: str, lo: int, hi: int, marks: list[Marked], source_notes, deferred: list[str] | None) -> str:
        out, pos = [], lo
        for mark in sorted(marks, key=lambda m: m.start):
            if mark.start >= lo and mark.end <= hi:
                out.append(self.plain(text[pos : mark.start], source_notes))
                out.append(self.inserted(text[mark.start : mark.end], source_notes, mark.kind))
                (out if deferred is None else deferred).append(mark.note)
                pos = mark.end
        out.append(self.plain(text[pos:hi], source_notes))
        return "".join(out)

    def inserted(self, text: str, source_notes: SourceNotes, kind: str = "erratum") -> str:
        """A marked stretch, underlined; a source footnote inside it stands between two marks, so that the note at
        the page foot does not inherit the underline."""
        pieces = SOURCE_FOOTNOTE_MARK.split(text)  # text, number, text, number, …, text
        opening, closing = MARK_TAGS[kind]
        out = []
        for i, piece in enumerate(pieces):
            if i % 2:
                out.append(self.source_footnote(piece, source_notes))
            elif piece:
                out.append(f"{opening}{html.escape(piece)}{closing}")
        return "".join(out)

    def plain(self, text: str, source_notes: SourceNotes) -> str:
        """Escaped text; the source's own footnote marks ([^1]) become footnotes holding the note's text."""
        out, pos = [], 0
        for match in SOURCE_FOOTNOTE_MARK.finditer(text):
            out.append(html.escape(text[pos : match.start()]))
            out.append(self.source_footnote(match["n"], source_notes))
            pos = match.end()
        out.append(html.escape(text[pos:]))
        return "".join(out)

    def source_footnote(self, number: str, source_notes: SourceNotes) -> str:
        if number not in source_notes:
            return ""
        key, para = source_notes[number]
        body_start = FOOTNOTE_DEF.match(para.text).end()
        body = self.paragraph_without_notes(key, para, body_start)
        moved = [
            self.notes.erratum_for(c[2], "a source footnote").reason for c in para.corrections if c[0].startswith("[^")
        ]
        remark = "".join(f"〔校勘：{html.escape(note)}〕" for note in moved)
        return footnote(f"原注{number}：{body}{remark}", "source")

    def paragraph_without_notes(self, key: str, para: Paragraph, start: int) -> str:
        """A source footnote's body or a definition with its references linked (a footnote cannot hold footnotes)."""
        text, out, pos = para.text, [], start
        for citation in sorted(self.citations(key), key=lambda c: c.reference.start):
            ref = citation.reference
            if ref.implied or citation.resolution.status not in LINKED or ref.start < pos:
                continue
            out.append(html.escape(text[pos : ref.start]))
            out.append(self.reference(html.escape(ref.text), citation))
            pos = ref.end
        out.append(html.escape(text[pos:]))
        return "".join(out)

    def reference(self, inner: str, citation: Citation) -> str:
        """A live link inside this PDF; into the other book's PDF with its page named; or the site's “来源缺” mark."""
        resolution = citation.resolution
        if resolution.status == "missing":
            return f'<span class="ref ref-missing">{inner}</span><span class="missing-mark">{MISSING_MARK}</span>'
        target = target_id(resolution)
        if resolution.book == self.links.book:  # its page set by the typesetter (book.css: target-counter)
            href = f"#{html.escape(target)}"
            return (
                f'<a class="ref" href="{href}">{inner}</a>'
                f'<span class="ref-page">〔第<a class="ref-page-number" href="{href}"></a>页〕</span>'
            )
        page = self.links.other_pages.get(target)
        name = BOOKS[resolution.book]
        where = f"{name.meta_label}第{page}页" if page else f"见《{name.title}》"
        href = f"{self.links.other_pdf}#nameddest={quote(target, safe='/')}"
        return (
            f'<a class="ref ref-other-book" href="{html.escape(href)}">{inner}</a>'
            f'<span class="other-book-page">〔{where}〕</span>'
        )


# full-width punctuation that takes a whole cell ('）。' took two, '。”' too): in a run of two or more, all but the last
# are set at half width by the font's own alternates (OpenType `halt`, Noto CJK), so '）。' takes one and a half
CJK_PUNCTUATION = "、。，．；：！？）」』】》〉〕（「『【《〈〔“”‘’"
PUNCTUATION_RUN = re.compile(f"[{CJK_PUNCTUATION}]{{2,}}")
TEXT_BETWEEN_TAGS = re.compile(r">([^<]+)<")


def compress_punctuation_runs(document: str) -> str:
    """The document with every run of two or more CJK punctuation marks in its text (not in tags or the stylesheet)
    wrapped so that all but its last mark are set at half width: <span class="punct-half">）</span>。"""

    def run(match: re.Match[str]) -> str:
        return f'<span class="punct-half">{match[0][:-1]}</span>{match[0][-1]}'

    def text(match: re.Match[str]) -> str:
        return ">" + PUNCTUATION_RUN.sub(run, match[1]) + "<"

    head, marker, body = document.partition("<body")
    return head + marker + TEXT_BETWEEN_TAGS.sub(text, body) if marker else TEXT_BETWEEN_TAGS.sub(text, document)
