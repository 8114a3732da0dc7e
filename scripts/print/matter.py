"""A printed book's front and back matter: the title page, the 凡例 (how the marks look in print) and the subject index
(索引, its page numbers set by the typesetter: target-counter in book.css)."""

from __future__ import annotations

import html
import re

from scripts.books import BOOKS, CN_DIGITS
from scripts.document.subject_index import IndexTerm
from scripts.pipeline.coverage import book_coverage, coverage_sentence
from scripts.pipeline.model import Book
from scripts.print.inline import anchor_id

SITE_NAME = "中国桥牌规则库"
SCRIPT_NAMES = {"hans": "简体字版", "hant": "繁体字版"}  # the traditional one is converted with the rest of the page
# a front-matter line of the source that names who issued the book or when ('1999中国桥牌协会审定', '二〇〇六年六月八日')
NUMERAL = f"[0-9〇零{CN_DIGITS}]"
ISSUING_LINE = re.compile(rf"协会|^{NUMERAL}{{4}}年{NUMERAL}{{1,2}}月{NUMERAL}{{1,3}}日$")
INDEX_ID = "subject-index"


def issuing_lines(book: Book) -> list[str]:
    """The lines of the source's front matter that say who issued the book and when, as the source gives them."""
    return [p.text for p in book.front_matter if p.text and len(p.text) <= 24 and ISSUING_LINE.search(p.text)]


def source_title(book: Book) -> str:
    """The title as the regulations' source prints it ('复式定约桥牌裁判法(试行)'), else the book's title."""
    name = BOOKS[book.key]
    for para in book.front_matter:
        if para.text in name.cited_titles and len(para.text) > len(name.title):
            return para.text
    return name.title


def title_page(book: Book, edition_label: str, script: str) -> str:
    issued = "".join(f'<p class="title-issued">{html.escape(line)}</p>' for line in issuing_lines(book))
    return (
        '<section class="title-page">'
        f'<p class="title-site">{SITE_NAME}</p>'
        # the running heads name the book by its edition title (data-book, book.css), the title page by the source's own
        f'<h1 class="book-title" data-book="{html.escape(book.title)}">{html.escape(source_title(book))}</h1>'
        f"{issued}"
        f'<p class="title-kind">印刷版 · {SCRIPT_NAMES[script]}</p>'
        f'<p class="edition-stamp">本版 {html.escape(edition_label)}</p>'
        f'<p class="title-coverage">{html.escape(coverage_sentence(book_coverage(book)))}</p>'
        "</section>"
    )


# (what a mark is, how it looks here: a sample in the mark's own print style, what it means)
CONVENTION_ROWS = (
    (
        "校勘",
        '<ins class="erratum">改正的文字</ins><span class="sample-call">①</span>',
        "编者改正了来源的文字：改动处下加点线，页脚的圈码脚注列出来源原文和改正的理由。",
    ),
    (
        "未解决的缺陷",
        '<span class="unresolved">有缺陷的文字</span><span class="sample-call">②</span>',
        "来源的文字有缺陷（脱漏、截断、无法核实），又无另一份来源可据订正：照录原文，下加波浪线，脚注说明。",
    ),
    (
        "补入的款项编号",
        '<span class="clause-label restored-marker convention-mark">B</span>',
        "来源没有印出的款项编号，由编者据条文结构补入：字色较浅，下加点线，脚注说明依据。",
    ),
    (
        "本站译名",
        "第14条 缺少的牌张（本站译名，来源缺）",
        "来源缺失的条文，其中文标题是本站据世界桥联1997年英文版规则所译，不是来源的文字。",
    ),
    (
        "英文标题行",
        '<span class="article-english" lang="en">Law 27 · Insufficient Bid (WBF 1997)</span>',
        "条标题下的一行英文，是世界桥联1997年版国际规则（本规则所本）中对应条文的编号和英文标题，供对照。",
    ),
    ("来源缺", '<span class="missing-mark">（来源缺）</span>', "所引条文不在本书的来源中，因此不注页码。"),
    (
        "编者整理",
        '<span class="editor-label">编者整理</span>',
        "条文之后的判罚对照表等，是编者根据条文整理的，不是条文的一部分，另加框线；以条文为准。",
    ),
)


def conventions_page(book_key: str) -> str:
    """The 凡例: each mark of this edition, printed as it looks in the book, and what it means."""
    rows = "".join(
        f'<tr><th scope="row">{name}</th><td class="convention-sample">{sample}</td>'
        f"<td>{html.escape(meaning)}</td></tr>"
        for name, sample, meaning in CONVENTION_ROWS
    )
    return (
        f'<section class="conventions" id="{html.escape(book_key)}/conventions">'
        '<h2 class="contents-title" data-running-head="凡例">凡例</h2>'
        "<p>一、本书与网站“中国桥牌规则库”由同一份整理后的条文排印，条款编号相同。</p>"
        "<p>二、条文照来源排印；编者的改动和说明一律标出，不与条文相混。书中的标记如下：</p>"
        f'<table class="conventions-table"><thead><tr><th>标记</th><th>印刷效果</th><th>含义</th></tr></thead>'
        f"<tbody>{rows}</tbody></table>"
        "<p>三、条文中引用本书其他条款的，在引文后以“〔第某页〕”的形式注所引条款所在的页码；《复式定约桥牌裁判法》"
        "引用《中国桥牌竞赛规则》的，以“〔竞赛规则第某页〕”注该书印刷版的页码；《中国桥牌竞赛规则》引用"
        "《复式定约桥牌裁判法》的，注“〔见《复式定约桥牌裁判法》〕”，不注页码。</p>"
        "<p>四、书末的索引按汉语拼音排列常用术语，列出使用该术语的条文及其页码；出现在六条或更多条文中的术语，"
        "逐条分列并注条名；“另见规则”“另见裁判法”后是另一部书中使用该术语的条文。</p>"
        "<p>五、页眉如字典：双数页（左页）注该页的第一条（接续上页的条文，或该页开始的第一条），"
        "单数页（右页）注该页开始的最后一条（该页没有新条文时，注接续的条文）。</p>"
        "<p>六、排版的规则：条、款的标题与其后至少两行正文同页；脚注与其圈码同页；短于半页的表格不分页，"
        "较长的表格只在行与行之间分页，每页至少三行，续页的表题后加“（续）”并重印表头。"
        "因此个别页的下部留有空白。</p>"
        "</section>"
    )


def inside_longer(text: str, at: int, term: str, longer: list[str]) -> bool:
    """Whether the `term` at text[at:] is part of a longer term ('叫牌' in '越序叫牌')."""
    for word in longer:
        offset = word.find(term)
        while offset >= 0:
            if text[at - offset : at - offset + len(word)] == word:
                return True
            offset = word.find(term, offset + 1)
    return False


CLAUSE_END = re.compile(r'<div class="clause |</article>')


def mark_index_places(document: str, book_key: str, terms: list[IndexTerm]) -> tuple[str, dict[tuple[str, str], str]]:
    """The document with each indexed use of a term wrapped in a span with an id, so that the index gives the page
    where the word stands (a clause may begin at the foot of the page before); → (document, (term, clause id) → id).
    A use the markup splits (a correction inside the word) keeps the clause's own id."""
    words = [term.term for term in terms]
    spans: list[tuple[int, int, str]] = []
    targets: dict[tuple[str, str], str] = {}
    for term in terms:
        longer = [w for w in words if w != term.term and term.term in w]
        for place in term.articles(book_key):
            clause = anchor_id(place.book, place.slug, place.anchor)
            start = document.find(f'id="{clause}"')
            if start < 0:
                continue
            end_match = CLAUSE_END.search(document, start + 1)
            end = end_match.start() if end_match else len(document)
            at = document.find(term.term, start, end)
            while at >= 0:
                in_tag = document.rfind("<", 0, at) > document.rfind(">", 0, at)
                overlaps = any(a < at + len(term.term) and at < a + n for a, n, _ in spans)
                if not in_tag and not overlaps and not inside_longer(document, at, term.term, longer):
                    name = f"index-{len(spans)}"
                    spans.append((at, len(term.term), name))
                    targets[(term.term, clause)] = name
                    break
                at = document.find(term.term, at + 1, end)
    for at, length, name in sorted(spans, reverse=True):
        document = (
            document[:at] + f'<span id="{name}">' + document[at : at + length] + "</span>" + document[at + length :]
        )
    return document, targets


def place_target(term: str, place, targets: dict[tuple[str, str], str]) -> str:
    clause = anchor_id(place.book, place.slug, place.anchor)
    return targets.get((term, clause), clause)


def index_place_label(number: int, label: str) -> str:
    return f"第{number}条{label}"


SUB_ENTRIES_OVER = 5  # a term used in more places than this lists them as sub-entries, one line per article


def index_places(term: IndexTerm, book: Book, targets: dict[tuple[str, str], str]) -> str:
    """A term's places in this book: each a page number (target-counter, book.css) and the clause; more than
    SUB_ENTRIES_OVER of them are sub-entries, one per article, with the article's title."""
    here = term.articles(book.key)
    links = [
        f'<a class="index-place" href="#{html.escape(place_target(term.term, p, targets))}">'
        f"{html.escape(index_place_label(p.number, p.label))}</a>"
        for p in here
    ]
    if len(here) <= SUB_ENTRIES_OVER:
        return "；".join(links)
    subs = "".join(
        f'<li class="index-sub">{link}'
        f'<span class="index-article">{html.escape(book.articles[p.slug].title)}</span></li>'
        for link, p in zip(links, here)
    )
    return f'<ul class="index-subs">{subs}</ul>'


def subject_index_page(book: Book, terms: list[IndexTerm], targets: dict[tuple[str, str], str]) -> str:
    """The 索引: every term the index holds, in pinyin order under its letter, with the first place in each article of
    this book that uses it (a page number from target-counter; sub-entries by article past SUB_ENTRIES_OVER places)
    and, by the other book's short title (规则, 裁判法), that book's articles."""
    other = next(key for key in BOOKS if key != book.key)
    groups: dict[str, list[str]] = {}
    for term in terms:
        there = term.articles(other)
        if not term.articles(book.key) and not there:
            continue
        see = ""
        if there:
            # 裁判法 prints 第52条 twice; a zero-width space after each 、 lets a long list break there
            numbers = "、\u200b".join(dict.fromkeys(str(p.number) for p in there))
            see = f'<span class="index-other">另见{html.escape(BOOKS[other].cite_prefix)}第{numbers}条</span>'
        places = index_places(term, book, targets)
        subs = places.startswith("<ul")
        if see and places and not subs:  # a separator, not a margin: WeasyPrint fits a line without an inline's margin
            see = "；" + see
        kind = "index-entry with-subs" if subs else "index-entry"
        groups.setdefault(term.initial, []).append(
            f'<li class="{kind}"><span class="index-term">{html.escape(term.term)}</span>{places}{see}</li>'
        )
    body = "".join(
        f'<h3 class="index-letter">{letter}</h3><ul class="index-list">{"".join(entries)}</ul>'
        for letter, entries in groups.items()
    )
    return (
        f'<section class="subject-index" id="{html.escape(book.key)}/{INDEX_ID}">'
        '<h2 class="chapter-title" data-running-head="索引">索引</h2>'
        '<p class="index-intro">按汉语拼音排列；每个术语后先列页码（粗体），再列本书中使用它的条款（每条只列第一次出现的款项）；'
        f"出现在{CN_DIGITS[SUB_ENTRIES_OVER]}条或更多条文中的术语，逐条分列并注条名。"
        f"“另见{html.escape(BOOKS[other].cite_prefix)}”后是《{html.escape(BOOKS[other].title)}》中使用该术语的条文。</p>"
        f'<div class="index-columns">{body}</div></section>'
    )
