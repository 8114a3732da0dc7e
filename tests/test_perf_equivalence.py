"""The speed-ups in the pipeline give the same results as the plain code they replaced."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from scripts import curated
from scripts.curated.rulebook_src import rulebook_src_from_texts
from scripts.paths import SRC

YAML_FILES = sorted(SRC.rglob("*.yml"))


@pytest.mark.parametrize("path", YAML_FILES, ids=lambda p: p.relative_to(SRC).as_posix())
def test_load_yaml_equals_safe_load(path: Path):
    """Our loader reads every curated file as PyYAML's safe loader does (libyaml's, which is PyYAML's own safe
    constructor over a C parser: the same values, about 1.5 s less of pure-Python parsing per test run)."""
    safe_loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    assert curated.load(path) == yaml.load(path.read_text(encoding="utf-8"), Loader=safe_loader)


NO_WORDS = rulebook_src_from_texts({"jieba_user_dict.txt": "无关的词\n"})  # a word list no test text holds


def glossary(terms: list[tuple[str, str]]):
    from scripts.pipeline.glossary import GlossaryEntry
    from scripts.pipeline.model import Paragraph

    return [GlossaryEntry(term, english, [Paragraph(f"{term}的定义（{english}）", [])]) for term, english in terms]


@pytest.mark.parametrize(
    "text", ["首引即引牌，再加倍之后仍是引牌", "约定叫与再加倍", "没有术语的段落", "再加倍再加倍引牌约定"]
)
def test_repeated_glossary_terms_render_like_the_first_entry_alone(text):
    """A glossary that repeats terms (every edition defines them again) links each term as its first entry does."""
    from scripts.render.articles import PageRenderer
    from scripts.render.markup import render_inline

    once = glossary([("引牌", "LEAD"), ("约定", "CONVENTION"), ("再加倍", "REDOUBLE")])
    repeated = once + glossary([("再加倍", "R2"), ("引牌", "L2")]) + once
    spans_once = PageRenderer({}, once, NO_WORDS).glossary_spans(text, "laws/1.md", set())
    spans_repeated = PageRenderer({}, repeated, NO_WORDS).glossary_spans(text, "laws/1.md", set())
    assert render_inline(text, spans_repeated) == render_inline(text, spans_once)
    assert [(s.start, s.end) for s in spans_repeated] == [(s.start, s.end) for s in spans_once]


def fold_fullwidth_by_character(text: str) -> str:
    """The per-character loop that normalise.fold_fullwidth's translate table replaced."""
    from scripts.pipeline.normalise import FULLWIDTH_KEEP

    return "".join(
        chr(ord(ch) - 0xFEE0) if 0xFF01 <= ord(ch) <= 0xFF5E and ch not in FULLWIDTH_KEEP else ch for ch in text
    )


@pytest.mark.parametrize(
    "text",
    [
        "第１３条 牌张数目有误",
        "Ａ．初始位置（个人、双人或队）！？～",
        "".join(chr(c) for c in range(0xFF00, 0xFF70)),
        "plain ascii 123",
        "",
    ],
)
def test_fold_fullwidth_table(text):
    from scripts.pipeline.model import Provenance
    from scripts.pipeline.normalise import LineNormaliser
    from scripts.pipeline.sources import SourceEntry

    entry = SourceEntry("x.txt", "laws", "fullwidth-web", "simplified", "", "")
    normaliser = LineNormaliser(entry, [], [])
    assert normaliser.fold_fullwidth(text, Provenance("x.txt", 1)) == fold_fullwidth_by_character(text)
    assert len(normaliser.repairs) == (fold_fullwidth_by_character(text) != text)


def test_repeated_clause_markers_get_numbered_anchors_per_article():
    from scripts.pipeline.model import Paragraph, Provenance
    from scripts.pipeline.parse import parse_articles

    texts = ["第1条 标题", "A.甲", "A.乙", "1.子", "1.丑", "A.丙", "第2条 标题", "A.丁"]
    parsed = parse_articles("x.txt", "laws", [Paragraph(t, [Provenance("x.txt", n)]) for n, t in enumerate(texts, 1)])
    anchors = [[c.anchor for c in article.walk_clauses()] for article in parsed.articles]
    assert anchors == [["a", "a_2", "a_2-1", "a_2-1_2", "a_3"], ["a"]]
    assert len(parsed.defects) == 3


def test_clause_repeating_an_earlier_sibling_after_its_own_filtering_is_dropped():
    """The earlier sibling is compared as it stands after its repeated paragraph was dropped."""
    from scripts.pipeline.assemble import drop_repeated_text
    from scripts.pipeline.model import Article, Clause, Paragraph, Provenance

    body = "赛员应当遵守比赛的规定和程序"
    first = Clause(
        "A.", 1, "a", "", [Paragraph(body, [Provenance("x.txt", 1)]), Paragraph(body, [Provenance("x.txt", 2)])]
    )
    second = Clause("A.", 1, "a_2", "", [Paragraph(body, [Provenance("x.txt", 3)])])
    third = Clause("B.", 1, "b", "", [Paragraph(body, [Provenance("x.txt", 4)])])
    article = Article("laws", 1, "1", "t", "", clauses=[first, second, third])
    drops = []
    drop_repeated_text(article, drops)
    assert [c.anchor for c in article.clauses] == ["a", "b"]
    assert sorted(d.prov.line for d in drops) == [2, 3]


def test_backlinks_by_target_equal_a_scan_of_every_citation():
    """LinkIndex.backlinks reads an index by target; a scan of all citations gives the same list in the same order."""
    from scripts.pipeline.link import link_rulebook
    from tests.rulebook_once import load_full_rulebook

    rulebook = load_full_rulebook()
    index = link_rulebook(rulebook)
    checked = 0
    for key, book in rulebook.books.items():
        for slug in book.articles:
            scanned = [
                c
                for c in index.citations
                if c.resolution.status in ("clause", "article")
                and c.resolution.book == key
                and c.resolution.slug == slug
                and not (c.book == key and c.slug == slug)
            ]
            assert index.backlinks(key, slug) == scanned
            checked += bool(scanned)
    assert checked > 5


def resolve_title_by_scanning(ref, books):
    """The scan over every article and clause that link.TitleIndex replaced (aliases left out)."""
    from scripts.pipeline.link import Resolution

    order = [ref.book] + [k for k in books if k != ref.book]
    for key in order:
        for article in books[key].articles.values():
            if article.title == ref.title:
                return Resolution("article", key, article.slug)
    citing = books[ref.book].articles.get(ref.slug) if ref.slug else None
    for key in order:
        articles = list(books[key].articles.values())
        if citing is not None and key == ref.book:
            articles = [citing] + [a for a in articles if a is not citing]  # the citing article's own headings first
        for article in articles:
            for clause in article.walk_clauses():
                if clause.title == ref.title:
                    return Resolution("clause", key, article.slug, clause.anchor, clause.anchor)
    return None


def test_title_index_resolves_like_a_scan():
    import dataclasses

    from scripts.pipeline.link import Reference, TitleIndex, resolve_title
    from tests.rulebook_once import load_full_rulebook

    books = load_full_rulebook().books
    titles = {a.title for b in books.values() for a in b.articles.values()}
    titles |= {c.title for b in books.values() for a in b.articles.values() for c in a.walk_clauses() if c.title}
    index = TitleIndex.of(books)
    fields = {f.name for f in dataclasses.fields(Reference)}
    for book in books:
        for title in sorted(titles) + ["没有这个标题"]:
            # cited from no article, and from each article of the book that has a clause with this title
            holders = [a.slug for a in books[book].articles.values() if any(c.title == title for c in a.walk_clauses())]
            for slug in [""] + holders:
                ref = Reference(
                    **{name: None for name in fields}
                    | {"kind": "title", "book": book, "title": title, "text": title, "slug": slug}
                )
                expected = resolve_title_by_scanning(ref, books)
                got = resolve_title(ref, books, [], index)
                assert (got if got.status != "unparsed" else None) == expected, (book, title, slug)
    assert len(titles) > 50


def test_search_vocabulary_with_a_kept_tokenizer_equals_a_fresh_one():
    from scripts.search.index import build_vocabulary, jieba_tokenizer, user_dictionary_entries

    texts = [
        "迟到5+—10分钟：扣1VP；第二次再犯按迟到的条款处罚。",
        "明手此时可以指出某一防守人过早暴露牌张的违规",
        "叫牌开始时，应将屏幕的窗口关闭",
    ]
    user_dict = user_dictionary_entries(curated.load_rows(SRC / "jieba_user_dict.txt"))
    jieba_tokenizer.cache_clear()
    fresh = build_vocabulary(texts, user_dict, ["屏幕"])
    kept = build_vocabulary(texts, user_dict, ["屏幕"])
    assert kept == fresh
    assert jieba_tokenizer.cache_info().hits >= 1
    assert "屏幕" in kept and len(kept) > 10


PAGE_HTML = """<html><body><article class="md-content__inner">
<h1 id="x">第23条 桌上屏幕的使用</h1><p class="article-meta">裁判法 · 第六节</p>
<div class="clause level-1" id="一" markdown="1"><p><a class="clause-label" href="#一">一、</a> 叫牌开始时，应将屏幕的窗口关闭。</p></div>
<h2 id="b">B. 其他的取消叫牌</h2><p>取消叫牌的   其他情形。</p>
<div class="provenance"><p>来源 000 第 137–150 行</p></div>
</article></body></html>"""


def test_parsed_page_cache_gives_the_sections_of_a_fresh_parse(tmp_path):
    from scripts.search.index import PARSED_PAGES, read_sections

    for location, text in [
        ("regulations/23/", PAGE_HTML),
        ("", PAGE_HTML.replace('<h1 id="x">第23条 桌上屏幕的使用</h1>', "")),
    ]:
        page = tmp_path / location / "index.html"
        page.parent.mkdir(parents=True, exist_ok=True)
        page.write_text(text, encoding="utf-8")
    stock = {
        "docs": [
            {"location": "regulations/23/", "title": "第23条 桌上屏幕的使用"},
            {"location": "", "title": "首页  标题"},
        ]
    }
    PARSED_PAGES.entries.clear()
    fresh = read_sections(tmp_path, stock)
    again = read_sections(tmp_path, stock)  # from the cache
    assert again == fresh and again is not fresh
    assert len(PARSED_PAGES.entries) == 2
    assert [s.location for s in fresh][:2] == ["regulations/23/", "regulations/23/#一"]
    again[0].title = "changed"  # callers may change the sections they get; the cache must not see it
    assert read_sections(tmp_path, stock) == fresh


@pytest.mark.parametrize(
    "before",
    [
        "",
        '<nav class="md-nav"><ul><li><a href="../1/">第1条 <b>标题</b></a></li><h2 id="n">导航</h2></ul></nav>',
        '<script>var x = "<article class=\\"md-content__inner\\">";</script><div class="md-sidebar">目录 <p>文字</p></div>',
        '<!-- <article class="md-content__inner"> 注释 --><script>x = \'<article class="md-content__inner">\';</script>',
    ],
)
def test_page_sections_read_from_the_content_column_equal_a_parse_of_the_whole_page(before):
    from scripts.search.index import PARSED_PAGES, SectionParser, parsed_page_sections

    page = PAGE_HTML.replace("<html><body>", "<html><body>" + before)
    whole = SectionParser("regulations/23/", "")
    whole.feed(page)
    whole.close()
    PARSED_PAGES.entries.clear()
    assert parsed_page_sections("regulations/23/", page) == tuple((s.location, s.title, s.text) for s in whole.sections)
