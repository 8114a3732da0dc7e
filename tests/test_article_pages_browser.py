"""Article pages in headless chromium at phone width: no horizontal scrolling, anchors, errata marks, the home jump."""

from __future__ import annotations

from urllib.parse import unquote

import pytest

from reader_steps import open_ready

PAGES = ["regulations/26/", "regulations/34/", "laws/9/", "laws/13/", "laws/2/", "regulations/45/", "regulations/52/"]


@pytest.fixture
def page_375(open_phone_page):
    return open_phone_page(375, 812)


@pytest.mark.parametrize("path", PAGES)
def test_article_has_no_horizontal_scrolling_at_375px(page_375, site_url, artifacts_dir, path):
    open_ready(page_375, site_url + path)
    page_375.wait_for_selector("h1")
    widths = page_375.evaluate("() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    name = path.strip("/").replace("/", "-")
    page_375.screenshot(path=str(artifacts_dir / f"article-375-{name}.png"), full_page=False)
    assert widths[0] <= widths[1], (
        f"{path}: page is {widths[0]} px wide in a {widths[1]} px viewport (horizontal scrolling)"
    )


def test_clause_anchor_is_a_visible_permalink(page_375, site_url):
    open_ready(page_375, site_url + "regulations/26/#一-2")
    label = page_375.locator('[id="一-2"] a.clause-label')
    assert label.is_visible()
    assert (
        unquote(label.get_attribute("href")).endswith("regulations/26/#一-2") or label.get_attribute("href") == "#一-2"
    )
    assert "淘汰赛" in page_375.locator('[id="一-2"]').inner_text()


def test_corrected_spot_shows_the_original_on_tap(page_375, site_url):
    # issue 11: the original shows in the page's one popup (assets/refs/preview.js), no longer in a CSS ::after box
    # beside a title tooltip (the two overlapped and widened the page)
    open_ready(page_375, site_url + "laws/40/")
    mark = page_375.locator("ins.erratum", has_text="引入歧途").first
    assert "引人歧途" in mark.get_attribute("data-original") and mark.get_attribute("title") is None
    mark.tap()
    assert "引人歧途" in page_375.locator("#ref-preview").inner_text()


def open_home(page, site_url):
    """The home page with its scripts started (they run after the first paint; a tap before that submits the form)."""
    open_ready(page, site_url)


def test_home_jump_opens_the_article_in_one_tap(page_375, site_url):
    open_home(page_375, site_url)
    page_375.fill("#article-jump-number", "26")
    page_375.locator("form[data-article-jump] button[value=regulations]").tap()
    # Material's instant navigation swaps the page without a load event: wait for the new heading
    page_375.wait_for_function(
        "() => location.pathname.endsWith('/regulations/26/') && document.querySelector('h1')?.textContent.includes('第"
        "26条')"
    )
    # issue 11: a Law the sources lack is a page of its own; a regulation number without a page gets a message
    open_home(page_375, site_url)
    page_375.fill("#article-jump-number", "60")
    page_375.locator("form[data-article-jump] button[value=laws]").tap()
    page_375.wait_for_function(
        "() => location.pathname.endsWith('/laws/60/') && document.querySelector('h1')?.textContent.includes('第60条')"
    )
    open_home(page_375, site_url)
    page_375.fill("#article-jump-number", "5")
    page_375.locator("form[data-article-jump] button[value=regulations]").tap()
    page_375.wait_for_function(
        "() => (document.querySelector('.article-jump-message')?.textContent || '').includes('裁判法第5条不在本版来源中')"
    )
