"""The calculators at the table (issue 22): the answer in view at 360×780 (keyboard up too), time entry from a numeric
keypad, the remembered event type, 分享, and the calculator's fragment surviving scrolling."""

from __future__ import annotations

import json

import pytest

from reader_steps import HeldScript, open_ready, reach_calculators
from scripts.penalties.widgets import LOAD_FAILED, LOADING, placements
from penalty_data import PENALTIES

WIDGETS = sorted(
    (widget_id, f"{book}/{slug}/")
    for (book, slug), widgets in placements(PENALTIES).items()
    for _, _, widget_id in widgets
)

# the answer's box against the visible viewport (visualViewport), below the header
ANSWER_IN_VIEW = """(id) => {
    const widget = document.getElementById(id);
    const answer = widget.querySelector('.penalty-headline, .penalty-error, .penalty-prompt');
    if (!answer) return 'no answer';
    const box = answer.getBoundingClientRect(), view = window.visualViewport;
    const header = document.querySelector('.md-header').getBoundingClientRect().bottom;
    const top = Math.max(view.offsetTop, header), bottom = view.offsetTop + view.height;
    return box.top >= top - 1 && box.bottom <= bottom + 1
        ? 'in view' : `at ${box.top}–${box.bottom}, view ${top}–${bottom}`;
}"""


def first_field(page, widget_id: str):
    """The widget's first text field (what a director types into), else its first list."""
    fields = page.locator(f"#{widget_id} .penalty-fields input[type=text]")
    return fields.first if fields.count() else page.locator(f"#{widget_id} .penalty-fields select").first


@pytest.mark.parametrize("widget_id, path", WIDGETS, ids=[widget_id for widget_id, _ in WIDGETS])
def test_the_answer_is_in_view_after_typing(open_phone_page, site_url, widget_id, path):
    """The field tapped at the foot of the screen: after typing, the ruling's headline (or the error) is on screen."""
    page = open_phone_page(360, 780)
    open_ready(page, site_url + path)
    reach_calculators(page)
    field = first_field(page, widget_id)
    field.evaluate("(node) => { node.scrollIntoView({block: 'end'}); window.scrollBy(0, 40); }")
    field.evaluate("(node) => window.scrollBy(0, node.getBoundingClientRect().bottom - window.innerHeight + 8)")
    if field.evaluate("(node) => node.tagName") == "SELECT":
        values = field.evaluate("(node) => [...node.options].map(o => o.value)")
        field.select_option(values[-1])
    else:
        field.click()
        field.fill("")
        field.type("12")
    assert page.evaluate(ANSWER_IN_VIEW, widget_id) == "in view"


def test_the_answer_is_in_view_with_the_keyboard_up(open_phone_page, site_url, artifacts_dir):
    """A phone keyboard takes about 300 of 780 px: the visible viewport is 480 px tall; the answer is still there."""
    page = open_phone_page(360, 780)
    open_ready(page, site_url + "regulations/26/")
    reach_calculators(page)
    page.select_option("#calc-lateness-event", "pairs-imp")
    minutes = page.locator("#calc-lateness-minutes")
    minutes.scroll_into_view_if_needed()
    minutes.click()
    page.set_viewport_size({"width": 360, "height": 480})  # the keyboard's space taken
    minutes.type("12")
    assert page.evaluate(ANSWER_IN_VIEW, "calc-lateness") == "in view"
    assert "扣6IMP" in page.locator("#calc-lateness .penalty-headline").inner_text()
    page.screenshot(path=str(artifacts_dir / "penalty-answer-keyboard-up-360x480.png"))


@pytest.mark.parametrize("typed, minutes", [("12", 12), ("12.5", 12.5), ("12:30", 12.5)])
def test_time_entry_from_a_numeric_keypad(open_phone_page, site_url, typed, minutes):
    """A decimal keypad has digits and a point; the colon of 分:秒 comes from the button beside the field."""
    page = open_phone_page(360, 780)
    open_ready(page, site_url + "regulations/26/")
    reach_calculators(page)
    field = page.locator("#calc-lateness-minutes")
    assert field.get_attribute("inputmode") == "decimal"
    field.click()
    for part in typed.split(":")[:-1]:
        field.type(part)
        page.locator("#calc-lateness .penalty-colon").tap()
    field.type(typed.split(":")[-1])
    result = json.loads(page.locator("#calc-lateness").get_attribute("data-result"))
    assert result["inputs"]["minutes"] == minutes
    box = page.locator("#calc-lateness .penalty-colon").bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44


def test_the_event_type_is_remembered_on_this_device(open_phone_page, site_url):
    page = open_phone_page(360, 780)
    open_ready(page, site_url + "regulations/26/")
    reach_calculators(page)
    assert page.locator("#calc-lateness-event").input_value() == "teams-vp"
    page.select_option("#calc-lateness-event", "pairs-imp")
    open_ready(page, site_url + "regulations/26/")  # a later visit, no inputs in the address
    reach_calculators(page)
    assert page.locator("#calc-lateness-event").input_value() == "pairs-imp"
    page.locator("#calc-lateness-minutes").fill("12")
    assert "扣6IMP" in page.locator("#calc-lateness .penalty-headline").inner_text()
    open_ready(page, site_url + "regulations/26/?lateness.event=teams-ko")  # a shared link's inputs come first
    reach_calculators(page)
    assert page.locator("#calc-lateness-event").input_value() == "teams-ko"


SHARE_RECORDER = (
    "window.__shared = []; navigator.share = (data) => { window.__shared.push(data); return Promise.resolve(); };"
)


def test_share_hands_the_ruling_to_the_share_sheet(open_phone_page, site_url):
    page = open_phone_page(360, 780)
    page.add_init_script(SHARE_RECORDER)
    open_ready(page, site_url + "regulations/26/?lateness.event=pairs-imp&lateness.minutes=12")
    reach_calculators(page)
    page.locator("#calc-lateness .penalty-share").tap()
    page.wait_for_function("() => window.__shared.length === 1")
    shared = page.evaluate("() => window.__shared[0]")
    ruling = json.loads(page.locator("#calc-lateness").get_attribute("data-result"))["ruling"]
    # the test build's site_url is local: no link that works for no one, the page and calculator named in words
    assert shared["text"] == ruling + "\n计算器：裁判法第26条页末“迟到的判罚（第26条）”"
    assert "url" not in shared
    # a build for a real host: the link reopens the calculator with its inputs
    page.evaluate(
        "() => document.querySelector('link[rel=canonical]').href = 'https://bridge.example.org/regulations/26/'"
    )
    page.locator("#calc-lateness .penalty-share").tap()
    page.wait_for_function("() => window.__shared.length === 2")
    shared = page.evaluate("() => window.__shared[1]")
    assert shared["text"] == ruling
    assert shared["url"].startswith("https://bridge.example.org/regulations/26/?") and shared["url"].endswith(
        "#calc-lateness"
    )
    assert "lateness.event=pairs-imp" in shared["url"] and "lateness.minutes=12" in shared["url"]


def test_share_without_a_share_sheet_copies(browser, site_url):
    context = browser.new_context(viewport={"width": 360, "height": 780})
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site_url.rstrip("/"))
    page = context.new_page()
    open_ready(page, site_url + "regulations/26/?lateness.event=pairs-imp&lateness.minutes=12")
    reach_calculators(page)
    assert page.evaluate("() => 'share' in navigator") is False
    page.locator("#calc-lateness .penalty-share").click()
    page.wait_for_function(
        "() => document.querySelector('#calc-lateness .penalty-copy-status').textContent === '已复制'"
    )
    ruling = json.loads(page.locator("#calc-lateness").get_attribute("data-result"))["ruling"]
    copied = page.evaluate("() => navigator.clipboard.readText()")
    assert copied == ruling + "\n计算器：裁判法第26条页末“迟到的判罚（第26条）”"
    context.close()


def test_the_calculator_fragment_survives_scrolling(open_phone_page, site_url):
    """navigation.tracking rewrites the fragment to the section scrolled past; an address that opened a calculator
    keeps naming it, so copying the address still opens the calculator."""
    page = open_phone_page(360, 780)
    open_ready(page, site_url + "regulations/26/#calc-lateness")
    reach_calculators(page)
    for y in (0, 400, 1200, 0, 99999):
        page.evaluate(f"() => window.scrollTo(0, {y})")
        page.wait_for_timeout(300)
    assert page.evaluate("() => location.hash") == "#calc-lateness"
    page.locator("#calc-lateness-minutes").fill("7")
    page.evaluate("() => window.scrollTo(0, 0)")
    page.wait_for_timeout(300)
    assert page.evaluate("() => location.hash") == "#calc-lateness" and "lateness.minutes=7" in page.url
    open_ready(page, site_url + "regulations/26/")  # without a calculator in the address, tracking works as before
    page.evaluate("() => document.getElementById('一-2').scrollIntoView()")
    page.wait_for_timeout(500)
    assert page.evaluate("() => location.hash") != "#calc-lateness"


# each shown field of the form against the widget's top (the offence log's field, added after mounting, is not one)
FIELD_BOXES = """(id) => {
    const widget = document.getElementById(id), top = widget.getBoundingClientRect().top;
    return [...widget.querySelectorAll('.penalty-fields > .penalty-field')].map(row => {
        const box = row.getBoundingClientRect();
        return row.hidden ? null : [box.left, box.top - top, box.width, box.height].map(Math.round);
    });
}"""


@pytest.mark.parametrize("widget_id, path", WIDGETS, ids=[widget_id for widget_id, _ in WIDGETS])
def test_the_form_is_in_the_page_and_does_not_move_when_the_script_mounts_it(
    open_phone_page, site_url, widget_id, path
):
    """The form comes with the page (scripts/penalties/widgets.py widget_form): while the calculators' script has not
    come (held back, as on a slow network) its fields are there, disabled, with a line saying it is being loaded;
    mounting enables them where they stood. Without JavaScript the fields show with the note that the calculator
    needs it, and no loading line."""
    page = open_phone_page(360, 780)
    held = HeldScript(page, "**/penalties/calculators.js")
    open_ready(page, site_url + path)
    page.locator(f"#{widget_id}").scroll_into_view_if_needed()
    held.wait_until_asked()
    widget = page.locator(f"#{widget_id}")
    assert widget.locator(".penalty-field").count() > 0
    assert widget.locator("select:enabled, input:enabled, button:enabled").count() == 0
    before = page.evaluate(FIELD_BOXES, widget_id)
    # what the dead fields are waiting for, said where the ruling will be
    assert widget.locator(".penalty-loading").inner_text() == LOADING.format(what="计算器")
    held.release()
    reach_calculators(page)
    # the form's own controls (the offence log's box, added after mounting, has a button of its own that waits)
    assert widget.locator(".penalty-fields :disabled, .penalty-copy:disabled, .penalty-share:disabled").count() == 0
    assert page.evaluate(FIELD_BOXES, widget_id) == before
    assert widget.locator(".penalty-loading, .penalty-load-failed").count() == 0  # the ruling's place now
    without = open_phone_page(360, 780, java_script_enabled=False)
    without.goto(site_url + path)
    assert "本条的计算器需要 JavaScript" in without.locator(f"#{widget_id}").inner_text()
    assert not without.locator(f"#{widget_id} .penalty-loading").is_visible()
    assert without.locator(f"#{widget_id} .penalty-fields > .penalty-field").count() == len(before)


@pytest.mark.parametrize(
    ("path", "refused", "widget", "what"),
    [
        ("regulations/34/", "calculators.js", "#calc-procedural-34", "计算器"),
        ("regulations/45/", "tie_break.js", "#tie-break-sheet", "同分名次表"),
    ],
)
def test_a_widget_whose_script_cannot_be_fetched_says_so(open_phone_page, site_url, path, refused, widget, what):
    """The network goes after the page came (a venue's Wi-Fi): a script of the widgets fails, and the widget says that
    it could not be loaded and what to do, instead of waiting forever (a calculator with its fields dead)."""
    page = open_phone_page(360, 780)
    page.route(f"**/penalties/{refused}", lambda route: route.abort("internetdisconnected"))
    open_ready(page, site_url + path)
    box = page.locator(widget)
    box.scroll_into_view_if_needed()
    failed = box.locator(".penalty-load-failed")
    failed.wait_for(state="visible")
    assert failed.inner_text() == LOAD_FAILED.format(what=what)
    assert not box.locator(".penalty-loading").is_visible()
    assert box.locator("input:enabled, select:enabled").count() == 0
