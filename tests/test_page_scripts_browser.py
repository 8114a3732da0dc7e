"""The page's scripts start after the first paint (docs/assets/js/after-paint.js): when, and how often.

Material starts on DOMContentLoaded; the loader announces that event again once the theme's scripts have run, and
`rulebook:scripts-ready` once the page takes input. Each must happen once per page load: the loader used to hear its
own announcement and start over, announcing DOMContentLoaded again every frame for as long as the page was open.
"""

from __future__ import annotations

import pytest

from reader_steps import open_ready


@pytest.fixture
def page_375(open_phone_page):
    return open_phone_page(375, 812)


# Counts, in the page, every DOMContentLoaded and rulebook:scripts-ready dispatched on the document, and notes what
# had happened by the parser's DOMContentLoaded and by the load event.
COUNT_PAGE_EVENTS = """
window.__pageEvents = { domContentLoaded: 0, scriptsReady: 0 };
document.addEventListener("DOMContentLoaded", () => {
  const events = window.__pageEvents;
  if (!events.domContentLoaded) events.paintedAtDomContentLoaded = performance.getEntriesByType("paint").length > 0;
  events.domContentLoaded++;
}, true);
document.addEventListener("rulebook:scripts-ready", () => { window.__pageEvents.scriptsReady++; });
// on the window, after every listener on the document has had the parser's event: the loader's among them
addEventListener("DOMContentLoaded", () => {
  const events = window.__pageEvents;
  if (!("inertAfterDomContentLoaded" in events))
    events.inertAfterDomContentLoaded = document.querySelectorAll('script[type="rulebook/after-paint"]').length;
});
addEventListener("load", () => {
  // Material's bundle defines these globals when it runs
  window.__pageEvents.themeRanBeforeLoad = typeof window.document$ === "object";
});
"""

# A script at the very end of the body that answers late holds the parser there while the page above it paints (and
# the loader, async, runs): what a slow phone sees when its parser finishes after the first paint.
SLOW_LAST_SCRIPT = '<script src="/__slow-last.js"></script></body>'


def open_with_parser_held_at_the_end(page, url: str) -> None:
    """Open url with SLOW_LAST_SCRIPT added: the loader starts while the document is still loading."""

    def add_slow_last_script(route):
        response = route.fetch()
        body = response.text()
        assert body.count("</body>") == 1
        route.fulfill(response=response, body=body.replace("</body>", SLOW_LAST_SCRIPT))

    def answer_late(route):
        page.wait_for_timeout(600)
        route.fulfill(status=200, content_type="text/javascript", body="window.__slowLastRan = true;")

    page.route(url, add_slow_last_script)
    page.route("**/__slow-last.js", answer_late)
    open_ready(page, url)
    assert page.evaluate("() => window.__slowLastRan") is True


def test_page_announces_dom_content_loaded_and_ready_once(page_375, site_url):
    page_375.add_init_script(COUNT_PAGE_EVENTS)
    open_with_parser_held_at_the_end(page_375, site_url + "laws/9/")
    page_375.wait_for_timeout(1500)  # the old loop announced DOMContentLoaded every frame: ~90 times in this wait
    events = page_375.evaluate("() => window.__pageEvents")
    assert events["domContentLoaded"] == 2, (
        f"DOMContentLoaded dispatched {events['domContentLoaded']} times (the parser's and one for Material)"
    )
    assert events["scriptsReady"] == 1
    # the theme's components mounted once: one search box
    assert page_375.locator(".md-search__input").count() == 1


def test_page_painted_before_dom_content_loaded_runs_its_scripts_before_load(page_375, site_url):
    page_375.add_init_script(COUNT_PAGE_EVENTS)
    open_with_parser_held_at_the_end(page_375, site_url + "laws/9/")
    events = page_375.evaluate("() => window.__pageEvents")
    assert events["paintedAtDomContentLoaded"], (
        "the page did not paint before its DOMContentLoaded: the case is not set up"
    )
    assert events["inertAfterDomContentLoaded"] == 0, "the page had painted, yet its scripts waited for a frame more"
    assert events["themeRanBeforeLoad"], "the page had painted, yet its scripts ran after the load event"
    assert events["domContentLoaded"] == 2 and events["scriptsReady"] == 1
