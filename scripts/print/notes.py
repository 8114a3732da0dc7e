"""The print edition's notes: errata, restored text and variant readings (异文) as numbered footnotes in Chinese."""

from __future__ import annotations

import difflib
import html
import re

from scripts.errors import RulebookError
from scripts.pipeline.errata import Erratum
from scripts.pipeline.model import Article, Paragraph
from scripts.pipeline.sources import SourceEntry

# An article's own source footnotes: number → (the footnote paragraph's stable id, the paragraph)
SourceNotes = dict[str, tuple[str, Paragraph]]
RESTORED_SUFFIX = "（补入的内容，不见于来源）"  # what scripts/pipeline/errata.py appends to a restored erratum's reason
# how a variant's source is named in a footnote (a reader is not shown file names): by the kind of copy it is
SOURCE_KINDS = {
    "pdf-text": "PDF 转录本",
    "wiki-traditional": "繁体百科本",
    "escaped-json": "网页数据转录本",
    "fullwidth-web": "全角网页本",
}


class PrintNoteError(RulebookError):
    """A correction reaches the printed text with a reason that no erratum in errata.yml gives."""


def footnote(text_html: str, kind: str) -> str:
    """A WeasyPrint footnote (float: footnote): the call is a circled number where it stands, the text at the
    page foot."""
    return f'<span class="note note-{kind}">{text_html}</span>'


class ErratumNotes:
    """Each correction's erratum, looked up by the reason the pipeline copied into Paragraph.corrections; its `reason`
    (in Chinese, as the site's tap note shows it) is the footnote's text. `unresolved`: errata.yml's unresolved
    defects (file, quote, reason), each flagged with a footnote where its quote stands, as the site flags them."""

    def __init__(self, errata: list[Erratum], unresolved: list[dict] | None = None, mojibake: list[dict] | None = None):
        self.by_reason = {erratum.reason: erratum for erratum in errata}
        for item in (
            mojibake or []
        ):  # a recovered mojibake run is marked like an erratum (pipeline/errata.mark_mojibake)
            self.by_reason.setdefault(
                item["reason"],
                Erratum(item["file"], "mojibake", item["shown"], item["shown"], item["original"], item["reason"]),
            )
        self.unresolved: list[dict] = unresolved or []

    def erratum_for(self, reason: str, where: str) -> Erratum:
        erratum = self.by_reason.get(reason.removesuffix(RESTORED_SUFFIX))
        if erratum is None:
            raise PrintNoteError(
                f"{where}: a correction carries a reason no erratum in errata.yml has: {reason[:60]!r}"
            )
        return erratum

    def correction_note(self, correction: tuple[str, str, str], where: str) -> str:
        """'校勘：“在”误作“主”……' or '补入：……' for restored text."""
        erratum = self.erratum_for(correction[2], where)
        label = "补入" if erratum.restored else "校勘"
        return footnote(f"{label}：{html.escape(erratum.reason)}", "erratum")

    def unresolved_in(self, para: Paragraph) -> list[tuple[int, int, dict]]:
        """(start, end, defect) for each unresolved defect whose quote stands in the paragraph (its source's text)."""
        files = {prov.file for prov in para.provs}
        found = []
        for item in self.unresolved:
            start = para.text.find(item["quote"]) if item["file"] in files else -1
            if start >= 0:
                found.append((start, start + len(item["quote"]), item))
        return found


def unresolved_note(item: dict) -> str:
    """The footnote of an unresolved source defect: '未解决的缺陷：……', the site's wavy-underline note."""
    return footnote(f"未解决的缺陷：{html.escape(item['reason'])}", "unresolved")


def variant_notes(article: Article, sources: list[SourceEntry]) -> dict[str, list[str]]:
    """Stable id of a paragraph of the article (model.paragraph_key) → footnotes giving the variant readings (异文)
    nearest to that paragraph.

    A variant paragraph carries no clause anchor, so it is attached to the article paragraph whose text it is most
    like ('A. 参赛者(个人、双人或队)…' → the paragraph of 第5条 A款).
    """
    kinds = {entry.file: SOURCE_KINDS.get(entry.format, "另一来源") for entry in sources}
    targets = [(key, para) for key, _anchor, para in article.keyed_paragraphs() if para.text]
    out: dict[str, list[str]] = {}
    for variant in article.variants:
        for para in variant.paragraphs:
            if not para.text or not targets:
                continue
            nearest, _ = max(
                targets,
                key=lambda target: difflib.SequenceMatcher(None, target[1].text, para.text, autojunk=False).ratio(),
            )
            text = f"异文：{kinds.get(variant.source, '另一来源')}作“{html.escape(para.text)}”"
            out.setdefault(nearest, []).append(footnote(text, "variant"))
    return out


def source_footnote_definitions(article: Article, definition: re.Pattern) -> SourceNotes:
    """The source's own footnotes of an article ('[^1]: 如裁判认为…' paragraphs) with their stable ids, by number."""
    found = {}
    for key, _anchor, para in article.keyed_paragraphs():
        match = definition.match(para.text)
        if match:
            found[match["n"]] = (key, para)
    return found
