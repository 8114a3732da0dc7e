"""The 规则第77条 score calculator and the 第78条 IMP converter at 360 px, light and dark, as a player uses them: a few
contracts typed in, the answer with its parts, the inputs kept in the address and reopened from it, the copy button,
the link from 第78条 to 第77条's calculator and from the home page; screenshots for a person to look at."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest

from conftest import phone_context
from reader_steps import open_ready, reach_calculators


@pytest.fixture(scope="module", params=["light", "dark"])
def phone(request, browser):
    context = phone_context(browser, 360, 780, service_workers="block", color_scheme=request.param)
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    page.scheme = request.param
    yield page
    assert not page.errors, page.errors
    context.close()


def headline(page, widget: str) -> str:
    return page.locator(f"#{widget} .penalty-headline").inner_text()


def test_score_calculator_answers_with_its_parts(phone, site_url, artifacts_dir):
    open_ready(phone, site_url + "laws/77/")
    reach_calculators(phone)
    assert "请填写：定约方赢得的墩数" in phone.locator("#calc-score .penalty-output").inner_text()
    assert "取自世界桥联（WBF）" in phone.locator(".penalty-source-note").inner_text()
    phone.select_option("#calc-score-vulnerable", "yes")
    phone.fill("#calc-score-tricks", "10")
    assert headline(phone, "calc-score") == "刚好完成定约：定约方得620分"
    for level, strain, double, vulnerable, tricks, expected in [
        ("3", "NT", "none", "no", "10", "完成定约，超额1墩：定约方得430分"),
        ("1", "NT", "X", "no", "7", "刚好完成定约：定约方得180分"),
        ("3", "C", "X", "yes", "6", "宕3墩：定约方-800分，防守方得800分"),
        ("7", "NT", "XX", "yes", "13", "刚好完成定约：定约方得2980分"),
    ]:
        phone.select_option("#calc-score-level", level)
        phone.select_option("#calc-score-strain", strain)
        phone.select_option("#calc-score-double", double)
        phone.select_option("#calc-score-vulnerable", vulnerable)
        phone.fill("#calc-score-tricks", tricks)
        assert headline(phone, "calc-score") == expected
    parts = phone.locator("#calc-score .penalty-list li").all_inner_texts()
    assert parts == ["定约墩分 880", "成局奖分 500", "大满贯奖分 1500", "完成再加倍定约奖分 100"]
    query = parse_qs(urlsplit(phone.url).query)
    assert query == {
        "score.level": ["7"],
        "score.strain": ["NT"],
        "score.double": ["XX"],
        "score.vulnerable": ["yes"],
        "score.tricks": ["13"],
    }
    assert phone.evaluate("() => document.documentElement.scrollWidth") <= 360
    phone.fill("#calc-score-tricks", "14")
    assert "不能大于13" in phone.locator("#calc-score .penalty-error").inner_text()
    phone.fill("#calc-score-tricks", "6")
    widget = phone.locator("#calc-score")
    widget.scroll_into_view_if_needed()
    widget.screenshot(path=str(artifacts_dir / f"score-calculator-360-{phone.scheme}.png"))
    phone.locator("#calc-score .penalty-copy").click()
    copied = phone.evaluate("() => navigator.clipboard.readText()")
    assert copied.startswith("7NT再加倍，定约方有局，赢得6墩：宕7墩：定约方-4000分，防守方得4000分。依据：规则第77条")
    assert "计算器：规则第77条页末“复式桥牌计分（规则第77条）”" in copied  # a local build names the page in words


def test_score_calculator_reopens_from_its_address(phone, site_url):
    open_ready(phone, site_url + "laws/77/?score.level=6&score.strain=S&score.vulnerable=yes&score.tricks=12")
    reach_calculators(phone)
    assert headline(phone, "calc-score") == "刚好完成定约：定约方得1430分"
    assert phone.input_value("#calc-score-strain") == "S" and phone.input_value("#calc-score-tricks") == "12"


def test_imp_converter_both_forms(phone, site_url, artifacts_dir):
    open_ready(phone, site_url + "laws/78/")
    reach_calculators(phone)
    phone.fill("#calc-imps-difference", "-30")
    assert headline(phone, "calc-imps") == "-1IMP（分差20—40分）"
    phone.fill("#calc-imps-difference", "4000")
    assert headline(phone, "calc-imps") == "24IMP（分差4000分以上）"
    phone.fill("#calc-imps-difference", "")
    phone.fill("#calc-imps-open", "620")
    assert "请填写：闭室南北得分" in phone.locator("#calc-imps .penalty-output").inner_text()
    phone.fill("#calc-imps-closed", "-100")
    assert headline(phone, "calc-imps") == "12IMP（分差600—740分）"
    assert parse_qs(urlsplit(phone.url).query) == {"imps.open": ["620"], "imps.closed": ["-100"]}
    assert phone.evaluate("() => document.documentElement.scrollWidth") <= 360
    widget = phone.locator("#calc-imps")
    widget.scroll_into_view_if_needed()
    widget.screenshot(path=str(artifacts_dir / f"imp-converter-360-{phone.scheme}.png"))
    phone.fill("#calc-imps-difference", "30")
    assert "分差与两桌得分只填一种" in phone.locator("#calc-imps .penalty-error").inner_text()
    # 第78条 leads on to 第77条's calculator
    phone.locator("a[href$='77/#calc-score']").first.click()
    phone.wait_for_url("**/laws/77/#calc-score")
    reach_calculators(phone)
    assert phone.locator("#calc-score[data-mounted]").count() == 1


def test_home_page_lists_the_scoring_tools(phone, site_url):
    open_ready(phone, site_url)
    links = phone.locator("a[href$='77/#calc-score'], a[href$='78/#calc-imps']").all_inner_texts()
    assert links == ["复式桥牌计分（规则第77条）", "分差换算IMP（规则第78条B）"]


def test_both_work_from_file_urls(phone, built_site):
    """As from the venue zip: the pages opened as files, with the inputs in the address."""
    open_ready(phone, (built_site / "laws" / "77" / "index.html").as_uri() + "?score.strain=S&score.tricks=10")
    reach_calculators(phone)
    assert headline(phone, "calc-score") == "刚好完成定约：定约方得420分"
    open_ready(phone, (built_site / "laws" / "78" / "index.html").as_uri() + "?imps.difference=-1500")
    reach_calculators(phone)
    assert headline(phone, "calc-imps") == "-17IMP（分差1500—1740分）"
