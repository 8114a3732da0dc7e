"""Renders the ways between articles: previous/next links and the jump-to-number box, at the top and foot of every
article page."""

from __future__ import annotations

from dataclasses import dataclass

from scripts.pipeline.model import Book
from scripts.render.markup import escape_markdown, html_text
from scripts.render.missing import MissingArticle

JUMP_INPUT_ID = "article-jump-number"
SEARCH_JUMP_INPUT_ID = "search-jump-number"  # the jump box of the search's no-result state (its own id on every page)


@dataclass(frozen=True)
class Stop:
    """One page of a book in number order: an article of the sources or a missing number's page."""

    book: str
    slug: str
    number: int
    title: str  # '第9条 违规发生后的处理程序' / '第14条（来源缺）'

    @property
    def page(self) -> str:
        return f"{self.book}/{self.slug}.md"


def reading_order(books: dict[str, Book], missing: list[MissingArticle]) -> dict[str, list[Stop]]:
    """Per book, every page with a number: the sources' articles in reading order, missing numbers in place."""
    from scripts.render.missing import missing_nav_title

    out: dict[str, list[Stop]] = {}
    for key, book in books.items():
        stops = [Stop(key, slug, a.number, f"第{a.number}条 {a.title}".rstrip()) for slug, a in book.articles.items()]
        for gap in (m for m in missing if m.book == key):
            at = next((i for i, s in enumerate(stops) if s.number > gap.number), len(stops))
            stops.insert(at, Stop(key, gap.slug, gap.number, missing_nav_title(gap)))
        out[key] = stops
    return out


def number_ranges(numbers) -> str:
    """The numbers that have a page, as ranges for the jump box: '1-93' / '11,19,21,23-24'."""
    numbers = sorted(set(numbers))
    ranges: list[list[int]] = []
    for n in numbers:
        if ranges and n == ranges[-1][1] + 1:
            ranges[-1][1] = n
        else:
            ranges.append([n, n])
    return ",".join(f"{a}" if a == b else f"{a}-{b}" for a, b in ranges)


def pages_by_book(order: dict[str, list[Stop]]) -> dict[str, str]:
    """Book → the numbers that have a page, as ranges ('1-93')."""
    return {key: number_ranges(s.number for s in stops) for key, stops in order.items()}


def jump_form(pages: dict[str, str], compact: bool = False, input_id: str = JUMP_INPUT_ID) -> str:
    """The jump box: a number and the book (规则 first: Enter opens the Law); assets/js/article-jump.js does the rest.

    `pages` is pages_by_book(): which numbers have a page, so a number without one gets a message, not a 404.
    """
    numbers = " ".join(f'data-pages-{key}="{ranges}"' for key, ranges in pages.items())
    return "".join(
        [
            f'<form class="article-jump{" article-jump--compact" if compact else ""}" action="javascript:void(0)" '
            f'data-article-jump {numbers} data-search-exclude>',
            f'<label for="{input_id}">{"跳到" if compact else "跳到条文"}</label>',
            f'<input id="{input_id}" type="number" inputmode="numeric" min="1" max="99" placeholder="条号" '
            f'aria-label="条号">',
            '<button type="submit" name="book" value="laws">规则</button>',
            '<button type="submit" name="book" value="regulations">裁判法</button>',
            "</form>",
        ]
    )


def no_result_block(pages: dict[str, str], missing_laws: str) -> str:
    """What the search's result list shows when a query finds nothing (assets/search/no-result.js puts it under
    Material's 没有找到 line): the jump box, filled with the number the query names, and a line for that number, a
    link to its page (for a Law the sources lack, its 来源缺 page) or why it has none. `missing_laws` lists the
    Laws the sources lack as ranges ('14-16,41-93')."""
    return "".join(
        [
            f'<div class="search-empty md-typeset" data-search-empty data-missing-laws="{missing_laws}">',
            '<p class="search-empty__number" hidden></p>',
            "<p>若知道条号，可直接跳到条文（回车打开规则，选“裁判法”打开裁判法）：</p>",
            jump_form(pages, input_id=SEARCH_JUMP_INPUT_ID),
            "</div>",
        ]
    )


def neighbours(order: dict[str, list[Stop]], book: str, slug: str) -> tuple[Stop | None, Stop | None]:
    stops = order[book]
    at = next(i for i, s in enumerate(stops) if s.slug == slug)
    return (stops[at - 1] if at > 0 else None), (stops[at + 1] if at + 1 < len(stops) else None)


def relative(stop: Stop, book: str) -> str:
    return f"{stop.slug}.md" if stop.book == book else f"../{stop.page}"


def top_bar(order: dict[str, list[Stop]], book: str, slug: str) -> str:
    """Under the title: ‹ previous number, the jump box, next number ›."""
    prev, nxt = neighbours(order, book, slug)
    left = (
        f'[‹ {prev.number}]({relative(prev, book)} "{html_text(prev.title)}"){{.article-bar__prev rel=prev}}'
        if prev
        else ""
    )
    right = (
        f'[{nxt.number} ›]({relative(nxt, book)} "{html_text(nxt.title)}"){{.article-bar__next rel=next}}'
        if nxt
        else ""
    )
    return "\n".join(
        [
            '<nav class="article-bar" aria-label="条文之间" data-search-exclude markdown="1">',
            "",
            f'<span class="article-bar__side" markdown="span">{left}</span>',
            jump_form(pages_by_book(order), compact=True),
            f'<span class="article-bar__side" markdown="span">{right}</span>',
            "",
            "</nav>",
        ]
    )


def foot_links(order: dict[str, list[Stop]], book: str, slug: str) -> str:
    """At the foot of the page: previous and next with their titles."""
    prev, nxt = neighbours(order, book, slug)
    items = []
    if prev:
        items.append(
            f'[<span class="article-foot__dir">上一条</span> {escape_markdown(prev.title)}]({relative(prev, book)}){{.art'
            f'icle-foot__prev rel=prev}}'
        )
    if nxt:
        items.append(
            f'[<span class="article-foot__dir">下一条</span> {escape_markdown(nxt.title)}]({relative(nxt, book)}){{.artic'
            f'le-foot__next rel=next}}'
        )
    return "\n".join(
        [
            '<nav class="article-foot" aria-label="上一条与下一条" data-search-exclude markdown="1">',
            "",
            " ".join(items),
            "",
            "</nav>",
        ]
    )
