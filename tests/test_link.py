"""The link stage: every reference form found in the sources, read from real sentences, resolved against the real
tree."""

from __future__ import annotations

import re

import pytest

from scripts.pipeline.link import citing_sentence, find_references, link_rulebook, resolve_reference, load_title_aliases
from tests.rulebook_once import real_src


# `rulebook` and `pages` (the whole tree, built once per process, and its rendered pages) are fixtures of
# tests/conftest.py


@pytest.fixture(scope="module")
def books(rulebook):
    return rulebook.books


@pytest.fixture(scope="module")
def index(rulebook):
    return link_rulebook(rulebook)


def resolved(text, book, books, article=None, context=""):
    """[(linked text, status, target key)] for the written references of a sentence."""
    aliases = load_title_aliases(real_src())
    out = []
    for ref in find_references(text, book, books[article[0]].articles[article[1]] if article else None, context):
        if ref.implied:
            continue
        resolution = resolve_reference(ref, books, aliases)
        out.append((ref.text, resolution.status, resolution.key))
    return out


# (source, citing book, citing article (book, slug) or None, citing clause anchor, sentence, expected references)
CASES = [
    # 参阅第23条 (Law 24: a Law cited from the Laws)
    (
        "laws/24",
        "laws",
        ("laws", "24"),
        "b",
        "一张大牌或是过早引牌如果是一张大牌，或者是不论大小的任何过早引牌，（判罚）违规者的同伴在该轮轮到他叫牌时，必须不叫（当强制性不叫损害非违规方时，参阅第23条）。",
        [("第23条", "article", "laws/23")],
    ),
    # （參閱第54條A款）: the truncated glossary entry in traditional script; Law 54 is not in the sources
    (
        "002 l.21",
        "laws",
        None,
        "",
        "該定約名目者，當首引牌張翻明后，即成為莊家(但若為越序首引時參閱第54條A款",
        [("第54條A款", "missing", "missing/laws/54")],
    ),
    # 第12条C款1: the deepest clause, C.1.
    (
        "laws/20",
        "laws",
        ("laws", "20"),
        "e",
        "所有赛员，包括明手或受罚不叫者，如发现复述有误时均应立即加以改正（当不正确的复述造成损失时参阅第12条C款1）。",
        [("第12条C款1", "clause", "laws/12#c-1")],
    ),
    # 第35條A款: Law 35 lost its A. marker in the source; the concordance restores it (clause_markers.yml)
    (
        "003 Law 32",
        "laws",
        ("laws", "32"),
        "",
        "受（若對方在不能成立的加倍或再加倍後接續叫牌，參閱第35條A款）。如該不合法叫",
        [("第35條A款", "clause", "laws/35#a")],
    ),
    # 第35条D款: the one clause of Law 35 whose marker survived in the source
    (
        "laws/39",
        "laws",
        ("laws", "39"),
        "b",
        "防守方的其他叫牌如防家作出实质叫牌、加倍或再加倍，则可应用第26条的引牌判罚（如违规者下家接续叫牌时，参阅第35条D款）。",
        [("第26条", "article", "laws/26"), ("第35条D款", "clause", "laws/35#d")],
    ),
    # 第72條B款l: the OCR letter l for the digit 1, as the raw source prints it
    (
        "003 Law 30",
        "laws",
        ("laws", "30"),
        "",
        "，（判罰）違規者在該輪輪到他叫牌時必須不叫，可應用第72條B款l。",
        [("第72條B款l", "missing", "missing/laws/72")],
    ),
    # full-width digits and letters, as 004 prints them
    (
        "004 Law 6",
        "laws",
        ("laws", "6"),
        "d-1",
        "双方竞叫开始前（参阅第１７条Ａ款），如确",
        [("第１７条Ａ款", "clause", "laws/17#a")],
    ),
    # a list: 第30條、31條、32條, every number its own link
    (
        "003 Law 29",
        "laws",
        ("laws", "29"),
        "",
        "時可以作出任何合法叫牌，但違規方可能受到第30條、31條、32條的判罰。",
        [("第30條", "article", "laws/30"), ("31條", "article", "laws/31"), ("32條", "article", "laws/32")],
    ),
    # two clauses of one article: 第41条B款和C款 (Law 41 is missing)
    (
        "laws/20",
        "laws",
        ("laws", "20"),
        "c-2",
        "庄家或任一防家，在第一次轮到他打牌时，均可要求复述该副牌的全部叫牌（参阅第41条B款和C款）。",
        [("第41条B款", "missing", "missing/laws/41"), ("C款", "missing", "missing/laws/41")],
    ),
    # 本条A2（b）: a clause of the citing Law (its markers restored from the 1997 WBF Laws)
    (
        "laws/31",
        "laws",
        ("laws", "31"),
        "a",
        "轮到上家叫牌违规者在轮到其上家叫牌时越序实质叫牌（或对同伴的叫牌越序的约定性不叫，此时应用本条A2（b）），如果：",
        [("本条A2（b）", "clause", "laws/31#a-2-b")],
    ),
    # relative references into restored clauses: 前述（b）（1）或（b）（2） from 25B2(c), 以下（b）项 from 27B1(a), 如上面的1 from 21B2
    (
        "laws/25",
        "laws",
        ("laws", "25"),
        "b-2-c",
        "前述（b）（1）或（b）（2）中的违规者如果成为防家，违规者的同伴应受到引牌判罚（参阅第26条）。",
        [
            ("前述（b）（1）", "clause", "laws/25#b-2-b-1"),
            ("（b）（2）", "clause", "laws/25#b-2-b-2"),
            ("第26条", "article", "laws/26"),
        ],
    ),
    (
        "laws/27",
        "laws",
        ("laws", "27"),
        "b-1-a",
        "叫牌继续进行（第16条C款2此时不适用，但需参阅以下（b）项）。",
        [("第16条C款2", "missing", "missing/laws/16"), ("以下（b）项", "clause", "laws/27#b-1-b")],
    ),
    (
        "laws/21",
        "laws",
        ("laws", "21"),
        "b-2",
        "一赛员由于对方的错误解释（如上面的1）而更改了不适当的叫牌后",
        [("上面的1", "clause", "laws/21#b-1")],
    ),
    # a director's citation of a restored clause: 规则27B1(b), 本条A款 in Law 29
    (
        "regulations/23",
        "regulations",
        ("regulations", "23"),
        "",
        "按规则27B1(b)判给调整分。",
        [("规则27B1(b)", "clause", "laws/27#b-1-b")],
    ),
    (
        "laws/29",
        "laws",
        ("laws", "29"),
        "b",
        "否则，越序叫牌应予取消（参阅本条A款）",
        [("本条A款", "clause", "laws/29#a")],
    ),
    # 本条规则: the article itself, not linked
    (
        "laws/23",
        "laws",
        ("laws", "23"),
        "",
        "许多对竞叫阶段中违规的判罚条款，都应参考本条规则。",
        [("本条", "self", "laws/23")],
    ),
    # 规则N in the regulations points into the Laws
    (
        "001 l.95",
        "regulations",
        ("regulations", "34"),
        "12",
        "另外按规则43 判罚。",
        [("规则43", "missing", "missing/laws/43")],
    ),
    (
        "regulations/23",
        "regulations",
        ("regulations", "23"),
        "二-1",
        "规则9A2(b)(1)；规则42B(3)；规则43A(1)(b)——明手此时可以指出某一防守人过早暴露牌张的违规。",
        [
            ("规则9A2(b)(1)", "clause", "laws/9#a-2-b-1"),
            ("规则42B(3)", "missing", "missing/laws/42"),
            ("规则43A(1)(b)", "missing", "missing/laws/43"),
        ],
    ),
    # ranges: both ends written are links; the numbers between are implied targets
    (
        "regulations/23",
        "regulations",
        ("regulations", "23"),
        "二-5",
        "规则25-32；规则34；规则36-39——对这些规则的违反，采用如下的程序：",
        [
            ("规则25", "article", "laws/25"),
            ("32", "article", "laws/32"),
            ("规则34", "article", "laws/34"),
            ("规则36", "article", "laws/36"),
            ("39", "article", "laws/39"),
        ],
    ),
    (
        "regulations/23",
        "regulations",
        ("regulations", "23"),
        "二-8",
        "若牌面向上的越序首引后，窗口已经打开，而做庄一方始终没有过错：(1)屏幕另侧正确的首引未暴露，按越序首引应用规则54处理；",
        [("规则54", "missing", "missing/laws/54")],
    ),
    (
        "regulations/30",
        "regulations",
        ("regulations", "30"),
        "三-2",
        "除非有理由认为对方2名赛员能够理解其意义，或者本方已根据主办机构的规定公布了这种叫牌或打牌的方法。见规则40(b)。",
        [("规则40(b)", "clause", "laws/40#b")],
    ),
    # same-article references in the regulations, relative to the citing clause (raw text, stray space and all)
    (
        "000 Art 28 一1（3）B①",
        "regulations",
        ("regulations", "28"),
        "一-1-3-b-1",
        "①在以VP 换算的场分制中，按本条1（1）B 款执行。",
        [("本条1（1）B 款", "clause", "regulations/28#一-1-1-b")],
    ),
    (
        "000 Art 28 五",
        "regulations",
        ("regulations", "28"),
        "五",
        "一半时，则与其比赛过的成绩均予以保留，此时其他队的计分按本条（一）1款执行。",
        [("本条（一）1款", "clause", "regulations/28#一-1")],
    ),
    (
        "000 Art 28 一2（3）",
        "regulations",
        ("regulations", "28"),
        "一-2-3",
        "非弃权方的场分为该节（轮）平局时的1.5 倍；其它的后续得分分别按本条2（1）款或2（2）款执行。",
        [("本条2（1）款", "clause", "regulations/28#一-2-1"), ("2（2）款", "clause", "regulations/28#一-2-2")],
    ),
    (
        "000 Art 19 三",
        "regulations",
        ("regulations", "19"),
        "三",
        "三、凡违反本条规定的，取消相关队（对）的比赛资格及全部成绩，",
        [("本条", "self", "regulations/19")],
    ),
    # references by quoted heading; one broken by a line wrap in the source
    (
        "000 Art 28 二",
        "regulations",
        ("regulations", "28"),
        "二",
        "中途退出比赛的，参照“弃权的处理”。此前已打过的牌中，只要",
        [("弃权的处理", "article", "regulations/28")],
    ),
    (
        "000 l.407–409",
        "regulations",
        ("regulations", "27"),
        "三",
        "团体赛中被减打的牌，按“不\n\n能构成复式的牌”处理。",
        [("不\n\n能构成复式的牌", "article", "regulations/44")],
    ),
    (
        "001 Art 47",
        "regulations",
        ("regulations", "47"),
        "",
        "根据比赛的计分方式，依照“双人赛同分名次的确定”执行。",
        [("双人赛同分名次的确定", "article", "regulations/46")],
    ),
    # a quoted heading the target does not carry: resolved through rulebook_src/reference_titles.yml
    (
        "001 l.465",
        "regulations",
        ("regulations", "45"),
        "一-3-2",
        "剩下的3队可按“3个队同分时”解决，下面类同；",
        [("3个队同分时", "clause", "regulations/45#一-2")],
    ),
    # a whole book
    (
        "001 Art 40",
        "regulations",
        ("regulations", "40"),
        "一",
        "一、服从管理，自觉遵守《中国桥牌竞赛规则》和本裁判法以及比",
        [("中国桥牌竞赛规则", "book", "laws/index")],
    ),
    # which book: 第N条 in the regulations is a regulation
    (
        "(form)",
        "regulations",
        ("regulations", "36"),
        "",
        "其对手的得分按第28条执行。",
        [("第28条", "article", "regulations/28")],
    ),
]


@pytest.mark.parametrize(
    "source,book,article,context,sentence,expected",
    CASES,
    ids=[f"{c[0]}:{c[5][0][0]}" if c[5] else c[0] for c in CASES],
)
def test_reference_in_a_real_sentence(books, source, book, article, context, sentence, expected):
    assert resolved(sentence, book, books, article, context) == expected


@pytest.mark.parametrize(
    "sentence,book,article,expected_text",
    [
        ("其对手的得分参照“不存在的标题”中的计分办法。", "regulations", ("regulations", "36"), "不存在的标题"),
        (
            "凡违反本条规定的，取消其资格。",
            "regulations",
            None,
            "本条规定的，取消其资",
        ),  # 本条 with no article to stand in
    ],
)
def test_what_the_grammar_cannot_resolve_is_reported_unparsed(books, sentence, book, article, expected_text):
    refs = resolved(sentence, book, books, article)
    assert [status for _, status, _ in refs] == ["unparsed"]
    assert refs[0][0] == expected_text


def test_range_implies_the_numbers_between(books):
    refs = find_references("规则25-32；", "regulations", books["regulations"].articles["23"], "二-5")
    assert [(r.number, r.implied) for r in refs] == [(25, False)] + [(n, True) for n in range(26, 32)] + [(32, False)]


@pytest.mark.parametrize(
    "text,start,end,expected",
    [
        ("甲。当强制性不叫损害非违规方时，参阅第23条。乙。", 17, 22, "当强制性不叫损害非违规方时，参阅第23条。"),
        (
            "规则25-32；规则34；规则36-39——对这些规则的违反，采用如下的程序：",
            0,
            7,
            "规则25-32；规则34；规则36-39——对这些规则的违反，采用如下的程序：",
        ),
    ],
)
def test_citing_sentence(text, start, end, expected):
    assert citing_sentence(text, start, end) == expected


def test_no_reference_in_the_sources_is_unparsed(index):
    unparsed = [
        (c.label, c.reference.text, c.resolution.reason) for c in index.citations if c.resolution.status == "unparsed"
    ]
    assert unparsed == []


def test_counts_add_up(index):
    counts = index.counts()
    assert counts["found"] == sum(counts[k] for k in ("clause", "article", "book", "missing", "self", "unparsed"))
    assert counts["clause"] > 0 and counts["missing"] > 0


def test_every_trigger_in_the_tree_is_explained(rulebook, index):
    """Every 第N条 / 规则N / 本条 in every article paragraph lies inside a reference the index holds."""
    triggers = re.compile(r"第\s*[0-9]+\s*条|规则\s*[0-9]|本条")
    covered = {}
    for c in index.citations:
        covered.setdefault(c.place, []).append((c.reference.start, c.reference.end))
    missed = []
    for book in rulebook.books.values():
        for article in book.articles.values():
            for place, _anchor, para in article.keyed_paragraphs():
                for m in triggers.finditer(para.text):
                    if not any(s <= m.start() < e for s, e in covered.get(place, [])):
                        missed.append(f"{book.key}/{article.slug}: {para.text[m.start() : m.start() + 12]}")
    assert missed == []


def test_backlinks_name_the_citing_sentence(index, books):
    citing = {(c.book, c.slug, c.anchor) for c in index.backlinks("laws", "23")}
    assert ("laws", "24", "b") in citing
    assert all(c.resolution.slug == "23" for c in index.backlinks("laws", "23"))
    # a range cites the Laws between its ends
    assert ("regulations", "23", "二-5") in {(c.book, c.slug, c.anchor) for c in index.backlinks("laws", "28")}


def test_missing_targets_list_who_cites_them(index):
    missing = index.missing_targets()
    assert ("laws", 14) in missing
    assert {(c.book, c.slug) for c in missing[("laws", 14)]} == {("laws", "13")}
    assert ("laws", 23) not in missing


@pytest.mark.parametrize(
    "page,markdown",
    [
        ("laws/20.md", '[第12条C款1](12.md#c-1){.ref data-ref="laws/12#c-1"}'),
        ("regulations/23.md", '[规则9A2(b)(1)](../laws/9.md#a-2-b-1){.ref data-ref="laws/9#a-2-b-1"}'),
        ("regulations/28.md", '[本条（一）1款](28.md#一-1){.ref data-ref="regulations/28#一-1"}'),
        ("laws/13.md", '[第14条](14.md){.ref .ref-missing data-ref="missing/laws/14"}'),  # the missing Law's own page
        ("glossary.md", '[第17条](laws/17.md){.ref data-ref="laws/17"}'),
        ("laws/23.md", "## 引用本条的条文 {#cited-by .backlinks-heading data-search-exclude}"),
        ("about/missing-references.md", "### 规则第14条 {#laws-14}"),
        ("about/build-report.md", "**未能解析的引用：0**"),
    ],
)
def test_rendered_markdown(pages, page, markdown):
    assert markdown in pages[page]


def test_a_corrected_reference_keeps_both_its_link_and_its_erratum_mark(pages):
    text = pages["laws/30.md"]
    links = re.findall(r'\[(<ins class="erratum"[^>]*>第72条B款1</ins>)\]\(72\.md\)', text)
    assert len(links) == 2


def test_every_linked_reference_is_rendered_as_a_link(pages, index):
    """As many `.ref` links on the pages as references the index says are linked (nothing lost to a span clash)."""
    expected = sum(
        1
        for c in index.citations
        if not c.reference.implied and c.resolution.status in ("clause", "article", "book", "missing")
    )
    rendered = sum(text.count("{.ref") for path, text in pages.items() if path.endswith(".md"))
    assert rendered == expected


def test_build_report_shows_the_index_counts(pages, index):
    from scripts.document.report_names import STATUS_NAMES

    report = pages["about/build-report.md"]
    counts = index.counts()
    for key, name in STATUS_NAMES:
        assert f"| {name} | {counts[key]} |" in report


def test_quoted_sentences_carry_no_footnote_marks(pages):
    """Law 13's footnote cites 第14条: its sentence is quoted on the missing-references page without the `[^1]:` label."""
    text = pages["about/missing-references.md"]
    assert "不按本条规则，按**第14条**处理。" in text
    assert "[^" not in text


def test_every_reference_link_has_a_preview(pages):
    """Each `data-ref` key written on a page has its text in assets/generated/ref-previews.js (else a tap would show
    nothing)."""
    import json

    from scripts.render.links import PREVIEWS_SCRIPT

    script = pages[PREVIEWS_SCRIPT]
    previews = json.loads(script[script.index("= ") + 2 : script.rindex(";")])
    keys = {
        key for path, text in pages.items() if path.endswith(".md") for key in re.findall(r'data-ref="([^"]+)"', text)
    }
    assert keys and keys <= set(previews), sorted(keys - set(previews))[:10]
    assert all(entry["label"] and entry["text"] for entry in previews.values())


def test_a_copy_of_the_tree_between_link_and_render_keeps_every_link(rulebook, index):
    """Citations name their paragraph by a stable key (book/slug#anchor/index), not by object identity: pages rendered
    from a deep copy of the rulebook with the original's link index are the same, links included."""
    import copy

    from scripts.render.docs import render_site_pages

    copied = copy.deepcopy(rulebook)
    assert copied.books["laws"].articles["27"].intro[0] is not rulebook.books["laws"].articles["27"].intro[0]
    from_copy = render_site_pages(copied, index)
    original = render_site_pages(rulebook, index)
    assert from_copy == original
    pages = [
        text for rel, text in from_copy.items() if rel == "glossary.md" or rel.split("/")[0] in ("laws", "regulations")
    ]
    written = [
        c
        for c in index.citations
        if c.resolution.status in ("clause", "article", "book", "missing") and not c.reference.implied
    ]
    assert sum(text.count('data-ref="') for text in pages) == len(written) > 100


def test_linking_leaves_the_tree_as_it_was(rulebook):
    """The link stage reads the tree and writes only its index: the books compare equal before and after."""
    import copy

    before = copy.deepcopy(rulebook.books)
    link_rulebook(rulebook)
    assert rulebook.books == before
