"""Every command line answers a usage error in Chinese, argparse's own prefix and words included: one line
`错误：…` on stderr, exit status 2, and help that reads 用法： (scripts/cli.py)."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from conftest import ROOT

LATIN_WORDS = re.compile(r"\b(error|usage|the following arguments|unrecognized|invalid|expected)\b", re.I)


@pytest.mark.parametrize(
    ("argv", "wanted"),
    [
        (["-m", "scripts.penalties", "procedural", "--article", "38"], "错误：缺少必填的选项：--item"),
        (["-m", "scripts.site", "--no-such-option"], "错误：无法识别的参数：--no-such-option"),
        (["-m", "scripts.render", "--no-such-option"], "错误：无法识别的参数：--no-such-option"),
        (["-m", "scripts.print"], "错误：缺少必填的选项：--out"),
        (["-m", "scripts.render.add_source", "x.txt", "--book", "novel"], "错误：--book：没有“novel”这一项"),
    ],
)
def test_a_usage_error_is_chinese(argv, wanted):
    completed = subprocess.run([sys.executable, *argv], cwd=ROOT, capture_output=True, text=True, timeout=120)
    lines = completed.stderr.strip().splitlines()
    assert completed.returncode == 2, completed.stderr
    assert len(lines) == 1 and lines[0].startswith(wanted), completed.stderr
    assert not LATIN_WORDS.search(completed.stderr), completed.stderr


def test_help_is_chinese():
    completed = subprocess.run(
        [sys.executable, "-m", "scripts.site", "--help"], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert completed.returncode == 0 and completed.stdout.startswith("用法：")
    assert "显示本帮助并退出" in completed.stdout and "只构建托管网站" in completed.stdout
    assert not LATIN_WORDS.search(completed.stdout), completed.stdout
