"""The penalty widgets in headless chromium: each form's fields, typed or given by the address, show the Python
engine's ruling on a few inputs per widget (the whole grid runs once, in node: test_penalty_engines_agree.py), keep
state in the URL, copy and share, and fit 360 px."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest

from penalty_grid import engine_grid
from reader_steps import open_ready, reach_calculators
from scripts.penalties import PenaltyInputError, calculate
from scripts.penalties.widgets import placements
from penalty_data import PENALTIES


def engine(calculator: str, inputs: dict) -> dict:
    """What the Python engine says, as JSON would carry it; bad input as {"error": "--name（label）：..."}."""
    try:
        return json.loads(json.dumps(calculate(PENALTIES, calculator, **inputs)))
    except PenaltyInputError as error:
        return {"error": str(error)}


def widget_pages() -> dict[str, tuple[str, str, dict]]:
    """Widget id → (page path, calculator, fixed values)."""
    return {
        widget_id: (f"{book}/{slug}/", name, fixed)
        for (book, slug), widgets in placements(PENALTIES).items()
        for name, fixed, widget_id in widgets
    }


FORM_CASES = 8  # the wiring: each kind of field, a choice that shows or hides fields, an error, a case by URL


def form_grid() -> list[tuple[str, dict]]:
    """(widget id, field values) typed into each widget's form: an even spread of about FORM_CASES of the engine grid's
    cases for that page's calculator (a procedural form: FORM_CASES of its items' cases, and its bad items)."""
    cases = []
    for widget_id, (_, name, fixed) in widget_pages().items():
        own = [
            inputs
            for calculator, inputs in engine_grid()
            if calculator == name and all(inputs.get(k) == v for k, v in fixed.items())
        ]
        fields = [{k: v for k, v in inputs.items() if k not in fixed} for inputs in own]
        if name == "procedural":
            fields = [f for f in fields if f.get("item", "").isdigit() and f.get("offence", "1") in "1234"]
        step = max(1, len(fields) // FORM_CASES)
        cases += [(widget_id, f) for f in fields[::step]]
    return cases


@pytest.fixture(scope="module")
def desktop(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.errors = []  # uncaught script errors: a widget that half-renders must fail the test
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    yield page
    context.close()


def widget_state(page, widget: str) -> dict:
    handle = page.locator(f"#{widget}" if widget.startswith("calc-") else f"#calc-{widget}")
    error = handle.get_attribute("data-error")
    return {"error": error} if error else json.loads(handle.get_attribute("data-result"))


FLAGS = {"": False, "0": False, "false": False, "1": True, "是": True}
INTERNAL_NAMES = re.compile(r"[A-Za-z]{4}")  # an engine name (default, no-screens) in text the widget shows


FORM_CONTROLS = """([widget, names]) => Object.fromEntries(names.map(name => {
  const control = document.getElementById(widget + "-" + name);
  if (!control || control.closest("[hidden]")) return [name, null];  // a field the chosen item has not
  const select = control.tagName === "SELECT";
  const options = select ? [...control.options].map(option => option.value) : null;
  return [name, { tag: select ? "select" : control.type, options }];
}))"""


def form_controls(page, widget_id: str, names: list[str]) -> dict[str, dict | None]:
    """Each parameter's field in the widget's form as drawn now (None: no field), its kind and a select's options:
    one look at the page, again after each change (a choice may show or hide fields), instead of three per field."""
    return page.evaluate(FORM_CONTROLS, [widget_id, names])


# The widget of an open page built again from the page's own placeholder (as the server sent it) after the address
# changed to `?query`: what a load of that address does to the widget (build reads the inputs from location.search),
# without loading the page again for each case (29 of 裁判法第34条's 42 cases, 27 of 第37条's go by the URL; the two
# tests took 40 s with a load each, 28 s so, the site's build included). A load at an address with inputs is each
# widget's first URL case here, and the tests below.
REMOUNT = """async ([id, query]) => {
  if (!window.__pristineWidget) {
    const sent = await (await fetch(location.pathname)).text();
    window.__pristineWidget = new DOMParser().parseFromString(sent, "text/html").getElementById(id).outerHTML;
  }
  history.replaceState(null, "", location.pathname + "?" + query + location.hash);
  const holder = document.createElement("div");
  holder.innerHTML = window.__pristineWidget;
  document.getElementById(id).replaceWith(holder.firstElementChild);
  window.RulebookPenalties.mount();
}"""


@pytest.mark.parametrize("widget_id", sorted(widget_pages()))
def test_widget_form_agrees_with_python(desktop, site_url, widget_id):
    path, calculator, fixed = widget_pages()[widget_id]
    open_ready(desktop, site_url + path)
    reach_calculators(desktop)
    widget = desktop.locator(f"#{widget_id}[data-mounted]")
    widget.wait_for(state="attached")
    assert desktop.locator(".penalty-calculator").count() == len(
        placements(PENALTIES)[tuple(path.strip("/").split("/"))]
    )
    cases = [fields for w, fields in form_grid() if w == widget_id]
    assert cases, widget_id
    parameters = PENALTIES.calculators[calculator]["parameters"]
    names = [parameter["name"].replace("-", "_") for parameter in parameters]
    typed: dict[str, object] = {}  # what the form holds now: only changed fields are touched again
    checked = via_url = 0
    url_page = None
    for fields in cases:
        inputs = {key.replace("-", "_"): value for key, value in fixed.items()}
        usable = True
        controls = form_controls(desktop, widget_id, names)
        for parameter, name in zip(parameters, names):
            control = desktop.locator(f"#{widget_id}-{name}")
            if name in inputs:
                continue
            if controls[name] is None:
                typed.pop(name, None)
                if fields.get(name, "") != "":  # a value the drawn form has no field for: only a URL can carry it
                    usable = False
                    break
                continue
            tag, options = controls[name]["tag"], controls[name]["options"]
            if tag == "select":
                want = fields.get(name) or options[0]
                if want not in options:
                    usable = False
                    break
                if typed.get(name) != want:
                    control.select_option(want)
                    if name == "item":  # the form is redrawn for the new item: forget the other fields
                        typed = {}
                    controls = form_controls(desktop, widget_id, names)  # a choice may show or hide fields
                inputs[name] = typed[name] = control.input_value()
            elif tag == "checkbox":
                if fields.get(name, "") not in FLAGS:
                    usable = False
                    break
                want = FLAGS[fields.get(name, "")]
                if typed.get(name) != want:
                    control.set_checked(want)
                    controls = form_controls(desktop, widget_id, names)
                inputs[name] = typed[name] = want
            else:
                want = fields.get(name, str(parameter.get("default", "")))
                if typed.get(name) != want:
                    control.fill(want)
                    controls = form_controls(desktop, widget_id, names)
                inputs[name] = typed[name] = want
        if not usable:  # the case through the URL instead: an error wherever the engine refuses it, never a ruling
            # in a second tab, so the form keeps what was typed into it; the first such case opened at its address,
            # the others given to the same page's widget as a fresh placeholder reading a new address (see REMOUNT)
            given = {key: value for key, value in fields.items() if value != ""}
            query = urlencode({f"{widget_id[len('calc-') :]}.{key}": value for key, value in given.items()})
            if url_page is None:
                url_page = desktop.context.new_page()
                url_page.on("pageerror", lambda error: desktop.errors.append(str(error)))
                open_ready(url_page, site_url + path + "?" + query)
            else:
                url_page.evaluate(REMOUNT, [widget_id, query])
            url_widget = url_page.locator(f"#{widget_id}[data-mounted]")
            url_widget.wait_for(state="attached")
            expected = engine(calculator, {**{key.replace("-", "_"): value for key, value in fixed.items()}, **given})
            assert widget_state(url_page, widget_id) == expected, ("url", widget_id, fields)
            if "error" in expected:
                assert url_widget.locator(".penalty-headline").count() == 0
                message = url_widget.locator(".penalty-error").inner_text()
                assert not INTERNAL_NAMES.search(re.sub("“[^”]*”", "", message))
            via_url += 1
            continue
        checked += 1
        expected = engine(calculator, inputs)
        assert widget_state(desktop, widget_id) == expected, (widget_id, fields)
        if "error" not in expected:
            assert widget.locator(".penalty-headline").inner_text() == expected["headline"]
        elif expected["error"].endswith("：请填写"):  # a required field left empty
            assert widget.locator(".penalty-prompt").inner_text().startswith("请填写：")
        else:
            message = widget.locator(".penalty-error").inner_text()
            assert (
                message.endswith(expected["error"].split("）：", 1)[1])
                and re.search(r"[A-Za-z]{4}", re.sub("“[^”]*”", "", message)) is None
            )
    if url_page is not None:
        url_page.close()
    assert checked, widget_id
    assert via_url or calculator != "procedural", widget_id  # the grid's values no procedural form can show
    assert not desktop.errors, desktop.errors


def test_inputs_are_kept_in_the_url_and_restored(browser, site_url):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    open_ready(page, site_url + "regulations/26/#一-2")
    reach_calculators(page)
    page.select_option("#calc-lateness-event", "pairs-imp")
    page.fill("#calc-lateness-minutes", "12")
    shared = page.evaluate("() => location.href")
    assert parse_qs(urlsplit(shared).query) == {"lateness.event": ["pairs-imp"], "lateness.minutes": ["12"]}
    assert urlsplit(shared).fragment, "the anchor must survive the URL update"
    other = context.new_page()
    open_ready(other, shared)
    other.locator("#calc-lateness[data-result]").wait_for(state="attached")
    assert other.input_value("#calc-lateness-minutes") == "12"
    assert widget_state(other, "lateness") == engine(
        "lateness", {"event": "pairs-imp", "minutes": "12", "repeat": False, "remove_boards": ""}
    )
    context.close()


@pytest.mark.parametrize(
    "query, field",
    [
        ("lateness.event=teams-vp&lateness.minutes=3&lateness.repeat=false", None),  # “false” is no repeat
        ("lateness.event=teams-vp&lateness.minutes=3&lateness.repeat=maybe", "第二次再犯"),
        ("lateness.event=teams-xx&lateness.minutes=12", "比赛类型"),
        ("lateness.event=teams-vp&lateness.minutes=twelve", "迟到时间（分钟）"),
        ("lateness.event=pairs-mp&lateness.minutes=12&lateness.remove_boards=9", "裁判酌情扣打的副数"),
    ],
)
def test_a_bad_url_value_shows_an_error_not_a_ruling(browser, site_url, query, field):
    """第26条一 “迟到0+—5分钟：正式提出警告；第二次再犯按迟到5+分钟的条款处罚”: repeat=false is the first offence,
    and a value the widget cannot read never gives a ruling for other inputs."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    open_ready(page, site_url + "regulations/26/?" + query)
    page.locator("#calc-lateness[data-mounted]").wait_for(state="attached")
    state = widget_state(page, "lateness")
    if field is None:
        assert state["penalty"]["warning"] == "正式警告" and state["penalty"]["vp"] is None
    else:
        assert "error" in state and f"（{field}）" in state["error"]
        assert page.locator("#calc-lateness .penalty-headline").count() == 0
        shown = page.locator("#calc-lateness .penalty-error").inner_text()
        assert field in shown and "teams-vp" not in shown  # the internal names of the choices stay out of the widget
    context.close()


@pytest.mark.parametrize(
    "widget, query, field",
    [
        ("procedural-37", "item=1&variant=nonsense", "情形"),  # a case the item does not have: named by its labels
        ("procedural-34", "item=1&direct_damage=1", "直接导致对方损失（调整分）"),  # 第34条1 has no 调整分 clause
        ("procedural-34", "item=1&variant=bogus", "情形"),  # an item with one case: no field, still refused
        ("procedural-34", "item=1&colour=red", None),  # no such input at all
        ("procedural-34", "item=1&article=37", None),  # the page fixes the article
    ],
)
def test_a_url_value_the_form_cannot_show_is_an_error(browser, site_url, widget, query, field):
    """The command line refuses `--direct-damage` on 第34条1 (“如直接导致对方的损失将给予调整分” is not in its sentence) and
    a case the item lacks; the widget does the same for such a URL value, in Chinese, and keeps it in the URL."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    article = widget.split("-")[1]
    params = "&".join(f"{widget}.{pair}" for pair in query.split("&"))
    open_ready(page, site_url + f"regulations/{article}/?" + params)
    page.locator(f"#calc-{widget}[data-mounted]").wait_for(state="attached")
    state = widget_state(page, f"calc-{widget}")
    assert "error" in state and page.locator(f"#calc-{widget} .penalty-headline").count() == 0
    shown = page.locator(f"#calc-{widget} .penalty-error").inner_text()
    if field:
        assert f"（{field}）" in state["error"] and field in shown
    assert INTERNAL_NAMES.search(re.sub("“[^”]*”", "", shown)) is None, shown
    if "nonsense" in query:
        assert "default" not in shown and "extreme" not in shown and "极其严重" in shown
    assert all(
        f"{widget}.{pair}" in page.evaluate("() => decodeURIComponent(location.search)")
        for pair in query.split("&")[1:]
    )
    context.close()


def test_copy_ruling_puts_the_short_text_and_link_on_the_clipboard(browser, site_url):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site_url.rstrip("/"))
    page = context.new_page()
    open_ready(page, site_url + "regulations/34/")
    reach_calculators(page)
    page.select_option("#calc-procedural-34-item", "9")
    page.select_option("#calc-procedural-34-variant", "no-screens")
    page.fill("#calc-procedural-34-offence", "2")
    page.select_option("#calc-procedural-34-scoring", "imp")
    page.click("#calc-procedural-34 .penalty-copy")
    page.wait_for_function(
        "() => document.querySelector('#calc-procedural-34 .penalty-copy-status').textContent !== ''"
    )
    copied = page.evaluate("() => navigator.clipboard.readText()")
    ruling = engine(
        "procedural", {"article": "34", "item": "9", "variant": "no-screens", "offence": "2", "scoring": "imp"}
    )["ruling"]
    assert copied.split("\n")[0] == ruling and "扣6IMP" in ruling and "另一种读法：" in ruling
    # the test build's site_url is the default http://127.0.0.1:8000/: no link (it would work for no one), the page in
    # words
    named = "计算器：裁判法第34条页末“程序性、纪律性判罚（第34、37、38条）”"
    assert copied.split("\n")[1] == named
    assert "http" not in copied and "127.0.0.1" not in copied
    # a build for a real host (RULEBOOK_SITE_URL=https://bridge.example.org/): its page, opening at the calculator
    page.evaluate(
        "() => document.querySelector('link[rel=canonical]').href = 'https://bridge.example.org/regulations/34/'"
    )
    page.click("#calc-procedural-34 .penalty-copy")
    page.wait_for_function("() => navigator.clipboard.readText().then(t => t.includes('https://'))")
    link = urlsplit(page.evaluate("() => navigator.clipboard.readText()").split("\n")[1])
    assert (link.scheme, link.netloc, link.path) == ("https", "bridge.example.org", "/regulations/34/")
    assert link.fragment == "calc-procedural-34" and "procedural-34.item=9" in link.query
    # after an input error the button copies nothing (not the previous ruling)
    page.fill("#calc-procedural-34-offence", "x")
    page.evaluate("() => navigator.clipboard.writeText('')")
    page.click("#calc-procedural-34 .penalty-copy")
    status = page.locator("#calc-procedural-34 .penalty-copy-status").inner_text()
    assert status == "输入有误，没有可复制的裁决"
    assert page.evaluate("() => navigator.clipboard.readText()") == ""
    context.close()


def test_widgets_mount_after_instant_navigation(desktop, site_url):
    """What Material's instant navigation does: swap in the next page's content, then announce it on document$."""
    open_ready(desktop, site_url + "regulations/27/")
    reach_calculators(desktop)
    desktop.locator("#calc-slow-play[data-mounted]").wait_for(state="attached")
    desktop.evaluate(
        """async (url) => {
        const next = new DOMParser().parseFromString(await (await fetch(url)).text(), "text/html");
        document.querySelector(".md-content").replaceWith(next.querySelector(".md-content"));
        history.pushState({}, "", url);
        window.document$.next(document);
    }""",
        site_url + "regulations/26/",
    )
    desktop.locator("#calc-lateness[data-mounted]").wait_for(state="attached")
    # this page has used the calculator before: the event type last chosen is remembered, so the test names its own
    desktop.select_option("#calc-lateness-event", "teams-vp")
    desktop.fill("#calc-lateness-minutes", "25:01")
    assert widget_state(desktop, "lateness")["penalty"]["committee"] == "由比赛仲裁委员会处理"
    desktop.evaluate("() => window.document$.next(document)")  # announced twice: still one form
    assert desktop.locator("#calc-lateness .penalty-form").count() == 1
    assert not desktop.errors, desktop.errors


def test_widget_works_from_file_url(browser, built_site):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    open_ready(page, (built_site / "regulations" / "26" / "index.html").as_uri())
    reach_calculators(page)
    page.select_option("#calc-lateness-event", "teams-ko")
    page.fill("#calc-lateness-minutes", "5:30")
    assert widget_state(page, "lateness") == engine(
        "lateness", {"event": "teams-ko", "minutes": "5:30", "repeat": False, "remove_boards": ""}
    )
    widget = "document.getElementById('calc-lateness')"
    # the venue zip of a build without a hosted site_url (the default http://127.0.0.1:8000/): no file:// nor
    # localhost link, the page named in words
    assert page.evaluate(f"() => window.RulebookPenalties.hostedLink({widget})") is None
    assert (
        page.evaluate(f"() => window.RulebookPenalties.copiedPage({widget})")
        == "计算器：裁判法第26条页末“迟到的判罚（第26条）”"
    )
    # a build for a real host: the hosted page at the calculator, even from file://
    page.evaluate(
        "() => document.querySelector('link[rel=canonical]').href = 'https://bridge.example.org/regulations/26/'"
    )
    link = page.evaluate(f"() => window.RulebookPenalties.copiedPage({widget})")
    assert link.startswith("https://bridge.example.org/regulations/26/?") and link.endswith("#calc-lateness")
    context.close()


@pytest.mark.slow
def test_copied_link_of_a_build_for_a_real_host(browser, tmp_path):
    """`RULEBOOK_SITE_URL=https://bridge.example.org/ mkdocs build`: the copied ruling's second line is that host's page
    (directory URL) at the calculator with its inputs, also from the built files opened as file://."""
    from scripts.paths import ROOT

    out = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--quiet", "--site-dir", str(out)],
        cwd=ROOT,
        check=True,
        env={**os.environ, "RULEBOOK_SITE_URL": "https://bridge.example.org/rules/"},
    )
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    open_ready(
        page, (out / "regulations" / "27" / "index.html").as_uri() + "?slow-play.event=teams-ko&slow-play.minutes=3"
    )
    reach_calculators(page)
    page.locator("#calc-slow-play[data-result]").wait_for(state="attached")
    link = page.evaluate("() => window.RulebookPenalties.copiedPage(document.getElementById('calc-slow-play'))")
    parts = urlsplit(link)
    assert (parts.scheme, parts.netloc, parts.path, parts.fragment) == (
        "https",
        "bridge.example.org",
        "/rules/regulations/27/",
        "calc-slow-play",
    )
    assert parse_qs(parts.query) == {"slow-play.event": ["teams-ko"], "slow-play.minutes": ["3"]}
    context.close()


# The checkboxes of a widget whose label is not beside them on the same line (the label's middle outside the box's
# height, or the label not to its right).
CHECKBOXES_APART_FROM_LABELS = """prefix => Array.from(
  document.querySelectorAll('#' + prefix + ' input[type=checkbox]'))
.filter(box => {
  const label = document.querySelector('label[for="' + box.id + '"]');
  if (!label) return true;
  const a = box.getBoundingClientRect(), b = label.getBoundingClientRect(), middle = (b.top + b.bottom) / 2;
  return middle < a.top || middle > a.bottom || b.left < a.right;
}).map(box => box.name)"""


def test_every_widget_fits_360px_with_each_checkbox_beside_its_label(phone_page, site_url):
    overflowing, apart = [], []
    for prefix, (path, _, _) in sorted(widget_pages().items()):
        open_ready(phone_page, site_url + path)
        reach_calculators(phone_page)
        widget = phone_page.locator(f"#{prefix}[data-mounted]")
        widget.wait_for(state="attached")
        scroll, client = phone_page.evaluate(
            "() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]"
        )
        box = widget.bounding_box()
        if scroll > client or box["x"] < 0 or box["x"] + box["width"] > 360:
            overflowing.append(
                f"{prefix} on {path}: page {scroll} px in {client} px, widget {box['x']:.0f}–"
                f"{box['x'] + box['width']:.0f} px"
            )
        apart += [f"{prefix} on {path}: {name}" for name in phone_page.evaluate(CHECKBOXES_APART_FROM_LABELS, prefix)]
    assert not overflowing, overflowing
    assert not apart, f"checkbox not beside its label: {apart}"


def test_screenshot_of_the_lateness_widget_at_360px(phone_page, site_url, artifacts_dir):
    open_ready(phone_page, site_url + "regulations/26/?lateness.event=pairs-imp&lateness.minutes=12")
    widget = phone_page.locator("#calc-lateness")
    widget.wait_for(state="attached")
    assert "扣6IMP" in widget.locator(".penalty-headline").inner_text()
    widget.scroll_into_view_if_needed()
    widget.screenshot(path=str(artifacts_dir / "penalty-widget-lateness-360.png"))
