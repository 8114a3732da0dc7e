"""Every article a source holds reaches its page, or the build stops saying which (issue 46): the manifest lists each
source's article numbers (`articles`), and an article whose heading the build does not read, for whatever reason,
stops it with one line naming the raw file and the line where that heading was expected; a heading read that the
manifest does not list stops it too. In-process, on the real rulebook_src/ with one file changed in memory."""

from __future__ import annotations

import pytest

from scripts.curated.rulebook_src import rulebook_src_from_texts
from scripts.errors import CuratedFileError, SourceFormatError
from scripts.pipeline.run import build_rulebook
from scripts.pipeline.sources import article_numbers, article_spec
from tests.rulebook_once import real_src, src_with_raw

REGS = "000_7e52110b4744ddd8.txt"  # 第11条 at line 47, then 第19条 at line 63
LAWS = "002_549ebc658c1eeca9.txt"  # 第2條 at line 41, the only source of Law 2


def changed(file: str, old: str, new: str):
    src = real_src()
    text = src.raw(f"raw/{file}").decode("utf-8")
    assert text.count(old) == 1
    return src_with_raw(src, file, text.replace(old, new).encode("utf-8"))


@pytest.mark.parametrize(
    "file,old,new,line,number",
    [
        (REGS, "第11条 比赛的报名及规定", "11条 比赛的报名及规定", 47, 11),  # the 第 lost: named at its line
        (REGS, "第11条 比赛的报名及规定", "比赛的报名及规定", 63, 11),  # the whole number lost: before the next article
        (LAWS, "第2條：", "第2：", 41, 2),
        (LAWS, "第2條：", "第2\u200b\u200b\u200b\u200b：", 41, 2),  # 條 lost
    ],
)
def test_an_article_whose_heading_is_not_read_stops_the_build_at_its_line(file, old, new, line, number):
    with pytest.raises(SourceFormatError) as caught:
        build_rulebook(changed(file, old, new))
    message = str(caught.value)
    assert message.count("\n") == 0, message
    assert message.startswith(f"rulebook_src/raw/{file}:{line}: ") and f"第{number}条" in message, message


def test_an_article_the_manifest_lists_but_the_source_lacks_stops_the_build():
    with pytest.raises(SourceFormatError, match=rf"^rulebook_src/raw/{REGS}:\d+: .*第12条"):
        build_rulebook(src_with_raw(real_src(), REGS, articles="11-12, 19, 21, 23-24, 26-32"))


def test_a_heading_the_manifest_does_not_list_stops_the_build():
    with pytest.raises(SourceFormatError, match=rf"^rulebook_src/raw/{REGS}:\d+: 读到了第19条的标题"):
        build_rulebook(src_with_raw(real_src(), REGS, articles="11, 21, 23-24, 26-32"))


def test_the_real_manifest_lists_exactly_what_each_source_holds():
    rulebook = build_rulebook(real_src())
    for entry in rulebook.sources:
        held = {a.number for b in rulebook.books.values() for a in b.articles.values() if entry.file in a.sources}
        assert held <= set(article_numbers(entry.articles)), entry.file


def test_numbers_and_runs_read_and_write_alike():
    assert article_numbers("11, 19, 23-25") == (11, 19, 23, 24, 25)
    assert article_numbers(16) == (16,)
    assert article_spec([25, 11, 19, 23, 24, 52, 52]) == "11, 19, 23-25, 52"


@pytest.mark.parametrize("articles", [None, '"11-"', '"x"', '"0"'])
def test_a_manifest_entry_without_readable_articles_is_one_line(articles):
    entry = (
        "sources:\n  - file: a.txt\n    book: laws\n    format: pdf-text\n    script: simplified\n"
        f"    sha256: {'a' * 64}\n    covers: x\n" + (f"    articles: {articles}\n" if articles else "")
    )
    with pytest.raises(CuratedFileError, match=r"^rulebook_src/manifest.yml:\d+: .*articles"):
        rulebook_src_from_texts({"manifest.yml": entry})
