"""Reference previews in headless chromium: first tap previews on a phone, second tap follows; hover on a desktop;
file://."""

from __future__ import annotations

import pytest

from reader_steps import HeldScript, open_ready

POPOVER = "#ref-preview"


def ref(page, text):
    return page.locator("article a.ref", has_text=text).first


def test_first_tap_previews_the_cited_law_and_second_tap_follows_it(phone_page, site_url, artifacts_dir):
    open_ready(phone_page, site_url + "laws/24/")
    link = ref(phone_page, "第23条")
    link.scroll_into_view_if_needed()
    link.tap()
    popover = phone_page.locator(POPOVER)
    popover.wait_for(state="visible")
    assert "第23条 有损害的强制性不叫" in popover.inner_text()
    assert "许多对竞叫阶段中违规的判罚条款" in popover.inner_text()
    assert phone_page.url.endswith("/laws/24/"), "the first tap must not leave the page"
    box, width = popover.bounding_box(), phone_page.viewport_size["width"]
    assert box["x"] >= 0 and box["x"] + box["width"] <= width, f"popover {box} spills out of a {width} px screen"
    phone_page.screenshot(path=str(artifacts_dir / "reference-preview-phone.png"))
    link.tap()
    phone_page.wait_for_function(
        "() => location.pathname.endsWith('/laws/23/') && document.querySelector('h1').textContent.includes('第23条')"
    )
    assert phone_page.locator(POPOVER).count() == 0


def test_preview_survives_instant_navigation(phone_page, site_url):
    open_ready(phone_page, site_url + "laws/24/")
    link = ref(phone_page, "第23条")
    link.tap()
    link.tap()
    phone_page.wait_for_function("() => location.pathname.endsWith('/laws/23/')")
    back = ref(phone_page, "第72条B款1")
    back.scroll_into_view_if_needed()
    back.tap()
    assert "不在本版来源中" in phone_page.locator(POPOVER).inner_text()


def test_a_second_tap_before_the_preview_texts_arrive_follows_the_link(phone_page, site_url):
    """On a slow network the preview texts come on the first tap; a reader who taps the reference again before they
    arrive wants the link itself, and gets it (the popup's texts are held back here)."""
    texts = HeldScript(phone_page, "**/assets/generated/ref-previews.js*")
    open_ready(phone_page, site_url + "laws/24/")
    link = ref(phone_page, "第23条")
    link.scroll_into_view_if_needed()
    link.tap()
    texts.wait_until_asked()
    link.tap()
    phone_page.wait_for_function("() => location.pathname.endsWith('/laws/23/')")
    texts.release()


@pytest.mark.parametrize(
    "path,text,expected",
    [
        ("laws/13/", "第14条", "规则第14条不在本版来源中"),
        ("regulations/23/", "规则9A2(b)(1)", "在打牌阶段明手不得指出违规"),
        ("regulations/28/", "本条（一）1款", "团体赛"),
        ("laws/32/", "参阅第23条", "原文：參閱第刀條"),  # a corrected reference shows its erratum note in the preview
    ],
)
def test_preview_shows_the_target_text(phone_page, site_url, path, text, expected):
    open_ready(phone_page, site_url + path)
    link = ref(phone_page, text)
    link.scroll_into_view_if_needed()
    link.tap()
    assert expected in phone_page.locator(POPOVER).inner_text()


def test_tap_elsewhere_closes_the_preview(phone_page, site_url):
    open_ready(phone_page, site_url + "laws/24/")
    ref(phone_page, "第23条").tap()
    phone_page.locator(POPOVER).wait_for(state="visible")
    # a plain spot of the rule text: no reference, mark or link under the finger (the header's title now leads home,
    # and a tap there navigated while the test waited on it: once the run hung for an hour)
    spot = phone_page.evaluate(PLAIN_TEXT_SPOT)
    assert spot, "laws/24 shows no plain rule text beside the popup"
    phone_page.touchscreen.tap(*spot)
    phone_page.locator(POPOVER).wait_for(state="detached", timeout=5_000)
    assert phone_page.locator(POPOVER).count() == 0
    assert phone_page.url.endswith("laws/24/"), f"the tap followed a link: {phone_page.url}"


# the first point of an article paragraph, on the screen, whose topmost element is the paragraph itself
PLAIN_TEXT_SPOT = """() => {
  for (const p of document.querySelectorAll("article p")) {
    const r = p.getBoundingClientRect();
    if (r.top < 60 || r.bottom > innerHeight) continue;
    for (let y = r.top + 4; y < r.bottom; y += 8)
      for (let x = r.left + 4; x < r.right; x += 8)
        if (document.elementFromPoint(x, y) === p) return [x, y];
  }
  return null;
}"""


@pytest.fixture
def desktop_page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    yield page
    context.close()


def point_at(page, target, popover, tries: int = 3) -> None:
    """Rest the mouse on `target` until its popup shows, as a reader does: a layout change after the page is
    ready (CI once saw one) can move the reference from under a mouse that has not moved, and Chrome then reports
    the mouse leaving it; the reader moves the mouse back onto it."""
    for attempt in range(tries):
        target.hover()
        try:
            popover.wait_for(state="visible", timeout=3_000)
            return
        except Exception:
            if attempt == tries - 1:
                raise
            page.mouse.move(0, 0)


def test_hover_previews_on_a_desktop(desktop_page, site_url):
    open_ready(desktop_page, site_url + "laws/20/")
    popover = desktop_page.locator(POPOVER)
    point_at(desktop_page, ref(desktop_page, "第12条C款1"), popover)
    assert "人为调整分" in popover.inner_text()
    desktop_page.locator("h1").hover()
    popover.wait_for(state="detached")


def test_preview_works_from_file_urls(phone_page, built_site):
    """The offline copy opened from disk: previews are embedded, nothing is fetched."""
    open_ready(phone_page, (built_site / "regulations" / "28" / "index.html").as_uri())
    link = ref(phone_page, "本条1（1）B款")
    link.scroll_into_view_if_needed()
    link.tap()
    assert "非弃权方该场的VP按下述三项方法中选择最高的一项计分" in phone_page.locator(POPOVER).inner_text()


def test_keyboard_focus_previews_and_escape_closes(desktop_page, site_url):
    open_ready(desktop_page, site_url + "regulations/47/")
    link = ref(desktop_page, "双人赛同分名次的确定")
    link.focus()
    popover = desktop_page.locator(POPOVER)
    popover.wait_for(state="visible")
    assert "裁判法第46条 双人赛同分名次的确定" in popover.inner_text()
    assert link.get_attribute("aria-describedby") == "ref-preview"
    desktop_page.keyboard.press("Escape")
    popover.wait_for(state="detached")


def test_a_reference_focused_before_the_page_scripts_start_previews_when_they_do(desktop_page, site_url):
    """A keyboard reader quick enough to tab to a reference before the popup's script has started (it starts after
    the first paint, later on a slow network) gets the preview as soon as it does, without tabbing away and back.
    The popup's script comes after the load event (scripts/site/page_script.py)."""
    script = HeldScript(desktop_page, "**/assets/js/page-after-load.*.js")
    desktop_page.goto(site_url + "regulations/47/", wait_until="domcontentloaded")
    link = ref(desktop_page, "双人赛同分名次的确定")
    link.focus()
    script.wait_until_asked()
    script.release()
    popover = desktop_page.locator(POPOVER)
    popover.wait_for(state="visible")
    assert "裁判法第46条 双人赛同分名次的确定" in popover.inner_text()


def test_the_popup_and_the_worker_registration_are_fetched_after_the_load_event(desktop_page, site_url):
    """The page's small scripts are two files (scripts/site/page_script.py): page.<hash>.js is asked for with the page
    (preloaded) and runs before the load event; page-after-load.<hash>.js, with the reference popup and the
    service-worker registration, is asked for only after it, and the popup works once it has run."""
    open_ready(desktop_page, site_url + "regulations/47/")
    timing = desktop_page.evaluate(
        """() => {
          const load = performance.getEntriesByType('navigation')[0].loadEventStart;
          const starts = pattern => performance.getEntriesByType('resource')
            .filter(e => pattern.test(new URL(e.name).pathname)).map(e => e.startTime);
          return { load, early: starts(/\\/assets\\/js\\/page\\.[0-9a-f]{8}\\.js$/),
                   late: starts(/\\/assets\\/js\\/page-after-load\\.[0-9a-f]{8}\\.js$/) };
        }"""
    )
    assert len(timing["early"]) == 1 and timing["early"][0] < timing["load"], timing
    assert len(timing["late"]) == 1 and timing["late"][0] >= timing["load"], timing
    link = ref(desktop_page, "双人赛同分名次的确定")
    link.focus()
    desktop_page.locator(POPOVER).wait_for(state="visible", timeout=10_000)
