"""Search's no-result state (issue 21): a query that finds nothing leaves the reader the jump box, filled with the
number the query names, and a line for that number (its page, a Law the sources lack, or why there is none), over
http and from the venue zip under file://, at phone width. Issue 43: it and the note under a list that found little
offer the nearest words, 索引 and calling the director."""

from __future__ import annotations

import json
import re

import pytest

from tests.conftest import PHONE
from reader_steps import SEARCH_INPUT, open_ready, open_search_field

RESULT_META = ".md-search-result__meta"
RESULT_ITEM = ".md-search-result__item"
NO_RESULT = ".search-empty"
FEW = ".search-few"
JUMP_FIELD = "#search-jump-number"


@pytest.fixture(params=["http", "zip"])
def flavour_url(request) -> tuple[str, str]:
    """(flavour, an article page): the hosted site over http, or the unzipped venue zip over file://."""
    if request.param == "http":
        return "http", request.getfixturevalue("site_url") + "laws/9/"
    return "zip", (request.getfixturevalue("bundle_dir") / "laws" / "9.html").as_uri()


def open_phone(browser, url: str, flavour: str):
    context = browser.new_context(**PHONE)
    refused: list[str] = []
    if flavour == "zip":

        def refuse_network(route):
            if route.request.url.startswith("file:"):
                route.continue_()
            else:
                refused.append(route.request.url)
                route.abort()

        context.route("**/*", refuse_network)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    open_ready(page, url)
    open_search_field(page)
    return context, page, refused, errors


def open_scheme(request, browser, scheme: str, flavour: str, edition: str):
    """A phone page (规则第9条) of the hosted site or the unzipped venue zip, in the colour scheme, search open."""
    if flavour == "http":
        url = request.getfixturevalue("site_url") + edition + "laws/9/"
    else:
        url = (request.getfixturevalue("bundle_dir") / edition / "laws" / "9.html").as_uri()
    context = browser.new_context(**PHONE, color_scheme=scheme)
    if flavour == "zip":
        context.route(
            "**/*", lambda route: route.continue_() if route.request.url.startswith("file:") else route.abort()
        )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    open_ready(page, url)
    open_search_field(page)
    return context, page, errors


def search_for(page, query: str) -> None:
    """Put the query in the search box and wait until Material has answered it (not an earlier query)."""
    placeholder = json.loads(page.locator("#__config").text_content())["translations"]["search.result.placeholder"]
    field = page.locator(SEARCH_INPUT)
    for text in ("", query):
        field.fill(text)
        field.press("End")  # Material reads the field on keyup
        page.wait_for_function(
            "([meta, text, empty]) => (document.querySelector(meta).textContent.trim() === text) === empty",
            arg=[RESULT_META, placeholder, not text],
            timeout=20_000,
        )


def test_a_query_that_finds_nothing_offers_the_jump_box_with_its_number(browser, flavour_url, artifacts_dir):
    flavour, url = flavour_url
    context, page, refused, errors = open_phone(browser, url, flavour)
    try:
        search_for(page, "裁判法第5条")  # the sources hold no 裁判法 article before 第11条
        assert page.locator(RESULT_ITEM).count() == 0
        block = page.locator(NO_RESULT)
        assert block.is_visible()
        assert page.locator(JUMP_FIELD).input_value() == "5"
        assert block.locator(".search-empty__number").text_content() == "裁判法第5条不在本版来源中。"
        page.screenshot(path=artifacts_dir / f"search-no-result-{flavour}-360.png")
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 360, f"the no-result state widens the page to {width} px"
        # the reader types another number into the jump box, key by key: Material's search keys leave it alone
        field = page.locator(JUMP_FIELD)
        field.click()
        field.press("Backspace")
        page.keyboard.type("27")
        assert field.input_value() == "27" and page.locator(SEARCH_INPUT).input_value() == "裁判法第5条"
        page.keyboard.press("Enter")  # Enter opens the Law, as the article pages' box does
        page.wait_for_url(re.compile(r"/laws/27(/|\.html)"), timeout=20_000)
        page.wait_for_function(
            "() => document.querySelector('h1') && /第27条/.test(document.querySelector('h1').textContent)"
        )
        assert not page.locator("#__search").is_checked(), "search stays open over the article"
        assert not errors and not refused, (errors, refused)
    finally:
        context.close()


def test_a_law_the_sources_lack_links_to_its_page(browser, flavour_url):
    flavour, url = flavour_url
    context, page, refused, errors = open_phone(browser, url, flavour)
    try:
        # Law 64 in a director's shorthand (L64): the worker reads it as the Law (issue 43; the no-result number box
        # read it so before), and its first result is the page that says the sources lack it
        search_for(page, "L64")
        first = page.locator(RESULT_ITEM).first
        assert re.search(r"/laws/64(/|\.html)([?#]|$)", first.locator("a").first.get_attribute("href") or ""), (
            first.inner_html()
        )
        assert page.locator(NO_RESULT).is_hidden()
        first.locator("a").first.click()
        page.wait_for_url(re.compile(r"/laws/64(/|\.html)([?#].*)?$"), timeout=20_000)
        page.wait_for_function("() => /来源缺/.test(document.querySelector('h1').textContent)")
        assert not page.locator("#__search").is_checked(), "search stays open over the article"
        assert not errors and not refused, (errors, refused)
    finally:
        context.close()


def test_the_jump_box_is_gone_once_a_query_finds_something(browser, flavour_url):
    flavour, url = flavour_url
    context, page, refused, errors = open_phone(browser, url, flavour)
    try:
        search_for(page, "鹈鹕渔网")
        assert page.locator(NO_RESULT).is_visible()
        assert page.locator(JUMP_FIELD).input_value() == ""  # no number named: an empty box
        assert page.locator(f"{NO_RESULT} .search-empty__number").is_hidden()
        search_for(page, "迟到")
        assert page.locator(RESULT_ITEM).count() > 0
        assert page.locator(NO_RESULT).is_hidden()
        assert not errors and not refused, (errors, refused)
    finally:
        context.close()


def script_of(edition: str) -> str:
    return "hant" if edition else "hans"


def shoot_within_phone(page, path) -> None:
    """A screenshot of the search state to look at, and the page no wider than the phone's 360 px."""
    page.screenshot(path=path)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"the search state widens the page to {width} px"


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize(
    "flavour, edition, query, nearest",
    [
        # 藏 and a character no word has (藏拍 is read as the slip it is since 9d28daa, and finds 藏牌)
        ("http", "", "藏鹈", "藏牌"),
        ("zip", "", "藏鹈", "藏牌"),
        # the traditional edition is in the shipped build (the zip), not in the hosted test build
        ("zip", "zh-hant/", "卡農", "叫牌卡"),
    ],
)
def test_a_query_that_finds_nothing_offers_near_words_the_index_and_the_director(
    request, browser, artifacts_dir, scheme, flavour, edition, query, nearest
):
    """Issue 43: no dead end. The no-result state says what was searched for, offers the nearest words the index
    knows as one-tap searches, links 索引 and says how to call the director (规则第9条B1), beside the jump box; at
    360 px, light and dark, in either script; a tap on a word searches it."""
    context, page, errors = open_scheme(request, browser, scheme, flavour, edition)
    try:
        search_for(page, query)
        assert page.locator(RESULT_ITEM).count() == 0
        words = page.locator(f"{NO_RESULT} .search-empty__word")
        words.first.wait_for(timeout=20_000)
        assert query in page.locator(f"{NO_RESULT} .search-empty__searched").text_content()
        offered = words.all_text_contents()
        assert nearest in offered, offered
        links = page.eval_on_selector_all(f"{NO_RESULT} .search-empty__help a", "as => as.map(a => a.href)")
        assert any(re.search(r"/subject-index(/|\.html)$", href) for href in links), links
        assert any(re.search(r"/laws/9(/|\.html)#b-1$", href) for href in links), links
        assert page.locator(JUMP_FIELD).is_visible()  # the number box stays
        shoot_within_phone(
            page, artifacts_dir / f"search-no-result-help-{flavour}-{script_of(edition)}-{scheme}-360.png"
        )
        words.filter(has_text=nearest).first.tap()
        page.wait_for_function("sel => document.querySelectorAll(sel).length > 0", arg=RESULT_ITEM, timeout=20_000)
        assert page.locator(SEARCH_INPUT).input_value() == nearest
        assert page.locator(NO_RESULT).is_hidden()
        assert not errors, errors
    finally:
        context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize(
    "flavour, edition, little, good",
    [
        # 书写: the text of two 裁判法 articles (written questions, the screens' written calls), neither holding the
        # word in its title or names; 迟到: its own article's title, and more pages
        ("http", "", "书写", "迟到"),
        ("zip", "", "书写", "迟到"),
        # the traditional edition is in the shipped build (the zip), not in the hosted test build
        ("zip", "zh-hant/", "書寫", "遲到"),
    ],
)
def test_a_query_that_finds_little_offers_near_words_below_its_results(
    request, browser, artifacts_dir, scheme, flavour, edition, little, good
):
    """Issue 43: no dead end when little matches. Below Material's short list a note says little was found and what
    was searched for, offers the nearest words as one-tap searches, links 索引 and says how to call the director; no
    second jump box. A query with good results has no note, and the note goes when the query becomes one; at 360 px,
    light and dark, in either script; a tap on a word searches it."""
    context, page, errors = open_scheme(request, browser, scheme, flavour, edition)
    try:
        search_for(page, good)
        assert page.locator(RESULT_ITEM).count() > 2
        page.wait_for_timeout(1000)  # time for a note the worker might send over its channel (http) to arrive
        assert page.locator(FEW).count() == 0 or page.locator(FEW).is_hidden(), "a note under good results"

        search_for(page, little)
        note = page.locator(FEW)
        words = note.locator(".search-empty__word")
        words.first.wait_for(timeout=20_000)
        assert 0 < page.locator(RESULT_ITEM).count() <= 2
        searched = note.locator(".search-empty__searched").text_content()
        finding = "只找到少量結果" if edition else "只找到少量结果"  # the traditional edition's own label
        assert searched.startswith(finding) and little in searched, searched
        offered = words.all_text_contents()
        assert offered and little not in offered, offered
        links = page.eval_on_selector_all(f"{FEW} a", "as => as.map(a => [a.textContent, a.href])")
        assert any(re.search(r"/subject-index(/|\.html)$", href) for _, href in links), links
        director = [text for text, href in links if re.search(r"/laws/9(/|\.html)#b-1$", href)]
        assert director == ["召請裁判" if edition else "召请裁判"], links
        assert page.locator(NO_RESULT).count() == 0 or page.locator(NO_RESULT).is_hidden()
        assert not page.locator(JUMP_FIELD).is_visible()  # the number box is the no-result state's, not repeated
        note.scroll_into_view_if_needed()
        shoot_within_phone(page, artifacts_dir / f"search-few-{flavour}-{script_of(edition)}-{scheme}-360.png")

        search_for(page, good)  # the query becomes one with good results: the note goes
        assert page.locator(RESULT_ITEM).count() > 2
        page.wait_for_timeout(1000)
        assert note.is_hidden(), "the note stays under another query's results"

        search_for(page, little)
        words.first.wait_for(timeout=20_000)
        word = words.first.text_content()
        # the list of the query before: Material renders each answer's list afresh
        page.eval_on_selector_all(RESULT_ITEM, "items => items.forEach(item => { item.dataset.before = '1'; })")
        words.first.tap()
        page.wait_for_function(
            "sel => { const items = [...document.querySelectorAll(sel)];"
            " return items.length > 0 && !items.some(item => item.dataset.before); }",
            arg=RESULT_ITEM,
            timeout=20_000,
        )
        assert page.locator(SEARCH_INPUT).input_value() == word
        if note.is_visible():  # the word found little too: the note is the word's own
            assert little not in note.locator(".search-empty__searched").text_content()
        assert not errors, errors
    finally:
        context.close()
