"""Command line: `python -m scripts.penalties <calculator> [options]` prints one JSON object (exit 2 on bad input).

The subcommands and options are generated from rulebook_src/penalties/calculators.yml."""
from __future__ import annotations

import argparse
import json
import sys

from scripts.errors import RulebookError, run_entry_point
from scripts.penalties.engine import RULES, calculators
from scripts.penalties.spec import PenaltyInputError


class ArgumentParser(argparse.ArgumentParser):
    """argparse that reports a usage error on one line: `error: ...`, exit status 2."""

    def error(self, message: str):
        sys.stderr.write(f"error: {message}\n")
        sys.exit(2)


def option_help(parameter: dict) -> str:
    parts = [parameter["label"]]
    if parameter["kind"] == "choice":
        parts.append("：" + "、".join(f"{value}＝{label}" for value, label in parameter["choices"]))
    if parameter.get("help"):
        parts.append("；" + parameter["help"])
    if "default" in parameter:
        parts.append(f"（默认 {parameter['default']}）")
    return "".join(parts)


def build_parser() -> ArgumentParser:
    parser = ArgumentParser(prog="python -m scripts.penalties", description="裁判法、竞赛规则的罚分计算器；输出 JSON。")
    commands = parser.add_subparsers(dest="calculator", required=True, parser_class=ArgumentParser, metavar="calculator")
    for name, calculator in calculators().items():
        sub = commands.add_parser(name, help=calculator["title"], description=calculator["title"])
        for parameter in calculator["parameters"]:
            dest = parameter["name"].replace("-", "_")
            if parameter["kind"] == "flag":
                sub.add_argument(f"--{parameter['name']}", dest=dest, action="store_true", help=option_help(parameter))
            else:
                # values stay strings: the spec parses and checks them (the same rules as the widget)
                sub.add_argument(f"--{parameter['name']}", dest=dest, required=parameter.get("required", False) and "default" not in parameter,
                                 help=option_help(parameter), metavar=parameter["name"].upper().replace("-", "_"))
    return parser


def main(argv: list[str] | None = None) -> int:
    try:
        parser = build_parser()
    except RulebookError as error:
        sys.stderr.write(f"{error}\n")
        return 2
    args = vars(parser.parse_args(argv))
    name = args.pop("calculator")
    inputs = {key: value for key, value in args.items() if value is not None}
    try:
        result = RULES[name](**inputs)
    except PenaltyInputError as error:
        sys.stderr.write(f"error: {error}\n")
        return 2
    except RulebookError as error:  # a penalty table under rulebook_src/penalties/ is malformed
        sys.stderr.write(f"{error}\n")
        return 2
    json.dump(result, sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(run_entry_point(main, "python -m scripts.penalties"))
