"""The parts of every built page around the text (header, footer): Chinese like the text itself."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

# Latin words a Chinese rulebook prints as they are: scoring units, the WBF, the site's own 繁體/简体 switch needs none.
ALLOWED_LATIN = {"VP", "IMP", "IMPs", "MP", "WBF", "BAM"}


class ChromeText(HTMLParser):
    """The visible text inside <header> and <footer> (scripts, styles and hidden inputs left out)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.depth = 0
        self.skip = 0
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag in ("header", "footer"):
            self.depth += 1
        if tag in ("script", "style", "svg"):
            self.skip += 1

    def handle_endtag(self, tag):
        if tag in ("header", "footer") and self.depth:
            self.depth -= 1
        if tag in ("script", "style", "svg") and self.skip:
            self.skip -= 1

    def handle_data(self, data):
        if self.depth and not self.skip and data.strip():
            self.text.append(data.strip())


@pytest.mark.parametrize(
    "page",
    [
        "index.html",
        "laws/9/index.html",
        "laws/64/index.html",
        "regulations/26/index.html",
        "about/index.html",
        "404.html",
    ],
)
def test_header_and_footer_speak_chinese(built_site, page):
    parser = ChromeText()
    parser.feed((built_site / page).read_text(encoding="utf-8"))
    words = {
        word
        for word in re.findall(r"(?<![0-9A-Za-z])[A-Za-z]{2,}(?![0-9A-Za-z])", " ".join(parser.text))
        if word not in ALLOWED_LATIN
    }
    assert parser.text, f"{page}: no header or footer text found (did the theme change?)"
    assert not words, f"{page}: English in the header or footer: {sorted(words)} in {parser.text}"
