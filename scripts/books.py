"""The two books' names, and the character classes every stage shares: one place for each (no stage defines its own)."""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = [
    "BOOKS",
    "BookName",
    "book_by_cited_title",
    "CN_DIGITS",
    "HAN",
    "SENTENCE_END",
    "SHORT_HEADING",
    "NOT_IN_SOURCES",
]


@dataclass(frozen=True)
class BookName:
    """How one book is named: its key (URL folder), full title, edition title, and the short forms used in citations."""

    key: str  # 'laws' — the folder of its pages (laws/27/)
    title: str  # 中国桥牌竞赛规则 — headings, navigation, the home page
    edition_title: str  # 中国桥牌竞赛规则（1999） — the book node of the article tree
    cite_prefix: str  # 规则 — a citation across books reads 规则第27条 / 裁判法第26条
    meta_label: str  # 竞赛规则 — the line above an article's title (竞赛规则 · 第三章 叫牌)
    cited_titles: tuple[str, ...]  # how the texts name the book in 《…》 or “…”
    # every number the sources lack has a page of its own (laws/64: what to do at the table); in the other book only
    # a number some article cites gets one
    page_per_lacking_number: bool = False


BOOKS: dict[str, BookName] = {
    "laws": BookName(
        "laws", "中国桥牌竞赛规则", "中国桥牌竞赛规则（1999）", "规则", "竞赛规则", ("中国桥牌竞赛规则",), True
    ),
    "regulations": BookName(
        "regulations",
        "复式定约桥牌裁判法",
        "复式定约桥牌裁判法（试行）（2006）",
        "裁判法",
        "裁判法",
        ("复式定约桥牌裁判法", "复式定约桥牌裁判法(试行)", "复式定约桥牌裁判法（试行）"),
    ),
}


def book_by_cited_title(title: str) -> str | None:
    """The key of the book a text names by `title` (`复式定约桥牌裁判法(试行)` → 'regulations'), else None."""
    for book in BOOKS.values():
        if title in book.cited_titles:
            return book.key
    return None


# Han ranges written out: CJK Extension A, CJK Unified Ideographs, CJK Compatibility Ideographs.
HAN = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
# Chinese numerals as used in headings and 款 numbers (第三章, 一、, （二）).
CN_DIGITS = "一二三四五六七八九十"
# Characters that end a sentence (a citing sentence is cut at these).
SENTENCE_END = "。！？\n"
# A short line with no sentence punctuation: a heading standing alone (第27条's 不足叫牌, 竞赛规则1999版).
SHORT_HEADING = re.compile(r"^[^。；，：,;]{1,24}$")
# The last part of a missing article's meta line (规则 · 第六章 打牌 · 本条不在来源中): the pages print it, the search
# index reads it to mark the page `missing` (its results are labelled 来源缺).
NOT_IN_SOURCES = "本条不在来源中"
# What a missing article's page prints before its everyday names (牌手常说的：越序首攻、…。): the search index sends that
# sentence once, in the page's text, and the worker reads the names from it (names_label).
EVERYDAY_NAMES_LABEL = "牌手常说的："
