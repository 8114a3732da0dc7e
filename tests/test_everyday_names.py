"""Every article answers to its everyday names (rulebook_src/everyday_names.yml): each Law and each 裁判法 article has
its entry with at least six names, the Laws our sources lack (41–93) at least ten, and a faulty entry stops the build
in one Chinese line `rulebook_src/everyday_names.yml:<line>: …`."""

from __future__ import annotations

import re

import pytest

from scripts.curated.everyday_names import EverydayNamesError, everyday_names, names_by_article
from scripts.curated.rulebook_src import rulebook_src_from_texts
from scripts.document.missing_laws import article_ids
from scripts.errors import CuratedFileError
from tests.rulebook_once import real_src

ONE_LINE = re.compile(r"rulebook_src/everyday_names\.yml:(?P<line>[0-9]+): [^\n]+")


def names_src(body: str):
    return rulebook_src_from_texts({"everyday_names.yml": "articles:\n" + body})


def test_every_law_and_every_regulation_article_has_its_entry(rulebook):
    names = names_by_article(real_src())
    regulations = {f"regulations/{slug}" for slug in rulebook.books["regulations"].articles}
    assert len(regulations) == 31 and "regulations/52-2" in regulations
    assert set(names) == {f"laws/{n}" for n in range(1, 94)} | regulations
    assert all(len(names[article]) >= 6 for article in names)


def test_the_laws_our_sources_lack_have_at_least_ten_names():
    names = names_by_article(real_src())
    assert min(len(names[f"laws/{n}"]) for n in range(41, 94)) >= 10


def test_the_real_names_pass_the_build_check_against_the_books(rulebook):
    known = article_ids(rulebook.books)
    assert len(known) == 93 + 31
    assert everyday_names(rulebook.src, known) == names_by_article(rulebook.src)


def test_an_unknown_article_stops_the_build_in_one_line():
    src = names_src(
        "  - article: laws/1\n    names: [牌的大小, 花色高低, 黑桃最大]\n    reason: 第1条标题。\n"
        "  - article: regulations/7\n    names: [开幕式, 入场仪式, 升旗]\n    reason: 没有这一条。\n"
    )
    with pytest.raises(EverydayNamesError) as stopped:
        everyday_names(src, {"laws/1", "regulations/11"})
    message = str(stopped.value)
    assert ONE_LINE.fullmatch(message)
    assert message == "rulebook_src/everyday_names.yml:5: regulations/7 不是本书的条文，也不是缺失条文的页面"


def test_a_second_entry_for_one_article_stops_the_build_in_one_line():
    src = names_src(
        "  - article: laws/46\n    names: [叫错明手的牌, 说错花色, 说错点数]\n    reason: 第46条。\n"
        "  - article: laws/46\n    names: [只说花色, 叫小的, 叫大的]\n    reason: 第46条。\n"
    )
    with pytest.raises(EverydayNamesError) as stopped:
        everyday_names(src, {"laws/46"})
    assert str(stopped.value) == "rulebook_src/everyday_names.yml:5: laws/46 有第二个条目"


def test_an_entry_without_a_reason_stops_the_build_in_one_line():
    body = (
        "  - article: laws/2\n    names: [牌套, 牌盒, 局况]\n    reason: 第2条标题。\n"
        "  - article: laws/3\n    names: [桌号, 方位, 东南西北]\n"
    )
    with pytest.raises(CuratedFileError) as stopped:
        names_src(body)
    message = str(stopped.value)
    assert ONE_LINE.fullmatch(message), message
    assert message.startswith("rulebook_src/everyday_names.yml:5:") and "'reason'" in message


def test_an_empty_reason_and_an_article_without_an_entry_stop_the_build_too():
    with pytest.raises(CuratedFileError, match=r"^rulebook_src/everyday_names\.yml:4: .*empty"):
        names_src("  - article: laws/2\n    names: [牌套, 牌盒, 局况]\n    reason: ''\n")
    src = names_src("  - article: laws/2\n    names: [牌套, 牌盒, 局况]\n    reason: 第2条标题。\n")
    with pytest.raises(
        EverydayNamesError, match=r"^rulebook_src/everyday_names\.yml:1: laws/3 没有条目：请写出它的日常说法$"
    ):
        everyday_names(src, {"laws/2", "laws/3"})
    with pytest.raises(
        EverydayNamesError,
        match=r"^rulebook_src/everyday_names\.yml:1: laws/3 没有条目（另有2条）：请写出它的日常说法$",
    ):
        everyday_names(src, {"laws/2", "laws/3", "laws/12", "regulations/11"})
