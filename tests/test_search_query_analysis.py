"""The search worker's engine (docs/assets/search/worker.js) run in node on a small hand-made index: issue 43's query
analysis and ranking. A known term is found inside a sentence whatever the segmenter's cut, a topical term outranks
a generic one, an article's everyday names rank like its title, toneless pinyin (with and without spaces, initials)
and English phrases are read as the index's words, and a query that finds nothing is told the nearest words."""

from __future__ import annotations

import json
import shutil
import subprocess
from functools import cache
from pathlib import Path

import pytest

from scripts.search.index import jieba_tokenizer, user_dictionary_entries
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
    return doc(
        f"{book}/{number}/",
        f"第{number}条 {title}",
        text,
        article={"book": book, "slug": str(number), "number": number},
        **extra,
    )


GENERIC = "庄家应当按规定处理。庄家叫牌之前，庄家与防守方都须遵守程序；庄家违规时由裁判处理。"

INDEX = {
    "config": {
        "rulebook": {
            "version": 2,
            # as the real vocabulary: jieba's words of the text, fragments across words (手上, 张后) among them
            "vocabulary": "明手 手上 庄家 叫牌 处理 之前 程序 裁判 召请 召请裁判 停顿 越序 首引 越序首引 牌张 张后 "
            "暴露 暴露牌 防守方 违规 规定 遵守",
            "fold": "規规則则",
            "books": {"laws": "规则", "regulations": "裁判法"},
            "article_label": "第%s条",
            "synonyms": [
                [["call the director", "call director"], ["召请裁判"]],
                [["call", "calls"], ["叫牌"]],
                [["犹豫"], ["停顿"]],
            ],
            "stopwords": ["的", "了", "吗", "呢", "要", "能", "可以", "怎么办", "算不算", "是不是", "the", "of"],
        }
    },
    "docs": [
        article("laws", 9, "违规发生后的处理程序", "庄家违规后的处理。", english="Procedure Following an Irregularity"),
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
            english="Opening Lead Out of Turn",
            names=["防家抢先打出第一张牌", "越序首引"],
        ),
        article("laws", 73, "同伴间的交流", "庄家与同伴间不得以停顿传递信息。", english="Communication"),
        article("regulations", 21, "赛员守则", GENERIC + "牌拿在手上。"),
        article("regulations", 34, "对违反程序规定的处理办法", GENERIC + GENERIC),
        article("regulations", 37, "对违反纪律规定的处理办法", GENERIC),
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
)


@cache
def answers() -> dict:
    """The engine's answers to QUERIES, over INDEX (with the pinyin table)."""
    payload = json.dumps({"index": INDEX, "pinyin": PINYIN, "queries": list(QUERIES)}, ensure_ascii=False)
    done = subprocess.run(
        [NODE, "-e", RUNNER, str(WORKER)], input=payload, capture_output=True, text=True, timeout=60, check=True
    )
    return json.loads(done.stdout)


def run(query: str) -> dict:
    assert query in QUERIES, f"add {query!r} to QUERIES"
    return answers()[query]


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


def test_particles_and_question_endings_are_dropped_but_never_break_a_term():
    words = run("明手停顿了算不算越序首引呢")["words"]
    assert {"明手", "停顿", "越序首引"} <= set(words), words
    assert not {"了", "算不算", "呢"} & set(words), words


def test_a_topical_term_outranks_a_generic_one_found_many_times():
    # 庄家 and 处理 stand on most pages, many times on 裁判法第34条; 停顿 on one page only, beside 庄家
    top = pages("庄家停顿了怎么处理")
    assert top[0] == "laws/73/", top
    assert top.index("laws/73/") < top.index("regulations/34/"), top


def test_an_everyday_name_ranks_like_the_title():
    # the name stands only in the article's names, the words of the sentence around it elsewhere
    top = pages("比赛时防家抢先打出第一张牌")
    assert top[0] == "laws/54/", top


def test_the_result_opens_at_the_clause_with_most_of_the_words():
    found = run("违规召请裁判")
    assert found["opens"][0] == "laws/9/#b-1", found["opens"]


@pytest.mark.parametrize("query", ["yuexu shouyin", "yue xu shou yin", "yuexushouyin"])
def test_toneless_pinyin_with_or_without_spaces(query):
    found = run(query)
    assert found["pages"][0] == "laws/54/", found
    assert "越序首引" in found["note"], found["note"]  # 按“越序首引”查找


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
