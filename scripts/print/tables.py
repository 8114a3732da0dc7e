"""The penalty calculators of an article printed as their band tables (rulebook_src/penalties/ via
scripts.penalties)."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from collections.abc import Callable

from scripts.penalties.scoring import rounding
from scripts.penalties.data import PenaltyData
from scripts.penalties.tables import SANCTION_TABLES
from scripts.penalties.widgets import placements
from scripts.print.inline import anchor_id

ROUNDING_EXAMPLES = (("0.745", 2), ("1.125", 2), ("0.75", 1), ("2.5", 0))  # 第35条's rule worked on a few values


# the tables' notes are the calculators' readings, written for the site's 关于本站 as well: a formula in ceiling brackets
# and a word on rounding jargon are said in the reader's words in print
FORMULA_TOTAL = re.compile(
    r"，即\s*[^，。]*⌈[^，。]*⌉\s*IMP（([^）]*)）"
)  # '，即 1+⌈t−5⌉ IMP（2～21IMP）' → '，共2～21IMP'
ROUNDING_ASIDE = re.compile(r"，不是银行家舍入")


def reader_note(note: str) -> str:
    """A table's note as the print edition says it: no formula notation, no programmers' rounding words."""
    return ROUNDING_ASIDE.sub("", FORMULA_TOTAL.sub(lambda m: f"，共{m[1]}", note))


SHORT_CELL = 6  # a cell this wide or narrower is not wrapped: its column is at least this wide
CELL_PADDING = 2.0  # a cell's padding and rules, in characters (a column of 1–10 holds its 10)


def text_width(text: str) -> float:
    """A text's width in full-width characters: a Latin letter, digit or half-width mark is half of one."""
    return sum(0.5 if ord(ch) < 0x2E80 else 1.0 for ch in text)


@dataclass
class Table:
    """One printed table: a caption (linked to its clause), header cells, rows of cells, notes under it."""

    caption: str  # HTML
    columns: list[str]
    rows: list[list[str]]
    notes: list[str] = field(default_factory=list)

    def widths(self) -> list[float]:
        """Each column's share of the width, from what it holds (its cells' mean length, at least its short cells'
        and its header's, and a cell's padding): fixed, so that a table split over pages keeps its columns."""
        weights = []
        for i, header in enumerate(self.columns):
            lengths = [text_width(str(row[i])) for row in self.rows]
            short = max([n for n in lengths if n <= SHORT_CELL] + [text_width(header)])
            weights.append(max(sum(lengths) / max(len(lengths), 1), short) + CELL_PADDING)
        return [weight / sum(weights) for weight in weights]

    def html(self) -> str:
        columns = "".join(f'<col style="width: {share * 100:.1f}%">' for share in self.widths())
        head = "".join(f"<th>{html.escape(c)}</th>" for c in self.columns)
        body = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>" for row in self.rows)
        notes = "".join(f'<p class="band-note">{html.escape(reader_note(note))}</p>' for note in self.notes)
        return (
            f'<table class="band-table"><caption>{self.caption}</caption><colgroup>{columns}</colgroup>'
            f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>{notes}"
        )


def caption(text: str, article: str, anchor: str = "") -> str:
    """'团体赛：循环赛等计VP的比赛' linked to its clause ('regulations/26', '一-1')."""
    book, slug = article.split("/")
    return f'<a href="#{html.escape(anchor_id(book, slug, anchor))}">{html.escape(text)}</a>'


def after_colon(quote: str) -> str:
    """'迟到5+—10分钟：扣1VP；' → '扣1VP' (the penalty half of a band's source sentence)."""
    return quote.split("：", 1)[-1].rstrip("；;。")


def band_tables(name: str) -> Callable[[PenaltyData, str], list[Table]]:
    """第26条 (lateness) and 第27条 (slow play): one table per kind of event, a row per band."""

    def render(penalties: PenaltyData, _article: str) -> list[Table]:
        tables = penalties.tables
        table = tables[name]
        out = []
        for event in table["events"].values():
            rows = [[band["band"], after_colon(band["quote"])] for band in event["bands"]]
            notes = [f"读法：{band['reading']}" for band in event["bands"] if band.get("reading")]
            if "total_for_both_sides" in event:
                notes.append(event["total_for_both_sides"]["text"] + "。")
            out.append(
                Table(
                    caption(event["label"], table["article"], event["anchor"]),
                    [table["unit_label"], "判罚"],
                    rows,
                    notes,
                )
            )
        if "shares" in table:
            out[-1].notes.append(table["shares"]["quote"])
        return out

    return render


def sanction_tables(penalties: PenaltyData, article_number: str) -> list[Table]:
    """第34、37、38条: a row per listed offence with its ladder (初犯、再犯、屡犯) and the other cases it names."""
    tables = penalties.tables
    table = tables[SANCTION_TABLES[article_number]]
    rows = []
    for item in table["items"]:
        ladders = []
        for variant in item["variants"]:
            steps = " → ".join(step["text"] for step in variant["steps"])
            ladders.append(f"{variant['label']}：{steps}" if variant.get("label") else steps)
        rows.append([str(item["item"]), item.get("summary") or item.get("label", ""), "；".join(ladders)])
    scale = table["scale"]
    notes = [scale[key] for key in ("conversion_quote", "limits_quote") if key in scale]
    return [
        Table(caption(table["title"], table["article"]), ["项", "违规", "判罚（依次为初犯、再犯、屡犯）"], rows, notes)
    ]


def forfeit_tables(penalties: PenaltyData, _article: str) -> list[Table]:
    """第28条一: the forfeiting and the non-forfeiting side's score, by kind of event."""
    tables = penalties.tables
    table = tables["forfeit"]
    rows = []
    for event in table["events"].values():
        winner = event["non_forfeiting"]
        if "candidates" in winner:
            scored = winner["quote"] + "".join(candidate["text"] + "；" for candidate in winner["candidates"])
        else:
            scored = winner["quote"]
        rows.append([event["label"], event["forfeiting"]["quote"], scored])
    notes = [consequence["text"] for consequence in table["consequences"]]
    return [Table(caption("弃权的计分", table["article"], "一"), ["比赛", "弃权方", "非弃权方"], rows, notes)]


def withdrawal_tables(penalties: PenaltyData, _article: str) -> list[Table]:
    """第28条二: the boards not played after a side withdraws."""
    tables = penalties.tables
    withdrawal = tables["forfeit"]["withdrawal"]
    labels = dict(next(p for p in penalties.calculators["withdrawal"]["parameters"] if p["name"] == "event")["choices"])
    rows = [
        [labels.get(key, key), str(event["withdrawing"]), event["quote"]] for key, event in withdrawal["events"].items()
    ]
    return [
        Table(
            caption("中途退出", tables["forfeit"]["article"], withdrawal["anchor"]),
            ["比赛", "退出方", "原文"],
            rows,
            [consequence["text"] for consequence in withdrawal["consequences"]],
        )
    ]


def fouled_tables(penalties: PenaltyData, _article: str) -> list[Table]:
    """第44条: boards that cannot be scored as duplicate, in teams and in pairs."""
    tables = penalties.tables
    table = tables["fouled_boards"]
    teams, pairs = table["teams"], table["pairs"]
    rows = [
        ["团体赛", teams["quote"]],
        ["团体赛：整场成绩无效", teams["whole_match"]["replay_quote"] + teams["whole_match"]["quote"]],
        ["双人赛", pairs["quote"]],
    ]
    return [Table(caption(table["title"], table["article"]), ["比赛", "计分"], rows, [teams["whole_match"]["reading"]])]


def tie_ratio_tables(penalties: PenaltyData, _article: str) -> list[Table]:
    """第45条: the IMP and TP ratios."""
    tables = penalties.tables
    table = tables["tie_break"]
    rows = [[kind["label"], kind["formula"]] for kind in table["kinds"].values()]
    return [Table(caption(table["title"], table["article"]), ["比率", "计算"], rows, [f"读法：{table['reading']}"])]


def adjusted_tables(penalties: PenaltyData, _article: str) -> list[Table]:
    """规则第12条C1: the artificial adjusted score by responsibility."""
    tables = penalties.tables
    table = tables["adjusted_score"]
    bounds = {"at-most": "至多", "exact": "", "at-least": "至少"}
    rows = [
        [r["label"], r["score"], f"{bounds[r['bound']]}{r['percent']}%", f"{r['imp']:+d}IMP" if r["imp"] else "0IMP"]
        for r in table["responsibilities"].values()
    ]
    return [
        Table(
            caption(table["title"], table["article"], table["anchor"]),
            ["责任", "得分", "双人赛", "IMP制"],
            rows,
            [f"读法：{table['reading']}"],
        )
    ]


def rounding_tables(penalties: PenaltyData, _article: str) -> list[Table]:
    """第35条: rounding of deductions."""
    tables = penalties.tables
    rounding_rule = tables["conventions"]["rounding"]
    rows = []
    for value, decimals in ROUNDING_EXAMPLES:  # worked by the calculators' own engine
        result = rounding(penalties, value=value, decimals=decimals)
        rows.append([result["subject"], result["headline"]])
    return [
        Table(
            caption("罚分的四舍五入", rounding_rule["article"]),
            ["罚分", "取舍后"],
            rows,
            [f"读法：{rounding_rule['reading'].format(decimals=rounding_rule['decimals'])}"],
        )
    ]


def carry_over_tables(penalties: PenaltyData, _article: str) -> list[Table]:
    """第52条: the carry-over formula is garbled in the source; its variables are listed, nothing is computed."""
    tables = penalties.tables
    table = tables["carry_over"]
    rows = [[variable["name"], variable["text"]] for variable in table["variables"]]
    return [Table(caption(table["title"], table["article"]), ["变量", "含义"], rows, [table["notice"]])]


# calculator → its printed tables. The `board` calculator (规则第2条) is left out: its table is the restored table
# printed in the article itself (rulebook_src/restored/law2-board-table.yml; a test checks the two agree).
PRINTED: dict[str, Callable[[PenaltyData, str], list[Table]]] = {
    "lateness": band_tables("lateness"),
    "slow-play": band_tables("slow_play"),
    "procedural": sanction_tables,
    "forfeit": forfeit_tables,
    "withdrawal": withdrawal_tables,
    "fouled": fouled_tables,
    "tie-ratio": tie_ratio_tables,
    "adjusted": adjusted_tables,
    "rounding": rounding_tables,
    "carry-over": carry_over_tables,
}


def penalty_tables_html(penalties: PenaltyData, book: str, slug: str) -> str:
    """The band tables printed after an article in place of its calculators ('' when it has none)."""
    blocks = []
    for calculator, fixed, _widget_id in placements(penalties).get((book, slug), ()):
        if calculator not in PRINTED:
            continue
        tables = PRINTED[calculator](penalties, fixed.get("article", ""))
        title = html.escape(penalties.calculators[calculator]["title"])
        blocks.append(
            f'<section class="band-tables editor-table"><h4 class="band-title">'
            f'<span class="editor-label">编者整理</span>判罚对照表：{title}</h4>'
            '<p class="editor-note">以下表格由编者根据本条条文整理，不是条文的一部分；以条文为准。</p>'
            + "".join(table.html() for table in tables)
            + "</section>"
        )
    return "".join(blocks)
