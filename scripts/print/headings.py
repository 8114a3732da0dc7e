"""Headings of the print edition marked as the site marks them: a corrected or restored stretch of a chapter heading,
article title or clause title underlined, its erratum's reason as a footnote; an unresolved defect that is the title
itself (a title not in any source) footnoted at the title."""

from __future__ import annotations

import html
import re

from scripts.pipeline.model import Article, Paragraph
from scripts.print.inline import MARK_TAGS
from scripts.print.notes import ErratumNotes, unresolved_note
from scripts.document.headings import heading_stretch

NO_CHAPTER = "（来源未标章节）"


class HeadingMarks:
    """Marks headings for one rulebook. `chapter_corrections`: chapter / 节 heading (whitespace removed) → the
    corrections made on its line (scripts.document.headings.heading_corrections)."""

    def __init__(self, notes: ErratumNotes, chapter_corrections: dict[str, list]):
        self.notes = notes
        self.chapter_corrections = chapter_corrections

    def heading(self, text: str, corrections: list, where: str, with_notes: bool = True) -> tuple[str, str]:
        """(the heading's text as HTML with each corrected stretch marked, the footnotes giving the reasons).

        The stretch is found as the site finds it (scripts.document.headings.heading_stretch): the corrected words where
        they stand, else the whole heading (a restored heading, a title split from its sentence). Without notes
        (the contents page) the marks stand alone: the notes are printed where the heading stands in the text."""
        marks: list[tuple[int, int, tuple]] = []
        for correction in corrections:
            found = heading_stretch(text, correction)
            if found and all(found[1] <= start or found[0] >= end for start, end, _ in marks):
                marks.append((*found, correction))
        out, notes, pos = [], [], 0
        for start, end, correction in sorted(marks, key=lambda mark: mark[0]):
            out.append(html.escape(text[pos:start]))
            out.append(f'{MARK_TAGS["erratum"][0]}{html.escape(text[start:end])}{MARK_TAGS["erratum"][1]}')
            if with_notes:
                notes.append(self.notes.correction_note(correction, where))
            pos = end
        out.append(html.escape(text[pos:]))
        return "".join(out), "".join(notes)

    def chapter_part(self, part: str, where: str, with_notes: bool = True) -> tuple[str, str]:
        """One division of a chapter path ('第五章 竞叫', '第一节 竞叫阶段') with its marks."""
        if part == NO_CHAPTER:
            return html.escape(part), ""
        return self.heading(part, self.chapter_corrections.get(re.sub(r"\s+", "", part), []), where, with_notes)

    def article_title(self, article: Article, corrections: list, with_notes: bool = True) -> tuple[str, str]:
        """The title after '第N条', marked; with notes, an unresolved defect that is the heading itself is footnoted."""
        where = f"{article.book}/{article.slug}"
        title, notes = self.heading(article.title, corrections, where, with_notes)
        if with_notes:
            notes += "".join(unresolved_note(item) for item in self.unresolved_titles(article))
        return title, notes

    def unresolved_titles(self, article: Article) -> list[dict]:
        """Unresolved defects that are the article's heading itself, matched as the site matches them."""
        heading = re.sub(r"\s+", "", f"第{article.number}条{article.title}")
        files = set(article.sources)
        return [
            item
            for item in self.notes.unresolved
            if item["file"] in files and re.sub(r"\s+", "", item["quote"]) == heading
        ]

    def plain_paragraph(self, para: Paragraph, where: str) -> str:
        """A paragraph printed as it stands (the sources' front matter): corrections and defects marked, no links."""
        marks = []
        for correction in para.corrections:
            at = para.text.find(correction[0])
            if at >= 0 and not correction[0].startswith("[^"):
                marks.append((at, at + len(correction[0]), "erratum", self.notes.correction_note(correction, where)))
        for start, end, item in self.notes.unresolved_in(para):
            marks.append((start, end, "unresolved", unresolved_note(item)))
        out, pos = [], 0
        for start, end, kind, note in sorted(marks, key=lambda mark: mark[0]):
            if start < pos:
                continue
            opening, closing = MARK_TAGS[kind]
            out += [html.escape(para.text[pos:start]), opening, html.escape(para.text[start:end]), closing, note]
            pos = end
        out.append(html.escape(para.text[pos:]))
        return "".join(out)
