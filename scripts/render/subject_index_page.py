"""The site's 索引 page (subject-index.md): each term of the subject index (scripts/document/subject_index.py, the list
the print edition's index is made from) with links to every clause that uses it, grouped by book."""

from __future__ import annotations

from scripts.books import BOOKS
from scripts.document.subject_index import IndexTerm
from scripts.render.markup import GENERATED, escape_markdown

SUBJECT_INDEX_PAGE = "subject-index.md"


def place_link(book: str, slug: str, number: int, anchor: str, label: str) -> str:
    target = f"{book}/{slug}.md" + (f"#{anchor}" if anchor else "")
    return f"[第{number}条{escape_markdown(label)}]({target})"


def subject_index_page(terms: list[IndexTerm]) -> str:
    """The page: an introduction, then the terms in pinyin order under their letters, each a paragraph of links."""
    # not a search result of its own: it lists every term, so it would answer every query before the clauses do
    out = ["---", "title: 索引", "search:", "  exclude: true", "---", GENERATED, "", "# 索引", ""]
    out += [
        "来源只保留了《中国桥牌竞赛规则》定义部分的四条（见[术语](glossary.md)）。知道一个词、不知道它在哪一条的，"
        f"可以从这里找：下面{len(terms)}个术语按汉语拼音排列，每个术语后列出使用它的各款，点开即到该款。"
        "印刷版书末的索引与本页相同，列出页码。",
        "",
    ]
    letter = ""
    for term in terms:
        if term.initial != letter:
            letter = term.initial
            out += [f"## {letter}", ""]
        groups = []
        for key in BOOKS:
            places = [p for p in term.places if p.book == key]
            if places:
                links = "、".join(place_link(p.book, p.slug, p.number, p.anchor, p.label) for p in places)
                groups.append(f"{BOOKS[key].cite_prefix}：{links}")
        out += [f"**{escape_markdown(term.term)}**　" + "；".join(groups), ""]
    return "\n".join(out)
