"""Reads rulebook_src/missing_laws.yml: for each Law the sources lack, its editor's Chinese title, its 1997 division
and the articles we hold on it; and the articles that say how to call the director. The words players use for its
matter are its everyday names (rulebook_src/everyday_names.yml, checked here against every article of the books).
Every link is checked against the built books (a target that is not a page or clause we hold stops the build)."""

from __future__ import annotations

from dataclasses import dataclass

from scripts.books import BOOKS
from scripts.curated.everyday_names import everyday_names
from scripts.errors import RulebookError
from scripts.pipeline.assemble import missing_numbers
from scripts.pipeline.model import Book
from scripts.curated.rulebook_src import RulebookSrc

MISSING_LAWS_FILE = "missing_laws.yml"
EDITOR_TITLE_MARK = "本站译名"
EDITOR_TITLE_NOTE = (
    "本站译名：来源中没有这一条，也没有给它中文标题；这是本站编者据1997年世界桥联（WBF）规则的英文标题译出的名称，"
    "不是1999年中文版的原文。"
)


class MissingLawDataError(RulebookError):
    """An entry of rulebook_src/missing_laws.yml points at no article we hold, or a Law lacks what its page needs."""


@dataclass(frozen=True)
class LinkedArticle:
    """A reviewed link to an article (or clause) we hold, and why it is given: 'regulations/34#13'."""

    book: str
    slug: str
    anchor: str
    reason: str

    @property
    def page(self) -> str:
        return f"{self.book}/{self.slug}.md" + (f"#{self.anchor}" if self.anchor else "")

    def label(self, books: dict[str, Book]) -> str:
        """'裁判法第34条 13.' / '规则第9条 B.1.' / '规则第13条 牌张数目有误'."""
        article = books[self.book].articles[self.slug]
        head = f"{BOOKS[self.book].cite_prefix}第{article.number}条"
        if not self.anchor:
            return f"{head} {article.title}"
        path = []
        for clause in article.walk_clauses():
            if clause.anchor == self.anchor or self.anchor.startswith(clause.anchor + "-"):
                path.append(clause.label)
        return f"{head} {''.join(label if label.endswith(('.', '、')) else label + '.' for label in path)}"


@dataclass(frozen=True)
class Division:
    """A 1997 chapter (and part) the missing Laws stand in: 'Chapter VI · The Play · Part III · …'."""

    first: int
    last: int
    english: str
    chinese: str
    editors: bool  # the Chinese name is the editor's translation (the Chinese book's own name is not in our sources)


@dataclass(frozen=True)
class MissingLawFacts:
    """What the reviewed data says about one missing Law."""

    number: int
    title: str  # the editor's translation of the 1997 title ('' where our own text names the Law)
    reason: str
    words: tuple[str, ...]  # its everyday names (rulebook_src/everyday_names.yml)
    related: tuple[LinkedArticle, ...]
    division: Division | None


@dataclass(frozen=True)
class MissingLawData:
    director: tuple[LinkedArticle, ...]
    laws: dict[int, MissingLawFacts]
    divisions: tuple[Division, ...]


def _link(target: str, reason: str, books: dict[str, Book], where: str) -> LinkedArticle:
    path, _, anchor = target.partition("#")
    book, _, slug = path.partition("/")
    article = books.get(book, Book(book, "")).articles.get(slug)
    if article is None:
        raise MissingLawDataError(f"{where}: {target!r} is not an article of the sources")
    if anchor and anchor not in {clause.anchor for clause in article.walk_clauses()}:
        raise MissingLawDataError(f"{where}: {path} has no clause #{anchor}")
    return LinkedArticle(book, slug, anchor, reason)


def article_ids(books: dict[str, Book]) -> set[str]:
    """'laws/46', 'regulations/52-2': every article a book holds, and every Law the sources lack (each has a page)."""
    held = {f"{key}/{slug}" for key, book in books.items() for slug in book.articles}
    return held | {f"laws/{number}" for number in missing_numbers(books["laws"])} if "laws" in books else held


def load_missing_law_data(books: dict[str, Book], src: RulebookSrc) -> MissingLawData:
    """The reviewed data, every link checked; entries for a Law the sources now hold are kept but unused."""
    data, lines = src.load_with_lines(MISSING_LAWS_FILE)
    director = tuple(
        _link(e["target"], e["reason"], books, f"{lines.at('director', i)}") for i, e in enumerate(data["director"])
    )
    divisions = []
    for i, entry in enumerate(data["divisions"]):
        first, last = entry["laws"][0], entry["laws"][-1]
        if first > last:
            raise MissingLawDataError(f"{lines.at('divisions', i)}: laws [{first}, {last}] runs backwards")
        divisions.append(Division(first, last, entry["english"], entry["chinese"], "named_in" not in entry))
    names = everyday_names(src, article_ids(books))  # every article's names checked here, where the books are known
    laws = {}
    for i, entry in enumerate(data["laws"]):
        where = f"{lines.at('laws', i)}: 第{entry['number']}条"
        number = int(entry["number"])
        if number in laws:
            raise MissingLawDataError(f"{where}: a second entry for this Law")
        if "title" in entry and not entry.get("reason"):
            raise MissingLawDataError(f"{where}: an editor's title needs its reason")
        related = tuple(_link(r["target"], r["reason"], books, where) for r in entry.get("related") or [])
        division = next((d for d in divisions if d.first <= number <= d.last), None)
        laws[number] = MissingLawFacts(
            number, entry.get("title", ""), entry.get("reason", ""), names.get(f"laws/{number}", ()), related, division
        )
    return MissingLawData(director, laws, tuple(divisions))
