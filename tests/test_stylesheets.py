"""The hosted site's stylesheets (scripts/site/stylesheets.py): minified, combined, first-screen rules inline."""

from __future__ import annotations

from pathlib import Path

import pytest
import rcssmin
from mkdocs.utils.yaml import yaml_load

from scripts.site.css import classes_in_use, selectors_without_use, without_unused_properties, without_unused_rules
from scripts.site.pwa import STORED_PAGE
from scripts.site.stylesheets import (
    APPLY_EVERYWHERE,
    BLOCKING_MEDIA,
    critical_css,
    in_each_scheme,
    linked_stylesheets,
    stored_copy,
    with_critical_css,
)

ROOT = Path(__file__).resolve().parent.parent

PAGE = (
    '<html><head></head><body data-md-color-scheme="default" data-md-color-primary="indigo">'
    '<header class="md-header"><span class="md-icon">i</span></header>'
    '<article class="md-typeset"><h1>第9条</h1><p class="lead">正文</p></article></body></html>'
)


@pytest.mark.parametrize(
    "css, minified",
    [
        ("a { color : red ; }", "a{color:red}"),
        ("/* c */ .a  >  .b , .c { margin: 0 auto !important }", ".a>.b,.c{margin:0 auto!important}"),
        (
            "@media screen and (max-width: 10em) {\n  .a { width: calc(1px + 2px) }\n}",
            "@media screen and (max-width:10em){.a{width:calc(1px + 2px)}}",
        ),
        ("@media print { @page { size: A5 } a { color: #000 } }", "@media print{@page{size:A5}a{color:#000}}"),
        (
            "@keyframes spin { from { transform: rotate(0) } to { transform: rotate(1turn) } }",
            "@keyframes spin{from{transform:rotate(0)}to{transform:rotate(1turn)}}",
        ),
    ],
)
def test_minify_keeps_every_rule(css, minified):
    """rcssmin, then the purge's compact writing with every class in use: each rule comes out whole."""
    assert without_unused_rules(rcssmin.cssmin(css), {"a", "b", "c"}) == minified


def test_critical_rules_are_the_ones_the_page_uses_in_order():
    css = rcssmin.cssmin("""
        :root { --md-primary: #3f51b5; --md-unused-icon: url("data:image/svg+xml,x"); --md-fg: var(--md-primary); }
        .md-header { background: var(--md-fg); }
        .md-search-result { color: red; }
        .md-typeset h1 { font-size: 2em; animation: fade 1s; }
        .md-typeset table { border: 0; }
        @media screen and (max-width: 44em) { .md-typeset p { margin: 0; } .md-footer { display: none; } }
        @media print { .md-header { display: none; } }
        @keyframes fade { from { opacity: 0 } }
        @keyframes unused { from { opacity: 0 } }
        [data-md-color-scheme=slate] { --md-primary: #000; }
        .md-header:hover .md-icon::after { content: "x"; }
    """)
    critical = critical_css(css, [PAGE])
    assert critical == (
        ":root{--md-primary:#3f51b5;--md-fg:var(--md-primary)}.md-header{background:var(--md-fg)}"
        ".md-typeset h1{font-size:2em;animation:fade 1s}@media screen and (max-width:44em){.md-typeset p{margin:0}}"
        "@keyframes fade{from{opacity:0}}"
    )
    # the dark scheme's rules come in when the page is matched in each palette scheme
    both = critical_css(css, in_each_scheme(PAGE, [{"scheme": "default"}, {"scheme": "slate"}]))
    assert "[data-md-color-scheme=slate]{--md-primary:#000}" in both


def test_an_unreadable_selector_keeps_its_rule():
    assert critical_css("a:unknown-state(x){color:red}", [PAGE]) == "a:unknown-state(x){color:red}"


def test_pages_link_the_combined_sheet_after_the_inline_rules():
    html = (
        '<head>\n<link rel="stylesheet" href="../../assets/stylesheets/main.1.min.css">\n'
        '<link rel="stylesheet" href="../../assets/rulebook.css">\n<script>x</script></head><body><p>t</p></body>'
    )
    assert linked_stylesheets(html) == ["assets/stylesheets/main.1.min.css", "assets/rulebook.css"]
    out = with_critical_css(html, "p{margin:0}", "assets/stylesheets/rulebook.abc.min.css")
    assert "main.1.min.css" not in out and "assets/rulebook.css" not in out
    sheet = 'href="../../assets/stylesheets/rulebook.abc.min.css"'
    head, body = out.split("<body>")
    # one link (issue 25: each stylesheet linked once): render-blocking on wide screens, after the inline rules;
    # on narrow ones its onload applies the loaded sheet to every screen
    assert out.count(sheet) == 1
    assert head.index("<style>p{margin:0}</style>") < head.index(
        f'{sheet} media="{BLOCKING_MEDIA}" onload="{APPLY_EVERYWHERE}"'
    )
    assert body == "<p>t</p></body>"
    assert head.endswith("<script>x</script></head>")


def test_rules_for_classes_nothing_uses_go():
    css = rcssmin.cssmin(
        ".md-tag{a:1}.md-typeset .md-tag,.md-typeset p{b:2}p:not(.md-tag){c:3}"
        "@media screen{.md-tag{d:4}}:root{--md-tag-icon:url(x);--kept:1;--set-by-script:2}p{e:var(--kept)}"
    )
    used = classes_in_use(
        ['<article class="md-typeset"><p>t</p></article>'], ['el.style.setProperty("--set-by-script", 1)']
    )
    assert without_unused_properties(without_unused_rules(css, used), used) == (
        ".md-typeset p{b:2}p:not(.md-tag){c:3}:root{--kept:1;--set-by-script:2}p{e:var(--kept)}"
    )


def test_a_class_a_script_adds_keeps_its_rules():
    used = classes_in_use([], ['x("div",{class:"md-search-result__meta"})'])
    assert without_unused_rules(".md-search-result__meta{a:1}", used) == ".md-search-result__meta{a:1}"


def test_the_dropped_selectors_are_named_with_the_classes_they_miss():
    css = rcssmin.cssmin(".a,.b .zz{x:1} @media print { .q.zz, .a { x: 3 } } p:not(.zz){y:1}")
    assert selectors_without_use(css, {"a", "b", "q"}) == [(".b .zz", {"zz"}), (".q.zz", {"zz"})]
    kept = without_unused_rules(css, {"a", "b", "q"})
    assert ".zz{" not in kept and ".q.zz" not in kept and "p:not(.zz)" in kept


# Selectors of our own sheets that the shipped site does not use, each with why the rule is kept.
UNUSED_ON_PURPOSE = {
    ".md-typeset .clause.level-6": "the deepest clause level the parser can produce; no article reaches it today",
    ".md-tabs": "print hides Material's tabs, should navigation.tabs be switched on",
    ".md-banner": "print hides Material's announcement banner, should one be configured",
    ".md-source-file": "print hides Material's page dates, should that plugin be switched on",
    ".md-content__button": "print hides Material's edit/view buttons, should a repository be configured",
}


def test_every_rule_of_our_own_stylesheets_reaches_the_combined_sheet(shipped_site):
    """The combined sheet keeps a rule only for classes a built page holds or a script names as a word: a class a
    script composed ("penalty-field-" + kind) lost its rules that way, and 第26条's checkbox sat apart from its
    label. Every selector of our own sheets must survive (Material's own unused rules are meant to go), but for
    those UNUSED_ON_PURPOSE."""
    site_dir = shipped_site[0]
    config = yaml_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    pages = [p.read_text(encoding="utf-8") for p in site_dir.rglob("*.html") if p.name != STORED_PAGE]
    scripts = [p.read_text(encoding="utf-8") for p in site_dir.rglob("*.js")]
    used = classes_in_use(pages, scripts)
    dropped = {
        selector.strip(): f"{sheet}: {selector.strip()} (nothing uses {', '.join(sorted(missing))})"
        for sheet in config["extra_css"]
        for selector, missing in selectors_without_use(
            rcssmin.cssmin((ROOT / "docs" / sheet).read_text(encoding="utf-8")), used
        )
    }
    assert config["extra_css"]
    assert not set(dropped) - set(UNUSED_ON_PURPOSE), "\n".join(
        v for k, v in dropped.items() if k not in UNUSED_ON_PURPOSE
    )
    assert not set(UNUSED_ON_PURPOSE) - set(dropped), (
        f"now used, take them off UNUSED_ON_PURPOSE: {set(UNUSED_ON_PURPOSE) - set(dropped)}"
    )


def test_the_stored_copy_has_one_plain_link_in_place_of_the_inline_rules():
    html = (
        '<head><link rel="stylesheet" href="../assets/a.css"></head>'
        '<body><p>t</p><script id="__config"></script></body>'
    )
    page = with_critical_css(html, "p{margin:0}", "assets/stylesheets/rulebook.abc.min.css")
    stored = stored_copy(page, "p{margin:0}")
    assert "<style>" not in stored and stored.count("<link") == 1
    head, body = stored.split("<body>")
    assert '<link rel="stylesheet" href="../assets/stylesheets/rulebook.abc.min.css" data-rulebook-stylesheet>' in head
    assert body == page.split("<body>")[1]  # only the head differs: instant navigation swaps just those two elements
