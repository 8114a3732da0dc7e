"""The Laws our sources lack: each page names the Law in Chinese (our text's name, or the editor's marked 本站译名),
says first what to do at the table (call the director, with links), lists what we hold on the matter, and carries no
English beyond its title line; the laws index and the drawer group them by their 1997 chapter and part."""

from __future__ import annotations

import re

import pytest

from conftest import read_yaml
from scripts.pipeline.assemble import missing_numbers
from scripts.document.missing_laws import EDITOR_TITLE_MARK, MissingLawDataError, load_missing_law_data
from scripts.paths import SRC
from tests.rulebook_once import src_from_folder

MISSING_LAWS = [14, 15, 16, *range(41, 94)]
CITED = read_yaml(SRC / "missing_law_titles.yml")["titles"]


def test_the_numbers_checked_here_are_the_ones_the_sources_lack(rulebook):
    assert missing_numbers(rulebook.books["laws"]) == MISSING_LAWS


@pytest.mark.parametrize("number", MISSING_LAWS)
def test_every_missing_law_page_has_a_chinese_title(pages, number):
    heading = next(line for line in pages[f"laws/{number}.md"].splitlines() if line.startswith("# "))
    title = re.match(r"# 第(\d+)条 ([^<]+?) <", heading)
    assert title and int(title[1]) == number, f"laws/{number}: no Chinese title in {heading!r}"
    assert re.search("[\u4e00-\u9fff]{2}", title[2])
    cited = {entry["number"]: entry["title"] for entry in CITED}
    if number in cited:
        assert title[2] == cited[number] and EDITOR_TITLE_MARK not in heading, "our own text's name, unmarked"
    else:
        assert f'class="editor-title" tabindex="0" data-note="{EDITOR_TITLE_MARK}：' in heading, "marked 本站译名"
    assert '<span class="missing-badge">来源缺</span>' in heading


DIRECTOR_LINK = re.compile(
    r"- \[(?P<label>[^\]]+)\]\(\.\./(?P<page>(?:laws|regulations)/[0-9-]+\.md)(?:#(?P<anchor>[^)]+))?\)："
)


@pytest.mark.parametrize("number", MISSING_LAWS)
def test_the_next_step_comes_first_and_links_to_how_the_director_is_called(pages, number):
    page = pages[f"laws/{number}.md"]
    body = page[page.index("</nav>") :]
    block = body[body.index('<div class="missing-next-step"') : body.index("</div>")]
    assert body.index('<div class="missing-next-step"') < min(
        body.index(m)
        for m in ('class="missing-statement"', "本站收录的条文没有引用本条", "## 本站引用本条的条文")
        if m in body
    )
    assert f"本站没有规则第{number}条的条文。" in block and "请召请裁判" in block
    links = list(DIRECTOR_LINK.finditer(block))
    assert links, f"laws/{number}: no link to how the director is called"
    for link in links:
        target = pages[link["page"]]
        assert link["anchor"] is None or f"{{#{link['anchor']} " in target or f'href="#{link["anchor"]}"' in target, (
            link[0]
        )


def test_the_director_articles_say_how_to_call_the_director(rulebook):
    data = load_missing_law_data(rulebook.books, rulebook.src)
    for link in data.director:
        article = rulebook.books[link.book].articles[link.slug]
        clause = next(c for c in article.walk_clauses() if c.anchor == link.anchor)
        text = clause.title + "".join(p.text for c in clause.walk() for p in c.paragraphs)
        assert "召请裁判" in text, f"{link.page}: does not say 召请裁判"


ENGLISH_WORDS = re.compile(r"[A-Za-z]{2,}(?:[ '’-]+[A-Za-z]{2,})+")


@pytest.mark.parametrize("number", MISSING_LAWS)
def test_no_english_sentence_outside_the_title_line(pages, number):
    page = pages[f"laws/{number}.md"].split("---", 2)[2]
    text = "\n".join(line for line in page.splitlines() if 'class="article-english" lang="en"' not in line)
    text = re.sub(r"<!--.*?-->|<[^>]+>|\]\([^)]*\)|\{[^}]*\}|\([^)]*\.md[^)]*\)", " ", text)
    assert not ENGLISH_WORDS.findall(text), f"laws/{number}: English outside the title line"


@pytest.mark.parametrize("number", MISSING_LAWS)
def test_every_missing_law_has_reviewed_words_and_a_1997_division(rulebook, number):
    facts = load_missing_law_data(rulebook.books, rulebook.src).laws[number]
    assert facts.words and facts.division and facts.division.first <= number <= facts.division.last


def test_related_articles_are_listed_with_their_reasons(pages):
    page = pages["laws/43.md"]
    assert "## 本站收录的相关条文" in page
    assert "- [裁判法第34条 13.](../regulations/34.md#13)：明手参与或暗示庄家打牌的判罚。" in page


def test_laws_index_groups_missing_laws_by_their_1997_division(pages):
    index = pages["laws/index.md"]
    chapter_four = index[index.index("## 第四章 处理违规的一般规则") : index.index("## ", index.index("## 第四章") + 3)]
    assert "- [第16条 非法信息（来源缺）](16.md){.missing-entry}" in chapter_four
    revoke = index[index.index("### 第六章 打牌 · 第三部分") :]
    assert (
        revoke.index("第53条")
        < revoke.index("第64条 藏牌成立后的处理（本站译名，来源缺）")
        < revoke.index("### 第六章 打牌 · 第四部分")
    )


def test_a_link_to_a_clause_we_do_not_hold_stops_the_build(rulebook, tmp_path):
    text = (SRC / "missing_laws.yml").read_text(encoding="utf-8").replace("target: laws/9#b-1", "target: laws/9#z-9")
    (tmp_path / "missing_laws.yml").write_text(text, encoding="utf-8")
    with pytest.raises(MissingLawDataError, match=r"missing_laws\.yml:[0-9]+: laws/9 has no clause #z-9"):
        load_missing_law_data(rulebook.books, src_from_folder(tmp_path))


def test_the_laws_index_marks_a_supplied_title_as_the_page_does(pages):
    index_line = next(line for line in pages["laws/index.md"].splitlines() if "(33.md)" in line)
    page_heading = next(line for line in pages["laws/33.md"].splitlines() if line.startswith("# "))
    assert page_heading.removeprefix("# ") in index_line and '<ins class="erratum"' in index_line
