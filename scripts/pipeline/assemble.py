"""Assembles the parsed sources into two books: merges overlapping articles, numbers duplicates, drops repeated text."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from scripts.books import BOOKS
from scripts.errors import StructureError
from scripts.pipeline.model import Article, Book, Chapter, Clause, Drop, Paragraph, Variant
from scripts.pipeline.parse import ParsedSource
from scripts.curated.rulebook_src import RulebookSrc

# How many articles each book has in full (the sources are excerpts): used to list the missing numbers.
BOOK_ARTICLE_COUNT = {"laws": 93, "regulations": 53}
COMPARABLE = re.compile(r"[\s，。、；：,.;:（）()“”\"'「」]")
# A paragraph repeated right after itself is dropped as a doubled source line only when it is this long (characters
# without punctuation): a short one (a label, a word) is too likely to repeat on purpose.
REPEATED_PARAGRAPH_MIN_CHARS = 8
# An article body shorter than this (a heading-only or deleted article) may equal another's by chance: not a copy.
COPIED_BODY_MIN_CHARS = 20


@dataclass
class Assembly:
    books: dict[str, Book]
    drops: list[Drop] = field(default_factory=list)
    defects: list[str] = field(default_factory=list)
    headings: list[Paragraph] = field(default_factory=list)
    toc: dict[str, list[Paragraph]] = field(default_factory=dict)


def comparable(text: str) -> str:
    """Text with whitespace and punctuation removed, for spotting repeated or identical paragraphs."""
    return COMPARABLE.sub("", text)


def load_overlaps(src: RulebookSrc) -> dict[tuple[str, int], dict]:
    data = src.load("overlaps.yml")
    table = {}
    for book, groups in data.items():
        for group in groups:
            for number in group["numbers"]:
                table[(book, number)] = group
    return table


def drop_repeated_text(article: Article, drops: list[Drop]) -> None:
    """Drops a paragraph that repeats the one just before it, or a clause that repeats an earlier sibling
    with the same label, recording every line. Repeats further apart are kept: the regulations repeat
    band lines on purpose (第26条 一、1 and 一、2 both say 迟到0+—5分钟：正式提出警告…)."""

    def clause_key(clause: Clause) -> str:
        return comparable(clause.label + clause.title + "".join(p.text for c in clause.walk() for p in c.paragraphs))

    def drop_paragraph(para: Paragraph, rule: str) -> None:
        for prov in para.provs:
            drops.append(Drop(rule, prov, para.text))

    def filter_paragraphs(paragraphs: list[Paragraph]) -> list[Paragraph]:
        kept: list[Paragraph] = []
        for para in paragraphs:
            key = comparable(para.text)
            if kept and key and len(key) >= REPEATED_PARAGRAPH_MIN_CHARS and key == comparable(kept[-1].text):
                drop_paragraph(para, f"duplicate-paragraph (第{article.number}条，与前一段相同)")
                continue
            kept.append(para)
        return kept

    def filter_clauses(clauses: list[Clause]) -> list[Clause]:
        kept: list[Clause] = []
        kept_keys: set[str] = set()  # keys of the kept siblings (after their own filtering), each computed once
        for clause in clauses:
            key = clause_key(clause)
            if key in kept_keys:
                for c in clause.walk():
                    for k, para in enumerate(c.paragraphs):
                        # a title line has no paragraph text: the drop records the line as the source had it
                        text = para.text or (f"{c.label}{c.title}" if k == 0 and c.title else "")
                        drop_paragraph(
                            Paragraph(text, para.provs),
                            f"duplicate-clause (第{article.number}条 {clause.label}，重复前面的同一款)",
                        )
                continue
            clause.paragraphs = filter_paragraphs(clause.paragraphs)
            clause.children = filter_clauses(clause.children)
            kept.append(clause)
            kept_keys.add(clause_key(clause))
        return kept

    article.intro = filter_paragraphs(article.intro)
    article.clauses = filter_clauses(article.clauses)


def make_variant(primary: Article, other: Article, reason: str, drops: list[Drop]) -> Variant:
    """The other copy's paragraphs that differ from every paragraph of the primary copy (the rest are recorded as
    drops)."""
    primary_texts = {comparable(p.text) for p in primary.paragraphs()} | {
        comparable(c.label + c.title) for c in primary.walk_clauses()
    }
    primary_texts |= {comparable(c.title) for c in primary.walk_clauses()}
    primary_texts |= {
        comparable(f"第{primary.number}条 {primary.title}"),
        comparable(f"第{primary.number}条"),
        comparable(primary.title),
    }
    differing: list[Paragraph] = []
    # a paragraph with no text stands for a line the parser read as a heading: the article heading (the first intro
    # paragraph) or a clause title; the drop records that line's text, so nothing leaves without its words
    title_on_own_line = len(other.intro) > 1 and other.intro[0].text == other.intro[1].text == ""
    heading_lines = [f"第{other.number}条", other.title] if title_on_own_line else [f"第{other.number}条 {other.title}"]
    lines = [("", p, heading_lines[k] if k < len(heading_lines) else "") for k, p in enumerate(other.intro)]
    lines += [
        (c.label, p, f"{c.label}{c.title}" if c.title else "") for c in other.walk_clauses() for p in c.paragraphs
    ]
    for clause_label, para, line_text in lines:
        key = comparable(para.text)
        if (
            para.text == ""
            and line_text
            and comparable(line_text) not in primary_texts
            and comparable(line_text.removeprefix(clause_label)) not in primary_texts
        ):
            differing.append(Paragraph(line_text, para.provs, []))
            continue
        if not key or key in primary_texts:
            for prov in para.provs:
                drops.append(
                    Drop(
                        f"overlap-same-as-primary (第{primary.number}条，与正文（{primary.sources[0]}）相同)",
                        prov,
                        para.text or line_text,
                    )
                )
            continue
        # the clause label goes with the reading: printed with it where the source line starts with it, else as context
        starts_clause = any(c.paragraphs and c.paragraphs[0] is para and not c.title for c in other.walk_clauses())
        text = f"{clause_label}{para.text}" if starts_clause else f"{clause_label} {para.text}".strip()
        differing.append(Paragraph(text, para.provs, para.corrections))
    return Variant(source=other.sources[0], paragraphs=differing, note=reason)


def assemble_books(parsed: list[ParsedSource], overlaps: dict[tuple[str, int], dict]) -> Assembly:
    """Parsed sources (manifest order) → the two books, with drops and defects recorded."""
    books = {key: Book(key, name.edition_title) for key, name in BOOKS.items()}
    assembly = Assembly(books)
    by_number: dict[tuple[str, int], list[Article]] = {}
    for source in parsed:
        book = books[source.book]
        book.front_matter += source.front_matter
        assembly.toc.setdefault(source.book, []).extend(source.toc)
        assembly.headings += [para for _, para in source.headings]
        for article in source.articles:
            by_number.setdefault((source.book, article.number), []).append(article)
    ordered: dict[str, list[Article]] = {"laws": [], "regulations": []}
    for (book_key, number), copies in sorted(by_number.items(), key=lambda kv: (kv[0][0], kv[0][1])):
        overlap = overlaps.get((book_key, number))
        if overlap and len(copies) > 1:
            primary = next((a for a in copies if a.sources[0] == overlap["primary"]), None)
            other = next((a for a in copies if a.sources[0] == overlap["variant"]), None)
            if primary is None or other is None:
                raise StructureError(
                    f"overlaps.yml: 第{number}条 ({book_key}) should stand in {overlap['primary']} and "
                    f"{overlap['variant']}; found in {[a.sources[0] for a in copies]}"
                )
            drop_repeated_text(primary, assembly.drops)
            primary.variants.append(make_variant(primary, other, " ".join(overlap["note"].split()), assembly.drops))
            primary.sources.append(other.sources[0])
            ordered[book_key].append(primary)
        elif len(copies) > 1 and len({a.sources[0] for a in copies}) == 1:
            # one source numbers two different articles alike: keep both, distinct slugs, flagged
            for k, article in enumerate(copies, 1):
                article.slug = str(number) if k == 1 else f"{number}-{k}"
                others = "、".join(f"“{a.title}”" for a in copies if a is not article)
                article.warnings.append(
                    f"来源中有 {len(copies)} 个“第{number}条”：本条（{article.title}）与 {others} 编号相同。编号照录来源，网址以 {article.slug} 区分。"
                )
                assembly.defects.append(
                    f"{article.sources[0]}:{article.provenance()[0].line}: 条号重复：第{number}条（{article.title}），网址用 "
                    f"{article.slug}"
                )
                drop_repeated_text(article, assembly.drops)
                ordered[book_key].append(article)
        elif len(copies) > 1:
            raise StructureError(
                f"第{number}条 ({book_key}) stands in {[a.sources[0] for a in copies]} but overlaps.yml does not say "
                f"which copy is the main text"
            )
        else:
            drop_repeated_text(copies[0], assembly.drops)
            ordered[book_key].append(copies[0])
    for book_key, articles in ordered.items():
        book = books[book_key]
        flag_copied_bodies(articles, assembly.defects)
        inherit_missing_chapters(articles, by_number)
        for article in articles:
            book.articles[article.slug] = article
            if not book.chapters or book.chapters[-1].title != article.chapter:
                book.chapters.append(Chapter(article.chapter))
            book.chapters[-1].article_slugs.append(article.slug)
    return assembly


def inherit_missing_chapters(articles: list[Article], by_number: dict[tuple[str, int], list[Article]]) -> None:
    """A source without chapter headings (004) takes the chapter of the other copy, else of the article before it."""
    previous = ""
    for article in articles:
        if not article.chapter:
            copies = by_number.get((article.book, article.number), [])
            article.chapter = next((a.chapter for a in copies if a.chapter), "") or previous
        previous = article.chapter


def flag_copied_bodies(articles: list[Article], defects: list[str]) -> None:
    """An article whose whole body equals an earlier article's carries that article's text: warn, never silently."""
    seen: dict[str, Article] = {}
    for article in articles:
        body = comparable("".join(p.text for p in article.paragraphs()))
        if len(body) < COPIED_BODY_MIN_CHARS:
            continue
        if body in seen:
            first = seen[body]
            article.copy_of = first.number
            article.warnings.append(
                f"注意：来源中本条（第{article.number}条 {article.title}）的正文与第{first.number}条（{first.title}）逐字相同，"
                f"是第{first.number}条正文的重复；第{article.number}条的原文在来源中缺失。以下照录来源，仅供参考。"
            )
            defects.append(
                f"{article.sources[0]}:{article.provenance()[0].line}: 第{article.number}条的正文与第{first.number}条逐字相同，"
                f"本条原文缺失"
            )
        else:
            seen[body] = article


def missing_numbers(book: Book) -> list[int]:
    """Article numbers of the full book that none of the sources contains (the book runs to its highest
    article number where that is above BOOK_ARTICLE_COUNT, as in the bench's renumbered copies)."""
    present = {a.number for a in book.articles.values()}
    return [n for n in range(1, last_number(book) + 1) if n not in present]


def last_number(book: Book) -> int:
    """The book's last article number: the whole book's count, or its highest held number where that is above it.
    A reference to a number from 1 to this is an article (held, or a page saying the sources lack it); any other
    lies outside the book."""
    return max([BOOK_ARTICLE_COUNT[book.key], *(a.number for a in book.articles.values())])
