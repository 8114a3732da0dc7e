"""Finds and resolves cross-references in the article tree."""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

from scripts import curated

from scripts.books import BOOKS, CN_DIGITS, SENTENCE_END, book_by_cited_title
from scripts.errors import CrossReferenceError
from scripts.pipeline.model import Article, Book, Clause, Paragraph
from scripts.pipeline.parse import match_marker
from scripts.pipeline.sources import SRC


# One step of a cited clause path, as printed after the article number: `C`, `款`-less `1`, `(b)`, `（1）`, `（一）`, `①`.
# `l` directly after a step is the OCR misreading of `1` (第72條B款l); full-width letters and digits are accepted.
STEP = r"""
    (?: [（(][{cn}]{{1,3}}[）)]                      # （一） a section numbered 一、
      | [（(][0-9０-９]{{1,2}}[）)] | [⑴-⒇]           # （1） ⑴
      | [（(][a-hａ-ｈ][）)]                           # (b)
      | [A-HＡ-Ｈ](?![A-Za-zＡ-Ｚａ-ｚ])              # B (not the I of IMP)
      | (?<=[A-HＡ-Ｈ款）)])l(?![A-Za-z])             # l for 1, only right after a step
      | [0-9０-９]{{1,2}}(?![0-9０-９.．%])            # 1
      | [①-⑳]
    )(?:\s?[款项])?                                 # 款 / 项, perhaps after a stray space (B 款)
""".format(cn=CN_DIGITS)
PATH = rf"(?:{STEP})+"
STEP_RE = re.compile(STEP, re.VERBOSE)

# 第23条 / 第12条C款1 / 第30條 (an article of the citing book), with an optional clause path.
ARTICLE_REF = re.compile(
    rf"""(?P<head>第\s*(?P<number>[0-9０-９]{{1,3}})\s*[条條])(?P<path>{PATH})?""",
    re.VERBOSE,
)
# 规则9A2(b)(1) / 规则25-32 (a Law, cited from the regulations); the range end is optional.
LAW_REF = re.compile(
    rf"""(?P<head>规则\s*(?P<number>[0-9０-９]{{1,3}}))(?P<path>{PATH})?(?:(?P<dash>[-－—～至])(?P<to>[0-9０-９]{{1,3}})(?![0-9]))?""",
    re.VERBOSE,
)
# 本条A款 / 本条1（1）B款 / 本条（一）1款 (a clause of the citing article); bare 本条 is the article itself.
SAME_ARTICLE_REF = re.compile(rf"""(?P<head>本[条條])(?P<path>{PATH})?""", re.VERBOSE)
# After a reference: 、31条 (another article), 和C款 / 或2（2）款 (another clause of the same article).
NEXT_ARTICLE = re.compile(r"\s*、\s*(?:第\s*)?(?P<number>[0-9０-９]{1,3})\s*[条條]")
NEXT_CLAUSE = re.compile(rf"""(?P<sep>和|或|及|、)(?P<path>(?:{STEP})*(?:{STEP})(?<=[款项]))""", re.VERBOSE)
# 参照“弃权的处理” / 按“不能构成复式的牌”处理 (an article or clause cited by its heading; a line wrap may split it).
TITLE_REF = re.compile(r"(?:参照|依照|按照|按|见|参阅|參閱)(?:前述|上述)?“(?P<title>[^”]{2,30})”")
# 《中国桥牌竞赛规则》 (a whole book).
BOOK_REF = re.compile(r"《(?P<title>[^》]{2,30})》")
# Anything the grammar must account for: an occurrence that no reference covers is reported as unparsed.
TRIGGERS = re.compile(
    r"第\s*[0-9０-９]+\s*[条條]|规则\s*[0-9０-９]|本[条條]|(?:参照|依照|按照|按|见|参阅|參閱)(?:前述|上述)?“|《[^》]*》"
)


@dataclass(frozen=True)
class Step:
    """One step of a cited clause path: its marker family ('upper', 'number', 'cn', …) and its anchor part ('b', '1', '一')."""

    family: str
    label: str


@dataclass(frozen=True)
class Reference:
    """A cross-reference found in a paragraph: the span to link and what it points at."""

    start: int
    end: int
    text: str
    kind: str  # 'article' | 'law' | 'same-article' | 'self' | 'title' | 'book' | 'unparsed'
    book: str  # the book it points into
    number: int | None = None
    path: tuple[Step, ...] = ()
    title: str = ""
    slug: str = ""  # for same-article references: the citing article's slug
    context: str = ""  # for same-article references: anchor of the clause the citing paragraph stands in
    implied: bool = False  # a number inside a written range (规则25-32 → 26…31): a target, not a link of its own


@dataclass(frozen=True)
class Resolution:
    """Where a reference lands: status 'clause' | 'article' | 'book' | 'missing' | 'self' | 'unparsed'."""

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
            return "about/missing-references.md"
        return ""

    @property
    def fragment(self) -> str:
        if self.status == "clause":
            return self.anchor
        if self.status == "missing":
            return missing_anchor(self.book, self.slug)
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
    """A quoted heading cited in words its target does not carry as a title (curated in rulebook_src/reference_titles.yml)."""

    quote: str
    cited_in: str  # 'regulations/45'
    book: str
    slug: str
    anchor: str
    reason: str
    where: str = "reference_titles.yml"  # 'rulebook_src/reference_titles.yml:12', for messages


@dataclass
class Citation:
    """One reference where it stands: the citing page, clause and paragraph, and where it resolves."""

    reference: Reference
    resolution: Resolution
    book: str  # citing book ('laws' | 'regulations'), or 'glossary'
    slug: str  # citing article slug, or glossary term
    anchor: str  # clause anchor of the citing paragraph ('' in an article's intro)
    paragraph: Paragraph
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
    by_paragraph: dict[int, list[Citation]] = field(default_factory=dict)  # id(Paragraph) → citations in it
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
        for status in ("clause", "article", "book", "missing", "self", "unparsed"):
            counts[status] = sum(1 for c in written if c.resolution.status == status)
        counts["implied"] = sum(1 for c in self.citations if c.reference.implied)
        counts["clause-not-found"] = sum(
            1 for c in written if c.resolution.status == "article" and c.resolution.cited_anchor
        )
        return counts


# --- finding ------------------------------------------------------------------------------------------
def fold(text: str) -> str:
    """Full-width letters, digits and brackets folded to ASCII; the OCR `l` read as `1`."""
    return unicodedata.normalize("NFKC", text).replace("l", "1")


def parse_path(text: str) -> tuple[Step, ...]:
    """'C款1' → (upper C, number 1); '1（1）B款' → (number 1, paren-number 1, upper B); '（一）1款' → (cn 一, number 1)."""
    steps = []
    for m in STEP_RE.finditer(text):
        raw = fold(m.group(0)).rstrip("款项").strip()
        if raw.startswith("(") and raw[1:-1] and raw[1] in CN_DIGITS:
            steps.append(Step("cn", raw[1:-1]))
            continue
        marker = match_marker(raw if raw.startswith("(") or not raw[0].isalnum() else raw + ".")
        if marker is None:
            raise CrossReferenceError(f"parse_path: cannot read clause step {m.group(0)!r} in {text!r}")
        family, _printed, anchor, _rest = marker
        steps.append(Step(family_group(family), anchor))
    return tuple(steps)


def family_group(family: str) -> str:
    """Marker families that cite alike: ⑴ and （1） are both 'paren-number'; （一） and 一、 are both 'cn'."""
    return {"paren-circled": "paren-number", "paren-cn": "cn"}.get(family, family)


def find_references(text: str, book_key: str, article: Article | None = None, clause_anchor: str = "") -> list[Reference]:
    """Every reference in a paragraph of `book_key`, in text order; trigger words nothing explains come back as 'unparsed'.

    In the Laws `第N条` is a Law; in the regulations `第N条`/`本条` are regulations and `规则N` is a Law.
    """
    refs: list[Reference] = []
    number_book = book_key if book_key in ("laws", "regulations") else "laws"
    for m in ARTICLE_REF.finditer(text):
        refs += article_and_followers(text, m, "article", number_book)
    for m in LAW_REF.finditer(text):
        if number_book == "laws":
            continue  # the Laws never cite themselves as 规则N; leave it to the unparsed check
        refs += article_and_followers(text, m, "law", "laws")
    for m in SAME_ARTICLE_REF.finditer(text):
        if article is None:
            continue
        path = m.group("path") or ""
        kind = "same-article" if path else "self"
        common = dict(book=article.book, number=article.number, slug=article.slug, context=clause_anchor)
        refs.append(Reference(m.start(), m.end(), m.group(0), kind, path=parse_path(path), **common))
        if path:
            refs += clause_followers(text, m.end(), "same-article", common)
    for m in TITLE_REF.finditer(text):
        title = m.group("title")
        refs.append(Reference(m.start("title"), m.end("title"), title, "title", number_book, title=re.sub(r"\s+", "", title), slug=article.slug if article else "", context=clause_anchor))
    for m in BOOK_REF.finditer(text):
        title = re.sub(r"\s+", "", m.group("title"))
        if book_by_cited_title(title):
            refs.append(Reference(m.start("title"), m.end("title"), m.group("title"), "book", book_by_cited_title(title), title=title))
    refs.sort(key=lambda r: (r.start, r.implied))
    return refs + unparsed_triggers(text, refs, number_book)


def article_and_followers(text: str, m: re.Match, kind: str, book: str) -> list[Reference]:
    """The reference `m` plus what continues it: 、31条、32条 / 和C款 / a range end -32 (with 26…31 implied)."""
    number = int(fold(m.group("number")))
    path = m.group("path") or ""
    end = m.end("path") if path else m.end("head")
    refs = [Reference(m.start(), end, text[m.start():end], kind, book, number, parse_path(path))]
    if m.groupdict().get("to") and not path:
        to = int(fold(m.group("to")))
        if to > number:
            refs += [Reference(m.start(), m.end(), text[m.start():m.end()], kind, book, n, implied=True) for n in range(number + 1, to)]
            refs.append(Reference(m.start("to"), m.end("to"), m.group("to"), kind, book, to))
        return refs
    pos = end
    while (nxt := NEXT_ARTICLE.match(text, pos)) and kind == "article":
        start = nxt.start("number")
        path_m = re.compile(PATH, re.VERBOSE).match(text, nxt.end())
        stop = path_m.end() if path_m else nxt.end()
        refs.append(Reference(start, stop, text[start:stop], kind, book, int(fold(nxt.group("number"))), parse_path(path_m.group(0)) if path_m else ()))
        pos = stop
    if path:
        refs += clause_followers(text, pos, kind, dict(book=book, number=refs[-1].number))
    return refs


def clause_followers(text: str, pos: int, kind: str, common: dict) -> list[Reference]:
    """和C款 / 或2（2）款 after a clause reference: further clauses of the same article."""
    refs = []
    while nxt := NEXT_CLAUSE.match(text, pos):
        refs.append(Reference(nxt.start("path"), nxt.end("path"), nxt.group("path"), kind, path=parse_path(nxt.group("path")), **common))
        pos = nxt.end()
    return refs


def unparsed_triggers(text: str, refs: list[Reference], book: str) -> list[Reference]:
    """Trigger words (第N条, 规则N, 本条, a quoted heading, a book title) that no found reference covers."""
    out = []
    for m in TRIGGERS.finditer(text):
        if any(r.start <= m.start() < r.end or m.start() <= r.start <= m.end() for r in refs):
            continue
        if m.group(0).startswith("规则") and book == "laws":
            continue  # 规则 followed by a digit does not occur in the Laws; it is not a reference form there
        if m.group(0).startswith("《"):
            continue  # a title of some other work
        end = min(len(text), m.end() + 8)
        out.append(Reference(m.start(), m.end(), text[m.start():end], "unparsed", book))
    return out


# --- resolving ----------------------------------------------------------------------------------------
def missing_anchor(book: str, slug: str) -> str:
    return f"{book}-{slug}"


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
    """The longest prefix of `anchor` that exists in the article ('' if none does): 'c-1-a' → 'c-1' when only that exists."""
    anchors = {c.anchor for c in article.walk_clauses()}
    parts = anchor.split("-") if anchor else []
    while parts:
        if "-".join(parts) in anchors:
            return "-".join(parts)
        parts.pop()
    return ""


def resolve_reference(ref: Reference, books: dict[str, Book], aliases: list[TitleAlias] = (), titles: TitleIndex | None = None) -> Resolution:
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
    article = book.articles.get(ref.slug) if ref.slug else article_for(book, ref.number)
    if article is None:
        return Resolution("missing", ref.book, str(ref.number), reason=f"第{ref.number}条 is not in this edition's sources")
    wanted = cited_anchor(article, ref.path, ref.context if ref.kind == "same-article" else "")
    found = deepest_anchor(article, wanted)
    if found:
        return Resolution("clause", ref.book, article.slug, found, wanted)
    return Resolution("article", ref.book, article.slug, "", wanted)


@dataclass
class TitleIndex:
    """The first article and the first clause bearing each title, per book (built once; titles are looked up per reference)."""

    articles: dict[str, dict[str, Article]]
    clauses: dict[str, dict[str, tuple[Article, Clause]]]

    @classmethod
    def of(cls, books: dict[str, Book]) -> "TitleIndex":
        index = cls({key: {} for key in books}, {key: {} for key in books})
        for key, book in books.items():
            for article in book.articles.values():
                index.articles[key].setdefault(article.title, article)
                for clause in article.walk_clauses():
                    index.clauses[key].setdefault(clause.title, (article, clause))
        return index


def resolve_title(ref: Reference, books: dict[str, Book], aliases, titles: TitleIndex | None = None) -> Resolution:
    """A quoted heading: an article title of the citing book, then of the other book, then a clause title, then an alias."""
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
            return Resolution("clause" if alias.anchor else "article", alias.book, alias.slug, alias.anchor, alias.anchor)
    return Resolution("unparsed", ref.book, reason=f"no article or clause is titled “{ref.title}” and no alias names it")


def load_title_aliases(src_dir: Path = SRC) -> list[TitleAlias]:
    """rulebook_src/reference_titles.yml: quoted headings cited in other words than the target's title."""
    path = src_dir / "reference_titles.yml"
    if not path.exists():
        return []
    entries, lines = curated.load_with_lines(path)
    return [TitleAlias(**entry, where=lines.at(i)) for i, entry in enumerate(entries)]


# --- the whole rulebook -------------------------------------------------------------------------------
def link_rulebook(rulebook, src_dir: Path = SRC) -> LinkIndex:
    """Finds and resolves every reference in every article paragraph and glossary definition; checks aliases point somewhere."""
    books: dict[str, Book] = rulebook.books
    aliases = load_title_aliases(src_dir)
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
            for anchor, para in article_paragraphs(article):
                label = citing_label(article, anchor)
                for ref in find_references(para.text, key, article, anchor):
                    index_citation(index, Citation(ref, resolve_reference(ref, books, aliases, titles), key, article.slug, anchor, para, label))
    for entry in getattr(rulebook, "glossary", []):
        for para in entry.definition:
            for ref in find_references(para.text, "laws"):
                index_citation(index, Citation(ref, resolve_reference(ref, books, aliases, titles), "glossary", entry.term, "", para, f"术语“{entry.term}”"))
    return index


def index_citation(index: LinkIndex, citation: Citation) -> None:
    index.citations.append(citation)
    index.by_paragraph.setdefault(id(citation.paragraph), []).append(citation)
    if citation.resolution.status in ("clause", "article"):
        index.by_target.setdefault((citation.resolution.book, citation.resolution.slug), []).append(citation)


def article_paragraphs(article: Article):
    """(clause anchor, paragraph) for every paragraph of the article, intro first ('' as its anchor)."""
    for para in article.intro:
        yield "", para
    for clause in article.walk_clauses():
        for para in clause.paragraphs:
            yield clause.anchor, para




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
    """The start of the target's text, for a preview: the clause (title, paragraphs, sub-clauses) or the article."""
    if resolution.status == "missing":
        return f"{target_label(books, resolution)}不在本版来源中：来源文本没有收录这一条，无法预览或链接到原文。"
    if resolution.status == "book":
        book = books[resolution.book]
        return f"{book.title}：来源收录 {len(book.articles)} 条。"
    article = books[resolution.book].articles[resolution.slug]
    if resolution.status == "clause":
        clause = clause_chain(article, resolution.anchor)[-1]
        lines = [f"{c.label}{c.title}" + "".join(p.text for p in c.paragraphs) for c in clause.walk()]
    else:
        lines = [p.text for p in article.intro] + [f"{c.label}{c.title}" + "".join(p.text for p in c.paragraphs) for c in article.walk_clauses()]
    text = " ".join(line for line in lines if line.strip())
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
