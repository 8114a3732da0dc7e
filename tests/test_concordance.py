"""The auction Laws against the 1997 WBF concordance: every clause the Chinese text covers has its anchor, no paragraph
starts with a glued sub-heading, restored markers are the editor's and the build report counts what the pages show."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scripts.errors import RulebookError
from scripts.pipeline.concordance import ConcordanceError, load_concordance, parse_clause_path
from scripts.pipeline.parse import parse_articles
from scripts.pipeline.model import Paragraph, Provenance
from tests.rulebook_once import load_full_rulebook, src_from_folder
from scripts.paths import ROOT

DOCS = ROOT / "docs"
AUCTION_LAWS = range(19, 41)
ANCHOR_IN_PAGE = re.compile(r'\{#(?P<a>[^\s}]+)[\s}]|\bid="(?P<b>[^"]+)"')


@pytest.fixture(scope="module")
def rulebook():
    return load_full_rulebook()


def page_anchors(slug: str) -> set[str]:
    text = (DOCS / "laws" / f"{slug}.md").read_text(encoding="utf-8")
    return {m["a"] or m["b"] for m in ANCHOR_IN_PAGE.finditer(text)}


@pytest.mark.parametrize("number", AUCTION_LAWS)
def test_every_clause_the_chinese_text_covers_has_its_anchor(rulebook, number):
    """Each clause of the 1997 skeleton has its anchor on the page, unless the concordance says the Chinese text has no
    clause for it (and the build report says why)."""
    law = rulebook.concordance.laws[number]
    wanted = set(law.skeleton) - set(law.uncovered)
    missing = sorted(wanted - page_anchors(str(number)))
    assert not missing, f"第{number}条: skeleton clauses without an anchor on docs/laws/{number}.md: {missing}"


@pytest.mark.parametrize("number", AUCTION_LAWS)
def test_skeleton_headings_are_headings_on_the_page(rulebook, number):
    """A clause the skeleton gives a heading carries a Chinese heading (split from its sentence where the source glued
    them), unless the concordance lists it as untitled in the Chinese text."""
    law = rulebook.concordance.laws[number]
    article = rulebook.books["laws"].articles[str(number)]
    untitled = [
        c.anchor
        for c in article.walk_clauses()
        if law.skeleton.get(c.anchor) and not c.title and c.anchor not in law.untitled
    ]
    assert not untitled, f"第{number}条: clauses with a 1997 heading but no Chinese heading: {untitled}"


def glued_heading(text: str, titles: set[str]) -> str:
    """The sub-heading a paragraph starts with when one is glued to the sentence ('' if none): one of `titles` (the
    headings the concordance found glued in the source) followed by more text, or an opening phrase of four or more
    characters that the sentence then repeats ('来不及更改叫牌来不及更改叫牌时', '第一个叫牌不合法如果第一个叫牌不合法')."""
    for title in titles:
        # '让第一个叫牌成立，（判罚）…' (25B2(b)(1)) is a sentence that opens with its heading's words, not a glued heading:
        # the source line carries them twice (heading, then sentence) and the sentence goes on after a comma
        if len(title) >= 3 and text.startswith(title) and len(text) > len(title) and text[len(title)] not in "，、":
            return title
    m = re.match(r"^(?P<head>[\u4e00-\u9fff]{4,16}?)(?:如果|如|对于)?(?P=head)", text)
    return m["head"] if m else ""


@pytest.mark.parametrize("number", range(17, 41))
def test_no_paragraph_starts_with_a_glued_sub_heading(rulebook, number):
    article = rulebook.books["laws"].articles[str(number)]
    law = rulebook.concordance.laws[number]
    titles = {entry.heading for entry in law.markers if entry.heading}
    glued = [
        (anchor, para.text[:30])
        for _key, anchor, para in article.keyed_paragraphs()
        if para.text and glued_heading(para.text, titles)
    ]
    assert not glued, f"第{number}条: paragraphs that start with a glued sub-heading: {glued}"


def test_the_glued_heading_check_catches_the_source_forms():
    titles = {"不足叫牌被接受"}
    assert glued_heading("不足叫牌被接受任何不足叫牌，只要违规者的下家接续叫牌", titles) == "不足叫牌被接受"
    assert glued_heading("来不及更改叫牌来不及更改叫牌时，裁判可判给调整分", set()) == "来不及更改叫牌"
    assert glued_heading("第一个叫牌不合法如果第一个叫牌不合法，违规者应受到", set()) == "第一个叫牌不合法"
    assert glued_heading("任何不足叫牌，只要违规者的下家接续叫牌", titles) == ""


def test_law_27_reads_as_the_1997_structure(rulebook):
    article = rulebook.books["laws"].articles["27"]
    clauses = {c.anchor: c for c in article.walk_clauses()}
    assert list(clauses) == ["a", "b", "b-1", "b-1-a", "b-1-b", "b-2", "b-3", "c"]
    assert (clauses["a"].title, clauses["a"].paragraphs[0].text[:6]) == ("不足叫牌被接受", "任何不足叫牌")
    assert clauses["a"].restored == "款项编号据1997年WBF规则第27条A补（来源无此编号）"
    assert clauses["b-1"].restored == "" and clauses["b-1"].label == "1."  # printed in the source: kept
    assert clauses["b-1-a"].label == "（a）" and clauses["b-1-a"].heading_split
    assert article.english == "Law 27 · Insufficient Bid (WBF 1997)"


def test_a_printed_marker_that_disagrees_is_relabelled_and_disclosed(rulebook):
    clause = next(c for c in rulebook.books["laws"].articles["30"].walk_clauses() if c.anchor == "b-3")
    assert clause.label == "3." and clause.title == "轮到下家叫牌"
    assert clause.restored.startswith("来源作“1.”") and "第30条B3" in clause.restored


def test_restored_markers_are_marked_and_anchored_on_the_pages(rulebook):
    text = (DOCS / "laws" / "27.md").read_text(encoding="utf-8")
    assert '<p class="article-english" lang="en">Law 27 · Insufficient Bid (WBF 1997)</p>' in text
    heading = re.search(r"^## (.*) \{#a \.clause-heading \.heading-split\}$", text, re.M)
    assert heading and 'class="restored-marker"' in heading[1] and "不足叫牌被接受" in heading[1]
    assert 'data-note="款项编号据1997年WBF规则第27条A补（来源无此编号）"' in heading[1]
    assert "{#b-1-a .clause-heading .heading-split}" in text
    assert '[以下（b）项](27.md#b-1-b){.ref data-ref="laws/27#b-1-b"}' in text


def test_references_into_restored_clauses_link_to_the_clause():
    linked = {
        "laws/32.md": 'data-ref="laws/35#a"',  # 第35条A款
        "laws/25.md": 'data-ref="laws/25#b-2-b-1"',  # 前述（b）（1）
        "laws/29.md": 'data-ref="laws/29#a"',  # 本条A款
        "laws/31.md": 'data-ref="laws/31#a-2-b"',  # 本条A2（b）
        "laws/21.md": 'data-ref="laws/21#b-1"',  # 如上面的1
        "laws/37.md": 'data-ref="laws/35#b"',  # 第35条B款
    }
    for page, ref in linked.items():
        assert ref in (DOCS / page).read_text(encoding="utf-8"), f"{page}: no link {ref}"


def report_number(report: str, row: str) -> int:
    m = re.search(rf"^\| {re.escape(row)} \| (\d+) \|$", report, re.M)
    assert m, f"build report has no row {row!r}"
    return int(m[1])


def test_report_counts_match_what_the_pages_show():
    report = (DOCS / "about" / "build-report.md").read_text(encoding="utf-8")
    pages = [p.read_text(encoding="utf-8") for p in sorted((DOCS / "laws").glob("*.md"))]
    restored = sum(len(re.findall(r'class="(?:clause-label )?restored-marker"', text)) for text in pages)
    relabelled = sum(
        len(re.findall(r'class="(?:clause-label )?restored-marker"[^>]*data-note="来源作', text)) for text in pages
    )
    split = sum(text.count(".heading-split}") for text in pages)
    assert restored == report_number(report, "恢复的款项编号（来源无此编号或编号有误）") > 40
    assert relabelled == report_number(report, "　其中：来源印有编号但与1997年结构不符、改标的") == 1
    assert split == report_number(report, "拆开的粘连小标题") > 40
    # the per-Law list names exactly the restored clauses each page marks
    for m in re.finditer(
        r"^- \[第(\d+)条 [^\]]*\]\(\.\./laws/\d+\.md\)：恢复编号 ([^；]+)；拆开标题 (\d+) 处", report, re.M
    ):
        text = (DOCS / "laws" / f"{m[1]}.md").read_text(encoding="utf-8")
        listed = 0 if m[2] == "无" else len(m[2].split("、"))
        assert listed == len(re.findall(r'class="(?:clause-label )?restored-marker"', text)), f"第{m[1]}条"
        assert int(m[3]) == text.count(".heading-split}"), f"第{m[1]}条"


# --- the data files fail clearly --------------------------------------------------------------------------------
def write_concordance(tmp_path: Path, markers: str) -> Path:
    (tmp_path / "wbf1997.yml").write_text(
        "laws:\n  27:\n    title: Insufficient Bid\n    clauses:\n      - {label: A, heading: Insufficient Bid "
        "Accepted}\n"
        "      - label: B\n        clauses: [{label: '1', clauses: [{label: a}, {label: b}]}]\n",
        encoding="utf-8",
    )
    (tmp_path / "clause_markers.yml").write_text(markers, encoding="utf-8")
    return tmp_path


def test_a_clause_path_is_checked():
    assert [s.printed for s in parse_clause_path("B2(b)(1)", "x")] == ["B.", "2.", "（b）", "（1）"]
    with pytest.raises(ConcordanceError, match=re.escape("x: clause 'B(b)': step 2 '(b)'")):
        parse_clause_path("B(b)", "x")


def test_a_clause_not_in_the_skeleton_needs_a_note(tmp_path):
    write_concordance(tmp_path, "laws:\n  27:\n    reason: 测试\n    clauses:\n      - {starts: 不足, clause: D}\n")
    with pytest.raises(ConcordanceError, match="clause D is not in the skeleton of Law 27"):
        load_concordance(src_from_folder(tmp_path))


def test_an_entry_that_starts_no_paragraph_stops_the_build(tmp_path):
    concordance = load_concordance(
        src_from_folder(
            write_concordance(
                tmp_path,
                "laws:\n  27:\n    reason: 测试\n    clauses:\n      - {starts: 不足叫牌被接受, clause: A, heading: 不足叫牌被接受}\n",
            )
        )
    )
    paras = [
        Paragraph("第27条不足叫牌", [Provenance("003.txt", 1)]),
        Paragraph("另一段文字。", [Provenance("003.txt", 2)]),
    ]
    parsed = parse_articles("003.txt", "laws", paras, concordance)
    assert parsed.markers_used == []
    from scripts.pipeline.run import check_every_marker_used

    with pytest.raises(RulebookError, match="第27条 “不足叫牌被接受”: starts no paragraph"):
        check_every_marker_used(concordance, [parsed])


def test_a_printed_marker_that_disagrees_must_be_confirmed(tmp_path):
    concordance = load_concordance(
        src_from_folder(
            write_concordance(
                tmp_path,
                "laws:\n  27:\n    reason: 测试\n    clauses:\n      - {starts: 不足叫牌被接受, clause: A, heading: 不足叫牌被接受}\n",
            )
        )
    )
    paras = [
        Paragraph("第27条不足叫牌", [Provenance("003.txt", 1)]),
        Paragraph("C.不足叫牌被接受任何不足叫牌。", [Provenance("003.txt", 7)]),
    ]
    with pytest.raises(ConcordanceError, match=r"003.txt:7: .*prints 'C.' where the skeleton has A; add source_label"):
        parse_articles("003.txt", "laws", paras, concordance)


def test_a_restored_child_needs_its_parent(tmp_path):
    concordance = load_concordance(
        src_from_folder(
            write_concordance(
                tmp_path,
                "laws:\n  27:\n    reason: 测试\n    clauses:\n      - {starts: 不判罚, clause: B1(a), heading: 不判罚}\n",
            )
        )
    )
    paras = [
        Paragraph("第27条不足叫牌", [Provenance("003.txt", 1)]),
        Paragraph("不判罚如该不足叫牌。", [Provenance("003.txt", 3)]),
    ]
    with pytest.raises(ConcordanceError, match=r"003.txt:3: .*needs its parent #b-1"):
        parse_articles("003.txt", "laws", paras, concordance)


def test_a_correction_inside_a_split_heading_stays_with_the_heading(tmp_path):
    concordance = load_concordance(
        src_from_folder(
            write_concordance(
                tmp_path,
                "laws:\n  27:\n    reason: 测试\n    clauses:\n      - {starts: 不足叫牌被接受, clause: A, heading: 不足叫牌被接受}\n",
            )
        )
    )
    corrected = Paragraph(
        "不足叫牌被接受任何不足叫牌。",
        [Provenance("003.txt", 5)],
        [("被接受", "被接爱", "形近误字"), ("任何", "任河", "形近误字")],
    )
    parsed = parse_articles(
        "003.txt", "laws", [Paragraph("第27条不足叫牌", [Provenance("003.txt", 1)]), corrected], concordance
    )
    clause = parsed.articles[0].clauses[0]
    assert (clause.title, clause.heading_split, clause.label) == ("不足叫牌被接受", True, "A.")
    title_line, body = clause.paragraphs
    assert (title_line.text, title_line.corrections) == ("", [("被接受", "被接爱", "形近误字")])
    assert (body.text, body.corrections) == ("任何不足叫牌。", [("任何", "任河", "形近误字")])
