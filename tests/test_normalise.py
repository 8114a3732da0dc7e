"""Each defect class of source-defects.md: the original as it stands in the source, and the repaired text."""

from __future__ import annotations

import re

import pytest

from scripts.pipeline.model import Paragraph, Provenance, Repair, SourceLine
from scripts.pipeline.normalise import (
    LineNormaliser,
    display_width,
    join_wrapped_lines,
    load_script_postmap,
    recover_shifted_gbk,
    split_glued_headings,
)
from tests.rulebook_once import load_full_rulebook, real_src
from scripts.pipeline.sources import load_manifest

ENTRIES = {e.file[:3]: e for e in load_manifest(real_src())}


def normalise_line(seed: str, text: str, line: int = 1, mojibake=()) -> str:
    entry = ENTRIES[seed]
    return LineNormaliser(entry, load_script_postmap(real_src()), list(mojibake)).normalise_line(
        SourceLine(text, Provenance(entry.file, line))
    )


@pytest.mark.parametrize(
    "seed,original,repaired",
    [
        # 2. stray space after an ASCII run, before CJK; not after a list marker
        ("000", "双人赛必须由2 人组成一对报名参赛。", "双人赛必须由2人组成一对报名参赛。"),
        ("000", "1.在循环赛等计VP 的比赛时：", "1.在循环赛等计VP的比赛时："),
        ("000", "扣1 副牌顶分的10% ；可酌情扣打1 副牌", "扣1副牌顶分的10%；可酌情扣打1副牌"),
        ("001", "另外按规则43 判罚。", "另外按规则43判罚。"),
        ("001", "1. 2个队VP 积分相同时", "1. 2个队VP积分相同时"),
        # 3. inline pinyin with a tone mark; (a) list markers stay
        ("002", "關于中國橋牌比賽的規(guī)則(2)", "关于中国桥牌比赛的规则(2)"),
        ("002", "(a)除非規(guī)則禁止", "(a)除非规则禁止"),
        ("002", "根據45條規(guī)定", "根据45条规定"),
        # 5. Symbol-font suits only after a suit name
        ("002", "黑桃(ª)，紅心(©)，方塊(¨)，梅花(§)", "黑桃(♠)，红心(♥)，方块(♦)，梅花(♣)"),
        # 6. full-width digits and letters to ASCII, CJK punctuation kept, mixed parentheses matched
        ("004", "双方竞叫开始前（参阅第１７条Ａ款）", "双方竞叫开始前（参阅第17条A款）"),
        ("004", "平均负分（双人赛中至多４０％比赛分）", "平均负分（双人赛中至多40%比赛分）"),
        ("004", "（参阅第４２条Ｂ款２)", "（参阅第42条B款2）"),
        ("004", "除非裁判有指示, 每桌", "除非裁判有指示，每桌"),
        ("001", "参赛者的带分＝", "参赛者的带分="),
        # 7. NBSP indentation
        ("004", "\xa0 \xa0 １．事先数牌", "1.事先数牌"),
        # 8. 编辑 suffix of the wiki
        ("002", "\u3000\u3000規(guī)則要領編輯", "规则要领"),
        # 10. over-converted variants and Taiwan vocabulary (t2s + reviewed post-map)
        ("003", "冇有賽員做過實質叫牌", "没有赛员做过实质叫牌"),
        ("003", "隻要一方的任一賽員看了自己的牌", "只要一方的任一赛员看了自己的牌"),
        ("003", "牌麵向上", "牌面向上"),
        ("003", "強製性不叫", "强制性不叫"),
        ("003", "第21條根據錯誤資訊的叫牌", "第21条根据错误信息的叫牌"),
        ("003", "第一部分正確的程式", "第一部分正确的程序"),
        ("003", "跟著", "跟着"),
        ("003", "查詢何人首引", "查询何人首引"),
        # 21. white circle for the numeral zero
        ("000", "\xa0\xa0二○○六年六月八日", "二〇〇六年六月八日"),
    ],
)
def test_line_repair(seed, original, repaired):
    assert normalise_line(seed, original) == repaired


def test_mojibake_run_is_recovered_before_opencc():
    run = "?；ㄉ\ue072燃墢母呒壍降鸵来螢楹谔?"
    assert recover_shifted_gbk(run, b"\xa1", b"\xd2(") == "。花色等級從高級到低依次為黑桃("
    rulebook = load_full_rulebook()
    law1 = rulebook.books["laws"].articles["1"].plain_text()
    assert "每种花色有13张牌。花色等级从高级到低依次为黑桃(♠)，红心(♥)，方块(♦)，梅花(♣)。" in law1
    assert "?" not in law1 and "\ue072" not in law1


def test_line_wraps_are_joined_but_short_headings_are_not():
    lines = [
        ("一、团体赛中，未报名者不得参加比赛，全队参赛人数不得超过规", [Provenance("000", 65)]),
        ("定的限额；未经裁判特别许可，一节比赛中途不得换人。", [Provenance("000", 67)]),
        ("一、团体赛", [Provenance("000", 69)]),
        ("1.在循环赛等计VP的比赛时：", [Provenance("000", 71)]),
    ]
    repairs: list[Repair] = []
    joined = join_wrapped_lines(lines, "pdf-text", repairs)
    assert [t for t, _ in joined] == [
        "一、团体赛中，未报名者不得参加比赛，全队参赛人数不得超过规定的限额；未经裁判特别许可，一节比赛中途不得换人。",
        "一、团体赛",
        "1.在循环赛等计VP的比赛时：",
    ]
    assert joined[0][1] == [Provenance("000", 65), Provenance("000", 67)]
    assert [r.kind for r in repairs] == ["line-wrap"]


def test_a_wrap_before_an_amount_or_after_a_full_line_ending_in_a_colon_is_joined():
    lines = [
        ("1.未按规定填写、上交、携带约定卡即参加比赛：警告、扣", [Provenance("001", 33)]),
        ("0.5VP(10%MP)、扣1VP(20%MP)。", [Provenance("001", 35)]),
        ("8.对约定性叫牌未及时做出提醒、或未按规定的方式做出提醒：", [Provenance("001", 65)]),
        ("警告、扣0.5VP(10%MP)，如导致对方可能的部分损失则扣违规方3IMP。", [Provenance("001", 67)]),
        ("超时0+—2分钟：正式提出警告，再犯扣一副牌顶分的10%；", [Provenance("000", 383)]),
        ("超时2+—5分钟：扣罚一副牌顶分的10%；", [Provenance("000", 385)]),
        ("若时间许可，且双方均同意的情况下，可至少重打该场（节）", [Provenance("001", 377)]),
        ("一半的比赛牌数（应尽量打全），以定成绩。", [Provenance("001", 379)]),
    ]
    joined = [t for t, _ in join_wrapped_lines(lines, "pdf-text", [])]
    assert joined == [
        "1.未按规定填写、上交、携带约定卡即参加比赛：警告、扣0.5VP(10%MP)、扣1VP(20%MP)。",
        "8.对约定性叫牌未及时做出提醒、或未按规定的方式做出提醒：警告、扣0.5VP(10%MP)，如导致对方可能的部分损失则扣违规方3IMP。",
        "超时0+—2分钟：正式提出警告，再犯扣一副牌顶分的10%；",  # a band line, not a wrap: the line is not full
        "超时2+—5分钟：扣罚一副牌顶分的10%；",
        "若时间许可，且双方均同意的情况下，可至少重打该场（节）一半的比赛牌数（应尽量打全），以定成绩。",
    ]


@pytest.mark.parametrize("slug", ["29", "34", "37", "44"])
def test_no_regulation_paragraph_is_the_tail_of_a_wrapped_sentence(slug):
    article = load_full_rulebook().books["regulations"].articles[slug]
    groups = [article.intro] + [clause.paragraphs for clause in article.walk_clauses()]
    for paragraphs in groups:
        texts = [p.text for p in paragraphs if p.text]
        for before, after in zip(texts, texts[1:]):
            assert not re.match(r"^[0-9]+\.[0-9]", after), f"第{slug}条: {before[-12:]!r} ⏎ {after[:12]!r}"
            assert not before.endswith(("扣", "（节）", "（见黄色）")), f"第{slug}条: {before[-12:]!r} ⏎ {after[:12]!r}"


def test_wrapped_title_reference_is_whole_again():
    text = load_full_rulebook().books["regulations"].articles["27"].plain_text()
    assert "团体赛中被减打的牌，按“不能构成复式的牌”处理" in text


def test_json_list_continuations_are_not_joined():
    text = load_full_rulebook().books["laws"].articles["25"].plain_text()
    assert any(line.endswith("或者，") for line in text.split("\n")), (
        "003 l.173 '或者，' must stay a paragraph of its own"
    )


def test_glued_subclause_and_repeated_heading_are_split():
    paragraphs = [
        Paragraph("3.来不及更改叫牌来不及更改叫牌时，裁判可判给调整分。", [Provenance("003", 125)]),
        Paragraph(
            "…并且这一禁止在其保持引牌权时一直有效。B.其他的取消叫牌对于其他的取消叫牌，（判罚）…",
            [Provenance("003", 191)],
        ),
    ]
    out = [p.text for p in split_glued_headings(paragraphs, [])]
    assert out == [
        "3.来不及更改叫牌",
        "来不及更改叫牌时，裁判可判给调整分。",
        "…并且这一禁止在其保持引牌权时一直有效。",
        "B.其他的取消叫牌",
        "对于其他的取消叫牌，（判罚）…",
    ]


def test_broken_fractions_are_rebuilt_and_the_carry_over_is_left_as_it_stands():
    rulebook = load_full_rulebook()
    text45 = rulebook.books["regulations"].articles["45"].plain_text()
    assert "IMP率 = IMP总胜分 ÷ IMP总负分" in text45
    assert "TP率 = TP总胜分 ÷ TP总负分" in text45
    text52 = rulebook.books["regulations"].articles["52"].plain_text()
    assert "MQ AB\n参赛者的带分=\nES" in text52
    assert any("公式排版损坏（运算符和分数线丢失），照录未改" in d for d in rulebook.defects)


def test_display_width_counts_cjk_double():
    assert display_width("规则9A") == 6


def test_downtown_and_blank_lines_are_dropped_by_named_rules():
    drops = load_full_rulebook().drops
    rules = {d.rule for d in drops}
    assert {"downtown-separator", "whitespace-only-line", "blank-line"} <= rules
    assert sum(d.rule == "downtown-separator" for d in drops) == 10
    assert sum(d.rule == "whitespace-only-line" for d in drops) == 10
