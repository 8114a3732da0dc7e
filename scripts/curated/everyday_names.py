"""Reads rulebook_src/everyday_names.yml: for each article, the situations it governs as players and directors say
them at the table (its everyday names), each entry with a reason tied to the article's title or text.

    everyday_names(src, known)   -> {'laws/46': ('叫错明手的牌', …), …}, checked against the known article ids
    names_by_article(src)        -> the same, unchecked (the search index, which attaches them to the pages it has)

The schema (scripts/curated/files.py) stops an entry without a reason or names; `everyday_names` stops an entry for
an article that does not exist, a second entry for one article, and an article without an entry: each in one line
`rulebook_src/everyday_names.yml:<line>: …`.
"""

from __future__ import annotations

from collections.abc import Collection

from scripts.curated.rulebook_src import RulebookSrc
from scripts.errors import RulebookError

EVERYDAY_NAMES_FILE = "everyday_names.yml"


class EverydayNamesError(RulebookError):
    """An entry of rulebook_src/everyday_names.yml names no article we have, or an article has no entry."""


def names_by_article(src: RulebookSrc) -> dict[str, tuple[str, ...]]:
    """Each entry's article id ('laws/46', 'regulations/52-2') and its names, in the file's order."""
    data = src.load(EVERYDAY_NAMES_FILE)
    return {entry["article"]: tuple(entry["names"]) for entry in data["articles"]}


def everyday_names(src: RulebookSrc, known: Collection[str]) -> dict[str, tuple[str, ...]]:
    """The names of every article, checked: each entry's article is one of `known` (the ids of the articles a book
    holds and of the missing-Law pages), no article has two entries, and every known article has one."""
    data, lines = src.load_with_lines(EVERYDAY_NAMES_FILE)
    names: dict[str, tuple[str, ...]] = {}
    for i, entry in enumerate(data["articles"]):
        article, where = entry["article"], lines.at("articles", i, "article")
        if article not in known:
            raise EverydayNamesError(f"{where}: {article} 不是本书的条文，也不是缺失条文的页面")
        if article in names:
            raise EverydayNamesError(f"{where}: {article} 有第二个条目")
        names[article] = tuple(entry["names"])
    if lacking := [article for article in sorted(known, key=_order) if article not in names]:
        more = f"（另有{len(lacking) - 1}条）" if len(lacking) > 1 else ""
        raise EverydayNamesError(f"{lines.file}:1: {lacking[0]} 没有条目{more}：请写出它的日常说法")
    return names


def _order(article: str) -> tuple:
    book, _, slug = article.partition("/")
    number, _, part = slug.partition("-")
    return (book, int(number) if number.isdigit() else 0, part)
