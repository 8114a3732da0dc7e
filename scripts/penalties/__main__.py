"""Command line: `python -m scripts.penalties <calculator> [options]` prints one JSON object (exit 2 on bad input)."""
from __future__ import annotations

import argparse
import json
import sys

from scripts.errors import RulebookError
from scripts.penalties.engine import CALCULATORS
from scripts.penalties.inputs import PenaltyInputError


class ArgumentParser(argparse.ArgumentParser):
    """argparse that reports a usage error on one line: `error: --minutes: ...`, exit status 2."""

    def error(self, message: str):
        sys.stderr.write(f"error: {message}\n")
        sys.exit(2)


def build_parser() -> ArgumentParser:
    parser = ArgumentParser(prog="python -m scripts.penalties", description="Penalty calculators of the regulations; prints JSON.")
    commands = parser.add_subparsers(dest="calculator", required=True, parser_class=ArgumentParser, metavar="calculator")
    for calculator in CALCULATORS.values():
        sub = commands.add_parser(calculator.name, help=calculator.help, description=calculator.help)
        for parameter in calculator.parameters:
            dest = parameter.name.replace("-", "_")
            if parameter.flag:
                sub.add_argument(f"--{parameter.name}", dest=dest, action="store_true", help=parameter.help)
            else:
                # values stay strings: the calculators parse and check them (one place, the same rules as the widget)
                sub.add_argument(f"--{parameter.name}", dest=dest, required=parameter.required, help=parameter.help,
                                 metavar=parameter.name.upper().replace("-", "_"))
    return parser


def main(argv: list[str] | None = None) -> int:
    args = vars(build_parser().parse_args(argv))
    name = args.pop("calculator")
    inputs = {key: value for key, value in args.items() if value is not None}
    try:
        result = CALCULATORS[name].function(**inputs)
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
    sys.exit(main())
