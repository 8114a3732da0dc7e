"""Moving between Laws (issue 11): a page for every Law number the sources lack, previous/next and the jump box
on every article, the home grid with missing numbers in place, the drawer's chapter labels, the about pages."""

from __future__ import annotations

import re

import pytest
import yaml

from conftest import ROOT
from scripts.pipeline.assemble import missing_numbers
from scripts.render.article_nav import number_ranges
from scripts.render.missing import MissingTitleError, cited_titles
from tests.rulebook_once import src_from_folder
from scripts.render.pages import chapter_label


# `rulebook` and `pages` (the whole tree and its rendered pages) are fixtures of tests/conftest.py


def test_every_law_number_has_a_page(pages):
    assert all(f"laws/{n}.md" in pages for n in range(1, 94)), [n for n in range(1, 94) if f"laws/{n}.md" not in pages]


@pytest.mark.parametrize("number", [14, 15, 16, 41, 64, 93])
def test_a_missing_law_page_names_the_law_and_says_its_text_is_not_here(rulebook, pages, number):
    page = pages[f"laws/{number}.md"]
    assert rulebook.concordance.laws[number].english_heading in page
    assert f"本站的来源没有收录规则第{number}条" in page
    assert "1999年中文条文" in page


def test_a_missing_law_page_gives_the_chinese_title_our_text_cites_and_the_citing_articles(pages):
    page = pages["laws/16.md"]
    assert page.splitlines()[5] == '# 第16条 非法信息 <span class="missing-badge">来源缺</span>'
    assert "可应用第16条非法信息" in page
    assert "- [规则第19条 A.3.](19.md#a-3)" in page and "- [裁判法第23条 二、3.](../regulations/23.md#二-3)" in page


def test_references_to_a_missing_law_go_to_its_own_page(pages):
    linked = [text for path, text in pages.items() if path.endswith(".md") and "missing-references.md#" in text]
    assert not linked, "references still point at the missing-references page"
    assert '[规则76](../laws/76.md){.ref .ref-missing data-ref="missing/laws/76"}' in pages["regulations/23.md"]


def test_a_curated_title_whose_quote_is_not_in_the_cited_article_stops_the_build(rulebook, tmp_path):
    (tmp_path / "missing_law_titles.yml").write_text(
        yaml.safe_dump(
            {
                "titles": [
                    {
                        "number": 16,
                        "title": "非法信息",
                        "cited_in": "laws/19",
                        "quote": "可应用第16条非法消息",
                        "reason": "test",
                    }
                ]
            },
            allow_unicode=True,
        ),
        encoding="utf-8",
    )
    with pytest.raises(
        MissingTitleError,
        match=r"missing_law_titles\.yml:[0-9]+: entry 1 \(第16条 非法信息\): "
        r"laws/19 does not contain the quote '可应用第16条非法消息'",
    ):
        cited_titles(rulebook.books, src_from_folder(tmp_path))


def article_paths(pages):
    return [p for p in pages if re.fullmatch(r"(laws|regulations)/[0-9]+(-2)?\.md", p)]


def test_every_article_page_has_previous_next_and_the_jump_box_above_its_text(pages):
    for path in article_paths(pages):
        text = pages[path]
        bar = text.index('<nav class="article-bar"')
        first_clause = min([i for i in (text.find("\n## "), text.find('<div class="clause')) if i > 0] or [len(text)])
        assert bar < first_clause, f"{path}: the bar to other articles is not above the text"
        assert 'data-article-jump data-pages-laws="1-93"' in text, path
        assert ('rel=prev' in text) or path in ("laws/1.md", "regulations/11.md"), path
        assert ('rel=next' in text) or path in ("laws/93.md", "regulations/53.md"), path


def test_previous_and_next_follow_the_numbers_with_missing_laws_in_place(pages):
    assert '[‹ 13](13.md "第13条 牌张数目有误"){.article-bar__prev rel=prev}' in pages["laws/14.md"]
    assert '[14 ›](14.md "第14条 缺少的牌张（本站译名，来源缺）"){.article-bar__next rel=next}' in pages["laws/13.md"]
    assert '[41 ›](41.md "第41条 打牌的开始（本站译名，来源缺）")' in pages["laws/40.md"]


def test_home_grid_shows_missing_numbers_greyed_in_place(pages):
    home = pages["index.md"]
    laws = home[home.index("## [中国桥牌竞赛规则]") : home.index("## [复式定约桥牌裁判法]")]
    numbers = [int(n) for n in re.findall(r"\[([0-9]+)\]\(laws/", laws)]
    assert numbers == list(range(1, 94))
    assert '[14](laws/14.md "第14条 缺少的牌张（本站译名，来源缺）"){.article-missing}' in laws
    assert "[13](laws/13.md" in laws and "[13](laws/13.md \"第13条 牌张数目有误\"){.article-missing}" not in laws


def test_regulation_numbers_without_a_page_are_greyed_without_a_link(rulebook, pages):
    home = pages["index.md"]
    regulations = home[home.index("## [复式定约桥牌裁判法]") :]
    for number in missing_numbers(rulebook.books["regulations"]):
        note = f"裁判法第{number}条不在本版来源中，本站的条文也没有引用它，所以没有单独的一页。"
        assert f'<span class="article-missing" tabindex="0" data-note="{note}">{number}</span>' in regulations


def test_drawer_keeps_chapter_labels_and_leaves_editor_pages_to_the_about_page(pages):
    nav = yaml.safe_load(pages[".nav.yml"])
    laws = next(item["中国桥牌竞赛规则"] for item in nav if "中国桥牌竞赛规则" in item)
    labels = [next(iter(entry)) for entry in laws]
    assert "第五章 竞叫 · 第一节 竞叫阶段" in labels
    # a missing Law stands in the drawer under its 1997 chapter and part, its title saying 来源缺; a chapter or part
    # name the editors translated says so, as in the laws index
    part = next(
        entry for entry in laws if "第六章 打牌 · 第三部分 不合规定的引牌与出牌（章名为本站译名，来源缺）" in entry
    )
    assert {"第64条 藏牌成立后的处理（本站译名，来源缺）": "laws/64.md"} in next(iter(part.values()))
    chapter_four = next(entry for entry in laws if "第四章 处理违规的一般规则" in entry)
    assert {"第16条 非法信息（来源缺）": "laws/16.md"} in chapter_four["第四章 处理违规的一般规则"]
    # every division our sources do not name (no named_in in missing_laws.yml) is marked; those they name are not
    divisions = yaml.safe_load((ROOT / "rulebook_src" / "missing_laws.yml").read_text(encoding="utf-8"))["divisions"]
    for division in divisions:
        name = chapter_label(division["chinese"])
        if "named_in" in division:
            assert name in labels and f"{name}（章名为本站译名，来源缺）" not in labels, name
        else:
            assert f"{name}（章名为本站译名，来源缺）" in labels, (name, labels)
    assert {"关于本站": "about/index.md"} in nav
    flat = yaml.safe_dump(nav, allow_unicode=True)
    for editor_page in ("about/build-report.md", "about/performance.md", "about/missing-references.md"):
        assert editor_page not in flat
        assert editor_page.removeprefix("about/") in pages["about/index.md"]


@pytest.mark.parametrize(
    "title,label",
    [
        ("第五章 竞叫 · 第一部分 正确的程序 · 第一节 竞叫阶段", "第五章 竞叫 · 第一节 竞叫阶段"),
        ("第二章 准备事项", "第二章 准备事项"),
        ("", "（未标章节）"),
    ],
)
def test_chapter_label(title, label):
    assert chapter_label(title) == label


def test_number_ranges():
    assert number_ranges([11, 19, 21, 23, 24, 26, 27, 28]) == "11,19,21,23-24,26-28"


def test_provenance_is_collapsed_under_a_summary(rulebook, pages):
    for path in (f"{a.book}/{a.slug}.md" for book in rulebook.books.values() for a in book.articles.values()):
        assert '<details class="provenance" markdown="1">\n<summary>来源</summary>' in pages[path], path


def test_the_about_page_explains_every_underline_style(pages):
    legend = pages["about/index.md"]
    for style in ('class="ref"', 'class="ref ref-missing"', 'class="glossary-term"', 'class="erratum"'):
        assert style in legend
