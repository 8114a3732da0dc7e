"""Every control of every calculator reaches 4.5:1 contrast in both colour schemes (light `default`, dark `slate`),
placeholders included (they must read as hints: italic and lighter than a value, yet legible); calculator code loads
only on pages with a calculator, and an article with one says so at its top."""

from __future__ import annotations

import pytest

from reader_steps import reach_calculators, open_ready

from scripts.penalties.widgets import placements
from penalty_data import PENALTIES

# Effective colours: the element's text colour blended over the first opaque background found up the tree.
MEASURE = """async (scheme) => {
  // Material's links and buttons fade colours over 125 ms: measure the settled colours, not a frame of the fade
  const still = document.createElement("style");
  still.textContent = "* { transition: none !important; }";
  document.head.appendChild(still);
  document.body.setAttribute("data-md-color-scheme", scheme);
  await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 50)));
  const parse = (c) => { const m = c.match(/rgba?\\(([^)]+)\\)/); if (!m) return null;
    const p = m[1].split(/[ ,\\/]+/).filter(Boolean).map(Number); return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1]; };
  const background = (el) => {
    const layers = [];
    for (let node = el; node; node = node.parentElement) {
      const c = parse(getComputedStyle(node).backgroundColor);
      if (c && c[3] > 0) { layers.push(c); if (c[3] >= 1) break; }
    }
    let out = [255, 255, 255];
    if (layers.length && layers[layers.length - 1][3] >= 1) out = layers.pop().slice(0, 3);
    for (const c of layers.reverse()) out = out.map((v, i) => v * (1 - c[3]) + c[i] * c[3]);
    return out;
  };
  const blend = (fg, bg) => fg.slice(0, 3).map((v, i) => v * fg[3] + bg[i] * (1 - fg[3]));
  const lum = (c) => { const [r, g, b] = c.map(v => {
    v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  const rows = [];
  const measure = (el, what, pseudo) => {
    const bg = background(el);
    const fg = blend(parse(getComputedStyle(el, pseudo).color), bg);
    rows.push({what, ratio: Math.round(ratio(fg, bg) * 100) / 100, style: getComputedStyle(el, pseudo).fontStyle});
  };
  for (const w of document.querySelectorAll(".penalty-calculator")) {
    for (const el of w.querySelectorAll("label, small, select, input[type=text], button, .penalty-headline, "
                                        + ".penalty-subject, .penalty-error, .penalty-prompt, .penalty-reading, a")) {
      const name = el.name ? "[" + el.name + "]" : "";
      measure(el, w.id + " " + el.tagName.toLowerCase() + name + " " + (el.className || ""), null);
    }
    for (const el of w.querySelectorAll("input[type=text][placeholder]:not([placeholder=''])")) {
      measure(el, w.id + " placeholder[" + el.name + "]", "::placeholder");
    }
  }
  return rows;
}"""


SCHEMES = ("default", "slate")  # Material's light and dark schemes, set on <body> by MEASURE


def test_every_control_meets_4_5_to_1_in_both_schemes(browser, site_url, artifacts_dir):
    """Each calculator page opened once and measured in each scheme (MEASURE sets the scheme on the page's <body>)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    low = []
    measured, placeholders = dict.fromkeys(SCHEMES, 0), dict.fromkeys(SCHEMES, 0)
    for (book, slug), widgets in sorted(placements(PENALTIES).items()):
        open_ready(page, site_url + f"{book}/{slug}/")
        reach_calculators(page)
        for _, _, widget_id in widgets:
            page.locator(f"#{widget_id}[data-mounted]").wait_for(state="attached")
        for scheme in SCHEMES:
            rows = page.evaluate(MEASURE, scheme)
            measured[scheme] += len(rows)
            placeholders[scheme] += sum(1 for row in rows if row["what"].split(" ")[1].startswith("placeholder"))
            low += [f"{scheme} {book}/{slug} {row['what']}: {row['ratio']}:1" for row in rows if row["ratio"] < 4.5]
            assert all(row["style"] == "italic" for row in rows if " placeholder[" in row["what"]), scheme
        if (book, slug) == ("regulations", "26"):
            page.fill("#calc-lateness-minutes", "ten")  # the error text too
            for scheme in SCHEMES:
                low += [
                    f"{scheme} error {row['what']}: {row['ratio']}"
                    for row in page.evaluate(MEASURE, scheme)
                    if row["ratio"] < 4.5
                ]
                page.locator("#calc-lateness").screenshot(
                    path=str(artifacts_dir / f"penalty-widget-contrast-{scheme}.png")
                )
    for scheme in SCHEMES:
        assert measured[scheme] > 100 and placeholders[scheme] >= 5, (scheme, measured, placeholders)
    assert not low, low
    context.close()


def test_calculator_code_loads_only_where_there_is_a_calculator(browser, site_url):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    loaded: list[str] = []
    page.on("request", lambda request: loaded.append(request.url))
    open_ready(page, site_url + "regulations/29/")
    page.wait_for_load_state("networkidle")
    assert not [url for url in loaded if "penalty-data" in url or "calculators.js" in url]
    assert page.locator(".penalty-notice-top").count() == 0
    open_ready(page, site_url + "regulations/26/")
    reach_calculators(page)
    page.locator("#calc-lateness[data-mounted]").wait_for(state="attached")
    assert [url for url in loaded if "penalty-data" in url] and [url for url in loaded if "calculators.js" in url]
    notice = page.locator(".penalty-notice-top a")
    assert notice.get_attribute("href").endswith("#calc-lateness")
    assert notice.bounding_box()["y"] < page.locator("#calc-lateness").bounding_box()["y"]
    context.close()


STARTS_AND_LOAD = """() => {
  const started = name => performance.getEntriesByType("resource").filter(e => e.name.includes(name))
    .map(e => e.startTime)[0];
  return { data: started("penalty-data"), engine: started("calculators.js"),
           load: performance.getEntriesByType("navigation")[0].loadEventStart };
}"""


@pytest.mark.parametrize("address", ["", "#calc-lateness"])
def test_a_calculator_on_the_first_screen_loads_after_the_page_unless_addressed(phone_page, site_url, address):
    """裁判法第26条's calculator is within a screen of the first one on a phone: its data and engine are fetched after
    the page's load event (bench/phone: the load event no later than stock Material's); an address naming it (the
    link under the title, a shared ruling) loads them at once, the page's load event or not."""
    phone_page.goto(site_url + "regulations/26/" + address)
    reach_calculators(phone_page)
    phone_page.locator("#calc-lateness[data-mounted]").wait_for(state="attached")
    times = phone_page.evaluate(STARTS_AND_LOAD)
    assert times["data"] is not None and times["engine"] is not None, times
    if not address:
        assert times["data"] >= times["load"], f"the calculator's data was fetched before the load event: {times}"
    phone_page.fill("#calc-lateness-minutes", "12")
    assert "扣" in phone_page.locator("#calc-lateness").inner_text()


def test_instant_navigation_loads_the_calculator_on_demand(browser, site_url):
    """What Material's instant navigation does (swap in the next page's content, announce it on document$), from a
    page without a calculator: the loader adds the data and the engine then, and the widget works."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    open_ready(page, site_url + "regulations/29/")
    page.wait_for_load_state("networkidle")
    assert page.evaluate("() => typeof window.RulebookPenalties") == "undefined"
    page.evaluate(
        """async (url) => {
        const next = new DOMParser().parseFromString(await (await fetch(url)).text(), "text/html");
        document.querySelector(".md-content").replaceWith(next.querySelector(".md-content"));
        history.pushState({}, "", url);
        window.document$.next(document);
    }""",
        site_url + "regulations/26/",
    )
    reach_calculators(page)  # the reader scrolls to it: its code is added when it comes near the screen
    page.locator("#calc-lateness[data-mounted]").wait_for(state="attached")
    page.fill("#calc-lateness-minutes", "12")
    assert "扣2VP" in page.locator("#calc-lateness .penalty-headline").inner_text()
    context.close()


def test_copied_link_from_the_venue_zip_is_the_hosted_page(browser, bundle_dir):
    """From the offline bundle (file://, .html pages) “复制裁决” never hands out a link that cannot work: the test build's
    site_url is the default local address, so the copied ruling names the page in words; a build for a real host
    (RULEBOOK_SITE_URL, seen by the page as its canonical link) links to that host's page (directory URLs), opening at
    the calculator with its inputs."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    open_ready(
        page, (bundle_dir / "regulations" / "26.html").as_uri() + "?lateness.event=pairs-imp&lateness.minutes=12"
    )
    page.locator("#calc-lateness[data-mounted]").wait_for(state="attached")
    assert "扣6IMP" in page.locator("#calc-lateness .penalty-headline").inner_text()
    widget = "document.getElementById('calc-lateness')"
    assert page.evaluate("() => new URL(document.querySelector('link[rel=canonical]').href).hostname") == "127.0.0.1"
    assert page.evaluate(f"() => window.RulebookPenalties.hostedLink({widget})") is None
    assert (
        page.evaluate(f"() => window.RulebookPenalties.copiedPage({widget})")
        == "计算器：裁判法第26条页末“迟到的判罚（第26条）”"
    )
    page.evaluate(
        "() => document.querySelector('link[rel=canonical]').href = 'https://bridge.example.org/regulations/26/'"
    )
    link = page.evaluate(f"() => window.RulebookPenalties.copiedPage({widget})")
    assert link.startswith("https://bridge.example.org/regulations/26/?") and link.endswith("#calc-lateness"), link
    assert "lateness.minutes=12" in link
    context.close()
