"""The print edition's HTML, without typesetting: notes in Chinese, anchors kept, links that land, band tables."""

from __future__ import annotations

import html
import re

import pytest

from scripts.edition import Edition
from scripts.penalties.widgets import placements
from scripts.pipeline.link import link_rulebook
from tests.rulebook_once import load_full_rulebook
from scripts.pipeline.coverage import coverage_sentences
from scripts.print.appendix import report_appendix
from scripts.print.book import BookDocument, TitleInfo
from scripts.print.inline import BookLinks, InlineRenderer, anchor_id
from scripts.print.notes import ErratumNotes
from scripts.print.pdf import FONTS, pdf_name
from scripts.paths import DOCS
from scripts.traditional import to_traditional_markdown
from scripts.traditional import load_fixes
from tests.rulebook_once import real_src

import datetime as dt
from penalty_data import PENALTIES

EDITION = Edition(date=dt.date(2026, 11, 29), content_hash="0badcafe")
HAN = re.compile(r"[\u4e00-\u9fff]")


@pytest.fixture(scope="module")
def rulebook():
    return load_full_rulebook()


@pytest.fixture(scope="module")
def links(rulebook):
    return link_rulebook(rulebook)


@pytest.fixture(scope="module")
def documents(rulebook, links) -> dict[str, str]:
    return print_documents(rulebook, links)


def print_documents(rulebook, links) -> dict[str, str]:
    """Each book's print HTML (simplified), typeset from `rulebook` with the link stage's index `links`."""
    notes = ErratumNotes(rulebook.errata, rulebook.unresolved, rulebook.mojibake)
    out = {}
    for book in ("laws", "regulations"):
        other = "regulations" if book == "laws" else "laws"
        inline = InlineRenderer(BookLinks(links, book, pdf_name("p", other, "hans", EDITION)), notes)
        document = BookDocument(rulebook, book, inline, report_appendix(rulebook, links, book))
        out[book] = document.html(TitleInfo(EDITION.label, "hans"), *FONTS["hans"])
    return out


def test_every_correction_in_an_article_prints_its_erratum_reason_in_chinese(rulebook):
    """The print edition's footnotes give each erratum's reason (errata.yml, in Chinese since the reasons became reader
    text)."""
    reasons = {
        c[2]
        for book in rulebook.books.values()
        for a in book.articles.values()
        for p in a.paragraphs()
        for c in p.corrections
    }
    notes = ErratumNotes(rulebook.errata, mojibake=rulebook.mojibake)
    assert reasons
    for reason in reasons:
        assert HAN.search(notes.erratum_for(reason, "test").reason), reason


def test_pdf_names_are_ascii_with_the_zip_prefix_and_date():
    assert pdf_name("zhongguo-qiaopai-guize", "laws", "hans", EDITION) == "zhongguo-qiaopai-guize-guize-20261129.pdf"
    assert (
        pdf_name("zhongguo-qiaopai-guize", "regulations", "hant", EDITION)
        == "zhongguo-qiaopai-guize-caipanfa-fanti-20261129.pdf"
    )


def test_every_article_and_clause_keeps_its_anchor(rulebook, documents):
    for key, book in rulebook.books.items():
        ids = set(re.findall(r' id="([^"]+)"', documents[key]))
        for article in book.articles.values():
            assert anchor_id(key, article.slug) in ids
            for clause in article.walk_clauses():
                assert anchor_id(key, article.slug, clause.anchor) in ids, (article.slug, clause.anchor)


def test_internal_links_land_on_an_id_and_other_book_links_name_its_pdf(documents):
    for text in documents.values():
        ids = set(re.findall(r' id="([^"]+)"', text))
        internal = re.findall(r'href="#([^"]+)"', text)
        assert len(internal) > 50
        assert set(internal) <= ids, set(internal) - ids
    other = re.findall(r'href="(p-guize-20261129\.pdf#nameddest=[^"]+)"', documents["regulations"])
    assert other, "the regulations cite the laws (规则N): those links go into the laws' PDF"
    assert "见《中国桥牌竞赛规则》" in documents["regulations"]  # page numbers unknown until the laws are typeset


def test_missing_targets_read_as_on_the_site(documents):
    assert documents["laws"].count('<span class="missing-mark">（来源缺）</span>') >= 5


def test_marks_notes_and_variants_are_footnotes(documents):
    laws = documents["laws"]
    assert '<ins class="erratum">' in laws
    assert "校勘：“入”误作“人”（成语“引入歧途”）" in laws
    assert "补入：来源缺发牌人与局况表" in laws
    assert laws.count('class="note note-variant"') >= 10 and "异文：繁体百科本作“" in laws
    assert "原注1：3手牌正确、一手牌不足时" in laws


def test_calculators_print_as_band_tables(documents):
    for (book, slug), calculators in placements(PENALTIES).items():
        if (book, slug) in (("laws", "77"), ("laws", "78")):  # Laws our sources lack: no article in print
            assert f'id="{anchor_id(book, slug)}"' not in documents[book]
            continue
        article = documents[book].split(f'id="{anchor_id(book, slug)}"', 1)[1].split("</article>", 1)[0]
        if book == "laws" and slug == "2":  # the board calculator's table is the restored table of 规则第2条
            assert '<aside class="restored">' in article
            continue
        # the editor's tables, labelled as such and boxed apart from the rule text
        assert article.count('<section class="band-tables editor-table">') == len(calculators), (book, slug)
        assert article.count('<span class="editor-label">编者整理</span>') == len(calculators), (book, slug)
        assert "<form" not in article and "<input" not in article


def test_traditional_conversion_keeps_ids_and_converts_text(documents):
    converted = to_traditional_markdown(documents["regulations"], load_fixes(real_src()))
    assert re.findall(r' id="([^"]+)"', converted) == re.findall(r' id="([^"]+)"', documents["regulations"])
    assert "對遲到的判罰" in converted and "对迟到的判罚" not in converted


def test_appendix_is_a_readers_collation_note_without_pipeline_words(rulebook, documents):
    for book in ("laws", "regulations"):
        assert "附录 校勘记" in documents[book]
        for sentence in coverage_sentences(rulebook.books):
            assert sentence in documents[book]
        for word in ("OpenCC", "NBSP", "JSON", "yml", "银行家", "⌈", "流水线", "构建报告"):
            assert word not in documents[book].split("</style>", 1)[1], (book, word)


def test_laws_print_the_definitions_the_sources_keep(rulebook, documents):
    for entry in rulebook.glossary:
        assert f'id="laws/definitions/{entry.term}"' in documents["laws"]
    assert 'href="#laws/definitions"' in documents["laws"] and "laws/definitions" not in documents["regulations"]


def test_restored_clause_markers_are_light_with_their_note(rulebook, documents):
    restored = [
        clause
        for article in rulebook.books["laws"].articles.values()
        for clause in article.walk_clauses()
        if clause.restored
    ]
    assert restored, "the concordance restores clause markers the source lost (rulebook_src/clause_markers.yml)"
    assert documents["laws"].count('<span class="clause-label restored-marker">') == len(restored)
    assert f"补入：{restored[0].restored}" in documents["laws"]


# appended to a restored erratum's reason in the site's note (scripts/pipeline/errata.py)
RESTORED_REASON = "（补入的内容，不见于来源）"


def site_erratum_marks(book: str) -> list[tuple[str, str, str]]:
    """(page, marked text, reason) for every erratum mark on the site's pages of a book (docs/<book>/*.md)."""
    marks = []
    for page in sorted((DOCS / book).glob("*.md")):
        for match in re.finditer(
            r'<ins class="erratum"[^>]* data-original="([^"]*)">(.*?)</ins>', page.read_text(encoding="utf-8")
        ):
            reason = html.unescape(match[1]).split("｜", 1)[1].removesuffix(RESTORED_REASON)
            marks.append((page.name, html.unescape(re.sub(r"<[^>]+>", "", match[2])).replace("\\", ""), reason))
    return marks


def printed_erratum_marks(document: str) -> tuple[set[str], set[str]]:
    """The marked stretches of a book's HTML and the reasons its erratum footnotes give."""
    marked = {html.unescape(m) for m in re.findall(r'<ins class="erratum">(.*?)</ins>', document)}
    reasons = {
        html.unescape(m).split("：", 1)[1]
        for m in re.findall(r'<span class="note note-erratum">(.*?)</span>', document)
    }
    return marked, reasons


@pytest.mark.parametrize("book", ["laws", "regulations"])
def test_every_erratum_the_site_marks_is_marked_in_the_book(documents, book):
    """Issue 14: errata in article titles, clause titles and chapter headings, restored headings and the source's front
    matter are marked as on the site (docs/laws, docs/regulations), each with its reason as a footnote."""
    marked, reasons = printed_erratum_marks(documents[book])
    site = site_erratum_marks(book)
    assert len({reason for _, _, reason in site}) >= (18 if book == "laws" else 8)
    missing = []
    for page, text, reason in site:
        if f"〔校勘：{html.escape(reason)}〕" in documents[book]:
            continue  # a source footnote's text moved by an erratum: its note says so, a footnote holds no marks
        # the stretch as printed: split where a source footnote's call stands; in a title, without its article number
        printed = [
            [piece for piece in re.split(r"\[\^[0-9]+\]", stretch) if piece]
            for stretch in (text, re.sub(r"^第[0-9]+条\s*", "", text))
        ]
        if not (any(all(piece in marked for piece in pieces) for pieces in printed) and reason in reasons):
            missing.append((page, text, reason[:30]))
    assert not missing, missing


def test_headings_print_their_marks_once_where_they_stand(documents):
    """A chapter heading is printed once, where its chapter begins (not over every 节): so is its footnote."""
    laws = documents["laws"]
    assert (
        laws.count(
            '<span class="heading-text"><ins class="erratum">第五章 竞叫</ins></span><span class="note note-erratum">'
        )
        == 1
    )
    assert laws.count('<span class="heading-text">第二部分 竞叫过程中的违规</span>') == 1
    assert (
        '<span class="article-number">第24条</span> <ins class="erratum">竞叫期间</ins>牌张的暴露或引牌</span><span class="note '
        'note-erratum">校勘：“竞”误作“党”' in laws
    )
    assert (
        '<span class="clause-label">2.</span><ins class="erratum">手中牌张的管理</ins><span class="note note-erratum">'
        in laws
    )
    regulations = documents["regulations"]
    for division in (
        "第五节 比赛编排及更换运动员限制",
        "第六节 牌桌上的程序",
        "第七节 比赛用时",
        "第十二节 赛场管理",
        "第十五节 带分方法",
    ):
        assert (
            f'<span class="heading-text"><ins class="erratum">{division}</ins></span><span class="note '
            f'note-erratum">补入：正文缺' in regulations
        )


def test_every_unresolved_defect_has_its_note_at_its_quote(rulebook, documents):
    """The source defects the site flags with a wavy line are footnoted where their quote stands: in a sentence
    (wavy underline), at a title not in any source, at the end of a definition cut short."""
    book_of = {entry.file: entry.book for entry in rulebook.sources}
    assert len(rulebook.unresolved) >= 4
    for item in rulebook.unresolved:
        document = documents[book_of[item["file"]]]
        note = f'<span class="note note-unresolved">未解决的缺陷：{html.escape(item["reason"])}</span>'
        assert document.count(note) == 1, item["quote"]
        before = re.sub(
            r'<span class="note note-(?:erratum|variant)">[^<]*</span>$', "", document.split(note, 1)[0]
        )  # a title's other note
        quote = re.sub(r"^第[0-9]+条\s*", "", item["quote"])
        # the quote ends where the note's call stands (tags and the “来源缺” mark of a missing target aside)
        assert re.sub(r"<[^>]+>|（来源缺）", "", before).endswith(quote) or before.endswith(
            f'<span class="unresolved">{html.escape(quote)}</span>'
        ), item["quote"]
    assert '<span class="unresolved">仍能将此牌纠正并正常进行</span>' in documents["laws"]


def test_running_head_labels_are_converted_with_the_text(documents):
    """目录 / 附录 / 定义 and 第N条 in the running heads come from the page (data-running-head), converted with it."""
    from scripts.print.pdf import to_traditional

    laws = to_traditional(documents["laws"], load_fixes(real_src()))
    heads = set(re.findall(r'data-running-head="([^"]*)"', laws))
    assert {"目錄", "附錄", "定義", "第17條"} <= heads, heads
    assert not {"目录", "附录", "定义"} & heads
    assert "目录" not in re.sub(r"<style>.*?</style>", "", laws, flags=re.S)


def test_a_copy_of_the_tree_between_link_and_print_keeps_every_link_and_note(rulebook, links, documents):
    """The print stage finds a paragraph's references and 异文 by its stable key (model.paragraph_key), not by object
    identity: both books printed from a deep copy of the tree with the original's link index are the same."""
    import copy

    copied = copy.deepcopy(rulebook)
    assert copied.books["laws"].articles["27"].intro[0] is not rulebook.books["laws"].articles["27"].intro[0]
    assert print_documents(copied, links) == documents
    written = [
        c
        for c in links.citations
        if c.resolution.status in ("clause", "article", "book", "missing") and not c.reference.implied
    ]
    printed = sum(len(re.findall(r'class="ref[" ]', text)) for text in documents.values())
    assert printed == len(written) > 100
    assert sum(text.count('class="note note-variant"') for text in documents.values()) > 0


class FakePage:
    def __init__(self, anchors):
        self.anchors = anchors


class FakeTypesetter:
    """Stands in for WeasyPrint's HTML: note n's call and body land on page `pages[n]`; keeps every text it typeset."""

    typeset: list[str] = []
    pages: list[int] = []

    def __init__(self, string: str):
        self.text = string
        FakeTypesetter.typeset.append(string)

    def render(self):
        last = max(self.pages, default=0)
        pages = [FakePage({}) for _ in range(last + 1)]
        for n, page in enumerate(self.pages):
            pages[page].anchors.update({f"note-call-{n}": None, f"note-body-{n}": None})
        document = FakePage({})
        document.pages, document.text = pages, self.text
        return document


NOTES = "".join(f'<p>text<span class="note x">note {n}</span></p>' for n in range(3))


@pytest.mark.parametrize(
    "pages, ordinals, typesettings", [([0, 0, 0], [1, 2, 3], 1), ([0, 1, 1], [1, 1, 2], 2), ([2, 2, 5], [1, 2, 1], 2)]
)
def test_the_book_returned_is_the_one_checked_with_its_notes_numbered_per_page(pages, ordinals, typesettings):
    """render_with_notes_on_their_page: every pass is typeset numbered as the pass before laid the notes out; the book
    is done when its own pages call for the numbers it shows (one typesetting when the first guess is right)."""
    from scripts.print.pdf import render_with_notes_on_their_page

    FakeTypesetter.typeset, FakeTypesetter.pages = [], pages
    document = render_with_notes_on_their_page(FakeTypesetter, NOTES, "（续）")
    assert len(FakeTypesetter.typeset) == typesettings
    assert document.text == FakeTypesetter.typeset[-1]
    assert re.findall(r"counter-set: footnote (\d+)", document.text) == [str(o - 1) for o in ordinals]


def test_the_first_guess_uses_only_the_circled_numbers_the_stylesheet_defines():
    from scripts.paths import ROOT
    from scripts.print.pdf import CIRCLED_NUMBERS, per_page_ordinals

    css = (ROOT / "scripts" / "print" / "book.css").read_text(encoding="utf-8")
    symbols = re.search(r"@counter-style circled \{[^}]*symbols:([^;]*);", css).group(1)
    assert "".join(re.findall(r'"(.)"', symbols)) == CIRCLED_NUMBERS
    assert per_page_ordinals([3, 3, 4, 4, 4, 6]) == [1, 2, 1, 2, 3, 1]


def test_every_reference_within_the_book_is_followed_by_its_page(documents):
    """A reference into this book is followed by 〔第N页〕, N a link to the same place that the typesetter numbers
    (book.css: target-counter); the 凡例 says so."""
    for text in documents.values():
        references = re.findall(r'<a class="ref" href="(#[^"]+)">.*?</a>(<span class="ref-page">[^<]*<a [^>]*>)?', text)
        assert len(references) >= 10
        for href, mark in references:
            assert mark == f'<span class="ref-page">〔第<a class="ref-page-number" href="{href}">', (href, mark)
        assert text.count('<a class="ref" href="#') == len(references)
        assert "〔第某页〕" in text


def test_short_split_tables_are_kept_whole_and_split_parts_keep_their_columns():
    """A table carried over to the next page is kept whole (break-inside: avoid) when it is shorter than half a page
    as typeset, else split there, its second part with the first's column widths, caption （续） and header."""
    from scripts.print.table_pages import HALF_PAGE, keep_whole, mark_table_rows, short_tables, split_before_rows
    from scripts.print.tables import Table

    tables = [Table(f"表{n}", ["项", "违规"], [[str(i), "违规" * (i + 1)] for i in range(8)]) for n in (1, 2)]
    text = mark_table_rows("".join(table.html() for table in tables))
    assert text.count('<table class="band-table" id=') == 2 and "<colgroup>" in text
    carried = ["band-row-5", "band-row-13"]
    heights = {"band-table-0": HALF_PAGE - 1, "band-table-8": HALF_PAGE + 1}
    short = short_tables(text, carried, heights)
    assert short == ["band-table-0"]
    text = split_before_rows(keep_whole(text, short), ["band-row-13"], "（续）")
    assert '<table class="band-table short" id="band-table-0"' in text
    second = text.split('id="band-table-8-from-band-row-13"', 1)[1]
    assert second.startswith(' style="break-before: page"><caption>表2（续）</caption><colgroup><col style="width:')
    assert short_tables(text, ["band-row-5"], heights) == []  # kept whole already: not again


def test_printed_page_numbers_are_the_pages_the_pass_before_laid_out(documents):
    """The contents' links, the index's places and a reference's page mark carry the page their target stood on in the
    pass before (data-page, printed by book.css in place of target-counter); other links are left as they are."""
    from scripts.print.page_numbers import with_pages

    text = documents["laws"]
    targets = set(re.findall(r'href="#([^"]+)"', text))
    paged = with_pages(text, {target: 26 for target in targets})
    contents = paged.split('<section class="contents"', 1)[1].split("</section>", 1)[0]
    assert contents.count('data-page="27"') == contents.count('href="#') > 100
    assert paged.count('<a class="ref-page-number" href="#') == paged.count('class="ref-page-number" href="#laws/')
    marks = re.findall(r'<a class="(?:ref-page-number|index-place)" href="#[^"]+"( data-page="27")?>', paged)
    assert marks and all(marks)
    assert '<a class="ref" href="#laws/' in paged and not re.search(r'<a class="ref" href="#[^"]+" data-page', paged)
    assert with_pages(paged, {target: 26 for target in targets}) == paged
    assert 'data-page="28"' in with_pages(paged, {target: 27 for target in targets})
