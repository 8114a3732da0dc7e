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
        ("round-robin", [{"name": "甲"}, {"name": "乙"}, {"name": "丙"}], "第45条一2、一3"),
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
    assert status == 2 and err == "error: --teams（各队数据）：至少要比较2个队\n"
    status, _, err = run_cli(["tie-break", "--event", "pairs", "--teams", "[]"])
    assert status == 2 and "没有“pairs”这一项（可选：round-robin、knock-out、swiss）" in err
    status, _, err = run_cli(["tie-break", "--event", "swiss"])
    assert status == 2 and "缺少必填的选项：--teams" in err
    status, out, _ = run_cli(["tie-break", "--help"])
    assert status == 0 and "同分名次表（第45条）" in out and "imp_won＝" in out and "ratio" not in out


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
    """一1's ⑴—⑹, 二's 1—4 and 三's 1—5 are the sheet's steps, none left out, none out of order."""
    article = rulebook.books["regulations"].articles["45"]
    clauses = {clause.anchor: clause for clause in article.walk_clauses()}
    for name, event in PENALTIES.tables["tie_break"]["sheet"]["events"].items():
        walked = list(dict.fromkeys(step["anchor"] for step in event["steps"]))
        assert walked == [child.anchor for child in clauses[event["anchor"]].children], name
