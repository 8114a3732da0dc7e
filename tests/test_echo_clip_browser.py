"""The browser clips what the command line clips (issue 46): a value from the address, or typed, is quoted back in
at most scripts/limits.py MAX_ECHO_CHARS characters cut with …, in every calculator and in the 第45条 sheet (before,
a 10 KB address value was repeated whole and the calculator grew 10,454 px tall at 360 px). The limit reaches the
widgets through the build's widget data (`echo_limit`), never typed a second time."""

from __future__ import annotations

import pytest

from penalty_data import PENALTIES
from reader_steps import open_ready, reach_calculators
from scripts.limits import MAX_ECHO_CHARS
from scripts.penalties.widgets import placements

LONG = "x" * 10_240  # 10 KB in the address (a request line of a few more: within what a host accepts)
WIDGETS = [
    (f"{book}/{slug}/", widget_id) for (book, slug), found in placements(PENALTIES).items() for *_, widget_id in found
]
TALLEST_ERROR_PX = 200  # the error line at 360 px: a few lines, not 10 KB of the address


def quoted_runs(text: str) -> int:
    """The longest run of the long value in `text`."""
    longest = run = 0
    for ch in text:
        run = run + 1 if ch == "x" else 0
        longest = max(longest, run)
    return longest


def assert_clipped(page, selector: str) -> None:
    widget = page.locator(selector)
    error = widget.get_attribute("data-error") or ""
    assert "…" in error and quoted_runs(error) == MAX_ECHO_CHARS - 1, error[:200]
    assert widget.locator(".penalty-error").first.bounding_box()["height"] < TALLEST_ERROR_PX


@pytest.mark.parametrize("path,widget_id", WIDGETS, ids=[w for _, w in WIDGETS])
def test_an_unknown_address_key_is_quoted_clipped(open_phone_page, site_url, path, widget_id):
    page = open_phone_page(360, 740)
    open_ready(page, f"{site_url}{path}?{widget_id.removeprefix('calc-')}.{LONG}=1")
    reach_calculators(page)
    page.wait_for_selector(f"#{widget_id}[data-error]", state="attached", timeout=20_000)
    assert_clipped(page, f"#{widget_id}")


def test_a_long_address_value_is_quoted_clipped(open_phone_page, site_url, artifacts_dir):
    page = open_phone_page(360, 740)
    open_ready(page, f"{site_url}regulations/26/?lateness.event=teams-vp&lateness.minutes={LONG}")
    reach_calculators(page)
    page.wait_for_selector("#calc-lateness[data-error]", state="attached", timeout=20_000)
    assert_clipped(page, "#calc-lateness")
    page.locator("#calc-lateness .penalty-error").scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts_dir / "echo-clip-lateness-360.png"))


def test_a_long_figure_in_the_tie_break_sheet_is_quoted_clipped(open_phone_page, site_url):
    page = open_phone_page(360, 740)
    open_ready(page, site_url + "regulations/45/")
    page.evaluate("() => document.querySelector('#tie-break-sheet').scrollIntoView()")
    page.wait_for_selector("#tie-break-sheet[data-mounted] .tie-break-team", timeout=20_000)
    page.locator("#tie-break-sheet input[name=imp_won][data-team='0']").fill(LONG)
    page.wait_for_selector("#tie-break-sheet[data-error]", state="attached", timeout=20_000)
    assert_clipped(page, "#tie-break-sheet")
