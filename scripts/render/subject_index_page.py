"""The site's 索引 page (subject-index.md): each term of the subject index (scripts/document/subject_index.py, the list
the print edition's index is made from) with links to every clause that uses it, grouped by book, and the words players
say that the text does not use (rulebook_src/index_words.yml), filed among them; a row of letters at the top jumps to
each letter's terms."""

from __future__ import annotations

from scripts.books import BOOKS
from scripts.document.subject_index import IndexTerm, IndexWord
from scripts.render.markup import GENERATED, escape_markdown

SUBJECT_INDEX_PAGE = "subject-index.md"


def place_link(book: str, slug: str, number: int, anchor: str, label: str) -> str:
    target = f"{book}/{slug}.md" + (f"#{anchor}" if anchor else "")
    return f"[第{number}条{escape_markdown(label)}]({target})"


def term_line(term: IndexTerm) -> str:
    groups = []
    for key in BOOKS:
        places = [p for p in term.places if p.book == key]
        if places:
            links = "、".join(place_link(p.book, p.slug, p.number, p.anchor, p.label) for p in places)
            groups.append(f"{BOOKS[key].cite_prefix}：{links}")
    return f"**{escape_markdown(term.term)}**　" + "；".join(groups)


def word_line(word: IndexWord) -> str:
    """'**藏牌**（牌手的说法）　[规则第61条（来源缺）](laws/61.md)、…'."""
    means = f"，条文作“{escape_markdown(word.means)}”" if word.means else ""
    links = "、".join(
        f"[{place.label}{'（来源缺）' if place.missing else ''}]({place.book}/{place.slug}.md)" for place in word.places
    )
    return f'**{escape_markdown(word.word)}**<span class="index-players-word">（牌手的说法{means}）</span>　{links}'


def letter_jump(letters: list[str]) -> str:
    """One row of the letters, each a link to its heading (tap targets: scripts' stylesheet .index-letters)."""
    links = "".join(f'<a href="#letter-{letter.lower()}">{letter}</a>' for letter in letters)
    return f'<nav class="index-letters" aria-label="按拼音首字母跳转" data-search-exclude>{links}</nav>'


def subject_index_page(terms: list[IndexTerm], words: list[IndexWord]) -> str:
    """The page: an introduction and the letter row, then the terms and players' words in pinyin order under their
    letters, each a paragraph of links."""
    # not a search result of its own: it lists every term, so it would answer every query before the clauses do
    out = ["---", "title: 索引", "search:", "  exclude: true", "---", GENERATED, "", "# 索引", ""]
    out += [
        "来源只保留了《中国桥牌竞赛规则》定义部分的四条（见[术语](glossary.md)）。知道一个词、不知道它在哪一条的，"
        f"可以从这里找：下面{len(terms)}个术语按汉语拼音排列，每个术语后列出使用它的各款，点开即到该款；"
        f"另有{len(words)}个牌手常说、条文里没有的词，标“牌手的说法”。"
        "印刷版书末的索引列出条文里的术语和页码。",
        "",
    ]
    entries = sorted(
        [(t.reading, t.term, t.initial, term_line(t)) for t in terms]
        + [(w.reading, w.word, w.initial, word_line(w)) for w in words]
    )
    letters = list(dict.fromkeys(initial for _, _, initial, _ in entries))
    out += [letter_jump(letters), ""]
    letter = ""
    for _, _, initial, line in entries:
        if initial != letter:
            letter = initial
            out += [f"## {letter} {{#letter-{letter.lower()}}}", ""]
        out += [line, ""]
    return "\n".join(out)
