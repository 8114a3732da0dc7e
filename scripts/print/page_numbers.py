"""The page numbers the book prints for its own places (the contents, 〔第N页〕 after a reference, the index), written
into the HTML from the pages of the pass before.

book.css sets them with `target-counter()`, but WeasyPrint (70.0) keeps the page where it first laid out an element:
when a later pass over the pages moves an article's heading to the next page (a heading kept with its text), the
contents, the references and the index still print the page before (规则第30条: 28, its heading and PDF destination on
29). So after each pass the typesetting loop (scripts/print/pdf.py) gives every such link the page its target stands
on, as `data-page`, which book.css prints in place of the counter; the book is done when the pages a pass printed are
those it laid out (the same check as for the footnotes' numbers)."""

from __future__ import annotations

import re

CONTENTS = re.compile(r'<section class="contents".*?</section>', re.S)
# a link whose page is printed: in the contents any, elsewhere the index's places and a reference's page mark
CONTENTS_LINK = re.compile(r'<a (?P<attrs>(?:class="[^"]*" )?)href="#(?P<target>[^"]+)"(?: data-page="[0-9]*")?>')
PAGE_LINK = re.compile(
    r'<a (?P<attrs>class="(?:index-place|ref-page-number)" )href="#(?P<target>[^"]+)"(?: data-page="[0-9]*")?>'
)


def with_pages(text: str, page_of: dict[str, int]) -> str:
    """The book's HTML with each printed page number's link carrying `data-page`, the 1-based page of its target in
    `page_of` (id → 0-based page, as WeasyPrint's pages list their anchors)."""

    def link(match: re.Match[str]) -> str:
        page = page_of.get(match["target"])
        number = f' data-page="{page + 1}"' if page is not None else ""
        return f'<a {match["attrs"]}href="#{match["target"]}"{number}>'

    def contents(match: re.Match[str]) -> str:
        return CONTENTS_LINK.sub(link, match[0])

    return PAGE_LINK.sub(link, CONTENTS.sub(contents, text))
