"""本场记录 at 360 px (docs/assets/penalties/offence_log.js): a ruling recorded against a team makes the next ruling
for the same team and article a repeat, the log survives a reload (also under file://) and an instant page change,
exports a CSV (UTF-8 with BOM) that imports again, and clearing asks first. Screenshots land in tests/artifacts/."""

from __future__ import annotations

import json

from reader_steps import open_ready, reach_calculators
from scripts.penalties import calculate
from penalty_data import PENALTIES

LATENESS = "#calc-lateness"
PROCEDURAL = "#calc-procedural-34"
NO_SIDEWAYS = "() => document.documentElement.scrollWidth <= window.innerWidth"


def open_calculator(page, url: str) -> None:
    open_ready(page, url)
    reach_calculators(page)
    page.wait_for_selector(".penalty-calculator[data-offence-log] .offence-log-entry", timeout=20_000)


def name_offender(page, widget: str, team: str) -> None:
    page.locator(f"{widget} input[name=offender]").fill(team)


def shown(page, widget: str) -> dict:
    return json.loads(page.locator(widget).get_attribute("data-result"))


def cli(name: str, **inputs) -> dict:
    return json.loads(json.dumps(calculate(PENALTIES, name, **inputs), ensure_ascii=False))


def record_lateness(page, team: str, minutes: str) -> None:
    page.locator(f"{LATENESS} select[name=event]").select_option("teams-vp")
    page.locator(f"{LATENESS} input[name=minutes]").fill(minutes)
    name_offender(page, LATENESS, team)
    page.locator(f"{LATENESS} .offence-log-record").click()
    assert (
        page.locator(f"{LATENESS} .offence-log-entry .offence-log-status")
        .inner_text()
        .startswith(f"已记入：{team} 第26条")
    )


def test_a_recorded_ruling_makes_the_next_one_a_repeat(open_phone_page, site_url, artifacts_dir):
    """第26条 lateness: 甲队 recorded once; 甲队's next lateness is ruled as 第二次再犯, 乙队's is not."""
    page = open_phone_page(360, 740)
    open_calculator(page, site_url + "regulations/26/")
    repeat = page.locator(f"{LATENESS} input[name=repeat]")
    record_lateness(page, "甲队", "12")
    # the team stays named after the entry, so the form already rules its next lateness as a repeat
    assert page.locator(f"{LATENESS} input[name=offender]").input_value() == "甲队"
    assert repeat.is_checked()
    page.locator(f"{LATENESS} input[name=minutes]").fill("7")
    assert page.locator(LATENESS).get_attribute("data-offence-count") == "1"
    assert repeat.is_checked()
    assert shown(page, LATENESS) == cli("lateness", event="teams-vp", minutes="7", repeat=True)
    assert "第二次再犯" in shown(page, LATENESS)["subject"]
    assert "此前已有1次第26条的违规" in page.locator(f"{LATENESS} .offence-log-note").inner_text()
    name_offender(page, LATENESS, "乙队")
    assert page.locator(LATENESS).get_attribute("data-offence-count") == "0" and not repeat.is_checked()
    page.reload()
    open_calculator(page, site_url + "regulations/26/")
    assert page.locator(f"{LATENESS} .offence-log summary").inner_text() == "本场记录（1条）"
    name_offender(page, LATENESS, "甲队")
    assert page.locator(f"{LATENESS} input[name=repeat]").is_checked()
    assert page.evaluate(NO_SIDEWAYS)


def test_the_offence_count_follows_the_log_and_the_item(open_phone_page, site_url):
    """第34条: 第几次 is the records of this team under this item + 1; another item is another offence."""
    page = open_phone_page(360, 740)
    open_calculator(page, site_url + "regulations/34/")
    offence = page.locator(f"{PROCEDURAL} input[name=offence]")
    item = page.locator(f"{PROCEDURAL} select[name=item]")
    first_item = item.input_value()
    for count in ("1", "2"):
        name_offender(page, PROCEDURAL, "5号队")
        assert offence.input_value() == count
        page.locator(f"{PROCEDURAL} .offence-log-record").click()
    name_offender(page, PROCEDURAL, "5号队")
    assert offence.input_value() == "3"
    inputs = shown(page, PROCEDURAL)["inputs"]
    assert inputs["offence"] == 3 and shown(page, PROCEDURAL) == cli(
        "procedural", article="34", item=str(inputs["item"]), variant=inputs["variant"], offence="3"
    )
    other = [v for v in item.evaluate("(s) => [...s.options].map(o => o.value)") if v != first_item][0]
    item.select_option(other)
    assert page.locator(f"{PROCEDURAL} input[name=offence]").input_value() == "1"


def test_the_log_exports_a_csv_that_imports_again_and_clearing_asks(open_phone_page, site_url, artifacts_dir, tmp_path):
    page = open_phone_page(360, 740)
    open_calculator(page, site_url + "regulations/26/")
    record_lateness(page, "甲队", "12")
    record_lateness(page, "丙队, \"客队\"", "30")
    log = page.locator(f"{LATENESS} .offence-log")
    log.locator("summary").click()
    assert log.locator("summary").inner_text() == "本场记录（2条）"
    assert [t.inner_text() for t in log.locator(".offence-log-team strong").all()] == ["丙队, \"客队\"", "甲队"]
    log.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts_dir / "offence-log-360.png"))
    with page.expect_download() as download:
        log.locator(".offence-log-export").click()
    csv = tmp_path / download.value.suggested_filename
    download.value.save_as(csv)
    raw = csv.read_bytes()
    assert csv.name.startswith("本场记录-") and raw.startswith("\ufeff时间,当事方,条文,第几次".encode())
    assert raw.count(b"\r\n") == 3 and '"丙队, ""客队"""'.encode() in raw
    log.locator(".offence-log-clear").click()
    confirm = log.locator(".offence-log-confirm")
    assert confirm.is_visible() and "确定清空本设备上本场全部2条记录" in confirm.inner_text()
    log.locator(".offence-log-clear-no").click()
    assert log.locator("summary").inner_text() == "本场记录（2条）"
    log.locator(".offence-log-clear").click()
    log.locator(".offence-log-clear-yes").click()
    assert log.locator("summary").inner_text() == "本场记录（0条）"
    name_offender(page, LATENESS, "甲队")
    assert not page.locator(f"{LATENESS} input[name=repeat]").is_checked()
    log.locator(".offence-log-file").set_input_files(str(csv))
    page.wait_for_function(
        f"() => document.querySelector('{LATENESS} .offence-log summary').textContent === '本场记录（2条）'"
    )
    log.locator(".offence-log-file").set_input_files(str(csv))  # the same file again adds nothing
    page.wait_for_function(f"() => /已导入0条/.test(document.querySelector('{LATENESS} .offence-log').textContent)")
    assert log.locator("summary").inner_text() == "本场记录（2条）"
    name_offender(page, LATENESS, "")
    name_offender(page, LATENESS, "甲队")
    assert page.locator(f"{LATENESS} input[name=repeat]").is_checked()
    bad = tmp_path / "bad.csv"
    bad.write_text("名字,分数\n甲,1\n", encoding="utf-8")
    log.locator(".offence-log-file").set_input_files(str(bad))
    page.wait_for_function(
        f"() => /导入失败：第1行/.test(document.querySelector('{LATENESS} .offence-log').textContent)"
    )
    assert page.evaluate(NO_SIDEWAYS)


def test_the_log_reaches_a_page_opened_by_instant_navigation(open_phone_page, site_url):
    """Material swaps the page without a load: the next article's calculator still gets the offender field and the
    log recorded on the page before."""
    page = open_phone_page(360, 740)
    open_calculator(page, site_url + "regulations/26/")
    record_lateness(page, "甲队", "12")
    page.locator("a.article-foot__next").click()
    page.wait_for_url("**/regulations/27/**")
    open_calculator(page, page.url)
    assert page.locator("#calc-slow-play .offence-log summary").inner_text() == "本场记录（1条）"
    name_offender(page, "#calc-slow-play", "甲队")
    assert page.locator("#calc-slow-play").get_attribute("data-offence-count") == "0"  # 第27条 is another article


def test_the_log_survives_a_reload_from_file(open_phone_page, built_site):
    """Opened from the folder (file://, as from the venue zip): the log is kept on the device across reloads."""
    page = open_phone_page(360, 740)
    url = (built_site / "regulations" / "26" / "index.html").as_uri()
    open_calculator(page, url)
    record_lateness(page, "甲队", "12")
    page.reload()
    open_calculator(page, url)
    assert page.locator(f"{LATENESS} .offence-log summary").inner_text() == "本场记录（1条）"
    name_offender(page, LATENESS, "甲队")
    assert page.locator(f"{LATENESS} input[name=repeat]").is_checked()


def in_view(page, selector: str) -> bool:
    """The element wholly inside the visual viewport, below the header."""
    return page.evaluate(
        """(selector) => {
          const box = document.querySelector(selector).getBoundingClientRect();
          const header = document.querySelector(".md-header").getBoundingClientRect().bottom;
          const view = window.visualViewport;
          return box.top >= Math.max(header, 0) && box.bottom <= view.offsetTop + view.height;
        }""",
        selector,
    )


def test_a_second_entry_for_a_logged_team_needs_no_typing(open_phone_page, site_url, artifacts_dir):
    """The team stays after an entry and × clears it with one tap; a team already in the log is one tap from the list
    under the field. With the keyboard up (a 360×400 viewport, what is left of 740 px) typing a logged team keeps the
    field and its 此前已有1次 note in view: the calculator above does not scroll to its answer."""
    page = open_phone_page(360, 740)
    open_calculator(page, site_url + "regulations/34/")
    entry = f"{PROCEDURAL} .offence-log-entry"
    team = page.locator(f"{PROCEDURAL} input[name=offender]")
    name_offender(page, PROCEDURAL, "5号队")
    page.locator(f"{PROCEDURAL} .offence-log-record").click()
    name_offender(page, PROCEDURAL, "8号队")
    page.locator(f"{PROCEDURAL} .offence-log-record").click()
    assert team.input_value() == "8号队"
    page.locator(f"{entry} .offence-log-team-clear").click()
    assert team.input_value() == "" and page.locator(PROCEDURAL).get_attribute("data-offence-count") is None
    picks = page.locator(f"{entry} .offence-log-team-pick")
    assert [p.inner_text() for p in picks.all()] == ["5号队", "8号队"]
    box = picks.first.bounding_box()
    assert box["height"] >= 44 and box["width"] >= 44
    picks.first.click()  # one tap: no typing of the name
    assert team.input_value() == "5号队"
    assert page.locator(f"{PROCEDURAL} input[name=offence]").input_value() == "2"
    assert "此前已有1次" in page.locator(f"{entry} .offence-log-note").inner_text()
    page.locator(f"{PROCEDURAL} .offence-log-record").click()
    assert "5号队 第34条" in page.locator(f"{entry} .offence-log-status").inner_text()
    assert page.locator(f"{PROCEDURAL} .offence-log summary").inner_text() == "本场记录（3条）"
    page.locator(f"{entry} .offence-log-team-clear").click()
    # the keyboard comes up: the viewport shrinks; type a logged team letter by letter as a phone does
    team.scroll_into_view_if_needed()
    team.focus()
    page.set_viewport_size({"width": 360, "height": 400})
    page.wait_for_timeout(300)
    before = page.evaluate("() => window.scrollY")
    page.keyboard.type("8号队", delay=30)
    page.wait_for_timeout(300)
    assert page.locator(f"{PROCEDURAL} input[name=offence]").input_value() == "2"
    assert "此前已有1次" in page.locator(f"{entry} .offence-log-note").inner_text()
    assert in_view(page, f"{entry} input[name=offender]") and in_view(page, f"{entry} .offence-log-note")
    assert abs(page.evaluate("() => window.scrollY") - before) < 60, "the page jumped while typing"
    assert page.evaluate(NO_SIDEWAYS)
    page.set_viewport_size({"width": 360, "height": 740})
    page.locator(entry).scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts_dir / "offence-log-entry-360.png"))
    # The same log on a phone in dark mode: a context that prefers dark from its first page, holding what this one
    # stored (its saved light palette left out)
    stored = page.evaluate(
        "() => JSON.stringify(Object.entries(localStorage).filter(([k]) => !k.endsWith('__palette')))"
    )
    page = open_phone_page(360, 740, color_scheme="dark")
    page.add_init_script(f"for (const [key, value] of {stored}) localStorage.setItem(key, value);")
    open_calculator(page, site_url + "regulations/34/")
    page.locator(f"{entry} .offence-log-team-pick").last.click()
    assert "此前已有1次" in page.locator(f"{entry} .offence-log-note").inner_text()
    page.locator(entry).scroll_into_view_if_needed()
    assert page.evaluate("() => document.body.getAttribute('data-md-color-scheme')") == "slate"
    page.screenshot(path=str(artifacts_dir / "offence-log-entry-360-dark.png"))
