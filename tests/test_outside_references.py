"""References outside a book are decided once, in the link stage (issue 46): 第0条 and a number beyond the book
(第999条, 第99999条, 规则0, 规则120) stay plain text with an entry in the build report, never a link to a page the build
does not write (before, 第0条 became a link to regulations/0.md, `make docs` passed and `make site` stopped on
mkdocs warnings naming no source line); a clause the article lacks links to the article and is listed. Built
in-process from the real rulebook_src/ with one sentence added to a source."""

from __future__ import annotations

import functools
import re

import pytest

from scripts.document.report_names import LINKED
from scripts.pipeline.assemble import missing_numbers
from scripts.pipeline.link import link_rulebook
from scripts.pipeline.run import build_rulebook
from scripts.render.links import reference_report_section
from tests.rulebook_once import real_src, src_with_raw

REGS = "000_7e52110b4744ddd8.txt"
ADDED = "另见第0条。另见第999条。另见第99999条。另见规则0。另见规则120。另见第19条（四）。"


@functools.cache
def linked():
    src = real_src()
    text = src.raw(f"raw/{REGS}").decode("utf-8").replace("可没收其保证金。", "可没收其保证金。" + ADDED, 1)
    rulebook = build_rulebook(src_with_raw(src, REGS, text.encode("utf-8")))
    return rulebook, link_rulebook(rulebook)


def citations_of(text: str):
    rulebook, index = linked()
    return [c for c in index.citations if c.reference.text.startswith(text) and c.slug == "11"]


@pytest.mark.parametrize("text", ["第0条", "第999条", "第99999条", "规则0", "规则120"])
def test_a_number_outside_the_book_is_plain_text_with_a_report_entry(text):
    rulebook, index = linked()
    (citation,) = citations_of(text)
    assert citation.resolution.status == "outside", citation.resolution
    assert citation.resolution.page == "" and citation.resolution.status not in LINKED
    report = reference_report_section(index, rulebook.books)
    assert re.search(rf"^- .*“{text}”.*超出", report, re.MULTILINE), report


def test_every_link_lands_on_a_page_the_build_writes():
    rulebook, index = linked()
    for citation in index.citations:
        resolution = citation.resolution
        if resolution.status == "missing":
            assert int(resolution.slug) in missing_numbers(rulebook.books[resolution.book]), citation
        elif resolution.status in ("clause", "article", "self"):
            assert resolution.slug in rulebook.books[resolution.book].articles, citation


def test_a_clause_the_article_lacks_links_to_the_article_and_is_listed():
    rulebook, index = linked()
    (citation,) = citations_of("第19条")
    assert citation.resolution.status == "article" and citation.resolution.slug == "19"
    assert "第19条（四）" in reference_report_section(index, rulebook.books)
