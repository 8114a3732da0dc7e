"""The first screen of an article is the rule: at 360×780 its first sentence starts in the upper half of the screen,
at 780×360 (a phone on its side) at least two lines of rule text show; the header hides while reading down and comes
back on the way up (assets/js/reading.js); its title leads home. Screenshots of 规则第25条 land in tests/artifacts/."""

from __future__ import annotations

import pytest

from conftest import phone_context
from reader_steps import open_ready

PORTRAIT = (360, 780)
LANDSCAPE = (780, 360)
# Ten articles of both books: short and long titles, a Law with restored markers (25), calculators (26, 34), a Law
# whose text opens with clauses (9), with an introduction (12), the last article of each book.
ARTICLES = [
    "laws/1/",
    "laws/9/",
    "laws/12/",
    "laws/25/",
    "laws/27/",
    "laws/40/",
    "regulations/11/",
    "regulations/26/",
    "regulations/34/",
    "regulations/53/",
]
# The rule's own text: not the title, its notes line, the bar, a clause heading, a notice box or a form.
RULE_TEXT_LINES = """() => {
  const apparatus = 'h1,h2,h3,h4,h5,h6,.article-notes,.article-bar,.admonition,.penalty-notice-top,nav,form,details';
  const walker = document.createTreeWalker(document.querySelector('article'), NodeFilter.SHOW_TEXT);
  const lines = [];
  for (let node; (node = walker.nextNode()) && lines.length < 2;) {
    if (!node.textContent.trim() || node.parentElement.closest(apparatus)) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const rect of range.getClientRects()) {
      if (rect.height && !lines.some(line => Math.abs(line.top - rect.top) < rect.height / 2)) {
        lines.push({ top: rect.top, bottom: rect.bottom, text: node.textContent.trim().slice(0, 12) });
      }
    }
  }
  return lines.slice(0, 2);
}"""


@pytest.fixture(scope="module")
def screens(browser):
    """A touch page of each shape, service workers off (plain first loads)."""
    contexts = {
        shape: phone_context(browser, *size, service_workers="block")
        for shape, size in (("portrait", PORTRAIT), ("landscape", LANDSCAPE))
    }
    yield {shape: context.new_page() for shape, context in contexts.items()}
    for context in contexts.values():
        context.close()


@pytest.mark.parametrize("path", ARTICLES)
def test_the_first_sentence_starts_in_the_upper_half_in_portrait(screens, shipped_url, path):
    page = screens["portrait"]
    open_ready(page, shipped_url + path)
    lines = page.evaluate(RULE_TEXT_LINES)
    assert lines, f"{path}: no rule text found"
    assert lines[0]["top"] < PORTRAIT[1] / 2, (
        f"{path}: the first sentence ({lines[0]['text']}) starts at y={lines[0]['top']:.0f}"
    )


@pytest.mark.parametrize("path", ARTICLES)
def test_two_lines_of_rule_text_show_in_landscape(screens, shipped_url, path):
    page = screens["landscape"]
    open_ready(page, shipped_url + path)
    lines = page.evaluate(RULE_TEXT_LINES)
    assert len(lines) == 2, f"{path}: fewer than two lines of rule text on the page"
    assert lines[1]["bottom"] <= LANDSCAPE[1], (
        f"{path}: the second line of rule text ends at y={lines[1]['bottom']:.0f}, below the {LANDSCAPE[1]} px screen"
    )
    title = page.locator("article h1").first
    height, line = title.evaluate("h => [h.getBoundingClientRect().height, parseFloat(getComputedStyle(h).lineHeight)]")
    assert height < 1.5 * line, f"{path}: the title takes {height / line:.1f} lines"


@pytest.mark.parametrize("shape", ["portrait", "landscape"])
def test_first_screen_of_law_25(screens, shipped_url, artifacts_dir, shape):
    page = screens[shape]
    open_ready(page, shipped_url + "laws/25/")
    page.screenshot(path=artifacts_dir / f"first-screen-laws-25-{shape}.png")
    notes = page.locator("article .article-notes")
    assert notes.evaluate("n => n.getBoundingClientRect().height") < 30, (
        "the book, chapter and English lines take more than one line"
    )
    notes.click(position={"x": 5, "y": 5})
    assert notes.evaluate("n => n.getBoundingClientRect().height") > 30, (
        "a tap on the folded notes line does not open it"
    )


def test_the_header_hides_while_reading_down_and_returns_on_the_way_up(screens, shipped_url):
    page = screens["portrait"]
    open_ready(page, shipped_url + "laws/9/")
    header = page.locator("header.md-header")
    page.mouse.wheel(0, 1200)
    page.wait_for_function(
        "document.querySelector('header.md-header').getBoundingClientRect().bottom <= 0", timeout=5000
    )
    page.mouse.wheel(0, -300)
    page.wait_for_function("document.querySelector('header.md-header').getBoundingClientRect().top >= 0", timeout=5000)
    assert header.bounding_box()["height"] >= 44


def test_the_header_title_leads_home(screens, shipped_url):
    page = screens["portrait"]
    open_ready(page, shipped_url + "regulations/26/")
    home = page.locator("header .md-header__home")
    box = home.bounding_box()
    assert box["height"] >= 44 and box["width"] >= 44, (
        f"the header's title link is {box['width']:.0f}×{box['height']:.0f}"
    )
    home.click()
    page.wait_for_url(shipped_url, timeout=10_000)


@pytest.mark.parametrize("path", ["", "404.html", "zh-hant/"])
def test_the_jump_box_keeps_its_buttons_on_one_line(screens, shipped_url, path):
    """跳到条文 [条号] 规则 裁判法 at 360 px: 裁判法 no longer wraps alone onto a line of its own (home, 404)."""
    page = screens["portrait"]
    page.goto(shipped_url + path)
    page.wait_for_selector("form[data-article-jump] button")
    tops = page.evaluate("""() => Array.from(
        document.querySelectorAll('form[data-article-jump]:not(.article-jump--compact) > *'))
      .filter(el => el.getClientRects().length && el.textContent.trim() !== '' || el.matches('input'))
      .map(el => { const box = el.getBoundingClientRect(); return Math.round(box.top + box.height / 2); })""")
    assert len(tops) >= 4 and max(tops) - min(tops) < 10, f"{path or 'home'}: the jump box's parts stand on rows {tops}"
