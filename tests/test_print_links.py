"""The print edition on the site: the 打印版 section of the home and about pages, the print line of every article page
(scripts/site/print_hooks.py), the PDFs inside the hosted site and the venue zip, never precached."""

from __future__ import annotations

import json
import posixpath
import re
import zipfile
from pathlib import Path
from types import SimpleNamespace

import pytest

from scripts.edition import BUNDLE_PREFIX, ROOT
from scripts.site.print_hooks import PRINT_FOLDER, on_page_content, pdf_href, print_edition_extra, size_text
from scripts.render.pages import PRINT_EDITION_PLACEHOLDER

PDF_LINK = re.compile(
    r'<a href="(?P<href>[^"]+\.pdf)" type="application/pdf">《(?P<title>[^》]+)》PDF</a>'
    r"（(?P<script>[^，]+)，A5，(?P<pages>[0-9]+)[页頁]，(?P<size>[0-9.]+ [KM]B)，版本 (?P<stamp>[^）]+)）"
)
BOOK_FILES = {"laws": "guize", "regulations": "caipanfa"}
PDF_NAME = re.compile(rf"{BUNDLE_PREFIX}-(?P<book>guize|caipanfa)(?P<fanti>-fanti)?-[0-9]{{8}}\.pdf")


@pytest.mark.parametrize(
    ("page_url", "root_prefix", "expected"),
    [
        ("", "", "print/x.pdf"),  # the home page
        ("laws/26/", "", "../../print/x.pdf"),  # hosted, directory URLs
        ("laws/26.html", "", "../print/x.pdf"),  # the venue zip's file URLs
        ("about/", "../", "../../print/x.pdf"),  # the traditional edition, one folder down
        ("index.html", "../", "../print/x.pdf"),
    ],
)
def test_pdf_href_is_relative_to_the_page(page_url, root_prefix, expected):
    assert pdf_href(page_url, root_prefix, "x.pdf") == expected


@pytest.mark.parametrize(("size", "text"), [(1024, "1 KB"), (456_789, "446 KB"), (1_300_000, "1.2 MB")])
def test_size_text(size, text):
    assert size_text(size) == text


def _config(tmp_path: Path, script: str | None) -> SimpleNamespace:
    pdfs = []
    for book in BOOK_FILES:
        path = tmp_path / f"{book}{script}.pdf"
        path.write_bytes(b"%PDF" + b"0" * 3000)
        pdfs.append((book, script or "hans", path, 40))
    extra = {"print_edition": print_edition_extra(pdfs, "2026-12-02 · abcdef12") | {"root_prefix": ""}}
    if script:
        extra["rulebook_script"] = script
    return SimpleNamespace(extra=extra)


def _page(src_uri: str, url: str) -> SimpleNamespace:
    return SimpleNamespace(file=SimpleNamespace(src_uri=src_uri), url=url)


def test_the_placeholder_lists_both_books_and_an_article_page_its_own(tmp_path):
    config = _config(tmp_path, "hans")
    home = on_page_content(
        f"<p>前</p>{PRINT_EDITION_PLACEHOLDER}", page=_page("index.md", ""), config=config, files=None
    )
    assert [m["title"] for m in PDF_LINK.finditer(home)] == ["中国桥牌竞赛规则", "复式定约桥牌裁判法"]
    assert PRINT_EDITION_PLACEHOLDER not in home
    article = on_page_content(
        "<p>条文</p>", page=_page("regulations/26.md", "regulations/26/"), config=config, files=None
    )
    links = list(PDF_LINK.finditer(article))
    assert [(m["title"], m["href"], m["stamp"]) for m in links] == [
        ("复式定约桥牌裁判法", "../../print/regulationshans.pdf", "2026-12-02 · abcdef12")
    ]
    index = on_page_content("<p>目录</p>", page=_page("laws/index.md", "laws/"), config=config, files=None)
    assert "PDF" not in index


def test_without_the_print_edition_the_section_says_so(tmp_path):
    config = SimpleNamespace(extra={})
    home = on_page_content(PRINT_EDITION_PLACEHOLDER, page=_page("index.md", ""), config=config, files=None)
    assert PRINT_EDITION_PLACEHOLDER not in home and "不附打印版" in home
    assert on_page_content("<p>x</p>", page=_page("laws/1.md", "laws/1/"), config=config, files=None) == "<p>x</p>"


# --- the shipped site ------------------------------------------------------------------------------------------------
def _links(html_text: str) -> list[re.Match]:
    return list(PDF_LINK.finditer(html_text))


def _check_links(page: Path, links: list[re.Match], script: str, books: list[str]) -> None:
    """The page links each book's PDF (in this order), in the page's script, and each link lands on the PDF."""
    names = [PDF_NAME.fullmatch(Path(m["href"]).name) for m in links]
    assert all(names), f"{page}: {[m['href'] for m in links]}"
    assert [n["book"] for n in names] == [BOOK_FILES[b] for b in books], page
    assert all(bool(n["fanti"]) == (script == "hant") for n in names), f"{page} links a PDF of the other script"
    for match in links:
        target = (page.parent / match["href"]).resolve()
        assert target.is_file(), f"{page}: {match['href']} is not in the site"
        assert target.read_bytes()[:5] == b"%PDF-"


@pytest.mark.parametrize("script", ["hans", "hant"])
def test_home_about_and_every_article_page_link_the_pdf_of_their_script(shipped_site, script):
    site_dir, _zip = shipped_site
    root = site_dir / "zh-hant" if script == "hant" else site_dir
    for name in ("index.html", "about/index.html"):
        _check_links(root / name, _links((root / name).read_text(encoding="utf-8")), script, ["laws", "regulations"])
    pages = 0
    for book in BOOK_FILES:
        for page in sorted((root / book).glob("*/index.html")):
            _check_links(page, _links(page.read_text(encoding="utf-8")), script, [book])
            pages += 1
    articles = [p for book in BOOK_FILES for p in (ROOT / "docs" / book).glob("*.md") if p.name != "index.md"]
    assert pages == len(articles) > 100


def test_the_zip_holds_the_four_pdfs_linked_from_its_pages(shipped_site):
    site_dir, zip_path = shipped_site
    with zipfile.ZipFile(zip_path) as bundle:
        names = bundle.namelist()
        top = names[0].split("/")[0]
        pdfs = sorted(n for n in names if n.endswith(".pdf"))
        assert len(pdfs) == 4 and all(n.startswith(f"{top}/{PRINT_FOLDER}/") for n in pdfs), pdfs
        home = bundle.read(f"{top}/index.html").decode("utf-8")
        for match in _links(home):
            assert f"{top}/{match['href']}" in names
        article = bundle.read(f"{top}/zh-hant/regulations/26.html").decode("utf-8")
        (match,) = _links(article)
        assert posixpath.normpath(f"{top}/zh-hant/regulations/{match['href']}") in names
    assert sorted(Path(n).name for n in pdfs) == sorted(p.name for p in (site_dir / PRINT_FOLDER).glob("*.pdf"))


def test_the_service_worker_does_not_precache_the_pdfs(shipped_site):
    site_dir, _zip = shipped_site
    source = (site_dir / "sw.js").read_text(encoding="utf-8")
    lists = json.loads(re.search(r"const PRECACHE = (?P<lists>\{.*?\});", source, re.S).group("lists"))
    assert (site_dir / PRINT_FOLDER).is_dir()
    assert not [url for urls in lists.values() for url in urls if url.endswith(".pdf")]
