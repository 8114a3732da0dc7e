"""Resolves a found reference to the deepest existing clause, the article, a book, or the missing-articles page."""

from __future__ import annotations

from dataclasses import dataclass

from scripts.books import BOOKS
from scripts.pipeline.assemble import last_number
from scripts.pipeline.link.grammar import Reference, Step, family_group
from scripts.pipeline.model import Article, Book, Clause
from scripts.pipeline.parse import match_marker

from scripts.curated.rulebook_src import RulebookSrc


@dataclass(frozen=True)
class Resolution:
    """Where a reference lands: status 'clause' | 'article' | 'book' | 'missing' | 'self' | 'outside' (a number that is
    no article of the book: 第0条, 第999条; plain text, listed in the build report) | 'unparsed'."""

    status: str
    book: str = ""
    slug: str = ""
    anchor: str = ""
    cited_anchor: str = ""  # the anchor the citation spells out, '' if it names no clause
    reason: str = ""

    @property
    def page(self) -> str:
        """docs/-relative page of the target ('' when there is none)."""
        if self.status in ("clause", "article", "self"):
            return f"{self.book}/{self.slug}.md"
        if self.status == "book":
            return f"{self.book}/index.md"
        if self.status == "missing":
            return f"{self.book}/{self.slug}.md"  # the number's own page (scripts/render/missing.py)
        return ""

    @property
    def fragment(self) -> str:
        if self.status == "clause":
            return self.anchor
        return ""

    @property
    def key(self) -> str:
        """Identifies the target, for previews: 'laws/12#c-1', 'regulations/28', 'missing/laws/14'."""
        if self.status == "missing":
            return f"missing/{self.book}/{self.slug}"
        if self.status == "book":
            return f"{self.book}/index"
        return f"{self.book}/{self.slug}" + (f"#{self.anchor}" if self.status == "clause" else "")


@dataclass(frozen=True)
class TitleAlias:
    """A quoted heading cited in words its target does not carry as a title (curated in
    rulebook_src/reference_titles.yml)."""

    quote: str
    cited_in: str  # 'regulations/45'
    book: str
    slug: str
    anchor: str
    reason: str
    where: str = "reference_titles.yml"  # 'rulebook_src/reference_titles.yml:12', for messages


def article_for(book: Book, number: int) -> Article | None:
    """The article numbered `number` (the first, where the source numbers two articles alike)."""
    return book.articles.get(str(number))


def clause_chain(article: Article, anchor: str) -> list[Clause]:
    """The clauses from the article's top level down to the one with `anchor` ([] if none has it)."""

    def search(clauses: list[Clause], trail: list[Clause]) -> list[Clause]:
        for clause in clauses:
            if clause.anchor == anchor:
                return trail + [clause]
            found = search(clause.children, trail + [clause])
            if found:
                return found
        return []

    return search(article.clauses, []) if anchor else []


def clause_family(clause: Clause) -> str:
    marker = match_marker(clause.label + " ")
    return family_group(marker[0]) if marker else ""


def cited_anchor(article: Article, path: tuple[Step, ...], context: str = "") -> str:
    """The anchor a path spells out. A path that starts below the top level (本条1（1）B款 cited from inside 一、)
    continues from the citing clause's ancestor of the level above its first step."""
    if not path:
        return ""
    parts = [step.label for step in path]
    chain = clause_chain(article, context)
    for i, clause in enumerate(chain):
        if clause_family(clause) == path[0].family:
            prefix = chain[i - 1].anchor.split("-") if i else []
            return "-".join(prefix + parts)
    top = {clause_family(c) for c in article.clauses}
    if path[0].family not in top and chain:
        return "-".join([chain[0].anchor] + parts)
    return "-".join(parts)


def deepest_anchor(article: Article, anchor: str) -> str:
    """The longest prefix of `anchor` that exists in the article ('' if none does): 'c-1-a' → 'c-1' when only that
    exists."""
    anchors = {c.anchor for c in article.walk_clauses()}
    parts = anchor.split("-") if anchor else []
    while parts:
        if "-".join(parts) in anchors:
            return "-".join(parts)
        parts.pop()
    return ""


def resolve_reference(
    ref: Reference, books: dict[str, Book], aliases: list[TitleAlias] = (), titles: TitleIndex | None = None
) -> Resolution:
    """Where a reference lands: the deepest clause of its path that exists, else the article, else 'missing'."""
    if ref.kind == "unparsed":
        return Resolution("unparsed", ref.book, reason=f"the grammar saw {ref.text!r} but no reference form fits it")
    if ref.kind == "book":
        return Resolution("book", ref.book)
    if ref.kind == "title":
        return resolve_title(ref, books, aliases, titles)
    book = books[ref.book]
    if ref.kind == "self":
        return Resolution("self", ref.book, ref.slug)
    if not ref.slug and not 1 <= ref.number <= last_number(book):
        return Resolution(
            "outside",
            ref.book,
            reason=f"超出本书条号范围：{BOOKS[ref.book].title}只有第1–{last_number(book)}条，不加链接",
        )
    article = book.articles.get(ref.slug) if ref.slug else article_for(book, ref.number)
    if article is None:
        return Resolution(
            "missing", ref.book, str(ref.number), reason=f"第{ref.number}条 is not in this edition's sources"
        )
    wanted = cited_anchor(article, ref.path, ref.context if ref.kind == "same-article" else "")
    found = deepest_anchor(article, wanted)
    if found:
        return Resolution("clause", ref.book, article.slug, found, wanted)
    return Resolution("article", ref.book, article.slug, "", wanted)


@dataclass
class TitleIndex:
    """The first article and the first clause bearing each title, per book (built once; titles are looked up per
    reference)."""

    articles: dict[str, dict[str, Article]]
    clauses: dict[str, dict[str, tuple[Article, Clause]]]

    @classmethod
    def of(cls, books: dict[str, Book]) -> TitleIndex:
        index = cls({key: {} for key in books}, {key: {} for key in books})
        for key, book in books.items():
            for article in book.articles.values():
                index.articles[key].setdefault(article.title, article)
                for clause in article.walk_clauses():
                    index.clauses[key].setdefault(clause.title, (article, clause))
        return index


def resolve_title(ref: Reference, books: dict[str, Book], aliases, titles: TitleIndex | None = None) -> Resolution:
    """A quoted heading: an article title of the citing book, then of the other book, then a clause title, then an
    alias."""
    titles = titles or TitleIndex.of(books)
    order = [ref.book] + [k for k in books if k != ref.book]
    for key in order:
        article = titles.articles[key].get(ref.title)
        if article is not None:
            return Resolution("article", key, article.slug)
    citing = books[ref.book].articles.get(ref.slug) if ref.slug else None
    for key in order:
        if citing is not None and key == ref.book:  # the citing article's own headings first
            for clause in citing.walk_clauses():
                if clause.title == ref.title:
                    return Resolution("clause", key, citing.slug, clause.anchor, clause.anchor)
        found = titles.clauses[key].get(ref.title)
        if found is not None:
            article, clause = found
            return Resolution("clause", key, article.slug, clause.anchor, clause.anchor)
    for alias in aliases:
        if alias.quote == ref.title and alias.cited_in == f"{ref.book}/{ref.slug}":
            return Resolution(
                "clause" if alias.anchor else "article", alias.book, alias.slug, alias.anchor, alias.anchor
            )
    return Resolution(
        "unparsed", ref.book, reason=f"no article or clause is titled “{ref.title}” and no alias names it"
    )


def load_title_aliases(src: RulebookSrc) -> list[TitleAlias]:
    """rulebook_src/reference_titles.yml: quoted headings cited in other words than the target's title."""
    entries, lines = src.load_with_lines(
        "reference_titles.yml"
    )  # checked against its schema (scripts/curated/files.py)
    return [TitleAlias(**entry, where=lines.at(i)) for i, entry in enumerate(entries)]
