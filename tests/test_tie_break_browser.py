"""The 第45条 同分名次表 at 360 px: two teams' figures typed in, the sheet stops at the step the text decides, quoting
it, and shows the same walk as the command line; a screenshot lands in tests/artifacts/."""

from __future__ import annotations

import json

from reader_steps import open_ready, wait_for_page_scripts
from scripts.penalties.tie_break import tie_break
from penalty_data import PENALTIES

SHEET = "#tie-break-sheet"
NO_SIDEWAYS = "() => document.documentElement.scrollWidth <= window.innerWidth"


def open_sheet(page, site_url: str) -> None:
    open_ready(page, site_url + "regulations/45/")
    wait_for_page_scripts(page)
    page.evaluate(f"() => document.querySelector('{SHEET}').scrollIntoView()")
    page.wait_for_selector(f"{SHEET}[data-mounted] .tie-break-team", timeout=20_000)


def type_figures(page, team: int, figures: dict) -> None:
    for figure, value in figures.items():
        page.locator(f"{SHEET} input[name={figure}][data-team='{team}']").fill(value)


def test_two_teams_separated_at_the_mutual_match_vp(open_phone_page, site_url, artifacts_dir):
    """Equal IMP ratios (一1（1）: 300 ÷ 300 and 150 ÷ 150), so 一1（2）“比较2队相互间比赛的VP值，多者名次列前；”
    decides: 乙队 17.5 VP against 甲队 12.5."""
    page = open_phone_page(360, 740)
    open_sheet(page, site_url)
    assert page.locator(f"{SHEET} select[name=event]").input_value() == "round-robin"
    type_figures(page, 0, {"imp_won": "300", "imp_lost": "300", "match_vp": "12.5"})
    type_figures(page, 1, {"imp_won": "150", "imp_lost": "150", "match_vp": "17.5"})
    sheet = page.locator(SHEET)
    assert sheet.get_attribute("data-decided-at") == "一-1-2"
    assert sheet.locator(".penalty-headline").inner_text() == "名次：乙队 ＞ 甲队（第45条一1（2））"
    steps = sheet.locator(".tie-break-step")
    assert steps.count() == 2
    assert "比较2队相互间比赛的VP值，多者名次列前；" in steps.nth(1).inner_text()
    assert steps.nth(1).locator("a").get_attribute("href") == "#一-1-2"
    shown = json.loads(sheet.get_attribute("data-result"))
    teams = [
        {"name": "甲队", "imp_won": "300", "imp_lost": "300", "match_vp": "12.5"},
        {"name": "乙队", "imp_won": "150", "imp_lost": "150", "match_vp": "17.5"},
    ]
    assert shown == json.loads(json.dumps(tie_break(PENALTIES, "round-robin", teams), ensure_ascii=False))
    assert page.evaluate(NO_SIDEWAYS)
    sheet.locator(".penalty-headline").scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts_dir / "tie-break-sheet-360.png"), full_page=False)
    sheet.screenshot(path=str(artifacts_dir / "tie-break-sheet-360-whole.png"))


def test_a_blank_figure_is_asked_for_and_a_bad_one_refused_in_chinese(open_phone_page, site_url):
    page = open_phone_page(360, 740)
    open_sheet(page, site_url)
    type_figures(page, 0, {"imp_won": "300", "imp_lost": "300"})
    type_figures(page, 1, {"imp_won": "150", "imp_lost": "150"})
    prompt = page.locator(f"{SHEET} .tie-break-prompt").inner_text()
    assert prompt.startswith("要比较第45条一1（2）（相互间比赛的VP），请填写")
    type_figures(page, 1, {"match_vp": "-3"})
    assert page.locator(f"{SHEET} .penalty-error").inner_text().startswith("输入有误：乙队的“相互间比赛所得VP”应为0至")


def test_swiss_takes_more_teams_and_knock_out_two(open_phone_page, site_url):
    page = open_phone_page(360, 740)
    open_sheet(page, site_url)
    page.locator(f"{SHEET} select[name=event]").select_option("swiss")
    page.locator(f"{SHEET} .tie-break-add").click()
    assert page.locator(f"{SHEET} .tie-break-team").count() == 3
    for team, vp in enumerate(("10", "20", "10")):
        type_figures(page, team, {"match_vp": vp, "match_imp": "5", "rounds_won": str(4 + team)})
    assert page.locator(f"{SHEET} .penalty-headline").inner_text() == "名次：乙队 ＞ 丙队 ＞ 甲队（第45条三1、三2）"
    page.locator(f"{SHEET} select[name=event]").select_option("knock-out")
    assert page.locator(f"{SHEET} .tie-break-team").count() == 2
    assert page.locator(f"{SHEET} .tie-break-add").is_hidden()
    assert page.evaluate(NO_SIDEWAYS)


def test_the_sheet_mounts_after_instant_navigation(open_phone_page, site_url):
    """From 第44条 to 第45条 by its 下一条 link: Material swaps the page without a load, the sheet still builds."""
    page = open_phone_page(360, 740)
    open_ready(page, site_url + "regulations/44/")
    page.locator("a.article-foot__next").click()
    page.wait_for_url("**/regulations/45/**")
    page.evaluate(f"() => document.querySelector('{SHEET}').scrollIntoView()")
    page.wait_for_selector(f"{SHEET}[data-mounted] .tie-break-team", timeout=20_000)
    type_figures(page, 0, {"imp_won": "312", "imp_lost": "287"})
    type_figures(page, 1, {"imp_won": "300", "imp_lost": "290"})
    assert page.locator(SHEET).get_attribute("data-decided-at") == "一-1-1"


def type_match(page, team: int, other: int, figures: dict) -> None:
    for figure, value in figures.items():
        page.locator(f"{SHEET} input[name={figure}][data-team='{team}'][data-other='{other}']").fill(value)


def test_three_teams_tied_in_a_round_robin_by_their_matches(open_phone_page, site_url, artifacts_dir):
    """一2⑵“如果其中一个队在与之对比的两队中的比赛中比其他两队的每一队都获得更多的VP，这个队是胜者，剩下的两队按前述
    “两队同分时”解决”: 甲队 beat both; 乙队 and 丙队 start again at 一1, whose ⑵ (their own match, 17 : 13) decides."""
    page = open_phone_page(360, 740)
    open_sheet(page, site_url)
    page.locator(f"{SHEET} select[name=event]").select_option("round-robin-3")
    assert page.locator(f"{SHEET} .tie-break-team").count() == 3  # the clause is for 3 teams: the third is added
    assert page.locator(f"{SHEET} .tie-break-add").is_hidden() and page.locator(f"{SHEET} .tie-break-drop").is_hidden()
    for team in range(3):
        type_figures(page, team, {"imp_won": "300", "imp_lost": "300"})
    got = {(0, 1): "18", (0, 2): "16", (1, 0): "12", (1, 2): "17", (2, 0): "14", (2, 1): "13"}
    for (team, other), vp in got.items():
        type_match(page, team, other, {"vp": vp})
    sheet = page.locator(SHEET)
    assert sheet.locator(".penalty-headline").inner_text() == "名次：甲队 ＞ 乙队 ＞ 丙队（第45条一2（2）、一1（2））"
    assert sheet.get_attribute("data-decided-at") == "一-1-2"
    steps = sheet.locator(".tie-break-step")
    assert [steps.nth(i).get_attribute("data-anchor") for i in range(steps.count())] == [
        "一-2-1",
        "一-2-2",
        "一-1-1",
        "一-1-2",
    ]
    assert "比其他两队的每一队都获得更多的VP" in steps.nth(1).inner_text()
    teams = [{"name": name, "imp_won": "300", "imp_lost": "300", "matches": {}} for name in ("甲队", "乙队", "丙队")]
    for (team, other), vp in got.items():
        teams[team]["matches"][teams[other]["name"]] = {"vp": vp}
    shown = json.loads(sheet.get_attribute("data-result"))
    assert shown == json.loads(json.dumps(tie_break(PENALTIES, "round-robin-3", teams), ensure_ascii=False))
    # a team renamed: the rows of the matches against it follow, and so does the ruling
    page.locator(f"{SHEET} input[name=name][data-team='1']").fill("北京队")
    assert page.locator("label[for='tie-break-sheet-0-vs-1-vp']").inner_text() == "对北京队：所得VP"
    assert sheet.locator(".penalty-headline").inner_text() == "名次：甲队 ＞ 北京队 ＞ 丙队（第45条一2（2）、一1（2））"
    assert page.evaluate(NO_SIDEWAYS)
    sheet.locator(".penalty-headline").scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts_dir / "tie-break-sheet-3-teams-360.png"), full_page=False)


def test_the_sheet_survives_a_reload_and_reopens_from_a_copied_link(open_phone_page, site_url, artifacts_dir):
    """The figures are kept on the device (a reload) and in the address (a link opened on another phone, with nothing
    kept there, shows the same sheet and the same result); 清空 asks first."""
    page = open_phone_page(360, 740)
    open_sheet(page, site_url)
    page.locator(f"{SHEET} select[name=event]").select_option("round-robin-3")
    for team in range(3):
        type_figures(page, team, {"imp_won": "300", "imp_lost": "300"})
    got = {(0, 1): "18", (0, 2): "16", (1, 0): "12", (1, 2): "17", (2, 0): "14", (2, 1): "13"}
    for (team, other), vp in got.items():
        type_match(page, team, other, {"vp": vp})
    page.locator(f"{SHEET} input[name=name][data-team='1']").fill("北京队")
    headline = "名次：甲队 ＞ 北京队 ＞ 丙队（第45条一2（2）、一1（2））"
    sheet = page.locator(SHEET)
    assert sheet.locator(".penalty-headline").inner_text() == headline
    result = sheet.get_attribute("data-result")
    address = page.url
    assert "tie-break.event=round-robin-3" in address
    page.goto(site_url + "regulations/45/")  # the same page again, without the address's figures: the device's
    open_sheet(page, site_url)
    assert sheet.get_attribute("data-result") == result
    assert page.locator(f"{SHEET} select[name=event]").input_value() == "round-robin-3"
    page.reload()
    open_sheet(page, site_url)
    assert sheet.get_attribute("data-result") == result
    other = open_phone_page(360, 740)  # another device: only the copied link
    open_ready(other, address)
    wait_for_page_scripts(other)
    other.evaluate(f"() => document.querySelector('{SHEET}').scrollIntoView()")
    other.wait_for_selector(f"{SHEET}[data-mounted] .tie-break-team", timeout=20_000)
    assert other.locator(SHEET).get_attribute("data-result") == result
    assert other.locator(f"{SHEET} .penalty-headline").inner_text() == headline
    assert other.locator(f"{SHEET} input[name=name][data-team='1']").input_value() == "北京队"
    assert page.evaluate(f"() => window.RulebookPenalties.hostedLink(document.querySelector('{SHEET}'))") is None
    # clearing asks first
    sheet.locator(".tie-break-clear").click()
    confirm = sheet.locator(".tie-break-confirm")
    assert confirm.is_visible() and "确定清空" in confirm.inner_text()
    sheet.locator(".tie-break-clear-no").click()
    assert sheet.get_attribute("data-result") == result
    sheet.locator(".tie-break-clear").scroll_into_view_if_needed()
    sheet.locator(".tie-break-clear").click()
    page.screenshot(path=str(artifacts_dir / "tie-break-sheet-clear-360.png"))
    sheet.locator(".tie-break-clear-yes").click()
    assert page.locator(f"{SHEET} select[name=event]").input_value() == "round-robin"
    assert page.locator(f"{SHEET} .tie-break-team").count() == 2
    assert "tie-break." not in page.url
    page.reload()
    open_sheet(page, site_url)
    assert page.locator(f"{SHEET} input[name=imp_won][data-team='0']").input_value() == ""
    assert page.evaluate(NO_SIDEWAYS)


def test_the_kept_sheet_light_and_dark(open_phone_page, site_url, artifacts_dir):
    """Screenshots of a sheet reopened from its address, light and dark (tests/artifacts/)."""
    query = "?tie-break.event=round-robin&tie-break.1.imp_won=300&tie-break.1.imp_lost=300&tie-break.1.match_vp=12.5"
    query += "&tie-break.2.name=乙队&tie-break.2.imp_won=150&tie-break.2.imp_lost=150&tie-break.2.match_vp=17.5"
    # team 1 is not named in the address: it keeps a fresh sheet's name, 甲队
    for scheme in ("light", "dark"):
        page = open_phone_page(360, 740, color_scheme=scheme)
        open_ready(page, site_url + "regulations/45/" + query)
        open_sheet_here(page)
        sheet = page.locator(SHEET)
        assert sheet.locator(".penalty-headline").inner_text() == "名次：乙队 ＞ 甲队（第45条一1（2））"
        sheet.locator(".penalty-headline").scroll_into_view_if_needed()
        page.screenshot(path=str(artifacts_dir / f"tie-break-sheet-kept-360-{scheme}.png"))


def open_sheet_here(page) -> None:
    wait_for_page_scripts(page)
    page.evaluate(f"() => document.querySelector('{SHEET}').scrollIntoView()")
    page.wait_for_selector(f"{SHEET}[data-mounted] .tie-break-team", timeout=20_000)
