"""The article tree: inventory per book, clause anchors, errata, overlaps, duplicates and line accounting."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from scripts.pipeline.assemble import missing_numbers
from scripts.render.docs import ROOT, render_site_pages, stale_pages
from scripts.pipeline.errata import Erratum, apply_errata
from scripts.errors import ErratumError, ProblemList
from scripts.pipeline.model import Paragraph, Provenance, dump_article
from scripts.pipeline.run import build_rulebook, check_every_line_accounted
from tests.rulebook_once import load_full_rulebook, real_src


# `rulebook` and `pages` (the whole tree, built once per process, and its rendered pages) are fixtures of
# tests/conftest.py


def test_inventory_of_the_laws(rulebook):
    assert list(rulebook.books["laws"].articles) == [str(n) for n in [*range(1, 14), *range(17, 41)]]
    assert missing_numbers(rulebook.books["laws"]) == [14, 15, 16, *range(41, 94)]


def test_inventory_of_the_regulations(rulebook):
    expected = [
        "11",
        "19",
        "21",
        "23",
        "24",
        "26",
        "27",
        "28",
        "29",
        "30",
        "31",
        "32",
        "33",
        "34",
        "35",
        "36",
        "37",
        "38",
        "40",
        "41",
        "42",
        "43",
        "44",
        "45",
        "46",
        "47",
        "48",
        "49",
        "52",
        "52-2",
        "53",
    ]
    assert list(rulebook.books["regulations"].articles) == expected


@pytest.mark.parametrize(
    "book,slug,title",
    [
        ("laws", "1", "牌——牌张大小及花色等级"),
        ("laws", "6", "洗牌与发牌"),
        ("laws", "17", "竞叫过程"),
        ("laws", "24", "竞叫期间牌张的暴露或引牌"),
        ("laws", "33", "同时叫牌"),
        ("regulations", "26", "对迟到的判罚"),
        ("regulations", "52", "双人赛的带分方法"),
        ("regulations", "52-2", "申诉程序和要求"),
    ],
)
def test_article_titles(rulebook, book, slug, title):
    assert rulebook.books[book].articles[slug].title == title


@pytest.mark.parametrize(
    "book,slug,anchor,text",
    [
        ("laws", "9", "a-2-b-1", "在打牌阶段明手不得指出违规"),
        ("laws", "9", "b-1-c", "权利的保留"),
        ("laws", "12", "c-1", None),
        ("laws", "6", "d-1", "牌张有误或牌面暴露"),
        ("regulations", "26", "一-2", "在淘汰赛等不计VP的比赛时"),
        ("regulations", "28", "一-1-1", "循环赛计VP时"),
        ("regulations", "28", "一-1-1-b-3", "平局时得分的1.2倍"),
        ("regulations", "34", "8", "对约定性叫牌未及时做出提醒"),
        ("regulations", "45", "一-1", None),
    ],
)
def test_clause_anchors(rulebook, book, slug, anchor, text):
    clauses = {c.anchor: c for c in rulebook.books[book].articles[slug].walk_clauses()}
    assert anchor in clauses, f"{book}/{slug}: anchors are {sorted(clauses)}"
    if text:
        clause = clauses[anchor]
        assert text in clause.title + "".join(p.text for p in clause.paragraphs)


def test_chapter_headings_restored_from_the_table_of_contents(rulebook):
    chapters = [c.title for c in rulebook.books["regulations"].chapters]
    assert chapters[:4] == [
        "第四节 比赛的报名",
        "第五节 比赛编排及更换运动员限制",
        "第六节 牌桌上的程序",
        "第七节 比赛用时",
    ]
    assert rulebook.books["regulations"].articles["33"].chapter == "第九节 叫牌体系及约定叫的使用与提醒"
    assert rulebook.books["laws"].articles["6"].chapter == "第三章 比赛的准备与进行"
    assert rulebook.books["laws"].articles["12"].chapter == "第四章 处理违规的一般规则"


@pytest.mark.parametrize(
    "book,slug,original,corrected",
    [
        ("laws", "32", "参阅第刀条", "参阅第23条"),
        ("laws", "24", "党叫", "竞叫期间"),
        ("laws", "19", "再加信", "取代加倍或再加倍"),
        ("laws", "35", "接续叫品", "接续叫牌"),
        ("laws", "30", "B款l", "第72条B款1"),
        ("laws", "40", "引人歧途", "引入歧途"),
        ("laws", "18", "黑桃。红心", "无将、黑桃、红心"),
        ("laws", "10", "有些权利", "只有裁判有此权利"),
        ("laws", "7", "手巾", "手中牌张的管理"),
        ("laws", "7", "程序负主要\n", "正常比赛程序负主要责任。"),
        ("regulations", "37", "40&MP", "40%MP"),
        ("regulations", "41", "参观卷", "参观券"),
    ],
)
def test_errata_are_applied(rulebook, book, slug, original, corrected):
    text = rulebook.books[book].articles[slug].plain_text() + "\n"
    assert original not in text
    assert corrected in text


def test_every_applied_erratum_is_marked_with_its_original(rulebook):
    law32 = rulebook.books["laws"].articles["32"]
    marks = [c for p in law32.paragraphs() for c in p.corrections]
    assert ("参阅第23条", "參閱第刀條") in [(m[0], m[1]) for m in marks]


def test_an_erratum_that_does_not_match_stops_the_build_naming_it():
    erratum = Erratum(
        file="x.txt",
        kind="ocr",
        find="第刀条",
        replace="第23条",
        original="第刀條",
        reason="test",
        where="rulebook_src/errata.yml:40",
    )
    with pytest.raises(
        ErratumError,
        match=r"^rulebook_src/errata.yml:40: erratum '第刀条' → '第23条': found 0 time\(s\) in x.txt, expected 1",
    ):
        apply_errata("x.txt", [Paragraph("参阅第23条", [Provenance("x.txt", 1)])], [erratum])


def test_law2_table_is_restored_and_marked_as_not_from_the_sources(pages):
    page = pages["laws/2.md"]
    assert "补入内容" in page and "不见于来源" in page
    assert "| 1 | 北 | 双方无局 |" in page and "| 16 | 西 | 东西有局 |" in page


def test_overlapping_laws_are_merged_with_variant_readings(rulebook):
    for n in range(4, 12):
        article = rulebook.books["laws"].articles[str(n)]
        assert article.sources == ["004_96643fa00b38aa24.txt", "002_549ebc658c1eeca9.txt"]
    law5 = rulebook.books["laws"].articles["5"]
    assert any("按照裁判的指示" in p.text for v in law5.variants for p in v.paragraphs)


def test_duplicate_article_number_is_kept_twice_and_flagged(rulebook):
    regs = rulebook.books["regulations"].articles
    assert regs["52"].warnings and regs["52-2"].warnings
    assert "申诉程序和要求" in regs["52"].warnings[0]


def test_law36_carrying_law35_text_is_warned(rulebook):
    law36 = rulebook.books["laws"].articles["36"]
    assert any("第35条" in w and "缺失" in w for w in law36.warnings)
    assert not rulebook.books["laws"].articles["35"].warnings


def test_duplicated_paragraphs_are_dropped_and_recorded(rulebook):
    law26 = rulebook.books["laws"].articles["26"]
    intro = [p.text for p in law26.intro if p.text]
    assert intro.count("当违规者的叫牌被取消，他用另一个不同的叫牌替代，之后当其成为防家时：") == 1
    assert [c.label for c in law26.clauses].count("B.") == 1
    dropped = {d.prov.line for d in rulebook.drops if d.prov.file.startswith("003") and d.rule.startswith("duplicate")}
    assert {185, 193, 195, 197, 199} <= dropped
    # 第26条 of the regulations repeats a band line by design: both kept
    assert (
        load_full_rulebook()
        .books["regulations"]
        .articles["26"]
        .plain_text()
        .count("迟到0+—5分钟：正式提出警告；第二次再犯按迟到5+分钟的条款处罚；")
        == 2
    )


def test_every_raw_line_is_accounted_for(rulebook):
    check_every_line_accounted(
        rulebook, {f: {Provenance(f, n) for n in range(1, count + 1)} for f, count in rulebook.line_counts.items()}
    )


def test_a_lost_line_fails_the_build_naming_file_and_line(rulebook):
    lines = {f: {Provenance(f, n) for n in range(1, count + 1)} for f, count in rulebook.line_counts.items()}
    lines["001_a5ef9e645b89cc13.txt"].add(Provenance("001_a5ef9e645b89cc13.txt", 9999))
    with pytest.raises(ProblemList, match="001_a5ef9e645b89cc13.txt:9999: raw line reaches no page"):
        check_every_line_accounted(rulebook, lines)


def test_build_report_shows_zero_unaccounted_lines(pages):
    report = pages["about/build-report.md"]
    assert "**未交代的原始行：0**" in report
    for kind in ("line-wrap", "inline-pinyin", "mojibake", "symbol-font-suit", "full-width", "script-postmap"):
        assert f"(`{kind}`)" in report


def test_article_dump_is_stable(rulebook):
    dump = dump_article(rulebook.books["laws"].articles["5"])
    assert dump.splitlines()[0] == "laws/5 第5条 排定座位 [第二章 准备事项]"
    assert "  #a (A.) 初始位置" in dump


def test_committed_docs_are_up_to_date():
    stale = stale_pages(render_site_pages(build_rulebook(real_src())), ROOT / "docs")
    assert not stale, f"generated pages differ from a fresh build (run `make docs` and commit): {stale[:10]}"


def site_files(site: Path) -> dict[str, bytes]:
    return {
        p.relative_to(site).as_posix(): p.read_bytes() for p in site.rglob("*") if p.is_file() and p.suffix != ".gz"
    }


def test_two_builds_are_byte_identical(built_site, tmp_path):
    """The run's shared mkdocs build (conftest.built_site) and one more of the same checkout: the same files."""
    first = render_site_pages(build_rulebook(real_src()))
    second = render_site_pages(build_rulebook(real_src()))
    assert first == second
    site = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "--site-dir", str(site)],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    out = [site_files(built_site), site_files(site)]
    differing = sorted(k for k in out[0] if out[0][k] != out[1].get(k))
    assert not differing and out[0].keys() == out[1].keys(), f"files differ between two builds: {differing[:10]}"


def test_an_unresolved_defect_whose_quote_is_gone_is_reported():
    from scripts.pipeline.errata import check_unresolved_quotes

    unresolved = [
        {
            "file": "x.txt",
            "quote": "如将已经的叫牌放在面前",
            "reason": "a word is missing",
            "where": "rulebook_src/errata.yml:237",
        }
    ]
    assert (
        check_unresolved_quotes(
            "x.txt", [Paragraph("如将已经的叫牌放在面前而不放在推盘", [Provenance("x.txt", 1)])], unresolved
        )
        == []
    )
    problems = check_unresolved_quotes(
        "x.txt", [Paragraph("如将已经选好的叫牌放在面前", [Provenance("x.txt", 1)])], unresolved
    )
    assert problems == [
        "rulebook_src/errata.yml:237: unresolved defect '如将已经的叫牌放在面前' does not occur in the normalised text of x.txt"
    ]


@pytest.mark.parametrize(
    "slug,opening,parent",
    [
        ("28", "对于连续弃权2场或间断弃权3场的队", "一-1-1-b"),
        ("29", "作为上述3“体系分类”的补充", "一-4"),
        ("29", "如果一对牌手有应在此列出的叫牌", "二"),
        ("29", "凡是要在比赛中使用的约定叫", "二"),
    ],
)
def test_a_paragraph_closing_a_list_belongs_to_the_list_s_parent(rulebook, slug, opening, parent):
    article = rulebook.books["regulations"].articles[slug]
    holder = next(c for c in article.walk_clauses() if any(p.text.startswith(opening) for p in c.paragraphs))
    assert holder.label == "" and holder.anchor.startswith(parent + "-p"), (
        f"第{slug}条: {opening!r} stands under {holder.anchor}"
    )
    assert any(child is holder for child in {c.anchor: c for c in article.walk_clauses()}[parent].children)
