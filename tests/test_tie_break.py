"""第45条 同分名次表 (scripts/penalties/tie_break.py): each walk stops at the step the article's text decides, quoting
the sentence it applies; bad figures are refused in Chinese; the sheet's data is checked when it is read."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stderr, redirect_stdout

import pytest

from scripts.errors import RulebookError
from scripts.penalties import PenaltyInputError
from scripts.penalties import __main__ as penalties_cli
from scripts.penalties.tie_break import tie_break
from penalty_data import PENALTIES, PENALTY_TEXTS, penalties_with

ROUND_ROBIN_EQUAL = {"imp_won": "300", "imp_lost": "300"}


def walk(event: str, *teams: dict) -> dict:
    return tie_break(PENALTIES, event, [{"name": name, **figures} for name, figures in teams])


def decided_at(result: dict) -> list[str]:
    return [step["anchor"] for step in result["steps"] if step["outcome"] == "separates"]


def test_imp_ratio_separates_two_teams_at_the_first_clause():
    """第45条一1（1）“比较2队在全部比赛中的IMP胜负率，高者名次列前；”: the later clauses are not reached."""
    result = walk(
        "round-robin", ("甲队", {"imp_won": "312", "imp_lost": "287"}), ("乙队", {"imp_won": 300, "imp_lost": 290})
    )
    assert decided_at(result) == ["一-1-1"] and len(result["steps"]) == 1
    assert result["order"] == [["甲队"], ["乙队"]] and result["decided"]
    assert result["steps"][0]["quote"] == "比较2队在全部比赛中的IMP胜负率，高者名次列前；"
    assert result["headline"] == "名次：甲队 ＞ 乙队（第45条一1（1））"
    assert "312 ÷ 287 = 312/287 ≈ 1.0871" in result["steps"][0]["text"]


def test_ratios_that_round_alike_are_compared_exactly():
    """10001/10000 = 1.0001 and 10002/10001 ≈ 1.0001 print alike at 4 places; 高者名次列前 compares the ratios."""
    result = walk(
        "round-robin",
        ("乙队", {"imp_won": "10002", "imp_lost": "10001"}),
        ("甲队", {"imp_won": "10001", "imp_lost": "10000"}),
    )
    assert result["order"] == [["甲队"], ["乙队"]]
    assert "10001 ÷ 10000 = 1.0001" in result["steps"][0]["text"]
    assert "10002/10001 ≈ 1.0001" in result["steps"][0]["text"]


def test_equal_ratio_goes_on_to_the_mutual_match():
    """一1“顺序比较以下各款”: equal IMP ratios, then ⑵“比较2队相互间比赛的VP值，多者名次列前；” decides."""
    result = walk(
        "round-robin",
        ("甲队", {**ROUND_ROBIN_EQUAL, "match_vp": "12.5"}),
        ("乙队", {"imp_won": "150", "imp_lost": "150", "match_vp": "17.5"}),
    )
    assert [step["outcome"] for step in result["steps"]] == ["equal", "separates"]
    assert decided_at(result) == ["一-1-2"]
    assert result["steps"][1]["quote"] == "比较2队相互间比赛的VP值，多者名次列前；"
    assert result["order"] == [["乙队"], ["甲队"]]


def test_tp_ratio_after_the_mutual_figures():
    """一1（5）“比较2队在全部比赛中的TP胜负率，高者名次列前；” once ⑴—⑷ are all equal."""
    mutual = {**ROUND_ROBIN_EQUAL, "match_vp": "15", "match_imp": "30", "match_tp": "2000"}
    result = walk(
        "round-robin",
        ("甲队", {**mutual, "tp_won": "9000", "tp_lost": "9100"}),
        ("乙队", {**mutual, "tp_won": "9100", "tp_lost": "9000"}),
    )
    assert decided_at(result) == ["一-1-5"] and [step["anchor"] for step in result["steps"]][:4] == [
        "一-1-1",
        "一-1-2",
        "一-1-3",
        "一-1-4",
    ]
    assert result["order"] == [["乙队"], ["甲队"]]


def test_all_figures_equal_reach_the_playoff():
    """一1（6）“加赛1副牌决定出胜者（突然死亡法）。”: the figures cannot separate them."""
    same = {**ROUND_ROBIN_EQUAL, "match_vp": "15", "match_imp": "30", "match_tp": "2000", "tp_won": "1", "tp_lost": "1"}
    result = walk("round-robin", ("甲队", same), ("乙队", same))
    assert not result["decided"] and result["steps"][-1]["outcome"] == "playoff"
    assert result["steps"][-1]["quote"] == "加赛1副牌决定出胜者（突然死亡法）。"
    assert result["headline"] == "甲队＝乙队：以上各款都相同，按第45条一1（6）加赛"


def test_a_figure_is_asked_for_only_when_its_step_is_reached():
    result = walk("round-robin", ("甲队", ROUND_ROBIN_EQUAL), ("乙队", ROUND_ROBIN_EQUAL))
    assert [step["outcome"] for step in result["steps"]] == ["equal", "missing"]
    assert [blank["figure"] for blank in result["missing"]] == ["match_vp", "match_vp"]
    assert result["headline"].startswith("要比较第45条一1（2）（相互间比赛的VP），请填写甲队的“相互间比赛所得VP”")


def test_knock_out_boards_won_then_the_playoffs():
    """二1“先比较2队的基本分总和（TP），多者获胜；” equal, 二2“比较获胜牌副数（包括胜10基本分的牌），多者获胜；”."""
    result = walk(
        "knock-out",
        ("甲队", {"total_tp": "4210", "boards_won": "29"}),
        ("乙队", {"total_tp": "4210", "boards_won": "31"}),
    )
    assert decided_at(result) == ["二-2"] and result["order"] == [["乙队"], ["甲队"]]
    tied = walk(
        "knock-out",
        ("甲队", {"total_tp": "4210", "boards_won": "30"}),
        ("乙队", {"total_tp": "4210", "boards_won": "30"}),
    )
    playoffs = [step for step in tied["steps"] if step["outcome"] == "playoff"]
    assert [step["quote"] for step in playoffs] == ["加赛8副牌或4副牌；", "加赛1副牌以决出胜者。"]
    assert [step["text"] for step in playoffs] == [
        "以上各款都相同：加赛8副牌或4副牌；",
        "仍相同时：加赛1副牌以决出胜者。",
    ]


def test_swiss_separates_part_of_a_group_and_goes_on_with_the_rest():
    """三1 separates 丁 by the mutual VP; 甲 and 丙 go on to 三2, then 三3's 平均对手分 (累积VP ÷ 实打轮数)."""
    teams = (
        ("甲队", {"match_vp": "10", "match_imp": "0", "rounds_won": "5", "opponents_vp": "700", "rounds_played": "7"}),
        ("乙队", {"match_vp": "10", "match_imp": "0", "rounds_won": "6"}),
        ("丙队", {"match_vp": "10", "match_imp": "0", "rounds_won": "5", "opponents_vp": "701", "rounds_played": "7"}),
        ("丁队", {"match_vp": "20", "match_imp": "0", "rounds_won": "1"}),
    )
    result = walk("swiss", *teams)
    assert result["order"] == [["丁队"], ["乙队"], ["丙队"], ["甲队"]] and result["decided"]
    assert decided_at(result) == ["三-1", "三-2", "三-3"]
    assert result["headline"] == "名次：丁队 ＞ 乙队 ＞ 丙队 ＞ 甲队（第45条三1、三2、三3）"


def test_a_team_that_lost_no_imp_ranks_first_by_the_reading():
    result = walk(
        "round-robin", ("甲队", {"imp_won": "0", "imp_lost": "5"}), ("乙队", {"imp_won": "5", "imp_lost": "0"})
    )
    assert result["order"] == [["乙队"], ["甲队"]] and "5 ÷ 0（总负分为0，按最高）" in result["steps"][0]["text"]


@pytest.mark.parametrize(
    ("event", "teams", "message"),
    [
        ("round-robin", [{"name": "甲队"}], "至少要比较2个队"),
        ("round-robin", [{"name": "甲队"}, {"name": "甲队"}], "队名“甲队”重复"),
        ("round-robin", [{"name": "甲队"}, {"name": " "}], "第2队没有队名"),
        ("round-robin", [{"name": "甲"}, {"name": "乙"}, {"name": "丙"}], "3个队同分请选“循环赛：3个队VP积分相同”"),
        ("round-robin-3", [{"name": "甲"}, {"name": "乙"}], "2个队同分请选“循环赛：2个队VP积分相同”"),
        ("round-robin-more", [{"name": f"{n}队"} for n in range(7)], "本表一次最多比较6个队"),
        ("round-robin", [{"name": "甲", "matches": {}}, {"name": "乙"}], "只用于3个或更多队的循环赛"),
        ("round-robin-3", [{"name": "甲", "matches": []}, {"name": "乙"}, {"name": "丙"}], "应为以对手队名为键"),
        (
            "round-robin-3",
            [{"name": "甲", "matches": {"丁": {}}}, {"name": "乙"}, {"name": "丙"}],
            "没有名为“丁”的对手",
        ),
        ("round-robin-3", [{"name": "甲", "matches": {"乙": {"ko": 1}}}, {"name": "乙"}, {"name": "丙"}], "没有“ko”"),
        (
            "round-robin-3",
            [{"name": "甲", "matches": {"乙": {"vp": "x"}}}, {"name": "乙"}, {"name": "丙"}],
            "甲对乙的“所得VP”应为0至999999999之间的数",
        ),
        ("knock-out", [{"name": "甲"}, {"name": "乙"}, {"name": "丙"}], "淘汰赛是2队之间的比赛"),
        (
            "round-robin",
            [{"name": "甲", "imp_won": "-3"}, {"name": "乙"}],
            "甲的“全部比赛IMP总胜分”应为0至999999999之间的数",
        ),
        ("round-robin", [{"name": "甲", "imp_won": "1.23456"}, {"name": "乙"}], "至多4位小数；收到“1.23456”"),
        (
            "round-robin",
            [{"name": "甲", "rounds_won": "3"}, {"name": "乙"}],
            "甲：“全部比赛获胜轮数（VP打平不计）”不用于循环赛",
        ),
        ("round-robin", [{"name": "甲", "vp": "3"}, {"name": "乙"}], "甲：没有“vp”这一项数据"),
        ("round-robin", "[1, 2]", "应为各队数据的JSON列表"),
    ],
)
def test_bad_input_is_refused_in_chinese(event, teams, message):
    with pytest.raises(PenaltyInputError) as caught:
        tie_break(PENALTIES, event, teams)
    assert str(caught.value).startswith("--teams（各队数据）：") and message in str(caught.value)


def test_an_average_over_no_rounds_is_refused_when_reached():
    same = {"match_vp": "10", "match_imp": "0", "rounds_won": "5"}
    with pytest.raises(PenaltyInputError, match="甲的平均对手分无法计算：“实打比赛轮数”为0"):
        walk(
            "swiss",
            ("甲", {**same, "opponents_vp": "70", "rounds_played": "0"}),
            ("乙", {**same, "opponents_vp": "7", "rounds_played": "1"}),
        )


def run_cli(argv, stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    import sys

    saved, sys.stdin = sys.stdin, io.StringIO(stdin)
    try:
        with redirect_stdout(out), redirect_stderr(err):
            try:
                status = penalties_cli.main(argv, PENALTIES)
            except SystemExit as exit:
                status = int(exit.code or 0)
    finally:
        sys.stdin = saved
    return status, out.getvalue(), err.getvalue()


def test_command_line_reads_the_teams_as_json_and_prints_json():
    teams = [{"name": "甲队", "total_tp": 4210, "boards_won": 29}, {"name": "乙队", "total_tp": 4211}]
    status, out, _ = run_cli(["tie-break", "--event", "knock-out", "--teams", json.dumps(teams, ensure_ascii=False)])
    assert status == 0 and json.loads(out)["order"] == [["乙队"], ["甲队"]]
    status, out, _ = run_cli(["tie-break", "--event", "knock-out", "--teams", "-"], json.dumps(teams))
    assert status == 0 and json.loads(out)["steps"][0]["anchor"] == "二-1"


def test_command_line_errors_and_help_are_chinese():
    status, out, err = run_cli(["tie-break", "--event", "knock-out", "--teams", "[]"])
    assert status == 2 and err == "错误：--teams（各队数据）：至少要比较2个队\n"
    status, _, err = run_cli(["tie-break", "--event", "pairs", "--teams", "[]"])
    assert (
        status == 2
        and "没有“pairs”这一项（可选：round-robin、round-robin-3、round-robin-more、knock-out、swiss）" in err
    )
    status, _, err = run_cli(["tie-break", "--event", "swiss"])
    assert status == 2 and "缺少必填的选项：--teams" in err
    status, out, _ = run_cli(["tie-break", "--help"])
    assert status == 0 and "同分名次表（第45条）" in out and "imp_won＝" in out and "ratio" not in out
    assert "matches＝对其他各队的相互间比赛" in out and "--event round-robin-3" in out  # how to give 3 teams' matches


def test_sheet_data_that_names_no_figure_stops_with_its_line():
    text = PENALTY_TEXTS["penalties/tie_break.yml"].replace("figure: boards_won,", "figure: boards_lost,")
    with pytest.raises(RulebookError) as caught:
        penalties_with({"penalties/tie_break.yml": text})
    line = next(n for n, row in enumerate(text.splitlines(), 1) if "boards_lost" in row)
    assert str(caught.value).startswith(f"rulebook_src/penalties/tie_break.yml:{line}:")
    assert "not one of sheet.figures" in str(caught.value)


def test_sheet_that_does_not_end_in_a_playoff_stops():
    text = PENALTY_TEXTS["penalties/tie_break.yml"].replace(
        "        - {anchor: 三-5, compare: playoff, label: 抽签, quote: 如仍相同，抽签决定。}\n", ""
    )
    with pytest.raises(RulebookError, match=r"tie_break\.yml:\d+: the sequence must end in a playoff step"):
        penalties_with({"penalties/tie_break.yml": text})


def test_each_sequence_takes_every_clause_of_its_section_in_the_text_order(rulebook):
    """一1's ⑴—⑹, 一2's ⑴—⑸ (⑸ by its ①—④), 一3's ⑴—⑷, 二's 1—4 and 三's 1—5 are the sheet's steps, none left out,
    none out of order: a clause with items of its own is walked item by item."""
    article = rulebook.books["regulations"].articles["45"]
    clauses = {clause.anchor: clause for clause in article.walk_clauses()}

    def leaves(anchor: str) -> list[str]:
        children = clauses[anchor].children
        return [leaf for child in children for leaf in leaves(child.anchor)] if children else [anchor]

    events = PENALTIES.tables["tie_break"]["sheet"]["events"]
    assert {event["anchor"] for event in events.values()} == {"一-1", "一-2", "一-3", "二", "三"}
    for name, event in events.items():
        walked = list(dict.fromkeys(step["anchor"] for step in event["steps"]))
        assert walked == [leaf for child in clauses[event["anchor"]].children for leaf in leaves(child.anchor)], name


# --- 3 or more teams tied in a round robin (第45条一2、一3): their matches against each other ---------------------

SAME_RATIOS = {"imp_won": "300", "imp_lost": "300", "tp_won": "5000", "tp_lost": "5000"}


def round_robin(*teams: tuple[str, dict, dict]) -> list[dict]:
    """Teams as (name, figures, {other: VP got in the match against it, or the match's figures}): every ratio equal
    unless given."""
    return [
        {
            "name": name,
            **SAME_RATIOS,
            **figures,
            "matches": {other: match if isinstance(match, dict) else {"vp": match} for other, match in got.items()},
        }
        for name, figures, got in teams
    ]


def test_three_teams_one_of_which_beat_both_others():
    """一2⑵“如果其中一个队在与之对比的两队中的比赛中比其他两队的每一队都获得更多的VP，这个队是胜者，剩下的两队按前述
    “两队同分时”解决”: 甲队 first; 乙队 and 丙队 start again at 一1, whose ⑵ (their own match's VP) decides."""
    teams = round_robin(
        ("甲队", {}, {"乙队": "18", "丙队": "16"}),
        ("乙队", {}, {"甲队": "12", "丙队": "17"}),
        ("丙队", {}, {"甲队": "14", "乙队": "13"}),
    )
    result = tie_break(PENALTIES, "round-robin-3", teams)
    assert decided_at(result) == ["一-2-2", "一-1-2"]
    assert [step["anchor"] for step in result["steps"]] == ["一-2-1", "一-2-2", "一-1-1", "一-1-2"]
    assert result["order"] == [["甲队"], ["乙队"], ["丙队"]] and result["decided"]
    assert result["headline"] == "名次：甲队 ＞ 乙队 ＞ 丙队（第45条一2（2）、一1（2））"
    beat_both = result["steps"][1]
    assert beat_both["quote"].startswith("如果其中一个队在与之对比的两队中的比赛中比其他两队的每一队都获得更多的VP")
    assert beat_both["text"] == "胜另两队：甲队 2胜0平0负，乙队 1胜0平1负，丙队 0胜0平2负；甲队 ＞ 乙队＝丙队"
    assert result["steps"][3]["text"] == "相互间比赛的VP：乙队 17，丙队 13；乙队 ＞ 丙队"


def test_three_teams_one_drew_one_and_beat_the_other():
    """一2⑶“如果其中一个队和另一队在两者之间的比赛中打平，并且在与之对比的剩下的一队身上获得更多的VP，这个队是胜者。”;
    乙队 and 丙队 then go on at 一1, where their own match (丙队 20 : 乙队 10) decides."""
    teams = round_robin(
        ("甲队", {}, {"乙队": "15", "丙队": "18"}),
        ("乙队", {}, {"甲队": "15", "丙队": "10"}),
        ("丙队", {}, {"甲队": "12", "乙队": "20"}),
    )
    result = tie_break(PENALTIES, "round-robin-3", teams)
    assert decided_at(result) == ["一-2-3", "一-1-2"]
    assert result["order"] == [["甲队"], ["丙队"], ["乙队"]]
    assert [step["outcome"] for step in result["steps"][:3]] == ["equal", "equal", "separates"]
    assert result["steps"][1]["text"].endswith("；没有符合本款的队")


def test_three_teams_two_of_which_drew_and_beat_the_third():
    """⑶ fits two teams, so it decides nothing; ⑷“如果其中一个队是被与之对比的另两个队在比赛打败了的，这个队将排在第3位”
    puts 丙队 third, and 甲队 and 乙队, whose match was drawn, go on at 一1."""
    teams = round_robin(
        ("甲队", {}, {"乙队": {"vp": "15", "imp": "40"}, "丙队": "18"}),
        ("乙队", {}, {"甲队": {"vp": "15", "imp": "38"}, "丙队": "19"}),
        ("丙队", {}, {"甲队": "12", "乙队": "11"}),
    )
    result = tie_break(PENALTIES, "round-robin-3", teams)
    assert decided_at(result) == ["一-2-4", "一-1-3"]  # 一1⑶“比较2队相互间比赛的IMP值，多者名次列前；”
    assert result["order"] == [["甲队"], ["乙队"], ["丙队"]]
    assert result["steps"][3]["quote"] == "如果其中一个队是被与之对比的另两个队在比赛打败了的，这个队将排在第3位；"


def test_three_teams_that_beat_each_other_in_a_circle_go_to_the_net_imp():
    """一2⑸“在所有其他情况下”①“净胜IMP总分，比较每个有关队；”: 甲 beat 乙, 乙 beat 丙, 丙 beat 甲."""
    teams = round_robin(
        ("甲队", {"imp_won": "320", "imp_lost": "320"}, {"乙队": "18", "丙队": "12"}),
        ("乙队", {"imp_won": "290", "imp_lost": "290"}, {"甲队": "12", "丙队": "18"}),
        ("丙队", {"imp_won": "301", "imp_lost": "300"}, {"甲队": "18", "乙队": "12"}),
    )
    result = tie_break(PENALTIES, "round-robin-3", teams)
    # 301/300 is the higher ratio: ⑴ sets 丙队 apart first; 甲队 and 乙队 go on at 一1, whose ⑵ (18 : 12) decides
    assert decided_at(result) == ["一-2-1", "一-1-2"] and result["order"] == [["丙队"], ["甲队"], ["乙队"]]
    teams[2]["imp_won"] = "300"
    result = tie_break(PENALTIES, "round-robin-3", teams)
    assert [step["anchor"] for step in result["steps"][:5]] == ["一-2-1", "一-2-2", "一-2-3", "一-2-4", "一-2-5-1"]
    assert result["steps"][4]["text"] == "净胜IMP总分：甲队 320 − 320 = 0，乙队 290 − 290 = 0，丙队 300 − 300 = 0；相同"
    assert result["steps"][-1]["anchor"] == "一-2-5-4" and not result["decided"]
    assert result["headline"] == "甲队＝乙队＝丙队：以上各款都相同，按第45条一2（5）④加赛"


def test_four_teams_one_of_which_beat_all_then_three_start_again():
    """一3⑵“如果其中一队在与之对比的剩下的各队身上获得更多的VP……则该队是胜者，剩下的3队可按“3个队同分时”解决”."""
    teams = round_robin(
        ("甲队", {}, {"乙队": "16", "丙队": "16", "丁队": "16"}),
        ("乙队", {}, {"甲队": "14", "丙队": "20", "丁队": "18"}),
        ("丙队", {}, {"甲队": "14", "乙队": "10", "丁队": "17"}),
        ("丁队", {}, {"甲队": "14", "乙队": "12", "丙队": "13"}),
    )
    result = tie_break(PENALTIES, "round-robin-more", teams)
    assert decided_at(result) == ["一-3-2", "一-2-2", "一-1-2"]
    assert result["order"] == [["甲队"], ["乙队"], ["丙队"], ["丁队"]]


def test_four_teams_the_only_one_with_one_draw_and_no_loss():
    """一3⑵“或者该队是唯一的只平一场并且战胜其他有关队的队”: 乙队 drew with 甲队 and beat the others; 甲队 lost to 丁队."""
    teams = round_robin(
        ("甲队", {}, {"乙队": "15", "丙队": "16", "丁队": "12"}),
        ("乙队", {}, {"甲队": "15", "丙队": "20", "丁队": "18"}),
        ("丙队", {}, {"甲队": "14", "乙队": "10", "丁队": "17"}),
        ("丁队", {}, {"甲队": "18", "乙队": "12", "丙队": "13"}),
    )
    result = tie_break(PENALTIES, "round-robin-more", teams)
    assert decided_at(result)[0] == "一-3-2" and result["order"][0] == ["乙队"]


def test_a_blank_match_is_asked_for_by_both_teams():
    teams = round_robin(("甲队", {}, {"乙队": "18"}), ("乙队", {}, {"甲队": "12"}), ("丙队", {}, {}))
    result = tie_break(PENALTIES, "round-robin-3", teams)
    assert result["missing"][0] == {"team": "甲队", "figure": "match_vp", "label": "所得VP", "other": "丙队"}
    assert result["headline"].startswith(
        "要比较第45条一2（2）（胜另两队），请填写甲队对丙队的“所得VP”、乙队对丙队的“所得VP”"
    )


@pytest.mark.parametrize(
    "event,teams",
    [
        ("round-robin", [("甲队", {"imp_won": "x" * 10_240, "imp_lost": "1"}), ("乙队", ROUND_ROBIN_EQUAL)]),
        ("x" * 10_240, [("甲队", ROUND_ROBIN_EQUAL), ("乙队", ROUND_ROBIN_EQUAL)]),
    ],
)
def test_a_long_typed_value_is_quoted_clipped(event, teams):
    """Issue 46: the command line quotes a typed value in at most MAX_ECHO_CHARS characters, as the sheet does."""
    from scripts.limits import MAX_ECHO_CHARS

    with pytest.raises(PenaltyInputError) as caught:
        walk(event, *teams)
    message = str(caught.value)
    assert "x" * (MAX_ECHO_CHARS - 1) + "…" in message and "x" * MAX_ECHO_CHARS not in message, message[:200]
