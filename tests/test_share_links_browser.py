"""Share links at 360 px: on a hosted site 复制裁决 and 分享 hand out the page's own address (with the calculator's
inputs, opening at it; the search highlight's h= and the fragment left out), whatever site_url the build had; a
loopback host (a test server, make serve) hands out none. The 第45条 sheet's 复制结果 carries its address too, which
reopens the same sheet. The host is a name no one else serves (https://rulebook.example/), answered from the test
server by the browser's request routing: a hosted site seen as a reader sees it."""

from __future__ import annotations

import json
from urllib.parse import parse_qs, urlsplit

from reader_steps import open_ready, reach_calculators, wait_for_page_scripts

HOST = "https://rulebook.example/"


def hosted_page(browser, site_url: str):
    context = browser.new_context(
        viewport={"width": 360, "height": 740}, device_scale_factor=2, has_touch=True, is_mobile=True
    )
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=HOST.rstrip("/"))
    context.route(
        HOST + "**", lambda route: route.fulfill(response=route.fetch(url=site_url + route.request.url[len(HOST) :]))
    )
    return context, context.new_page()


def close_hosted(context) -> None:
    """Close a hosted_page context once its routed requests are done: a late request (the favicon) whose handler
    still fetched when the context closed failed the test with "Request context disposed"."""
    context.unroute_all(behavior="wait")
    context.close()


def test_a_hosted_pages_copied_ruling_holds_its_own_address(browser, site_url):
    context, page = hosted_page(browser, site_url)
    try:
        open_ready(page, HOST + "regulations/26/?h=迟到&lateness.event=pairs-imp&lateness.minutes=12#一-2")
        reach_calculators(page)
        assert "127.0.0.1" in page.evaluate("() => document.querySelector('link[rel=canonical]').href")
        page.locator("#calc-lateness .penalty-copy").click()
        page.wait_for_function("() => navigator.clipboard.readText().then(t => t.includes('https://'))")
        copied = page.evaluate("() => navigator.clipboard.readText()")
        ruling = json.loads(page.locator("#calc-lateness").get_attribute("data-result"))["ruling"]
        assert copied.split("\n")[0] == ruling and "扣6IMP" in ruling
        link = urlsplit(copied.split("\n")[-1])
        assert (link.scheme, link.netloc, link.path, link.fragment) == (
            "https",
            "rulebook.example",
            "/regulations/26/",
            "calc-lateness",
        ), copied
        query = parse_qs(link.query)
        assert query["lateness.minutes"] == ["12"] and query["lateness.event"] == ["pairs-imp"] and "h" not in query
        # the link reopens the same ruling
        other = context.new_page()
        open_ready(other, copied.split("\n")[-1])
        reach_calculators(other)
        assert json.loads(other.locator("#calc-lateness").get_attribute("data-result"))["ruling"] == ruling
    finally:
        close_hosted(context)


def test_the_sheets_copied_result_reopens_it(browser, site_url):
    context, page = hosted_page(browser, site_url)
    try:
        query = "?tie-break.event=knock-out&tie-break.1.total_tp=4210&tie-break.2.total_tp=4211"
        open_ready(page, HOST + "regulations/45/" + query)
        wait_for_page_scripts(page)
        page.evaluate("() => document.querySelector('#tie-break-sheet').scrollIntoView()")
        page.wait_for_selector("#tie-break-sheet[data-mounted] .penalty-headline", timeout=20_000)
        result = page.locator("#tie-break-sheet").get_attribute("data-result")
        page.locator("#tie-break-sheet .penalty-copy").click()
        page.wait_for_function("() => navigator.clipboard.readText().then(t => t.includes('https://'))")
        link = page.evaluate("() => navigator.clipboard.readText()").split("\n")[-1]
        assert link.startswith(HOST + "regulations/45/?") and link.endswith("#tie-break-sheet"), link
    finally:
        close_hosted(context)
    context, other = hosted_page(browser, site_url)  # another phone: nothing kept on it, only the link
    try:
        open_ready(other, link)
        wait_for_page_scripts(other)
        other.evaluate("() => document.querySelector('#tie-break-sheet').scrollIntoView()")
        other.wait_for_selector("#tie-break-sheet[data-mounted] .penalty-headline", timeout=20_000)
        assert other.locator("#tie-break-sheet").get_attribute("data-result") == result
    finally:
        close_hosted(context)
