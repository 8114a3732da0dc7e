"""The traditional-script edition: OpenCC conversion of the pages, the switch between editions, search in both."""

from __future__ import annotations

import functools
import html.parser
import posixpath
import re
from pathlib import Path

import pytest

from conftest import phone_context
from reader_steps import article_pages, calculator_page, reach_calculators, run_search, url_of, open_ready
from scripts.errors import CuratedFileError
from scripts.site.pwa import STORED_PAGE
from scripts.traditional import (
    TraditionalFix,
    load_fixes,
    to_traditional_markdown,
    to_traditional_script,
    to_traditional_text,
)
from tests.rulebook_once import real_src, src_from_folder

FIXES = load_fixes(real_src())  # the edition's reviewed fixes


@pytest.mark.parametrize(
    ("simplified", "traditional"),
    [
        ("迟到罚分", "遲到罰分"),
        ("# 第十二条 违规后果", "# 第十二條 違規後果"),
        # link targets keep their anchors; link text and titles are converted
        ("见[第十二条](../laws/12.md#一-2 \"罚分标准\")", "見[第十二條](../laws/12.md#一-2 \"罰分標準\")"),
        # attribute lists name anchors: unchanged
        ("## 一、总则 {#总则 .条}", "## 一、總則 {#总则 .条}"),
        # inline code and fenced code stay as written
        ("`发牌` 发牌", "`发牌` 發牌"),
        ("```\n发牌\n```\n发牌", "```\n发牌\n```\n發牌"),
        # HTML: ids, hrefs and data stay; text, title and aria-label are converted
        (
            '<a href="#一-2" id="发" title="发牌" data-x="罚">罚分</a>',
            '<a href="#一-2" id="发" title="發牌" data-x="罚">罰分</a>',
        ),
        ('<span aria-label="庄家">庄家</span>', '<span aria-label="莊家">莊家</span>'),
        # the notes CSS shows on tap (restored clause markers, errata) are text too
        (
            '<span class="restored-marker" data-note="款项编号据规则补">A.</span>',
            '<span class="restored-marker" data-note="款項編號據規則補">A.</span>',
        ),
        (
            '<ins class="erratum" data-original="原文：发">罚</ins>',
            '<ins class="erratum" data-original="原文：發">罰</ins>',
        ),
        ("<script>var x = '发';</script>发", "<script>var x = '发';</script>發"),
        ("<!-- 发 -->发", "<!-- 发 -->發"),
        ("[ref]: ../发.md \"发\"\n发", "[ref]: ../发.md \"发\"\n發"),
    ],
)
def test_to_traditional_markdown(simplified, traditional):
    assert to_traditional_markdown(simplified, FIXES) == traditional


@pytest.mark.parametrize(
    ("simplified", "traditional"),
    [
        # object keys name data: unchanged; values are shown: converted
        ('{"laws/9#发": {"label": "规则第9条"}}', '{"laws/9#发": {"label": "規則第9條"}}'),
        ('{"a": ["发", "后"], "b": \'发\'}', '{"a": ["發", "後"], "b": \'發\'}'),
        # both branches of a conditional are texts, even the one before the colon
        ('x ? "前往原文" : "查看条文"', 'x ? "前往原文" : "查看條文"'),
        ('f("计算器：" + title)', 'f("計算器：" + title)'),
        # escaped quotes stay inside their string; comments are not shown and stay
        ('"发\\"后" /* 发 */', '"發\\"後" /* 发 */'),
    ],
)
def test_to_traditional_script(simplified, traditional):
    assert to_traditional_script(simplified, FIXES) == traditional


def test_fixes_apply_once_after_opencc_longest_first():
    fixes = (TraditionalFix("罰分", "罰點", "shorter"), TraditionalFix("遲到罰分", "遲到之罰分", "longer"))
    assert to_traditional_text("迟到罚分，罚分", fixes=fixes) == "遲到之罰分，罰點"


def test_fixes_file_problems_name_file_and_line(tmp_path):
    bad = tmp_path / "traditional_fixes.tsv"
    bad.write_text("# comment\n甲\t乙\treason\n只有一列\n", encoding="utf-8")
    with pytest.raises(CuratedFileError, match=r"traditional_fixes\.tsv:3: .*'只有一列'"):
        load_fixes(src_from_folder(tmp_path))


def test_committed_fixes_file_loads():
    for fix in FIXES:
        assert fix.wrong != fix.right, f"fix {fix} changes nothing"


class _VisibleText(html.parser.HTMLParser):
    """Text a reader sees, minus scripts, styles and anything marked lang="zh-Hans" (the switch back)."""

    SKIPPED = {"script", "style", "template"}
    VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack, self.chunks = [], []

    def handle_starttag(self, tag, attrs):
        if tag in self.VOID:
            return
        skipped = tag in self.SKIPPED or dict(attrs).get("lang") == "zh-Hans"
        self.stack.append((tag, skipped or bool(self.stack and self.stack[-1][1])))

    def handle_endtag(self, tag):
        while self.stack:
            if self.stack.pop()[0] == tag:
                break

    def handle_data(self, data):
        if not (self.stack and self.stack[-1][1]) and data.strip():
            self.chunks.append(data.strip())


def visible_text(path: Path) -> str:
    parser = _VisibleText()
    parser.feed(path.read_text(encoding="utf-8"))
    return "\n".join(parser.chunks)


def _edition_pairs(root: Path) -> list[tuple[Path, Path]]:
    """(simplified page, traditional page) for every page of the traditional edition under root."""
    hant = root / "zh-hant"
    pairs = [(root / path.relative_to(hant), path) for path in sorted(hant.rglob("*.html"))]
    assert pairs, f"no traditional edition under {hant}"
    return pairs


@pytest.fixture(params=["hosted", "bundle"])
def flavour_root(request, shipped_site, bundle_dir) -> Path:
    return shipped_site[0] if request.param == "hosted" else bundle_dir


# Characters that OpenCC converts on their own but that traditional text also uses in some words
# (OpenCC's STCharacters lists them among their own candidates), e.g. 干擾, 若干, 公里, 皇后, 批准, 風采.
ALSO_TRADITIONAL = set("干里台后准于余面系只着了制范采松冲谷丑斗回蒙表卷尽志划咸征吁苏几克辟致御郁注")


@functools.cache
def _edition_converter():
    """The edition's configuration (s2tw keeps 秘, which s2t makes 祕), loaded once: a converter reads its
    dictionaries when made, which costs more than converting a page."""
    import opencc

    from scripts.traditional import OPENCC_CONFIG

    return opencc.OpenCC(OPENCC_CONFIG)


def _simplified_leftovers(text: str) -> list[str]:
    """Each character of `text` that only simplified writing uses, with some context."""
    to_traditional = _edition_converter()
    han = re.compile(r"[\u4e00-\u9fff]")
    simplified_only = {  # each distinct character converted once (a page holds a few hundred of them, many times)
        char for char in set(han.findall(text)) if char not in ALSO_TRADITIONAL and to_traditional.convert(char) != char
    }
    leftovers = []
    for match in han.finditer(text):
        char = match.group(0)
        if char in simplified_only:
            leftovers.append(f"{char} in {text[max(0, match.start() - 8) : match.end() + 8]!r}".replace("\\n", " "))
    return leftovers


def test_traditional_pages_have_no_simplified_characters_left(shipped_site):
    leftovers = []
    for _, hant in _edition_pairs(shipped_site[0]):
        leftovers += [
            f"{hant.relative_to(shipped_site[0])}: {found}" for found in _simplified_leftovers(visible_text(hant))
        ]
    assert not leftovers, "simplified characters in the traditional edition:\n" + "\n".join(leftovers[:20])


def test_traditional_calculators_and_previews_speak_traditional(browser, shipped_site, shipped_url):
    """Texts that scripts put on the page (calculator labels and results, reference previews)."""
    hant_root = shipped_site[0] / "zh-hant"
    calculator = calculator_page(hant_root)
    assert calculator is not None, "no calculator in the traditional edition"
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    open_ready(page, url_of(calculator, hant_root, shipped_url + "zh-hant/"))
    reach_calculators(page)
    page.locator(".penalty-calculator .penalty-output").first.wait_for(state="visible")
    shown = "\n".join(page.locator(".penalty-calculator").all_inner_texts())
    page.locator(
        "article a.ref"
    ).first.focus()  # the preview texts are added when a reference is first focused or tapped
    page.wait_for_function("() => !!window.RULEBOOK_REF_PREVIEWS")
    previews = page.evaluate(
        "Object.values(window.RULEBOOK_REF_PREVIEWS || {}).map(v => JSON.stringify(v)).join('\\n')"
    )
    context.close()
    assert previews, "no reference previews loaded"
    leftovers = _simplified_leftovers(shown) + _simplified_leftovers(previews)
    assert not leftovers, "simplified text from scripts in the traditional edition:\n" + "\n".join(leftovers[:20])


PRINT_EDITION_LINKS = re.compile(r'<ul class="print-edition">.*?</ul>|<p class="print-edition-line"[^>]*>.*?</p>', re.S)
# the venue zip sits at the site root (download/), one folder further up from a traditional page
VENUE_BUNDLE_HREF = re.compile(r'(<a class="venue-bundle-link" href=")(?:\.\./)*')


def _article_html(page: Path) -> str:
    html_text = page.read_text(encoding="utf-8")
    article = re.search(r'<article class="md-content__inner md-typeset">(?P<body>.*?)</article>', html_text, re.S)
    assert article, f"{page}: no article"
    body = re.sub(r'<nav class="rulebook-script-switch".*?</nav>', "", article.group("body"), flags=re.S)
    # the print edition's links name the PDF of the page's own script (simplified or traditional), so they differ
    # by design; tests/test_print_links.py checks that every page links the PDF of its script
    return VENUE_BUNDLE_HREF.sub(r"\1", PRINT_EDITION_LINKS.sub("", body))


def test_every_article_went_through_the_converter(shipped_site):
    """The traditional article equals the converter applied to the simplified one: nothing a hook or template
    adds to an article is left out of the conversion."""
    for hans, hant in _edition_pairs(shipped_site[0]):
        if hans.name in ("404.html", "offline.html") or not hans.is_file():
            continue  # static templates, not articles: overrides/offline.html writes its own traditional words
        expected, actual = to_traditional_markdown(_article_html(hans), FIXES), _article_html(hant)
        if expected != actual:
            import difflib

            diff = "\n".join(
                list(difflib.unified_diff(expected.splitlines(), actual.splitlines(), lineterm="", n=0))[:12]
            )
            pytest.fail(f"{hant.relative_to(shipped_site[0])} differs from the conversion of {hans.name}:\n{diff}")


def test_traditional_pages_really_are_converted(shipped_site):
    site_dir = shipped_site[0]
    for hans, hant in _edition_pairs(site_dir):
        if "404" in hans.name:
            continue
        assert hans.is_file(), f"{hant} has no simplified counterpart {hans}"
        assert '<html lang="zh-Hant"' in hant.read_text(encoding="utf-8")
        simplified = visible_text(hans)
        if to_traditional_text(simplified, FIXES) != simplified:  # the page has characters that differ between scripts
            assert visible_text(hant) != simplified, f"{hant} reads exactly like {hans}"


def test_both_editions_carry_the_same_anchors(shipped_site):
    id_attribute = re.compile(r'\sid="([^"]+)"')
    for hans, hant in _edition_pairs(shipped_site[0]):
        ids_hans = set(id_attribute.findall(hans.read_text(encoding="utf-8")))
        ids_hant = set(id_attribute.findall(hant.read_text(encoding="utf-8")))
        assert ids_hans == ids_hant, f"{hant}: anchors differ from {hans}: {sorted(ids_hans ^ ids_hant)[:10]}"


def test_every_page_switches_to_the_same_page_in_the_other_script(flavour_root):
    switch = re.compile(r'<a href="(?P<href>[^"]+)"[^>]*data-script-switch')
    checked = 0
    for page in sorted(flavour_root.rglob("*.html")):
        rel = page.relative_to(flavour_root).as_posix()
        if rel.endswith(("404.html", "offline.html")):
            continue  # Material's 404 page and the not-saved-yet page (served for any page) have their own content
        # a page's stored copy (what the service worker keeps) is served at the page's own address
        rel = rel.removesuffix(STORED_PAGE) + "index.html" if page.name == STORED_PAGE else rel
        found = switch.search(page.read_text(encoding="utf-8"))
        assert found, f"{rel}: no script switch"
        target = posixpath.normpath(posixpath.join(posixpath.dirname(rel), found.group("href")))
        target = target + "/index.html" if not target.endswith(".html") else target
        target = target.removeprefix("./")
        counterpart = rel.removeprefix("zh-hant/") if rel.startswith("zh-hant/") else f"zh-hant/{rel}"
        assert target == counterpart, (
            f"{rel}: switch leads to {found.group('href')!r} ({target}), expected {counterpart}"
        )
        assert (flavour_root / target).is_file()
        checked += 1
    assert checked >= 2


def test_search_works_in_the_traditional_edition(browser, shipped_site, shipped_url, artifacts_dir):
    site_dir, _ = shipped_site
    hant_root = site_dir / "zh-hant"
    article = article_pages(hant_root)[0]
    title = re.search(r"<h1[^>]*>(?P<t>.*?)</h1>", article.read_text(encoding="utf-8"), re.S).group("t")
    words = [
        w for w in re.findall(r"[\u4e00-\u9fff]{2,}", re.sub(r"<[^>]+>", "", title)) if not re.fullmatch(r"第.*條", w)
    ]
    assert words, f"{article}: no word in its title {title!r}"
    query = words[0][:2]
    context = phone_context(browser, service_workers="block")
    page = context.new_page()
    open_ready(page, url_of(article, hant_root, shipped_url + "zh-hant/"))
    results = run_search(page, query)
    page.screenshot(path=artifacts_dir / "phone-search-zh-hant.png")
    context.close()
    assert results, f"no results for {query!r} in the traditional edition"
    assert all("/zh-hant/" in url for url in results), f"traditional search leads out of its edition: {results[:5]}"
