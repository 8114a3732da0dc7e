"""Plain typed data passed between the pipeline stages, with a stable text dump for tests."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field


@dataclass(frozen=True, order=True)
class Provenance:
    """Where a piece of text came from: a raw file name and a 1-based line in its decoded text."""

    file: str
    line: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}"


@dataclass
class SourceLine:
    """One decoded line of a raw source, before normalisation."""

    text: str
    prov: Provenance


@dataclass
class Repair:
    """One change made to the text: a mechanical repair or a curated erratum."""

    kind: str
    prov: Provenance
    original: str
    replacement: str
    note: str = ""


@dataclass
class Drop:
    """A raw line that does not reach the output, with the named rule that dropped it."""

    rule: str
    prov: Provenance
    text: str


@dataclass
class Paragraph:
    """A normalised paragraph of simplified text and the raw lines it was made from."""

    text: str
    provs: list[Provenance]
    # spans corrected by an erratum: (replacement text, original text, reason)
    corrections: list[tuple[str, str, str]] = field(default_factory=list)


@dataclass
class Clause:
    """A 款 / 项 / 目 of an article: label as printed ('A', '1', 'a', '一'), nested children."""

    label: str
    level: int  # 1 = 款 (A / 一、), 2 = 项 (1 / （一）), 3 = 目 ((a) / （1）), 4 = deeper
    anchor: str  # stable id within the article page, e.g. 'c-1' or '一-2'
    title: str
    paragraphs: list[Paragraph] = field(default_factory=list)
    children: list[Clause] = field(default_factory=list)
    restored: str = ""
    heading_split: bool = (
        False  # the title was glued to its first sentence in the source and split off by the concordance
    )

    def walk(self) -> Iterator[Clause]:
        yield self
        for child in self.children:
            yield from child.walk()


@dataclass
class Variant:
    """A differing reading of an article kept from a second source (异文)."""

    source: str
    paragraphs: list[Paragraph]
    note: str


@dataclass
class Article:
    """One article (条) of a book."""

    book: str  # 'laws' | 'regulations'
    number: int
    slug: str  # URL segment: '26', or '52-2' for the second of two articles numbered 52
    title: str
    chapter: str  # heading of the chapter / 节 it stands under ('' if none)
    intro: list[Paragraph] = field(default_factory=list)
    clauses: list[Clause] = field(default_factory=list)
    variants: list[Variant] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    sources: list[str] = field(default_factory=list)
    copy_of: int | None = None  # the article whose text the source put here in place of this one's own (Law 36 ← 35)
    english: str = ""  # the 1997 WBF Law's number and English title: 'Law 27 · Insufficient Bid (WBF 1997)'

    def walk_clauses(self) -> Iterator[Clause]:
        for clause in self.clauses:
            yield from clause.walk()

    def keyed_paragraphs(self) -> Iterator[tuple[str, str, Paragraph]]:
        """(stable key, clause anchor, paragraph) for every paragraph, intro first ('' as its anchor); see
        paragraph_key."""
        for i, para in enumerate(self.intro):
            yield paragraph_key(self.book, self.slug, "", i), "", para
        for clause in self.walk_clauses():
            for i, para in enumerate(clause.paragraphs):
                yield paragraph_key(self.book, self.slug, clause.anchor, i), clause.anchor, para

    def paragraphs(self) -> Iterator[Paragraph]:
        yield from self.intro
        for clause in self.walk_clauses():
            yield from clause.paragraphs

    def plain_text(self) -> str:
        """The article's normalised text, one paragraph a line, clause titles included."""
        lines = [self.title]
        lines += [p.text for p in self.intro]
        for clause in self.walk_clauses():
            if clause.title:
                lines.append(clause.title)
            lines += [p.text for p in clause.paragraphs]
        return "\n".join(lines)

    def provenance(self) -> list[Provenance]:
        return sorted({prov for para in self.paragraphs() for prov in para.provs})


def paragraph_key(book: str, slug: str, anchor: str, index: int) -> str:
    """A paragraph's stable id, the same in any copy of the tree: 'laws/27#b-1/0' (index within its clause; '' =
    intro)."""
    return f"{book}/{slug}#{anchor}/{index}"


def glossary_paragraph_key(entry_number: int, index: int) -> str:
    """A glossary definition paragraph's stable id: 'glossary/3/0' (entry position, paragraph index)."""
    return f"glossary/{entry_number}/{index}"


@dataclass
class Chapter:
    """A chapter / 节 heading and the slugs of the articles under it, in order."""

    title: str
    article_slugs: list[str] = field(default_factory=list)


@dataclass
class Book:
    key: str  # 'laws' | 'regulations'
    title: str
    chapters: list[Chapter] = field(default_factory=list)
    articles: dict[str, Article] = field(default_factory=dict)  # by slug, in reading order
    front_matter: list[Paragraph] = field(default_factory=list)


def dump_article(article: Article) -> str:
    """A stable indented text dump of an article, for golden tests and debugging."""
    out = [f"{article.book}/{article.slug} 第{article.number}条 {article.title} [{article.chapter}]"]
    for para in article.intro:
        out.append(f"  | {para.text}")

    def dump_clause(clause: Clause, depth: int) -> None:
        pad = "  " * depth
        flags = (" [restored]" if clause.restored else "") + (" [split]" if clause.heading_split else "")
        out.append(f"{pad}#{clause.anchor} ({clause.label}) {clause.title}".rstrip() + flags)
        for para in clause.paragraphs:
            out.append(f"{pad}  | {para.text}")
        for child in clause.children:
            dump_clause(child, depth + 1)

    for clause in article.clauses:
        dump_clause(clause, 1)
    return "\n".join(out)
