"""The hosted site's stylesheets for a slow network: one combined, minified sheet instead of six, and the rules a
phone needs for its first screen inlined in every page so that the text paints when the HTML arrives.

On Slow 3G every request waits 2 s before its first byte: a page whose stylesheets block the first paint cannot
paint before two round trips (the HTML, then its CSS). The critical rules are the ones whose selectors match an
element on the first screen of a few representative pages (the home page, a short and a long article of each
book, a missing-Law page, a page with a calculator), in the order and media blocks of the full sheets, with only
the custom properties they use; the full sheet follows, render-blocking only on wide screens (where the drawer
and contents sidebars are on screen) and linked after the content elsewhere, where it holds up nothing above it. Since
the full sheet repeats every critical rule in
the same order after them, the page looks exactly as before once it is in.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

import cssselect2
import rcssmin
import tinycss2
import tinyhtml5

from scripts.site.pwa import STORED_PAGE
from scripts.site.css import (
    GROUPING_AT_RULES,
    declarations_in,
    rule_text,
    parse_rules,
    split_selectors,
    tokens_text,
    classes_in_use,
    without_unused_properties,
    without_unused_rules,
)

# Media blocks for paper only: nothing of them shows on the first screen.
PRINT_ONLY = re.compile(r"^\s*print\s*$", re.IGNORECASE)
# Wide screens show the drawer and the table of contents beside the text: there the full sheet blocks the paint
# as before (Material's breakpoint for the contents sidebar, 60em = 960 px).
BLOCKING_WIDTH_EM = 60
BLOCKING_MEDIA = f"(min-width: {BLOCKING_WIDTH_EM}em)"
# Narrow screens do not wait for the sheet: the one link's media is BLOCKING_MEDIA, and once the sheet is in, its
# onload widens the sheet's own media (CSSOM) to every screen, leaving the element as written (Material's instant
# navigation keeps a head element whose HTML is unchanged, so the sheet is not fetched or applied again).
APPLY_EVERYWHERE = "if(this.sheet)this.sheet.media.mediaText='all'"
MIN_WIDTH_EM = re.compile(r"min-width:\s*([0-9.]+)em")
# Declarations that change nothing in a page's first paint (how later changes animate, the mouse pointer).
NOT_PAINTED = re.compile(
    r"^(?:transition(?:-[a-z-]+)?|cursor|will-change|outline(?:-[a-z]+)?|-webkit-tap-highlight-color"
    r"|scrollbar-[a-z]+|backface-visibility)$"
)
COMBINED_NAME = "assets/stylesheets/rulebook.{digest}.min.css"
STYLESHEET_LINK = re.compile(r'<link rel="stylesheet" href="(?P<prefix>(?:\.\./|\./)*)(?P<path>assets/[^"]+\.css)">\n?')


# ---------------------------------------------------------------------------------------------- critical rules

# What a phone does not show before the reader acts: the contents of the drawer and of the table of contents (off
# screen or hidden below 60em, where the critical rules are used alone) and the search form's inner part (opened by
# the search button). The containers themselves stay: their own rules are what keeps them out of sight.
OFF_SCREEN = cssselect2.compile_selector_list(".md-sidebar__scrollwrap, .md-search__inner")
# Not shown until a script or the reader shows them: elements marked hidden, and Material's (empty) dialog.
NOT_SHOWN = cssselect2.compile_selector_list("[hidden], .md-dialog, details")
ARTICLE = cssselect2.compile_selector_list("article.md-content__inner")
# The first screen of an article: its blocks up to this many characters of text (a 360 px phone shows about 20
# characters a line, 30 lines a screen); later blocks (editor boxes, tables, the 来源 box) are styled by the full sheet.
FIRST_SCREEN_CHARACTERS = 600


def page_elements(html: str) -> list:
    """Every element of a page, as cssselect2 wrappers (for matching selectors)."""
    root = cssselect2.ElementWrapper.from_html_root(tinyhtml5.parse(html, namespace_html_elements=False))
    return list(root.iter_subtree())


def first_screen_elements(html: str) -> list:
    """The elements of a page a phone can show before the reader acts: not those inside OFF_SCREEN containers,
    nor an article's blocks after its first FIRST_SCREEN_CHARACTERS characters of text."""
    hidden: set[int] = set()
    elements = page_elements(html)
    for element in elements:
        if any(selector.test(element) for selector in NOT_SHOWN):
            hidden.update(id(inner.etree_element) for inner in element.iter_subtree())
        elif any(selector.test(element) for selector in OFF_SCREEN):
            hidden.update(id(inner.etree_element) for inner in element.iter_subtree() if inner is not element)
        elif any(selector.test(element) for selector in ARTICLE):
            seen = 0
            for block in element.iter_children():
                if seen > FIRST_SCREEN_CHARACTERS:
                    hidden.update(id(inner.etree_element) for inner in block.iter_subtree())
                seen += len("".join(block.etree_element.itertext()).strip())
    return [element for element in elements if id(element.etree_element) not in hidden]


# Pseudo-classes and pseudo-elements, except the states cssselect2 knows never to hold in a static page.
UNKNOWN_PSEUDO = re.compile(
    r"::?(?!(?:hover|focus|focus-within|focus-visible|active|visited|target)\b)-?[a-zA-Z][\w-]*(?![\w(-])"
)


def _matching_selectors(prelude_text: str, elements: list) -> str:
    """The selectors of a rule's list that match one of `elements` (joined by commas; '' when none does)."""
    kept = []
    for selector in split_selectors(prelude_text):
        try:
            compiled = cssselect2.compile_selector_list(selector)
        except (cssselect2.SelectorError, NotImplementedError, ValueError):
            try:  # without the states and pseudo-elements this matcher does not know: it matches no fewer elements
                compiled = cssselect2.compile_selector_list(UNKNOWN_PSEUDO.sub("", selector) or "*")
            except (cssselect2.SelectorError, NotImplementedError, ValueError):
                kept.append(selector)  # a selector this matcher cannot read: kept (a kept rule is never wrong)
                continue
        tests = [c.test for c in compiled if not c.never_matches]
        if any(test(element) for element in elements for test in tests):
            kept.append(selector)
    return ",".join(kept)


def _critical_rules(rules, elements: list) -> str:
    """The rules (and media blocks) with a selector that matches one of `elements`, as text."""
    kept = []
    for rule in rules:
        if rule.type == "qualified-rule":
            selectors = _matching_selectors(tokens_text(rule.prelude), elements)
            declarations = ";".join(
                f"{d.name}:{tokens_text(d.value)}{'!important' if d.important else ''}"
                for d in tinycss2.parse_blocks_contents(rule.content, skip_comments=True, skip_whitespace=True)
                if d.type == "declaration" and not NOT_PAINTED.match(d.name)
            )
            if selectors and declarations:
                kept.append(f"{selectors}{{{declarations}}}")
        elif rule.type == "at-rule" and rule.content is not None:
            keyword = rule.lower_at_keyword
            prelude = tokens_text(rule.prelude)
            wide_only = any(
                float(em) >= BLOCKING_WIDTH_EM for em in MIN_WIDTH_EM.findall(prelude)
            )  # the full sheet blocks there
            if keyword in GROUPING_AT_RULES and not PRINT_ONLY.match(prelude) and not wide_only:
                inner = _critical_rules(parse_rules(rule.content), elements)
                if inner:
                    kept.append(f"@{rule.at_keyword} {tokens_text(rule.prelude)}{{{inner}}}")
            elif keyword.endswith("keyframes"):
                kept.append(rule_text(rule))  # dropped in critical_css unless a kept rule names it
    return "".join(kept)


def critical_css(stylesheet: str, pages: list[str]) -> str:
    """The rules of `stylesheet` (minified) that match an element a phone shows on the first screen of one of
    `pages` (HTML; first_screen_elements), with only the selectors that match, in their order and media blocks,
    keeping only the custom properties and keyframes those rules use.

    >>> css = ":root{--a:red;--b:blue;--c:var(--a)}.x{color:var(--c)}.y{color:green}@media print{.x{color:#000}}"
    >>> critical_css(css, ["<html><body><p class=x>t</p></body></html>"])
    ':root{--a:red;--c:var(--a)}.x{color:var(--c)}'
    """
    elements = [element for page in pages for element in first_screen_elements(page)]
    text = without_unused_properties(_critical_rules(parse_rules(stylesheet), elements), set())
    values = " ".join(value for _, value in declarations_in(parse_rules(text)))
    out = []
    for rule in parse_rules(text):
        if rule.type == "at-rule" and rule.lower_at_keyword.endswith("keyframes"):
            name = tokens_text(rule.prelude)
            if not re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", values):
                continue
        out.append(rule_text(rule))
    return "".join(out)


# ---------------------------------------------------------------------------------------------- the pages


def linked_stylesheets(html: str) -> list[str]:
    """The stylesheets a page links, as paths from the site root, in order."""
    return [match["path"] for match in STYLESHEET_LINK.finditer(html)]


def combined_name(css: str) -> str:
    return COMBINED_NAME.format(digest=hashlib.sha256(css.encode("utf-8")).hexdigest()[:8])


def combined_link(href: str) -> str:
    """The page's one link to the combined sheet (the same in every page of an edition)."""
    return (
        f'<link rel="stylesheet" href="{href}" media="{BLOCKING_MEDIA}" onload="{APPLY_EVERYWHERE}"'
        ' data-rulebook-stylesheet>\n'
    )


def with_critical_css(html: str, critical: str, combined: str) -> str:
    """The page with its stylesheet links replaced by the critical rules inline and one link to the combined sheet
    (each stylesheet is linked once, so a cold load fetches it once): render-blocking on wide screens (BLOCKING_MEDIA,
    as before); elsewhere the page paints with the inline rules and the sheet applies once it is in
    (APPLY_EVERYWHERE; assets/js/after-paint.js starts the scripts after that)."""
    links = list(STYLESHEET_LINK.finditer(html))
    if not links or "</body>" not in html:
        return html
    href = links[0]["prefix"] + combined
    head = f"<style>{critical}</style>\n{combined_link(href)}"
    out, pos = [], 0
    for index, link in enumerate(links):
        out.append(html[pos : link.start()])
        if index == 0:
            out.append(head)
        pos = link.end()
    out.append(html[pos:])
    return "".join(out)


def stored_copy(page: str, critical: str) -> str:
    """The copy of a rewritten page that the service worker stores (scripts/site/pwa.py STORED_PAGE): read from the
    phone's own storage, it needs no inline rules, so the offline download does not carry them once per page. The
    inline rules and the link become one plain link (render-blocking on every screen, from the cache); every other
    element stays as it is, so Material's instant navigation between stored and downloaded pages changes only those."""
    linked = re.search(
        r'<link rel="stylesheet" href="([^"]+)" media="[^"]*" onload="[^"]*" data-rulebook-stylesheet>\n', page
    )
    inline = f"<style>{critical}</style>\n"
    if linked is None or inline + linked[0] not in page:
        return page
    return page.replace(inline + linked[0], f'<link rel="stylesheet" href="{linked[1]}" data-rulebook-stylesheet>\n', 1)


BOOK_FOLDERS = ("laws", "regulations")
# Page kinds whose first screen differs: marked by a class their HTML holds (a missing Law's statement, the
# calculator notice under an article's title).
KIND_MARKS = ('class="missing-statement"', "penalty-notice-top")
BODY_COLOURS = ("scheme", "primary", "accent")


def representative_pages(site_dir: Path) -> list[Path]:
    """The home page, the first and the longest article of each book, and the first page of each kind in KIND_MARKS."""
    chosen = [site_dir / "index.html"]
    articles = sorted(
        (p for book in BOOK_FOLDERS for p in (site_dir / book).glob("*/index.html") if p.parent.name.isdigit()),
        key=lambda p: (p.parent.parent.name, int(p.parent.name)),
    )
    texts = {p: p.read_text(encoding="utf-8") for p in articles}
    for book in BOOK_FOLDERS:
        plain = [p for p in articles if p.parent.parent.name == book and not any(m in texts[p] for m in KIND_MARKS)]
        # the first (short: its first screen reaches the editor boxes and the footer) and the longest (headings
        # and clauses of every level on its first screen)
        chosen += plain[:1] + sorted(plain, key=lambda p: -len(texts[p]))[:1]
    for mark in KIND_MARKS:
        chosen += [p for p in articles if mark in texts[p]][:1]
    return [p for p in chosen if p.is_file()]


def in_each_scheme(html: str, palette: list[dict]) -> list[str]:
    """The page once per palette entry (the colour attributes of <body> as that scheme sets them), so that the
    critical rules include the dark scheme's, which the phone's own setting picks before the first paint."""
    variants = []
    for entry in palette or [{}]:
        page = html
        for key in BODY_COLOURS:
            if entry.get(key):
                page = re.sub(
                    rf'(<body\b[^>]*\sdata-md-color-{key}=")[^"]*(")', rf"\g<1>{entry[key]}\g<2>", page, count=1
                )
        variants.append(page)
    return variants


def rewrite_site(site_dir: Path, palette: list[dict]) -> Path | None:
    """Combine the stylesheets the pages link into one minified sheet without the rules for classes no page and
    no script of the site uses, inline the critical rules of the representative pages in every page, and delete
    the separate sheets.
    Returns the combined sheet's path (None when no page links a stylesheet)."""
    pages = sorted(p for p in site_dir.rglob("*.html") if p.name != STORED_PAGE)
    sheets = linked_stylesheets((site_dir / "index.html").read_text(encoding="utf-8"))
    if not sheets:
        return None
    texts = {page: page.read_text(encoding="utf-8") for page in pages}
    scripts = [path.read_text(encoding="utf-8") for path in sorted(site_dir.rglob("*.js"))]
    used = classes_in_use(list(texts.values()), scripts)
    combined_text = "".join(rcssmin.cssmin((site_dir / sheet).read_text(encoding="utf-8")) for sheet in sheets)
    combined_text = without_unused_properties(without_unused_rules(combined_text, used), used)
    name = combined_name(combined_text)
    samples = [
        variant
        for page in representative_pages(site_dir)
        for variant in in_each_scheme(page.read_text(encoding="utf-8"), palette)
    ]
    critical = critical_css(combined_text, samples)
    for page, html in texts.items():
        rewritten = with_critical_css(html, critical, name)
        if rewritten != html:
            page.write_text(rewritten, encoding="utf-8")
            if page.name == "index.html":
                (page.parent / STORED_PAGE).write_text(stored_copy(rewritten, critical), encoding="utf-8")
    target = site_dir / name
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(combined_text, encoding="utf-8")
    for sheet in sheets:
        for path in (site_dir / sheet, site_dir / f"{sheet}.map"):
            path.unlink(missing_ok=True)
    return target
