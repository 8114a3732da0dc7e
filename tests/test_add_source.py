"""`make add-source` (issue 20): a venue adds a source it holds. On a copy of the project the test writes its own small
source for Law 16, which our sources lack (sentences made up here, headed as source 004's web page is), and runs
`make add-source`: the placeholder page becomes an article with clause anchors showing those sentences, another
article's reference to 第16条C款2 links to that clause, the coverage sentence counts one Law more, and the site's
search finds the made-up words. A raw file the manifest does not list stops the build naming it."""

from __future__ import annotations

import hashlib
import re
import subprocess
import sys
from urllib.parse import urlsplit

import pytest

from conftest import ROOT, copy_project, serve_directory
from reader_steps import run_search

pytestmark = pytest.mark.slow

# Made up for this test: no rulebook says this. Headed and lettered as the web page of source 004 is.
MADE_UP_SOURCE = """downtown

第１６条 测验用的条文

    Ａ．第一款
    测验句一：鸬鹚在湖面上飞过三次。
    Ｂ．第二款
    测验句二：鹈鹕把渔网叼回岸边。
    Ｃ．第三款
    １．第一项
    测验句三：白鹭数清了芦苇的根数。
    ２．第二项
    测验句四：苍鹭在桥墩下睡着了。

downtown
"""
SENTENCES = ("鸬鹚在湖面上飞过三次", "鹈鹕把渔网叼回岸边", "白鹭数清了芦苇的根数", "苍鹭在桥墩下睡着了")


@pytest.fixture(scope="module")
def added(tmp_path_factory):
    project = copy_project(
        tmp_path_factory.mktemp("add-source") / "project",
        parts=("scripts", "rulebook_src", "docs", "overrides", "mkdocs.yml", "requirements.txt", "Makefile"),
    )
    (project / ".venv").symlink_to(ROOT / ".venv")
    source = project.parent / "law16.txt"
    source.write_text(MADE_UP_SOURCE, encoding="utf-8")
    before = (project / "docs" / "index.md").read_text(encoding="utf-8")
    result = subprocess.run(
        ["make", "--no-print-directory", "add-source", f"FILE={source}", "BOOK=laws"],
        cwd=project,
        capture_output=True,
        text=True,
        timeout=600,
    )
    return project, source, before, result


def test_the_source_is_copied_listed_and_reported(added):
    project, source, _, result = added
    assert result.returncode == 0, result.stderr
    raw = [p for p in (project / "rulebook_src" / "raw").iterdir() if p.read_bytes() == source.read_bytes()]
    assert len(raw) == 1 and re.fullmatch(r"005_[0-9a-f]{16}\.txt", raw[0].name)
    manifest = (project / "rulebook_src" / "manifest.yml").read_text(encoding="utf-8")
    assert f"file: {raw[0].name}" in manifest and hashlib.sha256(source.read_bytes()).hexdigest() in manifest
    assert (
        "script: simplified" in manifest.split(raw[0].name)[1]
        and "format: fullwidth-web" in manifest.split(raw[0].name)[1]
    )
    where = f"rulebook_src/raw/{raw[0].name}"
    assert f"{where}: laws/16 第16条 测验用的条文" in result.stdout
    assert re.search(rf"^{re.escape(where)}:3: repair \(full-width\)", result.stdout, re.MULTILINE), result.stdout
    assert "coverage: laws holds" in result.stdout and "(new: 16)" in result.stdout


def test_the_page_shows_the_sentences_with_clause_anchors(added):
    project = added[0]
    page = (project / "docs" / "laws" / "16.md").read_text(encoding="utf-8")
    for sentence in SENTENCES:
        assert sentence in page
    for anchor in ("a", "b", "c", "c-1", "c-2"):
        assert re.search(rf"\{{#{anchor} \.clause-heading\}}", page), anchor
    assert page.index("{#c-2 ") < page.index(SENTENCES[3])


def test_a_reference_in_another_article_links_to_the_clause(added):
    project = added[0]
    linking = [
        p.name
        for p in (project / "docs" / "laws").glob("*.md")
        if p.name != "16.md" and re.search(r"\[第16条C款2?\]\(16\.md#c(-2)?\)", p.read_text(encoding="utf-8"))
    ]
    assert linking, "no article links 第16条C款 to the new clause"


def test_the_coverage_sentence_counts_one_law_more(added):
    project, _, before, _ = added
    after = (project / "docs" / "index.md").read_text(encoding="utf-8")
    count = re.compile(r"《中国桥牌竞赛规则》93条中的([0-9]+)条")
    assert int(count.search(after)[1]) == int(count.search(before)[1]) + 1


def test_search_finds_the_made_up_words(added, browser, tmp_path):
    project = added[0]
    site = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "--site-dir", str(site)],
        cwd=project,
        check=True,
        timeout=900,
    )
    server = serve_directory(site)
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}/"
        page = browser.new_page()
        page.goto(url + "laws/16/")
        assert page.locator("#c-2").count() == 1
        results = run_search(page, "鹈鹕 渔网")
        assert any(urlsplit(r).path.rstrip("/").endswith("laws/16") for r in results[:3]), results
        page.close()
    finally:
        server.shutdown()


def test_a_raw_file_the_manifest_does_not_list_stops_the_build(tmp_path):
    project = copy_project(tmp_path / "project")
    (project / "rulebook_src" / "raw" / "005_unlisted.txt").write_text(MADE_UP_SOURCE, encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "scripts.render"], cwd=project, capture_output=True, text=True, timeout=300
    )
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("rulebook_src/raw/005_unlisted.txt:1: "), result.stderr


def test_a_source_that_does_not_read_is_taken_back(tmp_path):
    project = copy_project(tmp_path / "project")
    manifest = (project / "rulebook_src" / "manifest.yml").read_bytes()
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"\xff\xfe not UTF-8")
    result = subprocess.run(
        [sys.executable, "-m", "scripts.render.add_source", str(bad), "--book", "laws"],
        cwd=project,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 2 and result.stderr.strip().startswith(f"{bad}:1: not UTF-8"), result.stderr
    assert (project / "rulebook_src" / "manifest.yml").read_bytes() == manifest
    assert len(list((project / "rulebook_src" / "raw").iterdir())) == 5
