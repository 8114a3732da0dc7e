"""Printing one article from the browser (docs/assets/print.css): the article alone, like the print edition."""

from __future__ import annotations

import subprocess

from reader_steps import reach_calculators, open_ready


def test_printed_article_hides_site_chrome_and_forms(browser, site_url, artifacts_dir):
    page = browser.new_page(viewport={"width": 1100, "height": 900})
    try:
        open_ready(page, site_url + "regulations/26/")
        reach_calculators(page)
        page.wait_for_selector(".penalty-calculator select")
        page.emulate_media(media="print")
        page.evaluate("() => window.dispatchEvent(new Event('beforeprint'))")
        hidden = page.evaluate("""() => ['.md-header', '.md-sidebar--primary', '.md-search', '.md-footer',
                                         '.penalty-calculator', '.provenance', '.rulebook-script-switch',
                                         '.penalty-notice-top']
            .filter((s) => document.querySelector(s))
            .map((s) => [s, getComputedStyle(document.querySelector(s)).display])""")
        assert hidden and all(display == "none" for _selector, display in hidden), hidden
        assert page.locator("h1").is_visible() and page.locator('[id="一-2"] a.clause-label').is_visible()
        assert page.evaluate("() => [...document.querySelectorAll('details')].every((d) => d.open)")
        font = page.evaluate("() => getComputedStyle(document.querySelector('.md-typeset p')).fontFamily")
        assert "Noto Serif CJK" in font
        pdf = artifacts_dir / "print-browser-regulation-26.pdf"
        page.pdf(path=str(pdf), prefer_css_page_size=True)
        subprocess.run(
            [
                "pdftoppm",
                "-r",
                "80",
                "-png",
                "-singlefile",
                "-f",
                "1",
                "-l",
                "1",
                str(pdf),
                str(artifacts_dir / "print-browser-regulation-26"),
            ],
            check=True,
        )
    finally:
        page.close()
