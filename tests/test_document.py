"""The document model both builders read (scripts/document/), built from a few lines of data."""

from __future__ import annotations

import pytest

from scripts.document.headings import heading_corrections, heading_stretch, is_subheading
from scripts.document.markers import FOOTNOTE_DEF, RESTORED
from scripts.document.report_names import compact_numbers
from scripts.pipeline.model import Paragraph, Provenance

CORRECTION = ("竞叫期间", "竟叫期间", "识读错字")


@pytest.mark.parametrize(
    "text, correction, expected",
    [
        ("竞叫期间", CORRECTION, (0, 4)),  # the corrected words where they stand
        (
            "第24条 竞叫期间的违规",
            ("第24条竞叫期间", "第24条竟叫期间", "识读错字"),
            (5, 9),
        ),  # the title's words, not the number
        ("叫 牌", ("叫牌阶段", "", "补入的标题"), (0, 3)),  # a heading the correction holds, spaces aside: marked whole
        ("打牌", CORRECTION, None),  # the correction is not in this heading
    ],
)
def test_heading_stretch(text, correction, expected):
    assert heading_stretch(text, correction) == expected


def test_heading_corrections_key_chapter_headings_without_spaces():
    where = Provenance("001.txt", 3)
    headings = [Paragraph("第 一 章", [where], corrections=[CORRECTION]), Paragraph("第二章", [where])]
    assert heading_corrections(headings) == {"第一章": [CORRECTION]}


@pytest.mark.parametrize(
    "text, expected",
    [("比赛形式", True), ("比赛形式。", False), ("1 比赛形式", False), ("叫", False), ("（一）总则", False)],
)
def test_is_subheading(text, expected):
    assert is_subheading(text) is expected


def test_paragraph_markers():
    assert RESTORED.match("{{restored:lateness-table}}")["name"] == "lateness-table"
    assert FOOTNOTE_DEF.match("[^2]: 见附录")["n"] == "2"
    assert RESTORED.match("见 {{restored:x}}") is None


def test_compact_numbers():
    assert compact_numbers([1, 2, 3, 5, 7, 8]) == "1–3、5、7–8"
    assert compact_numbers([]) == "无"
