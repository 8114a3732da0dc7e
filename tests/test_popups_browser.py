"""The page's one popup at 360 px (docs/assets/refs/preview.js): its links are 44 px tall, a "?" leads to the page's
one legend (not repeated in every popup), a heading in the cited text stands apart from the text, focus moving on
closes a popup that focus opened, and a grey 裁判法 number of the home grid says what it is when tapped."""

from __future__ import annotations

from reader_steps import open_ready

POPUP = "#ref-preview"


def test_popup_links_are_44_px_and_the_heading_stands_apart(phone_page, site_url, artifacts_dir):
    open_ready(phone_page, site_url + "laws/27/")
    link = phone_page.locator("article a.ref", has_text="第10条C款1").first
    link.scroll_into_view_if_needed()
    link.tap()
    popup = phone_page.locator(POPUP)
    popup.wait_for(state="visible")
    heading = popup.locator(".ref-preview__heading")
    assert heading.count() == 1 and heading.inner_text() == "1.可选择判罚的说明", popup.inner_text()
    weights = heading.evaluate(
        "h => [getComputedStyle(h).fontWeight, getComputedStyle(h.nextElementSibling).fontWeight]"
    )
    assert int(weights[0]) > int(weights[1]), f"the heading is set like the text: {weights}"
    assert popup.locator(".ref-preview__text").first.inner_text().startswith("违规后"), "the heading runs into the text"
    for name in (".ref-preview__go", ".ref-preview__help"):
        box = popup.locator(name).bounding_box()
        assert box["height"] >= 44 and box["width"] >= 24, f"{name} is {box['width']:.0f}×{box['height']:.0f}"
    assert "下划线" not in popup.inner_text(), "the popup repeats the legend"
    legends = phone_page.locator("article #underline-legend")
    assert legends.count() == 1 and "橙色点线＝校勘改动" in legends.inner_text()
    phone_page.screenshot(path=str(artifacts_dir / "popup-heading-and-links.png"))
    popup.locator(".ref-preview__help").tap()
    phone_page.wait_for_function("location.hash === '#underline-legend'")
    assert phone_page.locator(POPUP).count() == 0


def test_focus_moving_on_closes_the_popup(browser, site_url):
    """Keyboard focus opens a reference's popup; focus moving on closes it (or shows the next mark's own popup)."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        open_ready(page, site_url + "laws/27/")
        link = page.locator("article a.ref", has_text="第10条C款1").first
        link.focus()
        page.locator(POPUP).wait_for(state="visible")
        page.keyboard.press("Tab")
        page.wait_for_timeout(400)
        stale = page.evaluate("""() => !!document.getElementById('ref-preview')
          && document.activeElement.getAttribute('aria-describedby') !== 'ref-preview'""")
        assert not stale, "focus moved on and the popup of the mark it left stayed open"
        link.focus()
        page.locator(POPUP).wait_for(state="visible")
        page.evaluate("document.activeElement.blur()")
        page.wait_for_timeout(200)
        assert page.locator(POPUP).count() == 0, "focus left the mark and the popup stayed open"
    finally:
        context.close()


def test_a_grey_regulation_number_says_what_it_is(phone_page, site_url):
    open_ready(phone_page, site_url)
    grey = phone_page.locator(".article-grid span.article-missing").first
    grey.scroll_into_view_if_needed()
    number = grey.inner_text().strip()
    grey.tap()
    popup = phone_page.locator(POPUP)
    popup.wait_for(state="visible")
    assert f"裁判法第{number}条不在本版来源中" in popup.inner_text(), popup.inner_text()
