"""The print edition's page breaks, read back from the PDFs: a caption stands on the page of its table's first rows, no
table part on a page holds fewer than three rows, a table carried over to the next page is split there, its second part
captioned （续）, and a heading keeps with at least two lines of its text (or all of it)."""

from __future__ import annotations

import functools
import html
import re

import pytest

from scripts.pipeline.link import link_rulebook
from scripts.print.appendix import report_appendix
from scripts.print.book import BookDocument, TitleInfo
from scripts.print.inline import BookLinks, InlineRenderer
from scripts.print.notes import ErratumNotes
from scripts.print.pdf import FONTS, to_traditional
from scripts.print.table_pages import CAPTION, TABLE_PARTS, mark_table_rows
from scripts.traditional import load_fixes
from tests.rulebook_once import load_full_rulebook, real_src
from tests.test_print_pdf import KEYS, convert, flat

ROW_DEST = re.compile(r"band-row-([0-9]+)")
PART_DEST = re.compile(r"band-table-([0-9]+)(?:-from-band-row-([0-9]+))?")
TAG = re.compile(r"<[^>]+>")


@functools.cache
def print_html(book_key: str, script: str) -> str:
    """The book's HTML as the print edition marks it (without the other book's page numbers)."""
    rulebook = load_full_rulebook()
    links = link_rulebook(rulebook)
    inline = InlineRenderer(
        BookLinks(links, book_key, "other.pdf"), ErratumNotes(rulebook.errata, rulebook.unresolved, rulebook.mojibake)
    )
    document = BookDocument(rulebook, book_key, inline, report_appendix(rulebook, links, book_key)).html(
        TitleInfo("", script), *FONTS[script]
    )
    if script == "hant":
        document = to_traditional(document, load_fixes(real_src()))
    return mark_table_rows(document)


def table_captions(book_key: str, script: str) -> dict[int, str]:
    """Each band table's caption text (its first row's number → text; '' for a table without one)."""
    captions = {}
    for table in TABLE_PARTS.finditer(print_html(book_key, script)):
        first = int(re.search(r'id="band-table-([0-9]+)"', table[0])[1])
        caption = CAPTION.search(table[0])
        captions[first] = html.unescape(TAG.sub("", caption[1])) if caption else ""
    return captions


@pytest.mark.parametrize("key", KEYS, ids=lambda k: "-".join(k))
def test_tables_keep_their_caption_and_three_rows_on_a_page(print_books, key):
    """Failed before the tables were kept whole: 裁判法第26条's 双人赛及个人赛：IMP制 ended page 15 with its table on
    page 16, 第27条's first table left three rows on page 17 and went on on page 18 without （续）."""
    book_key, script = key
    _book, reader, texts = print_books[key]
    pages = {
        name: reader.get_destination_page_number(dest) + 1
        for name, dest in reader.named_destinations.items()
        if name.startswith("band-")
    }
    rows = sorted((int(m[1]), page) for name, page in pages.items() if (m := ROW_DEST.fullmatch(name)))
    assert [row for row, _page in rows] == list(range(len(rows))) and rows, "every band table row is a destination"
    parts: dict[int, tuple[int, bool]] = {}  # a part's first row → (its table's first row, continued)
    for name in pages:
        if m := PART_DEST.fullmatch(name):
            parts[int(m[2] or m[1])] = (int(m[1]), m[2] is not None)
    captions = table_captions(book_key, script)
    assert sorted(captions) == sorted(table for table, continued in parts.values() if not continued)
    starts = sorted(parts)
    split_tables = {table for table, continued in parts.values() if continued}
    continued_word = flat(convert(script, "（续）"))
    for i, start in enumerate(starts):
        end = starts[i + 1] if i + 1 < len(starts) else len(rows)
        table, continued = parts[start]
        part_pages = sorted({page for _row, page in rows[start:end]})
        where = f"{book_key} {script}: the table of row {table} (part from row {start})"
        assert len(part_pages) == 1, f"{where} runs over pages {part_pages} without （续）"
        if table in split_tables:
            assert end - start >= 3, f"{where}: {end - start} row(s) on page {part_pages[0]}"
        caption = flat(captions[table]) + (continued_word if continued else "")
        assert caption in flat(texts[part_pages[0] - 1]), f"{where}: {caption} not on page {part_pages[0]}"
    assert book_key == "laws" or split_tables, "the regulations' long tables are split and continued"


@pytest.mark.parametrize("key", KEYS, ids=lambda k: "-".join(k))
def test_pdfs_are_tagged_with_their_tables(print_books, key):
    """Tagged PDF (WeasyPrint's pdf_tags): marked content, a structure tree that holds the tables' structure."""
    _book, reader, _texts = print_books[key]
    root = reader.trailer["/Root"]
    assert bool(root["/MarkInfo"]["/Marked"])
    kinds, stack = set(), [root["/StructTreeRoot"].get_object()]
    while stack:
        node = stack.pop()
        if hasattr(node, "get_object"):
            node = node.get_object()
        if isinstance(node, dict):
            if "/S" in node:
                kinds.add(str(node["/S"]))
            kids = node.get("/K")
            stack += kids if isinstance(kids, list) else [kids] if kids is not None else []
        elif isinstance(node, list):
            stack += node
    assert {"/Table", "/TR", "/TH", "/TD", "/P"} <= kinds, sorted(kinds)


# a chapter, an article or a clause that opens with its heading
HEADED_BLOCK = re.compile(r'id="((?:laws|regulations)/(?:chapter-[0-9]+|[0-9]+(?:/[a-z0-9-]+)?))"><h[1-6][ >]')
BODY_TYPE = 13.0  # points: the least word box of 9.5 pt type or larger (footnotes, tables and folios are smaller)


@pytest.mark.parametrize("key", KEYS, ids=lambda k: "-".join(k))
def test_headings_keep_with_two_lines_of_their_text(print_books, key):
    """Below a heading on its page stand at least two lines of text, or all of its text: one line that ends short of
    the margin (a paragraph's last line: running text is justified, tests/test_print_punctuation.py) or that the next
    page's heading follows."""
    from tests.test_print_punctuation import EM_PER_BOX_HEIGHT, lines_by_page

    book_key, script = key
    book, reader, _texts = print_books[key]
    pages = {lines[0].page: (edge, lines) for edge, lines in lines_by_page(book.path) if lines}
    destinations = reader.named_destinations  # pypdf walks the PDF's name tree on every read of this property
    places = {}  # heading → (its page, where it stands: points from the top)
    for name in HEADED_BLOCK.findall(print_html(book_key, script)):
        destination = destinations[name]
        number = reader.get_destination_page_number(destination) + 1
        places[name] = (number, float(reader.pages[number - 1].mediabox.height) - float(destination.top))
    tops: dict[int, list[float]] = {}  # page → where its headings stand
    for number, top in places.values():
        tops.setdefault(number, []).append(top)

    def opens_with_a_heading(number: int) -> bool:
        body = [line for line in pages.get(number, (0, []))[1][1:-1] if line.height > BODY_TYPE]
        first = body[0].middle - body[0].height / 2 if body else None
        return first is not None and any(abs(top - first) < 3 for top in tops.get(number, []))

    checked, alone = 0, []
    for name, (number, top) in places.items():
        edge, lines = pages[number]
        # the heading's line, then what follows it down to the folio (the page's last line)
        below = [line for line in lines[:-1] if line.middle > top and line.height > BODY_TYPE]
        text = below[1:]
        complete = len(text) == 1 and (
            edge - text[0].right > 0.5 * text[0].height * EM_PER_BOX_HEIGHT or opens_with_a_heading(number + 1)
        )
        checked += 1
        if not (len(text) >= 2 or complete):
            alone.append(f"p.{number} {name}: {[line.text[:12] for line in below]}")
    assert checked >= 40, checked
    assert not alone, f"{key}: headings without two lines of their text on their page: {alone[:6]}"


LEAD_IN = re.compile(r'<p class="lead-in">(?:(?!</p>).)*</p>(?P<next><div class="clause[^"]*" id="[^"]*"><h4)?', re.S)


@pytest.mark.parametrize("book_key", ["laws", "regulations"])
def test_a_line_ending_in_a_colon_keeps_with_running_text_but_not_with_a_heading(book_key):
    """A paragraph ending in “：” keeps with the lines it leads into (book.css .lead-in), but one followed by a titled
    款 does not: that heading keeps with its own first lines, and the two chained (规则第13条: 则： → A. → 改正： → 1.)
    pushed the paragraph's last two lines to p.20 and left 45 mm of p.19 empty."""
    found = list(LEAD_IN.finditer(print_html(book_key, "hans")))
    assert found  # a lead-in before running text keeps its class (规则第2条, 裁判法 41 times)
    before_heading = [flat(TAG.sub("", m.group(0)))[-12:] for m in found if m["next"]]
    assert not before_heading, before_heading
    if book_key == "laws":
        text = print_html(book_key, "hans")
        assert re.search(r"<p>(?:(?!</p>).)*如此时没有叫牌，则：</p>", text, re.S)
