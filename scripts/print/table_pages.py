"""Tables kept whole across pages: every band table's rows get ids, a short table is kept on one page, and a table
that the typesetter carries over to the next page is split there into two tables, the second with its caption marked
（续） and its header row again (a second typesetting pass, as for the footnotes in scripts/print/pdf.py)."""

from __future__ import annotations

import re

TABLE = re.compile(r'<table class="band-table"[^>]*>(?P<body>.*?)</table>', re.S)
ROW = re.compile(r"<tr>")
SHORT_ROWS = 5  # a table of five rows or fewer is never split (three rows at least on either side of a break)
TABLE_PARTS = re.compile(r'<table class="band-table[^"]*" id="band-table-[0-9a-z-]+".*?</table>', re.S)
ROW_ID = re.compile(r'<tr id="(band-row-[0-9]+)"')
CAPTION = re.compile(r"<caption>(.*?)</caption>", re.S)
HEAD = re.compile(r"(?:<colgroup>.*?</colgroup>)?<thead>.*?</thead>", re.S)  # the columns' widths and the header row


def mark_table_rows(text: str) -> str:
    """Each band table with an id (band-table-R, R its first row's number), each of its body rows with one
    (band-row-N, numbered through the book), and the short ones marked to keep whole. Header rows (in <thead>) are
    repeated by the typesetter and get none."""
    rows = 0

    def table(match: re.Match[str]) -> str:
        nonlocal rows
        first = rows
        head, sep, body = match["body"].partition("<tbody>")
        count = len(ROW.findall(body))
        numbered = []
        for piece in body.split("<tr>")[1:]:
            numbered.append(f'<tr id="band-row-{rows}">{piece}')
            rows += 1
        kind = "band-table short" if count <= SHORT_ROWS else "band-table"
        body = body.split("<tr>")[0] + "".join(numbered)
        return f'<table class="{kind}" id="band-table-{first}">{head}{sep}{body}</table>'

    return TABLE.sub(table, text)


# half the text block's height, in CSS pixels (book.css @page: 210 mm less 17 mm and 16 mm of margins): a table
# shorter than this is kept on one page
HALF_PAGE = (210 - 17 - 16) / 2 / 25.4 * 96
WHOLE_TABLE = re.compile(r'<table class="band-table" id="(band-table-[0-9]+)"')


def table_heights(pages) -> dict[str, float]:
    """Each band table's height as typeset (caption and header included, every part on every page), by its id, from
    WeasyPrint's pages (Document.pages)."""
    from weasyprint.formatting_structure import boxes

    heights: dict[str, float] = {}
    for page in pages:
        for box in page._page_box.descendants():
            if isinstance(box, boxes.BlockBox) and box.is_table_wrapper and box.element is not None:
                table_id = box.element.get("id") or ""
                heights[table_id] = heights.get(table_id, 0.0) + box.margin_height()
    return heights


def table_of(text: str, row: str) -> str:
    """The id of the band table (or table part) that holds the row `row`."""
    opening = text[text.rindex("<table ", 0, text.index(f'<tr id="{row}"')) :]
    return re.match(r'<table class="[^"]*" id="([^"]+)"', opening)[1]


def short_tables(text: str, carried: list[str], heights: dict[str, float]) -> list[str]:
    """Of the tables the rows `carried` run over into another page, those shorter than half a page, not split before:
    they are to be kept whole instead."""
    whole = set(WHOLE_TABLE.findall(text))
    tables = [table_of(text, row) for row in carried]
    return [t for t in tables if t in whole and heights.get(t, HALF_PAGE) < HALF_PAGE]


def keep_whole(text: str, table_ids: list[str]) -> str:
    """The tables `table_ids` marked to stay on one page (book.css .band-table.short: break-inside: avoid)."""
    for table_id in table_ids:
        text = text.replace(
            f'<table class="band-table" id="{table_id}"', f'<table class="band-table short" id="{table_id}"'
        )
    return text


def carried_over_rows(text: str, page_of: dict[str, int]) -> list[str]:
    """The rows that begin a table's part on a later page than the rows before them (one per split table)."""
    out = []
    for part in TABLE_PARTS.finditer(text):
        row_ids = ROW_ID.findall(part[0])
        pages = [page_of.get(row) for row in row_ids]
        first_other = next((row for row, page in zip(row_ids, pages) if page != pages[0]), None)
        if first_other is not None:
            out.append(first_other)
    return out


def split_before_rows(text: str, rows: list[str], continued: str) -> str:
    """Each table that holds one of `rows` closed before it and opened again as a continued table: its caption with
    `continued` （续） after it, its header row, the rows from there on."""
    for row in rows:
        at = text.index(f'<tr id="{row}"')
        start = text.rindex("<table ", 0, at)
        opening = text[start:at]
        table_id = re.search(r'id="(band-table-[0-9]+)', opening)
        caption = CAPTION.search(opening)
        head = HEAD.search(opening)
        assert table_id is not None and head is not None, opening[:200]
        title = caption[1].removesuffix(continued) + continued if caption else continued
        again = (
            f'</tbody></table><table class="band-table continued" id="{table_id[1]}-from-{row}"'
            f' style="break-before: page"><caption>{title}</caption>'
            f"{head[0]}<tbody>"
        )
        text = text[:at] + again + text[at:]
    return text
