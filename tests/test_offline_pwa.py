"""The phone that was online once: the hosted site installs as an app and keeps working with no network."""

from __future__ import annotations

import json
import re
import struct

import pytest

from conftest import PHONE, serve_directory
from reader_steps import (
    article_with_cross_reference,
    calculator_page,
    follow_cross_reference,
    run_search,
    url_of,
    use_calculator,
    open_ready,
)


def _manifest_href(html: str) -> str:
    found = re.search(r'<link rel="manifest" href="(?P<href>[^"]+)"', html)
    assert found, "no <link rel=manifest>"
    return found.group("href")


def test_every_hosted_page_links_the_one_manifest(shipped_site):
    site_dir, _ = shipped_site
    manifests = set()
    for page in sorted(site_dir.rglob("*.html")):
        href = _manifest_href(page.read_text(encoding="utf-8"))
        # every page links relative to itself (404.html from the site root, where hosts serve it from: issue 10)
        manifests.add((site_dir / href.lstrip("/") if href.startswith("/") else page.parent / href).resolve())
    assert manifests == {(site_dir / "assets/pwa/manifest.webmanifest").resolve()}, manifests


def test_manifest_names_the_site_root_and_real_icons(shipped_site):
    site_dir, _ = shipped_site
    manifest_path = site_dir / "assets/pwa/manifest.webmanifest"
    manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    for key in ("start_url", "scope"):
        assert (manifest_path.parent / manifest[key]).resolve() == site_dir.resolve(), (
            f"{key} {manifest[key]!r} is not the site root"
        )
    assert manifest["display"] == "standalone"
    sizes = set()
    for icon in manifest["icons"]:
        png = (manifest_path.parent / icon["src"]).read_bytes()
        assert png[:8] == b"\x89PNG\r\n\x1a\n", f"{icon['src']} is not a PNG"
        width, height = struct.unpack(">II", png[16:24])
        assert f"{width}x{height}" == icon["sizes"], f"{icon['src']} is {width}x{height}, manifest says {icon['sizes']}"
        sizes.add(width)
    assert {192, 512} <= sizes, "installable apps need 192 and 512 px icons"


def _precache(site_dir) -> dict[str, list[str]]:
    """sw.js's precache lists: {'shared': [...], 'hans': [...], 'hant': [...]}."""
    source = (site_dir / "sw.js").read_text(encoding="utf-8")
    return json.loads(re.search(r"const PRECACHE = (?P<lists>\{.*?\});", source, re.S).group("lists"))


def test_service_worker_precaches_every_page_of_both_editions(shipped_site):
    """Every page with rule text is in the list of its edition (a phone stores the edition it reads, issue 11); the
    editor pages and the missing-Law pages are stored when opened (issue 11's 800 KB budget), and only those."""
    from scripts.site.pwa import STORED_PAGE, is_on_demand

    site_dir, _ = shipped_site
    lists = _precache(site_dir)
    precache = [url for urls in lists.values() for url in urls]
    assert not [url for url in lists["hans"] if url.startswith("zh-hant/")]
    assert lists["hant"] and all(url.startswith("zh-hant/") for url in lists["hant"])
    # a page's stored copy (the page without its inline first-screen rules) is stored under the page's own URL
    every_page = {
        path.relative_to(site_dir).as_posix() for path in site_dir.rglob("*.html") if path.name != STORED_PAGE
    }
    on_demand = {page for page in every_page if is_on_demand(site_dir, page.removesuffix("index.html") or "./")}
    assert on_demand and all(
        page.startswith(("about/", "zh-hant/about/", "laws/", "zh-hant/laws/")) for page in on_demand
    ), on_demand
    assert "laws/27/index.html" not in on_demand and "regulations/26/index.html" not in on_demand
    pages = every_page - on_demand
    spelled = {url + "index.html" if url.endswith("/") else url for url in precache}
    spelled = {url.removeprefix("./") for url in spelled}
    assert pages <= spelled, f"pages not precached: {sorted(pages - spelled)[:10]}"
    for url in spelled:
        assert (site_dir / url).is_file(), f"sw.js precaches {url!r}, which is not in the site"
    for url in precache:
        if url.endswith("/"):
            assert (site_dir / url.removeprefix("./") / STORED_PAGE).is_file(), (
                f"{url} has no copy for the service worker"
            )
    for needed in ("search/search_index.json", "zh-hant/search/search_index.json", "sitemap.xml"):
        assert needed in spelled, f"{needed} must be precached for offline search/navigation"


def _later(site_dir) -> dict[str, list[str]]:
    """sw.js's second stage: {'hans': [...], 'hant': [...]}."""
    source = (site_dir / "sw.js").read_text(encoding="utf-8")
    return json.loads(re.search(r"const LATER = (?P<lists>\{.*?\});", source, re.S).group("lists"))


def test_the_second_stage_holds_every_page_the_first_download_leaves_out(shipped_site):
    """Every page is stored in one of the two stages: what the first download leaves out (the missing-Law pages, the
    editor pages) is the second stage of its edition, which the worker stores in the background after install."""
    from scripts.site.pwa import STORED_PAGE, is_on_demand, precache_urls

    site_dir, _ = shipped_site
    later = _later(site_dir)
    pages = {
        (path.relative_to(site_dir).as_posix().removesuffix("index.html") or "./")
        for path in site_dir.rglob("index.html")
    }
    on_demand = {page for page in pages if is_on_demand(site_dir, page)}
    assert {f"laws/{n}/" for n in (14, 61, 64, 93)} <= set(later["hans"])
    assert {f"zh-hant/laws/{n}/" for n in (14, 61, 64, 93)} <= set(later["hant"])
    later_all = set(later["hans"]) | set(later["hant"])
    later_pages = {url for url in later_all if url.endswith("/")}
    assert later_pages == on_demand
    # besides pages, what only a query or those pages read: the pinyin table, the plans of 规则第77、78条's calculators
    files = {url for url in precache_urls(site_dir) if not url.endswith("/") and is_on_demand(site_dir, url)}
    assert later_all - later_pages == files
    assert {"assets/generated/plans/score.js", "zh-hant/assets/generated/plans/imps.js"} <= files
    assert "assets/generated/plans/lateness.js" not in files  # 裁判法第26条 is in the first download
    assert any(url.startswith("search/pinyin.") for url in later["hans"])
    assert not set(later["hans"]) & set(_precache(site_dir)["hans"])
    assert all((site_dir / url / STORED_PAGE).is_file() for url in later_pages)
    assert "download/" not in "".join(url for urls in _precache(site_dir).values() for url in urls)


def test_a_reader_downloads_at_most_800_kb_for_offline_use(shipped_site):
    """Issue 11: the background download of one edition (shared files + its pages, scripts, search index),
    compressed as a server sends it, stays within 800 KB."""
    from scripts.site.pwa import precache_bytes

    site_dir, _ = shipped_site
    for edition in ("hans", "hant"):
        size = precache_bytes(site_dir, edition, compressed=True)
        assert size <= 800 * 1024, f"the {edition} edition precaches {size // 1024} KB gzip (> 800 KB)"


@pytest.fixture
def online_once(browser, shipped_site):
    """A phone that visits the hosted site once over http; `go_offline()` then stops the server for good."""
    site_dir, _ = shipped_site
    server = serve_directory(site_dir)
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    context = browser.new_context(service_workers="allow", **PHONE)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))

    def go_offline():
        server.shutdown()
        server.server_close()
        context.set_offline(True)

    yield page, base, go_offline, errors
    context.close()
    server.server_close()


def _wait_until_controlled(page) -> int:
    """Wait for the service worker to finish precaching and take control; return how many URLs it cached."""
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=30_000)
    return page.evaluate(
        """async () => { let n = 0;
             for (const key of await caches.keys()) n += (await (await caches.open(key)).keys()).length; return n; }"""
    )


def test_site_is_installable(browser, shipped_site, tmp_path):
    """Chromium's own installability check, in a persistent (non-incognito) profile as a phone's would be."""
    import shutil

    from conftest import CHROMIUM_ARGS

    server = serve_directory(shipped_site[0])
    try:
        context = browser.browser_type.launch_persistent_context(
            str(tmp_path / "profile"),
            executable_path=shutil.which("chromium"),
            args=CHROMIUM_ARGS,
            headless=True,
            **PHONE,
        )
        try:
            page = context.new_page()
            open_ready(page, f"http://127.0.0.1:{server.server_address[1]}/")
            _wait_until_controlled(page)
            session = context.new_cdp_session(page)
            manifest = session.send("Page.getAppManifest")
            problems = session.send("Page.getInstallabilityErrors")["installabilityErrors"]
        finally:
            context.close()
    finally:
        server.shutdown()
        server.server_close()
    assert manifest["url"].endswith("/assets/pwa/manifest.webmanifest"), manifest["url"]
    assert not manifest["errors"], f"manifest problems: {manifest['errors']}"
    assert not problems, f"chromium says the site is not installable: {problems}"


def test_site_works_offline_after_one_visit(online_once, shipped_site, artifacts_dir):
    site_dir, _ = shipped_site
    page, base, go_offline, errors = online_once
    open_ready(page, base)
    cached = _wait_until_controlled(page)
    lists = _precache(site_dir)
    needed = len(lists["shared"]) + len(lists["hans"])  # the simplified edition, which the reader opened
    assert cached >= needed, f"service worker cached {cached} of {needed} files"
    # issue 11: the other script edition is stored on the reader's first visit to it, not before
    open_ready(page, base + "zh-hant/")
    page.wait_for_function(
        """async () => { for (const key of await caches.keys())
             if (await (await caches.open(key)).match(
                   new URL("zh-hant/search/search_index.json", location.href).href)) return true;
           return false; }""",
        timeout=60_000,
        polling=500,
    )

    from playwright.sync_api import Error as PlaywrightError  # as conftest's browser fixture: only where one runs

    go_offline()
    with pytest.raises(PlaywrightError):  # the network really is gone
        page.context.request.get(base + "sitemap.xml", timeout=3_000)

    article = article_with_cross_reference(site_dir)
    response = page.goto(url_of(article, site_dir, base))
    assert response is not None and response.ok and response.from_service_worker
    heading = page.locator("article h1").first.inner_text()
    assert heading, "offline article page has no heading"

    reached = follow_cross_reference(page)
    assert reached.startswith(base), reached

    results = run_search(page, _title_word(page))
    assert results, "offline search found nothing"
    page.screenshot(path=artifacts_dir / "pwa-offline-search.png")

    response = page.goto(base + "zh-hant/")
    assert response is not None and response.ok, "the traditional edition is not available offline"

    calculator = calculator_page(site_dir)
    if calculator is not None:
        open_ready(page, url_of(calculator, site_dir, base))
        before, after = use_calculator(page)
        assert before != after
    assert not errors, "script errors offline:\n" + "\n".join(errors)


def _title_word(page) -> str:
    """Two characters of the current article's title (after its number): search must find the article."""
    title = page.locator("article h1").first.inner_text()
    words = [w for w in re.findall(r"[\u4e00-\u9fff]{2,}", title) if not re.fullmatch(r"第.*条", w)]
    assert words, f"no Chinese word in the title {title!r}"
    return words[0][:2]


def _wait_until_stored(page, url: str, timeout: float) -> None:
    """Poll the page's view of the caches until `url` (relative to the site) is stored: page.wait_for_function takes
    the promise an async predicate returns for a true value at once, so the polling is here."""
    import time

    deadline = time.monotonic() + timeout
    while not page.evaluate(
        """async (url) => { for (const key of await caches.keys())
             if (await (await caches.open(key)).match(new URL(url, location.href).href)) return true;
           return false; }""",
        url,
    ):
        assert time.monotonic() < deadline, f"{url} not stored within {timeout} s"
        page.wait_for_timeout(500)


def test_every_missing_law_page_opens_offline_after_install(online_once, shipped_site, artifacts_dir):
    """Search offers the pages of the Laws the sources lack (规则第61–70条 and the rest): once the site is installed,
    the worker stores them in the background (its second stage), and offline every one of them opens; a page of the
    second stage not yet stored when the network goes says so (offline.html) rather than failing."""
    site_dir, _ = shipped_site
    page, base, go_offline, errors = online_once
    where = []  # each script error with the page it happened on
    page.on("pageerror", lambda error: where.append(f"{page.url}: {error}"))
    open_ready(page, base)
    _wait_until_controlled(page)
    _wait_until_stored(page, "__rulebook_edition__/hans-later", timeout=120)
    later = _later(site_dir)["hans"]
    missing_laws = [url for url in later if url.startswith("laws/")]
    assert len(missing_laws) >= 56, missing_laws
    go_offline()
    for url in missing_laws:
        response = page.goto(base + url)
        assert response is not None and response.ok and response.from_service_worker, url
        assert page.locator(".missing-next-step").count() == 1, f"{url} offline is not its page: {page.title()}"
        assert page.locator("[data-offline-fallback]").count() == 0, url
    page.screenshot(path=artifacts_dir / "pwa-offline-missing-law.png")
    assert not errors, "script errors offline:\n" + "\n".join(where)
    # the other edition is not stored (never opened): its missing-Law page says it is not stored yet (Material's
    # bundle on that fallback page, at that depth, fails to fetch its sitemap and search index: not counted here)
    response = page.goto(base + "zh-hant/laws/64/")
    assert response is not None and page.locator("[data-offline-fallback]").count() == 1
