"""The search worker's engine (docs/assets/search/worker.js) run in node on a small hand-made index: issue 43's query
analysis and ranking. A known term is found inside a sentence whatever the segmenter's cut, a topical term outranks
a generic one, an article's everyday names rank like its title, toneless pinyin (with and without spaces, initials)
and English phrases are read as the index's words, and a query that finds nothing, or little, is told the nearest
words."""

from __future__ import annotations

import json
import shutil
import subprocess
from functools import cache
from pathlib import Path

import pytest

from scripts.search.index import jieba_tokenizer, user_dictionary_entries
from scripts.search.packing import pack_index
from tests.rulebook_once import real_src

ROOT = Path(__file__).resolve().parent.parent
WORKER = ROOT / "docs" / "assets" / "search" / "worker.js"
NODE = shutil.which("node") or shutil.which("nodejs")
pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed")

# Runs each query through the engine: its pages in order, the terms it searched for, and (when nothing was found)
# what the no-result state is told.
RUNNER = """
const { Engine } = require(process.argv[1]);
const input = JSON.parse(require("fs").readFileSync(0, "utf8"));
const engine = new Engine(input.index);
if (input.pinyin) engine.usePinyin(input.pinyin);
const out = {};
for (const query of input.queries) {
  const result = engine.search(query);
  const parsed = engine.parse(query);
  out[query] = {
    pages: result.items.map(group => group[0].location.split("#")[0]),
    opens: result.items.map(group => group[0].location),
    note: result.items.length ? result.items[0][0].text : "",
    words: parsed.words,
    suggest: result.items.length ? null : engine.suggest(query),
  };
}
process.stdout.write(JSON.stringify(out));
"""


def doc(location, title, text="", **extra):
    return {"location": location, "title": title, "text": text, **extra}


def article(book, number, title, text="", **extra):
    """An article's page top: the worker reads its book and number from the location."""
    return doc(f"{book}/{number}/", f"第{number}条 {title}", text, **extra)


GENERIC = "庄家应当按规定处理。庄家叫牌之前，庄家与防守方都须遵守程序；庄家违规时由裁判处理。"

INDEX = {
    "config": {
        "rulebook": {
            "version": 3,
            # as the real vocabulary: jieba's words of the text, fragments across words (手上, 张后) among them
            "vocabulary": (
                "明手 手上 庄家 叫牌 处理 之前 程序 裁判 召请 召请裁判 停顿 越序 首引 越序首引 牌张 张后 "
                "暴露 暴露牌 防守方 违规 规定 遵守 一直 权利"
            ).split(),
            "fold": "規规則则",
            "books": {"laws": "规则", "regulations": "裁判法"},
            "article_label": "第%s条",
            "synonyms": [
                [["call the director", "call director"], ["召请裁判"]],
                [["call", "calls"], ["叫牌"]],
                [["犹豫"], ["停顿"]],
            ],
            "stopwords": ["的", "了", "吗", "呢", "要", "能", "可以", "怎么办", "算不算", "是不是", "跟", "the", "of"],
            # everyday Chinese says 一直 far more often than the rulebook (scripts/search/index.py, common_words)
            "common": {"0.2": "一直"},
        }
    },
    "docs": [
        article(
            "laws",
            9,
            "违规发生后的处理程序",
            "庄家违规后的处理。",
            english="Procedure Following an Irregularity",
            names=["违规召请裁判"],  # a name no text holds: its parts, 违规 and 召请裁判, stand in 9 B 1
        ),
        doc("laws/9/#b-1", "1. 召请裁判", "发现违规时应立即召请裁判，任一赛员均可召请。"),
        article("laws", 17, "竞叫期间", "每一赛员轮到时叫牌，庄家也一样。", english="The Auction Period"),
        doc("laws/17/#a", "A. 叫牌", "叫牌从发牌人开始，依次叫牌。"),
        article(
            "laws", 24, "竞叫期间牌张的暴露", "暴露牌张应放在桌上，由庄家处理。", english="Card Exposed During Auction"
        ),
        article("laws", 42, "明手的权利", "明手可以提醒庄家。", english="Dummy's Rights"),
        article(
            "laws",
            54,
            "越序首攻",
            "本条不在来源中。",
            missing=1,
            english="Opening Lead Out of Turn",
            names=["防家抢先打出第一张牌", "越序首引"],
        ),
        article("laws", 73, "同伴间的交流", "庄家与同伴间不得以停顿传递信息。", english="Communication"),
        article("regulations", 21, "赛员守则", GENERIC + "牌拿在手上。"),
        article("regulations", 34, "对违反程序规定的处理办法", GENERIC + GENERIC),
        article("regulations", 37, "对违反纪律规定的处理办法", GENERIC),
        article("regulations", 40, "赛场管理", "赛员一直坐在座位上，违规者离场。"),
        article("laws", 44, "出牌的次序", "庄家出牌后，没出的人跟着出牌。", names=["庄家先出", "没轮到先出"]),
        article("laws", 61, "未跟同花色", "本条不在来源中。", missing=1, names=["庄家藏牌", "没跟花色"]),
    ],
}

PINYIN = {
    "ming": "明名鸣",
    "shou": "手首守",
    "yue": "越月",
    "xu": "序续需",
    "yin": "引印",
    "ting": "停听",
    "dun": "顿墩",
    "zhuang": "庄装",
    "jia": "家加",
    "shang": "上",
    "zhang": "张长",
    "chang": "长场",
    "bao": "暴报",
    "lu": "露路",
    "pai": "牌派",
    "quan": "权全",
    "li": "利力",
}


# every query the tests below ask: the engine answers them all in one node process, as the worker answers a reader's
# queries one after another
QUERIES = (
    "明手上场了能说话吗",
    "暴露牌张后要放哪里",
    "明手停顿了算不算越序首引呢",
    "庄家停顿了怎么处理",
    "比赛时防家抢先打出第一张牌",
    "违规召请裁判",
    "yuexu shouyin",
    "yue xu shou yin",
    "yuexushouyin",
    "ms",
    "call the director",
    "calls",
    "明星手段",
    "dumy rigths",
    "一直停顿违规",
    "庄家好像没跟方块",
    "全利有哪些",
    "L42",
    "l 42",
    "Law 42",
    "同伴越序首引了A怎么办",
)


@cache
def engine_answers() -> dict:
    """The engine's answers to QUERIES, over INDEX (with the pinyin table)."""
    payload = json.dumps({"index": pack_index(INDEX), "pinyin": PINYIN, "queries": list(QUERIES)}, ensure_ascii=False)
    done = subprocess.run(
        [NODE, "-e", RUNNER, str(WORKER)], input=payload, capture_output=True, text=True, timeout=60, check=True
    )
    return json.loads(done.stdout)


def run(query: str) -> dict:
    assert query in QUERIES, f"add {query!r} to QUERIES"
    return engine_answers()[query]


def pages(query: str) -> list[str]:
    return run(query)["pages"]


@cache
def jieba_cut_with_the_word_list():
    """jieba with the project's word list (what the index's vocabulary is made with)."""
    return jieba_tokenizer(user_dictionary_entries(real_src().load_rows("jieba_user_dict.txt")))


def jieba_cut(sentence: str) -> list[str]:
    """The cut jieba makes of a sentence with the project's word list."""
    return list(jieba_cut_with_the_word_list().cut(sentence))


@pytest.mark.parametrize(
    "sentence, term, article",
    [
        ("明手上场了能说话吗", "明手", "laws/42/"),  # jieba: 明 | 手上 | 场 …
        ("暴露牌张后要放哪里", "牌张", "laws/24/"),  # jieba: 暴露牌 | 张后 …
    ],
)
def test_a_term_inside_a_sentence_that_the_segmenter_splits_is_found(sentence, term, article):
    assert term not in jieba_cut(sentence), f"jieba now keeps {term} whole in {sentence}: pick another sentence"
    found = run(sentence)
    assert term in found["words"], found["words"]
    assert found["pages"][0] == article, found["pages"]


def test_a_run_with_a_card_in_it_is_analysed_as_any_sentence():
    # 首引了a: one chunk of Han and Latin; the Han run is matched against the dictionary as any sentence is
    words = run("同伴越序首引了A怎么办")["words"]
    assert "越序首引" in words and "a" in words and "了" not in words, words


def test_particles_and_question_endings_are_dropped_but_never_break_a_term():
    words = run("明手停顿了算不算越序首引呢")["words"]
    assert {"明手", "停顿", "越序首引"} <= set(words), words
    assert not {"了", "算不算", "呢"} & set(words), words


def test_a_topical_term_outranks_a_generic_one_found_many_times():
    # 庄家 and 处理 stand on most pages, many times on 裁判法第34条; 停顿 on one page only, beside 庄家
    top = pages("庄家停顿了怎么处理")
    assert top[0] == "laws/73/", top
    assert top.index("laws/73/") < top.index("regulations/34/"), top


def test_a_word_everyday_chinese_uses_more_than_the_rulebook_weighs_less_than_its_rarity():
    # 一直 and 停顿 each stand on one page; the page with 一直 also has 违规. Weighed by rarity alone it would hold
    # more of the query; 一直 is common in everyday Chinese, so the page about 停顿 answers
    top = pages("一直停顿违规")
    assert top[0] == "laws/73/", top
    assert top.index("laws/73/") < top.index("regulations/40/"), top


def test_a_question_worded_otherwise_than_an_everyday_name_still_meets_it_by_the_pairs_it_shares():
    # 没跟方块 is no word the index knows (and 跟 a stop word): the names of 规则第44条 and 第61条 both hold 庄家,
    # the one known word; 61's also hold 没跟 (没跟花色)
    top = pages("庄家好像没跟方块")
    assert top[0] == "laws/61/", top


def test_an_everyday_name_ranks_like_the_title():
    # the name stands only in the article's names, the words of the sentence around it elsewhere
    top = pages("比赛时防家抢先打出第一张牌")
    assert top[0] == "laws/54/", top


def test_the_result_opens_at_the_clause_with_most_of_the_words():
    found = run("违规召请裁判")  # also an everyday name of the page: the clause with its parts
    assert found["opens"][0] == "laws/9/#b-1", found["opens"]


@pytest.mark.parametrize("query", ["yuexu shouyin", "yue xu shou yin", "yuexushouyin"])
def test_toneless_pinyin_with_or_without_spaces(query):
    found = run(query)
    assert found["pages"][0] == "laws/54/", found
    assert "越序首引" in found["note"], found["note"]  # 按“越序首引”查找


def test_a_slip_inside_a_run_of_unknown_characters_is_read_as_the_word_it_sounds_like():
    # 全利有: no word of the index, its characters all stray; the pair 全利 reads as 权利 (quan li)
    found = run("全利有哪些")
    assert found["pages"][:1] == ["laws/42/"], found["pages"]
    assert "权利" in found["note"], found["note"]


@pytest.mark.parametrize("query", ["L42", "l 42", "Law 42"])
def test_a_law_written_as_directors_abbreviate_it(query):
    assert pages(query)[:1] == ["laws/42/"], pages(query)


def test_pinyin_initials_of_a_title_word():
    assert pages("ms")[0] == "laws/42/"  # m(ing) s(hou): 明手, a word of 规则第42条's title


def test_an_english_phrase_is_read_before_its_words():
    top = pages("call the director")
    assert top[0] == "laws/9/", top  # 召请裁判, not 叫牌 (call) of 规则第17条
    assert pages("calls")[0] == "laws/17/"


def test_a_query_that_finds_nothing_is_told_the_nearest_words():
    found = run("明星手段")
    assert found["pages"] == [], found["pages"]
    assert found["suggest"]["searched"], found
    assert "明手" in found["suggest"]["words"], found["suggest"]
    english = run("dumy rigths")
    assert english["pages"] == [] and english["suggest"]["searched"] == ["dumy", "rigths"], english
    assert {"dummy", "rights"} <= {w.lower() for w in english["suggest"]["words"]}, english["suggest"]


# The worker's answer to Material (its `handle`), as the browser gets it, with what it tells the page over the
# "rulebook-search" channel (a stand-in channel that keeps the messages).
ANSWER_RUNNER = """
const told = [];
globalThis.BroadcastChannel = class { postMessage(message) { told.push(message); } };
const { handle } = require(process.argv[1]);
const input = JSON.parse(require("fs").readFileSync(0, "utf8"));
handle({ type: 0, data: input.index }, () => {});
const out = {};
for (const query of input.queries) {
  told.length = 0;
  let answer = null;
  handle({ type: 2, data: query }, (message) => { answer = message; });
  out[query] = { pages: answer.data.items.map(group => group[0].location.split("#")[0]), few: answer.data.few || false,
    suggest: answer.data.suggest || null, told: told.slice() };
}
process.stdout.write(JSON.stringify(out));
"""


@cache
def answers(*queries: str) -> dict:
    """The worker's answers (Material's RESULT data) to the queries over INDEX, and what it told the page."""
    payload = json.dumps({"index": pack_index(INDEX), "queries": list(queries)}, ensure_ascii=False)
    done = subprocess.run(
        [NODE, "-e", ANSWER_RUNNER, str(WORKER)], input=payload, capture_output=True, text=True, timeout=60, check=True
    )
    return json.loads(done.stdout)


@pytest.mark.parametrize(
    "query, found, near",
    [
        # four pages, each holding one of the four words: none holds more than a fifth of the query
        ("停顿 召请 暴露 首引", ["laws/24/", "laws/54/", "laws/9/", "laws/73/"], {"召请裁判", "越序首引", "暴露牌"}),
        # one page, for 停顿 only (in its text, not its title); the nearest words are those of 明星手段, found nowhere
        ("明星手段停顿了", ["laws/73/"], {"明手"}),
    ],
)
def test_a_query_that_finds_little_is_told_the_nearest_words_beside_its_results(query, found, near):
    answer = answers(query)[query]
    assert sorted(answer["pages"]) == sorted(found), answer["pages"]
    assert answer["few"] is True, answer
    assert near <= set(answer["suggest"]["words"]), answer["suggest"]
    assert not set(answer["suggest"]["searched"]) & set(answer["suggest"]["words"]), "a word it searched is offered"
    assert answer["told"] == [{"type": "suggest", "query": query, "suggest": answer["suggest"], "few": True}]


@pytest.mark.parametrize(
    "query",
    [
        "庄家",  # on most pages, and in the everyday names of two
        "权利",  # on one page only, but in its title (明手的权利): the whole query
        "第42条",  # an article asked for by number
        "越序首引",  # an everyday name of 规则第54条
    ],
)
def test_a_query_with_good_results_is_told_nothing(query):
    answer = answers(query)[query]
    assert answer["pages"], answer
    assert answer["few"] is False and answer["suggest"] is None and answer["told"] == [], answer


def test_a_query_that_finds_nothing_is_still_told_as_such():
    answer = answers("明星手段")["明星手段"]
    assert answer["pages"] == [] and answer["few"] is False, answer
    assert answer["told"] == [{"type": "suggest", "query": "明星手段", "suggest": answer["suggest"], "few": False}]
    assert "明手" in answer["suggest"]["words"], answer["suggest"]
