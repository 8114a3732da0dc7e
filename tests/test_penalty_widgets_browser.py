"""The penalty widgets in headless chromium agree with the Python engine, keep state in the URL and fit 360 px."""
from __future__ import annotations

import itertools
import json
from urllib.parse import parse_qs, urlsplit

import pytest

from scripts.penalties import PenaltyInputError, calculate
from scripts.penalties.tables import SANCTION_TABLES, load_tables
from scripts.penalties.widgets import FORMS, WIDGETS

EVENTS = ["teams-vp", "teams-ko", "pairs-mp", "pairs-imp"]
MINUTES = ["0", "0:01", "1", "1:01", "2", "2:01", "4:59", "5", "5:00", "5:01", "5.0001", "5:30", "6", "6:01", "10", "10:01",
           "12", "15", "15:01", "20", "20:01", "24:59", "25", "25:01", "60", "-1", "abc", "5:60", ""]


def engine(calculator: str, inputs: dict) -> dict:
    """What the Python engine says, as JSON would carry it; bad input as {"error": "--name: ..."}."""
    try:
        return json.loads(json.dumps(calculate(calculator, **inputs)))
    except PenaltyInputError as error:
        return {"error": str(error)}


def engine_grid() -> list[tuple[str, dict]]:
    """Every calculator over its boundaries and options (the engine-level comparison: a few thousand cases)."""
    cases = []
    for event, minutes, repeat in itertools.product(EVENTS, MINUTES, ["", "1"]):
        cases.append(("lateness", {"event": event, "minutes": minutes, "repeat": repeat}))
        cases.append(("slow-play", {"event": event, "minutes": minutes, "repeat": repeat}))
    for event, minutes, boards in itertools.product(EVENTS, ["3", "7", "12", "17", "22"], ["1", "2", "3", "x", ""]):
        cases.append(("lateness", {"event": event, "minutes": minutes, "remove_boards": boards}))
    for event, minutes, share, decimals in itertools.product(EVENTS, ["3", "7", "12", "17", "22"], ["1", "0.5", "1/3", "2/3", "25%", "0", "1.5", ""], ["0", "1", "2"]):
        cases.append(("slow-play", {"event": event, "minutes": minutes, "share": share, "decimals": decimals}))
    for article, name in SANCTION_TABLES.items():
        for entry in load_tables()[name]["items"]:
            for variant, offence, scoring, damage in itertools.product(entry["variants"], "1234", ["vp", "imp", "mp"], ["", "1"]):
                cases.append(("procedural", {"article": article, "item": str(entry["item"]), "variant": variant["name"],
                                             "offence": offence, "scoring": scoring, "direct_damage": damage}))
        cases.append(("procedural", {"article": article, "item": "99"}))
        cases += [("procedural", {"article": article, "item": item}) for item in ["一", "二、", "3.", "4．", " 5 ", "x"]]
    cases += [("board", {"number": str(n)}) for n in [*range(0, 40), 100, "x"]]
    for won, lost, kind in itertools.product(["0", "1", "2", "100", "45.5"], ["0", "3", "75", "45.5", "-1"], ["imp", "tp"]):
        cases.append(("tie-ratio", {"won": won, "lost": lost, "kind": kind}))
    for value, decimals in itertools.product(["0.125", "0.75", "2.5", "-0.125", "1.005", "x"], ["0", "1", "2"]):
        cases.append(("rounding", {"value": value, "decimals": decimals}))
    cases += [("adjusted", {"responsibility": r, "scoring": s}) for r, s in itertools.product(["direct", "partial", "none"], ["mp", "imp"])]
    for event, boards, whole, tie in itertools.product(["teams", "pairs-mp", "pairs-imp"], ["1", "3"], ["", "1"], ["", "10"]):
        cases.append(("fouled", {"event": event, "boards": boards, "whole_match": whole, "tie_vp": tie}))
    for event in FORMS["forfeit"]["fields"][0]["choices"]:
        for own, opp, scale, tie, boards, half, tmp in [("", "", "25", "", "", "", ""), ("19.5", "9", "25", "", "12", "1", "2"),
                                                        ("12", "3", "20", "10", "3", "", "1.5"), ("14.333", "", "other", "", "", "", "")]:
            cases.append(("forfeit", {"event": event[0], "own_average": own, "opponent_average": opp, "vp_scale": scale,
                                      "tie_vp": tie, "boards": boards, "half_scale": half, "tie_match_points": tmp}))
    cases += [("withdrawal", {"event": e[0], "boards": "4"}) for e in FORMS["withdrawal"]["fields"][0]["choices"]]
    cases += [("carry-over", {"M": "55.5", "Q": "20", "A": "", "B": "x"}), ("carry-over", {"M": "55.5", "Q": "20"})]
    # the largest inputs accepted: exact arithmetic must not overflow the widget's integers
    cases += [("tie-ratio", {"won": w, "lost": l}) for w, l in [("99999.999", "0.001"), ("0.001", "99999.999"), ("99999.997", "3.001"), ("100000", "1")]]
    cases += [("rounding", {"value": v, "decimals": "2"}) for v in ["-99999.995", "99999.995", "99999.9995"]]
    cases += [("slow-play", {"event": "teams-vp", "minutes": m, "share": s}) for m, s in [("9999:59.999", "33.3333%"), ("7", "9999/9999"), ("22", "1/9999")]]
    return cases


def widget_pages() -> dict[str, tuple[str, str, str]]:
    """Widget id prefix → (page path, calculator, procedural article)."""
    pages = {}
    for (book, slug), widgets in WIDGETS.items():
        for calculator, article in widgets:
            pages[calculator + (f"-{article}" if article else "")] = (f"{book}/{slug}/", calculator, article)
    return pages


def form_grid() -> list[tuple[str, dict]]:
    """(widget prefix, field values) typed into the widgets' forms, one list per widget."""
    cases = []
    for event, minutes in itertools.product(EVENTS, ["0", "5", "5:01", "6:01", "12", "20:01", "25:01", "abc", ""]):
        cases.append(("lateness", {"event": event, "minutes": minutes}))
        cases.append(("slow-play", {"event": event, "minutes": minutes}))
    cases += [("lateness", {"event": e, "minutes": m, "repeat": True}) for e, m in itertools.product(EVENTS, ["3", "12"])]
    cases += [("lateness", {"event": e, "minutes": "12", "remove_boards": b}) for e, b in itertools.product(["pairs-mp", "pairs-imp"], ["1", "2", "3"])]
    cases += [("slow-play", {"event": "teams-vp", "minutes": m, "share": s, "decimals": d})
              for m, s, d in [("7", "1/2", "0"), ("17", "1/3", "2"), ("7", "2", "2")]]
    for article, name in SANCTION_TABLES.items():
        for entry in load_tables()[name]["items"]:
            for turn, variant in enumerate(entry["variants"]):
                # every item and case once, offence and scoring rotating (the engine-level grid covers all combinations)
                offence, scoring = [("1", "vp"), ("2", "imp"), ("3", "mp")][(entry["item"] + turn) % 3]
                fields = {"item": str(entry["item"]), "offence": offence, "scoring": scoring}
                if len(entry["variants"]) > 1:
                    fields["variant"] = variant["name"]
                if "damage" in entry and offence == "2":
                    fields["direct_damage"] = True
                cases.append((f"procedural-{article}", fields))
    cases += [("board", {"number": n}) for n in ["1", "4", "5", "13", "16", "17", "0", "x"]]
    cases += [("tie-ratio", {"kind": k, "won": w, "lost": l}) for k, w, l in [("imp", "100", "75"), ("tp", "2", "3"), ("imp", "5", "0"), ("imp", "", "3")]]
    cases += [("rounding", {"value": v, "decimals": d}) for v, d in [("0.125", "2"), ("0.75", "0"), ("0.75", "1"), ("2.5", "0")]]
    cases += [("adjusted", {"responsibility": r, "scoring": s}) for r, s in itertools.product(["direct", "partial", "none"], ["mp", "imp"])]
    cases += [("fouled", {"event": e, "boards": "2"}) for e in ["teams", "pairs-mp", "pairs-imp"]] + [("fouled", {"event": "teams", "whole_match": True})]
    cases += [("forfeit", {"event": "round-robin"}), ("forfeit", {"event": "round-robin", "own_average": "19.5", "opponent_average": "9"}),
              ("forfeit", {"event": "board-a-match", "boards": "12", "half_scale": True}), ("forfeit", {"event": "swiss"}),
              ("forfeit", {"event": "pairs-match-points", "tie_match_points": "2"}), ("forfeit", {"event": "pairs-match-points"})]
    cases += [("withdrawal", {"event": e, "boards": "3"}) for e in ["round-robin", "knock-out", "pairs-imp"]]
    cases += [("carry-over", {"M": "60", "S": "1200"})]
    return cases


@pytest.fixture(scope="module")
def desktop(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.errors = []  # uncaught script errors: a widget that half-renders must fail the test
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    yield page
    context.close()


def widget_state(page, prefix: str) -> dict:
    handle = page.locator(f"#calc-{prefix}")
    error = handle.get_attribute("data-error")
    return {"error": error} if error else json.loads(handle.get_attribute("data-result"))


def test_engine_in_chromium_agrees_with_python_over_the_grid(desktop, site_url):
    desktop.goto(site_url + "regulations/26/")
    cases = engine_grid()
    got = desktop.evaluate("""(cases) => cases.map(([name, inputs]) => {
        try { return window.RulebookPenalties.calculate(name, inputs); }
        catch (e) { if (e instanceof window.RulebookPenalties.InputError) return {error: e.message}; return {crash: String(e)}; }
    })""", cases)
    mismatches = [(case, want, have) for case, want, have in zip(cases, (engine(*c) for c in cases), got) if want != have]
    assert len(cases) > 2000
    assert not mismatches, f"{len(mismatches)} of {len(cases)} differ, first: {mismatches[0]}"


@pytest.mark.parametrize("prefix", sorted(widget_pages()))
def test_widget_form_agrees_with_python(desktop, site_url, prefix):
    path, calculator, article = widget_pages()[prefix]
    desktop.goto(site_url + path)
    widget = desktop.locator(f"#calc-{prefix}")
    widget.wait_for(state="attached")
    assert desktop.locator(".penalty-calculator").count() == len(WIDGETS[tuple(path.strip("/").split("/"))])
    cases = [fields for p, fields in form_grid() if p == prefix]
    assert cases, prefix
    field_specs = FORMS[calculator]["fields"]
    typed: dict[str, object] = {}  # what the form holds now: only changed fields are touched again
    for fields in cases:
        inputs = {"article": article} if article else {}
        for spec in field_specs:
            name = spec["name"]
            control = desktop.locator(f"#calc-{prefix}-{name}")
            if control.count() == 0:
                typed.pop(name, None)
                continue
            if spec["type"] == "select":
                want = fields.get(name) or control.locator("option").first.get_attribute("value")
                if typed.get(name) != want:
                    control.select_option(want)
                    if name == "item":  # the form is redrawn for the new item: forget the other fields
                        typed = {}
                inputs[name] = typed[name] = control.input_value()
            elif spec["type"] == "checkbox":
                want = bool(fields.get(name))
                if typed.get(name) != want:
                    control.set_checked(want)
                inputs[name] = typed[name] = want
            else:
                want = fields.get(name, spec.get("default", ""))
                if typed.get(name) != want:
                    control.fill(want)
                inputs[name] = typed[name] = want
        expected = engine(calculator, inputs)
        assert widget_state(desktop, prefix) == expected, (prefix, fields)
        if "error" not in expected:
            assert widget.locator(".penalty-headline").inner_text() == expected["headline"]
        elif inputs.get(expected["error"][2:].split(":")[0].replace("-", "_")) == "":  # a required field left empty
            assert widget.locator(".penalty-prompt").inner_text().startswith("请填写：")
        else:
            assert widget.locator(".penalty-error").inner_text().endswith(expected["error"])
    assert not desktop.errors, desktop.errors


def test_inputs_are_kept_in_the_url_and_restored(browser, site_url):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(site_url + "regulations/26/#一-2")
    page.select_option("#calc-lateness-event", "pairs-imp")
    page.fill("#calc-lateness-minutes", "12")
    shared = page.evaluate("() => location.href")
    assert parse_qs(urlsplit(shared).query) == {"lateness.event": ["pairs-imp"], "lateness.minutes": ["12"]}
    assert urlsplit(shared).fragment, "the anchor must survive the URL update"
    other = context.new_page()
    other.goto(shared)
    other.locator("#calc-lateness[data-result]").wait_for(state="attached")
    assert other.input_value("#calc-lateness-minutes") == "12"
    assert widget_state(other, "lateness") == engine("lateness", {"event": "pairs-imp", "minutes": "12", "repeat": False, "remove_boards": ""})
    context.close()


def test_copy_ruling_puts_the_short_text_and_link_on_the_clipboard(browser, site_url):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site_url.rstrip("/"))
    page = context.new_page()
    page.goto(site_url + "regulations/34/")
    page.select_option("#calc-procedural-34-item", "9")
    page.select_option("#calc-procedural-34-variant", "no-screens")
    page.select_option("#calc-procedural-34-offence", "2")
    page.select_option("#calc-procedural-34-scoring", "imp")
    page.click("#calc-procedural-34 .penalty-copy")
    page.wait_for_function("() => document.querySelector('#calc-procedural-34 .penalty-copy-status').textContent !== ''")
    copied = page.evaluate("() => navigator.clipboard.readText()")
    ruling = engine("procedural", {"article": "34", "item": "9", "variant": "no-screens", "offence": "2", "scoring": "imp"})["ruling"]
    assert copied.split("\n")[0] == ruling and "扣6IMP" in ruling
    assert "procedural-34.item=9" in copied.split("\n")[1]
    context.close()


def test_widgets_mount_after_instant_navigation(desktop, site_url):
    """What Material's instant navigation does: swap in the next page's content, then announce it on document$."""
    desktop.goto(site_url + "regulations/27/")
    desktop.locator("#calc-slow-play[data-mounted]").wait_for(state="attached")
    desktop.evaluate("""async (url) => {
        const next = new DOMParser().parseFromString(await (await fetch(url)).text(), "text/html");
        document.querySelector(".md-content").replaceWith(next.querySelector(".md-content"));
        history.pushState({}, "", url);
        window.document$.next(document);
    }""", site_url + "regulations/26/")
    desktop.locator("#calc-lateness[data-mounted]").wait_for(state="attached")
    desktop.fill("#calc-lateness-minutes", "25:01")
    assert widget_state(desktop, "lateness")["penalty"]["committee"] is True
    desktop.evaluate("() => window.document$.next(document)")  # announced twice: still one form
    assert desktop.locator("#calc-lateness .penalty-form").count() == 1
    assert not desktop.errors, desktop.errors


def test_widget_works_from_file_url(browser, built_site):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto((built_site / "regulations" / "26" / "index.html").as_uri())
    page.select_option("#calc-lateness-event", "teams-ko")
    page.fill("#calc-lateness-minutes", "5:30")
    assert widget_state(page, "lateness") == engine("lateness", {"event": "teams-ko", "minutes": "5:30", "repeat": False, "remove_boards": ""})
    context.close()


def test_every_widget_fits_360px(phone_page, site_url):
    overflowing = []
    for prefix, (path, _, _) in sorted(widget_pages().items()):
        phone_page.goto(site_url + path)
        widget = phone_page.locator(f"#calc-{prefix}[data-mounted]")
        widget.wait_for(state="attached")
        scroll, client = phone_page.evaluate("() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
        box = widget.bounding_box()
        if scroll > client or box["x"] < 0 or box["x"] + box["width"] > 360:
            overflowing.append(f"{prefix} on {path}: page {scroll} px in {client} px, widget {box['x']:.0f}–{box['x'] + box['width']:.0f} px")
    assert not overflowing, overflowing


def test_screenshot_of_the_lateness_widget_at_360px(phone_page, site_url, artifacts_dir):
    phone_page.goto(site_url + "regulations/26/?lateness.event=pairs-imp&lateness.minutes=12")
    widget = phone_page.locator("#calc-lateness")
    widget.wait_for(state="attached")
    assert "扣6IMP" in widget.locator(".penalty-headline").inner_text()
    widget.scroll_into_view_if_needed()
    widget.screenshot(path=str(artifacts_dir / "penalty-widget-lateness-360.png"))
