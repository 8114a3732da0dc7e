"""What a reader sees on the article pages: Chinese only, corrections marked where they apply, defects flagged in place,
and the build report's counts equal to what the pages show."""

from __future__ import annotations

import functools
import html
import re
from html.parser import HTMLParser

import markdown
import pytest

from scripts.render.proofread import MARKDOWN_EXTENSION_CONFIGS, MARKDOWN_EXTENSIONS
from scripts.render.report import ERRATUM_KINDS, errata_by_kind

HAN = "\u4e00-\u9fff"
# Three or more English words in a row: prose, not a unit ('IMP', 'VP') or a code ('A2（b）').
ENGLISH_PROSE = re.compile(r"[A-Za-z][A-Za-z'’-]+(?:[\s,;:()]+[A-Za-z][A-Za-z'’-]+){2,}")
ASCII_PUNCTUATION_IN_CHINESE = re.compile(rf'[{HAN}“”（）][,:;"]|[,:;"][{HAN}“（]')


class ReaderText(HTMLParser):
    """The text and the tooltips a reader can see; an element marked lang="en" (the English title) is left out."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, bool]] = []
        self.chunks: list[str] = []
        self.tooltips: list[str] = []

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        english = attributes.get("lang") == "en" or bool(self.stack and self.stack[-1][1])
        if tag not in ("br", "hr", "img", "input", "meta", "link"):
            self.stack.append((tag, english))
        if not english:
            self.tooltips += [
                attributes[k] for k in ("title", "data-original", "data-note", "aria-label") if attributes.get(k)
            ]

    def handle_endtag(self, tag):
        while any(t == tag for t, _ in self.stack):
            if self.stack.pop()[0] == tag:
                break

    def handle_data(self, data):
        if not (self.stack and self.stack[-1][1]):
            self.chunks.append(data)


@functools.cache
def reader_text(page: str) -> ReaderText:
    """The text a reader sees on a page and its tooltips (read, not changed, by the tests: each page's Markdown is
    converted once per process although several tests read it)."""
    body = re.sub(r"^---\n.*?\n---\n", "", page, count=1, flags=re.S)
    parser = ReaderText()
    parser.feed(markdown.markdown(body, extensions=MARKDOWN_EXTENSIONS, extension_configs=MARKDOWN_EXTENSION_CONFIGS))
    return parser


# `rulebook` and `pages` (the whole tree and its rendered pages) are fixtures of tests/conftest.py


@pytest.fixture(scope="module")
def article_pages(pages):
    return {
        path: text
        for path, text in pages.items()
        if path.startswith(("laws/", "regulations/")) and not path.endswith("index.md")
    }


def test_no_article_page_shows_english_prose(article_pages):
    found = []
    for path, page in article_pages.items():
        text = reader_text(page)
        for chunk in ["".join(text.chunks), *text.tooltips]:
            found += [f"{path}: {m.group(0)!r}" for m in ENGLISH_PROSE.finditer(chunk) if "_" not in m.group(0)]
    assert not found, "\n".join(found)


def test_no_ascii_punctuation_placeholder_or_stray_code_marker_in_chinese_text(article_pages, pages):
    found = []
    for path, page in {**article_pages, "glossary.md": pages["glossary.md"]}.items():
        text = "".join(reader_text(page).chunks)
        found += [
            f"{path}: {text[max(0, m.start() - 8) : m.end() + 8]!r}"
            for m in ASCII_PUNCTUATION_IN_CHINESE.finditer(text)
        ]
        found += [f"{path}: placeholder {m.group(0)!r}" for m in re.finditer(r"\{\{[^}]*\}\}", page)]
        found += [f"{path}: stray code fence" for _ in re.finditer(r"```", page)]
    assert not found, "\n".join(found)


def marked_reasons(pages: dict[str, str]) -> str:
    """Every note of an erratum mark on any page (the reasons appear there HTML-escaped). Issue 11: the note is the
    mark's data-original, shown in the page's one popup; the title tooltip (a second box) is gone."""
    return "\n".join(
        html.unescape(m.group(1))
        for page in pages.values()
        for m in re.finditer(r'<ins class="erratum"[^>]* data-original="([^"]*)"', page)
    )


def corrects_only_a_dropped_copy(rulebook, erratum) -> bool:
    """An erratum of a variant copy that made it equal to the main text: that copy is not shown (a named drop)."""
    return any(
        d.prov.file == erratum.file and d.rule.startswith("overlap-same-as-primary") and erratum.replace in d.text
        for d in rulebook.drops
    )


def test_every_erratum_is_marked_where_it_applies(rulebook, pages):
    marks = marked_reasons(pages)
    restored_blocks = "\n".join(pages.values())
    unmarked = []
    for erratum in rulebook.errata:
        if not erratum.replace.strip():  # a removal: its companion marks where the text went
            continue
        if erratum.reason in marks:
            continue
        if "{{restored:" in erratum.replace and "补入内容" in restored_blocks:
            continue
        if corrects_only_a_dropped_copy(rulebook, erratum):
            continue
        unmarked.append(f"{erratum.file}: {erratum.find!r} ({erratum.kind})")
    assert not unmarked, "errata with no mark on any page:\n" + "\n".join(unmarked)


def test_the_report_counts_errata_by_kind_as_the_pages_show_them(rulebook, pages):
    report = pages["about/build-report.md"]
    marks = marked_reasons(pages)
    for kind, count in errata_by_kind(rulebook).items():
        assert f"| {ERRATUM_KINDS[kind]}（`{kind}`） | {count} |" in report
        if kind == "mojibake":
            continue
        shown = [
            e
            for e in rulebook.errata
            if e.kind == kind
            and (
                e.reason in marks
                or not e.replace.strip()
                or "{{restored:" in e.replace
                or corrects_only_a_dropped_copy(rulebook, e)
            )
        ]
        assert len(shown) == count, f"{kind}: report says {count}, pages show {len(shown)}"


def test_every_unresolved_defect_is_flagged_on_a_page_and_counted(rulebook, pages):
    report = pages["about/build-report.md"]
    flagged = 0
    for item in rulebook.unresolved:
        on_pages = [
            path
            for path, page in pages.items()
            if path != "about/build-report.md" and item["reason"] in html.unescape(page)
        ]
        assert on_pages, f"unresolved defect {item['quote']!r} is not flagged on any page"
        flagged += 1
    assert f"## 未解决的缺陷（{flagged} 处在页面上标出" in report


@pytest.mark.parametrize(
    "page,quote", [("laws/13.md", "仍能将此牌纠正并正常进行"), ("regulations/23.md", "如将已经的叫牌放在面前")]
)
def test_an_unresolved_defect_is_marked_in_its_sentence(pages, page, quote):
    assert re.search(rf'<mark class="unresolved"[^>]*>{quote}</mark>', pages[page])


def test_the_truncated_definition_says_so_wherever_it_shows(rulebook, pages):
    reason = next(item["reason"] for item in rulebook.unresolved if "庄家" in item["quote"])
    assert reason in pages["glossary.md"]
    # issue 11: the definition is the link's data-gloss, shown in the page's one popup (no title tooltip)
    tooltips = [
        m.group(1)
        for page in pages.values()
        for m in re.finditer(r'\]\([^)]*#庄家\)\{\.glossary-term data-gloss="([^"]*)"\}', page)
    ]
    assert tooltips, "no page links 庄家 to the glossary"
    assert all(reason in tip for tip in tooltips)


@pytest.mark.parametrize("page,word", [("regulations/34.md", "约定卡"), ("glossary.md", "首引牌张")])
def test_a_glossary_term_is_never_linked_inside_a_longer_word(pages, page, word):
    text = pages[page]
    assert word in re.sub(r"\[([^\]]*)\]\([^)]*\)(\{[^}]*\})?", r"\1", text)
    assert not re.search(r"\[(约定|引牌)\]\([^)]*glossary[^)]*\)(\{[^}]*\})?(卡|牌张)", text)
    assert not re.search(r"首\[引牌\]", text)


def test_back_links_from_law_36_s_copied_text_are_marked(pages):
    items = [line for page in pages.values() for line in page.splitlines() if line.startswith("- [规则第36条]")]
    assert items and all("误载的第35条正文" in line for line in items)


@pytest.mark.parametrize(
    "path",
    [
        "about/build-report.md",
        "about/missing-references.md",
        "laws/index.md",
        "regulations/index.md",
        "glossary.md",
        "index.md",
    ],
)
def test_the_report_and_the_other_pages_speak_chinese(pages, path):
    text = reader_text(pages[path])
    # an English Law title cited as such ('Pass out of Rotation (WBF 1997)') is a name, not prose
    found = [
        m.group(0)
        for chunk in ["".join(text.chunks), *text.tooltips]
        for m in ENGLISH_PROSE.finditer(chunk)
        if not chunk[m.end() :].lstrip(" (").startswith("WBF") and not m.group(0).endswith("WBF")
    ]
    assert not found, f"{path}: {found}"
