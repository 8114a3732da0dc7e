"""The search worker's engine on a small hand-made index, run in chromium: query analysis and ranking rules of
issue 15 (stop words, single characters, book words, title matches, no answer rather than a wrong one)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scripts.search.packing import pack_index

ROOT = Path(__file__).resolve().parent.parent
WORKER = ROOT / "docs" / "assets" / "search" / "worker.js"


def doc(location, title, text="", **extra):
    return {"location": location, "title": title, "text": text, **extra}


INDEX = {
    "config": {
        "rulebook": {
            "version": 2,
            "vocabulary": "同伴 叫牌 提醒 庄家 明手 迟到 判罚 不足 不足叫牌 观众 要求 记分表".split(),
            "fold": "遲迟規规則则條条",
            "books": {"laws": "规则", "regulations": "裁判法"},
            "article_label": "第%s条",
            "synonyms": [[["搭档"], ["同伴"]], [["藏牌"], ["revoke"]], [["alert"], ["提醒"]]],
            "stopwords": ["的", "吗", "我", "他", "能不能", "时候", "的时候", "了"],
        }
    },
    "docs": [
        doc(
            "laws/27/",
            "第27条 不足叫牌",
            "不足叫牌被接受。",
            article={"book": "laws", "slug": "27", "number": 27},
            english="Insufficient Bid",
            context="第五章 竞叫 第三节 不足叫牌",
        ),
        doc(
            "laws/40/",
            "第40条 同伴间的默契",
            "同伴叫牌时不得提醒。",
            article={"book": "laws", "slug": "40", "number": 40},
            english="Partnership Understandings",
        ),
        doc(
            "laws/42/",
            "第42条",
            "本站的来源没有收录规则第42条。",
            article={"book": "laws", "slug": "42", "number": 42},
            english="Dummy's Rights",
        ),
        doc(
            "regulations/31/",
            "第31条 约定叫正确的提醒方式",
            "",
            article={"book": "regulations", "slug": "31", "number": 31},
        ),
        doc("regulations/31/#一", "一、", "须由叫出该约定叫者的同伴立即做出提醒，提醒对方注意。"),
        doc(
            "regulations/42/",
            "第42条 送交、收取记分表",
            "记分表的送交。",
            article={"book": "regulations", "slug": "42", "number": 42},
        ),
        doc(
            "regulations/41/",
            "第41条 对观众的要求",
            "观众不得说话。",
            article={"book": "regulations", "slug": "41", "number": 41},
        ),
        doc(
            "regulations/26/",
            "第26条 对迟到的判罚",
            "迟到扣分。我他的了吗。",
            article={"book": "regulations", "slug": "26", "number": 26},
        ),
    ],
}


@pytest.fixture(scope="module")
def engine_page(browser):
    context = browser.new_context()
    page = context.new_page()
    page.set_content("<html><body></body></html>")
    page.add_script_tag(content="var module = {exports: {}};" + WORKER.read_text(encoding="utf-8"))
    page.evaluate("index => { window.engine = new module.exports.Engine(index); }", pack_index(INDEX))
    yield page
    context.close()


def search(page, query):
    return page.evaluate("q => engine.search(q).items", query)


def top(page, query):
    return [group[0]["location"].split("#")[0] for group in search(page, query)]


def test_stop_words_and_everyday_words(engine_page):
    # 搭档 → 同伴; 的/时候/我/能不能/他 dropped: the page with 同伴 + 叫牌 + 提醒 wins, not the one full of particles
    assert top(engine_page, "搭档叫牌的时候我能不能提醒他")[0] == "laws/40/"
    parsed = engine_page.evaluate("q => engine.parse(q)", "搭档叫牌的时候我能不能提醒他")
    assert set(parsed["words"]) == {"搭档", "叫牌", "提醒"}, parsed


def test_a_book_word_keeps_to_its_book(engine_page):
    assert top(engine_page, "规则42")[0] == "laws/42/"
    assert "regulations/42/" not in top(engine_page, "规则42")
    assert top(engine_page, "裁判法第42条")[0] == "regulations/42/"
    assert set(top(engine_page, "42")[:2]) == {"laws/42/", "regulations/42/"}


def test_a_title_query_lifts_its_article(engine_page):
    assert top(engine_page, "不足叫牌")[0] == "laws/27/"
    assert top(engine_page, "对观众的要求")[0] == "regulations/41/"
    assert top(engine_page, "insufficient bid")[0] == "laws/27/"


def test_no_answer_rather_than_a_wrong_one(engine_page):
    assert search(engine_page, "藏牌") == []  # revoke: no page says it here; 牌 alone is no answer


def test_results_name_their_book_and_highlight_words_only(engine_page):
    groups = search(engine_page, "同伴的提醒吗")
    titles = [item["title"] for group in groups for item in group]
    assert all(t.startswith(("规则", "裁判法")) for t in titles), titles
    assert any(t.startswith("裁判法第31条 · 一、") for t in titles), titles
    terms = [term for group in groups for item in group for term, hit in item["terms"].items() if hit]
    assert terms and all(len(term) > 1 for term in terms), terms


def test_english_terms(engine_page):
    assert top(engine_page, "alert")[0] == "regulations/31/"
    assert top(engine_page, "Partnership Understandings")[0] == "laws/40/"


def test_a_book_word_and_a_chinese_numeral_without_di_or_tiao_open_the_article(engine_page):
    for query in ("规则四十二", "规则 四十二", "規則第四十二", "竞赛规则四十二條", "桥牌规则42"):
        assert top(engine_page, query)[0] == "laws/42/", query
    for query in ("裁判法四十二", "裁判法 四十二", "裁判法第四十二", "裁判法42"):
        assert top(engine_page, query)[0] == "regulations/42/", query


def test_stray_characters_fall_back_on_neighbouring_pairs(engine_page):
    # 观众说 is no word here and 说 alone finds nothing; the pair 观众 still finds 对观众的要求
    assert top(engine_page, "观众说")[0] == "regulations/41/"
    parsed = engine_page.evaluate("q => engine.parse(q)", "的观众说了")
    assert parsed["runs"] == ["观众说"], parsed  # pairs are taken with the stop words out


PINYIN = {"ming": "明名鸣", "shou": "手首守", "chi": "迟吃池", "dao": "到道刀", "guan": "观官", "zhong": "众中种"}


@pytest.fixture(scope="module")
def homophone_page(browser):
    context = browser.new_context()
    page = context.new_page()
    page.set_content("<html><body></body></html>")
    page.add_script_tag(content="var module = {exports: {}};" + WORKER.read_text(encoding="utf-8"))
    index = json.loads(json.dumps(INDEX))
    index["config"]["rulebook"]["pinyin_table"] = PINYIN
    index["docs"].append(
        doc("regulations/11/", "第11条 报名", "报名手续。", article={"book": "regulations", "slug": "11", "number": 11})
    )
    index["docs"].append(
        doc(
            "laws/9/",
            "第9条 违规发生后的处理程序",
            "明手可以试图阻止庄家发生违规。",
            article={"book": "laws", "slug": "9", "number": 9},
        )
    )
    page.evaluate("index => { window.engine = new module.exports.Engine(index); }", pack_index(index))
    yield page
    context.close()


def test_a_homophone_slip_is_read_as_the_corpus_word_and_says_so(homophone_page):
    # 名手 is no word of the corpus (报名|手续 only has it across a cut); it sounds like 明手
    groups = search(homophone_page, "名手")
    assert groups and "按“明手”查找" in groups[0][0]["text"], groups[:1]
    groups = search(homophone_page, "迟道")
    assert groups[0][0]["location"] == "regulations/26/" and "按“迟到”查找" in groups[0][0]["text"]
    # a word typed right is never corrected
    assert "查找" not in search(homophone_page, "迟到")[0][0]["text"]


def test_the_pinyin_table_is_asked_for_only_when_a_query_needs_it(engine_page):
    engine_page.evaluate("() => { engine.pinyinUrl = 'search/pinyin.json'; }")
    assert engine_page.evaluate("() => engine.search('迟到').needsPinyin") is None
    assert engine_page.evaluate("() => engine.search('迟道').needsPinyin") is True
    engine_page.evaluate("() => { engine.pinyinUrl = null; }")


def test_folding_is_one_character_for_one_character(engine_page):
    # traditional → simplified, full width → ASCII, capitals → lower case; positions carry over for highlighting
    folded = engine_page.evaluate("t => engine.fold(t)", "遲到ＩＭＰ２６Ａ（規則）Imp")
    assert folded == "迟到imp26a(规则)imp"
    assert engine_page.evaluate("t => engine.fold(t) === t", "迟到扣分") is True  # nothing to fold: the same text
    assert top(engine_page, "遲到")[0] == "regulations/26/"


def test_word_counts_per_document_match_a_count_in_each_document(engine_page):
    """The corpus-wide scan (one string, NUL between documents) counts what a scan of each document counts."""
    wrong = engine_page.evaluate(
        """() => {
          const words = ["同伴", "提醒", "叫牌", "记分表", "。", "第", "条", "醒。", "revoke", "insufficient"];
          const count = (text, w) => { let n = 0, at = text.indexOf(w);
            while (at !== -1) { n++; at = text.indexOf(w, at + w.length); } return n; };
          const wrong = [];
          for (const w of words) {
            const term = engine.match(w);
            engine.docs.forEach((doc, d) => {
              const title = count(doc.title, w) + (doc.isTop ? count(doc.english, w) + 0.4 * count(doc.context, w) : 0);
              if (term.inText[d] !== count(doc.text, w) || term.inTitle[d] !== title) wrong.push([w, d]);
            });
          }
          return wrong;
        }"""
    )
    assert wrong == []


def test_a_chinese_numeral_before_tiao_is_an_article_reference(engine_page):
    # 四十二条 as 42条 (both books' 42 rise); 一条 of 有一条规定 is a word, not 第1条
    assert set(top(engine_page, "四十二条")[:2]) == {"laws/42/", "regulations/42/"}
    assert top(engine_page, "裁判法四十二条")[0] == "regulations/42/"
    assert engine_page.evaluate("q => engine.parse(q).references", "有一条规定") == []


# A missing Law's page in each script, as the index holds them: the marks after the title are words of the h1.
MISSING_INDEX = {
    "config": {
        "rulebook": {
            **INDEX["config"]["rulebook"],
            "vocabulary": ["藏牌", "非法信息", "本站译名", "来源缺"],
            "fold": "來来譯译條条",
        }
    },
    "docs": [
        doc("laws/64/", "第64条 藏牌成立后的处理 本站译名 来源缺", "牌手常说的：藏牌罚墩。", missing=1),
        doc("zh-hant/laws/64/", "第64條 藏牌成立後的處理 本站譯名 來源缺", "牌手常說的：藏牌罰墩。", missing=1),
        doc("laws/16/", "第16条 非法信息 来源缺", "牌手常说的：非法信息。", missing=1),
    ],
}


@pytest.fixture(scope="module")
def missing_law_page(browser):
    context = browser.new_context()
    page = context.new_page()
    page.set_content("<html><body></body></html>")
    page.add_script_tag(content="var module = {exports: {}};" + WORKER.read_text(encoding="utf-8"))
    page.evaluate("index => { window.engine = new module.exports.Engine(index); }", pack_index(MISSING_INDEX))
    yield page
    context.close()


def test_a_missing_laws_marks_are_labels_in_its_result_not_words_of_its_title(missing_law_page):
    titles = {item["location"]: item["title"] for group in search(missing_law_page, "藏牌") for item in group}
    assert titles["laws/64/"] == (
        '规则第64条 <mark>藏牌</mark>成立后的处理 <span class="editor-title">本站译名</span>'
        ' <span class="missing-badge">来源缺</span>'
    )
    # the traditional edition's marks keep their own characters
    assert titles["zh-hant/laws/64/"] == (
        '规则第64條 <mark>藏牌</mark>成立後的處理 <span class="editor-title">本站譯名</span>'
        ' <span class="missing-badge">來源缺</span>'
    )
    # a Law our own text names has the 来源缺 label only
    titles = [item["title"] for group in search(missing_law_page, "非法信息") for item in group]
    assert titles[0] == '规则第16条 <mark>非法信息</mark> <span class="missing-badge">来源缺</span>', titles
