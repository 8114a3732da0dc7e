"""Every command line answers a usage error in Chinese, argparse's own prefix and words included: one line
`错误：…` on stderr, exit status 2, and help that reads 用法： (scripts/cli.py). Each entry point's main is called
in-process (the parser is the one the process builds); one real process (slow tier) shows the shell's view."""

from __future__ import annotations

import re

import pytest

from scripts.penalties import __main__ as penalties_cli
from scripts.print import __main__ as print_cli
from scripts.render import add_source, docs
from scripts.site import build

LATIN_WORDS = re.compile(r"\b(error|usage|the following arguments|unrecognized|invalid|expected)\b", re.I)

ENTRY_POINTS = {
    "scripts.penalties": penalties_cli.main,
    "scripts.site": build.main,
    "scripts.render": docs.main,
    "scripts.print": print_cli.main,
    "scripts.render.add_source": add_source.main,
}


@pytest.mark.parametrize(
    ("module", "args", "wanted"),
    [
        ("scripts.penalties", ["procedural", "--article", "38"], "错误：缺少必填的选项：--item"),
        ("scripts.site", ["--no-such-option"], "错误：无法识别的参数：--no-such-option"),
        ("scripts.render", ["--no-such-option"], "错误：无法识别的参数：--no-such-option"),
        ("scripts.print", [], "错误：缺少必填的选项：--out"),
        ("scripts.render.add_source", ["x.txt", "--book", "novel"], "错误：--book：没有“novel”这一项"),
    ],
)
def test_a_usage_error_is_chinese(capsys, module, args, wanted):
    with pytest.raises(SystemExit) as exited:
        ENTRY_POINTS[module](args)
    stderr = capsys.readouterr().err
    lines = stderr.strip().splitlines()
    assert exited.value.code == 2, stderr
    assert len(lines) == 1 and lines[0].startswith(wanted), stderr
    assert not LATIN_WORDS.search(stderr), stderr


def test_a_usage_error_of_a_real_process_is_one_chinese_line(entry_point_process):
    completed = entry_point_process("scripts.penalties", "procedural", "--article", "38", timeout=120)
    assert completed.returncode == 2, completed.stderr
    assert completed.stderr.splitlines() == ["错误：缺少必填的选项：--item"], completed.stderr


def test_help_is_chinese(capsys):
    with pytest.raises(SystemExit) as exited:
        build.main(["--help"])
    stdout = capsys.readouterr().out
    assert exited.value.code == 0 and stdout.startswith("用法：")
    assert "显示本帮助并退出" in stdout and "只构建托管网站" in stdout
    assert not LATIN_WORDS.search(stdout), stdout
