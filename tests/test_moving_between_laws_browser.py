"""At the table on a phone (360×740, the shared phone_page fixture): any Law in two taps from any article,
previous/next, missing Laws as pages, the 404 page, and one popup at a time that never widens the page.
Screenshots of each screen go to tests/artifacts/ (look at them)."""

from __future__ import annotations

import pytest

from reader_steps import open_ready

POPUP = "#ref-preview"
# every element that could float over the text: our popup, Material's tooltips, a title tooltip drawn by CSS
FLOATING = """() => Array.from(document.querySelectorAll('#ref-preview, [role=tooltip], .md-tooltip, .md-tooltip2'))
  .filter(el => { const box = el.getBoundingClientRect(), style = getComputedStyle(el);
                  return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && style.display !== 'none'
                         && Number(style.opacity) > 0; }).length"""


class Taps:
    """Taps on the page, counted (typing a number is not a tap)."""

    def __init__(self, page):
        self.page, self.count = page, 0

    def tap(self, selector: str) -> None:
        self.page.locator(selector).first.tap()
        self.count += 1


def wait_for_article(page, path: str, heading: str) -> None:
    # Material's instant navigation swaps the page without a load event: wait for the new heading
    page.wait_for_function(
        "([path, heading]) => location.pathname.endsWith(path) && (document.querySelector('article h1')?.textContent |"
        "| '').includes(heading)",
        arg=[path, heading],
    )


def scroll_width(page) -> int:
    return page.evaluate("document.documentElement.scrollWidth")


@pytest.mark.parametrize(
    "start,number,book,path,heading",
    [
        ("laws/9/", "27", "laws", "/laws/27/", "第27条"),
        ("laws/9/", "26", "regulations", "/regulations/26/", "第26条"),
        ("regulations/45/", "2", "laws", "/laws/2/", "第2条"),
        ("regulations/26/", "64", "laws", "/laws/64/", "第64条"),
    ],
)
def test_any_law_in_two_taps_from_an_article(phone_page, site_url, artifacts_dir, start, number, book, path, heading):
    open_ready(phone_page, site_url + start)
    bar = phone_page.locator("nav.article-bar")
    assert bar.bounding_box()["y"] + bar.bounding_box()["height"] <= 740, "the jump box is below the first screen"
    taps = Taps(phone_page)
    taps.tap("nav.article-bar input")
    phone_page.keyboard.type(number)
    taps.tap(f"nav.article-bar button[value={book}]")
    wait_for_article(phone_page, path, heading)
    assert taps.count <= 2
    assert scroll_width(phone_page) == 360
    phone_page.screenshot(
        path=str(artifacts_dir / f"phone-jump-{start.strip('/').replace('/', '-')}-to-{book}-{number}.png")
    )


def test_typed_number_and_enter_opens_the_law(phone_page, site_url):
    open_ready(phone_page, site_url + "regulations/26/")
    phone_page.locator("nav.article-bar input").tap()
    phone_page.keyboard.type("27")
    phone_page.keyboard.press("Enter")
    wait_for_article(phone_page, "/laws/27/", "第27条")


def test_previous_and_next_are_at_the_top_and_the_foot(phone_page, site_url, artifacts_dir):
    open_ready(phone_page, site_url + "laws/9/")
    phone_page.screenshot(path=str(artifacts_dir / "phone-article-top-laws-9.png"))
    assert phone_page.locator("nav.article-bar a[rel=prev]").inner_text().strip() == "‹ 8"
    assert (
        phone_page.locator("nav.article-foot a[rel=next]").inner_text().replace("\n", " ").startswith("下一条 第10条")
    )
    phone_page.locator("nav.article-bar a[rel=next]").tap()
    wait_for_article(phone_page, "/laws/10/", "第10条")
    phone_page.locator("nav.article-foot a[rel=prev]").scroll_into_view_if_needed()
    phone_page.screenshot(path=str(artifacts_dir / "phone-article-foot-laws-10.png"))
    phone_page.locator("nav.article-foot a[rel=prev]").tap()
    wait_for_article(phone_page, "/laws/9/", "第9条")


def test_a_missing_law_is_a_page(phone_page, site_url, artifacts_dir):
    open_ready(phone_page, site_url + "laws/64/")
    text = phone_page.locator("article").inner_text()
    assert "第64条" in phone_page.locator("article h1").inner_text()
    assert "本站的来源没有收录规则第64条" in text and "Procedure after Establishment of a Revoke" in text
    assert scroll_width(phone_page) == 360
    phone_page.screenshot(path=str(artifacts_dir / "phone-missing-law-64.png"))
    open_ready(phone_page, site_url + "laws/16/")
    assert "第16条 非法信息" in phone_page.locator("article h1").inner_text()
    phone_page.screenshot(path=str(artifacts_dir / "phone-missing-law-16.png"), full_page=True)


def test_a_reference_to_a_missing_law_leads_to_its_page(phone_page, site_url):
    open_ready(phone_page, site_url + "laws/13/")
    link = phone_page.locator("article a.ref-missing", has_text="第14条").first
    link.scroll_into_view_if_needed()
    link.tap()
    phone_page.locator(POPUP).wait_for(state="visible")
    phone_page.locator(f"{POPUP} a.ref-preview__go").tap()
    wait_for_article(phone_page, "/laws/14/", "第14条")


def test_home_grid_shows_missing_laws_in_place(phone_page, site_url, artifacts_dir):
    open_ready(phone_page, site_url)
    grid = phone_page.locator(".article-grid").first
    numbers = grid.locator("a").all_inner_texts()
    assert numbers[:20] == [str(n) for n in range(1, 21)]
    missing = grid.locator("a.article-missing").all_inner_texts()
    assert missing[:3] == ["14", "15", "16"] and "64" in missing
    colours = grid.evaluate(
        "g => [getComputedStyle(g.querySelector('a.article-missing')).color, getComputedStyle(g.querySelector('a:"
        "not(.article-missing)')).color]"
    )
    assert colours[0] != colours[1], "missing numbers are not greyed"
    grid.scroll_into_view_if_needed()
    phone_page.screenshot(path=str(artifacts_dir / "phone-home-grid.png"))


def test_tapping_a_correction_shows_one_popup_inside_the_screen(phone_page, site_url, artifacts_dir):
    open_ready(phone_page, site_url + "laws/19/")
    mark = phone_page.locator("article ins.erratum", has_text="取代加倍或再加倍").first
    mark.scroll_into_view_if_needed()
    mark.tap()
    popup = phone_page.locator(POPUP)
    popup.wait_for(state="visible")
    assert "取代加倍或再加信" in popup.inner_text()
    assert "橙色点线＝校勘改动" not in popup.inner_text(), "the popup repeats the page's legend"
    legend = phone_page.locator(popup.locator("a.ref-preview__help").get_attribute("href"))
    assert legend.count() == 1 and "橙色点线＝校勘改动" in legend.inner_text(), (
        "the popup's ? leads to no legend of the page"
    )
    phone_page.wait_for_timeout(300)  # a tooltip that appears late would show here
    assert scroll_width(phone_page) == 360
    assert phone_page.evaluate(FLOATING) == 1
    box = popup.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 360, box
    phone_page.screenshot(path=str(artifacts_dir / "phone-erratum-popup.png"))
    # then a glossary term and a reference: still one popup, still 360 px (a tap beside the popup closes it first,
    # as a reader does when it covers the next word)
    for selector in ("article a.glossary-term", "article a.ref"):
        phone_page.locator(".md-copyright").tap()  # plain text: the title and the line under it may hold corrections,
        # and the header's title leads home
        assert phone_page.locator(POPUP).count() == 0
        other = phone_page.locator(selector).first
        other.scroll_into_view_if_needed()
        other.tap()
        popup.wait_for(state="visible")
        phone_page.wait_for_timeout(300)
        assert phone_page.evaluate(FLOATING) == 1, selector
        assert scroll_width(phone_page) == 360, selector
    phone_page.screenshot(path=str(artifacts_dir / "phone-reference-popup.png"))


def test_drawer_shows_the_chapter(phone_page, site_url, artifacts_dir):
    open_ready(phone_page, site_url + "laws/20/")
    phone_page.locator('label.md-header__button[for="__drawer"]').first.tap()
    phone_page.wait_for_timeout(400)
    drawer = phone_page.locator(".md-nav--primary")
    assert "第五章 竞叫 · 第一节 竞叫阶段" in drawer.inner_text()
    phone_page.screenshot(path=str(artifacts_dir / "phone-drawer-laws-20.png"))


def test_the_404_page_speaks_chinese_and_jumps(phone_page, site_url, artifacts_dir):
    open_ready(phone_page, site_url + "404.html")
    assert "找不到这一页" in phone_page.locator("article h1").inner_text()
    home = phone_page.locator("a[data-site-home]")
    assert home.evaluate("a => a.href") == site_url
    assert scroll_width(phone_page) == 360
    phone_page.screenshot(path=str(artifacts_dir / "phone-404.png"))
    phone_page.locator("article form[data-article-jump] input").tap()
    phone_page.keyboard.type("64")
    phone_page.locator("article form[data-article-jump] button[value=laws]").tap()
    wait_for_article(phone_page, "/laws/64/", "第64条")


def test_the_about_page_holds_the_editor_pages(phone_page, site_url):
    open_ready(phone_page, site_url + "about/")
    text = phone_page.locator("article").inner_text()
    assert "图例" in text and "构建报告" in text and "性能测量" in text
    phone_page.locator('label.md-header__button[for="__drawer"]').first.tap()
    drawer = phone_page.locator(".md-nav--primary").inner_text()
    assert "关于本站" in drawer and "构建报告" not in drawer and "性能测量" not in drawer
