"""The published pages against the sources: no run of source text lost or repeated that no erratum or drop explains."""

from __future__ import annotations

import re
from collections import Counter


from scripts.pipeline.errata import load_errata
from scripts.render.proofread import proofread, visible_text
from tests.rulebook_once import real_src


# `rulebook` and `pages` (the whole tree and its rendered pages) are fixtures of tests/conftest.py


def test_every_source_reaches_its_pages_whole_and_once(rulebook, pages):
    differences = proofread(rulebook, pages)
    assert not differences, "\n".join(map(str, differences))


def test_a_lost_phrase_is_found_and_placed(rulebook, pages):
    page = pages["regulations/34.md"]
    assert "未正确核对牌型卡的方位和牌张数目即看牌" in page
    damaged = dict(
        pages, **{"regulations/34.md": page.replace("未正确核对牌型卡的方位和牌张数目即看牌", "未正确核对即看牌")}
    )
    differences = proofread(rulebook, damaged)
    assert [(d.kind, d.text) for d in differences] == [("lost", "牌型卡的方位和牌张数目")]
    assert differences[0].file.startswith("001_") and differences[0].line > 0


def test_a_repeated_phrase_is_found(rulebook, pages):
    page = pages["laws/25.md"]
    damaged = dict(
        pages, **{"laws/25.md": page.replace("违规者必须作出选择：", "违规者必须作出选择：违规者必须作出选择：")}
    )
    differences = proofread(rulebook, damaged)
    assert [(d.kind, d.text) for d in differences] == [("added", "违规者必须作出选择：")]


def test_a_heading_split_from_its_line_keeps_the_words_its_sentence_opens_with(pages):
    # 003 l.173 '让第一个叫牌成立让第一个叫牌成立，（判罚）…': heading, then a sentence that starts with the same words
    assert "让第一个叫牌成立，（判罚）" in "".join(visible_text(pages["laws/25.md"]).main).replace(" ", "")


def test_apparatus_is_not_text():
    page = visible_text(
        'x\n\n<p class="article-meta">裁判法</p>\n\n正文<span class="editor-note">（注）</span>\n\n!!! danger "来源问题"\n    说明\n'
    )
    assert "".join(page.main).split() == ["x", "正文"]


CHAPTER_NUMBER = re.compile(r"第[一二三四五六七八九十]+[章节]")
HAN_CHARACTER = re.compile(r"[\u4e00-\u9fff]")


def added_characters(errata) -> Counter:
    """Han characters the errata put in beyond those they take out (footnote marks and chapter numbers aside)."""
    found, replaced = Counter(), Counter()
    for erratum in errata:
        found.update(HAN_CHARACTER.findall(FOOTNOTE.sub("", erratum.find)) * erratum.count)
        replaced.update(
            HAN_CHARACTER.findall(CHAPTER_NUMBER.sub("", FOOTNOTE.sub("", erratum.replace))) * erratum.count
        )
    return replaced - found


FOOTNOTE = re.compile(r"\[\^?[0-9]\]:?")


def test_errata_add_no_text_but_restorations_and_completions():
    """A correction swaps a character or moves text; only `restored` entries and truncation completions add words.
    (The footnote of 第13条 once came back as '如裁判认为3手牌正确…', repeating its sentence's opening words.)"""
    errata, _, _ = load_errata(real_src())
    groups: dict[tuple[str, str], list] = {}
    for erratum in errata:
        if not erratum.restored and erratum.kind != "truncation":
            groups.setdefault((erratum.file, erratum.kind), []).append(erratum)
    too_much = {
        key: "".join(sorted(added_characters(group).elements()))
        for key, group in groups.items()
        if sum(added_characters(group).values()) > sum(e.count for e in group)
    }
    assert not too_much, f"errata that add text no source has: {too_much}"


def test_the_footnote_of_law_13_does_not_repeat_its_sentence(pages):
    page = pages["laws/13.md"]
    footnote = re.sub(r"<[^>]*>", "", next(line for line in page.splitlines() if line.startswith("[^1]:")))
    assert "如裁判认为" not in footnote and "3手牌正确、一手牌不足时" in footnote
