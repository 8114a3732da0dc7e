"""The build report's section on clause structure: markers restored from the 1997 WBF Laws, headings split from their
sentence, and every place where the Chinese text and the 1997 skeleton disagree (the Chinese text wins)."""

from __future__ import annotations

from dataclasses import dataclass, field

from scripts.pipeline.concordance import Concordance
from scripts.pipeline.model import Book
from scripts.render.markup import escape_markdown


@dataclass
class StructureCounts:
    """What the pages show of the concordance's work, counted from the article tree."""

    restored: list[tuple[str, str]] = field(default_factory=list)  # (slug, anchor) of markers not printed in the source
    relabelled: list[tuple[str, str]] = field(default_factory=list)  # of those, printed otherwise in the source
    split: list[tuple[str, str]] = field(default_factory=list)  # (slug, anchor) of headings split from their sentence


def structure_counts(laws: Book) -> StructureCounts:
    counts = StructureCounts()
    for slug, article in laws.articles.items():
        for clause in article.walk_clauses():
            if clause.restored:
                counts.restored.append((slug, clause.anchor))
                if clause.restored.startswith("来源作"):
                    counts.relabelled.append((slug, clause.anchor))
            if clause.heading_split:
                counts.split.append((slug, clause.anchor))
    return counts


def wbf_notation(anchor: str) -> str:
    """'b-1-a' → 'B1（a）' (the 1997 Laws' own way of citing a clause, with Chinese brackets)."""
    out = []
    for depth, part in enumerate(anchor.split("-")):
        out.append(part.upper() if depth == 0 else (part if depth == 1 else f"（{part}）"))
    return "".join(out)


def concordance_report_section(laws: Book, concordance: Concordance) -> str:
    """Markdown for the build report: counts, the restorations Law by Law, and the disagreements."""
    counts = structure_counts(laws)
    out = [
        "## 款项结构（据1997年WBF规则）",
        "",
        "《中国桥牌竞赛规则》（1999）译自1997年世界桥联《复式定约桥牌规则》，沿用其“条—款（A、B）—项（1、2）—目（（a）、（b））”的编号。"
        "来源003（第17–40条）丢失了大部分款项编号，并把许多小标题与正文连成一句。构建时按对照表"
        "（`rulebook_src/wbf1997.yml` 的1997年结构，`rulebook_src/clause_markers.yml` 的段落对照）恢复编号、拆开标题；"
        "恢复的编号在页面上以浅色虚线标出，点按或悬停可见说明。中文本与1997年结构不一致时，从中文本，并列在下面。",
        "",
        "| 项目 | 数量 |",
        "|---|---:|",
        f"| 恢复的款项编号（来源无此编号或编号有误） | {len(counts.restored)} |",
        f"| 　其中：来源印有编号但与1997年结构不符、改标的 | {len(counts.relabelled)} |",
        f"| 拆开的粘连小标题 | {len(counts.split)} |",
        f"| 对照表收录的1997年规则条数 | {len(concordance.laws)} |",
        "",
    ]
    by_slug: dict[str, list[str]] = {}
    for slug, anchor in counts.restored:
        by_slug.setdefault(slug, []).append(f"[{wbf_notation(anchor)}](../laws/{slug}.md#{anchor})")
    split_by_slug: dict[str, int] = {}
    for slug, _anchor in counts.split:
        split_by_slug[slug] = split_by_slug.get(slug, 0) + 1
    out += ["### 逐条明细", ""]
    for slug, article in laws.articles.items():
        law = concordance.laws.get(article.number)
        if law is None or not (law.markers or law.uncovered):
            continue
        restored = "、".join(by_slug.get(slug, [])) or "无"
        line = (
            f"- [第{article.number}条 {escape_markdown(article.title)}](../laws/{slug}.md)：恢复编号 {restored}；"
            f"拆开标题 {split_by_slug.get(slug, 0)} 处。{escape_markdown(law.reason)}"
        )
        out.append(line)
    out += ["", "### 中文本与1997年结构不一致之处（从中文本）", ""]
    disagreements = 0
    for slug, article in laws.articles.items():
        law = concordance.laws.get(article.number)
        if law is None:
            continue
        ours = {c.anchor for c in article.walk_clauses()}
        only_ours = sorted(a for a in ours if a not in law.skeleton)
        only_skeleton = sorted(a for a in law.skeleton if a not in ours)
        if not (only_ours or only_skeleton or law.note):
            continue
        disagreements += 1
        parts = []
        if only_ours:
            parts.append("中文本有、1997年结构无：" + "、".join(wbf_notation(a) for a in only_ours))
        if only_skeleton:
            parts.append("1997年结构有、中文本无对应款项：" + "、".join(wbf_notation(a) for a in only_skeleton))
        note = (
            escape_markdown(law.note)
            if law.note
            else "对照表未说明原因（1997年结构" + ("已核实" if law.verified else "未经核实") + "）。"
        )
        out.append(
            f"- [第{article.number}条](../laws/{slug}.md)（{escape_markdown(law.english_heading)}）："
            + "；".join(parts)
            + ("。" if parts else "")
            + note
        )
    if not disagreements:
        out.append("无。")
    return "\n".join(out)
