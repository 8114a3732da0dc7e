"""The bench's synthetic corpus (bench/corpus.py) is one the pipeline accepts, and the pipeline copes with its
numbers."""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

import pytest

from scripts.pipeline.assemble import missing_numbers
from scripts.pipeline.model import Article, Book
from scripts.pipeline.model import Paragraph, Provenance
from scripts.pipeline.parse import parse_articles
from scripts.pipeline.run import build_rulebook
from scripts.curated.rulebook_src import read_rulebook_src
from tests.rulebook_once import load_full_rulebook

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
from corpus import marker_paragraph, renumber, transform_line, write_corpus  # noqa: E402


@pytest.fixture(scope="module")
def real_and_doubled(tmp_path_factory):
    doubled = write_corpus(tmp_path_factory.mktemp("corpus2"), 2).src_dir
    return load_full_rulebook(), build_rulebook(read_rulebook_src(doubled))


def test_doubled_corpus_has_twice_the_articles(real_and_doubled):
    real, doubled = real_and_doubled
    for key in ("laws", "regulations"):
        assert len(doubled.books[key].articles) == 2 * len(real.books[key].articles)
        copies = {slug for slug in doubled.books[key].articles} - set(real.books[key].articles)
        shifted = {
            f"{int(slug.split('-')[0]) + 100}" + ("-" + slug.split("-")[1] if "-" in slug else "")
            for slug in real.books[key].articles
        }
        assert copies == shifted


def test_doubled_corpus_copies_defects_and_no_more(real_and_doubled):
    """Copy 1 carries the real sources' defects (renumbered) and none of its own, e.g. no copied-body warnings."""
    real, doubled = real_and_doubled
    assert len(doubled.defects) == 2 * len(real.defects)
    assert len(doubled.errata) == 2 * len(real.errata)


def test_copy_articles_keep_their_text(real_and_doubled):
    real, doubled = real_and_doubled
    for key, book in real.books.items():
        for slug, article in book.articles.items():
            copy_slug = str(article.number + 100) + slug[len(str(article.number)) :]
            copy = doubled.books[key].articles[copy_slug]
            expected = renumber(article.plain_text(), 1)
            got = copy.plain_text().replace(marker_paragraph(1), "").replace("\n\n", "\n")
            assert got.replace("\n", "") == expected.replace("\n", ""), slug


def test_corpus_manifest_hashes_match(tmp_path):
    corpus = write_corpus(tmp_path / "src", 2)
    import yaml

    manifest = yaml.safe_load((corpus.src_dir / "manifest.yml").read_text(encoding="utf-8"))
    assert len(manifest["sources"]) == corpus.sources == 10
    for entry in manifest["sources"]:
        assert hashlib.sha256((corpus.src_dir / "raw" / entry["file"]).read_bytes()).hexdigest() == entry["sha256"]


@pytest.mark.parametrize(
    "line, copy, expected",
    [
        ("第11条 比赛的报名及规定", 1, "第111条 比赛的报名及规定"),
        ("第１０条 判罚的裁定", 3, "第３１０条 判罚的裁定"),
        ("參閱第90條和第17條", 99, "參閱第9990條和第9917條"),
        ("第四节 比赛的报名", 1, "第四节 比赛的报名卷二"),
        ("　　第三章 比賽的準備與進行第6條：洗牌", 1, "　　第三章 比賽的準備與進行卷二第106條：洗牌"),
        ("第五章競則", 10, "第五章競則卷十一"),
        ("比赛第一节开始前，第1条规定", 1, "比赛第一节开始前，第101条规定"),
    ],
)
def test_transform_line(line, copy, expected):
    assert transform_line(line, copy) == expected


@pytest.mark.parametrize(
    "text, number", [("第1053条 比赛的报名", 1053), ("第9953条：仲裁委员会", 9953), ("第7条 同伴", 7)]
)
def test_four_digit_article_numbers_open_articles(text, number):
    parsed = parse_articles("x.txt", "laws", [Paragraph(text, [Provenance("x.txt", 1)])])
    assert [a.number for a in parsed.articles] == [number]


def test_five_digit_number_is_no_article_heading():
    parsed = parse_articles("x.txt", "laws", [Paragraph("第10530条 比赛", [Provenance("x.txt", 1)])])
    assert parsed.articles == []


@pytest.mark.parametrize("numbers, expected_tail", [([1, 2, 93], [91, 92]), ([1, 150], [148, 149]), ([95], [93, 94])])
def test_missing_numbers_run_to_the_highest_article(numbers, expected_tail):
    book = Book("laws", "t")
    for n in numbers:
        book.articles[str(n)] = Article("laws", n, str(n), "", "")
    missing = missing_numbers(book)
    assert missing[-2:] == expected_tail
    assert not set(numbers) & set(missing)
    assert len(missing) == max(93, *numbers) - len(numbers)


def load_bench_build():
    """bench/build (a script without .py) as a module."""
    import importlib.machinery
    import importlib.util

    loader = importlib.machinery.SourceFileLoader("bench_build", str(ROOT / "bench" / "build"))
    module = importlib.util.module_from_spec(importlib.util.spec_from_loader("bench_build", loader))
    sys.modules["bench_build"] = module  # its dataclasses look their module up there
    loader.exec_module(module)
    return module


def test_bench_project_copy_holds_every_edition_source():
    """bench/build builds in a copy of the project: the edition stamp hashes EDITION_SOURCES, so the copy needs every
    one of them (the mkdocs step stopped with “edition source '…/requirements.txt' does not exist” when it gained
    one)."""
    from scripts.edition import EDITION_SOURCES

    bench = load_bench_build()
    assert set(EDITION_SOURCES) <= set(bench.PROJECT_PARTS), set(EDITION_SOURCES) - set(bench.PROJECT_PARTS)


def test_bench_weighs_our_full_search_index(tmp_path):
    """The hosted site's search_index.json is a stub naming search_index.<hash>.json: the bench weighs the full one."""
    bench = load_bench_build()
    (tmp_path / "search").mkdir()
    (tmp_path / "search" / "search_index.json").write_text("{}", encoding="utf-8")
    assert bench.full_search_index(tmp_path).name == "search_index.json"
    (tmp_path / "search" / "search_index.0badcafe.json").write_text("{}", encoding="utf-8")
    assert bench.full_search_index(tmp_path).name == "search_index.0badcafe.json"
