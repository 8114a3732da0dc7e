"""Rulings a director would query (issue 24), each against the sentence that decides it."""

from __future__ import annotations

import pytest

from scripts.penalties import PenaltyInputError, calculate
from penalty_data import PENALTIES


def test_38_second_offence_quotes_the_three_sentence_that_orders_it():
    """第38条三 “多次或严重违反的，比赛主办机构将对其给予取消比赛资格的处罚。”: a second phone or smoking offence is
    disqualified by 三, so the ruling quotes 三 and names it, not only 一/二."""
    for item in ("1", "2"):
        result = calculate(PENALTIES, "procedural", article="38", item=item, offence="2", scoring="vp")
        assert result["penalty"]["disqualification"] and result["anchor"] == "三"
        assert "依据：裁判法第38条三“多次或严重违反的，比赛主办机构将对其给予取消比赛资格的处罚。”" in result["ruling"]


def test_38_three_subject_says_many_not_first():
    """第38条三 speaks of “多次或严重违反”: its ruling's subject does not call it 初犯."""
    result = calculate(PENALTIES, "procedural", article="38", item="3", offence="1", scoring="vp")
    assert result["subject"] == "第38条三多次或严重违反，VP制" and "初犯" not in result["ruling"]


def test_37_8_open_room_names_its_own_offence_and_sentence():
    """第37条8 “闭室赛员先打完牌至开室观看比赛：警告或扣0.5VP(3IMP)、屡犯扣1VP(6IMP)。”: the open-room ruling names
    that offence (not the closed room's) and quotes its sentence; the second offence states both the warning and the
    0.5VP it may be, and the other reading of 屡犯."""
    first = calculate(PENALTIES, "procedural", article="37", item="8", offence="1", scoring="imp", variant="open-room")
    assert first["subject"] == "第37条8团体赛中，闭室赛员先打完牌至开室观看比赛，初犯，IMP制"
    assert "未经许可擅自进入闭室" not in first["ruling"]
    assert "“闭室赛员先打完牌至开室观看比赛：警告或扣0.5VP(3IMP)、屡犯扣1VP(6IMP)。”" in first["ruling"]
    second = calculate(PENALTIES, "procedural", article="37", item="8", offence="2", scoring="imp", variant="open-room")
    assert second["headline"] == "警告，或扣0.5VP(3IMP)"
    assert "“屡犯”也可读作第2次起：再犯即扣1VP(6IMP)。" in second["ruling"]
    closed = calculate(
        PENALTIES, "procedural", article="37", item="8", offence="1", scoring="imp", variant="closed-room"
    )
    assert (
        "闭室赛员先打完牌" not in closed["ruling"]
        and "“团体赛中，未经许可擅自进入闭室观看比赛：扣1VP（6IMP）；”" in closed["ruling"]
    )


@pytest.mark.parametrize("item, words", [("7", "造成影响，判给调整分"), ("8", "直接导致对方损失，给予调整分")])
def test_34_direct_damage_reaches_the_copied_ruling(item, words):
    """第34条8 “如直接导致对方的损失将给予调整分”（7: “造成影响的应判给调整分”）: ticking it changes the ruling."""
    plain = calculate(PENALTIES, "procedural", article="34", item=item, offence="1", scoring="vp")
    damaged = calculate(PENALTIES, "procedural", article="34", item=item, offence="1", scoring="vp", direct_damage="1")
    assert words not in plain["ruling"] and f"：警告；{words}。依据" in damaged["ruling"]


def test_slow_play_half_shares_state_the_difference_from_the_total():
    """第27条一1 “此扣分为双方扣分的和，若双方负责，则各扣规定扣分的1/2。”: at 2 decimals the halves add up to the table's
    1VP; rounded to whole VP each side loses 1 (2 in all), and the ruling says so and why."""
    exact = calculate(PENALTIES, "slow-play", event="teams-vp", minutes="3", share="0.5", decimals="2")
    assert exact["penalty"]["vp"] == 0.5 and "相差" not in exact["ruling"]
    whole = calculate(PENALTIES, "slow-play", event="teams-vp", minutes="3", share="0.5", decimals="0")
    assert whole["penalty"]["vp"] == 1
    assert whole["headline"] == "扣1VP（对方负责50%，扣1VP；双方合计2VP，与表列的双方合计1VP相差1VP，是第35条取舍所致）"
    assert "双方合计即为表列的1VP" in whole["ruling"]


def test_tie_ratio_keeps_the_promised_four_decimals_and_tells_ratios_apart():
    """第45条 “比较2队在全部比赛中的IMP胜负率，高者名次列前”: the note promises 4 decimals; two different ratios that
    round alike are told apart by their fractions."""
    assert "四舍五入到小数点后4位" in calculate(PENALTIES, "tie-ratio", won="1", lost="1")["reading"]
    assert calculate(PENALTIES, "tie-ratio", won="100", lost="75")["headline"] == "IMP率 = 100 ÷ 75 = 4/3 ≈ 1.3333"
    one = calculate(PENALTIES, "tie-ratio", won="1000001", lost="1000000")["headline"]
    two = calculate(PENALTIES, "tie-ratio", won="1000002", lost="1000000")["headline"]
    assert one.endswith("≈ 1.0000") and two.endswith("≈ 1.0000") and one != two
    assert calculate(PENALTIES, "tie-ratio", won="5", lost="4")["headline"] == "IMP率 = 5 ÷ 4 = 1.25"


@pytest.mark.parametrize(
    "name, inputs, field",
    [
        ("fouled", {"event": "pairs-mp", "whole_match": "1"}, "whole-match"),  # 第44条一: “团体赛中……整场比赛成绩无效”
        ("fouled", {"event": "pairs-imp", "tie_vp": "10"}, "tie-vp"),
        ("forfeit", {"event": "pairs-mp", "own_average": "12"}, "own-average"),  # 第28条一1（1）: 循环赛计VP only
        ("forfeit", {"event": "pairs-imp", "opponent_average": "8"}, "opponent-average"),
        ("forfeit", {"event": "pairs-match-points", "vp_scale": "20", "tie_match_points": "2"}, "vp-scale"),
        ("forfeit", {"event": "knock-out", "half_scale": "1"}, "half-scale"),
    ],
)
def test_options_that_do_not_apply_are_refused_in_chinese(name, inputs, field):
    with pytest.raises(PenaltyInputError, match=r"只适用于.+，不适用于") as raised:
        calculate(PENALTIES, name, **inputs)
    assert str(raised.value).startswith(f"--{field}（")
    calculate(
        PENALTIES, name, **{key: value for key, value in inputs.items() if key.replace("_", "-") != field}
    )  # alone: fine


def test_labels_use_the_text_words():
    """第27条一2 “淘汰赛时”, not 第26条's “淘汰赛等不计VP的比赛”; 第28条一2 and 第44条二 “双人赛和个人赛”; 平局VP for
    a 20:0 scale reads “采用20:0制时”, not “20:0制制”."""
    assert calculate(PENALTIES, "slow-play", event="teams-ko", minutes="3")["subject"].startswith("团体赛：淘汰赛，")
    assert calculate(PENALTIES, "lateness", event="teams-ko", minutes="3")["subject"].startswith(
        "团体赛：淘汰赛等不计VP，"
    )
    assert "个人赛" in calculate(PENALTIES, "forfeit", event="pairs-mp")["subject"]
    assert calculate(PENALTIES, "fouled", event="pairs-mp")["subject"].startswith("双人赛或个人赛")
    with pytest.raises(PenaltyInputError) as raised:
        calculate(PENALTIES, "forfeit", event="round-robin", vp_scale="20")
    assert "采用20:0制时请填写平局VP" in str(raised.value) and "制制" not in str(raised.value)
