"""The reference grammar: finds cross-references (第N条, 规则N, 本条…, “heading”, 《book》) in a paragraph's text."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from scripts.books import CN_DIGITS, book_by_cited_title
from scripts.errors import CrossReferenceError
from scripts.pipeline.model import Article
from scripts.pipeline.parse import family_group, match_marker


# An unparsed reference is quoted in the build report with this many characters after its trigger (enough to see
# what followed 第…条 or 规则 without quoting the whole sentence).
UNPARSED_QUOTE_CHARS = 8

# One step of a cited clause path, as printed after the article number: `C`, `款`-less `1`, `(b)`, `（1）`, `（一）`, `①`.
# `l` directly after a step is the OCR misreading of `1` (第72條B款l); full-width letters and digits are accepted.
STEP = rf"""
    (?: [（(][{CN_DIGITS}]{{1,3}}[）)]                      # （一） a section numbered 一、
      | [（(][0-9０-９]{{1,2}}[）)] | [⑴-⒇]           # （1） ⑴
      | [（(][a-hａ-ｈ][）)]                           # (b)
      | [A-HＡ-Ｈ](?![A-Za-zＡ-Ｚａ-ｚ])              # B (not the I of IMP)
      | (?<=[A-HＡ-Ｈ款）)])l(?![A-Za-z])             # l for 1, only right after a step
      | [0-9０-９]{{1,2}}(?![0-9０-９.．%])            # 1
      | [①-⑳]
    )(?:\s?[款项])?                                 # 款 / 项, perhaps after a stray space (B 款)
"""
PATH = rf"(?:{STEP})+"
STEP_RE = re.compile(STEP, re.VERBOSE)

# The digits an article number may have in 第N条: any number a text could print (第99999条 is read as a reference, and
# the resolver says it lies outside the book). 规则N keeps three: 竞赛规则1999版 names an edition, not a Law.
NUMBER_DIGITS = 6
# 第23条 / 第12条C款1 / 第30條 (an article of the citing book), with an optional clause path.
ARTICLE_REF = re.compile(
    rf"""(?P<head>第\s*(?P<number>[0-9０-９]{{1,{NUMBER_DIGITS}}})\s*[条條])(?P<path>{PATH})?""", re.VERBOSE
)
# 规则9A2(b)(1) / 规则25-32 (a Law, cited from the regulations); the range end is optional.
LAW_REF = re.compile(
    rf"""(?P<head>规则\s*(?P<number>[0-9０-９]{{1,3}}))(?P<path>{PATH})?"""
    rf"""(?:(?P<dash>[-－—～至])(?P<to>[0-9０-９]{{1,3}})(?![0-9]))?""",
    re.VERBOSE,
)
# 本条A款 / 本条1（1）B款 / 本条（一）1款 (a clause of the citing article); bare 本条 is the article itself.
SAME_ARTICLE_REF = re.compile(rf"""(?P<head>本[条條])(?P<path>{PATH})?""", re.VERBOSE)
# 前述（b）（1） / 以下（b）项 / 如上面的1 / 上述3 (a clause of the citing article, relative to the citing clause: the
# first step names a sibling of the citing clause or of one of its ancestors).
RELATIVE_REF = re.compile(rf"""(?P<head>前述|上述|以下|下述|上面的|下面的)(?P<path>{PATH})""", re.VERBOSE)
# After a relative reference: 或（b）（2） (another clause, no 款/项 needed).
NEXT_RELATIVE = re.compile(rf"""(?P<sep>和|或|及|、)(?P<path>{PATH})""", re.VERBOSE)
# After a reference: 、31条 (another article), 和C款 / 或2（2）款 (another clause of the same article).
NEXT_ARTICLE = re.compile(rf"\s*、\s*(?:第\s*)?(?P<number>[0-9０-９]{{1,{NUMBER_DIGITS}}})\s*[条條]")
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
    """One step of a cited clause path: its marker family ('upper', 'number', 'cn', …) and its anchor part ('b', '1',
    '一')."""

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


def find_references(
    text: str, book_key: str, article: Article | None = None, clause_anchor: str = ""
) -> list[Reference]:
    """Every reference in a paragraph of `book_key`, in text order; trigger words nothing explains come back as
    'unparsed'.

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
    for m in RELATIVE_REF.finditer(text):
        if article is None:
            continue
        common = dict(book=article.book, number=article.number, slug=article.slug, context=clause_anchor)
        refs.append(
            Reference(m.start(), m.end(), m.group(0), "same-article", path=parse_path(m.group("path")), **common)
        )
        pos = m.end()
        while nxt := NEXT_RELATIVE.match(text, pos):
            refs.append(
                Reference(
                    nxt.start("path"),
                    nxt.end("path"),
                    nxt.group("path"),
                    "same-article",
                    path=parse_path(nxt.group("path")),
                    **common,
                )
            )
            pos = nxt.end()
    for m in TITLE_REF.finditer(text):
        title = m.group("title")
        refs.append(
            Reference(
                m.start("title"),
                m.end("title"),
                title,
                "title",
                number_book,
                title=re.sub(r"\s+", "", title),
                slug=article.slug if article else "",
                context=clause_anchor,
            )
        )
    for m in BOOK_REF.finditer(text):
        title = re.sub(r"\s+", "", m.group("title"))
        if book_by_cited_title(title):
            refs.append(
                Reference(
                    m.start("title"), m.end("title"), m.group("title"), "book", book_by_cited_title(title), title=title
                )
            )
    refs.sort(key=lambda r: (r.start, r.implied))
    return refs + unparsed_triggers(text, refs, number_book)


def article_and_followers(text: str, m: re.Match, kind: str, book: str) -> list[Reference]:
    """The reference `m` plus what continues it: 、31条、32条 / 和C款 / a range end -32 (with 26…31 implied)."""
    number = int(fold(m.group("number")))
    path = m.group("path") or ""
    end = m.end("path") if path else m.end("head")
    refs = [Reference(m.start(), end, text[m.start() : end], kind, book, number, parse_path(path))]
    if m.groupdict().get("to") and not path:
        to = int(fold(m.group("to")))
        if to > number:
            refs += [
                Reference(m.start(), m.end(), text[m.start() : m.end()], kind, book, n, implied=True)
                for n in range(number + 1, to)
            ]
            refs.append(Reference(m.start("to"), m.end("to"), m.group("to"), kind, book, to))
        return refs
    pos = end
    while (nxt := NEXT_ARTICLE.match(text, pos)) and kind == "article":
        start = nxt.start("number")
        path_m = re.compile(PATH, re.VERBOSE).match(text, nxt.end())
        stop = path_m.end() if path_m else nxt.end()
        refs.append(
            Reference(
                start,
                stop,
                text[start:stop],
                kind,
                book,
                int(fold(nxt.group("number"))),
                parse_path(path_m.group(0)) if path_m else (),
            )
        )
        pos = stop
    if path:
        refs += clause_followers(text, pos, kind, dict(book=book, number=refs[-1].number))
    return refs


def clause_followers(text: str, pos: int, kind: str, common: dict) -> list[Reference]:
    """和C款 / 或2（2）款 after a clause reference: further clauses of the same article."""
    refs = []
    while nxt := NEXT_CLAUSE.match(text, pos):
        refs.append(
            Reference(
                nxt.start("path"),
                nxt.end("path"),
                nxt.group("path"),
                kind,
                path=parse_path(nxt.group("path")),
                **common,
            )
        )
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
        end = min(len(text), m.end() + UNPARSED_QUOTE_CHARS)
        out.append(Reference(m.start(), m.end(), text[m.start() : end], "unparsed", book))
    return out
