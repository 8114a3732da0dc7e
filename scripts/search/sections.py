"""Reads the reader text of built pages as search sections: the page top, each heading, each `.clause` with an id.

Only what a reader of the rulebook reads is kept. Left out: page furniture (the breadcrumb line is kept apart as
the article's chapter and section names, the ¶ permalinks, the calculators' no-script notes), the collapsed editor
notes (`<details>`: 异文, 本条校勘, 来源), the notes of an admonition (its title and paragraphs; a restored table in
it stays), footnote marks, English text (`lang="en"`: the English Law titles come from rulebook_src/wbf1997.yml),
and everything under a heading marked `data-search-exclude` down to the next heading of its level (the
"引用本条的条文" list, which quotes other articles).
"""

from __future__ import annotations

import hashlib
import html
import json
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

from scripts.errors import RulebookError

TAG = re.compile(r"<[^>]+>")
HEADINGS = {"h1", "h2", "h3", "h4", "h5", "h6"}
VOID_TAGS = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
BLOCK_TAGS = {"p", "li", "div", "pre", "td", "th", "tr", "dd", "dt", "summary", "blockquote", "table"} | HEADINGS
# Page furniture and editor material that is not rule text (`data-search-exclude` works on any element).
SKIP_CLASSES = {
    "provenance",
    "headerlink",
    "penalty-calculator",
    "tie-break-sheet",
    "penalty-noscript",
    "footnote-ref",
    "footnote-backref",
    "admonition-title",
    "article-jump",
    "article-pager",
}
SKIP_TAGS = {"script", "style", "details", "nav", "form", "button", "template"}
BREADCRUMB_CLASS = "article-meta"
SPACES = re.compile(r"[\s\u00a0\u3000]+")
# The start tag of Material's content column; SectionParser ignores everything before it (header, nav, toc).
CONTENT_START = re.compile(r"<article\b[^>]*\bclass=\"[^\"]*\bmd-content__inner\b")


class SearchPageError(RulebookError):
    """A page Material indexed cannot be read; the message names the file."""


@dataclass
class Section:
    """One searchable unit: a page top or a headed section (clause) of a page."""

    location: str  # as Material writes it: 'laws/26/' or 'laws/26/#c-1'
    title: str
    text: str


@dataclass
class ParsedPage:
    sections: tuple[tuple[str, str, str], ...]
    breadcrumb: str  # 竞赛规则 · 第五章 竞叫 · 第三节 不足叫牌 (the article-meta line), or ""


def page_locations(stock: dict) -> list[tuple[str, str]]:
    """The pages Material indexed (it honours `search: exclude`), as (location, title), in its order."""
    pages: dict[str, str] = {}
    for n, doc in enumerate(stock.get("docs", [])):
        if "location" not in doc:
            raise SearchPageError(f"search_index.json: docs[{n}] has no 'location': {json.dumps(doc)[:120]!r}")
        path = doc["location"].split("#", 1)[0]
        if path not in pages:
            pages[path] = html.unescape(TAG.sub("", doc.get("title", ""))).replace("\u200b", "")
    return list(pages.items())


def page_file(site_dir: Path, location: str) -> Path:
    """`laws/26/` → site/laws/26/index.html; `laws/26.html` (offline build) → site/laws/26.html; `` → index.html."""
    if location == "" or location.endswith("/"):
        return site_dir / location / "index.html"
    return site_dir / location


class SectionParser(HTMLParser):
    """Splits a page's content into sections: the page top, each heading with an id, each `.clause` with an id.

    `<h2 id="b">B. 其他的取消叫牌</h2><p>…</p>` opens section `#b` titled `B. 其他的取消叫牌`;
    `<div class="clause level-2" id="一-1"><p><a class="clause-label">1.</a> 在循环赛…</p></div>` opens `#一-1`
    titled `<last heading> 1.`, and text after the div goes back to the heading's section.
    What is left out is listed in the module's docstring.
    """

    def __init__(self, location: str, page_title: str):
        super().__init__(convert_charrefs=True)
        self.location = location
        self.sections = [Section(location, page_title, "")]
        self.heading_section = self.sections[0]  # section of the last heading (text after a clause ends goes here)
        self.stack: list[tuple[str, str]] = []  # (tag, role) of open elements
        self.in_content = False
        self.depth = 0
        self.breadcrumb = ""
        self.excluded_level = 0  # a heading marked data-search-exclude: skip until a heading of this level or higher

    def _current(self) -> Section:
        for _tag, role in reversed(self.stack):
            if role.startswith("clause:"):
                return self._by_anchor(role[len("clause:") :])
        return self.heading_section

    def _by_anchor(self, anchor: str) -> Section:
        location = f"{self.location}#{anchor}"
        for section in reversed(self.sections):
            if section.location == location:
                return section
        raise KeyError(location)

    def _role(self, tag: str, attrs: dict, classes: list[str]) -> str:
        if any(role == "skip" for _, role in self.stack):
            return "skip"
        if tag in HEADINGS:
            level = int(tag[1])
            if self.excluded_level and level <= self.excluded_level:
                self.excluded_level = 0
            if "data-search-exclude" in attrs and tag != "h1":
                self.excluded_level = level
                return "skip"
        if self.excluded_level:
            return "skip"
        if tag in SKIP_TAGS or "data-search-exclude" in attrs or SKIP_CLASSES.intersection(classes):
            return "skip"
        if (attrs.get("lang") or "").lower().startswith("en"):
            return "skip"
        if tag == "p" and self.stack and self.stack[-1][1] == "admonition":
            return "skip"  # an admonition's own note; a table in it is text
        if "admonition" in classes:
            return "admonition"
        if BREADCRUMB_CLASS in classes:
            return "breadcrumb"
        anchor = attrs.get("id")
        if tag == "h1":
            return "title"
        if tag in HEADINGS and anchor:
            section = Section(f"{self.location}#{anchor}", "", "")
            self.sections.append(section)
            self.heading_section = section
            return "heading"
        if anchor and "clause" in classes:
            base = self.heading_section.title if self.heading_section is not self.sections[0] else ""
            self.sections.append(Section(f"{self.location}#{anchor}", base, ""))
            return f"clause:{anchor}"
        if "clause-label" in classes:
            return "label"
        return ""

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        classes = (attrs.get("class") or "").split()
        if not self.in_content:
            if tag == "article" and "md-content__inner" in classes:
                self.in_content = True
                self.depth = 0
            return
        if tag in VOID_TAGS:
            if tag == "br":
                self._text(" ")
            return
        self.depth += 1
        self.stack.append((tag, self._role(tag, attrs, classes)))

    def handle_endtag(self, tag):
        if not self.in_content or tag in VOID_TAGS:
            return
        if self.depth == 0:
            if tag == "article":
                self.in_content = False
            return
        # close up to the matching open tag (tolerates unclosed <p>/<li>)
        while self.stack:
            open_tag, role = self.stack.pop()
            self.depth -= 1
            if open_tag == tag:
                break
        if tag in BLOCK_TAGS:
            self._text(" ")

    def handle_data(self, data):
        if not self.in_content:
            return
        roles = [role for _, role in self.stack]
        if "skip" in roles:
            return
        if "breadcrumb" in roles:
            self.breadcrumb += data
            return
        if "label" in roles:
            section = self._current()
            section.title = f"{section.title} {data.strip()}".strip()
            return
        if "heading" in roles or "title" in roles:
            section = self.heading_section if "heading" in roles else self.sections[0]
            section.title += data
            return
        self._text(data)

    def _text(self, data: str) -> None:
        if self.excluded_level or any(role == "skip" for _, role in self.stack):
            return
        section = self._current()
        section.text += data


@dataclass
class ParsedPageCache:
    """Parsed pages by (location, SHA-1 of the HTML): `mkdocs serve` rebuilds every page, but an edit changes few of
    them, so the rest are not parsed again. Bounded; entries are immutable."""

    limit: int = 50_000
    entries: dict[tuple[str, bytes], ParsedPage] = field(default_factory=dict)


PARSED_PAGES = ParsedPageCache()


def content_column(page_html: str) -> str:
    """The page from the start tag of its content column on; the whole page where that tag might stand inside a
    comment or a script (an unclosed `<!--` or `<script` before it)."""
    start = CONTENT_START.search(page_html)
    if start is None:
        return page_html
    head = page_html[: start.start()]
    if head.count("<!--") != head.count("-->") or head.count("<script") != head.count("</script>"):
        return page_html
    return page_html[start.start() :]


def parsed_page(location: str, page_html: str) -> ParsedPage:
    """The sections and breadcrumb of one page, as SectionParser reads them (cached)."""
    key = (location, hashlib.sha1(page_html.encode("utf-8")).digest())
    cached = PARSED_PAGES.entries.get(key)
    if cached is None:
        parser = SectionParser(location, "")
        # Only the content column is read, so the page is fed from its start: the nav in front of it grows with the
        # number of pages, which made parsing every page quadratic in the size of the site.
        parser.feed(content_column(page_html))
        parser.close()
        cached = ParsedPage(
            tuple((s.location, s.title, s.text) for s in parser.sections), SPACES.sub(" ", parser.breadcrumb).strip()
        )
        if len(PARSED_PAGES.entries) >= PARSED_PAGES.limit:
            PARSED_PAGES.entries.clear()
        PARSED_PAGES.entries[key] = cached
    return cached


def parsed_page_sections(location: str, page_html: str) -> tuple[tuple[str, str, str], ...]:
    """(location, title, text) of each section of one page, as SectionParser reads them."""
    return parsed_page(location, page_html).sections


def read_pages(site_dir: Path, locations: list[tuple[str, str]]) -> list[tuple[list[Section], str]]:
    """The sections and breadcrumb of each page, read from the built HTML, in the given order."""
    pages = []
    for location, title in locations:
        path = page_file(site_dir, location)
        if not path.is_file():
            raise SearchPageError(f"{path}: page {location!r} is in Material's search index but was not built")
        page = parsed_page(location, path.read_text(encoding="utf-8"))
        parsed = [Section(*fields) for fields in page.sections]
        if not parsed[0].title:
            parsed[0].title = title
        sections = []
        for n, section in enumerate(parsed):
            section.title = SPACES.sub(" ", section.title).strip()
            section.text = SPACES.sub(" ", section.text).strip()
            if n == 0 or section.text or section.title:
                sections.append(section)
        pages.append((sections, page.breadcrumb))
    return pages


def read_sections(site_dir: Path, stock: dict) -> list[Section]:
    """The sections of every page Material indexed, read from the built HTML, in Material's page order."""
    return [section for sections, _ in read_pages(site_dir, page_locations(stock)) for section in sections]
