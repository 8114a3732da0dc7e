"""Renders the pages around the articles: home, book indexes, glossary and the navigation."""

from __future__ import annotations

import html
import re

import yaml

from scripts.books import BOOKS
from scripts.pipeline.assemble import missing_numbers
from scripts.pipeline.coverage import book_coverage, coverage_sentence, coverage_sentences
from scripts.pipeline.model import glossary_paragraph_key
from scripts.pipeline.run import Rulebook
from scripts.render.article_nav import Stop, jump_form, pages_by_book
from scripts.render.glossary_terms import glossary_defect_note
from scripts.document.headings import heading_corrections, is_subheading, title_corrections
from scripts.document.report_names import compact_numbers
from scripts.render.markup import (
    GENERATED,
    erratum_spans,
    escape_markdown,
    front_matter_title,
    heading_markup,
    html_text,
    render_inline,
)


def home_page(rulebook: Rulebook, order: dict[str, list[Stop]], tools: list[tuple[str, str]] = ()) -> str:
    """The home page: the jump box and, per book, every article number in order (numbers the sources lack greyed, in
    place); then `tools`, the calculators (title, page#widget: scripts/penalties/widgets.py calculator_links)."""
    out = [
        "---",
        "title: 中国桥牌规则库",
        "hide:",
        "  - toc",
        "---",
        GENERATED,
        "",
        "# 中国桥牌规则库",
        "",
        "《中国桥牌竞赛规则》（1999）与《复式定约桥牌裁判法（试行）》（2006）的电子版：逐条分页、互相链接、可检索，离线可用。",
        "",
        coverage_paragraph(coverage_sentences(rulebook.books)),
        "",
        jump_form(pages_by_book(order)),
        "",
    ]
    for key, book in rulebook.books.items():
        stops = {s.number: s for s in order[key]}
        lacking = set(missing_numbers(book))
        cells = []
        for number in range(1, max([*stops, *lacking]) + 1):
            stop = stops.get(number)
            if stop is None:  # no page: a number the sources lack and nothing cites
                note = (
                    f"{BOOKS[key].cite_prefix}第{number}条不在本版来源中，本站的条文也没有引用它，所以没有单独的一页。"
                )
                cells.append(f'<span class="article-missing" tabindex="0" data-note="{note}">{number}</span>')
            elif number in lacking:
                cells.append(f'[{number}]({stop.page} "{html_text(stop.title)}"){{.article-missing}}')
            else:
                cells += [
                    f'[{escape_markdown(s.slug)}]({s.page} "{html_text(s.title)}")'
                    for s in order[key]
                    if s.number == number
                ]
        out += [f"## [{BOOKS[key].title}]({key}/index.md)", "", '<div class="article-grid" markdown="1">', ""]
        out += [" ".join(cells)]
        out += ["", "</div>", ""]
    out += ["灰色的条号不在本站的来源中；点开可看该条的标题和引用它的条文。", ""]
    if tools:
        # kept out of search: a calculator's title would send a query to the home page instead of its article
        out += ["## 计算器 {data-search-exclude}", "", '<div class="tool-list" data-search-exclude markdown="1">', ""]
        out += [*[f"- [{escape_markdown(title)}]({link})" for title, link in tools], "", "</div>", ""]
    out += VENUE_BUNDLE_SECTION
    out += PRINT_EDITION_SECTION
    out += [
        "## 其他",
        "",
        "- [术语](glossary.md)：规则的定义部分",
        "- [索引](subject-index.md)：常用术语及使用它们的条款",
        "- [关于本站](about/index.md)：来源、校勘、图例与构建报告",
        "",
    ]
    return "\n".join(out)


def coverage_paragraph(sentences: list[str]) -> str:
    """The coverage sentences as one paragraph (class coverage-note), said before the reader meets a gap."""
    return f'<p class="coverage-note">{html.escape("".join(sentences))}</p>'


def book_index_page(rulebook: Rulebook, key: str, missing: list | None = None) -> str:
    """A book's contents: the coverage sentence, its chapters and articles, and the numbers the sources lack (the Laws
    grouped by their 1997 chapter and part, with their Chinese titles, each marked 来源缺)."""
    book = rulebook.books[key]
    out = ["---", front_matter_title(book.title), "---", GENERATED, "", f"# {escape_markdown(book.title)}", ""]
    out += [coverage_paragraph([coverage_sentence(book_coverage(book))]), ""]
    front = [p for p in book.front_matter if p.text]
    if front:
        out += ['??? info "来源前言（照录）"']
        # a short line without sentence punctuation is a heading of the poster's page ('规则要领'): set as one
        out += [
            f"    {'**' if is_subheading(p.text) else ''}{render_inline(p.text, erratum_spans(p))}"
            f"{'**' if is_subheading(p.text) else ''}\n"
            for p in front
        ]
        out.append("")
    marks = heading_corrections(rulebook.headings)
    gaps = [m for m in missing or [] if m.book == key]
    held_chapters = {chapter.title for chapter in book.chapters}
    for chapter in book.chapters:
        title = (
            " · ".join(
                heading_markup(part, marks.get(re.sub(r"\s+", "", part), [])) for part in chapter.title.split(" · ")
            )
            if chapter.title
            else "（来源未标章节）"
        )
        out += [f"## {title}", ""]
        for slug in chapter.article_slugs:
            article = book.articles[slug]
            label = heading_markup(f"第{article.number}条 {article.title}".rstrip(), title_corrections(article))
            out.append(f"- [{label}]({slug}.md)" + ("（重号）" if "-" in slug else ""))
        out += [missing_entry(gap) for gap in gaps if division_name(gap) == chapter.title]
        out.append("")
    toc = [p for p in rulebook.toc.get(key, []) if p.text]
    if toc:
        out += ['??? note "原书目录（照录，来源正文缺若干节的标题）"']
        out += [f"    - {escape_markdown(p.text)}" for p in toc]
        out.append("")
    out += missing_section(book, [gap for gap in gaps if division_name(gap) not in held_chapters])
    return "\n".join(out)


def division_name(gap) -> str:
    """The Chinese name of the 1997 chapter (and part) a missing Law stands in ('' if none is known)."""
    return gap.facts.division.chinese if gap.facts and gap.facts.division else ""


def division_marks(gap) -> str:
    """What a drawer section of missing Laws says after its name: '（来源缺）', or '（章名为本站译名，来源缺）' when the
    chapter or part name is the editor's translation of the 1997 heading (as the laws index marks it)."""
    return "（章名为本站译名，来源缺）" if gap.facts.division.editors else "（来源缺）"


def missing_entry(gap) -> str:
    """A missing Law in a list: '- [第64条 藏牌成立后的处理（本站译名，来源缺）](64.md)'."""
    from scripts.render.missing import missing_nav_title

    return f"- [{escape_markdown(missing_nav_title(gap))}]({gap.slug}.md){{.missing-entry}}"


def missing_section(book, pages: list) -> list[str]:
    """'来源中缺失的条文': every number the sources lack; those with a page listed under their 1997 division."""
    numbers = missing_numbers(book)
    out = [
        "## 来源中缺失的条文 {#missing}",
        "",
        f"全书共 {len(book.articles) + len(numbers)} 条，来源只收录了上面这些；以下条号不在来源中：{compact_numbers(numbers)}。",
        "",
    ]
    groups: dict[str, list] = {}
    for gap in pages:
        division = gap.facts.division if gap.facts else None
        name = (division.chinese + ("（章名为本站译名）" if division.editors else "")) if division else ""
        groups.setdefault(name, []).append(gap)
    for name, gaps in groups.items():
        if name:
            out += [f"### {escape_markdown(name)}", ""]
        out += [missing_entry(gap) for gap in gaps]
        out.append("")
    return out


def glossary_page(rulebook: Rulebook, render_paragraph=None) -> str:
    """The glossary; `render_paragraph(key, para, page)` renders a definition (the link stage adds its reference
    links)."""
    render_paragraph = render_paragraph or (lambda key, para, page: escape_markdown(para.text))
    out = [
        "---",
        "title: 术语",
        "---",
        GENERATED,
        "",
        "# 术语（定义）",
        "",
        "摘自《中国桥牌竞赛规则》的定义部分；来源只保留了以下几条，“庄家”一条在来源中被截断。",
        "",
    ]
    for number, entry in enumerate(rulebook.glossary):
        out += [f"## {entry.term} ({entry.english}) {{#{entry.term}}}", ""]
        out += [
            render_paragraph(glossary_paragraph_key(number, i), p, "glossary.md") + "\n"
            for i, p in enumerate(entry.definition)
        ]
        note = glossary_defect_note(entry, rulebook.unresolved)
        if note:
            out += [f'<p class="unresolved-note">未解决的缺陷：{html.escape(note.strip("（）"))}</p>', ""]
        provs = [p for para in [entry.heading, *entry.definition] for p in para.provs]
        out += [
            f'<details class="provenance"><summary>来源</summary><p><code>{provs[0].file}</code> 第 '
            f'{provs[0].line}–{provs[-1].line} 行</p></details>',
            "",
        ]
    return "\n".join(out)


def chapter_label(title: str) -> str:
    """A drawer section's label: the chapter and its deepest division, so the chapter is never lost.

    '第五章 竞叫 · 第一部分 正确的程序 · 第一节 竞叫阶段' → '第五章 竞叫 · 第一节 竞叫阶段'.
    """
    parts = title.split(" · ") if title else ["（未标章节）"]
    return parts[0] if len(parts) == 1 else f"{parts[0]} · {parts[-1]}"


def navigation(rulebook: Rulebook, missing: list | None = None) -> str:
    """The nav as YAML (written to docs/.nav.yml; the mkdocs hook reads it). The about pages hang off 关于本站;
    the missing Laws stand under their 1997 chapter and part, after the chapters the sources hold (their titles say
    来源缺, an editor's chapter or part name says 章名为本站译名); other missing numbers are reached from the home grid,
    the jump box and previous/next."""
    from scripts.render.missing import missing_nav_title

    nav: list = [{"首页": "index.md"}]
    for key, book in rulebook.books.items():
        section: list = [{"目录": f"{key}/index.md"}]
        gaps = [m for m in missing or [] if m.book == key and division_name(m)]
        for chapter in book.chapters:
            # titles as HTML text: Material prints navigation titles unescaped
            items = [
                {html_text(f"第{book.articles[s].number}条 {book.articles[s].title}"): f"{key}/{s}.md"}
                for s in chapter.article_slugs
            ]
            items += [{html_text(missing_nav_title(g)): g.page} for g in gaps if division_name(g) == chapter.title]
            section.append({html_text(chapter_label(chapter.title)): items})
        held_chapters = {chapter.title for chapter in book.chapters}
        by_division: dict[str, list] = {}
        for gap in (g for g in gaps if division_name(g) not in held_chapters):
            by_division.setdefault(chapter_label(division_name(gap)) + division_marks(gap), []).append(gap)
        for name, gaps in by_division.items():
            section.append({html_text(name): [{html_text(missing_nav_title(g)): g.page} for g in gaps]})
        nav.append({BOOKS[key].title: section})
    nav.append({"术语": "glossary.md"})
    nav.append({"索引": "subject-index.md"})
    nav.append({"关于本站": "about/index.md"})
    return "# generated by scripts/render/docs.py — do not edit\n" + yaml.safe_dump(
        nav, allow_unicode=True, sort_keys=False
    )


def about_page(about_pages: list[tuple[str, str, str]]) -> str:
    """about/index.md: what the site is, how to read its marks, and the editor pages (build report, measurements)."""
    out = ["---", "title: 关于本站", "---", GENERATED, "", "# 关于本站", ""]
    out += [
        "本站把《中国桥牌竞赛规则》（1999）与《复式定约桥牌裁判法（试行）》（2006）的五份来源文本整理成逐条分页、互相链接的电子版。"
        "来源残缺：规则第14–16条、第41–93条和裁判法的一些条文不在来源中，它们的条号在首页以灰色标出，点开可看该条的标题和引用它的条文。",
        "",
        "## 图例 {#legend}",
        "",
        LEGEND_MARKDOWN,
        "",
        "点按（或悬停在）带下划线的文字上，会弹出说明；再点一次引用即前往所引条文。",
        "",
    ]
    out += VENUE_BUNDLE_SECTION
    out += PRINT_EDITION_SECTION
    out += ["## 编辑资料", ""]
    out += [f"- [{title}]({path.removeprefix('about/')})：{what}" for title, path, what in about_pages]
    out.append("")
    return "\n".join(out)


# The 离线压缩包 section of the home and about pages: scripts/site/print_hooks.py fills the placeholder with the link to
# the venue zip on the hosted site (download/), its size and date; in the zip itself, that this is it.
VENUE_BUNDLE_PLACEHOLDER = '<div class="venue-bundle" data-venue-bundle></div>'
# Not searched (as the calculators and the print edition): site furniture, which differs between builds
VENUE_BUNDLE_SECTION = [
    "## 离线压缩包 {#venue-bundle data-search-exclude}",
    "",
    "<p data-search-exclude>整个网站（简体与繁体）可以下载为一个压缩包，拷到笔记本电脑或U盘，解压后双击其中的"
    " index.html，断网也能浏览、检索和使用计算器。</p>",
    "",
    VENUE_BUNDLE_PLACEHOLDER,  # replaced whole by scripts/site/print_hooks.py: kept out of Markdown's reach
    "",
]


# The 打印版 section of the home and about pages: scripts/site/print_hooks.py fills the placeholder with a link to each
# book's PDF in the page's script, its size and the edition stamp (a build without the print edition says so).
PRINT_EDITION_PLACEHOLDER = '<div class="print-edition" data-print-edition></div>'
PRINT_EDITION_SECTION = [
    "## 打印版 {#print-edition}",
    "",
    "两部书各有一份可打印的PDF（A5开本，左右页边距对称交替，装订边留足打孔位置），与网站由同一份条文排印，"
    "另有页码目录和索引。",
    "",
    PRINT_EDITION_PLACEHOLDER,
    "",
]


# The underline styles, one line; the same words appear in each popup (assets/refs/preview.js).
LEGEND_MARKDOWN = (
    '<p class="underline-legend" id="underline-legend"><a class="ref">实线</a> 引用的条文 · <a class="ref '
    'ref-missing">点线灰字</a> 来源缺的条文 · '
    '<a class="glossary-term">虚线</a> 术语 · <ins class="erratum">橙色点线</ins> 校勘改动 · '
    '<span class="restored-marker">灰色点线编号</span> 编者据1997年WBF规则补的款项编号 · '
    '<mark class="unresolved">波浪线</mark> 未解决的来源缺陷</p>'
)
