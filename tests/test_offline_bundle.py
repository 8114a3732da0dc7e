"""The venue bundle: the zip `make site` writes, unzipped and opened from index.html via file:// with no network."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

import pytest

from conftest import phone_context
from scripts.traditional import to_traditional_text
from scripts.traditional import load_fixes
from tests.rulebook_once import real_src
from reader_steps import (
    article_pages,
    article_with_cross_reference,
    calculator_page,
    follow_cross_reference,
    run_search,
    url_of,
    use_calculator,
    open_ready,
)

BUNDLE_NAME = re.compile(r"^zhongguo-qiaopai-guize-(?P<date>\d{8})\.zip$")
# What a page loads by itself (as opposed to where a link leads): scripts, stylesheets, icons, images,
# frames, fonts. <link rel="canonical|prev|next|alternate"> only name addresses and load nothing.
LOADED_URL = re.compile(
    r"""<(?:script|img|iframe|source|audio|video)\b[^>]*?\bsrc=["'](?P<src>[^"']+)["']"""
    r"""|<link\b(?=[^>]*\brel=["'](?:stylesheet|icon|shortcut icon|apple-touch-icon|manifest|preload|modulepreload"""
    r"""|prefetch|preconnect|dns-prefetch)["'])[^>]*?\bhref=["'](?P<href>[^"']+)["']"""
    r"""|url\(\s*["']?(?P<css>[^"')]+)""",
    re.IGNORECASE,
)
REMOTE = re.compile(r"^(?:[a-z][a-z0-9+.-]*:)?//", re.IGNORECASE)


def test_bundle_is_one_ascii_named_dated_zip(shipped_site):
    _, zip_path = shipped_site
    match = BUNDLE_NAME.match(zip_path.name)
    assert match, f"venue zip name {zip_path.name!r} is not zhongguo-qiaopai-guize-<YYYYMMDD>.zip"
    with zipfile.ZipFile(zip_path) as bundle:
        names = bundle.namelist()
    top_folders = {name.split("/", 1)[0] for name in names}
    assert top_folders == {zip_path.stem}, (
        f"the zip should unpack into one folder {zip_path.stem!r}, got {sorted(top_folders)[:5]}"
    )
    assert f"{zip_path.stem}/index.html" in names
    assert f"{zip_path.stem}/zh-hant/index.html" in names, "the traditional edition belongs in the bundle too"
    assert not [name for name in names if name.endswith("sw.js")], "the file:// bundle needs no service worker"


def test_every_page_footer_shows_the_edition(bundle_dir, shipped_site):
    site_dir, zip_path = shipped_site
    date = BUNDLE_NAME.match(zip_path.name).group("date")
    stamp = re.compile(
        r'class="rulebook-edition" data-edition-hash="(?P<hash>[0-9a-f]{8})"[^<]*<time datetime="(?P<date>[\d-]+)"'
    )
    seen = {}
    for page in sorted(bundle_dir.rglob("*.html")) + sorted(site_dir.rglob("*.html")):
        found = stamp.search(page.read_text(encoding="utf-8"))
        assert found, f"{page}: no edition stamp in the footer"
        seen[found.group("hash"), found.group("date").replace("-", "")] = page
    assert len(seen) == 1, f"pages of one build disagree on the edition: {seen}"
    ((_, stamped_date),) = seen
    assert stamped_date == date, f"footer says {stamped_date}, zip name says {date}"


def test_bundle_pages_load_nothing_from_other_hosts(bundle_dir):
    offenders = []
    for path in sorted(bundle_dir.rglob("*")):
        if path.suffix not in (".html", ".css"):
            continue
        for match in LOADED_URL.finditer(path.read_text(encoding="utf-8")):
            url = match.group("src") or match.group("href") or match.group("css")
            if REMOTE.match(url) and not url.startswith("data:"):
                offenders.append(f"{path.relative_to(bundle_dir)}: {url}")
    assert not offenders, "pages of the venue bundle load from the network:\n" + "\n".join(offenders[:20])


def test_two_builds_give_byte_identical_zips(shipped_site, second_zip):
    """The shipped zip (`make site` in a copy of the project, after a killed build) and a second build's, made in this
    checkout: the same bytes, whatever folder they were built in."""
    _, first = shipped_site
    assert second_zip.name == first.name, f"the second build wrote {second_zip.name}, the first {first.name}"
    assert second_zip.read_bytes() == first.read_bytes(), "two builds of the same checkout gave different zips"


@pytest.fixture
def offline_page(browser):
    """A phone-sized page that may load file:// URLs only; every other request is recorded and refused."""
    context = phone_context(browser)
    refused, errors = [], []

    def refuse_network(route):
        if route.request.url.startswith("file:"):
            route.continue_()
        else:
            refused.append(route.request.url)
            route.abort("internetdisconnected")

    context.route("**/*", refuse_network)
    context.on(
        "request",
        lambda request: (
            None if request.url.startswith(("file:", "about:", "data:", "blob:")) else refused.append(request.url)
        ),
    )
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page, refused, errors
    context.close()


def test_bundle_works_from_file_urls_without_network(offline_page, bundle_dir, artifacts_dir):
    page, refused, errors = offline_page
    home = bundle_dir.as_uri() + "/index.html"
    open_ready(page, home)
    assert page.title(), "the home page did not load from file://"

    # Navigation: to an article, and along one of its cross-references.
    articles = article_pages(bundle_dir)
    assert articles, f"no article pages in {bundle_dir}/laws"
    open_ready(page, url_of(article_with_cross_reference(bundle_dir), bundle_dir, bundle_dir.as_uri()))
    reached = follow_cross_reference(page)
    assert reached.startswith("file:") and Path(reached.split("#")[0].removeprefix("file://")).is_file(), reached

    # The script switch leads to the same page in the other edition, still inside the bundle, at the clause the
    # cross-reference opened (tests/test_marks_and_keys_browser.py checks which one).
    before = page.url.split("#")[0]
    with page.expect_navigation():
        page.locator("[data-script-switch]").first.click()
    after, _, fragment = page.url.partition("#")
    assert "/zh-hant/" in after and after.split("/zh-hant/")[1] == before.split(bundle_dir.name + "/")[1]
    assert fragment or "#" not in reached, f"the switch lost the clause: {reached} → {page.url}"

    # Search in both scripts (the vendored iframe-worker shim and search_index.js make it work from file://).
    query = _query_for(articles[0])
    results = run_search(page, to_traditional_text(query, load_fixes(real_src())))
    assert results and all("/zh-hant/" in url and url.startswith("file:") for url in results), results
    page.screenshot(path=artifacts_dir / "offline-search-zh-hant.png")
    open_ready(page, url_of(articles[0], bundle_dir, bundle_dir.as_uri()))
    results = run_search(page, query)
    assert results and all(url.startswith("file:") and "/zh-hant/" not in url for url in results), results
    page.screenshot(path=artifacts_dir / "offline-search.png")

    assert not refused, "the bundle tried to reach the network:\n" + "\n".join(refused)
    assert not errors, "script errors under file://:\n" + "\n".join(errors)


def test_bundle_calculator_works_from_file_urls_without_network(offline_page, bundle_dir):
    page, refused, errors = offline_page
    calculator = calculator_page(bundle_dir)
    if calculator is None:
        pytest.skip("no page has a .penalty-calculator yet (the penalties helper's widgets have not landed)")
    open_ready(page, url_of(calculator, bundle_dir, bundle_dir.as_uri()))
    before, after = use_calculator(page)
    assert before != after
    assert not refused, "the calculator page tried to reach the network:\n" + "\n".join(refused)
    assert not errors, "script errors under file://:\n" + "\n".join(errors)


def _query_for(article: Path) -> str:
    """A word of the article's own title (after its number), which search must find."""
    title = re.search(r"<h1[^>]*>(?P<title>.*?)</h1>", article.read_text(encoding="utf-8"), re.S).group("title")
    words = re.findall(r"[\u4e00-\u9fff]{2,}", re.sub(r"<[^>]+>", "", title))
    candidates = [word for word in words if not re.fullmatch(r"第.*条", word)]
    assert candidates, f"{article}: no Chinese word in its title {title!r} to search for"
    return candidates[0][:2]


def test_the_zip_downloads_from_the_home_page(browser, shipped_site, shipped_url, bundle_dir, artifacts_dir):
    """The home page (and 关于本站) offer the venue zip with its size and date; a tap downloads it, the same bytes as
    dist/'s. The zip's own home page says that it is the zip (it cannot hold itself)."""
    site_dir, zip_path = shipped_site
    context = phone_context(browser, accept_downloads=True)
    try:
        page = context.new_page()
        open_ready(page, shipped_url)
        link = page.locator("a.venue-bundle-link")
        line = page.locator("p.venue-bundle").inner_text()
        assert zip_path.name in line and re.search(r"（\d+(\.\d)? [KM]B，\d{4}-\d{2}-\d{2}）", line), line
        box = link.bounding_box()
        assert box is not None and box["width"] > 0
        with page.expect_download() as download:
            link.click()
        assert download.value.suggested_filename == zip_path.name
        assert Path(download.value.path()).read_bytes() == zip_path.read_bytes()
        page.locator("p.venue-bundle").scroll_into_view_if_needed()
        page.screenshot(path=str(artifacts_dir / "home-venue-zip-360.png"))
        open_ready(page, shipped_url + "about/")
        assert page.locator("a.venue-bundle-link").get_attribute("href").endswith(f"download/{zip_path.name}")
    finally:
        context.close()
    assert (site_dir / "download" / zip_path.name).read_bytes() == zip_path.read_bytes()
    inside = (bundle_dir / "index.html").read_text(encoding="utf-8")
    assert "venue-bundle-link" not in inside and "你现在打开的就是离线压缩包里的网站" in inside
    with zipfile.ZipFile(zip_path) as bundle:
        assert not [name for name in bundle.namelist() if name.endswith(".zip")]
