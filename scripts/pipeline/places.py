"""Whether a place a curated file names exists in the built books: an article with text (`regulations/26`), one of
its clauses (`regulations/26#二-2`, `laws/12/#c-1`), or the page of a Law the sources lack (`laws/77`). One check
for every curated file that points into the books
(calculators.yml's `article` and `pages`, the tables' `article` and `anchor`s, search_everyday.yml's `serves`, …):

    place_problem(books, "regulations", "999", "", "rulebook_src/penalties/calculators.yml:20")
    → 'rulebook_src/penalties/calculators.yml:20: regulations/999: 裁判法没有第999条（来源中有的条：11、19、…）'
    check_places(books, [("regulations/26#二-2", "rulebook_src/x.yml:12"), …])   # raises one line per bad place
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Set

from scripts.books import BOOKS
from scripts.errors import CuratedFileError
from scripts.pipeline.assemble import missing_numbers
from scripts.pipeline.model import Book

__all__ = ["check_places", "place_problem", "split_place"]


def split_place(place: str) -> tuple[str, str, str]:
    """'regulations/26/#二-2' → ('regulations', '26', '二-2'); 'laws/12' → ('laws', '12', '')."""
    page, _, anchor = place.partition("#")
    book, _, slug = page.strip("/").partition("/")
    return book, slug.strip("/"), anchor


def place_problem(
    books: dict[str, Book], book: str, slug: str, anchor: str, where: str, lacking: Mapping[str, Set[int]] | None = None
) -> str | None:
    """`where: …` (one line) when book/slug(#anchor) is no article with text of the built books (or no clause of it);
    None when it exists. `lacking` is lacking_pages(books), worked out once by a caller that checks many places."""
    place = f"{book}/{slug}" + (f"#{anchor}" if anchor else "")
    if book not in books:
        return f"{where}: {place}: 没有这本书（只有 {', '.join(books)}）"
    article = books[book].articles.get(slug)
    if article is None and not anchor and slug.isdigit():
        if int(slug) in (lacking_pages(books) if lacking is None else lacking).get(book, ()):
            return None  # laws/77: the page of a Law the sources lack (it has no clauses)
    if article is None:
        held = "、".join(sorted(books[book].articles, key=lambda s: (len(s), s)))
        return f"{where}: {place}: {BOOKS[book].cite_prefix}没有第{slug}条的条文（来源中有的条：{held}）"
    if anchor and anchor not in {clause.anchor for clause in article.walk_clauses()}:
        anchors = "、".join(clause.anchor for clause in article.walk_clauses()) or "无"
        return f"{where}: {place}: 第{slug}条没有这一款项（它的款项锚点：{anchors}）"
    return None


def lacking_pages(books: dict[str, Book]) -> dict[str, frozenset[int]]:
    """Per book, the numbers the sources lack that still have a page of their own (规则第77条: laws/77)."""
    return {
        key: frozenset(missing_numbers(book)) for key, book in books.items() if BOOKS[book.key].page_per_lacking_number
    }


def check_places(books: dict[str, Book], places: Iterable[tuple[str, str]]) -> None:
    """Raises a CuratedFileError, one line per place that does not exist; `places` are (place, `file:line`) pairs."""
    lacking = lacking_pages(books)
    problems = [
        problem for place, where in places if (problem := place_problem(books, *split_place(place), where, lacking))
    ]
    if problems:
        raise CuratedFileError("\n".join(problems))
