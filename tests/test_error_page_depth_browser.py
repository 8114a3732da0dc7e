"""The 404 page works at any depth (issue 46): a host serves it for /laws/999/ and /a/b/c/d/, and there its
scripts, sitemap.xml and search index come from the site root (before, Material resolved `__config.base` '.' against
the missing address: sitemap.xml and the search index were asked for under /a/b/c/d/, two failed loads, and search
never started), and search runs. The venue zip's 404.html (file://, at the bundle's root) loads everything too."""

from __future__ import annotations

import functools
import http.server
import threading

import pytest

from conftest import HostHandler
from reader_steps import run_search


@pytest.fixture(scope="module")
def host_url(built_site):
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(HostHandler, directory=str(built_site))
    )
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


@pytest.mark.parametrize("path", ["laws/999/", "a/b/c/d/"])
def test_the_404_page_loads_from_the_root_and_searches_at_any_depth(open_phone_page, host_url, path, artifacts_dir):
    page = open_phone_page(360, 740)
    bad = []
    page.on(
        "response", lambda r: bad.append((r.url, r.status)) if r.status >= 400 and r.url != host_url + path else None
    )
    page.on("requestfailed", lambda r: bad.append((r.url, r.failure)))
    page.goto(host_url + path, wait_until="load")
    assert page.locator("h1").first.inner_text() == "找不到这一页"
    links = run_search(page, "迟到")
    assert links and all(link.startswith(host_url) and "/a/b/" not in link for link in links), links
    page.wait_for_timeout(500)
    assert not bad, bad  # sitemap.xml, the search index and every script from the site root
    asked = page.evaluate("performance.getEntriesByType('resource').map(e => e.name)")
    assert any(url == host_url + "sitemap.xml" for url in asked), asked
    page.screenshot(path=str(artifacts_dir / f"error-page-{path.strip('/').replace('/', '-')}-360.png"))
