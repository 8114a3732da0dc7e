"""Pages of the shipped build (issue 25): the traditional edition speaks Material's traditional interface words
(the result-count line too), and a cold load of an article requests each stylesheet once. (The 404 page at
/laws/999/ with 0 failed requests: tests/test_no_outside_requests.py.)"""

from __future__ import annotations

import json
import re
from collections import Counter
from urllib.parse import urlsplit

from conftest import phone_context
from reader_steps import open_search_field
from test_traditional import _simplified_leftovers

CONFIG = re.compile(r'<script id="__config" type="application/json">(?P<json>.*?)</script>', re.DOTALL)
RESULT_META = ".md-search-result__meta"


def test_the_traditional_editions_interface_words_are_traditional(shipped_site):
    site_dir, _ = shipped_site
    pages = sorted((site_dir / "zh-hant").rglob("*.html"))
    assert pages
    leftovers = []
    for page in pages:
        found = CONFIG.search(page.read_text(encoding="utf-8"))
        assert found, f"{page}: no Material configuration"
        words = json.loads(found["json"])["translations"]
        leftovers += [
            f"{page.relative_to(site_dir)}: {key}: {found}"
            for key, text in words.items()
            for found in _simplified_leftovers(text)
        ]
    assert not leftovers, "\n".join(leftovers[:20])


def test_the_traditional_search_result_count_has_no_simplified_character(browser, shipped_url):
    context = phone_context(browser, service_workers="block")
    try:
        page = context.new_page()
        page.goto(shipped_url + "zh-hant/regulations/26/")
        field = open_search_field(page)
        placeholder = page.locator(RESULT_META).text_content().strip()
        for query in ("遲到", "第26條"):
            field.fill(query)
            field.press("End")
            page.wait_for_function(
                "([meta, text]) => document.querySelector(meta).textContent.trim() !== text"
                " && /[0-9]/.test(document.querySelector(meta).textContent)",
                arg=[RESULT_META, placeholder],
                timeout=20_000,
            )
            line = page.locator(RESULT_META).text_content().strip()
            assert not _simplified_leftovers(line), f"{query}: {line}"
            placeholder = line
    finally:
        context.close()


def _recording_server(site_dir, held_page: str):
    """The site served as shipped_url serves it (gzip, ETags), with the path of every request it answers, from a
    page or from its service worker alike: (server, its base URL, the list of paths, `hold`). While `hold` is set,
    `held_page` comes in two parts, as over a network that delivers a page's first packets well before the rest: up
    to the end of its combined stylesheet's link, then, two seconds after the sheet has been sent, the rest (plain,
    not gzip); so the sheet is in before the page's <head> has ended."""
    import functools
    import http.server
    import threading
    import time
    from urllib.parse import unquote, urlsplit

    from conftest import _GzipHandler

    requested: list[str] = []
    hold, sheet_sent = threading.Event(), threading.Event()

    class RecordingHandler(_GzipHandler):
        def send_head(self):
            path = unquote(urlsplit(self.path).path)
            requested.append(path)
            if path != held_page or not hold.is_set():
                return super().send_head()
            sheet_sent.clear()
            html = (site_dir / held_page.strip("/") / "index.html").read_bytes()
            cut = html.index(b" data-rulebook-stylesheet>") + len(b" data-rulebook-stylesheet>")
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(html)))
            self.end_headers()
            self.wfile.write(html[:cut])
            self.wfile.flush()
            sheet_sent.wait(timeout=10)
            time.sleep(2)
            self.wfile.write(html[cut:])
            return None

        def do_GET(self):
            super().do_GET()
            if urlsplit(self.path).path.endswith(".css"):
                sheet_sent.set()

    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(RecordingHandler, directory=str(site_dir))
    )
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/", requested, hold


HASHED_FILE = re.compile(r"\.[0-9a-f]{8}(?:\.min)?\.(?:css|js)$")


def test_a_cold_article_load_requests_each_stylesheet_once_and_applies_it_on_a_phone(browser, shipped_site):
    """Issue 25: each stylesheet is linked once per page, and a cold load requests it once, counted at the server
    over five cold loads of an article on a phone with the service worker allowed: the page's requests and the
    worker's background download of the edition alike. It was requested twice: Material sets every address of the
    page again once it starts (each link fetched again after the load event), and the worker's download asked the
    server again for what the page had just loaded. Loads 2 and 4 get the page's HTML in two parts, the sheet in
    before its <head> has ended: the page's own line that makes the head's addresses full left that sheet's as it
    was on a phone, so Material's set it after the load and the browser asked the server again (a 304; seen once
    by chance under load in a full run). The page's hashed scripts (Material's, the page bundle) are requested once
    too. On a phone the one link's onload widens the sheet to every screen."""
    from test_offline_pwa import _wait_until_controlled

    server, base, requested, hold = _recording_server(shipped_site[0], "/laws/9/")
    try:
        for attempt in range(5):
            held = " (the page in two parts)" if attempt % 2 else ""
            if held:
                hold.set()
            else:
                hold.clear()
            context = phone_context(browser, service_workers="allow")  # a fresh profile: nothing cached
            first = len(requested)
            try:
                page = context.new_page()
                page.goto(base + "laws/9/", wait_until="load")
                page.wait_for_function(
                    "() => document.documentElement.hasAttribute('data-scripts-ready')", timeout=20_000
                )
                _wait_until_controlled(page)  # the worker has stored the edition: its downloads are done
                page.wait_for_timeout(500)
                applied = page.evaluate(
                    "() => { const s = document.querySelector('link[data-rulebook-stylesheet]').sheet;"
                    " return s && s.media.mediaText === 'all' && s.cssRules.length > 100 }"
                )
                assert applied, f"load {attempt + 1}{held}: the combined sheet does not apply on a phone"
                links = page.eval_on_selector_all('link[rel="stylesheet"]', "links => links.map(l => l.href)")
                assert len(links) == len(set(links)), f"a stylesheet linked twice: {links}"
                scripts = page.eval_on_selector_all("script[src]", "scripts => scripts.map(s => s.src)")
            finally:
                context.close()
            paths = requested[first:]
            sheets = Counter(path for path in paths if path.endswith(".css"))
            assert sheets, f"load {attempt + 1}{held}: no stylesheet requested: {paths}"
            twice = {path: n for path, n in sheets.items() if n > 1}
            assert not twice, f"load {attempt + 1}{held}: stylesheets requested more than once: {twice}"
            hashed = [urlsplit(src).path for src in scripts if HASHED_FILE.search(urlsplit(src).path)]
            assert len(hashed) >= 2, f"the page's hashed scripts: {scripts}"
            twice = {path: paths.count(path) for path in hashed if paths.count(path) != 1}
            assert not twice, f"load {attempt + 1}{held}: scripts not requested exactly once: {twice}"
    finally:
        server.shutdown()
        server.server_close()


def test_offline_a_page_not_stored_yet_says_so_in_chinese(browser, shipped_site, artifacts_dir):
    """Issue 20: on the installed site with the network cut, a never-opened missing-Law page (stored only once
    opened) gets the not-saved-yet page with the jump box and a way home, not the 404 text."""
    from conftest import serve_directory
    from test_offline_pwa import _wait_until_controlled

    site_dir, _ = shipped_site
    server = serve_directory(site_dir)
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    context = phone_context(browser, service_workers="allow")
    try:
        page = context.new_page()
        page.goto(base)
        _wait_until_controlled(page)
        server.shutdown()
        server.server_close()
        context.set_offline(True)
        response = page.goto(base + "laws/64/")
        assert response is not None and response.from_service_worker
        heading = page.locator("h1[data-offline-fallback]")
        assert heading.inner_text() == "这一页还没有保存在这台设备上"
        body = page.locator("article").inner_text()
        assert "找不到这一页" not in body and "没有网络" in body
        assert page.locator("form[data-article-jump]").is_visible()
        home = page.locator("a[data-site-home]").get_attribute("href")
        assert page.evaluate("(href) => new URL(href, document.baseURI).href", home) == base
        assert page.evaluate("getComputedStyle(document.querySelector('.md-header')).position") in ("sticky", "fixed")
        page.screenshot(path=str(artifacts_dir / "offline-not-saved-yet.png"))
        page.goto(base + "zh-hant/laws/64/")  # an edition never opened: its own fallback is not stored either
        assert page.locator("h1[data-offline-fallback]").count() == 1
        page.goto(base + "laws/9/")  # a page the background download stored still opens
        assert "第9条" in page.locator("article h1").first.inner_text()
    finally:
        context.close()


def test_every_page_of_both_editions_is_in_the_zip_and_opens_from_file(browser, bundle_dir):
    """Issue 20: the venue zip holds every page of the hosted site, both scripts, the missing-Law pages included
    (`laws/64/` as `laws/64.html`); a missing-Law page and traditional pages open from file:// with nothing failing."""
    from conftest import ROOT

    pages = [p.relative_to(ROOT / "docs").with_suffix(".html").as_posix() for p in (ROOT / "docs").rglob("*.md")]
    expected = {prefix + page for page in pages for prefix in ("", "zh-hant/")}
    missing = sorted(rel for rel in expected if not (bundle_dir / rel).is_file())
    assert not missing, f"{len(missing)} pages not in the zip, e.g. {missing[:10]}"
    assert {"laws/64.html", "zh-hant/laws/64.html", "zh-hant/regulations/26.html"} <= expected
    context = browser.new_context()
    try:
        for rel in ("laws/64.html", "zh-hant/laws/64.html", "zh-hant/regulations/26.html", "zh-hant/index.html"):
            page = context.new_page()
            failed = []
            page.on("requestfailed", lambda request, seen=failed: seen.append(request.url))
            page.goto((bundle_dir / rel).as_uri(), wait_until="load")
            assert page.locator("h1").first.inner_text().strip(), rel
            assert not failed, f"{rel}: {failed}"
            page.close()
    finally:
        context.close()
