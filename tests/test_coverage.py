"""Coverage: which article numbers each book holds and lacks, and the sentence the pages print (computed, not typed)."""

from __future__ import annotations

import re

import pytest

from scripts.pipeline.coverage import book_coverage, coverage_sentence, number_ranges, rulebook_coverage
from scripts.pipeline.model import Article, Book


def made_up_book(key: str, numbers: list[int]) -> Book:
    book = Book(key, "")
    for n in numbers:
        book.articles[str(n)] = Article(key, n, str(n), f"条{n}", "")
    return book


@pytest.mark.parametrize(
    "numbers, text", [([], ""), ([5], "5"), ([1, 2, 3, 5, 7, 8], "1–3、5、7–8"), ([14, 15, 16, 41], "14–16、41")]
)
def test_number_ranges(numbers, text):
    assert number_ranges(numbers) == text


def test_coverage_of_a_made_up_book():
    cov = book_coverage(made_up_book("laws", [*range(1, 14), *range(17, 41)]))
    assert (cov.total, cov.held_count, cov.lacking_count) == (93, 37, 56)
    assert coverage_sentence(cov) == "本版收录《中国桥牌竞赛规则》93条中的37条（第1–13、17–40条），缺第14–16、41–93条。"


def test_an_article_number_printed_twice_counts_once():
    book = made_up_book("regulations", [52, 53])
    book.articles["52-2"] = Article("regulations", 52, "52-2", "重号", "")
    cov = book_coverage(book)
    assert cov.held == (52, 53) and cov.total == 53 and len(cov.lacking) == 51


def test_a_complete_book_says_so():
    cov = book_coverage(made_up_book("laws", list(range(1, 94))))
    assert cov.complete and coverage_sentence(cov) == "本版收录《中国桥牌竞赛规则》全部93条。"


def test_the_built_rulebooks_coverage_matches_its_articles(rulebook):
    for key, cov in rulebook_coverage(rulebook.books).items():
        numbers = {a.number for a in rulebook.books[key].articles.values()}
        assert set(cov.held) == numbers and not set(cov.lacking) & numbers
        assert sorted([*cov.held, *cov.lacking]) == list(range(1, cov.total + 1))


def sentence_counts(text: str) -> list[tuple[str, int, int]]:
    return [
        (m["book"], int(m["total"]), int(m["held"]))
        for m in re.finditer(r"本版收录《(?P<book>[^》]+)》(?P<total>\d+)条中的(?P<held>\d+)条", text)
    ]


def test_home_page_and_indexes_state_the_builds_own_count(rulebook, pages):
    covs = rulebook_coverage(rulebook.books)
    expected = [
        ("中国桥牌竞赛规则", covs["laws"].total, covs["laws"].held_count),
        ("复式定约桥牌裁判法", covs["regulations"].total, covs["regulations"].held_count),
    ]
    home = pages["index.md"]
    assert sentence_counts(home) == expected
    assert home.index("coverage-note") < home.index("article-grid"), "the coverage is said before the number grid"
    assert sentence_counts(pages["laws/index.md"]) == expected[:1]
    assert sentence_counts(pages["regulations/index.md"]) == expected[1:]
    for index in ("laws/index.md", "regulations/index.md"):
        body = pages[index].split("\n# ", 1)[1]
        assert body.splitlines()[2].startswith('<p class="coverage-note">'), (
            f"{index}: the coverage is the first paragraph"
        )
