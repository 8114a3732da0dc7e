"""The copy-edited text as a phone shows it: whole sentences, marks that say what they are (screenshots in
tests/artifacts/)."""

from __future__ import annotations

import re

from reader_steps import wait_for_page_scripts, open_ready


def test_regulation_34_reads_in_whole_sentences_on_a_phone(phone_page, site_url, artifacts_dir):
    open_ready(phone_page, site_url + "regulations/34/")
    item1 = phone_page.locator("#\\31 ").inner_text()
    assert "警告、扣0.5VP(10%MP)、扣1VP(20%MP)。" in item1.replace("\n", "")
    paragraphs = phone_page.locator("article p").all_inner_texts()
    assert not [p for p in paragraphs if re.match(r"^\s*[0-9]+\.[0-9]", p)], (
        "a paragraph starts with an amount cut off its sentence"
    )
    phone_page.screenshot(path=str(artifacts_dir / "copyedit-regulations-34.png"), full_page=False)
    phone_page.locator("#\\37 ").scroll_into_view_if_needed()  # items 7–9: '警告、再犯扣' ⏎ '0.5VP…' in the source
    phone_page.screenshot(path=str(artifacts_dir / "copyedit-regulations-34-items-7-9.png"), full_page=False)


def test_law_13_flags_its_unresolved_defect_and_its_footnote_erratum(phone_page, site_url, artifacts_dir):
    open_ready(phone_page, site_url + "laws/13/")
    mark = phone_page.locator("mark.unresolved").first
    assert "未解决的缺陷" in (mark.get_attribute("data-note") or "")
    wait_for_page_scripts(phone_page)
    mark.tap()
    popup = phone_page.locator("#ref-preview")
    popup.wait_for(state="visible")
    assert phone_page.locator(".ref-preview").count() == 1, "one popup at a time"
    assert "可能脱一" in popup.inner_text(), f"a tap shows {popup.inner_text()!r}"
    assert "波浪线＝未解决的来源缺陷" not in popup.inner_text(), "the popup repeats the page's legend"
    legend = phone_page.locator(popup.locator("a.ref-preview__help").get_attribute("href"))
    assert legend.count() == 1 and "波浪线＝未解决的来源缺陷" in legend.inner_text(), (
        "the popup's ? leads to no legend of the page"
    )
    assert phone_page.evaluate("document.documentElement.scrollWidth") == 360, "the note widens the page"
    assert phone_page.locator(".footnote ins.erratum").count() == 1
    assert "Jump back" not in phone_page.content()
    mark.scroll_into_view_if_needed()
    phone_page.screenshot(path=str(artifacts_dir / "copyedit-laws-13.png"))


def test_a_paragraph_closing_a_list_stands_at_its_parent_s_depth(phone_page, site_url, artifacts_dir):
    open_ready(phone_page, site_url + "regulations/28/")
    block = phone_page.locator("[id='一-1-1-b-p1']")
    item = phone_page.locator("[id='一-1-1-b-3']")
    parent = phone_page.locator("[id='一-1-1-b']")
    assert "对于连续弃权2场或间断弃权3场的队" in block.inner_text()
    assert block.bounding_box()["x"] == parent.bounding_box()["x"]
    assert item.locator("text=对于连续弃权2场").count() == 0, "the closing paragraph still stands inside ③"
    block.scroll_into_view_if_needed()
    phone_page.screenshot(path=str(artifacts_dir / "copyedit-regulations-28.png"))
