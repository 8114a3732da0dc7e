"""The penalty widgets in headless chromium agree with the Python engine, keep state in the URL and fit 360 px."""
from __future__ import annotations

import itertools
import json
import re
from urllib.parse import parse_qs, urlsplit

import pytest

from reader_steps import reach_calculators, open_ready
from scripts.penalties import PenaltyInputError, calculate
from scripts.penalties.spec import load_spec
from scripts.penalties.tables import SANCTION_TABLES, load_tables
from scripts.penalties.widgets import placements


def engine(calculator: str, inputs: dict) -> dict:
    """What the Python engine says, as JSON would carry it; bad input as {"error": "--name（label）：..."}."""
    try:
        return json.loads(json.dumps(calculate(calculator, **inputs)))
    except PenaltyInputError as error:
        return {"error": str(error)}


def minute_samples() -> list[str]:
    """Every band boundary of 第26、27条 (exactly on it, a second after, a second before), and bad times."""
    uppers = {band["upper"] for name in ("lateness", "slow_play") for event in load_tables()[name]["events"].values()
              for band in event["bands"] if band["upper"] is not None}
    samples = ["0", "0:01", "60", "10000", "10000.000001", "5.0001", "-1", "abc", "5:60", "", "１２", "５：３０", "1e3"]
    for upper in sorted(uppers):
        samples += [str(upper), f"{upper}:01", f"{upper - 1}:59"]
    return samples


def samples(parameter: dict) -> list:
    """Values of one parameter by its kind: every choice, the ends of its range and just beyond, and malformed input."""
    kind = parameter["kind"]
    if kind == "choice":
        return [str(value) for value, _ in parameter["choices"]] + ["nonsense", ""]
    if kind == "flag":
        return ["", "1", "false", "0", "是", "maybe"]
    if kind == "minutes":
        return minute_samples()
    if kind == "share":
        return ["1", "0", "0.5", "1/3", "2/3", "25%", "33.3333%", "１/２", "1.5", "1/0", "x", ""]
    if kind == "integer":
        low, high = parameter.get("min", 0), parameter.get("max", 999)
        return [str(low), str(high), str(low - 1), str(high + 1), str((low + high) // 2), "１", "2.5", "x", ""]
    if kind == "number":
        low, high, places = parameter.get("min", 0), parameter.get("max", 1000), parameter.get("places", 4)
        return [str(low), str(high), str(high + 1), str(low - 1), "0." + "3" * places, "0." + "3" * (places + 1), "12.5", "１２", "x", ""]
    return []  # text: the rule's own values (procedural items), listed by the rule's grid below


def engine_grid() -> list[tuple[str, dict]]:
    """Drawn from the spec: every calculator over the product of its choice parameters, with each other parameter
    run through its samples in turn; the procedural items come from their tables (every item, case and offence)."""
    cases = []
    for name, calculator in load_spec()["calculators"].items():
        parameters = [p for p in calculator["parameters"] if p["kind"] != "text"]
        choices = [p for p in parameters if p["kind"] == "choice"]
        others = [p for p in parameters if p["kind"] != "choice"]
        for combination in itertools.product(*[[str(v) for v, _ in p["choices"]] for p in choices]):
            base = {p["name"].replace("-", "_"): value for p, value in zip(choices, combination)}
            if name == "procedural":
                article = base["article"]
                for entry in load_tables()[SANCTION_TABLES[article]]["items"]:
                    for variant, offence, damage in itertools.product(entry["variants"], "1234", ["", "1"]):
                        cases.append((name, {**base, "item": entry.get("label", str(entry["item"])) if offence == "3" else str(entry["item"]),
                                             "variant": variant["name"], "offence": offence, "direct_damage": damage}))
                cases += [(name, {**base, "item": item}) for item in ["99", "一", "二、", "3.", "4．", " 5 ", "x", "０７", ""]]
                cases.append((name, {**base, "item": "1", "variant": "nonsense"}))
                continue
            cases.append((name, dict(base)))
            for parameter in others:
                for value in samples(parameter):
                    cases.append((name, {**base, parameter["name"].replace("-", "_"): value}))
        for parameter in choices:  # a bad value of each choice, the others at their first value
            first = {p["name"].replace("-", "_"): str(p["choices"][0][0]) for p in choices}
            cases += [(name, {**first, parameter["name"].replace("-", "_"): value}) for value in ("nonsense", "")]
    # pairs of inputs that only matter together
    for event, minutes, share, decimals in itertools.product(["teams-vp", "teams-ko"], ["3", "7", "22", "25:01"], ["1/3", "0", "2/3"], ["0", "2"]):
        cases.append(("slow-play", {"event": event, "minutes": minutes, "share": share, "decimals": decimals}))
    for event, minutes, boards in itertools.product(["pairs-mp", "pairs-imp"], ["7", "12", "17"], ["1", "2", "3"]):
        cases.append(("lateness", {"event": event, "minutes": minutes, "remove_boards": boards, "repeat": "1"}))
    cases += [("tie-ratio", {"won": w, "lost": l}) for w, l in [("1000", "999"), ("1001", "1000"), ("999999999.9999", "0.0001"), ("100000", "3"), ("5", "0")]]
    cases += [("forfeit", {"event": "round-robin", "own_average": o, "opponent_average": a, "vp_scale": v})
              for o, a, v in [("19.5", "9", "25"), ("12", "3", "20"), ("14.3333", "", "other")]]
    return cases


def widget_pages() -> dict[str, tuple[str, str, dict]]:
    """Widget id → (page path, calculator, fixed values)."""
    return {widget_id: (f"{book}/{slug}/", name, fixed)
            for (book, slug), widgets in placements().items() for name, fixed, widget_id in widgets}


def form_grid() -> list[tuple[str, dict]]:
    """(widget id, field values) typed into each widget's form: the engine grid's cases for that page's calculator."""
    cases = []
    for widget_id, (_, name, fixed) in widget_pages().items():
        own = [inputs for calculator, inputs in engine_grid() if calculator == name
               and all(inputs.get(k) == v for k, v in fixed.items())]
        fields = [{k: v for k, v in inputs.items() if k not in fixed} for inputs in own]
        if name == "procedural":
            fields = [f for f in fields if f.get("variant") != "nonsense" and f.get("item", "").isdigit() and f.get("offence", "1") in "1234"]
        step = max(1, len(fields) // 40)  # every case of a small form; an even spread of a large one
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


def test_engine_in_chromium_agrees_with_python_over_the_grid(desktop, site_url):
    open_ready(desktop, site_url + "regulations/26/")
    reach_calculators(desktop)
    cases = engine_grid()
    got = desktop.evaluate("""(cases) => cases.map(([name, inputs]) => {
        try { return window.RulebookPenalties.calculate(name, inputs); }
        catch (e) { if (e instanceof window.RulebookPenalties.InputError) return {error: e.message}; return {crash: String(e)}; }
    })""", cases)
    mismatches = [(case, want, have) for case, want, have in zip(cases, (engine(*c) for c in cases), got) if want != have]
    assert len(cases) > 2000
    assert not mismatches, f"{len(mismatches)} of {len(cases)} differ, first: {mismatches[0]}"


FLAGS = {"": False, "0": False, "false": False, "1": True, "是": True}


@pytest.mark.parametrize("widget_id", sorted(widget_pages()))
def test_widget_form_agrees_with_python(desktop, site_url, widget_id):
    path, calculator, fixed = widget_pages()[widget_id]
    open_ready(desktop, site_url + path)
    reach_calculators(desktop)
    widget = desktop.locator(f"#{widget_id}[data-mounted]")
    widget.wait_for(state="attached")
    assert desktop.locator(".penalty-calculator").count() == len(placements()[tuple(path.strip("/").split("/"))])
    cases = [fields for w, fields in form_grid() if w == widget_id]
    assert cases, widget_id
    parameters = load_spec()["calculators"][calculator]["parameters"]
    typed: dict[str, object] = {}  # what the form holds now: only changed fields are touched again
    checked = 0
    for fields in cases:
        inputs = {key.replace("-", "_"): value for key, value in fixed.items()}
        usable = True
        for parameter in parameters:
            name = parameter["name"].replace("-", "_")
            control = desktop.locator(f"#{widget_id}-{name}")
            if name in inputs:
                continue
            if control.count() == 0:
                typed.pop(name, None)
                continue
            tag = control.evaluate("e => e.tagName === 'SELECT' ? 'select' : e.type")
            if tag == "select":
                options = control.locator("option").evaluate_all("os => os.map(o => o.value)")
                want = fields.get(name) or options[0]
                if want not in options:
                    usable = False
                    break
                if typed.get(name) != want:
                    control.select_option(want)
                    if name == "item":  # the form is redrawn for the new item: forget the other fields
                        typed = {}
                inputs[name] = typed[name] = control.input_value()
            elif tag == "checkbox":
                if fields.get(name, "") not in FLAGS:
                    usable = False
                    break
                want = FLAGS[fields.get(name, "")]
                if typed.get(name) != want:
                    control.set_checked(want)
                inputs[name] = typed[name] = want
            else:
                want = fields.get(name, str(parameter.get("default", "")))
                if typed.get(name) != want:
                    control.fill(want)
                inputs[name] = typed[name] = want
        if not usable:
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
            assert message.endswith(expected["error"].split("）：", 1)[1]) and re.search(r"[A-Za-z]{4}", re.sub("“[^”]*”", "", message)) is None
    assert checked, widget_id
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
    assert widget_state(other, "lateness") == engine("lateness", {"event": "pairs-imp", "minutes": "12", "repeat": False, "remove_boards": ""})
    context.close()


@pytest.mark.parametrize("query, field", [
    ("lateness.event=teams-vp&lateness.minutes=3&lateness.repeat=false", None),  # “false” is no repeat
    ("lateness.event=teams-vp&lateness.minutes=3&lateness.repeat=maybe", "第二次再犯"),
    ("lateness.event=teams-xx&lateness.minutes=12", "比赛类型"),
    ("lateness.event=teams-vp&lateness.minutes=twelve", "迟到时间（分钟）"),
    ("lateness.event=pairs-mp&lateness.minutes=12&lateness.remove_boards=9", "裁判酌情扣打的副数"),
])
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
    page.wait_for_function("() => document.querySelector('#calc-procedural-34 .penalty-copy-status').textContent !== ''")
    copied = page.evaluate("() => navigator.clipboard.readText()")
    ruling = engine("procedural", {"article": "34", "item": "9", "variant": "no-screens", "offence": "2", "scoring": "imp"})["ruling"]
    assert copied.split("\n")[0] == ruling and "扣6IMP" in ruling and "另一种读法：" in ruling
    link = urlsplit(copied.split("\n")[1])
    assert link.fragment == "calc-procedural-34" and "procedural-34.item=9" in link.query
    assert link.path.endswith("/regulations/34/")
    # after an input error the button copies nothing (not the previous ruling)
    page.fill("#calc-procedural-34-offence", "x")
    page.evaluate("() => navigator.clipboard.writeText('')")
    page.click("#calc-procedural-34 .penalty-copy")
    assert page.locator("#calc-procedural-34 .penalty-copy-status").inner_text() == "输入有误，没有可复制的裁决"
    assert page.evaluate("() => navigator.clipboard.readText()") == ""
    context.close()


def test_widgets_mount_after_instant_navigation(desktop, site_url):
    """What Material's instant navigation does: swap in the next page's content, then announce it on document$."""
    open_ready(desktop, site_url + "regulations/27/")
    reach_calculators(desktop)
    desktop.locator("#calc-slow-play[data-mounted]").wait_for(state="attached")
    desktop.evaluate("""async (url) => {
        const next = new DOMParser().parseFromString(await (await fetch(url)).text(), "text/html");
        document.querySelector(".md-content").replaceWith(next.querySelector(".md-content"));
        history.pushState({}, "", url);
        window.document$.next(document);
    }""", site_url + "regulations/26/")
    desktop.locator("#calc-lateness[data-mounted]").wait_for(state="attached")
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
    assert widget_state(page, "lateness") == engine("lateness", {"event": "teams-ko", "minutes": "5:30", "repeat": False, "remove_boards": ""})
    link = page.evaluate("() => window.RulebookPenalties.hostedLink(document.getElementById('calc-lateness'))")
    assert link.startswith("http") and urlsplit(link).path.endswith("/regulations/26/") and link.endswith("#calc-lateness")
    context.close()


def test_every_widget_fits_360px(phone_page, site_url):
    overflowing = []
    for prefix, (path, _, _) in sorted(widget_pages().items()):
        open_ready(phone_page, site_url + path)
        reach_calculators(phone_page)
        widget = phone_page.locator(f"#{prefix}[data-mounted]")
        widget.wait_for(state="attached")
        scroll, client = phone_page.evaluate("() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
        box = widget.bounding_box()
        if scroll > client or box["x"] < 0 or box["x"] + box["width"] > 360:
            overflowing.append(f"{prefix} on {path}: page {scroll} px in {client} px, widget {box['x']:.0f}–{box['x'] + box['width']:.0f} px")
    assert not overflowing, overflowing


def test_screenshot_of_the_lateness_widget_at_360px(phone_page, site_url, artifacts_dir):
    open_ready(phone_page, site_url + "regulations/26/?lateness.event=pairs-imp&lateness.minutes=12")
    widget = phone_page.locator("#calc-lateness")
    widget.wait_for(state="attached")
    assert "扣6IMP" in widget.locator(".penalty-headline").inner_text()
    widget.scroll_into_view_if_needed()
    widget.screenshot(path=str(artifacts_dir / "penalty-widget-lateness-360.png"))
