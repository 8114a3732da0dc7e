"""Links the whole rulebook: every citation where it stands (by stable paragraph key), back-links, labels and
previews."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from scripts.books import BOOKS, SENTENCE_END
from scripts.errors import CrossReferenceError
from scripts.pipeline.link.grammar import Reference, find_references
from scripts.pipeline.link.resolve import (
    Resolution,
    TitleIndex,
    clause_chain,
    deepest_anchor,
    load_title_aliases,
    resolve_reference,
)
from scripts.pipeline.model import Article, Book, glossary_paragraph_key
from scripts.curated.rulebook_src import RulebookSrc


@dataclass
class Citation:
    """One reference where it stands: the citing page, clause and paragraph, and where it resolves."""

    reference: Reference
    resolution: Resolution
    book: str  # citing book ('laws' | 'regulations'), or 'glossary'
    slug: str  # citing article slug, or glossary term
    anchor: str  # clause anchor of the citing paragraph ('' in an article's intro)
    place: str  # stable key of the citing paragraph (model.paragraph_key): 'laws/27#b-1/0'
    text: str  # the citing paragraph's text (the reference's start and end index it)
    label: str  # how the citing place is named in back-links: '裁判法第23条 二、1.'

    @property
    def page(self) -> str:
        return "glossary.md" if self.book == "glossary" else f"{self.book}/{self.slug}.md"

    @property
    def fragment(self) -> str:
        return self.slug if self.book == "glossary" else self.anchor


@dataclass
class LinkIndex:
    """Every reference in the rulebook, by paragraph and by target, with the counts the build report shows."""

    citations: list[Citation] = field(default_factory=list)
    by_paragraph: dict[str, list[Citation]] = field(default_factory=dict)  # paragraph key → citations in it
    by_target: dict[tuple[str, str], list[Citation]] = field(default_factory=dict)  # (book, slug) landed on → citations

    def backlinks(self, book: str, slug: str) -> list[Citation]:
        """Citations from other articles that land on the article (any of its clauses), in reading order."""
        return [c for c in self.by_target.get((book, slug), []) if not (c.book == book and c.slug == slug)]

    def missing_targets(self) -> dict[tuple[str, int], list[Citation]]:
        """(book, article number) → the citations of an article that is not in the sources."""
        out: dict[tuple[str, int], list[Citation]] = {}
        for c in self.citations:
            if c.resolution.status == "missing":
                out.setdefault((c.resolution.book, int(c.resolution.slug)), []).append(c)
        return dict(sorted(out.items()))

    def counts(self) -> dict[str, int]:
        """Written references by outcome; range members that are implied, not written, are counted apart."""
        written = [c for c in self.citations if not c.reference.implied]
        counts = {"found": len(written)}
        for status in ("clause", "article", "book", "missing", "self", "outside", "unparsed"):
            counts[status] = sum(1 for c in written if c.resolution.status == status)
        counts["implied"] = sum(1 for c in self.citations if c.reference.implied)
        counts["clause-not-found"] = sum(
            1 for c in written if c.resolution.status == "article" and c.resolution.cited_anchor
        )
        return counts


# --- the whole rulebook -------------------------------------------------------------------------------
def link_rulebook(rulebook, src: RulebookSrc | None = None) -> LinkIndex:
    """Finds and resolves every reference in every article paragraph and glossary definition; checks aliases point
    somewhere."""
    books: dict[str, Book] = rulebook.books
    aliases = load_title_aliases(src or rulebook.src)  # the value the rulebook was built from, unless given
    problems = [
        f"{a.where}: alias “{a.quote}”: {a.book}/{a.slug}#{a.anchor} does not exist"
        for a in aliases
        if a.slug not in books.get(a.book, Book(a.book, "")).articles
        or (a.anchor and deepest_anchor(books[a.book].articles[a.slug], a.anchor) != a.anchor)
    ]
    if problems:
        raise CrossReferenceError("\n".join(problems))
    index = LinkIndex()
    titles = TitleIndex.of(books)
    for key, book in books.items():
        for article in book.articles.values():
            for place, anchor, para in article.keyed_paragraphs():
                label = citing_label(article, anchor)
                for ref in find_references(para.text, key, article, anchor):
                    index_citation(
                        index,
                        Citation(
                            ref,
                            resolve_reference(ref, books, aliases, titles),
                            key,
                            article.slug,
                            anchor,
                            place,
                            para.text,
                            label,
                        ),
                    )
    for number, entry in enumerate(getattr(rulebook, "glossary", [])):
        for i, para in enumerate(entry.definition):
            place = glossary_paragraph_key(number, i)
            for ref in find_references(para.text, "laws"):
                index_citation(
                    index,
                    Citation(
                        ref,
                        resolve_reference(ref, books, aliases, titles),
                        "glossary",
                        entry.term,
                        "",
                        place,
                        para.text,
                        f"术语“{entry.term}”",
                    ),
                )
    return index


def index_citation(index: LinkIndex, citation: Citation) -> None:
    index.citations.append(citation)
    index.by_paragraph.setdefault(citation.place, []).append(citation)
    if citation.resolution.status in ("clause", "article"):
        index.by_target.setdefault((citation.resolution.book, citation.resolution.slug), []).append(citation)


def citing_label(article: Article, anchor: str) -> str:
    """'规则第9条 A.2.（b）' / '裁判法第28条'."""
    label = f"{BOOKS[article.book].cite_prefix}第{article.number}条"
    chain = clause_chain(article, anchor)
    if chain:
        label += " " + "".join(c.label for c in chain)
    return label


def target_label(books: dict[str, Book], resolution: Resolution) -> str:
    """How a target is named in previews and lists: '规则第12条 C.1.' / '裁判法第28条 弃权的处理'."""
    if resolution.status == "book":
        return books[resolution.book].title
    if resolution.status == "missing":
        return f"{BOOKS[resolution.book].cite_prefix}第{resolution.slug}条"
    article = books[resolution.book].articles[resolution.slug]
    label = f"{BOOKS[resolution.book].cite_prefix}第{article.number}条 {article.title}".rstrip()
    if resolution.status == "clause":
        label += " · " + "".join(c.label for c in clause_chain(article, resolution.anchor))
    return label


def target_text(books: dict[str, Book], resolution: Resolution, limit: int = 160) -> str:
    """The start of the target's text, for a preview: the clause (title, paragraphs, sub-clauses) or the article,
    one line per clause; a clause's heading stands on a line of its own, marked '# ' (the popup sets it apart,
    docs/assets/refs/preview.js): '# 1.可选择判罚的说明\n违规后规则规定有多项罚则…'."""
    if resolution.status == "missing":
        return f"{target_label(books, resolution)}不在本版来源中：来源文本没有收录这一条，无法预览或链接到原文。"
    if resolution.status == "book":
        book = books[resolution.book]
        return f"{book.title}：来源收录 {len(book.articles)} 条。"
    article = books[resolution.book].articles[resolution.slug]
    clauses = (
        clause_chain(article, resolution.anchor)[-1].walk() if resolution.status == "clause" else article.walk_clauses()
    )
    lines = [] if resolution.status == "clause" else [p.text for p in article.intro]
    for c in clauses:
        body = "".join(p.text for p in c.paragraphs)
        lines += [f"# {c.label}{c.title}", body] if c.title.strip() else [f"{c.label}{body}"]
    text = "\n".join(line for line in lines if line.strip() and line.strip() != "#")
    text = re.sub(r"\[\^[0-9]+\]", "", text)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def citing_sentence(text: str, start: int, end: int, limit: int = 90) -> str:
    """The sentence around text[start:end], cut to `limit` characters around the reference."""
    left = max((text.rfind(ch, 0, start) for ch in SENTENCE_END), default=-1) + 1
    rights = [i for i in (text.find(ch, end) for ch in SENTENCE_END) if i >= 0]
    right = min(rights) + 1 if rights else len(text)
    sentence = text[left:right]
    if len(sentence) > limit:
        s, e = start - left, end - left
        lo = max(0, min(s - (limit - (e - s)) // 2, len(sentence) - limit))
        sentence = ("…" if lo > 0 else "") + sentence[lo : lo + limit] + ("…" if lo + limit < len(sentence) else "")
    return sentence
