"""What a reader does in the browser, shared by the offline, phone and traditional-edition tests."""

from __future__ import annotations

import re
from pathlib import Path

CALCULATOR = ".penalty-calculator"  # the penalties helper's calculator widget
SEARCH_INPUT = ".md-search__input"
SEARCH_RESULT_LINK = ".md-search-result__item a, a.md-search-result__link"


def article_pages(site_dir: Path, book: str = "laws") -> list[Path]:
    """The built article pages of one book (both URL styles), in article order."""
    pages = list((site_dir / book).glob("*/index.html")) or list((site_dir / book).glob("*.html"))

    def number(path: Path) -> tuple[int, str]:
        name = path.parent.name if path.name == "index.html" else path.stem
        digits = re.match(r"\d+", name)
        return (int(digits.group()) if digits else 10**6, name)

    return sorted(pages, key=number)


ARTICLE_ELEMENT = re.compile(r"<article\b.*?</article>", re.S)
TAG = re.compile(r"<[^>]+>")


def longest_article(site_dir: Path) -> Path:
    """The article page with the most text a reader sees in its <article> (the long-article case for phones): the
    page's HTML size is no measure of its length, a page of short clauses with many marks weighs more than a long
    one."""
    pages = article_pages(site_dir, "laws") + article_pages(site_dir, "regulations")
    assert pages, f"no article pages under {site_dir}/laws or {site_dir}/regulations"

    def text_length(path: Path) -> int:
        article = ARTICLE_ELEMENT.search(path.read_text(encoding="utf-8"))
        return len(TAG.sub("", article.group(0))) if article else 0

    return max(pages, key=text_length)


REF_TO_OTHER_PAGE = re.compile(r'<a class="ref[^"]*"[^>]*href="(?!#)[^"]+"')


def article_with_cross_reference(site_dir: Path) -> Path:
    """The first article (laws, then regulations) that cites another page."""
    for page in article_pages(site_dir, "laws") + article_pages(site_dir, "regulations"):
        if REF_TO_OTHER_PAGE.search(page.read_text(encoding="utf-8")):
            return page
    raise AssertionError(f"no article under {site_dir} has a cross-reference to another page")


def calculator_page(site_dir: Path) -> Path | None:
    """The first page (in path order) that carries a calculator, or None while the calculators have not landed."""
    for path in sorted(site_dir.rglob("*.html")):
        if path.relative_to(site_dir).parts[0] != "zh-hant" and 'class="penalty-calculator' in path.read_text(
            encoding="utf-8"
        ):
            return path
    return None


def url_of(page_file: Path, site_dir: Path, base_url: str) -> str:
    """The URL of a built file under base_url (file:// or http://), spelled as a reader would follow it."""
    rel = page_file.relative_to(site_dir).as_posix()
    if base_url.startswith("http") and rel.endswith("index.html"):
        rel = rel[: -len("index.html")]
    return base_url.rstrip("/") + "/" + rel


def wait_for_page_scripts(page, timeout: float = 20_000) -> None:
    """The page's scripts start after the first paint (overrides/main.html): until then a tap or a typed query does
    nothing; the reference popup and the service-worker registration come after the load event
    (scripts/site/page_script.py). Waits until both have run (pages built without that loader have neither)."""
    page.wait_for_function(
        "() => (document.documentElement.hasAttribute('data-scripts-ready')"
        " || !document.querySelector('script[type=\"rulebook/after-paint\"]'))"
        " && (document.documentElement.hasAttribute('data-after-load-ready')"
        " || !document.querySelector('script[type=\"rulebook/after-load\"], script[src*=\"/page-after-load.\"]'))",
        timeout=timeout,
    )


def open_ready(page, url: str, timeout: float = 20_000) -> None:
    """Open `url` and wait until its scripts, which start after the first paint, take input (a tap before that is a
    plain link tap or form submission)."""
    page.goto(url)
    wait_for_page_scripts(page, timeout)


def open_search_field(page, timeout: float = 20_000):
    """Put the cursor in Material's search field, as a reader would, and return the field.

    Wide screens show the field in the header; below Material's 60em breakpoint it opens from the header's search
    button. Decided by the viewport, not by whether the field is visible yet: a page still painting shows neither.
    """
    wait_for_page_scripts(page, timeout)
    field = page.locator(SEARCH_INPUT).first
    narrow = (page.viewport_size or {}).get("width", 1280) < 960  # Material's 60em breakpoint
    if narrow:
        page.locator('label[for="__search"]').first.click(timeout=timeout)
    field.wait_for(state="visible", timeout=timeout)
    field.click(timeout=timeout)
    return field


def run_search(page, query: str, timeout: float = 20_000) -> list[str]:
    """Type `query` into the site search and return the result links (absolute URLs), best first."""
    field = open_search_field(page, timeout)
    field.fill(query)
    field.press("End")  # Material reads the query on keyup; `fill` (like an IME commit in a test) sends none
    page.locator(SEARCH_RESULT_LINK).first.wait_for(state="attached", timeout=timeout)
    return page.eval_on_selector_all(SEARCH_RESULT_LINK, "links => links.map(a => a.href)")


def reach_calculators(page, timeout: float = 20_000) -> None:
    """Scroll to the page's first calculator, as a reader does: the calculators' code is added when one comes near
    the screen (docs/assets/penalties/loader.js); wait until every calculator on the page is mounted and the loader's
    last script (the offence log, whose box a calculator gets after it is mounted) has run."""
    wait_for_page_scripts(page, timeout)
    page.evaluate(f"() => document.querySelector('{CALCULATOR}').scrollIntoView()")
    page.wait_for_function(
        f"() => [...document.querySelectorAll('{CALCULATOR}')].every(w => w.hasAttribute('data-mounted'))"
        " && document.documentElement.hasAttribute('data-calculators-ready')",
        timeout=timeout,
    )


def use_calculator(page) -> tuple[str, str]:
    """Change the first input of the first calculator on the page; return its text before and after.

    Generic on purpose (the calculators' own tests check their arithmetic): this only shows that the widget's
    script runs in this setting (file://, offline) and reacts to input.
    """
    reach_calculators(page)
    widget = page.locator(CALCULATOR).first
    widget.wait_for(state="visible")
    before = widget.inner_text()
    control = widget.locator("input, select").first
    kind = control.evaluate("el => el.tagName.toLowerCase() + ':' + (el.type || '')")
    if kind.startswith("select"):
        values = control.evaluate("el => Array.from(el.options).map(o => o.value)")
        current = control.input_value()
        control.select_option(next(value for value in values if value != current))
    elif kind in ("input:checkbox", "input:radio"):
        control.check()
    else:
        control.fill("3")
        control.dispatch_event("change")
    page.wait_for_function(
        "([selector, before]) => document.querySelector(selector).innerText !== before", arg=[CALCULATOR, before]
    )
    return before, widget.inner_text()


CROSS_REFERENCE = "article a.ref[href]:not([href^='#'])"


def follow_cross_reference(page, timeout: float = 20_000) -> str:
    """Tap the first cross-reference to another page, as a phone reader does, and return the page reached.

    On touch screens the first tap shows the cited text in a preview (assets/refs/preview.js) and a second
    tap follows the link.
    """
    link = page.locator(CROSS_REFERENCE).first
    assert link.count(), f"{page.url}: no cross-reference to another page"
    start = page.url.split("#")[0]
    heading = page.locator("article h1").first.inner_text()
    link.click()
    page.wait_for_function(
        "start => location.href.split('#')[0] !== start || document.getElementById('ref-preview')",
        arg=start,
        timeout=timeout,
    )
    if page.url.split("#")[0] == start:
        link.click()  # the first tap opened the preview; the second follows the link
    page.wait_for_function(
        "h => { const h1 = document.querySelector('article h1'); return h1 && h1.innerText !== h; }",
        arg=heading,
        timeout=timeout,
    )
    return page.url


class HeldScript:
    """Holds back the page's requests for one script (a `page.route` glob) until `release()`: the reader acts while
    that script has not run yet, as on a slow network, where the page's scripts start after the first paint."""

    def __init__(self, page, glob: str):
        self.page, self.glob, self.held = page, glob, []
        page.route(glob, self.hold)

    def hold(self, route) -> None:
        self.held.append(route)

    def wait_until_asked(self, timeout: float = 20_000) -> None:
        waited = 0
        while not self.held:
            assert waited < timeout, f"the page never asked for {self.glob}"
            self.page.wait_for_timeout(50)
            waited += 50

    def release(self) -> None:
        held, self.held = self.held, []
        for route in held:
            route.continue_()
        self.page.unroute(self.glob, self.hold)
