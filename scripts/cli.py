"""The command lines' argument parser: argparse speaking Chinese, its usage errors one line `错误：…`, exit status 2.

Every entry point (`python -m scripts.render`, `scripts.site`, `scripts.print`, `scripts.penalties`,
`make add-source`) builds its parser from `ArgumentParser` here."""

from __future__ import annotations

import argparse
import contextlib
import sys

ERROR_PREFIX = "错误："  # what a usage error and a bad input start with on stderr

# argparse's own messages (its gettext ids, Python 3.11) in Chinese; one not listed stays as argparse words it
ARGPARSE_CHINESE = {
    "usage: ": "用法：",
    "options": "选项",
    "positional arguments": "位置参数",
    "show this help message and exit": "显示本帮助并退出",
    "the following arguments are required: %s": "缺少必填的选项：%s",
    "unrecognized arguments: %s": "无法识别的参数：%s",
    "expected one argument": "需要一个值",
    "argument %(argument_name)s: %(message)s": "%(argument_name)s：%(message)s",
    "invalid choice: %(value)r (choose from %(choices)s)": "没有“%(value)s”这一项（可选：%(choices)s）",
    "invalid %(type)s value: %(value)r": "不是有效的值：%(value)r",
    "ambiguous option: %(option)s could match %(matches)s": "选项 %(option)s 不明确，可能是 %(matches)s",
    "ignored explicit argument %r": "此选项不带值，却收到 %r",
    "expected at most one argument": "至多需要一个值",
    "expected at least one argument": "至少需要一个值",
    "not allowed with argument %s": "不能与 %s 同时使用",
}


def chinese(message: str) -> str:
    return ARGPARSE_CHINESE.get(message, message)


@contextlib.contextmanager
def chinese_argparse():
    """argparse looks up `_` (gettext) at the moment it words a message: for the span of a parse, it is ours."""
    words = argparse._
    argparse._ = chinese  # type: ignore[attr-defined]
    try:
        yield
    finally:
        argparse._ = words  # type: ignore[attr-defined]


class ArgumentParser(argparse.ArgumentParser):
    """argparse that speaks Chinese and reports a usage error on one line: `错误：...`, exit status 2."""

    def __init__(self, *args, **kwargs):
        with chinese_argparse():  # argparse words its help option and group titles as it builds them
            super().__init__(*args, **kwargs)

    def error(self, message: str):
        sys.stderr.write(f"{ERROR_PREFIX}{message}\n")
        sys.exit(2)

    def parse_args(self, args=None, namespace=None):  # type: ignore[override]
        with chinese_argparse():
            return super().parse_args(args, namespace)

    def format_help(self) -> str:
        with chinese_argparse():
            return super().format_help()

    def format_usage(self) -> str:
        with chinese_argparse():
            return super().format_usage()
