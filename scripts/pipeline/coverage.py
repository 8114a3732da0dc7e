"""What this edition holds of each book: the article numbers with text and those the sources lack, and the sentence
that says so (computed from the built rulebook, never typed; used by the pages, the print edition and the offline copy).

    >>> cov = book_coverage(rulebook.books["laws"])
    >>> cov.held_count, cov.total
    (37, 93)
    >>> coverage_sentence(cov)
    '本版收录《中国桥牌竞赛规则》93条中的37条（第1–13、17–40条），缺第14–16、41–93条。'
"""

from __future__ import annotations

from dataclasses import dataclass

from scripts.books import BOOKS
from scripts.pipeline.assemble import missing_numbers
from scripts.pipeline.model import Book

__all__ = [
    "BookCoverage",
    "book_coverage",
    "rulebook_coverage",
    "number_ranges",
    "coverage_sentence",
    "coverage_sentences",
]


@dataclass(frozen=True)
class BookCoverage:
    """One book's coverage: which article numbers (1..total) have text in the sources and which do not."""

    book: str  # 'laws' | 'regulations'
    total: int  # the number of articles of the whole book (93 Laws, 53 articles of the regulations)
    held: tuple[int, ...]  # numbers with text, ascending (an article number printed twice, like 裁判法第52条, once)
    lacking: tuple[int, ...]  # numbers none of the sources holds, ascending

    @property
    def held_count(self) -> int:
        return len(self.held)

    @property
    def lacking_count(self) -> int:
        return len(self.lacking)

    @property
    def complete(self) -> bool:
        return not self.lacking


def book_coverage(book: Book) -> BookCoverage:
    """The coverage of one assembled book (the total runs to the book's last article, see `missing_numbers`)."""
    lacking = tuple(missing_numbers(book))
    held = tuple(sorted({article.number for article in book.articles.values()}))
    return BookCoverage(book.key, len(held) + len(lacking), held, lacking)


def rulebook_coverage(books: dict[str, Book]) -> dict[str, BookCoverage]:
    """Every book's coverage, in the books' order: {'laws': …, 'regulations': …}."""
    return {key: book_coverage(book) for key, book in books.items()}


def number_ranges(numbers: tuple[int, ...] | list[int]) -> str:
    """Ascending numbers as runs: (1, 2, 3, 5, 7, 8) → '1–3、5、7–8'; () → ''."""
    parts: list[str] = []
    start = prev = None
    for n in [*numbers, None]:
        if start is None:
            start = prev = n
        elif n is not None and prev is not None and n == prev + 1:
            prev = n
        else:
            parts.append(f"{start}" if start == prev else f"{start}–{prev}")
            start = prev = n
    return "、".join(parts)


def coverage_sentence(coverage: BookCoverage) -> str:
    """One Chinese sentence: '本版收录《中国桥牌竞赛规则》93条中的37条（第1–13、17–40条），缺第14–16、41–93条。'"""
    title = BOOKS[coverage.book].title
    if coverage.complete:
        return f"本版收录《{title}》全部{coverage.total}条。"
    if not coverage.held:
        return f"本版没有收录《{title}》的条文（全书{coverage.total}条）。"
    return (
        f"本版收录《{title}》{coverage.total}条中的{coverage.held_count}条（第{number_ranges(coverage.held)}条），"
        f"缺第{number_ranges(coverage.lacking)}条。"
    )


def coverage_sentences(books: dict[str, Book]) -> list[str]:
    """The coverage sentence of every book, in the books' order."""
    return [coverage_sentence(cov) for cov in rulebook_coverage(books).values()]
