"""Renders the pages around the articles: home, book indexes, glossary and the navigation."""
from __future__ import annotations

import html
import re

import yaml

from scripts.books import BOOKS
from scripts.pipeline.assemble import missing_numbers
from scripts.pipeline.model import glossary_paragraph_key
from scripts.pipeline.run import Rulebook
from scripts.render.glossary_terms import glossary_defect_note
from scripts.render.articles import (GENERATED, erratum_spans, escape_markdown, front_matter_title, heading_corrections,
                                     heading_markup, html_text, is_subheading, render_inline)
from scripts.render.report import compact_numbers



def home_page(rulebook: Rulebook) -> str:
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
        '<form class="article-jump" action="javascript:void(0)" data-article-jump>',
        '<label for="article-jump-number">跳到条文</label>',
        '<input id="article-jump-number" type="number" inputmode="numeric" min="1" max="99" placeholder="条号，如 26">',
        '<button type="submit" name="book" value="laws">规则</button>',
        '<button type="submit" name="book" value="regulations">裁判法</button>',
        "</form>",
        "",
    ]
    for key, book in rulebook.books.items():
        out += [f"## [{BOOKS[key].title}]({key}/index.md)", "", '<div class="article-grid" markdown="1">', ""]
        out += [" ".join(f"[{escape_markdown(slug)}]({key}/{slug}.md \"{html_text(f'第{a.number}条 {a.title}')}\")" for slug, a in book.articles.items())]
        out += ["", "</div>", ""]
    out += ["## 其他", "", "- [术语](glossary.md)：规则的定义部分", "- [构建报告](about/build-report.md)：来源文本的修复、校勘与缺陷", ""]
    return "\n".join(out)


def book_index_page(rulebook: Rulebook, key: str) -> str:
    book = rulebook.books[key]
    out = ["---", front_matter_title(book.title), "---", GENERATED, "", f"# {escape_markdown(book.title)}", ""]
    front = [p for p in book.front_matter if p.text]
    if front:
        out += ['??? info "来源前言（照录）"']
        # a short line without sentence punctuation is a heading of the poster's page ('规则要领'): set as one
        out += [f"    {'**' if is_subheading(p.text) else ''}{render_inline(p.text, erratum_spans(p))}{'**' if is_subheading(p.text) else ''}\n" for p in front]
        out.append("")
    marks = heading_corrections(rulebook.headings)
    for chapter in book.chapters:
        title = " · ".join(heading_markup(part, marks.get(re.sub(r"\s+", "", part), [])) for part in chapter.title.split(" · ")) if chapter.title else "（来源未标章节）"
        out += [f"## {title}", ""]
        for slug in chapter.article_slugs:
            article = book.articles[slug]
            out.append(f"- [第{article.number}条 {escape_markdown(article.title)}]({slug}.md)" + ("（重号）" if "-" in slug else ""))
        out.append("")
    toc = [p for p in rulebook.toc.get(key, []) if p.text]
    if toc:
        out += ['??? note "原书目录（照录，来源正文缺若干节的标题）"']
        out += [f"    - {escape_markdown(p.text)}" for p in toc]
        out.append("")
    missing = missing_numbers(book)
    out += ["## 来源中缺失的条文", "", f"全书共 {len(book.articles) + len(missing)} 条，来源只收录了上面这些；以下条号不在来源中：{compact_numbers(missing)}。", ""]
    return "\n".join(out)


def glossary_page(rulebook: Rulebook, render_paragraph=None) -> str:
    """The glossary; `render_paragraph(key, para, page)` renders a definition (the link stage adds its reference links)."""
    render_paragraph = render_paragraph or (lambda key, para, page: escape_markdown(para.text))
    out = ["---", "title: 术语", "---", GENERATED, "", "# 术语（定义）", "", "摘自《中国桥牌竞赛规则》的定义部分；来源只保留了以下几条，“庄家”一条在来源中被截断。", ""]
    for number, entry in enumerate(rulebook.glossary):
        out += [f"## {entry.term} ({entry.english}) {{#{entry.term}}}", ""]
        out += [render_paragraph(glossary_paragraph_key(number, i), p, "glossary.md") + "\n" for i, p in enumerate(entry.definition)]
        note = glossary_defect_note(entry, rulebook.unresolved)
        if note:
            out += [f'<p class="unresolved-note">未解决的缺陷：{html.escape(note.strip("（）"))}</p>', ""]
        provs = [p for para in [entry.heading, *entry.definition] for p in para.provs]
        out += [f'<p class="provenance">来源：<code>{provs[0].file}</code> 第 {provs[0].line}–{provs[-1].line} 行</p>', ""]
    return "\n".join(out)


def navigation(rulebook: Rulebook, extra: list[dict] | None = None) -> str:
    """The nav as YAML (written to docs/.nav.yml; the mkdocs hook reads it)."""
    nav: list = [{"首页": "index.md"}]
    for key, book in rulebook.books.items():
        section: list = [{"目录": f"{key}/index.md"}]
        for chapter in book.chapters:
            # titles as HTML text: Material prints navigation titles unescaped
            items = [{html_text(f"第{book.articles[s].number}条 {book.articles[s].title}"): f"{key}/{s}.md"} for s in chapter.article_slugs]
            section.append({html_text(chapter.title.split(" · ")[-1] if chapter.title else "（未标章节）"): items})
        nav.append({BOOKS[key].title: section})
    nav.append({"术语": "glossary.md"})
    nav.append({"关于": [{"构建报告": "about/build-report.md"}] + (extra or [])})
    return "# generated by scripts/render/docs.py — do not edit\n" + yaml.safe_dump(nav, allow_unicode=True, sort_keys=False)
