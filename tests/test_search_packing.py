"""The search index's compact form (scripts/search/packing.py): what the build packs, Python and the worker
(docs/assets/search/worker.js, run in node) read back the same, and it is what the build had before packing it."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from scripts.search.packing import IndexPackingError, pack_index, unpack_index

WORKER = Path(__file__).resolve().parent.parent / "docs" / "assets" / "search" / "worker.js"


def doc(location, title, text="", **extra):
    return {"location": location, "title": title, "text": text, **extra}


# Made up for this test: the shapes the real index has (a home page whose location is empty, offline .html pages,
# a section away from its page top, traditional text, an empty text, a missing Law) and words of each kind.
PLAIN = {
    "config": {
        "lang": ["en"],
        "rulebook": {
            "version": 4,
            # 迟到, 判罚, 叫牌卡, 不足叫牌 and IMP率 stand in the text (their places are sent, counted in UTF-16 code
            # units: 说明 stands after a character beyond 16 bits); 罚分 only across two fields and 明手 in no text
            # (sent as words); 規則 is written traditional, as the traditional edition's vocabulary is.
            "vocabulary": ["迟到", "判罚", "罚分", "叫牌卡", "不足叫牌", "IMP率", "明手", "規則", "说明"],
            "fold": "則则規规遲迟",
            "synonyms": [[["搭档", "partner up"], ["同伴"]], [["慢"], ["迟缓", "拖延"]]],
            "stopwords": ["的", "了", "是不是"],
            "article_label": "第%s条",
            "common": {"0.2": "明手 说明", "0.5": "判罚"},  # placed as they stand, or sent (明手)
        },
    },
    "docs": [
        doc("", "中国桥牌规则库", "两部书的\U00020bb7说明。"),
        doc("#print", "打印版", ""),
        doc("laws/26.html", "第26条 迟到的判罚", "迟到者判罚", context="第三章 判罚", english="Late", names=["迟到罚"]),
        doc("laws/26.html#a", "A. 不足叫牌", "用叫牌卡叫出不足叫牌。IMP率"),
        doc("regulations/9/", "第9条 遲到", "按規則處理。", context="第三章 判罚", missing=1, names=["晚到", "迟来"]),
        doc("laws/26.html#b", "B. 罚", "分数"),
    ],
}


def test_a_packed_index_reads_back_as_the_plain_one():
    packed = pack_index(PLAIN)
    plain = unpack_index(packed)
    assert plain["docs"] == PLAIN["docs"]
    rulebook = plain["config"]["rulebook"]
    assert rulebook["vocabulary"] == {"迟到", "判罚", "罚分", "叫牌卡", "不足叫牌", "imp率", "明手", "规则", "说明"}
    assert rulebook["synonyms"] == PLAIN["config"]["rulebook"]["synonyms"]
    assert rulebook["stopwords"] == PLAIN["config"]["rulebook"]["stopwords"]
    assert rulebook["common"] == PLAIN["config"]["rulebook"]["common"]
    pairs = lambda text: dict(zip(text[0::2], text[1::2]))  # noqa: E731
    assert pairs(rulebook["fold"]) == pairs(PLAIN["config"]["rulebook"]["fold"])
    # what is sent: sections after the first of their page by anchor, the text's short words by their places, the
    # folded characters by the steps between their codes
    rows, vocabulary = packed["docs"], packed["config"]["rulebook"]["vocabulary"]
    assert packed["config"]["rulebook"]["fold"] == {
        "from": [ord("則"), ord("規") - ord("則"), ord("遲") - ord("規")],
        "to": "则规迟",
    }
    assert [row[0] for row in rows] == ["", "#print", "laws/26.html", "#a", "regulations/9/", "laws/26.html#b"]
    assert (
        rows[2][5] == "迟到罚" and rows[4][3:] == [1, "", "晚到、迟来", 1] and len(rows[3]) == 3
    )  # 1: the same context
    assert sorted(vocabulary["words"].split(" ")) == ["明手", "罚分"]
    assert {length: len(steps) for length, steps in vocabulary["places"].items()} == {"2": 4, "3": 1, "4": 2}


def test_article_titles_go_without_their_label_only_when_every_one_starts_with_it():
    packed = pack_index(PLAIN)
    assert packed["config"]["rulebook"]["titles_after_label"] == 1
    assert [row[1] for row in packed["docs"] if row[0] in ("laws/26.html", "regulations/9/")] == ["迟到的判罚", "遲到"]
    plain = json.loads(json.dumps(PLAIN))
    plain["docs"][4]["title"] = "第9條 遲到"  # not as the label writes it: every title goes whole
    packed = pack_index(plain)
    assert "titles_after_label" not in packed["config"]["rulebook"]
    assert packed["docs"][2][1] == "第26条 迟到的判罚" and unpack_index(packed)["docs"] == plain["docs"]


@pytest.mark.parametrize(
    "change, complaint",
    [
        (lambda p: p["docs"][2].update(names=["迟到、罚分"]), "everyday name holds '、'"),
        (lambda p: p["config"]["rulebook"]["synonyms"].append([["a=b"], ["同伴"]]), "synonym entry holds"),
        (lambda p: p["config"]["rulebook"]["stopwords"].append("of the"), "stop words with a space"),
    ],
)
def test_what_the_compact_form_cannot_say_stops_the_build(change, complaint):
    plain = json.loads(json.dumps(PLAIN))
    change(plain)
    with pytest.raises(IndexPackingError, match=complaint):
        pack_index(plain)


def test_the_worker_reads_the_packed_index_as_python_does(node):
    """The worker's Engine, in node, over the packed index: its sections are the plain ones, and its vocabulary is
    the packed words with the synonyms, stop words and everyday names it makes known words itself."""
    packed = pack_index(PLAIN)
    script = (
        f"const {{Engine}} = require({json.dumps(str(WORKER))});"
        "const e = new Engine(JSON.parse(require('fs').readFileSync(0, 'utf8')));"
        "process.stdout.write(JSON.stringify({docs: e.docs.map((d) => d.raw), words: Array.from(e.vocabulary),"
        " folded: e.fold('遲到按規則ＩＭＰ率'), common: Object.fromEntries(e.common)}));"
    )
    done = subprocess.run(
        [node, "-e", script], input=json.dumps(packed), capture_output=True, text=True, timeout=60, check=True
    )
    read = json.loads(done.stdout)
    assert read["docs"] == PLAIN["docs"] and read["folded"] == "迟到按规则imp率"
    assert read["common"] == {"明手": 0.2, "说明": 0.2, "判罚": 0.5}
    others = {"搭档", "同伴", "慢", "迟缓", "拖延", "是不是", "迟到罚", "晚到", "迟来"}
    assert set(read["words"]) == unpack_index(packed)["config"]["rulebook"]["vocabulary"] | others
