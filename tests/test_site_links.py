"""Crawls the built site: every internal link resolves to a file, and every #fragment to an id on the target page."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path, PurePosixPath
from urllib.parse import unquote, urlsplit

import pytest

LINK_ATTRS = {"a": "href", "link": "href", "script": "src", "img": "src"}


class PageScan(HTMLParser):
    """The ids (and a[name]s) a page defines and the internal links it makes: (tag, url)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.links: list[tuple[str, str]] = []
        self.ref_links = 0

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        for key in ("id", "name") if tag == "a" else ("id",):
            if attrs.get(key):
                self.ids.add(attrs[key])
        url = attrs.get(LINK_ATTRS.get(tag, ""))
        if url is None:
            return
        if tag == "a" and "ref" in (attrs.get("class") or "").split():
            self.ref_links += 1
        parts = urlsplit(url)
        if parts.scheme or parts.netloc or url.startswith("//"):
            return  # external: the offline test forbids those; not this test's business
        self.links.append((tag, url))


def scan(path: Path) -> PageScan:
    parser = PageScan()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser


def target_file(site: Path, page: Path, url_path: str) -> Path:
    """The file a relative URL path from `page` names (a directory means its index.html)."""
    if url_path.startswith("/"):  # root-relative (404.html): the site is served from its root
        resolved = site / unquote(url_path.lstrip("/"))
    else:
        base = PurePosixPath(page.relative_to(site).as_posix()).parent
        resolved = site / unquote(str(base / url_path)) if url_path else page
    resolved = Path(*(resolved.parts)).resolve()
    if resolved.is_dir():
        resolved = resolved / "index.html"
    return resolved


@pytest.fixture(scope="module")
def pages(built_site) -> dict[Path, PageScan]:
    return {path.resolve(): scan(path) for path in sorted(built_site.rglob("*.html"))}


def test_site_has_the_article_pages(pages, built_site):
    assert (built_site / "laws" / "23" / "index.html").resolve() in pages
    assert (built_site / "about" / "missing-references" / "index.html").resolve() in pages
    assert sum(p.ref_links for p in pages.values()) > 100, "cross-reference links missing from the built pages"


def test_every_internal_link_and_anchor_resolves(pages, built_site):
    site = built_site.resolve()
    broken = []
    for page, found in pages.items():
        for tag, url in found.links:
            parts = urlsplit(url)
            target = target_file(site, page, parts.path)
            if not target.exists():
                broken.append(
                    f"{page.relative_to(site)}: <{tag}> {url}: no file "
                    f"{target.relative_to(site) if target.is_relative_to(site) else target}"
                )
                continue
            fragment = unquote(parts.fragment)
            if not fragment or target.suffix != ".html":
                continue
            ids = pages[target].ids if target in pages else scan(target).ids
            if fragment not in ids:
                broken.append(
                    f"{page.relative_to(site)}: <{tag}> {url}: no id {fragment!r} in {target.relative_to(site)}"
                )
    assert broken == [], f"{len(broken)} broken link(s):\n" + "\n".join(broken[:40])


def test_crawler_notices_a_broken_anchor(tmp_path):
    """The crawl itself can fail: a page linking to a missing id and a missing file is caught."""
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "index.html").write_text(
        '<p id="一-1">x</p><a href="../b/#%E4%B8%80-2">y</a><a href="../c/">z</a>', encoding="utf-8"
    )
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "index.html").write_text('<p id="一-1">x</p>', encoding="utf-8")
    page = (tmp_path / "a" / "index.html").resolve()
    found = scan(page)
    target = target_file(tmp_path.resolve(), page, "../b/")
    assert target == (tmp_path / "b" / "index.html").resolve()
    assert "一-2" not in scan(target).ids and unquote(urlsplit(found.links[0][1]).fragment) == "一-2"
    assert not target_file(tmp_path.resolve(), page, "../c/").exists()
