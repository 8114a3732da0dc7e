"""Renders a page for every article number the sources lack: what the Law is called, who cites it, and that its text is
not here."""

from __future__ import annotations

import html
from dataclasses import dataclass

from scripts.errors import RulebookError
from scripts.pipeline.assemble import missing_numbers
from scripts.books import BOOKS, EVERYDAY_NAMES_LABEL, NOT_IN_SOURCES
from scripts.pipeline.concordance import Concordance
from scripts.pipeline.link import LinkIndex
from scripts.pipeline.model import Book
from scripts.curated.rulebook_src import RulebookSrc
from scripts.render.markup import GENERATED, escape_markdown, front_matter_title
from scripts.document.missing_laws import (
    EDITOR_TITLE_MARK,
    EDITOR_TITLE_NOTE,
    LinkedArticle,
    MissingLawFacts,
    load_missing_law_data,
)

CITED_TITLES_FILE = "missing_law_titles.yml"  # Chinese titles our own text gives a Law it cites


class MissingTitleError(RulebookError):
    """A curated Chinese title of a missing Law does not match the text it claims to quote."""


@dataclass(frozen=True)
class CitedTitle:
    """A Chinese title of a missing Law, as an article of ours names it when citing it."""

    title: str
    cited_in: str  # 'laws/19'
    quote: str
    reason: str


@dataclass(frozen=True)
class MissingArticle:
    """An article number of a book that none of the sources contains."""

    book: str
    number: int
    english: str = ""  # the 1997 WBF English title (Laws only)
    english_checked: bool = (
        False  # the title was read in a stored copy of the 1997 code (wbf1997.yml `verified` or `title_read_at`)
    )
    chinese: CitedTitle | None = None
    facts: MissingLawFacts | None = None  # rulebook_src/missing_laws.yml: editor's title, division, words, related
    director: tuple[LinkedArticle, ...] = ()  # the articles that say how to call the director

    @property
    def title(self) -> str:
        """Its Chinese title: the name our own text gives it, else the editor's translation ('' if neither)."""
        if self.chinese:
            return self.chinese.title
        return self.facts.title if self.facts else ""

    @property
    def title_is_editors(self) -> bool:
        return not self.chinese and bool(self.facts and self.facts.title)

    @property
    def slug(self) -> str:
        return str(self.number)

    @property
    def page(self) -> str:
        return f"{self.book}/{self.number}.md"

    @property
    def label(self) -> str:
        return f"{BOOKS[self.book].cite_prefix}第{self.number}条"


def cited_titles(books: dict[str, Book], src: RulebookSrc) -> dict[int, CitedTitle]:
    """Law number → the Chinese title our text gives it; each quote must occur in the article it names."""
    out: dict[int, CitedTitle] = {}
    data, lines = src.load_with_lines(CITED_TITLES_FILE)
    for i, entry in enumerate((data or {}).get("titles") or [], 1):
        book, _, slug = str(entry["cited_in"]).partition("/")
        article = books.get(book, Book(book, "")).articles.get(slug)
        where = f"{lines.at('titles', i - 1)}: entry {i} (第{entry['number']}条 {entry['title']})"
        if article is None:
            raise MissingTitleError(f"{where}: cited_in {entry['cited_in']!r} is not an article of the sources")
        if entry["quote"] not in "".join(p.text for p in article.paragraphs()):
            raise MissingTitleError(f"{where}: {entry['cited_in']} does not contain the quote {entry['quote']!r}")
        out[int(entry["number"])] = CitedTitle(entry["title"], entry["cited_in"], entry["quote"], entry["reason"])
    return out


def missing_articles(
    books: dict[str, Book], index: LinkIndex, concordance: Concordance, src: RulebookSrc
) -> list[MissingArticle]:
    """Every Law number the sources lack, and every other missing number that an article cites (each gets a page).
    English titles come from the concordance (rulebook_src/wbf1997.yml)."""
    english = {n: (law.title, law.title_checked) for n, law in concordance.laws.items()}
    chinese = cited_titles(books, src)
    data = load_missing_law_data(books, src)
    cited = set(index.missing_targets())
    out = []
    for key, book in books.items():
        for number in missing_numbers(book):
            if not BOOKS[key].page_per_lacking_number and (key, number) not in cited:
                continue
            if not BOOKS[key].page_per_lacking_number:
                out.append(MissingArticle(key, number, director=data.director))
                continue
            title, checked = english.get(number, ("", False))
            facts = data.laws.get(number)
            if facts and facts.title and number in chinese:
                raise MissingTitleError(
                    f"rulebook_src/{CITED_TITLES_FILE}: 第{number}条 is named by our own text "
                    f"({chinese[number].title}); drop the editor's title {facts.title!r} "
                    "from rulebook_src/missing_laws.yml"
                )
            out.append(MissingArticle(key, number, title, checked, chinese.get(number), facts, data.director))
    return out


def missing_nav_title(missing: MissingArticle) -> str:
    """'第16条 非法信息（来源缺）' / '第64条 藏牌成立后的处理（本站译名，来源缺）' / '第64条（来源缺）'."""
    title = f" {missing.title}" if missing.title else ""
    return (
        f"第{missing.number}条{title}（{EDITOR_TITLE_MARK}，来源缺）"
        if missing.title_is_editors
        else f"第{missing.number}条{title}（来源缺）"
    )


def missing_article_page(
    missing: MissingArticle,
    index: LinkIndex,
    books: dict[str, Book],
    top: str = "",
    bottom: str = "",
    calculators: str = "",
) -> str:
    """laws/<N>.md for a Law the sources lack: its Chinese title and what to do at the table first, then the
    calculators on its matter (规则第77、78条: scripts/penalties/widgets.py missing_law_calculators), the words
    players use, the articles on the same matter and those that cite it; the English title and the editor's notes
    below."""
    from scripts.render.links import citation_items  # links imports this module's pages for its own list

    heading = f"第{missing.number}条" + (f" {missing.title}" if missing.title else "")
    marks = ""
    if missing.title_is_editors:  # told apart from source text, with a tap note saying what it is
        marks = (
            f' <span class="editor-title" tabindex="0" data-note="{html.escape(EDITOR_TITLE_NOTE)}">'
            f"{EDITOR_TITLE_MARK}</span>"
        )
    marks += ' <span class="missing-badge">来源缺</span>'
    out = [
        "---",
        front_matter_title(missing_nav_title(missing)),
        "---",
        GENERATED,
        "",
        f"# {escape_markdown(heading)}{marks}",
        "",
    ]
    division = missing.facts.division if missing.facts else None
    where = (
        f" · {html.escape(division.chinese)}" + ("（章名为本站译名）" if division.editors else "") if division else ""
    )
    out += [f'<p class="article-meta">{BOOKS[missing.book].cite_prefix}{where} · {NOT_IN_SOURCES}</p>', ""]
    if top:
        out += [top, ""]
    out += next_step(missing, books)
    if calculators:
        out += [calculators, ""]
    if missing.facts and missing.facts.words:  # the words players use for the matter of this Law (searched as names)
        out += [
            f'<p class="missing-words">{EVERYDAY_NAMES_LABEL}'
            f'{"、".join(html.escape(w) for w in missing.facts.words)}。</p>',
            "",
        ]
    out += related_articles(missing, books)
    citations = index.missing_targets().get((missing.book, missing.number), [])
    if citations:
        out += ["## 本站引用本条的条文 {#cited-by data-search-exclude}", ""]
        out += citation_items(missing.page, citations, books, show_target=False)
        out.append("")
    else:
        out += ["<p data-search-exclude>本站收录的条文没有引用本条。</p>", ""]
    out += [
        f'<p class="missing-statement" data-search-exclude>本站的来源没有收录{missing.label}：这里没有它的1999年中文条文，也无法核对或引用原文。</p>',
        "",
    ]
    out += editor_notes(missing)
    if bottom:
        out += [bottom, ""]
    return "\n".join(out)


def editor_notes(missing: MissingArticle) -> list[str]:
    """Below what a player needs, under a heading of their own (not in the cited-by section before them, which the
    search skips down to the next heading): the 1997 English title, what the Chinese title is, and what our own text
    calls it."""
    out: list[str] = []
    if missing.english:  # below what a player needs: the English title, with the editor's notes
        note = "" if missing.english_checked else "（据1997年版规则整理，未能在存档副本中逐字核对）"
        out += [
            f'<p class="article-english" lang="en">Law {missing.number} · {html.escape(missing.english)} (WBF '
            f"1997)</p>",
            "",
            f"<p data-search-exclude>1999年《中国桥牌竞赛规则》译自1997年世界桥联（WBF）《复式定约桥牌规则》，条号相同。"
            f"上面的英文是该版本第{missing.number}条的标题{note}。</p>",
            "",
        ]
    if missing.title_is_editors and missing.facts:
        out += [
            f"<p data-search-exclude>中文标题“{html.escape(missing.title)}”是本站译名：编者据上面的1997年英文标题译出，"
            "不是1999年中文版的原文。</p>",
            "",
        ]
    if missing.chinese:
        cited = missing.chinese
        book, _, slug = cited.cited_in.partition("/")
        out += [
            f"本站条文中的称呼：“{escape_markdown(cited.title)}”——[{BOOKS[book].cite_prefix}第{slug}条](../{cited.cited_in}.md)写作"
            f"“{escape_markdown(cited.quote)}”。",
            "",
        ]
    return ["## 关于本条的标题 {#title-notes}", "", *out] if out else out


def next_step(missing: MissingArticle, books: dict[str, Book]) -> list[str]:
    """First on the page: the text is not here; at the table, call the director (the articles that say how)."""
    out = [
        '<div class="missing-next-step" markdown="1" data-search-exclude="">',
        "",
        f"**本站没有{missing.label}的条文。**在牌桌上遇到这一条所管的情况，请召请裁判，由裁判依照规则处理。"
        "本站收录的条文里，这几处说明何时、怎样召请裁判：",
        "",
    ]
    out += [
        f"- [{escape_markdown(link.label(books))}](../{link.page})：{escape_markdown(link.reason)}"
        for link in missing.director
    ]
    out += ["", "</div>", ""]
    return out


def related_articles(missing: MissingArticle, books: dict[str, Book]) -> list[str]:
    """The articles we hold on the same matter, each with its reviewed reason (kept out of search: the reasons
    speak of other articles' matter)."""
    out: list[str] = []
    related = missing.facts.related if missing.facts else ()
    if related:
        out += ["## 本站收录的相关条文 {#related data-search-exclude}", ""]
        out += [
            f"- [{escape_markdown(link.label(books))}](../{link.page})：{escape_markdown(link.reason)}"
            for link in related
        ]
        out.append("")
    return out
