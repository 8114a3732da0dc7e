"""Marks and keys at 360×780 and 780×360: 简 ⇄ 繁 keeps the clause the reader is at, both ways; every tappable mark
is at least 24×24 px (WCAG 2.2 target size; padding counts); underlines and marks stand out from the page at 3:1 in
both colour schemes; the keyboard reaches the article within three stops."""

from __future__ import annotations

import pytest

from conftest import phone_context
from reader_steps import open_ready

SHAPES = {"portrait": (360, 780), "landscape": (780, 360)}
MARKS = "ins, .restored-marker, .ref"
# Pages with every kind of mark: restored markers (25), corrections and references (19, 34), a flagged defect (13),
# glossary terms (9), references to missing Laws (9, 25).
MARKED_PAGES = ["laws/9/", "laws/13/", "laws/19/", "laws/25/", "regulations/34/"]
SMALL_MARKS = f"""() => Array.from(document.querySelectorAll('article :is({MARKS})')).filter(mark => {{
  if (mark.closest('details:not([open])') || !mark.getClientRects().length) return false;
  const box = mark.getBoundingClientRect();
  return box.width < 24 || box.height < 24;
}}).map(mark => {{
  const box = mark.getBoundingClientRect();
  const size = `${{box.width.toFixed(0)}}×${{box.height.toFixed(0)}}`;
  return `${{mark.tagName.toLowerCase()}}.${{mark.className}} "${{mark.textContent.trim().slice(0, 12)}}" ${{size}}`;
}})"""
# The underline (or wavy line) of each kind of mark against the page's background, its alpha blended over it.
CONTRAST = """() => {
  const rgba = text => { const [r, g, b, a = 1] = text.match(/[\\d.]+/g).map(Number); return { r, g, b, a }; };
  const blend = (top, under) => ({ r: top.r * top.a + under.r * (1 - top.a), g: top.g * top.a + under.g * (1 - top.a),
                                   b: top.b * top.a + under.b * (1 - top.a) });
  const luminance = ({ r, g, b }) => [r, g, b].map(v => v / 255)
    .map(v => v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)
    .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
  const page = rgba(getComputedStyle(document.body).backgroundColor);
  const found = {};
  for (const kind of ['a.ref:not(.ref-missing)', 'a.ref-missing', 'ins.erratum', 'a.glossary-term',
                      '.restored-marker', 'mark.unresolved']) {
    const mark = document.querySelector('article ' + kind);
    if (!mark) continue;
    const line = blend(rgba(getComputedStyle(mark).textDecorationColor), page);
    const [light, dark] = [luminance(line), luminance(page)].sort((a, b) => b - a);
    found[kind] = (light + 0.05) / (dark + 0.05);
  }
  return found;
}"""


@pytest.fixture(scope="module")
def screens(browser):
    contexts = {shape: phone_context(browser, *size, service_workers="block") for shape, size in SHAPES.items()}
    yield {shape: context.new_page() for shape, context in contexts.items()}
    for context in contexts.values():
        context.close()


def _switch_script(page, edition_path: str) -> None:
    """Bring the header back with a small scroll up, as a reader would, and tap the script switch."""
    page.mouse.wheel(0, -40)
    page.wait_for_timeout(400)
    page.locator("header [data-script-switch]").tap()
    page.wait_for_url(f"**/{edition_path}#b-1", timeout=10_000)
    page.wait_for_function("document.documentElement.hasAttribute('data-scripts-ready')", timeout=20_000)


@pytest.mark.parametrize("shape", SHAPES)
def test_the_script_switch_keeps_the_clause_both_ways(screens, shipped_url, shape):
    page = screens[shape]
    open_ready(page, shipped_url + "laws/25/")
    for edition_path in ("zh-hant/laws/25/", "laws/25/"):
        page.evaluate("document.getElementById('b-1').scrollIntoView()")
        page.wait_for_timeout(300)
        _switch_script(page, edition_path)
        top = page.evaluate("document.getElementById('b-1').getBoundingClientRect().top")
        height = SHAPES[shape][1]
        assert 0 <= top < height / 2, f"{edition_path}: clause B1 is at y={top:.0f}, not at the top of the screen"


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("path", MARKED_PAGES)
def test_every_mark_is_a_24_px_target(screens, shipped_url, shape, path):
    page = screens[shape]
    open_ready(page, shipped_url + path)
    assert page.locator(f"article :is({MARKS})").count(), f"{path}: no marks to measure"
    small = page.evaluate(SMALL_MARKS)
    assert not small, f"{path} ({shape}): marks under 24×24 px: {small[:10]}"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_marks_stand_out_at_three_to_one_in_both_schemes(browser, shipped_url, scheme):
    context = phone_context(browser, 360, 780, service_workers="block", color_scheme=scheme)
    try:
        page = context.new_page()
        seen = {}
        for path in MARKED_PAGES:
            open_ready(page, shipped_url + path)
            for kind, ratio in page.evaluate(CONTRAST).items():
                seen[kind] = min(ratio, seen.get(kind, ratio))
    finally:
        context.close()
    assert len(seen) == 6, f"kinds of marks found: {sorted(seen)}"
    low = {kind: round(ratio, 2) for kind, ratio in seen.items() if ratio < 3}
    assert not low, f"{scheme}: marks under 3:1 against the page: {low}"


@pytest.mark.parametrize("shape", SHAPES)
def test_the_keyboard_reaches_the_article_within_three_stops(screens, shipped_url, shape):
    """Tab from the top of 规则第25条: the skip link comes first (Enter moves the starting point to the title), and
    the article's first control comes next; the closed drawer's links are out of the way."""
    page = screens[shape]
    open_ready(page, shipped_url + "laws/25/")
    inside = "() => !!document.activeElement.closest('article')"
    stops = []
    for _ in range(3):
        page.keyboard.press("Tab")
        stops.append(page.evaluate("document.activeElement.className || document.activeElement.tagName"))
        if page.evaluate(inside):
            return
        if page.evaluate("document.activeElement.matches('a.md-skip')"):
            page.keyboard.press("Enter")
    pytest.fail(f"three Tab stops and not in the article: {stops}")


def test_the_drawer_links_are_not_tab_stops_while_it_is_closed(screens, shipped_url):
    page = screens["portrait"]
    open_ready(page, shipped_url + "laws/25/")
    stops = page.evaluate("""() => Array.from(document.querySelectorAll('.md-sidebar--primary a[href]'))
      .filter(a => getComputedStyle(a).visibility !== 'hidden').length""")
    assert stops == 0, f"{stops} links of the closed drawer can take focus"
