"""`python -m scripts.penalties`: one JSON object on stdout, or exit status 2 with one line naming the parameter."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest

from scripts.penalties import CALCULATORS
from scripts.penalties.__main__ import main
from penalty_data import PENALTIES

ROOT = Path(__file__).resolve().parent.parent
PENALTY_KEYS = {
    "warning",
    "vp",
    "imp",
    "top_percent",
    "range",
    "committee",
    "forfeit",
    "stop_play",
    "disqualification",
    "void_result",
}


def run(capsys, *argv):
    status = main(list(argv), PENALTIES)
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize(
    "argv",
    [
        ["lateness", "--event", "pairs-imp", "--minutes", "12"],
        ["lateness", "--event", "teams-vp", "--minutes", "5:30", "--repeat"],
        ["slow-play", "--event", "teams-ko", "--minutes", "3"],
        ["procedural", "--article", "34", "--item", "1", "--offence", "2", "--scoring", "imp"],
        ["procedural", "--article", "38", "--item", "1", "--offence", "1", "--scoring", "mp", "--variant", "answered"],
        ["board", "--number", "5"],
        ["tie-ratio", "--won", "100", "--lost", "75"],
        ["forfeit", "--event", "round-robin"],
        ["withdrawal", "--event", "swiss", "--boards", "8"],
        ["fouled", "--event", "pairs-mp"],
        ["adjusted", "--responsibility", "none"],
        ["rounding", "--value", "0.125"],
        ["carry-over", "--M", "60"],
    ],
)
def test_prints_one_json_object_with_the_common_keys(capsys, argv):
    status, out, err = run(capsys, *argv)
    assert status == 0 and err == ""
    result = json.loads(out)
    assert {"article", "band", "penalty", "options", "quote", "reading", "other_reading", "ruling"} <= set(result)
    assert set(result["penalty"]) == PENALTY_KEYS
    # the text's own words, or null: “警告”/“正式警告”, “由比赛仲裁委员会处理”, “取消比赛资格” …
    for key in ("warning", "committee", "disqualification", "void_result"):
        assert result["penalty"][key] is None or isinstance(result["penalty"][key], str)
    assert result["penalty"]["forfeit"] in (None, "session", "round", "match")
    for key in ("vp", "imp", "top_percent"):
        assert result["penalty"][key] is None or isinstance(result["penalty"][key], (int, float))
    assert result["article"].split("/")[0] in ("laws", "regulations")


def test_lateness_example_from_the_issue(capsys):
    status, out, _ = run(capsys, "lateness", "--event", "pairs-imp", "--minutes", "12")
    result = json.loads(out)
    assert (result["article"], result["band"], result["penalty"]["imp"]) == ("regulations/26", "迟到10+—15分钟", 6)
    assert result["quote"].startswith("迟到10+—15分钟：扣罚6IMP")


def test_board_and_ratio_keys(capsys):
    board = json.loads(run(capsys, "board", "--number", "7")[1])
    assert (board["dealer"], board["vulnerability"]) == ("S", "All")
    assert json.loads(run(capsys, "tie-ratio", "--won", "3", "--lost", "2")[1])["ratio"] == 1.5


@pytest.mark.parametrize(
    "argv, prefix",
    [
        (["lateness", "--event", "teams-vp", "--minutes", "-5"], "错误：--minutes（迟到时间（分钟））：不能为负数"),
        (["lateness", "--event", "teams-vp", "--minutes", "ten"], "错误：--minutes（迟到时间（分钟））：应为分钟数"),
        (["slow-play", "--event", "pairs-mp", "--minutes", "1e3"], "错误：--minutes（超时（分钟））："),
        (["lateness", "--event", "team", "--minutes", "5"], "错误：--event（比赛类型）：应为以下之一"),
        (["lateness", "--minutes", "5"], "错误：缺少必填的选项：--event"),
        (["board", "--number", "0"], "错误：--number（牌号）：不能小于1"),
        (["procedural", "--article", "34", "--item", "99"], "错误：--item（违规项目）：第34条只有第1—22项"),
        (["procedural", "--article", "37", "--item", "2", "--offence", "x"], "错误：--offence（第几次）：应为整数"),
        (["tie-ratio", "--won", "1"], "错误：缺少必填的选项：--lost"),
        (["nonsense"], "错误：calculator：没有“nonsense”这一项（可选："),
    ],
)
def test_bad_input_exits_2_with_one_line(capsys, argv, prefix):
    with pytest.raises(SystemExit) as exit_info:
        status = main(argv, PENALTIES)
        raise SystemExit(status)
    out, err = capsys.readouterr()
    assert exit_info.value.code == 2 and out == ""
    assert err.startswith(prefix) and err.count("\n") == 1


def test_module_entry_point_from_the_repository_root(entry_point_process):
    completed = entry_point_process("scripts.penalties", "board", "--number", "0")
    assert completed.returncode == 2 and completed.stderr == "错误：--number（牌号）：不能小于1；收到“0”\n"
    completed = entry_point_process("scripts.penalties", "lateness", "--event", "teams-ko", "--minutes", "6:01")
    assert completed.returncode == 0, completed.stderr
    assert json.loads(completed.stdout)["penalty"]["imp"] == 3


def test_every_calculator_has_a_subcommand(capsys):
    with pytest.raises(SystemExit):
        main(["--help"], PENALTIES)
    out = capsys.readouterr().out
    assert all(name in out for name in CALCULATORS)


README_COMMANDS = [  # as the shell splits them: tie-break's JSON stands in single quotes
    shlex.split(line.split("  #")[0])[3:]
    for line in (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    if line.startswith(".venv/bin/python -m scripts.penalties ")
]


@pytest.mark.parametrize("argv", README_COMMANDS, ids=[" ".join(argv[:1]) for argv in README_COMMANDS])
def test_readme_commands_run(capsys, argv):
    status, out, err = run(capsys, *argv)
    assert status == 0 and json.loads(out)["ruling"], err


def test_readme_names_every_calculator():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert README_COMMANDS and all(f"`{name}`" in text or f"penalties {name} " in text for name in CALCULATORS)


@pytest.mark.parametrize("name", sorted(CALCULATORS))
def test_help_of_every_subcommand_exits_0_in_chinese(capsys, name):
    """`slow-play --help` and `procedural --help` ended in a traceback (a bare % in “50%” and “10%MP”)."""
    with pytest.raises(SystemExit) as exit_info:
        main([name, "--help"], PENALTIES)
    out, err = capsys.readouterr()
    assert exit_info.value.code == 0 and err == ""
    assert out.startswith("用法：python -m scripts.penalties " + name) and "显示本帮助并退出" in out
    assert "usage:" not in out and "show this help" not in out and "options:" not in out


def test_argparse_messages_are_chinese(capsys):
    for argv, message in [
        (["lateness", "--event", "teams-vp", "--minutes", "3", "--bogus", "1"], "错误：无法识别的参数：--bogus 1\n"),
        (["lateness", "--event", "teams-vp", "--minutes"], "错误：--minutes：需要一个值\n"),
    ]:
        with pytest.raises(SystemExit) as exit_info:
            main(argv, PENALTIES)
        assert exit_info.value.code == 2 and capsys.readouterr().err == message
