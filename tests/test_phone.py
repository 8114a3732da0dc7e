"""Reading on a phone (360×740): no sideways scrolling, readable type, 44 px tap targets, dark mode, the
article number in view whenever the header is (it comes back on any scroll up), and an article's first load within the
weight budget."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conftest import PHONE
from reader_steps import calculator_page, longest_article, reach_calculators, run_search, url_of, open_ready

PHONE_CHECKS = (Path(__file__).parent / "phone_checks.js").read_text(encoding="utf-8")
MIN_FONT_PX = 16
MIN_LINE_HEIGHT = 1.4
ARTICLE_BUDGET_BYTES = 250_000  # first load of an article page over http, gzip, everything it fetches
ARTICLE_NUMBER = re.compile(r"第\s*\d+(?:-\d+)?\s*[条條]")


@pytest.fixture
def phone(browser):
    """A phone-sized page of its own, service workers off (so each load is a plain first load)."""
    context = browser.new_context(service_workers="block", **PHONE)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors
    yield page
    context.close()


def _check_layout(page, where: str) -> None:
    measured = page.evaluate(PHONE_CHECKS)
    assert measured["viewport"]["width"] == 360 and measured["scrollWidth"] <= 360, (
        f"{where}: page scrolls sideways ({measured['scrollWidth']} px wide in a {measured['viewport']['width']} px"
        f" layout viewport); elements past the right edge: {measured['wide']}"
    )
    assert not measured["smallTargets"], f"{where}: tap targets under 44 px: {measured['smallTargets']}"
    if measured["fontSize"] is not None:
        assert measured["fontSize"] >= MIN_FONT_PX, f"{where}: body text is {measured['fontSize']} px"
        assert measured["lineHeight"] >= MIN_LINE_HEIGHT, f"{where}: line height {measured['lineHeight']:.2f}"


def _pages(site_dir: Path) -> dict[str, Path]:
    pages = {"home": site_dir / "index.html", "long-article": longest_article(site_dir)}
    calculator = calculator_page(site_dir)
    if calculator is not None:
        pages["calculator"] = calculator
    return pages


@pytest.mark.parametrize("edition", ["", "zh-hant/"])
def test_pages_fit_a_phone(phone, shipped_site, shipped_url, artifacts_dir, edition):
    site_dir = shipped_site[0] / edition.rstrip("/") if edition else shipped_site[0]
    for name, path in _pages(site_dir).items():
        open_ready(phone, url_of(path, site_dir, shipped_url + edition))
        if name == "calculator":
            reach_calculators(phone)
            phone.locator(".penalty-calculator").first.scroll_into_view_if_needed()
        _check_layout(phone, f"{edition}{name} ({path.relative_to(site_dir)})")
        phone.screenshot(path=artifacts_dir / f"phone-{name}{'-zh-hant' if edition else ''}.png")
        phone.screenshot(path=artifacts_dir / f"phone-{name}{'-zh-hant' if edition else ''}-full.png", full_page=True)
    # The navigation drawer, opened as a reader does.
    phone.locator('label.md-header__button[for="__drawer"]').first.click()
    phone.wait_for_timeout(400)
    _check_layout(phone, f"{edition}navigation drawer")
    phone.screenshot(path=artifacts_dir / f"phone-drawer{'-zh-hant' if edition else ''}.png")


def test_search_results_fit_a_phone(phone, shipped_site, shipped_url, artifacts_dir):
    site_dir = shipped_site[0]
    article = longest_article(site_dir)
    open_ready(phone, url_of(article, site_dir, shipped_url))
    title = phone.locator("article h1").first.inner_text()
    words = [w for w in re.findall(r"[\u4e00-\u9fff]{2,}", title) if not ARTICLE_NUMBER.fullmatch(w)]
    # Record the widest the page gets while the search opens (Material's overlay grows for 0.4 s).
    phone.evaluate(
        """() => { window.__widest = 0; const sample = () => { window.__widest = Math.max(window.__widest,
             document.documentElement.scrollWidth, window.innerWidth);
             if (!window.__stop) requestAnimationFrame(sample); };
           requestAnimationFrame(sample); }"""
    )
    results = run_search(phone, words[0][:2])
    assert results
    phone.wait_for_timeout(800)
    widest = phone.evaluate("() => { window.__stop = true; return window.__widest; }")
    assert widest <= 360, f"the page grew to {widest} px while the search opened (phones zoom out)"
    _check_layout(phone, "search results")
    phone.screenshot(path=artifacts_dir / "phone-search.png")


def test_article_number_stays_visible_while_scrolling(phone, shipped_site, shipped_url, artifacts_dir):
    site_dir = shipped_site[0]
    article = longest_article(site_dir)
    open_ready(phone, url_of(article, site_dir, shipped_url))
    number = ARTICLE_NUMBER.search(phone.locator("article h1").first.inner_text())
    assert number, "the article's heading carries no article number"
    height = phone.evaluate("document.documentElement.scrollHeight")
    assert height > 3 * 740, f"{article} is not long enough to test scrolling ({height} px)"
    for fraction in (0.3, 0.6, 0.9):
        # the header slides away while the reader reads down (tests/test_first_screen_browser.py) and comes back,
        # with the number, on the way up
        phone.evaluate(f"window.scrollTo(0, document.documentElement.scrollHeight * {fraction})")
        phone.wait_for_timeout(200)
        phone.mouse.wheel(0, -60)
        phone.wait_for_timeout(400)
        shown = phone.evaluate(
            """(number) => {
                 for (const el of document.querySelectorAll("body *")) {
                   if (el.children.length || !el.textContent.replace(/\\s+/g, "").includes(number)) continue;
                   const box = el.getBoundingClientRect();
                   if (box.top < 0 || box.bottom > 120 || box.width === 0) continue;  // in the top bar area
                   let visible = true;
                   for (let node = el; node; node = node.parentElement) {
                     const s = getComputedStyle(node);
                     if (Number(s.opacity) < 0.5 || s.visibility === "hidden" || s.display === "none") visible = false;
                   }
                   const hit = document.elementFromPoint(box.left + Math.min(box.width, 40) / 2,
                                                         box.top + box.height / 2);
                   if (visible && hit && (el.contains(hit) || hit.contains(el))) return el.textContent.trim();
                 }
                 return null;
               }""",
            number.group(0).replace(" ", ""),
        )
        assert shown, (
            f"scrolled to {fraction:.0%} of {article.parent.name}: {number.group(0)} is not visible at the top"
        )
    phone.screenshot(path=artifacts_dir / "phone-long-article-scrolled.png")


def _luminance(css_color: str) -> float:
    r, g, b = (int(v) / 255 for v in re.findall(r"[\d.]+", css_color)[:3])
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in (r, g, b)]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


@pytest.mark.parametrize("scheme, expected", [("dark", "slate"), ("light", "default")])
def test_colour_scheme_follows_the_phone(browser, shipped_site, shipped_url, artifacts_dir, scheme, expected):
    site_dir = shipped_site[0]
    context = browser.new_context(color_scheme=scheme, service_workers="block", **PHONE)
    page = context.new_page()
    open_ready(page, url_of(longest_article(site_dir), site_dir, shipped_url))
    colours = page.evaluate(
        """() => { const body = document.body, text = document.querySelector("article p, article li");
                   return { scheme: body.getAttribute("data-md-color-scheme"),
                            background: getComputedStyle(body).backgroundColor,
                            text: getComputedStyle(text).color }; }"""
    )
    page.screenshot(path=artifacts_dir / f"phone-long-article-{scheme}.png")
    context.close()
    assert colours["scheme"] == expected
    background, text = _luminance(colours["background"]), _luminance(colours["text"])
    assert (background < 0.1) == (scheme == "dark"), f"{scheme} mode background is {colours['background']}"
    contrast = (max(background, text) + 0.05) / (min(background, text) + 0.05)
    assert contrast >= 4.5, (
        f"{scheme} mode text contrast {contrast:.1f}:1 ({colours['text']} on {colours['background']})"
    )


def test_article_first_load_within_weight_budget(browser, shipped_site, artifacts_dir):
    """Every byte the server sends (gzip where a host would compress) for a first visit to the longest
    article, including the search worker and index. The service worker's background precache is not part of
    a page load (blocked here); scripts/site/build.py prints its size."""
    import functools
    import http.server
    import threading

    from conftest import CountingWriter, _GzipHandler

    site_dir = shipped_site[0]
    article = longest_article(site_dir)
    sent: dict[str, int] = {}

    class CountingHandler(_GzipHandler):
        def setup(self):
            super().setup()
            self.wfile = CountingWriter(self.wfile)

        def finish(self):
            sent[self.path] = sent.get(self.path, 0) + self.wfile.count
            super().finish()

    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(CountingHandler, directory=str(site_dir))
    )
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    context = browser.new_context(service_workers="block", **PHONE)
    try:
        page = context.new_page()
        page.goto(url_of(article, site_dir, base), wait_until="networkidle")
        page.wait_for_timeout(1000)  # the search worker fetches its index after load
        page.wait_for_load_state("networkidle")
    finally:
        context.close()
        server.shutdown()
        server.server_close()
    total = sum(sent.values())
    report = "\n".join(f"{size:>8} {path}" for path, size in sorted(sent.items(), key=lambda kv: -kv[1]))
    (artifacts_dir / "article-weight.txt").write_text(
        f"{total} bytes for {article.relative_to(site_dir)}\n{report}\n", encoding="utf-8"
    )
    assert any("search_index" in path for path in sent), "the search index was not loaded: the budget would miss it"
    assert total <= ARTICLE_BUDGET_BYTES, (
        f"first load of {article.relative_to(site_dir)}: {total} bytes > {ARTICLE_BUDGET_BYTES}\n{report}"
    )


@pytest.mark.parametrize("path", ["regulations/29/", "laws/27/", "zh-hant/regulations/29/"])
def test_a_short_title_takes_one_line_beside_the_script_switch(phone, shipped_url, artifacts_dir, path):
    """第29条 叫牌体系 fits one line at 360 px; nothing invisible (the title's ¶ permalink) may push a second line
    under it, which left a tall empty gap between the title and the article's book and section line."""
    open_ready(phone, shipped_url + path)
    title = phone.locator("article h1").first
    height, line = title.evaluate("h => [h.getBoundingClientRect().height, parseFloat(getComputedStyle(h).lineHeight)]")
    assert height < 1.5 * line, f"{path}: the title is {height:.0f} px tall, {height / line:.1f} lines of {line:.0f} px"
    phone.screenshot(path=artifacts_dir / f"phone-title-{path.strip('/').replace('/', '-')}.png")
