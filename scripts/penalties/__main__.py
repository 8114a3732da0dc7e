"""Command line: `python -m scripts.penalties <calculator> [options]` prints one JSON object (exit 2 on bad input).

The subcommands and options are generated from rulebook_src/penalties/calculators.yml."""

from __future__ import annotations

import json
import sys

from scripts.cli import ERROR_PREFIX, ArgumentParser, chinese_argparse
from scripts.errors import RulebookError, run_entry_point
from scripts.curated.rulebook_src import read_rulebook_src
from scripts.penalties.engine import RULES
from scripts.penalties.spec import PenaltyInputError
from scripts.penalties.data import PenaltyData
from scripts.penalties.tables import penalty_data
from scripts.penalties.tie_break import event_figures, sheet_of, tie_break


def option_help(parameter: dict) -> str:
    parts = [parameter["label"]]
    if parameter["kind"] == "choice":
        parts.append("：" + "、".join(f"{value}＝{label}" for value, label in parameter["choices"]))
    if parameter.get("help"):
        parts.append("；" + parameter["help"])
    if "default" in parameter:
        parts.append(f"（默认 {parameter['default']}）")
    return "".join(parts).replace("%", "%%")  # argparse formats help with %: 50% and 10%MP are text


def build_parser(penalties: PenaltyData) -> ArgumentParser:
    """The parser of every calculator (calculators.yml), its help and messages in Chinese."""
    with chinese_argparse():  # argparse words its help option and group titles as it builds them
        parser = ArgumentParser(
            prog="python -m scripts.penalties", description="裁判法、竞赛规则的罚分计算器；输出 JSON。"
        )
        commands = parser.add_subparsers(
            dest="calculator", required=True, parser_class=ArgumentParser, metavar="calculator", title="计算器"
        )
        for name, calculator in penalties.calculators.items():
            sub = commands.add_parser(name, help=calculator["title"], description=calculator["title"])
            for parameter in calculator["parameters"]:
                dest = parameter["name"].replace("-", "_")
                if parameter["kind"] == "flag":
                    sub.add_argument(
                        f"--{parameter['name']}", dest=dest, action="store_true", help=option_help(parameter)
                    )
                else:
                    # values stay strings: the spec parses and checks them (the same rules as the widget)
                    required = parameter.get("required", False) and "default" not in parameter
                    sub.add_argument(
                        f"--{parameter['name']}",
                        dest=dest,
                        required=required,
                        help=option_help(parameter),
                        metavar=parameter["name"].upper().replace("-", "_"),
                    )
        add_tie_break(commands, penalties)
        return parser


def add_tie_break(commands, penalties: PenaltyData) -> None:
    """`tie-break`: the 第45条 sheet; the teams come as one JSON list (its text, or - to read it from stdin)."""
    sheet = sheet_of(penalties)
    events = "、".join(f"{name}＝{event['label']}" for name, event in sheet["events"].items())
    matches = "、".join(f"{key}＝{mutual['label']}" for key, mutual in sheet["match_figures"].items())
    figures = "；".join(
        f"{name}："
        + "、".join(f"{key}＝{sheet['figures'][key]['label']}" for key in event_figures(sheet, name))
        + (f"、matches＝对其他各队的相互间比赛，以对手队名为键（{matches}）" if "restart" in event else "")
        for name, event in sheet["events"].items()
    )
    sub = commands.add_parser(
        "tie-break",
        help=sheet["title"],
        description=f"{sheet['title']}：逐款比较同分各队，到第一款分出名次为止。",
        epilog='例：--event round-robin --teams \'[{"name":"甲队","imp_won":312,"imp_lost":287},'
        ' {"name":"乙队","imp_won":300,"imp_lost":290}]\'；'
        '3个队：--event round-robin-3，每队另加 "matches": {"乙队": {"vp": 18}, "丙队": {"vp": 16}}',
    )
    sub.add_argument("--event", required=True, metavar="EVENT", help=f"比赛：{events}")
    sub.add_argument(
        "--teams",
        required=True,
        metavar="JSON",
        help=f"各队数据：JSON列表，每队一个对象，name＝队名，另加各项数字（{figures}）；写 - 则从标准输入读".replace(
            "%", "%%"
        ),
    )


def main(argv: list[str] | None = None, penalties: PenaltyData | None = None) -> int:
    """The command line over `penalties`; without it, rulebook_src/ is read here, once (a test passes its own)."""
    try:
        if penalties is None:
            penalties = penalty_data(read_rulebook_src())
        parser = build_parser(penalties)
    except RulebookError as error:
        sys.stderr.write(f"{error}\n")
        return 2
    args = vars(parser.parse_args(argv))
    name = args.pop("calculator")
    inputs = {key: value for key, value in args.items() if value is not None}
    try:
        if name == "tie-break":
            teams = sys.stdin.read() if inputs["teams"] == "-" else inputs["teams"]
            result = tie_break(penalties, inputs["event"], teams)
        else:
            result = RULES[name](penalties, **inputs)
    except PenaltyInputError as error:
        sys.stderr.write(f"{ERROR_PREFIX}{error}\n")
        return 2
    except RulebookError as error:  # a penalty table under rulebook_src/penalties/ is malformed
        sys.stderr.write(f"{error}\n")
        return 2
    json.dump(result, sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(run_entry_point(main, "python -m scripts.penalties"))
